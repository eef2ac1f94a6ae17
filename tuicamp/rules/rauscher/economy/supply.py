"""Resolution, "Supply Troops", and the Desertion and Starvation table.

"1 point of supplies is needed to feed every 1,000 points worth of rank & file" (R-RA-8:
round half up). "This food can come from three sources: scavenging the land, a baggage
train carrying food supplies within one hex of the army, or a nearby population center."

How tuicamp shares out the food (the text leaves it to the players; a referee needs one
rule, and this one feeds as many armies as the food can):

1. every army scavenges for itself (2 food, or its hex's terrain with advanced_terrain);
2. the armies still short are served smallest shortfall first (ties: the order of the army
   list), each from, in order: this turn's production of its owner's settlements in the
   army's territory, then the food stored there, then its owner's baggage trains (and,
   with the option ships_feed_armies, ships) within one hex (last, as theirs is the only
   food that travels). Allies' settlements and trains feed only their own owner's armies;
3. food is never spent on an army it cannot fully feed: a part-fed army is still "in
   insufficient supply" and would test anyway;
4. what a settlement produced and nobody ate goes into its stores ("just place leftover
   food underneath the settlement counter").

A captured settlement feeds and stores for its occupier only while a detachment of at least
500 pts stays (R-RA-9); otherwise this turn's production is lost. Armies the siege module
says are besieged are left to the siege rules (their stockpiles).
"""

from __future__ import annotations

import copy
from typing import Any

from attrs import define, field

from tuicamp.engine.context import Context
from tuicamp.engine.dice import Roll
from tuicamp.model.forces import Army, Category, Unit
from tuicamp.model.map import Settlement
from tuicamp.rules.rauscher.economy.common import (
    NEVER_TEST,
    TROOP_ROLES,
    band_row,
    econ,
    kind_of,
    players,
    rank_and_file_points,
    serves_owner,
    tell,
)
from tuicamp.rules.rauscher.economy.fate import REROLLS, offer_reroll
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.economy_state import Rerollable, StarvationTest
from tuicamp.rules.rauscher.shared.hooks import shut_in
from tuicamp.rules.rauscher.shared.state import Allocation, Role


# --- arithmetic -------------------------------------------------------------------------
def supply_need(rank_and_file: int, tables: dict[str, Any]) -> int:
    """ "500 or more treat as 1,000, and 0 to 499 should be treated as 0" — per thousand."""
    rule = tables["supply"]
    per, up_from = int(rule["rank_and_file_per_supply"]), int(rule["round_up_from"])
    return max(0, rank_and_file + per - up_from) // per


def _terrain_row(ctx: Context, table: dict[str, Any], hex_) -> int:
    if ctx.option("advanced_terrain"):
        terrain = ctx.campaign.map.terrain_at(hex_).id
        return int(table["advanced"].get(terrain, table["basic"]))
    return int(table["basic"])


def scavenging(ctx: Context, army: Army) -> int:
    return _terrain_row(ctx, ctx.table("scavenging"), army.hex)


def production(ctx: Context, s: Settlement) -> int:
    """The settlement's marked amount, else its size's food plus the bounty of the land."""
    if "food_production" in s.stores:
        return int(s.stores["food_production"])
    base = int(ctx.table("local_food_production").get(kind_of(ctx.tables, s), 0))
    return base + _terrain_row(ctx, ctx.table("land_food"), s.hex)


def _besieged(ctx: Context, ident: str) -> bool:
    """Besieged settlements and armies live off the siege's stockpile (the siege rules,
    through :func:`shared.hooks.shut_in`), not off the land."""
    return shut_in(ctx, ident)


# --- sharing out the food ----------------------------------------------------------------
@define
class _Pool:
    """Food an army may draw on: a settlement's fresh or stored food, or a baggage train."""

    label: str
    amount: int
    settlement: Settlement | None = None
    stored: bool = False
    train: str = ""


@define
class _Meal:
    army: Army
    need: int
    scavenged: int
    sources: list[tuple[str, int]] = field(factory=list)
    fed: bool = False


