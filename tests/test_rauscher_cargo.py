"""Rauscher: refugees fleeing a razed settlement at once, gold and food aboard baggage
trains and ships (loading, unloading, loot, booty), and ships feeding armies.

The small map of tests/conftest.py: Anna (p1) holds Westmark and the town Altdorf (0202),
Bruno (p2) Eastmark and the village Grunberg (0705).
"""

from __future__ import annotations

import pytest
from conftest import H, small_campaign
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rauscher_rules import rauscher_rules
from test_rauscher_combat_kit import advance, table_ctx

from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.model.forces import Army, Category, Unit
from tuicamp.model.map import Settlement
from tuicamp.rules.rauscher import movement
from tuicamp.rules.rauscher.combat import after as combat_after
from tuicamp.rules.rauscher.economy import supply as economy_supply
from tuicamp.rules.rauscher.economy.actions import BuySupplies
from tuicamp.rules.rauscher.movement import actions as A
from tuicamp.rules.rauscher.shared import cargo
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.state import Role


def counter(camp, aid: str, owner: str, where, role: Role, **cargo_) -> Army:
    army = Army(aid, aid, owner, where, [])
    camp.armies.append(army)
    record = rstate(camp).army(aid)
    record.role = role
    record.cargo = dict(cargo_)
    return army


def refugees(camp) -> list[Army]:
    return [a for a in camp.armies if rstate(camp).army(a.id).role is Role.REFUGEES]


# --- refugees move at once ---------------------------------------------------------------


def _raze(grunberg_at, **options):
    """Anna's host marches into Bruno's undefended town Hochburg (0501) and razes it;
    Grunberg (Bruno's other settlement) is moved to ``grunberg_at`` (None: razed too)."""
    camp = small_campaign("rauscher", **options)
    camp.map.settlements.append(Settlement("s3", "town", "Hochburg", H(4, 0), owner="p2"))
    if grunberg_at is None:
        camp.map.settlements.remove(camp.map.settlement("s2"))
    else:
        camp.map.settlement("s2").hex = grunberg_at
    engine = Engine(camp)
    advance(engine, "movement")
    camp.army("a1").hex = H(4, 0)
    rstate(camp).army("a1").moved = True
    engine.changed()
    start = len(engine.chronicle)
    advance(engine, "combat")
    return camp, engine.chronicle[start:]


def test_refugees_of_a_razed_town_flee_at_once_and_find_refuge():
    """Text: "If the attacker wins, the settlement is Razed ... and one Refugee unit is
    created (see below), which may immediately make one move." "Refugees always move with
    6 movement points (a forced march)". "When the Refugee population enters a friendly
    settlement, it is absorbed, donating one copper and one supply to the settlement."
    Grunberg is 5 hexes away: 6 MP, the first step doubled by Anna's zone of influence."""
    camp, events = _raze(H(6, 5))
    kinds = [e.kind for e in events]
    assert kinds.index("settlement_captured") < kinds.index("refugees_flee")
    assert kinds.index("refugees_flee") < kinds.index("refugees_absorbed")
    assert refugees(camp) == []
    assert camp.player("p2").treasury == 1
    assert camp.map.settlement("s2").stores.get("food", 0) == 1
    assert camp.map.settlement("s3").kind == "village"  # "from a town to a village"


def test_refugees_too_far_from_home_get_as_far_as_their_6_mp_go():
    """Six hexes away the way costs 7 MP (Anna's zone doubles the first step): the
    refugees stop one hex short, this turn."""
    camp, events = _raze(H(7, 5))
    (column,) = refugees(camp)
    record = rstate(camp).army(column.id)
    assert column.hex.distance(H(7, 5)) == 1 and record.mp_spent == 6
    move = next(e for e in events if e.kind == "move" and e.data.get("army") == column.id)
    assert move.data["path"][0] == H(4, 0).label()


def test_refugees_with_nowhere_to_go_stay():
    """With no settlement of their own left, the refugees stay where they are."""
    camp, events = _raze(None)
    (column,) = refugees(camp)
    assert column.hex == H(4, 0)
    assert any(e.kind == "refugees_stay" for e in events)


