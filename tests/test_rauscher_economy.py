"""Rauscher economy: Upkeep (reorganise, spend gold, ransom, event cards), the Effects
phase's decks, Resolution (fatigue, supply, desertion and starvation, new units, taxes),
fate points and the ledger. The text is quoted in each test; rulings by number (R-RA-n)."""

from __future__ import annotations

import contextlib
import math
import tomllib
from pathlib import Path

import pytest
from conftest import H, small_campaign
from hypothesis import given, settings
from hypothesis import strategies as st
from rauscher_rules import rauscher_rules

from tuicamp.engine.awaited import RollAwaited
from tuicamp.engine.context import Context
from tuicamp.engine.dice import Dice
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import DiceNeeded, RuleError
from tuicamp.engine.registry import get_ruleset
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.model.campaign import DiceMode
from tuicamp.model.forces import Army, Category, Unit
from tuicamp.model.map import Settlement
from tuicamp.rules.rauscher import economy
from tuicamp.rules.rauscher.economy import actions as A
from tuicamp.rules.rauscher.economy.resolution import collect_taxes, reduce_fatigue
from tuicamp.rules.rauscher.economy.setup import setup_findings
from tuicamp.rules.rauscher.economy.supply import production, supply_troops
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.state import Allocation, Role

RAUSCHER = Path(__file__).parent.parent / "tuicamp" / "rules" / "rauscher"


# --- helpers -------------------------------------------------------------------------------
def camp(treasury: int = 100, table_dice: bool = False, **options):
    c = small_campaign("rauscher", **options)
    c.player("p1").treasury = treasury
    c.player("p2").treasury = treasury
    if table_dice:
        c.dice.mode = DiceMode.TABLE
    return c


def ctx_for(c, dice=()) -> Context:
    """A Context as the engine would give the GM, for the automatic steps."""
    return Context(
        campaign=c,
        seat=c.seat("gm"),
        dice=Dice(c.dice, supplied=list(dice)),
        ruleset=get_ruleset("rauscher"),
        next_seq=1,
        action_no=1,
    )


def advance(engine: Engine, phase: str, dice=()) -> None:
    """End the phase for everyone until ``phase`` begins (dice go with the last end)."""
    for _ in range(40):
        if engine.campaign.phase == phase:
            return
        active = engine.ruleset.active_players(engine.campaign)
        last = len(active) == 1
        engine.perform("gm", EndPhase(player=active[0], dice=list(dice) if last else []))
    raise AssertionError(f"never reached {phase}")


def state(c):
    return c.state


def econ(c):
    return c.state.economy


def add_army(c, aid, owner, hex_, units, role=Role.ARMY, allocations=()):
    army = Army(aid, aid.upper(), owner, hex_, list(units))
    c.armies.append(army)
    record = c.state.army(aid)
    record.role = role
    record.allocations = list(allocations)
    return army


def rf(uid, points, ld=7, name=None, flags=()):
    return Unit(uid, name or uid, points, Category.RANK_AND_FILE, 4, ld, 10, set(flags))


def character(uid, ld=8, flags=(), points=50):
    return Unit(uid, uid, points, Category.CHARACTER, 4, ld, 1, set(flags))


def add_prisoner(c, pid, unit, owner="p1", captor="p2", turn=0):
    from tuicamp.rules.rauscher.shared.combat_state import Prisoner

    c.state.combat.prisoners.append(
        Prisoner(id=pid, unit=unit, owner=owner, captor=captor, turn=turn)
    )


# --- tables --------------------------------------------------------------------------------
def test_economy_table_names_do_not_collide_with_other_table_files():
    """The frame merges all table files into one namespace: a shared name would silently
    replace a table of another module."""
    names: dict[str, str] = {}
    for path in sorted((RAUSCHER / "tables").glob("*.toml")):
        for key in tomllib.loads(path.read_text()):
            assert key not in names, f"{key} is in {names.get(key)} and {path.name}"
            names[key] = path.name


# --- spend gold: the Gold Purchase Table ----------------------------------------------------
@pytest.mark.parametrize(
    ("points", "cost"), [(1, 1), (50, 1), (51, 2), (100, 2), (250, 5), (1001, 21)]
)
def test_recruits_cost_a_copper_for_every_50_points_or_fraction(points, cost):
    """Text: "Recruit Troops ... 1 copper for every 50 points or fraction thereof" (R-RA-1)."""
    c = camp()
    Engine(c).perform("p1", A.BuyRecruits(name="Spearmen", points=points))
    assert c.player("p1").treasury == 100 - cost
    assert econ(c).purchases[0].cost == cost


def test_a_turns_recruits_are_priced_as_one_order():
    """R-RA-1 with the ruling of docs/economy.md: 30 + 20 points cost what 50 would."""
    c = camp()
    e = Engine(c)
    e.perform("p1", A.BuyRecruits(name="Hero", points=30, category=Category.CHARACTER))
    e.perform("p1", A.BuyRecruits(name="Wizard", points=20, category=Category.CHARACTER))
    assert c.player("p1").treasury == 99
    e.perform("p1", A.BuyRecruits(name="Archers", points=1))
    assert c.player("p1").treasury == 98


def test_a_purchase_the_treasury_cannot_pay_is_refused_with_a_sentence():
    """The treasury never goes negative: "Costs 1s 2c; you have 4c"."""
    c = camp(treasury=4)
    with pytest.raises(RuleError, match=r"Halberdiers \(350 pts\) costs 1s 2c; you have 4c"):
        Engine(c).perform("p1", A.BuyRecruits(name="Halberdiers", points=350))
    assert c.player("p1").treasury == 4 and not econ(c).purchases


@pytest.mark.parametrize(
    ("action", "cost"),
    [
        (A.BuyBaggage(), 2),  # "Baggage Train 2 coppers"
        (A.BuyBaggage(food=2), 4),  # with two units of supplies, "1 copper" each
        (A.BuyShip(), 10),  # "ships can be purchased for 2 silver"
        (A.BuySupplies(amount=3, settlement="s1"), 3),  # "Supplies ... 1 copper"
        (A.BuyMessenger(settlement="s1"), 1),  # "Messengers Varies" (R-RA-1: 1c)
        (A.BuySiegeEquipment(points=120), 3),  # priced like recruits (docs ruling)
    ],
)
def test_gold_purchase_table_prices(action, cost):
    """Text: the Gold Purchase Table, and "ships can be purchased for 2 silver"."""
    c = camp()
    if isinstance(action, A.BuyShip):
        add_port(c)
    Engine(c).perform("p1", action)
    assert c.player("p1").treasury == 100 - cost


def add_port(c) -> None:
    """A village of Anna's on the lake shore, where ships may be launched."""
    from tuicamp.model.map import Settlement

    shore = next(n for n in c.map.neighbours(H(2, 4)) if not c.map.settlements_at(n))
    c.map.settlements.append(Settlement("port", "village", "Lakeside", shore, owner="p1"))


