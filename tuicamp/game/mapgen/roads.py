"""Roads between settlements: the shortest web that joins them, each road laid over easy
ground, with a bridge wherever it crosses a river or a stream.

Which settlements a road joins is a minimum spanning tree (Kruskal) over pairs no more
than ROAD_REACH apart, so neighbours are joined and a road never runs the length of the
map; each road then follows the cheapest way over land (A*), open ground before forest,
hills and swamp, mountains last, and sides already on a road cheap, so roads share.
"""

from __future__ import annotations

import heapq
import itertools

from tuicamp.game.mapgen.land import CLEAR, FOREST, HILLS, MOUNTAINS, SWAMP, WATER, Land
from tuicamp.model.hexes import Hex, Hexside

ROAD_REACH = 9  # hexes: settlements farther apart are not joined directly
STEP_COST = {CLEAR: 2, FOREST: 4, HILLS: 4, SWAMP: 6, MOUNTAINS: 10}
ON_ROAD = 1  # a side already on a road
OVER_WATER = 3  # a side on a river or stream: a bridge to build
CELL = ROAD_REACH  # the buckets candidate pairs are found in
LONGEST = ROAD_REACH * STEP_COST[MOUNTAINS]  # a dearer way is no road worth laying


def lay_roads(
    land: Land, towns: list[Hex], road: str | None, bridge: str | None, waterways: list[str]
) -> None:
    """Join ``towns`` by roads on ``land`` (as ``road`` sides, ``bridge`` on waterways)."""
    if road is None or len(towns) < 2:
        return
    sheet = _Sheet(land)
    wet = {sheet.side(s.a, s.b) for w in waterways for s in land.sides.get(w, [])}
    paved: set[int] = set()
    for a, b in _tree(towns):
        path = _route(sheet, sheet.index[a], sheet.index[b], wet, paved)
        if path is None:
            continue
        for x, y in itertools.pairwise(path):
            side = Hexside(sheet.hexes[x], sheet.hexes[y])
            paved.add(sheet.side_of(x, y))
            land.add_side(road, side)
            if sheet.side_of(x, y) in wet and bridge is not None:
                land.add_side(bridge, side)


class _Sheet:
    """The land as the road search reads it: each hex by its number (its place in the
    map's order), its ground's step cost (None on water), its neighbours' numbers and its
    axial coordinates, and a side as one number. A search on a 200 x 200 map looks these
    up some million times, and plain ints hash in C where a hex's hash is a call."""

    def __init__(self, land: Land) -> None:
        self.hexes = land.hexes
        self.index = {h: i for i, h in enumerate(self.hexes)}
        self.count = len(self.hexes)
        self.cost = [
            None if land.ground[h] in WATER else STEP_COST[land.ground[h]] for h in self.hexes
        ]
        self.around = [[self.index[n] for n in land.neighbours(h)] for h in self.hexes]
        self.q = [h.q for h in self.hexes]
        self.r = [h.r for h in self.hexes]
        self.col = [h.col for h in self.hexes]

    def side_of(self, i: int, j: int) -> int:
        """The side between hexes ``i`` and ``j``, the same number either way round."""
        return i * self.count + j if i < j else j * self.count + i

    def side(self, a: Hex, b: Hex) -> int:
        return self.side_of(self.index[a], self.index[b])


def _tree(towns: list[Hex]) -> list[tuple[Hex, Hex]]:
    """The pairs of a minimum spanning forest over pairs within reach."""
    buckets: dict[tuple[int, int], list[int]] = {}
    for i, h in enumerate(towns):
        buckets.setdefault((h.col // CELL, h.row // CELL), []).append(i)
    pairs = []
    for i, h in enumerate(towns):
        bx, by = h.col // CELL, h.row // CELL
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for j in buckets.get((bx + dx, by + dy), []):
                    d = h.distance(towns[j])
                    if i < j and d <= ROAD_REACH:
                        pairs.append((d, i, j))
    pairs.sort()
    parent = list(range(len(towns)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    out = []
    for _, i, j in pairs:
        ri, rj = root(i), root(j)
        if ri != rj:
            parent[ri] = rj
            out.append((towns[i], towns[j]))
    return out


def _route(
    sheet: _Sheet, start: int, goal: int, wet: set[int], paved: set[int]
) -> list[int] | None:
    """The cheapest line of land hexes from ``start`` to ``goal`` (A*), as hex numbers;
    None if the water parts them. Ties go to the hex first by row, then column."""
    best = {start: 0}
    came: dict[int, int] = {}
    cost_of, around, qs, rs, cols = sheet.cost, sheet.around, sheet.q, sheet.r, sheet.col
    count = sheet.count
    gq, gr = qs[goal], rs[goal]

    def away(i: int) -> int:
        dq, dr = qs[i] - gq, rs[i] - gr
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    todo = [(away(start) * ON_ROAD, 0, rs[start], cols[start], start)]
    while todo:
        _, cost, _, _, here = heapq.heappop(todo)
        if here == goal:
            path = [here]
            while path[-1] in came:
                path.append(came[path[-1]])
            return path[::-1]
        if cost > best.get(here, cost):
            continue
        for n in around[here]:
            ground = cost_of[n]
            if ground is None:
                continue
            side = here * count + n if here < n else n * count + here
            step = ON_ROAD if side in paved else ground
            step += OVER_WATER if side in wet else 0
            total = cost + step
            if total > LONGEST:
                continue
            if total < best.get(n, total + 1):
                best[n] = total
                came[n] = here
                heapq.heappush(todo, (total + away(n) * ON_ROAD, total, rs[n], cols[n], n))
    return None
