"""Per-side rules in the cost model: a side blocked, an extra cost to cross it, a side only
some movers may cross, beside the per-hex rules (``with_multiplier``, ``with_blocked``).

What is pinned (docs/architecture.md, "Pathing and movement costs"): "the cost model takes
per-side rules (blocked, extra cost, allowed only for a seat) as well as per-hex ones,
without copying the whole model"; a rule given as a ``Hexside`` holds both ways, one given
as a ``SideOf`` for leaving that hex through that side only; rules compose (extras add up,
one that closes a side closes it). The property tests check the searches against a naive
Bellman-Ford that reads the rules as written, and that "a side rule never makes any path
cheaper than without it; blocked sides are never crossed".
"""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp.engine.pathing import (
    CostModel,
    HexsideRule,
    SideRule,
    _Patched,
    cheapest_path,
    multi_source,
    path_cost,
    reachable,
)
from tuicamp.model.hexes import Hex, Hexside, SideOf, parse_label
from tuicamp.model.map import HexMap

COSTS: dict[str, float | None] = {"clear": 1, "forest": 2, "hills": 2, "swamp": 3}
RULES = {"road": HexsideRule(factor=0.5), "stream": HexsideRule(add=1.0)}


def H(label: str) -> Hex:
    return parse_label(label)


def side(a: str, b: str) -> Hexside:
    return Hexside(H(a), H(b))


def of(a: str, b: str) -> SideOf:
    return SideOf.between(H(a), H(b))


def row_model(rows: list[str] | None = None) -> CostModel:
    """A 4 x 1 strip of clear hexes unless told otherwise: 0101 0201 0301 0401."""
    rows = rows or ["...."]
    return CostModel.from_map(HexMap(len(rows[0]), len(rows), rows), COSTS, RULES)


# --- each kind of rule ------------------------------------------------------------------------


def test_a_blocked_hexside_is_crossed_neither_way():
    model = row_model().with_side_rules([SideRule(side("0201", "0301"), blocks=True)])
    assert model.step_cost(H("0201"), H("0301")) is None
    assert model.step_cost(H("0301"), H("0201")) is None
    assert set(reachable(model, H("0101"), 10)) == {H("0101"), H("0201")}
    assert cheapest_path(model, H("0401"), H("0101")) is None


def test_a_blocked_side_of_one_hex_bars_only_leaving_that_hex_through_it():
    """A SideOf is one hex's record: 0201 may not be left through its E side, but 0301
    may still be left through its W side, the same physical side."""
    model = row_model().with_side_rules([SideRule(of("0201", "0301"), blocks=True)])
    assert model.step_cost(H("0201"), H("0301")) is None
    assert model.step_cost(H("0301"), H("0201")) == 1.0
    assert H("0301") not in reachable(model, H("0101"), 10)
    assert reachable(model, H("0401"), 10)[H("0101")] == 3.0


def test_an_extra_cost_is_paid_each_way_or_one_way():
    both = row_model().with_side_rules([SideRule(side("0101", "0201"), add=2)])
    assert both.step_cost(H("0101"), H("0201")) == 3.0
    assert both.step_cost(H("0201"), H("0101")) == 3.0
    one = row_model().with_side_rules([SideRule(of("0101", "0201"), add=2)])
    assert one.step_cost(H("0101"), H("0201")) == 3.0
    assert one.step_cost(H("0201"), H("0101")) == 1.0
    assert reachable(one, H("0101"), 10)[H("0401")] == 5.0
    assert reachable(one, H("0401"), 10)[H("0101")] == 3.0


def test_a_side_open_to_some_movers_only_is_closed_to_the_rest():
    rule = SideRule(side("0201", "0301"), only={"p1", "league"})
    model = row_model()
    assert model.with_side_rules([rule], mover=["p1"]).step_cost(H("0201"), H("0301")) == 1.0
    assert model.with_side_rules([rule], mover=["p2", "league"]).step_cost(
        H("0301"), H("0201")
    ) == (1.0)  # a team's member goes by the team's name too
    assert model.with_side_rules([rule], mover=["p2"]).step_cost(H("0201"), H("0301")) is None
    assert model.with_side_rules([rule]).step_cost(H("0201"), H("0301")) is None


