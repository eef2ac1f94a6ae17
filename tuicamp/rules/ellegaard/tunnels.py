"""Skaven tunnels (the text's Skaven movement; R-EL-27).

"Before the campaign starts the Skaven player is allowed to dig out any number of tunnels.
The Skaven player has got 20 tunnel squares from which he can dig out the tunnels, and at
any time the player wishes he can either dive into a tunnel or go above ground from a
tunnel ... A Skaven army may continue to dig out the tunnels from anywhere under the
ground, and for every 1 hour the army can dig out one square of tunnel. Any opposing troops
crossing over a Skaven tunnel system must roll a D6. On a roll of 1 they have been
discovered by the rats, and these may wish to attack the opponent."

A division underground is seen by its own side only, has no attention zone and cannot be
met; it marches 6 through its side's tunnels, each tunnel hex costing 1 whatever lies
above. Tunnels are public unless the option ``hidden_tunnels`` is set.
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.ellegaard import hour, races
from tuicamp.rules.ellegaard.commands import fresh
from tuicamp.rules.ellegaard.state import Tunnel, division, estate


@define(kw_only=True)
class Dive(api.Action):
    kind = "dive"
    summary = "Take a division down into its side's tunnel under it (free), in your Move phase"
    division: str


@define(kw_only=True)
class Surface(api.Action):
    kind = "surface"
    summary = "Bring a division up out of the tunnels where it stands (free), in your Move phase"
    division: str


@define(kw_only=True)
class Dig(api.Action):
    kind = "dig"
    summary = "Dig one tunnel hex next to an underground division and go into it: its move ends"
    division: str
    to: str


def tunnel_hexes(rules: api.Rules, owner: str) -> set[api.Hex]:
    """The hexes of a side's tunnels (its allies' too: one side, one system)."""
    camp = rules.campaign
    return {t.hex for t in estate(rules).tunnels if api.teams.friendly(camp, t.owner, owner)}


def is_underground(rules: api.Rules, army: api.Army) -> bool:
    return division(rules, army.id).underground


def can_dig(rules: api.Rules, army: api.Army) -> bool:
    """ "A Skaven army may continue to dig": a division made wholly of Skaven (R-EL-12)."""
    return races.whole_army(rules, army, str(rules.table("tunnels").get("race", "skaven")))


def tunnel_model(rules: api.Rules, army: api.Army) -> api.CostModel:
    """Underground: every hex of the side's tunnels costs 1, whatever lies above, and
    nothing else can be entered."""
    camp = rules.campaign
    inside = tunnel_hexes(rules, army.owner)
    enter: list[float | None] = [1.0 if h in inside else None for h in _in_order(camp.map)]
    return api.CostModel(camp.map.width, camp.map.height, enter, {}, {}, set())


def _in_order(hexmap: api.HexMap) -> list[api.Hex]:
    """The map's hexes in the cost model's order: row by row, column by column."""
    return [api.Hex.from_offset(c, r) for r in range(hexmap.height) for c in range(hexmap.width)]


def _checked(ctx: api.Context, army_id: str) -> api.Army:
    army = ctx.own_army(army_id)
    hour.require_stage(ctx, hour.MOVE, army)
    fresh(ctx, division(ctx, army.id))
    return army


def dive(ctx: api.Context, action: Dive) -> None:
    army = _checked(ctx, action.division)
    record = division(ctx, army.id)
    ctx.require(not record.underground, f"'{army.name}' is already underground")
    ctx.require(
        army.hex in tunnel_hexes(ctx, army.owner),
        f"There is no tunnel of your side under '{army.name}'",
    )
    record.underground = True
    ctx.emit(
        "dive",
        f"'{army.name}' dives into the tunnels",
        player=army.owner,
        visible_to=own_side(ctx, army),
        division=army.id,
    )


def surface(ctx: api.Context, action: Surface) -> None:
    army = _checked(ctx, action.division)
    record = division(ctx, army.id)
    ctx.require(record.underground, f"'{army.name}' is not underground")
    camp = ctx.campaign
    enemy_here = any(
        a.hex == army.hex
        and api.teams.hostile(camp, a.owner, army.owner)
        and not division(ctx, a.id).underground
        for a in camp.armies
    )
    ctx.require(not enemy_here, "An enemy division stands above: it cannot surface here")
    record.underground = False
    ctx.emit(
        "surface",
        f"'{army.name}' comes up out of the tunnels at {camp.map.label(army.hex)}"
        if army.hex is not None
        else f"'{army.name}' comes up",
        player=army.owner,
        division=army.id,
    )


def dig(ctx: api.Context, action: Dig) -> None:
    """ "For every 1 hour the army can dig out one square of tunnel": a hex next to the
    division's, which it then stands in; its march is over for the hour."""
    army = _checked(ctx, action.division)
    record = division(ctx, army.id)
    camp = ctx.campaign
    ctx.require(record.underground, f"'{army.name}' digs from underground: dive first")
    ctx.require(can_dig(ctx, army), f"'{army.name}' is not all Skaven: only Skaven dig")
    ctx.require(record.dug_hour != camp.turn, f"'{army.name}' has dug this hour already")
    to = api.turns.parse_hex(camp.map, action.to)
    assert army.hex is not None
    ctx.require(army.hex.is_adjacent(to), f"{action.to} is not next to '{army.name}'")
    ctx.require(to not in tunnel_hexes(ctx, army.owner), f"{action.to} is a tunnel already")
    ctx.require(not camp.map.terrain_at(to).water, f"No tunnel is dug under water ({action.to})")
    estate(ctx).tunnels.append(Tunnel(to, army.owner))
    army.hex = to
    record.dug_hour = camp.turn
    ctx.emit(
        "dig",
        f"'{army.name}' digs a new tunnel hex, {action.to}, and ends its move there",
        player=army.owner,
        visible_to=own_side(ctx, army),
        division=army.id,
    )
    if not ctx.option("hidden_tunnels"):  # the tunnel is public, its digger is not
        side = api.teams.name_of(camp, army.owner)
        ctx.emit("tunnel_dug", f"{side} digs a new tunnel hex: {action.to} (R-EL-27)")


