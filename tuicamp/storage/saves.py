"""Campaign save files: a short header, then the state; the events live beside it.

A save is TOML a Games Master can read and edit::

    [header]               # read alone to list saves fast
    seal = "sha256:..."    # the digest of the rest of the file (storage.seal)
    format_version = 3
    name = "The Reikland War"
    ...
    revision = 12          # bumped by every save; guards against two writers

    [campaign]             # converter.campaign_to_dict(campaign)
    ...

    [[applied_orders]]     # orders files applied with an id (storage.orders), so that
    seat = "empire"        # the same orders sent again are refused
    id = "empire-turn-3"
    revision = 13

The chronicle is in ``NAME.chronicle.toml`` (see :mod:`tuicamp.storage.chronicle`). Both
hold resolved outcomes, dice values included, so loading never re-runs a rule: a save
made under one version of a ruleset loads the same under the next.

The header repeats a few campaign fields for listing only; on load the campaign's own
fields count, except ``revision``, which the header carries for the stale-writer check.

Loading a bad file never writes anything and fails with one line, ``file:line: what``;
:func:`save_problems` lists every problem at once for ``tuicamp check``.

A save proves it is whole with its seal (:mod:`tuicamp.storage.seal`): a save cut short
or edited by hand is refused until it is restored or, checked first, sealed again
(``save_problems(path, check_seal=False)``, then ``Session.reseal``: ``tuicamp check
--reseal``). Saves of format version 2 and
older were written before seals: they load as they are, and the next write seals them.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from attrs import define, field, frozen

from tuicamp.engine import registry
from tuicamp.engine.actions import Event
from tuicamp.engine.codec import campaign_from_dict, converter, unstructure
from tuicamp.engine.errors import InputError, RuleError
from tuicamp.engine.names import name_problems
from tuicamp.engine.problems import KeyPath, Problem
from tuicamp.engine.ruleset import Option, Ruleset
from tuicamp.model.campaign import Campaign, OptionValue
from tuicamp.model.reprs import fields_repr
from tuicamp.model.terrain import Vocabulary
from tuicamp.storage import tomlwrite
from tuicamp.storage.chronicle import (
    CHRONICLE_MAX_BYTES,
    ChronicleRead,
    Problems,
    Reading,
    Source,
    block_starts,
    event_fingerprint,
    gc_paused,
    parse_source,
    read_bytes,
    read_chronicle,
    read_chronicle_tail,
)
from tuicamp.storage.locations import (
    atomic_write,
    backup_path,
    chronicle_path,
    is_save_file,
    pending_chronicle_path,
    refuse_links,
    save_of_chronicle,
    saves_dir,
)
from tuicamp.storage.migrations import MigrationError, upgrade_save, version_problem
from tuicamp.storage.orders import AppliedOrders
from tuicamp.storage.parsed import keep_written, parse_save_source
from tuicamp.storage.seal import SealLine, find_seal, header_span, seal_content, seal_holds
from tuicamp.storage.shared_checks import MAX_MAP_SIDE, table_problems, team_problems
from tuicamp.storage.summary import summarise
from tuicamp.storage.tomlfile import MAX_BYTES

FORMAT_VERSION = 3  # 2: the flow of play (campaign.flow, campaign.step); 3: the seal
SEALED_SINCE = 3  # the first format version whose saves carry a seal
NOW_ENV = "TUICAMP_NOW"
MAX_HEADER_BYTES = 64 * 1024

_HEADER_LINE_RE = re.compile(rb"^\s*\[\s*header\s*\]\s*(#.*)?$")
_SKIPPABLE_RE = re.compile(rb"^\s*(#.*)?$")


@define
class SaveHeader:
    """What the saves list shows, readable without loading the campaign."""

    __repr__ = fields_repr

    format_version: int
    name: str
    scenario: str
    ruleset: str
    turn: int
    phase: str
    players: list[str]  # display names
    last_played: str  # ISO-8601, UTC
    revision: int
    finished: bool = False
    seal: str = ""  # written by save_bytes, checked on load (storage.seal)
    # the fingerprint of the last event the state needs (chronicle.event_fingerprint):
    # a chronicle whose event is another is not this save's
    last_event: str = ""


class StaleSave(RuleError):
    """Someone else saved since we loaded: writing now would silently undo their play."""

    def __init__(self, path: Path, disk_revision: int | None, revision: int) -> None:
        self.path, self.disk_revision, self.revision = path, disk_revision, revision
        if disk_revision is None:
            text = f"{path} was removed by another player or terminal; it cannot be saved over"
        else:
            text = (
                f"{path} was changed by another player or terminal (revision "
                f"{disk_revision}, you have {revision}); reload it"
            )
        super().__init__(text)


@define
class LoadedSave:
    """Everything a session needs from disk, beyond the campaign and its events."""

    __repr__ = fields_repr

    path: Path
    header: SaveHeader
    campaign: Campaign
    chronicle: list[Event]
    ruleset: Ruleset
    chronicle_end: int  # byte offset where the next event is appended
    chronicle_stamp: tuple[int, int, int] | None
    chronicle_version: int
    upgraded_from: int | None = None  # the file's format version, when it was older
    dropped_events: int = 0  # chronicle blocks of an interrupted write, ignored
    # the events were read from the new campaign's chronicle that Session.create had not
    # yet swapped in when it was stopped: the next write finishes the swap
    chronicle_pending: bool = False
    applied_orders: list[AppliedOrders] = field(factory=list)
    # how much of the chronicle was read (chronicle.Reading): NONE leaves ``chronicle``
    # empty and the chronicle fields above saying nothing (such a save is for reading
    # only); TAIL fills the events before the tail with UnreadEvent
    reading: Reading = Reading.WHOLE


# --- writing ----------------------------------------------------------------------------
def now_iso(env: dict[str, str] | None = None) -> str:
    """The time a save records as ``last_played``: now, in UTC, to the second.

    Set ``TUICAMP_NOW`` (any ISO-8601 time, e.g. ``2024-05-01T18:00:00Z``) to fix the
    clock, so scripted runs and tests write byte-identical files.
    """
    text = (os.environ if env is None else env).get(NOW_ENV, "")
    if not text:
        moment = datetime.now(UTC)
    else:
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            raise InputError(
                f"{NOW_ENV}={text!r} is not an ISO-8601 time (e.g. 2024-05-01T18:00:00Z)"
            ) from None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def make_header(
    campaign: Campaign, revision: int, last_played: str, last_event: str = ""
) -> SaveHeader:
    return SaveHeader(
        format_version=FORMAT_VERSION,
        name=campaign.name,
        scenario=campaign.scenario,
        ruleset=campaign.ruleset,
        turn=campaign.turn,
        phase=campaign.phase,
        players=[p.name for p in campaign.players],
        last_played=last_played,
        revision=revision,
        finished=campaign.finished,
        last_event=last_event,
    )


@frozen
class SaveText:
    """A save's bytes, sealed, and the data tomllib reads back from them (None when it
    cannot be vouched for without parsing them): what :func:`write_save` keeps as the
    save's parsed copy, so the next open need not parse what was just written."""

    __repr__ = fields_repr

    raw: bytes
    read_back: dict[str, Any] | None
    seal: SealLine | None = None  # the seal line set, whose value digests the rest
    # Whether the text holds a whole number past TOML's 64 bits (None: not known without
    # reading it, as for text tomli_w wrote): see storage/limits.py.
    too_large: bool | None = None


