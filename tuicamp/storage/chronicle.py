"""The chronicle file: every event of a campaign, appended and never rewritten.

A campaign's chronicle grows all campaign long, while its state stays about the same size.
Rewriting the chronicle on every autosave would make each action slower than the last, so
it lives in a companion file, ``NAME.chronicle.toml``, of ``[[event]]`` blocks::

    # tuicamp chronicle ...
    format_version = 1

    [[event]]
    seq = 1
    ...

New events are appended (and fsynced) *before* the state file is replaced, and the state
records how many events it needs (``chronicle_length``). So after a crash the chronicle
holds at least what the state needs; blocks beyond that, the last of which may be torn
half-way, belong to an action that was never saved: they are ignored on load and cut off
at the next write.

The readers here also serve the save file: :class:`Source` keeps the text of a TOML file
and builds its line locator only when a complaint needs a line number, since scanning a
long campaign costs nearly as much as parsing it.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import hashlib
import json
import os
import re
import tomllib
from collections.abc import Iterator
from enum import Enum
from pathlib import Path
from typing import Any

from attrs import define, field

from tuicamp.engine.actions import Event
from tuicamp.engine.codec import chronicle_event_dict, converter, describe_structure_error
from tuicamp.engine.errors import InputError
from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr
from tuicamp.storage import tomlwrite
from tuicamp.storage.locations import NOFOLLOW, atomic_write, fsync_dir
from tuicamp.storage.migrations import upgrade_events, version_problem
from tuicamp.storage.tomlfile import (
    MAX_BYTES,
    KeyPath,
    Locator,
    depth_problem,
    parse_toml,
    too_deep,
)

# The chronicle may outgrow the state by far; 100 MB is some 300,000 events.
CHRONICLE_MAX_BYTES = 5 * MAX_BYTES

_BLOCK_RE = re.compile(rb"^[ \t]*\[\[[ \t]*event[ \t]*\]\]", re.M)
_BLOCK_HEADER = b"[[event]]"
_BLOCK_HEADER_TEXT = _BLOCK_HEADER.decode()
_BLOCK_MARK = "\x00"  # where events_bytes puts a block's header line, once all are moved
_ARRAY_MARK = "\n\x01"  # an array of tables' header line, while the others are moved
_UNKNOWN_KEYS_RE = re.compile(r"unknown key\(s\) \((.+)\)$")


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Hold the cyclic garbage collector while a whole campaign is read or written.

    Parsing and structuring allocate hundreds of thousands of objects, none of them
    garbage, and each allocation burst sets off collections that walk them all again
    (a tenth of the load time of a long campaign). Mercurial pauses its collector around
    bulk parsing for the same reason. Reference counting still frees what it can.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


# --- problems, with lines ---------------------------------------------------------------
class Problems:
    """Where a reader's complaints go: raised at once (loading) or all collected (checking).

    Every complaint is one line, ``file:line: what``.
    """

    def __init__(self, collect: bool = False) -> None:
        self.collect = collect
        self.lines: list[str] = []

    def add(self, line: str) -> None:
        if not self.collect:
            raise InputError(line)
        self.lines.append(line)

    def structure(self, source: Source, exc: BaseException, prefix: KeyPath = ()) -> None:
        """Report a cattrs error, one line per problem found in it."""
        found = describe_structure_error(exc)
        if not found:
            self.add(source.at(prefix, str(exc) or type(exc).__name__))
        for path, message in found:
            unknown = _UNKNOWN_KEYS_RE.search(message)
            if unknown:  # point at the first unknown key's own line, not its table's
                path = (*path, unknown.group(1).split(", ")[0])
            self.add(source.at((*prefix, *path), message))


@define
class Source:
    """A parsed TOML file that can name the line of any key path when asked."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    path: Path
    text: str
    data: dict[str, Any]
    _locator: Locator | None = field(default=None)

    def line_of(self, keypath: KeyPath) -> int:
        if self._locator is None:
            self._locator = Locator.scan(self.text)
        return self._locator.line_of(keypath)

    def where(self, keypath: KeyPath) -> str:
        return f"{self.path}:{self.line_of(keypath)}"

    def at(self, keypath: KeyPath, message: str) -> str:
        return f"{self.where(keypath)}: {message}"


