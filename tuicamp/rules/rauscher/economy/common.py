"""Helpers the economy's submodules share: tables, settlements, money, armies, secrets."""

from __future__ import annotations

from typing import Any

from tuicamp.engine.context import Context
from tuicamp.engine.dice import Roll
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army, Category
from tuicamp.model.ids import id_code
from tuicamp.model.map import Settlement
from tuicamp.rules.rauscher.shared.combat_state import Prisoner
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.economy_state import EconomyState, ransom_id
from tuicamp.rules.rauscher.shared.money import format_money
from tuicamp.rules.rauscher.shared.state import ArmyState, Role

KINDS = ("village", "town", "city", "capital", "fortress", "tower")
# Counters made of troops: the ones that eat, test for starvation and can be reorganised.
TROOP_ROLES = (Role.ARMY, Role.MERCENARIES, Role.SCOUTING_PARTY)
NEVER_TEST = (Category.CHARACTER, Category.WAR_MACHINE)  # "never need to test"


def econ(source: Campaign | Rules) -> EconomyState:
    return rstate(source).economy


def tables_of(rules: Rules) -> dict[str, Any]:
    """The tables in force, also where no Context exists (pending, set-up)."""
    return rules.tables


def new_id(campaign: Campaign, prefix: str) -> str:
    """Ids for the economy's own records (purchases, re-rollable rolls) that count nothing
    (R-ALL-7): ``prefix`` and the code of the economy's next count (``model/ids.py``), so a
    seat's first purchase does not say that another seat bought before it."""
    state = econ(campaign)
    taken = {p.id for p in state.purchases} | {r.id for r in state.rerollable}
    while True:  # an id an older save wrote may happen to look like a code
        value = prefix + id_code(campaign.dice.seed, "economy", state.next_id)
        state.next_id += 1
        if value not in taken:
            return value


def money(amount: int) -> str:
    return format_money(amount)


def name_of(campaign: Campaign, player: str) -> str:
    p = campaign.player(player)
    return p.name if p else player


def players(campaign: Campaign) -> list[str]:
    """The players who play (neutral scenario forces have no economy)."""
    state = rstate(campaign)
    order = state.move_order or [p.id for p in campaign.players]
    return [p for p in order if p not in state.neutral_players]


# --- settlements --------------------------------------------------------------------
def kind_of(tables: dict[str, Any], settlement: Settlement) -> str:
    """The settlement's kind in the text's six words, through the aliases table."""
    raw = settlement.kind.strip().lower()
    return tables.get("settlement_kind_aliases", {}).get(raw, raw)


def settlement(ctx: Context, sid: str) -> Settlement:
    found = ctx.campaign.map.settlement(sid)
    if found is None:
        raise RuleError(f"There is no settlement {sid!r}")
    return found


def own_settlement(ctx: Context, sid: str, player: str) -> Settlement:
    found = settlement(ctx, sid)
    if found.owner != player:
        raise RuleError(f"{found.name} is not held by {name_of(ctx.campaign, player)}")
    return found


def garrison_points(campaign: Campaign, owner: str, where: Settlement) -> int:
    """Points of ``owner``'s troops standing in the settlement's hex."""
    state = rstate(campaign)
    return sum(
        army_points(campaign, a)
        for a in campaign.armies_at(where.hex)
        if a.owner == owner and state.army(a.id).role in TROOP_ROLES
    )


def serves_owner(campaign: Campaign, tables: dict[str, Any], s: Settlement) -> bool:
    """A captured settlement serves its occupier only while a detachment stays (R-RA-9)."""
    if s.owner is None:
        return False
    if s.original_owner in (None, s.owner):
        return True
    need = int(tables.get("occupation", {}).get("detachment_points", 500))
    return garrison_points(campaign, s.owner, s) >= need


# --- armies -------------------------------------------------------------------------
def army_points(campaign: Campaign, army: Army) -> int:
    """Units and points allocations (R-RA-3) alike count against the 5,000-point limit."""
    record = rstate(campaign).armies.get(army.id)
    allocated = sum(a.points for a in record.allocations) if record else 0
    return army.points + allocated


def rank_and_file_points(campaign: Campaign, army: Army) -> int:
    """Rank & file points (R-ALL-5), allocations of rank & file categories included."""
    record = rstate(campaign).armies.get(army.id)
    allocated = (
        sum(a.points for a in record.allocations if Category(a.category).is_rank_and_file)
        if record
        else 0
    )
    return army.rank_and_file_points + allocated


