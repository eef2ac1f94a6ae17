"""The special counters on the march: messengers, baggage trains, ships, refugees and
deserters, and the random scatter of the text's hex graphic."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tuicamp.engine.context import Context
from tuicamp.engine.errors import RuleError
from tuicamp.engine.pathing import Path, path_towards
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army
from tuicamp.model.hexes import DIRECTION_NAMES, Hex
from tuicamp.model.map import Settlement
from tuicamp.rules.kit.turns import parse_hex
from tuicamp.rules.rauscher.economy.common import available, spend
from tuicamp.rules.rauscher.movement.actions import (
    Disembark,
    Embark,
    Escort,
    Load,
    SendMessenger,
    Unload,
)
from tuicamp.rules.rauscher.movement.common import (
    ONE_AT_A_TIME,
    label,
    remove_army,
    require_capital_kept,
    require_move_turn,
    row_for,
)
from tuicamp.rules.rauscher.movement.costs import (
    EPSILON,
    base_mp,
    blocking_enemies,
    bound_territories,
    destroyed_if_attacked,
    fights,
    land_model,
    militia_refusal,
    move_costs,
    mp_left,
)
from tuicamp.rules.rauscher.shared.cargo import load_units
from tuicamp.rules.rauscher.shared.common import allied, require_not_done, require_phase, rstate
from tuicamp.rules.rauscher.shared.money import format_money
from tuicamp.rules.rauscher.shared.movement_state import MessengerErrand
from tuicamp.rules.rauscher.shared.state import March, Role

if TYPE_CHECKING:
    from tuicamp.engine.rules import Rules

# --- helpless counters --------------------------------------------------------------------


def destroy_if_helpless(ctx: Context, army_id: str, by_player: str | None = None) -> bool:
    """Destroy a messenger or refugee column that an enemy attacks or ambushes; True if it
    was one. "If the Refugee group is destroyed, the attacking army gains one copper."
    The combat module calls this for every such counter that ends in an enemy's hex."""
    camp = ctx.campaign
    army = camp.army(army_id)
    if army is None or not destroyed_if_attacked(ctx, army_id):
        return False
    role = rstate(camp).army(army_id).role
    where = label(camp, army.hex)
    remove_army(camp, army_id)
    gain = ""
    if role is Role.REFUGEES and by_player and camp.player(by_player) is not None:
        coppers = int(ctx.table("move_refugees")["destroyed_coppers"])
        camp.player(by_player).treasury += coppers
        gain = f"; {camp.player(by_player).name} gains {coppers}c"
    ctx.emit(
        "destroyed",
        f"'{army.name}' ({role.value}) is attacked at {where} and destroyed{gain}",
        player=army.owner,
        army=army_id,
    )
    return True


# --- messengers ---------------------------------------------------------------------------


def _friendly_to(campaign: Campaign, settlement: Settlement, owner: str) -> bool:
    """A messenger rides to "any town, city, fortress, or any other friendly settlement":
    its own kingdom's, an ally's, an unclaimed one or a neutral power's — never an enemy
    player's."""
    return (
        settlement.owner is None
        or settlement.owner == owner
        or allied(campaign, owner, settlement.owner)
        or settlement.owner in rstate(campaign).neutral_players
    )


