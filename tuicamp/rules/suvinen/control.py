"""Hexside control in contested hexes (§3.3, R-SU-8, R-SU-9).

"If a unit enters a hex with enemy units it is important to determine the control of
hexsides. The 'newcomer' now has the control of the hexside it entered from, the
'original' hex-owner controls all the other hexsides. Hexside control reverts to the player
whose units last entered via it. If at some point only friendly units are in a hex they now
control all hexsides and is judged to be now the original owner of the hex." "You may not
enter a hex with hostile troops AND leave the hex from ANOTHER hexside. Exception: If an
adjacent hex-side is/becomes friendly you may leave via it (NOTE only adjacent hexside)."
"LC units can't leave hexes with enemy units in phases 5-8."

Control is kept per hex side (``SideOf``: the hex and a direction), per player, and only
while the hex holds hostile corps (R-SU-8); a corps remembers the side it entered a
contested hex by, which makes it that hex's newcomer (R-SU-9).
"""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.suvinen.corps import allied, corps_at, describe, hostile_at, is_lc
from tuicamp.rules.suvinen.state import corps_record, sstate

SIDES = range(6)


def sides_of(h: api.Hex) -> list[api.SideOf]:
    return [api.SideOf(h, d) for d in SIDES]


def side_name(side: api.SideOf) -> str:
    return api.DIRECTION_NAMES[side.direction]


def contested(rules: api.Rules, h: api.Hex) -> bool:
    """A hex holding corps of players hostile to each other."""
    owners = list(dict.fromkeys(a.owner for a in corps_at(rules, h)))
    return any(not allied(rules, a, b) for i, a in enumerate(owners) for b in owners[i + 1 :])


def holder(rules: api.Rules, side: api.SideOf) -> str | None:
    return sstate(rules).control.get(side)


def friendly_side(rules: api.Rules, side: api.SideOf, player: str) -> bool:
    """R-SU-9: a side the player or an ally holds ("Allied control counts as friendly")."""
    held = holder(rules, side)
    return held is not None and allied(rules, held, player)


def entered(ctx: api.Context, army: api.Army, came_from: api.Hex, into: api.Hex) -> None:
    """A corps has entered ``into``: where hostile corps stand it is the newcomer and holds
    the side it came by; the original owner holds every other side (R-SU-8)."""
    record = corps_record(ctx, army.id)
    record.entered_by = None
    hostile = hostile_at(ctx, into, army.owner)
    if not hostile:
        return
    state, entry = sstate(ctx), api.SideOf.between(into, came_from)
    camp, name = ctx.campaign, api.teams.name_of
    first = not any(s in state.control for s in sides_of(into))
    if first:
        for side in sides_of(into):
            state.control[side] = hostile[0].owner
    state.control[entry] = army.owner
    record.entered_by = entry
    text = (
        f"{describe(army)} enters {camp.map.label(into)}, where hostile troops stand: "
        f"{name(camp, army.owner)} holds the {side_name(entry)} side it came in by"
    )
    if first:
        text += f", {name(camp, hostile[0].owner)} the other five"
    ctx.emit("hexside_control", f"{text} (R-SU-8)", army=army.id)


def tidy(ctx: api.Context) -> None:
    """Control exists only in contested hexes (R-SU-8): a hex left with only friendly corps
    is theirs whole, and its corps are its original owners again."""
    state = sstate(ctx)
    hexes = {side.hex for side in state.control}
    for h in hexes:
        if not contested(ctx, h):
            for side in sides_of(h):
                state.control.pop(side, None)
    for army in ctx.campaign.armies:
        record = corps_record(ctx, army.id)
        entry = record.entered_by
        if entry is not None and (army.hex != entry.hex or not contested(ctx, entry.hex)):
            record.entered_by = None


def leave_refusal(
    rules: api.Rules, army: api.Army, here: api.Hex, to: api.Hex, impulse: int
) -> str:
    """Why a corps may not leave a contested hex towards ``to`` ('' when it may): R-SU-9,
    and "LC units can't leave hexes with enemy units in phases 5-8"."""
    if not hostile_at(rules, here, army.owner):
        return ""
    camp, where = rules.campaign, rules.campaign.map.label(here)
    last_for_all = int(rules.table("impulses").get("last_for_all", 4))
    if impulse > last_for_all and is_lc(army):
        return (
            f"{describe(army)} cannot leave {where}, which holds enemy troops, in impulses "
            f'5-8: "LC units can\'t leave hexes with enemy units in phases 5-8"'
        )
    side = api.SideOf.between(here, to)
    held = holder(rules, side)
    entry = corps_record(rules, army.id).entered_by
    if entry is not None and entry.hex == here:  # the newcomer
        next_to = (side.direction - entry.direction) % 6 in (1, 5)
        if (side == entry or next_to) and friendly_side(rules, side, army.owner):
            return ""
        return (
            f"{describe(army)} entered {where} by its {side_name(entry)} side: it leaves by "
            f"that side or a friendly side next to it, not {side_name(side)} (R-SU-9)"
        )
    if held is None or friendly_side(rules, side, army.owner):  # R-SU-26: no record, no holder
        return ""
    return (
        f"{describe(army)} cannot leave {where} by its {side_name(side)} side: "
        f"{api.teams.name_of(camp, held)} holds it (R-SU-9)"
    )


def control_text(rules: api.Rules, h: api.Hex) -> str:
    """Who holds which side of a contested hex, for the status lines (public)."""
    camp, by_holder = rules.campaign, dict[str, list[str]]()
    for side in sides_of(h):
        held = holder(rules, side)
        if held is not None:
            by_holder.setdefault(held, []).append(side_name(side))
    return "; ".join(
        f"{api.teams.name_of(camp, p)} holds {' '.join(names)}" for p, names in by_holder.items()
    )
