"""Warhammer Wars: fleeing, rallying and pursuing, spent divisions and what a battle or a
Scout reveals (R-EL-5, R-EL-16, R-EL-20, R-EL-21, R-EL-24, R-EL-31).

"When an army division looses a battle it will normally flee. Roll 2D6 and move the
division that number of squares directly away from the foe and, if possible, towards its
home base." "A fleeing army may in its command phase try to rally by rolling equal to or
under the general's Ld value." "Roll 2D6, and if the pursuing army manages to catch the
fleeing troops the loser is totally hacked into pieces!"
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
from tuicamp.model.campaign import DiceMode
from tuicamp.model.forces import Category
from tuicamp.model.hexes import parse_label
from tuicamp.rules.ellegaard import EllegaardRuleset
from tuicamp.rules.ellegaard.flight import Pursue, Rally, steps_away
from tuicamp.rules.ellegaard.meetings import Meet
from tuicamp.rules.ellegaard.movement import MoveDivision
from tuicamp.storage.scenario import load_scenario

DRILL = load_scenario(Path(__file__).parent / "data" / "ellegaard-drill.toml")
RULESET = EllegaardRuleset()


def war(
    at: dict[str, str],
    *,
    fleeing: dict[str, str] | None = None,
    commands=None,
    spent=(),
    extra: dict[str, Unit] | None = None,
):
    """The drill war in table-dice mode, divisions placed by hand, some fleeing (division
    to the division it flees from), some under a command or spent; the Orcs' divisions not
    placed are off the map."""
    scenario = copy.deepcopy(DRILL)
    for army in scenario.armies:
        if army.id in at:
            army.hex = parse_label(at[army.id])
        elif army.owner == "orcs":
            army.hex = None
        if extra and army.id in extra:
            army.units.append(extra[army.id])
    engine = start_campaign(scenario, "ellegaard", seed=1, dice_mode=DiceMode.TABLE, check=False)
    state = engine.campaign.state
    for army_id, foe in (fleeing or {}).items():
        state.divisions[army_id].fleeing_from = foe
    for army_id, command in (commands or {}).items():
        state.divisions[army_id].command = command
    for army_id in spent:
        state.divisions[army_id].spent = True
    return engine


def move_line(engine, seat_id: str, army_id: str) -> str:
    """The seat's Move status line of one division."""
    camp = engine.campaign
    seat = next(s for s in camp.seats if s.id == seat_id)
    lines = RULESET.status_lines(Rules(camp, RULESET), seat)
    (line,) = [x for x in lines if x.label == "Move" and x.army == army_id]
    return f"{line.label}: {line.text}"


def label(engine, army_id: str) -> str:
    return engine.campaign.map.label(engine.campaign.army(army_id).hex)


def halt_seen(engine, kind: str, army_id: str) -> tuple[str, str, list[str]]:
    """What a halted march shows: where the division stands, the chronicle's first entry
    of ``kind`` and the divisions of the one meeting opened."""
    told = next(e for e in engine.chronicle if e.kind == kind)
    (meeting,) = engine.campaign.state.meetings
    return label(engine, army_id), told.text, sorted(meeting.divisions)


def test_a_flight_goes_directly_away_from_the_foe_and_towards_home():
    """R-EL-21: "each step goes farther from the victor, ties nearer home; it stops at the
    map edge"."""
    engine = war({"foot": "0501", "boyz": "0601"})
    camp = engine.campaign
    rules = Rules(camp, RULESET)
    path = steps_away(rules, camp.army("foot"), parse_label("0601"), 4)
    assert [camp.map.label(h) for h in path] == ["0501", "0401", "0301", "0201", "0101"]
    cornered = steps_away(rules, camp.army("scouts"), parse_label("0201"), 6)
    assert [camp.map.label(h) for h in cornered] == ["0101"]  # nowhere farther to go


def test_a_fleeing_division_flees_again_each_hour_until_it_rallies():
    """ "Otherwise the losers of the battle must continue to flee" (R-EL-21: 2d6 again in
    its Move), and it makes no march of its own."""
    engine = war({"foot": "0801", "boyz": "1101"}, fleeing={"foot": "boyz"})
    engine.perform("empire", EndPhase(dice=[2, 1]))  # its Move phase begins: it flees 3
    assert label(engine, "foot") == "0501"
    flight = next(e for e in engine.chronicle if e.kind == "flight")
    assert flight.text == (
        "'The Foot' flees 3 hexes from 'The Boyz' (it has not rallied): 0801 to 0501"
    )
    with pytest.raises(RuleError, match="'The Foot' is fleeing: it flees again"):
        engine.perform("empire", MoveDivision(division="foot", to="0401"))


