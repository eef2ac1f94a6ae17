"""Pathing: hexside costs, fractional MP, limits, zones of influence, retreats, supply.

Hexside prices follow a worked example of the campaign texts: clear 1 MP, forest 2, crossing a
stream hexside +1, a river only at a bridge or ford, a road halves the terrain cost.
The property tests compare the searches with a deliberately naive Bellman-Ford that prices
every step straight from the map, independently of the compiled cost model.
"""

from __future__ import annotations

import math

import pytest
from attrs import define
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp.engine.pathing import (
    CostModel,
    HexsideRule,
    Path,
    Supply,
    _neighbour_table,
    cheapest_path,
    multi_source,
    path_cost,
    path_towards,
    reachable,
)
from tuicamp.model.hexes import Hex, Hexside, parse_label
from tuicamp.model.map import HexMap

RULES = {
    "stream": HexsideRule(add=1.0),
    "road": HexsideRule(factor=0.5),
    "river": HexsideRule(blocks=True, unless=("bridge", "ford")),
}
COSTS: dict[str, float | None] = {"clear": 1, "forest": 2, "hills": 2, "swamp": 3}


def H(label: str) -> Hex:
    return parse_label(label)


def side(a: str, b: str) -> Hexside:
    return Hexside(H(a), H(b))


def make_map(rows: list[str], **features: list[tuple[str, str]]) -> HexMap:
    hexmap = HexMap(len(rows[0]), len(rows), list(rows))
    for feature, sides in features.items():
        for a, b in sides:
            hexmap.add_feature(feature, side(a, b))
    return hexmap


def model_of(rows: list[str], costs=None, **features: list[tuple[str, str]]) -> CostModel:
    return CostModel.from_map(make_map(rows, **features), costs or COSTS, RULES)


def along_row(n: int) -> list[tuple[str, str]]:
    """The hexsides between hexes 0101, 0201, ..., n01 (a road or stream along row 1)."""
    return [(f"{c:02d}01", f"{c + 1:02d}01") for c in range(1, n)]


# --- hexside features -------------------------------------------------------------------


def test_stream_hexside_adds_one_mp():
    model = model_of(["..."], stream=[("0101", "0201")])
    assert model.step_cost(H("0101"), H("0201")) == 2.0
    assert model.step_cost(H("0201"), H("0101")) == 2.0  # a hexside works both ways
    assert model.step_cost(H("0201"), H("0301")) == 1.0
    assert H("0201") not in reachable(model, H("0101"), 1)
    assert reachable(model, H("0101"), 2)[H("0201")] == 2.0


def test_river_blocks_unless_bridge_or_ford():
    river = [("0101", "0201"), ("0102", "0201")]
    blocked = model_of(["..", ".."], river=river)
    assert blocked.step_cost(H("0101"), H("0201")) is None
    assert blocked.step_cost(H("0201"), H("0101")) is None
    # the way round: 0101 -> 0102 -> 0202 -> 0201 (0102-0201 is river too)
    assert cheapest_path(blocked, H("0101"), H("0201")).hexes == [  # type: ignore[union-attr]
        H("0101"),
        H("0102"),
        H("0202"),
        H("0201"),
    ]
    for crossing in ("bridge", "ford"):
        open_ = model_of(["..", ".."], river=river, **{crossing: [("0101", "0201")]})
        assert open_.step_cost(H("0101"), H("0201")) == 1.0
        assert open_.step_cost(H("0102"), H("0201")) is None  # only the bridged side opens
        assert reachable(open_, H("0101"), 1)[H("0201")] == 1.0


def test_road_halves_terrain_cost_and_two_road_hexes_cost_one_mp():
    """MP are spent in fractions: two road hexes of 1/2 cost one MP."""
    model = model_of([".f.."], road=along_row(3))
    assert model.step_cost(H("0101"), H("0201")) == 1.0  # forest 2, on the road 1
    assert model.step_cost(H("0201"), H("0301")) == 0.5  # clear 1, on the road 1/2
    clear_road = model_of(["...."], road=along_row(3))
    reach = reachable(clear_road, H("0101"), 1)
    assert reach == {H("0101"): 0.0, H("0201"): 0.5, H("0301"): 1.0}  # 0401 is off-road


