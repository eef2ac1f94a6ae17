"""A campaign in play: the engine bound to its save file, saved after every action.

Every write runs under the save's lock and in this order:

1. check that the file's revision is still ours (else :class:`StaleSave`: someone else
   played meanwhile; reload, never overwrite their play);
2. perform the action(s) in the engine (a refusal writes nothing);
3. build the new state's text: an action that leaves a number no save can hold (past 64
   bits, :mod:`tuicamp.storage.limits`) is refused here, and nothing is written;
4. append the new events to ``NAME.chronicle.toml`` and fsync;
5. atomically replace ``NAME.toml`` (its previous version kept as ``NAME.toml.bak``).

A crash between 4 and 5 leaves events the state does not count; they are ignored on load
and cut off at the next write. What is rewritten per action is the state alone, so an
autosave costs the same on turn 1 and on turn 100.

Set ``TUICAMP_NOW`` to fix the ``last_played`` time written (see :func:`saves.now_iso`):
then the same save plus the same actions gives byte-identical files.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

from tuicamp.engine.actions import Action, Event
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import InputError, RuleError
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import Ruleset
from tuicamp.engine.views import CampaignView, view_for
from tuicamp.model.campaign import Campaign
from tuicamp.storage.chronicle import (
    Reading,
    append_events,
    event_dict,
    event_fingerprint,
    events_bytes,
    file_stamp,
    find_end,
    gc_paused,
    write_chronicle,
)
from tuicamp.storage.limits import may_hold_too_large, refuse_too_large
from tuicamp.storage.locations import (
    CannotWrite,
    backup_path,
    chronicle_path,
    fsync_dir,
    pending_chronicle_path,
    write_lock,
)
from tuicamp.storage.orders import AppliedOrders, Orders
from tuicamp.storage.saves import (
    FORMAT_VERSION,
    LoadedSave,
    SaveText,
    StaleSave,
    make_header,
    now_iso,
    read_header,
    read_save,
    save_text,
    write_save,
)


class Session:
    """One open campaign. Use :meth:`create` or :meth:`open`, not the constructor."""

    def __init__(self, path: Path, engine: Engine, revision: int) -> None:
        self.path = path
        self.engine = engine
        self._revision = revision  # the revision on disk when we last read or wrote it
        self._saved_events = 0  # events known to be in the chronicle file
        self._chronicle_end = 0  # byte offset just past them
        self._chronicle_stamp: tuple[int, int, int] | None = None
        self._rewrite_chronicle = True  # write the whole file next time (new, or upgraded)
        self._rules: Rules | None = None
        self._applied: list[AppliedOrders] = []  # orders files applied (storage.orders)
        self._read_only = False  # opened by peek: the chronicle was not read
        self.reading = Reading.WHOLE  # how much of the chronicle was read (and checked)

    # --- opening ------------------------------------------------------------------------
    @classmethod
    def create(
        cls,
        path: str | Path,
        campaign: Campaign,
        chronicle: Sequence[Event] = (),
        overwrite: bool = False,
    ) -> Session:
        """Save a new campaign (from a scenario, or a copy) and open it.

        An existing save of that name is refused unless ``overwrite``. The new campaign
        is written beside the old one and swapped in at the end, so that a writer killed
        at any moment leaves one whole campaign, the old or the new:

        1. the new chronicle, as ``.NAME.chronicle.toml.new`` (nothing old is touched);
        2. the new state over the old one, in one rename: from here the new campaign is
           the save (its header names its last event, so a reader knows the old
           chronicle is not its own and reads the waiting one instead);
        3. the new chronicle renamed over the old; then the old campaign's backup goes.
        """
        path = Path(path)
        now = now_iso()
        events = list(chronicle)
        campaign.chronicle_length = len(events)
        session = cls(path, Engine(campaign, events), campaign.revision)
        with gc_paused():  # a number no save can hold refuses before any file (the lock) is made
            refuse_too_large(b"", session.engine.snapshot(), walk=True)
        with write_lock(path):
            existing = [p for p in (path, chronicle_path(path)) if p.exists()]
            if existing and not overwrite:
                raise InputError(
                    f"{existing[0]}: a save of that name already exists; choose another name"
                )
            if path.exists():
                # Above any revision a session on the old file holds, so it sees it is stale.
                with contextlib.suppress(InputError):
                    disk_revision = read_header(path).revision
                    session._revision = max(campaign.revision, disk_revision)
            with gc_paused():
                session._write_new(now)
            backup_path(path).unlink(missing_ok=True)  # it belonged to the old campaign
        return session

    @classmethod
    def open(
        cls, path: str | Path, check_seal: bool = True, events: Reading = Reading.WHOLE
    ) -> Session:
        """Open a save; nothing is written until the first action or :meth:`save`.

        ``check_seal=False`` opens a save whose seal is broken (a hand edit), which every
        other check still guards; only :meth:`reseal` should need it. ``events=TAIL``
        reads the chronicle's last events alone (``storage.chronicle.read_chronicle_tail``)
        for a session that adds events and prints none of the old ones (``tuicamp
        apply``): its chronicle holds :class:`UnreadEvent` for the rest."""
        path = Path(path)
        loaded = _read(path, check_seal, events)
        session = cls(path, _engine_of(loaded), loaded.header.revision)
        session._adopt_files(loaded)
        return session

    @classmethod
    def peek(cls, path: str | Path) -> Session:
        """Open a save to read its state alone, for a report of it (``tuicamp show``).

        The chronicle file is not opened: the seal proves the state whole on its own, and
        the chronicle's checks are for readers of its events (:meth:`open`). So the
        session's chronicle is empty and it cannot save: every write is refused."""
        path = Path(path)
        loaded = _read(path, events=Reading.NONE)
        session = cls(path, _engine_of(loaded), loaded.header.revision)
        session._adopt_files(loaded)
        session._read_only = True
        return session

    @classmethod
    def reseal(cls, path: str | Path) -> Session:
        """Seal a save again after a hand edit: read it whole, every check but the seal's
        passing (a save that fails one is refused, as by :meth:`open`), and write it back
        sealed, at the next revision (a session still open on the old text sees it is
        stale), the edited file kept as the backup."""
        session = cls.open(path, check_seal=False)
        session.save()
        return session

    def reload(self) -> None:
        """Read the save again (after :class:`StaleSave`); the undo history is dropped."""
        loaded = _read(self.path)
        self.engine = _engine_of(loaded)
        self._revision = loaded.header.revision
        self._adopt_files(loaded)

    def _adopt_files(self, loaded: LoadedSave) -> None:
        self.reading = loaded.reading
        self._applied = list(loaded.applied_orders)
        self._saved_events = len(loaded.chronicle)
        self._chronicle_end = loaded.chronicle_end
        self._chronicle_stamp = loaded.chronicle_stamp
        # an older format, or a new campaign's chronicle still waiting to be swapped in:
        # the next write writes the chronicle whole, in its place
        self._rewrite_chronicle = (
            loaded.chronicle_version < FORMAT_VERSION or loaded.chronicle_pending
        )

    # --- what is open -------------------------------------------------------------------
    @property
    def campaign(self) -> Campaign:
        return self.engine.campaign

    @property
    def chronicle(self) -> list[Event]:
        return self.engine.chronicle

    @property
    def ruleset(self) -> Ruleset:
        return self.engine.ruleset

    @property
    def rules(self) -> Rules:
        """The open campaign read through its ruleset, built once per loaded campaign (a
        reload loads a new one) so every view and report shares its cached tables."""
        if self._rules is None or self._rules.campaign is not self.engine.campaign:
            self._rules = Rules(self.engine.campaign, self.engine.ruleset)
        return self._rules

    @property
    def revision(self) -> int:
        """The revision of the file as this session last read or wrote it."""
        return self._revision

    def acting_seats(self) -> list[str]:
        """The seats that may act now (the engine's flow): whom the hand-over calls."""
        return self.engine.acting_seats()

    def view(self, seat_id: str) -> CampaignView:
        return view_for(self.rules, self.chronicle, seat_id)

    def stale(self) -> bool:
        """Whether someone else has saved since (cheap: reads the header only), so a UI
        can offer to reload before a player acts on an old picture."""
        try:
            self._check_fresh()
        except StaleSave:
            return True
        return False

    # --- playing ------------------------------------------------------------------------
    def perform(self, seat_id: str, action: Action) -> list[Event]:
        """Perform one action and autosave; a refusal (RuleError) writes nothing."""
        with self._writing():
            return self.engine.perform(seat_id, action)

    def perform_all(self, seat_id: str, actions: Sequence[Action]) -> list[Event]:
        """Perform several actions as one, saved once; on refusal no file is touched."""
        with self._writing():
            return self.engine.perform_all(seat_id, actions)

    def apply_orders(self, seat_id: str, orders: Orders) -> list[Event]:
        """Perform an orders file's actions as one, for ``seat_id``, on the save as it is
        now (:mod:`tuicamp.storage.orders`).

        Another writer may have saved since this session read the file: the orders are
        then played on the newest save, read again under the lock, and refused only if
        they are not legal there. Orders the save has applied already for the seat (by
        their id, or by their content when they name their revision alone) are refused,
        as are orders written against a revision the save has not reached."""
        with self._writing(catch_up=True):
            key = orders.key(seat_id)
            done = next(
                (a for a in self._applied if key is not None and (a.seat, a.id) == (seat_id, key)),
                None,
            )
            if done is not None:
                raise OrdersRepeated(orders, done)
            if orders.revision is not None and orders.revision > self._revision:
                raise RuleError(
                    f"these orders were written against revision {orders.revision}, but "
                    f"{self.path.name} is at revision {self._revision}: they are for a later "
                    "state of the campaign than this save holds"
                )
            events = self.engine.perform_all(seat_id, orders.actions)
            if key is not None:
                self._applied.append(AppliedOrders(seat_id, key, self._revision + 1))
            return events

    def undo(self, seat_id: str) -> Event:
        with self._writing():
            return self.engine.undo(seat_id)

    def save(self) -> None:
        with self._writing():
            pass

    # --- writing ------------------------------------------------------------------------
    @contextlib.contextmanager
    def _writing(self, catch_up: bool = False) -> Iterator[None]:
        """Lock, refuse a stale session (or, ``catch_up``, read the newest save again,
        under the lock), run the body, then write (only if it succeeded)."""
        if self._read_only:
            raise InputError(
                f"{self.path}: opened to be read only (its chronicle was not read); "
                "open it to play to change it"
            )
        with write_lock(self.path):
            try:
                self._check_fresh()
            except StaleSave as stale:
                if not catch_up or stale.disk_revision is None:
                    raise
                self.reload()
            now = now_iso()  # a bad TUICAMP_NOW refuses before anything happens
            yield
            try:
                self._write(now)
            except BaseException as exc:
                # The files still hold the last good save (the state file is replaced
                # last, in one rename): take it back, so memory and disk agree again.
                with contextlib.suppress(Exception):
                    self.reload()
                if isinstance(exc, OSError | InputError):
                    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
                    raise InputError(
                        f"{self.path}: could not save ({reason}); the last action was not kept"
                    ) from exc
                raise

    def _check_fresh(self) -> None:
        if not self.path.exists():
            raise StaleSave(self.path, None, self._revision)
        disk = read_header(self.path).revision
        if disk != self._revision:
            raise StaleSave(self.path, disk, self._revision)

    def _write(self, now: str, keep_backup: bool = True) -> None:
        with gc_paused():
            self._write_files(now, keep_backup)

    def _state_bytes(self, now: str) -> tuple[int, SaveText, list[Event], bytes]:
        """The next revision, the state's text at it, the events not yet written and
        their blocks of text.

        The state's bytes come first, so that a number no save can hold refuses the
        action before anything is written (a refusal then reloads, in _writing). The
        engine's cached snapshot is the data written; the engine is told the new
        revision first, so that a later refusal, which restores the campaign as it stood
        between actions, keeps it."""
        chronicle = self.engine.chronicle
        revision = self._revision + 1
        self.engine.saved_at(revision)
        data = self.engine.snapshot()
        data["chronicle_length"] = len(chronicle)
        last = event_fingerprint(chronicle[-1]) if chronicle else ""
        header = make_header(self.campaign, revision, now, last_event=last)
        state = save_text(header, data, self._applied)
        new_events = chronicle[self._saved_events :]
        blocks = events_bytes(new_events)
        if state.too_large is not False:  # the writer saw one, or cannot say: look
            refuse_too_large(
                state.raw,
                {"header": {"revision": revision}, "campaign": data},
                walk=state.too_large is True,
            )
        if may_hold_too_large(blocks):
            refuse_too_large(b"", {}, ((e.seq, event_dict(e)) for e in new_events))
        return revision, state, new_events, blocks

    def _write_new(self, now: str) -> None:
        """A new campaign's files, swapped in over an old one's (see :meth:`create`)."""
        revision, state, _, blocks = self._state_bytes(now)  # every event is new here
        cpath, pending = chronicle_path(self.path), pending_chronicle_path(self.path)
        end = write_chronicle(pending, self.engine.chronicle, FORMAT_VERSION, blocks)
        write_save(self.path, state)
        try:
            os.replace(pending, cpath)
        except OSError as exc:
            raise CannotWrite(cpath, exc) from None
        fsync_dir(self.path.parent)
        self._chronicle_end, self._chronicle_stamp = end, file_stamp(cpath)
        self._saved_events, self._rewrite_chronicle = len(self.engine.chronicle), False
        self._revision = revision

    def _write_files(self, now: str, keep_backup: bool) -> None:
        chronicle = self.engine.chronicle
        revision, state, new_events, blocks = self._state_bytes(now)
        # 1. the events first: the state must never count events the file lacks
        cpath = chronicle_path(self.path)
        if self._rewrite_chronicle or len(chronicle) < self._saved_events:
            end = write_chronicle(cpath, chronicle, FORMAT_VERSION)
        else:
            end = self._chronicle_end
            if file_stamp(cpath) != self._chronicle_stamp:  # touched by someone else
                end = find_end(cpath, self._saved_events) if self._saved_events else 0
            stamp = file_stamp(cpath)
            if new_events or stamp is None or stamp[1] != end:
                end = append_events(cpath, new_events, end, FORMAT_VERSION, blocks)
        self._chronicle_end, self._chronicle_stamp = end, file_stamp(cpath)
        self._saved_events, self._rewrite_chronicle = len(chronicle), False
        # 2. the state
        backup = backup_path(self.path) if keep_backup else None
        write_save(self.path, state, backup=backup)
        self._revision = revision
        # a new campaign's chronicle left by a stopped `new --force`: its chronicle is in
        # place now (or it was never this campaign's)
        pending = pending_chronicle_path(self.path)
        if os.path.lexists(pending):
            with contextlib.suppress(OSError):
                pending.unlink()


