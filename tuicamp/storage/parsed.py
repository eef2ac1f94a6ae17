"""A big save's parsed data kept beside it, so that opening it again skips the TOML parse.

tomllib is pure Python: on a 200 x 200 map with 500 armies (370 kB) its parse is most of
what opening the save costs, and a player waits for it before the first frame of
``tuicamp play``. JSON's parser is C and reads the same data ten times faster. So the first
read of a big save leaves what it parsed beside it, as JSON, in ``.NAME.toml.parsed``,
keyed by what names the save's bytes (their digest), and the next read of those same bytes takes the
data from there.

tuicamp's own writes of a big save (an autosave, ``apply``, ``new``) leave the copy too,
made from the data just written (:func:`keep_written`, fed by ``tomlwrite``, which knows
what tomllib reads back from its text), so the first open after them parses nothing.

The save stays the one truth, TOML as players know it: the copy is written after the save
was read or written, never in its place, and only ever read for the exact bytes it was
made from. Anything wrong with it (made from other bytes, by another version of this file,
cut short, edited, unreadable, a link) makes the read parse the TOML as if it were not
there and write the copy again; a copy that cannot be written (a read-only folder) is
simply not kept. Data JSON cannot hold as it is (a TOML date, written by hand) is not kept
either.

An autosave's copy is made after every action: the JSON of each table no one changes any
more (a :class:`~tuicamp.engine.settled_data.SettledData`, shared by consecutive saves) is
kept on it and taken again, so the copy costs what the action changed (:func:`json_bytes`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import zlib
from pathlib import Path
from typing import Any

from tuicamp.engine.settled_data import SettledData, SettledList
from tuicamp.storage.chronicle import Problems, Source, parse_source
from tuicamp.storage.locations import NOFOLLOW, hidden_temporary
from tuicamp.storage.seal import SealLine, digest, find_seal

# A save smaller than this parses in a few milliseconds: a second file is not worth it.
MIN_BYTES = 64 * 1024
# The copy's first line: what it is, the layout's version, what names the save's bytes
# (:func:`bytes_key`) and the length and CRC-32 of the JSON after the line (a copy cut
# short or damaged does not match its own).
MAGIC = b"tuicamp-parsed"
LAYOUT = b"2"
_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def parsed_path(save: Path) -> Path:
    """``NAME.toml`` -> ``.NAME.toml.parsed`` (hidden: no saves list shows it)."""
    return save.with_name(f".{save.name}.parsed")


def parse_save_source(path: Path, raw: bytes, problems: Problems) -> Source | None:
    """The save's bytes parsed, from the copy beside it when it was made from these very
    bytes, else by :func:`parse_source` (whose problems it reports), keeping a copy."""
    if len(raw) < MIN_BYTES:
        return parse_source(path, raw, problems)
    key = bytes_key(raw)
    data = _kept(parsed_path(path), key)
    if data is not None:
        return Source(path, raw.decode("utf-8"), data)
    source = parse_source(path, raw, problems)
    if source is not None:
        _keep(path, key, source.data)
    return source


def keep_written(
    save: Path, raw: bytes, data: dict[str, Any], seal: SealLine | None = None
) -> None:
    """Keep ``data``, what tomllib reads back from ``raw`` (the bytes just written at
    ``save``), as the save's copy, when the save is big enough to want one: tuicamp's
    own writes (an autosave, ``apply``, ``new``) then leave nothing to parse at the next
    open. Called once the save is in place, so a copy never names bytes that are not
    the save's (a crash in between leaves the old copy, which names the old bytes).
    ``seal``: the seal line the writer just set, whose value digests the rest."""
    if len(raw) >= MIN_BYTES:
        _keep(save, bytes_key(raw, seal), data)


def bytes_key(raw: bytes, seal: SealLine | None = None) -> bytes:
    """What names these very bytes: for a sealed save, the SHA-256 digest of all but the
    seal line (what the seal says when it holds), where that line is and its own digest,
    which together pin every byte; for any other, the digest of them all.

    So the writer of a save, which has just digested the rest to seal it, names its bytes
    without digesting them again (``seal``: the line it set, its value that digest); a
    read digests them once, as before."""
    if seal is None:
        seal = find_seal(raw)
        if seal is None:
            return b"sha256:" + hashlib.sha256(raw).hexdigest().encode()
        rest = digest(raw, seal)
    else:
        rest = seal.value
    line = hashlib.sha256(raw[seal.start : seal.end]).hexdigest()
    return f"{rest}@{seal.start}-{seal.end}:{line}".encode()


def _check(body: bytes) -> bytes:
    """The copy's own check: its length and CRC-32, enough to tell a copy cut short or
    damaged (the key above says which bytes it was made from)."""
    return f"{len(body)}-{zlib.crc32(body):08x}".encode()


def _kept(copy: Path, key: bytes) -> dict[str, Any] | None:
    """The data of the copy at ``copy`` if it was made from the bytes of ``key`` and is
    whole; None for anything else (no copy, another save's, a broken one)."""
    try:
        fd = os.open(copy, os.O_RDONLY | NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        with open(fd, "rb") as f:
            first, _, body = f.read().partition(b"\n")
        if first.split(b" ") != [MAGIC, LAYOUT, key, _check(body)]:
            return None
        data = json.loads(body)
    except (OSError, ValueError, RecursionError):  # unreadable, or not JSON after all
        return None
    return data if isinstance(data, dict) else None


def _keep(save: Path, key: bytes, data: dict[str, Any]) -> None:
    """Write the copy of ``data`` (parsed from the bytes of ``key``) beside ``save``,
    readable by whoever may read the save and nobody else. A temporary renamed into
    place, so a reader never meets half a copy; not synced, since a copy lost or cut short
    by a crash is only parsed again. Never raises: the read it follows has succeeded."""
    try:
        body = json_bytes(data)
    except (TypeError, ValueError):  # a date or a time: TOML's, not JSON's
        return
    head = b" ".join([MAGIC, LAYOUT, key, _check(body)]) + b"\n"
    try:
        mode = os.stat(save).st_mode & 0o777
        # named like the save's own temporaries, so the next save's write sweeps away one
        # a killed reader left behind
        tmp, fd = hidden_temporary(save, "parsed.tmp")
    except OSError:
        return
    try:
        with open(fd, "wb") as f:
            os.fchmod(f.fileno(), mode)
            f.write(head)
            f.write(body)  # not joined first: a big copy's body is written as it is
        os.replace(tmp, parsed_path(save))
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()


def json_bytes(value: Any) -> bytes:
    """``json.dumps(value, ensure_ascii=False, separators=(",", ":"))`` as UTF-8, the bytes
    of each SettledData or SettledList in it made once and kept on it, so that a big
    copy's body is joined from them, never encoded whole (``TypeError`` for what JSON
    cannot hold)."""
    kind = type(value)
    if kind is SettledData or kind is SettledList:
        made = value.made.get("json")
        if made is None:
            made = value.made["json"] = _encode(value).encode()
        return bytes(made)
    if kind is dict and all(type(k) is str for k in value):
        items = (_encode(k).encode() + b":" + json_bytes(v) for k, v in value.items())
        return b"{" + b",".join(items) + b"}"
    if kind is list or kind is tuple:
        return b"[" + b",".join(map(json_bytes, value)) + b"]"
    return _encode(value).encode()
