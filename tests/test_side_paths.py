"""Lines over hexes and hexsides: moves, supply along rivers, across lakes, closures.

Prices follow R-SU-2 (clear 1 MP, forest 2, hills 2, swamp and mountains 3, lake and sea
impassable on land; a stream hexside +1; a river only at a bridge or ford; a road halves
the terrain cost) and R-SU-6 (by water: a river hexside 1/2, a stream hexside 1, a lake or
sea hex 1). The property tests compare the searches with networkx's Dijkstra over a graph
built in this file straight from the rules, independently of the network's own tables.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import pairwise

import pytest
from attrs import frozen
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp.engine import side_paths
from tuicamp.engine.pathing import CostModel, HexsideRule, reachable
from tuicamp.engine.side_paths import (
    Closures,
    SideNetwork,
    StepKind,
    cheapest_line,
    search_sides,
    side_multi_source,
    side_reachable,
)
from tuicamp.model.hexes import Hex, Hexside, SideOf, parse_label
from tuicamp.model.map import HexMap

LAND_RULES = {  # R-SU-2
    "stream": HexsideRule(add=1.0),
    "road": HexsideRule(factor=0.5),
    "river": HexsideRule(blocks=True, unless=("bridge", "ford")),
}
LAND_COSTS: dict[str, float | None] = {
    "clear": 1,
    "forest": 2,
    "hills": 2,
    "swamp": 3,
    "mountains": 3,
}
WATERWAYS = {"river": 0.5, "stream": 1.0}  # R-SU-6: per hexside followed
WATER = {"lake": 1.0, "sea": 1.0}  # R-SU-6: per water hex entered
E, NE, NW, W, SW, SE = range(6)


def H(label: str) -> Hex:
    return parse_label(label)


def sides(*pairs: tuple[str, str]) -> list[Hexside]:
    return [Hexside(H(a), H(b)) for a, b in pairs]


def make_map(rows: list[str], **features: Iterable[Hexside]) -> HexMap:
    hexmap = HexMap(len(rows[0]), len(rows), list(rows))
    for feature, found in features.items():
        for s in found:
            hexmap.add_feature(feature, s)
    return hexmap


def network_of(hexmap: HexMap, water: bool = True) -> SideNetwork:
    """The map's network; without ``water``, land legs only (a move, not a supply line)."""
    land = CostModel.from_map(hexmap, LAND_COSTS, LAND_RULES)
    if not water:
        return SideNetwork.from_map(hexmap, land)
    return SideNetwork.from_map(hexmap, land, WATERWAYS, WATER)


def river_along_row_2(columns: int) -> list[Hexside]:
    """A river along the top of map row 2 (the odd row 1 of the grid): each hex's NW and NE
    sides, so each side meets the next at a corner."""
    out = []
    for col in range(columns):
        h = Hex.from_offset(col, 1)
        out += [SideOf(h, NW).hexside, SideOf(h, NE).hexside]
    return out


# --- §3.2: the worked example of a move ----------------------------------------------------

# An Empire corps in 0302, east of a stream; the clear hex 0202 west of it; a road from
# 0202 south through 0203 (clear), 0204 (forest), 0205 (clear). Everything else is forest.
EXAMPLE = make_map(
    ["fffff", "f..ff", "f.fff", "fffff", "f.fff"],
    stream=sides(("0301", "0202"), ("0302", "0202"), ("0202", "0303"), ("0203", "0303")),
    road=sides(("0202", "0203"), ("0203", "0204"), ("0204", "0205")),
)


def test_the_worked_example_of_movement_costs_each_leg_as_the_text_says():
    """§3.2: "the corps is commited to move to the west side, where there is a clear hex.
    The move takes 2 MP ... In phase 3 the player decides to use the road in this hex and
    the corps moves south via the road. The first hex is clear but the second is forest,
    that would be 1 1/2 MP together ... In phase 4 the corps have moved entirely to the
    forest hex via the road, so it can use the remaining 1/2 MP to move to a clear hex via
    the road." (R-SU-2: stream +1, road halves the terrain cost.)"""
    network = network_of(EXAMPLE, water=False)
    corps = H("0302")
    line = cheapest_line(network, corps, [H("0205")], budget=4)
    assert line is not None
    assert [str(h) for h in line.hexes] == ["0302", "0202", "0203", "0204", "0205"]
    assert [s.cost for s in line.steps] == [0, 2, 0.5, 1, 0.5]  # stream, clear, forest, clear
    assert [s.total for s in line.steps] == [0, 2, 2.5, 3.5, 4]
    assert [s.kind for s in line.steps[1:]] == [StepKind.LAND] * 4
    reach = side_reachable(network, corps, 4)  # four impulses of 1 MP: a corps, not LC
    assert reach[H("0202")] == 2 and reach[H("0204")] == 3.5 and reach[H("0205")] == 4
    assert H("0205") not in side_reachable(network, corps, 3.5)  # still committed
    assert reach == reachable(CostModel.from_map(EXAMPLE, LAND_COSTS, LAND_RULES), corps, 4)


