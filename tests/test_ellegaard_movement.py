"""Warhammer Wars: movement (R-EL-1, R-EL-9 to R-EL-14).

"The Movement value of a single army matters of what races are following the army";
"If moving on roads, armies will receive a +1 bonus"; "Armies must follow the slowest
moving troops". The drill ground (tests/data/ellegaard-drill.toml), hex by hex:

    row 1  . . . . . . . . . . . .   the road, 0101 to 1201; bridge 0901-1001
    row 2  . f f f f . h h m m . .   ford 0902-1002
    row 3  . . s s . . d d . j j .   a stream along rows 3/4, columns 3 to 6
    row 4  . . . . f f f . . l . .   the river between columns 9 and 10
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.model import Unit
from tuicamp.model.hexes import parse_label
from tuicamp.rules.ellegaard import EllegaardRuleset
from tuicamp.rules.ellegaard.movement import MoveDivision
from tuicamp.storage.scenario import load_scenario

DRILL = load_scenario(Path(__file__).parent / "data" / "ellegaard-drill.toml")
RULESET = EllegaardRuleset()


def marching(
    army_id: str, at: str = "", race: str = "", extra: Unit | None = None, enemies: bool = False
):
    """The drill war in the Empire's Move phase of hour 1, one division placed at ``at``,
    every unit of it of ``race`` (and ``extra`` added to it); the Orcs' divisions are off
    the map unless ``enemies`` (so no attention zones meet on this narrow ground)."""
    scenario = copy.deepcopy(DRILL)
    for other in scenario.armies:
        if other.owner == "orcs" and not enemies:
            other.hex = None
    army = next(a for a in scenario.armies if a.id == army_id)
    if at:
        army.hex = parse_label(at)
    for unit in army.units:
        unit.race = race
    if extra is not None:
        army.units.append(extra)
    engine = start_campaign(scenario, "ellegaard", seed=3, check=False)
    engine.perform("empire", EndPhase())
    return engine


def move(engine, army_id: str, to: str = "", path: tuple[str, ...] = ()):
    engine.perform("empire", MoveDivision(division=army_id, to=to, path=list(path)))
    return engine.campaign.map.label(engine.campaign.army(army_id).hex)


def move_line(engine, army_id: str) -> str:
    camp = engine.campaign
    seat = next(s for s in camp.seats if s.id == "empire")
    return next(
        line.text
        for line in RULESET.status_lines(Rules(camp, RULESET), seat)
        if line.label == "Move" and line.army == army_id
    )


def test_humans_march_4_and_5_along_the_road():
    """ "Humans ...: 4 squares"; "If moving on roads, armies will receive a +1 bonus"
    (R-EL-9: every hex entered along a road)."""
    engine = marching("foot")
    assert move_line(engine, "foot") == "0 of 4 MP used (slowest troops humans 4)"
    with pytest.raises(RuleError) as refused:
        move(engine, "foot", to="0701")
    assert str(refused.value) == (
        "'The Foot' would spend 6 MP this hour; it has 5 (slowest troops humans 4; +1 on "
        "the road (R-EL-9))"
    )
    assert move(engine, "foot", to="0601") == "0601"
    assert move_line(engine, "foot") == (
        "5 of 5 MP used (slowest troops humans 4; +1 on the road (R-EL-9))"
    )


def test_the_road_bonus_needs_every_hex_of_the_hour_entered_by_road():
    """R-EL-9: one hex entered off the road loses the +1 for the whole hour, legs and all."""
    engine = marching("foot")
    assert move(engine, "foot", to="0401") == "0401"  # 3 MP by road
    with pytest.raises(RuleError, match="would spend 6 MP this hour; it has 4"):
        move(engine, "foot", path=("0401", "0501", "0502"))  # 0502 is forest, off the road
    assert move(engine, "foot", to="0601") == "0601"  # 5 MP, all by road


def test_terrain_classes_cost_1_2_and_3():
    """R-EL-1 / R-EL-14: normal 1, difficult (forest, hills, desert) 2, very difficult
    (swamp, jungle, mountains) 3."""
    engine = marching("foot", at="0102")
    with pytest.raises(RuleError, match="would spend 6 MP this hour; it has 4"):
        move(engine, "foot", path=("0202", "0302", "0402"))  # three forest hexes
    assert move(engine, "foot", path=("0202", "0302")) == "0302"
    engine = marching("foot", at="0603")
    assert move(engine, "foot", path=("0703", "0803")) == "0803"  # two desert hexes
    engine = marching("foot", at="0802")
    with pytest.raises(RuleError, match="would spend 7 MP this hour; it has 4"):
        move(engine, "foot", path=("0902", "1002"))  # mountains 3, the ford +1, mountains 3
    assert move(engine, "foot", path=("0902",)) == "0902"


def test_a_river_is_crossed_only_at_a_bridge_or_a_ford_and_a_stream_costs_1():
    """R-EL-1: "river impassable except at a bridge (+0) or ford (+1)", "stream +1"."""
    engine = marching("horse", at="0903")
    with pytest.raises(RuleError, match="cannot go from 0903 to 1003"):
        move(engine, "horse", path=("1003",))
    engine = marching("horse", at="0901")
    assert move(engine, "horse", path=("1001",)) == "1001"
    assert move_line(engine, "horse").startswith("1 of 7 MP used")  # the bridge adds nothing
    engine = marching("horse", at="0902")
    assert move(engine, "horse", path=("1002",)) == "1002"
    assert move_line(engine, "horse").startswith("4 of 6 MP used")  # mountains 3, ford +1
    engine = marching("horse", at="0303")
    assert move(engine, "horse", path=("0304",)) == "0304"
    assert move_line(engine, "horse").startswith("2 of 6 MP used")  # clear 1, stream +1


def test_the_horse_army_moves_6_and_a_foot_unit_slows_it_to_4():
    """ "Horse armies (all units mounted): 6 squares ... The horses must have a Movement of
    at least 7"" (R-EL-13); "Armies must follow the slowest moving troops" (R-EL-12)."""
    engine = marching("horse")
    assert move_line(engine, "horse").endswith("(horse army 6 (R-EL-13))")
    assert move(engine, "horse", to="0801") == "0801"  # 7 along the road
    slow = marching("horse", extra=Unit("horse-crew", "Foot squires", 50))
    assert move_line(slow, "horse") == "0 of 4 MP used (slowest troops humans 4)"


def test_dwarfs_march_5_and_cross_mountains_without_penalty():
    """ "Dwarfs and Chaos Dwarfs: 5 squares. Additionally, they will not suffer any movement
    penalties while crossing mountains" (R-EL-1: mountains cost them 1)."""
    engine = marching("foot", at="0802", race="Dwarfs")
    assert move_line(engine, "foot") == "0 of 5 MP used (slowest troops dwarfs 5)"
    # 0902 mountains 1, across the ford (+1) into 1002 mountains 1, then 1102 clear 1
    assert move(engine, "foot", path=("0902", "1002", "1102")) == "1102"


