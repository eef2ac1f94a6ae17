"""Agreements between seats: one proposes, the others accept or decline, or it lapses.

Truces, alliances, ransoms paid in land, passage through a realm: a ruleset decides what
an agreement *does*; the kit keeps the asking and answering. A proposal has a ``kind``
(the ruleset's word) and ``terms`` (plain data the ruleset reads, with ``text`` for the
players); it is made by one player or team to one or more others, and may lapse at a
moment on the clock. When the last party accepts, :func:`accept` returns the agreement:
that is the ruleset's cue to act on it. Only one proposal of a kind may be pending
between two parties, so an answer is never to the wrong offer.

The :class:`Agreements` book is attrs data a ruleset keeps in its own state. Proposals
and answers are read by the parties only, unless a proposal is made ``public``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from attrs import define, field

from tuicamp.engine.actions import Event
from tuicamp.engine.context import Context
from tuicamp.engine.errors import RuleError
from tuicamp.model.campaign import Campaign
from tuicamp.model.equality import fields_eq
from tuicamp.model.ids import id_code
from tuicamp.model.reprs import fields_repr
from tuicamp.model.words import and_list, with_article
from tuicamp.rules.kit.clock import Moment, flow_key, moment_text, now, phase_ids, reached
from tuicamp.rules.kit.teams import members, name_of, speaks_for, team


class AgreementStatus(StrEnum):
    PENDING = "pending"  # waiting for answers
    ACCEPTED = "accepted"  # every party accepted: in force, the ruleset acts on it
    DECLINED = "declined"  # a party said no
    LAPSED = "lapsed"  # its moment came before every answer
    WITHDRAWN = "withdrawn"  # the proposer took it back


@define
class Agreement:
    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    kind: str
    proposer: str  # a player or team id
    parties: list[str]  # the others, who must all accept
    proposed: Moment
    terms: dict[str, Any] = field(factory=dict)
    text: str = ""  # the terms as the players read them
    lapses: Moment | None = None
    public: bool = False  # read by everyone (else by the parties alone)
    accepted: list[str] = field(factory=list)  # parties who said yes
    status: AgreementStatus = AgreementStatus.PENDING
    settled: Moment | None = None  # when it stopped being pending

    @property
    def circle(self) -> list[str]:
        """Everyone it binds: the proposer, then the parties."""
        return [self.proposer, *self.parties]

    @property
    def pending(self) -> bool:
        return self.status is AgreementStatus.PENDING

    @property
    def waiting(self) -> list[str]:
        """Parties yet to answer."""
        return [p for p in self.parties if p not in self.accepted]


@define
class Agreements:
    """Every proposal a campaign has seen, in the order made."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    items: list[Agreement] = field(factory=list)
    next_id: int = 1

    def get(self, agreement_id: str) -> Agreement | None:
        return next((a for a in self.items if a.id == agreement_id), None)

    def between(
        self, a: str, b: str, kind: str | None = None, status: AgreementStatus | None = None
    ) -> list[Agreement]:
        """The agreements binding both ``a`` and ``b``, of a kind and status if given."""
        return [
            x
            for x in self.items
            if a in x.circle
            and b in x.circle
            and (kind is None or x.kind == kind)
            and (status is None or x.status is status)
        ]

    def in_force(self, a: str, b: str, kind: str) -> Agreement | None:
        """The latest accepted agreement of ``kind`` binding ``a`` and ``b``."""
        found = self.between(a, b, kind, AgreementStatus.ACCEPTED)
        return found[-1] if found else None

    def awaiting(self, owner: str) -> list[Agreement]:
        """Pending proposals that wait for ``owner``'s answer."""
        return [x for x in self.items if x.pending and owner in x.waiting]


def _readers(campaign: Campaign, agreement: Agreement) -> list[str] | None:
    if agreement.public:
        return None
    return sorted({p for owner in agreement.circle for p in members(campaign, owner)})


def _emit(ctx: Context, agreement: Agreement, kind: str, text: str, **data: Any) -> Event:
    return ctx.emit(
        kind,
        text,
        player=agreement.proposer if ctx.campaign.player(agreement.proposer) else None,
        visible_to=_readers(ctx.campaign, agreement),
        agreement=agreement.id,
        agreement_kind=agreement.kind,
        **data,
    )


