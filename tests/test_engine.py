"""The action pipeline: atomic refusals, events, undo, views, corrections."""

from __future__ import annotations

import pytest
from conftest import H, small_campaign

from tuicamp.engine.codec import campaign_to_dict
from tuicamp.engine.corrections import CorrectTreasury, CorrectUnitPoints
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import DiceNeeded, RuleError
from tuicamp.engine.rules import Rules
from tuicamp.model.campaign import DiceMode
from tuicamp.rules.sandbox.actions import EndTurn, Move, Roll, SetTreasury


def test_a_refused_action_changes_nothing(engine):
    before = campaign_to_dict(engine.campaign)
    with pytest.raises(RuleError, match="not your turn"):
        engine.perform("p2", Move(army="a2", to="0604"))
    with pytest.raises(RuleError, match="off the map"):
        engine.perform("p1", Move(army="a1", to="2020"))
    assert campaign_to_dict(engine.campaign) == before
    assert engine.chronicle == []


def test_a_half_done_action_is_rolled_back(engine, monkeypatch):
    """Even a ruleset that changed state before refusing leaves no trace."""
    ruleset = engine.ruleset

    def half_then_refuse(ctx, action):
        ctx.campaign.players[0].treasury = 999
        ctx.dice.d6("a roll that must be undone too")
        raise RuleError("changed my mind")

    monkeypatch.setattr(ruleset, "apply", half_then_refuse)
    draws = engine.campaign.dice.draws
    with pytest.raises(RuleError):
        engine.perform("p1", Roll(expr="d6"))  # a ruleset's action (ending is the engine's)
    assert engine.campaign.players[0].treasury == 0
    assert engine.campaign.dice.draws == draws


def test_perform_all_is_all_or_nothing(engine):
    before = campaign_to_dict(engine.campaign)
    with pytest.raises(RuleError):
        engine.perform_all("p1", [Move(army="a1", to="0303"), Move(army="a1", to="9999")])
    assert campaign_to_dict(engine.campaign) == before
    assert engine.chronicle == []


def test_events_carry_their_dice_and_are_numbered(engine):
    events = engine.perform("p1", Roll(expr="2d6", reason="weather"))
    (event,) = events
    assert event.seq == 1 and event.rolls[0].reason == "weather"
    assert event.rolls[0].total == sum(event.rolls[0].dice)
    assert not event.undoable  # a die was rolled
    engine.perform("p1", SetTreasury(player="p1", amount=5))
    assert [e.seq for e in engine.chronicle] == [1, 2]
    assert engine.campaign.chronicle_length == 2


def test_undo_takes_back_an_action_without_dice(engine):
    engine.perform("p1", Move(army="a1", to="0303"))
    moved_to = engine.campaign.army("a1").hex
    assert moved_to != H(1, 2)
    undo = engine.undo("p1")
    assert engine.campaign.army("a1").hex == H(1, 2)
    assert undo.kind == "undo" and undo.data["undoes"] == [1]


def test_undo_repeats_a_secret_line_only_to_its_readers(engine, monkeypatch):
    """One public undo line naming every undone event would tell all seats what a line
    only some could read said: the undo is told once for each audience."""

    def public_and_secret(ctx, action):
        ctx.emit("move", "a1 stands")
        ctx.emit("intent", "a1 means to go to 0303", visible_to=["p1"])

    monkeypatch.setattr(engine.ruleset, "apply", public_and_secret)
    engine.perform("p1", SetTreasury(player="p1", amount=5))
    first = engine.undo("p1")
    told = [(e.text, e.visible_to, e.data["undoes"]) for e in engine.chronicle[2:]]
    assert told == [
        ("Undone: a1 stands", None, [1]),
        ("Undone: a1 means to go to 0303", ["p1"], [2]),
    ]
    assert first is engine.chronicle[2]
    assert not any("0303" in e.text for e in engine.chronicle if e.visible_for(["p2"], False))


