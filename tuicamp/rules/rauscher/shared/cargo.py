"""What baggage trains and ships carry: one measure of a load for every module.

"A baggage train can hold 2 units of food supplies, or 2 gold"; "Each ship ... can carry
10 units of food and supplies or 10 gold". Cargo is kept in the carrier's ArmyState as
``{"food": units, "gold": coppers}`` (money is always coppers, R-RA-1: 1 gold = 10c), so
a full train holds 2 food, or 20c, or 1 food and 10c (tuicamp lets a load be mixed; each
food counts 1, each 10c counts 1). The capacities are the ``[move_carriers]`` table.
"""

from __future__ import annotations

import math
from typing import Any

from tuicamp.rules.rauscher.shared.state import ArmyState, Role

COPPERS_PER_GOLD = 10  # R-RA-1: 1 gold = 2 silver = 10 copper
EPSILON = 1e-9


def load_units(cargo: dict[str, int]) -> float:
    """How full a carrier is: 1 per food, 1 per gold (10 coppers)."""
    return cargo.get("food", 0) + cargo.get("gold", 0) / COPPERS_PER_GOLD


def capacity(tables: dict[str, Any], role: Role) -> int:
    """Units of food or gold a carrier of this role holds (0: it carries none)."""
    spec = tables.get("move_carriers", {}).get(role.value)
    return int(spec["capacity"]) if spec else 0


def room(tables: dict[str, Any], record: ArmyState) -> float:
    """Units still free aboard (never below 0)."""
    return max(0.0, capacity(tables, record.role) - load_units(record.cargo))


def food_room(tables: dict[str, Any], record: ArmyState) -> int:
    """Whole units of food that still fit."""
    return math.floor(room(tables, record) + EPSILON)


def gold_room(tables: dict[str, Any], record: ArmyState) -> int:
    """Coppers that still fit."""
    return math.floor(room(tables, record) * COPPERS_PER_GOLD + EPSILON)


def stow(tables: dict[str, Any], record: ArmyState, what: str, amount: int) -> int:
    """Put up to ``amount`` of food (units) or gold (coppers) aboard; returns how much
    went aboard (the rest is the caller's)."""
    free = food_room(tables, record) if what == "food" else gold_room(tables, record)
    put = max(0, min(free, amount))
    if put:
        record.cargo[what] = record.cargo.get(what, 0) + put
    return put