def own_side(rules: api.Rules, army: api.Army) -> list[str]:
    """Who may read of a division underground: "seen only by its owner" and his allies
    (R-EL-27)."""
    return api.teams.members(rules.campaign, army.owner) or [army.owner]


def rats_watch(ctx: api.Context, army: api.Army, hexes: list[api.Hex]) -> api.Army | None:
    """An enemy division entering a tunnel hex rolls a D6, once an hour: on a 1 the rats
    have found it, and the nearest Skaven division of that system may meet it (R-EL-27)."""
    camp, state = ctx.campaign, estate(ctx)
    record = division(ctx, army.id)
    if record.rats_hour == camp.turn:
        return None
    hostile_tunnels = [
        t for t in state.tunnels if t.hex in hexes and api.teams.hostile(camp, t.owner, army.owner)
    ]
    if not hostile_tunnels:
        return None
    record.rats_hour = camp.turn
    roll = ctx.dice.roll("d6", f"'{army.name}' crosses a Skaven tunnel")
    owner = hostile_tunnels[0].owner
    if roll.total > int(ctx.table("tunnels").get("discovered_on", 1)):
        # hidden tunnels stay hidden from the crosser: only the rats know it passed
        hidden = bool(ctx.option("hidden_tunnels"))
        ctx.emit(
            "tunnel_crossed",
            f"'{army.name}' crosses a tunnel unseen ({roll.total})",
            visible_to=(api.teams.members(camp, owner) or [owner]) if hidden else [army.owner],
            undoable=False,
        )
        return None
    rats = [
        a
        for a in camp.armies
        if a.hex is not None and a.owner == owner and division(ctx, a.id).underground
    ]
    ctx.emit(
        "discovered_by_rats",
        f"'{army.name}' rolls {roll.total}: discovered by the rats in their tunnels",
        undoable=False,
    )
    here = army.hex
    if not rats or here is None:
        return None
    return min(rats, key=lambda a: (a.hex.distance(here) if a.hex else 0, a.id))


def tunnels_text(rules: api.Rules, seat: api.Seat) -> list[tuple[str, str]]:
    """Each side's tunnels as its status line shows them: everyone reads them unless
    ``hidden_tunnels``, then only the side that dug them (R-EL-27)."""
    camp, out = rules.campaign, []
    owners = list(dict.fromkeys(t.owner for t in estate(rules).tunnels))
    for owner in owners:
        if rules.option("hidden_tunnels") and not (seat.gm or seat.controls(owner)):
            continue
        hexes = sorted(camp.map.label(t.hex) for t in estate(rules).tunnels if t.owner == owner)
        out.append((owner, ", ".join(hexes)))
    return out


HANDLERS = {Dive: dive, Surface: surface, Dig: dig}
ACTIONS = (Dive, Surface, Dig)