def _names(campaign: Campaign, owners: Sequence[str]) -> str:
    """The parties as a sentence names them: "Anna and Bruno", "Anna, Bruno and Carla"."""
    return and_list([name_of(campaign, o) for o in owners])


def _known(campaign: Campaign, owner: str) -> bool:
    return campaign.player(owner) is not None or team(campaign, owner) is not None


def _later(ctx: Context, lapses: Moment, at: Moment) -> None:
    try:
        too_early = flow_key(lapses, phase_ids(ctx)) <= flow_key(at, phase_ids(ctx))
    except ValueError as exc:
        raise RuleError(f"A proposal lapses at a moment of this campaign: {exc}") from None
    if too_early:
        raise RuleError(
            "A proposal must lapse after it is made: "
            f"{moment_text(ctx, lapses)} is not later than {moment_text(ctx, at)}"
        )


def _new_id(campaign: Campaign, book: Agreements) -> str:
    """The next proposal's id, counting nothing (R-ALL-7): ``ag`` and the code of the
    book's next count (``model/ids.py``), since the parties alone read most proposals and
    a count would tell a seat how many it was not shown."""
    taken = {a.id for a in book.items}
    while True:  # an id an older save wrote may happen to look like a code
        candidate = "ag" + id_code(campaign.dice.seed, "agreements", book.next_id)
        book.next_id += 1
        if candidate not in taken:
            return candidate


def propose(
    ctx: Context,
    book: Agreements,
    kind: str,
    proposer: str,
    parties: Sequence[str],
    terms: dict[str, Any] | None = None,
    *,
    text: str = "",
    lapses: Moment | None = None,
    public: bool = False,
    at: Moment | None = None,
) -> Agreement:
    """``proposer`` offers an agreement of ``kind`` to ``parties``; it waits for their
    answers (and lapses at ``lapses``, if given). Refused with the rule it breaks."""
    camp = ctx.campaign
    present = at if at is not None else now(camp)
    parties = [parties] if isinstance(parties, str) else list(parties)  # one party, unlisted
    ctx.require(_known(camp, proposer), f"There is no player or team {proposer!r}")
    ctx.require(
        speaks_for(camp, ctx.seat, proposer), f"Seat {ctx.seat.name} does not play {proposer}"
    )
    ctx.require(parties, "A proposal is made to someone: name the other party")
    ctx.require(len(set(parties)) == len(parties), "A proposal names each party once")
    for party in parties:
        ctx.require(_known(camp, party), f"There is no player or team {party!r}")
        ctx.require(
            party != proposer,
            f"A proposal is made to others: {name_of(camp, proposer)} cannot propose to itself",
        )
    circle = [proposer, *parties]
    for a, b in itertools.combinations(circle, 2):
        clash = book.between(a, b, kind, AgreementStatus.PENDING)
        ctx.require(
            not clash,
            f"One {kind} proposal at a time between two parties: {name_of(camp, a)} and "
            f"{name_of(camp, b)} already have one pending ({clash[0].id if clash else ''})",
        )
    if lapses is not None:
        _later(ctx, lapses, present)
    agreement = Agreement(
        _new_id(camp, book),
        kind,
        proposer,
        list(parties),
        present,
        dict(terms or {}),
        text,
        lapses,
        public,
    )
    book.items.append(agreement)
    until = f" (until {moment_text(ctx, lapses)})" if lapses is not None else ""
    _emit(
        ctx,
        agreement,
        "agreement_proposed",
        f"{name_of(camp, proposer)} proposes {with_article(kind)} to "
        f"{_names(camp, parties)}{until}" + (f": {text}" if text else ""),
    )
    return agreement


