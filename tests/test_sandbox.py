"""The sandbox ruleset: free play, but the map and ownership still hold."""

from __future__ import annotations

import itertools

import pytest
from conftest import H, small_campaign

from tuicamp.engine.corrections import CorrectArmyPosition
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import acting_seats
from tuicamp.engine.rules import Rules
from tuicamp.model.forces import Category
from tuicamp.rules.sandbox import actions as A


def test_move_takes_the_cheapest_passable_path(engine):
    (event,) = engine.perform("p1", A.Move(army="a1", to="0504"))
    army = engine.campaign.army("a1")
    assert army.hex == H(4, 3)
    path = event.data["path"]
    assert path[0] == "0203" and path[-1] == "0504"
    # The river between columns 4 and 5 (0-based 3|4) is crossed only at the bridge on row 3.
    crossings = [(a, b) for a, b in itertools.pairwise(path) if {a[:2], b[:2]} == {"04", "05"}]
    assert crossings == [("0403", "0503")]


def test_lakes_are_impassable_and_rivers_need_a_bridge(engine):
    with pytest.raises(RuleError, match="cannot go from"):
        engine.perform("p1", A.Move(army="a1", path=["0204", "0305"]))  # 0305 is the lake
    engine.perform("p1", A.Move(army="a1", path=["0303", "0403"]))
    with pytest.raises(RuleError, match="cannot go from 0402 to 0502"):
        engine.perform("p1", A.Move(army="a1", path=["0402", "0502"]))


def test_a_path_may_start_at_the_army_s_own_hex(engine):
    (event,) = engine.perform("p1", A.Move(army="a1", path=["0203", "0303", "0403"]))
    assert event.data["path"] == ["0203", "0303", "0403"]


def test_a_path_must_be_walkable_step_by_step(engine):
    with pytest.raises(RuleError, match="not neighbours"):
        engine.perform("p1", A.Move(army="a1", path=["0603"]))
    with pytest.raises(RuleError, match="must end"):
        engine.perform("p1", A.Move(army="a1", to="0503", path=["0303"]))


def test_enforced_movement_spends_the_slowest_units_m():
    engine = Engine(small_campaign(enforce_movement=True))
    engine.perform("p1", A.Move(army="a1", to="0403"))  # 2 MP over clear
    with pytest.raises(RuleError, match="has 2 MP left; that path costs 3"):
        engine.perform("p1", A.Move(army="a1", to="0703"))
    engine.perform("p1", A.Move(army="a1", to="0603"))
    engine.perform("p1", A.EndTurn())
    engine.perform("p2", A.EndTurn())
    assert engine.campaign.turn == 2
    engine.perform("p1", A.Move(army="a1", to="0204"))  # MP are fresh in a new turn


def test_turn_order_passes_from_player_to_player(engine):
    assert acting_seats(engine.campaign) == ["p1"]
    with pytest.raises(RuleError, match="not your turn: Anna"):
        engine.perform("p2", A.EndTurn())
    engine.perform("p1", A.EndTurn())
    assert acting_seats(engine.campaign) == ["p2"]
    assert engine.campaign.turn == 1
    engine.perform("p2", A.EndTurn())
    assert engine.campaign.turn == 2
    assert engine.chronicle[-1].kind == "new_turn"


def test_simultaneous_turns_end_when_everyone_has_ended():
    engine = Engine(small_campaign(simultaneous=True))
    assert acting_seats(engine.campaign) == ["p1", "p2"]
    engine.perform("p2", A.Move(army="a2", to="0804"))
    engine.perform("p2", A.EndTurn())
    with pytest.raises(RuleError, match="not your turn"):
        engine.perform("p2", A.EndTurn())
    assert acting_seats(engine.campaign) == ["p1"]
    engine.perform("p1", A.EndTurn())
    assert engine.campaign.turn == 2
    assert acting_seats(engine.campaign) == ["p1", "p2"]


def test_armies_split_merge_and_disband(engine):
    (event,) = engine.perform("p1", A.SplitArmy(army="a1", units=["u2"], name="Scouts"))
    new = engine.campaign.army(event.data["new_army"])
    assert new.name == "Scouts" and [u.id for u in new.units] == ["u2"]
    assert engine.campaign.army("a1").points == 250
    with pytest.raises(RuleError, match="At least one unit must stay"):
        engine.perform("p1", A.SplitArmy(army="a1", units=["u1"]))
    engine.perform("p1", A.MergeArmies(armies=["a1", new.id]))
    assert engine.campaign.army(new.id) is None
    assert engine.campaign.army("a1").points == 330
    engine.perform("p1", A.DisbandArmy(army="a1"))
    assert engine.campaign.armies_of("p1") == []


def test_merging_needs_one_hex_and_one_owner(engine):
    engine.perform("gm", A.Move(army="a2", to="0303"))
    with pytest.raises(RuleError, match="belongs to Bruno"):
        engine.perform("p1", A.MergeArmies(armies=["a1", "a2"]))
    with pytest.raises(RuleError, match="one player's"):
        engine.perform("gm", A.MergeArmies(armies=["a1", "a2"]))


