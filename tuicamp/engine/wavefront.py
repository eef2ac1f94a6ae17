"""The multi-source search as a wavefront over numpy arrays: supply from many sources at once.

Why numpy: a supply check settles every hex within reach of dozens of sources (ten thousand
on a 200 x 200 map), and in pure Python merely visiting each settled hex's edges once, doing
nothing with them, already takes longer than a tenth of networkx's own multi-source Dijkstra,
the goal (the pathing benchmark prints that floor). So the map's out-edges are compiled once
into arrays of six slots per hex, and the search settles one cost level at a time: every hex
of the level, with all its edges, in a handful of array operations, where Dial's algorithm
takes them one by one.

The search knows nothing of cost models: :mod:`tuicamp.engine.pathing` hands it integer
prices (units of its quantum) and reads its answer. Each hex's key is ``cost << shift |
rank`` of its source among the sorted sources, so a minimum orders by cost, then by source:
every hex keeps the first in map order of its nearest sources, as the single searches do.

numpy is imported inside the functions, never at the module's top: importing it takes a
tenth of a second, and ``tuicamp show`` and ``tuicamp play`` import the pathing module
without ever running a supply search.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from heapq import heappop, heappush
from typing import TYPE_CHECKING

from attrs import frozen

from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Ints = npt.NDArray[np.int64]

FAR = 1 << 62  # "not reached" in a key array
_SLOTS = 6  # a hex's neighbours, in DIRECTIONS order


@frozen
class EdgeGrid:
    """The out-edges of every hex of one price table, six slots a hex.

    ``targets[i, k]`` is the hex entered through slot ``k`` of hex ``i``, or ``n`` (one past
    the map, a hex no search ever enters) when there is no edge: off the map, impassable
    terrain or a blocking side. ``scaled`` is the entered hex's price times the side's
    factor and ``add`` the side's extra, in units; ``price`` is their sum.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    n: int
    targets: Ints
    scaled: Ints
    add: Ints
    price: Ints


