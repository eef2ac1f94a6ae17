"""Find rulesets through the ``tuicamp.rulesets`` entry-point group.

The bundled rulesets register themselves in ``pyproject.toml`` exactly as a club's own
package would, so nothing in core names a ruleset.

A ruleset is imported only when it is asked for. Importing one means importing all of its
rules (Rauscher's are most of the start-up of a process that opens a sandbox save), so
:func:`load_rulesets` answers a lazy mapping: looking up one id imports that one ruleset,
found by its entry point's name, and only listing the mapping whole (its keys, values or
length) imports every one. :func:`ruleset_names` lists the installed names without
importing any, and :func:`describe_rulesets` what a list shows of each (``tuicamp
rulesets``, the set-up wizard, the saves list): its id, title and summary, read from the
``about.toml`` beside the entry point's module without importing it (a ruleset without
one is imported to be described).

An entry point's name is its ruleset's id by convention. When a loaded ruleset says
another id, the lookup falls back to loading every entry point and keying them by the id
each ruleset gives, as the registry always has.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from importlib.util import find_spec
from pathlib import Path

from attrs import frozen

from tuicamp.engine.errors import InputError
from tuicamp.engine.ruleset import Ruleset

GROUP = "tuicamp.rulesets"
ABOUT_FILE = "about.toml"


@frozen
class RulesetAbout:
    """What a list of rulesets shows of one, known without importing its rules."""

    id: str
    title: str
    summary: str = ""

    @classmethod
    def of(cls, ruleset: Ruleset, name: str = "") -> RulesetAbout:
        return cls(ruleset.id or name, ruleset.title or ruleset.id or name, ruleset.summary)


class InstalledRulesets(Mapping[str, Ruleset]):
    """The installed rulesets by id, each imported the first time it is looked up."""

    def __init__(self, points: Mapping[str, EntryPoint]) -> None:
        self._points = dict(points)
        self._loaded: dict[str, Ruleset] = {}
        self._all: dict[str, Ruleset] | None = None
        self._about_files: dict[str, RulesetAbout | None] = {}  # each file read once

    def names(self) -> list[str]:
        """The entry points' names, sorted: the installed ids, nothing imported."""
        return sorted(self._points)

    def about(self) -> list[RulesetAbout]:
        """Each installed ruleset's id, title and summary, sorted by id: from its
        ``about.toml`` while it is not imported, from the ruleset itself once it is (the
        first of two that give the same id counts, as in the mapping)."""
        found: dict[str, RulesetAbout] = {}
        for name, point in sorted(self._points.items()):
            loaded = self._loaded.get(name)
            if loaded:
                about: RulesetAbout | None = RulesetAbout.of(loaded, name)
            elif name in self._about_files:
                about = self._about_files[name]
            else:
                about = self._about_files[name] = _about_file(point)
            if about is None:  # no about.toml: it is imported to be described
                ruleset = _load(point)
                if ruleset is not None and ruleset.id in ("", name):
                    self._loaded[name] = ruleset  # made once, as a lookup makes it
                about = RulesetAbout.of(ruleset, name) if ruleset else None
            if about is not None:
                found.setdefault(about.id, about)
        return [found[k] for k in sorted(found)]

    def __getitem__(self, ruleset_id: str) -> Ruleset:
        found = self._loaded.get(ruleset_id)
        if found is not None:
            return found
        point = self._points.get(ruleset_id)
        if point is not None and self._all is None:
            ruleset = _load(point)
            if ruleset is not None and ruleset.id in ("", ruleset_id):
                self._loaded[ruleset_id] = ruleset
                return ruleset
        return self._everything()[ruleset_id]  # an id unlike its entry point's name

    def __iter__(self) -> Iterator[str]:
        return iter(self._everything())

    def __len__(self) -> int:
        return len(self._everything())

    def _everything(self) -> dict[str, Ruleset]:
        """Every entry point loaded, keyed by the id its ruleset gives (the first of two
        that give the same id counts), anything not a ruleset skipped."""
        if self._all is None:
            found: dict[str, Ruleset] = {}
            for name, point in sorted(self._points.items()):
                ruleset = self._loaded.get(name) or _load(point)
                if ruleset is not None:
                    found.setdefault(ruleset.id or name, ruleset)
            self._all = dict(sorted(found.items()))
            self._loaded.update(self._all)
        return self._all


def _load(point: EntryPoint) -> Ruleset | None:
    """The entry point's ruleset (a class is instantiated once), or None if it names
    something that is not a ruleset."""
    target = point.load()
    ruleset = target() if isinstance(target, type) else target
    return ruleset if isinstance(ruleset, Ruleset) else None


def _about_file(point: EntryPoint) -> RulesetAbout | None:
    """The ``about.toml`` beside the entry point's module (in its folder, when it is a
    package), found by ``find_spec``, which imports only the packages above the module;
    None when there is none, or it does not give a title in words."""
    try:
        spec = find_spec(point.module)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    if spec.submodule_search_locations:
        folder = Path(next(iter(spec.submodule_search_locations)))
    elif spec.origin:
        folder = Path(spec.origin).parent
    else:
        return None
    try:
        data = tomllib.loads((folder / ABOUT_FILE).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    said = [data.get("id", point.name), data.get("title"), data.get("summary", "")]
    if not all(isinstance(v, str) for v in said) or not said[0] or not said[1]:
        return None
    return RulesetAbout(*said)


@cache
def load_rulesets() -> Mapping[str, Ruleset]:
    """The installed rulesets, one mapping per process (each ruleset loaded once)."""
    return InstalledRulesets({ep.name: ep for ep in entry_points(group=GROUP)})


def ruleset_names() -> list[str]:
    """The installed rulesets' ids, read from the entry points alone (no ruleset is
    imported): for a list that shows ids, or a check that an id is installed."""
    installed = load_rulesets()
    if isinstance(installed, InstalledRulesets):
        return installed.names()
    return sorted(installed)  # a mapping put in its place (a test's own rulesets)


def describe_rulesets() -> list[RulesetAbout]:
    """Every installed ruleset's id, title and summary, sorted by id, with no ruleset
    imported that says them in an ``about.toml``: for lists of rulesets."""
    installed = load_rulesets()
    if isinstance(installed, InstalledRulesets):
        return installed.about()
    return [RulesetAbout.of(r, k) for k, r in sorted(installed.items())]  # a test's own


def about_ruleset(ruleset_id: str) -> RulesetAbout | None:
    """One installed ruleset's id, title and summary (:func:`describe_rulesets`), or None
    when it is not installed."""
    return next((a for a in describe_rulesets() if a.id == ruleset_id), None)


def get_ruleset(ruleset_id: str) -> Ruleset:
    rulesets = load_rulesets()
    try:
        return rulesets[ruleset_id]
    except KeyError:
        known = ", ".join(rulesets) or "none"
        raise InputError(f"ruleset {ruleset_id!r} is not installed (installed: {known})") from None
