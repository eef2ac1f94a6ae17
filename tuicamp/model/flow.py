"""Where a campaign stands in its turn: the clock, and the engine's record of the flow.

The clock is (turn, phase, step): the campaign carries it and every chronicle event is
stamped with it (``step`` is 0 in a phase without steps). :class:`FlowState` is what the
engine needs to go on from there after a save and a reload: the order of play of this
phase (or step), who is to act in it, orders rolled on dice, and effects a ruleset set for a
later clock value. It is plain data, saved with the campaign; the rules of the flow live in
:mod:`tuicamp.engine.flow`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from attrs import define, field, frozen

from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr

if TYPE_CHECKING:
    from tuicamp.model.forces import Seat


@frozen
class Clock:
    """One moment of a campaign. Whether one clock is later than another depends on the
    ruleset's order of phases, so the engine compares them (``engine.flow.clock_key``)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    turn: int
    phase: str
    step: int = 0

    def __str__(self) -> str:
        step = f", step {self.step}" if self.step else ""
        return f"turn {self.turn}, {self.phase or 'no phase'}{step}"


@define
class RolledOrder:
    """An order of play rolled on dice, kept so that it can be shown (and checked) later.

    ``rolls`` holds every total each player rolled: the first roll, then the re-rolls that
    broke a tie with the others who rolled the same.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    turn: int
    phase: str
    step: int
    dice: str
    rolls: dict[str, list[int]] = field(factory=dict)
    order: list[str] = field(factory=list)


@define
class ScheduledEffect:
    """Something a ruleset set to happen at a later clock value (an order arriving at hour
    5, a unit back in two turns). The engine fires it once, when the clock gets there."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    id: int
    turn: int
    phase: str
    kind: str
    step: int = 0  # 0: as the phase begins
    text: str = ""  # what the chronicle says when it happens (the ruleset may say more)
    visible_to: list[str] | None = None  # who reads that event (None: everyone)
    data: dict[str, Any] = field(factory=dict)

    @property
    def clock(self) -> Clock:
        return Clock(self.turn, self.phase, self.step)


@define
class AwaitedRoll:
    """Work that waits for the table's dice (R-ALL-8): what a revealed sealed round sets off
    in table-dice mode. The round's last order is accepted without dice; the rolls are
    asked afterwards, of whoever holds the dice (a seat of a player in ``by``, or the
    Games Master), by the engine's ``roll_awaited`` action. ``text`` says what the dice
    are for ("the siege orders for Fort Vargrav (siege1)"); ``kind`` and ``data`` tell
    the ruleset what to carry out."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    kind: str
    text: str
    by: list[str] = field(factory=list)
    data: dict[str, Any] = field(factory=dict)

    def may_roll(self, seat: Seat) -> bool:
        """Whoever holds the dice: the Games Master, or a seat of a player the work
        concerns (any seat, when it names none)."""
        return seat.gm or not self.by or any(seat.controls(p) for p in self.by)


@define
class FlowState:
    """The engine's record of the flow of play, beside the clock the campaign carries."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    # The players of this phase (or step) in the order they act.
    order: list[str] = field(factory=list)
    # In turn order: the index in ``order`` of the player to act now.
    position: int = 0
    # Everyone acts at once; the phase ends when all have ended (``ended``).
    simultaneous: bool = False
    ended: list[str] = field(factory=list)
    # False until the first phase was entered (by set-up, or quietly for a campaign set up
    # outside the engine); a campaign's first action starts it.
    started: bool = False
    rolled: list[RolledOrder] = field(factory=list)  # the orders rolled this turn
    scheduled: list[ScheduledEffect] = field(factory=list)
    next_effect: int = 1
    # Revealed work waiting for the table's dice, oldest first (R-ALL-8).
    awaiting: list[AwaitedRoll] = field(factory=list)

    def acting_players(self) -> list[str]:
        """The players who may act now, in their order."""
        if self.simultaneous:
            return [p for p in self.order if p not in self.ended]
        return self.order[self.position : self.position + 1]