# --- gold and food aboard -------------------------------------------------------------------


def _train(treasury: int = 30, role: Role = Role.BAGGAGE):
    """Anna's empty carrier at Altdorf, in her move."""
    camp = small_campaign("rauscher")
    camp.player("p1").treasury = treasury
    camp.map.settlement("s1").stores["food"] = 12
    counter(camp, "bag", "p1", H(1, 1), role)
    engine = Engine(camp)
    advance(engine, "movement")
    return camp, engine


def test_gold_loaded_comes_out_of_the_treasury_and_unloaded_goes_back():
    """Text: "A baggage train can hold 2 units of food supplies, or 2 gold" (R-RA-1:
    1 gold = 10 coppers); "reloading with more supplies from friendly settlements during
    the march or captured gold and other treasure collected along the way"."""
    camp, engine = _train()
    engine.perform("p1", A.Load(carrier="bag", gold=20))
    assert camp.player("p1").treasury == 10 and rstate(camp).army("bag").cargo == {"gold": 20}
    with pytest.raises(RuleError, match="holds 2 units"):
        engine.perform("p1", A.Load(carrier="bag", food=1))
    engine.perform("p1", A.Unload(carrier="bag", gold=10))
    engine.perform("p1", A.Load(carrier="bag", food=1))  # 1 gold and 1 food: full
    assert camp.player("p1").treasury == 20
    assert rstate(camp).army("bag").cargo == {"gold": 10, "food": 1}


def test_a_ship_holds_ten_gold():
    """Text: "Each ship ... can carry 10 units of food and supplies or 10 gold"."""
    camp, engine = _train(200, Role.SHIP)
    camp.map.set_terrain(H(0, 1), "~")
    engine.changed()
    engine.perform("p1", A.Load(carrier="bag", gold=100))
    assert camp.player("p1").treasury == 100
    with pytest.raises(RuleError, match="holds 10 units"):
        engine.perform("p1", A.Load(carrier="bag", gold=1))
    engine.perform("p1", A.Unload(carrier="bag", gold=30))  # "4 movement points" each
    assert camp.player("p1").treasury == 130
    with pytest.raises(RuleError, match="takes 4 MP"):
        engine.perform("p1", A.Unload(carrier="bag", gold=10))


def test_buying_supplies_counts_gold_aboard_as_10_coppers_a_unit():
    """Text: "Supplies ... 1 copper"; a train with 1 gold (10c) aboard has room for one
    food, not none."""
    camp = small_campaign("rauscher")
    camp.player("p1").treasury = 5
    counter(camp, "bag", "p1", H(1, 1), Role.BAGGAGE, gold=10)
    engine = Engine(camp)
    with pytest.raises(RuleError, match="room for 1"):
        engine.perform("p1", BuySupplies(amount=2, baggage="bag"))
    engine.perform("p1", BuySupplies(amount=1, baggage="bag"))
    assert rstate(camp).army("bag").cargo == {"gold": 10, "food": 1}


