"""Quicksand (the text's "Mapping and preparing"; R-EL-36).

"Why not make some special rules for certain terrain - for example, if an army division
crosses a swamp with quicksands you must roll a dice for each unit and character. On a 6
it has been taken by the swamp ... remove the character or unit from the roster!"

A scenario marks its quicksand hexes (``quicksand``, hex labels, in the set-up table);
they are public, drawn on the map and told in the status lines. Every time a division
enters one above ground, by a march, a flight or a pursuit, each of its units and
characters rolls a D6, and a 6 takes it. A general taken is replaced (R-EL-35).
"""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.ellegaard import roster
from tuicamp.rules.ellegaard.setup import general
from tuicamp.rules.ellegaard.state import division, estate


def quicksand_hexes(rules: api.Rules) -> list[api.Hex]:
    return list(estate(rules).quicksand)


def sink(ctx: api.Context, army: api.Army, hexes: list[api.Hex]) -> None:
    """The D6 per unit and character for each quicksand hex among ``hexes`` (entered in
    this order); a 6 removes the unit or character from the roster."""
    if division(ctx, army.id).underground:
        return  # R-EL-27: below the swamp, not in it
    spec = ctx.table("quicksand")
    dice, lost_on = str(spec.get("dice", "d6")), int(spec.get("lost_on", 6))
    camp, marked = ctx.campaign, set(estate(ctx).quicksand)
    for h in hexes:
        if h not in marked or camp.army(army.id) is None:
            continue
        taken = []
        leader = general(army)
        for unit in list(army.units):
            roll = ctx.dice.roll(dice, f"{unit.name} of '{army.name}' in the quicksand")
            if roll.total >= lost_on:
                taken.append(unit)
        where = camp.map.label(h)
        names = ", ".join(u.name for u in taken) or "nothing"
        ctx.emit(
            "quicksand",
            f"'{army.name}' crosses the quicksand at {where}: the swamp takes {names} (R-EL-36)",
            undoable=False,
            division=army.id,
        )
        for unit in taken:
            if unit is leader:
                roster.replace_general(ctx, army, "is taken by the swamp")
            else:
                army.units.remove(unit)
        roster.gone_if_empty(ctx, army)


def quicksand_problems(rules: api.Rules) -> list[api.Problem]:
    """Quicksand hexes must lie on the map, on land."""
    camp, out = rules.campaign, []
    for h in estate(rules).quicksand:
        if not camp.map.contains(h) or camp.map.terrain_at(h).water:
            text = f"quicksand hex {h.label()} is off the map or under water (R-EL-36)"
            out.append(api.Problem((), text))
    return out
