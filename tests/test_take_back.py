"""R-ALL-13: a mis-entered result is taken back by the Games Master alone, or when every
side that fought asks. Played in the Skirmish Valley under the sandbox: battle b1 between
Red (attacker) and Green (defender), entered by Red as 420 VP to 150."""

from __future__ import annotations

import pytest
from apps.battle_kit import valley_save

from tuicamp.engine.battles import EnterBattleResult, SideEntry, TakeBackResult
from tuicamp.engine.errors import RuleError
from tuicamp.game.session import Session
from tuicamp.model.battle import BattleStatus


@pytest.fixture
def session(tmp_path):
    session = Session.open(valley_save(tmp_path, onlooker=True))
    sides = [SideEntry(side="attacker", vp=420), SideEntry(side="defender", vp=150)]
    session.perform("red", EnterBattleResult(battle="b1", sides=sides))
    return session


def _status(session: Session) -> BattleStatus:
    return session.campaign.battle("b1").status


def test_one_side_asking_keeps_the_result_and_says_who_must_agree(session):
    """R-ALL-13: "the chronicle tells everyone ... Defender (Green) must agree"."""
    (event,) = session.perform("red", TakeBackResult(battle="b1", reason="VP swapped"))
    assert event.kind == "take_back_asked"
    assert event.text == (
        "Red asks to take back the result of battle b1 (VP swapped): Defender (Green) must "
        "agree (take it back too), or the GM decides"
    )
    assert _status(session) is BattleStatus.FOUGHT
    assert session.campaign.battle("b1").take_back_asked == ["attacker"]


def test_the_other_side_asking_too_takes_it_back(session):
    session.perform("red", TakeBackResult(battle="b1", reason="VP swapped"))
    (event,) = session.perform("green", TakeBackResult(battle="b1", reason="yes, swapped"))
    assert event.kind == "correction"
    assert event.text == (
        "Correction agreed by every side: the result of battle b1 is taken back (last asked "
        "by Green); the battle is pending again (yes, swapped)"
    )
    battle = session.campaign.battle("b1")
    assert battle.status is BattleStatus.PENDING and battle.result is None
    assert battle.take_back_asked == [] and battle.revert_point is None


def test_the_games_master_takes_it_back_alone(session):
    (event,) = session.perform("gm", TakeBackResult(battle="b1", reason="VP swapped"))
    assert event.text.startswith("GM correction: the result of battle b1 is taken back")
    assert _status(session) is BattleStatus.PENDING


def test_a_seat_that_did_not_fight_may_not_ask(session):
    with pytest.raises(RuleError, match="has no army in battle b1"):
        session.perform("blue", TakeBackResult(battle="b1", reason="I saw it"))


def test_an_asking_needs_a_reason_and_a_result(session):
    with pytest.raises(RuleError, match="needs a reason"):
        session.perform("red", TakeBackResult(battle="b1", reason="  "))
    session.perform("gm", TakeBackResult(battle="b1", reason="VP swapped"))
    with pytest.raises(RuleError, match="has no result to take back"):
        session.perform("red", TakeBackResult(battle="b1", reason="again"))


def test_an_asking_can_be_undone_like_any_action(session):
    session.perform("red", TakeBackResult(battle="b1", reason="VP swapped"))
    session.undo("red")
    assert session.campaign.battle("b1").take_back_asked == []
    session.perform("green", TakeBackResult(battle="b1", reason="VP swapped"))
    assert _status(session) is BattleStatus.FOUGHT  # Red's asking was undone: it waits
