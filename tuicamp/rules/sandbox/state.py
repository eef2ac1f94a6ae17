"""What the sandbox remembers between actions (whose turn it is is the engine's flow),
and what its movement ledger says an army has left."""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import define, field

from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr

if TYPE_CHECKING:
    from tuicamp.engine.rules import Rules
    from tuicamp.model.forces import Army


@define
class SandboxState:
    __repr__ = fields_repr
    __eq__ = fields_eq

    mp_used: dict[str, float] = field(factory=dict)  # army id -> MP spent this turn (R-SB-4)


def mp_left(rules: Rules, army_id: str) -> float | None:
    """With ``enforce_movement``, the army's M less what it spent this turn; else no limit
    (R-SB-4)."""
    army = rules.campaign.army(army_id)
    return None if army is None else mp_left_of(rules, army)


def mp_left_of(rules: Rules, army: Army) -> float | None:
    """:func:`mp_left` of an army in hand: a seat's view asks it of every army, and a
    look-up by id among every army for each made a view of 500 armies quadratic."""
    if not rules.option("enforce_movement"):
        return None
    return max(0.0, army.movement - rules.campaign.state.mp_used.get(army.id, 0.0))
