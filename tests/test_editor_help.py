"""The editor's help key: ? (or F1) opens a page of every editor key with what it does,
read from the editor's own bindings, since at 80 columns most of them are off the footer;
escape, q or ? closes it again."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from apps.ui_kit import quiet_config, settle, sync, wait_for_screen

from tuicamp.game.mapgen import MapSpec, generate
from tuicamp.ui.app import TuicampApp
from tuicamp.ui.editor import EditorScreen
from tuicamp.ui.screens.help import HelpScreen


def editor_app(tmp_path: Path) -> TuicampApp:
    path = tmp_path / "valley.toml"
    path.write_text(generate(MapSpec(24, 18, 2, 3)).text().text, encoding="utf-8")
    return TuicampApp(config=quiet_config(), home=lambda: EditorScreen(path))


@sync
async def test_the_help_lists_every_editor_binding(tmp_path: Path) -> None:
    app = editor_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, EditorScreen)
        await pilot.press("question_mark")
        help_screen = await wait_for_screen(pilot, HelpScreen)
        await settle(pilot)
        text = help_screen.markdown
        for binding in EditorScreen.BINDINGS:
            for key in binding.key.split(","):
                shown = app.get_key_display(dataclasses.replace(binding, key=key))
                row = f"| {shown} | {binding.description} |"
                assert row in text, f"{key} ({binding.description}) is not in the help"
        # the map's keys and the app's quit are the editor's keys too
        assert "| c | Centre |" in text
        assert "| ^q | Quit |" in text
        assert help_screen.shown == 0


@pytest.mark.parametrize("key", ["escape", "q", "question_mark"])
@sync
async def test_the_help_closes_on_escape_q_and_question_mark(tmp_path: Path, key: str) -> None:
    async with editor_app(tmp_path).run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, EditorScreen)
        await pilot.press("question_mark")
        await wait_for_screen(pilot, HelpScreen)
        await settle(pilot)
        await pilot.press(key)
        await wait_for_screen(pilot, EditorScreen)