def test_no_ship_without_a_coast():
    """A ship "can carry 10 units of food ... During the Movement phase, ships move 8 hexes":
    on water. With no settlement on a coast, buying one is refused before any money goes."""
    c = camp()
    with pytest.raises(RuleError, match="on the coast: you have none"):
        Engine(c).perform("p1", A.BuyShip())
    assert c.player("p1").treasury == 100


def test_supplies_go_into_stores_or_onto_a_train_in_a_settlement():
    """Ruling: bought supplies are there at once, in a settlement's stores or on a baggage
    train or ship standing in one of the player's settlements (a train "can hold 2 units of
    food supplies")."""
    c = camp()
    train = add_army(c, "bt", "p1", H(1, 1), [], Role.BAGGAGE)
    e = Engine(c)
    e.perform("p1", A.BuySupplies(amount=2, settlement="s1"))
    assert c.map.settlement("s1").stores["food"] == 5
    e.perform("p1", A.BuySupplies(amount=2, baggage="bt"))
    assert c.state.army("bt").cargo == {"food": 2}
    with pytest.raises(RuleError, match="room for 0 more"):
        e.perform("p1", A.BuySupplies(amount=1, baggage="bt"))
    train.hex = H(2, 2)
    e.changed()
    with pytest.raises(RuleError, match="not in one of your settlements"):
        e.perform("p1", A.BuySupplies(amount=1, baggage="bt"))
    with pytest.raises(RuleError, match="not held by"):
        e.perform("p1", A.BuySupplies(amount=1, settlement="s2"))


def test_a_messenger_leaves_at_once_as_a_counter_without_units():
    """Text: "Messengers are special units created during the Upkeep phase ... A messenger
    created in the Upkeep phase may move toward any town, city, fortress"."""
    c = camp()
    Engine(c).perform("p1", A.BuyMessenger(settlement="s1", name="Rider"))
    rider = next(a for a in c.armies if a.name == "Rider")
    assert rider.hex == H(1, 1) and rider.units == [] and rider.owner == "p1"
    record = c.state.army(rider.id)
    assert record.role is Role.MESSENGER and record.created_turn == 1


def test_purchases_are_secret_and_cancelled_purchases_refunded():
    """Secret purchases: only the buyer reads them (DESIGN: hidden state)."""
    c = camp()
    e = Engine(c)
    (event,) = e.perform("p1", A.BuyRecruits(name="Knights", points=400, flags=["elite"]))
    assert event.visible_to == ["p1"]
    texts = [ev.text for ev in view_for(Rules(c, e.ruleset), e.chronicle, "p2").chronicle]
    assert not any("Knights" in t for t in texts)
    e.perform("p1", A.CancelPurchase(purchase=econ(c).purchases[0].id))
    assert c.player("p1").treasury == 100 and not econ(c).purchases
    e.perform("p1", A.BuyRecruits(name="X", points=50))
    # R-ALL-6: "another player's secret purchase ... is refused word for word as an order
    # naming an id nobody has used"
    theirs = econ(c).purchases[0].id
    with pytest.raises(RuleError, match=f"^There is no purchase '{theirs}' waiting$"):
        e.perform("p2", A.CancelPurchase(purchase=theirs))


def test_trains_load_and_unload_food_in_a_settlement():
    """Text: baggage trains, "as they are emptied reloading with more supplies from friendly
    settlements"; "A baggage train can hold 2 units of food supplies"."""
    c = camp()
    add_army(c, "bt", "p1", H(1, 1), [], Role.BAGGAGE)
    e = Engine(c)
    e.perform("p1", A.LoadFood(carrier="bt", amount=2))
    assert c.state.army("bt").cargo == {"food": 2} and c.map.settlement("s1").stores["food"] == 1
    with pytest.raises(RuleError, match="room for 0 more"):
        e.perform("p1", A.LoadFood(carrier="bt", amount=1))
    e.perform("p1", A.LoadFood(carrier="bt", amount=-1))
    assert c.state.army("bt").cargo == {"food": 1} and c.map.settlement("s1").stores["food"] == 2
    with pytest.raises(RuleError, match="is not a baggage train or a ship"):
        e.perform("p1", A.LoadFood(carrier="a1", amount=1))


def test_the_games_master_names_the_player_who_buys():
    """The GM seat plays nobody: it must say for whom (and pays from that treasury)."""
    c = camp()
    e = Engine(c)
    with pytest.raises(RuleError, match="Name the player"):
        e.perform("gm", A.BuyBaggage())
    e.perform("gm", A.BuyBaggage(player="p2"))
    assert c.player("p2").treasury == 98 and c.player("p1").treasury == 100


# --- Resolution: Place New Units -----------------------------------------------------------
def _to_resolution_with(c, *buys):
    e = Engine(c)
    for buy in buys:
        e.perform("p1", buy)
    advance(e, "resolution")
    return e


@pytest.mark.parametrize(
    ("kind", "limit"), [("fortress", 1500), ("city", 1000), ("capital", 1500), ("town", 500)]
)
def test_new_troop_placement_chart(kind, limit):
    """Text: "New Troop Placement Chart: Fortress - 1,500 points worth of troops; City -
    1,000; Capital City - 1,500; Town - 500" (per settlement and turn)."""
    c = camp(treasury=200)
    c.map.settlement("s1").kind = kind
    e = _to_resolution_with(
        c, A.BuyRecruits(name="A", points=limit), A.BuyRecruits(name="B", points=1)
    )
    first, second = econ(c).purchases
    e.perform("p1", A.PlacePurchase(purchase=first.id, settlement="s1", name="Levy"))
    levy = next(a for a in c.armies if a.name == "Levy")
    assert levy.hex == H(1, 1) and levy.points == limit
    with pytest.raises(RuleError, match=f"trains {limit:,} pts a turn"):
        e.perform("p1", A.PlacePurchase(purchase=second.id, settlement="s1"))


@pytest.mark.parametrize("kind", ["village", "tower"])
def test_villages_and_border_outposts_train_none(kind):
    """Text: "Villages and Border Outposts - none"."""
    c = camp()
    c.map.settlement("s1").kind = kind
    e = _to_resolution_with(c, A.BuyRecruits(name="A", points=100))
    with pytest.raises(RuleError, match="no training grounds"):
        e.perform("p1", A.PlacePurchase(purchase=econ(c).purchases[0].id, settlement="s1"))


@pytest.mark.parametrize(
    "buy",
    [
        A.BuyRecruits(name="Greatswords", points=200, flags=["elite"]),
        A.BuyRecruits(name="Cannon", points=100, category=Category.WAR_MACHINE),
        A.BuyRecruits(name="Captain", points=100, category=Category.CHARACTER),
    ],
)
def test_towns_train_only_standard_infantry_and_cavalry(buy):
    """Text: "nothing but standard (non-elite) infantry and cavalry can be trained or placed
    in any town"."""
    c = camp()
    e = _to_resolution_with(
        c, buy, A.BuyRecruits(name="Outriders", points=100, category=Category.LIGHT_CAVALRY)
    )
    bad, good = econ(c).purchases
    with pytest.raises(RuleError, match="A town"):
        e.perform("p1", A.PlacePurchase(purchase=bad.id, settlement="s1"))
    e.perform("p1", A.PlacePurchase(purchase=good.id, settlement="s1"))


