"""Which screen a scenario file opens on: the map editor when the file builds a scenario
(its campaigns' problems listed in the panel, to fix on the map), the file's text beside
its problems when it does not (a file the map cannot be drawn from is fixed as text)."""

from __future__ import annotations

from pathlib import Path

from textual.screen import Screen

from tuicamp.game.mapedit import draft
from tuicamp.ui.editor._repair import RepairScreen
from tuicamp.ui.editor._screen import EditorScreen


def open_editor(
    path: Path | None, ruleset: str = "sandbox", *, save_as: bool = False
) -> Screen[None]:
    """The editor on ``path`` (None: a blank map of ``ruleset``), whatever the file's
    problems; an InputError only when there is no text to open (no such file, a folder,
    not UTF-8). ``save_as``: a bundled scenario, saved elsewhere."""
    if path is None:
        return EditorScreen(None, ruleset)
    opened = draft.open_to_fix(path)
    if opened.scenario is None:
        return RepairScreen(opened, save_as=save_as)
    return EditorScreen(path, scenario=opened.scenario, save_as=save_as)
