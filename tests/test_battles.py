"""Battles shared by every ruleset, shown with the sandbox (the first ruleset that fights)."""

from __future__ import annotations

import pytest
from conftest import H, small_campaign

from tuicamp.engine.battles import (
    AutoResolveBattle,
    ChooseBattleMode,
    EnterBattleResult,
    RevertBattleResult,
    SideEntry,
)
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.game.battlecard import build_card, card_markdown, card_text
from tuicamp.model.battle import BattleStatus, UnitLoss
from tuicamp.rules.sandbox import actions as A


def battle_engine(**options) -> Engine:
    camp = small_campaign(**options)
    camp.army("a2").hex = H(5, 3)  # east of the bridge, within reach
    engine = Engine(camp)
    engine.perform("p1", A.Move(army="a1", to=camp.map.label(H(5, 3))))
    return engine


def test_moving_onto_an_enemy_army_starts_a_battle():
    engine = battle_engine()
    (battle,) = engine.campaign.battles
    assert battle.pending and battle.hex == H(5, 3)
    assert [s.id for s in battle.sides] == ["attacker", "defender"]
    assert battle.side("attacker").armies == ["a1"] and battle.side("defender").armies == ["a2"]
    assert engine.chronicle[-1].kind == "battle"
    assert "battle b1 at 0604" in engine.ruleset.pending(Rules(engine.campaign, engine.ruleset))[0]


def test_the_turn_cannot_end_while_a_battle_is_pending():
    engine = battle_engine()
    with pytest.raises(RuleError, match="must be fought or auto-resolved first"):
        engine.perform("p1", A.EndTurn())


def test_the_card_tells_the_table_everything():
    engine = battle_engine()
    card = build_card(Rules(engine.campaign, engine.ruleset), engine.campaign.battles[0])
    text = card_text(card)
    assert "Battle b1 — turn 1" in text
    assert "hex 0604, Clear" in text
    assert "Halberdiers: 20 models, 250 pts" in text and "Wolf Riders: 5 models" in text
    assert "Attacker (Anna): Anna (Empire) — 330 pts" in text
    assert "models killed and models that fled" in text
    md = card_markdown(card)
    assert md.startswith("# Battle b1") and "## Record after the battle" in md


def test_a_tabletop_result_is_validated_and_applied():
    engine = battle_engine()
    too_many = SideEntry(side="defender", vp=100, losses=[UnitLoss("a2", "u4", killed=4, fled=2)])
    with pytest.raises(RuleError, match="Wolf Riders has 5 models; 4 killed and 2 fled is more"):
        engine.perform(
            "p1", EnterBattleResult(battle="b1", sides=[SideEntry(side="attacker"), too_many])
        )
    with pytest.raises(RuleError, match="one entry for each side"):
        engine.perform("p1", EnterBattleResult(battle="b1", sides=[SideEntry(side="attacker")]))
    with pytest.raises(RuleError, match="did not fight for the defender"):
        engine.perform(
            "p1",
            EnterBattleResult(
                battle="b1",
                sides=[
                    SideEntry(side="attacker"),
                    SideEntry(side="defender", losses=[UnitLoss("a1", "u1", killed=1)]),
                ],
            ),
        )
    result = EnterBattleResult(
        battle="b1",
        sides=[
            SideEntry(side="attacker", vp=420, losses=[UnitLoss("a1", "u1", killed=5, fled=3)]),
            SideEntry(side="defender", vp=150, losses=[UnitLoss("a2", "u4", killed=5)]),
        ],
    )
    events = engine.perform("p2", result)
    battle = engine.campaign.battles[0]
    assert battle.status is BattleStatus.FOUGHT and battle.result.winner == "attacker"
    halberds = engine.campaign.army("a1").unit("u1")
    assert halberds.models == 12 + 3  # 5 killed gone, 3 fled came back (fled_return)
    assert halberds.points == round(250 / 20 * 15)
    assert engine.campaign.army("a2").unit("u4") is None  # all five wolf riders killed
    assert any("Attacker (Anna) wins" in e.text for e in events)
    engine.perform("p1", A.EndTurn())  # no battle pending any more