def test_fractional_mp_sum_exactly():
    model = model_of(["." * 12], road=along_row(12))
    reach = reachable(model, H("0101"), 5.5)
    assert reach[H("1201")] == 5.5  # eleven half steps, exactly at the limit
    path = cheapest_path(model, H("0101"), H("1201"))
    assert path is not None and path.cost == 5.5 and path.step_costs == [0.5] * 11


def test_stream_and_road_on_one_side_compose():
    model = model_of(["f."], road=[("0101", "0201")], stream=[("0101", "0201")])
    assert model.step_cost(H("0201"), H("0101")) == 2.0  # forest 2 * 1/2 + 1


def test_costs_that_are_not_halves_still_meet_the_limit():
    # 0.1 + 0.1 + 0.1 is 0.30000000000000004 in floats; the epsilon keeps it within 0.3.
    model = model_of(["...."], costs={"clear": 0.1})
    reach = reachable(model, H("0101"), 0.3)
    assert H("0401") in reach
    assert reach[H("0401")] == pytest.approx(0.3)
    thirds = model_of(["...."], costs={"clear": 1 / 3})
    assert H("0401") in reachable(thirds, H("0101"), 1.0)
    assert H("0401") not in reachable(thirds, H("0101"), 0.99)


def test_large_or_very_fine_costs_use_floats_and_stay_exact():
    big = model_of(["..."], costs={"clear": 5000})
    assert reachable(big, H("0101"), 10_000) == {H("0101"): 0, H("0201"): 5000, H("0301"): 10000}
    fine = model_of([".f."], costs={"clear": 1 / 1024, "forest": 5})  # 5 MP = 5120 units
    assert reachable(fine, H("0201"), 1)[H("0301")] == 1 / 1024
    assert cheapest_path(fine, H("0101"), H("0301")).cost == 5 + 1 / 1024  # type: ignore[union-attr]


# --- limits, blocking, multipliers ------------------------------------------------------


def test_cost_limit_is_inclusive_and_just_above_is_out():
    model = model_of([".f.."])
    reach = reachable(model, H("0101"), 3)
    assert reach[H("0301")] == 3.0  # forest 2 then clear 1: exactly the limit
    assert H("0401") not in reach
    assert H("0301") not in reachable(model, H("0101"), 2.999)
    assert reachable(model, H("0101"), 0) == {H("0101"): 0.0}
    with pytest.raises(ValueError):
        reachable(model, H("0101"), -1)


def test_impassable_terrain_and_unknown_terrain_names():
    model = model_of([".l."])  # lake is missing from the table: impassable
    assert model.step_cost(H("0101"), H("0201")) is None
    assert H("0301") not in reachable(model, H("0101"), 10)  # one row: no way round
    forestless = model_of(["f.."], costs={"clear": 1, "forest": None})
    assert forestless.step_cost(H("0201"), H("0101")) is None
    by_letter = model_of(["f.."], costs={".": 1, "f": 2})
    assert by_letter.step_cost(H("0201"), H("0101")) == 2.0
    with pytest.raises(ValueError, match="forrest"):
        model_of(["..."], costs={"clear": 1, "forrest": 2})


def test_blocked_hexes_cannot_be_entered_or_passed_but_the_start_stands():
    model = model_of(["...", "..."]).with_blocked([H("0201")])
    reach = reachable(model, H("0101"), 10)
    assert H("0201") not in reach
    assert reach[H("0301")] == 3.0  # round through row 2: 0102, 0202, 0301
    assert model.step_cost(H("0101"), H("0201")) is None
    assert reachable(model, H("0201"), 1)[H("0201")] == 0.0
    assert cheapest_path(model, H("0101"), H("0201")) is None


def test_zone_of_influence_doubles_entry_but_not_the_hexside_add():
    """R-RA-4: entering a hex in an enemy army's zone of influence costs double."""
    base = model_of(["f.."], stream=[("0101", "0201")])
    zoc = base.with_multiplier([H("0101"), H("0201")], 2)
    assert zoc.step_cost(H("0201"), H("0101")) == 5.0  # forest 2 * 2 + stream 1
    assert zoc.step_cost(H("0101"), H("0201")) == 3.0  # clear 1 * 2 + stream 1
    assert zoc.step_cost(H("0201"), H("0301")) == 1.0
    assert reachable(zoc, H("0301"), 10)[H("0101")] == 7.0
    assert base.step_cost(H("0201"), H("0101")) == 3.0  # the copy left the original alone
    # listed twice in one call: still double; a second call composes
    twice = base.with_multiplier([H("0301"), H("0301")], 2)
    assert twice.step_cost(H("0201"), H("0301")) == 2.0
    assert twice.with_multiplier([H("0301")], 2).step_cost(H("0201"), H("0301")) == 4.0
    # off-map hexes of a zone at the map edge are ignored
    assert base.with_multiplier([Hex(-5, 0)], 2).multiplier == [1.0, 1.0, 1.0]


