"""Pathing benchmark: tuicamp.engine.pathing against networkx on a 200 x 200 campaign map.

Run by hand (never part of the test suite, timings are machine-dependent)::

    python benchmarks/pathing.py [--seed N] [--repeat R]

It builds a seeded random map with mixed terrain, rivers (with bridges and fords), streams
and roads, prices it with a hex-and-hexside price table, and asks each question of us and of
networkx's best call for it, on a DiGraph of the same prices:

* move previews: 500 armies, each ``reachable(model, army, 10)``, against 500
  ``networkx.single_source_dijkstra(G, army, cutoff=10)``; then the same through 50 enemy
  armies' zones of influence (doubled) and hexes (blocked);
* supply: for every hex within 10 MP of one of 40 supply sources, its cost and its nearest
  source: one ``multi_source()`` against networkx's own one call for it,
  ``multi_source_dijkstra(G, sources, cutoff=10)`` (its paths name each hex's source). Our
  answer is a mapping over the search's array, built without a tuple per hex, so a second
  row times the call *and* reading every one of its answers, against the same networkx call.
  Beside them, for scale, a bare loop over the reached hexes' compiled edges that does
  nothing: the floor of any search that visits each settled hex's edges in Python, which
  alone takes more than the goal leaves; hence ``multi_source()`` settles a cost level at a
  time over numpy arrays (``tuicamp.engine.wavefront``). Its edge arrays are compiled on the
  first call for a map (the map never changes in play); that call is timed apart, with
  numpy's import, and printed, not part of the row.

Every answer is checked against networkx before any ratio is printed: the same reached hexes
at the same costs, and each hex's source one that reaches it for that cost (the first in map
order of equally near ones; networkx may name another of them). The supply answers are
checked before anything is timed, and the timed ones found equal to them after. Timing follows
``benchmarks/measure.py``: contenders interleaved, the median of ``--repeat`` runs, the
garbage collector paused; each row prints its goal and verdict, and the exit status is 1 if
any goal was missed.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable, Mapping

import networkx as nx
from measure import Answers, Goal, Row, interleaved, medians, report

from tuicamp.engine.pathing import CostModel, HexsideRule, multi_source, reachable
from tuicamp.model.hexes import DIRECTIONS, Hex, Hexside
from tuicamp.model.map import HexMap

WIDTH = HEIGHT = 200
ARMIES = 500
SOURCES = 40
MAX_COST = 10.0

TERRAIN_WEIGHTS = {".": 50, "f": 15, "h": 12, "m": 5, "s": 5, "d": 4, "w": 4, "j": 2, "l": 3}
TERRAIN_COSTS: dict[str, float | None] = {
    "clear": 1,
    "forest": 2,
    "hills": 2,
    "swamp": 3,
    "mountains": 3,
    "desert": 2,
    "wasteland": 2,
    "jungle": 3,
    # lake and sea are missing: impassable on land
}
HEXSIDE_RULES = {
    "stream": HexsideRule(add=1.0),
    "road": HexsideRule(factor=0.5),
    "river": HexsideRule(blocks=True, unless=("bridge", "ford")),
}


def build_map(rng: random.Random) -> HexMap:
    """Terrain in blobs (so forests and hills clump), then rivers, streams and roads."""
    letters = list(TERRAIN_WEIGHTS)
    weights = list(TERRAIN_WEIGHTS.values())
    grid = [["."] * WIDTH for _ in range(HEIGHT)]
    for _ in range(WIDTH * HEIGHT // 12):
        letter = rng.choices(letters, weights)[0]
        centre = Hex.from_offset(rng.randrange(WIDTH), rng.randrange(HEIGHT))
        for h in centre.within(rng.choice((0, 1, 1, 2))):
            if 0 <= h.col < WIDTH and 0 <= h.row < HEIGHT:
                grid[h.row][h.col] = letter
    hexmap = HexMap(WIDTH, HEIGHT, ["".join(row) for row in grid])
    features: dict[str, dict[Hexside, None]] = {}  # ordered sets (add_feature scans a list)

    def add(feature: str, side: Hexside) -> None:
        features.setdefault(feature, {})[side] = None

    def walk(length: int, feature: str, extras: Callable[[Hexside], None] | None = None) -> None:
        at = Hex.from_offset(rng.randrange(WIDTH), rng.randrange(HEIGHT))
        heading = rng.randrange(6)
        for _ in range(length):
            heading = (heading + rng.choice((-1, 0, 0, 0, 1))) % 6
            nxt = at.neighbour(heading)
            if not hexmap.contains(nxt):
                heading = (heading + 3) % 6
                continue
            side = Hexside(at, nxt)
            add(feature, side)
            if extras:
                extras(side)
            at = nxt

    def crossings(side: Hexside) -> None:
        roll = rng.random()
        if roll < 0.08:
            add("bridge", side)
        elif roll < 0.12:
            add("ford", side)

    for _ in range(25):
        walk(rng.randint(80, 300), "river", crossings)
    for _ in range(120):
        walk(rng.randint(10, 60), "stream")
    for _ in range(60):
        walk(rng.randint(30, 200), "road")
    hexmap.hexsides = {feature: list(sides) for feature, sides in features.items()}
    hexmap.invalidate()
    return hexmap


def build_graph(model: CostModel) -> nx.DiGraph:
    """The same costs as a networkx DiGraph over hex indices, priced by step_cost()."""
    g = nx.DiGraph()
    g.add_nodes_from(range(model.width * model.height))
    edges = []
    for row in range(model.height):
        for col in range(model.width):
            a = Hex.from_offset(col, row)
            for dq, dr in DIRECTIONS:
                b = Hex(a.q + dq, a.r + dr)
                cost = model.step_cost(a, b)
                if cost is not None:
                    edges.append((row * model.width + col, b.row * model.width + b.col, cost))
    g.add_weighted_edges_from(edges)
    return g


def same_costs(ours: dict[int, float], theirs: dict[int, float]) -> bool:
    return ours.keys() == theirs.keys() and all(abs(ours[k] - theirs[k]) < 1e-9 for k in ours)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1234)
    parser.add_argument("--repeat", type=int, default=5, help="runs per timing (the median counts)")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    t0 = time.perf_counter()
    hexmap = build_map(rng)
    t_map = time.perf_counter() - t0
    t0 = time.perf_counter()
    model = CostModel.from_map(hexmap, TERRAIN_COSTS, HEXSIDE_RULES)
    t_model = time.perf_counter() - t0
    t0 = time.perf_counter()
    graph = build_graph(model)
    t_graph = time.perf_counter() - t0
    # The graphs are a million long-lived objects; keep the collector from re-scanning them
    # during every timed run (it would slow both sides, and ours more, by noise).
    gc.collect()
    gc.freeze()

    index = model.index_of
    passable = [h for h in hexmap.hexes() if model.enter[model._require_index(h)] is not None]
    armies = rng.sample(passable, ARMIES)
    sources = rng.sample(passable, SOURCES)
    army_ids = [model._require_index(h) for h in armies]
    source_ids = [model._require_index(h) for h in sources]
    hex_of = {model._require_index(h): h for h in hexmap.hexes()}
    counts = ", ".join(f"{f} {len(s)}" for f, s in sorted(hexmap.hexsides.items()))
    print(
        f"map {WIDTH}x{HEIGHT}, seed {args.seed}: {len(passable)} passable hexes; "
        f"hexsides: {counts}"
    )
    print(
        f"build: map {t_map:.2f} s, CostModel.from_map {t_model * 1000:.0f} ms, "
        f"networkx DiGraph {t_graph:.2f} s ({graph.number_of_edges()} edges)"
    )
    print(f"timings: median of {args.repeat} interleaved runs, GC paused")

    # --- move previews: one bounded search per army ---------------------------------------
    # the same previews with enemy zones of influence doubled and enemy hexes blocked
    enemies = rng.sample(passable, 50)
    zoc = [n for e in enemies for n in e.neighbours()]
    zoc_model = model.with_multiplier(zoc, 2.0).with_blocked(enemies)
    zoc_graph = build_graph(zoc_model)
    gc.collect()
    gc.freeze()
    t0 = time.perf_counter()
    [reachable(model, h, MAX_COST) for h in armies]  # compiles the edges, once per map
    [reachable(zoc_model, h, MAX_COST) for h in armies]
    cold = time.perf_counter() - t0
    answers = Answers()
    keep = answers.keep

    runs = interleaved(
        {
            "ours": keep("ours", lambda: [reachable(model, h, MAX_COST) for h in armies]),
            "nx": keep(
                "nx",
                lambda: [nx.single_source_dijkstra(graph, i, cutoff=MAX_COST)[0] for i in army_ids],
            ),
            "zoc": keep("zoc", lambda: [reachable(zoc_model, h, MAX_COST) for h in armies]),
            "nx_zoc": keep(
                "nx_zoc",
                lambda: [
                    nx.single_source_dijkstra(zoc_graph, i, cutoff=MAX_COST)[0] for i in army_ids
                ],
            ),
        },
        args.repeat,
    )
    previews = medians(runs)
    pairs = [
        *zip(answers["ours"], answers["nx"], strict=True),  # type: ignore[call-overload]
        *zip(answers["zoc"], answers["nx_zoc"], strict=True),  # type: ignore[call-overload]
    ]
    for mine, nx_dist in pairs:
        if not same_costs({index(h): c for h, c in mine.items()}, nx_dist):
            print("MISMATCH: reachable() disagrees with networkx")
            return 1
    sizes = [len(r) for r in answers["ours"]]  # type: ignore[attr-defined]
    print(
        f"\n{ARMIES} x reachable(army, {MAX_COST:g} MP): {sum(sizes) / len(sizes):.0f} hexes "
        f"each on average, every set and cost equal to networkx's (with and without zones of "
        f"influence); the first runs, compiling the edges, took {cold * 1000:.0f} ms"
    )

    # --- supply: nearest of 40 sources for every hex ---------------------------------------
    wanted = set(source_ids)
    t0 = time.perf_counter()
    supply = multi_source(model, sources, MAX_COST)  # imports numpy, compiles the arrays
    first = time.perf_counter() - t0
    nx_dist, nx_paths = nx.multi_source_dijkstra(graph, wanted, cutoff=MAX_COST)
    if not supply_agrees(model, supply, nx_dist, nx_paths, source_ids, hex_of):
        return 1  # checked before anything is timed
    reached = [index(h) for h in supply]
    compiled = model._compiled
    for i in reached:  # the floor walks the single searches' tables: compile them all
        if compiled.grouped[i] is None:
            compiled.grouped_edges(i)

    def read_all() -> list[tuple[float, Hex]]:
        return list(multi_source(model, sources, MAX_COST).values())

    runs = interleaved(
        {
            "ours": keep("ours_multi", lambda: multi_source(model, sources, MAX_COST)),
            "ours_read": read_all,
            "nx": keep(
                "nx_multi", lambda: nx.multi_source_dijkstra(graph, wanted, cutoff=MAX_COST)
            ),
            "walk": lambda: edge_walk(model, reached),
        },
        args.repeat,
    )
    multi = medians(runs)
    if answers["ours_multi"] != supply or answers["nx_multi"][0] != nx_dist:  # type: ignore[index]
        print("MISMATCH: a timed supply search answered otherwise than the checked one")
        return 1
    print(
        f"\nsupply from {SOURCES} sources within {MAX_COST:g} MP: {len(supply)} hexes, every "
        "cost equal to networkx's, every source one that gives that cost; the first call, "
        f"importing numpy and compiling the map's edge arrays, took {first * 1000:.0f} ms"
    )
    print(
        f"  a bare Python loop over those hexes' compiled edges (no queue, no costs, no "
        f"answer) takes {multi['walk'] * 1000:.2f} ms, {multi['walk'] / multi['ours']:.0%} of "
        f"multi_source(); 10x networkx leaves {multi['nx'] * 100:.2f} ms for the whole search"
    )

    print()
    speed = Goal(2, at_least=True)
    return report(
        [
            Row(
                f"{ARMIES} reachable() vs single_source_dijkstra",
                previews["ours"],
                previews["nx"],
                speed,
            ),
            Row("  the same through 50 enemies' zones", previews["zoc"], previews["nx_zoc"], speed),
            Row(
                "multi_source() vs multi_source_dijkstra",
                multi["ours"],
                multi["nx"],
                Goal(10, at_least=True),
            ),
            Row(
                "  the same, every answer read",
                multi["ours_read"],
                multi["nx"],
                Goal(10, at_least=True),
            ),
        ]
    )


def edge_walk(model: CostModel, reached: list[int]) -> None:
    """Visit every compiled out-edge of the ``reached`` hexes once and do nothing else:
    the least any search that looks at each settled hex's edges in Python must spend."""
    grouped = model._compiled.grouped
    for i in reached:
        for _price, group in grouped[i] or ():
            for _j in group:
                pass


def supply_agrees(
    model: CostModel,
    supply: Mapping[Hex, tuple[float, Hex]],
    nx_dist: dict[int, float],
    nx_paths: dict[int, list[int]],
    source_ids: list[int],
    hex_of: dict[int, Hex],
) -> bool:
    """Our supply answer is networkx's: the same hexes at the same costs, and each hex's
    source gives it that cost: networkx's own source, or one equally near and first in map
    order (ours names the first; networkx names whichever its heap met first)."""
    ours = {model._require_index(h): c for h, (c, _) in supply.items()}
    if not same_costs(ours, nx_dist):
        print("MISMATCH: multi_source() costs disagree with networkx")
        return False
    from_source = {s: reachable(model, hex_of[s], MAX_COST) for s in source_ids}
    for i, cost in nx_dist.items():
        h = hex_of[i]
        mine = model._require_index(supply[h][1])
        theirs = nx_paths[i][0]
        gives = abs(from_source[mine].get(h, float("inf")) - cost) < 1e-9
        if mine != theirs and not (gives and mine < theirs):
            print(f"MISMATCH: multi_source() names source {mine} for {h}, networkx {theirs}")
            return False
    return True


if __name__ == "__main__":
    sys.exit(main())
