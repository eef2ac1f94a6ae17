"""What one seat may know of the sandbox's state, and the status lines drawn from it.

The sandbox remembers its turn order and, with ``enforce_movement``, what each army spent
this turn. Whose turn it is, everyone may know. What an army spent tells how far it went,
so with ``fog_of_war`` (where another player's army is a counter on the map) it is its
owner's to know: the ledger holds exactly the armies the seat sees in full. The status
lines are drawn from this projection alone, so they cannot tell more than the view does.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import frozen

from tuicamp.engine.ruleset import StatusLine
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.forces import Army, Seat
from tuicamp.model.reprs import fields_repr


@frozen
class ArmyLedger:
    """One army's movement this turn."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    army: str
    name: str
    owner: str
    movement: int  # M of its slowest unit: what it may spend per turn
    spent: float
    left: float | None  # None: no limit (``enforce_movement`` is off)

    @classmethod
    def of(cls, army: Army, spent: float, left: float | None) -> ArmyLedger:
        return cls(army.id, army.name, army.owner, army.movement, spent, left)


@frozen
class SandboxView:
    """The sandbox's state as one seat may know it (copies: changing it changes nothing)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    order: tuple[str, ...]  # player ids in turn order
    to_play: tuple[str, ...]  # whose turn it is (all who have not ended, when simultaneous)
    ended: tuple[str, ...]  # players who ended this turn (simultaneous play)
    simultaneous: bool
    enforce_movement: bool
    armies: tuple[ArmyLedger, ...]  # the armies this seat sees in full

    def ledger(self, army_id: str) -> ArmyLedger | None:
        return next((a for a in self.armies if a.army == army_id), None)

    def mp_left(self, army_id: str) -> float | None:
        """MP the army may still spend this turn; None: no limit, or not the seat's to
        know (the reach overlay then shows no reach)."""
        ledger = self.ledger(army_id)
        return ledger.left if ledger is not None else None


def sandbox_status(
    view: SandboxView, seat: Seat, name_of: Callable[[str], str]
) -> list[StatusLine]:
    """The seat's ledgers: the turn order, whose turn it is, and with ``enforce_movement``
    what each of its own armies (every army, for the Games Master) has spent."""

    def names(players: tuple[str, ...]) -> str:
        return ", ".join(name_of(p) for p in players) or "nobody"

    lines = [StatusLine("Turn order", names(view.order))]
    if view.simultaneous:
        lines.append(StatusLine("Still to end the turn", names(view.to_play)))
    else:
        first = view.to_play[0] if view.to_play else None
        lines.append(StatusLine("To play", names(view.to_play), player=first))
    if view.enforce_movement:
        for a in view.armies:
            if seat.controls(a.owner) and a.left is not None:
                text = f"{a.spent:g} spent, {a.left:g} of M{a.movement} left"
                lines.append(StatusLine("MP", text, army=a.army, player=a.owner))
    return lines
