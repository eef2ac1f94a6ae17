"""A big save's parsed data kept beside it, so that opening it again skips the TOML parse.

tomllib is pure Python: on a 200 x 200 map with 500 armies (370 kB) its parse is most of
what opening the save costs, and a player waits for it before the first frame of
``tuicamp play``. JSON's parser is C and reads the same data ten times faster. So the first
read of a big save leaves what it parsed beside it, as JSON, in ``.NAME.toml.parsed``,
keyed by the digest of the save's bytes, and the next read of those same bytes takes the
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
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from tuicamp.storage.chronicle import Problems, Source, parse_source
from tuicamp.storage.locations import NOFOLLOW, hidden_temporary

# A save smaller than this parses in a few milliseconds: a second file is not worth it.
MIN_BYTES = 64 * 1024
# The copy's first line: what it is, the layout's version, the digests of the save's bytes
# and of the JSON after the line (a copy cut short or edited does not match its own).
MAGIC = b"tuicamp-parsed"
LAYOUT = b"1"


def parsed_path(save: Path) -> Path:
    """``NAME.toml`` -> ``.NAME.toml.parsed`` (hidden: no saves list shows it)."""
    return save.with_name(f".{save.name}.parsed")


def parse_save_source(path: Path, raw: bytes, problems: Problems) -> Source | None:
    """The save's bytes parsed, from the copy beside it when it was made from these very
    bytes, else by :func:`parse_source` (whose problems it reports), keeping a copy."""
    if len(raw) < MIN_BYTES:
        return parse_source(path, raw, problems)
    digest = _digest(raw)
    data = _kept(parsed_path(path), digest)
    if data is not None:
        return Source(path, raw.decode("utf-8"), data)
    source = parse_source(path, raw, problems)
    if source is not None:
        _keep(path, digest, source.data)
    return source


def keep_written(save: Path, raw: bytes, data: dict[str, Any]) -> None:
    """Keep ``data``, what tomllib reads back from ``raw`` (the bytes just written at
    ``save``), as the save's copy, when the save is big enough to want one: tuicamp's
    own writes (an autosave, ``apply``, ``new``) then leave nothing to parse at the next
    open. Called once the save is in place, so a copy never names bytes that are not
    the save's (a crash in between leaves the old copy, which names the old bytes)."""
    if len(raw) >= MIN_BYTES:
        _keep(save, _digest(raw), data)


def _digest(data: bytes) -> bytes:
    return hashlib.sha256(data).hexdigest().encode()


def _kept(copy: Path, digest: bytes) -> dict[str, Any] | None:
    """The data of the copy at ``copy`` if it was made from the bytes of ``digest`` and is
    whole; None for anything else (no copy, another save's, a broken one)."""
    try:
        fd = os.open(copy, os.O_RDONLY | NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        with open(fd, "rb") as f:
            first, _, body = f.read().partition(b"\n")
        if first.split(b" ") != [MAGIC, LAYOUT, digest, _digest(body)]:
            return None
        data = json.loads(body)
    except (OSError, ValueError, RecursionError):  # unreadable, or not JSON after all
        return None
    return data if isinstance(data, dict) else None


def _keep(save: Path, digest: bytes, data: dict[str, Any]) -> None:
    """Write the copy of ``data`` (parsed from the bytes of ``digest``) beside ``save``,
    readable by whoever may read the save and nobody else. A temporary renamed into
    place, so a reader never meets half a copy; not synced, since a copy lost or cut short
    by a crash is only parsed again. Never raises: the read it follows has succeeded."""
    try:
        body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    except (TypeError, ValueError):  # a date or a time: TOML's, not JSON's
        return
    head = b" ".join([MAGIC, LAYOUT, digest, _digest(body)]) + b"\n"
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
            f.write(head + body)
        os.replace(tmp, parsed_path(save))
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()
