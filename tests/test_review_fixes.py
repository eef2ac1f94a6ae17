"""Secrets, corrections and edge cases a review found: each pinned so it stays fixed."""

from __future__ import annotations

import pytest
from conftest import H, small_campaign

from tuicamp.engine.battles import AutoResolveBattle
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.corrections import (
    CorrectArmyPosition,
    CorrectOwner,
    CorrectRulesetState,
    CorrectStores,
    CorrectTreasury,
    CorrectTurn,
    CorrectUnitPoints,
)
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import Victory
from tuicamp.engine.views import view_for
from tuicamp.model import Player, Seat
from tuicamp.model.battle import BattleStatus
from tuicamp.rules.sandbox import actions as A


def three_players(**options) -> Engine:
    camp = small_campaign(**options)
    camp.players.append(Player("p3", "Carla", "Dwarfs"))
    camp.seats.insert(2, Seat("p3", "Carla", ["p3"]))
    camp.flow.order.append("p3")  # seated after set-up: into this turn's order
    return Engine(camp)


def texts_for(engine: Engine, seat: str) -> str:
    view = view_for(Rules(engine.campaign, engine.ruleset), engine.chronicle, seat)
    return "\n".join(e.text for e in view.chronicle)


def test_fog_keeps_strengths_and_treasuries_out_of_other_seats_chronicle():
    engine = three_players(fog_of_war=True)
    engine.perform(
        "p1", A.CreateArmy(name="Secret", hex="0101", units=[A.UnitSpec(name="Spears", points=250)])
    )
    engine.perform("gm", CorrectTreasury(player="p1", amount=777, reason="typo"))
    engine.perform("gm", CorrectUnitPoints(army="a1", unit="u1", points=240, reason="recount"))
    for other in ("p2", "p3"):
        seen = texts_for(engine, other)
        assert "Secret raised at 0101" in seen  # the counter itself is seen
        assert "250 pts" not in seen and "777" not in seen and "240" not in seen
    mine = texts_for(engine, "p1")
    assert "777" in mine and "240 pts" in mine


def test_without_fog_the_chronicle_says_what_a_new_army_holds():
    engine = Engine(small_campaign())
    engine.perform(
        "p1", A.CreateArmy(name="Levy", hex="0101", units=[A.UnitSpec(name="Spears", points=250)])
    )
    assert "Levy raised at 0101 (250 pts)" in texts_for(engine, "p2")


def test_fog_keeps_battle_losses_among_those_who_fought():
    engine = three_players(fog_of_war=True)
    engine.campaign.army("a2").hex = H(5, 3)
    engine.changed()
    engine.perform("p1", A.Move(army="a1", to="0604"))
    engine.perform("p1", AutoResolveBattle(battle="b1"))
    assert "After battle b1" in texts_for(engine, "p2")
    assert "After battle b1" not in texts_for(engine, "p3")
    assert "Battle b1 at 0604" in texts_for(engine, "p3")  # that a battle was fought is news


def test_a_ruleset_state_edit_that_would_break_the_save_is_refused():
    engine = Engine(small_campaign())
    with pytest.raises(RuleError, match="cannot take that value"):
        engine.perform("gm", CorrectRulesetState(path="mp_used.a1", value="lots", reason="x"))
    with pytest.raises(RuleError, match="Give the new value"):
        engine.perform("gm", CorrectRulesetState(path="current", reason="x"))
    engine.perform("gm", CorrectRulesetState(path="mp_used.a1", value=1.5, reason="x"))
    data = campaign_to_dict(engine.campaign)
    assert campaign_to_dict(campaign_from_dict(data, engine.ruleset.state_class)) == data


def test_every_correction_is_logged_and_applied():
    engine = Engine(small_campaign())
    engine.perform("gm", CorrectArmyPosition(army="a1", hex="0806", reason="misplaced"))
    assert engine.campaign.army("a1").hex == H(7, 5)
    engine.perform("gm", CorrectArmyPosition(army="a1", reason="in reserve"))
    assert engine.campaign.army("a1").hex is None
    with pytest.raises(RuleError, match="off the map"):
        engine.perform("gm", CorrectArmyPosition(army="a1", hex="0909", reason="x"))
    engine.perform("gm", CorrectOwner(target="s2", owner="p1", reason="surrendered"))
    assert engine.campaign.map.settlement("s2").owner == "p1"
    engine.perform("gm", CorrectOwner(target="east", reason="rebels"))
    assert engine.campaign.map.territory("east").owner is None
    with pytest.raises(RuleError, match="must belong to a player"):
        engine.perform("gm", CorrectOwner(target="a2", reason="x"))
    engine.perform("gm", CorrectStores(settlement="s1", stores={"food": 9}, reason="harvest"))
    assert engine.campaign.map.settlement("s1").stores == {"food": 9}
    with pytest.raises(RuleError, match="negative"):
        engine.perform("gm", CorrectStores(settlement="s1", stores={"food": -1}, reason="x"))
    engine.perform("gm", CorrectTurn(turn=3, reason="skipped a week"))
    assert engine.campaign.turn == 3
    with pytest.raises(RuleError, match="is not one of"):
        engine.perform("gm", CorrectTurn(turn=3, phase="lunch", reason="x"))
    kinds = [e.kind for e in engine.chronicle]
    assert kinds == ["correction"] * 6