def test_new_troops_only_in_original_settlements():
    """Text: "New troops may only be placed in your original settlements - you may never use a
    captured settlement to place your troops"."""
    c = camp()
    captured = Settlement("s3", "city", "Wolfenburg", H(2, 1), owner="p1", original_owner="p2")
    c.map.settlements.append(captured)
    e = _to_resolution_with(c, A.BuyRecruits(name="A", points=100))
    with pytest.raises(RuleError, match="original settlements"):
        e.perform("p1", A.PlacePurchase(purchase=econ(c).purchases[0].id, settlement="s3"))


def test_unplaced_purchases_block_the_end_of_resolution():
    """Text: "Before ending the turn, the player must place all units purchased at the
    beginning of the turn"."""
    c = camp()
    e = _to_resolution_with(c, A.BuyRecruits(name="Spearmen", points=100))
    with pytest.raises(RuleError, match="First: place Spearmen"):
        e.perform("p1", EndPhase())
    assert any(
        "Anna: place Spearmen" in line
        for line in e.ruleset.pending(Rules(c, e.ruleset), c.seat("p1"))
    )
    # a secret purchase is nobody else's business, not even in "still to do" (R-RA-11)
    assert not any(
        "Spearmen" in line for line in e.ruleset.pending(Rules(c, e.ruleset), c.seat("p2"))
    )
    assert not any("Spearmen" in line for line in e.ruleset.pending(Rules(c, e.ruleset)))
    e.perform("p1", A.DismissPurchase(purchase=econ(c).purchases[0].id))
    e.perform("p1", EndPhase())


def test_recruits_join_an_army_in_the_settlement_up_to_5000_points():
    """Text: "Armies are units of no more than 5,000 points" (option max_army_points)."""
    c = camp(max_army_points=600)
    add_army(c, "g", "p1", H(1, 1), [rf("g1", 300)])
    e = _to_resolution_with(
        c, A.BuyRecruits(name="A", points=200), A.BuyRecruits(name="B", points=200, allocation=True)
    )
    first, second = econ(c).purchases
    e.perform("p1", A.PlacePurchase(purchase=first.id, settlement="s1", army="g"))
    assert [u.name for u in c.army("g").units] == ["g1", "A"]
    with pytest.raises(RuleError, match="would hold 700 pts"):
        e.perform("p1", A.PlacePurchase(purchase=second.id, settlement="s1", army="g"))
    e.perform("p1", A.PlacePurchase(purchase=second.id, settlement="s1"))
    new = next(a for a in c.armies if a.name == "New troops of Altdorf")
    assert c.state.army(new.id).allocations == [Allocation(Category.RANK_AND_FILE, 200, "B")]


def test_baggage_trains_ships_and_siege_equipment_are_placed_in_resolution():
    """Text: "siege equipment purchased in the Upkeep phase can be placed with any army
    anywhere on the board during the resolution phase"; ships need a coast."""
    c = camp()
    add_port(c)
    e = _to_resolution_with(c, A.BuyBaggage(food=1), A.BuyShip(), A.BuySiegeEquipment(points=150))
    train, ship, kit = econ(c).purchases
    e.perform("p1", A.PlacePurchase(purchase=train.id, settlement="s1"))
    placed = c.army(train.placed_at)
    assert c.state.army(placed.id).role is Role.BAGGAGE
    assert c.state.army(placed.id).cargo == {"food": 1} and placed.units == []
    with pytest.raises(RuleError, match="not on the coast"):
        e.perform("p1", A.PlacePurchase(purchase=ship.id, settlement="s1"))
    e.perform("p1", A.PlacePurchase(purchase=ship.id, settlement="port"))  # by the lake
    assert c.state.army(ship.placed_at).role is Role.SHIP
    assert economy.siege_equipment(c, "a1") == 0
    e.perform("p1", A.PlacePurchase(purchase=kit.id, army="a1"))
    assert economy.siege_equipment(c, "a1") == 150
    assert economy.take_siege_equipment(c, "a1", 100) == 100
    assert economy.siege_equipment(c, "a1") == 50


# --- mercenaries ------------------------------------------------------------------------------
def merc_camp(treasury=100):
    c = camp(treasury=treasury, table_dice=True)
    c.map.settlement("s1").kind = "city"
    return c


def test_no_mercenaries_on_1_to_3():
    """Text: "Pay 1 copper and roll a d6 - on a 1, 2, or 3, no mercenaries are available"."""
    c = merc_camp()
    e = Engine(c)
    e.perform("p1", A.SeekMercenaries(settlement="s1", dice=[3]))
    assert c.player("p1").treasury == 99
    assert econ(c).mercenaries[0].status == "unavailable"
    with pytest.raises(RuleError, match="once per turn"):
        e.perform("p1", A.SeekMercenaries(settlement="s1", dice=[6]))
    with pytest.raises(RuleError, match="No mercenaries wait"):
        e.perform("p1", A.AnswerMercenaries(accept=True))


def test_mercenaries_cost_2d6_coppers_for_2d6_x_100_points():
    """Text: "On a 4 or more, mercenaries are available. Roll 2d6 to determine the cost of
    the mercenary army in coppers, and (2d6)x100 to determine how many points may be spent on
    the hired army." "Mercenaries may act as an independent army"."""
    c = merc_camp()
    e = Engine(c)
    e.perform("p1", A.SeekMercenaries(settlement="s1", dice=[4, 3, 4, 5, 6]))
    offer = econ(c).mercenaries[0]
    assert (offer.cost, offer.points, offer.status) == (7, 1100, "offered")
    with pytest.raises(RuleError, match="First: answer the mercenaries"):
        e.perform("p1", EndPhase())
    e.perform("p1", A.AnswerMercenaries(accept=True, name="Free Company"))
    assert c.player("p1").treasury == 100 - 1 - 7
    band = next(a for a in c.armies if a.name == "Free Company")
    record = c.state.army(band.id)
    assert band.hex == H(1, 1) and record.role is Role.MERCENARIES
    assert record.allocations == [Allocation(Category.RANK_AND_FILE, 1100, "mercenaries")]


def test_mercenaries_may_join_an_army_in_the_city():
    """Text: "or they may be included in one of your existing armies"."""
    c = merc_camp()
    add_army(c, "g", "p1", H(1, 1), [rf("g1", 300)])
    e = Engine(c)
    e.perform("p1", A.SeekMercenaries(settlement="s1", dice=[5, 1, 1, 1, 2]))
    with pytest.raises(RuleError, match="not in Altdorf"):
        e.perform("p1", A.AnswerMercenaries(accept=True, army="a1"))
    e.perform("p1", A.AnswerMercenaries(accept=True, army="g"))
    assert c.state.army("g").allocations[0].points == 300