def test_fractional_multipliers():
    base = model_of(["...."])
    third = base.with_multiplier([H("0201"), H("0301")], 1 / 3)  # no whole number of halves
    reach = reachable(third, H("0101"), 2)
    assert reach[H("0301")] == pytest.approx(2 / 3)
    assert reach[H("0401")] == pytest.approx(5 / 3)
    more = base.with_multiplier([H("0201")], 1.5).with_blocked([H("0401")])
    assert reachable(more, H("0101"), 5) == {H("0101"): 0.0, H("0201"): 1.5, H("0301"): 2.5}
    # composing 1.5 with a 1.25 needs quarters: the integer form is rebuilt, still exact
    finer = more.with_multiplier([H("0201"), H("0301")], 1.25)
    assert reachable(finer, H("0101"), 5)[H("0301")] == 1.875 + 1.25
    doubled = more.with_multiplier([H("0301")], 2)  # halves still do: updated in place
    assert reachable(doubled, H("0101"), 5)[H("0301")] == 1.5 + 2


# --- paths -------------------------------------------------------------------------------


def test_cheapest_path_takes_the_road_round_the_forest():
    # 0101 -> 0201 (forest) -> 0301 costs 3; round by the road through row 2 costs 2.
    rows = [".f.", "..."]
    road = [("0101", "0102"), ("0102", "0202"), ("0202", "0301")]
    model = model_of(rows, road=road)
    path = cheapest_path(model, H("0101"), H("0301"))
    assert path == Path([H("0101"), H("0102"), H("0202"), H("0301")], 1.5, [0.5, 0.5, 0.5])
    assert cheapest_path(model, H("0101"), H("0301"), max_cost=1.4) is None
    assert cheapest_path(model, H("0101"), H("0101")) == Path([H("0101")], 0.0, [])
    assert cheapest_path(model, H("0101"), H("0909")) is None
    with pytest.raises(ValueError, match="not on the"):
        cheapest_path(model, H("0909"), H("0101"))


def test_path_cost_validates_a_given_path():
    model = model_of([".f.", "..l"], stream=[("0101", "0201")]).with_blocked([H("0202")])
    ok = path_cost(model, [H("0101"), H("0201"), H("0301")])
    assert ok == Path([H("0101"), H("0201"), H("0301")], 4.0, [3.0, 1.0])
    assert path_cost(model, [H("0101")]) == Path([H("0101")], 0.0, [])
    assert path_cost(model, [H("0101"), H("0301")]) is None  # not adjacent
    assert path_cost(model, [H("0101"), H("0101")]) is None  # standing still is no step
    assert path_cost(model, [H("0301"), H("0302")]) is None  # lake: impassable
    assert path_cost(model, [H("0102"), H("0202")]) is None  # blocked
    assert path_cost(model, [H("0301"), H("0401")]) is None  # off the map
    assert path_cost(model, []) is None


def test_path_towards_is_cut_to_max_steps():
    model = model_of(["......"])
    home = [H("0601")]
    full = path_towards(model, H("0101"), home, max_steps=10)
    assert full is not None and full.hexes == [H(f"0{c}01") for c in range(1, 7)]
    cut = path_towards(model, H("0101"), home, max_steps=2)
    assert cut == Path([H("0101"), H("0201"), H("0301")], 2.0, [1.0, 1.0])
    assert path_towards(model, H("0101"), home, max_steps=0) == Path([H("0101")], 0.0, [])
    assert path_towards(model, H("0601"), home, max_steps=3) == Path([H("0601")], 0.0, [])
    assert path_towards(model, H("0101"), home, max_steps=3, max_cost=4) is None
    assert path_towards(model, H("0101"), [Hex(50, 50)], max_steps=3) is None
    with pytest.raises(ValueError):
        path_towards(model, H("0101"), home, max_steps=-1)


