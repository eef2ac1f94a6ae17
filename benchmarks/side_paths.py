"""Hexside pathing benchmark: tuicamp.engine.side_paths against networkx on a 200 x 200 map.

Run by hand (never part of the test suite, timings are machine-dependent)::

    python benchmarks/side_paths.py [--seed N] [--repeat R]

It builds a seeded random map with mixed terrain, lakes, a sea coast, rivers and streams
that run hexside to hexside (each side sharing a corner with the next, with bridges and
fords where roads need them) and roads; prices land legs with a hex-and-hexside table and
water with 1/2 MP per river side, 1 per stream side, 1 per lake or sea hex; closes what 50
hostile armies close (their hexes, their sides, the water beside them); and answers:

* supply previews: 500 units, each ``side_reachable(network, unit, 10)`` (every hex a line
  from the unit reaches, with its cost), against networkx's best single-source call with a
  cutoff, ``single_source_dijkstra_path_length``, on a DiGraph of the same nodes and edges
  built independently from the same rules; ``single_source_dijkstra`` (paths too) is shown
  for reference;
* supply: every unit's line *to* the nearest of 40 castles within 10 MP, answered by one
  ``search_sides(..., towards=True)`` (costs, nearest castle and every line), against
  networkx's own one call for it, ``multi_source_dijkstra`` on the reversed graph (its
  paths are the lines).

Every answer is checked against networkx (same reached hexes, same costs; each unit's
nearest castle really gives its cost) before any ratio is printed. Timing follows
``benchmarks/measure.py``: contenders interleaved, the median of ``--repeat`` runs, the
garbage collector paused; each row prints its goal and verdict (per search >= 2x faster
than networkx's best call, the supply question >= 2x faster than its multi-source call),
and the exit status is 1 if any goal was missed.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Iterable

import networkx as nx
from measure import Answers, Goal, Row, interleaved, medians, report

from tuicamp.engine.pathing import CostModel, HexsideRule
from tuicamp.engine.side_paths import (
    Closures,
    SideNetwork,
    search_sides,
    side_reachable,
)
from tuicamp.model.hexes import Hex, Hexside
from tuicamp.model.map import HexMap

WIDTH = HEIGHT = 200
UNITS = 500
CASTLES = 40
HOSTILE = 50
BUDGET = 10.0

TERRAIN_WEIGHTS = {".": 50, "f": 15, "h": 12, "m": 5, "s": 5, "l": 4}
TERRAIN_COSTS: dict[str, float | None] = {
    "clear": 1,
    "forest": 2,
    "hills": 2,
    "swamp": 3,
    "mountains": 3,
    # lake and sea are missing: impassable on land
}
HEXSIDE_RULES = {
    "stream": HexsideRule(add=1.0),
    "road": HexsideRule(factor=0.5),
    "river": HexsideRule(blocks=True, unless=("bridge", "ford")),
}
WATERWAYS = {"river": 0.5, "stream": 1.0}
WATER = {"lake": 1.0, "sea": 1.0}


# --- the map ---------------------------------------------------------------------------------


def build_map(rng: random.Random) -> HexMap:
    """Terrain in blobs, a sea along the west edge, then waterways, bridges and roads."""
    letters, weights = list(TERRAIN_WEIGHTS), list(TERRAIN_WEIGHTS.values())
    grid = [["."] * WIDTH for _ in range(HEIGHT)]
    for _ in range(WIDTH * HEIGHT // 12):
        letter = rng.choices(letters, weights)[0]
        centre = Hex.from_offset(rng.randrange(WIDTH), rng.randrange(HEIGHT))
        for h in centre.within(rng.choice((0, 1, 1, 2))):
            if 0 <= h.col < WIDTH and 0 <= h.row < HEIGHT:
                grid[h.row][h.col] = letter
    for row in range(HEIGHT):
        for col in range(rng.randint(2, 6)):
            grid[row][col] = "~"
    hexmap = HexMap(WIDTH, HEIGHT, ["".join(row) for row in grid])
    features: dict[str, dict[Hexside, None]] = {}  # ordered sets

    def add(feature: str, side: Hexside) -> None:
        features.setdefault(feature, {})[side] = None

    def on_map(h: Hex) -> bool:
        return 0 <= h.col < WIDTH and 0 <= h.row < HEIGHT

    def waterway(length: int, feature: str) -> None:
        """A chain of hexsides, each sharing a corner with the one before.

        The next side is a neighbour of this one on the hex across it (turning the other
        way each time, the chain runs straight) or, at a bend, on this same hex.
        """
        at = Hex.from_offset(rng.randrange(WIDTH), rng.randrange(HEIGHT))
        d, turn = rng.randrange(6), 1
        for _ in range(length):
            across = at.neighbour(d)
            if not on_map(across):
                d = (d + 3) % 6
                continue
            side = Hexside(at, across)
            add(feature, side)
            if feature == "river" and rng.random() < 0.1:
                add(rng.choice(("bridge", "ford")), side)
            if rng.random() < 0.85:
                turn = -turn
                at, d = across, (d + 3 - turn) % 6
            else:
                d = (d + rng.choice((1, -1))) % 6

    def road(length: int) -> None:
        at = Hex.from_offset(rng.randrange(WIDTH), rng.randrange(HEIGHT))
        heading = rng.randrange(6)
        for _ in range(length):
            heading = (heading + rng.choice((-1, 0, 0, 0, 1))) % 6
            nxt = at.neighbour(heading)
            if not on_map(nxt):
                heading = (heading + 3) % 6
                continue
            add("road", Hexside(at, nxt))
            at = nxt

    for _ in range(25):
        waterway(rng.randint(80, 300), "river")
    for _ in range(120):
        waterway(rng.randint(10, 60), "stream")
    for _ in range(60):
        road(rng.randint(30, 200))
    for side in features.get("river", {}):
        if side in features.get("road", {}) and rng.random() < 0.7:
            add("bridge", side)
    hexmap.hexsides = {feature: list(sides) for feature, sides in features.items()}
    hexmap.invalidate()
    return hexmap


# --- the same graph, for networkx, straight from the rules -----------------------------------


def build_graph(hexmap: HexMap, land: CostModel, closures: Closures) -> tuple[nx.DiGraph, int]:
    """The network's nodes and edges built from the rules, not from its tables.

    Hex ``i`` is node ``i``; waterway sides follow, in map order. Returns the graph and the
    number of hexes (nodes below it are hexes).
    """
    width, n = hexmap.width, hexmap.width * hexmap.height
    hexes = list(hexmap.hexes())
    water = {
        i: WATER[hexmap.terrain_at(h).id]
        for i, h in enumerate(hexes)
        if hexmap.terrain_at(h).id in WATER
    }
    price: dict[Hexside, float] = {}
    for feature, cost in WATERWAYS.items():
        for s in hexmap.hexsides.get(feature, ()):
            price[s] = min(cost, price.get(s, cost))
    sides = sorted(price, key=lambda s: (s.a.row, s.a.col, s.b.row, s.b.col))
    node_of = {s: n + k for k, s in enumerate(sides)}

    def index(h: Hex) -> int:
        return h.row * width + h.col

    def neighbours(h: Hex) -> Iterable[tuple[int, Hex]]:
        return ((d, x) for d in range(6) if hexmap.contains(x := h.neighbour(d)))

    landable = [
        i not in water and any(land.step_cost(x, h) is not None for _, x in neighbours(h))
        for i, h in enumerate(hexes)
    ]
    closed: set[int] = {index(h) for h in closures.hexes if hexmap.contains(h)}
    closed |= {node_of[s] for s in closures.sides if s in node_of}
    for h in closures.water_beside:
        closed |= {index(x) for _, x in neighbours(h) if index(x) in water}

    edges: list[tuple[int, int, float]] = []

    def edge(a: int, b: int, cost: float, leaving: Hex | None = None, d: int = 0) -> None:
        if b in closed:
            return
        if leaving is not None and leaving in closures.exits and d not in closures.exits[leaving]:
            return
        edges.append((a, b, cost))

    for i, h in enumerate(hexes):
        for d, x in neighbours(h):
            j = index(x)
            options = [c for c in (land.step_cost(h, x),) if c is not None]
            if j in water:
                options.append(water[j])
            elif i in water and landable[j]:
                options.append(0.0)
            if options:
                edge(i, j, min(options), h, d)
            s = Hexside(h, x)
            if s in node_of:
                edge(i, node_of[s], price[s], h, d)
    for s in sides:
        k = node_of[s]
        for h in (s.a, s.b):
            j = index(h)
            if j in water:
                edge(k, j, water[j])
            elif landable[j]:
                edge(k, j, 0.0)
        for t in sides_sharing_a_corner(s, node_of):
            edge(k, node_of[t], price[t])
    g = nx.DiGraph()
    g.add_nodes_from(range(n + len(sides)))
    g.add_weighted_edges_from(edges)
    return g, n


def sides_sharing_a_corner(s: Hexside, known: dict[Hexside, int]) -> list[Hexside]:
    """Sides that meet ``s`` at a corner: they share a hex, and their other hexes touch."""
    out = []
    for h, other in ((s.a, s.b), (s.b, s.a)):
        for x in h.neighbours():
            if x != other and x.is_adjacent(other):
                t = Hexside(h, x)
                if t in known:
                    out.append(t)
    return out


def same_costs(ours: dict[int, float], theirs: dict[int, float]) -> bool:
    return ours.keys() == theirs.keys() and all(abs(ours[k] - theirs[k]) < 1e-9 for k in ours)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1234)
    parser.add_argument("--repeat", type=int, default=7, help="runs per timing (median kept)")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    t0 = time.perf_counter()
    hexmap = build_map(rng)
    land = CostModel.from_map(hexmap, TERRAIN_COSTS, HEXSIDE_RULES)
    t_map = time.perf_counter() - t0
    passable = [h for h in hexmap.hexes() if land.enter[hexmap.index(h)] is not None]
    hostile = rng.sample(passable, HOSTILE)
    closures = Closures.around(hostile)
    free = sorted(set(passable) - set(hostile))
    units = rng.sample(free, UNITS)
    castles = rng.sample(free, CASTLES)
    t0 = time.perf_counter()
    network = SideNetwork.from_map(hexmap, land, WATERWAYS, WATER, closures)
    t_network = time.perf_counter() - t0
    t0 = time.perf_counter()
    graph, n = build_graph(hexmap, land, closures)
    reverse = graph.reverse(copy=True)
    t_graph = time.perf_counter() - t0
    gc.collect()
    gc.freeze()  # a million long-lived graph objects: keep the collector off them

    index = hexmap.index
    unit_ids, castle_ids = [index(h) for h in units], [index(h) for h in castles]
    counts = ", ".join(f"{f} {len(s)}" for f, s in sorted(hexmap.hexsides.items()))
    water_hexes = sum(row.count("l") + row.count("~") for row in hexmap.terrain)
    print(
        f"map {WIDTH}x{HEIGHT}, seed {args.seed}: {len(passable)} land hexes, "
        f"{water_hexes} water hexes; hexsides: {counts}; {HOSTILE} hostile armies"
    )
    print(
        f"build: map + CostModel {t_map:.2f} s, SideNetwork.from_map "
        f"{t_network * 1000:.0f} ms (edges compile as searches need them), networkx "
        f"DiGraph + reverse {t_graph:.2f} s ({graph.number_of_nodes()} nodes, "
        f"{graph.number_of_edges()} edges)"
    )
    print(f"timings: median of {args.repeat} interleaved runs, GC paused")

    # --- one search per unit ------------------------------------------------------------------
    t0 = time.perf_counter()
    cold = [side_reachable(network, h, BUDGET) for h in units]
    t_cold = time.perf_counter() - t0
    answers = Answers()
    keep = answers.keep

    runs = interleaved(
        {
            "ours": keep("ours", lambda: [side_reachable(network, h, BUDGET) for h in units]),
            "nx_length": keep(
                "nx_length",
                lambda: [
                    nx.single_source_dijkstra_path_length(graph, i, cutoff=BUDGET) for i in unit_ids
                ],
            ),
        },
        args.repeat,
    )
    searches = medians(runs)
    ours = answers["ours"]
    theirs = answers["nx_length"]
    assert isinstance(ours, list) and isinstance(theirs, list)
    for mine, nx_dist, first in zip(ours, theirs, cold, strict=True):
        hexes_only = {i: c for i, c in nx_dist.items() if i < n}
        if mine != first or not same_costs({index(h): c for h, c in mine.items()}, hexes_only):
            print("MISMATCH: side_reachable() disagrees with networkx")
            return 1
    sizes = [len(r) for r in ours]
    print(
        f"\n{UNITS} x side_reachable(unit, {BUDGET:g} MP): {sum(sizes) / len(sizes):.0f} hexes "
        "each on average; every set and cost equal to networkx's"
    )
    print(f"  (the first run, compiling the edges: {t_cold * 1000:.0f} ms)")

    # --- supply: every unit's line to the nearest castle ----------------------------------------
    def ours_supply() -> dict[Hex, tuple[float, Hex]]:
        return search_sides(network, castles, BUDGET, towards=True).nearest()

    def nx_multi() -> dict[int, float]:
        dist, _ = nx.multi_source_dijkstra(reverse, set(castle_ids), cutoff=BUDGET)
        return dist

    runs = interleaved(
        {"ours": keep("supply", ours_supply), "nx_multi": keep("nx_multi", nx_multi)},
        args.repeat,
    )
    supplies = medians(runs)
    supply, multi = answers["supply"], answers["nx_multi"]
    assert isinstance(supply, dict) and isinstance(multi, dict)
    ours_all = {index(h): c for h, (c, _) in supply.items()}
    ours_units = {i: ours_all[i] for i in unit_ids if i in ours_all}
    multi_hexes = {i: c for i, c in multi.items() if i < n}
    if not same_costs(ours_all, multi_hexes):
        print("MISMATCH: the supply search disagrees with networkx")
        return 1
    reach = search_sides(network, castles, BUDGET, towards=True)
    for h in units:  # the named castle really gives the cost, and the line ends there
        if h not in supply:
            continue
        cost, castle = supply[h]
        one = search_sides(network, [castle], BUDGET, towards=True).cost(h)
        found = reach.line(h)
        if one is None or abs(one - cost) > 1e-9 or found is None or found.end != castle:
            print("MISMATCH: a unit's nearest castle does not give its cost")
            return 1
    print(
        f"\nsupply from {CASTLES} castles within {BUDGET:g} MP: {len(ours_all)} hexes in "
        f"supply, {len(ours_units)} of {UNITS} units; all costs equal to networkx"
    )
    print()
    speed = Goal(2, at_least=True)
    return report(
        [
            Row(
                f"{UNITS} side_reachable() vs s_s_dijkstra_path_length",
                searches["ours"],
                searches["nx_length"],
                speed,
            ),
            Row(
                "supply search_sides() vs multi_source_dijkstra",
                supplies["ours"],
                supplies["nx_multi"],
                speed,
            ),
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