@pytest.mark.parametrize(("loss", "treasury", "left"), [(2, 20, 20 - 1 - 2), (3, 3, 0)])
def test_refused_or_unaffordable_mercenaries_rampage_for_d3(loss, treasury, left):
    """Text: "If you cannot afford their price, or if you choose not to take them after all,
    the mercenaries will go on a rampage ... you immediately lose d3 coppers" (never below
    nothing: the treasury is never negative)."""
    c = merc_camp(treasury=treasury)
    e = Engine(c)
    e.perform("p1", A.SeekMercenaries(settlement="s1", dice=[6, 6, 6, 3, 3]))
    if treasury < 1 + 12:
        with pytest.raises(RuleError, match="The mercenaries cost 1g 2c; you have 2c"):
            e.perform("p1", A.AnswerMercenaries(accept=True))
    e.perform("p1", A.AnswerMercenaries(accept=False, dice=[loss]))
    assert c.player("p1").treasury == left
    assert econ(c).mercenaries[0].status == "refused"


def test_mercenaries_are_found_in_cities_only():
    """Text: "Mercenaries may be hired in any city" (a capital is a city)."""
    c = camp(table_dice=True)
    with pytest.raises(RuleError, match="not a town"):
        Engine(c).perform("p1", A.SeekMercenaries(settlement="s1", dice=[6]))


# --- fate points --------------------------------------------------------------------------------
def test_a_fate_point_rerolls_the_mercenaries_availability_once():
    """Text: "A fate point may be used at any time during the course of play to re-roll any
    one roll." Ruling: a re-roll stands (it is not re-rolled again)."""
    c = merc_camp()
    c.state.player("p1").fate_points = 2
    e = Engine(c)
    e.perform("p1", A.SeekMercenaries(settlement="s1", dice=[2]))
    (event,) = e.perform("p1", A.UseFate(dice=[5, 2, 2, 1, 1]))
    assert "2 becomes 5" in event.text and event.visible_to == ["p1"]
    offer = econ(c).mercenaries[0]
    assert (offer.status, offer.cost, offer.points) == ("offered", 4, 200)
    assert c.state.player("p1").fate_points == 1
    # the price is still open to a re-roll, the availability is not
    roll = next(r for r in econ(c).rerollable if r.kind == "merc_cost" and not r.used)
    with pytest.raises(RuleError, match="cannot be re-rolled now"):
        e.perform("p1", A.UseFate(roll=econ(c).rerollable[0].id, dice=[6]))
    e.perform("p1", A.UseFate(roll=roll.id, dice=[1, 1]))
    assert offer.cost == 2 and c.state.player("p1").fate_points == 0
    with pytest.raises(RuleError, match="no fate point"):
        e.perform("p1", A.UseFate(dice=[1, 1]))


def test_fate_points_come_at_the_end_of_resolution_with_the_ledger_line():
    """Text: "Players gain 1 fate point at the end of the Resolution phase"; the ledger gets
    one line per player and turn."""
    c = camp()
    e = Engine(c)
    advance(e, "resolution")
    assert c.state.player("p1").fate_points == 0
    advance(e, "upkeep")
    assert c.turn == 2
    for pid in ("p1", "p2"):
        record = c.state.player(pid)
        assert record.fate_points == 1
        (line,) = record.ledger
        assert (line.turn, line.territories, line.treasury) == (1, 1, 100)
    assert c.state.player("p1").ledger[0].food == 3 + 3  # Altdorf's stores + production


# --- ransom (R-RA-11) ---------------------------------------------------------------------------
def ransom_camp(treasury=100):
    c = camp(treasury=treasury, table_dice=True)
    add_prisoner(c, "pr1", character("count", flags={"lord"}))
    return c


def test_ransom_notes_are_sealed_until_both_are_written():
    """Text: "each player should write down the amount they offer in ransom, while the other
    writes down the amount demanded for his return" (R-RA-11: sealed, revealed together)."""
    c = ransom_camp()
    e = Engine(c)
    written, sealed = e.perform("p1", A.WriteRansom(prisoner="pr1", amount="1s"))
    assert sealed.visible_to == ["p1"] and "1s" in sealed.text
    assert written.visible_to is None  # that Anna wrote, everyone reads; what, only she
    assert not any(
        "1s" in ev.text for ev in view_for(Rules(c, e.ruleset), e.chronicle, "p2").chronicle
    )
    with pytest.raises(RuleError, match="already written"):
        e.perform("p1", A.WriteRansom(prisoner="pr1", amount="2s"))
    # R-ALL-8: "A sealed order is accepted without dice; the rolls are asked ... only after
    # both are revealed"
    events = e.perform("p2", A.WriteRansom(prisoner="pr1", amount="4c"))
    reveal = next(ev for ev in events if ev.kind == "ransom_revealed")
    assert reveal.visible_to is None and reveal.text == (
        "The sealed ransom notes for count are revealed: Anna: offers 1s; Bruno: demands 4c"
    )
    events = e.perform("p1", RollAwaited(dice=[3]))
    (outcome,) = [ev for ev in events if ev.kind == "ransom"]
    assert outcome.visible_to is None and "1s is paid to Bruno" in outcome.text


def test_a_met_demand_pays_the_offer_and_returns_the_character_on_1_to_3():
    """Text: "If the amount demanded by the ransomer is less than or equal to the amount
    offered, the amount offered is received in payment and the character is returned. Roll a
    d6 - on a 1 to 3, the character is even returned alive! ... Place a ransomed character in
    any of your settlement."""
    c = ransom_camp()
    e = Engine(c)
    e.perform("p1", A.WriteRansom(prisoner="pr1", amount="1s"))
    e.perform("p2", A.WriteRansom(prisoner="pr1", amount="1s"))
    e.perform("p2", RollAwaited(dice=[3]))  # the table's die, once both are out (R-ALL-8)
    assert c.player("p1").treasury == 95 and c.player("p2").treasury == 105
    assert c.state.combat.prisoners == []
    with pytest.raises(RuleError, match="First: place count"):
        e.perform("p1", EndPhase())
    e.perform("p1", A.PlaceRansomed(prisoner="pr1", settlement="s1"))
    home = next(a for a in c.armies if a.units and a.units[0].name == "count")
    assert home.hex == H(1, 1) and home.owner == "p1"
    e.perform("p1", EndPhase())


def test_a_ransomed_character_is_killed_in_transit_on_4_or_more_unless_fate_saves_him():
    """Text: "on a 4 or more, the character is killed in transit"; a fate point re-rolls it."""
    c = ransom_camp()
    c.state.player("p1").fate_points = 1
    e = Engine(c)
    e.perform("p1", A.WriteRansom(prisoner="pr1", amount="5c"))
    e.perform("p2", A.WriteRansom(prisoner="pr1", amount="3c"))
    events = e.perform("p1", RollAwaited(dice=[4]))  # R-ALL-8
    assert "killed in transit" in events[-1].text
    assert e.ruleset.pending(Rules(c, e.ruleset)) == [
        "Anna to finish the phase",
        "Bruno to finish the phase",
    ]
    (event,) = e.perform("p1", A.UseFate(dice=[1]))
    assert "returned alive" in event.text and event.visible_to is None
    e.perform("p1", A.PlaceRansomed(prisoner="pr1", settlement="s1"))