def read_bytes(path: Path, problems: Problems, max_bytes: int = MAX_BYTES) -> bytes | None:
    """The file's bytes, or a complaint: missing, a folder, unreadable or too big."""
    try:
        size = path.stat().st_size
        if path.is_dir():
            problems.add(f"{path}: is a folder, not a save")
            return None
        if size > max_bytes:
            problems.add(
                f"{path}:1: the file is {size / 1e6:.0f} MB; tuicamp reads at most "
                f"{max_bytes // 1_000_000} MB"
            )
            return None
        return path.read_bytes()
    except FileNotFoundError:
        problems.add(f"{path}: no such file")
    except OSError as exc:
        problems.add(f"{path}: cannot read it ({exc.strerror})")
    return None


def parse_source(path: Path, raw: bytes, problems: Problems) -> Source | None:
    """Parse TOML; a syntax error is reported with tomlfile's own wording and line, and
    so is data nested too deep to be read safely (``tomlfile.MAX_DEPTH``)."""
    try:
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        try:
            parse_toml(raw, path)  # raises the one-line error with the line number
        except InputError as exc:
            problems.add(str(exc))
            return None
        raise  # parse_toml accepted what tomllib refused: a real bug, not a bad file
    if too_deep(data):
        problems.add(depth_problem(path, text))
        return None
    return Source(path, text, data)


# --- writing ----------------------------------------------------------------------------
def chronicle_head(version: int) -> bytes:
    return (
        "# tuicamp chronicle: one [[event]] block per event, oldest first. tuicamp only\n"
        "# appends to it; the save beside it says how many of these events it holds.\n"
        f"format_version = {version}\n\n"
    ).encode()


def event_dict(event: Event) -> dict[str, Any]:
    """An event as TOML data; empty rolls and data are left out (they default to empty)."""
    return chronicle_event_dict(event)


def event_block(event: Event) -> bytes:
    """One ``[[event]]`` block. tomli_w writes a short table inline, so the body is written
    as a root table and its sub-table headers are moved under ``event.``; tomli_w starts a
    line with ``[`` only for table headers (array items are indented)."""
    body = _under_event(tomlwrite.dumps(event_dict(event)))
    return b"[[event]]\n" + body.encode() + b"\n"


def _under_event(text: str) -> str:
    """The table headers of events' bodies moved under ``event.``: ``[x]`` becomes
    ``[event.x]`` and ``[[x]]`` ``[[event.x]]`` on every line that starts with ``[``
    (by plain replacements of each newline and bracket, with a newline put before the
    first line: a regular expression over a whole chronicle costs far more).
    ``_ARRAY_MARK``, a control character no body holds, keeps the arrays' headers apart
    meanwhile."""
    moved = (
        ("\n" + text)
        .replace("\n[[", _ARRAY_MARK)
        .replace("\n[", "\n[event.")
        .replace(_ARRAY_MARK, "\n[[event.")
    )
    return moved[1:]


def chronicle_bytes(events: list[Event], version: int) -> bytes:
    return chronicle_head(version) + events_bytes(events)


def events_bytes(events: list[Event]) -> bytes:
    """The ``[[event]]`` blocks of ``events``, one after the other: what
    :func:`event_block` makes of each, with the sub-table headers moved and the text
    encoded in one pass over all of them (a new campaign writes thousands at once).

    The blocks' own header lines are put in after that pass: until then each is a line
    of ``_BLOCK_MARK``, which no body holds (tomli_w escapes control characters)."""
    if not events:
        return b""
    mark = _BLOCK_MARK + "\n"
    bodies = "\n".join(mark + tomlwrite.dumps(event_dict(e)) for e in events) + "\n"
    return _under_event(bodies).replace(_BLOCK_MARK, _BLOCK_HEADER_TEXT).encode()


def write_chronicle(
    path: Path, events: list[Event], version: int, blocks: bytes | None = None
) -> int:
    """Write the whole chronicle atomically (a new campaign, or after an upgrade);
    ``blocks`` is :func:`events_bytes` of ``events`` when the caller has made it already.

    Returns the file's length: where the next append goes."""
    with gc_paused():
        data = chronicle_head(version) + (events_bytes(events) if blocks is None else blocks)
    atomic_write(path, data)
    return len(data)


