"""Scouting: what a player knows of each enemy army, and the Scouting Results Table.

"In Warhammer, the approximate whereabouts of enemy forces are easily known or
knowable" — so every counter is on every map — but "knowing the 'what,' that is, the
contents of a general's army, is much more problematic": compositions are hidden until
scouted. Knowledge holds "until the next change": as long as the scouted army keeps the
composition it had (same units, models, points and allocations); any loss, reinforcement
or split makes it a stranger again (tuicamp's ruling, see docs/movement.md).
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from tuicamp.engine.context import Context
from tuicamp.engine.errors import RuleError
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army, Category, Seat
from tuicamp.model.hexes import Hex
from tuicamp.rules.kit.teams import sees_with
from tuicamp.rules.kit.words import model_count
from tuicamp.rules.rauscher.movement.actions import Scout
from tuicamp.rules.rauscher.movement.common import label, row_for
from tuicamp.rules.rauscher.movement.costs import fights, march_of
from tuicamp.rules.rauscher.shared.common import enemies, require_phase, rstate
from tuicamp.rules.rauscher.shared.movement_state import Intel, Scouted
from tuicamp.rules.rauscher.shared.state import Role

if TYPE_CHECKING:
    from tuicamp.engine.rules import Rules

# Knowledge levels, least first; the core views show each (tuicamp/engine/views.py).
LEVELS = ("counter", "points", "categories", "full")


def rank(level: str) -> int:
    return LEVELS.index(level) if level in LEVELS else 0


def signature(campaign: Campaign, army: Army) -> str:
    """A short fingerprint of an army's composition: it changes when the army does."""
    parts = sorted(f"{u.id}:{u.models}:{u.points}:{u.category.value}" for u in army.units)
    parts += [
        f"alloc:{a.category.value}:{a.points}" for a in rstate(campaign).army(army.id).allocations
    ]
    return hashlib.sha1("|".join(parts).encode()).hexdigest()[:12]


def known_level(campaign: Campaign, players: list[str], army: Army) -> str:
    """The best level any of ``players`` still knows of ``army`` ("counter" if none)."""
    sig = None
    best = "counter"
    for intel in rstate(campaign).movement.intel:
        if intel.army != army.id or intel.player not in players:
            continue
        if sig is None:
            sig = signature(campaign, army)
        if intel.signature == sig and rank(intel.level) > rank(best):
            best = intel.level
    return best


def sharing(campaign: Campaign, players: list[str]) -> list[str]:
    """The players whose scouting reports reach ``players``: they and those whose sight
    they share (their allies: "working in allegiance", tuicamp's ruling; the kit's
    :func:`~tuicamp.rules.kit.teams.sees_with`, by the teams' shared vision)."""
    return sorted({q for p in players for q in [p, *sees_with(campaign, p)]})


def visibility(rules: Rules, seat: Seat, army: Army) -> str:
    """What a seat knows of another player's counter: "full", "categories" (Scouting
    Results 5), "points" (4) or "counter"; "hidden" for counters off the map (ambushes
    waiting in a territory, troops aboard a ship). Allies see each other's counters on
    the map in full and share what their scouts learn of the enemy (when their team
    shares its vision, as an alliance of the ``alliances`` key does); an ally's hidden
    ambush stays its own secret (R-RA-11)."""
    campaign = rules.campaign
    if seat.controls(army.owner):
        return "full"
    if army.hex is None:
        return "hidden"
    if any(army.owner in sees_with(campaign, p) for p in seat.players):
        return "full"
    return known_level(campaign, sharing(campaign, list(seat.players)), army)


def learn(campaign: Campaign, player: str, army: Army, level: str) -> bool:
    """Record that ``player`` now knows ``army`` at ``level``; False if nothing new."""
    if not level or rank(level) <= rank(known_level(campaign, [player], army)):
        return False
    moves = rstate(campaign).movement
    moves.intel = [i for i in moves.intel if not (i.player == player and i.army == army.id)]
    moves.intel.append(Intel(player, army.id, level, campaign.turn, signature(campaign, army)))
    return True


def describe(campaign: Campaign, army: Army, level: str) -> str:
    """What a level of knowledge tells, as a line for the one who learnt it."""
    if level == "points":
        return f"'{army.name}' is about {army.points} pts"
    if level == "categories":
        by: dict[str, int] = {}
        for u in army.units:
            key = "rank & file" if u.category.is_rank_and_file else _name(u.category)
            by[key] = by.get(key, 0) + u.points
        shown = ", ".join(f"{k} {v}" for k, v in sorted(by.items())) or "no units"
        return f"'{army.name}' ({army.points} pts): {shown}"
    if level == "full":
        units = "; ".join(f"{u.name} ({model_count(u.models)}, {u.points} pts)" for u in army.units)
        return f"'{army.name}' ({army.points} pts): {units or 'no units'}"
    return f"'{army.name}'"


def _name(category: Category) -> str:
    return {"character": "characters", "war_machine": "war machines"}.get(
        category.value, category.value.replace("_", " ") + "s"
    )


# --- the roll -----------------------------------------------------------------------------


def modifiers(rules: Rules, target: Army) -> list[tuple[str, int]]:
    """The six Scout table modifiers that apply against ``target``, as (why, value)."""
    campaign = rules.campaign
    spec = rules.table("scouting")
    state = rstate(campaign)
    record = state.army(target.id)
    out: list[tuple[str, int]] = []
    if record.fatigue > 0:
        out.append(("the army is fatigued", int(spec["fatigued"])))
    if march_of(rules, target.id).value in spec["marching_kinds"]:
        out.append(("the army is on a fast or forced march", int(spec["marching"])))
    if target.hex is not None and campaign.map.terrain_at(target.hex).id in spec["woods_terrain"]:
        out.append(("the army is within woods", int(spec["woods"])))
    if any(
        state.army(a.id).role is Role.SCOUTING_PARTY and state.army(a.id).attached_to == target.id
        for a in campaign.armies
        if a.hex is not None
    ):
        out.append(("the army has an attached scouting party", int(spec["attached_party"])))
    if record.stance.value in spec["prepared_stances"]:
        out.append(("the army is behind prepared defences", int(spec["prepared"])))
    if target.hex is not None and any(
        s.kind in spec["settlement_kinds"] for s in campaign.map.settlements_at(target.hex)
    ):
        out.append(("the army is within a town, city or fortress", int(spec["settlement"])))
    return out