def test_a_three_sided_battle_is_auto_resolved_too_when_battles_auto_resolve():
    """auto_resolve_battles: "Settle every battle with tuicamp's auto-resolver as soon as it
    is found". A melee of three used to wait for the table only because the resolver was
    two-sided; it settles any number of sides now, every side ranked."""
    engine = three_players(auto_resolve_battles=True)
    engine.perform(
        "gm",
        A.CreateArmy(
            name="Thane",
            hex="0604",
            player="p3",
            units=[A.UnitSpec(name="Ironbreakers", points=300)],
        ),
    )
    engine.campaign.army("a2").hex = H(5, 3)
    engine.changed()
    engine.perform("p1", A.Move(army="a1", to="0604"))
    (battle,) = engine.campaign.battles
    assert len(battle.sides) == 3 and battle.status is BattleStatus.AUTO
    assert battle.mode == "auto"
    assert all(r.rank >= 1 for r in battle.result.sides)


def test_an_army_with_no_units_starts_no_battle():
    engine = Engine(small_campaign())
    engine.campaign.army("a2").hex = H(5, 3)
    engine.changed()
    (event,) = engine.perform("p1", A.CreateArmy(name="Banner", hex="0504"))
    engine.perform("p1", A.Move(army=event.data["army"], to="0604"))
    assert engine.campaign.battles == []


def test_no_undo_past_a_victory_and_later_orders_stand_idle(monkeypatch):
    engine = Engine(small_campaign())
    ruleset = engine.ruleset
    monkeypatch.setattr(
        ruleset,
        "victory",
        lambda camp: Victory(["p1"], "Anna wins") if camp.army("a1").name == "Victors" else None,
    )
    events = engine.perform_all(
        "p1",
        [
            A.RenameArmy(army="a1", name="Victors"),
            A.EndTurn(),
            A.Roll(expr="d6"),
        ],
    )
    assert engine.campaign.finished and engine.campaign.winner == ["p1"]
    assert engine.skipped == 2
    assert events[-1].kind == "victory"
    with pytest.raises(RuleError, match="Nothing to undo"):
        engine.undo("p1")


def test_a_battle_card_is_for_those_who_fight_it_under_fog():
    from tuicamp.game.battlecard import card_hidden_reason

    engine = three_players(fog_of_war=True)
    engine.campaign.army("a2").hex = H(5, 3)
    engine.changed()
    engine.perform("p1", A.Move(army="a1", to="0604"))
    (battle,) = engine.campaign.battles

    def reason(seat: str) -> str | None:
        view = view_for(Rules(engine.campaign, engine.ruleset), engine.chronicle, seat)
        return card_hidden_reason(view, battle)

    assert reason("p1") is None and reason("p2") is None and reason("gm") is None
    assert "for the players who fight it" in reason("p3")


def test_table_dice_for_an_action_are_all_named_at_once():
    """Auto-resolving at the table needs 2d6 + 2d6 + d6 + d6: the player learns every roll
    from the first refusal, not one refusal at a time."""
    from tuicamp.engine.errors import DiceNeeded
    from tuicamp.model.campaign import DiceMode

    camp = small_campaign()
    camp.dice.mode = DiceMode.TABLE
    camp.army("a2").hex = H(5, 3)
    engine = Engine(camp)
    engine.perform("p1", A.Move(army="a1", to="0604"))
    with pytest.raises(DiceNeeded) as info:
        engine.perform("p1", AutoResolveBattle(battle="b1"))
    assert info.value.count == 2 and info.value.expr == "2d6"
    assert [n for _, _, n in info.value.then] == [2, 1, 1]
    assert "6 values in all, in that order" in str(info.value)
    assert engine.campaign.battles[0].pending and engine.campaign.dice.rolls == 0
    engine.perform("p1", AutoResolveBattle(battle="b1", dice=[3, 4, 2, 2, 3, 5]))
    assert engine.campaign.battles[0].status is BattleStatus.AUTO