def handle_send(ctx: Context, action: SendMessenger) -> None:
    require_phase(ctx, "upkeep", "movement")
    camp = ctx.campaign
    messenger = ctx.own_army(action.messenger)
    if camp.phase == "movement":
        require_move_turn(ctx, messenger)
    else:
        require_not_done(ctx, messenger.owner)
    record = rstate(camp).army(messenger.id)
    ctx.require(record.role is Role.MESSENGER, f"'{messenger.name}' is not a messenger")
    ctx.require(messenger.hex is not None, f"'{messenger.name}' is not on the map")
    settlement = camp.map.settlement(action.settlement)
    ctx.require(settlement is not None, f"There is no settlement {action.settlement!r}")
    ctx.require(
        _friendly_to(camp, settlement, messenger.owner),
        f'{settlement.name} belongs to an enemy: a messenger "may move toward any town, '
        'city, fortress, or any other friendly settlement"',
    )
    ctx.require(settlement.hex != messenger.hex, f"'{messenger.name}' is already there")
    moves = rstate(camp).movement
    errand = moves.errand(messenger.id)
    if errand is None:
        home = camp.map.territory_of(messenger.hex)
        errand = MessengerErrand(messenger.id, settlement.id, home.id if home else None)
        moves.errands.append(errand)
    errand.settlement, errand.status, errand.bonus = settlement.id, "riding", 0
    record.destination = settlement.id
    ctx.emit(
        "messenger",
        f"'{messenger.name}' rides for {settlement.name} ({label(camp, settlement.hex)})",
        player=messenger.owner,
        visible_to=[messenger.owner],
        army=messenger.id,
        settlement=settlement.id,
    )


def handle_escort(ctx: Context, action: Escort) -> None:
    """ "Messengers may be escorted by an army for protection, but while acting as an escort
    the army must also move at a forced march.\""""
    require_phase(ctx, "movement")
    camp = ctx.campaign
    messenger = ctx.own_army(action.messenger)
    require_move_turn(ctx, messenger)
    record = rstate(camp).army(messenger.id)
    ctx.require(record.role is Role.MESSENGER, f"'{messenger.name}' is not a messenger")
    if not action.army:
        ctx.require(record.attached_to, f"'{messenger.name}' has no escort")
        record.attached_to = None
        ctx.emit("escort", f"'{messenger.name}' rides on alone", player=messenger.owner)
        return
    army = ctx.own_army(action.army)
    escort = rstate(camp).army(army.id)
    ctx.require(
        army.owner == messenger.owner,
        "An escort is an army of the messenger's owner: \"Messengers may be escorted by an "
        'army for protection"',
    )
    ctx.require(
        fights(ctx, army.id),
        f"'{army.name}' is no army to escort a messenger: \"Messengers may be escorted by an "
        'army"',
    )
    ctx.require(army.hex == messenger.hex, f"'{army.name}' is not in the messenger's hex")
    ctx.require(not escort.finished, f"'{army.name}' has completed its movement: {ONE_AT_A_TIME}")
    if escort.march is not March.FORCED:
        ctx.require(
            escort.mp_spent <= EPSILON,
            f"'{army.name}' has already moved without a forced march: it cannot escort now "
            "(an escort moves at a forced march, declared before it moves)",
        )
        escort.march = March.FORCED
    record.attached_to = army.id
    ctx.emit(
        "escort",
        f"'{army.name}' escorts '{messenger.name}' (at a forced march)",
        player=messenger.owner,
    )


def arrived(ctx: Context, messenger: Army) -> None:
    """A messenger that reaches its destination is answered at once."""
    record = rstate(ctx).army(messenger.id)
    if not record.destination:
        return
    settlement = ctx.campaign.map.settlement(record.destination)
    if settlement is not None and settlement.hex == messenger.hex:
        ask(ctx, messenger, settlement)


def ask(ctx: Context, messenger: Army, settlement: Settlement) -> str:
    """Roll on the Messenger Result Table; apply the answer. Returns the row's key."""
    camp = ctx.campaign
    spec = ctx.table("messenger_roll")
    moves = rstate(camp).movement
    errand = moves.errand(messenger.id)
    if errand is None:
        errand = MessengerErrand(messenger.id, settlement.id)
        moves.errands.append(errand)
    mods: list[tuple[str, int]] = []
    if settlement.id in moves.overt_aid or allied(camp, messenger.owner, settlement.owner):
        # Ruling: an ally's settlement gives overt aid (the alliance is declared); it is
        # not "of the same kingdom / country / race" unless its race is the messenger's.
        mods.append(("overt aid", int(spec["overt_aid"])))
    if _same_kingdom(camp, settlement, messenger.owner):
        mods.append(("same kingdom", int(spec["same_kingdom"])))
    if errand.bonus:
        mods.append(("undecided before", errand.bonus))
    roll = ctx.dice.roll(spec["roll"], f"{settlement.name} hears '{messenger.name}'")
    total = roll.total + sum(v for _, v in mods)
    row = row_for(ctx.table("messenger_results"), total)
    shown = "".join(f" {v:+d} {why}" for why, v in mods)
    text = f"{settlement.name} hears '{messenger.name}': {roll.total}{shown} = {total}: "
    text += row["text"]
    key = str(row["key"])
    extra = _answer(ctx, key, messenger, settlement, errand)
    readers = sorted({messenger.owner, *([settlement.owner] if settlement.owner else [])})
    ctx.emit(
        "messenger_answer",
        text + extra,
        player=messenger.owner,
        visible_to=readers,
        army=messenger.id,
        settlement=settlement.id,
        result=key,
        total=total,
    )
    return key