def test_path_towards_heads_for_the_nearest_target_by_cost():
    model = model_of(["ff.ff...."])
    # from 0301: 0101 is two forest hexes away (4 MP); 0901 costs 2 + 2 + 1 + 1 + 1 + 1 = 8
    towards = path_towards(model, H("0301"), [H("0101"), H("0901")], max_steps=1)
    assert towards == Path([H("0301"), H("0201")], 2.0, [2.0])


def test_multi_source_picks_the_nearest_source():
    model = model_of([".....f..."])
    a, b = H("0101"), H("0901")
    supply = multi_source(model, [a, b], 10)
    assert supply[H("0301")] == (2.0, a)
    assert supply[H("0701")] == (2.0, b)
    assert supply[H("0601")] == (4.0, b)  # forest: from b 1 + 1 + 2, from a 4 + 2
    assert supply[a] == (0.0, a)
    assert multi_source(model, [b, a], 10) == supply  # the order of sources does not matter
    limited = multi_source(model, [a], 2)
    assert set(limited) == {H("0101"), H("0201"), H("0301")}
    assert multi_source(model, [], 5) == {}


def test_multi_source_answers_as_a_mapping_over_the_whole_map():
    model = model_of([".....f..."])
    a, b = H("0101"), H("0901")
    supply = multi_source(model, [b, a], 3)
    assert isinstance(supply, Supply)  # whole units: the flat-array answer
    assert supply == {
        a: (0.0, a),
        H("0201"): (1.0, a),
        H("0301"): (2.0, a),
        H("0401"): (3.0, a),
        b: (0.0, b),
        H("0801"): (1.0, b),
        H("0701"): (2.0, b),
    }
    assert [supply[h][0] for h in supply] == sorted(c for c, _ in supply.values())
    assert list(supply.values()) == [supply[h] for h in supply]  # read off the array
    assert list(supply.items()) == [(h, supply[h]) for h in supply]
    assert len(supply) == 7 and H("0601") not in supply and "0101" not in supply
    assert supply.cost(H("0301")) == 2.0 and supply.source(H("0801")) == b
    assert supply.cost(H("0601")) is None and supply.source(H("0601")) is None
    assert Hex(-5, 0) not in supply and supply.get(Hex(0, 40)) is None
    with pytest.raises(KeyError):
        supply[H("0501")]


def test_equally_near_sources_give_way_to_the_first_in_map_order():
    # 0301 is 2 MP from 0101 and from 0501; 0102 (row 2) is nearer neither of them in map
    # order: the row-by-row first source wins, whichever the search met first.
    rows = [".....", "....."]
    for sources in ([H("0101"), H("0501")], [H("0501"), H("0101")]):
        assert multi_source(model_of(rows), sources, 10)[H("0301")] == (2.0, H("0101"))
    third = multi_source(model_of(rows, {"clear": 1 / 3}), [H("0501"), H("0101")], 10)
    assert not isinstance(third, Supply)  # thirds of an MP: the general search, same rule
    assert third[H("0301")] == (pytest.approx(2 / 3), H("0101"))


def test_free_steps_still_give_the_first_nearest_source():
    # Clear costs nothing: every clear hex is 0 MP from both sources on this row.
    model = model_of(["f...f"], {"clear": 0, "forest": 2})
    supply = multi_source(model, [H("0401"), H("0201")], 10)
    assert supply[H("0301")] == (0.0, H("0201"))
    assert supply[H("0401")] == (0.0, H("0201"))  # a source, but the first is as near
    assert supply[H("0501")] == (2.0, H("0201"))


def test_ties_are_broken_the_same_way_every_time():
    rows = ["......", "......", "......", "......"]
    paths = {
        tuple(cheapest_path(model_of(rows), H("0101"), H("0604")).hexes)  # type: ignore[union-attr]
        for _ in range(5)
    }
    assert len(paths) == 1
    supply = [multi_source(model_of(rows), [H("0101"), H("0604")], 10) for _ in range(3)]
    assert supply[0] == supply[1] == supply[2]


def test_neighbour_table_matches_hex_neighbours():
    for width, height in [(5, 4), (1, 3), (3, 1)]:
        table = _neighbour_table(width, height)
        for row in range(height):
            for col in range(width):
                h = Hex.from_offset(col, row)
                expected = tuple(
                    n.row * width + n.col
                    for n in h.neighbours()
                    if 0 <= n.col < width and 0 <= n.row < height
                )
                assert table[row * width + col] == expected


