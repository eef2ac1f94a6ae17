"""Writing a letter: the engine's action every ruleset has, and reading letters back.

A letter is refused in a player's words when it names no seat there is, is empty or too
long; otherwise it becomes one ``letter`` event. Its ``visible_to`` is the players of the
sender's seat and of every recipient's (none: a letter to all), so ``view_for`` and the
log show it to them and to the GM only. It is never undoable: once read, a letter cannot
be unread.

It is also outside the play of the turn: it may be written out of turn, in any phase, and
after the campaign is over; it neither clears the undo history nor settles the last
action's dice for a re-roll (:meth:`Engine.perform` sends it here before all of that).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from attrs import define

from tuicamp.engine.actions import Action, Event
from tuicamp.engine.errors import RuleError
from tuicamp.model.campaign import Campaign
from tuicamp.model.equality import fields_eq
from tuicamp.model.forces import Seat
from tuicamp.model.letters import LETTER_KIND, TO_ALL, Letter
from tuicamp.model.reprs import fields_repr

if TYPE_CHECKING:
    from tuicamp.engine.context import Context

MAX_SUBJECT = 80
MAX_TEXT = 4000


@define(kw_only=True)
class WriteLetter(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = LETTER_KIND
    summary = (
        'Write a letter to another seat (to = its id; several: "p1,p2") or to every '
        'seat (to = "all"); only they and the GM read it'
    )
    to: str
    text: str
    subject: str = ""


LETTER_ACTIONS: tuple[type[Action], ...] = (WriteLetter,)


def _clean(text: str) -> str:
    """Printable text only: a letter is drawn in terminals, where a control character
    could move the cursor or change colours (new lines and tabs are kept)."""
    return "".join(c for c in text if c in "\n\t" or c.isprintable()).strip()


def recipients(campaign: Campaign, sender: Seat, to: str) -> list[Seat]:
    """The seats a letter goes to; [] for a letter to all. Refuses unknown seats and
    letters to oneself alone, naming the seats there are."""
    wanted = [part.strip() for part in to.split(",") if part.strip()]
    if not wanted:
        raise RuleError('Write to whom? to = a seat id, several with commas, or "all"')
    if TO_ALL in wanted:
        return []
    seats: list[Seat] = []
    for seat_id in dict.fromkeys(wanted):
        seat = campaign.seat(seat_id)
        if seat is None:
            known = ", ".join(s.id for s in campaign.seats)
            raise RuleError(f"There is no seat {seat_id!r} to write to (seats: {known})")
        if seat.id != sender.id:
            seats.append(seat)
    if not seats:
        raise RuleError("A letter goes to another seat, not only to your own")
    return seats


def _readers(sender: Seat, to: Sequence[Seat]) -> list[str] | None:
    """The players who read the letter (None: everyone); the GM reads every letter."""
    if not to:
        return None
    return sorted({p for seat in (sender, *to) for p in seat.players})


def send_letter(ctx: Context, action: WriteLetter) -> Event:
    """Check the letter and tell it to its readers as one event."""
    camp, sender = ctx.campaign, ctx.seat
    refusal = ctx.ruleset.letter_refusal(ctx, sender)
    if refusal is not None:
        raise RuleError(refusal)
    to = recipients(camp, sender, action.to)
    subject, text = _clean(action.subject), _clean(action.text)
    if not text:
        raise RuleError("The letter is empty: write something in it")
    if len(subject) > MAX_SUBJECT:
        raise RuleError(f"A letter's subject is at most {MAX_SUBJECT} characters")
    if len(text) > MAX_TEXT:
        raise RuleError(f"A letter is at most {MAX_TEXT} characters ({len(text)} written)")
    names = ", ".join(s.name or s.id for s in to) or "every seat"
    about = subject or text.splitlines()[0][:MAX_SUBJECT]
    return ctx.emit(
        LETTER_KIND,
        f"Letter from {sender.name or sender.id} to {names}: {about}",
        visible_to=_readers(sender, to),
        undoable=False,
        letter={"from": sender.id, "to": [s.id for s in to], "subject": subject, "text": text},
    )


def letter_of(event: Event) -> Letter | None:
    """The letter an event carries (None for any other event)."""
    if event.kind != LETTER_KIND:
        return None
    data: Any = event.data.get("letter")
    if not isinstance(data, dict):
        return None
    return Letter(
        seq=event.seq,
        turn=event.turn,
        phase=event.phase,
        sender=str(data.get("from", event.seat or "")),
        to=tuple(str(s) for s in data.get("to", [])),
        subject=str(data.get("subject", "")),
        text=str(data.get("text", "")),
    )


def letters_in(events: Iterable[Event]) -> list[Letter]:
    """The letters among events, in the order they were written. Give it a view's
    chronicle: that is already filtered for the seat."""
    return [letter for e in events if (letter := letter_of(e)) is not None]