@frozen
class Found:
    """What a wavefront search found: each hex's key (:data:`FAR` when not reached) and
    the reached hexes cheapest first, equal costs in map order."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    keys: Ints
    order: Ints
    shift: int


@lru_cache(maxsize=16)
def _geometry(width: int, height: int, steps: tuple[tuple[tuple[int, int], ...], ...]) -> Ints:
    """``(n, 6)`` neighbour indices of every hex (``n`` off the map), from the offset
    ``steps`` of even and odd rows. Never written to: every grid copies it."""
    import numpy as np

    n = width * height
    cols = np.tile(np.arange(width, dtype=np.int64), height)
    rows = np.repeat(np.arange(height, dtype=np.int64), width)
    table = np.full((n, _SLOTS), n, dtype=np.int64)
    odd = (rows & 1).astype(bool)
    for k in range(_SLOTS):
        dc = np.where(odd, steps[1][k][0], steps[0][k][0])
        dr = np.where(odd, steps[1][k][1], steps[0][k][1])
        c, r = cols + dc, rows + dr
        inside = (c >= 0) & (c < width) & (r >= 0) & (r < height)
        table[inside, k] = (r * width + c)[inside]
    table.setflags(write=False)
    return table


def _exact(values: npt.NDArray[np.float64]) -> Ints:
    """Whole numbers of units as integers (prices were checked against the quantum)."""
    import numpy as np

    if not np.all(values == np.floor(values)):
        raise AssertionError("a price is no whole number of the model's units")
    return values.astype(np.int64)


def _slots(targets: Ints, src: Ints, dst: Ints) -> tuple[Ints, Ints, Ints]:
    """The slot of ``dst[m]`` among ``src[m]``'s neighbours, for the pairs that are
    neighbours: (the pairs' positions, their sources, their slots)."""
    import numpy as np

    match = targets[src] == dst[:, None]
    found = np.flatnonzero(match.any(axis=1))
    return found, src[found], match[found].argmax(axis=1)


def compile_grid(
    width: int,
    height: int,
    steps: tuple[tuple[tuple[int, int], ...], ...],
    enter: Sequence[float | None],
    units: Sequence[int | None],
    sides: Mapping[tuple[int, int], tuple[float, float] | None],
    scale: int,
) -> EdgeGrid:
    """The edge grid of one price table: ``enter`` in MP and ``units`` (in ``1 / scale``
    MP) of each hex, and ``sides``: ``(low index, high index)`` -> ``(factor, add)``, or None
    when the side blocks. It prices each step as the compiled tables of the pathing module
    do (``_Compiled._unit_edges``), which the tests check hex by hex."""
    import numpy as np

    n = width * height
    geometry = _geometry(width, height, steps)
    own = np.array([-1 if u is None else u for u in units] + [-1], dtype=np.int64)
    scaled = own[geometry]
    targets = np.where(scaled >= 0, geometry, n)
    scaled[scaled < 0] = 0
    add = np.zeros_like(scaled)
    keyed = [(key, info) for key, info in sides.items() if key[0] < key[1]]
    if keyed:
        low = np.array([key[0] for key, _ in keyed], dtype=np.int64)
        high = np.array([key[1] for key, _ in keyed], dtype=np.int64)
        blocks = np.array([info is None for _, info in keyed])
        factor = np.array([1.0 if info is None else info[0] for _, info in keyed])
        extra = np.array([0.0 if info is None else info[1] for _, info in keyed])
        price = np.array([np.nan if c is None else c for c in enter] + [np.nan])
        for src, dst in ((low, high), (high, low)):
            at, i, k = _slots(geometry, src, dst)
            shut = blocks[at]
            targets[i[shut], k[shut]] = n
            j = dst[at]
            open_ = ~shut & (own[j] >= 0)  # an impassable hex has no edge to price
            at, i, k, j = at[open_], i[open_], k[open_], j[open_]
            scaled[i, k] = _exact(price[j] * factor[at] * scale)
            add[i, k] = _exact(extra[at] * scale)
    return EdgeGrid(n, targets, scaled, add, scaled + add)


def patch_grid(base: EdgeGrid, rules: Mapping[tuple[int, int], int | None]) -> EdgeGrid:
    """``base`` with per-side rules laid over it: directed ``(from, to)`` -> extra units,
    or None when the step is closed (``CostModel.with_side_rules``)."""
    import numpy as np

    targets, add = base.targets.copy(), base.add.copy()
    pairs = list(rules.items())
    if pairs:
        src = np.array([i for (i, _), _ in pairs], dtype=np.int64)
        dst = np.array([j for (_, j), _ in pairs], dtype=np.int64)
        at, i, k = _slots(base.targets, src, dst)
        extras = [pairs[m][1] for m in at.tolist()]
        shut = np.array([e is None for e in extras], dtype=bool)
        targets[i[shut], k[shut]] = base.n
        more = np.array([0 if e is None else e for e in extras], dtype=np.int64)
        np.add.at(add, (i[~shut], k[~shut]), more[~shut])
    return EdgeGrid(base.n, targets, base.scaled, add, base.scaled + add)


def nearest_sources(
    grid: EdgeGrid,
    starts: Sequence[int],
    lim: int,
    blocked: Iterable[int],
    multiplier: Ints | None = None,
    mult_scale: int = 1,
) -> Found:
    """Every hex within ``lim`` units of the sorted ``starts``: its key ``cost << shift |
    rank`` of the first in map order of its nearest sources.

    A step costs its ``price``, or with a per-hex ``multiplier`` (in units of ``1 /
    mult_scale``) ``scaled * multiplier[entered] + add * mult_scale``. Blocked hexes are
    never entered, though a source may stand in one.

    Each hex's cost level is kept beside its key, so a level's hexes are found by one
    comparison over the map (no buckets to keep, no stale or repeated entries), and only
    the levels some step reached are looked at. With positive prices a level's keys are
    final when it is reached; a step of zero units may still give a hex of the level an
    earlier source, so such hexes are relaxed again until nothing changes.
    """
    import numpy as np

    n = grid.n
    shift = (len(starts) - 1).bit_length()
    keys = np.full(n + 1, FAR, dtype=np.int64)
    cost = np.full(n + 1, -1, dtype=np.int64)  # each reached hex's level, or -1
    keys[n] = -1  # below every key: never improved, never entered
    shut = np.fromiter(blocked, dtype=np.int64)
    keys[shut] = -1
    first = np.array(starts, dtype=np.int64)
    closed = None
    if np.isin(first, shut).any():  # a source in a blocked hex: still never entered
        closed = np.zeros(n + 1, dtype=bool)
        closed[shut] = True
    keys[first] = np.arange(len(first), dtype=np.int64)
    cost[first] = 0
    cap = (lim + 1) << shift  # the keys of the dearest cost within the limit are below it
    levels, queued = [0], {0}
    targets, prices, scaled, add = grid.targets, grid.price, grid.scaled, grid.add
    settled: list[Ints] = []  # each level's hexes in map order: the answer's order
    free = False  # a free step reached a hex of the level after its level was read
    while levels:
        d = heappop(levels)
        front = np.flatnonzero(cost == d)
        settled.append(front)
        while front.size:
            to = targets[front]
            if multiplier is None:
                price = prices[front]
            else:
                price = scaled[front] * multiplier[to] + add[front] * mult_scale
            offered = keys[front][:, None] + (price << shift)
            better = (offered < cap) & (offered < keys[to])
            if closed is not None:
                better &= ~closed[to]
            to, offered = to[better], offered[better]
            np.minimum.at(keys, to, offered)
            level = keys[to] >> shift
            cost[to] = level
            steps = np.bincount(level - d)
            for step in np.flatnonzero(steps[1:]).tolist():
                if d + step + 1 not in queued:
                    queued.add(d + step + 1)
                    heappush(levels, d + step + 1)
            # a free step gave hexes of this level an earlier source: relax them again
            front = np.unique(to[level == d]) if steps.size and steps[0] else to[:0]
            free = free or bool(front.size)
    keys = keys[:n]
    if free:
        reached = np.flatnonzero(cost[:n] >= 0)
        order = reached[np.argsort(cost[reached], kind="stable")]
    else:
        order = np.concatenate(settled)
    keys[keys < 0] = FAR
    return Found(keys, order, shift)


def as_ints(values: Sequence[int]) -> Ints:
    """A list of integers as the array the search reads (a multiplier in units)."""
    import numpy as np

    return np.array(values, dtype=np.int64)
