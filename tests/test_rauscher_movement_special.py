"""Rauscher special counters on the march: messengers, baggage trains, ships, refugees,
deserters, and the random scatter."""

from __future__ import annotations

import pytest
from conftest import H
from rauscher_rules import rauscher_rules
from test_rauscher_movement_kit import (
    L,
    add_army,
    end_moves,
    new_campaign,
    started,
    table_dice,
    to_movement,
    unit,
)

from tuicamp.engine.context import Context
from tuicamp.engine.dice import Dice
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.model.campaign import DiceMode
from tuicamp.model.map import Settlement
from tuicamp.rules.rauscher import movement
from tuicamp.rules.rauscher.movement import actions as A
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.state import March, Role

# --- messengers ----------------------------------------------------------------------------


def _messenger(owner_of_target: str | None = None):
    """Anna's messenger rides from Altdorf to Hofdorf (0305... 0405), a village."""
    camp, engine = started()
    table_dice(camp)
    camp.map.settlements.append(
        Settlement("s3", "village", "Hofdorf", H(3, 4), owner=owner_of_target)
    )
    add_army(camp, "m", "p1", H(1, 1), [], role=Role.MESSENGER, march=March.FORCED)
    militia = unit("mil", 100, flags={"militia"})
    add_army(camp, "garrison", "p1", H(3, 4), [militia])
    rstate(camp).unit("mil").home_territory = "west"
    engine.changed()
    engine.perform("p1", A.SendMessenger(messenger="m", settlement="s3"))
    return camp, engine


def test_messengers_always_force_march_and_ignore_zones():
    """Text: "They will always move at a forced march" and "While moving on their own,
    Messengers are not affected by Zones of Influence"."""
    camp, _ = _messenger()
    assert movement.mp_total(rauscher_rules(camp), "m") == 16
    camp.army("a2").hex = H(3, 1)
    assert movement.move_costs(rauscher_rules(camp), "m").step_cost(H(1, 1), H(2, 1)) == 1
    assert movement.move_costs(rauscher_rules(camp), "a1").step_cost(H(1, 1), H(2, 1)) == 2
    camp.army("m").units = [unit("rider", 20, 8)]
    assert movement.mp_total(rauscher_rules(camp), "m") == 16
    camp.army("m").units = [unit("runner", 20, 5)]
    assert movement.mp_total(rauscher_rules(camp), "m") == 10


def test_messengers_ride_to_friendly_settlements_only():
    """Text: a messenger "may move toward any town, city, fortress, or any other friendly
    settlement"."""
    _camp, engine = _messenger()
    with pytest.raises(RuleError, match="belongs to an enemy"):
        engine.perform("p1", A.SendMessenger(messenger="m", settlement="s2"))
    with pytest.raises(RuleError, match="is not a messenger"):
        engine.perform("p1", A.SendMessenger(messenger="a1", settlement="s3"))


MESSENGER_ROWS = [
    # (d6, the settlement's owner (p1: +2 same kingdom), overt aid, row key)
    (1, None, False, "kill"),
    (2, None, False, "ignored"),
    (3, None, False, "undecided"),
    (4, None, False, "agreement"),
    (6, None, False, "agreement"),
    (6, None, True, "enthusiastic"),
    (1, "p1", False, "undecided"),
    (2, "p1", False, "agreement"),
    (5, "p1", False, "enthusiastic"),
    (3, "p1", True, "agreement"),
    (4, "p1", True, "enthusiastic"),
]


