"""Changing the army list at the home base (the text's "Movement"; R-EL-37).

"If you at any time enters your home base, you are allowed to change the army list in
favour of some more powerful characters, regiments etc. This is the only time where you
may do so". "You must have one army list for each army you have, and you cannot change
them after they has left their home base."

In its owner's Command phase, a division at its home base may take on new units
(``recruit``) and send units home (``dismiss``), so long as the side's divisions together
stay within the campaign total. The general stays (he leads it, R-EL-34); a fleeing
division rallies before it changes anything. The change is the owner's secret: the
enemy's counters do not show it.
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.ellegaard import hour
from tuicamp.rules.ellegaard.commands import at_home
from tuicamp.rules.ellegaard.state import division, estate

CATEGORIES = ", ".join(c.value for c in api.Category)


@define(kw_only=True)
class Recruit(api.Action):
    kind = "recruit"
    summary = (
        "At the home base, add a unit to a division's army list (name, points, category, "
        "models, movement, leadership, flags, race), within the campaign total"
    )
    division: str
    name: str
    points: int
    category: str = "rank_and_file"
    models: int = 1
    movement: int = 4
    leadership: int = 7
    flags: list[str] = field(factory=list)
    race: str = ""


@define(kw_only=True)
class Dismiss(api.Action):
    kind = "dismiss"
    summary = "At the home base, take a unit off a division's army list (unit = its id)"
    division: str
    unit: str


def at_home_base(ctx: api.Context, army_id: str) -> api.Army:
    """The division, refused unless it stands at its home base in its owner's Command
    phase and is not fleeing."""
    army = ctx.own_army(army_id)
    hour.require_stage(ctx, hour.COMMAND, army)
    ctx.require(
        at_home(ctx, army),
        f"'{army.name}' is not at its home base: its army list \"cannot change after it has "
        'left its home base" (R-EL-37)',
    )
    ctx.require(not division(ctx, army.id).fleeing_from, f"'{army.name}' is fleeing")
    return army


def side_points(campaign: api.Campaign, owner: str) -> int:
    return sum(a.points for a in campaign.armies if a.owner == owner)


def recruit(ctx: api.Context, action: Recruit) -> None:
    army = at_home_base(ctx, action.division)
    name = action.name.strip()
    ctx.require(name, "Name the new unit (name = ...)")
    ctx.require(action.points > 0, f"{name} must cost some points (points = ...)")
    ctx.require(action.models > 0, f"{name} must have at least one model")
    ctx.require(
        action.category in {c.value for c in api.Category},
        f"{action.category!r} is no unit category ({CATEGORIES})",
    )
    ctx.require(
        "general" not in action.flags,
        "A division keeps its general: a new unit is never flagged 'general' (R-EL-34)",
    )
    camp, total = ctx.campaign, estate(ctx).points
    after = side_points(camp, army.owner) + action.points
    ctx.require(
        after <= total,
        f"{name} ({action.points:,} pts) would bring your divisions to {after:,} pts, more "
        f"than the campaign total of {total:,} pts (R-EL-37)",
    )
    unit = api.Unit(
        camp.new_id(f"{army.id}-u"),
        name,
        action.points,
        api.Category(action.category),
        action.movement,
        action.leadership,
        action.models,
        set(action.flags),
        action.race.strip(),
    )
    army.units.append(unit)
    ctx.emit(
        "list_changed",
        f"'{army.name}' takes {name} ({action.points:,} pts) onto its army list at the home "
        f"base: {army.points:,} pts (R-EL-37)",
        player=army.owner,
        visible_to=[army.owner],
        division=army.id,
    )


def dismiss(ctx: api.Context, action: Dismiss) -> None:
    army = at_home_base(ctx, action.division)
    unit = ctx.unit(army, action.unit)
    ctx.require(
        "general" not in unit.flags,
        f"{unit.name} is the general of '{army.name}': he stays with it (R-EL-34)",
    )
    ctx.require(len(army.units) > 1, f"{unit.name} is all '{army.name}' has left")
    army.units.remove(unit)
    division(ctx, army.id).wounded.pop(unit.id, None)
    ctx.emit(
        "list_changed",
        f"'{army.name}' sends {unit.name} ({unit.points:,} pts) home and takes it off its "
        f"army list: {army.points:,} pts (R-EL-37)",
        player=army.owner,
        visible_to=[army.owner],
        division=army.id,
    )


HANDLERS = {Recruit: recruit, Dismiss: dismiss}
ACTIONS = (Recruit, Dismiss)
