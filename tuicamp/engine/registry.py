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

The rulesets bundled with tuicamp are found without reading any package's metadata: each
is a package under :data:`BUNDLED_PACKAGE` whose ``about.toml`` names its entry point
(``entry_point``, exactly as ``pyproject.toml`` registers it), so looking up a bundled id
reads that one small file. Only a name no bundled ruleset has, or a list of every
installed ruleset, reads the entry points: ``importlib.metadata`` alone costs a process
that reports on a sandbox save (``tuicamp show``) more than reading and viewing it does.
A name both a bundled ruleset and another package register is the bundled one's.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Protocol

from attrs import frozen

from tuicamp.engine.errors import InputError
from tuicamp.engine.ruleset import Ruleset
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr

GROUP = "tuicamp.rulesets"
ABOUT_FILE = "about.toml"
# Where the rulesets that ship with tuicamp live: one package each, ``about.toml`` beside
# its ``__init__`` naming its entry point. The registry names the folder, never a ruleset.
BUNDLED_PACKAGE = "tuicamp.rules"


class RulesetPoint(Protocol):
    """What the registry reads of an entry point: ``importlib.metadata.EntryPoint`` is
    one, and so is a :class:`BundledPoint`."""

    @property
    def name(self) -> str: ...

    @property
    def value(self) -> str: ...

    @property
    def module(self) -> str: ...

    def load(self) -> Any: ...


@frozen
class BundledPoint:
    """A bundled ruleset's entry point as its ``about.toml`` writes it, loaded as
    ``EntryPoint.load`` loads one (``module:attribute``), with no metadata read."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    name: str
    value: str

    @property
    def module(self) -> str:
        return self.value.partition(":")[0].strip()

    def load(self) -> Any:
        target: Any = import_module(self.module)
        for part in self.value.partition(":")[2].strip().split("."):
            target = getattr(target, part) if part else target
        return target


@frozen
class RulesetAbout:
    """What a list of rulesets shows of one, known without importing its rules."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    id: str
    title: str
    summary: str = ""

    @classmethod
    def of(cls, ruleset: Ruleset, name: str = "") -> RulesetAbout:
        return cls(ruleset.id or name, ruleset.title or ruleset.id or name, ruleset.summary)


class InstalledRulesets(Mapping[str, Ruleset]):
    """The installed rulesets by id, each imported the first time it is looked up."""

    def __init__(
        self,
        points: Mapping[str, RulesetPoint] | Callable[[], Mapping[str, RulesetPoint]],
        bundled: Callable[[str], RulesetPoint | None] | None = None,
    ) -> None:
        """``points`` are the entry points by name, or what reads them when first needed;
        ``bundled`` answers a bundled ruleset's own point by its name (or None), asked
        first, so that a bundled id is found without reading the entry points."""
        self._read_points = points if callable(points) else None
        self._scanned = None if callable(points) else dict(points)
        self._bundled = bundled
        self._loaded: dict[str, Ruleset] = {}
        self._all: dict[str, Ruleset] | None = None
        self._about_files: dict[str, RulesetAbout | None] = {}  # each file read once

    @property
    def _points(self) -> dict[str, RulesetPoint]:
        """Every entry point by name, read once; a bundled name's is the bundled one's."""
        if self._scanned is None:
            assert self._read_points is not None
            found = dict(self._read_points())
            for name in found:
                own = self._bundled(name) if self._bundled else None
                found[name] = own or found[name]
            self._scanned = found
        return self._scanned

    def _point(self, name: str) -> RulesetPoint | None:
        """The point of one name: the bundled one's when there is one (no entry point
        read), else the installed entry point's."""
        if self._scanned is None and self._bundled is not None:
            own = self._bundled(name)
            if own is not None:
                return own
        return self._points.get(name)

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
        point = self._point(ruleset_id) if self._all is None else None
        if point is not None:
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


def _load(point: RulesetPoint) -> Ruleset | None:
    """The entry point's ruleset (a class is instantiated once), or None if it names
    something that is not a ruleset."""
    target = point.load()
    ruleset = target() if isinstance(target, type) else target
    return ruleset if isinstance(ruleset, Ruleset) else None


def _about_file(point: RulesetPoint) -> RulesetAbout | None:
    """The ``about.toml`` beside the entry point's module, as a list shows it; None when
    there is none, or it does not give a title in words."""
    data = _about_table(point.module)
    if data is None:
        return None
    said = [data.get("id", point.name), data.get("title"), data.get("summary", "")]
    if not all(isinstance(v, str) for v in said) or not said[0] or not said[1]:
        return None
    return RulesetAbout(*said)


def _about_table(module: str, package_only: bool = False) -> dict[str, Any] | None:
    """The ``about.toml`` beside ``module`` (in its folder, when it is a package), found
    by ``find_spec``, which imports only the packages above the module; None when there
    is none or it is no TOML (or, with ``package_only``, the module is no package)."""
    try:
        spec = find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    if spec.submodule_search_locations:
        folder = Path(next(iter(spec.submodule_search_locations)))
    elif spec.origin and not package_only:
        folder = Path(spec.origin).parent
    else:
        return None
    try:
        return tomllib.loads((folder / ABOUT_FILE).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None


def bundled_point(name: str) -> BundledPoint | None:
    """The entry point of the ruleset bundled as ``name`` (the package
    ``tuicamp.rules.<name>``, its ``about.toml`` saying that id and its ``entry_point``),
    or None when tuicamp bundles no ruleset of that name."""
    if not name.isidentifier():
        return None  # no package name: a save's text is never a path to import
    package = f"{BUNDLED_PACKAGE}.{name}"
    data = _about_table(package, package_only=True)
    value = data.get("entry_point") if data else None
    if not isinstance(value, str) or data is None or data.get("id", name) != name:
        return None
    point = BundledPoint(name, value)
    inside = point.module == package or point.module.startswith(package + ".")
    return point if inside else None


def _entry_points() -> dict[str, RulesetPoint]:
    """The installed ``tuicamp.rulesets`` entry points by name. ``importlib.metadata`` is
    imported here, when a list or a club's ruleset needs it, not with the registry: its
    import alone is a good part of a short command's start-up."""
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=GROUP)}


@cache
def load_rulesets() -> Mapping[str, Ruleset]:
    """The installed rulesets, one mapping per process (each ruleset loaded once)."""
    return InstalledRulesets(_entry_points, bundled=bundled_point)


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