OPS = st.lists(
    st.tuples(st.sampled_from(["load", "unload"]), st.integers(0, 3), st.integers(0, 25)),
    max_size=8,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(treasury=st.integers(0, 30), ops=OPS)
def test_the_treasury_never_goes_negative_and_nothing_is_lost_in_transit(treasury, ops):
    """Property: whatever is loaded and unloaded, the treasury is never below 0, the train
    never over its "2 units of food supplies, or 2 gold", and treasury + gold aboard and
    stores + food aboard stay what they were; a refused order changes nothing."""
    camp, engine = _train(treasury)
    altdorf, record = camp.map.settlement("s1"), rstate(camp).army("bag")
    coins = camp.player("p1").treasury
    food = altdorf.stores["food"]
    for op, f, g in ops:
        before = (camp.player("p1").treasury, dict(record.cargo), altdorf.stores["food"])
        kind = A.Load if op == "load" else A.Unload
        try:
            engine.perform("p1", kind(carrier="bag", food=f, gold=g))
        except RuleError:
            record = rstate(camp).army("bag")
            assert (camp.player("p1").treasury, record.cargo, altdorf.stores["food"]) == before
        record = rstate(camp).army("bag")
        assert camp.player("p1").treasury >= 0
        assert cargo.load_units(record.cargo) <= 2
        assert camp.player("p1").treasury + record.cargo.get("gold", 0) == coins
        assert altdorf.stores["food"] + record.cargo.get("food", 0) == food


def test_a_captured_train_keeps_its_cargo_for_its_new_owner():
    """Booty Table: "1-3 Recovered by the victor" — the train, and the food and gold on
    it, are the victor's now; the gold reaches Anna's treasury when unloaded at home."""
    camp = small_campaign("rauscher")
    counter(camp, "loot", "p2", H(1, 1), Role.BAGGAGE, food=1, gold=10)
    text = combat_after.booty_for_train(
        table_ctx(camp, [3]), camp.army("loot"), holder="p1", defeated="p2"
    )
    assert camp.army("loot").owner == "p1" and "with its cargo (1 food and 1g)" in text
    assert rstate(camp).army("loot").cargo == {"food": 1, "gold": 10}
    camp.dice.mode = camp.dice.mode.APP
    engine = Engine(camp)
    advance(engine, "movement")
    engine.perform("p1", A.Unload(carrier="loot", gold=10))
    assert camp.player("p1").treasury == 10


@pytest.mark.parametrize("in_trains", [False, True])
def test_looted_coins_ride_in_the_trains_with_the_option(in_trains):
    """Looting: "Village - 3 copper and 1 supply". By default the coins go to the
    treasury; with ``loot_in_trains`` the looter's baggage train in the hex carries them
    home (and, the village being destroyed, the supply too)."""
    camp = small_campaign("rauscher", loot_in_trains=in_trains)
    grunberg = camp.map.settlement("s2").hex
    counter(camp, "bag", "p1", grunberg, Role.BAGGAGE)
    engine = Engine(camp)
    advance(engine, "movement")
    camp.army("a1").hex = grunberg
    rstate(camp).army("a1").moved = True
    engine.changed()
    advance(engine, "combat")
    assert camp.map.settlement("s2") is None  # "a village is Destroyed"
    aboard = rstate(camp).army("bag").cargo
    if in_trains:
        assert camp.player("p1").treasury == 0 and aboard == {"gold": 3, "food": 1}
    else:
        assert camp.player("p1").treasury == 3 and aboard == {"food": 1}


# --- ships feeding armies --------------------------------------------------------------------


@pytest.mark.parametrize("ships_feed", [True, False])
def test_a_ship_within_one_hex_feeds_an_army_with_the_option(ships_feed):
    """Text: "This food can come from three sources: scavenging the land, a baggage train
    carrying food supplies within one hex of the army, or a nearby population center";
    ships "can carry 10 units of food and supplies". Ruling (option ships_feed_armies, on):
    a ship's food feeds as a baggage train's does."""
    camp = small_campaign("rauscher", ships_feed_armies=ships_feed)
    camp.map.set_terrain(H(7, 5), "~")
    camp.armies.append(
        Army(
            "big",
            "Big",
            "p1",
            H(7, 4),
            [Unit("r", "Spears", 4500, Category.RANK_AND_FILE, 4, 7, 450)],
        )
    )
    counter(camp, "ship", "p1", H(7, 5), Role.SHIP, food=3)
    assert ("ship" in movement.baggage_near(rauscher_rules(camp), "big")) is ships_feed
    economy_supply.supply_troops(table_ctx(camp, [3] * 12))
    record = rstate(camp).army("big")
    if ships_feed:  # needs 5: 2 scavenged, 3 from the ship
        assert record.starving_turns == 0 and rstate(camp).army("ship").cargo == {}
    else:
        assert record.starving_turns == 1 and rstate(camp).army("ship").cargo == {"food": 3}