def _same_kingdom(campaign: Campaign, settlement: Settlement, owner: str) -> bool:
    if settlement.owner == owner:
        return True
    mine, theirs = campaign.player(owner), campaign.player(settlement.owner or "")
    return bool(mine and theirs and mine.race.lower() == theirs.race.lower())


def _answer(
    ctx: Context, key: str, messenger: Army, settlement: Settlement, errand: MessengerErrand
) -> str:
    camp = ctx.campaign
    spec = ctx.table("messenger_roll")
    record = rstate(camp).army(messenger.id)
    if key == "undecided":
        errand.status, errand.asked_turn = "undecided", camp.turn
        errand.bonus += int(spec["undecided_bonus"])
        record.finished = True
        return ""
    if key == "ignored":
        errand.status, errand.settlement, errand.bonus = "ignored", "", 0
        record.destination = None
        return ""
    remove_army(camp, messenger.id)
    if key == "kill":
        return ""
    freed = free_militia(ctx, settlement, int(spec["aid_turns"]))
    extra = f" Militia freed until turn {camp.turn + int(spec['aid_turns']) - 1}: "
    extra += (", ".join(freed) or "none") + "."
    if key == "enthusiastic":
        owner = settlement.owner or messenger.owner
        train = Army(camp.new_id("a"), f"Baggage of {settlement.name}", owner, settlement.hex)
        camp.armies.append(train)
        new = rstate(camp).army(train.id)
        new.role, new.created_turn = Role.BAGGAGE, camp.turn
        new.cargo = {"food": int(spec["food"])}
        extra += f" A baggage train with {spec['food']} food joins them."
    return extra


def free_militia(ctx: Context, settlement: Settlement, turns: int) -> list[str]:
    """ "The population center's militia is free to move into the messengers territory as
    long as the threat continues": the militia of the settlement's territory, for
    ``turns`` turns (this one included)."""
    camp = ctx.campaign
    home = camp.map.territory_of(settlement.hex)
    if home is None:
        return []
    state = rstate(camp)
    names = []
    for army in camp.armies:
        for unit in army.units:
            record = state.units.get(unit.id)
            if "militia" in unit.flags and record and record.home_territory == home.id:
                record.freed_until_turn = max(record.freed_until_turn, camp.turn + turns - 1)
                names.append(unit.name)
    return names


def ask_again(ctx: Context) -> None:
    """Undecided: "Roll again next turn, adding 1 to the result" — at the start of the
    next Movement phase, while the messenger still waits in that settlement."""
    camp = ctx.campaign
    for errand in list(rstate(camp).movement.errands):
        if errand.status != "undecided" or errand.asked_turn >= camp.turn:
            continue
        messenger = camp.army(errand.messenger)
        settlement = camp.map.settlement(errand.settlement)
        if messenger is None or settlement is None or messenger.hex != settlement.hex:
            errand.status, errand.bonus = "riding", 0
            continue
        ask(ctx, messenger, settlement)


# --- baggage trains and ships -------------------------------------------------------------