def reporting_army(campaign: Campaign, scout: Army) -> Army:
    """The army the scouts report to (and whose secrets they may spill)."""
    record = rstate(campaign).army(scout.id)
    if record.role is Role.SCOUTING_PARTY and record.attached_to:
        home = campaign.army(record.attached_to)
        if home is not None:
            return home
    return scout


def can_scout(rules: Rules, scout: Army, target: Army) -> str | None:
    """Why ``scout`` cannot scout ``target`` now (None: it can)."""
    campaign = rules.campaign
    state = rstate(campaign)
    if scout.hex is None or target.hex is None:
        return "Both counters must be on the map: hidden ambushes and troops aboard are not scouted"
    if target.owner == scout.owner:
        return f"'{target.name}' is your own: scouts investigate the enemy's armies"
    if not enemies(campaign, scout.owner, target.owner):
        return f"'{target.name}' is your ally's: allies keep no secrets from each other"
    if not fights(rules, target.id):
        return f"'{target.name}' is no army to scout: scouts investigate armies that fight"
    record = state.army(scout.id)
    if record.role is Role.SCOUTING_PARTY:
        if scout.hex.distance(target.hex) > 1:
            return (
                f"'{scout.name}' must be within 1 hex of '{target.name}' (rule: a scouting "
                "party scouts the enemy armies within 1 hex)"
            )
    else:
        present = {u.id for u in scout.units}
        if not any(uid in present for uid in record.scouts):
            return f"'{scout.name}' has no scouts (they are designated in Upkeep)"
        if scout.hex.distance(target.hex) > 1:
            return f"Scouts investigate an adjacent army: '{target.name}' is not adjacent"
    if not _fresh(campaign, scout, target):
        return (
            f"'{scout.name}' has already scouted '{target.name}' this turn (rule: one try per "
            "scout and target a turn)"
        )
    return None


def roll_scouting(ctx: Context, scout: Army, target: Army) -> str:
    """Roll on the Scouting Results Table; record and tell what was learnt. Returns the
    row's key."""
    camp = ctx.campaign
    spec = ctx.table("scouting")
    mods = modifiers(ctx, target)
    roll = ctx.dice.roll(spec["roll"], f"scouting '{target.name}' with '{scout.name}'")
    total = roll.total + sum(v for _, v in mods)
    row = row_for(ctx.table("scouting_results"), total)
    rstate(ctx).movement.scouted.append(Scouted(scout.id, target.id, camp.turn))
    shown = ", ".join(f"{v:+d} {why}" for why, v in mods)
    head = f"Scouts of '{scout.name}' near {label(camp, target.hex)}: {roll.total}"
    head += f" ({shown}) = {total}" if mods else ""
    learnt = ""
    if row["level"]:
        learn(camp, scout.owner, target, row["level"])
        learnt = " " + describe(camp, target, row["level"]) + "."
    ctx.emit(
        "scouting",
        f"{head}: {row['text']}{learnt}",
        player=scout.owner,
        visible_to=[scout.owner],
        scout=scout.id,
        target=target.id,
        result=row["key"],
        total=total,
    )
    if row["reveal_own"]:
        spilled = reporting_army(camp, scout)
        learn(camp, target.owner, spilled, row["reveal_own"])
        ctx.emit(
            "scouts_caught",
            f"'{target.name}' caught enemy scouts and made them talk: "
            f"{describe(camp, spilled, row['reveal_own'])}.",
            player=target.owner,
            visible_to=[target.owner],
            army=spilled.id,
        )
    elif not row["level"]:
        ctx.emit(
            "scouts_driven_off",
            f"'{target.name}' spotted enemy scouts and drove them off.",
            player=target.owner,
            visible_to=[target.owner],
        )
    return str(row["key"])


def scout_along(ctx: Context, party: Army, hexes: list[Hex]) -> None:
    """A scouting party "must move within 1 inch / hex of the enemy army": every enemy
    army it comes within 1 hex of on its way is scouted once, in the order met."""
    camp = ctx.campaign
    foes = [
        e
        for e in camp.armies
        if e.hex is not None and enemies(camp, party.owner, e.owner) and fights(ctx, e.id)
    ]
    met: list[Army] = []
    for h in hexes:
        for enemy in foes:
            if enemy not in met and enemy.hex.distance(h) <= 1 and _fresh(camp, party, enemy):
                met.append(enemy)
    for enemy in met:
        roll_scouting(ctx, party, enemy)


def _fresh(campaign: Campaign, scout: Army, target: Army) -> bool:
    return not any(
        s.scout == scout.id and s.target == target.id and s.turn == campaign.turn
        for s in rstate(campaign).movement.scouted
    )


def handle_scout(ctx: Context, action: Scout) -> None:
    """ "While a part of the army, scouts may attempt to investigate an adjacent army ... at
    any time during the Movement phase" — in anyone's move; once per target a turn."""
    require_phase(ctx, "movement")
    scout = ctx.own_army(action.scout)
    target = ctx.army(action.target)
    why = can_scout(ctx, scout, target)
    if why is not None:
        raise RuleError(why)
    roll_scouting(ctx, scout, target)
