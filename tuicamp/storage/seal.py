"""A save proves it is whole: a digest of its content, written in its header.

A save cut short at a line boundary is still valid TOML, and often still a valid
campaign: cut to its map alone, a save used to pass ``tuicamp check`` and the next
``apply`` wrote the loss back for good. So every save carries, on the line after
``[header]``, the SHA-256 digest of everything else in the file::

    [header]
    seal = "sha256:9f86d08..."  # digest of the rest of this file (...)
    format_version = 3
    ...

Loading compares it with the bytes read: a truncation, a torn write or a hand edit
anywhere in the file (not only at its end) breaks the seal, and the save is refused in one
line that says what to do. A Games Master who edited the file on purpose seals it again
with ``tuicamp check --reseal FILE``, which checks the whole save first.

The seal is a check against accidents, not a signature: anyone who can write the file
can reseal it, exactly as the Games Master is meant to.
"""

from __future__ import annotations

import hashlib
import re

from attrs import frozen

from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr

ALGORITHM = "sha256"
_COMMENT = "digest of the rest of this file (after a hand edit: tuicamp check --reseal)"

_SEAL_RE = re.compile(rb'^seal[ \t]*=[ \t]*"([^"\r\n]*)"[ \t]*(?:#[^\r\n]*)?(?:\r?\n|\Z)', re.M)
_HEADER_RE = re.compile(rb"^[ \t]*\[[ \t]*header[ \t]*\][ \t]*(?:#[^\r\n]*)?\r?$", re.M)
_TABLE_RE = re.compile(rb"^[ \t]*\[", re.M)
_VALUE_RE = re.compile(rf"^{ALGORITHM}:[0-9a-f]{{64}}$")


@frozen
class SealLine:
    """Where a save's seal is written (bytes ``start`` to ``end``, its whole line)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    start: int
    end: int
    value: str  # as written: "sha256:<64 hex digits>" when tuicamp wrote it
    line: int  # 1-based


def digest(raw: bytes, without: SealLine | None = None) -> str:
    """The seal of ``raw``: its digest, the seal's own line left out."""
    h = hashlib.new(ALGORITHM)
    view = memoryview(raw)
    if without is None:
        h.update(view)
    else:
        h.update(view[: without.start])
        h.update(view[without.end :])
    return f"{ALGORITHM}:{h.hexdigest()}"


def header_span(raw: bytes) -> tuple[int, int] | None:
    """Where the ``[header]`` table's lines are: from the end of its ``[header]`` line
    to the next table (or the end of the file); None without one."""
    header = _HEADER_RE.search(raw)
    if header is None:
        return None
    following = _TABLE_RE.search(raw, header.end())
    return header.end(), following.start() if following else len(raw)


def find_seal(raw: bytes) -> SealLine | None:
    """The seal line of the ``[header]`` table, or None when it has none."""
    span = header_span(raw)
    if span is None:
        return None
    m = _SEAL_RE.search(raw, *span)
    if m is None:
        return None
    line = raw.count(b"\n", 0, m.start()) + 1
    return SealLine(m.start(), m.end(), m.group(1).decode("utf-8", "replace"), line)


def seal_holds(raw: bytes, seal: SealLine) -> bool:
    """Whether the seal is one tuicamp writes and matches the rest of the file."""
    return bool(_VALUE_RE.match(seal.value)) and digest(raw, seal) == seal.value


def sealed(content: bytes) -> bytes:
    """``content`` (a save's TOML, starting ``[header]``) with its seal set: any seal line
    it held is replaced by one that matches the rest."""
    return seal_content(content)[0]


def seal_content(content: bytes) -> tuple[bytes, SealLine]:
    """:func:`sealed`, and its seal line (whose value is the digest of the rest, so a
    writer that names the bytes by it need not digest them again)."""
    old = find_seal(content)
    if old is not None:
        content = content[: old.start] + content[old.end :]
    header = _HEADER_RE.search(content)
    if header is None:
        raise ValueError("a save starts with a [header] table")
    if content[header.end() : header.end() + 1] != b"\n":  # a file of the header line alone
        content = content[: header.end()] + b"\n" + content[header.end() :]
    at = header.end() + 1  # after the [header] line and its newline
    value = digest(content)
    line = f'seal = "{value}"  # {_COMMENT}\n'.encode()
    seal = SealLine(at, at + len(line), value, content.count(b"\n", 0, at) + 1)
    return b"".join((content[:at], line, memoryview(content)[at:])), seal  # one copy


def is_sealed(raw: bytes) -> bool:
    """Whether the file carries a seal line at all (an older save may not)."""
    return find_seal(raw) is not None
