"""The supply search: ``multi_source`` over numpy arrays (``tuicamp.engine.wavefront``).

Its edge arrays are checked hex by hex against the compiled tables the single searches
read, and its answers against networkx's Dijkstra on random maps larger than the naive
Bellman-Ford of ``test_pathing`` can search: mixed terrain (some of it free), hexside
features, zones of influence (some of them free), blocked hexes, per-side rules, sources
standing in blocked hexes. The costs are networkx's own multi-source search's; each hex's
source is the first in map order of those whose own search reaches it for that cost.
"""

from __future__ import annotations

import math

import networkx as nx
import pytest
from attrs import define
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp.engine.pathing import CostModel, HexsideRule, SideRule, Supply, multi_source
from tuicamp.model.hexes import Hex, Hexside, SideOf, parse_label
from tuicamp.model.map import HexMap

RULES = {
    "stream": HexsideRule(add=1.0),
    "road": HexsideRule(factor=0.5),
    "river": HexsideRule(blocks=True, unless=("bridge", "ford")),
}
LETTERS = ".fhsml"
FEATURES = ("river", "stream", "road", "bridge", "ford")
PRICES = (0.0, 0.5, 1.0, 1.0, 2.0, 3.0, None)  # whole halves of an MP: the array search
FACTORS = (2.0, 1.5, 0.5, 0.0)
EXTRAS = (0.0, 0.5, 1.0, 2.0)
NAMES = ("p1", "p2")
LIMITS = (0, 0.5, 1, 2, 3.5, 6, 10, math.inf)


def H(label: str) -> Hex:
    return parse_label(label)


@define
class Case:
    """A random map, its priced model (zones, blocked hexes, side rules laid over it), the
    sources and the limit."""

    hexmap: HexMap
    model: CostModel
    sources: list[Hex]
    max_cost: float


@st.composite
def cases(draw: st.DrawFn, largest: int = 16) -> Case:
    width, height = draw(st.integers(1, largest)), draw(st.integers(1, largest))
    letters = draw(st.lists(st.sampled_from(LETTERS), min_size=1, max_size=3))
    rows = ["".join(draw(st.sampled_from(letters)) for _ in range(width)) for _ in range(height)]
    hexmap = HexMap(width, height, rows)
    hexes = list(hexmap.hexes())
    sides = sorted({Hexside(a, b) for a in hexes for b in hexmap.neighbours(a)}, key=str)
    for s in draw(st.lists(st.sampled_from(sides), max_size=30)) if sides else ():
        hexmap.add_feature(draw(st.sampled_from(FEATURES)), s)
    costs = {t: draw(st.sampled_from(PRICES)) for t in ("clear", "forest", "hills", "swamp")}
    costs["mountains"] = 3.0
    model = CostModel.from_map(hexmap, costs, RULES)
    for _ in range(draw(st.integers(0, 2))):  # zones of influence, composed
        zone = draw(st.lists(st.sampled_from(hexes), max_size=12))
        model = model.with_multiplier(zone, draw(st.sampled_from(FACTORS)))
    model = model.with_blocked(draw(st.lists(st.sampled_from(hexes), max_size=8)))
    if sides and draw(st.booleans()):
        rules = []
        for s in draw(st.lists(st.sampled_from(sides), max_size=10)):
            where = s if draw(st.booleans()) else SideOf.between(s.a, s.b)
            rules.append(
                SideRule(
                    where,
                    add=draw(st.sampled_from(EXTRAS)),
                    blocks=draw(st.booleans()),
                    only=draw(st.sets(st.sampled_from(NAMES), max_size=1)),
                )
            )
        model = model.with_side_rules(rules, draw(st.sets(st.sampled_from(NAMES), max_size=2)))
    sources = draw(st.lists(st.sampled_from(hexes), max_size=8))
    return Case(hexmap, model, sources, draw(st.sampled_from(LIMITS)))


