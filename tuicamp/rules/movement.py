"""Movement costs from a ruleset's tables, shared by every ruleset that moves counters.

A ruleset's ``tables.toml`` prices terrain in ``[terrain_cost]`` (terrain id -> MP; a
missing terrain is impassable) and hexside features in ``[hexside.<feature>]`` tables with
the fields of :class:`~tuicamp.engine.pathing.HexsideRule`.
"""

from __future__ import annotations

from typing import Any

from tuicamp.engine.pathing import CostModel, HexsideRule
from tuicamp.model.map import HexMap


def hexside_rules(tables: dict[str, Any]) -> dict[str, HexsideRule]:
    rules = {}
    for feature, spec in tables.get("hexside", {}).items():
        rules[feature] = HexsideRule(
            add=float(spec.get("add", 0.0)),
            factor=float(spec.get("factor", 1.0)),
            blocks=bool(spec.get("blocks", False)),
            unless=tuple(spec.get("unless", ())),
        )
    return rules


def cost_model(hexmap: HexMap, tables: dict[str, Any]) -> CostModel:
    terrain = {k: (None if v is False else float(v)) for k, v in tables["terrain_cost"].items()}
    return CostModel.from_map(hexmap, terrain, hexside_rules(tables))
