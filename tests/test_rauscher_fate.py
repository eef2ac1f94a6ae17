"""Rauscher's fate points on any roll: "A fate point may be used at any time during the
course of play to re-roll any one roll." (R-RA-12: a roll of the player's of the last
action that rolled dice is re-rolled by playing that action again; the offers of the
economy's own rolls stay open as before, see test_rauscher_economy.py.)"""

from __future__ import annotations

import pytest
from test_rauscher_combat_kit import battle_engine, returning

from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import DiceNeeded, RuleError
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.model.battle import UnitLoss
from tuicamp.model.campaign import DiceMode
from tuicamp.rules.rauscher.economy.actions import UseFate
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.screens.data import rauscher_state

HALBERDIERS = "casualties: Halberdiers of Reikland Host, killed"


def fought(table_dice: list[int]) -> Engine:
    """Anna enters the result of the battle: she lost it, one Halberdier and one Boy were
    killed; the dice are the casualty d6 of each, then the retreat's."""
    engine = battle_engine()
    camp = engine.campaign
    camp.dice.mode = DiceMode.TABLE
    camp.state.player("p1").fate_points = 1
    camp.state.player("p2").fate_points = 1
    engine.changed()
    engine.perform(
        "p1",
        EnterBattleResult(
            battle="b1",
            sides=[
                SideEntry(side="attacker", vp=100, losses=[UnitLoss("a1", "u1", 1, 0)]),
                SideEntry(side="defender", vp=300, losses=[UnitLoss("a2", "u3", 1, 0)]),
            ],
            dice=table_dice,
        ),
    )
    return engine


def back_on(engine: Engine, unit: str) -> list[int]:
    return [r.due_turn for r in returning(engine.campaign) if r.unit.id == unit]


def test_a_fate_point_rerolls_a_casualty_d6_of_a_result_the_seat_entered():
    """ "re-roll any one roll": the Halberdier's casualty d6 (2: slightly injured, back next
    turn) is rolled again (4: seriously injured, back in four turns); the Boy's d6 and the
    retreat keep their values, and the fate point is spent."""
    engine = fought([2, 3, 5])
    (roll,) = [r for r in engine.campaign.reroll.rolls if r.reason == HALBERDIERS]
    assert back_on(engine, "u1") == [2] and back_on(engine, "u3") == [5]
    retreated_to = engine.campaign.army("a1").hex
    with pytest.raises(DiceNeeded, match=f"Roll d6 for {HALBERDIERS}"):
        engine.perform("p1", UseFate(roll=str(roll.id)))
    events = engine.perform("p1", UseFate(roll=f"#{roll.id}", dice=[4]))
    camp = engine.campaign
    assert camp.state.player("p1").fate_points == 0
    assert back_on(engine, "u1") == [5] and back_on(engine, "u3") == [5]
    fate = next(e for e in events if e.kind == "fate")
    assert fate.player == "p1" and f"roll #{roll.id}: d6 = 2" in fate.text
    assert {e.kind for e in events} >= {"void", "fate", "battle_result", "casualties"}
    assert camp.army("a1").hex == retreated_to  # the retreat's d6 kept its 5


def test_without_a_number_the_latest_roll_of_the_last_action_is_rerolled():
    """ "default: your latest": with no open offer, the last roll of Anna's last action."""
    engine = fought([2, 3, 5])
    events = engine.perform("p1", UseFate(dice=[1]))
    retreat = [r for e in events for r in e.rolls if "retreats" in r.reason]
    assert [r.total for r in retreat] == [1]
    assert back_on(engine, "u1") == [2]


def test_a_fate_point_cannot_reroll_another_players_action_or_a_settled_roll():
    """Only one's own rolls (the action was Anna's), and only until the next action."""
    engine = fought([2, 3, 5])
    (roll,) = [r for r in engine.campaign.reroll.rolls if r.reason == HALBERDIERS]
    with pytest.raises(RuleError, match="not one of Bruno's"):
        engine.perform("p2", UseFate(roll=str(roll.id), dice=[4]))
    engine.perform("p1", EndPhase())
    with pytest.raises(RuleError, match="settled them for good"):
        engine.perform("p1", UseFate(roll=str(roll.id), dice=[4]))
    assert engine.campaign.state.player("p1").fate_points == 1


def test_a_fate_point_is_needed_and_its_own_roll_stands():
    """Each re-roll costs a fate point; the roll a fate point brought is not re-rolled."""
    engine = fought([2, 3, 5])
    (roll,) = [r for r in engine.campaign.reroll.rolls if r.reason == HALBERDIERS]
    engine.perform("p1", UseFate(roll=str(roll.id), dice=[4]))
    engine.campaign.state.player("p1").fate_points = 1
    engine.changed()
    (again,) = [r for r in engine.campaign.reroll.rolls if r.reason == HALBERDIERS]
    with pytest.raises(RuleError, match="a re-roll stands"):
        engine.perform("p1", UseFate(roll=str(again.id), dice=[6]))
    engine.campaign.state.player("p1").fate_points = 0
    engine.changed()
    with pytest.raises(RuleError, match="no fate point"):
        engine.perform("p1", UseFate(dice=[6]))


def test_the_enemys_casualty_d6_is_his_and_refused_to_the_other_seats_fate_point():
    """ "re-roll any one roll" of one's own: the casualty d6 rolled for each side of a result
    are that side's player's, so Anna, who entered the result, may not spend her fate point
    on the Boy's d6 (Bruno's), and Bruno may spend his on it."""
    engine = fought([2, 3, 5])
    rolls = engine.campaign.reroll.rolls
    boys = next(r for r in rolls if r.reason.startswith("casualties:") and r.player == "p2")
    (mine,) = [r for r in rolls if r.reason == HALBERDIERS]
    assert mine.player == "p1"
    with pytest.raises(RuleError, match="not one of Anna's"):
        engine.perform("p1", UseFate(roll=str(boys.id), dice=[6]))
    assert engine.campaign.state.player("p1").fate_points == 1
    engine.perform("p2", UseFate(roll=str(boys.id), dice=[6]))
    assert engine.campaign.state.player("p2").fate_points == 0
    assert back_on(engine, "u3") == []  # a 6: killed, no return


def _fate_rolls(engine: Engine, seat: str) -> list[tuple[str, str]]:
    """The rolls the seat's view offers a fate point of its Warmaster, as (id, reason)."""
    state = rauscher_state(view_for(Rules(engine.campaign, engine.ruleset), [], seat))
    (ledger,) = state.players
    return [(note.id, note.reason) for note in ledger.rerolls]


def test_the_view_offers_every_roll_a_fate_point_may_reroll_now():
    """R-RA-12 "to re-roll any one roll": the seat's view lists each roll of the last action
    that its Warmaster may re-roll (his own, by its number), not the enemy's, and none once
    his fate points are gone or another action has settled the rolls. A roll about nobody
    (the retreat) is the seat's that acted: Anna entered the result."""
    engine = fought([2, 3, 5])
    rolls = engine.campaign.reroll.rolls
    annas = [(f"#{r.id}", r.reason) for r in rolls if r.player in ("p1", None)]
    brunos = [(f"#{r.id}", r.reason) for r in rolls if r.player == "p2"]
    assert (f"#{rolls[0].id}", HALBERDIERS) in annas and brunos
    assert _fate_rolls(engine, "p1") == annas
    assert _fate_rolls(engine, "p2") == brunos
    engine.campaign.state.player("p2").fate_points = 0
    engine.changed()
    assert _fate_rolls(engine, "p2") == []
    engine.perform("p1", EndPhase())
    assert _fate_rolls(engine, "p1") == []