def test_rules_compose_extras_add_up_and_a_closing_rule_closes():
    s = side("0101", "0201")
    model = row_model().with_side_rules([SideRule(s, add=1), SideRule(of("0101", "0201"), add=0.5)])
    assert model.step_cost(H("0101"), H("0201")) == 2.5
    assert model.step_cost(H("0201"), H("0101")) == 2.0
    again = model.with_side_rules([SideRule(s, add=1)])  # a copy of a copy adds more
    assert again.step_cost(H("0201"), H("0101")) == 3.0
    closed = again.with_side_rules([SideRule(s, blocks=True), SideRule(s, add=4)])
    assert closed.step_cost(H("0101"), H("0201")) is None
    assert closed.with_side_rules([SideRule(s, add=1)]).step_cost(H("0101"), H("0201")) is None


def test_side_rules_lie_over_the_maps_hexside_prices():
    """A road halves the entry cost and a stream adds 1; a side rule's extra comes on top
    of both, and is not halved by the road."""
    hexmap = HexMap(3, 1, ["fff"])
    hexmap.add_feature("road", side("0101", "0201"))
    hexmap.add_feature("stream", side("0201", "0301"))
    model = CostModel.from_map(hexmap, COSTS, RULES)
    ruled = model.with_side_rules(
        [SideRule(side("0101", "0201"), add=1), SideRule(side("0201", "0301"), add=1)]
    )
    assert ruled.step_cost(H("0101"), H("0201")) == 2 * 0.5 + 1
    assert ruled.step_cost(H("0201"), H("0301")) == 2 + 1 + 1
    assert path_cost(ruled, [H("0101"), H("0201"), H("0301")]).cost == 6.0


def test_side_rules_and_per_hex_rules_keep_each_other():
    model = row_model()
    zoned = model.with_multiplier([H("0301")], 2).with_blocked([H("0401")])
    ruled = zoned.with_side_rules([SideRule(side("0201", "0301"), add=1)])
    assert ruled.step_cost(H("0201"), H("0301")) == 1 * 2 + 1
    assert ruled.step_cost(H("0301"), H("0401")) is None
    back = ruled.with_multiplier([H("0201")], 3).with_blocked([H("0101")])
    assert back.step_cost(H("0301"), H("0201")) == 3 + 1
    assert reachable(back, H("0301"), 10) == {H("0301"): 0.0, H("0201"): 4.0}
    assert reachable(model, H("0301"), 10)[H("0101")] == 2.0  # the original is untouched


def test_a_ruled_copy_shares_the_compiled_edges_and_leaves_its_model_alone():
    model = row_model(["....", "....", "...."])
    before = reachable(model, H("0101"), 10)
    ruled = model.with_side_rules([SideRule(side("0201", "0301"), blocks=True)])
    assert isinstance(ruled._compiled, _Patched) and ruled._compiled.base is model._compiled
    assert ruled.enter is model.enter and ruled.side_add is model.side_add
    assert reachable(ruled, H("0101"), 10) != before
    assert reachable(model, H("0101"), 10) == before
    twice = ruled.with_side_rules([SideRule(side("0101", "0102"), add=1)])
    assert twice._compiled.base is model._compiled  # laid over the model's, not the copy's
    assert model.with_side_rules([]) is model


def test_an_extra_cost_that_is_no_power_of_two_fraction_is_still_exact():
    """A third of an MP does not fit the half-MP units of a road map: the searches go to
    floats and stay exact."""
    model = row_model().with_side_rules([SideRule(side("0101", "0201"), add=1 / 3)])
    assert model._compiled.exponent is None
    assert reachable(model, H("0101"), 10)[H("0401")] == pytest.approx(3 + 1 / 3)


def test_sides_off_the_map_are_ignored_and_bad_rules_refused():
    model = row_model()
    assert model.with_side_rules([SideRule(side("0401", "0501"), blocks=True)]) is model
    for bad in (-1.0, math.inf, math.nan):
        with pytest.raises(ValueError, match="extra cost is a number of MP"):
            SideRule(side("0101", "0201"), add=bad)


def test_supply_from_many_sources_respects_a_one_way_side():
    model = row_model().with_side_rules([SideRule(of("0201", "0301"), blocks=True)])
    found = multi_source(model, [H("0101"), H("0401")], 10)
    assert found[H("0301")] == (1.0, H("0401"))  # 0101's line may not leave 0201 eastwards
    assert found[H("0201")] == (1.0, H("0101"))


