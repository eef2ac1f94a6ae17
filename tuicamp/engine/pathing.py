"""Bounded Dijkstra over a hex map: move previews, retreats and supply lines.

Every ruleset prices movement differently (terrain tables, hexside features, zones of
influence, enemy-occupied hexes), so the prices are compiled into a :class:`CostModel` of
flat arrays indexed ``row * width + col`` and the searches only ever see integers. The cost
of one step ``a -> b`` is::

    enter[b] * factor(side) * multiplier[b] + add(side)

plus the extra of any per-side rule on leaving ``a`` towards ``b`` (:class:`SideRule`), or
impassable when ``enter[b]`` is None, the side blocks, a side rule closes it to the mover,
or ``b`` is in ``blocked``.

Speed matters (a 200 x 200 map, hundreds of armies, a preview under the cursor), so:

* neighbour index lists are computed once per map size and cached;
* each model lazily compiles, a block of hexes at a time, the tuples of their passable
  out-edges with prices; :meth:`CostModel.with_multiplier` and
  :meth:`CostModel.with_blocked` share those tables, so a per-army copy (enemy zones
  doubled, enemy hexes blocked) costs a list copy, not a recompile;
  :meth:`CostModel.with_side_rules` (a side blocked, dearer to cross, or open to some
  movers only) shares them too and recompiles only the hexes its sides leave from;
* MP costs are almost always multiples of a small power of two (half MP on roads), so
  costs are counted in integer *units* of that fraction: exact, allocation-free small ints,
  and a bucket queue (Dial's algorithm) instead of a heap. Costs that are not such
  multiples (a house rule of 1/3 MP) fall back to floats and a heap of distinct costs;
* the cost array is a reused scratch list and Hex objects are made only for the results;
* supply from many sources (:func:`multi_source`) settles thousands of hexes at once, more
  than Python can visit one by one in time, so it settles a cost level at a time over
  numpy arrays of the map's edges (:mod:`tuicamp.engine.wavefront`).

Ties are broken deterministically: among equally cheap routes the one found first wins,
hexes of equal cost are settled in the order they were reached, and each hex's edges are
read in a fixed order, so the same inputs always give the same path. ``max_cost`` is
compared with a small epsilon so that fractional MP are never lost to rounding.

A model must not be mutated in place once searched (its edge tables are cached); build a
new one with :meth:`CostModel.from_map` or the ``with_*`` copies instead.
"""

from __future__ import annotations

import math
from collections.abc import (
    Callable,
    ItemsView,
    Iterable,
    Iterator,
    Mapping,
    Sequence,
    ValuesView,
)
from functools import lru_cache
from heapq import heappop, heappush
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from attrs import define, field, frozen, validators

from tuicamp.engine import wavefront
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.hexes import Hex, Hexside, SideOf
from tuicamp.model.reprs import fields_repr

if TYPE_CHECKING:
    from tuicamp.engine.wavefront import EdgeGrid, Ints
    from tuicamp.model.map import HexMap
    from tuicamp.model.terrain import Vocabulary

EPSILON = 1e-9

# Finest fraction of an MP counted in integer units (2**-10), and the largest step cost in
# units a bucket ring may hold; beyond either, searches use floats.
_MAX_EXPONENT = 10
_MAX_RING = 4096
_FAR = wavefront.FAR  # "not reached" in the integer scratch arrays

_non_negative = validators.ge(0.0)


@frozen
class HexsideRule:
    """How a hexside feature changes the cost of crossing it.

    Several features on one side compose: the adds sum, the factors multiply, and any
    blocking rule blocks. ``unless`` lets a river give way to a bridge or a ford.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    add: float = field(default=0.0, validator=_non_negative)  # extra MP to cross (stream +1)
    factor: float = field(default=1.0, validator=_non_negative)  # x entered hex (road 0.5)
    blocks: bool = False  # impassable to cross (river without bridge)
    unless: tuple[str, ...] = ()  # ignored when the side also has one of these features


def _finite_non_negative(instance: object, attribute: object, value: float) -> None:
    if not 0.0 <= value < math.inf:
        raise ValueError(
            f"a side rule's extra cost is a number of MP, not {value} (to bar a side: blocks)"
        )


@frozen
class SideRule:
    """A rule of one side for the searches of one model, beside the map's feature prices:
    the side is blocked, costs ``add`` MP more to cross, or may be crossed only by the
    movers named in ``only`` (players, seats or teams: whatever the ruleset's ``mover``
    names are).

    Given as a :class:`~tuicamp.model.hexes.Hexside` the rule holds both ways; given as a
    :class:`~tuicamp.model.hexes.SideOf` it is directed: it holds for leaving that hex
    through that side only (a contested hex left only through the sides its player holds).
    Rules on one side compose: extras add up, and one that closes it closes it.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    side: Hexside | SideOf
    add: float = field(default=0.0, validator=_finite_non_negative)
    blocks: bool = False
    only: frozenset[str] = field(default=frozenset(), converter=frozenset)

    def closed_to(self, mover: frozenset[str]) -> bool:
        """Whether a mover going by these names may not cross at all."""
        return self.blocks or (bool(self.only) and not self.only & mover)


# --- geometry caches, shared by every model of one map size --------------------------------


# Offset (col, row) steps to the neighbours in DIRECTIONS order (E, NE, NW, W, SW, SE), for
# even and odd rows of an odd-r layout (Red Blob Games' table); tests check them against Hex.
_ODD_R_STEPS: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]] = (
    ((1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1)),
    ((1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1)),
)


