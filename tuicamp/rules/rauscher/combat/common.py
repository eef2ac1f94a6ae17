"""Small helpers the combat and siege rules share: who fights, table bands, points, kills
and the way home. What the movement and the economy know (roles, defences, circumstances,
siege equipment) is read from them directly: both lie below combat."""

from __future__ import annotations

from typing import Any

from tuicamp.engine.costs import cost_model
from tuicamp.engine.pathing import CostModel
from tuicamp.engine.rules import Rules
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army, Category, Unit
from tuicamp.model.hexes import Hex
from tuicamp.model.map import Settlement
from tuicamp.rules.rauscher import economy, movement
from tuicamp.rules.rauscher.shared.combat_state import CombatState
from tuicamp.rules.rauscher.shared.common import enemies, friendly, rstate


def cstate(source: Campaign | Rules) -> CombatState:
    return rstate(source).combat


def in_band(band: list[int], value: int) -> bool:
    return band[0] <= value <= band[1]


def band_row(rows: list[dict[str, Any]], value: int) -> dict[str, Any]:
    """The row of a die table for a (modified) roll, clamped to the table's range."""
    low = min(r["band"][0] for r in rows)
    high = max(r["band"][1] for r in rows)
    value = max(low, min(high, value))
    return next(r for r in rows if in_band(r["band"], value))


# --- who fights ---------------------------------------------------------------------------


def fights(rules: Rules, army_id: str) -> bool:
    """Does this counter take the field? Its role must fight — the roles table's answer,
    the very one movement reads (:func:`movement.fights`) — and it must hold troops (units,
    or allocations still to fill): an empty counter has nobody to fight with."""
    army = rules.campaign.army(army_id)
    if army is None:
        return False
    if not army.units and not rstate(rules).army(army_id).allocations:
        return False
    return movement.fights(rules, army_id)


def siege_equipment(campaign: Campaign, army_id: str) -> list[str]:
    """The economy's siege equipment with an army, as the card prints it."""
    points = economy.siege_equipment(campaign, army_id)
    return [f"{points:,} pts of siege equipment"] if points > 0 else []


# --- points, models, kills ----------------------------------------------------------------


def army_points(campaign: Campaign, army_id: str) -> int:
    """Points of an army, counting allocations not yet filled (R-RA-3)."""
    army = campaign.army(army_id)
    if army is None:
        return 0
    return army.points + sum(a.points for a in rstate(campaign).army(army_id).allocations)


def per_model(unit: Unit) -> float:
    return unit.points / unit.models if unit.models else 0.0


def take_models(unit: Unit, n: int) -> int:
    """Take ``n`` models off a unit, keeping its points per model; the points taken."""
    n = min(n, unit.models)
    each = per_model(unit)
    before = unit.points
    unit.models -= n
    unit.points = round(each * unit.models)
    return before - unit.points


def copy_unit(unit: Unit, models: int, points: int | None = None) -> Unit:
    """A copy of a unit holding ``models`` models (and their share of its points)."""
    pts = round(per_model(unit) * models) if points is None else points
    return Unit(
        unit.id,
        unit.name,
        pts,
        unit.category,
        unit.movement,
        unit.leadership,
        models,
        set(unit.flags),
    )


def kill_points(army: Army, points: int) -> list[tuple[Unit, int, int]]:
    """Remove whole models worth at least ``points`` (bombardment, a revolt): rank & file
    first, the unit with the most points first. Returns (unit, models, points) taken."""
    taken: list[tuple[Unit, int, int]] = []
    left = points
    order = sorted(
        army.units,
        key=lambda u: (
            not u.category.is_rank_and_file,
            u.category is Category.CHARACTER,
            -u.points,
        ),
    )
    for unit in order:
        count = got = 0
        while left > 0 and unit.models > 0:
            pts = take_models(unit, 1)
            count, got, left = count + 1, got + pts, left - max(1, pts)
        if count:
            taken.append((unit, count, got))
    army.units = [u for u in army.units if u.models > 0]
    return taken


def is_character(unit: Unit) -> bool:
    return unit.category is Category.CHARACTER


def race_in(campaign: Campaign, tables: dict[str, Any], player_id: str, races: list[str]) -> bool:
    """Is this player's race one of ``races`` (army-book names mapped as the frame does)?"""
    player = campaign.player(player_id)
    if player is None:
        return False
    aliases = {k.lower(): v.lower() for k, v in tables.get("race_aliases", {}).items()}
    race = player.race.lower()
    race = aliases.get(race, race)
    wanted = {r.lower() for r in races}
    return race in wanted or race.rstrip("s") in {w.rstrip("s") for w in wanted}


# --- the way home -------------------------------------------------------------------------


def retreat_model(campaign: Campaign, tables: dict[str, Any], blocked: list[Hex]) -> CostModel:
    """Movement prices for a retreat: the basic terrain table; hexes held by the enemy
    cannot be entered."""
    model = cost_model(campaign.map, tables)
    return model.with_blocked(blocked) if blocked else model


def friendly_settlements(
    campaign: Campaign, player: str, besides: Hex | None = None, *, allies: bool = False
) -> list:
    """The player's settlements (with ``allies``: its allies' too), but the one at
    ``besides``."""
    return [
        s
        for s in campaign.map.settlements
        if s.hex != besides
        and (friendly(campaign, player, s.owner) if allies else s.owner == player)
    ]


def nearest_settlement(campaign: Campaign, player: str, near: Hex | None) -> Settlement | None:
    """The player's settlement nearest to a hex (by hex distance; ties in map order)."""
    own = friendly_settlements(campaign, player)
    if not own:
        return None
    if near is None:
        return own[0]
    return min(own, key=lambda s: s.hex.distance(near))


def enemy_hexes(rules: Rules, player: str) -> list[Hex]:
    """Hexes where an enemy's fighting armies stand (allies' armies bar no way)."""
    campaign = rules.campaign
    return [
        a.hex
        for a in campaign.armies
        if a.hex is not None and enemies(campaign, player, a.owner) and fights(rules, a.id)
    ]


def order_index(campaign: Campaign, player: str) -> int:
    """A player's place in the move order (players outside it come after everyone)."""
    order = rstate(campaign).move_order
    return order.index(player) if player in order else len(order) + 1


def label(campaign: Campaign, h: Hex | None) -> str:
    return campaign.map.label(h) if h is not None else "off the map"


def player_name(campaign: Campaign, pid: str | None) -> str:
    p = campaign.player(pid) if pid else None
    return p.name if p else (pid or "nobody")


def credit_kills(campaign: Campaign, players: list[str], armies: list[str], points: int) -> None:
    """Enemy troops a side killed (War of Destruction), shared among its players: each
    ally gets the share its armies had of the side's points, the lead (``players[0]``)
    the rest, so an alliance's kills add up to what its side really killed."""
    if points <= 0 or not players:
        return
    mine = {p: 0 for p in players}
    for aid in armies:
        army = campaign.army(aid)
        if army is not None and army.owner in mine:
            mine[army.owner] += army_points(campaign, aid)
    total = sum(mine.values())
    given = 0
    for p in players[1:]:
        share = points * mine[p] // total if total else 0
        rstate(campaign).player(p).troops_killed += share
        given += share
    rstate(campaign).player(players[0]).troops_killed += points - given