def save_text(
    header: SaveHeader,
    campaign_data: dict[str, Any],
    applied: Sequence[AppliedOrders] = (),
) -> SaveText:
    """The save file's text, sealed; ``campaign_data`` is ``campaign_to_dict`` (the
    engine's cached snapshot), so nothing is unstructured twice."""
    head = unstructure(header)
    head.pop("seal", None)  # the seal is the digest of the rest, set last
    written = tomlwrite.write({"header": head, "campaign": campaign_data})
    # each its own block, after the campaign (tomli_w would write a short array inline, on top)
    blocks = [tomlwrite.write(unstructure(a)) for a in applied]
    text = "".join([written.text, *("\n[[applied_orders]]\n" + b.text for b in blocks)])
    raw, seal = seal_content(text.encode())
    flags = {written.too_large, *(b.too_large for b in blocks)}
    too_large = None if None in flags else True in flags
    return SaveText(raw, _read_back(raw, written.read_back, blocks), seal, too_large)


def save_bytes(
    header: SaveHeader,
    campaign_data: dict[str, Any],
    applied: Sequence[AppliedOrders] = (),
) -> bytes:
    """:func:`save_text`'s bytes alone."""
    return save_text(header, campaign_data, applied).raw


def _read_back(
    raw: bytes, written: dict[str, Any] | None, blocks: list[tomlwrite.Written]
) -> dict[str, Any] | None:
    """The whole save as tomllib reads it: the seal first in ``[header]`` (``sealed``
    puts its line there), then each applied order. None when a part cannot be vouched
    for, or an order holds a table of its own (written at the root of its block, it
    would not be read back under ``applied_orders``)."""
    seal = find_seal(raw)
    parts = [b.read_back for b in blocks if not _has_tables(b.text)]
    if written is None or seal is None or len(parts) < len(blocks) or None in parts:
        return None
    data = {"header": {"seal": seal.value, **written["header"]}, "campaign": written["campaign"]}
    if parts:
        data["applied_orders"] = parts
    return data


def _has_tables(text: str) -> bool:
    """Whether TOML text as tomli_w writes it has a table's header line (it indents the
    items of arrays, and no text it writes holds a line break)."""
    return text.startswith("[") or "\n[" in text


def write_save(path: Path, text: SaveText, backup: Path | None = None) -> None:
    """Replace the save at ``path`` with ``text`` (``locations.atomic_write``), then keep
    what it reads back as its parsed copy (a big save only): the TOML is in place
    first, and stays the one truth."""
    atomic_write(path, text.raw, backup=backup)
    if text.read_back is not None:
        keep_written(path, text.raw, text.read_back, text.seal)