@pytest.mark.parametrize(("dice", "rallied"), [([4, 4], True), ([5, 4], False)])
def test_a_rally_is_2d6_at_most_the_generals_ld_and_then_it_stays_put(dice, rallied):
    """ "A fleeing army may in its command phase try to rally by rolling equal to or under
    the general's Ld value. If the army is rallied, it may do nothing during its Movement
    phase" (the Foot's Captain has Ld 8)."""
    engine = war({"foot": "0801", "boyz": "1101"}, fleeing={"foot": "boyz"})
    engine.perform("empire", Rally(division="foot", dice=dice))
    record = engine.campaign.state.divisions["foot"]
    assert (record.fleeing_from == "") is rallied
    assert (record.rallied_hour == 1) is rallied
    if rallied:
        engine.perform("empire", EndPhase())
        assert label(engine, "foot") == "0801"
        assert move_line(engine, "empire", "foot") == (
            "Move: no march this hour: 'The Foot' has rallied this hour: \"it may do nothing "
            'during its Movement phase"'
        )
        with pytest.raises(RuleError, match="has rallied this hour"):
            engine.perform("empire", MoveDivision(division="foot", to="0701"))


def test_a_flight_into_a_friendly_walled_city_or_the_home_base_rallies_at_once():
    """ "If a fleeing army manages to get within the walls of a friendly city or the home
    base, it will automaticly be rallied"; home again it may fight again (R-EL-5)."""
    engine = war({"foot": "0401", "boyz": "0701"}, fleeing={"foot": "boyz"}, spent=["foot"])
    engine.perform("empire", EndPhase(dice=[3, 3]))
    assert label(engine, "foot") == "0101"
    record = engine.campaign.state.divisions["foot"]
    assert record.fleeing_from == "" and record.spent is False
    kinds = [e.kind for e in engine.chronicle]
    assert "rallied" in kinds and "refreshed" in kinds


def test_the_pursuer_that_reaches_the_fleeing_division_hacks_it_to_pieces():
    """ "Roll 2D6, and if the pursuing army manages to catch the fleeing troops the loser is
    totally hacked into pieces!" (R-EL-24: its points / 100, rounded up, in War Points)."""
    engine = war({"foot": "0901", "horse": "0101", "boyz": "1201"}, fleeing={"boyz": "horse"})
    engine.campaign.army("horse").hex = parse_label("0601")
    engine.perform("empire", EndPhase())
    engine.perform("empire", Pursue(division="horse", target="boyz", dice=[6, 6]))
    assert engine.campaign.army("boyz") is None
    slaughter = next(e for e in engine.chronicle if e.kind == "war_points")
    assert slaughter.text == (
        "'The Boyz' is caught and totally hacked into pieces: 1,100 pts, 11 War Points to "
        "The Empire (R-EL-24)"
    )
    assert engine.campaign.state.war_points["empire"] == 11
    with pytest.raises(RuleError, match="has pursued this hour"):
        engine.perform("empire", MoveDivision(division="horse", to="0501"))
    assert move_line(engine, "empire", "horse") == (
        "Move: no march this hour: 'The Horse' has pursued this hour: a pursuit is its whole "
        "Move (R-EL-21)"
    )


def test_a_pursuit_halts_where_its_zone_meets_another_enemy_and_they_meet():
    """ "If an army's attention zone enters an opposing army's attention zone the two
    generals must meet" (R-EL-50: a pursuit is a march for the zones, R-EL-8): the Horse
    pursues the Boyz along the road, its zone meets the Wolves' at 0401 and it halts there;
    the Wolves meet it, the Boyz are not caught and the pursuit goes on next hour."""
    engine = war({"horse": "0101", "boyz": "1201", "wolves": "0801"}, fleeing={"boyz": "horse"})
    engine.perform("empire", EndPhase())
    engine.perform("empire", Pursue(division="horse", target="boyz", dice=[6, 6]))
    assert halt_seen(engine, "pursuit", "horse") == (
        "0401",
        "'The Horse' pursues 'The Boyz' 12 hexes: 0101 to 0401, where its attention zone "
        "meets an enemy's: it halts (R-EL-50)",
        ["horse", "wolves"],
    )
    assert engine.campaign.army("boyz") is not None
    assert engine.campaign.state.divisions["horse"].pursuing == "boyz"


