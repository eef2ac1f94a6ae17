"""Turn notices: when a seat becomes due to act, run the command that tells its player.

A club plays over days: nobody watches the screen for their turn. Each seat may have a
notice command in the campaign's seats file (``tuicamp seats SAVE notice SEAT CMD``; the
server's ``--notice`` stands in for seats without one): a mail or chat hook, run with four
arguments appended: the campaign (its save's name), the seat, the turn and the phase.

**Once per due point.** A seat is due at a point of the flow: the clock (turn, phase,
step) and, in play one after another, the place in the order (a seat whose two players
act third and fifth is due twice in one phase; in simultaneous play it is due once, however
many of its players are still to end). The points told are remembered in the marks file,
recorded under its lock *before* the command runs, so several processes watching one
campaign (the server, a ``tuicamp play`` under OpenSSH) tell a point once between them, and
a restart tells nothing twice. A crash between the record and the command loses that one
notice rather than sending it twice.

Nothing here draws or waits on a player: :class:`NoticeSender` looks at one save when its
revision changed, and :class:`NoticeWatcher` runs senders in a thread.
"""

from __future__ import annotations

import logging
import shlex
import subprocess
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from attrs import define, field, frozen

from tuicamp.engine import flow
from tuicamp.engine.errors import InputError
from tuicamp.model.campaign import Campaign
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr
from tuicamp.storage.saves import list_saves, load_save, read_header
from tuicamp.storage.seat_keys import Marks, read_seat_keys, seats_path, update_marks

log = logging.getLogger("tuicamp.notices")

NOTICE_TIMEOUT = 30.0  # seconds a notice command may take before it is stopped
WATCH_SECONDS = 1.0  # how often a watcher looks at the saves' revisions


@frozen
class DuePoint:
    """One seat due to act at one point of the flow."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    seat: str
    turn: int
    phase: str
    step: int
    position: int  # the place in the order of play; -1 when everyone acts at once

    @property
    def key(self) -> str:
        return f"{self.turn}/{self.phase}/{self.step}/{self.position}"


def due_points(campaign: Campaign) -> list[DuePoint]:
    """The seats due to act now. A seat no human plays is the GM's to play, so the GM
    seat is due for it (when there is one)."""
    acting = flow.acting_seats(campaign)
    gm = campaign.gm_seat()
    position = -1 if campaign.flow.simultaneous else campaign.flow.position
    seats: list[str] = []
    for seat_id in acting:
        seat = campaign.seat(seat_id)
        if seat is not None and not seat.human:
            seat_id = gm.id if gm is not None else ""
        if seat_id and seat_id not in seats:
            seats.append(seat_id)
    return [DuePoint(s, campaign.turn, campaign.phase, campaign.step, position) for s in seats]


def campaign_name(save: Path) -> str:
    """The name a campaign goes by on the club server and in notices: its save's name."""
    return save.name.removesuffix(".toml")


def notice_command(save: Path, point: DuePoint, command: Sequence[str]) -> list[str]:
    """The command line run for a due point: the seat's command, then campaign, seat,
    turn and phase."""
    return [*command, campaign_name(save), point.seat, str(point.turn), point.phase]


def split_command(text: str) -> list[str]:
    """A notice command as typed (shell words, no shell run); InputError when unbalanced."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise InputError(f"the notice command {text!r} cannot be read: {exc}") from None
    if not words:
        raise InputError("the notice command is empty")
    return words


def run_notice(argv: list[str]) -> None:
    """Run one notice command, bounded in time, its output to the log."""
    try:
        done = subprocess.run(
            argv,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=NOTICE_TIMEOUT,
            start_new_session=True,
        )
    except FileNotFoundError:
        log.warning("turn notice: no such program %r", argv[0])
        return
    except subprocess.TimeoutExpired:
        log.warning("turn notice %r took over %.0f s and was stopped", argv[0], NOTICE_TIMEOUT)
        return
    except OSError as exc:
        log.warning("turn notice %r could not run: %s", argv[0], exc.strerror)
        return
    if done.returncode != 0:
        tail = (done.stderr or "").strip().splitlines()[-1:] or [""]
        log.warning("turn notice %r ended with status %s %s", argv[0], done.returncode, tail[0])


@define
class NoticeSender:
    """Tells the seats of one campaign their turn, once per due point."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    save: Path
    default: list[str] = field(factory=list)  # for seats without a command of their own
    run: Callable[[list[str]], None] = run_notice
    _looked: tuple[int, int] | None = field(default=None, init=False)

    def poll(self) -> list[list[str]]:
        """Look at the save if it (or its seats file: a notice just set) changed since
        the last look; run (and return) the notice commands of the points newly due."""
        try:
            seats_stamp = seats_path(self.save).stat().st_mtime_ns
        except FileNotFoundError:
            seats_stamp = 0
        looked = (read_header(self.save).revision, seats_stamp)
        if looked == self._looked:
            return []
        keys = read_seat_keys(self.save)
        commands = {sid: b.notice for sid, b in keys.seats.items() if b.notice}
        if not commands and not self.default:
            self._looked = looked
            return []
        campaign, _ = load_save(self.save)
        points = [p for p in due_points(campaign) if commands.get(p.seat) or self.default]

        def record(marks: Marks) -> list[DuePoint]:
            new = [p for p in points if not marks.told(p.seat, p.key)]
            for p in new:
                marks.tell(p.seat, p.key)
            return new

        new = update_marks(self.save, record) if points else []
        self._looked = looked
        sent = []
        for point in new:
            argv = notice_command(self.save, point, commands.get(point.seat) or self.default)
            log.info(
                "turn notice: %s, seat %s, turn %s",
                campaign_name(self.save),
                point.seat,
                point.turn,
            )
            self.run(argv)
            sent.append(argv)
        return sent


@define
class NoticeWatcher:
    """Runs notice senders over some saves, in a thread, until stopped.

    ``saves`` gives the saves to watch each round (the folder's, re-listed, for the
    server; one save for ``tuicamp play``)."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    saves: Callable[[], Iterable[Path]]
    default: list[str] = field(factory=list)
    interval: float = WATCH_SECONDS
    run: Callable[[list[str]], None] = run_notice
    _senders: dict[Path, NoticeSender] = field(factory=dict, init=False)
    _stop: threading.Event = field(factory=threading.Event, init=False)
    _thread: threading.Thread | None = field(default=None, init=False)

    def poll(self) -> list[list[str]]:
        """One round over every save; a save that cannot be read is skipped (and logged)."""
        sent: list[list[str]] = []
        for save in self.saves():
            sender = self._senders.get(save)
            if sender is None:
                sender = self._senders[save] = NoticeSender(save, self.default, self.run)
            try:
                sent.extend(sender.poll())
            except (InputError, OSError) as exc:
                log.warning("turn notices of %s: %s", save.name, exc)
        return sent

    def start(self) -> None:
        """Poll in a thread from now on; a watcher stopped already stays stopped (one
        started after the first frame of a UI that gave up before drawing one)."""
        if self._stop.is_set():
            return
        self._thread = threading.Thread(target=self._loop, name="turn-notices", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=NOTICE_TIMEOUT + 5)

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                self.poll()
            except Exception:  # a watcher must outlive one bad round
                log.exception("turn notices: a round failed")
            self._stop.wait(self.interval)


def saves_in(folder: Path) -> Callable[[], list[Path]]:
    """The saves of a folder, listed anew each time it is called."""
    return lambda: [e.path for e in list_saves(folder) if e.header is not None]