def _answerable(
    ctx: Context, book: Agreements, agreement_id: str, party: str, at: Moment | None
) -> tuple[Agreement, str]:
    camp = ctx.campaign
    agreement = ctx.found(book.get(agreement_id), f"There is no proposal {agreement_id!r}")
    ctx.require(
        agreement.pending,
        f"Only a pending proposal is answered: {agreement.id} is {agreement.status}",
    )
    ctx.require(
        not reached(ctx, agreement.lapses, at),
        f"Proposal {agreement.id} lapsed at "
        f"{moment_text(ctx, agreement.lapses) if agreement.lapses else ''}",
    )
    if not party:  # the first party the seat speaks for
        party = next((p for p in agreement.parties if speaks_for(camp, ctx.seat, p)), "")
    ctx.require(
        party in agreement.parties,
        f"Only those a proposal is made to answer it: "
        f"{name_of(camp, party) if party else 'seat ' + ctx.seat.name} is not asked in "
        f"{agreement.id}",
    )
    ctx.require(speaks_for(camp, ctx.seat, party), f"Seat {ctx.seat.name} does not play {party}")
    return agreement, party


def accept(
    ctx: Context, book: Agreements, agreement_id: str, party: str = "", at: Moment | None = None
) -> Agreement | None:
    """``party`` (default: the first party the seat plays) accepts. When it is the last
    to, the agreement is in force and returned, for the ruleset to act on; else None."""
    agreement, party = _answerable(ctx, book, agreement_id, party, at)
    camp = ctx.campaign
    ctx.require(
        party not in agreement.accepted,
        f"{name_of(camp, party)} has already accepted {agreement.id}",
    )
    agreement.accepted.append(party)
    if agreement.waiting:
        _emit(
            ctx,
            agreement,
            "agreement_answered",
            f"{name_of(camp, party)} accepts the {agreement.kind} proposed by "
            f"{name_of(camp, agreement.proposer)}; waiting for {_names(camp, agreement.waiting)}",
        )
        return None
    agreement.status = AgreementStatus.ACCEPTED
    agreement.settled = at if at is not None else now(camp)
    _emit(
        ctx,
        agreement,
        "agreement_accepted",
        f"{agreement.kind.capitalize()} agreed between {_names(camp, agreement.circle)}"
        + (f": {agreement.text}" if agreement.text else ""),
        terms=agreement.terms or None,
    )
    return agreement


def decline(
    ctx: Context, book: Agreements, agreement_id: str, party: str = "", at: Moment | None = None
) -> Agreement:
    """``party`` says no: the proposal is over for everyone."""
    agreement, party = _answerable(ctx, book, agreement_id, party, at)
    camp = ctx.campaign
    agreement.status = AgreementStatus.DECLINED
    agreement.settled = at if at is not None else now(camp)
    _emit(
        ctx,
        agreement,
        "agreement_declined",
        f"{name_of(camp, party)} declines the {agreement.kind} proposed by "
        f"{name_of(camp, agreement.proposer)}",
    )
    return agreement


def withdraw(
    ctx: Context, book: Agreements, agreement_id: str, at: Moment | None = None
) -> Agreement:
    """The proposer takes a pending proposal back."""
    camp = ctx.campaign
    agreement = ctx.found(book.get(agreement_id), f"There is no proposal {agreement_id!r}")
    ctx.require(
        agreement.pending,
        f"Only a pending proposal is withdrawn: {agreement.id} is {agreement.status}",
    )
    ctx.require(
        speaks_for(camp, ctx.seat, agreement.proposer),
        f"Only the proposer withdraws a proposal: {agreement.id} is "
        f"{name_of(camp, agreement.proposer)}'s",
    )
    agreement.status = AgreementStatus.WITHDRAWN
    agreement.settled = at if at is not None else now(camp)
    _emit(
        ctx,
        agreement,
        "agreement_withdrawn",
        f"{name_of(camp, agreement.proposer)} withdraws the {agreement.kind} proposal",
    )
    return agreement


def lapse_due(ctx: Context, book: Agreements, at: Moment | None = None) -> list[Agreement]:
    """Every pending proposal whose moment has come (``at``, default: now) lapses, each
    with an event; the ruleset calls this as its clock moves on."""
    camp = ctx.campaign
    lapsed = []
    for agreement in book.items:
        if agreement.pending and reached(ctx, agreement.lapses, at):
            agreement.status = AgreementStatus.LAPSED
            agreement.settled = at if at is not None else now(camp)
            _emit(
                ctx,
                agreement,
                "agreement_lapsed",
                f"The {agreement.kind} proposed by {name_of(camp, agreement.proposer)} "
                f"lapses unanswered by {_names(camp, agreement.waiting)}",
            )
            lapsed.append(agreement)
    return lapsed
