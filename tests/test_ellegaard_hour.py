"""Warhammer Wars: the hour on the engine's flow (R-EL-8) and the turn limit.

"Each turn in a map campaign represents one hour in the Warhammer world." "1st phase
Command: All commandment subjects should be done here. I.e. changing commands, rolling for
Ld etc. 2nd phase Move: All troops move with their Movement rating". "Set a turn limit, for
example 36 turns, and after the war count your War Points together".
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase, acting_players
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.model import Unit
from tuicamp.model.forces import Category
from tuicamp.model.hexes import parse_label
from tuicamp.rules.ellegaard.commands import GiveCommand
from tuicamp.rules.ellegaard.movement import MoveDivision
from tuicamp.rules.ellegaard.state import LeftMachine, Prisoner
from tuicamp.storage.scenario import load_scenario

DRILL = Path(__file__).parent / "data" / "ellegaard-drill.toml"


@pytest.fixture(scope="module")
def drill():
    return load_scenario(DRILL)


def test_each_player_in_turn_plays_a_command_then_a_move_phase(drill):
    """R-EL-8: "Players take turns in scenario order, each a Command phase then a Move
    phase"; hours are the engine's turns."""
    engine = start_campaign(drill, "ellegaard", seed=1)
    camp = engine.campaign
    seen = []
    for seat in ("empire", "empire", "orcs", "orcs", "empire"):
        seen.append((camp.turn, acting_players(camp), camp.step))
        engine.perform(seat, EndPhase())
    assert seen == [
        (1, ["empire"], 1),
        (1, ["empire"], 2),
        (1, ["orcs"], 3),
        (1, ["orcs"], 4),
        (2, ["empire"], 1),
    ]
    parts = [e.text for e in engine.chronicle if e.kind == "part"]
    assert parts == [
        "Hour 1: The Empire's Command phase",
        "Hour 1: The Empire's Move phase",
        "Hour 1: Orcs & Goblins' Command phase",
        "Hour 1: Orcs & Goblins' Move phase",
        "Hour 2: The Empire's Command phase",
        "Hour 2: The Empire's Move phase",
    ]
    assert any(e.kind == "new_turn" and e.text == "Hour 2 begins" for e in engine.chronicle)


def test_commands_in_the_command_phase_and_moves_in_the_move_phase(drill):
    """R-EL-8: commands are given in one's own Command phase, marches made in one's own
    Move phase, and no player acts in another's."""
    engine = start_campaign(drill, "ellegaard", seed=1)
    with pytest.raises(RuleError, match=r"^That is done in the Move phase; this is The Empire's"):
        engine.perform("empire", MoveDivision(division="foot", to="0201"))
    with pytest.raises(RuleError, match=r"^It is not Orcs & Goblins' turn: this is The Empire's"):
        engine.perform("orcs", GiveCommand(division="boyz", command="attack"))
    engine.perform("empire", EndPhase())
    with pytest.raises(RuleError, match=r"^That is done in the Command phase; this is The Emp"):
        engine.perform("empire", GiveCommand(division="foot", command="attack"))
    engine.perform("empire", MoveDivision(division="foot", to="0201"))


def test_the_war_ends_at_the_turn_limit_with_war_points(drill):
    """ "Set a turn limit ... and after the war count your War Points together and see who
    is the overall winner": at the end each division of at least 1,000 pts left is worth 5
    (R-EL-24); the clock stops once the last hour is over."""
    engine = start_campaign(drill, "ellegaard", seed=1)
    camp = engine.campaign
    assert camp.state.hours == 3  # the scenario's turn_limit
    for _ in range(3):
        for seat in ("empire", "empire", "orcs", "orcs"):
            engine.perform(seat, EndPhase())
    assert camp.finished and camp.turn == 4
    assert not [e for e in engine.chronicle if e.kind == "part" and e.turn == 4]
    (end,) = [e for e in engine.chronicle if e.kind == "victory"]
    # Empire: The Foot (1,200 pts) is worth 5; Orcs: The Boyz (1,100 pts) 5: a shared win
    assert end.text == (
        "The war is over after 3 hours: The Empire and Orcs & Goblins share the win "
        "(War Points: The Empire 5, Orcs & Goblins 5)"
    )
    with pytest.raises(RuleError):
        engine.perform("empire", EndPhase())
    empire = next(s for s in camp.seats if s.id == "empire")
    lines = {
        (x.label, x.text) for x in engine.ruleset.status_lines(Rules(camp, engine.ruleset), empire)
    }
    assert ("Hour", "the war is over after 3 hours") in lines
    assert (
        "At the end",
        "Orcs & Goblins: 5 War Points (0 in the ledger; 0 prisoner(s) held, 0 taken back: 1 "
        "each; 0 war machine(s): 2 each; 1 division(s) of 1,000 pts or more: 5 each)",
    ) in lines  # the enemy's divisions are counted for everyone once the war is over
    assert not [label for label, _ in lines if label in ("Change", "Move")]


def test_the_hours_of_the_set_up_table_win_over_the_scenarios_turn_limit(drill):
    longer = copy.deepcopy(drill)
    longer.rulesets["ellegaard"].setup["hours"] = 5
    camp = start_campaign(longer, "ellegaard", seed=1).campaign
    assert camp.state.hours == 5


def test_at_the_end_prisoners_and_captured_war_machines_score(drill):
    """Victory: "1 War Point Each enemy prisoner held at the end of the war", "2 War Points
    Every enemy war machine captured and held", "5 War Points For each friendly army
    division of at least 1000 points remaining at the end of the war" (R-EL-24)."""
    engine = start_campaign(drill, "ellegaard", seed=1)
    state = engine.campaign.state
    state.prisoners["empire"] = [Prisoner(Unit("x", "Orc Boyz", 60), "orcs", "boyz", 1)]
    machine = Unit("y", "Rock Lobber", 70, Category.WAR_MACHINE)
    state.captured["empire"] = [LeftMachine(machine, "orcs", parse_label("0601"))]
    for _ in range(3):
        for seat in ("empire", "empire", "orcs", "orcs"):
            engine.perform(seat, EndPhase())
    (end,) = [e for e in engine.chronicle if e.kind == "victory"]
    assert end.text == (
        "The war is over after 3 hours: The Empire wins (War Points: The Empire 8, "
        "Orcs & Goblins 5)"
    )
    camp = engine.campaign
    verdict = engine.ruleset.victory(Rules(camp, engine.ruleset))
    assert verdict.standings == [("empire", "8 War Points"), ("orcs", "5 War Points")]