@pytest.mark.parametrize(("die", "owner", "overt", "key"), MESSENGER_ROWS)
def test_messenger_result_table(die, owner, overt, key):
    """Messenger Result Table: "1 'Kill the messenger' ... 2 Messenger Ignored ... 3
    Undecided ... 4 - 6 Agreement ... 7 or more Enthusiastic Support". "Add 1 if the
    settlement is giving overt aid ..., and add 2 if the settlement is of the same
    kingdom / country / race"."""
    camp, engine = _messenger(owner)
    if overt:
        rstate(camp).movement.overt_aid = ["s3"]
        engine.changed()
    events = engine.perform("p1", A.Move(army="m", to=L(3, 4), dice=[die]))
    answer = next(e for e in events if e.kind == "messenger_answer")
    assert answer.data["result"] == key
    freed = rstate(camp).unit("mil").freed_until_turn
    trains = [a for a in camp.armies if rstate(camp).army(a.id).role is Role.BAGGAGE]
    if key == "kill":
        assert camp.army("m") is None and freed == 0
    elif key == "ignored":
        assert camp.army("m") is not None and rstate(camp).army("m").destination is None
    elif key == "undecided":
        assert rstate(camp).movement.errand("m").status == "undecided"
    else:
        assert camp.army("m") is None
        assert freed == camp.turn + 3  # "as long as the threat continues": 4 turns
    if key == "enthusiastic":
        assert len(trains) == 1 and rstate(camp).army(trains[0].id).cargo == {"food": 2}
        assert trains[0].hex == H(3, 4)
    else:
        assert trains == []


def test_undecided_settlements_answer_next_turn_at_plus_one():
    """Text: "Undecided ... Roll again next turn, adding 1 to the result"."""
    camp, engine = _messenger("p1")
    engine.perform("p1", A.Move(army="m", to=L(3, 4), dice=[1]))  # 1 + 2 = 3: undecided
    camp.dice.mode = DiceMode.APP
    end_moves(engine)
    for seat in ("p1", "p2", "p1", "p2", "p1", "p2", "p1"):
        engine.perform(seat, EndPhase())
    camp.dice.mode = DiceMode.TABLE
    events = engine.perform("p2", EndPhase(dice=[1]))  # the Movement phase of turn 2 begins
    answer = next(e for e in events if e.kind == "messenger_answer")
    assert answer.data["total"] == 4 and answer.data["result"] == "agreement"  # 1 + 2 + 1


def test_a_freed_militia_may_march_out():
    camp, engine = _messenger("p1")
    engine.perform("p1", A.Move(army="m", to=L(3, 4), dice=[4]))
    engine.perform("p1", A.Move(army="garrison", to=L(4, 4)))
    assert camp.army("garrison").hex == H(4, 4)


def test_ignored_messengers_may_ride_on():
    camp, engine = _messenger()
    engine.perform("p1", A.Move(army="m", to=L(3, 4), dice=[2]))
    camp.map.settlements.append(Settlement("s4", "town", "Marburg", H(0, 5)))
    engine.changed()
    engine.perform("p1", A.SendMessenger(messenger="m", settlement="s4"))
    engine.perform("p1", A.Move(army="m", to=L(0, 5), dice=[4]))
    assert camp.army("m") is None


def test_a_messenger_passes_enemy_armies():
    camp, engine = _messenger()
    camp.army("a2").hex = H(2, 2)
    engine.changed()
    engine.perform("p1", A.Move(army="m", path=[L(2, 2), L(2, 3), L(3, 4)], dice=[2]))
    assert camp.army("m").hex == H(3, 4)


def test_an_escort_must_force_march_and_carries_the_messenger():
    """Text: "Messengers may be escorted by an army for protection, but while acting as an
    escort the army must also move at a forced march"."""
    camp, engine = _messenger("p1")
    camp.army("a1").hex = H(1, 1)
    engine.changed()
    engine.perform("p1", A.Escort(messenger="m", army="a1"))
    assert rstate(camp).army("a1").march is March.FORCED
    with pytest.raises(RuleError, match="rides with its escort"):
        engine.perform("p1", A.Move(army="m", to=L(2, 1)))
    with pytest.raises(RuleError, match="an escort moves at a forced march"):
        engine.perform("p1", A.DeclareMarch(army="a1", march="normal"))
    events = engine.perform("p1", A.Move(army="a1", to=L(3, 4), dice=[4]))
    assert camp.army("a1").hex == H(3, 4)
    assert any(e.kind == "messenger_answer" for e in events)


