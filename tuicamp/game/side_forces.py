"""A battle side's forces without army counters, as every list, form and file names them.

The naming itself is the engine's (:mod:`tuicamp.engine.side_forces`), since the
chronicle's battle line and the engine's refusals name a side too; this module gives it
to the card, the result form, the battle queue, the orders file and `tuicamp battles`,
with the heading's line of each force they add, so one piece of code names a side
everywhere.
"""

from __future__ import annotations

from collections.abc import Callable

from tuicamp.engine.rules import Rules
from tuicamp.engine.side_forces import forces, points_of, side_names, sides_named
from tuicamp.model.battle import Battle, BattleSide

__all__ = ["force_lines", "forces", "points_of", "side_names", "sides_named"]


def force_lines(
    rules: Rules, battle: Battle, side: BattleSide, size: Callable[[int], str]
) -> list[str]:
    """One entry a force, as a side's heading lists it beside its armies:
    ``Malus of Hag Graef (1750 pts, no army counters)``; ``size`` says its points (or
    hides them from a seat that does not fight)."""
    listed = forces(rules, battle, side)
    return [f"{name} ({size(points)}, no army counters)" for name, points in listed]