def test_a_demand_above_the_offer_keeps_the_prisoner():
    """Text: only "If the amount demanded ... is less than or equal to the amount offered"."""
    c = ransom_camp()
    e = Engine(c)
    e.perform("p2", A.WriteRansom(prisoner="pr1", amount="2s"))
    e.perform("p1", A.WriteRansom(prisoner="pr1", amount="1s 4c"))
    assert len(c.state.combat.prisoners) == 1
    assert c.player("p1").treasury == 100 and c.player("p2").treasury == 100


def test_unwritten_ransom_notes_block_the_end_of_upkeep():
    """Text: "At the beginning of each turn, during the Upkeep phase, each player should
    write down the amount"."""
    c = ransom_camp()
    e = Engine(c)
    with pytest.raises(RuleError, match="write your sealed ransom offer for count"):
        e.perform("p1", EndPhase())
    with pytest.raises(RuleError, match="write your sealed ransom demand for count"):
        e.perform("p2", EndPhase())


def test_money_promised_in_a_sealed_offer_cannot_be_spent():
    """An offer must be payable when revealed, so the treasury stays above nothing."""
    c = ransom_camp(treasury=10)
    e = Engine(c)
    with pytest.raises(RuleError, match="cannot offer 1g 1c; you have 1g to spend"):
        e.perform("p1", A.WriteRansom(prisoner="pr1", amount="11"))
    e.perform("p1", A.WriteRansom(prisoner="pr1", amount="8c"))
    with pytest.raises(RuleError, match=r"costs 3c; you have 2c \(1s 3c more is promised"):
        e.perform("p1", A.BuyRecruits(name="Militia", points=150))


# --- event cards and the Effects phase (R-RA-10) -------------------------------------------------
CARDS = [{"id": f"e{i}", "title": f"Omen {i}", "text": f"Portent number {i}."} for i in (1, 2, 3)]


def test_event_cards_are_drawn_secretly_in_upkeep_and_played_openly():
    """Text: "each player may draw one event card from the Event deck at the beginning of
    their turn. A player can play one of the Event cards in their hand ... at any time"."""
    c = camp(table_dice=True)
    get_ruleset("rauscher").setup(c, {"events": CARDS})
    e = Engine(c)
    with pytest.raises(RuleError, match="draw your card from the events deck"):
        e.perform("p1", EndPhase())
    (drawn,) = e.perform("p1", A.DrawCard(dice=[2]))
    assert drawn.visible_to == ["p1"] and "Omen 2" in drawn.text
    with pytest.raises(RuleError, match="has drawn from the events deck this turn"):
        e.perform("p1", A.DrawCard(dice=[1]))
    e.perform("p2", A.DrawCard(dice=[2]))  # of e1 and e3: e3
    assert econ(c).hands == {"p1": ["events/e2"], "p2": ["events/e3"]}
    advance(e, "movement")
    e.perform("p1", EndPhase())  # Bruno moves now; Anna may still play her card
    (played,) = e.perform("p1", A.PlayCard(card="e2"))
    assert played.visible_to is None and "Portent number 2." in played.text
    assert econ(c).hands["p1"] == [] and econ(c).discards["events"] == ["events/e2"]


def test_effects_phase_without_decks_passes_with_a_note():
    """R-RA-10: "tuicamp draws from a scenario-defined event deck when the scenario has one;
    none is invented"."""
    c = camp()
    e = Engine(c)
    advance(e, "effects")
    assert e.chronicle[-1].text == "No encounter or magic deck in this scenario (R-RA-10)"


def test_encounter_and_magic_decks_are_drawn_in_the_effects_phase():
    """Text: "these random events, as well as the great magics ... are handled in the
    Effects phase via Encounter Cards"."""
    c = camp()
    get_ruleset("rauscher").setup(c, {"magic": CARDS[:1]})
    e = Engine(c)
    with pytest.raises(RuleError, match="in the Effects phase"):
        e.perform("p1", A.DrawCard(deck="magic"))
    advance(e, "effects")
    assert "magic deck" in e.chronicle[-1].text
    e.perform("p1", A.DrawCard(deck="magic"))  # one card: no roll
    assert econ(c).hands["p1"] == ["magic/e1"]
    e.perform("p1", EndPhase())  # p2 finds the deck empty: nothing to wait for
    e.perform("p2", EndPhase())


# --- reorganise armies --------------------------------------------------------------------------
def big_army(c):
    army = c.army("a1")
    army.units += [
        rf("u5", 80, ld=7, name="Huntsmen", flags={"scout"}),
        character("u6", ld=8, flags={"champion"}),
        character("u7", ld=7, flags={"wizard"}),
        character("u8", ld=8, flags={"champion"}),
    ]
    return army


def test_armies_split_and_merge_in_upkeep_only():
    """Text: "During the Upkeep phase, and the Upkeep Phase only, the players may reorganize
    the composition of their armies: they may separate units and characters to make new
    armies"."""
    c = camp()
    c.state.army("a1").allocations = [Allocation(Category.RANK_AND_FILE, 1000, "foot")]
    c.state.army("a1").fatigue = 2
    e = Engine(c)
    e.perform("p1", A.Designate(army="a1", patrols=["u2"]))
    e.perform("p1", A.SplitArmy(army="a1", units=["u2"], allocation_points=[400], name="Van"))
    van = next(a for a in c.armies if a.name == "Van")
    assert [u.id for u in van.units] == ["u2"] and van.hex == c.army("a1").hex
    assert c.state.army(van.id).allocations[0].points == 400
    assert c.state.army("a1").allocations[0].points == 600
    assert c.state.army(van.id).fatigue == 2
    assert c.state.army(van.id).patrols == ["u2"] and c.state.army("a1").patrols == []
    with pytest.raises(RuleError, match="whole army"):
        e.perform("p1", A.SplitArmy(army="a1", units=["u1"], allocation_points=[600]))
    e.perform("p1", A.MergeArmies(army=van.id, into="a1"))
    assert c.army(van.id) is None and len(c.army("a1").units) == 2
    advance(e, "effects")
    with pytest.raises(RuleError, match="done in the Upkeep phase"):
        e.perform("p1", A.SplitArmy(army="a1", units=["u2"]))


def test_merging_keeps_armies_within_5000_points():
    """Text: "Armies are represented by counters, each containing no more than 5,000
    points" (option max_army_points)."""
    c = camp()
    add_army(c, "b", "p1", H(1, 2), [rf("b1", 4800)])
    e = Engine(c)
    with pytest.raises(RuleError, match="would hold 5,130 pts"):
        e.perform("p1", A.MergeArmies(army="a1", into="b"))
    c.army("b").hex = H(2, 2)
    e.changed()
    with pytest.raises(RuleError, match="not in one hex"):
        e.perform("p1", A.MergeArmies(army="a1", into="b"))