# --- supply along a river -------------------------------------------------------------------

# Forest everywhere but the castle's clear hex 0702; a river along the top of row 2.
RIVER_MAP = make_map(["ffffffff", "ffffff.f", "ffffffff"], river=river_along_row_2(8))
CASTLE, UNIT = H("0702"), H("0102")


def test_a_river_supply_line_costs_6_mp_where_the_land_path_costs_11():
    """5.0: "You can also draw the supplyline via rivers ... Each river hex-side (note!
    hex-side, not hex) has a cost of 1/2 Movement Point"; "The supplyline may not be longer
    than 10 Movement Points." R-SU-6: a line's length is its cost by land or by water.

    By land the unit in 0102 is five forests (2 each) and the clear castle hex (1) away:
    11 MP, out of supply. Along the river it is 12 sides of 1/2 MP: 6 MP."""
    by_land = search_sides(network_of(RIVER_MAP, water=False), [CASTLE], math.inf, towards=True)
    assert by_land.cost(UNIT) == 11
    assert (
        side_multi_source(network_of(RIVER_MAP, water=False), [CASTLE], 10, True).get(UNIT) is None
    )
    supply = search_sides(network_of(RIVER_MAP), [CASTLE], 10, towards=True)
    assert supply.cost(UNIT) == 6
    line = supply.line(UNIT)
    assert line is not None and line.start == UNIT and line.end == CASTLE and line.cost == 6
    kinds = [s.kind for s in line.steps]
    assert kinds == [StepKind.START] + [StepKind.SIDE] * 12 + [StepKind.ASHORE]
    assert all(s.cost == 0.5 for s in line.steps if s.kind is StepKind.SIDE)
    assert line.label().startswith("0102 -> river 0102/NE -> river 0202/NW -> river 0202/NE")
    assert line.label().endswith("river 0602/NE -> river 0702/NW -> 0702")


def test_consecutive_river_sides_share_a_corner_and_name_one_bank():
    """R-SU-17: "consecutive river sides share a corner". The line follows the river side
    after side, each step a side that meets the one before at a corner, and names each
    from the bank it set off on, so a status line reads along one bank."""
    line = search_sides(network_of(RIVER_MAP), [CASTLE], 10, towards=True).line(UNIT)
    assert line is not None
    followed = [s.side for s in line.steps if s.side is not None]
    for a, b in pairwise(followed):
        shared = {a.hex, a.across} & {b.hex, b.across}
        assert len(shared) == 1
        x, y = ({a.hex, a.across} | {b.hex, b.across}) - shared
        assert x.is_adjacent(y)  # three hexes round one corner
    assert {s.hex.row for s in followed} == {1}  # every side named from row 2, the bank


@pytest.mark.parametrize("towards", [False, True])
def test_a_line_follows_the_river_past_a_hex_it_may_not_enter(towards):
    """Two river sides that meet at a corner follow each other directly: the line needs no
    hex between them. With 0401 on the far bank closed to it (and its sides left open), the
    line still takes the 12 sides, 6 MP, both ways."""
    network = network_of(RIVER_MAP).with_closures(Closures(hexes=[H("0401")]))
    if towards:
        line = search_sides(network, [CASTLE], 10, towards=True).line(UNIT)
    else:
        line = cheapest_line(network, UNIT, [CASTLE], 10)
    assert line is not None and line.cost == 6 and H("0401") not in line.hexes
    assert "river 0302/NE -> river 0402/NW" in line.label()