def test_messengers_tire_after_their_first_turn():
    """Text: "They will always move at a forced march, therefore, after their first turn
    they will be fatigued"."""
    camp, engine = _messenger()
    engine.perform("p1", A.Move(army="m", to=L(2, 1)))
    end_moves(engine)
    assert rstate(camp).army("m").fatigue == 1


# --- baggage trains ------------------------------------------------------------------------


def _train():
    camp, engine = started()
    add_army(camp, "bag", "p1", H(1, 1), [], role=Role.BAGGAGE)
    engine.changed()
    return camp, engine


def test_a_baggage_train_holds_two_food_or_two_gold():
    """Text: "A baggage train can hold 2 units of food supplies, or 2 gold ... and has a
    move of 6"."""
    camp, engine = _train()
    altdorf = camp.map.settlement("s1")
    camp.player("p1").treasury = 30
    engine.changed()
    engine.perform("p1", A.Load(carrier="bag", food=1, gold=10))
    assert rstate(camp).army("bag").cargo == {"food": 1, "gold": 10}
    assert altdorf.stores["food"] == 2 and camp.player("p1").treasury == 20
    with pytest.raises(RuleError, match="holds 2 units"):
        engine.perform("p1", A.Load(carrier="bag", food=1))
    engine.perform("p1", A.Unload(carrier="bag", gold=10))
    engine.perform("p1", A.Load(carrier="bag", food=1))
    assert rstate(camp).army("bag").cargo == {"food": 2}
    assert movement.mp_total(rauscher_rules(camp), "bag") == 6


def test_loading_needs_an_own_settlement_and_the_goods():
    camp, engine = _train()
    camp.map.settlement("s1").stores["food"] = 1
    engine.changed()
    with pytest.raises(RuleError, match="only 1 food"):
        engine.perform("p1", A.Load(carrier="bag", food=2))
    with pytest.raises(RuleError, match="treasury holds only"):
        engine.perform("p1", A.Load(carrier="bag", gold=10))
    engine.perform("p1", A.Move(army="bag", to=L(2, 1)))
    with pytest.raises(RuleError, match="not at a settlement of yours"):
        engine.perform("p1", A.Load(carrier="bag", food=1))


def test_baggage_near_lists_own_trains_within_one_hex():
    """Text: "a baggage train carrying food supplies within one hex of the army"."""
    camp, _ = _train()
    add_army(camp, "far", "p1", H(4, 4), [], role=Role.BAGGAGE)
    add_army(camp, "theirs", "p2", H(1, 2), [], role=Role.BAGGAGE)
    add_army(camp, "here", "p1", H(1, 2), [], role=Role.BAGGAGE)
    assert movement.baggage_near(rauscher_rules(camp), "a1") == ["here", "bag"]


# --- ships ---------------------------------------------------------------------------------


def _fleet():
    camp = new_campaign()
    camp.map.set_terrain(H(0, 5), "~")
    for col in range(1, 8):
        camp.map.set_terrain(H(col, 5), "~")
    add_army(camp, "ship", "p1", H(0, 5), [], role=Role.SHIP)
    add_army(camp, "x", "p1", H(0, 4), [unit("marines", 300)])
    engine = Engine(camp)
    to_movement(engine)
    return camp, engine


def test_ships_sail_eight_on_water_only():
    """Text: "During the Movement phase, ships move 8 hexes per turn"."""
    camp, engine = _fleet()
    with pytest.raises(RuleError, match="cannot go from"):
        engine.perform("p1", A.Move(army="ship", path=[L(0, 4)]))
    engine.perform("p1", A.Move(army="ship", to=L(7, 5)))
    assert rstate(camp).army("ship").mp_spent == 7