# --- the header alone -------------------------------------------------------------------
def _header_chunk(path: Path, problems: Problems) -> bytes | None:
    """The file's lines up to the first table after ``[header]``."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            problems.add(
                f"{path}:1: the file is {size / 1e6:.0f} MB; tuicamp reads at most "
                f"{MAX_BYTES // 1_000_000} MB"
            )
            return None
        lines: list[bytes] = []
        seen_header = False
        total = 0
        with open(path, "rb") as f:
            for line in f:
                if _HEADER_LINE_RE.match(line):
                    seen_header = True
                elif line.lstrip().startswith(b"[") or not (
                    seen_header or _SKIPPABLE_RE.match(line)
                ):
                    break  # the next table, or something else before [header]
                lines.append(line)
                total += len(line)
                if total > MAX_HEADER_BYTES:
                    problems.add(f"{path}:1: the [header] table is too long for a save")
                    return None
    except FileNotFoundError:
        problems.add(f"{path}: no such file")
        return None
    except IsADirectoryError:
        problems.add(f"{path}: is a folder, not a save")
        return None
    except OSError as exc:
        problems.add(f"{path}: cannot read it ({exc.strerror})")
        return None
    if not seen_header:
        problems.add(f"{path}:1: not a tuicamp save: it does not start with a [header] table")
        return None
    return b"".join(lines)


def _structure_header(source: Source, problems: Problems) -> SaveHeader | None:
    before = len(problems.lines)
    try:
        return converter.structure(source.data["header"], SaveHeader)
    except Exception as exc:  # cattrs groups every problem in one exception
        problems.structure(source, exc, ("header",))
    if len(problems.lines) == before:
        problems.add(source.at(("header",), "the [header] table is not valid"))
    return None


def _version_of(source: Source, problems: Problems) -> int | None:
    header = source.data.get("header")
    if not isinstance(header, dict):
        problems.add(source.at(("header",), "[header] must be a table"))
        return None
    if "format_version" not in header:
        problems.add(source.at(("header",), "the [header] table has no format_version"))
        return None
    version = header["format_version"]
    problem = version_problem(version, FORMAT_VERSION)
    if problem:
        problems.add(source.at(("header", "format_version"), problem))
        return None
    return version


def read_header(path: str | Path) -> SaveHeader:
    """The header alone (for the saves list): reads only the leading ``[header]`` table.

    An older save is loaded whole and upgraded, since its header may differ; a bad file
    raises a one-line InputError.
    """
    path = Path(path)
    refuse_links(path)
    problems = Problems()
    chunk = _header_chunk(path, problems)
    source = parse_source(path, chunk or b"", problems)
    assert source is not None  # Problems() raises instead of collecting
    version = _version_of(source, problems)
    if version is not None and version < FORMAT_VERSION:
        loaded = read_save(path)
        assert loaded is not None
        return loaded.header
    header = _structure_header(source, problems)
    assert header is not None
    return header


# --- the whole save ---------------------------------------------------------------------
def load_save(path: str | Path) -> tuple[Campaign, list[Event]]:
    """The campaign and its chronicle, checked and upgraded; InputError "file:line: msg"."""
    loaded = read_save(Path(path))
    assert loaded is not None
    return loaded.campaign, loaded.chronicle


def save_problems(path: str | Path, check_seal: bool = True) -> list[str]:
    """Every problem of a save (and its chronicle) as ``file:line: what``; [] if none.
    After the first few problems of one kind the rest are summed up in one line.
    ``check_seal=False`` judges the content alone (before sealing a hand edit)."""
    problems = Problems(collect=True)
    read_save(Path(path), problems, check_seal=check_seal)
    return summarise(problems.lines)


def chronicle_problems(path: str | Path) -> list[str]:
    """Every problem of a chronicle checked on its own, as ``file:line: what``; [] if none.

    Beside its save (``NAME.toml`` next to ``NAME.chronicle.toml``) it must hold the events
    the save counts; alone, every ``[[event]]`` block it holds is checked. The save's own
    faults are the save's check, not this one."""
    path = Path(path)
    problems = Problems(collect=True)
    raw = read_bytes(path, problems, CHRONICLE_MAX_BYTES)
    if raw is None:
        return problems.lines
    save = save_of_chronicle(path)
    source = None
    expected = len(block_starts(raw))
    if save.is_file():
        save_raw = read_bytes(save, Problems(collect=True))
        source = parse_source(save, save_raw, Problems(collect=True)) if save_raw else None
        data = source.data.get("campaign") if source else None
        length = _int_or_none(data, "chronicle_length") if data is not None else None
        if length is not None:
            expected = length
        else:
            source = None  # a save without its count: check every block, as alone
    read_chronicle(path, expected, FORMAT_VERSION, problems, save=source)
    return problems.lines


def read_save(
    path: Path,
    problems: Problems | None = None,
    check_seal: bool = True,
    events: Reading = Reading.WHOLE,
) -> LoadedSave | None:
    """Read a save and its chronicle. Problems raise (default) or are collected; with
    collected problems the result is None. ``check_seal=False`` reads a save whose seal
    is broken (to seal it again once every other check has passed).

    ``events`` says how much of the chronicle to read (:class:`chronicle.Reading`):
    ``NONE`` reads the state alone and never opens the chronicle, for a command that
    reports the state and no event (``tuicamp show``): the seal proves the state whole by
    itself, and the result's ``chronicle`` is empty, so nothing may be written from it.
    ``TAIL`` checks the chronicle from its last events alone (``read_chronicle_tail``
    says what that proves), for a command that adds events without printing old ones
    (``tuicamp apply``); when the tail cannot vouch for the file it is read whole."""
    with gc_paused():
        return _read_save(
            path, Problems() if problems is None else problems, check_seal, events=events
        )