def test_a_line_mixes_land_legs_and_water():
    """R-SU-17: "Supply lines may mix land and water. Switching costs 0 at a hex that has
    the river or stream as one of its sides." The unit in 0204 walks two clear hexes (1
    each) to 0202 on the river, follows 10 sides (5 MP) and goes ashore at the castle: 7 MP,
    where the land path is five forests and the castle, 11."""
    hexmap = make_map(["ffffffff", "f.ffff.f", "f.ffffff", "ffffffff"], river=river_along_row_2(8))
    unit = H("0204")
    by_land = search_sides(network_of(hexmap, water=False), [CASTLE], math.inf, towards=True)
    assert by_land.cost(unit) == 11
    line = search_sides(network_of(hexmap), [CASTLE], 10, towards=True).line(unit)
    assert line is not None and line.cost == 7
    assert [s.kind for s in line.steps] == (
        [StepKind.START, StepKind.LAND, StepKind.LAND] + [StepKind.SIDE] * 10 + [StepKind.ASHORE]
    )
    assert [s.cost for s in line.steps[:4]] == [0, 1, 1, 0.5]  # the first side is paid
    assert line.steps[-1].cost == 0  # going ashore is not
    assert line.label().startswith("0204 -> 0203 -> 0202 -> river 0202/NE -> river 0302/NW")


def test_a_stream_side_costs_1_mp_and_a_side_with_river_and_stream_the_cheaper():
    """5.0: "each stream-hexside 1 Movement Point". In mountains (3 MP a hex, so the land
    path is 6 x 3 = 18) a stream line is 12 sides of 1 MP. A side carrying a river and a
    stream is followed at the river's 1/2: four such sides and eight of stream, 10 MP."""
    rows = ["mmmmmmmm"] * 3  # the castle in the mountains too: no cheap last hex by land
    row = river_along_row_2(8)
    by_land = search_sides(network_of(make_map(rows), water=False), [CASTLE], 99, towards=True)
    assert by_land.cost(UNIT) == 18
    streams = network_of(make_map(rows, stream=row))
    assert search_sides(streams, [CASTLE], 20, towards=True).cost(UNIT) == 12
    network = network_of(make_map(rows, stream=row, river=row[:5]))
    assert network.side_cost(row[0]) == 0.5 and network.side_cost(row[5]) == 1
    assert network.side_cost(Hexside(UNIT, H("0103"))) is None  # no waterway there
    line = search_sides(network, [CASTLE], 20, towards=True).line(UNIT)
    assert line is not None and line.cost == 4 * 0.5 + 8 * 1
    assert [s.what for s in line.steps if s.side] == ["river"] * 4 + ["stream"] * 8


# --- lakes and seas -------------------------------------------------------------------------

# Mountains round a lake of three hexes, 0302 to 0502, between 0202 and 0602.
LAKE_MAP = make_map(["mmmmmmm", "m.lll.m", "mmmmmmm"])


def test_a_line_crosses_a_lake_hex_by_hex():
    """5.0: "(and lakes or sea) ... Lake/sea hexes cost 1 MP." R-SU-17: switching costs 0
    at a hex "next to the lake or sea hex". Across the lake: 3 hexes, 3 MP; around it, over
    the mountains (3 each) to the clear shore (1): 13 MP."""
    start, shore = H("0202"), H("0602")
    by_land = search_sides(network_of(LAKE_MAP, water=False), [start], math.inf)
    assert by_land.cost(shore) == 13
    line = cheapest_line(network_of(LAKE_MAP), start, [shore])
    assert line is not None and line.cost == 3
    assert [s.kind for s in line.steps] == [
        StepKind.START,
        StepKind.WATER,
        StepKind.WATER,
        StepKind.WATER,
        StepKind.ASHORE,
    ]
    assert line.label() == "0202 -> lake 0302 -> lake 0402 -> lake 0502 -> 0602"
    assert network_of(LAKE_MAP).water_cost(H("0302")) == 1
    assert network_of(LAKE_MAP).water_cost(start) is None


def test_a_line_never_lands_where_land_moves_cannot_enter():
    """Going ashore is a switch to land, so it needs a hex a land move may enter: the
    line across the lake does not step off into the mountains, which the table of this
    test leaves impassable, to reach the far shore for nothing."""
    land = CostModel.from_map(LAKE_MAP, {"clear": 1}, LAND_RULES)  # mountains impassable
    network = SideNetwork.from_map(LAKE_MAP, land, WATERWAYS, WATER)
    reach = side_reachable(network, H("0202"), 10)
    assert set(map(str, reach)) == {"0202", "0302", "0402", "0502", "0602"}


