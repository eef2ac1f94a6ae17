"""One shape for "what is wrong, and where": a key path and a sentence.

Checks all over tuicamp answer the same question (a scenario's keys, a save's fields, a
house-rule table, a ruleset's set-up) and used to answer it in several shapes: pairs of a
key tuple and a sentence, pairs of a dotted text and a sentence, bare sentences. A
:class:`Problem` is the one shape. Its ``path`` is the keys and list indexes that lead to
the value at fault (``("territory", 2, "owner")``), so a file reader can point at the line
where it is written; ``where`` is the same path as a person reads it
(``territory[2].owner``).

A Problem still unpacks, indexes and compares like the ``(path, text)`` pair it replaces,
so callers that write ``for path, message in checks(...)`` keep working and can move to
the attribute names one at a time.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from attrs import field, frozen

from tuicamp.model.reprs import fields_repr

KeyPath = tuple[str | int, ...]

# One part of a written path: a dotted key, or an index in brackets.
_PART_RE = re.compile(r"[^.\[\]]+|\[\d+\]")


def parse_where(text: str) -> KeyPath:
    """A path as a person writes it (``start.hexes[2]``, ``alliances.0``) as keys and
    indexes: an index in brackets, or a key of digits alone, is a list index."""
    out: list[str | int] = []
    for part in _PART_RE.findall(text):
        out.append(int(part[1:-1]) if part.startswith("[") else part)
    return tuple(int(p) if isinstance(p, str) and p.isdigit() else p for p in out)


def as_path(value: object) -> KeyPath:
    """Any of the ways a check names a place, as a key path: a tuple or list of keys is
    taken as it is, None is the top, anything else is read as text by
    :func:`parse_where` ("" is the top too)."""
    if value is None:
        return ()
    if isinstance(value, tuple | list):
        return tuple(value)
    return parse_where(str(value))


def where_text(path: KeyPath) -> str:
    """A key path as a person reads it: dotted keys, list indexes in brackets."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@frozen(eq=False)
class Problem:
    """What is wrong (``text``, one sentence) and where (``path``, keys and indexes).

    ``written`` is the place as the check words it in a message, for a check whose words
    were never the path's own (a ruleset's ``alliances.0`` for ``("alliances", 0)``), so
    its messages read as they always did; it takes no part in comparing problems."""

    __repr__ = fields_repr

    path: KeyPath = field(converter=as_path)
    text: str
    written: str = field(default="", kw_only=True)

    @property
    def where(self) -> str:
        """The place for a message: as written, else the path (``territory[2].owner``);
        "" at the top."""
        return self.written or where_text(self.path)

    def under(self, *prefix: str | int) -> Problem:
        """The same problem seen from a table further up: its path with ``prefix`` first."""
        return Problem((*prefix, *self.path), self.text)

    @classmethod
    def of(cls, item: Problem | tuple[Any, str] | Sequence[Any]) -> Problem:
        """A Problem from any pair a check returns: ``(key path | dotted text, text)``."""
        if isinstance(item, Problem):
            return item
        path, text = item
        return cls(path, text)

    # --- a pair, for callers not yet moved to the attribute names ---------------------
    def __iter__(self) -> Iterator[Any]:
        yield self.path
        yield self.text

    def __len__(self) -> int:
        return 2

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Any, ...]: ...
    def __getitem__(self, index: int | slice) -> Any:
        return (self.path, self.text)[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Problem):
            return (self.path, self.text) == (other.path, other.text)
        if isinstance(other, tuple) and len(other) == 2:
            return (self.path, self.text) == other
        return NotImplemented

    def __hash__(self) -> int:
        # the pair's hash, so a Problem and its pair meet in one set or dict
        return hash((self.path, self.text))


def problems(items: Iterable[Problem | tuple[Any, str]]) -> list[Problem]:
    """Every pair a check returned, as Problems (those that are Problems stay as they are)."""
    return [Problem.of(item) for item in items]
