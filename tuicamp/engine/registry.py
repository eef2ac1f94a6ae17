"""Find rulesets through the ``tuicamp.rulesets`` entry-point group.

The bundled rulesets register themselves in ``pyproject.toml`` exactly as a club's own
package would, so nothing in core names a ruleset.

A ruleset is imported only when it is asked for. Importing one means importing all of its
rules (Rauscher's are most of the start-up of a process that opens a sandbox save), so
:func:`load_rulesets` answers a lazy mapping: looking up one id imports that one ruleset,
found by its entry point's name, and only listing the mapping whole (its keys, values or
length, as ``tuicamp rulesets`` and the set-up wizard do) imports every one.
:func:`ruleset_names` lists the installed names without importing any.

An entry point's name is its ruleset's id by convention. When a loaded ruleset says
another id, the lookup falls back to loading every entry point and keying them by the id
each ruleset gives, as the registry always has.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from importlib.metadata import EntryPoint, entry_points

from tuicamp.engine.errors import InputError
from tuicamp.engine.ruleset import Ruleset

GROUP = "tuicamp.rulesets"


class InstalledRulesets(Mapping[str, Ruleset]):
    """The installed rulesets by id, each imported the first time it is looked up."""

    def __init__(self, points: Mapping[str, EntryPoint]) -> None:
        self._points = dict(points)
        self._loaded: dict[str, Ruleset] = {}
        self._all: dict[str, Ruleset] | None = None

    def names(self) -> list[str]:
        """The entry points' names, sorted: the installed ids, nothing imported."""
        return sorted(self._points)

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


def get_ruleset(ruleset_id: str) -> Ruleset:
    rulesets = load_rulesets()
    try:
        return rulesets[ruleset_id]
    except KeyError:
        known = ", ".join(rulesets) or "none"
        raise InputError(f"ruleset {ruleset_id!r} is not installed (installed: {known})") from None
