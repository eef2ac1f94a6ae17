"""Screenshots of the scenario editor at 80x24 (the club terminal) and 160x48: a
generated map with its rivers, roads, territories and settlements, the brush outline and
the tools' panel; its dialogs: a ruleset's set-up block, the victory form, the player
slots, a settlement and an army's points allocation, a file opened as its text beside its
problems, the problems list after a check; the Aasen ledger of realms, a territory tinted
in its colour, and the editor's start from the title screen. Accept
deliberate changes with ``--snapshot-update`` after looking at the SVGs."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from apps.ui_kit import quiet_config, wait_until

from tuicamp.game.mapgen import MapSpec, generate
from tuicamp.storage.scenario import find_scenario
from tuicamp.ui.app import TuicampApp
from tuicamp.ui.editor import EditorScreen, EditorStart, open_editor

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
    assert snap_compare(editor_app(), terminal_size=size, press=["v"], run_before=_sea_on_a_town)


async def _on_a_town(pilot) -> None:
    screen = pilot.app.screen
    town = screen.scenario.map.settlements[0]
    screen.map_widget.cursor = town.hex
    await pilot.pause()


def _ellegaard_app() -> TuicampApp:
    """The editor on a generated 24 x 18 Ellegaard map, saved as war.toml."""
    path = Path(tempfile.mkdtemp(prefix="tuicamp-snap-editor-")) / "war.toml"
    path.write_text(generate(MapSpec(24, 18, 2, 3, "ellegaard")).text().text, encoding="utf-8")
    return TuicampApp(config=quiet_config(), home=lambda: EditorScreen(path))


@pytest.mark.parametrize("size", SIZES)
def test_the_set_up_block_form(snap_compare, size) -> None:
    """B: Ellegaard's block, its options and example under comments, its keys below."""
    assert snap_compare(_ellegaard_app(), terminal_size=size, press=["B"])


@pytest.mark.parametrize("size", SIZES)
def test_the_victory_and_turn_limit_form(snap_compare, size) -> None:
    assert snap_compare(editor_app(), terminal_size=size, press=["V"])


@pytest.mark.parametrize("size", SIZES)
def test_the_player_slots_form(snap_compare, size) -> None:
    assert snap_compare(editor_app(), terminal_size=size, press=["p"])


@pytest.mark.parametrize("size", SIZES)
def test_the_settlement_form_on_a_town(snap_compare, size) -> None:
    """The settlement tool's form on a town: kind, name, owner, walls and stores."""
    keys = ["t", "t", "t", "space"]
    assert snap_compare(editor_app(), terminal_size=size, press=keys, run_before=_on_a_town)


@pytest.mark.parametrize("size", SIZES)
def test_the_points_allocation_form_of_an_aasen_army(snap_compare, size) -> None:
    """The army tool on Hex Island asks for a points allocation and its commander."""
    path = find_scenario("hex-island-corsairs")
    app = TuicampApp(config=quiet_config(), home=lambda: EditorScreen(path, save_as=True))
    keys = ["t", "t", "t", "t", "space"]
    assert snap_compare(app, terminal_size=size, press=keys)


@pytest.mark.parametrize("size", SIZES)
def test_a_file_the_map_cannot_be_drawn_from_opens_as_text(snap_compare, size) -> None:
    """The text at the problem's line, the problems beside it."""
    folder = Path(tempfile.mkdtemp(prefix="tuicamp-snap-editor-"))
    path = folder / "broken.toml"
    text = generate(MapSpec(24, 18, 2, 3)).text().text
    path.write_text(text.replace("[map]", "[map]\nwidth = 'x'", 1), encoding="utf-8")
    app = TuicampApp(config=quiet_config(), home=lambda: open_editor(path))
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_the_aasen_realm_ledger(snap_compare, size) -> None:
    """Hex Island's realms, each with its territories against 11 or 6 (R-AA-1)."""
    path = find_scenario("hex-island-corsairs")
    app = TuicampApp(config=quiet_config(), home=lambda: EditorScreen(path, save_as=True))
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_the_problems_list_focused_after_a_check(snap_compare, size) -> None:
    """v checks and puts the focus on the problems, the first one highlighted."""
    keys = ["v", "down"]
    assert snap_compare(editor_app(), terminal_size=size, press=keys, run_before=_two_towns)


async def _sea_on(pilot, towns: int) -> None:
    """Sea painted on the hexes of the first ``towns`` settlements, the cursor left on the
    first; the check the paint sets off is awaited, so that its list cannot replace the
    one v makes."""
    screen = pilot.app.screen
    checked = screen.checks
    await pilot.press("left_square_bracket", "left_square_bracket")  # back past clear: sea
    for town in reversed(screen.scenario.map.settlements[:towns]):
        screen.map_widget.cursor = town.hex
        await pilot.press("space")
    await wait_until(pilot, lambda: screen.checks > checked, "the check after the paint")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def _sea_on_a_town(pilot) -> None:
    await _sea_on(pilot, 1)


async def _two_towns(pilot) -> None:
    await _sea_on(pilot, 2)


@pytest.mark.parametrize("size", SIZES)
def test_the_editors_start_from_the_title_screen(snap_compare, size) -> None:
    """A blank map, a generated one, the designer's own scenarios and the bundled ones."""
    folder = Path(tempfile.mkdtemp(prefix="tuicamp-snap-editor-"))
    (folder / "valley.toml").write_text(generate(MapSpec(24, 18, 2, 3)).text().text, "utf-8")
    app = TuicampApp(config=quiet_config(), home=lambda: EditorStart(folder))
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_a_territory_tinted_in_its_own_colour(snap_compare, size) -> None:
    """C on the town's territory: its hexes' free cells tinted green, the panel says so."""
    keys = ["C", *"green", "enter"]
    assert snap_compare(editor_app(), terminal_size=size, press=keys, run_before=_on_a_town)


@pytest.mark.parametrize("size", SIZES)
def test_the_editors_help(snap_compare, size) -> None:
    """?: every key of the editor with what it does, the list scrolled by its own bar."""
    assert snap_compare(editor_app(), terminal_size=size, press=["question_mark"])