# A notice on an 80-column terminal is 40 cells wide: two lines of it, and its padding.
NOTICE_TWO_LINES = 72


def _refusal(engine, seat: str) -> str:
    with pytest.raises(RuleError) as refused:
        engine.undo(seat)
    text = str(refused.value)
    assert len(text) <= NOTICE_TWO_LINES, text
    return text


def test_no_undo_after_dice_or_by_another_seat(engine):
    """An undo refused says why, in a line a notice at 80 columns holds."""
    assert _refusal(engine, "p1") == (
        "Nothing to undo: nothing was done here since the campaign was opened"
    )
    engine.perform("p1", Move(army="a1", to="0303"))
    assert _refusal(engine, "p2") == "Not yours to undo: only Anna (who acted) or the GM may"
    engine.perform("p1", Roll(expr="d6"))
    assert _refusal(engine, "p1") == (
        "Nothing to undo: the last action rolled dice or revealed a secret"
    )


def test_undo_does_not_cross_a_turn(engine):
    engine.perform("p1", Move(army="a1", to="0303"))
    engine.perform("p1", EndTurn())
    engine.perform("p2", EndTurn())  # turn 2 begins
    assert _refusal(engine, "p2") == (
        "Nothing to undo: the phase has moved on since the last action"
    )


def test_gm_corrections_need_the_gm_and_a_reason(engine):
    with pytest.raises(RuleError, match="Games Master"):
        engine.perform("p1", CorrectTreasury(player="p1", amount=50, reason="typo"))
    with pytest.raises(RuleError, match="reason"):
        engine.perform("gm", CorrectTreasury(player="p1", amount=50))
    (event,) = engine.perform("gm", CorrectTreasury(player="p1", amount=50, reason="typo"))
    assert engine.campaign.player("p1").treasury == 50
    assert "typo" in event.text and event.kind == "correction"
    engine.perform("gm", CorrectUnitPoints(army="a1", unit="u1", points=200, reason="recount"))
    assert engine.campaign.army("a1").unit("u1").points == 200


def test_table_dice_are_asked_for_and_checked():
    camp = small_campaign()
    camp.dice.mode = DiceMode.TABLE
    engine = Engine(camp)
    with pytest.raises(DiceNeeded) as info:
        engine.perform("p1", Roll(expr="2d6", reason="ambush"))
    assert info.value.count == 2
    with pytest.raises(RuleError, match="cannot be rolled"):
        engine.perform("p1", Roll(expr="2d6", dice=[3, 7]))
    with pytest.raises(RuleError, match="not needed"):
        engine.perform("p1", Roll(expr="d6", dice=[3, 4]))
    (event,) = engine.perform("p1", Roll(expr="2d6", dice=[3, 4]))
    assert event.rolls[0].total == 7 and event.rolls[0].table
    assert engine.chronicle == [event]


def test_views_hide_what_a_seat_may_not_see():
    camp = small_campaign(fog_of_war=True)
    engine = Engine(camp)
    engine.perform("p1", SetTreasury(player="p1", amount=12))
    from tuicamp.engine.views import view_for

    anna = view_for(Rules(engine.campaign, engine.ruleset), engine.chronicle, "p1")
    bruno = view_for(Rules(engine.campaign, engine.ruleset), engine.chronicle, "p2")
    gm = view_for(Rules(engine.campaign, engine.ruleset), engine.chronicle, "gm")
    assert anna.army("a1").units and anna.army("a1").points == 330
    assert bruno.army("a1").known == "counter" and bruno.army("a1").units == []
    assert bruno.army("a1").points is None
    assert bruno.player("p1").treasury is None and anna.player("p1").treasury == 12
    assert [e.kind for e in anna.chronicle] == ["set_treasury"]
    assert bruno.chronicle == []  # the treasury change is Anna's secret
    assert gm.chronicle == anna.chronicle and gm.army("a2").units
