"""Home Castles and cities under attack (§4.6, R-SU-20, R-SU-36, R-SU-37).

"If more than two hostile sides are in a Home Castle hex, the others have to first fight it
out between themselves who get the right to attack the Home Castle. The winner then can
attack the garrison. A Home Castle (or a city) may garrison at most 1.000 points worth of
troops. If more are available the defending player may choose to fight a normal battle or
leave the excess troops outside (who then must fight a normal battle). If the defender
decides to fight outside the Home Castle he may later withdraw into it, but any excess
troops above 1.000 points are eliminated."

A garrison stays inside its walls: the field battles of its hex are fought by the corps
outside (``battles.outside``). Once the corps outside are all of one side hostile to the
garrison, each of their players writes under seal, once a turn, whether its corps assault
the walls or wait (R-SU-36); those that assault fight the garrison, on the castle card. A
defender's corps outside may withdraw into its own castle or city: their units join the
garrison while it holds 1,000 pts or less, the rest are eliminated (R-SU-37).
"""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.suvinen import battles, control
from tuicamp.rules.suvinen.corps import corps_at, describe, hostile, is_garrison
from tuicamp.rules.suvinen.state import sstate

ASSAULT, WAIT = "assault", "wait"


def garrison_at(rules: api.Rules, h: api.Hex) -> api.Army | None:
    """The garrison standing in a hex, if any."""
    return next((a for a in corps_at(rules, h) if is_garrison(rules, a)), None)


def place_at(rules: api.Rules, h: api.Hex) -> api.Settlement | None:
    """The castle or city of a hex, if any."""
    found = rules.campaign.map.settlements_at(h)
    return next((s for s in found if s.kind in battles.CASTLE_KINDS), None)


def besieged(rules: api.Rules, h: api.Hex) -> bool:
    """A garrison whose hex holds corps outside its walls, all of one side and every one
    hostile to it: the besiegers may assault (R-SU-36)."""
    garrison = garrison_at(rules, h)
    around = battles.outside(rules, h)
    return (
        garrison is not None
        and bool(around)
        and not battles.field_contested(rules, h)
        and all(hostile(rules, a.owner, garrison.owner) for a in around)
    )


def open_sieges(ctx: api.Context) -> None:
    """The day's rounds of assault or wait, one a turn for each besieged castle or city."""
    camp, state = ctx.campaign, sstate(ctx)
    hexes = {a.hex for a in camp.armies if a.hex is not None and is_garrison(ctx, a)}
    for h in sorted(hexes, key=camp.map.label):
        label = camp.map.label(h)
        if label in state.sieges or label in state.sieges_done or not besieged(ctx, h):
            continue
        place = place_at(ctx, h)
        players = list(dict.fromkeys(a.owner for a in battles.outside(ctx, h)))
        what = f"choices to assault or wait before {place.name if place else label} ({label})"
        state.sieges[label] = api.SealedChoice(
            f"siege-{camp.turn}-{label}", what, players, kind="siege"
        )


def assault(ctx: api.Context, label: str, players: list[str]) -> None:
    """The besiegers who wrote ``assault`` attack the garrison: a battle on the castle card
    (§4.6), garrison against them."""
    camp, state = ctx.campaign, sstate(ctx)
    h = api.parse_label(label)
    garrison = garrison_at(ctx, h)
    attackers = [a for a in battles.outside(ctx, h) if a.owner in players]
    if garrison is None or not attackers:
        return
    name = api.teams.name_of
    place = place_at(ctx, h)
    sides = [
        api.BattleSide(
            "garrison", f"Garrison: {name(camp, garrison.owner)}", [garrison.owner], [garrison.id]
        ),
        api.BattleSide(
            "assault",
            " and ".join(name(camp, p) for p in dict.fromkeys(a.owner for a in attackers)),
            list(dict.fromkeys(a.owner for a in attackers)),
            [a.id for a in attackers],
        ),
    ]
    circumstance = api.Circumstance(
        "assault", f"The besiegers assault the walls of {place.name if place else label}"
    )
    api.open_battle(ctx, h, sides, [circumstance], place.id if place else None, day=state.day)


def garrison_room(rules: api.Rules, place: api.Settlement) -> int:
    """The points a castle's or city's garrison may still take in (R-SU-20: 1,000 at most)."""
    most = int(rules.table("campaign").get("garrison_points", 1000))
    garrison = rules.campaign.army(sstate(rules).garrisons.get(place.id, ""))
    return most - (garrison.points if garrison is not None else 0)


def walls_refusal(
    rules: api.Rules, place: api.Settlement, armies: list[api.Army], units: list[str]
) -> str:
    """Why the units named to withdraw into ``place`` cannot ('' when they can): each a
    unit of the withdrawing corps, named once, all of them within the garrison's room; none
    named is all of them, which must then fit (R-SU-37: the player chooses which of them are
    "the excess troops above 1.000 points", and those are eliminated)."""
    theirs = {u.id: u for a in armies for u in a.units}
    room = garrison_room(rules, place)
    listed = ", ".join(f"{u.id} ({u.points:,})" for u in theirs.values())
    if not units:
        total = sum(u.points for u in theirs.values())
        if total <= room:
            return ""
        return (
            f"{place.name}'s garrison has room for {room:,} pts and your corps hold "
            f"{total:,}: name the units that go inside, units = [...] of {listed}; the rest "
            "are eliminated (section 4.6, R-SU-37)"
        )
    unknown = [u for u in units if u not in theirs]
    if unknown:
        return f"{', '.join(unknown)}: no unit of your corps withdrawing here ({listed})"
    if len(set(units)) != len(units):
        return "Name each unit once"
    total = sum(theirs[u].points for u in units)
    if total > room:
        return (
            f"Those units hold {total:,} pts: {place.name}'s garrison has room for {room:,} "
            "(section 4.6, R-SU-20, R-SU-37)"
        )
    return ""


def join_garrison(
    ctx: api.Context, army: api.Army, place: api.Settlement, chosen: set[str] | None = None
) -> None:
    """R-SU-37: a corps withdraws into its own castle or city: the units its player chose
    (every one when none were named) join the garrison while it holds at most 1,000 pts;
    the others are eliminated. Without a garrison there, the corps becomes it."""
    camp, state = ctx.campaign, sstate(ctx)
    most = int(ctx.table("campaign").get("garrison_points", 1000))
    garrison = camp.army(state.garrisons.get(place.id, ""))
    if garrison is None:
        garrison = api.Army(camp.new_id("army"), f"The {place.name} Garrison", army.owner, army.hex)
        camp.armies.append(garrison)
        state.garrisons[place.id] = garrison.id
    kept, lost = [], []
    for unit in list(army.units):
        army.units.remove(unit)
        inside = chosen is None or unit.id in chosen
        if inside and garrison.points + unit.points <= most:
            garrison.units.append(unit)
            kept.append(unit.name)
        else:
            lost.append(unit.name)
    said = f"{describe(army)} withdraws into {place.name}"
    said += f": {battles.names_joined(kept)} join '{garrison.name}'" if kept else ""
    if lost:
        said += (
            f"; {battles.names_joined(lost)}, left as the excess over {most:,} pts, "
            f"{'is' if len(lost) == 1 else 'are'} eliminated"
        )
    camp.armies.remove(army)
    state.corps.pop(army.id, None)
    ctx.emit(  # which units, and which are lost: the owner's to know
        "garrison", f"{said} (section 4.6, R-SU-37)", visible_to=[army.owner], army=garrison.id
    )
    control.tidy(ctx)
