"""The entry points of one group, read straight from the installed distributions' files.

``importlib.metadata`` answers the same question, but importing it imports ``email``,
``zipfile``, ``tempfile`` and ``importlib.resources`` besides: a sixth of what ``tuicamp
show`` imported to find the one ruleset a save names. The metadata of a distribution
installed as a folder on ``sys.path`` (``*.dist-info`` or ``*.egg-info``, as pip and an
editable install leave it) is a plain ``entry_points.txt``; this reads those. The first
distribution of a name on ``sys.path`` is the one installed (as for ``importlib``), and of
two entry points of one name the later counts (as the registry's own dict of
``importlib.metadata.entry_points`` did). A group found in no such file is looked up
through ``importlib.metadata`` after all, so a ruleset installed some other way (a zipped
egg) is still found.
"""

from __future__ import annotations

import importlib
import os
import re
import sys

from attrs import frozen


@frozen
class Point:
    """One entry point: its name and what it names (``module:attribute``)."""

    name: str
    value: str

    def load(self) -> object:
        module, _, attribute = self.value.partition(":")
        target: object = importlib.import_module(module.strip())
        for part in filter(None, attribute.strip().split(".")):
            target = getattr(target, part)
        return target


def _normalised(project: str) -> str:
    return re.sub(r"[-_.]+", "_", project).lower()


def _section(text: str, group: str) -> list[tuple[str, str]]:
    """The ``name = value`` lines of one ``[group]`` of an entry_points.txt (INI)."""
    out: list[tuple[str, str]] = []
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            out.append((name.strip(), value.split("[", 1)[0].strip()))  # no extras
    return out


def _from_files(group: str) -> dict[str, Point]:
    found: dict[str, Point] = {}
    seen: set[str] = set()
    for entry in sys.path:
        folder = entry or "."
        try:
            names = sorted(os.listdir(folder))
        except OSError:  # a zip file, a path hook, a folder gone
            continue
        for name in names:
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            project = _normalised(name.rsplit(".", 1)[0].split("-", 1)[0])
            if project in seen:
                continue
            seen.add(project)
            try:
                with open(os.path.join(folder, name, "entry_points.txt"), encoding="utf-8") as f:
                    text = f.read()
            except OSError:
                continue
            for point_name, value in _section(text, group):
                found[point_name] = Point(point_name, value)
    return found


def group_points(group: str) -> dict[str, Point]:
    """The group's entry points by name (see the module for which count)."""
    found = _from_files(group)
    if found:
        return found
    from importlib.metadata import entry_points

    return {ep.name: Point(ep.name, ep.value) for ep in entry_points(group=group)}