def _pools(ctx: Context) -> tuple[dict[str, list[_Pool]], dict[str, _Pool]]:
    """Per settlement its fresh and stored food; per baggage train its food."""
    by_settlement: dict[str, list[_Pool]] = {}
    for s in ctx.campaign.map.settlements:
        if s.owner is None or _besieged(ctx, s.id):
            continue
        fresh = production(ctx, s) if serves_owner(ctx.campaign, ctx.tables, s) else 0
        by_settlement[s.id] = [
            _Pool(s.name, fresh, s),
            _Pool(f"{s.name}'s stores", s.stores.get("food", 0), s, stored=True),
        ]
    trains = {}
    state = rstate(ctx)
    # Ruling (option ships_feed_armies, on by default): a ship is "a small fleet of
    # transport vessels" that "can carry 10 units of food and supplies"; within one hex
    # of an army its food feeds the army as a baggage train's does.
    feeders = (Role.BAGGAGE, Role.SHIP) if ctx.option("ships_feed_armies") else (Role.BAGGAGE,)
    for a in ctx.campaign.armies:
        record = state.armies.get(a.id)
        if record and record.role in feeders and a.hex and record.cargo.get("food", 0):
            trains[a.id] = _Pool(f"'{a.name}'", record.cargo["food"], train=a.id)
    return by_settlement, trains


def _sources(ctx: Context, army: Army, by_settlement, trains) -> list[_Pool]:
    m = ctx.campaign.map
    territory = m.territory_of(army.hex)
    local = [
        pools
        for sid, pools in by_settlement.items()
        if territory is not None
        and pools[0].settlement.owner == army.owner
        and m.territory_of(pools[0].settlement.hex) is territory
    ]
    reach = int(ctx.table("supply")["baggage_reach"])
    near = [
        pool
        for tid, pool in trains.items()
        if ctx.campaign.army(tid).owner == army.owner
        and ctx.campaign.army(tid).hex.distance(army.hex) <= reach
    ]
    return [p[0] for p in local] + [p[1] for p in local] + near


def eaters(ctx: Context) -> list[Army]:
    state = rstate(ctx)
    playing = set(players(ctx.campaign))
    return [
        a
        for a in ctx.campaign.armies
        if a.owner in playing
        and a.hex is not None
        and state.army(a.id).role in TROOP_ROLES
        and not _besieged(ctx, a.id)
    ]


def supply_troops(ctx: Context) -> None:
    """Feed every army; those left short test for Desertion and Starvation."""
    by_settlement, trains = _pools(ctx)
    meals = []
    for army in eaters(ctx):
        need = supply_need(rank_and_file_points(ctx.campaign, army), ctx.tables)
        scavenged = min(need, scavenging(ctx, army))
        meal = _Meal(army, need, scavenged)
        if scavenged:
            meal.sources.append(("scavenging", scavenged))
        meal.fed = scavenged >= need
        meals.append(meal)
    short = sorted((m for m in meals if not m.fed), key=lambda m: m.need - m.scavenged)
    for meal in short:
        deficit = meal.need - meal.scavenged
        sources = _sources(ctx, meal.army, by_settlement, trains)
        if sum(p.amount for p in sources) < deficit:
            continue
        for pool in sources:
            take = min(pool.amount, deficit)
            if take:
                pool.amount -= take
                deficit -= take
                meal.sources.append((pool.label, take))
        meal.fed = True
    _settle_pools(ctx, by_settlement, trains)
    _report(ctx, meals)


def _settle_pools(ctx: Context, by_settlement, trains) -> None:
    for fresh, stored in by_settlement.values():
        s = fresh.settlement
        s.stores["food"] = stored.amount + fresh.amount
    state = rstate(ctx)
    for tid, pool in trains.items():
        cargo = state.army(tid).cargo
        if pool.amount:
            cargo["food"] = pool.amount
        else:
            cargo.pop("food", None)


def _report(ctx: Context, meals: list[_Meal]) -> None:
    state = rstate(ctx)
    for player in players(ctx.campaign):
        mine = [m for m in meals if m.army.owner == player]
        lines = []
        for meal in mine:
            if meal.need == 0:
                continue
            got = ", ".join(f"{label} {n}" for label, n in meal.sources) or "nothing"
            verdict = "fed" if meal.fed else "IN INSUFFICIENT SUPPLY"
            lines.append(f"'{meal.army.name}' needs {meal.need} ({got}): {verdict}")
        if lines:
            tell(ctx, player, "supply", "Supply Troops: " + "; ".join(lines) + ".")
        for meal in mine:
            record = state.army(meal.army.id)
            if meal.fed:
                record.starving_turns = 0
                continue
            record.starving_turns += 1
            starvation_test(ctx, meal.army, "Insufficient supply")