def append_events(
    path: Path, events: list[Event], at: int, version: int, blocks: bytes | None = None
) -> int:
    """Append ``events`` at byte ``at`` (cutting off whatever an interrupted write left
    beyond it), then fsync. ``at = 0`` starts a new file. The first block starts on a
    line of its own whatever the file ends with (an editor may drop the last newline).
    ``blocks`` is :func:`events_bytes` of ``events`` when the caller has made it already.
    Returns the new end."""
    data = events_bytes(events) if blocks is None else blocks
    created = False
    try:  # never through a symbolic link: it would write another campaign's chronicle
        fd = os.open(path, os.O_RDWR | NOFOLLOW)
    except FileNotFoundError:
        if at:
            raise InputError(f"{path}: the chronicle file has disappeared") from None
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | NOFOLLOW, 0o666)
        created = True
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise InputError(
                f"{path}: is a symbolic link; tuicamp will not write through it"
            ) from None
        raise
    with open(fd, "r+b") as f:
        if at == 0:
            data = chronicle_head(version) + data
        else:
            f.seek(at - 1)
            if f.read(1) != b"\n":  # a hand edit dropped the last newline
                data = b"\n" + data  # a block glued onto that line would not count
        f.seek(at)
        f.truncate()
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    if created:
        fsync_dir(path.parent)
    return at + len(data)