# --- closures -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hostile", "bank"),
    [(H("0401"), "the far bank"), (H("0402"), "the unit's own bank")],
)
def test_a_river_side_is_closed_when_either_of_its_hexes_holds_a_hostile_unit(hostile, bank):
    """5.0: "The river or stream may not pass adjacent to enemy units." R-SU-17: "A water
    side is closed when either of its two hexes holds a hostile non-Disrupted unit ... A
    line never enters a hex holding such a unit." The hostile unit on {bank} closes two
    sides; the line goes ashore, walks one forest (2 MP) past it and takes the river up
    again: 6 - 1 + 2 = 7 MP."""
    network = network_of(RIVER_MAP).with_closures(Closures.around([hostile]))
    line = search_sides(network, [CASTLE], 10, towards=True).line(UNIT)
    assert line is not None and line.cost == 7
    assert hostile not in line.hexes
    followed = {s.side.hexside for s in line.steps if s.side is not None}
    assert not any(hostile in side for side in followed)


def test_closing_one_side_alone_sends_the_line_round_it():
    """Closures are generic: one side closed, nothing else."""
    closed = SideOf(H("0402"), NW).hexside
    network = network_of(RIVER_MAP).with_closures(Closures(sides=[closed]))
    line = search_sides(network, [CASTLE], 10, towards=True).line(UNIT)
    assert line is not None and line.cost == 7
    assert closed not in {s.side.hexside for s in line.steps if s.side is not None}
    assert network.closures.sides == frozenset({closed})


def test_a_lake_hex_beside_a_hostile_unit_is_closed():
    """R-SU-17: "a lake or sea hex is closed when next to one". A hostile unit in the
    mountain 0401 closes the lake hexes 0302 and 0402 beside it: the line climbs two
    mountains (3 each) and one more into 0503 (3), then crosses the last lake hex 0502 (1):
    10 MP. With only the water beside it closed, the mountain itself may be crossed."""
    network = network_of(LAKE_MAP)
    around = network.with_closures(Closures.around([H("0401")]))
    line = cheapest_line(around, H("0202"), [H("0602")])
    assert line is not None and line.cost == 10
    assert line.label() == "0202 -> 0303 -> 0403 -> 0503 -> lake 0502 -> 0602"
    beside = network.with_closures(Closures(water_beside=[H("0401")]))
    line = cheapest_line(beside, H("0202"), [H("0602")])
    assert line is not None and line.cost == 10 and H("0401") in line.hexes
    assert not {H("0302"), H("0402")} & set(line.hexes)


def test_a_hostile_hex_is_never_entered():
    """R-SU-6: a supply line runs "never through an enemy-occupied hex"."""
    hexmap = make_map([".....", "....."])
    network = network_of(hexmap).with_closures(Closures(hexes=[H("0301")]))
    reach = side_reachable(network, H("0101"), 10)
    assert H("0301") not in reach
    assert reach[H("0401")] == 4  # round it through row 2: one hex longer than the 3
    assert cheapest_line(network, H("0101"), [H("0301")]) is None
    corridor = network_of(make_map(["....."])).with_closures(Closures(hexes=[H("0301")]))
    assert set(side_reachable(corridor, H("0101"), 10)) == {H("0101"), H("0201")}


def test_a_line_leaves_its_own_contested_hex_only_by_an_allowed_side():
    """R-SU-17: a line "leaves its own contested hex only by a friendly side"; R-SU-9:
    "nobody leaves by a hostile side". The unit in 0302 holds only its east side: every
    line starts east, so the hex west of it is 4 MP away, not 1: east, then round the
    unit's hex by the north."""
    hexmap = make_map([".....", ".....", "....."])
    unit = H("0302")
    network = network_of(hexmap).with_closures(Closures(exits={unit: {E}}))
    reach = side_reachable(network, unit, 10)
    assert reach[unit.neighbour(E)] == 1 and reach[unit.neighbour(NE)] == 2
    assert reach[unit.neighbour(W)] == 4
    line = cheapest_line(network, unit, [unit.neighbour(W)])
    assert line is not None and line.hexes[1] == unit.neighbour(E)
    shut = network.with_closures(Closures(exits={unit: set()}))
    assert side_reachable(shut, unit, 10) == {unit: 0}


