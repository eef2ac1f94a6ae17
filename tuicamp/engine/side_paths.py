"""Lines over hexes *and* hexsides: supply along rivers, across lakes, mixed with land legs.

Some rule texts let a line run *along* a waterway rather than through hexes: "Each river
hex-side (note! hex-side, not hex) has a cost of 1/2 Movement Point, each stream-hexside 1
Movement Point. Lake/sea hexes cost 1 MP." A search over hexes alone cannot price that, so
the nodes of this search are the map's hexes *and* its waterway hexsides, and a line may
follow a river side to side, cross a lake hex by hex, go ashore and walk, all in one search
(R-SU-6, R-SU-17 are the rulings it was written for; nothing here names a ruleset).

**Why hexsides and not corners.** A river on the map is a chain of hexsides, and two
consecutive sides of it share a corner. Either could be the node; sides are, because:

* the price is per side, so a node per side pays it exactly once, when the line takes it;
  with corners as nodes a line could go ashore from a corner into any of the three hexes
  that meet there, and so cross from one bank to the other, or land in a hex the river only
  touches at a corner, without paying for a single side;
* "switching costs 0 at a hex that has the river as one of its sides" (R-SU-17) is then an
  edge between a hex and its own sides, as the rule says it;
* only waterway sides become nodes (a few thousand on a 200 x 200 map), and hexes keep the
  flat indices of :class:`~tuicamp.engine.pathing.CostModel`, ``row * width + col``.

**The moves**, each an edge priced in MP:

* hex -> neighbouring hex by land: the land model's ``step_cost`` (its terrain, hexside
  features, multipliers and blocked hexes), so land legs cost exactly what a move costs;
* any hex -> a water hex next to it (lake, sea): the water hex's price;
* water hex -> a land hex next to it, and side -> either of its two hexes: 0 ("switching
  costs 0"), when land moves can enter that hex at all (a line does not land in a mountain
  the land model calls impassable); onto a water hex, the water hex's price;
* hex -> one of its own waterway sides: that side's price (river 1/2, stream 1);
* side -> a waterway side that shares a corner with it: that side's price, so a line
  follows a river past a hex it may not enter.

**Closures** (:class:`Closures`) say what a line may not use for one question — a seat's
supply check: hexes never entered, waterway sides not followed, water hexes closed because
they lie beside certain hexes, and hexes a line may leave only by some directions (its own
contested hex, left only by a friendly side). They apply to a network with
:meth:`SideNetwork.with_closures`, which shares every compiled table.

**Which way a line runs.** Land costs depend on the hex entered, so the direction matters.
By default lines run *from* the starts (a move, a fleet's voyage); ``towards=True`` answers
the other question in one search: every hex's cheapest line *to* any of the starts (each
unit's supply line traced back to the nearest castle), on the reversed edges. A start is
never refused in either: a line always begins where it stands, even in a closed hex, and
leaves it by its allowed exits; a line *to* a closed start cannot end there.

**Speed** follows :mod:`tuicamp.engine.pathing`: edges are compiled lazily, a block of nodes
at a time, and kept by the network and every view of it; costs are counted in integer
units of the finest power-of-two fraction of an MP in use (half an MP on rivers and roads),
exact and allocation-free, with a ring of buckets (Dial's algorithm) instead of a heap.
When a newly compiled block needs a finer unit or a longer ring, the search in progress
starts again on the new tables (this happens a few times at most in a network's life);
costs that are no such fraction (a house rule of 1/3 MP) fall back to floats and a heap.
The cost array is a reused scratch list and Hex objects are made only for the results.

**Ties** break the same way every time: among equally cheap lines the one found first wins,
nodes of equal cost are settled in the order they were reached, and each node's edges are
read in a fixed order (hexes by direction, then sides by direction). A budget is compared
with a small epsilon so that half MP are never lost to rounding.
"""

from __future__ import annotations

import difflib
import enum
import math
from collections.abc import Iterable, Mapping
from functools import lru_cache
from heapq import heappop, heappush
from typing import TYPE_CHECKING

from attrs import define, field, frozen

# The integer units, the bucket ring's bounds and the map geometry are the hex search's:
# one definition, so both searches count MP alike.
from tuicamp.engine.pathing import (
    _FAR,
    _MAX_EXPONENT,
    _MAX_RING,
    _ODD_R_STEPS,
    EPSILON,
    _exponent,
    _fits,
    _hex_table,
)
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.hexes import DIRECTION_NAMES, Hex, Hexside, SideOf
from tuicamp.model.reprs import fields_repr
from tuicamp.model.terrain import BY_ID, BY_LETTER, HEXSIDE_FEATURES

if TYPE_CHECKING:
    from tuicamp.engine.pathing import CostModel
    from tuicamp.model.map import HexMap

_BLOCK = 1024  # nodes compiled together
_NO_DIRECTION = -1  # an edge that leaves no hex (it starts on a side)


# --- inputs ----------------------------------------------------------------------------------