def looks_like_save(path: str | Path) -> bool:
    """Whether the file starts as a save does (its first table is ``[header]``), read
    from its first lines only: a save cut short or broken further down is still a save,
    and is judged as one."""
    try:
        with open(path, "rb") as f:
            head = f.read(MAX_HEADER_BYTES)
    except OSError:
        return False
    return _starts_with_header(head)


def sealed_state(path: Path) -> bool:
    """Whether the save file carries a seal (saves of format 2 and older do not)."""
    try:
        raw = path.read_bytes()
    except OSError:
        return False
    return find_seal(raw) is not None


def _seal_problem(path: Path, raw: bytes, version: int | None) -> str | None:
    """Why the save's seal does not prove it whole, for a save that should carry one."""
    seal = find_seal(raw)
    backup = backup_path(path)
    restore = f"restore {backup.name}, or " if backup.exists() else ""
    fix = f"{restore}check it and seal it again with `tuicamp check --reseal {path}`"
    if seal is None:
        if version is None or version < SEALED_SINCE:
            return None  # written before seals: the next write seals it
        return (
            f"{path}:1: the save has no seal line in its [header], so it cannot show it is "
            f"whole; {fix}"
        )
    if seal_holds(raw, seal):
        return None
    return (
        f"{path}:{seal.line}: the save's seal does not match its content: it was cut short "
        f"or edited by hand; {fix}"
    )


_DECLARED_VERSION_RE = re.compile(
    rb"^[ \t]*format_version[ \t]*=[ \t]*([0-9]+)[ \t]*(?:#|\r?$)", re.M
)


def _written_by_a_newer_tuicamp(raw: bytes) -> bool:
    """Whether the header declares a format newer than this tuicamp's: its seal may not
    be one this tuicamp knows, and the Games Master is told to update instead."""
    span = header_span(raw)
    m = _DECLARED_VERSION_RE.search(raw, *span) if span else None
    return m is not None and int(m.group(1)) > FORMAT_VERSION


def _read_save(
    path: Path, problems: Problems, check_seal: bool = True, events: Reading = Reading.WHOLE
) -> LoadedSave | None:
    start = len(problems.lines)
    try:
        refuse_links(path)
    except InputError as exc:
        problems.add(str(exc))
        return None
    raw = read_bytes(path, problems)
    if raw is None:
        return None
    seal = find_seal(raw) if check_seal else None
    if seal is not None and not _written_by_a_newer_tuicamp(raw):
        # before parsing: a save cut short is said to be cut short, not badly written
        problem = _seal_problem(path, raw, SEALED_SINCE)
        if problem:
            problems.add(problem)
    source = parse_save_source(path, raw, problems)  # a big save's copy parsed already
    if source is None:
        return None
    if not _starts_with_header(raw):
        problems.add(f"{path}:1: not a tuicamp save: it does not start with a [header] table")
        return None
    version = _version_of(source, problems)  # first: a newer save's tables may differ
    if version is None:
        return None
    for key in sorted(set(source.data) - {"header", "campaign", "applied_orders"}):
        problems.add(
            source.at((key,), f"unknown table [{key}] (a save holds [header] and [campaign])")
        )
    applied = _applied_orders(source, problems)
    if check_seal and seal is None:
        problem = _seal_problem(path, raw, version)
        if problem:
            problems.add(problem)
    if version < FORMAT_VERSION:
        try:
            source.data = upgrade_save(source.data, version, FORMAT_VERSION)
        except MigrationError as exc:
            problems.add(source.at(("header", "format_version"), str(exc)))
            return None
    header = _structure_header(source, problems)
    campaign, ruleset = _read_campaign(source, problems)
    data = source.data.get("campaign")
    length = campaign.chronicle_length if campaign else _int_or_none(data, "chronicle_length")
    chronicle, pending, reading = None, False, Reading.WHOLE
    if length is not None and length >= 0 and events is Reading.NONE:
        chronicle = ChronicleRead([], 0, FORMAT_VERSION)  # not opened: nothing to write on
        reading = Reading.NONE
    elif length is not None and length >= 0:  # a negative one is a problem of its own
        wanted = header.last_event if header and check_seal and version == FORMAT_VERSION else ""
        if events is Reading.TAIL and not os.path.lexists(pending_chronicle_path(path)):
            chronicle = read_chronicle_tail(chronicle_path(path), length, FORMAT_VERSION, wanted)
            reading = Reading.TAIL if chronicle is not None else Reading.WHOLE
        if chronicle is None:
            chronicle, pending = _read_own_chronicle(path, source, length, wanted, problems)
    if len(problems.lines) > start or not (header and campaign and ruleset and chronicle):
        return None
    campaign.revision = header.revision
    return LoadedSave(
        path=path,
        header=header,
        campaign=campaign,
        chronicle=chronicle.events,
        ruleset=ruleset,
        chronicle_end=chronicle.end,
        chronicle_stamp=chronicle.stamp,
        chronicle_version=chronicle.version,
        upgraded_from=version if version < FORMAT_VERSION else None,
        dropped_events=chronicle.dropped,
        chronicle_pending=pending,
        applied_orders=applied,
        reading=reading,
    )


