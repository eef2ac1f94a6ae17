"""What a division pays to enter each hex: the movement tables priced for it (R-EL-1,
R-EL-12), with enemy divisions' hexes closed. Marches, flight and pursuit all read it.
"""

from __future__ import annotations

from typing import Any

from tuicamp.rules import api
from tuicamp.rules.ellegaard import races
from tuicamp.rules.ellegaard.state import division


def division_tables(rules: api.Rules, army: api.Army) -> dict[str, Any]:
    """The movement tables priced for this division: a race's terrain or hexside exception
    counts only when every unit has it (R-EL-12), so each price is the dearest any unit's
    race pays."""
    base_terrain: dict[str, Any] = dict(rules.table("terrain_cost"))
    base_sides: dict[str, Any] = {k: dict(v) for k, v in rules.table("hexside").items()}
    rows = [races.race_row(rules, k) for k in races.unit_keys(rules, army)]
    terrain = dict(base_terrain)
    for tid, cost in base_terrain.items():
        if rows and cost is not False:
            terrain[tid] = max(row.get("terrain", {}).get(tid, cost) for row in rows)
    for feature, spec in base_sides.items():
        add = spec.get("add")
        if rows and add is not None:
            spec["add"] = max(row.get("hexside", {}).get(feature, add) for row in rows)
    return {"terrain_cost": terrain, "hexside": base_sides}


def hostile_hexes(rules: api.Rules, army: api.Army) -> set[api.Hex]:
    """Hexes of enemy divisions: no division marches into or through them (a Block's hex
    above all, R-EL-20), but a blocker it has beaten this hour lets it pass, and so does
    the attacker of a "You silly!" (R-EL-45)."""
    camp = rules.campaign
    record = division(rules, army.id)
    beaten = set(record.passes)
    if record.let_through_hour == rules.campaign.turn:
        beaten |= set(record.let_through)  # R-EL-45
    return {
        a.hex
        for a in camp.armies
        if a.hex is not None
        and api.teams.hostile(camp, a.owner, army.owner)
        and not division(rules, a.id).underground  # below, it is no obstacle (R-EL-27)
        and a.id not in beaten
    }


def division_model(rules: api.Rules, army: api.Army) -> api.CostModel:
    model = api.cost_model(rules.campaign.map, division_tables(rules, army))
    return model.with_blocked(hostile_hexes(rules, army))
