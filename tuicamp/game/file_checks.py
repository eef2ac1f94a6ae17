"""`tuicamp check`'s verdict on one file: what kind of tuicamp file it is, then that kind's
own checks.

A folder of played campaigns holds saves and, beside each, its chronicle; a club's
scenarios sit among them. Each is recognised by its name and its tables and checked as
what it is, so a chronicle is not read as a broken scenario (with a "missing" line per
table a scenario needs), and a file that is none of them gets one line saying so.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Any

from attrs import frozen

from tuicamp.engine.errors import InputError
from tuicamp.game.scenarios import scenario_problems
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr
from tuicamp.storage import scenario as scenario_files
from tuicamp.storage.locations import CHRONICLE_SUFFIX
from tuicamp.storage.saves import FORMAT_VERSION as SAVE_FORMAT_VERSION
from tuicamp.storage.saves import chronicle_problems, looks_like_save, save_problems
from tuicamp.storage.tomlfile import read_toml


class FileKind(enum.Enum):
    SCENARIO = "scenario"
    SAVE = "save"
    CHRONICLE = "chronicle"
    UNKNOWN = "not a tuicamp file"


@frozen
class FileVerdict:
    """One file's kind and every problem found in it (``file:line: what``); none if fine."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    kind: FileKind
    problems: list[str]


# The top-level tables that mark a scenario (its own schema's, format_version aside: a
# file holding nothing else could be anything).
SCENARIO_TABLES = frozenset(scenario_files.TOP) - {"format_version"}
CHRONICLE_KEYS = frozenset({"format_version", "event"})
NEWEST_FORMAT = max(SAVE_FORMAT_VERSION, scenario_files.FORMAT_VERSION)


def kind_of(path: Path, data: dict[str, Any]) -> FileKind:
    """What ``path`` is, by its name and then by its top-level tables: a chronicle's name
    ends in ``.chronicle.toml`` (or it holds only ``[[event]]`` blocks), a save starts
    with ``[header]``, a scenario has any of a scenario's tables."""
    if path.name.endswith(CHRONICLE_SUFFIX):
        return FileKind.CHRONICLE
    if "header" in data:
        return FileKind.SAVE
    if "event" in data and set(data) <= CHRONICLE_KEYS:
        return FileKind.CHRONICLE
    if SCENARIO_TABLES & set(data):
        return FileKind.SCENARIO
    return FileKind.UNKNOWN


CHECKS = {
    FileKind.SCENARIO: scenario_problems,
    FileKind.SAVE: save_problems,
    FileKind.CHRONICLE: chronicle_problems,
}


def check_file(name: str | Path) -> FileVerdict:
    """The verdict on one file; it is only read, never written."""
    path = Path(name)
    if path.name.endswith(CHRONICLE_SUFFIX):  # by name alone: it may outgrow read_toml's cap
        return FileVerdict(FileKind.CHRONICLE, chronicle_problems(path))
    if looks_like_save(path):  # judged by its seal before its TOML: a save cut short is told so
        return FileVerdict(FileKind.SAVE, save_problems(path))
    try:
        doc = read_toml(path)
    except InputError as exc:  # missing, a folder, unreadable, not TOML: one line
        return FileVerdict(FileKind.UNKNOWN, [str(exc)])
    kind = kind_of(path, doc.data)
    check = CHECKS.get(kind)
    if check is not None:
        return FileVerdict(kind, check(path))
    return FileVerdict(kind, [_unknown_line(path, doc.data)])


def _unknown_line(path: Path, data: dict[str, Any]) -> str:
    version = data.get("format_version")
    if isinstance(version, int) and not isinstance(version, bool) and version > NEWEST_FORMAT:
        return (
            f"{path}:1: format_version {version} is newer than this tuicamp reads "
            f"({NEWEST_FORMAT}); update tuicamp to check it"
        )
    return (
        f"{path}:1: not a tuicamp file: a scenario has a [scenario] table, a save starts "
        "with [header], a chronicle (NAME.chronicle.toml) holds [[event]] blocks"
    )
