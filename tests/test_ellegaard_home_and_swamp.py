"""Warhammer Wars: quicksand, the army list changed at the home base, the Defend command
met by an attacker, prisoners freed on a slaughter and pursuers gathering (R-EL-36 to
R-EL-40).

"if an army division crosses a swamp with quicksands you must roll a dice for each unit
and character. On a 6 it has been taken by the swamp ... remove the character or unit from
the roster!" "If you at any time enters your home base, you are allowed to change the army
list in favour of some more powerful characters, regiments etc." "If any opponent tries to
attack a defended city or army, the opponent will be attacked by your army". "If a pursuer
thinks that he is out of range, he may gather his troops again which takes one turn."
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.model.campaign import DiceMode
from tuicamp.model.hexes import parse_label
from tuicamp.rules.ellegaard import EllegaardRuleset
from tuicamp.rules.ellegaard.flight import Gather, Pursue, Rally
from tuicamp.rules.ellegaard.meetings import Meet
from tuicamp.rules.ellegaard.movement import MoveDivision
from tuicamp.rules.ellegaard.muster import Dismiss, Recruit
from tuicamp.rules.ellegaard.state import Prisoner
from tuicamp.storage.scenario import load_scenario

DRILL = load_scenario(Path(__file__).parent / "data" / "ellegaard-drill.toml")
RULESET = EllegaardRuleset()


def war(at=None, *, quicksand=(), fleeing=None, commands=None, table=True, options=None):
    """The drill war, divisions placed by hand (Orcs not placed are off the map)."""
    scenario = copy.deepcopy(DRILL)
    for army in scenario.armies:
        if at is not None and army.id in at:
            army.hex = parse_label(at[army.id])
        elif at is not None and army.owner == "orcs":
            army.hex = None
    if quicksand:
        scenario.rulesets["ellegaard"].setup["quicksand"] = list(quicksand)
    mode = DiceMode.TABLE if table else DiceMode.APP
    engine = start_campaign(
        scenario, "ellegaard", seed=1, dice_mode=mode, check=False, options=options or {}
    )
    state = engine.campaign.state
    for army_id, foe in (fleeing or {}).items():
        state.divisions[army_id].fleeing_from = foe
    for army_id, command in (commands or {}).items():
        state.divisions[army_id].command = command
    return engine


def texts(engine, kind: str) -> list[str]:
    return [e.text for e in engine.chronicle if e.kind == kind]


def status(engine, seat_id: str) -> list[str]:
    camp = engine.campaign
    seat = next(s for s in camp.seats if s.id == seat_id)
    return [f"{x.label}: {x.text}" for x in RULESET.status_lines(Rules(camp, RULESET), seat)]


# --- quicksand (R-EL-36) ----------------------------------------------------------------------
def test_quicksand_takes_each_unit_or_character_on_a_6():
    """ "you must roll a dice for each unit and character. On a 6 it has been taken by the
    swamp ... remove the character or unit from the roster!" (R-EL-36)."""
    engine = war({"foot": "0203"}, quicksand=["0303"])
    engine.perform("empire", EndPhase())
    engine.perform("empire", MoveDivision(division="foot", path=["0203", "0303"], dice=[2, 6]))
    foot = engine.campaign.army("foot")
    assert [u.id for u in foot.units] == ["foot-captain"]
    assert texts(engine, "quicksand") == [
        "'The Foot' crosses the quicksand at 0303: the swamp takes Halberdiers (R-EL-36)"
    ]
    assert "Quicksand: 0303: a D6 per unit and character entering, a 6 is lost" in status(
        engine, "orcs"
    )


def test_a_general_taken_by_quicksand_is_replaced():
    """R-EL-36 and R-EL-35: "another character must take his job"; the Marshal's Knights
    have none, so the chronicle says so."""
    engine = war({"horse": "0203"}, quicksand=["0303"])
    engine.perform("empire", EndPhase())
    engine.perform("empire", MoveDivision(division="horse", path=["0203", "0303"], dice=[6, 1]))
    assert texts(engine, "general_killed") == [
        "Marshal on warhorse is taken by the swamp and removed from the roster of 'The Horse'; "
        "no character is left to take his job"
    ]