def refusal(name: str, orders: Orders, exc: RuleError, revision: int) -> str:
    """The one line that says orders were refused, which of them and why, and when they
    were written against an older revision, that the campaign was played on since (the
    likely reason): what ``tuicamp apply`` and the club server's ``apply`` print."""
    index = getattr(exc, "action_index", None)
    which = f" order {index + 1} ({orders.actions[index].kind})" if index is not None else ""
    since = ""
    if orders.revision is not None and index is not None and orders.revision < revision:
        since = (
            f" (written against revision {orders.revision}; the save is at revision "
            f"{revision}: it was played on meanwhile)"
        )
    return f"{name}: refused{which}, nothing changed: {exc}{since}"


class OrdersRepeated(RuleError):
    """Orders the save has applied already: sent again, they would happen twice."""

    def __init__(self, orders: Orders, done: AppliedOrders) -> None:
        self.orders, self.done = orders, done
        which = (
            f"id {orders.id!r}"
            if orders.id is not None
            else f"the same actions, written against revision {orders.revision}"
        )
        super().__init__(
            f"these orders ({which}) were applied already for seat {done.seat!r}, at "
            f"revision {done.revision}; applying them again would carry them out twice"
        )


def _read(path: Path, check_seal: bool = True, events: Reading = Reading.WHOLE) -> LoadedSave:
    loaded = read_save(path, check_seal=check_seal, events=events)
    assert loaded is not None  # read_save raises rather than collecting here
    return loaded


def _engine_of(loaded: LoadedSave) -> Engine:
    return Engine(loaded.campaign, loaded.chronicle, loaded.ruleset)