def test_a_supply_line_leaves_a_contested_hex_by_its_friendly_side_and_no_river_side():
    """R-SU-17, for the check itself (lines traced from each unit back to a castle): the
    unit shares its hex with hostile units, so the hex's river sides are closed and the line
    leaves by the one side the unit controls."""
    hexmap = make_map(["f.ffffff", ".....f.f", "........"], river=river_along_row_2(8))
    unit = H("0302")
    closures = Closures.around([unit], exits={unit: {SE}})
    network = network_of(hexmap).with_closures(closures)
    line = search_sides(network, [CASTLE], 10, towards=True).line(unit)
    assert line is not None and line.start == unit and line.end == CASTLE
    assert line.hexes[1] == unit.neighbour(SE) and line.steps[1].kind is StepKind.LAND
    assert side_multi_source(network, [CASTLE], 10, towards=True)[unit] == (line.cost, CASTLE)
    cut = network.with_closures(Closures.around([unit], exits={unit: set()}))
    assert search_sides(cut, [CASTLE], 10, towards=True).cost(unit) is None


def test_a_line_to_a_closed_hex_cannot_end_there_but_one_from_it_may_start():
    """A line always begins where it stands, even in a closed hex; one traced *to* a closed
    hex cannot end in it, since it would have to enter it."""
    hexmap = make_map(["...."])
    closed = Closures(hexes=[H("0101")])
    network = network_of(hexmap).with_closures(closed)
    assert side_reachable(network, H("0101"), 5)[H("0401")] == 3
    inward = search_sides(network, [H("0101")], 5, towards=True)
    assert inward.costs() == {H("0101"): 0}


# --- budgets --------------------------------------------------------------------------------


def test_the_budget_stops_the_search_to_the_half_mp():
    """5.0: "The supplyline may not be longer than 10 Movement Points": a line of exactly
    the budget counts, half an MP more does not."""
    network = network_of(RIVER_MAP)
    assert search_sides(network, [CASTLE], 6, towards=True).cost(UNIT) == 6
    assert search_sides(network, [CASTLE], 5.5, towards=True).cost(UNIT) is None
    # Half an MP is one side: from the hexes across the river beside the castle.
    reach = search_sides(network, [CASTLE], 0.5, towards=True).costs()
    assert reach == {CASTLE: 0, H("0701"): 0.5, H("0801"): 0.5}
    assert cheapest_line(network, UNIT, [CASTLE], budget=5.5) is None
    assert cheapest_line(network, UNIT, [UNIT]) is not None
    with pytest.raises(ValueError, match="cannot be negative"):
        side_reachable(network, UNIT, -1)


# --- inputs refused with a reason -----------------------------------------------------------


def test_bad_inputs_are_refused_with_a_sentence():
    land = CostModel.from_map(RIVER_MAP, LAND_COSTS, LAND_RULES)
    with pytest.raises(ValueError, match="water cost of 'lake' cannot be negative"):
        SideNetwork.from_map(RIVER_MAP, land, WATERWAYS, {"lake": -1})
    with pytest.raises(ValueError, match=r"unknown terrain 'laek' \(did you mean 'lake'\?\)"):
        SideNetwork.from_map(RIVER_MAP, land, WATERWAYS, {"laek": 1})
    with pytest.raises(ValueError, match=r"feature 'rivr' \(did you mean 'river'\?\) in the"):
        SideNetwork.from_map(RIVER_MAP, land, {"rivr": 0.5})
    odd = make_map(["fX"])  # a letter the vocabulary does not know, on the map
    odd_land = CostModel.from_map(make_map(["ff"]), LAND_COSTS, LAND_RULES)
    marsh = SideNetwork.from_map(odd, odd_land, {}, {"X": 2})
    assert marsh.water_cost(H("0201")) == 2
    with pytest.raises(ValueError, match="cost per side of 'river' should be a number"):
        SideNetwork.from_map(RIVER_MAP, land, {"river": "half"})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="the land cost model is 5 x 5, the map 8 x 3"):
        SideNetwork.from_map(RIVER_MAP, CostModel.from_map(EXAMPLE, LAND_COSTS, LAND_RULES))
    with pytest.raises(ValueError, match=r"exit directions are 0 to 5 \(0 E, 1 NE"):
        Closures(exits={UNIT: {6}})
    with pytest.raises(ValueError, match="is not on the 8 x 3 map"):
        side_reachable(network_of(RIVER_MAP), H("0909"), 3)