@lru_cache(maxsize=16)
def _neighbour_table(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For every hex index, the indices of its on-map neighbours in DIRECTIONS order."""
    table: list[tuple[int, ...]] = []
    for row in range(height):
        steps = _ODD_R_STEPS[row & 1]
        for col in range(width):
            table.append(
                tuple(
                    (row + dr) * width + col + dc
                    for dc, dr in steps
                    if 0 <= col + dc < width and 0 <= row + dr < height
                )
            )
    return tuple(table)


@lru_cache(maxsize=16)
def _hex_table(width: int, height: int) -> tuple[Hex, ...]:
    """Every Hex of the map by index, so results never construct Hex objects one by one."""
    return tuple(Hex.from_offset(col, row) for row in range(height) for col in range(width))


@lru_cache(maxsize=4)
def _ones(n: int) -> list[float]:
    return [1.0] * n


def _side_key(i: int, j: int) -> tuple[int, int]:
    return (i, j) if i < j else (j, i)


def _fits(value: float, k: int) -> bool:
    """Is ``value`` a whole, modest number of units of 2**-k (exact in integers)?"""
    scaled = float(value) * (1 << k)
    return scaled.is_integer() and abs(scaled) < 2**40


def _exponent(values: Iterable[float]) -> int | None:
    """The smallest k with every value a whole multiple of 2**-k, None if there is none."""
    worst = 0
    for v in values:
        k = next((k for k in range(_MAX_EXPONENT + 1) if _fits(v, k)), None)
        if k is None:
            return None
        worst = max(worst, k)
    return worst


# --- compiled edge tables (shared by a model and its with_* copies) ------------------------


_BLOCK = 1024  # hexes compiled together: a search's edges then sit close in memory
_PLAIN = (1.0, 0.0)  # a hexside without features: factor 1, add 0


@define
class _Compiled:
    """Per-hex out-edges of one set of terrain and hexside prices, compiled on first use.

    ``split[i]`` holds ``(j, enter[j] * factor, add)`` floats; with an integer quantum
    ``2**-exponent``, ``grouped[i]`` holds ``(units, (j, ...))``: the neighbours grouped by
    price, cheapest first, so a search prices a group once and stops at the first it
    cannot afford; ``usplit[i]`` holds ``(j, scaled units, add units)`` for models with a
    multiplier (where the price depends on the hex entered). Tables are filled a block of
    hexes at a time, which keeps a search's working set together in memory.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    width: int
    height: int
    enter: list[float | None]
    side_add: dict[tuple[int, int], float]
    side_factor: dict[tuple[int, int], float]
    side_block: set[tuple[int, int]]
    exponent: int | None = field(init=False)
    scaled_max: float = field(init=False)  # bounds for the bucket ring
    add_max: float = field(init=False)
    free: bool = field(init=False)  # some step may cost nothing (a 0 MP terrain or factor)
    sides: dict[tuple[int, int], tuple[float, float] | None] = field(init=False)
    split: list[tuple[tuple[int, float, float], ...] | None] = field(init=False)
    grouped: list[tuple[tuple[int, tuple[int, ...]], ...] | None] = field(init=False)
    usplit: list[tuple[tuple[int, int, int], ...] | None] = field(init=False)
    enter_units: list[int | None] | None = field(init=False, default=None)
    featured: set[int] = field(init=False, factory=set)  # hexes with a priced hexside
    grid: EdgeGrid | None = field(init=False, default=None)  # numpy edges, for multi_source

    def __attrs_post_init__(self) -> None:
        n = self.width * self.height
        prices = {c for c in self.enter if c is not None}
        factors = set(self.side_factor.values()) | {1.0}
        adds = set(self.side_add.values()) | {0.0}
        for value in prices | factors | adds:
            if not value >= 0:
                raise ValueError(f"movement costs cannot be negative or NaN ({value})")
        self.scaled_max = max(prices, default=0.0) * max(factors)
        self.add_max = max(adds)
        self.free = 0.0 in prices or 0.0 in factors
        ke, kf, ka = _exponent(prices), _exponent(factors), _exponent(adds)
        self.exponent = None
        if ke is not None and kf is not None and ka is not None and ke + kf <= _MAX_EXPONENT:
            exponent = max(ke + kf, ka)
            if (self.scaled_max + self.add_max) * (1 << exponent) < _MAX_RING:
                self.exponent = exponent  # every step is a small whole number of units
        # One lookup per edge: (factor, add) of a side with features, None if it blocks.
        sides: dict[tuple[int, int], tuple[float, float] | None] = {}
        for key in self.side_factor.keys() | self.side_add.keys():
            sides[key] = (self.side_factor.get(key, 1.0), self.side_add.get(key, 0.0))
        for key in self.side_block:
            sides[key] = None
        self.sides = sides
        self.split = [None] * n
        self.grouped = [None] * n
        self.usplit = [None] * n

    def _edges(self, lo: int, hi: int) -> list[list[tuple[int, float, float]]]:
        """Passable out-edges ``(j, enter * factor, add)`` of hexes ``lo`` to ``hi - 1``."""
        enter, side = self.enter, self.sides.get
        neighbours = _neighbour_table(self.width, self.height)
        out = []
        for i in range(lo, hi):
            edges = []
            for j in neighbours[i]:
                cost = enter[j]
                if cost is None:
                    continue
                info = side((i, j) if i < j else (j, i), _PLAIN)
                if info is None:
                    continue
                factor, add = info
                edges.append((j, cost * factor, add))
            out.append(edges)
        return out

    def _block(self, i: int) -> tuple[int, int]:
        lo = i - i % _BLOCK
        return lo, min(lo + _BLOCK, self.width * self.height)

    def split_edges(self, i: int) -> tuple[tuple[int, float, float], ...]:
        lo, hi = self._block(i)
        block = [tuple(edges) for edges in self._edges(lo, hi)]
        self.split[lo:hi] = block
        return block[i - lo]

    def _unit_edges(self, lo: int, hi: int) -> list[list[tuple[int, int, int]]]:
        """Passable out-edges ``(j, scaled units, add units)`` of hexes ``lo`` to ``hi - 1``.

        Most hexes have no hexside feature at all; their edges are read straight from the
        entry prices in units, without a side lookup per edge.
        """
        assert self.exponent is not None
        scale = 1 << self.exponent
        units, featured, side = self._enter_units(), self.featured, self.sides.get
        enter = self.enter
        neighbours = _neighbour_table(self.width, self.height)
        out: list[list[tuple[int, int, int]]] = []
        for i in range(lo, hi):
            if i not in featured:
                out.append([(j, u, 0) for j in neighbours[i] if (u := units[j]) is not None])
                continue
            edges: list[tuple[int, int, int]] = []
            for j in neighbours[i]:
                u = units[j]
                if u is None:
                    continue
                info = side((i, j) if i < j else (j, i), _PLAIN)
                if info is None:
                    continue
                if info is _PLAIN:
                    edges.append((j, u, 0))
                else:
                    factor, add = info
                    price = enter[j]
                    assert price is not None  # it has units, so it has a price
                    scaled = _units(price * factor, scale)
                    edges.append((j, scaled, _units(add, scale)))
            out.append(edges)
        return out

    def _enter_units(self) -> list[int | None]:
        """Each hex's entry price in units (None: impassable), computed once."""
        if self.enter_units is None:
            assert self.exponent is not None
            scale = 1 << self.exponent
            by_price = {c: _units(c, scale) for c in set(self.enter) if c is not None}
            self.enter_units = [None if c is None else by_price[c] for c in self.enter]
            self.featured = {i for key in self.sides for i in key}
        return self.enter_units

    def edge_grid(self) -> EdgeGrid:
        """The whole map's edges as numpy arrays, compiled on first use (for
        :func:`multi_source`; the map never changes in play, so once per map)."""
        if self.grid is None:
            assert self.exponent is not None
            self.grid = wavefront.compile_grid(
                self.width,
                self.height,
                _ODD_R_STEPS,
                self.enter,
                self._enter_units(),
                self.sides,
                1 << self.exponent,
            )
        return self.grid

    def grouped_edges(self, i: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
        lo, hi = self._block(i)
        block = [_grouped(edges) for edges in self._unit_edges(lo, hi)]
        self.grouped[lo:hi] = block
        return block[i - lo]

    def usplit_edges(self, i: int) -> tuple[tuple[int, int, int], ...]:
        lo, hi = self._block(i)
        block = [tuple(edges) for edges in self._unit_edges(lo, hi)]
        self.usplit[lo:hi] = block
        return block[i - lo]


def _grouped(edges: Iterable[tuple[int, int, int]]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Unit edges ``(j, scaled, add)`` grouped by price, cheapest first; neighbours of one
    price keep their direction order."""
    groups: dict[int, list[int]] = {}
    for j, scaled, add in edges:
        price = scaled + add
        same = groups.get(price)
        if same is None:
            groups[price] = [j]
        else:
            same.append(j)
    return tuple([(price, tuple(groups[price])) for price in sorted(groups)])


_Grouped = tuple[tuple[int, tuple[int, ...]], ...]
_Split = tuple[tuple[int, float, float], ...]
_USplit = tuple[tuple[int, int, int], ...]


class _Patched:
    """A model's compiled edges with per-side rules laid over them (``rules``: directed
    ``(i, j)`` -> extra MP, or None when closed), for :meth:`CostModel.with_side_rules`.

    It answers what :class:`_Compiled` answers, the same way, so the searches do not know
    the difference: the edge lists are its own (lists of pointers into the shared ones),
    filled a block at a time from the base tables, and only the hexes a rule leaves from
    are compiled again. Extra MP that are no whole number of the base's units (1/3 MP on
    a half-MP map) send its searches to floats, like any such price.
    """

    def __init__(self, base: _Compiled, rules: dict[tuple[int, int], float | None]) -> None:
        self.base, self.rules = base, rules
        self.width, self.height = base.width, base.height
        extras = [a for a in rules.values() if a is not None]
        k = _exponent(extras)
        fits = base.exponent is not None and k is not None and k <= base.exponent
        self.exponent: int | None = base.exponent if fits else None
        self.scaled_max = base.scaled_max
        self.add_max = base.add_max + max(extras, default=0.0)
        self.free = base.free  # the rules only add
        self._from: dict[int, dict[int, float | None]] = {}
        for (i, j), extra in rules.items():
            self._from.setdefault(i, {})[j] = extra
        self.split: list[_Split | None] = list(base.split)
        self.grouped: list[_Grouped | None] = list(base.grouped)
        self.usplit: list[_USplit | None] = list(base.usplit)
        for i in self._from:  # compiled again, with the rules, when first reached
            self.split[i] = self.grouped[i] = self.usplit[i] = None
        self.grid: EdgeGrid | None = None

    def edge_grid(self) -> EdgeGrid:
        """The base's numpy edges with the rules laid over them, made on first use."""
        if self.grid is None:
            assert self.exponent is not None
            scale = 1 << self.exponent
            rules = {
                key: None if extra is None else _units(extra, scale)
                for key, extra in self.rules.items()
            }
            self.grid = wavefront.patch_grid(self.base.edge_grid(), rules)
        return self.grid

    def _patched_units(self, i: int) -> list[tuple[int, int, int]]:
        assert self.exponent is not None
        scale = 1 << self.exponent
        rules = self._from[i]
        out = []
        for j, scaled, add in self.base._unit_edges(i, i + 1)[0]:
            extra = rules.get(j, 0.0)
            if extra is not None:
                out.append((j, scaled, add + _units(extra, scale)))
        return out

    def _fill(
        self,
        i: int,
        own: list[Any],
        shared: list[Any],
        compile_base: Callable[[int], Any],
        patched: Callable[[int], Any],
    ) -> Any:
        lo, hi = self.base._block(i)
        if shared[lo] is None:
            compile_base(lo)  # the base compiles the whole block at once
        own[lo:hi] = shared[lo:hi]
        for k in self._from:
            if lo <= k < hi:
                own[k] = patched(k)
        return own[i]

    def split_edges(self, i: int) -> _Split:
        def patched(k: int) -> _Split:
            rules = self._from[k]
            return tuple(
                (j, scaled, add + extra)
                for j, scaled, add in self.base._edges(k, k + 1)[0]
                if (extra := rules.get(j, 0.0)) is not None
            )

        return self._fill(i, self.split, self.base.split, self.base.split_edges, patched)

    def grouped_edges(self, i: int) -> _Grouped:
        return self._fill(
            i,
            self.grouped,
            self.base.grouped,
            self.base.grouped_edges,
            lambda k: _grouped(self._patched_units(k)),
        )

    def usplit_edges(self, i: int) -> _USplit:
        return self._fill(
            i,
            self.usplit,
            self.base.usplit,
            self.base.usplit_edges,
            lambda k: tuple(self._patched_units(k)),
        )


def _units(value: float, scale: int) -> int:
    units = float(value) * scale
    if not units.is_integer():  # cannot happen: prices were checked against the quantum
        raise AssertionError(f"{value} is not a multiple of 1/{scale}")
    return int(units)


@define
class _Multiplier:
    """A model's multiplier in integer units of ``2**-exponent`` (None: not exact)."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    exponent: int | None
    units: list[int]
    largest: float
    changed: set[int] = field(factory=set)  # hexes whose multiplier may not be 1 (a superset)
    array: Ints | None = None  # the units as numpy, made by the first multi_source()
    near: set[int] | None = None  # hexes next to a changed one, made by the first preview

    def next_to_changed(self, neighbours: Sequence[tuple[int, ...]]) -> set[int]:
        """The hexes with a neighbour whose multiplier may not be 1: only their steps need
        pricing one by one (a zone of influence is a few dozen hexes of 40,000)."""
        if self.near is None:
            self.near = {i for j in self.changed for i in neighbours[j]}
        return self.near

    def as_array(self) -> Ints:
        """The units as a numpy array with one more entry, 0, for the wavefront's
        "no hex" (its step is never taken)."""
        if self.array is None:
            self.array = wavefront.as_ints([*self.units, 0])
        return self.array


def _multiplier_units(mult: list[float]) -> _Multiplier:
    distinct = set(mult)
    for m in distinct:
        if not m >= 0:
            raise ValueError(f"cost multipliers cannot be negative or NaN ({m})")
    k = _exponent(distinct)
    if k is None:
        return _Multiplier(None, [], max(distinct, default=1.0))
    scale = 1 << k
    changed = {i for i, m in enumerate(mult) if m != 1.0}
    return _Multiplier(k, [int(m * scale) for m in mult], max(distinct, default=1.0), changed)


# --- the cost model ------------------------------------------------------------------------


@define
class CostModel:
    """Costs for one map, as flat arrays indexed row*width+col (odd-r offset order)."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    width: int
    height: int
    enter: list[float | None]  # cost of entering each hex; None = impassable
    side_add: dict[tuple[int, int], float]  # keys are (min_index, max_index)
    side_factor: dict[tuple[int, int], float]
    side_block: set[tuple[int, int]]
    multiplier: list[float] | None = None  # per-hex factor (zones of influence); None = all 1
    blocked: set[int] = field(factory=set)  # hexes that cannot be entered (enemy armies, ...)
    # Per-side rules, directed: (from index, to index) -> extra MP, or None: closed.
    side_rules: dict[tuple[int, int], float | None] = field(factory=dict)

    _compiled: _Compiled | _Patched = field(init=False, eq=False, repr=False)
    _mult: _Multiplier | None = field(init=False, default=None, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        n = self.width * self.height
        if self.width < 0 or self.height < 0 or len(self.enter) != n:
            raise ValueError(
                f"a {self.width} x {self.height} cost model needs {n} enter costs, "
                f"not {len(self.enter)}"
            )
        if self.multiplier is not None and len(self.multiplier) != n:
            raise ValueError(f"the multiplier needs {n} entries, not {len(self.multiplier)}")
        if any(not 0 <= b < n for b in self.blocked):
            raise ValueError("blocked hex indices must be on the map")
        for (i, j), extra in self.side_rules.items():
            if not (0 <= i < n and 0 <= j < n) or not (extra is None or 0 <= extra < math.inf):
                raise ValueError(f"side rule {(i, j)}: {extra} is no extra cost on the map")
        base = _Compiled(
            self.width, self.height, self.enter, self.side_add, self.side_factor, self.side_block
        )
        self._compiled = _Patched(base, self.side_rules) if self.side_rules else base

    # --- construction ------------------------------------------------------------------
    @classmethod
    def from_map(
        cls,
        hexmap: HexMap,
        terrain_costs: Mapping[str, float | None],
        hexside_rules: Mapping[str, HexsideRule] | None = None,
    ) -> CostModel:
        """Price a map: terrain costs by terrain id or letter, hexside rules by feature.

        A terrain missing from ``terrain_costs`` is impassable (lake and sea, usually). A
        key that names no terrain of the map's vocabulary is refused, because a typo would
        silently wall off a whole terrain type.
        """
        by_letter = _price_letters(terrain_costs, hexmap.vocabulary)
        width, height = hexmap.width, hexmap.height
        if len(hexmap.terrain) != height:
            raise ValueError(f"the map has {len(hexmap.terrain)} rows, not {height}")
        enter: list[float | None] = []
        for row, line in enumerate(hexmap.terrain):
            if len(line) != width:
                raise ValueError(f"map row {row + 1} has {len(line)} hexes, not {width}")
            try:
                enter.extend(by_letter[letter] for letter in line)
            except KeyError as exc:
                raise ValueError(f"map row {row + 1}: unknown terrain letter {exc}") from None

        side_add: dict[tuple[int, int], float] = {}
        side_factor: dict[tuple[int, int], float] = {}
        side_block: set[tuple[int, int]] = set()
        rules = hexside_rules or {}
        for side, features in _features_by_side(hexmap).items():
            a, b = side.a, side.b
            if not (hexmap.contains(a) and hexmap.contains(b)):
                continue
            key = _side_key(hexmap.index(a), hexmap.index(b))
            add, factor, blocks = 0.0, 1.0, False
            for feature in sorted(features):
                rule = rules.get(feature)
                if rule is None or features.intersection(rule.unless):
                    continue
                add += rule.add
                factor *= rule.factor
                blocks = blocks or rule.blocks
            if add:
                side_add[key] = add
            if factor != 1.0:
                side_factor[key] = factor
            if blocks:
                side_block.add(key)
        return cls(width, height, enter, side_add, side_factor, side_block)

    def _copy(
        self,
        multiplier: list[float] | None,
        blocked: set[int],
        mult: _Multiplier | None,
        side_rules: dict[tuple[int, int], float | None] | None = None,
        compiled: _Compiled | _Patched | None = None,
    ) -> CostModel:
        """A copy sharing enter, sides and the compiled edges (no re-validation)."""
        new = object.__new__(CostModel)
        for name in ("width", "height", "enter", "side_add", "side_factor", "side_block"):
            object.__setattr__(new, name, getattr(self, name))
        new.multiplier, new.blocked = multiplier, blocked
        new.side_rules = self.side_rules if side_rules is None else side_rules
        new._compiled = self._compiled if compiled is None else compiled
        new._mult = mult
        return new

    def with_multiplier(self, hexes: Iterable[Hex], factor: float) -> CostModel:
        """A copy where entering these hexes costs ``factor`` times more.

        Each hex is multiplied once per call, however often it is listed (two enemy zones
        overlapping still double the cost); calls compose (a copy of a copy multiplies).
        """
        if not factor >= 0:
            raise ValueError(f"a cost multiplier cannot be negative or NaN ({factor})")
        n = len(self.enter)
        touched = set(self._indices(hexes))
        if self.multiplier is None:
            mult = [1.0] * n
            old = _Multiplier(0, [1] * n, 1.0)
        else:
            mult = list(self.multiplier)
            old = self._multiplier_units()
        for i in touched:
            mult[i] *= factor
        # Update the integer form for the touched hexes only (a zone of influence is a few
        # dozen hexes of 40,000) when it stays exact; otherwise the first search redoes it.
        units = None
        if old.exponent is not None and all(_fits(mult[i], old.exponent) for i in touched):
            table = list(old.units) if self.multiplier is not None else old.units
            scale = 1 << old.exponent
            for i in touched:
                table[i] = int(mult[i] * scale)
            largest = max([old.largest] + [mult[i] for i in touched])
            units = _Multiplier(old.exponent, table, largest, old.changed | touched)
        return self._copy(mult, set(self.blocked), units)

    def with_blocked(self, hexes: Iterable[Hex]) -> CostModel:
        """A copy where these hexes cannot be entered (added to those already blocked)."""
        return self._copy(self.multiplier, self.blocked | set(self._indices(hexes)), self._mult)

    def with_side_rules(self, rules: Iterable[SideRule], mover: Iterable[str] = ()) -> CostModel:
        """A copy where these side rules hold for a mover going by the names ``mover``
        (its player id, its team, its seat: whatever the rules' ``only`` name).

        A rule given as a Hexside holds both ways, one given as a SideOf for leaving its
        hex through that side; sides off the map are ignored. Rules add to those the model
        already has. The copy shares the compiled edges: only the hexes the rules' sides
        are left from are compiled again, so a copy per army stays cheap.
        """
        who = frozenset(mover)
        extra = dict(self.side_rules)
        for rule in rules:
            closed = rule.closed_to(who)
            if not closed and not rule.add:
                continue
            for key in self._directed(rule.side):
                old = extra.get(key, 0.0)
                if old is not None:
                    extra[key] = None if closed else old + rule.add
        if extra == self.side_rules:
            return self
        root = self._compiled.base if isinstance(self._compiled, _Patched) else self._compiled
        compiled = _Patched(root, extra) if extra else root
        return self._copy(self.multiplier, self.blocked, self._mult, extra, compiled)

    def with_blocked_sides(self, sides: Iterable[Hexside | SideOf]) -> CostModel:
        """A copy where these sides cannot be crossed (a Hexside both ways, a SideOf
        leaving its hex): :meth:`with_side_rules` with blocking rules."""
        return self.with_side_rules(SideRule(side, blocks=True) for side in sides)

    def _directed(self, side: Hexside | SideOf) -> list[tuple[int, int]]:
        """The directed steps ``(from, to)`` a side rule covers, on the map."""
        if isinstance(side, SideOf):
            pairs = [(side.hex, side.across)]
        else:
            pairs = [(side.a, side.b), (side.b, side.a)]
        out = []
        for a, b in pairs:
            i, j = self.index_of(a), self.index_of(b)
            if i is not None and j is not None:
                out.append((i, j))
        return out

    # --- lookups -----------------------------------------------------------------------
    def index_of(self, h: Hex) -> int | None:
        """The flat index of a hex, or None when it is off the map."""
        col, row = h.col, h.row
        if 0 <= col < self.width and 0 <= row < self.height:
            return row * self.width + col
        return None

    def _indices(self, hexes: Iterable[Hex]) -> list[int]:
        """Indices of the on-map hexes (zones of influence spill over the map edge)."""
        out = []
        for h in hexes:
            i = self.index_of(h)
            if i is not None:
                out.append(i)
        return out

    def _require_index(self, h: Hex) -> int:
        i = self.index_of(h)
        if i is None:
            raise ValueError(f"{h} is not on the {self.width} x {self.height} map")
        return i

    def step_cost(self, a: Hex, b: Hex) -> float | None:
        """The MP to step from ``a`` into ``b``; None if not neighbours, off map or barred."""
        ia, ib = self.index_of(a), self.index_of(b)
        if ia is None or ib is None or a.distance(b) != 1:
            return None
        return self._step(ia, ib)

    def _step(self, i: int, j: int) -> float | None:
        """The reference formula, straight from the fields (searches use compiled edges)."""
        enter = self.enter[j]
        key = _side_key(i, j)
        extra = self.side_rules.get((i, j), 0.0)
        if enter is None or j in self.blocked or key in self.side_block or extra is None:
            return None
        cost = enter * self.side_factor.get(key, 1.0)
        if self.multiplier is not None:
            cost *= self.multiplier[j]
        return cost + self.side_add.get(key, 0.0) + extra

    def _multiplier_units(self) -> _Multiplier:
        """The multiplier in integer units (computed on first use, kept by the copies)."""
        assert self.multiplier is not None
        if self._mult is None:
            self._mult = _multiplier_units(self.multiplier)
        return self._mult


def _price_letters(
    terrain_costs: Mapping[str, float | None], vocabulary: Vocabulary
) -> dict[str, float | None]:
    """Terrain letter -> entry cost, from costs keyed by terrain id or by letter."""
    known = set(vocabulary.terrain_ids) | set(vocabulary.letters)
    unknown = sorted(set(terrain_costs) - known)
    if unknown:
        raise ValueError(f"unknown terrain in the cost table: {', '.join(unknown)}")
    out: dict[str, float | None] = {}
    for t in vocabulary.terrains:
        if t.id in terrain_costs:
            out[t.letter] = terrain_costs[t.id]
        elif t.letter in terrain_costs:
            out[t.letter] = terrain_costs[t.letter]
        else:
            out[t.letter] = None
    return out


def _features_by_side(hexmap: HexMap) -> dict[Hexside, set[str]]:
    """Hexside -> the set of its features (a road may cross a river on a bridge)."""
    index: dict[Hexside, set[str]] = {}
    for feature, sides in hexmap.hexsides.items():
        for side in sides:
            index.setdefault(side, set()).add(feature)
    return index


# --- results -------------------------------------------------------------------------------


@define
class Path:
    """A route: the hexes from start to goal and what each step cost."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    hexes: list[Hex]  # start first, goal last
    cost: float
    step_costs: list[float]  # len(hexes) - 1

    @property
    def steps(self) -> int:
        return len(self.hexes) - 1


# --- the search engine ---------------------------------------------------------------------


@define
class _Search:
    """What a search found: hexes in the order they were settled, costs, predecessors."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    order: list[int]
    costs: list[float]  # of each hex in order
    prev: dict[int, int]
    found: int | None  # the first ``stop`` hex settled, when the search stopped there


# Scratch cost arrays by map size and kind, all "not reached" between searches. A search
# takes one (or makes one) and gives it back clean, so no search pays for allocating or
# clearing 40,000 entries, and two threads never share one (list pop/append are atomic).
_SCRATCH: dict[tuple[int, bool], list[list]] = {}


def _check_limit(max_cost: float) -> float:
    if not max_cost >= 0:
        raise ValueError(f"a cost limit cannot be negative ({max_cost})")
    return max_cost + EPSILON


def _search(
    model: CostModel,
    starts: list[int],
    limit: float,
    stop: set[int] | None = None,
    track: bool = False,
) -> _Search:
    """Dijkstra from ``starts`` (cost 0 each) up to ``limit`` (epsilon included).

    ``prev`` is filled only when ``track``; a search with ``stop`` ends when it settles
    the first of those hexes. Picks integer units when the prices allow it.
    """
    plan = _counting(model)
    if plan is None:
        return _search_floats(model, starts, limit, stop, track)
    if plan.mult is None:
        mult, near = None, set()  # grouped prices as they are: mult_scale is 1
    else:
        mult = plan.mult.units
        near = plan.mult.next_to_changed(_neighbour_table(model.width, model.height))
    return _search_units(
        model, starts, limit, stop, track, plan.scale, plan.size, mult, plan.mult_scale, near
    )


@frozen
class _Counting:
    """How a model's searches count in integers: ``1 / scale`` MP a unit, a bucket ring of
    ``size`` (longer than the dearest step), and the multiplier in units of ``1 /
    mult_scale`` (None: the model has none)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    scale: int
    size: int
    mult: _Multiplier | None
    mult_scale: int


def _counting(model: CostModel) -> _Counting | None:
    """The integer units a model's searches count in, None when its prices (with its
    multiplier) are no whole numbers of a small fraction or a step is too dear for a ring:
    such searches use floats."""
    compiled = model._compiled
    if compiled.exponent is None:
        return None
    if model.multiplier is None:
        scale = 1 << compiled.exponent
        widest = (compiled.scaled_max + compiled.add_max) * scale
        mult, mult_scale = None, 1
    else:
        mult = model._multiplier_units()
        k = mult.exponent
        if k is None or compiled.exponent + k > _MAX_EXPONENT:
            return None
        scale = 1 << (compiled.exponent + k)
        widest = (compiled.scaled_max * mult.largest + compiled.add_max) * scale
        mult_scale = 1 << k
    if widest >= _MAX_RING:
        return None
    return _Counting(scale, math.floor(widest) + 1, mult, mult_scale)


def _take_scratch(n: int, units: bool) -> tuple[list, list]:
    pool = _SCRATCH.setdefault((n, units), [])
    try:
        return pool, pool.pop()
    except IndexError:
        return pool, [_FAR if units else math.inf] * n


def _search_units(
    model: CostModel,
    starts: list[int],
    limit: float,
    stop: set[int] | None,
    track: bool,
    scale: int,
    size: int,
    mult_units: list[int] | None,
    mult_scale: int,
    near: set[int],
) -> _Search:
    """Dial's algorithm on integer costs in units of ``1 / scale`` MP.

    The queue is a ring of ``size`` buckets, one per unit of cost, longer than the dearest
    possible step: every queued hex sits within one ring-length of the current cost. A step's
    price is its group's units, or with a multiplier ``scaled * mult + add * mult_scale``;
    a move preview prices so only the steps of the hexes ``near`` a multiplied one, and
    the rest by their groups, ``mult_scale`` times their units.
    """
    compiled = model._compiled
    blocked = model.blocked
    pool, dist = _take_scratch(len(model.enter), True)
    lim = math.floor(limit * scale) if limit != math.inf else _FAR - 1
    ring: list[list[int]] = [[] for _ in range(size)]
    order: list[int] = []
    prev: dict[int, int] = {}
    found: int | None = None
    firsts = ring[0]
    try:
        for b in blocked:
            dist[b] = -1
        for s in starts:
            if dist[s] != 0:
                dist[s] = 0
                firsts.append(s)
        settle = order.append
        grouped, grouped_edges = compiled.grouped, compiled.grouped_edges
        usplit, usplit_edges = compiled.usplit, compiled.usplit_edges
        d = 0
        idle = 0
        if stop is None and not track:
            # The move preview, by far the most frequent search: the loop below without
            # the branches it does not need. Through enemy zones of influence, only the
            # hexes next to a zone price their steps one by one; the rest read their
            # groups, ``mult_scale`` times their units.
            while idle < size and d <= lim:
                bucket = ring[d % size]
                if not bucket:
                    idle += 1
                    d += 1
                    continue
                idle = 0
                room = lim - d
                for i in bucket:
                    if dist[i] != d:
                        continue
                    settle(i)
                    if near and i in near:
                        assert mult_units is not None  # only a multiplier makes hexes near
                        edges3 = usplit[i]
                        if edges3 is None:
                            edges3 = usplit_edges(i)
                        for j, scaled, add in edges3:
                            nd = d + scaled * mult_units[j] + add * mult_scale
                            if nd <= lim and nd < dist[j]:
                                dist[j] = nd
                                ring[nd % size].append(j)
                        continue
                    edges = grouped[i]
                    if edges is None:
                        edges = grouped_edges(i)
                    for c, group in edges:
                        c *= mult_scale
                        if c > room:
                            break
                        nd = d + c
                        queue = None
                        for j in group:
                            if nd < dist[j]:
                                dist[j] = nd
                                if queue is None:
                                    queue = ring[nd % size].append
                                queue(j)
                bucket.clear()
                d += 1
        while idle < size and d <= lim:
            bucket = ring[d % size]
            if not bucket:
                idle += 1
                d += 1
                continue
            idle = 0
            room = lim - d
            for i in bucket:
                if dist[i] != d:
                    continue  # reached again more cheaply since
                if stop is not None and i in stop:
                    found = i
                    break
                settle(i)
                if mult_units is None:
                    edges = grouped[i]
                    if edges is None:
                        edges = grouped_edges(i)
                    for c, group in edges:  # cheapest first: the rest are dearer still
                        if c > room:
                            break
                        nd = d + c
                        queue = None
                        for j in group:
                            if nd < dist[j]:
                                dist[j] = nd
                                if track:
                                    prev[j] = i
                                if queue is None:
                                    queue = ring[nd % size].append
                                queue(j)
                else:
                    edges3 = usplit[i]
                    if edges3 is None:
                        edges3 = usplit_edges(i)
                    for j, scaled, add in edges3:
                        nd = d + scaled * mult_units[j] + add * mult_scale
                        if nd <= lim and nd < dist[j]:
                            dist[j] = nd
                            if track:
                                prev[j] = i
                            ring[nd % size].append(j)
            if found is not None:
                break
            bucket.clear()  # stale entries only: live ones were settled above
            d += 1
        # Hexes settle cheapest first, so the last holds the dearest cost: a table of the
        # few distinct values saves making a float per hex.
        unit = 1.0 / scale
        dearest = dist[order[-1]] if order else 0
        if dearest <= _MAX_RING:
            values = [u * unit for u in range(dearest + 1)]
            costs = [values[dist[i]] for i in order]
        else:
            costs = [dist[i] * unit for i in order]
    finally:
        # Clean every entry this search wrote: each was settled (order), is still queued,
        # or is blocked; a stale queued entry's hex was settled more cheaply.
        for i in order:
            dist[i] = _FAR
        for bucket in ring:
            for i in bucket:
                dist[i] = _FAR
        for b in blocked:
            dist[b] = _FAR
        pool.append(dist)
    return _Search(order, costs, prev, found)


def _search_floats(
    model: CostModel,
    starts: list[int],
    limit: float,
    stop: set[int] | None,
    track: bool,
) -> _Search:
    """The fallback for prices that are no multiple of a small fraction: float costs.

    The queue is a heap of *distinct* costs, each with the list of hexes reached for it,
    so hexes of equal cost are settled in the order they were reached, as in the ring.
    """
    compiled = model._compiled
    blocked = model.blocked
    mult = model.multiplier if model.multiplier is not None else _ones(len(model.enter))
    pool, dist = _take_scratch(len(model.enter), False)
    order: list[int] = []
    prev: dict[int, int] = {}
    found: int | None = None
    firsts: list[int] = []
    current: list[int] = firsts
    buckets: dict[float, list[int]] = {0.0: firsts}
    try:
        for b in blocked:
            dist[b] = -math.inf
        for s in starts:
            if dist[s] != 0.0:
                dist[s] = 0.0
                firsts.append(s)
        keys = [0.0]
        settle = order.append
        pop, push = heappop, heappush
        take, bucket_of = buckets.pop, buckets.get
        split, split_edges = compiled.split, compiled.split_edges
        while keys:
            d = pop(keys)
            current = take(d)
            for i in current:
                if dist[i] != d:
                    continue
                if stop is not None and i in stop:
                    found = i
                    break
                settle(i)
                edges = split[i]
                if edges is None:
                    edges = split_edges(i)
                for j, scaled, add in edges:
                    nd = d + (scaled * mult[j] + add)
                    if nd <= limit and nd < dist[j]:
                        dist[j] = nd
                        if track:
                            prev[j] = i
                        same = bucket_of(nd)
                        if same is None:
                            buckets[nd] = [j]
                            push(keys, nd)
                        else:
                            same.append(j)
            if found is not None:
                break
        costs = [dist[i] for i in order]
    finally:
        for i in order:
            dist[i] = math.inf
        for bucket in (*buckets.values(), current, firsts):
            for i in bucket:
                dist[i] = math.inf
        for b in blocked:
            dist[b] = math.inf
        pool.append(dist)
    return _Search(order, costs, prev, found)


def _build_path(model: CostModel, prev: dict[int, int], start: int, end: int) -> Path:
    chain = [end]
    while chain[-1] != start:
        chain.append(prev[chain[-1]])
    chain.reverse()
    steps = []
    for a, b in pairwise(chain):
        step = model._step(a, b)
        assert step is not None  # the search only walks passable steps
        steps.append(step)
    hexes = _hex_table(model.width, model.height)
    return Path([hexes[i] for i in chain], sum(steps), steps)


# --- the public searches -------------------------------------------------------------------


def reachable(model: CostModel, start: Hex, max_cost: float) -> dict[Hex, float]:
    """Every hex reachable from ``start`` for at most ``max_cost``, with its cheapest cost.

    The start is included at 0 (an army is always where it stands, even in a blocked hex).
    """
    found = _search(model, [model._require_index(start)], _check_limit(max_cost))
    hexes = _hex_table(model.width, model.height)
    return dict(zip(map(hexes.__getitem__, found.order), found.costs, strict=True))


def cheapest_path(
    model: CostModel, start: Hex, goal: Hex, max_cost: float = math.inf
) -> Path | None:
    """The cheapest path from ``start`` to ``goal`` within ``max_cost``, or None."""
    s = model._require_index(start)
    g = model.index_of(goal)
    if g is None:
        return None
    search = _search(model, [s], _check_limit(max_cost), stop={g}, track=True)
    if search.found is None:
        return None
    return _build_path(model, search.prev, s, search.found)


def path_cost(model: CostModel, hexes: Sequence[Hex]) -> Path | None:
    """Price a given path, or None when a step is not adjacent, off the map or barred.

    This is how an order typed or clicked hex by hex is checked; the cost limit is the
    caller's business (it knows the army's MP).
    """
    if not hexes:
        return None
    indices = []
    for h in hexes:
        i = model.index_of(h)
        if i is None:
            return None
        indices.append(i)
    steps = []
    for a, b, ia, ib in zip(hexes, hexes[1:], indices, indices[1:], strict=False):
        if a.distance(b) != 1:
            return None
        step = model._step(ia, ib)
        if step is None:
            return None
        steps.append(step)
    return Path(list(hexes), sum(steps), steps)


def multi_source(
    model: CostModel, sources: Iterable[Hex], max_cost: float
) -> Mapping[Hex, tuple[float, Hex]]:
    """For every hex within ``max_cost`` of some source: the cost and that nearest source.

    Costs are for paths *from* a source *to* the hex (a supply line traced out of a
    settlement). Off-map sources are ignored. When several sources are nearest, the answer
    names the first of them in map order (row by row), so it depends neither on the order
    the sources are given in nor on the order the search happens to meet them.

    The answer is a read-only mapping, cheapest first. On maps priced in small whole units
    (every bundled table, with or without zones of influence) it is a :class:`Supply` over
    the search's own flat array (:mod:`tuicamp.engine.wavefront`, numpy), equal costs in
    map order, so a supply check of a whole map allocates nothing per hex.
    """
    limit = _check_limit(max_cost)
    starts = sorted(set(model._indices(sources)))
    if not starts:
        return {}
    plan = _counting(model)
    if plan is None:
        return _multi_source_tracked(model, starts, limit)
    shift = (len(starts) - 1).bit_length()
    scale = plan.scale
    lim = math.floor(limit * scale) if limit != math.inf else _FAR >> (shift + 1)
    grid = model._compiled.edge_grid()
    if plan.mult is None:
        found = wavefront.nearest_sources(grid, starts, lim, model.blocked)
    else:
        mult = plan.mult.as_array()
        found = wavefront.nearest_sources(grid, starts, lim, model.blocked, mult, plan.mult_scale)
    return Supply(model, found.keys, found.order, found.shift, scale, starts)


class Supply(Mapping[Hex, tuple[float, Hex]]):
    """What :func:`multi_source` found, kept as the search left it: one integer per hex of
    the map (``cost << shift | source rank``, or "not reached") and the reached hexes
    cheapest first, both numpy arrays.

    A supply check asks about a few armies but the search reaches thousands of hexes; this
    answers each look-up from the array in constant time instead of building a dict of
    tuples the caller mostly never reads, and reads all its answers at once in a few array
    operations. It behaves as a ``Mapping[Hex, tuple[float, Hex]]`` (equal to a dict with
    the same items), iterates cheapest first (equal costs in map order), and is never
    changed after the search.
    """

    __slots__ = ("_hexes", "_keys", "_mask", "_order", "_scale", "_shift", "_sources", "_width")

    def __init__(
        self,
        model: CostModel,
        keys: Ints,
        order: Ints,
        shift: int,
        scale: int,
        sources: list[int],
    ) -> None:
        self._hexes = _hex_table(model.width, model.height)
        self._width = model.width
        self._keys, self._order = keys, order
        self._shift, self._mask, self._scale = shift, (1 << shift) - 1, scale
        self._sources = [self._hexes[s] for s in sources]

    def _key(self, h: object) -> int:
        """The hex's search key, or -1 when it was not reached (or is no hex of the map)."""
        if isinstance(h, Hex):
            col, row = h.col, h.row
            if 0 <= col < self._width and 0 <= row * self._width < len(self._keys):
                key = int(self._keys[row * self._width + col])
                if 0 <= key < _FAR:
                    return key
        return -1

    def __getitem__(self, h: Hex) -> tuple[float, Hex]:
        key = self._key(h)
        if key < 0:
            raise KeyError(h)
        return (key >> self._shift) / self._scale, self._sources[key & self._mask]

    def __contains__(self, h: object) -> bool:
        return self._key(h) >= 0

    def __iter__(self) -> Iterator[Hex]:
        return map(self._hexes.__getitem__, self._order.tolist())

    def __len__(self) -> int:
        return len(self._order)

    def __repr__(self) -> str:
        return f"Supply({len(self)} hexes from {len(self._sources)} sources)"

    def items(self) -> ItemsView[Hex, tuple[float, Hex]]:
        return _SupplyItems(self)

    def values(self) -> ValuesView[tuple[float, Hex]]:
        return _SupplyValues(self)

    def _answers(self) -> Iterator[tuple[float, Hex]]:
        """Every answer in order, straight from the array (no look-up by hex).

        A search of ten thousand hexes has a few hundred distinct answers (its cost levels
        times its sources), so they are made once, in a table indexed by the key, and each
        hex's answer is a shared tuple read from it; a search of more distinct answers than
        hexes pairs the costs and sources worked out for all hexes at once.
        """
        keys = self._keys[self._order]
        shift, scale, sources = self._shift, self._scale, self._sources
        levels = (int(keys[-1]) >> shift) + 1 if len(keys) else 0  # cheapest first
        if levels << shift > len(keys):
            costs = ((keys >> shift) / scale).tolist()
            return zip(costs, map(sources.__getitem__, (keys & self._mask).tolist()), strict=True)
        unused = (1 << shift) - len(sources)  # ranks no source has: no key holds them
        table: list[tuple[float, Hex]] = []
        for level in range(levels):
            answers = [(level / scale, source) for source in sources]
            table.extend(answers)
            table.extend(answers[:1] * unused)  # never read, only to keep the stride
        return map(table.__getitem__, keys.tolist())

    def cost(self, h: Hex) -> float | None:
        """The cost from the nearest source, None when no source reaches the hex."""
        key = self._key(h)
        return None if key < 0 else (key >> self._shift) / self._scale

    def source(self, h: Hex) -> Hex | None:
        """The nearest source (the first in map order of equally near ones), or None."""
        key = self._key(h)
        return None if key < 0 else self._sources[key & self._mask]