def test_a_pursuit_goes_round_an_enemy_division_in_its_way():
    """ "Roll 2D6, and if the pursuing army manages to catch the fleeing troops the loser is
    totally hacked into pieces" (R-EL-21: each step nearer the fleeing division, never into
    another enemy's hex, R-EL-52): the Wolves stand on the road between the Horse and the fleeing
    Boyz, so the Horse rides round them instead of stopping before them."""
    engine = war({"horse": "0201", "boyz": "0801", "wolves": "0401"}, fleeing={"boyz": "horse"})
    engine.campaign.state.contacts = ["horse|wolves"]  # already in touch: no halt
    engine.perform("empire", EndPhase())
    engine.perform("empire", Pursue(division="horse", target="boyz", dice=[2, 2]))
    assert label(engine, "horse") == "0501"  # 4 hexes, one of them round the Wolves


def test_a_pursuit_round_an_enemy_still_catches_its_quarry():
    """R-EL-21: "reaching its hex catches it", the way round counted in hexes."""
    engine = war({"horse": "0201", "boyz": "0801", "wolves": "0401"}, fleeing={"boyz": "horse"})
    engine.campaign.state.contacts = ["horse|wolves"]
    engine.perform("empire", EndPhase())
    engine.perform("empire", Pursue(division="horse", target="boyz", dice=[4, 3]))
    assert engine.campaign.army("boyz") is None


def test_a_pursuit_never_opens_a_meeting_with_its_quarry():
    """R-EL-50: the pursuer coming near the division it pursues (here 2 hexes short of it)
    catches it or not by the pursuit's own rule: no meeting is opened between them."""
    engine = war({"horse": "0101", "boyz": "1201"}, fleeing={"boyz": "horse"})
    engine.campaign.state.contacts = []  # the two have come apart since their battle
    engine.perform("empire", EndPhase())
    engine.perform("empire", Pursue(division="horse", target="boyz", dice=[4, 5]))
    assert label(engine, "horse") == "1001"
    assert engine.campaign.state.meetings == []
    assert engine.campaign.state.contacts == ["boyz|horse"]


def test_only_a_division_fleeing_from_yours_is_pursued_and_never_a_blocker():
    """R-EL-20: "Blocking armies may never be pursued and will never flee"."""
    engine = war({"horse": "0601", "boyz": "1001"})
    engine.perform("empire", EndPhase())
    with pytest.raises(RuleError, match="'The Boyz' is not fleeing from 'The Horse'"):
        engine.perform("empire", Pursue(division="horse", target="boyz"))


def test_a_spent_division_must_refuse_battle():
    """R-EL-5: "Both armies that fought may not fight again until they have entered their
    home base ...; they must refuse battle meanwhile"."""
    engine = war({"foot": "0601", "wolves": "1201"}, spent=["foot"])
    for seat in ("empire", "empire", "orcs"):
        engine.perform(seat, EndPhase())
    engine.perform("orcs", MoveDivision(division="wolves", to="0801"))
    with pytest.raises(RuleError, match="It must refuse: it fought"):
        engine.perform("empire", Meet(meeting="m1", choice="fight"))


def test_a_scout_rolling_5_or_6_reads_the_enemys_whole_list():
    """Scout: "on 5-6 you have managed to infiltrate the opponent, and he must give you all
    the informations about his army including the army list of that division!" (R-EL-16)."""
    engine = war({"scouts": "0601", "wolves": "1201"}, commands={"scouts": "scout"})
    for seat in ("empire", "empire", "orcs"):
        engine.perform(seat, EndPhase())
    engine.perform("orcs", MoveDivision(division="wolves", to="1101", dice=[5]))
    told = next(e for e in engine.chronicle if e.kind == "scouted")
    assert told.visible_to == ["empire"]
    assert "Goblin Boss on wolf 100 pts; Wolf Riders 400 pts" in told.text
    camp = engine.campaign
    empire = next(s for s in camp.seats if s.id == "empire")
    assert RULESET.army_visibility(Rules(camp, RULESET), empire, camp.army("wolves")) == "full"


def test_a_scout_rolling_1_to_4_is_discovered_and_flees():
    """Scout: "On a 1-4 you have been discovered, and you must flee from the enemy"."""
    engine = war({"scouts": "0601", "wolves": "1201"}, commands={"scouts": "scout"})
    for seat in ("empire", "empire", "orcs"):
        engine.perform(seat, EndPhase())
    engine.perform("orcs", MoveDivision(division="wolves", to="1101", dice=[4, 1, 1]))
    assert label(engine, "scouts") == "0401"
    assert any(e.kind == "discovered" for e in engine.chronicle)


def test_a_cautioned_division_that_refuses_again_flees_at_once():
    """Row 5, "All right, but...": "If he refuses to fight a battle once more, he will be
    ignored, and the entire army will be pursued" (R-EL-31: it flees at once, 2d6)."""
    engine = war({"foot": "0601", "wolves": "1201"})
    engine.campaign.state.cautioned.append("foot")
    for seat in ("empire", "empire", "orcs"):
        engine.perform(seat, EndPhase())
    engine.perform("orcs", MoveDivision(division="wolves", to="0801"))
    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    engine.perform("empire", Meet(meeting="m1", choice="refuse", dice=[1, 1]))
    assert label(engine, "foot") == "0401"
    assert engine.campaign.state.divisions["foot"].fleeing_from == "wolves"


