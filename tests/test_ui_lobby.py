"""The club's app in a pilot (issue 13): the lobby, a campaign opened from it as one seat,
a GM binding a key from the lobby, and letters written from the chronicle screen.

"After login the player sees the campaigns where their key holds a seat: whose turn it is,
the phase, what changed since they last looked; Enter opens one. A GM key sees all and can
create a campaign from a scenario and bind keys from the lobby." "The seat a key is bound
to is the only seat that session can act as or see as; nothing typed can change it."
"""

from __future__ import annotations

from pathlib import Path

import pytest
from apps.ui_kit import (
    EMPIRE_SECRET,
    ORC_SECRET,
    make_save,
    settle,
    sync,
    wait_for_screen,
    wait_until,
)
from servekit import make_key

from tuicamp.game.club import Access, Grant
from tuicamp.game.session import Session
from tuicamp.serve.app import ClubApp
from tuicamp.storage.seat_keys import read_public_key_file, read_seat_keys
from tuicamp.ui.app import screen_text
from tuicamp.ui.screens.campaign import CampaignScreen
from tuicamp.ui.screens.chronicle import ChronicleScreen
from tuicamp.ui.screens.letter import LetterScreen
from tuicamp.ui.screens.lobby import BindKeyScreen, LobbyScreen

SIZE = (100, 30)


pytestmark = pytest.mark.usefixtures("quiet_home")


def two_campaigns(folder: Path) -> tuple[Path, Path]:
    first = make_save(folder, "border-war", options={"fog_of_war": True})
    second = make_save(folder, "second-front", options={"fog_of_war": True})
    return first, second


@sync
async def test_the_lobby_lists_the_keys_campaigns_and_opens_one_as_its_seat(
    tmp_path: Path,
) -> None:
    first, _elsewhere = two_campaigns(tmp_path)  # the key holds no seat in the second
    access = Access("SHA256:orcs", (Grant(first, "orcs"),))
    app = ClubApp(access, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        lobby = await wait_for_screen(pilot, LobbyScreen)
        await wait_until(pilot, lambda: lobby.lines, "the lobby's lines")
        assert [line.grant for line in lobby.lines] == [Grant(first, "orcs")]  # not second
        text = screen_text(app)
        assert "Orcs & Goblins" in text and "new since you last looked" in text
        await pilot.press("enter")
        screen = await wait_for_screen(pilot, CampaignScreen)
        await settle(pilot)
        assert screen.seat == "orcs" and screen.local == ["orcs"]
        for key in ("g", "ctrl+p", "escape", "escape"):  # change seat? the palette? no
            await pilot.press(key)
            await settle(pilot)
        assert screen.seat == "orcs"
        assert EMPIRE_SECRET not in screen_text(app) and ORC_SECRET in screen_text(app)
        await pilot.press("q")
        lobby = await wait_for_screen(pilot, LobbyScreen)
        await wait_until(pilot, lambda: lobby.lines[0].news_count == 0, "nothing new")
        await pilot.press("q")
    assert app.return_code == 0


@sync
async def test_a_gm_key_binds_a_key_from_the_lobby(tmp_path: Path) -> None:
    first, _ = two_campaigns(tmp_path)
    key = read_public_key_file(Path(f"{make_key(tmp_path / 'anna', 'anna')}.pub"))
    app = ClubApp(Access("SHA256:gm", (), club_gm=True), tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        lobby = await wait_for_screen(pilot, LobbyScreen)
        await wait_until(pilot, lambda: len(lobby.lines) == 2, "both campaigns (club GM)")
        assert all(line.gm for line in lobby.lines)
        row = next(i for i, line in enumerate(lobby.lines) if line.grant.save == first)
        lobby.query_one("DataTable").move_cursor(row=row)
        await pilot.press("k")
        await wait_for_screen(pilot, BindKeyScreen)
        app.screen.query_one("#bind-seat").value = "empire"
        app.screen.query_one("#bind-key").value = key.line()
        await pilot.press("enter")
        await wait_for_screen(pilot, LobbyScreen)
        await wait_until(pilot, lambda: read_seat_keys(first).keys_of("empire"), "the binding")
    assert read_seat_keys(first).seat_of(key.fingerprint) == "empire"


@sync
async def test_a_player_who_is_no_gm_binds_nothing(tmp_path: Path) -> None:
    first, _ = two_campaigns(tmp_path)
    app = ClubApp(Access("SHA256:orcs", (Grant(first, "orcs"),)), tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        lobby = await wait_for_screen(pilot, LobbyScreen)
        await wait_until(pilot, lambda: lobby.lines, "the lobby's lines")
        for key in ("k", "n"):
            await pilot.press(key)
            await settle(pilot)
            assert app.screen is lobby
    assert read_seat_keys(first).seats == {}


@sync
async def test_a_letter_is_written_from_the_chronicle_and_read_by_its_recipient(
    tmp_path: Path,
) -> None:
    first, _ = two_campaigns(tmp_path)
    app = ClubApp(Access("SHA256:orcs", (Grant(first, "orcs"),)), tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        lobby = await wait_for_screen(pilot, LobbyScreen)
        await wait_until(pilot, lambda: lobby.lines, "the lobby's lines")
        await pilot.press("enter")
        await wait_for_screen(pilot, CampaignScreen)
        await settle(pilot)
        await pilot.press("l")
        await wait_for_screen(pilot, ChronicleScreen)
        await pilot.press("w")
        form = await wait_for_screen(pilot, LetterScreen)
        form.query_one("#letter-to").value = "empire"
        form.query_one("#letter-subject").value = "Terms"
        form.query_one("#letter-text").text = "Give us the ford and we spare Altdorf."
        await pilot.press("ctrl+s")
        chronicle = await wait_for_screen(pilot, ChronicleScreen)
        await wait_until(pilot, lambda: chronicle.view.letters, "the letter in the chronicle")
        assert "Letter from" in screen_text(app)
    session = Session.open(first)
    (letter,) = session.view("empire").letters
    assert (letter.sender, letter.subject) == ("orcs", "Terms")
    assert session.view("gm").letters and session.view("orcs").letters  # sender, GM