def _directions(value: Iterable[int]) -> frozenset[int]:
    out = frozenset(value)
    wrong = sorted(d for d in out if not (isinstance(d, int) and 0 <= d < 6))
    if wrong:
        named = ", ".join(f"{i} {name}" for i, name in enumerate(DIRECTION_NAMES))
        raise ValueError(f"exit directions are 0 to 5 ({named}), not {wrong}")
    return out


def _hex_set(value: Iterable[Hex]) -> frozenset[Hex]:
    return frozenset(value)


def _side_set(value: Iterable[Hexside]) -> frozenset[Hexside]:
    return frozenset(value)


def _exits(value: Mapping[Hex, Iterable[int]]) -> dict[Hex, frozenset[int]]:
    return {h: _directions(ds) for h, ds in value.items()}


@frozen
class Closures:
    """What a line may not use, for one question (a seat's supply check, a fleet's voyage).

    ``hexes`` are never entered (by land, by water or ashore); ``sides`` are waterway sides
    that cannot be followed (a land crossing is the land model's business); every water hex
    next to one of ``water_beside`` is closed; a line leaves a hex of ``exits`` only by the
    directions given for it (0 = E, clockwise, as :data:`~tuicamp.model.hexes.DIRECTION_NAMES`),
    by land, onto water or onto a side alike: a hex whose sides are held one by one
    (R-SU-8), left only by a friendly side (R-SU-9).
    """

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    hexes: frozenset[Hex] = field(default=frozenset(), converter=_hex_set)
    sides: frozenset[Hexside] = field(default=frozenset(), converter=_side_set)
    water_beside: frozenset[Hex] = field(default=frozenset(), converter=_hex_set)
    exits: dict[Hex, frozenset[int]] = field(factory=dict, converter=_exits, hash=False)

    @classmethod
    def around(
        cls, hexes: Iterable[Hex], exits: Mapping[Hex, Iterable[int]] | None = None
    ) -> Closures:
        """The closures units in ``hexes`` make: their hexes are never entered, every side
        of them is closed, and so is every water hex next to them (R-SU-17)."""
        held = frozenset(hexes)
        sides = {Hexside(h, h.neighbour(d)) for h in held for d in range(6)}
        return cls(held, frozenset(sides), held, exits or {})


NO_CLOSURES = Closures()


def _price(what: str, name: str, value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"the {what} of {name!r} should be a number of MP, not {value!r}")
    if not (value >= 0 and math.isfinite(value)):
        raise ValueError(f"the {what} of {name!r} cannot be negative or endless ({value})")
    return float(value)


def _unknown(what: str, name: str, known: Iterable[str]) -> str:
    choices = sorted(known)
    close = difflib.get_close_matches(name, choices, n=1)
    hint = f"did you mean {close[0]!r}?" if close else f"known: {', '.join(choices)}"
    return f"unknown {what} {name!r} ({hint})"


def _waterway_prices(waterways: Mapping[str, float], hexmap: HexMap) -> dict[str, float]:
    """Hexside feature -> MP per side followed. A feature that is neither known nor on the
    map is refused: a typo would silently take every river off the supply network."""
    known = set(HEXSIDE_FEATURES) | set(hexmap.hexsides)
    out = {}
    for feature, cost in waterways.items():
        if feature not in known:
            raise ValueError(_unknown("hexside feature", feature, known) + " in the waterways")
        out[feature] = _price("cost per side", feature, cost)
    return out


def _water_letters(water: Mapping[str, float], hexmap: HexMap) -> dict[str, tuple[float, str]]:
    """Terrain letter -> (MP per water hex, the terrain's name), from prices keyed by
    terrain id or by letter (a letter the map uses, if the vocabulary does not know it)."""
    on_map = set("".join(hexmap.terrain))
    out: dict[str, tuple[float, str]] = {}
    for name, value in water.items():
        terrain = BY_ID.get(name) or BY_LETTER.get(name)
        if terrain is not None:
            letter, called = terrain.letter, terrain.id
        elif len(name) == 1 and name in on_map:
            letter, called = name, name
        else:
            raise ValueError(_unknown("terrain", name, BY_ID) + " in the water costs")
        out[letter] = (_price("water cost", name, value), called)
    return out


# --- geometry, shared by every network of one map size ---------------------------------------


