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
    wet = {_pair(s.a, s.b) for w in waterways for s in land.sides.get(w, [])}
    paved: set[tuple[Hex, Hex]] = set()
    for a, b in _tree(towns):
        path = _route(land, a, b, wet, paved)
        if path is None:
            continue
        for x, y in itertools.pairwise(path):
            side = Hexside(x, y)
            paved.add(_pair(x, y))
            land.add_side(road, side)
            if _pair(x, y) in wet and bridge is not None:
                land.add_side(bridge, side)


def _pair(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    """A side as a plain pair, cheaper than a Hexside in a search's inner loop; ordered
    by the coordinates themselves (a Hex's own ``<`` builds two tuples a call, and a
    200 x 200 map asks some 350,000 times)."""
    return (a, b) if (a.q, a.r) < (b.q, b.r) else (b, a)


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
    land: Land,
    start: Hex,
    goal: Hex,
    wet: set[tuple[Hex, Hex]],
    paved: set[tuple[Hex, Hex]],
) -> list[Hex] | None:
    """The cheapest line of land hexes from ``start`` to ``goal`` (A*), None if the water
    parts them."""
    best = {start: 0}
    came: dict[Hex, Hex] = {}
    ground, gq, gr = land.ground, goal.q, goal.r
    todo = [(start.distance(goal) * ON_ROAD, 0, start.row, start.col, start)]
    # The inner loop asks for a hex's ground, water and distance to the goal some million
    # times on a 200 x 200 map: they are read off the sheet here, not asked of it.
    while todo:
        _, cost, _, _, here = heapq.heappop(todo)
        if here == goal:
            path = [here]
            while path[-1] in came:
                path.append(came[path[-1]])
            return path[::-1]
        if cost > best.get(here, cost):
            continue
        hq, hr = here.q, here.r
        for n in land.neighbours(here):
            kind = ground[n]
            if kind in WATER:
                continue
            side = (here, n) if (hq, hr) < (n.q, n.r) else (n, here)  # as _pair makes it
            step = ON_ROAD if side in paved else STEP_COST[kind]
            step += OVER_WATER if side in wet else 0
            total = cost + step
            if total > LONGEST:
                continue
            if total < best.get(n, total + 1):
                best[n] = total
                came[n] = here
                dq, dr = n.q - gq, n.r - gr
                away = (abs(dq) + abs(dr) + abs(dq + dr)) // 2  # n.distance(goal)
                heapq.heappush(todo, (total + away * ON_ROAD, total, n.r, n.col, n))
    return None