def test_patrols_and_scouts_are_designated_by_unit():
    """Text: "Any units to be used as scouts or patrols are assigned those tasks during the
    Upkeep phase."""
    c = camp()
    big_army(c)
    e = Engine(c)
    e.perform("p1", A.Designate(army="a1", patrols=["u1"], scouts=["u5"]))
    record = c.state.army("a1")
    assert (record.patrols, record.scouts) == (["u1"], ["u5"])
    with pytest.raises(RuleError, match="both patrol and scout"):
        e.perform("p1", A.Designate(army="a1", patrols=["u5"], scouts=["u5"]))
    with pytest.raises(RuleError, match="has no unit 'zz'"):
        e.perform("p1", A.Designate(army="a1", scouts=["zz"]))


def test_a_scouting_party_is_one_unit_of_scouts_and_at_most_three_leaders():
    """Text: "A scouting party consists of 1 unit of scouts ... This unit may include no more
    than 1 champion, 1 lord level character, and / or a spell-caster. No additional
    characters, special troop types, or units may be included."""
    c = camp()
    big_army(c)
    e = Engine(c)
    with pytest.raises(RuleError, match="at most 1 champion"):
        e.perform("p1", A.CreateScoutingParty(army="a1", scouts="u5", characters=["u6", "u8"]))
    with pytest.raises(RuleError, match="is not a character"):
        e.perform("p1", A.CreateScoutingParty(army="a1", scouts="u5", characters=["u1"]))
    e.perform("p1", A.CreateScoutingParty(army="a1", scouts="u5", characters=["u6", "u7", "u2"]))
    party = next(a for a in c.armies if c.state.army(a.id).role is Role.SCOUTING_PARTY)
    record = c.state.army(party.id)
    assert record.attached_to == "a1" and record.scouts == ["u5"]
    assert {u.id for u in party.units} == {"u5", "u6", "u7", "u2"}
    assert {u.id for u in c.army("a1").units} == {"u1", "u8"}
    with pytest.raises(RuleError, match="Nothing joins a scouting party"):
        e.perform("p1", A.MergeArmies(army="a1", into=party.id))
    e.perform("p1", A.MergeArmies(army=party.id, into="a1"))  # the party comes back
    assert len(c.army("a1").units) == 6


# --- supply ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("points", "need"),
    [(0, 0), (499, 0), (500, 1), (999, 1), (1000, 1), (1499, 1), (1500, 2), (2499, 2), (2500, 3)],
)
def test_supply_need_rounds_half_up_per_thousand(points, need):
    """Text: "1 point of supplies is needed to feed every 1,000 points worth of rank & file.
    (Do basic rounding ... 500 or more treat as 1,000, and 0 to 499 should be treated as 0.)"
    (R-RA-8)."""
    assert economy.supply_need(points, get_ruleset("rauscher").default_tables) == need


@given(st.integers(min_value=0, max_value=200_000))
def test_supply_need_is_basic_rounding_of_thousands(points):
    """R-RA-8: "round half up of pts/1000"."""
    need = economy.supply_need(points, get_ruleset("rauscher").default_tables)
    assert need == math.floor(points / 1000 + 0.5)


@given(st.integers(min_value=0, max_value=20_000), st.integers(min_value=1, max_value=1000))
def test_supply_need_follows_the_table(points, half):
    """A campaign may change the thousand (house rule); rounding stays half up."""
    per = 2 * half
    tables = {"supply": {"rank_and_file_per_supply": per, "round_up_from": half}}
    assert economy.supply_need(points, tables) == (2 * points + per) // (2 * per)


@pytest.mark.parametrize(
    ("kind", "food"),
    [("village", 2), ("town", 3), ("city", 4), ("capital", 5), ("fortress", 2), ("tower", 1)],
)
def test_local_food_production_chart_plus_the_land(kind, food):
    """Text: "Village 1 food, Town 2, City 3, Capital City 4, Fortress 1, Border Tower 0" and
    "each hex will provide 1 food. For example, a village will produce 2 food" (R-RA-8)."""
    c = camp()
    s = c.map.settlement("s1")
    s.kind = kind
    assert production(ctx_for(c), s) == food
    s.stores["food_production"] = 7  # "Settlements should be pre-marked with the amount"
    assert production(ctx_for(c), s) == 7


def test_characters_and_war_machines_never_eat():
    """Text: "Characters and war machines will always be considered sufficiently fed"."""
    c = camp()
    army = add_army(
        c,
        "b",
        "p1",
        H(2, 2),
        [
            character("lord", points=400),
            Unit("gun", "Cannon", 600, Category.WAR_MACHINE),
            rf("men", 400),
        ],
    )
    assert (
        economy.supply_need(
            economy.army_points(c, army) - 1000, c.tables or get_ruleset("rauscher").default_tables
        )
        == 0
    )
    supply_troops(ctx_for(c))  # would need dice to test anybody
    assert c.state.army("b").starving_turns == 0


def test_scavenging_then_the_territorys_food_with_the_rest_stored():
    """Text: "an army can gain 2 food from scavenging"; "Food from a population center may be
    distributed to any army within the same territory"; "'Extra' food may be stored"."""
    c = camp()
    c.army("a1").units[0].points = 2800  # needs 3: scavenging 2 + 1 from Altdorf
    ctx = ctx_for(c)
    supply_troops(ctx)
    assert c.map.settlement("s1").stores["food"] == 3 + (3 - 1)
    assert "scavenging 2, Altdorf 1): fed" in ctx.events[0].text
    assert ctx.events[0].visible_to == ["p1"]


def test_no_food_crosses_a_territory_border_without_a_train():
    """Text: "Food cannot be taken outside the territory without a baggage train." A baggage
    train "within one hex of an army can give any food it is carrying"."""
    c = camp(table_dice=True)
    c.army("a1").units[0].points = 2800
    c.army("a1").hex = H(4, 2)  # in Eastmark, which Anna does not hold
    train = add_army(c, "bt", "p1", H(5, 2), [], Role.BAGGAGE)
    c.state.army("bt").cargo = {"food": 1}
    supply_troops(ctx_for(c))
    assert c.state.army("bt").cargo == {} and c.state.army("a1").starving_turns == 0
    c.state.army("bt").cargo = {"food": 2}
    train.hex = H(6, 2)  # two hexes off
    with pytest.raises(DiceNeeded):  # short: the halberdiers must test
        supply_troops(ctx_for(c))


def test_the_smallest_shortfall_is_fed_first_and_food_is_not_wasted():
    """Ruling (docs/economy.md): armies still short after scavenging are fed smallest
    shortfall first; an army the food cannot fully feed takes none."""
    c = camp(table_dice=True)
    s1 = c.map.settlement("s1")
    s1.stores = {"food": 0, "food_production": 1}
    c.army("a1").units[0].points = 4000  # short by 2
    add_army(c, "b", "p1", H(2, 2), [rf("b1", 2700)])  # short by 1
    ctx = ctx_for(c, dice=[1, 1])  # the halberdiers' test: 2 - 7 = grumble
    supply_troops(ctx)
    assert c.state.army("b").starving_turns == 0
    assert c.state.army("a1").starving_turns == 1
    assert s1.stores["food"] == 0


