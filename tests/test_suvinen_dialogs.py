"""The Suvinen dialogs on the campaign screen: the sealed fight-or-withdraw choice (``W``),
each sending the action the command line sends and never showing another seat's sealed
choice; snapshots at 80x24 and 160x48."""

from __future__ import annotations

from pathlib import Path

import pytest
from apps.ui_kit import make_app, settle, sync, wait_for_screen, wait_until
from test_suvinen_control import placed
from test_suvinen_play import drill, end_council, play_impulse
from test_suvinen_screens import SIZES, saved, shot
from test_suvinen_withdrawal import entered
from textual.widgets import Static

from tuicamp.game.session import Session
from tuicamp.rules.suvinen.impulses import MoveCorps
from tuicamp.rules.suvinen.screens.withdraw import WithdrawalDialog
from tuicamp.rules.suvinen.withdrawal import ChooseWithdrawal

SIZE = (120, 40)


def dialog_text(app) -> str:
    return str(app.screen.query_one("#suvinen-dialog-body", Static).content)


async def open_dialog(pilot, key: str, kind: type) -> str:
    """Presses ``key`` on the campaign screen; the dialog's body once it shows."""
    await settle(pilot)
    await pilot.press(key)
    await wait_for_screen(pilot, kind)
    return dialog_text(pilot.app)


async def sent(pilot, save: Path, done) -> Session:
    """Waits until the save shows ``done`` (the action sent by the dialog is applied)."""
    await wait_until(pilot, lambda: done(Session.open(save)), "the action applied")
    return Session.open(save)


def told(app) -> list[str]:
    return [n.message for n in app._notifications]


# --- the fight-or-withdraw dialog (section 4.3, R-SU-13, R-SU-14) ------------------------------
def after_the_battle(folder: Path) -> Path:
    """Day 1 of the drill's battles: the Wolf Riders rode from 0603 into the First Corps'
    0503 in impulse 1 and the battle there is entered; both players are to write."""
    engine = drill(edit=placed(**{"wolf-riders": "0603"}))
    end_council(engine)
    script = {(1, 1, "wolf-riders"): MoveCorps(army="wolf-riders", path=["0503"])}
    while engine.campaign.phase.startswith("impulse"):
        play_impulse(engine, script)
    entered(engine, "0503")
    return saved(engine, folder)


@sync
async def test_the_withdrawal_dialog_writes_the_seats_sealed_choice(tmp_path):
    """§4.3: "After checking for losses each player should write down secretly wether they
    want to fight an other battle or if they want to withdraw"; "you may only withdraw via
    friendly hexsides" (R-SU-14). The Empire presses W, sees fight and the five hexes its
    sides open, picks 0402 by its number: the same ``withdrawal`` action as the command
    line is written, and the chronicle tells only that the Empire wrote."""
    save = after_the_battle(tmp_path / "saves")
    async with make_app(tmp_path, save=save, seat="empire").run_test(size=SIZE) as pilot:
        body = await open_dialog(pilot, "W", WithdrawalDialog)
        assert "1. Fight on at 0503" in body
        for n, to in enumerate(("0502", "0402", "0403", "0404", "0504"), start=2):
            assert f"{n}. Withdraw from 0503 to {to}" in body
        assert "Waiting for: The Empire, Orcs & Goblins" in body
        await pilot.press("3")
        session = await sent(
            pilot, save, lambda s: "empire" in s.campaign.state.withdrawals["0503"].choices
        )
        assert not isinstance(pilot.app.screen, WithdrawalDialog)
    assert session.campaign.state.withdrawals["0503"].choices == {"empire": "withdraw:0402"}
    written = [e.text for e in session.chronicle if e.kind == "withdrawal_written"]
    assert written == [
        "The Empire writes its sealed choices to fight on or withdraw at 0503 after the "
        "battle of day 1"
    ]


@sync
async def test_the_withdrawal_dialog_never_shows_another_seats_choice(tmp_path):
    """R-SU-15: the choices are sealed until all have written. The Empire has written
    "withdraw to 0402"; the Orcs' dialog shows only whom the round waits for, and the
    Empire's own dialog shows its choice, to change until the reveal."""
    save = after_the_battle(tmp_path / "saves")
    session = Session.open(save)
    session.engine.perform(
        "empire", ChooseWithdrawal(hex="0503", choice="withdraw", to="0402", player="empire")
    )
    session.save()
    for seat, shown in (("orcs", False), ("empire", True)):
        async with make_app(tmp_path, save=save, seat=seat).run_test(size=SIZE) as pilot:
            body = await open_dialog(pilot, "W", WithdrawalDialog)
            assert "Waiting for: Orcs & Goblins" in body
            assert ("You have written: withdraw to 0402" in body) is shown
            assert ("0402" in body) is shown


@sync
async def test_the_orcs_fight_on_and_the_withdrawals_are_carried_out(tmp_path):
    """R-SU-15: when every choice of the day is revealed, the withdrawals happen at once.
    The Empire wrote "withdraw to 0402"; the Orcs pick "Fight on" with enter, the round is
    revealed and the First Corps withdraws."""
    save = after_the_battle(tmp_path / "saves")
    session = Session.open(save)
    session.engine.perform(
        "empire", ChooseWithdrawal(hex="0503", choice="withdraw", to="0402", player="empire")
    )
    session.save()
    async with make_app(tmp_path, save=save, seat="orcs").run_test(size=SIZE) as pilot:
        assert "1. Fight on at 0503" in await open_dialog(pilot, "W", WithdrawalDialog)
        await pilot.press("enter")
        session = await sent(pilot, save, lambda s: "0503" not in s.campaign.state.withdrawals)
    texts = [e.text for e in session.chronicle]
    assert "'The First Corps' withdraws from 0503 to 0402" in texts


@sync
async def test_the_withdrawal_key_says_why_not_when_no_choice_is_open(tmp_path):
    """The key opens no dialog in the council: it says when the choice is written."""
    engine = drill()
    save = saved(engine, tmp_path / "saves")
    async with make_app(tmp_path, save=save, seat="empire").run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("W")
        await wait_until(pilot, lambda: bool(told(pilot.app)), "the key's answer")
        assert not isinstance(pilot.app.screen, WithdrawalDialog)
        assert any("No fight-or-withdraw choice is open for you" in m for m in told(pilot.app))


@sync
async def test_the_panel_shows_the_key_while_the_choice_is_open(tmp_path):
    """The panel names the key only while the seat has the choice to write."""
    save = after_the_battle(tmp_path / "saves")
    async with make_app(tmp_path, save=save, seat="empire").run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = str(pilot.app.screen.query_one("#suvinen-panel-text", Static).content)
        assert "W: write fight or withdraw at 0503" in panel
    engine = drill()
    save = saved(engine, tmp_path / "council")
    async with make_app(tmp_path, save=save, seat="empire").run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = str(pilot.app.screen.query_one("#suvinen-panel-text", Static).content)
        assert "W:" not in panel


# --- snapshots ----------------------------------------------------------------------------------
SCENES = {"withdrawal": (after_the_battle, ("W",))}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("scene", list(SCENES))
def test_snapshot(snap_compare, tmp_path, scene, size):
    assert shot(snap_compare, tmp_path, SCENES[scene], size)