def test_the_offset_steps_are_the_hex_neighbours():
    """The neighbour table's offset arithmetic agrees with Hex.neighbour, in direction
    order, on both row parities and at the edges."""
    width, height = 4, 3
    table = side_paths._neighbour_table(width, height)
    for h in HexMap.blank(width, height).hexes():
        expected = [
            (d, n.row * width + n.col)
            for d in range(6)
            if 0 <= (n := h.neighbour(d)).col < width and 0 <= n.row < height
        ]
        assert list(table[h.row * width + h.col]) == expected


@pytest.mark.parametrize("hills", [0.25, 1 / 3])
def test_a_finer_unit_met_mid_search_gives_the_same_answer(hills):
    """Edges compile a block of nodes at a time; a block far from the start that needs a
    finer unit of MP (a house rule of 1/4 MP for hills there), or none at all (1/3 MP),
    restarts the search on the new tables, and the answer is the same as on a network that
    met them first, and as the land model's own."""
    rows = ["." * 40 for _ in range(30)]
    rows[29] = "h" * 40
    hexmap = make_map(rows)
    costs = dict(LAND_COSTS, hills=hills)
    start, far = H("0101"), H("4030")
    fresh = SideNetwork.from_map(hexmap, CostModel.from_map(hexmap, costs, LAND_RULES))
    before = side_reachable(fresh, start, math.inf)
    warmed = SideNetwork.from_map(hexmap, CostModel.from_map(hexmap, costs, LAND_RULES))
    side_reachable(warmed, far, 1)  # compiles the far block first
    assert side_reachable(warmed, start, math.inf) == before
    by_land = reachable(CostModel.from_map(hexmap, costs, LAND_RULES), start, 99)
    assert_same_costs(before, by_land)


def test_prices_that_are_no_power_of_two_fraction_fall_back_to_floats():
    """A house rule of 1/3 MP per river side: exact integer units do not exist, the search
    counts in floats and agrees with 12 sides of 1/3."""
    land = CostModel.from_map(RIVER_MAP, LAND_COSTS, LAND_RULES)
    network = SideNetwork.from_map(RIVER_MAP, land, {"river": 1 / 3}, WATER)
    reach = search_sides(network, [CASTLE], 10, towards=True)
    assert reach.cost(UNIT) == pytest.approx(4)
    line = reach.line(UNIT)
    assert line is not None and line.cost == pytest.approx(4)
    assert cheapest_line(network, UNIT, [CASTLE]) is not None


# --- properties on random small maps --------------------------------------------------------


@frozen
class World:
    hexmap: HexMap
    land: CostModel
    closures: Closures
    starts: tuple[Hex, ...]
    budget: float

    def network(self, water: bool = True) -> SideNetwork:
        ways = (WATERWAYS, WATER) if water else ({}, {})
        return SideNetwork.from_map(self.hexmap, self.land, *ways, closures=self.closures)


@st.composite
def worlds(draw, water: bool = True) -> World:
    width, height = draw(st.integers(2, 5)), draw(st.integers(1, 5))
    letters = ".fhms" + ("ll~" if water else "")
    rows = ["".join(draw(st.sampled_from(letters)) for _ in range(width)) for _ in range(height)]
    hexmap = HexMap(width, height, rows)
    hexes = list(hexmap.hexes())
    all_sides = sorted(
        {Hexside(h, n) for h in hexes for n in hexmap.neighbours(h)},
        key=lambda s: (s.a.row, s.a.col, s.b.row, s.b.col),
    )
    features = ("river", "stream", "road", "bridge") if water else ("road", "bridge")
    for s in all_sides:
        for feature in features:
            if draw(st.integers(0, 3)) == 0:
                hexmap.add_feature(feature, s)
    # Mountains impassable, as a house rule might have it: a line may not land there.
    costs = draw(st.sampled_from((LAND_COSTS, {**LAND_COSTS, "mountains": None})))
    land = CostModel.from_map(hexmap, costs, LAND_RULES)
    hostile = draw(st.lists(st.sampled_from(hexes), max_size=2, unique=True))
    exits = {}
    for h in draw(st.lists(st.sampled_from(hexes), max_size=2, unique=True)):
        exits[h] = draw(st.frozensets(st.integers(0, 5)))
    closures = draw(
        st.sampled_from(
            (
                Closures(),
                Closures.around(hostile, exits),
                Closures(hexes=hostile, exits=exits),
                Closures(sides=all_sides[::3], water_beside=hostile),
            )
        )
    )
    starts = tuple(draw(st.lists(st.sampled_from(hexes), min_size=1, max_size=3, unique=True)))
    budget = draw(st.sampled_from((0, 0.5, 1, 2.5, 4, 6, math.inf)))
    return World(hexmap, land, closures, starts, budget)


