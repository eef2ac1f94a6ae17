"""Small things a player notices: the Rauscher confirm names the phase it ends, the
too-small message says how to quit, an empty load list says so when asked to open, and
the wizard's save name is offered, not selected, and refused when blank."""

from __future__ import annotations

import pytest
from apps import rauscher_kit as K
from apps.ui_kit import (
    make_app,
    quiet_config,
    settle,
    sync,
    wait_for_screen,
    wait_until,
)
from textual.widgets import Static

from tuicamp.game.mapgen import MapSpec, generate
from tuicamp.ui.app import TuicampApp, screen_text
from tuicamp.ui.editor import EditorScreen
from tuicamp.ui.screens.campaign import CampaignScreen
from tuicamp.ui.screens.confirm import ConfirmScreen
from tuicamp.ui.screens.load import LoadScreen
from tuicamp.ui.screens.title import TitleScreen
from tuicamp.ui.screens.too_small import TooSmallScreen
from tuicamp.ui.screens.wizard import WizardScreen

pytestmark = pytest.mark.usefixtures("quiet_home")


@sync
async def test_the_rauscher_confirm_names_the_phase_it_ends(tmp_path):
    """R-ALL-9: the end of Movement is asked about while counters could still march (the
    end of Upkeep, with nothing left undone, is not asked about at all)."""
    save = K.stir_save(tmp_path, phase="movement")
    app = make_app(tmp_path, save=save, seat="stirland")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, CampaignScreen)
        await wait_until(pilot, lambda: screen.seat is not None, "a seat shown")
        await pilot.press("t")
        confirm = await wait_for_screen(pilot, ConfirmScreen)
        assert confirm.question.startswith("End the Movement phase?\n6 counters have not moved")
        assert confirm.yes == "End phase"


@sync
async def test_the_too_small_message_says_how_to_quit(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_for_screen(pilot, TooSmallScreen)
        await settle(pilot)
        assert "Ctrl+Q quits (every action is saved as it happens)" in screen_text(app)


@sync
async def test_an_empty_load_list_says_so_when_asked_to_open(tmp_path):
    app = make_app(tmp_path)
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        notify = app.notify
        app.notify = lambda message, *a, **k: (said.append(message), notify(message, *a, **k))
        app.push_screen(LoadScreen([], tmp_path))
        await wait_for_screen(pilot, LoadScreen)
        await settle(pilot)
        assert "No saves yet" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert said == [f"No saves in {tmp_path} to open"]


@sync
async def test_the_save_name_is_offered_not_selected_and_refused_when_blank(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n", "ctrl+n")
        wizard = await wait_for_screen(pilot, WizardScreen)
        await wait_until(pilot, lambda: wizard.step == 1, "the ruleset step")
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: wizard.step == 2, "the players step")
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: wizard.step == 3, "the save step")
        field = wizard.query_one("#save-name")
        await wait_until(pilot, lambda: app.focused is field, "the save name focused")
        await settle(pilot)
        assert field.selection.is_empty  # a key typed now adds to the name
        await pilot.press("x")
        assert field.value.endswith("x") and len(field.value) > 1
        field.value = "  "
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert "The save needs a name" in screen_text(app)
        assert isinstance(app.screen, WizardScreen) and not list(tmp_path.glob("*.toml"))


async def _combat_panel_text(save) -> str:
    app = make_app(save.parent, save=save, seat="stirland")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, CampaignScreen)
        await wait_until(pilot, lambda: screen.seat is not None, "a seat shown")
        await wait_until(
            pilot, lambda: bool(screen.query("#rauscher-combat-text")), "the combat panel"
        )
        await settle(pilot)
        return str(screen.query_one("#rauscher-combat-text", Static).render())


@sync
async def test_the_combat_panel_never_says_no_fighting_after_a_battle(tmp_path):
    after = await _combat_panel_text(K.fate_save(tmp_path / "fought"))
    assert "Fought this turn: 1" in after and "No fighting" not in after
    quiet = await _combat_panel_text(K.stir_save(tmp_path / "quiet", phase="combat"))
    assert "No fighting this turn." in quiet


def _editor_app(tmp_path, *, edited: bool) -> TuicampApp:
    path = tmp_path / "valley.toml"
    path.write_text(generate(MapSpec(24, 18, 2, 3)).text().text, encoding="utf-8")
    return TuicampApp(config=quiet_config(), home=lambda: EditorScreen(path, saved=not edited))


@pytest.mark.parametrize(
    ("edited", "said"),
    [
        (False, "changes are saved only by Ctrl+S"),
        (True, "Ctrl+Q asks first: there are changes not saved"),
    ],
)
@sync
async def test_the_too_small_message_over_the_editor_says_it_saves_only_on_ctrl_s(
    tmp_path, edited: bool, said: str
):
    """The editor saves a scenario only on Ctrl+S: the message must not say every action
    is saved, and with changes not saved it says Ctrl+Q will ask first (as it does)."""
    app = _editor_app(tmp_path, edited=edited)
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_for_screen(pilot, TooSmallScreen)
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert said in text
        assert "every action is saved" not in text
        await pilot.press("ctrl+q")
        if edited:
            confirm = await wait_for_screen(pilot, ConfirmScreen)
            assert "not saved" in confirm.question
        else:
            await wait_until(pilot, lambda: app.return_code == 0, "the app quit")