def test_troops_board_and_land_for_four_mp_each():
    """Text: "It takes the equivalent of 4 movement points (1/2 the ships move) to load or
    unload a ship"."""
    camp, engine = _fleet()
    engine.perform("p1", A.Embark(ship="ship", army="x"))
    assert camp.army("x").hex is None and rstate(camp).army("ship").carried == ["x"]
    assert movement.mp_left(rauscher_rules(camp), "ship") == 4
    assert movement.visibility(rauscher_rules(camp), camp.seat("p2"), camp.army("x")) == "hidden"
    engine.perform("p1", A.Move(army="ship", to=L(2, 5)))
    with pytest.raises(RuleError, match="takes 4 MP; it has 2 left"):
        engine.perform("p1", A.Disembark(ship="ship", army="x", hex=L(3, 4)))


def test_landing_puts_the_troops_next_to_the_ship():
    camp, engine = _fleet()
    engine.perform("p1", A.Embark(ship="ship", army="x"))
    with pytest.raises(RuleError, match="is not next to"):
        engine.perform("p1", A.Disembark(ship="ship", army="x", hex=L(3, 3)))
    engine.perform("p1", A.Disembark(ship="ship", army="x", hex=L(1, 4)))
    assert camp.army("x").hex == H(1, 4) and rstate(camp).army("x").finished
    assert rstate(camp).army("ship").finished


def test_a_ship_carries_1000_points_or_cargo():
    """Text: "can carry 10 units of food and supplies or 10 gold, or they may transport up
    to 1,000 points worth of troops"."""
    camp, engine = _fleet()
    camp.army("x").units.append(unit("more", 800))
    engine.changed()
    with pytest.raises(RuleError, match="at most 1000 pts"):
        engine.perform("p1", A.Embark(ship="ship", army="x"))
    rstate(camp).army("ship").cargo = {"food": 3}
    camp.army("x").units.pop()
    engine.changed()
    with pytest.raises(RuleError, match="troops or cargo"):
        engine.perform("p1", A.Embark(ship="ship", army="x"))


# --- refugees ------------------------------------------------------------------------------


def test_refugees_move_six_and_are_absorbed_in_a_friendly_settlement():
    """Text: "Refugees always move with 6 movement points (a forced march) ... When the
    Refugee population enters a friendly settlement, it is absorbed, donating one copper
    and one supply to the settlement"."""
    camp, engine = started()
    add_army(camp, "r", "p1", H(0, 1), [unit("folk", 0)], role=Role.REFUGEES)
    engine.changed()
    assert movement.mp_total(rauscher_rules(camp), "r") == 6
    treasury = camp.player("p1").treasury
    engine.perform("p1", A.Move(army="r", path=[L(1, 1), L(2, 1)]))
    assert camp.army("r") is None
    assert camp.player("p1").treasury == treasury + 1
    assert camp.map.settlement("s1").stores["food"] == 4


# --- deserters -----------------------------------------------------------------------------


def test_deserters_march_home_by_themselves_and_stay_a_full_turn():
    """Desertion: "The unit will move toward the nearest friendly settlement at their
    maximum move allowance ... When they reach a friendly settlement, they must remain
    their for one full turn before they may move again"."""
    camp = new_campaign()
    camp.army("a1").hex = H(4, 2)
    rstate(camp).unit("u1").deserting = True
    engine = Engine(camp)
    to_movement(engine)
    group = next(a for a in camp.armies if a.units and a.units[0].id == "u1")
    assert group.id != "a1" and [u.id for u in camp.army("a1").units] == ["u2"]
    assert group.hex == H(1, 1)  # Altdorf, 3 hexes away
    assert rstate(camp).army(group.id).finished
    with pytest.raises(RuleError, match="has completed its movement"):
        engine.perform("p1", A.Move(army=group.id, to=L(2, 1)))
    for turn in (2, 3):
        for _ in range(5):
            for seat in ("p1", "p2"):
                engine.perform(seat, EndPhase())
        assert camp.turn == turn and camp.phase == "movement"
        assert rstate(camp).unit("u1").deserting is (turn == 2)
        assert rstate(camp).army(group.id).finished is (turn == 2)


