"""A map you can read at any size: at a large terminal the map takes a larger drawing and
the chronicle the rows the map leaves, so little of the screen is empty; notifications
never cover the chronicle; the player's zoom level is kept."""

from __future__ import annotations

import pytest
from apps.ui_kit import fixed_now, make_app, make_save, settle, sync, wait_for_screen, wait_until

from tuicamp.game.session import Session
from tuicamp.rules.sandbox import actions as A
from tuicamp.ui.screens.campaign import CampaignScreen
from tuicamp.ui.screens.handover import HandoverScreen
from tuicamp.ui.screens.seat_picker import SeatPickerScreen
from tuicamp.ui.widgets.campaign_map import CampaignMap, fitting_layout
from tuicamp.ui.widgets.log_lines import LEAST_LINES, LogLines, chronicle_rows

ROLLS = 12  # a dozen events: more than a grown chronicle shows


@pytest.fixture
def busy_save(tmp_path):
    """A campaign a dozen events into turn 1 (a move, then rolls)."""
    save = make_save(tmp_path, options={"fog_of_war": True}, seed=11)
    with fixed_now():
        session = Session.open(save)
        session.perform("empire", A.Move(army="grenzmark-garrison", to="1110"))
        for n in range(ROLLS):
            session.perform("empire", A.Roll(expr="2d6", reason=f"roll {n + 1}"))
    return save


async def _campaign(pilot) -> CampaignScreen:
    await wait_for_screen(pilot, HandoverScreen)
    for _ in range(2):  # the hand-over, then "since your last turn"
        await pilot.press("enter")
        await settle(pilot)
    screen = await wait_for_screen(pilot, CampaignScreen)
    await wait_until(pilot, lambda: screen.seat == "empire", "the Empire's turn")
    return screen


def empty_cells(screen: CampaignScreen) -> int:
    """Cells that show nothing: the map pane off its drawing, the side panel's rows below
    its last line, and the chronicle's rows without an event."""
    map_ = screen.query_one(CampaignMap)
    canvas_w, canvas_h = map_.virtual_size
    w, h = map_.size
    drawn = min(w, max(0, canvas_w - map_.scroll_x)) * min(h, max(0, canvas_h - map_.scroll_y))
    empty = w * h - drawn
    side = screen.query_one("#side")
    bottom = max((c.region.bottom for c in side.children if c.display), default=side.region.y)
    empty += max(0, side.region.bottom - bottom) * side.region.width
    log = screen.query_one(LogLines)
    shown = min(log.lines, len(screen._view.chronicle))
    empty += max(0, log.size.height - shown) * log.region.width
    return empty


@sync
async def test_a_200x50_screen_is_at_most_a_tenth_empty(busy_save) -> None:
    app = make_app(busy_save.parent, save=busy_save)
    async with app.run_test(size=(200, 50)) as pilot:
        screen = await _campaign(pilot)
        map_ = screen.query_one(CampaignMap)
        await wait_until(pilot, lambda: map_.map_layout == "wide", "the wide map")
        await settle(pilot)
        assert screen.query_one(LogLines).lines > LEAST_LINES  # the chronicle grew
        assert empty_cells(screen) <= 200 * 50 // 10


@sync
async def test_the_chronicle_takes_the_rows_the_map_leaves(busy_save) -> None:
    app = make_app(busy_save.parent, save=busy_save)
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await _campaign(pilot)
        map_, log = screen.query_one(CampaignMap), screen.query_one(LogLines)
        await wait_until(pilot, lambda: log.lines > LEAST_LINES, "the chronicle growing")
        assert map_.map_layout == "brick"  # the wide drawing would not fit 120 columns
        assert map_.size.height == map_.virtual_size.height  # no blank rows under the map
        assert log.size.height == log.lines
        assert str(log.render()).count("\n") == log.lines - 1  # one event a row
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: log.lines == LEAST_LINES, "the chronicle shrinking")


async def _toast_clears_the_chronicle(pilot, shown_on, campaign: CampaignScreen) -> None:
    """A toast shown on ``shown_on`` lies wholly outside the campaign's chronicle."""
    shown_on.notify("No battle is waiting to be fought", severity="warning")
    await wait_until(pilot, lambda: bool(shown_on.query("Toast")), "a toast")
    await settle(pilot)
    log = campaign.query_one(LogLines).region
    for toast in shown_on.query("Toast"):
        assert toast.region.area and not toast.region.overlaps(log), (toast.region, log)


@pytest.mark.parametrize("size", [(80, 24), (200, 50)], ids=["80x24", "200x50"])
@sync
async def test_a_toast_never_covers_the_chronicle(busy_save, size) -> None:
    app = make_app(busy_save.parent, save=busy_save)
    async with app.run_test(size=size, notifications=True) as pilot:
        screen = await _campaign(pilot)
        await settle(pilot)
        await _toast_clears_the_chronicle(pilot, screen, screen)


@sync
async def test_a_toast_over_a_dialog_never_covers_the_chronicle(busy_save) -> None:
    """The dialog's own toasts (the seat picker here) stay above the chronicle that shows
    through it."""
    app = make_app(busy_save.parent, save=busy_save)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await _campaign(pilot)
        await settle(pilot)
        await pilot.press("g")  # change seat: a dialog over the campaign
        dialog = await wait_for_screen(pilot, SeatPickerScreen)
        await _toast_clears_the_chronicle(pilot, dialog, screen)


@sync
async def test_the_players_zoom_level_is_kept_through_a_resize(busy_save) -> None:
    app = make_app(busy_save.parent, save=busy_save)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _campaign(pilot)
        map_ = screen.query_one(CampaignMap)
        assert map_.map_layout == "brick"
        await pilot.press("o")
        await settle(pilot)
        assert map_.map_layout == "dense"
        await pilot.resize_terminal(200, 50)
        await settle(pilot)
        assert map_.map_layout == "dense"  # the player chose; the space does not undo it


def test_fitting_layout_picks_the_drawing_nearest_the_pane() -> None:
    assert fitting_layout(26, 18, 160) == "wide"  # 6 * 26 + 4 columns
    assert fitting_layout(26, 18, 120) == "brick"  # 4 * 26 + 3 is nearer
    assert fitting_layout(26, 18, 49) == "brick"
    assert fitting_layout(200, 200, 160) == "brick"  # a big map scrolls in the brick


def test_chronicle_rows_are_stable_and_never_fewer_than_three() -> None:
    assert chronicle_rows(map_rows=46, canvas_rows=37, log_rows=3) == 12
    assert chronicle_rows(map_rows=37, canvas_rows=37, log_rows=12) == 12  # asked again
    assert chronicle_rows(map_rows=20, canvas_rows=37, log_rows=3) == LEAST_LINES
