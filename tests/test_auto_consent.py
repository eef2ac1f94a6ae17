"""R-ALL-10: the dice settle a battle only when every side asks, or the Games Master does
(the core option ``auto_resolve_consent``, default on). Played in the Skirmish Valley
under the sandbox, battle b1 pending between Red (attacker) and Green (defender)."""

from __future__ import annotations

import pytest
from apps.battle_kit import valley_save

from tuicamp.engine.battles import AutoResolveBattle
from tuicamp.engine.errors import RuleError
from tuicamp.game.session import Session
from tuicamp.model.battle import BattleStatus


@pytest.fixture
def session(tmp_path, auto_consent):
    return Session.open(valley_save(tmp_path, onlooker=True))


def test_one_side_asking_leaves_the_battle_pending_and_says_who_must_agree(session):
    """R-ALL-10: "one side's auto_resolve asks for it: the chronicle says so"."""
    (event,) = session.perform("red", AutoResolveBattle(battle="b1"))
    assert event.kind == "auto_resolve_asked"
    assert event.text == (
        "Red asks to auto-resolve battle b1: Defender (Green) must agree (auto-resolve it too), "
        "or the GM decides"
    )
    battle = session.campaign.battle("b1")
    assert battle.status is BattleStatus.PENDING and battle.auto_consent == ["attacker"]
    session.perform("red", AutoResolveBattle(battle="b1"))  # asking twice is still asking
    assert session.campaign.battle("b1").status is BattleStatus.PENDING


def test_the_other_side_asking_too_settles_it_by_the_dice(session):
    session.perform("red", AutoResolveBattle(battle="b1"))
    events = session.perform("green", AutoResolveBattle(battle="b1"))
    battle = session.campaign.battle("b1")
    assert battle.status is not BattleStatus.PENDING and battle.result.auto
    assert any("auto-resolved" in e.text for e in events)


def test_the_games_master_settles_it_alone(session):
    session.perform("gm", AutoResolveBattle(battle="b1"))
    assert session.campaign.battle("b1").result.auto


def test_a_seat_that_does_not_fight_may_not_ask(session):
    with pytest.raises(RuleError, match="has no army in battle b1"):
        session.perform("blue", AutoResolveBattle(battle="b1"))


def test_with_the_option_off_one_side_settles_it_alone(session):
    session.campaign.options["auto_resolve_consent"] = False
    session.perform("red", AutoResolveBattle(battle="b1"))
    assert session.campaign.battle("b1").result.auto
