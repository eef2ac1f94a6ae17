"""A scenario that fails ``tuicamp check`` opens in the editor (issue 17: "validation as
you go ... with the problems listed and the hex jumped to"): a file whose campaign finds
problems opens on the map with them in the panel; a file whose own problems leave no map
to draw opens as its text beside the problems, and once fixed there opens on the map.
Pilot tests wait for conditions, never for seconds."""

from __future__ import annotations

from pathlib import Path

from apps.ui_kit import quiet_config, settle, sync, wait_for_screen, wait_until
from textual.widgets import OptionList, TextArea

from tuicamp.game.mapedit import draft
from tuicamp.game.mapedit.writer import scenario_text
from tuicamp.game.mapgen import MapSpec, generate
from tuicamp.game.scenarios import scenario_problems
from tuicamp.ui.app import TuicampApp
from tuicamp.ui.editor import EditorScreen, open_editor
from tuicamp.ui.editor._forms import TextForm
from tuicamp.ui.editor._repair import RepairScreen

BAD_TARGET = {"targets": {"red": "nowhere"}}


def _generated(tmp_path: Path, victory: dict | None = None) -> Path:
    """A generated 16 x 12 sandbox map, its [victory] table ``victory`` when given."""
    made = generate(MapSpec(16, 12, 2, 5)).scenario
    if victory is not None:
        made.victory = victory
    path = tmp_path / "valley.toml"
    path.write_text(scenario_text(made).text, encoding="utf-8")
    return path


def _app(path: Path) -> TuicampApp:
    return TuicampApp(config=quiet_config(), home=lambda: open_editor(path))


def test_a_file_is_opened_with_its_problems_whatever_they_are(tmp_path) -> None:
    """The problems are those ``tuicamp check`` lists, at the same lines."""
    campaign_bad = _generated(tmp_path, BAD_TARGET)
    opened = draft.open_to_fix(campaign_bad)
    assert opened.scenario is not None and opened.scenario.path == campaign_bad
    checked = scenario_problems(campaign_bad)
    assert [f"{campaign_bad}:{f.line}: {f.text}" for f in opened.problems] == checked
    assert "victory targets.red names no settlement" in opened.problems[0].text
    broken = tmp_path / "broken.toml"
    broken.write_text(campaign_bad.read_text().replace("[map]", "[map]\nwidth = 'x'", 1))
    opened = draft.open_to_fix(broken)
    assert opened.scenario is None and opened.text == broken.read_text()
    assert [f"{broken}:{f.line}: {f.text}" for f in opened.problems] == scenario_problems(broken)


@sync
async def test_a_campaign_problem_opens_on_the_map_listed_and_is_fixed_there(tmp_path) -> None:
    """The sandbox's [victory] targets name a settlement each (R-SB-12): a target that
    names none is listed when the file opens, and the victory form fixes it."""
    path = _generated(tmp_path, BAD_TARGET)
    async with _app(path).run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, EditorScreen)
        await wait_until(pilot, lambda: screen.checks >= 1, "the first check")
        assert screen.path == path and screen.saved
        assert any("names no settlement" in f.text for f in screen.findings)
        problems = screen.query_one("#editor-problems", OptionList)
        assert problems.option_count == len(screen.findings)
        town = screen.scenario.map.settlements[0].id
        await pilot.press("V")
        form = await wait_for_screen(pilot, TextForm)
        form.query_one(TextArea).text = f'targets = {{ red = "{town}" }}'
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: not screen.findings, "the problem gone")
        assert screen.scenario.victory == {"targets": {"red": town}} and not screen.saved


@sync
async def test_a_file_the_map_cannot_be_drawn_from_is_fixed_as_text(tmp_path) -> None:
    """A TOML slip opens the file's text at the problem's line; fixed and checked (F5),
    the map editor opens on it, not saved yet; nothing is written until a save."""
    good = _generated(tmp_path)
    text = good.read_text()
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace("[map]", "[map]\nwidth = 'x'", 1), encoding="utf-8")
    async with _app(broken).run_test(size=(80, 24)) as pilot:
        repair = await wait_for_screen(pilot, RepairScreen)
        area = repair.query_one(TextArea)
        assert repair.opened.problems and "not valid TOML" in repair.opened.problems[0].text
        assert area.cursor_location[0] == repair.opened.problems[0].line - 1
        await pilot.press("f5")  # still broken: stays, says so
        await settle(pilot)
        assert isinstance(pilot.app.screen, RepairScreen)
        area.text = text
        await pilot.press("f5")
        screen = await wait_for_screen(pilot, EditorScreen)
        assert screen.path == broken and not screen.saved
        assert screen.scenario.map.width == 16
        assert "width = 'x'" in broken.read_text()  # untouched until saved
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert scenario_problems(broken) == []


@sync
async def test_the_text_is_saved_half_fixed_and_closing_asks_first(tmp_path) -> None:
    good = _generated(tmp_path)
    broken = tmp_path / "broken.toml"
    broken.write_text(good.read_text().replace("[map]", "[map", 1), encoding="utf-8")
    async with _app(broken).run_test(size=(80, 24)) as pilot:
        repair = await wait_for_screen(pilot, RepairScreen)
        area = repair.query_one(TextArea)
        area.text = "# a note\n" + area.text
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert broken.read_text().startswith("# a note\n")
        assert isinstance(pilot.app.screen, RepairScreen)  # still no map to draw
        area.text = area.text + "\n# another\n"
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is not repair  # the question, not gone
        assert not broken.read_text().endswith("# another\n")
