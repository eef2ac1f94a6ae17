"""The club's campaigns as one key reaches them: which seat it holds where, and the
lobby's line for each campaign (whose turn, the phase, what changed since the seat last
looked).

A key is found in the seats files of the campaigns of one folder (storage/seat_keys.py):
it opens at most one seat per campaign. A *club GM* key (the server's GM keys file) sees
every campaign of the folder as its Games Master, unless a seat of its own is bound there.

Everything a lobby line says comes from the seat's own view, so it tells nothing the seat
may not know: the news are the events of its view after the point it last looked.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

from attrs import frozen

from tuicamp.engine.errors import InputError
from tuicamp.engine.views import CampaignView
from tuicamp.game.notices import campaign_name
from tuicamp.game.session import Session
from tuicamp.model.campaign import Campaign
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.forces import Seat
from tuicamp.model.reprs import fields_repr
from tuicamp.model.words import with_race
from tuicamp.storage.saves import list_saves
from tuicamp.storage.seat_keys import Marks, read_marks, read_seat_keys, update_marks

log = logging.getLogger("tuicamp.club")

NEWS_LINES = 5  # lines of news a lobby line keeps


@frozen
class Grant:
    """One seat of one campaign that a key opens."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    save: Path
    seat: str

    @property
    def campaign(self) -> str:
        return campaign_name(self.save)


@frozen
class Access:
    """Everything one key may reach on the club server; fixed when it logs in."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    fingerprint: str
    grants: tuple[Grant, ...] = ()
    club_gm: bool = False

    @property
    def known(self) -> bool:
        """Whether the key may log in at all."""
        return self.club_gm or bool(self.grants)

    def seat_in(self, save: Path) -> str | None:
        """The seat the key holds in a campaign by its own binding."""
        return next((g.seat for g in self.grants if g.save == save), None)


def access_for(folder: Path, fingerprint: str, club_gm: bool = False) -> Access:
    """The seats a key holds in the campaigns of ``folder``. A seats file that cannot be
    read opens nothing (and is logged for the admin)."""
    grants = []
    for entry in list_saves(folder):
        if entry.header is None:
            continue
        try:
            seat = read_seat_keys(entry.path).seat_of(fingerprint)
        except InputError as exc:
            log.warning("%s", exc)
            continue
        if seat is not None:
            grants.append(Grant(entry.path, seat))
    return Access(fingerprint, tuple(grants), club_gm)


def reachable(access: Access, folder: Path) -> list[Grant]:
    """The campaigns the key reaches, with the seat it plays in each: its own seats, and
    for a club GM every other campaign's GM seat (a campaign without one is left out)."""
    grants = list(access.grants)
    if not access.club_gm:
        return grants
    own = {g.save for g in grants}
    for entry in list_saves(folder):
        if entry.header is None or entry.path in own:
            continue
        try:
            gm = Session.open(entry.path).campaign.gm_seat()
        except InputError as exc:
            log.warning("%s", exc)
            continue
        if gm is not None:
            grants.append(Grant(entry.path, gm.id))
    return grants


def seat_name(campaign: Campaign, seat: Seat) -> str:
    """A seat as the lobby names it: its players (with their races), or the GM."""
    if seat.gm:
        return seat.name or "Games Master"
    names = []
    for pid in seat.players:
        p = campaign.player(pid)
        names.append(with_race(p.name, p.race) if p else pid)
    return ", ".join(names) or seat.name or seat.id


@frozen
class LobbyLine:
    """One campaign in a player's lobby."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    grant: Grant
    title: str
    ruleset: str
    seat_name: str
    turn: int
    phase: str
    acting: tuple[str, ...]  # who is to act, named
    due: bool  # this seat is to act
    finished: bool
    news: tuple[str, ...]  # the latest events since the seat last looked
    news_count: int
    letters: int  # letters to this seat since it last looked
    problem: str | None = None
    gm: bool = False  # the seat is the campaign's Games Master

    @property
    def status(self) -> str:
        if self.problem:
            return "cannot be read"
        if self.finished:
            return "over"
        return "your turn" if self.due else "waiting"


def _line(grant: Grant, session: Session, view: CampaignView, seen: int) -> LobbyLine:
    camp = session.campaign
    seat = camp.seat(grant.seat)
    assert seat is not None  # the caller checked
    news = [e for e in view.chronicle if e.seq > seen and e.seat != grant.seat]
    letters = [x for x in view.letters if x.seq > seen and x.sender != grant.seat]
    acting = [s for s in camp.seats if s.id in view.acting]
    phase = session.ruleset.phase(camp.phase)
    return LobbyLine(
        grant=grant,
        title=camp.name,
        ruleset=session.ruleset.title,
        seat_name=seat_name(camp, seat),
        turn=camp.turn,
        phase=phase.title if phase is not None else camp.phase,
        acting=tuple(seat_name(camp, s) for s in acting),
        due=grant.seat in view.acting or (seat.gm and _gm_due(camp, view.acting)),
        finished=camp.finished,
        news=tuple(e.text for e in news[-NEWS_LINES:]),
        news_count=len(news),
        letters=len(letters),
        gm=seat.gm,
    )


def _gm_due(campaign: Campaign, acting: Sequence[str]) -> bool:
    """Whether a seat no human plays is to act: the GM plays it."""
    return any(not s.human for s in campaign.seats if s.id in acting)


def lobby_line(grant: Grant, marks: Marks | None = None) -> LobbyLine:
    """The lobby's line for one campaign; a save that cannot be read says so."""
    try:
        session = Session.open(grant.save)
        if session.campaign.seat(grant.seat) is None:
            raise InputError(f"{grant.save.name} has no seat {grant.seat!r} any more")
        view = session.view(grant.seat)
    except InputError as exc:
        return LobbyLine(
            grant, grant.campaign, "", grant.seat, 0, "", (), False, False, (), 0, 0, str(exc)
        )
    marks = marks if marks is not None else read_marks(grant.save)
    return _line(grant, session, view, marks.seen.get(grant.seat, 0))


def lobby_lines(grants: Sequence[Grant]) -> list[LobbyLine]:
    """The lobby: campaigns where the seat is to act first, then the others by name."""
    lines = [lobby_line(g) for g in grants]
    return sorted(lines, key=lambda x: (not x.due, x.finished, x.title.lower()))


def mark_seen(grant: Grant, chronicle_length: int) -> None:
    """Remember how much of the chronicle the seat has looked at (for its next lobby)."""

    def change(marks: Marks) -> None:
        marks.seen[grant.seat] = max(chronicle_length, marks.seen.get(grant.seat, 0))

    update_marks(grant.save, change)