def file_stamp(path: Path) -> tuple[int, int, int] | None:
    """(inode, size, mtime): tells whether someone else touched the file since we did."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


# --- reading ----------------------------------------------------------------------------
def block_starts(raw: bytes) -> list[int]:
    return [m.start() for m in _BLOCK_RE.finditer(raw)]


def blocks_end(raw: bytes, starts: list[int], count: int) -> int:
    """The byte just past the first ``count`` blocks: the next block's start, or the end
    of the file without a torn first line of a further block (``[[eve``)."""
    if count < len(starts):
        return starts[count]
    end = len(raw)
    line_start = raw.rfind(b"\n") + 1
    tail = raw[line_start:].strip()
    if tail and _BLOCK_HEADER.startswith(tail):
        end = line_start
    return end


def find_end(path: Path, count: int) -> int:
    """Where the first ``count`` events end in the file (re-read after outside changes)."""
    problems = Problems()
    raw = read_bytes(path, problems, CHRONICLE_MAX_BYTES) or b""
    starts = block_starts(raw)
    if len(starts) < count:
        raise InputError(f"{path}: holds {len(starts)} events, not the {count} of the save")
    return blocks_end(raw, starts, count)


@define
class ChronicleRead:
    __repr__ = fields_repr
    __eq__ = fields_eq

    events: list[Event]
    end: int  # byte offset just past the events the save needs
    version: int  # the format version the file was written in
    dropped: int = 0  # blocks beyond the save's (from an interrupted write)
    stamp: tuple[int, int, int] | None = None
    last_line: int = 1  # where the last event the save needs starts


def event_fingerprint(event: Event) -> str:
    """What a save records of the last event it needs (``last_event`` in its header), so
    that a chronicle that is not its own is found out: another campaign's, or one a new
    campaign's set-up has not swapped in yet. Taken of the event's content, not of its
    text in the file, so that an editor's way with blank lines changes nothing."""
    text = json.dumps(event_dict(event), sort_keys=True, separators=(",", ":"), default=str)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:32]


def read_chronicle(
    path: Path,
    expected: int,
    current: int,
    problems: Problems,
    save: Source | None = None,
) -> ChronicleRead | None:
    """The first ``expected`` events of the chronicle, checked and upgraded.

    ``save`` is the save that needs them: a missing chronicle is reported at the line of
    its ``chronicle_length``. Problems go to ``problems``; None is returned when the
    events could not be read.
    """
    needs = f"{save.path.name if save else 'the save'} needs {expected}"
    stamp = file_stamp(path)
    if stamp is None:
        if expected:
            where = save.where(("campaign", "chronicle_length")) if save else str(path)
            problems.add(f"{where}: the chronicle {path.name} is missing; {needs} events from it")
            return None
        return ChronicleRead([], 0, current)
    raw = read_bytes(path, problems, CHRONICLE_MAX_BYTES)
    if raw is None:
        return None
    starts = block_starts(raw)
    if len(starts) < expected:
        last_line = raw.count(b"\n") + 1
        problems.add(
            f"{path}:{last_line}: holds {len(starts)} events but {needs}; "
            "restore the file or the save's backup"
        )
        return None
    end = blocks_end(raw, starts, expected)
    dropped = len(starts) - expected
    if dropped == 0 and end < len(raw):
        dropped = 1  # the torn first line of a further block
    source = parse_source(path, raw[:end], problems)
    if source is None:
        return None
    version = _chronicle_version(source, current, problems)
    blocks = source.data.get("event", [])
    if version is None or not _blocks_ok(source, blocks, expected, problems):
        return None
    try:
        blocks = upgrade_events(blocks, version, current)
    except Exception as exc:  # an upgrade step failed on this data
        problems.add(source.at(("event",), f"cannot upgrade the events: {exc}"))
        return None
    events = []
    for i, block in enumerate(blocks):  # one by one: quicker than as a list, in cattrs
        try:
            events.append(converter.structure(block, Event))
        except Exception as exc:  # cattrs groups every problem of an event in one exception
            problems.structure(source, exc, ("event", i))
    if len(events) < len(blocks):
        return None
    last_line = raw.count(b"\n", 0, starts[expected - 1]) + 1 if expected else 1
    return ChronicleRead(events, end, version, dropped, stamp, last_line)


def _chronicle_version(source: Source, current: int, problems: Problems) -> int | None:
    """The file's format version, checked first: a newer file's other keys may be right
    for the tuicamp that wrote it, so its version is the one thing said about it."""
    version = source.data.get("format_version", current)
    problem = version_problem(version, current)
    if problem:
        problems.add(source.at(("format_version",), problem))
        return None
    unknown = sorted(set(source.data) - {"format_version", "event"})
    for key in unknown:
        problems.add(source.at((key,), f"unknown key {key!r} (a chronicle holds [[event]] blocks)"))
    return version


def _blocks_ok(source: Source, blocks: Any, expected: int, problems: Problems) -> bool:
    if not isinstance(blocks, list) or len(blocks) != expected:
        count = len(blocks) if isinstance(blocks, list) else 0
        problems.add(source.at(("event",), f"found {count} [[event]] blocks, expected {expected}"))
        return False
    ok = True
    for i, block in enumerate(blocks):
        seq = block.get("seq") if isinstance(block, dict) else None
        if seq != i + 1:
            problems.add(
                source.at(
                    ("event", i, "seq"),
                    f"event {i + 1} has seq = {seq!r}; "
                    "the events must be numbered 1, 2, 3, ... in order",
                )
            )
            ok = False
    return ok


# --- reading the tail alone ---------------------------------------------------------------
TAIL_CHUNK = 64 * 1024  # read from the end at first: a few hundred events
_HEAD_BYTES = 4096  # the comment lines and format_version before the first block


class Reading(Enum):
    """How much of the chronicle a reader needs: the cost of opening a long campaign.

    ``WHOLE`` parses and checks every event (the UI, ``log``, ``check``); ``TAIL`` checks
    that the chronicle is the save's own and holds its events, from the last events alone
    (``apply``); ``NONE`` does not open it (``show``, which reports the state)."""

    WHOLE = "whole"
    TAIL = "tail"
    NONE = "none"


class EventNotRead(RuntimeError):
    """An event left unread (only the chronicle's tail was read) was asked for."""


class UnreadEvent:
    """Stands in a chronicle for an event that was not read, so that the chronicle keeps
    its length (the next event's number) while only its tail is parsed.

    It knows its number and nothing else: reading anything more of it raises
    :class:`EventNotRead`, so code that needs an old event fails loudly instead of
    reading a made-up one. ``action`` is 0: the engine numbers the next action after the
    highest in the chronicle, which is the last event's, and the tail holds that one."""

    __slots__ = ("seq",)
    action = 0

    def __init__(self, seq: int) -> None:
        self.seq = seq

    def __getattr__(self, name: str) -> Any:
        raise EventNotRead(
            f"event {self.seq} of the chronicle was not read (only its tail was): "
            f"open the save whole to read its {name}"
        )


def read_chronicle_tail(
    path: Path, expected: int, current: int, wanted: str
) -> ChronicleRead | None:
    """The chronicle's last events up to event ``expected``, read from the end of the file,
    or None when the tail alone cannot vouch for the file (then read it whole).

    What is checked: the file's ``format_version`` is this tuicamp's; event ``expected``
    is found where the file ends (blocks beyond it, left by an interrupted write, are
    dropped as a whole read drops them), reads as an event, and has the fingerprint
    ``wanted`` the save recorded of its last event, so the chronicle is the save's own and
    holds every event it counts; the events read before it are numbered one by one up to
    it. What is not: the events before the tail, which only a whole read (``log``, the UI,
    ``check``) parses. The events not read are :class:`UnreadEvent` in the list."""
    if not wanted or expected <= 0:
        return None  # a save from before fingerprints: nothing to check the tail against
    stamp = file_stamp(path)
    if stamp is None or stamp[1] > CHRONICLE_MAX_BYTES:
        return None  # the whole read says what is wrong
    try:
        with open(path, "rb") as f:
            head = f.read(_HEAD_BYTES)
            size = f.seek(0, os.SEEK_END)
            start = max(0, size - TAIL_CHUNK)
            f.seek(start)
            tail = f.read()
    except OSError:
        return None
    if _head_version(head) != current:
        return None  # an older file is upgraded, and rewritten, by a whole read
    if start:  # begin on a line of its own
        cut = tail.find(b"\n") + 1
        start, tail = start + cut, tail[cut:]
    events = _tail_events(tail, start, expected)
    if events is None:
        return None
    found, end, dropped = events
    if event_fingerprint(found[-1]) != wanted:
        return None  # the whole read names the line and what to do
    first = found[0].seq
    chronicle: list[Any] = [UnreadEvent(seq) for seq in range(1, first)]
    chronicle += found
    return ChronicleRead(chronicle, end, current, dropped, stamp)


def _head_version(head: bytes) -> int | None:
    m = _HEAD_VERSION_RE.search(head)
    return int(m.group(1)) if m else None


_HEAD_VERSION_RE = re.compile(rb"^format_version[ \t]*=[ \t]*([0-9]+)[ \t]*$", re.M)


def _tail_events(tail: bytes, offset: int, expected: int) -> tuple[list[Event], int, int] | None:
    """Event ``expected`` and the events of its action before it, read from the tail's
    blocks backwards, with the byte just past it and the count of blocks after it (as
    ``ChronicleRead.dropped`` counts them); None if the tail does not show them.

    The blocks after it, which an interrupted write left (the last perhaps torn), are
    passed over; the events before it are read only while they belong to its action,
    since the engine reads back the last action's events (a re-roll) and nothing older."""
    starts = block_starts(tail)
    found: list[Event] = []
    for i in range(len(starts) - 1, -1, -1):
        stop = starts[i + 1] if i + 1 < len(starts) else len(tail)
        event = _block_event(tail[starts[i] : stop])
        if not found:
            if event is None and i == len(starts) - 1:
                continue  # a torn last block, beyond the save's events
            if event is None or event.seq < expected:
                return None  # unreadable, or the file ends before the save's events
            if event.seq > expected:
                continue  # an interrupted write's block
            cut = blocks_end(tail, starts, i + 1)
            end, dropped = offset + cut, len(starts) - 1 - i or int(cut < len(tail))
            found.append(event)
            continue
        if event is None or event.seq != found[-1].seq - 1:
            return None
        if event.action != found[-1].action:
            break
        found.append(event)
    else:
        if not found or found[-1].seq != 1:
            return None  # the tail began inside the last action: read it whole
    return found[::-1], end, dropped


def _block_event(block: bytes, strict: bool = False) -> Event | None:
    """One ``[[event]]`` block's event, or None if it does not read as one (``strict``:
    or if the block holds anything beside its event, which a whole read refuses)."""
    try:
        doc = tomllib.loads(block.decode("utf-8"))
        if strict and (set(doc) != {"event"} or len(doc["event"]) != 1):
            return None
        data = doc["event"][0]
        if too_deep(data):
            return None
        event: Event = converter.structure(data, Event)
    except Exception:  # torn, hand-edited or not an event: a whole read judges it
        return None
    return event


# --- reading one event at a time ------------------------------------------------------------
def stream_chronicle(path: Path, expected: int, current: int) -> Iterator[Event]:
    """The chronicle's first ``expected`` events, each parsed as it is reached, so that a
    reader printing them (``tuicamp log``) starts at once, however long the campaign.

    Each block is checked as a whole read checks it (its number, its fields, nothing
    beside the event in it), and the lines before the first block for the format version
    and nothing else; at the first that does not pass, the whole read is asked for its
    one-line complaint, which is raised. An older file is read whole (its events are
    upgraded together), then given out. The caller checks first that the chronicle is
    the save's own (``read_chronicle_tail``)."""
    problems = Problems()
    raw = read_bytes(path, problems, CHRONICLE_MAX_BYTES) or b""
    starts = block_starts(raw)
    head = _head_data(raw[: starts[0]] if starts else raw)
    if len(starts) < expected or head is None or head.get("format_version", current) != current:
        whole = read_chronicle(path, expected, current, problems)
        yield from whole.events if whole is not None else []
        return
    end = blocks_end(raw, starts, expected)
    for i in range(expected):
        stop = starts[i + 1] if i + 1 < expected else end
        event = _block_event(raw[starts[i] : stop], strict=True)
        if event is None or event.seq != i + 1:
            read_chronicle(path, expected, current, problems)  # raises its complaint
            raise InputError(f"{path}: event {i + 1} does not read as an event")
        yield event


def _head_data(head: bytes) -> dict[str, Any] | None:
    """The lines before the first block, if they hold a format version and nothing else."""
    try:
        data = tomllib.loads(head.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    return data if set(data) <= {"format_version"} else None


# --- what a player may read, counted without parsing ---------------------------------------
# ``visible_to = [`` with one indented item a line and ``]``, as tomli_w writes it (or
# all on one line). Each pattern starts with a fixed byte string, so that the scan of a
# long chronicle is the regular-expression engine's fast search for it, not a try at
# every byte (which a pattern opening on ``^`` is).
_VISIBLE_LINE_RE = re.compile(
    rb"\nvisible_to = (\[(?:\n[ \t]+[^\n]*)*\n\]|\[[^\n]*\])[ \t]*$", re.M
)
# a block's first line and its number, as event_block writes them
_NUMBERED_BLOCK_RE = re.compile(rb"\[\[event\]\]\nseq = ([0-9]+)\n")
_WRITTEN_HEADER = b"\n[[event]]\n"


def readable_count(path: Path, count: int, players: list[str], current: int) -> int:
    """How many of the chronicle's first ``count`` events a seat controlling ``players``
    (not the Games Master's, who reads all) may read: the number its own chronicle has
    reached there (R-ALL-7), for a reader that parsed only the tail (``tuicamp apply``).

    An event is hidden only by its ``visible_to``, which tuicamp writes among the
    event's own keys as ``visible_to = [`` and an item a line, so those lines are found
    in the raw text and only they are parsed (each different line once). Where the
    first ``count`` events end is found from the file's end, by the numbers of the
    blocks after them, so a long campaign costs a search of its bytes and no more.
    Anything written otherwise (by hand: a quoted key, a comment in the array, a
    ``visible_to`` below one of the event's tables, a block not numbered on its first
    line) is not guessed at: then every event is read, one at a time
    (:func:`stream_chronicle`)."""
    counted = _readable_by_lines(path, count, players)
    if counted is not None:
        return counted
    return sum(1 for e in stream_chronicle(path, count, current) if e.visible_for(players, False))


def _readable_by_lines(path: Path, count: int, players: list[str]) -> int | None:
    raw = read_bytes(path, Problems(collect=True), CHRONICLE_MAX_BYTES)
    if raw is None:
        return None
    end = _end_of_first(raw, count)
    if end is None:
        return None
    region = raw[:end]
    lines = list(_VISIBLE_LINE_RE.finditer(region))
    if region.count(b"visible_to") != len(lines):
        return None  # written some other way: read the events themselves
    hidden = 0
    readers_of: dict[bytes, list[Any]] = {}  # most lines name the same few seats
    for line in lines:
        block = region.rfind(_WRITTEN_HEADER, 0, line.start() + 1)
        if block < 0 or region.find(b"\n[", block + 1, line.start() + 1) != -1:
            return None  # before the first block, or under one of the event's tables
        text = line.group(1)
        readers = readers_of.get(text)
        if readers is None:
            try:
                value = tomllib.loads("v = " + text.decode("utf-8"))["v"]
            except (UnicodeDecodeError, tomllib.TOMLDecodeError):
                return None
            readers = readers_of[text] = value if isinstance(value, list) else []
        if not any(p in readers for p in players):
            hidden += 1
    return count - hidden


def _end_of_first(raw: bytes, count: int) -> int | None:
    """The byte just past the first ``count`` blocks of ``raw``: where the block after
    block ``count`` begins, or the end of the file, found by walking back over the blocks
    after it (the tail an apply read, and any an interrupted write left); None if those
    blocks are not written as :func:`event_block` writes them, or block ``count`` is not
    where they end."""
    if count <= 0:
        return 0
    stop = after = len(raw)
    while (at := raw.rfind(_WRITTEN_HEADER, 0, stop)) >= 0:
        numbered = _NUMBERED_BLOCK_RE.match(raw, at + 1)
        if numbered is None:
            return None
        seq = int(numbered.group(1))
        if seq <= count:
            return after if seq == count else None
        stop, after = at, at + 1
    return None