def test_an_exception_holds_only_when_every_unit_has_it():
    """R-EL-12: "A race rate or terrain exception applies only when every unit of the
    division has it": one human unit keeps dwarfs at 4 and mountains at 3."""
    engine = marching("foot", at="0802", race="Dwarfs", extra=Unit("x", "Empire guides", 40))
    assert move_line(engine, "foot") == "0 of 4 MP used (slowest troops humans 4)"
    with pytest.raises(RuleError, match="would spend 7 MP this hour; it has 4"):
        move(engine, "foot", path=("0902", "1002"))


def test_chaos_gets_1_more_in_an_hour_on_harsh_lands():
    """ "Chaos: 5 squares. In addition, when moving on harsh lands ... they will receive a +1
    bonus" (R-EL-10: in an hour it enters a difficult or very difficult hex)."""
    engine = marching("foot", at="0102", race="Chaos")
    assert move(engine, "foot", path=("0202", "0302", "0402")) == "0402"  # 6 MP of forest
    assert move_line(engine, "foot") == (
        "6 of 6 MP used (slowest troops chaos 5; +1 on harsh lands (R-EL-10))"
    )
    engine = marching("foot", at="0103", race="Chaos")
    assert move(engine, "foot", path=("0104", "0204", "0304", "0404")) == "0404"  # all clear
    assert move_line(engine, "foot") == "4 of 5 MP used (slowest troops chaos 5)"


def test_wood_elves_march_6_in_forest_and_4_elsewhere():
    """ "Wood Elves: 6 squares in forests and woods, 4 squares anywhere else" (R-EL-11:
    forest costs them 1; 6 when they start in forest and every hex entered is forest)."""
    engine = marching("foot", at="0202", race="Wood Elves")
    assert move_line(engine, "foot") == "0 of 6 MP used (Wood Elves in forest 6 (R-EL-11))"
    assert move(engine, "foot", path=("0302", "0402", "0502")) == "0502"
    assert move_line(engine, "foot").startswith("3 of 6 MP used")
    assert move(engine, "foot", path=("0602",)) == "0602"  # out of the forest: 4 in all
    assert move_line(engine, "foot") == "4 of 4 MP used (slowest troops wood elves 4)"
    with pytest.raises(RuleError, match="would spend 5 MP this hour; it has 4"):
        move(engine, "foot", path=("0601",))


def test_undead_march_3_and_lizardmen_wade_swamps_and_streams():
    """ "Undead: 3 squares ... Undead armies may cross light swamps without penalties";
    Lizardmen "may cross bogs, swamps, marches, small rivers, jungles etc. without
    penalties" (R-EL-1)."""
    engine = marching("foot", at="0203", race="Undead")
    assert move_line(engine, "foot") == "0 of 3 MP used (slowest troops undead 3)"
    assert move(engine, "foot", path=("0303", "0403", "0503")) == "0503"  # swamp 1, 1, clear 1
    engine = marching("foot", at="0303", race="Lizardmen")
    assert move(engine, "foot", path=("0304", "0403", "0404", "0503")) == "0503"


def test_no_division_marches_into_an_enemy_hex():
    engine = marching("horse", at="1101", enemies=True)
    with pytest.raises(RuleError, match="An enemy division stands at 1201"):
        move(engine, "horse", to="1201")


@pytest.mark.parametrize(("die", "mp"), [(3, 4), (2, 3)])
def test_the_necromancer_forces_the_dead_into_march_on_3_or_more(die, mp):
    """ "The Necromancer may attemp to force the army into march by rolling a D6. On 3+ the
    army obeys and they may move an extra square. Otherwise it will move only 3 squares"
    (R-EL-26: rolled as the Move phase begins, no Ld test, not a command)."""
    scenario = copy.deepcopy(DRILL)
    foot = next(a for a in scenario.armies if a.id == "foot")
    for unit in foot.units:
        unit.race = "Undead"
    foot.units[0].flags.add("necromancer")
    for other in scenario.armies:
        if other.owner == "orcs":
            other.hex = None
    engine = start_campaign(scenario, "ellegaard", seed=3, dice_mode="table", check=False)
    engine.perform("empire", EndPhase(dice=[die]))
    assert move_line(engine, "foot").startswith(f"0 of {mp} MP used (slowest troops undead 3")
    told = next(e for e in engine.chronicle if e.kind == "necromancer")
    assert told.visible_to == ["empire"]