def _applied_orders(source: Source, problems: Problems) -> list[AppliedOrders]:
    """The save's ``[[applied_orders]]``: the orders it must not apply again."""
    blocks = source.data.get("applied_orders", [])
    if not isinstance(blocks, list):
        problems.add(source.at(("applied_orders",), "write applied orders as [[applied_orders]]"))
        return []
    out = []
    for i, block in enumerate(blocks):
        try:
            out.append(converter.structure(block, AppliedOrders))
        except Exception as exc:  # cattrs groups every problem in one exception
            problems.structure(source, exc, ("applied_orders", i))
    return out


def _read_own_chronicle(
    path: Path, source: Source, length: int, wanted: str, problems: Problems
) -> tuple[ChronicleRead | None, bool]:
    """The chronicle that belongs to this save, and whether it is the pending one.

    ``wanted`` is the fingerprint the save recorded of its last event ("" for a save from
    before fingerprints, or one being sealed again): the chronicle beside the save must
    end its ``length`` events with that event. When it does not and a new campaign's
    chronicle is waiting to be swapped in (``new --force`` was stopped between writing
    the new state and renaming its chronicle), that one is read instead."""
    cpath = chronicle_path(path)
    pending = pending_chronicle_path(path)
    if wanted and length and os.path.lexists(pending):
        own = _quietly_read_chronicle(cpath, length)
        if own is None or event_fingerprint(own.events[-1]) != wanted:
            waiting = _quietly_read_chronicle(pending, length)
            if waiting is not None and event_fingerprint(waiting.events[-1]) == wanted:
                return waiting, True
    chronicle = read_chronicle(cpath, length, FORMAT_VERSION, problems, save=source)
    if chronicle is None or not (wanted and length):
        return chronicle, False
    if event_fingerprint(chronicle.events[-1]) != wanted:
        problems.add(
            f"{cpath}:{chronicle.last_line}: event {length} is not the one {path.name} was "
            "saved with: this chronicle was edited by hand or belongs to another campaign; "
            f"restore it, or check both and seal the save again with "
            f"`tuicamp check --reseal {path}`"
        )
        return None, False
    return chronicle, False


def _quietly_read_chronicle(path: Path, length: int) -> ChronicleRead | None:
    """The chronicle's first ``length`` events if they read without a problem, else None."""
    probe = Problems(collect=True)
    found = read_chronicle(path, length, FORMAT_VERSION, probe)
    return found if found is not None and not probe.lines else None


def _starts_with_header(raw: bytes) -> bool:
    """Whether the first line that is not blank or a comment is ``[header]`` (read line by
    line: the rest of a long save need not be split)."""
    start = 0
    while start < len(raw):
        end = raw.find(b"\n", start)
        end = len(raw) if end < 0 else end
        line = raw[start:end]
        if _HEADER_LINE_RE.match(line):
            return True
        if not _SKIPPABLE_RE.match(line):
            return False
        start = end + 1
    return False