# --- desertion and starvation ---------------------------------------------------------------
def starving(c, turns=1, units=None):
    army = c.army("a1")
    if units is not None:
        army.units = units
    c.state.army("a1").starving_turns = turns
    return army


@pytest.mark.parametrize(
    ("dice", "result"),
    [([4, 4], "grumble"), ([4, 5], "desert"), ([5, 6], "desert"), ([6, 6], "starve")],
)
def test_desertion_and_starvation_table(dice, result):
    """Text: "Roll 2d6, and subtract the units leadership (LD) ... 1 or less The unit grumbles
    ... 2-4 The unit deserts ... 5 or more The unit has starved to death. Eliminate the unit."
    Ld 7: 8 is 1, 9 is 2, 11 is 4, 12 is 5."""
    c = camp(table_dice=True)
    army = starving(c)
    ctx = ctx_for(c, dice)
    (line,) = economy.starvation_test(ctx, army, "Insufficient supply")
    names = [u.id for u in army.units]
    deserters = [a for a in c.armies if "deserters" in a.flags]
    if result == "grumble":
        assert "u1" in names and not deserters
    elif result == "desert":
        assert "u1" not in names
        (band,) = deserters
        assert [u.id for u in band.units] == ["u1"] and c.state.unit("u1").deserting
        assert c.state.army(band.id).destination == "s1" and band.hex == army.hex
    else:
        assert "u1" not in names and not deserters
    assert ctx.events[0].rolls[0].dice == dice
    words = {"grumble": "toughs it out", "desert": "deserts", "starve": "starved to death"}
    assert words[result] in line


@pytest.mark.parametrize(
    ("literal", "turns", "result"),
    [(False, 1, "grumble"), (False, 3, "desert"), (True, 3, "grumble"), (True, 1, "grumble")],
)
def test_each_turn_in_insufficient_supply_modifies_the_roll(literal, turns, result):
    """Text: "For each turn the unit is in insufficient supply, add a -1 modifier to the
    roll." R-RA-7: by default each turn after the first makes it 1 worse; the option
    starvation_literal applies -1 per turn as written. Ld 7, roll 7."""
    c = camp(starvation_literal=literal, table_dice=True)
    army = starving(c, turns)
    economy.starvation_test(ctx_for(c, [3, 4]), army, "Insufficient supply")
    deserted = any("deserters" in a.flags for a in c.armies)
    assert deserted == (result == "desert")


def test_a_champion_lends_his_leadership_and_shares_the_result():
    """Text: "If the unit has a champion, the unit may test against the champions LD, but if
    they fail, the champion will suffer the same result as the unit." Characters and war
    machines "never need to test"."""
    c = camp(table_dice=True)
    army = starving(
        c,
        units=[
            rf("men", 500, ld=6),
            character("champ", ld=9, flags={"champion"}),
            Unit("gun", "Cannon", 100, Category.WAR_MACHINE),
        ],
    )
    ctx = ctx_for(c, [6, 6])  # 12 - 9 = 3: desert (with Ld 6 it would be starve)
    (line,) = economy.starvation_test(ctx, army, "Insufficient supply")
    assert "with champ" in line
    band = next(a for a in c.armies if "deserters" in a.flags)
    assert {u.id for u in band.units} == {"men", "champ"}
    assert [u.id for u in army.units] == ["gun"]


def test_allocations_test_as_one_unit():
    """R-RA-3: points not yet chosen test as one unit of the supply table's Ld (7)."""
    c = camp(table_dice=True)
    army = starving(c, units=[])
    c.state.army("a1").allocations = [Allocation(Category.RANK_AND_FILE, 3000, "foot")]
    economy.starvation_test(ctx_for(c, [6, 6]), army, "Insufficient supply")
    assert c.state.army("a1").allocations == []


def test_a_fate_point_rerolls_a_desertion_test_and_takes_the_first_result_back():
    """Text: "re-roll any one roll": the starved unit comes back and tests again."""
    c = camp(table_dice=True)
    c.phase = "resolution"
    army = starving(c)
    c.state.player("p1").fate_points = 1
    economy.starvation_test(ctx_for(c, [6, 6]), army, "Insufficient supply")
    assert army.unit("u1") is None
    e = Engine(c)
    (event,) = e.perform("p1", A.UseFate(dice=[4, 5]))
    band = next(a for a in c.armies if "deserters" in a.flags)
    assert band.unit("u1") is not None and army.unit("u1") is None
    assert "12 becomes 9" in event.text


def test_armies_melt_away_when_nobody_is_left():
    """Text: "Eliminate the unit"; an army counter with no troops left is removed."""
    c = camp(table_dice=True)
    army = starving(c, units=[rf("men", 500, ld=5)])
    economy.starvation_test(ctx_for(c, [6, 6]), army, "Insufficient supply")
    e = Engine(c)
    advance(e, "resolution")
    assert c.army("a1") is not None  # the fate point might still bring the unit back
    advance(e, "upkeep")
    assert c.army("a1") is None


# --- resolution: fatigue, taxes -------------------------------------------------------------
def test_fatigue_falls_for_armies_that_neither_moved_nor_fought():
    """Text: "For all armies which did not move or fight this turn, you may reduce their
    fatigue level by one.\""""
    c = camp()
    for aid, (moved, fought) in {"a1": (False, False), "a2": (True, False)}.items():
        record = c.state.army(aid)
        record.fatigue, record.moved, record.fought = 2, moved, fought
    add_army(c, "b", "p1", H(2, 2), [rf("b1", 100)])
    c.state.army("b").fatigue, c.state.army("b").fought = 1, True
    reduce_fatigue(ctx_for(c))
    assert [c.state.army(a).fatigue for a in ("a1", "a2", "b")] == [1, 2, 1]


@pytest.mark.parametrize(
    ("kind", "tax"),
    [("village", 1), ("town", 5), ("city", 10), ("capital", 20), ("fortress", 5), ("tower", 0)],
)
def test_taxes_every_fourth_turn_by_settlement(kind, tax):
    """Text: "Village - 1 copper; Town - 1 silver; City - 1 gold; Capital City - 2 gold;
    Fortress - 1 silver; Border Outpost - 0 gold", "every 4 weeks" (R-RA-9: turns 4, 8 ...)."""
    c = camp(treasury=0)
    c.map.settlement("s1").kind = kind
    for turn in (3, 4, 6, 8):
        c.turn = turn
        collect_taxes(ctx_for(c))
    assert c.player("p1").treasury == 2 * tax


def test_a_marked_tax_and_a_lost_capital():
    """Text: "the amount of gold collected from any village is marked next to it"; "If a
    capital is destroyed, revenue from every territory is cut in half" (round down)."""
    c = camp(treasury=0)
    c.turn = 4
    c.map.settlement("s2").stores["tax"] = 3
    c.state.player("p2").capital_lost = True
    collect_taxes(ctx_for(c))
    assert c.player("p1").treasury == 5 and c.player("p2").treasury == 1