def _carrier(ctx: Context, carrier_id: str) -> tuple[Army, dict]:
    army = ctx.own_army(carrier_id)
    require_move_turn(ctx, army)
    role = rstate(ctx).army(army.id).role
    carriers = ctx.table("move_carriers")
    ctx.require(
        role.value in carriers,
        f"'{army.name}' carries no cargo: baggage trains and ships do (the carriers table)",
    )
    ctx.require(army.hex is not None, f"'{army.name}' is not on the map")
    return army, carriers[role.value]


def _port(ctx: Context, carrier: Army) -> Settlement:
    """Baggage trains load in an own settlement's hex; ships there or next to it."""
    camp = ctx.campaign
    reach = 1 if rstate(camp).army(carrier.id).role is Role.SHIP else 0
    for s in camp.map.settlements:
        if s.owner == carrier.owner and carrier.hex.distance(s.hex) <= reach:
            return s
    raise RuleError(f"'{carrier.name}' is not at a settlement of yours")


def _spend_load_mp(ctx: Context, carrier: Army, spec: dict) -> None:
    cost = float(spec["load_mp"])
    if cost <= 0:
        return
    left = mp_left(ctx, carrier.id)
    ctx.require(
        left + EPSILON >= cost,
        f"Loading or unloading '{carrier.name}' takes {cost:g} MP; it has {left:g} left "
        '("It takes the equivalent of 4 movement points ... to load or unload a ship")',
    )
    record = rstate(ctx).army(carrier.id)
    record.mp_spent += cost
    record.moved = True
    if mp_left(ctx, carrier.id) <= EPSILON:
        record.finished = True


def handle_load(ctx: Context, action: Load) -> None:
    """ "A baggage train can hold 2 units of food supplies, or 2 gold" (a ship 10), loaded
    at a settlement of the carrier's owner: food from its stores, gold out of the
    treasury (in coppers, R-RA-1: 1 gold = 10c), which never goes below nothing (nor
    below a sealed ransom offer's promise)."""
    camp = ctx.campaign
    carrier, spec = _carrier(ctx, action.carrier)
    ctx.require(action.food >= 0 and action.gold >= 0, "Amounts cannot be negative")
    ctx.require(action.food or action.gold, "Say how much food or gold to load")
    record = rstate(camp).army(carrier.id)
    ctx.require(
        not record.carried,
        f"'{carrier.name}' carries troops: cargo or troops, not both (a ship \"can carry 10 "
        "units of food and supplies or 10 gold, or they may transport up to 1,000 points worth "
        'of troops")',
    )
    settlement = _port(ctx, carrier)
    after = dict(record.cargo)
    after["food"] = after.get("food", 0) + action.food
    after["gold"] = after.get("gold", 0) + action.gold
    ctx.require(
        load_units(after) <= float(spec["capacity"]) + EPSILON,
        f"'{carrier.name}' holds {spec['capacity']} units of food or gold (the carriers table)",
    )
    stores = settlement.stores.get("food", 0)
    ctx.require(stores >= action.food, f"{settlement.name} has only {stores} food in store")
    have = available(camp, carrier.owner)
    ctx.require(
        action.gold <= have,
        f"The treasury holds only {format_money(have)} to spare for "
        f"{format_money(action.gold)} aboard '{carrier.name}'",
    )
    _spend_load_mp(ctx, carrier, spec)
    settlement.stores["food"] = stores - action.food
    spend(ctx, carrier.owner, action.gold, f"Loading {format_money(action.gold)}")
    record.cargo = {k: v for k, v in after.items() if v}
    ctx.emit(
        "load",
        f"'{carrier.name}' loads {action.food} food and {action.gold}c at {settlement.name}",
        player=carrier.owner,
        visible_to=[carrier.owner],
        army=carrier.id,
    )