def _int_or_none(data: Any, key: str) -> int | None:
    value = data.get(key, 0) if isinstance(data, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _read_campaign(source: Source, problems: Problems) -> tuple[Campaign | None, Ruleset | None]:
    data = source.data.get("campaign")
    if not isinstance(data, dict):
        problems.add(source.at(("campaign",), "the save has no [campaign] table"))
        return None, None
    ruleset = None
    ruleset_id = data.get("ruleset")
    if not isinstance(ruleset_id, str):
        problems.add(source.at(("campaign", "ruleset"), "campaign.ruleset must name a ruleset"))
    else:
        try:
            ruleset = registry.get_ruleset(ruleset_id)
        except InputError as exc:
            problems.add(source.at(("campaign", "ruleset"), str(exc)))
    if ruleset is not None:
        data = _upgrade_state(source, data, ruleset, problems)
        if data is None:
            return None, ruleset
    campaign = _structure_campaign(source, data, ruleset, problems)
    if campaign is not None:
        for path, message in campaign_problems(campaign, ruleset):
            problems.add(source.at(("campaign", *path), message))
    return campaign, ruleset


def _upgrade_state(
    source: Source, data: dict[str, Any], ruleset: Ruleset, problems: Problems
) -> dict[str, Any] | None:
    """The campaign table with its ruleset state brought to the installed ruleset's
    ``state_version``, one step at a time (``Ruleset.upgrade_state``), and that version
    recorded, so the next write saves it. None (and a problem) for a version that cannot
    be brought up: a save of a newer ruleset than the one installed is refused rather
    than read with its unknown fields guessed at."""
    where = ("campaign", "state_version")
    saved = data.get("state_version", 1)  # saves from before state versions: version 1
    current = ruleset.state_version
    if isinstance(saved, bool) or not isinstance(saved, int) or saved < 1:
        problems.add(
            source.at(where, f"state_version must be a whole number from 1, not {saved!r}")
        )
        return None
    if saved > current:
        problems.add(
            source.at(
                where,
                f"this save's {ruleset.id} state is version {saved}, but the installed "
                f"{ruleset.id} ruleset reads up to version {current}: update it to load this save",
            )
        )
        return None
    for version in range(saved, current):
        try:
            data = ruleset.upgrade_state(data, version)
        except Exception as exc:  # a ruleset's step must still give a one-line answer
            problems.add(
                source.at(
                    where,
                    f"the {ruleset.id} state could not be upgraded from version {version} to "
                    f"{version + 1} ({type(exc).__name__}: {exc})",
                )
            )
            return None
        if not isinstance(data, dict):
            problems.add(
                source.at(
                    where,
                    f"the {ruleset.id} ruleset's upgrade from state version {version} gave "
                    f"{type(data).__name__}, not the campaign table",
                )
            )
            return None
    data["state_version"] = current
    source.data["campaign"] = data
    return data


def _structure_campaign(
    source: Source, data: dict[str, Any], ruleset: Ruleset | None, problems: Problems
) -> Campaign | None:
    state_class = ruleset.state_class if ruleset else None
    if ruleset is not None:
        try:
            loaded = campaign_from_dict(data, state_class)
        except Exception as exc:  # cattrs groups every problem in one exception
            first = exc
        else:
            loaded.map.vocabulary = ruleset.vocabulary  # not saved: the ruleset's words
            return loaded
    else:
        first = None
    # Structure the two halves apart so that every problem of both is named.
    before = len(problems.lines)
    body = {k: v for k, v in data.items() if k != "state"}
    campaign = None
    try:
        campaign = converter.structure(body, Campaign)
    except Exception as exc:
        problems.structure(source, exc, ("campaign",))
    if state_class is not None:
        try:
            converter.structure(data.get("state") or {}, state_class)
        except Exception as exc:
            problems.structure(source, exc, ("campaign", "state"))
    if first is None:
        return campaign  # the ruleset is unknown: still check the rest, for save_problems
    if len(problems.lines) == before:
        problems.structure(source, first, ("campaign",))
    return None


def _duplicates(ids: list[str]) -> list[int]:
    seen: set[str] = set()
    out = []
    for i, x in enumerate(ids):
        if x in seen:
            out.append(i)
        seen.add(x)
    return out


def campaign_problems(campaign: Campaign, ruleset: Ruleset | None = None) -> list[Problem]:
    """What is inconsistent in a structured campaign, each at its key path: the things
    the types alone cannot say (rows of the wrong width, an army of an unknown player)."""
    out: list[Problem] = []
    m = campaign.map
    vocabulary = ruleset.vocabulary if ruleset is not None else m.vocabulary
    if len(m.terrain) != m.height:
        out.append(
            Problem(("map", "terrain"), f"{len(m.terrain)} terrain rows for a map {m.height} high")
        )
    for i, row in enumerate(m.terrain):
        if len(row) != m.width:
            out.append(
                Problem(
                    ("map", "terrain", i),
                    f"terrain row {i + 1} has {len(row)} hexes; the map is {m.width} wide",
                )
            )
        unknown = set(row) - set(vocabulary.letters)
        if unknown:
            known = " ".join(vocabulary.letters)
            out.append(
                Problem(
                    ("map", "terrain", i),
                    f"terrain row {i + 1}: unknown terrain letter "
                    f"{min(unknown)!r} (known: {known})",
                )
            )
    players = {p.id for p in campaign.players}
    owners = players | {t.id for t in campaign.teams}  # land may be a team's
    owner_noun = "player or team" if campaign.teams else "player"
    groups: list[tuple[KeyPath, str, list[str]]] = [
        (("players",), "player", [p.id for p in campaign.players]),
        (("teams",), "team", [t.id for t in campaign.teams]),
        (("seats",), "seat", [s.id for s in campaign.seats]),
        (("armies",), "army", [a.id for a in campaign.armies]),
        (("map", "settlements"), "settlement", [s.id for s in m.settlements]),
        (("map", "territories"), "territory", [t.id for t in m.territories]),
    ]
    for where, what, ids in groups:
        for i in _duplicates(ids):
            out.append(Problem((*where, i, "id"), f"a second {what} with id {ids[i]!r}"))
    out += team_problems(campaign.teams, players, ("teams",))
    for i, seat in enumerate(campaign.seats):
        for j, pid in enumerate(seat.players):
            if pid not in players:
                out.append(
                    Problem(("seats", i, "players", j), f"seat {seat.id!r}: no player {pid!r}")
                )
    for i, army in enumerate(campaign.armies):
        if army.owner not in players:
            out.append(
                Problem(("armies", i, "owner"), f"army {army.id!r}: no player {army.owner!r}")
            )
        if army.hex is not None and not m.contains(army.hex):
            out.append(Problem(("armies", i, "hex"), f"army {army.id!r} is off the map"))
        for j in _duplicates([u.id for u in army.units]):
            out.append(
                Problem(
                    ("armies", i, "units", j, "id"),
                    f"army {army.id!r} has two units {army.units[j].id!r}",
                )
            )
    for i, s in enumerate(m.settlements):
        if not m.contains(s.hex):
            out.append(
                Problem(("map", "settlements", i, "hex"), f"settlement {s.id!r} is off the map")
            )
        if s.owner is not None and s.owner not in owners:
            out.append(
                Problem(
                    ("map", "settlements", i, "owner"),
                    f"settlement {s.id!r}: no {owner_noun} {s.owner!r}",
                )
            )
    for i, t in enumerate(m.territories):
        if t.owner is not None and t.owner not in owners:
            out.append(
                Problem(
                    ("map", "territories", i, "owner"),
                    f"territory {t.id!r}: no {owner_noun} {t.owner!r}",
                )
            )
    for pid in campaign.winner:
        if pid not in players:
            out.append(Problem(("winner",), f"the winner {pid!r} is not a player"))
    if campaign.turn < 1:
        out.append(Problem(("turn",), "turns start at 1"))
    if campaign.chronicle_length < 0:
        out.append(Problem(("chronicle_length",), "chronicle_length cannot be negative"))
    phases = [p.id for p in ruleset.phases] if ruleset else []
    if phases and campaign.phase not in phases:
        out.append(
            Problem(("phase",), f"phase {campaign.phase!r} is not one of {', '.join(phases)}")
        )
    out += _flow_problems(campaign, ruleset)
    out += _unit_problems(campaign)
    out += _holding_problems(campaign)
    out += _victory_problems(campaign)
    out += name_problems(campaign)
    out += _battle_problems(campaign, vocabulary)
    if ruleset is not None:
        out += _option_problems(campaign, ruleset)
        out += [problem.under("tables") for problem in table_problems(ruleset, campaign.tables)]
        out += [  # its own terrain and features, which the map may use
            Problem(("ruleset",), f"ruleset {ruleset.id}'s own tables: {problem.text}")
            for problem in ruleset.vocabulary_problems()
        ]
        out += _ruleset_state_problems(campaign, ruleset)
    return out


def _flow_problems(campaign: Campaign, ruleset: Ruleset | None) -> list[Problem]:
    """Whose turn it is must name players, once each, and point inside the order."""
    flow = campaign.flow
    players = {p.id for p in campaign.players}
    out: list[Problem] = []
    if campaign.step < 0:
        out.append(Problem(("step",), "steps count from 1 (0: the phase has none)"))
    seen: set[str] = set()
    for i, pid in enumerate(flow.order):
        if pid not in players:
            out.append(Problem(("flow", "order", i), f"the turn order names no player {pid!r}"))
        elif pid in seen:
            out.append(Problem(("flow", "order", i), f"the turn order names {pid!r} twice"))
        seen.add(pid)
    # A war decided as the last player of a phase ended it stops the clock there, every
    # player of the order having played: the position is then one past the last.
    last = max(0, len(flow.order) - (0 if campaign.finished else 1))
    if not 0 <= flow.position <= last:
        out.append(
            Problem(
                ("flow", "position"),
                f"position is {flow.position}: it counts the players of the turn order, "
                f"from 0 to {last}",
            )
        )
    for i, pid in enumerate(flow.ended):
        if pid not in flow.order:
            out.append(Problem(("flow", "ended", i), f"{pid!r} ended but is not in the turn order"))
    phases = [p.id for p in ruleset.phases] if ruleset else []
    for i, effect in enumerate(flow.scheduled):
        if phases and effect.phase not in phases:
            out.append(
                Problem(
                    ("flow", "scheduled", i, "phase"),
                    f"effect {effect.id} is scheduled for no phase of the ruleset "
                    f"({effect.phase!r})",
                )
            )
    return out


# Unit numbers that no rule can make negative; a hand edit can.
_UNIT_COUNTS = (("points", "points"), ("models", "models"), ("movement", "M"))


def _unit_problems(campaign: Campaign) -> list[Problem]:
    out: list[Problem] = []
    if campaign.map.width < 1 or campaign.map.height < 1:
        out.append(
            Problem(
                ("map",),
                f"the map is {campaign.map.width} x {campaign.map.height}; "
                "it needs at least one hex",
            )
        )
    for i, army in enumerate(campaign.armies):
        for j, unit in enumerate(army.units):
            for attr, label in _UNIT_COUNTS:
                value = getattr(unit, attr)
                if value < 0:
                    out.append(
                        Problem(
                            ("armies", i, "units", j, attr),
                            f"unit {unit.id!r} of army {army.id!r}: {label} cannot be "
                            f"negative ({value})",
                        )
                    )
    return out


def _holding_problems(campaign: Campaign) -> list[Problem]:
    """What a player or a settlement holds, as a scenario allows it: no rule makes a
    treasury, a store or a revenue negative (a treasury "never goes below nothing"), and
    a map is no larger than a scenario's may be."""
    out: list[Problem] = []
    m = campaign.map
    if m.width > MAX_MAP_SIDE or m.height > MAX_MAP_SIDE:
        out.append(
            Problem(
                ("map",),
                f"the map is {m.width} x {m.height}; a map is at most {MAX_MAP_SIDE} hexes "
                "on a side",
            )
        )
    for i, p in enumerate(campaign.players):
        if p.treasury < 0:
            out.append(
                Problem(
                    ("players", i, "treasury"),
                    f"player {p.id!r}: a treasury cannot be negative ({p.treasury})",
                )
            )
    for i, s in enumerate(m.settlements):
        for name, amount in s.stores.items():
            if amount < 0:
                out.append(
                    Problem(
                        ("map", "settlements", i, "stores", name),
                        f"settlement {s.id!r}: stores cannot be negative ({name} {amount})",
                    )
                )
    for i, t in enumerate(m.territories):
        if t.revenue < 0:
            out.append(
                Problem(
                    ("map", "territories", i, "revenue"),
                    f"territory {t.id!r}: revenue cannot be negative ({t.revenue})",
                )
            )
    return out


def _victory_problems(campaign: Campaign) -> list[Problem]:
    """The part of ``[campaign.victory]`` the core writes: a scenario's ``turn_limit``
    (a whole number of turns, 0 for none), which every ruleset reads. The rest of the
    table is the ruleset's, judged by its ``state_problems``."""
    victory = campaign.victory
    if "turn_limit" not in victory:
        return []
    limit = victory["turn_limit"]
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        return [
            Problem(
                ("victory", "turn_limit"),
                f"turn_limit is a whole number of turns (0: no limit), not {limit!r}",
            )
        ]
    return []


def _battle_problems(campaign: Campaign, vocabulary: Vocabulary) -> list[Problem]:
    """Battles must name real places, armies and sides: the card, the result form and
    the consequences all look them up."""
    out: list[Problem] = []
    m = campaign.map
    players = {p.id for p in campaign.players}
    for i, b in enumerate(campaign.battles):
        where: KeyPath = ("battles", i)
        if not m.contains(b.hex):
            out.append(Problem((*where, "hex"), f"battle {b.id!r} is off the map"))
        if vocabulary.terrain_by_id(b.terrain) is None:
            out.append(
                Problem(
                    (*where, "terrain"),
                    f"battle {b.id!r}: unknown terrain {b.terrain!r} "
                    f"(terrains: {', '.join(vocabulary.terrain_ids)})",
                )
            )
        for j in _duplicates([side.id for side in b.sides]):
            out.append(
                Problem(
                    (*where, "sides", j, "id"), f"battle {b.id!r} has two sides {b.sides[j].id!r}"
                )
            )
        for j, side in enumerate(b.sides):
            # Army ids are not judged: an army may be disbanded or destroyed while its
            # battle is pending or after it, and the card and the result skip it then.
            for k, pid in enumerate(side.players):
                if pid not in players:
                    out.append(
                        Problem(
                            (*where, "sides", j, "players", k),
                            f"battle {b.id!r}: no player {pid!r}",
                        )
                    )
        if b.result is not None:
            sides = {side.id for side in b.sides}
            if b.result.winner is not None and b.result.winner not in sides:
                out.append(
                    Problem(
                        (*where, "result", "winner"),
                        f"battle {b.id!r}: the winner {b.result.winner!r} is not a side",
                    )
                )
            for j, r in enumerate(b.result.sides):
                if r.side not in sides:
                    out.append(
                        Problem(
                            (*where, "result", "sides", j, "side"),
                            f"battle {b.id!r}: the result names no side {r.side!r}",
                        )
                    )
    return out


def _option_value(option: Option, value: OptionValue) -> OptionValue:
    """A saved option as its ruleset's type: a hand-written "no" is false; a value that
    would change when made the option's type (2.5 for a whole number) is refused."""
    kind = type(option.default)
    if isinstance(value, bool) and kind is not bool:
        raise ValueError(f"option {option.name} takes a {kind.__name__}, not {value!r}")
    if kind is int and isinstance(value, float) and not value.is_integer():
        raise ValueError(f"option {option.name} takes a whole number, not {value!r}")
    return option.coerce(value)


def _option_problems(campaign: Campaign, ruleset: Ruleset) -> list[Problem]:
    """Every option is one the ruleset has, of its type. Values are coerced in place, so
    the rules read ``False`` where a Games Master wrote "no" (a non-empty text is true)."""
    out: list[Problem] = []
    # A ruleset that declares no options of its own (a plugin in the making) has no list
    # to judge other names by; the options it has are still checked.
    judge_names = bool(ruleset.options)
    names = [o.name for o in ruleset.all_options]
    for name, value in list(campaign.options.items()):
        option = ruleset.option(name)
        if option is None:
            if judge_names:
                close = difflib.get_close_matches(name, names, n=1)
                hint = f"did you mean {close[0]!r}?" if close else f"options: {', '.join(names)}"
                out.append(
                    Problem(
                        ("options", name), f"ruleset {ruleset.id} has no option {name!r} ({hint})"
                    )
                )
            continue
        try:
            campaign.options[name] = _option_value(option, value)
        except ValueError as exc:
            out.append(Problem(("options", name), str(exc)))
    return out


def _ruleset_state_problems(campaign: Campaign, ruleset: Ruleset) -> list[Problem]:
    """The ruleset's own check of its state (``state_problems``: Problems whose paths
    lie below the campaign)."""
    try:
        return [Problem.of(found) for found in ruleset.state_problems(campaign)]
    except Exception as exc:  # a ruleset bug must still give a one-line answer
        return [
            Problem(
                ("state",),
                f"the {ruleset.id} state could not be checked ({type(exc).__name__}: {exc})",
            )
        ]


# --- the saves list ------------------------------------------------------------------
@define
class SaveEntry:
    """One line of the saves list: the header, or why the file could not be read."""

    __repr__ = fields_repr

    path: Path
    header: SaveHeader | None = None
    problem: str | None = None


def list_saves(folder: Path | None = None) -> list[SaveEntry]:
    """Every save in the folder, most recently played first; reads headers only."""
    folder = saves_dir() if folder is None else folder
    if not folder.is_dir():
        return []
    entries = []
    for path in sorted(folder.iterdir()):
        if not is_save_file(path):
            continue
        try:
            entries.append(SaveEntry(path, header=read_header(path)))
        except InputError as exc:
            entries.append(SaveEntry(path, problem=str(exc)))
    entries.sort(key=lambda e: e.header.last_played if e.header else "", reverse=True)
    return entries
