"""TOML text of plain data, byte for byte as ``tomli_w.dumps`` writes it, in a third of the time.

A save is rewritten after every action and a new campaign writes thousands of events at
once. tomli_w spends most of that time on its own machinery (a generator per table, an
abstract-class check per value, a loop over every character of every text) rather than on
the text: on a 200 x 200 campaign it was three quarters of what saving cost. This writer
takes the data tuicamp writes (dicts, lists, tuples, texts, numbers, booleans) with plain
type checks and builds the text in one list; anything else (a date, a ``Mapping`` that is no
dict, a key that is no plain text) is handed to tomli_w whole, so the text is always the one
tomli_w would write and files stay as players know them.

It also says what tomllib reads back from that text (:attr:`Written.read_back`): the same
data, except that each table lists its values before its sub-tables, as the text has them.
A save's parsed copy (:mod:`tuicamp.storage.parsed`) is made from it at the moment of
writing, so the next open need not parse the TOML at all.

A :class:`~tuicamp.engine.settled_data.SettledData` table (the data of an object of the
engine's copy of the campaign, shared by consecutive autosaves and never changed) is
written once: its text and what it reads back as are kept on it, by where it is written,
and taken again by every later save that holds it, so an autosave of a big campaign writes
anew only the text of what changed.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from typing import Any

import tomli_w
from attrs import frozen

from tuicamp.engine.codec import TOML_INT_MAX, TOML_INT_MIN
from tuicamp.engine.settled_data import SettledData, SettledList
from tuicamp.model.reprs import fields_repr
from tuicamp.storage.tomlfile import MAX_DEPTH

INDENT = "    "  # tomli_w's default
MAX_LINE = 100  # tomli_w writes an array's table inline only within this many characters
# The text's quote, backslash and control characters but the tab, as tomli_w escapes them.
_ESCAPE_RE = re.compile(r'[\x00-\x08\x0a-\x1f\x7f"\\]')
_SHORT_ESCAPES = {"\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\"}
_ESCAPES = {
    chr(c): _SHORT_ESCAPES.get(chr(c), f"\\u{c:04x}") for c in (*range(32), 127, 34, 92) if c != 9
}
_BARE_KEY_RE = re.compile(r"[A-Za-z0-9_-]+")
_KEYS: dict[str, str] = {}  # key -> as written: the same few hundred names in every save
_KEYS_KEPT = 4096


class _NotPlain(Exception):
    """A value this writer leaves to tomli_w."""


@frozen
class Written:
    """The text, and the data tomllib reads back from it: None when tomli_w wrote the text
    (data of other types) or the data is nested deeper than a read accepts
    (``tomlfile.MAX_DEPTH``), so nothing can be vouched for without parsing it.
    ``too_large``: whether it holds a whole number past TOML's 64 bits, which no read
    accepts (None when tomli_w wrote it: not known without reading the text)."""

    __repr__ = fields_repr

    text: str
    read_back: dict[str, Any] | None
    too_large: bool | None = None


def dumps(data: dict[str, Any]) -> str:
    """``tomli_w.dumps(data)``, written faster."""
    return write(data).text


def write(data: dict[str, Any]) -> Written:
    """The TOML text of ``data`` (a root table) and the data as tomllib reads it back."""
    writer = _Writer()
    try:
        if type(data) is not dict:
            raise _NotPlain
        read_back = writer.table(data, "", False, 1)
    except _NotPlain:
        return Written(tomli_w.dumps(data), None)
    return Written("".join(writer.out), None if writer.deep else read_back, writer.large)


def _string(text: str) -> str:
    # concatenated, not formatted: a text's subclass (an enum) may format otherwise
    if _ESCAPE_RE.search(text) is None:
        return '"' + text + '"'
    return '"' + _ESCAPE_RE.sub(lambda m: _ESCAPES[m.group()], text) + '"'


def _key(key: Any) -> str:
    if type(key) is not str:
        raise _NotPlain  # tomli_w's own error, or its own way with a subclass
    written = _KEYS.get(key)
    if written is None:
        written = key if _BARE_KEY_RE.fullmatch(key) else _string(key)
        if len(_KEYS) >= _KEYS_KEPT:
            _KEYS.clear()
        _KEYS[key] = written
    return written


def _is_array(value: Any) -> bool:
    kind = type(value)
    return kind is list or kind is tuple or kind is SettledList


def _place(name: str, in_array: bool, depth: int) -> tuple[str, str, bool, int]:
    """Where a table is written, as what is kept on a SettledData is keyed: the same
    table's text differs with its header and its depth."""
    return ("toml", name, in_array, depth)


