"""The Invasion of Hex Island (``aasen``) screens: the character sheets (``C``) and the
standings (``S``), on a real save of the bundled duel, at 80x24 and 160x48; what they
show is the seat's own (8, 4.1, R-AA-43)."""

from __future__ import annotations

from pathlib import Path

import pytest
from apps.ui_kit import FIXED_NOW, fixed_now, make_app, sync

from tuicamp.engine.rules import Rules
from tuicamp.game.scenarios import load_scenario
from tuicamp.game.session import Session
from tuicamp.game.setup import new_campaign
from tuicamp.rules.aasen import AasenRuleset, cards
from tuicamp.rules.aasen.screens.sheets import CharacterScreen, StandingsScreen
from tuicamp.rules.aasen.state import Hate, Officer
from tuicamp.storage.scenario import find_scenario
from tuicamp.ui.app import screen_text

RULESET = AasenRuleset()
SIZES = {"80x24": (80, 24), "160x48": (160, 48)}


@pytest.fixture(autouse=True)
def _quiet(monkeypatch, tmp_path):
    monkeypatch.setenv("TUICAMP_NOW", FIXED_NOW)
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("TUICAMP_CONFIG", str(tmp_path / "no-config.toml"))


def duel_save(folder: Path) -> Path:
    """The duel in its first year, Eltharion's General a veteran Wizard with an officer."""
    campaign = new_campaign(load_scenario(find_scenario("hex-island-duel")), "aasen", seed=5)
    state = campaign.state
    general = state.generals["eltharion"]
    general.glory = 7
    general.wizard = True
    general.profile = {"M": 5, "WS": 6, "BS": 6, "S": 4, "T": 3, "W": 3, "I": 7, "A": 3, "Ld": 9}
    general.advances = ["The Wizard knows +1 spell"]
    general.injuries = ["Leg wound (-1 Movement)"]
    general.hates = [Hate("army", "malus", state.generals["malus"].name, "hag-graef-reach")]
    officer = Officer("Korhil", 5, advances=["New skill: pick one Combat skill"])
    officer.picks = ["New skill: pick one Combat skill"]
    state.officers["eltharion"] = [officer]
    state.books["arnheim-colony"].wealth = 4
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "duel.toml"
    with fixed_now():
        Session.create(path, campaign)
    return path


def _app(save: Path, seat: str = "eltharion"):
    return make_app(save.parent, save=save, seat=seat)


def seat_of(campaign, player):
    return next(s for s in campaign.seats if s.players == [player])


def test_the_sheets_are_the_seats_own(tmp_path):
    """No secret leaks: Eltharion's seat reads his characters and his realm's Wealth;
    Malus's seat reads neither."""
    campaign = Session.open(duel_save(tmp_path)).campaign
    rules = Rules(campaign, RULESET)
    mine = cards.cards(rules, seat_of(campaign, "eltharion"))
    assert [(c.rank, c.name) for c in mine] == [
        ("General", campaign.state.generals["eltharion"].name),
        ("Senior Officer", "Korhil"),
    ]
    assert "To pick (New skill: pick one Combat skill): Dodge" in mine[1].lines[4]
    theirs = cards.cards(rules, seat_of(campaign, "malus"))
    assert all(c.player == "malus" for c in theirs)
    rows = {s.realm: s for s in cards.standings(rules, seat_of(campaign, "malus"))}
    assert rows["arnheim-colony"].wealth is None and rows["hag-graef-reach"].wealth == 0
    rows = {s.realm: s for s in cards.standings(rules, seat_of(campaign, "eltharion"))}
    assert rows["arnheim-colony"].wealth == 4


OPENS = {
    "C": (CharacterScreen, ("Senior Officer Korhil", "Glory 7")),
    "S": (StandingsScreen, ("The Arnheim Colony", "The Hag Graef Reach")),
}


@pytest.mark.parametrize("key", list(OPENS))
def test_the_key_opens_its_screen(tmp_path, key):
    """``C``: the character sheets; ``S``: the standings."""
    screen, words = OPENS[key]

    @sync
    async def run() -> None:
        async with _app(duel_save(tmp_path)).run_test(size=SIZES["80x24"]) as pilot:
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(pilot.app.screen, screen)
            text = screen_text(pilot.app)
        assert all(word in text for word in words)

    run()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("key", ["C", "S"])
def test_snapshot(snap_compare, tmp_path, key, size):
    app = _app(duel_save(tmp_path))
    assert snap_compare(app, press=[key], terminal_size=SIZES[size])