def handle_unload(ctx: Context, action: Unload) -> None:
    """Unloaded at a settlement of the carrier's owner: food into its stores, gold into
    the treasury ("captured gold and other treasure collected along the way" comes home
    this way)."""
    camp = ctx.campaign
    carrier, spec = _carrier(ctx, action.carrier)
    ctx.require(action.food >= 0 and action.gold >= 0, "Amounts cannot be negative")
    ctx.require(action.food or action.gold, "Say how much food or gold to unload")
    record = rstate(camp).army(carrier.id)
    settlement = _port(ctx, carrier)
    have_food, have_gold = record.cargo.get("food", 0), record.cargo.get("gold", 0)
    ctx.require(action.food <= have_food, f"'{carrier.name}' carries {have_food} food")
    ctx.require(action.gold <= have_gold, f"'{carrier.name}' carries {have_gold}c")
    _spend_load_mp(ctx, carrier, spec)
    settlement.stores["food"] = settlement.stores.get("food", 0) + action.food
    camp.player(carrier.owner).treasury += action.gold
    after = {"food": have_food - action.food, "gold": have_gold - action.gold}
    record.cargo = {k: v for k, v in {**record.cargo, **after}.items() if v}
    ctx.emit(
        "unload",
        f"'{carrier.name}' unloads {action.food} food and {action.gold}c at {settlement.name}",
        player=carrier.owner,
        visible_to=[carrier.owner],
        army=carrier.id,
    )


def _ship(ctx: Context, ship_id: str) -> tuple[Army, dict]:
    ship, spec = _carrier(ctx, ship_id)
    ctx.require(rstate(ctx).army(ship.id).role is Role.SHIP, f"'{ship.name}' is not a ship")
    return ship, spec


def handle_embark(ctx: Context, action: Embark) -> None:
    """Ships "may transport up to 1,000 points worth of troops"; "It takes the equivalent
    of 4 movement points (1/2 the ships move) to load or unload a ship"."""
    camp = ctx.campaign
    ship, spec = _ship(ctx, action.ship)
    army = ctx.own_army(action.army)
    state = rstate(camp)
    record, hold = state.army(army.id), state.army(ship.id)
    ctx.require(
        army.owner == ship.owner,
        "Troops board their own side's ships (rule: a ship transports its owner's troops)",
    )
    ctx.require(
        record.role in (Role.ARMY, Role.MERCENARIES, Role.SCOUTING_PARTY, Role.MESSENGER),
        f"'{army.name}' cannot board a ship: ships \"transport up to 1,000 points worth of "
        'troops", not cargo counters',
    )
    ctx.require(
        army.hex is not None and army.hex.distance(ship.hex) <= 1,
        f"'{army.name}' must be next to '{ship.name}' to board it",
    )
    ctx.require(not record.finished, f"'{army.name}' has completed its movement: {ONE_AT_A_TIME}")
    ctx.require(
        load_units(hold.cargo) == 0,
        f"'{ship.name}' carries cargo: troops or cargo, not both (a ship \"can carry 10 units "
        "of food and supplies or 10 gold, or they may transport up to 1,000 points worth of "
        'troops")',
    )
    aboard = sum(a.points for aid in hold.carried if (a := camp.army(aid)) is not None)
    ctx.require(
        aboard + army.points <= int(spec["troops"]),
        f"'{ship.name}' carries at most {spec['troops']} pts ({aboard} aboard); "
        f"'{army.name}' is {army.points} (\"they may transport up to 1,000 points worth of "
        'troops")',
    )
    _spend_load_mp(ctx, ship, spec)
    start = army.hex
    army.hex = None
    record.moved = record.finished = True
    hold.carried.append(army.id)
    require_capital_kept(ctx, army.owner)
    ctx.emit(
        "embark",
        f"'{army.name}' boards '{ship.name}' at {label(camp, start)}",
        player=army.owner,
        army=army.id,
        ship=ship.id,
    )