def test_only_a_party_to_the_battle_settles_it():
    camp = small_campaign()
    camp.players.append(type(camp.players[0])("p3", "Carla", "Dwarfs"))
    camp.seats.append(type(camp.seats[0])("p3", "Carla", ["p3"]))
    camp.army("a2").hex = H(5, 3)
    engine = Engine(camp)
    engine.perform("p1", A.Move(army="a1", to="0604"))
    with pytest.raises(RuleError, match="no army in battle b1"):
        engine.perform("p3", AutoResolveBattle(battle="b1"))


def test_auto_resolve_is_reproducible_for_a_fixed_seed_and_marked():
    results = []
    for _ in range(2):
        engine = battle_engine()
        events = engine.perform("p2", AutoResolveBattle(battle="b1"))
        battle = engine.campaign.battles[0]
        assert battle.status is BattleStatus.AUTO and battle.result.auto
        assert any("auto-resolved" in e.text for e in events)
        assert events[0].rolls  # the dice are in the chronicle
        results.append(campaign_to_dict(engine.campaign))
    assert results[0] == results[1]


def test_the_campaign_option_settles_battles_at_once():
    engine = battle_engine(auto_resolve_battles=True)
    (battle,) = engine.campaign.battles
    assert battle.status is BattleStatus.AUTO and battle.mode == "auto"
    engine.perform("p1", A.EndTurn())


def test_players_choose_table_or_auto_per_battle():
    engine = battle_engine()
    engine.perform("p2", ChooseBattleMode(battle="b1", mode="auto"))
    assert engine.campaign.battles[0].mode == "auto"
    with pytest.raises(RuleError, match="table or auto"):
        engine.perform("p2", ChooseBattleMode(battle="b1", mode="dice"))


def test_the_gm_takes_back_a_mis_entered_result():
    engine = battle_engine()
    engine.perform(
        "p1",
        EnterBattleResult(
            battle="b1",
            sides=[
                SideEntry(side="attacker", vp=0),
                SideEntry(side="defender", vp=900, losses=[UnitLoss("a2", "u3", killed=25)]),
            ],
        ),
    )
    assert engine.campaign.army("a2").unit("u3") is None
    draws = engine.campaign.dice.draws
    with pytest.raises(RuleError, match="reason"):
        engine.perform("gm", RevertBattleResult(battle="b1"))
    engine.perform("gm", RevertBattleResult(battle="b1", reason="losses typed on the wrong side"))
    battle = engine.campaign.battles[0]
    assert battle.pending and battle.result is None
    assert engine.campaign.army("a2").unit("u3").models == 25
    assert engine.campaign.dice.draws == draws  # taking back never rewinds the dice
    assert engine.campaign.map.terrain == small_campaign().map.terrain
    data = campaign_to_dict(engine.campaign)
    assert campaign_to_dict(campaign_from_dict(data, engine.ruleset.state_class)) == data


def test_results_can_only_be_taken_back_within_their_turn():
    engine = battle_engine()
    engine.perform("p1", AutoResolveBattle(battle="b1"))
    engine.perform("p1", A.EndTurn())
    engine.perform("p2", A.EndTurn())
    with pytest.raises(RuleError, match="no longer be taken back"):
        engine.perform("gm", RevertBattleResult(battle="b1", reason="too late"))


def test_an_army_waiting_for_its_battle_keeps_its_units():
    engine = battle_engine()
    with pytest.raises(RuleError, match="is in battle b1: fight or auto-resolve it first"):
        engine.perform("p1", A.DisbandArmy(army="a1"))
    with pytest.raises(RuleError, match="is in battle b1"):
        engine.perform("p1", A.SplitArmy(army="a1", units=["u2"]))
    engine.perform("p1", AutoResolveBattle(battle="b1"))
    engine.perform("p1", A.DisbandArmy(army="a1"))  # settled: now it may go
    assert engine.campaign.army("a1") is None
