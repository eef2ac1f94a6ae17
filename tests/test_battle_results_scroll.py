"""Long texts scroll: after an auto-resolve the battle queue shows every line of the
result (each unit's casualties on a line of its own), and the keyboard scrolls to the
last of them."""

from __future__ import annotations

from apps import rauscher_kit as K
from apps.ui_kit import FIXED_NOW, make_app, settle, sync, wait_for_screen, wait_until
from textual.containers import VerticalScroll
from textual.widgets import Static

from tuicamp.ui.app import screen_text
from tuicamp.ui.screens.battles import BattleQueueScreen, as_list
from tuicamp.ui.screens.campaign import CampaignScreen


def test_a_long_list_is_shown_one_item_a_line():
    text = "Casualties of the Attacker: Greatswords: 1 dead; Halberdiers: 2 fled; Spearmen: 1 dead"
    assert as_list(text) == [
        "Casualties of the Attacker:",
        "  - Greatswords: 1 dead",
        "  - Halberdiers: 2 fled",
        "  - Spearmen: 1 dead",
    ]
    assert as_list("Battle b1: a; b") == ["Battle b1: a; b"]  # short lines stay as they are
    assert as_list("one; two; three") == ["one; two; three"]  # no head to hang a list from


@sync
async def test_an_auto_resolved_battle_shows_every_unit_and_scrolls_by_keyboard(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("TUICAMP_NOW", FIXED_NOW)
    monkeypatch.setenv("TUICAMP_CONFIG", str(tmp_path / "no-config.toml"))
    save = K.battle_save(tmp_path)
    app = make_app(tmp_path, save=save, seat="stirland")
    async with app.run_test(size=(80, 24)) as pilot:
        campaign = await wait_for_screen(pilot, CampaignScreen)
        await wait_until(pilot, lambda: campaign.seat is not None, "a seat shown")
        await settle(pilot)
        await pilot.press("B")
        queue = await wait_for_screen(pilot, BattleQueueScreen)
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        await pilot.press("y")
        await wait_until(pilot, lambda: bool(queue.last), "the auto-resolve's events")
        await settle(pilot)
        shown = str(queue.query_one("#battles-last", Static).render())
        units = {u.name for a in campaign.session.campaign.armies for u in a.units}
        casualties = [t for t in queue.last if t.startswith("Casualties")]
        assert casualties
        for text in casualties:  # every unit the result names is on the screen's text
            for item in text.partition(": ")[2].split("; "):
                assert item.split(":")[0] in shown
        assert any(name in shown for name in units)
        info = queue.query_one("#battles-info", VerticalScroll)
        assert app.focused is info  # no battle is left to pick: the result has the keys
        assert info.max_scroll_y > 0  # longer than the screen
        last_line = queue.last[-1]
        assert last_line not in screen_text(app)
        await pilot.press("end")
        await wait_until(pilot, lambda: info.scroll_y == info.max_scroll_y, "the end")
        await settle(pilot)
        assert last_line in screen_text(app)
