"""Upkeep, "2. Spend gold", and the Resolution phase's "Place New Units".

"Gold may be spent during the Upkeep phase, and used to purchase new units, characters, and
war machines, as well as special Warhammer Campaign units such as Messengers and Baggage
Trains." Recruits, baggage trains, ships and siege equipment wait for the Resolution phase;
supplies and messengers are there at once (a messenger "created in the Upkeep phase may
move" this very turn). Mercenaries are in economy.mercenaries.

Recruits cost "1 copper for every 50 points or fraction thereof" of the turn's whole order
(R-RA-1): buying a 30-point and a 20-point character costs 1 copper, as one 50-point order
would; each purchase pays what it adds to the order's price.
"""

from __future__ import annotations

from typing import Any

from tuicamp.engine.context import Context
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Unit
from tuicamp.model.map import Settlement
from tuicamp.rules.kit.turns import acting_player
from tuicamp.rules.kit.words import supply_count
from tuicamp.rules.rauscher.economy.actions import (
    BuyBaggage,
    BuyMessenger,
    BuyRecruits,
    BuyShip,
    BuySiegeEquipment,
    BuySupplies,
    CancelPurchase,
    DismissPurchase,
    LoadFood,
    PlacePurchase,
)
from tuicamp.rules.rauscher.economy.common import (
    JOINABLE,
    econ,
    kind_of,
    money,
    name_of,
    new_army,
    new_id,
    own_settlement,
    own_troops,
    require_room,
    spend,
    tell,
)
from tuicamp.rules.rauscher.shared.cargo import food_room
from tuicamp.rules.rauscher.shared.common import (
    require_not_done,
    require_phase,
    rstate,
)
from tuicamp.rules.rauscher.shared.economy_state import Purchase
from tuicamp.rules.rauscher.shared.state import Allocation, Role

CARRIERS = {Role.BAGGAGE: "baggage", Role.SHIP: "ship"}


