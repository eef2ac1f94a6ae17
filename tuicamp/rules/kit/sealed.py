"""Sealed choices: several players write in secret, and all is opened at once.

Siege orders, ransom notes, bids, the order of march: the rules want each side to commit
without knowing the other's choice. So nothing is revealed until every writer has written
(or the ruleset closes the round, at a clock value or when it decides), and nothing can
change once it is revealed.

A :class:`SealedChoice` is plain attrs data that a ruleset keeps in its own state class
(typed by what is written: ``SealedChoice[SiegeOrder]``; it round-trips through the
campaign converter like the rest of the state). The chronicle learns of it in three ways:
that a writer has written (everyone reads this: the others may wait on it), what was
written (only the writer's players read this), and the reveal (everyone, once, with all
the choices). A writer is a player, or a team whose players write together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from attrs import define, field, frozen

from tuicamp.engine.actions import Event
from tuicamp.engine.awaited import carry_out
from tuicamp.engine.context import Context
from tuicamp.engine.errors import RuleError
from tuicamp.model.campaign import Campaign
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.flow import AwaitedRoll
from tuicamp.model.forces import Seat
from tuicamp.model.reprs import fields_repr
from tuicamp.model.words import possessive
from tuicamp.rules.kit.clock import Moment, reached
from tuicamp.rules.kit.teams import members, name_of, speaks_for

T = TypeVar("T")

Describe = Callable[[Any], str]  # a written choice as the chronicle says it


@define
class SealedChoice(Generic[T]):
    """One round of sealed writing.

    ``what`` names it for the chronicle, in the plural ("siege orders for siege1",
    "ransom notes for Kurt"); ``writers`` are the
    player or team ids who write; ``closes`` is when the ruleset opens it even if some
    have not written (None: only when all have, or the ruleset says so). ``amend``: may a
    writer change its choice until the reveal (a ransom note, once written, may not).
    ``kind`` starts the kinds of its events: ``<kind>_written``, ``<kind>_choice`` and
    ``<kind>_revealed``.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    what: str
    writers: list[str]
    choices: dict[str, T] = field(factory=dict)
    closes: Moment | None = None
    revealed: bool = False
    amend: bool = True
    kind: str = "sealed"

    @property
    def written(self) -> list[str]:
        """Who has written, in the writers' order."""
        return [w for w in self.writers if w in self.choices]

    @property
    def waiting(self) -> list[str]:
        """Who has not written yet."""
        return [w for w in self.writers if w not in self.choices]

    @property
    def complete(self) -> bool:
        return not self.waiting


def _names(campaign: Campaign, owners: list[str]) -> str:
    return ", ".join(name_of(campaign, o) for o in owners)


def write(
    ctx: Context, sealed: SealedChoice[T], writer: str, choice: T, describe: Describe = str
) -> Event | None:
    """``writer`` writes ``choice``. Everyone learns that it wrote, its own players what;
    the last writer's choice reveals the round: the reveal event is returned then."""
    camp = ctx.campaign
    name = name_of(camp, writer)
    if sealed.revealed:
        raise RuleError(
            f"The sealed {sealed.what} are revealed: no choice changes after the reveal"
        )
    if writer not in sealed.writers:
        raise RuleError(f"{name} has no sealed choice to write in the {sealed.what}")
    if not speaks_for(camp, ctx.seat, writer):
        raise RuleError(f"Seat {ctx.seat.name} does not play {writer}")
    again = writer in sealed.choices
    if again and not sealed.amend:
        raise RuleError(f"{name} has written its {sealed.what}: once written, it stands")
    sealed.choices[writer] = choice
    player = writer if camp.player(writer) is not None else None
    verb = "changes its" if again else "writes its"
    ctx.emit(
        f"{sealed.kind}_written",
        f"{name} {verb} sealed {sealed.what}",
        player=player,
        sealed=sealed.id,
        writer=writer,
    )
    ctx.emit(
        f"{sealed.kind}_choice",
        f"{possessive(name)} sealed {sealed.what}: {describe(choice)}",
        player=player,
        visible_to=members(camp, writer),
        sealed=sealed.id,
        writer=writer,
    )
    return reveal(ctx, sealed, describe) if sealed.complete else None


def reveal(ctx: Context, sealed: SealedChoice[T], describe: Describe = str) -> Event:
    """Open the round now, with what was written (the ruleset closes it: a deadline, a
    writer gone); one event for all. Those who wrote nothing are named as such."""
    if sealed.revealed:
        raise RuleError(f"The {sealed.what} are already revealed")
    camp = ctx.campaign
    sealed.revealed = True
    parts = [
        f"{name_of(camp, w)}: {describe(sealed.choices[w])}"
        if w in sealed.choices
        else f"{name_of(camp, w)}: nothing written"
        for w in sealed.writers
    ]
    return ctx.emit(
        f"{sealed.kind}_revealed",
        f"The sealed {sealed.what} are revealed: " + "; ".join(parts),
        undoable=False,
        sealed=sealed.id,
    )


def after_reveal(
    ctx: Context, sealed: SealedChoice[T], now: Callable[[], None], **data: Any
) -> AwaitedRoll | None:
    """Carry out what the revealed round sets off (R-ALL-8): at once with the app's dice;
    with table dice it waits for the engine's ``roll_awaited`` (kind: the round's ``kind``,
    ``data`` with the round's id), asked of whoever holds the dice among the writers'
    players, so the last writer is never asked to roll for the others' choices while his
    own could still change. The ruleset's ``roll_awaited`` hook carries it out then."""
    by = [p for w in sealed.writers for p in members(ctx.campaign, w)]
    return carry_out(ctx, sealed.kind, f"the {sealed.what}", by, now, sealed=sealed.id, **data)


def close_if_due(
    ctx: Context, sealed: SealedChoice[T], describe: Describe = str, at: Moment | None = None
) -> Event | None:
    """Reveal the round if its closing moment has come (``at``, default: now); the reveal
    event, or None when it is not due or already out."""
    if sealed.revealed or not reached(ctx, sealed.closes, at):
        return None
    return reveal(ctx, sealed, describe)


@frozen
class SealedView(Generic[T]):
    """A round as one seat may see it: who has written, who not, and the choices it may
    read (its own players' until the reveal, all of them after)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    id: str
    what: str
    written: list[str]
    waiting: list[str]
    choices: dict[str, T]
    revealed: bool

    def waiting_text(self, campaign: Campaign) -> str:
        """ "Waiting for Anna, Bruno", or "" when all have written."""
        return f"Waiting for {_names(campaign, self.waiting)}" if self.waiting else ""


def sealed_view(campaign: Campaign, sealed: SealedChoice[T], seat: Seat) -> SealedView[T]:
    """What ``seat`` may know of a round. The Games Master reads everything, as in the
    chronicle."""
    shown = {
        w: c for w, c in sealed.choices.items() if sealed.revealed or speaks_for(campaign, seat, w)
    }
    return SealedView(
        sealed.id, sealed.what, sealed.written, sealed.waiting, shown, sealed.revealed
    )
