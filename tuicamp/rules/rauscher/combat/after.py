"""After the battle: fatigue, retreats, lost war machines and baggage, booty, and the
models that come back on later turns.

"After each battle, all armies that fought in the battle must increase their fatigue level
by 1, whether they won or lost." "The losing army moves d6 inches / hexes toward the nearest
friendly settlement. If there is no clear escape route, the army may stay in the same hex
as the victor" (Victory) or "is destroyed" (Overwhelming Victory). When no friendly
settlement can be reached, the army is "moved randomly": a d6 picks the direction (the
text's scatter graphic; see [scatter] in tables/combat.toml).
"""

from __future__ import annotations

from tuicamp.engine.codec import structure, unstructure
from tuicamp.engine.context import Context
from tuicamp.engine.pathing import path_towards
from tuicamp.model.battle import Battle
from tuicamp.model.campaign import Campaign
from tuicamp.model.flow import ScheduledEffect
from tuicamp.model.forces import Army, Category, Unit
from tuicamp.model.hexes import Hex
from tuicamp.rules.kit.words import model_count
from tuicamp.rules.rauscher.combat import common as cc
from tuicamp.rules.rauscher.shared.combat_state import RETURN, RecoveredItem, Returning
from tuicamp.rules.rauscher.shared.common import friendly, rstate
from tuicamp.rules.rauscher.shared.money import format_money
from tuicamp.rules.rauscher.shared.state import Role

# --- booty --------------------------------------------------------------------------------


def cargo_text(cargo: dict[str, int]) -> str:
    """ "2 food and 10c" — what a train carries, as the chronicle says it."""
    parts = []
    if cargo.get("food"):
        parts.append(f"{cargo['food']} food")
    if cargo.get("gold"):
        parts.append(format_money(cargo["gold"]))
    return " and ".join(parts) or "nothing"


def booty_row(ctx: Context, reason: str) -> dict:
    return cc.band_row(ctx.table("booty"), ctx.dice.d6(reason))


def booty_for_train(ctx: Context, train: Army, *, holder: str, defeated: str) -> str:
    """Roll on the Booty Table for one baggage train (or ship): who ends up with it.

    A train recovered by its own side (its owner or an ally) stays its owner's; one taken
    by the enemy goes to that side's lead with its cargo ("captured gold and other
    treasure" travel with the train: its food and gold are the new owner's)."""
    camp = ctx.campaign
    row = booty_row(ctx, f"booty: {train.name}")
    if row["result"] == "lost":
        camp.armies.remove(train)
        text = f"{train.name}: {row['text']}"
    else:
        taker = holder if row["result"] == "holder" else defeated
        new_owner = train.owner if friendly(camp, train.owner, taker) else taker
        old, train.owner = train.owner, new_owner
        whose = "kept by" if old == new_owner else "taken by"
        text = f"{train.name}: {row['text']} ({whose} {cc.player_name(camp, new_owner)})"
        cargo = rstate(camp).army(train.id).cargo
        if old != new_owner and any(cargo.values()):
            text += f", with its cargo ({cargo_text(cargo)})"
    ctx.emit("booty", text, army=train.id, undoable=False)
    return text


def item_names(unit: Unit) -> list[str]:
    """A character's magic items: flags "item:<name>", or one "magic_item" flag."""
    named = sorted(f.split(":", 1)[1] for f in unit.flags if f.startswith("item:"))
    if not named and "magic_item" in unit.flags:
        named = [f"{unit.name}'s magic item"]
    return named


def booty_for_items(
    ctx: Context, battle: Battle, dead: list[tuple[str, Unit]], *, holder: str, defeated: str
) -> list[str]:
    """ "... and for all magic items held by dead characters from either side"."""
    camp = ctx.campaign
    lines = []
    for _, unit in dead:
        for name in item_names(unit):
            row = booty_row(ctx, f"booty: {name}")
            if row["result"] != "lost":
                who = holder if row["result"] == "holder" else defeated
                cc.cstate(camp).items.append(
                    RecoveredItem(name, who, unit.name, camp.turn, battle.id)
                )
            lines.append(f"{name}: {row['text']}")
    return lines


# --- fatigue and losses -------------------------------------------------------------------


def add_fatigue(ctx: Context, army_ids: list[str], amount: int) -> None:
    for aid in army_ids:
        if amount and ctx.campaign.army(aid) is not None:
            rstate(ctx).army(aid).fatigue += amount


def lose_war_machines(
    ctx: Context, army_ids: list[str], lost: dict[str, int] | None = None
) -> tuple[int, list[str]]:
    """ "all war machines and baggage are lost": the war machines' points and names
    (``lost`` counts the models by unit id)."""
    points, names = 0, []
    for aid in army_ids:
        army = ctx.campaign.army(aid)
        if army is None:
            continue
        for unit in [u for u in army.units if u.category is Category.WAR_MACHINE]:
            army.units.remove(unit)
            points += unit.points
            names.append(unit.name)
            if lost is not None:
                lost[unit.id] = lost.get(unit.id, 0) + unit.models
    return points, names


def destroy_army(ctx: Context, army: Army, lost: dict[str, int] | None = None) -> int:
    """An army wiped out with no escape: its units die (special characters stay dead)."""
    combat = cc.cstate(ctx)
    for unit in army.units:
        if lost is not None:
            lost[unit.id] = lost.get(unit.id, 0) + unit.models
        if "special" in unit.flags and unit.name not in combat.dead_specials:
            combat.dead_specials.append(unit.name)
    points = army.points
    ctx.campaign.armies.remove(army)
    return points


# --- retreats -----------------------------------------------------------------------------


