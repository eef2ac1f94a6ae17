"""Planning a move on the map: the cheapest path to the cursor and the hexes within reach.

A preview, not a ruling: it prices the map with the ruleset's own movement tables (the
campaign's overrides laid over them) and knows only what the seat's view shows, so it
never reveals a hidden army by routing around it. The engine decides when the move is
sent; a preview that disagrees only means the engine's refusal is shown.
"""

from __future__ import annotations

import math
from typing import Any

from tuicamp.engine.context import merged_tables
from tuicamp.engine.costs import cost_model
from tuicamp.engine.pathing import CostModel, Path, cheapest_path, reachable
from tuicamp.model.hexes import Hex
from tuicamp.model.map import HexMap


def build_model(
    hexmap: HexMap, defaults: dict[str, Any], overrides: dict[str, Any]
) -> CostModel | None:
    """The ruleset's cost model, or None for a ruleset that prices no terrain."""
    tables = merged_tables(defaults, overrides)
    if "terrain_cost" not in tables:
        return None
    try:
        return cost_model(hexmap, tables)
    except (KeyError, TypeError, ValueError):
        return None


def cost_label(cost: float) -> str:
    """At most two ASCII cells: '3', '12', '1+' for 1.5, '++' beyond 99."""
    whole = math.floor(cost + 1e-9)
    if whole > 99:
        return "++"
    if cost - whole > 1e-9:
        return f"{whole}+" if whole < 10 else str(whole)
    return str(whole)


class MovePlanner:
    def __init__(self, model: CostModel | None) -> None:
        self.model = model

    def path(self, start: Hex, goal: Hex) -> Path | None:
        if self.model is None or start == goal:
            return None
        try:
            return cheapest_path(self.model, start, goal)
        except (KeyError, ValueError):
            return None

    def reach(self, start: Hex, budget: float | None) -> dict[Hex, float]:
        if self.model is None or budget is None or budget <= 0:
            return {}
        try:
            found = reachable(self.model, start, budget)
        except (KeyError, ValueError):
            return {}
        found.pop(start, None)
        return found

    def overlays(
        self, start: Hex, goal: Hex | None, budget: float | None
    ) -> tuple[dict[Hex, str], dict[Hex, str], Path | None]:
        """(reach labels, path labels, path) for the map widget's overlays."""
        reach = {h: cost_label(c) for h, c in self.reach(start, budget).items()}
        path = self.path(start, goal) if goal is not None else None
        labels: dict[Hex, str] = {}
        if path is not None:
            for h in path.hexes[1:-1]:
                labels[h] = "*"
            labels[path.hexes[-1]] = cost_label(path.cost)
        return reach, labels, path