def reference_graph(world: World, water: bool = True) -> tuple[dict, dict]:
    """Every move as an edge, from the rules as the module docstring states them.

    Nodes are ``("hex", Hex)`` and ``("side", Hexside)``. Returns the forward edges
    ``{node: {node: MP}}`` and the reversed ones.
    """
    hexmap, land, closures = world.hexmap, world.land, world.closures
    ways = WATERWAYS if water else {}
    lakes = WATER if water else {}
    price: dict[Hexside, float] = {}
    for feature, cost in ways.items():
        for s in hexmap.hexsides.get(feature, []):
            price[s] = min(cost, price.get(s, cost))
    hexes = list(hexmap.hexes())
    water_of = {
        h: lakes[hexmap.terrain_at(h).id] for h in hexes if hexmap.terrain_at(h).id in lakes
    }

    def landable(h: Hex) -> bool:
        return h not in water_of and any(
            land.step_cost(x, h) is not None for x in hexmap.neighbours(h)
        )

    closed = {("hex", h) for h in closures.hexes}
    closed |= {("side", s) for s in closures.sides}
    closed |= {("hex", x) for h in closures.water_beside for x in h.neighbours() if x in water_of}
    forward: dict = {("hex", h): {} for h in hexes} | {("side", s): {} for s in price}

    def edge(a, b, cost: float, leaving: Hex | None = None, d: int = 0) -> None:
        if b in closed:
            return
        if leaving in closures.exits and d not in closures.exits[leaving]:
            return
        forward[a][b] = min(cost, forward[a].get(b, math.inf))

    for h in hexes:
        for d in range(6):
            x = h.neighbour(d)
            if not hexmap.contains(x):
                continue
            step = land.step_cost(h, x)
            if step is not None:
                edge(("hex", h), ("hex", x), step, h, d)
            if x in water_of:
                edge(("hex", h), ("hex", x), water_of[x], h, d)
            elif h in water_of and landable(x):
                edge(("hex", h), ("hex", x), 0.0, h, d)
            if Hexside(h, x) in price:
                edge(("hex", h), ("side", Hexside(h, x)), price[Hexside(h, x)], h, d)
    for s in price:
        for h in (s.a, s.b):
            if h in water_of:
                edge(("side", s), ("hex", h), water_of[h])
            elif landable(h):
                edge(("side", s), ("hex", h), 0.0)
        for t in price:  # two sides meet at a corner: one shared hex, the others touch
            shared = {s.a, s.b} & {t.a, t.b}
            if len(shared) == 1:
                x, y = ({s.a, s.b} | {t.a, t.b}) - shared
                if x.is_adjacent(y):
                    edge(("side", s), ("side", t), price[t])
    backward: dict = {node: {} for node in forward}
    for a, out in forward.items():
        for b, cost in out.items():
            backward[b][a] = cost
    return forward, backward


def reference_costs(world: World, towards: bool, water: bool = True) -> dict[Hex, float]:
    """Dijkstra by networkx over the reference graph (skipped when networkx is missing)."""
    nx = pytest.importorskip("networkx")
    forward, backward = reference_graph(world, water)
    graph = nx.DiGraph()
    edges = backward if towards else forward
    graph.add_nodes_from(edges)
    graph.add_weighted_edges_from((a, b, c) for a, out in edges.items() for b, c in out.items())
    sources = {("hex", h) for h in world.starts}
    dist = nx.multi_source_dijkstra_path_length(graph, sources, cutoff=world.budget + 1e-9)
    return {node[1]: cost for node, cost in dist.items() if node[0] == "hex"}


