"""Who plays on this terminal, who is next, and what a seat learns when it sits down.

Pure functions over seats and views (no Textual), so the hotseat rules are tested
directly: the hand-over is shown whenever the acting seat changes and more than one human
seat plays here; an SSH terminal plays exactly one seat and never hands over. A phase in
open play (nothing to hide) does not blank the screen: the next player is named on one
line, so that a rotation of one unit per player costs no hand-over screens.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tuicamp.engine.actions import Event
from tuicamp.engine.flow import Play
from tuicamp.engine.views import CampaignView
from tuicamp.model.forces import Seat
from tuicamp.model.words import with_race
from tuicamp.ui.widgets.log_lines import event_text

if TYPE_CHECKING:
    from tuicamp.engine.ruleset import Ruleset

SUMMARY_LIMIT = 40


def local_seats(seats: Sequence[Seat], only: str | None) -> list[str]:
    """Seats played on this terminal: the one given (SSH), else every seat (hotseat)."""
    if only is not None:
        return [s.id for s in seats if s.id == only]
    return [s.id for s in seats]


def human_local(seats: Sequence[Seat], local: Sequence[str]) -> list[str]:
    return [s.id for s in seats if s.id in local and s.human]


def hands_over(seats: Sequence[Seat], local: Sequence[str], play: str = Play.PRIVATE) -> bool:
    """A hand-over screen is needed when more than one human seat plays here, in a phase
    played in private."""
    return play != Play.OPEN and len(human_local(seats, local)) > 1


def phase_play(ruleset: Ruleset, phase_id: str) -> str:
    """How the phase ``phase_id`` is played: in private (hand-overs) or open."""
    phase = ruleset.phase(phase_id)
    return phase.play if phase is not None else Play.PRIVATE


def opening_hand_over(
    seats: Sequence[Seat], local: Sequence[str], acting: Sequence[str], play: str
) -> str | None:
    """The seat a campaign opened on this terminal is handed over to before anything of
    it is drawn (the first seat to show, when a hand-over comes first); None when the
    campaign is shown at once."""
    first = next_seat(acting, local, None, seats)
    return first if first is not None and hands_over(seats, local, play) else None


def announces(seats: Sequence[Seat], local: Sequence[str], play: str) -> bool:
    """In open play the next seat is named on one line instead (several humans here)."""
    return play == Play.OPEN and len(human_local(seats, local)) > 1


def next_seat(
    acting: Sequence[str], local: Sequence[str], current: str | None, seats: Sequence[Seat]
) -> str | None:
    """The seat this terminal should show next.

    The current seat stays while it may still act; otherwise the first acting seat played
    here takes over. A seat no human plays (run by the GM) is played from the GM seat when
    that seat is here. When no local seat may act (an SSH seat waiting, the campaign over),
    the current seat stays, or the first human local seat (else any) is shown.
    """
    by_id = {s.id: s for s in seats}
    gm = next((s.id for s in seats if s.gm and s.id in local), None)
    playable: list[str] = []
    for sid in acting:
        seat = by_id.get(sid)
        if seat is not None and not seat.human and gm is not None:
            sid = gm
        if sid in local and sid not in playable:
            playable.append(sid)
    if current in playable:
        return current
    if playable:
        return playable[0]
    if current in local:
        return current
    humans = human_local(seats, local)
    return humans[0] if humans else (local[0] if local else None)


def seat_label(seat: Seat, view: CampaignView) -> str:
    """How the hand-over and the phase bar name a seat: its players with their races (a
    race that is the player's name too is not said twice), or the GM."""
    if seat.gm:
        return seat.name or "Games Master"
    names = []
    for pid in seat.players:
        p = view.player(pid)
        names.append(with_race(p.name, p.race) if p else pid)
    return ", ".join(names) or seat.name


def seat_short_label(seat: Seat, view: CampaignView) -> str:
    """A seat by its players' names alone (the phase bar's wording when space is short)."""
    if seat.gm:
        return seat.name or "Games Master"
    names = [p.name if (p := view.player(pid)) else pid for pid in seat.players]
    return ", ".join(names) or seat.name


def since_last_turn(
    view: CampaignView, seat_id: str, limit: int = SUMMARY_LIMIT, *, public: bool = False
) -> list[str]:
    """What the seat may know of that happened after its own last action.

    Read from the seat's own view, so secret events of other seats are never in it. With
    ``public``, only what every seat may read, counted from the seat's last action that
    every seat may read too: the hand-over shows it before the next player is known to
    be there, so it tells the player leaving nothing they could not read themselves
    (R-ALL-11).
    """
    news = _news(view, seat_id, public=public)
    lines = [event_text(e) for e in news]
    if len(lines) > limit:
        lines = [f"... {len(lines) - limit} earlier events (see the chronicle)", *lines[-limit:]]
    return lines


def private_news(view: CampaignView, seat_id: str) -> int:
    """How many events since the seat's last turn only some seats may read: told once the
    seat is shown, since the hand-over's recap leaves them out (R-ALL-11)."""
    public = {id(e) for e in _news(view, seat_id, public=True)}
    return sum(1 for e in _news(view, seat_id, public=False) if id(e) not in public)


def _news(view: CampaignView, seat_id: str, *, public: bool) -> list[Event]:
    events = view.chronicle
    mine = [e.seq for e in events if e.seat == seat_id and (e.visible_to is None or not public)]
    last_own = max(mine, default=0)
    return [
        e
        for e in events
        if e.seq > last_own and e.seat != seat_id and (e.visible_to is None or not public)
    ]