def _points_price(points: int, per_copper: int) -> int:
    """ "1 copper for every 50 points or fraction thereof"."""
    return -(-points // per_copper) if points > 0 else 0


def _pool(kind: str, player: str) -> tuple[str, str]:
    """The running order a purchase belongs to, and its rate in the purchase table."""
    if kind == "siege_equipment":
        return f"{player}:siege", "siege_points_per_copper"
    return player, "recruit_points_per_copper"


def order_price(ctx: Context, kind: str, player: str, points: int) -> int:
    """What ``points`` more of recruits (or siege equipment) add to this turn's price."""
    key, rate = _pool(kind, player)
    per = int(ctx.table("gold_purchase")[rate])
    before = econ(ctx).recruit_points.get(key, 0)
    return _points_price(before + points, per) - _points_price(before, per)


def _book(ctx: Context, purchase: Purchase) -> None:
    state = econ(ctx)
    if purchase.kind in ("recruits", "siege_equipment"):
        key, _ = _pool(purchase.kind, purchase.player)
        state.recruit_points[key] = state.recruit_points.get(key, 0) + purchase.points
    state.purchases.append(purchase)


def _start(ctx: Context, requested: str) -> str:
    require_phase(ctx, "upkeep")
    player = acting_player(ctx, requested)
    require_not_done(ctx, player)
    return player


def _buy(ctx: Context, player: str, kind: str, cost: int, what: str, **fields: Any) -> Purchase:
    spend(ctx, player, cost, what)
    purchase = Purchase(new_id(ctx.campaign, "p"), player, kind, ctx.campaign.turn, cost, **fields)
    _book(ctx, purchase)
    tell(
        ctx,
        player,
        "purchase",
        f"{name_of(ctx.campaign, player)} buys {describe(purchase)} for {money(cost)} "
        f"(purchase {purchase.id}; placed in the Resolution phase)",
        purchase=purchase.id,
        cost=cost,
    )
    return purchase


def describe(p: Purchase) -> str:
    if p.kind == "recruits":
        if p.allocation:
            return f"{p.points:,} pts of {p.category.value.replace('_', ' ')} ({p.name})"
        return f"{p.name} ({p.points:,} pts)"
    if p.kind == "baggage":
        return "a baggage train" + (f" loaded with {supply_count(p.food)}" if p.food else "")
    if p.kind == "ship":
        return "a ship"
    return f"{p.points:,} pts of siege equipment"


def buy_recruits(ctx: Context, action: BuyRecruits) -> None:
    player = _start(ctx, action.player)
    ctx.require(action.name.strip(), "Give the recruits a name")
    ctx.require(action.points > 0, "Recruits cost points: give them more than 0")
    ctx.require(action.models >= 1, "A unit has at least one model")
    ctx.require(0 <= action.leadership <= 10, "Leadership is 0 to 10")
    ctx.require(0 <= action.movement <= 50, "Movement is 0 to 50")
    cost = order_price(ctx, "recruits", player, action.points)
    _buy(
        ctx,
        player,
        "recruits",
        cost,
        f"{action.name} ({action.points:,} pts)",
        name=action.name.strip(),
        points=action.points,
        category=action.category,
        movement=action.movement,
        leadership=action.leadership,
        models=action.models,
        flags=sorted(set(action.flags)),
        allocation=action.allocation,
    )


def buy_baggage(ctx: Context, action: BuyBaggage) -> None:
    player = _start(ctx, action.player)
    capacity = _capacity(ctx, Role.BAGGAGE)
    ctx.require(0 <= action.food <= capacity, f"A baggage train holds 0 to {capacity} food")
    prices = ctx.table("gold_purchase")
    cost = int(prices["baggage_train"]) + action.food * int(prices["supplies"])
    _buy(
        ctx,
        player,
        "baggage",
        cost,
        "A baggage train" + (" and its food" if action.food else ""),
        food=action.food,
    )


def buy_ship(ctx: Context, action: BuyShip) -> None:
    player = _start(ctx, action.player)
    ports = [s for s in ctx.campaign.map.settlements if s.owner == player and _coastal(ctx, s)]
    ctx.require(
        ports,
        "A ship is launched from a settlement of yours on the coast: you have none (rule: "
        "ships are placed at a coastal settlement)",
    )
    _buy(ctx, player, "ship", int(ctx.table("gold_purchase")["ship"]), "A ship")


def buy_siege_equipment(ctx: Context, action: BuySiegeEquipment) -> None:
    player = _start(ctx, action.player)
    ctx.require(action.points > 0, "Buy more than 0 points of siege equipment")
    cost = order_price(ctx, "siege_equipment", player, action.points)
    _buy(
        ctx,
        player,
        "siege_equipment",
        cost,
        f"{action.points:,} pts of siege equipment",
        points=action.points,
    )


def _capacity(ctx: Context, role: Role) -> int:
    return int(ctx.table("move_carriers")[CARRIERS[role]]["capacity"])


def _carrier_at_settlement(ctx: Context, carrier_id: str) -> tuple[Any, Any, Settlement]:
    carrier = ctx.own_army(carrier_id)
    record = rstate(ctx).army(carrier.id)
    ctx.require(
        record.role in CARRIERS,
        f"'{carrier.name}' is not a baggage train or a ship: those carry supplies",
    )
    here = [s for s in ctx.campaign.map.settlements_at(carrier.hex) if s.owner == carrier.owner]
    ctx.require(
        here,
        f"'{carrier.name}' is not in one of your settlements: carriers reload \"with more "
        'supplies from friendly settlements"',
    )
    return carrier, record, here[0]


def buy_supplies(ctx: Context, action: BuySupplies) -> None:
    """Supplies go at once into a settlement's stores, or onto a baggage train or ship
    standing in one of the player's settlements (where supplies can be bought)."""
    player = _start(ctx, action.player)
    ctx.require(action.amount > 0, "Buy at least one unit of supplies")
    ctx.require(
        bool(action.settlement) != bool(action.baggage),
        "Name a settlement or a baggage train for the supplies (one of them)",
    )
    cost = action.amount * int(ctx.table("gold_purchase")["supplies"])
    if action.settlement:
        where = own_settlement(ctx, action.settlement, player)
        spend(ctx, player, cost, supply_count(action.amount))
        where.stores["food"] = where.stores.get("food", 0) + action.amount
        place = where.name
    else:
        carrier, record, where = _carrier_at_settlement(ctx, action.baggage)
        ctx.require(carrier.owner == player, f"'{carrier.name}' is not yours")
        room = food_room(ctx.tables, record)
        ctx.require(
            action.amount <= room, f"'{carrier.name}' has room for {room} more (the carriers table)"
        )
        spend(ctx, player, cost, supply_count(action.amount))
        record.cargo["food"] = record.cargo.get("food", 0) + action.amount
        place = f"'{carrier.name}'"
    tell(
        ctx,
        player,
        "supplies",
        f"{supply_count(action.amount)} bought into {place} for {money(cost)}",
        cost=cost,
    )


def buy_messenger(ctx: Context, action: BuyMessenger) -> None:
    player = _start(ctx, action.player)
    where = own_settlement(ctx, action.settlement, player)
    cost = int(ctx.table("gold_purchase")["messenger"])
    spend(ctx, player, cost, "A messenger")
    army, _ = new_army(
        ctx, action.name or f"Messenger from {where.name}", player, where, Role.MESSENGER
    )
    tell(
        ctx,
        player,
        "messenger",
        f"'{army.name}' rides out from {where.name} ({money(cost)}); give it a destination "
        "in the Movement phase",
        army=army.id,
        cost=cost,
    )


def load_food(ctx: Context, action: LoadFood) -> None:
    """ "as they are emptied reloading with more supplies from friendly settlements"."""
    require_phase(ctx, "upkeep", "resolution")
    carrier, record, where = _carrier_at_settlement(ctx, action.carrier)
    require_not_done(ctx, carrier.owner)
    ctx.require(action.amount != 0, "Load (positive) or unload (negative) some food")
    stored = where.stores.get("food", 0)
    if action.amount > 0:
        ctx.require(action.amount <= stored, f"{where.name} stores {stored} food")
        room = food_room(ctx.tables, record)
        ctx.require(
            action.amount <= room, f"'{carrier.name}' has room for {room} more (the carriers table)"
        )
    else:
        ctx.require(
            -action.amount <= record.cargo.get("food", 0),
            f"'{carrier.name}' carries {record.cargo.get('food', 0)} food",
        )
    record.cargo["food"] = record.cargo.get("food", 0) + action.amount
    where.stores["food"] = stored - action.amount
    if not record.cargo["food"]:
        del record.cargo["food"]
    verb = "loads" if action.amount > 0 else "unloads"
    tell(
        ctx,
        carrier.owner,
        "load_food",
        f"'{carrier.name}' {verb} {abs(action.amount)} food at {where.name}",
        army=carrier.id,
    )


def _purchase(ctx: Context, pid: str) -> Purchase:
    # "purchases and armies are secrets": another player's purchase is, for this seat, no
    # purchase at all, so a guessed id tells nothing
    found = ctx.seen(
        next((p for p in econ(ctx).purchases if p.id == pid), None),
        lambda purchase: ctx.seat.controls(purchase.player),
        f"There is no purchase {pid!r} waiting",
    )
    ctx.require(not found.done, f"Purchase {pid} is already placed: a purchase appears once")
    require_not_done(ctx, found.player)
    return found


def cancel_purchase(ctx: Context, action: CancelPurchase) -> None:
    require_phase(ctx, "upkeep")
    purchase = _purchase(ctx, action.purchase)
    state = econ(ctx)
    refund = purchase.cost
    if purchase.kind in ("recruits", "siege_equipment"):
        key, _ = _pool(purchase.kind, purchase.player)
        state.recruit_points[key] -= purchase.points
        # refund what leaving the order takes off its price (the order stays ceil-priced)
        refund = order_price(ctx, purchase.kind, purchase.player, purchase.points)
    state.purchases.remove(purchase)
    ctx.campaign.player(purchase.player).treasury += refund
    tell(
        ctx,
        purchase.player,
        "purchase_cancelled",
        f"Purchase {purchase.id} ({describe(purchase)}) cancelled; {money(refund)} refunded",
    )


# --- Resolution: "Place New Units" ---------------------------------------------------------
def _coastal(ctx: Context, s: Settlement) -> bool:
    m = ctx.campaign.map
    return any(m.terrain_at(n).water for n in m.neighbours(s.hex))


def _check_recruits_fit(ctx: Context, purchase: Purchase, where: Settlement) -> None:
    """ "New troops may only be placed in your original settlements" within the chart."""
    player = purchase.player
    originals = rstate(ctx).player(player).original_settlements
    ctx.require(
        where.id in originals,
        f"{where.name} is not one of {name_of(ctx.campaign, player)}'s original settlements; "
        'new troops are placed only there ("New troops may only be placed in your original '
        'settlements")',
    )
    kind = kind_of(ctx.tables, where)
    limit = int(ctx.table("new_troop_placement").get(kind, 0))
    ctx.require(
        limit > 0,
        f"A {kind} has no training grounds: no new troops are placed there (the New Troop "
        "Placement Chart)",
    )
    used = econ(ctx).placed_points.get(where.id, 0)
    ctx.require(
        used + purchase.points <= limit,
        f"{where.name} trains {limit:,} pts a turn; {used:,} are placed already, "
        f"{purchase.points:,} more do not fit (the New Troop Placement Chart)",
    )
    rules = ctx.table("new_troop_placement_limits").get(kind)
    if rules:
        ctx.require(
            purchase.category.value in rules["categories"],
            f"A {kind} trains only {' and '.join(rules['categories'])}, "
            f'not {purchase.category.value} ("nothing but standard (non-elite) infantry and '
            'cavalry can be trained or placed in any town")',
        )
        bad = set(rules.get("forbidden_flags", [])) & set(purchase.flags)
        ctx.require(
            not bad,
            f'A {kind} cannot train {", ".join(sorted(bad))} troops ("they cannot train elite '
            'units or war machines")',
        )


def _join_or_raise(ctx: Context, action: PlacePurchase, purchase: Purchase, where: Settlement):
    if action.army:
        army, _ = own_troops(ctx, action.army, JOINABLE)
        ctx.require(army.hex == where.hex, f"'{army.name}' is not in {where.name}")
        require_room(ctx, army, purchase.points)
        return army
    army, _ = new_army(ctx, action.name or f"New troops of {where.name}", purchase.player, where)
    return army


def place_purchase(ctx: Context, action: PlacePurchase) -> None:
    require_phase(ctx, "resolution")
    purchase = _purchase(ctx, action.purchase)
    player = purchase.player
    if purchase.kind == "siege_equipment":
        ctx.require(action.army, "Name the army that receives the siege equipment")
        army, _ = own_troops(ctx, action.army, JOINABLE)
        equipment = econ(ctx).siege_equipment
        equipment[army.id] = equipment.get(army.id, 0) + purchase.points
        purchase.placed_at = army.id
        tell(
            ctx,
            player,
            "placed",
            f"{describe(purchase)} built with '{army.name}'",
            purchase=purchase.id,
            army=army.id,
        )
        return
    ctx.require(action.settlement, "Name the settlement where the purchase appears")
    where = own_settlement(ctx, action.settlement, player)
    if purchase.kind == "recruits":
        _check_recruits_fit(ctx, purchase, where)
        army = _join_or_raise(ctx, action, purchase, where)
        if purchase.allocation:
            rstate(ctx).army(army.id).allocations.append(
                Allocation(purchase.category, purchase.points, purchase.name)
            )
        else:
            army.units.append(
                Unit(
                    ctx.campaign.new_id("u"),
                    purchase.name,
                    purchase.points,
                    purchase.category,
                    purchase.movement,
                    purchase.leadership,
                    purchase.models,
                    set(purchase.flags),
                )
            )
        placed = econ(ctx).placed_points
        placed[where.id] = placed.get(where.id, 0) + purchase.points
    else:
        role = Role.BAGGAGE if purchase.kind == "baggage" else Role.SHIP
        if role is Role.SHIP:
            ctx.require(
                _coastal(ctx, where),
                f"{where.name} is not on the coast: a ship is placed at a coastal settlement",
            )
        title = "Baggage train" if role is Role.BAGGAGE else "Ship"
        army, record = new_army(ctx, action.name or f"{title} of {where.name}", player, where, role)
        if purchase.food:
            record.cargo["food"] = purchase.food
    purchase.placed_at = army.id
    tell(
        ctx,
        player,
        "placed",
        f"{describe(purchase)} placed at {where.name} in '{army.name}'",
        purchase=purchase.id,
        army=army.id,
    )


def dismiss_purchase(ctx: Context, action: DismissPurchase) -> None:
    """Troops that find no place disperse: the text says they "must" be placed, so a
    purchase is given up only by choice, and the money is gone."""
    require_phase(ctx, "resolution")
    purchase = _purchase(ctx, action.purchase)
    purchase.dismissed = True
    tell(
        ctx,
        purchase.player,
        "dismissed",
        f"{describe(purchase)} (purchase {purchase.id}) is given up; its {money(purchase.cost)} "
        "is lost",
    )


def waiting(campaign: Campaign, player: str) -> list[Purchase]:
    return [p for p in econ(campaign).purchases if p.player == player and not p.done]


def pending(campaign: Campaign, player: str) -> list[str]:
    if campaign.phase != "resolution":
        return []
    return [
        f'place {describe(p)} (place_purchase purchase = "{p.id}", or dismiss_purchase)'
        for p in waiting(campaign, player)
    ]


def announce(ctx: Context, player: str) -> None:
    items = waiting(ctx.campaign, player)
    if items:
        tell(
            ctx,
            player,
            "place_new_units",
            "Place New Units: " + "; ".join(f"{p.id} {describe(p)}" for p in items),
        )


def end_of_turn(campaign: Campaign) -> None:
    state = econ(campaign)
    state.purchases = [p for p in state.purchases if not p.done and p.turn > campaign.turn]
    state.recruit_points = {}
    state.placed_points = {}
