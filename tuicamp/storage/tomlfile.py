"""Read a TOML file so that every later complaint can name its line.

``tomllib`` gives no positions for the values it returns, so a light scan of the text maps
key paths (``("armies", 2, "points")``) to the line where they are written. It understands
tables, arrays of tables, dotted keys and ``key = value`` lines, skips the insides of
multi-line strings and places the items of multi-line arrays at their own lines, all in
one pass; a path it cannot place falls back to its nearest parent.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from attrs import define, field

from tuicamp.engine.errors import InputError
from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr

MAX_BYTES = 20 * 1024 * 1024  # a 200 x 200 campaign is well under 1 MB
# Tables and arrays inside each other. tuicamp's own files go 10 deep; a 1 KB file of 500
# nested brackets used to make every command fail with RecursionError, in the parser or
# in whatever walked the data after it.
MAX_DEPTH = 64

KeyPath = tuple[str | int, ...]

_HEADER_RE = re.compile(r"^\s*(\[\[?)\s*([^\[\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY_PART = r"""(?:"[^"]*"|'[^']*'|[A-Za-z0-9_-]+)"""
_KEY_RE = re.compile(rf"^\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*=")
_TOML_POS_RE = re.compile(r"\(at line (\d+), column (\d+)\)")
_TOML_END = "(at end of document)"


def _split_key(text: str) -> list[str]:
    parts = re.findall(r'"([^"]*)"|\'([^\']*)\'|([A-Za-z0-9_-]+)', text)
    return [a or b or c for a, b, c in parts]


@define
class Locator:
    """Key path -> 1-based line number, found in one pass over the text.

    The text is split into lines once and each line is read once, multi-line arrays
    included (their items are placed as the pass goes by), so locating a complaint
    costs the same near the end of a 20,000-event chronicle as near its start.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    lines: dict[KeyPath, int] = field(factory=dict)

    def line_of(self, path: KeyPath) -> int:
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return 1

    @classmethod
    def scan(cls, text: str) -> Locator:
        loc = cls()
        counts: dict[KeyPath, int] = {}
        table: KeyPath = ()
        in_multiline: str | None = None
        depth = 0  # open brackets of a multi-line array or inline table
        array: KeyPath = ()  # the multi-line array being read, whose items get lines
        index = 0  # the next item of that array
        for lineno, line in enumerate(text.splitlines(), start=1):
            if in_multiline:
                if in_multiline in line:
                    in_multiline = None
                continue
            if depth > 0:
                stripped = line.strip()
                if depth == 1 and stripped and not stripped.startswith(("]", "#")):
                    loc.lines.setdefault((*array, index), lineno)
                    index += stripped.count(",") if stripped.endswith(",") else 1
                depth += _bracket_balance(line)
                continue
            m = _HEADER_RE.match(line)
            if m and not _KEY_RE.match(line):
                keys = tuple(_split_key(m.group(2)))
                if m.group(1) == "[[":
                    # an array of tables: index it under its own name, relative to parents
                    base = (*_resolve(keys[:-1], counts), keys[-1])
                    idx = counts.get(base, 0)
                    counts[base] = idx + 1
                    table = (*base, idx)
                else:
                    table = _resolve(keys, counts)
                loc.lines.setdefault(table, lineno)
                continue
            m = _KEY_RE.match(line)
            if m:
                keys = tuple(_split_key(m.group(1)))
                loc.lines.setdefault((*table, *keys), lineno)
                rest = line[m.end() :]
                for quote in ('"""', "'''"):
                    if rest.count(quote) == 1:
                        in_multiline = quote
                depth = max(0, _bracket_balance(rest))
                array, index = (*table, *keys), 0  # its items, when it goes on below
        return loc


def _resolve(keys: tuple[str, ...], counts: dict[KeyPath, int]) -> KeyPath:
    """Turn a header's dotted keys into a path, entering the latest element of any array of
    tables met on the way (``[[armies.units]]`` belongs to the last ``[[armies]]``)."""
    path: KeyPath = ()
    for k in keys:
        path = (*path, k)
        if path in counts:
            path = (*path, counts[path] - 1)
    return path


_STRINGS_RE = re.compile(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'')


def _bracket_balance(text: str) -> int:
    text = _STRINGS_RE.sub("", text)
    text = text.split("#", 1)[0]
    return text.count("[") + text.count("{") - text.count("]") - text.count("}")


@define
class TomlFile:
    __repr__ = fields_repr
    __eq__ = fields_eq

    path: Path
    data: dict[str, Any]
    locator: Locator
    text: str

    def where(self, keypath: KeyPath) -> str:
        return f"{self.path}:{self.locator.line_of(keypath)}"

    def error(self, keypath: KeyPath, message: str) -> InputError:
        return InputError(f"{self.where(keypath)}: {message}")


def read_toml(path: str | Path, max_bytes: int = MAX_BYTES) -> TomlFile:
    """Read and parse a TOML file; every failure is an InputError of one line."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read it ({exc.strerror})") from None
    if path.is_dir():
        raise InputError(f"{path}: is a folder, not a TOML file")
    if size > max_bytes:
        raise InputError(
            f"{path}:1: the file is {size / 1e6:.0f} MB; tuicamp reads at most "
            f"{max_bytes // 1_000_000} MB"
        )
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: cannot read it ({exc.strerror})") from None
    return parse_toml(raw, path)


def too_deep(data: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether tables and arrays are nested more than ``limit`` deep (walked without
    recursion, containers only: a few milliseconds for the largest campaign)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            return True
        for item in value.values() if type(value) is dict else value:
            if type(item) is dict or type(item) is list:
                stack.append((item, depth + 1))
    return False


def deep_line(text: str, limit: int = MAX_DEPTH) -> int:
    """The first line where brackets or dotted keys go more than ``limit`` deep (read
    only when a file is refused for it; 1 when no single line shows it)."""
    depth = 0
    for lineno, line in enumerate(text.splitlines(), start=1):
        if line.split("=", 1)[0].count(".") >= limit:
            return lineno
        code = _STRINGS_RE.sub("", line).split("#", 1)[0]
        for char in code:
            if char in "[{":
                depth += 1
                if depth > limit:
                    return lineno
            elif char in "]}":
                depth = max(0, depth - 1)
    return 1


def depth_problem(path: Path, text: str) -> str:
    return (
        f"{path}:{deep_line(text)}: tables and arrays are nested more than {MAX_DEPTH} "
        "levels deep here; tuicamp's files never are"
    )


def parse_toml(raw: bytes, path: Path) -> TomlFile:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError(f"{path}:{line}: not UTF-8 text") from None
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise InputError(depth_problem(path, text)) from None
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = _TOML_POS_RE.search(msg)
        line = m.group(1) if m else "1"
        if not m and _TOML_END in msg:  # a truncated file: the place is its last line
            line = str(max(1, len(text.splitlines())))
            msg = msg.replace(_TOML_END, "at the end of the file")
        reason = _TOML_POS_RE.sub("", msg).strip().rstrip(".")
        raise InputError(f"{path}:{line}: not valid TOML: {reason}") from None
    if too_deep(data):
        raise InputError(depth_problem(path, text))
    return TomlFile(path, data, Locator.scan(text), text)