def test_deserters_go_round_enemy_armies():
    """ "Until they reach the settlement, they will attempt to avoid any possible
    conflict": they never enter an enemy army's hex."""
    camp = new_campaign()
    camp.army("a1").hex = H(3, 1)
    camp.army("a1").units = camp.army("a1").units[:1]
    rstate(camp).unit("u1").deserting = True
    camp.army("a2").hex = H(2, 1)
    engine = Engine(camp)
    events = []
    for _ in range(2):
        for seat in ("p1", "p2"):
            events += engine.perform(seat, EndPhase())
    march = next(e for e in events if e.kind == "move")
    assert L(2, 1) not in march.data["path"]
    assert camp.army("a1").hex != H(2, 1)


# --- scatter -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("die", "offset"),
    [(1, (1, -1)), (2, (1, 0)), (3, (0, 1)), (4, (-1, 1)), (5, (-1, 0)), (6, (0, -1))],
)
def test_scatter_follows_the_d6(die, offset):
    """Text: "if using hexes, roll a d6 and consult the graphic" — tuicamp's graphic: 1 NE,
    2 E, 3 SE, 4 SW, 5 W, 6 NW."""
    camp, engine = started()
    table_dice(camp)
    ctx = Context(
        campaign=camp,
        seat=camp.seat("gm"),
        dice=Dice(camp.dice, supplied=[die]),
        ruleset=engine.ruleset,
        next_seq=1,
        action_no=1,
    )
    start = H(3, 3)
    got = movement.scatter(ctx, start)
    assert (got.q - start.q, got.r - start.r) == offset
    assert ctx.dice.rolls[0].reason.startswith("random direction")


def test_scatter_stays_on_the_map():
    camp, engine = started()
    table_dice(camp)
    ctx = Context(
        campaign=camp,
        seat=camp.seat("gm"),
        dice=Dice(camp.dice, supplied=[5]),
        ruleset=engine.ruleset,
        next_seq=1,
        action_no=1,
    )
    assert movement.scatter(ctx, H(0, 2)) == H(0, 2)


def test_ships_use_their_own_ports_and_load_there():
    """Ships load "10 units of food" in port: an own settlement next to the water."""
    camp, engine = _fleet()
    camp.map.settlements.append(
        Settlement("port", "town", "Hafen", H(3, 4), owner="p1", stores={"food": 5})
    )
    engine.changed()
    engine.perform("p1", A.Move(army="ship", to=L(2, 5)))
    engine.perform("p1", A.Load(carrier="ship", food=5))
    assert rstate(camp).army("ship").cargo == {"food": 5}
    assert movement.mp_left(rauscher_rules(camp), "ship") == 2
    assert movement.reach(rauscher_rules(camp), "ship").get(H(3, 4)) == 1  # into the port itself


# --- saving ---------------------------------------------------------------------------------


def test_the_movement_ledger_survives_a_save():
    """Everything the movement module remembers is plain data in the TOML save."""
    import tomllib

    import tomli_w

    from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
    from tuicamp.rules.rauscher.shared.state import RauscherState

    camp, engine = _messenger("p1")
    engine.perform("p1", A.Move(army="m", to=L(3, 4), dice=[1]))  # undecided
    engine.perform("p1", A.SetAmbush(army="a1", units=["u1"], territory="east"))
    party = rstate(camp).movement.ambushes[0].army
    engine.perform("p1", A.RevealAmbush(ambush=party, target="a2", dice=[3, 3]))
    rstate(camp).movement.overt_aid = ["s3"]
    text = tomli_w.dumps(campaign_to_dict(camp))
    back = campaign_from_dict(tomllib.loads(text), RauscherState)
    assert back.state.movement == rstate(camp).movement
    assert back.state.movement.sprung[0].hex == H(6, 3)
