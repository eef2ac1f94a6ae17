"""Small things a player notices on the screens: the title logo is centred at any size,
names that must be cut are cut after a whole word, and the placement list offers only
the settlements that can take what is placed."""

from __future__ import annotations

import pytest
from apps import rauscher_kit as K
from apps.ui_kit import FIXED_NOW, make_app, settle, sync, wait_for_screen, wait_until

from tuicamp import cli
from tuicamp.ui.app import screen_text
from tuicamp.ui.names import cut
from tuicamp.ui.screens.campaign import CampaignScreen
from tuicamp.ui.screens.forms import PickScreen
from tuicamp.ui.screens.title import BANNER, TitleScreen

LONG_NAME = "The Crown of King Penleck and the Family Squabble"


@pytest.fixture
def saves(monkeypatch, tmp_path):
    folder = tmp_path / "saves"
    monkeypatch.setenv("TUICAMP_SAVES", str(folder))
    monkeypatch.setenv("TUICAMP_NOW", FIXED_NOW)
    monkeypatch.setenv("TUICAMP_CONFIG", str(tmp_path / "no-config.toml"))
    new = ["new", "skirmish-valley", "--ruleset", "sandbox", "--no-play", "--name", LONG_NAME]
    assert cli.main(new) == 0
    return folder


@pytest.mark.parametrize("size", [(80, 24), (160, 48), (200, 50), (100, 30)])
@sync
async def test_the_title_logo_is_centred_at_any_size(saves, size) -> None:
    app = make_app(saves)
    async with app.run_test(size=size) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await settle(pilot)
        widest = max(BANNER.strip("\n").splitlines(), key=len).rstrip()
        row = next(line for line in screen_text(app).splitlines() if widest in line)
        left = row.index(widest)
        right = size[0] - left - len(widest)
        assert abs(left - right) <= 1, (left, right)


@sync
async def test_the_continue_line_cuts_a_long_name_after_a_whole_word(saves) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, TitleScreen)
        await settle(pilot)
        text = screen_text(app)
        assert "Continue The Crown of King Penleck and... (turn 1" in text


@pytest.mark.parametrize(
    ("text", "width", "shown"),
    [
        ("Border War", 32, "Border War"),
        ("The Crown of King Penleck: a Family Squabble", 30, "The Crown of King Penleck..."),
        ("The Stir Border, Stirland", 20, "The Stir Border..."),
        ("Supercalifragilisticexpialidocious", 12, "Supercali..."),
    ],
)
def test_a_name_is_cut_after_a_whole_word(text: str, width: int, shown: str) -> None:
    assert cut(text, width) == shown
    assert len(cut(text, width)) <= width


@sync
async def test_the_placement_list_offers_only_settlements_that_can_take_troops(tmp_path):
    """Text: "New troops may only be placed in your original settlements", and only as
    many as the New Troop Placement Chart lets a settlement of its kind take (none in a
    village or a tower). The list offers exactly the settlements the rules take them in."""
    save = K.resolution_save(tmp_path)
    app = make_app(tmp_path, save=save, seat="stirland")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_screen(pilot, CampaignScreen)
        await wait_until(pilot, lambda: screen.seat is not None, "a seat shown")
        await pilot.press("p")
        which = await wait_for_screen(pilot, PickScreen)
        recruits = next(cid for cid, label in which.choices if label.startswith("Halberdiers"))
        which.dismiss([recruits])
        where = await wait_until_pick(pilot, which)
        assert where.pick_title.startswith("Place Halberdiers")
        offered = {cid for cid, _ in where.choices}
        assert offered == {"wurtbad", "hochmoor"}  # not the village Grenzdorf, nor the tower


async def wait_until_pick(pilot, before: PickScreen) -> PickScreen:
    """The next pick screen, once the first has closed."""
    await wait_until(
        pilot,
        lambda: isinstance(pilot.app.screen, PickScreen) and pilot.app.screen is not before,
        "the second pick",
    )
    return pilot.app.screen