def test_a_swamp_without_quicksand_asks_no_dice():
    """Only the scenario's quicksand hexes roll (R-EL-36); 0303 is a plain swamp here."""
    engine = war({"foot": "0203"}, quicksand=["0403"])
    engine.perform("empire", EndPhase())
    engine.perform("empire", MoveDivision(division="foot", path=["0203", "0303"]))
    assert texts(engine, "quicksand") == []
    assert len(engine.campaign.army("foot").units) == 2


def test_quicksand_off_the_map_is_a_problem():
    engine = war(quicksand=["9999"])
    problems = RULESET.campaign_problems(Rules(engine.campaign, RULESET))
    assert "quicksand hex 9999 is off the map or under water (R-EL-36)" in [
        p.text for p in problems
    ]
    assert [p.text for p in RULESET.setup_problems({"quicksand": ["nowhere"]})] == [
        'quicksand is a list of hex labels: ["0302", "0303", ...] (R-EL-36)'
    ]


# --- the army list at the home base (R-EL-37) -------------------------------------------------
def test_the_army_list_changes_at_the_home_base_within_the_campaign_total():
    """ "If you at any time enters your home base, you are allowed to change the army list
    in favour of some more powerful characters, regiments etc." (R-EL-37)."""
    engine = war()
    engine.perform("empire", Dismiss(division="scouts", unit="scouts-archers"))
    engine.perform(
        "empire",
        Recruit(division="scouts", name="Wizard", points=200, category="character", leadership=7),
    )
    scouts = engine.campaign.army("scouts")
    assert [u.name for u in scouts.units] == ["Champion", "Wizard"] and scouts.points == 300
    assert texts(engine, "list_changed")[-1] == (
        "'The Scouts' takes Wizard (200 pts) onto its army list at the home base: 300 pts (R-EL-37)"
    )
    # the Empire fields 2,300 pts of its 4,000 now: 1,800 more are too many
    with pytest.raises(RuleError, match="to 4,100 pts, more than the campaign total of 4,000"):
        engine.perform("empire", Recruit(division="foot", name="Greatswords", points=1800))
    with pytest.raises(RuleError, match="is the general of 'The Foot': he stays"):
        engine.perform("empire", Dismiss(division="foot", unit="foot-captain"))
    with pytest.raises(RuleError, match="'bogus' is no unit category"):
        engine.perform("empire", Recruit(division="foot", name="X", points=10, category="bogus"))


def test_the_army_list_cannot_change_away_from_home():
    """ "you cannot change them after they has left their home base" (R-EL-37)."""
    engine = war({"foot": "0301"})
    with pytest.raises(RuleError, match="'The Foot' is not at its home base"):
        engine.perform("empire", Recruit(division="foot", name="Handgunners", points=100))


def test_a_list_change_is_the_owners_secret():
    engine = war()
    engine.perform("empire", Recruit(division="foot", name="Handgunners", points=100))
    event = next(e for e in engine.chronicle if e.kind == "list_changed")
    assert event.visible_to == ["empire"]


# --- Defend against an attacker (R-EL-38) -----------------------------------------------------
def test_an_enemy_coming_at_a_defended_division_meets_its_defender_first():
    """ "If any opponent tries to attack a defended city or army, the opponent will be
    attacked by your army, and the city or army can only be attacked if the enemy defeats
    the defending army" (R-EL-38)."""
    engine = war(
        {"foot": "0601", "horse": "0501", "wolves": "1201"},
        commands={"horse": "defend"},
        table=False,
    )
    record = engine.campaign.state.divisions["horse"]
    record.defends, record.follows = "foot", True
    for who in ("empire", "empire", "orcs"):
        engine.perform(who, EndPhase())
    engine.perform("orcs", MoveDivision(division="wolves", to="0901"))
    meetings = engine.campaign.state.meetings
    assert [m.divisions for m in meetings] == [["wolves", "horse"]]
    assert texts(engine, "defended") == [
        "'The Horse' defends 'The Foot': 'The Wolves' meets it first (R-EL-38)"
    ]
    # the defender's general has no choice: it attacks
    assert meetings[0].choice.choices == {"empire": "fight"}
    with pytest.raises(RuleError, match="under Defend it attacks"):
        engine.perform("empire", Meet(meeting="m1", choice="refuse"))


