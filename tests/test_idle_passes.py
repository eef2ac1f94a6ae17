"""A phase with nothing for a player to decide passes by itself (R-ALL-12), and the end of
Movement names the counters left standing (R-ALL-9): the engine's flow asks the ruleset's
``idle`` hook, the Rauscher ruleset answers it from its own state.

Played in the bundled Stir Border (Stirland against Sylvania), through the engine.
"""

from __future__ import annotations

import contextlib

from apps import rauscher_kit as K
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rauscher_rules import rauscher_rules

from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import acting_players
from tuicamp.rules.rauscher.movement import actions as M
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.view import decisions


def _texts(engine, kind: str = "pass") -> list[str]:
    return [e.text for e in engine.chronicle if e.kind == kind]


def _to_combat(engine) -> None:
    """Upkeep ended by both, the Stirland Host marches onto the Grey Host (0504)."""
    K.until(engine, "movement")
    engine.perform("stirland", M.Move(army=K.HOST, to="0504"))
    K.until(engine, "combat")


def test_an_effects_phase_without_a_deck_passes_by_itself(idle_passes):
    """R-ALL-12: "A player with nothing to decide in a phase passes it, and the chronicle
    says why": the Stir Border has no encounter or magic deck (R-RA-10)."""
    engine = K.fresh()
    for player in ("stirland", "sylvania"):
        engine.perform(player, EndPhase())
    assert engine.campaign.phase == "movement"
    assert _texts(engine) == [
        "Stirland passes the Effects phase: no card to draw or play",
        "Sylvania passes the Effects phase: no card to draw or play",
    ]


def test_a_deck_keeps_the_effects_phase(idle_passes):
    """R-RA-10: a scenario deck is drawn from in the Effects phase: a draw is a decision."""
    deck = {"encounters": [{"id": "tower", "title": "The Ruined Tower", "text": "Ghosts."}]}
    engine = K.fresh(decks=deck)
    for player in ("stirland", "sylvania"):
        engine.perform(player, EndPhase())
    assert engine.campaign.phase == "effects"
    assert not _texts(engine)


def test_combat_without_battles_passes_with_no_battles_this_turn(idle_passes):
    """The issue's words: "a Combat phase without battles" passes, "no battles this
    turn"; Resolution passes a Warmaster with nothing bought."""
    engine = K.fresh()
    K.until(engine, "movement")
    K.end_phase(engine)
    assert (engine.campaign.turn, engine.campaign.phase) == (2, "upkeep")
    assert "Stirland passes the Combat phase: no battles this turn" in _texts(engine)
    assert "Sylvania passes the Resolution phase: nothing to place or load" in _texts(engine)


def test_a_pending_battle_keeps_both_sides_and_its_result_passes_the_other(idle_passes):
    """R-ALL-12: the seat that entered the result keeps its part (so that it can still be
    taken back in this phase); the other side, with nothing left, passes."""
    engine = K.fresh()
    K._grey_host_next_door(engine.campaign)
    _to_combat(engine)
    assert engine.campaign.phase == "combat"
    assert acting_players(engine.campaign) == ["stirland", "sylvania"]
    (battle,) = engine.campaign.pending_battles()
    sides = [SideEntry(side=s.id, vp=vp) for s, vp in zip(battle.sides, (5, 2), strict=True)]
    engine.perform("sylvania", EnterBattleResult(battle=battle.id, sides=sides))
    assert engine.campaign.phase == "combat"
    assert acting_players(engine.campaign) == ["sylvania"]
    assert "Stirland passes the Combat phase: no battle left to fight" in _texts(engine)


def test_with_the_option_off_every_phase_is_ended_by_hand(idle_passes):
    """The core option ``pass_idle_phases`` (default on) turns the passes off."""
    engine = K.fresh()
    engine.campaign.options["pass_idle_phases"] = False
    for player in ("stirland", "sylvania"):
        engine.perform(player, EndPhase())
    assert engine.campaign.phase == "effects"
    assert not _texts(engine)


def test_the_end_of_movement_names_the_counters_left_standing(idle_passes):
    """R-ALL-9: ending Movement is confirmed only while a counter could still march, and
    the question names them."""
    engine = K.fresh()
    K.until(engine, "movement")
    rules = rauscher_rules(engine.campaign)
    (line,) = decisions.left_undone(rules, "stirland")
    assert line.startswith("6 counters have not moved: The Stirland Host, ")
    assert line.endswith(" and 3 more")
    for army in [a.id for a in engine.campaign.armies_of("stirland")]:
        engine.perform("stirland", M.Halt(army=army))
    assert decisions.left_undone(rauscher_rules(engine.campaign), "stirland") == []


# The fixture only leaves the shipped option on: nothing to reset between examples.
@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.integers(0, 5), min_size=1, max_size=14), st.booleans())
def test_the_flow_never_waits_on_a_player_with_nothing_to_decide(idle_passes, moves, close):
    """R-ALL-12 as an invariant: after any action, every player the flow waits on either
    acted in this phase (the acting seat keeps its part) or has something to decide."""
    engine = K.fresh()
    if close:
        K._grey_host_next_door(engine.campaign)
    for choice in moves:
        camp = engine.campaign
        acting = acting_players(camp)
        if not acting or camp.finished:
            break
        player = acting[choice % len(acting)]
        if camp.phase == "movement" and choice == 0:
            with contextlib.suppress(RuleError):  # it has moved already
                engine.perform(player, M.Move(army=K.HOST, to="0504"))
        else:
            try:
                engine.perform(player, EndPhase())
            except RuleError:
                continue  # a blocker (a battle to fight): the flow waits, rightly
        acted = {player} if engine.chronicle[-1].clock == camp.clock else set()
        rules = rauscher_rules(camp)
        for waiting_on in acting_players(camp):
            if waiting_on in camp.flow.ended or waiting_on in acted:
                continue
            assert rules.ruleset.idle(rules, waiting_on) is None, (camp.clock, waiting_on)
