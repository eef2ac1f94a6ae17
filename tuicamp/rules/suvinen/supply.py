"""Supply (section 5.0, R-SU-6, R-SU-17, R-SU-18).

"After all battles are fought you'll have to check supply for all units. You have to trace
supplyline free of enemy-units back to your Home Castle, captured enemy Home Castle, allied
home castle or (if you are using a map with other cities) to any other friendly city. The
supplyline may not be longer than 10 Movement Points. You can also draw the supplyline via
rivers or streams (and lakes or sea). The river or stream may not pass adjacent to enemy
units." "If a unit can't trace a supplyline, it is considered 'Disrupted'. Check for ALL
units simultanously. Models in a Disrupted unit have LD-2. If a unit is already Disrupted
it is elimininated. A unit that is already Disrupted cannot cut supplylines."

A line is searched over hexes and waterway sides at once (the engine's side network): by
land at the price of a move, along a river side for 1/2 MP, a stream side for 1 MP, across
a lake or sea hex for 1 MP, switching between them for nothing (R-SU-17). Hexes of hostile
corps that were not Disrupted before the check are closed, with their sides and the water
next to them; a corps in a contested hex leaves it only by a friendly side.
"""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.suvinen import control
from tuicamp.rules.suvinen.corps import allied, corps_at, describe, hostile
from tuicamp.rules.suvinen.impulses import mp_text
from tuicamp.rules.suvinen.roster import remove_corps
from tuicamp.rules.suvinen.state import corps_record, sstate


def sources(rules: api.Rules, player: str) -> dict[api.Hex, str]:
    """The player's supply sources (hex -> name): its own and its allies' castles and
    cities, and those its or its allies' corps occupy, hostile corps none (R-SU-20,
    R-SU-35: "The Home Castle will act as a supplysource for the new occupants")."""
    kinds = set(rules.table("supply").get("sources", ["castle", "capital", "city"]))
    camp = rules.campaign
    return {
        s.hex: s.name
        for s in camp.map.settlements
        if s.kind in kinds
        and (
            (s.owner is not None and allied(rules, s.owner, player))
            or occupied_by_friends(rules, s.hex, player)
        )
    }


def occupied_by_friends(rules: api.Rules, h: api.Hex, player: str) -> bool:
    """Corps of the player or its allies stand in ``h``, and no hostile corps (R-SU-35)."""
    here = corps_at(rules, h)
    return bool(here) and all(allied(rules, a.owner, player) for a in here)


def network(rules: api.Rules) -> api.SideNetwork:
    """The map's supply network: land legs at the price of a move (R-SU-2), waterways and
    water at the supply table's prices (R-SU-6)."""
    table = rules.table("supply")
    land = api.cost_model(rules.campaign.map, rules.tables)
    return api.SideNetwork.from_map(
        rules.campaign.map,
        land,
        waterways=dict(table.get("waterways", {})),
        water=dict(table.get("water", {})),
    )


def closures(rules: api.Rules, player: str, cutting: set[str]) -> api.Closures:
    """What ``player``'s lines may not use: every hex of a hostile corps among ``cutting``
    (those not Disrupted before the check), its sides and the water beside it; its own
    contested hexes are left only by friendly sides (R-SU-17)."""
    camp = rules.campaign
    closed = {
        a.hex
        for a in camp.armies
        if a.hex is not None and a.id in cutting and hostile(rules, a.owner, player)
    }
    exits: dict[api.Hex, list[int]] = {}
    for h in closed:
        mine = any(
            a.owner == player or allied(rules, a.owner, player) for a in camp.armies if a.hex == h
        )
        if mine:
            exits[h] = [
                s.direction
                for s in control.sides_of(h)
                if s not in sstate(rules).control or control.friendly_side(rules, s, player)
            ]
    return api.Closures.around(closed, exits)


def check(ctx: api.Context) -> None:
    """Every corps on the map traces its line at once (R-SU-17): a corps without one is
    Disrupted, one Disrupted already is eliminated; a Disrupted corps with a line recovers
    (R-SU-18). Each result is told to the corps' owner."""
    camp = ctx.campaign
    most = float(ctx.table("supply").get("max_mp", 10))
    cutting = {a.id for a in camp.armies if a.units and not corps_record(ctx, a.id).disrupted}
    base = network(ctx)
    results: dict[str, tuple[float, str] | None] = {}
    paths: dict[str, list[api.Hex]] = {}
    for army in [a for a in camp.armies if a.hex is not None and a.units]:
        assert army.hex is not None
        found = sources(ctx, army.owner)
        lines = base.with_closures(closures(ctx, army.owner, cutting - {army.id}))
        line = api.cheapest_line(lines, army.hex, list(found), most) if found else None
        results[army.id] = None if line is None else (line.cost, found[line.end])
        paths[army.id] = [] if line is None else line_hexes(line)
    for army_id, result in results.items():
        army = ctx.army(army_id)
        record = corps_record(ctx, army_id)
        record.supply, record.supply_checked = result, camp.turn
        record.supply_path = paths[army_id]
        if result is not None:
            cost, source = result
            if record.disrupted:
                record.disrupted = False
                text = (
                    f"{describe(army)} traces its supply line again ({mp_text(cost)} MP to "
                    f"{source}): no longer Disrupted (R-SU-18)"
                )
                ctx.emit("supply", text, visible_to=[army.owner], army=army_id)
            continue
        if record.disrupted:
            eliminate(ctx, army)
            continue
        record.disrupted = True
        text = (
            f"{describe(army)} can trace no supply line of {mp_text(most)} MP or less: it is "
            "Disrupted, Ld -2 (R-SU-18)"
        )
        ctx.emit("supply", text, visible_to=[army.owner], army=army_id)


def line_hexes(line: api.SideLine) -> list[api.Hex]:
    """The hexes a line runs through, in order: a hex it enters, or the hex a waterway side
    it follows is seen from; a hex once, however many of its sides the line follows."""
    out: list[api.Hex] = []
    for step in line.steps:
        h = step.hex if step.hex is not None else step.side.hex if step.side else None
        if h is not None and (not out or out[-1] != h):
            out.append(h)
    return out


def eliminate(ctx: api.Context, army: api.Army) -> None:
    """R-SU-18: "If a unit is already Disrupted it is elimininated"."""
    text = f"{describe(army)} is unsupplied a second time running: it is eliminated (R-SU-18)"
    remove_corps(ctx, army, text)