def graph_of(case: Case) -> nx.DiGraph:
    """Every step the model allows, priced by its reference formula (``step_cost``, read
    straight from its fields, not from any compiled table)."""
    g = nx.DiGraph()
    g.add_nodes_from(case.hexmap.hexes())
    for a in case.hexmap.hexes():
        for b in case.hexmap.neighbours(a):
            cost = case.model.step_cost(a, b)
            if cost is not None:
                g.add_edge(a, b, weight=cost)
    return g


def map_order(h: Hex) -> tuple[int, int]:
    return (h.row, h.col)


PROPERTIES = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTIES
@given(cases())
def test_supply_is_networkx_multi_source_dijkstra(case):
    """The same hexes at the same costs as networkx's multi-source search, and each hex
    names the first in map order of the sources that reach it for that cost."""
    supply = multi_source(case.model, case.sources, case.max_cost)
    if not case.sources:
        assert supply == {}
        return
    # Whole units: the array search. A side rule's half MP on a map priced in whole MP
    # sends the model to floats (and the general search), which must agree all the same.
    assert isinstance(supply, Supply) == (case.model._compiled.exponent is not None)
    graph, cutoff = graph_of(case), case.max_cost + 1e-9
    nearest = nx.multi_source_dijkstra_path_length(graph, set(case.sources), cutoff=cutoff)
    assert supply.keys() == nearest.keys()
    singles = {
        s: nx.single_source_dijkstra_path_length(graph, s, cutoff=cutoff)
        for s in sorted(set(case.sources), key=map_order)
    }
    for h, (cost, source) in supply.items():
        assert cost == pytest.approx(nearest[h], abs=1e-9)
        first = next(s for s, reach in singles.items() if abs(reach.get(h, math.inf) - cost) < 1e-9)
        assert source == first, h
    if isinstance(supply, Supply):
        for h, answer in supply.items():  # the look-ups read what the pass over it read
            assert supply[h] == answer and (supply.cost(h), supply.source(h)) == answer
        # cheapest first, equal costs in map order
        assert list(supply) == sorted(supply, key=lambda h: (supply[h][0], *map_order(h)))


@PROPERTIES
@given(cases(largest=8))
def test_the_edge_arrays_are_the_compiled_edges(case):
    """Every hex's slots hold exactly the out-edges the single searches compile for it,
    with the same prices in the same units (side rules and all)."""
    compiled = case.model._compiled
    if compiled.exponent is None:
        return
    grid = compiled.edge_grid()
    for i in range(grid.n):
        slots = {
            (j, s, a)
            for j, s, a in zip(grid.targets[i], grid.scaled[i], grid.add[i], strict=True)
            if j != grid.n
        }
        assert slots == set(compiled.usplit_edges(i)), i
        assert (grid.price[i] == grid.scaled[i] + grid.add[i]).all()


def test_a_source_in_a_blocked_hex_is_never_entered_even_for_free():
    """Clear costs nothing: 0101's line would reach 0301 and beyond for 0 MP, but 0301 is
    blocked (a source stands there all the same), so 0301 and 0401 are 0301's alone."""
    model = CostModel.from_map(HexMap(5, 1, ["...f."]), {"clear": 0, "forest": 2}, RULES)
    model = model.with_blocked([H("0301")])
    supply = multi_source(model, [H("0101"), H("0301")], 10)
    assert supply[H("0201")] == (0.0, H("0101"))
    assert supply[H("0301")] == (0.0, H("0301"))
    assert supply[H("0401")] == (2.0, H("0301"))
    assert supply[H("0501")] == (2.0, H("0301"))


def test_a_free_zone_of_influence_hands_hexes_to_the_first_source():
    """A zone multiplied by 0 makes its hexes free to enter: every hex of the row is then
    0 MP from both sources, and each names the first in map order, 0101."""
    model = CostModel.from_map(HexMap(4, 1, ["...."]), {"clear": 1}, RULES)
    model = model.with_multiplier([H("0201"), H("0301"), H("0401")], 0)
    supply = multi_source(model, [H("0401"), H("0101")], 0)
    assert dict(supply) == {H(f"0{c}01"): (0.0, H("0101")) for c in range(1, 5)}
    assert list(supply) == [H(f"0{c}01") for c in range(1, 5)]  # equal costs: map order
