"""The scenarios the editor offers to open: the bundled ones (opened to be saved
elsewhere, as they ship) and the designer's own, the scenario files of the folder the
editor saves a new one in (the current folder) and of its ``scenarios/`` folder.

A file is the designer's scenario when its TOML has a ``[scenario]`` table, as every
scenario file does and no save does; a file that does not read as TOML is listed too
(the editor opens it as its text, to be fixed), unless it is plainly a save's companion.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from attrs import frozen

from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr
from tuicamp.storage.locations import COMPANION_SUFFIXES
from tuicamp.storage.scenario import bundled_scenarios

USER_FOLDERS = (".", "scenarios")  # under the current folder


@frozen
class Found:
    """A scenario file to offer: its path, its title (its file name when it has none to
    read), and whether it is bundled (kept as shipped: saved elsewhere)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    path: Path
    title: str
    bundled: bool


def _title(path: Path) -> str | None:
    """The scenario's title; the file's name when it cannot be read; None when it is no
    scenario (a save, a settings file)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
    except tomllib.TOMLDecodeError:
        return path.name  # a scenario with a slip, maybe: the editor opens it as text
    head = data.get("scenario")
    if not isinstance(head, dict):
        return None
    title = head.get("title")
    return title if isinstance(title, str) and title.strip() else path.name


def user_scenarios(folder: Path) -> list[Found]:
    """The scenario files of ``folder`` and its ``scenarios/`` folder, by file name;
    those that are bundled files (a checkout's own ``scenarios/``) are left to the
    bundled list."""
    shipped = {p.resolve() for p in bundled_scenarios()}
    out = []
    for sub in USER_FOLDERS:
        here = folder / sub
        if not here.is_dir():
            continue
        for path in sorted(here.glob("*.toml")):
            if path.name.endswith(COMPANION_SUFFIXES) or path.resolve() in shipped:
                continue
            title = _title(path) if path.is_file() else None
            if title is not None:
                out.append(Found(path, title, bundled=False))
    return out


def offered(folder: Path) -> list[Found]:
    """The designer's scenarios, then the bundled ones."""
    bundled = [Found(p, _title(p) or p.name, bundled=True) for p in bundled_scenarios()]
    return [*user_scenarios(folder), *bundled]
