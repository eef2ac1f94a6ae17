"""Letters between seats: how a club negotiates alliances, ransoms and threats.

A letter is talk, not play: it moves nothing on the map and takes no time on the clock.
It is kept in the chronicle (the engine writes it as a ``letter`` event), so it is stored
with the campaign, only ever appended, and read through the one filter every view and
report goes through: the event's ``visible_to`` names the players of the sender's and the
recipients' seats, and the GM reads everything.
"""

from __future__ import annotations

from attrs import frozen

from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr

LETTER_KIND = "letter"  # the chronicle event that carries a letter
TO_ALL = "all"  # the recipient that means every seat


@frozen
class Letter:
    """One letter as its readers see it. Seats are named by id; ``to`` is empty for a
    letter to every seat."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    seq: int  # the chronicle event that carries it
    turn: int
    phase: str
    sender: str
    to: tuple[str, ...]
    subject: str
    text: str

    @property
    def to_all(self) -> bool:
        return not self.to

    def reaches(self, seat_id: str) -> bool:
        """Whether the letter was written to this seat (by name, or to all)."""
        return self.to_all or seat_id in self.to