def test_units_are_added_edited_and_removed(engine):
    spec = A.UnitSpec(name="Great Cannon", points=100, category=Category.WAR_MACHINE, movement=0)
    (event,) = engine.perform("p1", A.AddUnit(army="a1", unit=spec))
    uid = event.data["unit"]
    army = engine.campaign.army("a1")
    assert army.points == 430 and army.movement == 0  # the slowest unit sets the pace
    engine.perform("p1", A.EditUnit(army="a1", unit=uid, points=120, movement=3))
    assert army.unit(uid).points == 120 and army.movement == 3
    with pytest.raises(RuleError, match="negative"):
        engine.perform("p1", A.EditUnit(army="a1", unit=uid, models=-5))
    with pytest.raises(RuleError, match="Nothing to change"):
        engine.perform("p1", A.EditUnit(army="a1", unit=uid))
    engine.perform("p1", A.RemoveUnit(army="a1", unit=uid))
    assert army.unit(uid) is None


def test_new_armies_get_fresh_ids_and_stay_on_land(engine):
    (event,) = engine.perform(
        "p1",
        A.CreateArmy(name="Levy", hex="0202", units=[A.UnitSpec(name="Militia", points=60)]),
    )
    army = engine.campaign.army(event.data["army"])
    assert army.owner == "p1" and army.points == 60
    assert len({u.id for a in engine.campaign.armies for u in a.units}) == 5
    with pytest.raises(RuleError, match="water"):
        engine.perform("p1", A.CreateArmy(name="Fish", hex="0305"))
    with pytest.raises(RuleError, match="does not play"):
        engine.perform("p1", A.CreateArmy(name="Spies", hex="0202", player="p2"))


def test_treasuries_and_stores_belong_to_their_owners(engine):
    with pytest.raises(RuleError, match="not yours"):
        engine.perform("p1", A.SetTreasury(player="p2", amount=1))
    engine.perform("p1", A.SetTreasury(player="p1", amount=40))
    assert engine.campaign.player("p1").treasury == 40
    with pytest.raises(RuleError, match="not yours"):
        engine.perform("p1", A.SetStores(settlement="s2", stores={"food": 1}))
    engine.perform("p1", A.SetStores(settlement="s1", stores={"food": 5, "gold": 1}))
    assert engine.campaign.map.settlement("s1").stores == {"food": 5, "gold": 1}


def test_any_seat_may_roll_at_any_time_and_the_roll_is_logged(engine):
    (event,) = engine.perform("p2", A.Roll(expr="d66", reason="random event"))
    roll = event.rolls[0]
    assert roll.total == roll.dice[0] * 10 + roll.dice[1]
    assert "random event" in event.text


def test_fog_of_war_keeps_unit_changes_private():
    engine = Engine(small_campaign(fog_of_war=True))
    engine.perform("p1", A.AddUnit(army="a1", unit=A.UnitSpec(name="Knights", points=200)))
    event = engine.chronicle[-1]
    assert event.visible_to == ["p1"]
    bruno = engine.campaign.seat("p2")
    rules = Rules(engine.campaign, engine.ruleset)
    assert engine.ruleset.army_visibility(rules, bruno, engine.campaign.army("a1")) == "counter"


def test_capture_takes_an_undefended_settlement_and_wins_a_capture_scenario():
    camp = small_campaign()
    camp.victory = {"type": "capture", "targets": {"p1": "s2", "p2": "s1"}, "summary": "x"}
    engine = Engine(camp)
    engine.perform("gm", CorrectArmyPosition(army="a2", hex="0101", reason="test"))
    engine.perform("gm", CorrectArmyPosition(army="a1", hex="0202", reason="test"))
    with pytest.raises(RuleError, match="Altdorf is already yours"):
        engine.perform("p1", A.Capture(army="a1"))
    engine.perform("gm", CorrectArmyPosition(army="a1", hex="0705", reason="test"))
    with pytest.raises(RuleError, match="is not at s1"):
        engine.perform("p1", A.Capture(army="a1", settlement="s1"))
    (event, *_) = engine.perform("p1", A.Capture(army="a1"))
    assert "takes Grunberg from Bruno" in event.text
    assert engine.campaign.finished and engine.campaign.winner == ["p1"]


def test_a_defended_settlement_cannot_be_captured():
    engine = Engine(small_campaign())
    engine.perform("gm", CorrectArmyPosition(army="a1", hex="0705", reason="test"))
    engine.perform("gm", CorrectArmyPosition(army="a2", hex="0705", reason="test"))
    with pytest.raises(RuleError, match="still holds Grunberg"):
        engine.perform("p1", A.Capture(army="a1"))


def test_at_the_turn_limit_most_settlements_wins():
    camp = small_campaign()
    camp.victory = {"type": "capitals", "capitals": {"p1": "s1", "p2": "s2"}, "turn_limit": 1}
    camp.map.settlements[1].owner = "p1"  # Anna holds both... but s2 is Bruno's capital
    engine = Engine(camp)
    engine.perform("p1", A.RenameArmy(army="a1", name="Host"))
    assert engine.campaign.finished and engine.campaign.winner == ["p1"]  # took a capital
    camp = small_campaign()
    camp.victory = {"type": "capitals", "capitals": {"p1": "s1", "p2": "s2"}, "turn_limit": 1}
    engine = Engine(camp)
    engine.perform("p1", A.EndTurn())
    assert not engine.campaign.finished
    engine.perform("p2", A.EndTurn())
    assert engine.campaign.finished and sorted(engine.campaign.winner) == ["p1", "p2"]
    assert "Turn 1 is over" in engine.chronicle[-1].text
