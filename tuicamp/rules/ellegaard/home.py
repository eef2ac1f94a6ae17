"""At the home base: splitting a division in two and joining two (the text's "Movement";
R-EL-32).

"If you at any time enters your home base, you are allowed to change the army list ...
This is the only time where you may do so, and it is also the only time where you can
split an army division into two minor armies." Joining two divisions there is a ruling
(R-EL-32: the text names only splitting). Done in the owner's Command phase.
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.ellegaard import hour, setup
from tuicamp.rules.ellegaard.commands import at_home
from tuicamp.rules.ellegaard.state import Division, division, estate


@define(kw_only=True)
class Split(api.Action):
    kind = "split"
    summary = (
        "At the home base, split a division: units = the unit ids that form a new division "
        "(name = its name), general = the character among them who leads it"
    )
    division: str
    units: list[str] = field(factory=list)
    name: str = ""
    general: str = ""


@define(kw_only=True)
class Join(api.Action):
    kind = "join"
    summary = "At the home base, join a division (other = its id) into this one"
    division: str
    other: str


def _at_home(ctx: api.Context, army_id: str) -> api.Army:
    army = ctx.own_army(army_id)
    hour.require_stage(ctx, hour.COMMAND, army)
    ctx.require(
        at_home(ctx, army),
        f"'{army.name}' is not at its home base: \"This is the only time where you may do so\"",
    )
    record = division(ctx, army.id)
    ctx.require(not record.fleeing_from, f"'{army.name}' is fleeing")
    return army


def split(ctx: api.Context, action: Split) -> None:
    army = _at_home(ctx, action.division)
    camp = ctx.campaign
    moving = [ctx.unit(army, uid) for uid in dict.fromkeys(action.units)]
    ctx.require(moving, "Name the units of the new division (units = [...])")
    ctx.require(len(moving) < len(army.units), f"'{army.name}' must keep some of its units")
    old_general = setup.general(army)
    ctx.require(
        old_general is None or old_general not in moving,
        f"{old_general.name if old_general else ''} leads '{army.name}' and stays with it",
    )
    leader = next((u for u in moving if u.id == action.general), None)
    ctx.require(
        leader is not None and leader.category is api.Category.CHARACTER,
        "Name the character among the units who leads the new division (general = unit id)",
    )
    assert leader is not None
    name = action.name.strip() or f"{army.name} (detached)"
    new_id = camp.new_id("d")
    for unit in moving:
        army.units.remove(unit)
    leader.flags.add("general")
    camp.armies.append(api.Army(new_id, name, army.owner, army.hex, moving))
    estate(ctx).divisions[new_id] = Division(hour=camp.turn, changed=True)
    ctx.emit(
        "split",
        f"'{army.name}' splits at its home base: '{name}' ({sum(u.points for u in moving):,} "
        f"pts) is led by {leader.name}",
        player=army.owner,
        division=new_id,
    )


def join(ctx: api.Context, action: Join) -> None:
    army = _at_home(ctx, action.division)
    other = _at_home(ctx, action.other)
    ctx.require(other.id != army.id, "A division joins another one")
    ctx.require(other.owner == army.owner, "Only one's own divisions join")
    for unit in other.units:
        unit.flags.discard("general")  # the division joined keeps its own general
    army.units.extend(other.units)
    ctx.campaign.armies.remove(other)
    estate(ctx).divisions.pop(other.id, None)
    ctx.emit(
        "join",
        f"'{other.name}' joins '{army.name}' at the home base ({army.points:,} pts) (R-EL-32)",
        player=army.owner,
        division=army.id,
    )


HANDLERS = {Split: split, Join: join}
ACTIONS = (Split, Join)