def handle_disembark(ctx: Context, action: Disembark) -> None:
    camp = ctx.campaign
    ship, spec = _ship(ctx, action.ship)
    state = rstate(camp)
    hold = state.army(ship.id)
    ctx.require(action.army in hold.carried, f"'{ship.name}' does not carry {action.army!r}")
    army = ctx.army(action.army)
    to = parse_hex(camp.map, action.hex)
    ctx.require(to.distance(ship.hex) <= 1, f"{action.hex} is not next to '{ship.name}'")
    land = land_model(ctx)
    ctx.require(
        land.enter[land.index_of(to)] is not None,
        f"Troops cannot land on {action.hex}: land armies do not enter lake or sea",
    )
    homes = bound_territories(camp, army)
    if homes is not None:
        territory = camp.map.territory_of(to)
        ctx.require(
            territory is not None and territory.id in homes, militia_refusal(camp, army, to)
        )
    _spend_load_mp(ctx, ship, spec)
    hold.carried.remove(army.id)
    army.hex = to
    record = state.army(army.id)
    record.moved = record.finished = True
    require_capital_kept(ctx, army.owner)
    ctx.emit(
        "disembark",
        f"'{army.name}' lands from '{ship.name}' at {label(camp, to)}",
        player=army.owner,
        army=army.id,
        ship=ship.id,
    )


def baggage_near(rules: Rules, army_id: str) -> list[str]:
    """The army's own baggage trains within one hex ("a baggage train carrying food
    supplies within one hex of the army"), and its ships with the option
    ships_feed_armies, nearest first, then by id."""
    campaign = rules.campaign
    army = campaign.army(army_id)
    if army is None or army.hex is None:
        return []
    state = rstate(campaign)
    feeders = (Role.BAGGAGE, Role.SHIP) if rules.option("ships_feed_armies") else (Role.BAGGAGE,)
    found = [
        (army.hex.distance(a.hex), a.id)
        for a in campaign.armies
        if a.owner == army.owner
        and a.hex is not None
        and a.id != army_id
        and state.army(a.id).role in feeders
        and army.hex.distance(a.hex) <= 1
    ]
    return [aid for _, aid in sorted(found)]


# --- refugees -----------------------------------------------------------------------------


def refuge_on_path(campaign: Campaign, army: Army, hexes: list[Hex]) -> int | None:
    """Index of the first hex of the walk (after the start) with a settlement of the
    refugees' own side: there they are absorbed."""
    own = {s.hex for s in campaign.map.settlements if s.owner == army.owner}
    return next((i for i, h in enumerate(hexes) if i > 0 and h in own), None)


def absorb(ctx: Context, army: Army) -> None:
    """ "When the Refugee population enters a friendly settlement, it is absorbed, donating
    one copper and one supply to the settlement" (the copper goes to the treasury)."""
    camp = ctx.campaign
    settlement = next(s for s in camp.map.settlements_at(army.hex) if s.owner == army.owner)
    spec = ctx.table("move_refugees")
    coppers, food = int(spec["absorbed_coppers"]), int(spec["absorbed_food"])
    camp.player(army.owner).treasury += coppers
    settlement.stores["food"] = settlement.stores.get("food", 0) + food
    remove_army(camp, army.id)
    ctx.emit(
        "refugees_absorbed",
        f"'{army.name}' find refuge in {settlement.name}: +{coppers}c, +{food} food",
        player=army.owner,
        army=army.id,
    )


# --- deserters ----------------------------------------------------------------------------


def march_deserters(ctx: Context) -> None:
    """Deserters "move toward the nearest friendly settlement at their maximum move
    allowance. Until they reach the settlement, they will attempt to avoid any possible
    conflict. ... When they reach a friendly settlement, they must remain their for one
    full turn before they may move again." tuicamp marches them itself at the start of
    the Movement phase, before anyone moves; they never enter an enemy army's hex."""
    camp = ctx.campaign
    state = rstate(camp)
    for army in list(camp.armies):
        if army.hex is None:
            continue
        deserting = [
            u for u in army.units if (r := state.units.get(u.id)) is not None and r.deserting
        ]
        if not deserting:
            continue
        group = army if len(deserting) == len(army.units) else _split(ctx, army, deserting)
        _desert(ctx, group)