# --- properties ---------------------------------------------------------------------------

LETTERS = ".fhsl"
EXTRAS = (0.0, 0.5, 1.0, 2.0, 1 / 3)
NAMES = ("p1", "p2")


def naive_dist(hexmap: HexMap, base: CostModel, rules, mover, start: Hex) -> dict[Hex, float]:
    """Bellman-Ford from the map, pricing each step as the rules are written: the base
    model's step, then every rule whose side is this step (both ways for a Hexside, from
    its hex for a SideOf)."""

    def step(a: Hex, b: Hex) -> float | None:
        cost = base.step_cost(a, b)
        if cost is None:
            return None
        for rule in rules:
            s = rule.side
            applies = s == Hexside(a, b) if isinstance(s, Hexside) else s == SideOf.between(a, b)
            if not applies:
                continue
            if rule.closed_to(frozenset(mover)):
                return None
            cost += rule.add
        return cost

    hexes = list(hexmap.hexes())
    dist = {start: 0.0}
    for _ in range(len(hexes)):
        changed = False
        for a in hexes:
            if a not in dist:
                continue
            for b in hexmap.neighbours(a):
                cost = step(a, b)
                if cost is not None and dist[a] + cost < dist.get(b, math.inf) - 1e-12:
                    dist[b] = dist[a] + cost
                    changed = True
        if not changed:
            break
    return dist


@st.composite
def ruled_maps(draw):
    width, height = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    rows = ["".join(draw(st.sampled_from(LETTERS)) for _ in range(width)) for _ in range(height)]
    hexmap = HexMap(width, height, rows)
    hexes = list(hexmap.hexes())
    pairs = sorted({(a, b) for a in hexes for b in hexmap.neighbours(a)})
    if pairs:
        for a, b in draw(st.lists(st.sampled_from(pairs), max_size=6)):
            hexmap.add_feature(draw(st.sampled_from(("road", "stream"))), Hexside(a, b))
    model = CostModel.from_map(hexmap, COSTS, RULES)
    if draw(st.booleans()):
        model = model.with_multiplier(draw(st.lists(st.sampled_from(hexes), max_size=4)), 2)
    rules = []
    if pairs:
        for a, b in draw(st.lists(st.sampled_from(pairs), max_size=8)):
            where = Hexside(a, b) if draw(st.booleans()) else SideOf.between(a, b)
            only = draw(st.sets(st.sampled_from(NAMES), max_size=1))
            rules.append(
                SideRule(
                    where, add=draw(st.sampled_from(EXTRAS)), blocks=draw(st.booleans()), only=only
                )
            )
    mover = draw(st.sets(st.sampled_from(NAMES), max_size=2))
    start = draw(st.sampled_from(hexes))
    return hexmap, model, rules, mover, start


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(ruled_maps())
def test_the_searches_price_side_rules_as_they_are_written(case):
    hexmap, model, rules, mover, start = case
    ruled = model.with_side_rules(rules, mover)
    expected = naive_dist(hexmap, model, rules, mover, start)
    found = reachable(ruled, start, math.inf)
    assert found.keys() == expected.keys()
    for h, cost in found.items():
        assert cost == pytest.approx(expected[h])


@SETTINGS
@given(ruled_maps())
def test_a_side_rule_never_makes_a_path_cheaper_and_a_closed_side_is_never_crossed(case):
    _, model, rules, mover, start = case
    ruled = model.with_side_rules(rules, mover)
    free = reachable(model, start, math.inf)
    held = reachable(ruled, start, math.inf)
    assert held.keys() <= free.keys()
    assert all(cost >= free[h] - 1e-9 for h, cost in held.items())
    closed = set()
    for rule in rules:
        if rule.closed_to(frozenset(mover)):
            s = rule.side
            steps = [(s.a, s.b), (s.b, s.a)] if isinstance(s, Hexside) else [(s.hex, s.across)]
            closed.update(steps)
    for goal in held:
        path = cheapest_path(ruled, start, goal)
        assert path is not None
        assert not closed & set(zip(path.hexes, path.hexes[1:], strict=False))
        assert path.cost == pytest.approx(held[goal])