def test_a_search_stopped_early_leaves_no_trace_for_the_next():
    model = model_of(["....", ".f..", "...."], stream=[("0202", "0302")])
    before = reachable(model, H("0101"), 6)
    assert cheapest_path(model, H("0101"), H("0201")) is not None  # stops at once
    path_towards(model, H("0403"), [H("0101")], max_steps=1)
    assert reachable(model, H("0101"), 6) == before
    blocked = model.with_blocked([H("0201")])
    reachable(blocked, H("0101"), 6)
    assert reachable(model, H("0101"), 6) == before


def test_bad_models_are_refused():
    with pytest.raises(ValueError):
        CostModel(2, 2, [1.0] * 3, {}, {}, set())
    with pytest.raises(ValueError):
        CostModel(2, 1, [1.0, -1.0], {}, {}, set())
    with pytest.raises(ValueError):
        HexsideRule(add=-1)
    with pytest.raises(ValueError):
        model_of([".."]).with_multiplier([H("0101")], -2)


# --- properties against a naive reference ----------------------------------------------

LETTERS = ".fhsml"
FEATURES = ("river", "stream", "road", "bridge", "ford")
PRICES = (0.5, 1.0, 1.0, 2.0, 3.0, 1 / 3, None)


def naive_step(hexmap, costs, mult, blocked, a: Hex, b: Hex) -> float | None:
    """The rules as written, from the map itself: no index arithmetic, no compiled tables."""
    if not hexmap.contains(b) or b in blocked:
        return None
    price = costs.get(hexmap.terrain_at(b).id)
    features = hexmap.features_between(a, b)
    if price is None or ("river" in features and not features & {"bridge", "ford"}):
        return None
    factor = 0.5 if "road" in features else 1.0
    add = 1.0 if "stream" in features else 0.0
    return price * factor * mult.get(b, 1.0) + add


def bellman_ford(hexmap, costs, mult, blocked, start: Hex) -> dict[Hex, float]:
    hexes = list(hexmap.hexes())
    dist = {start: 0.0}
    for _ in range(len(hexes)):
        changed = False
        for a in hexes:
            if a not in dist:
                continue
            for b in hexmap.neighbours(a):
                step = naive_step(hexmap, costs, mult, blocked, a, b)
                if step is not None and dist[a] + step < dist.get(b, math.inf) - 1e-12:
                    dist[b] = dist[a] + step
                    changed = True
        if not changed:
            break
    return dist


@define
class Scenario:
    """A small random map, its prices, zone and blocked hexes, and the compiled model."""

    hexmap: HexMap
    costs: dict[str, float | None]
    mult: dict[Hex, float]
    blocked: set[Hex]
    start: Hex
    max_cost: float
    model: CostModel


@st.composite
def scenarios(draw) -> Scenario:
    width, height = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    rows = ["".join(draw(st.sampled_from(LETTERS)) for _ in range(width)) for _ in range(height)]
    hexmap = HexMap(width, height, rows)
    hexes = list(hexmap.hexes())
    sides = sorted({Hexside(a, b) for a in hexes for b in hexmap.neighbours(a)}, key=str)
    if sides:
        for s in draw(st.lists(st.sampled_from(sides), max_size=12)):
            hexmap.add_feature(draw(st.sampled_from(FEATURES)), s)
    costs = {t: draw(st.sampled_from(PRICES)) for t in ("clear", "forest", "hills", "swamp")}
    costs["mountains"] = 3.0
    model = CostModel.from_map(hexmap, costs, RULES)
    mult: dict[Hex, float] = {}
    for _ in range(draw(st.integers(0, 2))):  # zones of influence, composed
        factor = draw(st.sampled_from((2.0, 1.5, 0.5, 1 / 3)))
        zone = draw(st.lists(st.sampled_from(hexes), max_size=6, unique=True))
        model = model.with_multiplier(zone, factor)
        for h in zone:
            mult[h] = mult.get(h, 1.0) * factor
    blocked = set(draw(st.lists(st.sampled_from(hexes), max_size=4)))
    model = model.with_blocked(blocked)
    start = draw(st.sampled_from(hexes))
    max_cost = draw(st.sampled_from((0, 0.5, 1, 1.5, 2, 3, 4.5, 6, 9, math.inf)))
    return Scenario(hexmap, costs, mult, blocked, start, max_cost, model)


FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(scenarios())
def test_reachable_agrees_with_bellman_ford(scenario):
    sc = scenario
    naive = bellman_ford(sc.hexmap, sc.costs, sc.mult, sc.blocked, sc.start)
    expected = {h: c for h, c in naive.items() if c <= sc.max_cost + 1e-9}
    got = reachable(sc.model, sc.start, sc.max_cost)
    assert got.keys() == expected.keys()
    for h, c in got.items():
        assert c == pytest.approx(expected[h], abs=1e-9)


@FAST
@given(scenarios())
def test_cheapest_path_costs_what_reachable_says(scenario):
    hexmap, start, max_cost, model = (
        scenario.hexmap,
        scenario.start,
        scenario.max_cost,
        scenario.model,
    )
    reach = reachable(model, start, max_cost)
    for goal, cost in reach.items():
        path = cheapest_path(model, start, goal, max_cost)
        assert path is not None
        assert path.hexes[0] == start and path.hexes[-1] == goal
        assert path.cost == cost
        assert len(path.step_costs) == len(path.hexes) - 1
        assert all(a.is_adjacent(b) for a, b in zip(path.hexes, path.hexes[1:], strict=False))
        assert path_cost(model, path.hexes) == path
    for h in hexmap.hexes():
        if h not in reach:
            assert cheapest_path(model, start, h, max_cost) is None


@FAST
@given(scenarios(), st.data())
def test_multi_source_is_the_nearest_of_single_searches(scenario, data):
    hexmap, max_cost, model = scenario.hexmap, scenario.max_cost, scenario.model
    sources = data.draw(st.lists(st.sampled_from(list(hexmap.hexes())), max_size=4))
    supply = multi_source(model, sources, max_cost)
    singles = {s: reachable(model, s, max_cost) for s in sources}
    expected: dict[Hex, float] = {}
    for reach in singles.values():
        for h, c in reach.items():
            expected[h] = min(c, expected.get(h, math.inf))
    assert supply.keys() == expected.keys()
    for h, (cost, source) in supply.items():
        assert cost == pytest.approx(expected[h], abs=1e-9)
        assert singles[source][h] == pytest.approx(cost, abs=1e-9)


def map_order(h: Hex) -> tuple[int, int]:
    return (h.row, h.col)


@FAST
@given(scenarios(), st.data())
def test_multi_source_agrees_with_a_reference_search_from_each_source(scenario, data):
    """Each hex costs the least of the naive searches from every source, and names the
    first source in map order of those that reach it for that cost."""
    sc = scenario
    sources = data.draw(st.lists(st.sampled_from(list(sc.hexmap.hexes())), max_size=5))
    supply = multi_source(sc.model, sources, sc.max_cost)
    expected: dict[Hex, tuple[float, Hex]] = {}
    for source in sorted(set(sources), key=map_order):
        naive = bellman_ford(sc.hexmap, sc.costs, sc.mult, sc.blocked, source)
        for h, c in naive.items():
            if c <= sc.max_cost + 1e-9 and (h not in expected or c < expected[h][0] - 1e-9):
                expected[h] = (c, source)
    assert supply.keys() == expected.keys()
    for h, (cost, source) in supply.items():
        assert cost == pytest.approx(expected[h][0], abs=1e-9)
        assert source == expected[h][1]


@FAST
@given(scenarios(), st.data())
def test_path_towards_is_a_cut_cheapest_path_to_the_nearest_target(scenario, data):
    hexmap, start, max_cost, model = (
        scenario.hexmap,
        scenario.start,
        scenario.max_cost,
        scenario.model,
    )
    targets = data.draw(st.lists(st.sampled_from(list(hexmap.hexes())), min_size=1, max_size=3))
    max_steps = data.draw(st.integers(0, 5))
    reach = reachable(model, start, max_cost)
    nearest = min((reach[t] for t in targets if t in reach), default=None)
    path = path_towards(model, start, targets, max_steps, max_cost)
    if nearest is None:
        assert path is None
        return
    assert path is not None
    full = path_towards(model, start, targets, 10**6, max_cost)
    assert full is not None and full.hexes[-1] in targets
    assert full.cost == pytest.approx(nearest, abs=1e-9)
    assert path.hexes == full.hexes[: max_steps + 1]
    assert path.steps <= max_steps
    assert path_cost(model, path.hexes) == path
