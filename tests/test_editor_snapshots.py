"""Screenshots of the scenario editor at 80x24 (the club terminal) and 160x48: a
generated map with its rivers, roads, territories and settlements, the brush outline and
the tools' panel. Accept deliberate changes with ``--snapshot-update`` after looking at
the SVGs."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from apps.ui_kit import quiet_config

from tuicamp.game.mapgen import MapSpec, generate
from tuicamp.ui.app import TuicampApp
from tuicamp.ui.editor import EditorScreen

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((160, 48), id="160x48")]


def editor_app() -> TuicampApp:
    """The editor on a generated 24 x 18 map, saved as valley.toml."""
    path = Path(tempfile.mkdtemp(prefix="tuicamp-snap-editor-")) / "valley.toml"
    path.write_text(generate(MapSpec(24, 18, 2, 3)).text().text, encoding="utf-8")
    return TuicampApp(config=quiet_config(), home=lambda: EditorScreen(path))


@pytest.mark.parametrize("size", SIZES)
def test_the_editor_with_a_brush_of_three(snap_compare, size) -> None:
    assert snap_compare(editor_app(), terminal_size=size, press=["b", "b", "x", "x", "d"])


@pytest.mark.parametrize("size", SIZES)
def test_the_editor_with_a_problem_listed(snap_compare, size) -> None:
    """The terrain tool's sea painted on the hex of a settlement: the check lists it."""
    keys = ["left_square_bracket", "left_square_bracket", "space", "v"]
    assert snap_compare(editor_app(), terminal_size=size, press=keys, run_before=_on_a_town)


async def _on_a_town(pilot) -> None:
    screen = pilot.app.screen
    town = screen.scenario.map.settlements[0]
    screen.map_widget.cursor = town.hex
    await pilot.pause()