@lru_cache(maxsize=16)
def _neighbour_table(width: int, height: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For every hex index, ``(direction, neighbour index)`` of its on-map neighbours."""
    table = []
    for row in range(height):
        steps = list(enumerate(_ODD_R_STEPS[row & 1]))
        for col in range(width):
            table.append(
                tuple(
                    (d, (row + dr) * width + col + dc)
                    for d, (dc, dr) in steps
                    if 0 <= col + dc < width and 0 <= row + dr < height
                )
            )
    return tuple(table)


# --- integer units -----------------------------------------------------------------------------


Raw = tuple[tuple[int, float, int], ...]  # (node, MP, direction it leaves a hex by, or -1)
Grouped = tuple[tuple[int, tuple[int, ...]], ...]  # (units, nodes at that price), cheapest first


def _group(edges: Iterable[tuple[int, int]]) -> Grouped:
    groups: dict[int, list[int]] = {}
    for node, units in edges:
        groups.setdefault(units, []).append(node)
    return tuple((units, tuple(groups[units])) for units in sorted(groups))


# --- the network ------------------------------------------------------------------------------


class _Restart(Exception):
    """A block compiled mid-search changed the unit or the ring: search again."""


@define(eq=False)
class _Core:
    """The map's nodes and their compiled edges, shared by a network and all its views.

    Hex ``i`` is node ``i``; waterway side ``k`` is node ``n + k``. ``out_raw[u]`` holds
    ``u``'s edges in MP with the direction each leaves a hex by, ``in_raw[v]`` the edges
    into ``v`` as ``(from, MP, direction)``; the grouped tables hold the same in units of
    ``2**-exponent`` MP. Tables fill a block at a time; ``version`` moves on whenever the
    unit or the dearest step changes, which voids every grouped table.
    """

    __repr__ = fields_repr

    land: CostModel
    width: int
    height: int
    water_price: list[float | None]  # per hex: its price as a water hex, None = land
    water_name: list[str]  # per hex: its terrain id when it is water
    side_hexes: list[tuple[int, int]]  # per side: its two hexes, in map order
    side_price: list[float]
    side_feature: list[str]
    hex_sides: list[tuple[tuple[int, int], ...]]  # per hex: (direction, side node)
    side_of: dict[tuple[int, int], int]  # (lower hex index, higher) -> side node
    exponent: int | None  # None: no power-of-two unit fits, searches count in floats
    dearest: float
    version: int = 0
    out_raw: list[Raw | None] = field(init=False)
    in_raw: list[Raw | None] = field(init=False)
    out_grouped: list[Grouped | None] = field(init=False)
    in_grouped: list[Grouped | None] = field(init=False)
    landable: bytearray = field(init=False)  # 0 unknown, 1 a land move enters it, 2 none does
    # Cost arrays, "not reached" between searches: a search takes one and gives it back
    # clean, so none pays for allocating or clearing one entry per node.
    unit_scratch: list[list[int]] = field(init=False, factory=list)
    float_scratch: list[list[float]] = field(init=False, factory=list)

    def __attrs_post_init__(self) -> None:
        total = self.nodes
        self.out_raw, self.in_raw = [None] * total, [None] * total
        self.out_grouped, self.in_grouped = [None] * total, [None] * total
        self.landable = bytearray(self.width * self.height)

    @property
    def hex_count(self) -> int:
        return self.width * self.height

    @property
    def nodes(self) -> int:
        return self.hex_count + len(self.side_price)

    # --- the moves, one by one (the reference every table is compiled from) -------------
    def can_land(self, j: int) -> bool:
        """May a line be in land hex ``j`` having come off the water? When a land move can
        enter it from some neighbour: the land model does not call it impassable."""
        known = self.landable[j]
        if not known:
            hexes = _hex_table(self.width, self.height)
            step, here = self.land.step_cost, hexes[j]
            ok = any(
                step(hexes[i], here) is not None
                for _, i in _neighbour_table(self.width, self.height)[j]
            )
            known = self.landable[j] = 1 if ok else 2
        return known == 1

    def hex_step(self, i: int, j: int) -> float | None:
        """Hex ``i`` to its neighbour ``j``: by land, onto water, or ashore; the cheapest."""
        hexes = _hex_table(self.width, self.height)
        best = self.land.step_cost(hexes[i], hexes[j])
        water = self.water_price[j]
        if water is not None:
            return water if best is None else min(best, water)
        if self.water_price[i] is not None and self.can_land(j):
            return 0.0  # ashore from a lake or the sea
        return best

    def off_side(self, j: int) -> float | None:
        """From a waterway side into its hex ``j``: ashore for 0, or onto a water hex."""
        water = self.water_price[j]
        if water is not None:
            return water
        return 0.0 if self.can_land(j) else None

    def corner_sides(self, k: int) -> list[int]:
        """The waterway sides that share a corner with side ``k``, in a fixed order."""
        a, b = self.side_hexes[k]
        hexes = _hex_table(self.width, self.height)
        ha, hb = hexes[a], hexes[b]
        d = ha.direction_to(hb)
        assert d is not None  # a side's hexes are neighbours
        out = []
        for third in (ha.neighbour(d - 1), ha.neighbour(d + 1)):  # the hex at each corner
            if not (0 <= third.col < self.width and 0 <= third.row < self.height):
                continue
            t = third.row * self.width + third.col
            for end in (a, b):
                s = self.side_of.get((end, t) if end < t else (t, end))
                if s is not None:
                    out.append(s)
        return out

    # --- compiling ----------------------------------------------------------------------
    def _out_edges(self, u: int) -> Raw:
        n = self.hex_count
        edges: list[tuple[int, float, int]] = []
        if u < n:
            for d, j in _neighbour_table(self.width, self.height)[u]:
                cost = self.hex_step(u, j)
                if cost is not None:
                    edges.append((j, cost, d))
            for d, s in self.hex_sides[u]:
                edges.append((s, self.side_price[s - n], d))
        else:
            k = u - n
            for j in self.side_hexes[k]:
                cost = self.off_side(j)
                if cost is not None:
                    edges.append((j, cost, _NO_DIRECTION))
            for s in self.corner_sides(k):
                edges.append((n + s, self.side_price[s], _NO_DIRECTION))
        return tuple(edges)

    def _in_edges(self, v: int) -> Raw:
        """The edges into ``v`` as ``(from, MP, direction they leave their hex by)``."""
        n = self.hex_count
        edges: list[tuple[int, float, int]] = []
        if v < n:
            for d, i in _neighbour_table(self.width, self.height)[v]:
                cost = self.hex_step(i, v)
                if cost is not None:
                    edges.append((i, cost, (d + 3) % 6))
            off = self.off_side(v)
            if off is not None:
                for _, s in self.hex_sides[v]:
                    edges.append((s, off, _NO_DIRECTION))
        else:
            k = v - n
            price = self.side_price[k]
            a, b = self.side_hexes[k]
            hexes = _hex_table(self.width, self.height)
            towards_b = hexes[a].direction_to(hexes[b])
            assert towards_b is not None
            edges.append((a, price, towards_b))
            edges.append((b, price, (towards_b + 3) % 6))
            for s in self.corner_sides(k):
                edges.append((n + s, price, _NO_DIRECTION))
        return tuple(edges)

    def _block(self, u: int) -> range:
        lo = u - u % _BLOCK
        return range(lo, min(lo + _BLOCK, self.nodes))

    def raw(self, u: int, towards: bool) -> Raw:
        """The edges of node ``u`` (into it when ``towards``), compiling its block."""
        table = self.in_raw if towards else self.out_raw
        edges = table[u]
        if edges is None:
            make = self._in_edges if towards else self._out_edges
            block = self._block(u)
            fresh = [make(x) for x in block]
            table[block.start : block.stop] = fresh
            self._take_prices(c for edges in fresh for _, c, _ in edges)
            edges = fresh[u - block.start]
        return edges

    def _take_prices(self, costs: Iterable[float]) -> None:
        """Widen the unit and the ring to fit these prices; void the grouped tables if so."""
        distinct = set(costs)
        dearest = max(distinct, default=0.0)
        exponent: int | None = self.exponent
        if exponent is not None and not all(_fits(c, exponent) for c in distinct):
            finer = _exponent(distinct)
            exponent = None if finer is None else max(exponent, finer)
        if exponent is not None:
            widest = max(dearest, self.dearest) * (1 << exponent)
            if exponent > _MAX_EXPONENT or widest >= _MAX_RING:
                exponent = None
        if exponent != self.exponent or dearest > self.dearest:
            self.exponent = exponent
            self.dearest = max(dearest, self.dearest)
            self.out_grouped = [None] * self.nodes
            self.in_grouped = [None] * self.nodes
            self.version += 1

    def grouped(self, u: int, towards: bool) -> Grouped:
        """Node ``u``'s edges in units, grouped by price (its block at once)."""
        block = self._block(u)
        raws = [self.raw(x, towards) for x in block]
        if self.exponent is None:  # these prices fit no unit: the search goes on in floats
            raise _Restart
        scale = self.scale
        table = self.in_grouped if towards else self.out_grouped  # raw() may have voided it
        table[block.start : block.stop] = [
            _group((node, int(cost * scale)) for node, cost, _ in edges) for edges in raws
        ]
        out = table[u]
        assert out is not None
        return out

    @property
    def scale(self) -> int:
        assert self.exponent is not None
        return 1 << self.exponent


@frozen(eq=False)
class _Barriers:
    """A view's closures as nodes: ``blocked`` are never entered; ``out_only`` replaces the
    edges of a node (in MP, with their directions) where an exit rule removes some."""

    __repr__ = fields_repr

    blocked: frozenset[int]
    out_only: dict[int, Raw]  # lines run from the starts
    in_only: dict[int, Raw]  # lines run to the starts


class SideNetwork:
    """A map's hexes and waterway sides as one graph, with one set of closures.

    Build it once per map and land cost model with :meth:`from_map`; each question with
    other closures takes :meth:`with_closures`, a view that shares every compiled table.
    Do not change the map or the land model once the network is built.
    """

    def __init__(self, core: _Core, closures: Closures) -> None:
        self._core = core
        self.closures = closures
        self._barriers = _barriers(core, closures)
        self._units: dict[tuple[bool, int], dict[int, Grouped]] = {}

    @classmethod
    def from_map(
        cls,
        hexmap: HexMap,
        land: CostModel,
        waterways: Mapping[str, float] | None = None,
        water: Mapping[str, float] | None = None,
        closures: Closures = NO_CLOSURES,
    ) -> SideNetwork:
        """The network of ``hexmap``: land legs priced by ``land`` (built from this map),
        ``waterways`` (hexside feature -> MP per side followed: river 0.5, stream 1) and
        ``water`` (terrain id or letter -> MP per water hex entered: lake 1, sea 1).

        A side with several waterways is followed at the cheapest; a terrain priced in
        ``water`` is a water hex whatever the land model says of it.
        """
        if (land.width, land.height) != (hexmap.width, hexmap.height):
            raise ValueError(
                f"the land cost model is {land.width} x {land.height}, "
                f"the map {hexmap.width} x {hexmap.height}"
            )
        width, height = hexmap.width, hexmap.height
        ways = _waterway_prices(waterways or {}, hexmap)
        by_letter = _water_letters(water or {}, hexmap)
        water_price: list[float | None] = []
        water_name: list[str] = []
        for line in hexmap.terrain:
            for letter in line:
                price, called = by_letter.get(letter, (None, ""))
                water_price.append(price)
                water_name.append(called)
        cheapest: dict[Hexside, tuple[float, str]] = {}
        for feature in sorted(ways):
            for side in hexmap.hexsides.get(feature, ()):
                if hexmap.contains(side.a) and hexmap.contains(side.b):
                    offer = (ways[feature], feature)
                    cheapest[side] = min(cheapest.get(side, offer), offer)
        ordered = sorted(cheapest, key=lambda s: (s.a.row, s.a.col, s.b.row, s.b.col))
        n = width * height
        side_hexes = [(hexmap.index(s.a), hexmap.index(s.b)) for s in ordered]
        hex_sides: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        side_of: dict[tuple[int, int], int] = {}
        for k, (s, (a, b)) in enumerate(zip(ordered, side_hexes, strict=True)):
            side_of[(a, b) if a < b else (b, a)] = k
            d = s.a.direction_to(s.b)
            assert d is not None
            hex_sides[a].append((d, n + k))
            hex_sides[b].append(((d + 3) % 6, n + k))
        prices = [cheapest[s][0] for s in ordered]
        known = {c for c in water_price if c is not None} | set(prices)
        core = _Core(
            land=land,
            width=width,
            height=height,
            water_price=water_price,
            water_name=water_name,
            side_hexes=side_hexes,
            side_price=prices,
            side_feature=[cheapest[s][1] for s in ordered],
            hex_sides=[tuple(sorted(x)) for x in hex_sides],
            side_of=side_of,
            exponent=0,
            dearest=0.0,
        )
        core._take_prices(known)
        return cls(core, closures)

    def with_closures(self, closures: Closures) -> SideNetwork:
        """The same network under other closures (replacing these), sharing its tables."""
        return SideNetwork(self._core, closures)

    # --- lookups ------------------------------------------------------------------------
    @property
    def width(self) -> int:
        return self._core.width

    @property
    def height(self) -> int:
        return self._core.height

    def side_cost(self, side: Hexside) -> float | None:
        """The MP to follow this side, or None when it carries no waterway."""
        k = self._side_node(side)
        return None if k is None else self._core.side_price[k - self._core.hex_count]

    def water_cost(self, h: Hex) -> float | None:
        """The MP to enter this hex as water, or None when it is land (or off the map)."""
        i = self.index_of(h)
        return None if i is None else self._core.water_price[i]

    def index_of(self, h: Hex) -> int | None:
        col, row = h.col, h.row
        if 0 <= col < self.width and 0 <= row < self.height:
            return row * self.width + col
        return None

    def _side_node(self, side: Hexside) -> int | None:
        a, b = self.index_of(side.a), self.index_of(side.b)
        if a is None or b is None:
            return None
        k = self._core.side_of.get((a, b) if a < b else (b, a))
        return None if k is None else self._core.hex_count + k

    def _require_index(self, h: Hex) -> int:
        i = self.index_of(h)
        if i is None:
            raise ValueError(f"{h} is not on the {self.width} x {self.height} map")
        return i

    def _indices(self, hexes: Iterable[Hex]) -> list[int]:
        return sorted({i for h in hexes if (i := self.index_of(h)) is not None})

    def _overrides(self, towards: bool) -> dict[int, Grouped]:
        """The exit rules' replacement edges, in the network's current units."""
        core = self._core
        key = (towards, core.version)
        found = self._units.get(key)
        if found is None:
            raws = self._barriers.in_only if towards else self._barriers.out_only
            scale = core.scale
            found = {
                u: _group((node, int(cost * scale)) for node, cost, _ in edges)
                for u, edges in raws.items()
            }
            self._units = {key: found}
        return found


def _barriers(core: _Core, closures: Closures) -> _Barriers:
    """Turn closures into blocked nodes and the edge lists an exit rule shortens."""
    width, height, n = core.width, core.height, core.hex_count

    def index(h: Hex) -> int | None:
        return h.row * width + h.col if 0 <= h.col < width and 0 <= h.row < height else None

    blocked: set[int] = set()
    for h in closures.hexes:
        i = index(h)
        if i is not None:
            blocked.add(i)
    for side in closures.sides:
        a, b = index(side.a), index(side.b)
        if a is not None and b is not None:
            k = core.side_of.get((a, b) if a < b else (b, a))
            if k is not None:
                blocked.add(n + k)
    for h in closures.water_beside:
        i = index(h)
        if i is None:
            continue
        for _, j in _neighbour_table(width, height)[i]:
            if core.water_price[j] is not None:
                blocked.add(j)
    out_only: dict[int, Raw] = {}
    in_only: dict[int, Raw] = {}
    for h, allowed in sorted(closures.exits.items()):
        u = index(h)
        if u is None:
            continue
        edges = core.raw(u, towards=False)
        out_only[u] = tuple(e for e in edges if e[2] in allowed)
        for v, _, d in edges:
            if d not in allowed:
                into = in_only.get(v, core.raw(v, towards=True))
                in_only[v] = tuple(e for e in into if e[0] != u)
    # Lines *to* the starts read the edges backwards: a node never entered has none.
    for b in blocked:
        in_only[b] = ()
    return _Barriers(frozenset(blocked), out_only, in_only)


# --- results ----------------------------------------------------------------------------------


class StepKind(enum.Enum):
    """How a line got to the node of one step."""

    START = "start"  # where the line begins
    LAND = "land"  # into a hex by land, priced by the land model
    WATER = "water"  # into a water hex (lake, sea)
    SIDE = "side"  # along a waterway hexside
    ASHORE = "ashore"  # off the water into a land hex, at no cost


@frozen
class LineStep:
    """One step of a line: into a hex, or along a waterway side (``side``, as seen from
    the hex the line follows it from, so a renderer draws it on that hex's side cell)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    kind: StepKind
    hex: Hex | None  # the hex entered; None on a side step
    side: SideOf | None  # the side followed; None on a hex step
    what: str  # the waterway or water terrain (river, lake); "" on land
    cost: float  # MP of this step
    total: float  # MP of the line up to and including this step

    def label(self, width: int = 2) -> str:
        if self.side is not None:
            return f"{self.what} {self.side.label(width)}"
        assert self.hex is not None
        name = self.hex.label(width)
        return f"{self.what} {name}" if self.what else name


@frozen
class SideLine:
    """A line from its first hex to its last, step by step, hexes and sides."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    steps: tuple[LineStep, ...]

    @property
    def cost(self) -> float:
        return self.steps[-1].total

    @property
    def start(self) -> Hex:
        first = self.steps[0].hex
        assert first is not None  # a line starts in a hex
        return first

    @property
    def end(self) -> Hex:
        last = self.steps[-1].hex
        assert last is not None  # and ends in one
        return last

    @property
    def hexes(self) -> list[Hex]:
        """The hexes the line is in, in order (a side step is in none)."""
        return [s.hex for s in self.steps if s.hex is not None]

    def label(self, width: int = 2) -> str:
        """``0304 -> river 0304/NE -> river 0405/NW -> 0506``, for a status line."""
        return " -> ".join(step.label(width) for step in self.steps)


@define
class _Found:
    __repr__ = fields_repr
    __eq__ = fields_eq

    order: list[int]  # nodes as settled, cheapest first
    costs: list[float]  # of each, in MP
    prev: dict[int, int]  # node -> the node it was reached from (when tracked)
    found: int | None  # the first ``stop`` node settled


class SideReach:
    """What one search found: the cost of every reached hex, its nearest start, its line."""

    def __init__(
        self, network: SideNetwork, starts: list[int], towards: bool, found: _Found
    ) -> None:
        self._network, self._towards, self._found = network, towards, found
        self._starts = starts
        self._cost_of: dict[int, float] | None = None
        self._hexes = _hex_table(network.width, network.height)
        self._n = network._core.hex_count

    @property
    def _cost(self) -> dict[int, float]:
        if self._cost_of is None:
            self._cost_of = dict(zip(self._found.order, self._found.costs, strict=True))
        return self._cost_of

    @property
    def towards(self) -> bool:
        """Do the lines run to the starts (True) or from them?"""
        return self._towards

    def costs(self) -> dict[Hex, float]:
        """Every reached hex with its cheapest cost, cheapest first (starts at 0)."""
        hexes, n = self._hexes, self._n
        return {
            hexes[i]: c for i, c in zip(self._found.order, self._found.costs, strict=True) if i < n
        }

    def cost(self, h: Hex) -> float | None:
        i = self._network.index_of(h)
        return None if i is None else self._cost.get(i)

    def nearest(self) -> dict[Hex, tuple[float, Hex]]:
        """Every reached hex: its cost and the start its cheapest line leads from (or to)."""
        found = self._found
        prev, hexes, n = found.prev, self._hexes, self._n
        root: dict[int, int] = {s: s for s in self._starts}
        for i in found.order:  # in settle order, a node's predecessor came first
            if i not in root:
                root[i] = root[prev[i]]
        return {
            hexes[i]: (cost, hexes[root[i]])
            for i, cost in zip(found.order, found.costs, strict=True)
            if i < n
        }

    def line(self, h: Hex) -> SideLine | None:
        """The cheapest line between ``h`` and its nearest start, in the direction lines
        run (from the start to ``h``, or with ``towards`` from ``h`` to the start)."""
        i = self._network.index_of(h)
        if i is None or i not in self._cost:
            return None
        chain = [i]
        prev = self._found.prev
        while chain[-1] in prev:
            chain.append(prev[chain[-1]])
        if not self._towards:
            chain.reverse()
        return _line(self._network, chain, [self._cost[x] for x in chain], self._towards)


def _line(network: SideNetwork, chain: list[int], totals: list[float], towards: bool) -> SideLine:
    """Steps of the node chain ``chain`` (in the line's own order) with the search's costs.

    With ``towards`` the totals count down to the start: the line's own totals are the
    first node's cost minus each node's.
    """
    core = network._core
    n = core.hex_count
    hexes = _hex_table(core.width, core.height)
    if towards:
        first = totals[0]
        totals = [first - t for t in totals]
    steps: list[LineStep] = []
    # A side is named from the bank the line follows it on: the hex it came from, and
    # along the waterway the hex on that same bank. Where two sides meet at a corner, the
    # river bends around one of the three hexes there; the other two share a bank.
    bank = across = -1
    for x, (node, total) in enumerate(zip(chain, totals, strict=True)):
        cost = total - totals[x - 1] if x else 0.0
        if node >= n:
            k = node - n
            a, b = core.side_hexes[k]
            before = chain[x - 1]
            if before < n:
                bank = before
            elif bank not in (a, b):  # the bend is around the hex across: cross over it
                bank = b if a == across else a
            across = b if bank == a else a
            side = SideOf.between(hexes[bank], hexes[across])
            steps.append(LineStep(StepKind.SIDE, None, side, core.side_feature[k], cost, total))
            continue
        water = core.water_price[node] is not None
        if not x:
            kind = StepKind.START
        elif water:
            kind = StepKind.WATER
        elif chain[x - 1] >= n or core.water_price[chain[x - 1]] is not None:
            kind = StepKind.ASHORE  # off a side or a water hex: always for nothing
        else:
            kind = StepKind.LAND
        what = core.water_name[node] if water else ""
        steps.append(LineStep(kind, hexes[node], None, what, cost, total))
    return SideLine(tuple(steps))


# --- the search engine ------------------------------------------------------------------------


def _check_budget(budget: float) -> float:
    if not budget >= 0:
        raise ValueError(f"a budget cannot be negative ({budget})")
    return budget + EPSILON


def _search(
    network: SideNetwork,
    starts: list[int],
    budget: float,
    towards: bool,
    stop: set[int] | None = None,
    track: bool = False,
) -> _Found:
    limit = _check_budget(budget)
    core = network._core
    while True:
        try:
            if core.exponent is None:
                return _search_floats(network, starts, limit, towards, stop, track)
            return _search_units(network, starts, limit, towards, stop, track)
        except _Restart:
            continue  # the tables grew a finer unit or a longer ring: go again on them


def _search_units(
    network: SideNetwork,
    starts: list[int],
    limit: float,
    towards: bool,
    stop: set[int] | None,
    track: bool,
) -> _Found:
    """Dial's algorithm in units of ``2**-exponent`` MP, on a ring one longer than the
    dearest step, so every queued node lies within one ring-length of the current cost."""
    core = network._core
    version = core.version
    scale = core.scale
    size = math.floor(core.dearest * scale) + 1
    table = core.in_grouped if towards else core.out_grouped
    compile_ = core.grouped
    overrides = network._overrides(towards)
    barred = () if towards else network._barriers.blocked
    pool = core.unit_scratch
    dist = pool.pop() if pool else [_FAR] * core.nodes
    lim = math.floor(limit * scale) if limit != math.inf else _FAR - 1
    ring: list[list[int]] = [[] for _ in range(size)]
    order: list[int] = []
    prev: dict[int, int] = {}
    found: int | None = None
    try:
        for b in barred:
            dist[b] = -1
        for s in starts:
            if dist[s] != 0:
                dist[s] = 0
                ring[0].append(s)
        settle = order.append
        d = idle = 0
        if stop is None and not track:
            # Costs alone, the most frequent question (a preview under the cursor, a
            # unit's range): the loop below without the branches it does not need.
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
                    edges = overrides.get(i) if overrides else None
                    if edges is None:
                        edges = table[i]
                        if edges is None:
                            edges = compile_(i, towards)
                            if core.version != version:
                                raise _Restart
                            table = core.in_grouped if towards else core.out_grouped
                    for c, group in edges:
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
            for i in bucket:  # grows while read: steps that cost nothing land here
                if dist[i] != d:
                    continue  # reached again more cheaply since
                settle(i)
                if stop is not None and i in stop:
                    found = i
                    break
                edges = overrides.get(i) if overrides else None
                if edges is None:
                    edges = table[i]
                    if edges is None:
                        edges = compile_(i, towards)
                        if core.version != version:
                            raise _Restart
                        table = core.in_grouped if towards else core.out_grouped
                for c, group in edges:  # cheapest first: the rest cost more still
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
            if found is not None:
                break
            bucket.clear()
            d += 1
        # Nodes settle cheapest first, so the last holds the dearest cost: a table of the
        # few distinct values saves making a float per node.
        unit = 1.0 / scale
        dearest = dist[order[-1]] if order else 0
        if dearest <= _MAX_RING:
            values = [u * unit for u in range(dearest + 1)]
            costs = [values[dist[i]] for i in order]
        else:
            costs = [dist[i] * unit for i in order]
    finally:
        for i in order:
            dist[i] = _FAR
        for bucket in ring:
            for i in bucket:
                dist[i] = _FAR
        for b in barred:
            dist[b] = _FAR
        for s in starts:
            dist[s] = _FAR
        pool.append(dist)
    return _Found(order, costs, prev, found)


def _search_floats(
    network: SideNetwork,
    starts: list[int],
    limit: float,
    towards: bool,
    stop: set[int] | None,
    track: bool,
) -> _Found:
    """The fallback for prices that are no power-of-two fraction of an MP: float costs on
    a heap, equal costs settled in the order they were reached."""
    core = network._core
    barriers = network._barriers
    overrides = barriers.in_only if towards else barriers.out_only
    barred = () if towards else barriers.blocked
    raw = core.raw
    pool = core.float_scratch
    dist = pool.pop() if pool else [math.inf] * core.nodes
    order: list[int] = []
    costs: list[float] = []
    prev: dict[int, int] = {}
    found: int | None = None
    heap: list[tuple[float, int, int]] = []
    seen: list[int] = []
    count = 0
    try:
        for b in barred:
            dist[b] = -math.inf
        for s in starts:
            if dist[s] != 0.0:
                dist[s] = 0.0
                heap.append((0.0, count, s))
                count += 1
        while heap:
            d, _, i = heappop(heap)
            if dist[i] != d:
                continue  # reached again more cheaply since, or settled
            order.append(i)
            costs.append(d)
            dist[i] = math.nan  # settled: compares as reached for less than anything
            if stop is not None and i in stop:
                found = i
                break
            edges = overrides.get(i)
            if edges is None:
                edges = raw(i, towards)
            for j, c, _ in edges:
                nd = d + c
                if nd <= limit and nd < dist[j]:
                    dist[j] = nd
                    seen.append(j)
                    if track:
                        prev[j] = i
                    heappush(heap, (nd, count, j))
                    count += 1
    finally:
        for i in (*order, *seen, *barred, *starts):
            dist[i] = math.inf
        pool.append(dist)
    return _Found(order, costs, prev, found)


# --- the public searches ----------------------------------------------------------------------


def search_sides(
    network: SideNetwork, starts: Iterable[Hex], budget: float, towards: bool = False
) -> SideReach:
    """Every hex a line from (or with ``towards``, to) one of ``starts`` reaches for at most
    ``budget`` MP, with its nearest start and its cheapest line. Off-map starts are ignored;
    starts are taken in index order, so their order does not change the answer."""
    starts_ = network._indices(starts)
    found = _search(network, starts_, budget, towards, track=True)
    return SideReach(network, starts_, towards, found)


def side_reachable(network: SideNetwork, start: Hex, budget: float) -> dict[Hex, float]:
    """Every hex a line from ``start`` reaches for at most ``budget``, with its cost (the
    start at 0): the move preview or a fleet's range, with no lines kept."""
    found = _search(network, [network._require_index(start)], budget, False)
    hexes, n = _hex_table(network.width, network.height), network._core.hex_count
    return {hexes[i]: c for i, c in zip(found.order, found.costs, strict=True) if i < n}


def side_multi_source(
    network: SideNetwork, sources: Iterable[Hex], budget: float, towards: bool = False
) -> dict[Hex, tuple[float, Hex]]:
    """For every hex within ``budget`` of a source: the cost and that nearest source.

    With ``towards`` the lines run from each hex *to* its source: every unit's supply line
    back to the nearest castle, in one search.
    """
    return search_sides(network, sources, budget, towards).nearest()


def cheapest_line(
    network: SideNetwork, start: Hex, goals: Iterable[Hex], budget: float = math.inf
) -> SideLine | None:
    """The cheapest line from ``start`` to the nearest of ``goals`` within ``budget``, or
    None; the search stops at the first goal it settles. A start that is a goal gives a
    line of one step."""
    s = network._require_index(start)
    wanted = set(network._indices(goals))
    if not wanted:
        return None
    found = _search(network, [s], budget, False, stop=wanted, track=True)
    if found.found is None:
        return None
    cost = dict(zip(found.order, found.costs, strict=True))
    chain = [found.found]
    while chain[-1] != s:
        chain.append(found.prev[chain[-1]])
    chain.reverse()
    return _line(network, chain, [cost[x] for x in chain], False)