def _is_table(value: Any) -> bool:
    kind = type(value)
    return kind is dict or kind is SettledData


def _all_tables(items: list[Any] | tuple[Any, ...]) -> bool:
    return all(map(_is_table, items))


class _Writer:
    """One text in the making: its lines, whether the data went deeper than a read
    accepts (depth as ``tomlfile.too_deep`` counts it: the root table is 1) and whether
    it held a whole number past TOML's 64 bits."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.deep = False
        self.large = False

    def table(self, data: dict[str, Any], name: str, in_array: bool, depth: int) -> dict[str, Any]:
        """Write a table (its header, its values, then its sub-tables, as tomli_w orders
        them); return it as read back."""
        if type(data) is SettledData:
            return self.settled(data, name, in_array, depth)
        return self.fresh(data, name, in_array, depth)

    def settled(self, data: SettledData, name: str, in_array: bool, depth: int) -> dict[str, Any]:
        """:meth:`table` of a table no one changes: written once at each place."""

        def written() -> dict[str, Any]:
            read_back = self.fresh(data, name, in_array, depth)
            # reordered: never changed either, like the table it is made of
            return read_back if read_back is data else SettledData(read_back)

        return self.kept(data.made, _place(name, in_array, depth), written)

    def kept(self, made: dict[Any, Any], place: Any, write: Callable[[], Any]) -> Any:
        """What ``write`` writes and returns (as read back), written once: its text, what
        it reads back as and its flags kept in ``made`` (a SettledData's or a
        SettledList's) at ``place``, and taken again from there."""
        found = made.get(place)
        if found is None:
            out, deep, large = self.out, self.deep, self.large
            start = len(out)
            self.deep = self.large = False
            read_back = write()
            found = made[place] = ("".join(out[start:]), read_back, self.deep, self.large)
            del out[start:]
            self.deep, self.large = deep, large
        return self.take(found)

    def take(self, made: tuple[str, dict[str, Any], bool, bool]) -> dict[str, Any]:
        """What :meth:`settled` kept: its text written, its flags taken, as read back."""
        text, read_back, too_deep, too_large = made
        self.out.append(text)
        self.deep = self.deep or too_deep
        self.large = self.large or too_large
        return read_back

    def fresh(self, data: dict[str, Any], name: str, in_array: bool, depth: int) -> dict[str, Any]:
        """:meth:`table` written anew."""
        if depth > MAX_DEPTH:
            self.deep = True
        lines: list[str] = []
        tables: list[tuple[str, Any, bool]] = []  # key, value, an array of tables
        reordered = False  # a value after a sub-table: read back before it
        for key, value in data.items():
            kind = type(value)  # the commonest first: this loop is most of the time taken
            if kind is str:
                text = _string(value)
            elif kind is int:
                text = str(value)
                if not TOML_INT_MIN <= value <= TOML_INT_MAX:
                    self.large = True
            elif kind is dict or kind is SettledData:
                tables.append((key, value, False))
                continue
            elif _is_array(value) and value and _all_tables(value):
                inline = self.inline_items(value, depth + 1)
                if inline is None:
                    tables.append((key, value, True))
                    continue
                text = "[\n" + "".join(f"{INDENT}{item},\n" for item in inline) + "]"
            else:
                text = self.literal(value, 0, depth + 1)
            written = _KEYS.get(key) if type(key) is str else None
            lines.append(f"{written or _key(key)} = {text}\n")
            if tables:
                reordered = True
        out = self.out
        wrote = False
        if in_array or (name and (lines or not tables)):
            out.append(f"[[{name}]]\n" if in_array else f"[{name}]\n")
            wrote = True
        if lines:
            out += lines
            wrote = True
        changed: dict[str, Any] = {}
        for key, value, many in tables:
            written = _key(key)
            full = f"{name}.{written}" if name else written
            if not many:
                if wrote:
                    out.append("\n")
                wrote = True
                item = self.table(value, full, False, depth + 1)
                if item is not value:
                    changed[key] = item
                continue
            if wrote:  # each table after a blank line, as a table of its own
                out.append("\n")
            wrote = True
            items = self.array(value, full, depth)
            if items is not value and any(a is not b for a, b in zip(items, value, strict=True)):
                changed[key] = items
        if not (reordered or changed):
            return data
        subtables = {key for key, _, _ in tables}
        read_back = {k: v for k, v in data.items() if k not in subtables}
        read_back.update((k, changed.get(k, v)) for k, v, _ in tables)
        return read_back

    def array(self, tables: list[Any] | tuple[Any, ...], name: str, depth: int) -> list[Any]:
        """An array of tables ``name``, each after a blank line but the first (whose the
        caller writes), as read back; a SettledList's text written once."""
        if type(tables) is not SettledList:
            return self.tables(tables, name, depth)

        def written() -> list[Any]:
            items = self.tables(tables, name, depth)
            return tables if all(map(operator.is_, items, tables)) else SettledList(items)

        kept: list[Any] = self.kept(tables.made, ("array", name, depth), written)
        return kept

    def tables(self, tables: list[Any] | tuple[Any, ...], name: str, depth: int) -> list[Any]:
        """:meth:`array` written anew."""
        out = self.out
        items = []
        place = _place(name, True, depth + 2)  # where each of them is written
        for i, table in enumerate(tables):
            if i:
                out.append("\n")
            made = table.made.get(place) if type(table) is SettledData else None
            if made is None:
                items.append(self.table(table, name, True, depth + 2))
                continue
            items.append(self.take(made))  # settled()'s lookup, once per array
        return items

    def literal(self, value: Any, nest: int, depth: int) -> str:
        """A value written on its key's line (arrays indented ``nest`` deep)."""
        kind = type(value)
        if kind is str:
            return _string(value)
        if kind is bool:
            return "true" if value else "false"
        if kind is int:
            if not TOML_INT_MIN <= value <= TOML_INT_MAX:
                self.large = True
            return str(value)
        if kind is float:
            return str(value)
        if kind is list or kind is tuple or kind is SettledList:
            if depth > MAX_DEPTH:
                self.deep = True
            if not value:
                return "[]"
            indent = INDENT * (nest + 1)
            items = ",\n".join(indent + self.literal(item, nest + 1, depth + 1) for item in value)
            return f"[\n{items},\n{INDENT * nest}]"
        if kind is dict or kind is SettledData:
            return self.inline(value, depth)
        # subclasses, as tomli_w takes them: a boolean, a number, a text (an enum's value)
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, int | float):
            if isinstance(value, int) and not TOML_INT_MIN <= value <= TOML_INT_MAX:
                self.large = True
            return str(value)
        if isinstance(value, str):
            return _string(value)
        raise _NotPlain

    def inline(self, data: dict[str, Any], depth: int) -> str:
        if depth > MAX_DEPTH:
            self.deep = True
        if not data:
            return "{}"
        items = ", ".join(f"{_key(k)} = {self.literal(v, 0, depth + 1)}" for k, v in data.items())
        return "{ " + items + " }"

    def inline_items(self, tables: list[Any] | tuple[Any, ...], depth: int) -> list[str] | None:
        """Each table of an array written inline, when every one fits on a line of its own
        (tomli_w's rule: indented and followed by a comma, within ``MAX_LINE``
        characters); None as soon as one does not (the array is then written as tables)."""
        if depth + 1 > MAX_DEPTH:  # its tables
            self.deep = True
        room = MAX_LINE - len(INDENT) - 1
        out = []
        for table in tables:
            if not table:
                out.append("{}")
                continue
            parts = []
            length = 2  # "{ " and " }", less the ", " the first item lacks
            for key, value in table.items():
                if _is_array(value) and value:
                    return None  # written over several lines
                part = f"{_key(key)} = {self.literal(value, 0, depth + 2)}"
                length += len(part) + 2
                if length > room or "\n" in part:
                    return None
                parts.append(part)
            out.append("{ " + ", ".join(parts) + " }")
        return out