def test_fleeing_leaves_the_war_machines_and_the_next_to_come_takes_them():
    """ "Any troops fleeing or purtuing from battle will lose any stationary war machines.
    Chariots, Doomwheels etc. are not treated like stationary ... War machines can be
    captured afterwards by either player" (R-EL-22; R-EL-24: 2 War Points each held)."""
    cannon = Unit("foot-cannon", "Great Cannon", 100, Category.WAR_MACHINE)
    chariot = Unit("foot-chariot", "War wagon", 80, Category.WAR_MACHINE, flags={"mobile"})
    engine = war(
        {"foot": "0801", "boyz": "1101", "wolves": "1201"},
        fleeing={"foot": "boyz"},
        extra={"foot": cannon},
    )
    engine.campaign.army("foot").units.append(chariot)
    engine.perform("empire", EndPhase(dice=[6, 6]))  # it flees home, leaving the cannon
    foot = engine.campaign.army("foot")
    assert foot.unit("foot-cannon") is None and foot.unit("foot-chariot") is not None
    left = next(e for e in engine.chronicle if e.kind == "machines_left")
    assert left.text == "'The Foot' leaves Great Cannon at 0801"
    for who in ("empire", "orcs"):
        engine.perform(who, EndPhase())
    engine.perform("orcs", MoveDivision(division="wolves", path=["1101", "1001", "0901", "0801"]))
    taken = next(e for e in engine.chronicle if e.kind == "machine_taken")
    assert taken.text == "'The Wolves' captures Great Cannon of The Empire"
    camp = engine.campaign
    assert [m.unit.id for m in camp.state.captured["orcs"]] == ["foot-cannon"]


def test_at_the_home_base_the_models_lost_in_battles_are_restored():
    """ "When the army has entered the home base, any dead soldiers or wounded warriors are
    either cured or replaced" (R-EL-23)."""
    engine = war({"foot": "0301"})
    engine.campaign.state.divisions["foot"].wounded = {"foot-halberdiers": 6}
    engine.campaign.army("foot").unit("foot-halberdiers").models = 34
    engine.perform("empire", EndPhase())
    engine.perform("empire", MoveDivision(division="foot", to="0101"))
    assert engine.campaign.army("foot").unit("foot-halberdiers").models == 40
    healed = next(e for e in engine.chronicle if e.kind == "healed")
    assert healed.text == "'The Foot' is healed at its home base: Halberdiers +6"


def test_a_flight_halts_where_its_zone_meets_another_enemy_and_they_meet():
    """ "If an army's attention zone enters an opposing army's attention zone the two
    generals must meet" (R-EL-53: a flight is a march for the zones, as a pursuit is,
    R-EL-50): the Foot flees west from the Boyz, its zone meets the Wolves' at 0701 and it
    halts there; the Wolves meet it, and the Foot, fleeing, "must refuse to fight regardless
    of what might happen" (R-EL-5). The Boyz it flees from open no meeting."""
    engine = war({"foot": "0801", "boyz": "1101", "wolves": "0301"}, fleeing={"foot": "boyz"})
    engine.perform("empire", EndPhase(dice=[2, 1]))  # its Move phase begins: it flees 3
    assert halt_seen(engine, "flight", "foot") == (
        "0701",
        "'The Foot' flees 3 hexes from 'The Boyz' (it has not rallied): 0801 to 0701, "
        "where its attention zone meets an enemy's: it halts (R-EL-53)",
        ["foot", "wolves"],
    )
    (meeting,) = engine.campaign.state.meetings
    assert meeting.choice.choices == {"empire": "refuse"}
    assert engine.campaign.state.divisions["foot"].fleeing_from == "boyz"


def test_a_flight_never_halts_for_nor_meets_the_foe_it_flees_from():
    """R-EL-53: the foe halts nothing and is never met, though the two were not marked in
    touch (here the Boyz, 3 hexes from the Foot): the Foot flees its whole 3 hexes and no
    meeting is opened; whether it is caught is the pursuit's rule (R-EL-21)."""
    engine = war({"foot": "0801", "boyz": "1101"}, fleeing={"foot": "boyz"})
    engine.campaign.state.contacts = []
    engine.perform("empire", EndPhase(dice=[2, 1]))
    assert label(engine, "foot") == "0501"
    assert engine.campaign.state.meetings == []