# --- Desertion and Starvation --------------------------------------------------------------
def _modifier(ctx: Context, turns: int) -> int:
    """R-RA-7: by default each turn after the first makes the roll 1 worse; with
    starvation_literal the text's "-1 modifier for each turn" is applied as written."""
    turns = max(1, turns)
    return -turns if ctx.option("starvation_literal") else turns - 1


def _champions(ctx: Context, army: Army) -> list[Unit]:
    flags = set(ctx.table("scouting_party")["champion"])
    found = [u for u in army.units if u.category is Category.CHARACTER and flags & u.flags]
    return sorted(found, key=lambda u: -u.leadership)


def starvation_test(ctx: Context, army: Army, reason: str) -> list[str]:
    """Test every unit of an army in insufficient supply; returns one line per unit.

    "For each unit in your army, roll on the following chart. (Characters and War Machines
    never need to test.) Roll 2d6, and subtract the units leadership (LD). If the unit has a
    champion, the unit may test against the champions LD, but if they fail, the champion
    will suffer the same result as the unit." A champion character of the army lends its Ld
    to the weakest unit it betters (one unit each). Allocations (R-RA-3) test as one unit of
    the supply table's Ld. The modifier follows ``ArmyState.starving_turns`` (at least 1):
    callers count the turn first. Emits one event for the owner; each roll may be re-rolled
    with a fate point until the phase ends.
    """
    record = rstate(ctx).army(army.id)
    modifier = _modifier(ctx, record.starving_turns)
    units = [u for u in army.units if u.category not in NEVER_TEST]
    allocations = [a for a in record.allocations if Category(a.category) not in NEVER_TEST]
    helpers = _champions(ctx, army)
    lent: dict[str, Unit] = {}
    for unit in sorted(units, key=lambda u: u.leadership):
        if helpers and helpers[0].leadership > unit.leadership:
            lent[unit.id] = helpers.pop(0)
    allocation_ld = int(ctx.table("supply")["allocation_leadership"])
    lines: list[str] = []
    deserters = [""]
    for unit in units:
        champion = lent.get(unit.id)
        ld = max(unit.leadership, champion.leadership if champion else 0)
        test = StarvationTest(
            "",
            army.id,
            ld,
            modifier,
            "",
            unit=copy.deepcopy(unit),
            champion=copy.deepcopy(champion) if champion else None,
        )
        lines.append(_test(ctx, army, test, reason, unit.name, deserters))
    for alloc in allocations:
        test = StarvationTest(
            "",
            army.id,
            allocation_ld,
            modifier,
            "",
            allocation_category=Category(alloc.category),
            allocation_points=alloc.points,
            allocation_label=alloc.label,
        )
        label = f"{alloc.points:,} pts of {alloc.label or Category(alloc.category).value}"
        lines.append(_test(ctx, army, test, reason, label, deserters))
    if lines:
        tell(
            ctx,
            army.owner,
            "starvation",
            f"Desertion and Starvation, '{army.name}' ({reason}; modifier {modifier:+d}, "
            f"R-RA-7): " + "; ".join(lines) + ".",
            army=army.id,
        )
    return lines


def _test(
    ctx: Context, army: Army, test: StarvationTest, reason: str, label: str, deserters: list[str]
) -> str:
    roll = ctx.dice.roll("2d6", f"{reason}: {label} tests (Ld {test.ld})")
    offer = offer_reroll(ctx, army.owner, "starvation", roll, test="")
    test.id = offer.id
    offer.target["test"] = test.id
    econ(ctx).tests.append(test)
    return _apply(ctx, army, test, roll, label, deserters)


def _apply(
    ctx: Context, army: Army, test: StarvationTest, roll: Roll, label: str, deserters: list[str]
) -> str:
    score = roll.total - test.ld + test.modifier
    row = band_row(ctx.table("desertion_and_starvation"), score)
    test.result = row["result"]
    by = f" with {test.champion.name}" if test.champion else ""
    line = f"{label}{by} rolls {roll.total} - {test.ld} {test.modifier:+d} = {score}: {row['text']}"
    if test.result == "desert":
        if not deserters[0] or ctx.campaign.army(deserters[0]) is None:
            deserters[0] = _deserters_army(ctx, army).id
        test.deserters = deserters[0]
        _move_out(ctx, army, test, ctx.campaign.army(deserters[0]))
    elif test.result == "starve":
        _move_out(ctx, army, test, None)
    return line