def test_captured_settlements_pay_while_500_points_stay():
    """Text: "A captured population center will function as normal, providing supplies and
    gold ... as long as a detachment of at least 500 points is left to enforce control"."""
    c = camp(treasury=0)
    c.turn = 4
    s1 = c.map.settlement("s1")
    s1.owner, s1.original_owner = "p2", "p1"
    garrison = add_army(c, "g", "p2", s1.hex, [rf("g1", 499)])
    collect_taxes(ctx_for(c))
    assert c.player("p2").treasury == 1  # Grunberg only
    garrison.units[0].points = 500
    collect_taxes(ctx_for(c))
    assert c.player("p2").treasury == 1 + 1 + 5


def test_resolution_steps_run_in_the_texts_order():
    """Text: "Reduce Fatigue ... Supply Troops ... Place New Units ... Collect Taxes"."""
    c = camp()
    c.turn = 4
    c.state.army("a1").fatigue = 1
    c.army("a1").units[0].points = 1500
    e = Engine(c)
    e.perform("p1", A.BuyRecruits(name="Spearmen", points=50))
    advance(e, "resolution")
    kinds = [ev.kind for ev in e.chronicle if ev.phase == "resolution" and ev.player == "p1"]
    assert kinds == ["fatigue", "supply", "place_new_units", "taxes"]


# --- set-up ---------------------------------------------------------------------------------
def test_setup_problems_name_the_key():
    """R-RA-10 decks have an id, a title and a text; campaign points are whole numbers."""
    problems = economy.setup_problems(
        {
            "campaign_points": {"p1": "lots"},
            "events": [{"id": "x", "title": "T", "text": "t"}, {"id": "x", "title": ""}, 3],
            "magic": {"id": "m"},
        }
    )
    paths = [p.where for p in problems]
    assert paths == [
        "campaign_points.p1",
        "events[1].title",
        "events[1].text",
        "events[1].id",
        "events[2]",
        "magic",
    ]
    assert economy.setup_problems({"events": CARDS, "campaign_points": {"p1": 5000}}) == []


def test_setup_findings_check_the_population_centers():
    """Text: "Villages ... Cost: 100 points + the cost of its militia units (maximum 250
    points)"; "no more than one per territory"; "Players may have no more than 1 free capitol
    city"; armies of "no more than 5,000 points"."""
    c = camp()
    add_army(c, "m", "p2", H(6, 4), [rf("m1", 300)])  # Grunberg's militia: 300 > 250
    add_army(c, "huge", "p1", H(0, 0), [rf("h1", 5001)])
    c.map.settlements += [
        Settlement("s3", "capital", "A", H(0, 4), owner="p1"),
        Settlement("s4", "capital", "B", H(0, 5), owner="p1"),
    ]
    found = {(level, path) for level, path, _ in setup_findings(rauscher_rules(c))}
    assert ("problem", "settlement.s2") in found
    assert ("problem", "army.huge") in found
    assert ("problem", "settlement.s3") in found  # the second settlement of Westmark
    assert ("problem", "settlement.s4") in found  # and the second capital
    economy.setup(c, {"campaign_points": {"p1": 5000, "p2": 1000}})
    costs = setup_findings(rauscher_rules(c))
    assert ("warning", "campaign_points.p1") in {(lv, p) for lv, p, _ in costs}
    assert ("warning", "campaign_points.p2") not in {(lv, p) for lv, p, _ in costs}


def test_setup_findings_are_told_once_in_the_chronicle():
    """Warnings and problems of the set-up show in an event the first time the economy acts,
    so what other set-up hooks did (territories dealt out at random) is checked too."""
    c = camp()
    get_ruleset("rauscher").setup(c, {})
    add_army(c, "m", "p2", H(6, 4), [rf("m1", 300)])  # as a later set-up hook might
    assert any("settlement.s2" in note for note in economy.setup_notes(rauscher_rules(c)))
    c.player("p1").treasury = 10
    e = Engine(c)
    first = e.perform("p1", A.BuyBaggage())
    assert first[0].kind == "setup_check" and "settlement.s2" in first[0].text
    assert first[0].visible_to is None
    assert [ev.kind for ev in e.perform("p1", A.BuyBaggage())] == ["purchase"]
    c.army("m").units[0].points = 100  # the check is history now
    assert any("settlement.s2" in note for note in economy.setup_notes(rauscher_rules(c)))


def test_a_sound_set_up_says_nothing():
    """The bundled-style small campaign breaks no Set-Up limit: no set-up event."""
    c = camp()
    e = Engine(c)
    assert [ev.kind for ev in e.perform("p1", A.BuyBaggage())] == ["purchase"]
    assert economy.setup_notes(rauscher_rules(c)) == []


# --- property: the treasury is never negative -------------------------------------------------
purchase_steps = st.lists(
    st.one_of(
        st.tuples(st.just("recruits"), st.integers(1, 400)),
        st.tuples(st.just("siege"), st.integers(1, 200)),
        st.tuples(st.just("baggage"), st.integers(0, 2)),
        st.tuples(st.just("supplies"), st.integers(1, 4)),
        st.tuples(st.just("ship"), st.just(0)),
        st.tuples(st.just("messenger"), st.just(0)),
        st.tuples(st.just("cancel"), st.integers(0, 5)),
    ),
    max_size=10,
)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 40), purchase_steps)
def test_random_purchases_never_overdraw_and_every_copper_is_accounted(treasury, steps):
    """Whatever is bought or cancelled, the treasury is never negative, and what left it is
    exactly the price of what stands bought (recruits as one order, R-RA-1)."""
    c = camp(treasury=treasury)
    e = Engine(c)
    for kind, n in steps:
        action = {
            "recruits": lambda n=n: A.BuyRecruits(name="R", points=n),
            "siege": lambda n=n: A.BuySiegeEquipment(points=n),
            "baggage": lambda n=n: A.BuyBaggage(food=n),
            "supplies": lambda n=n: A.BuySupplies(amount=n, settlement="s1"),
            "ship": lambda: A.BuyShip(),
            "messenger": lambda: A.BuyMessenger(settlement="s1"),
            "cancel": lambda n=n: A.CancelPurchase(
                purchase=econ(c).purchases[n % len(econ(c).purchases)].id
                if econ(c).purchases
                else "none"
            ),
        }[kind]()
        with contextlib.suppress(RuleError):
            e.perform("p1", action)
        assert c.player("p1").treasury >= 0
    ledger = econ(c)
    pooled = -(-ledger.recruit_points.get("p1", 0) // 50) - (
        -ledger.recruit_points.get("p1:siege", 0) // 50
    )
    others = sum(p.cost for p in ledger.purchases if p.kind in ("baggage", "ship"))
    messengers = sum(1 for a in c.armies if c.state.army(a.id).role is Role.MESSENGER)
    supplies = c.map.settlement("s1").stores["food"] - 3
    assert treasury - c.player("p1").treasury == pooled + others + messengers + supplies