def test_the_defended_division_is_met_once_its_defender_is_beaten():
    """R-EL-38: "can only be attacked if the enemy defeats the defending army"."""
    engine = war(
        {"foot": "0601", "horse": "0501", "wolves": "1201"},
        commands={"horse": "defend"},
        table=False,
        options={"auto_resolve_battles": True},
    )
    record = engine.campaign.state.divisions["horse"]
    record.defends, record.follows = "foot", True
    engine.campaign.army("horse").units[1].models = 1  # a weak guard
    engine.campaign.army("horse").units[1].points = 10
    for who in ("empire", "empire", "orcs"):
        engine.perform(who, EndPhase())
    engine.perform("orcs", MoveDivision(division="wolves", to="0901"))
    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    battle = engine.campaign.battles[0]
    assert battle.result is not None and battle.result.winners == ["attacker"]
    engine.perform("orcs", MoveDivision(division="wolves", to="0801"))
    assert [m.divisions for m in engine.campaign.state.meetings][-1] == ["wolves", "foot"]


# --- prisoners freed (R-EL-39) and gathering (R-EL-40) -------------------------------------
def pursuit_war():
    """The Boyz flee the Foot; the Boyz hold the Foot's Captain's escort as a prisoner."""
    engine = war({"foot": "0601", "boyz": "0801"}, fleeing={"boyz": "foot"})
    state = engine.campaign.state
    escort = copy.deepcopy(engine.campaign.army("foot").units[1])
    escort.id, escort.name, escort.points = "escort", "Escort", 60
    state.prisoners["orcs"] = [Prisoner(escort, "empire", "foot", 1, "boyz")]
    engine.perform("empire", EndPhase())
    return engine


def test_a_slaughter_frees_the_prisoners_the_division_held():
    """R-EL-24: "prisoners held by a slaughtered division are freed"; the Foot takes its
    own back: "1 War Point: Each friendly prisoner taken back and held at the end of the
    war" (R-EL-39)."""
    engine = pursuit_war()
    engine.perform("empire", Pursue(division="foot", target="boyz", dice=[1, 1]))
    assert engine.campaign.army("boyz") is None
    state = engine.campaign.state
    assert state.prisoners["orcs"] == [] and [p.unit.name for p in state.taken_back["empire"]] == [
        "Escort"
    ]
    assert texts(engine, "prisoner_freed") == ["'The Foot' frees Escort: taken back (R-EL-39)"]
    assert "Taken back: The Empire has taken back Escort (R-EL-39)" in status(engine, "empire")


def test_a_pursuer_gathers_its_troops_before_it_marches_again():
    """ "If a pursuer thinks that he is out of range, he may gather his troops again which
    takes one turn" (R-EL-40)."""
    engine = war({"foot": "0401", "boyz": "0901"}, fleeing={"boyz": "foot"})
    engine.perform("empire", EndPhase())
    engine.perform("empire", Pursue(division="foot", target="boyz", dice=[1, 1]))
    assert engine.campaign.state.divisions["foot"].pursuing == "boyz"
    # the next hour: the Boyz rolled no rally; the Foot may not simply march on
    engine.perform("empire", EndPhase())
    engine.perform("orcs", EndPhase(dice=[1, 1]))  # their Move begins: the Boyz flee 2
    engine.perform("orcs", EndPhase())
    engine.perform("empire", EndPhase())
    with pytest.raises(RuleError, match="is pursuing: it pursues again, or gathers"):
        engine.perform("empire", MoveDivision(division="foot", to="0301"))
    engine.perform("empire", Gather(division="foot"))
    assert texts(engine, "gather") == [
        "'The Foot' gathers its troops and gives up the pursuit of 'The Boyz': it does nothing "
        "else this hour (R-EL-40)"
    ]
    with pytest.raises(RuleError, match="has gathered its troops this hour"):
        engine.perform("empire", MoveDivision(division="foot", to="0301"))


def test_a_rally_ends_the_pursuit_without_gathering():
    """ "in the opponent's next turn the pursuers must stop pursuing" (R-EL-40)."""
    engine = war({"foot": "0401", "boyz": "0901"}, fleeing={"boyz": "foot"})
    engine.perform("empire", EndPhase())
    engine.perform("empire", Pursue(division="foot", target="boyz", dice=[1, 1]))
    engine.perform("empire", EndPhase())
    engine.perform("orcs", Rally(division="boyz", dice=[2, 2]))
    assert engine.campaign.state.divisions["foot"].pursuing == ""