def max_army_points(rules: Rules) -> int:
    return int(rules.option("max_army_points") or 5000)


def require_room(ctx: Context, army: Army, extra: int) -> None:
    """ "Armies are represented by counters, each containing no more than 5,000 points"."""
    limit = max_army_points(ctx)
    total = army_points(ctx.campaign, army) + extra
    ctx.require(
        total <= limit,
        f"Army '{army.name}' would hold {total:,} pts; an army holds at most {limit:,} "
        "(option max_army_points)",
    )


def new_army(
    ctx: Context, name: str, owner: str, where: Settlement | Army, role: Role = Role.ARMY
) -> tuple[Army, ArmyState]:
    """A fresh counter in the hex of a settlement or of another army."""
    army = Army(ctx.campaign.new_id("a"), name, owner, where.hex)
    ctx.campaign.armies.append(army)
    record = rstate(ctx).army(army.id)
    record.role = role
    record.created_turn = ctx.campaign.turn
    return army, record


# Counters that take in newcomers (recruits, mercenaries, ransomed lords, siege equipment):
# a scouting party is one unit of scouts and its leaders, nothing more.
JOINABLE = (Role.ARMY, Role.MERCENARIES)


def own_troops(
    ctx: Context, army_id: str, roles: tuple[Role, ...] = TROOP_ROLES
) -> tuple[Army, ArmyState]:
    army = ctx.own_army(army_id)
    record = rstate(ctx).army(army.id)
    ctx.require(
        record.role in roles,
        f"'{army.name}' is a {record.role.value.replace('_', ' ')}, not "
        + ("an army of troops" if roles == TROOP_ROLES else "an army that takes in troops"),
    )
    return army, record


# --- money --------------------------------------------------------------------------
def prisoners(campaign: Campaign) -> list[Prisoner]:
    """The prisoners held now (the combat rules capture them into ``CombatState``; the
    economy ransoms them)."""
    return list(rstate(campaign).combat.prisoners)


def promised(campaign: Campaign, player: str) -> int:
    """Coppers written in this turn's sealed ransom offers, not yet revealed."""
    owned = {p.id for p in prisoners(campaign) if p.owner == player}
    return sum(
        sealed.choices[player].amount
        for pid, sealed in econ(campaign).ransom.items()
        if pid in owned
        and player in sealed.choices
        and not sealed.revealed
        and sealed.id == ransom_id(pid, campaign.turn)
    )


def available(campaign: Campaign, player: str) -> int:
    p = campaign.player(player)
    return (p.treasury if p else 0) - promised(campaign, player)


def spend(ctx: Context, player: str, amount: int, what: str) -> None:
    """Pay from the treasury, which never goes negative: refuse with a clear sentence."""
    if amount <= 0:
        return
    have = available(ctx.campaign, player)
    if amount > have:
        held = promised(ctx.campaign, player)
        note = f" ({money(held)} more is promised in a sealed ransom offer)" if held else ""
        raise RuleError(
            f"{what} costs {money(amount)}; you have {money(have)}{note} (rule: a treasury "
            "never goes below nothing)"
        )
    ctx.campaign.player(player).treasury -= amount


def earn(campaign: Campaign, player: str, amount: int) -> None:
    p = campaign.player(player)
    if p is not None:
        p.treasury += amount


def lose(campaign: Campaign, player: str, amount: int) -> int:
    """Lose up to ``amount`` (never below zero); returns what was actually lost."""
    p = campaign.player(player)
    if p is None:
        return 0
    taken = max(0, min(amount, p.treasury))
    p.treasury -= taken
    return taken


# --- events -------------------------------------------------------------------------
def tell(ctx: Context, player: str, kind: str, text: str, **data: Any):
    """An event only ``player`` (and the GM) reads: purchases and armies are secrets."""
    return ctx.emit(kind, text, player=player, visible_to=[player], **data)


def band_row(rows: list[dict[str, Any]], value: int) -> dict[str, Any]:
    """The row of a banded table holding ``value``; beyond the ends, the end rows."""
    ordered = sorted(rows, key=lambda r: r["band"][0])
    if value < ordered[0]["band"][0]:
        return ordered[0]
    for row in ordered:
        low, high = row["band"]
        if low <= value <= high:
            return row
    return ordered[-1]


def in_band(band: list[int], value: int) -> bool:
    return band[0] <= value <= band[1]


def roll_text(roll: Roll) -> str:
    return f"{roll.expr} = {roll.total}"