def _move_out(ctx: Context, army: Army, test: StarvationTest, to: Army | None) -> None:
    """The unit (and its champion) leave: to the deserters' army, or to their graves."""
    state = rstate(ctx)
    record = state.army(army.id)
    for copy_ in (test.unit, test.champion):
        if copy_ is None:
            continue
        unit = army.unit(copy_.id)
        if unit is None:
            continue
        army.units.remove(unit)
        for duty in (record.patrols, record.scouts):
            if unit.id in duty:
                duty.remove(unit.id)
        if to is not None:
            to.units.append(unit)
            state.unit(unit.id).deserting = True
    if test.allocation_category is not None:
        alloc = next(
            (
                a
                for a in record.allocations
                if Category(a.category) is test.allocation_category
                and a.points == test.allocation_points
                and a.label == test.allocation_label
            ),
            None,
        )
        if alloc is not None:
            record.allocations.remove(alloc)
            if to is not None:
                state.army(to.id).allocations.append(alloc)


def _deserters_army(ctx: Context, army: Army) -> Army:
    state = rstate(ctx)
    source = state.army(army.id)
    deserters = Army(
        ctx.campaign.new_id("a"),
        f"Deserters of {army.name}",
        army.owner,
        army.hex,
        flags={"deserters"},
    )
    ctx.campaign.armies.append(deserters)
    record = state.army(deserters.id)
    record.role = Role.ARMY
    record.fatigue, record.starving_turns = source.fatigue, source.starving_turns
    record.created_turn = ctx.campaign.turn
    home = nearest_friendly_settlement(ctx, army)
    record.destination = home.id if home else None
    return deserters


def nearest_friendly_settlement(ctx: Context, army: Army) -> Settlement | None:
    """ "The unit will move toward the nearest friendly settlement" (by hexes; the first
    listed wins a tie)."""
    own = [s for s in ctx.campaign.map.settlements if s.owner == army.owner]
    return min(own, key=lambda s: s.hex.distance(army.hex), default=None)


def _reroll_test(ctx: Context, offer: Rerollable, roll: Roll) -> str:
    test = next(t for t in econ(ctx).tests if t.id == offer.target["test"])
    army = ctx.campaign.army(test.army)
    if army is None:
        return "The army is gone; nothing changes."
    _undo(ctx, army, test)
    label = test.unit.name if test.unit else f"{test.allocation_points:,} pts"
    return _apply(ctx, army, test, roll, label, [test.deserters])


def _undo(ctx: Context, army: Army, test: StarvationTest) -> None:
    state = rstate(ctx)
    record = state.army(army.id)
    if test.result == "desert":
        camp = ctx.campaign
        deserters = camp.army(test.deserters)
        if deserters is not None:
            for copy_ in (test.unit, test.champion):
                unit = deserters.unit(copy_.id) if copy_ else None
                if unit is not None:
                    deserters.units.remove(unit)
                    army.units.append(unit)
                    state.unit(unit.id).deserting = False
            if test.allocation_category is not None:
                drecord = state.army(deserters.id)
                alloc = next(
                    (
                        a
                        for a in drecord.allocations
                        if a.points == test.allocation_points and a.label == test.allocation_label
                    ),
                    None,
                )
                if alloc is not None:
                    drecord.allocations.remove(alloc)
                    record.allocations.append(alloc)
            if not deserters.units and not state.army(deserters.id).allocations:
                camp.armies.remove(deserters)
                state.armies.pop(deserters.id, None)
    elif test.result == "starve":
        for copy_ in (test.unit, test.champion):
            if copy_ is not None:
                army.units.append(copy.deepcopy(copy_))
        if test.allocation_category is not None:
            record.allocations.append(
                Allocation(test.allocation_category, test.allocation_points, test.allocation_label)
            )
    test.result = ""


REROLLS["starvation"] = _reroll_test


def remove_starved_armies(ctx: Context) -> None:
    """Armies of troops with nothing left in them are gone once the tests are settled."""
    state = rstate(ctx)
    for army in list(ctx.campaign.armies):
        record = state.armies.get(army.id)
        if record and record.role in TROOP_ROLES and not army.units and not record.allocations:
            ctx.campaign.armies.remove(army)
            state.armies.pop(army.id, None)
            tell(ctx, army.owner, "army_gone", f"'{army.name}' has melted away", army=army.id)
    econ(ctx).tests = []
