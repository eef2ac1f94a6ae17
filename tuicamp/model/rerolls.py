"""The re-roll point: what a campaign keeps of its last action that rolled dice.

Rules like Rauscher's fate points ("re-roll any one roll") reach back into an action that
is over. A save holds outcomes, not a way to replay them, so the campaign keeps, for the
last action that rolled dice only, what replaying it takes: the campaign as it was before
the action (its plain data, as a save writes it), the action itself (as an orders file
writes it), the seat that took it and the rolls it made. It is saved with the campaign, so
a later process can still re-roll, and it is dropped by the next action: then the rolls are
settled for good. The engine makes and uses it (:mod:`tuicamp.engine.rerolls`).
"""

from __future__ import annotations

from typing import Any

from attrs import define, field

from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr


@define
class RecordedRoll:
    """One roll of the action as the chronicle told it, with whom it was told to.

    ``player`` and ``visible_to`` are the ones of the event the roll belongs to: whose roll
    it was (None: the acting seat's) and who read it (None: everyone). ``rerolled``: the
    roll is itself a re-roll (a ruleset may say that a re-roll stands).
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    id: int  # the campaign's roll counter, as the chronicle shows it (roll #12)
    expr: str
    reason: str
    dice: list[int]
    total: int
    player: str | None = None
    visible_to: list[str] | None = None
    rerolled: bool = False


@define
class RerollPoint:
    """The last action that rolled dice, kept so that one of its rolls can be re-rolled."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    seat: str  # the seat that took the action
    action: dict[str, Any]  # the action as an orders file writes it: kind and fields
    snapshot: dict[str, Any]  # the campaign before the action (without this point)
    rolls: list[RecordedRoll] = field(factory=list)  # in the order they were rolled
    events: list[int] = field(factory=list)  # the seqs of its events (void after a re-roll)

    def roll(self, roll_id: int) -> RecordedRoll | None:
        return next((r for r in self.rolls if r.id == roll_id), None)