class _SupplyItems(ItemsView[Hex, tuple[float, Hex]]):
    """A Supply's items read in one pass over its array (a view's default looks each
    hex up again)."""

    _mapping: Supply

    def __iter__(self) -> Iterator[tuple[Hex, tuple[float, Hex]]]:
        return zip(self._mapping, self._mapping._answers(), strict=True)


class _SupplyValues(ValuesView[tuple[float, Hex]]):
    """A Supply's values read in one pass over its array."""

    _mapping: Supply

    def __iter__(self) -> Iterator[tuple[float, Hex]]:
        return self._mapping._answers()


def _multi_source_tracked(
    model: CostModel, starts: list[int], limit: float
) -> dict[Hex, tuple[float, Hex]]:
    """The general search, for prices :class:`Supply` cannot count (fractions of an MP
    that are no small power of two), giving the same answer: each hex takes the first in
    map order of its nearest sources.

    The search gives the costs; a hex's nearest sources are those of its neighbours that
    reach it at its cost, so in settle order each hex takes the best of theirs. A step of
    zero MP can make a neighbour of equal cost settle after the hex, hence the passes until
    nothing changes (one, without free steps).
    """
    search = _search(model, starts, limit)
    cost = dict(zip(search.order, search.costs, strict=True))
    neighbours = _neighbour_table(model.width, model.height)
    best = dict.fromkeys(search.order, len(starts))
    for r, s in enumerate(starts):
        best[s] = r
    changed = True
    while changed:
        changed = False
        for i in search.order:
            here, rank = cost[i], best[i]
            for p in neighbours[i]:
                via = cost.get(p)
                if via is None or best[p] >= rank:
                    continue
                step = model._step(p, i)
                if step is not None and abs(via + step - here) <= EPSILON:
                    rank = best[p]
            if rank != best[i]:
                best[i] = rank
                changed = True
    hexes = _hex_table(model.width, model.height)
    return {hexes[i]: (cost[i], hexes[starts[best[i]]]) for i in search.order}


def path_towards(
    model: CostModel,
    start: Hex,
    targets: Iterable[Hex],
    max_steps: int,
    max_cost: float = math.inf,
) -> Path | None:
    """The cheapest path to the nearest target, cut to at most ``max_steps`` hexes moved.

    A retreat or a flight: "fall back up to 2 hexes towards your home base". Returns None
    when no target can be reached within ``max_cost``; a start that is a target gives a
    path of one hex.
    """
    if max_steps < 0:
        raise ValueError(f"max_steps cannot be negative ({max_steps})")
    s = model._require_index(start)
    goals = set(model._indices(targets))
    if not goals:
        return None
    search = _search(model, [s], _check_limit(max_cost), stop=goals, track=True)
    if search.found is None:
        return None
    path = _build_path(model, search.prev, s, search.found)
    if path.steps <= max_steps:
        return path
    steps = path.step_costs[:max_steps]
    return Path(path.hexes[: max_steps + 1], sum(steps), steps)
