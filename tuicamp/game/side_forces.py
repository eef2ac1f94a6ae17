"""A battle side's forces without army counters, one line each, as a side's heading on the
result form and the battle queue lists them.

The naming itself is the engine's (:mod:`tuicamp.engine.side_forces`), since the
chronicle's battle line and the engine's refusals name a side too; the card, the orders
file and `tuicamp battles` call it there. This module adds only the heading's line of a
force.
"""

from __future__ import annotations

from collections.abc import Callable

from tuicamp.engine.rules import Rules
from tuicamp.engine.side_forces import forces
from tuicamp.model.battle import Battle, BattleSide


def force_lines(
    rules: Rules, battle: Battle, side: BattleSide, size: Callable[[int], str]
) -> list[str]:
    """One entry a force, as a side's heading lists it beside its armies:
    ``Malus of Hag Graef (1750 pts, no army counters)``; ``size`` says its points (or
    hides them from a seat that does not fight)."""
    listed = forces(rules, battle, side)
    return [f"{name} ({size(points)}, no army counters)" for name, points in listed]