def assert_same_costs(got: dict[Hex, float], expected: dict[Hex, float]) -> None:
    assert got.keys() == expected.keys()
    for h, cost in got.items():
        assert cost == pytest.approx(expected[h], abs=1e-9)


def assert_steps_touch(line) -> None:
    """Each step starts where the one before ended: a hex next to the hex before, a side of
    the hex before, a side meeting the side before at a corner, a hex of the side before."""
    for before, step in pairwise(line.steps):
        if before.hex is not None and step.hex is not None:
            assert before.hex.is_adjacent(step.hex)
        elif before.hex is not None:
            assert step.side.hex == before.hex
        elif step.hex is not None:
            assert step.hex in (before.side.hex, before.side.across)
        else:
            ends = {before.side.hex, before.side.across}
            assert len(ends & {step.side.hex, step.side.across}) == 1


FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(worlds(), st.booleans())
def test_the_search_agrees_with_networkx_over_the_same_graph(world, towards):
    reach = search_sides(world.network(), world.starts, world.budget, towards)
    assert_same_costs(reach.costs(), reference_costs(world, towards))


@FAST
@given(worlds(), st.booleans())
def test_multi_source_is_the_nearest_of_single_source_searches(world, towards):
    network = world.network()
    nearest = side_multi_source(network, world.starts, world.budget, towards)
    singles = {s: search_sides(network, [s], world.budget, towards) for s in world.starts}
    expected: dict[Hex, float] = {}
    for reach in singles.values():
        for h, c in reach.costs().items():
            expected[h] = min(c, expected.get(h, math.inf))
    assert_same_costs({h: c for h, (c, _) in nearest.items()}, expected)
    for h, (cost, source) in nearest.items():
        assert singles[source].cost(h) == pytest.approx(cost, abs=1e-9)


@FAST
@given(worlds(water=False))
def test_without_water_a_line_costs_exactly_the_land_path(world):
    """No waterway and no water hex: every cost is the land model's own, never less."""
    start = world.starts[0]
    network = world.network(water=False).with_closures(Closures(hexes=world.closures.hexes))
    blocked = world.land.with_blocked(world.closures.hexes)
    got = side_reachable(network, start, world.budget)
    assert_same_costs(got, reachable(blocked, start, world.budget))
    wet = SideNetwork.from_map(world.hexmap, world.land, WATERWAYS, WATER)  # nothing to use
    assert_same_costs(
        side_reachable(wet, start, world.budget), reachable(world.land, start, world.budget)
    )


@FAST
@given(worlds())
def test_water_only_ever_shortens_a_line(world):
    start = world.starts[0]
    by_land = reachable(world.land, start, world.budget)
    with_water = side_reachable(
        SideNetwork.from_map(world.hexmap, world.land, WATERWAYS, WATER), start, world.budget
    )
    assert by_land.keys() <= with_water.keys()
    assert all(with_water[h] <= cost + 1e-9 for h, cost in by_land.items())


@FAST
@given(worlds(), st.booleans())
def test_lines_are_deterministic_and_cost_what_the_search_says(world, towards):
    one = search_sides(world.network(), world.starts, world.budget, towards)
    other = search_sides(world.network(), world.starts, world.budget, towards)
    assert list(one.costs().items()) == list(other.costs().items())
    for h, cost in one.costs().items():
        line = one.line(h)
        again = other.line(h)
        assert line is not None and again is not None and line == again
        assert line.cost == pytest.approx(cost, abs=1e-9)
        assert (line.end if towards else line.start) in world.starts
        assert (line.start if towards else line.end) == h
        assert line.steps[0].kind is StepKind.START and line.steps[0].total == 0
        for before, step in pairwise(line.steps):
            assert step.total == pytest.approx(before.total + step.cost, abs=1e-9)
            assert step.cost >= 0
            if step.side is not None:
                assert step.kind is StepKind.SIDE and step.what in WATERWAYS
        assert_steps_touch(line)
        if not towards and len(world.starts) == 1:
            short = cheapest_line(world.network(), world.starts[0], [h], world.budget)
            assert short is not None and short.cost == pytest.approx(cost, abs=1e-9)