def retreat(ctx: Context, army: Army, steps: int) -> tuple[Hex, int] | None:
    """Move a beaten army up to ``steps`` hexes towards its nearest friendly settlement
    (its own side's or an ally's; or in a scattered direction when none can be reached);
    None: no clear escape."""
    camp = ctx.campaign
    start = army.hex
    model = cc.retreat_model(camp, ctx.tables, cc.enemy_hexes(ctx, army.owner))
    targets = [s.hex for s in cc.friendly_settlements(camp, army.owner, besides=start, allies=True)]
    path = path_towards(model, start, targets, steps) if targets else None
    if path is not None and path.steps > 0:
        return path.hexes[-1], path.steps
    roll = ctx.dice.d6(f"{army.name} scatters: direction")
    direction = int(ctx.table("scatter")["directions"][str(roll)])
    here, moved = start, 0
    for _ in range(steps):
        nxt = here.neighbour(direction)
        if not camp.map.contains(nxt) or model.step_cost(here, nxt) is None:
            break
        here, moved = nxt, moved + 1
    return (here, moved) if moved else None


def retreat_side(
    ctx: Context,
    battle: Battle,
    side_id: str,
    *,
    no_escape: str,
    lost: dict[str, int] | None = None,
    armies: list[str] | None = None,
) -> list[str]:
    """Every army of a beaten side (or those of ``armies``) falls back d6 hexes; its trains
    go with the first."""
    camp = ctx.campaign
    lines = []
    killed_points = 0
    first_dest: Hex | None = None
    side = battle.side(side_id)
    for aid in side.armies if armies is None else armies:
        army = camp.army(aid)
        if army is None or army.hex != battle.hex:
            continue
        steps = ctx.dice.d6(f"{army.name} retreats: hexes")
        found = retreat(ctx, army, steps)
        if found is None:
            if no_escape == "destroyed":
                killed_points += destroy_army(ctx, army, lost)
                lines.append(f"{army.name} has no clear escape route and is destroyed")
            else:
                lines.append(
                    f"{army.name} has no clear escape route: it stays and fights again next turn"
                )
            continue
        dest, moved = found
        army.hex = dest
        first_dest = first_dest or dest
        lines.append(
            f"{army.name} retreats (d6 = {steps}) {moved} hex{'es' if moved != 1 else ''} to "
            f"{cc.label(camp, dest)}"
        )
    for train in camp.armies_at(battle.hex):
        record = rstate(camp).army(train.id)
        if (
            first_dest is not None
            and any(friendly(camp, train.owner, p) for p in side.players)
            and record.role
            in (
                Role.BAGGAGE,
                Role.SHIP,
            )
        ):
            train.hex = first_dest
    if killed_points:
        winner = next(s for s in battle.sides if s.id != side_id)
        cc.credit_kills(camp, winner.players, winner.armies, killed_points)
    return lines


# --- models coming back -------------------------------------------------------------------


# Models off the table are a scheduled effect of kind ``RETURN``: the engine fires it in the
# Upkeep of their turn (``RauscherRuleset.fire`` hands it to :func:`fire_return`).


def return_turn(camp: Campaign, due_turn: int) -> int:
    """The turn whose Upkeep brings the models back: their due turn, or the next turn if
    this turn's Upkeep (the first phase) has passed; mercenaries in the tavern are due in
    the turn of the battle, so the next Upkeep finds them if the battle's end did not."""
    return due_turn if due_turn > camp.turn else camp.turn + 1


def schedule_return(ctx: Context, record: Returning) -> ScheduledEffect:
    """Set wounded, disgruntled or tavern-bound models to come back at the Upkeep of their
    turn: "models that come back later" are the engine's scheduled effects."""
    return ctx.schedule(
        RETURN,
        turn=return_turn(ctx.campaign, record.due_turn),
        phase="upkeep",
        record=unstructure(record),
    )


def scheduled_returns(camp: Campaign) -> list[tuple[ScheduledEffect, Returning]]:
    """The models still off the table, each with the effect that brings them back."""
    return [
        (e, structure(e.data["record"], Returning)) for e in camp.flow.scheduled if e.kind == RETURN
    ]


def fire_return(ctx: Context, effect: ScheduledEffect) -> None:
    """Upkeep: wounded and disgruntled models whose turn has come rejoin their unit (or, if
    their army is gone, gather as a new army at their owner's nearest settlement)."""
    record = structure(effect.data["record"], Returning)
    ctx.emit(RETURN, rejoin(ctx, record), player=record.owner, undoable=False)


def rejoin(ctx: Context, record: Returning) -> str:
    camp = ctx.campaign
    unit = record.unit
    holder = next(
        (a for a in camp.armies_of(record.owner) if a.unit(unit.id) is not None),
        None,
    )
    army = holder or camp.army(record.army)
    if army is not None and army.owner == record.owner:
        existing = army.unit(unit.id)
        if existing is not None:
            existing.models += unit.models
            existing.points += unit.points
        else:
            army.units.append(cc.copy_unit(unit, unit.models, unit.points))
        return f"{model_count(unit.models)} of {unit.name} ({record.why}) rejoin {army.name}"
    home = cc.nearest_settlement(camp, record.owner, record.hex)
    if home is None:
        return (
            f"{model_count(unit.models)} of {unit.name} ({record.why}) find no army and no "
            "settlement to return to, and drift away"
        )
    new = Army(
        camp.new_id("a"),
        f"{unit.name} (returned)",
        record.owner,
        home.hex,
        [cc.copy_unit(unit, unit.models, unit.points)],
    )
    camp.armies.append(new)
    rstate(camp).army(new.id).created_turn = camp.turn
    return (
        f"{model_count(unit.models)} of {unit.name} ({record.why}) find their army gone and gather "
        f"at {home.name} as {new.name}"
    )