def _split(ctx: Context, army: Army, units: list) -> Army:
    camp = ctx.campaign
    group = Army(camp.new_id("a"), f"Deserters from {army.name}", army.owner, army.hex, units)
    army.units = [u for u in army.units if u not in units]
    camp.armies.append(group)
    source, record = rstate(camp).army(army.id), rstate(camp).army(group.id)
    record.created_turn, record.fatigue = camp.turn, source.fatigue
    ids = {u.id for u in units}
    source.patrols = [u for u in source.patrols if u not in ids]
    source.scouts = [u for u in source.scouts if u not in ids]
    ctx.emit("deserters", f"{len(units)} unit(s) desert '{army.name}'", player=army.owner)
    return group


def _desert(ctx: Context, group: Army) -> None:
    camp = ctx.campaign
    state = rstate(camp)
    home = state.movement.deserters_home
    record = state.army(group.id)
    record.finished = True
    own = [s.hex for s in camp.map.settlements if s.owner == group.owner]
    if group.hex in own:
        arrived_turn = min(home.get(u.id, camp.turn) for u in group.units)
        if camp.turn > arrived_turn + 1:  # they have stayed one full turn: deserters no more
            for u in group.units:
                state.unit(u.id).deserting = False
                home.pop(u.id, None)
            record.finished = False
            ctx.emit("deserters_home", f"'{group.name}' may move again", player=group.owner)
        else:
            for u in group.units:
                home.setdefault(u.id, camp.turn)
        return
    march = ctx.table("move_march")[ctx.table("move_deserters")["march"]]
    budget = float(int(base_mp(ctx, group.id) * float(march["factor"])))
    path = home_path(ctx, group, own, budget)
    if path is None or path.steps == 0:
        ctx.emit("deserters", f"'{group.name}' find no way home", player=group.owner)
        return
    steps, spent = path.steps, path.cost
    start, group.hex = group.hex, path.hexes[steps]
    record.mp_spent, record.moved = spent, steps > 0
    if group.hex in own:
        for u in group.units:
            home.setdefault(u.id, camp.turn)
    ctx.emit(
        "move",
        f"'{group.name}' (deserters) march {label(camp, start)} -> {label(camp, group.hex)}",
        player=group.owner,
        army=group.id,
        path=[label(camp, h) for h in path.hexes],
    )


def home_path(rules: Rules, group: Army, targets: list[Hex], budget: float) -> Path | None:
    """The way a fleeing counter (deserters, refugees) takes towards the nearest of
    ``targets``: its own movement prices (terrain, enemy zones of influence), never into
    an enemy army's hex ("they will attempt to avoid any possible conflict"; allies do not
    bar the way), cut to the hexes ``budget`` MP pays for. None: no target can be reached
    at all."""
    campaign = rules.campaign
    if group.hex is None or not targets:
        return None
    model = move_costs(rules, group.id)
    enemies = [e.hex for e in blocking_enemies(rules, group) if e.hex not in (None, group.hex)]
    if enemies:
        model = model.with_blocked(enemies)
    m = campaign.map
    path = path_towards(model, group.hex, targets, max_steps=m.width * m.height)
    if path is None:
        return None
    spent, steps = 0.0, 0
    for cost in path.step_costs:
        if spent + cost > budget + EPSILON:
            break
        spent, steps = spent + cost, steps + 1
    costs = list(path.step_costs[:steps])
    return Path(path.hexes[: steps + 1], sum(costs), costs)


# --- scatter ------------------------------------------------------------------------------


def scatter(ctx: Context, h: Hex) -> Hex:
    """ "If using hexes, roll a d6 and consult the graphic": 1 NE, 2 E, 3 SE, 4 SW, 5 W,
    6 NW (the [move_scatter] table). A scatter off the map edge stays where it is."""
    directions = ctx.table("move_scatter")["directions"]
    roll = ctx.dice.roll(f"d{len(directions)}", f"random direction from {label(ctx.campaign, h)}")
    name = directions[roll.total - 1]
    to = h.neighbour(DIRECTION_NAMES.index(name))
    return to if ctx.campaign.map.contains(to) else h
