"""Every editor key can be found: the footer holds the keys every tool shares and ? Help
at 80 columns, the status panel names the keys of the tool in hand, and ? (or F1) opens a
page of every editor key with what it does, read from the editor's own bindings; escape,
q or ? closes it again."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from apps.ui_kit import quiet_config, settle, sync, wait_for_screen, wait_until
from textual.widgets._footer import FooterKey

from tuicamp.game.mapgen import MapSpec, generate
from tuicamp.ui.app import TuicampApp
from tuicamp.ui.editor import EditorScreen
from tuicamp.ui.editor._tools import TOOL_KEYS, TOOLS, Tools
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


@sync
async def test_the_footer_at_80_columns_shows_its_keys_whole_and_the_help(tmp_path: Path) -> None:
    """At 80x24 the footer's keys all fit beside the palette's, ? Help among them; the
    keys it leaves out are in the panel (t, [ ], b, j, the tool's own) or the help."""
    app = editor_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, EditorScreen)

        def keys() -> list[FooterKey]:
            return [k for k in screen.query(FooterKey) if k.region.width]

        await wait_until(pilot, lambda: len(keys()) > 1, "the footer's keys")
        drawn = keys()
        shown = {k.action for k in drawn if not k.has_class("-command-palette")}
        assert shown == {"apply", "undo", "redo", "check", "save", "help", "close"}
        palette = next(k for k in drawn if k.has_class("-command-palette"))
        assert all(k.region.right <= palette.region.x for k in drawn if k is not palette)
        assert palette.region.right <= 80
        panel = str(screen.query_one("#editor-status").render())
        for named in ("Tool [t]", "[ ]:", "Brush [b]", "Problems [j]", "space paint"):
            assert named in panel


def test_the_panel_names_every_key_of_each_tool_in_its_width() -> None:
    """The territory tool's fill, lasso, new, rename, owner and colour keys are listed
    by the panel while it is in hand, each key beside its word, in the panel's room."""
    tools = Tools()
    for tool in TOOLS:
        tools.tool = tool
        for room in (27, 41):
            lines = tools.keys(room - 2)
            assert all(len(line) <= room - 2 for line in lines)
            assert "  ".join(lines) == "  ".join(TOOL_KEYS[tool])
    tools.tool = "territory"
    assert tools.keys(25) == [
        "space assign  f fill",
        "l lasso  T new  r rename",
        "O owner  C colour",
    ]
    bound = {b.key for b in EditorScreen.BINDINGS}
    for tool in TOOLS:
        for entry in TOOL_KEYS[tool]:
            key = entry.split()[0]
            assert {"]": "right_square_bracket"}.get(key, key) in bound, entry
