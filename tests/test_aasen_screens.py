"""The Invasion of Hex Island (``aasen``) screens, on real saves of the bundled duel, at
80x24 and 160x48: the character sheets (``C``) and the standings (``S``), what they show
the seat's own (8, 4.1, R-AA-43); the year (``Y``: its segments, whom each waits for, the
sealed sheets and the trade table); the realm map in the Declarations; the battle card and
the result form of an Aasen battle."""

from __future__ import annotations

from pathlib import Path

import pytest
from apps.ui_kit import FIXED_NOW, fixed_now, make_app, sync, write_engine_save

from tuicamp.engine.engine import Engine
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.game.scenarios import load_scenario
from tuicamp.game.session import Session
from tuicamp.game.setup import new_campaign
from tuicamp.rules.aasen import AasenRuleset, amphibious, cards, declarations, realms
from tuicamp.rules.aasen.declarations import Answer, Declare, Pass
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.rules.aasen.screens.realm_map import FLEETS, INVASIONS, PATROLS
from tuicamp.rules.aasen.screens.sheets import CharacterScreen, StandingsScreen
from tuicamp.rules.aasen.state import Hate, Officer
from tuicamp.rules.aasen.trade import Trade
from tuicamp.storage.scenario import find_scenario
from tuicamp.ui.app import screen_text
from tuicamp.ui.kit import MapWidget

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


def lost_save(folder: Path) -> Path:
    """The duel's veteran General (Glory 7) is dead, lost in an earlier year and not
    replaced: his Senior Officer Korhil's Glory 5 selects the army (8.5, R-AA-63)."""
    path = duel_save(folder)
    campaign = Session.open(path).campaign
    campaign.state.generals["eltharion"].fate = "dead"
    campaign.state.generals["eltharion"].lapsed = True
    lost = folder / "lost.toml"
    with fixed_now():
        Session.create(lost, campaign)
    return lost


@pytest.mark.parametrize("size", list(SIZES))
def test_snapshot_of_a_lost_generals_sheet(snap_compare, tmp_path, size):
    """8.5: "the army is now selected according to his Glory" (R-AA-92): the dead
    General's sheet gives his Glory 7 and the limits of Korhil's Glory 5, naming him."""
    app = _app(lost_save(tmp_path))
    assert snap_compare(app, press=["C"], terminal_size=SIZES[size])


# --- the year's screens: the realm map, the segments, the battle card and result form ------

PLAYERS = ("malus", "khazrak", "eltharion", "tehen")


def _end_all(engine) -> None:
    for player in PLAYERS:
        if player in engine.acting_seats():
            engine.perform(player, EndPhase())


def _duel(segments: int) -> Engine:
    """The duel's first year, ``segments`` segments ended by every player (0: earning,
    1: trading, 2: the Promotions & Purchases)."""
    campaign = new_campaign(load_scenario(find_scenario("hex-island-duel")), "aasen", seed=5)
    engine = Engine(campaign)
    for _ in range(segments):
        _end_all(engine)
    return engine


MALUS_SHEET = WriteSheet(outposts=["goldwash-strand"], fleets=["wreckers-cove"])


def _to_the_declarations() -> Engine:
    """The two sheets handed in (5.3): the Reach's Outpost and its fleet at Wreckers'
    Cove, revealed."""
    engine = _duel(2)
    engine.perform("malus", MALUS_SHEET)
    engine.perform("tehen", WriteSheet())
    _end_all(engine)
    return engine


def _declared(engine: Engine) -> Engine:
    """Malus, first in Initiative (5.4), invades the North Cape from Wreckers' Cove."""
    state = engine.campaign.state
    state.initiative["malus"] = max(state.initiative.values()) + 1
    engine.perform("malus", Declare(source="wreckers-cove", target="the-north-cape"))
    return engine


def sheets_save(folder: Path) -> Path:
    """The Promotions & Purchases segment, the Reach's sealed sheet handed in, the
    Colony's still to write: Eltharion's seat reads that it waits, not what the Reach
    bought."""
    engine = _duel(2)
    engine.perform("malus", MALUS_SHEET)
    return write_engine_save(engine, folder, "sheets")


def trade_save(folder: Path) -> Path:
    """The Trade segment, "done openly" (5.2, R-AA-19): the Reach offers the Colony 2
    Resources and the Colony's seat reads the offer and how to answer it."""
    engine = _duel(1)
    engine.perform("malus", Trade(to="arnheim-colony", give=2, ask=0))
    return write_engine_save(engine, folder, "trade")


def declared_save(folder: Path) -> Path:
    """The Declarations: the invasion drawn as a route, the Colony to stand or withdraw."""
    return write_engine_save(
        engine=_declared(_to_the_declarations()), folder=folder, name="declared"
    )


def battle_save(folder: Path) -> Path:
    """Eltharion stands (R-AA-17), the others pass and the battle is waiting (6.1)."""
    engine = _declared(_to_the_declarations())
    engine.perform("eltharion", Answer(choice="stand", defender="eltharion"))
    rules = Rules(engine.campaign, RULESET)
    while declarations.order(rules):
        engine.perform(declarations.order(rules)[0], Pass())
    _end_all(engine)
    assert engine.campaign.phase == "battles"
    return write_engine_save(engine, folder, "battle")


def test_the_realm_map_draws_the_invasions_the_fleets_and_their_patrols(tmp_path):
    """The issue: "Realm map (borders and colours by realm, fleets and patrol areas,
    declared invasions as routes)". 5.4: invasions are declared in the open, drawn from
    Wreckers' Cove into The North Cape; 5.3: the fleet "will patrol that territory and all
    adjacent coastal, river and sea territories", drawn once the sheets are revealed."""
    save = declared_save(tmp_path)
    camp = Session.open(save).campaign
    rules = Rules(camp, RULESET)
    cove = realms.territory_hex(camp.map.territory("wreckers-cove"))
    cape = realms.territory_hex(camp.map.territory("the-north-cape"))
    patrol = amphibious.patrol(rules, camp.state.fleets[0])
    assert cove in patrol and len(patrol) > 1

    @sync
    async def run() -> None:
        async with _app(save, "eltharion").run_test(size=SIZES["80x24"]) as pilot:
            await pilot.pause()
            layers = pilot.app.screen.query_one(MapWidget)._layers
            assert layers.overlays[INVASIONS] == {cape: ">"}
            assert layers.overlays[FLEETS] == {cove: "F"}
            assert set(layers.overlays[PATROLS]) == patrol

    run()


# scene: (the save, the seat at the keyboard, the keys pressed, the words its text shows)
SCENES = {
    "sheets": (sheets_save, "eltharion", ["Y"], ("Waiting for The Arnheim Colony",)),
    "trade": (trade_save, "eltharion", ["Y"], ("To answer",)),
    "segments": (declared_save, "eltharion", ["Y"], ("> 4. Invasions are declared",)),
    "realm_map": (declared_save, "eltharion", [], ("Invasions are declared",)),
    "battle_card": (
        battle_save,
        "eltharion",
        ["B", "enter"],
        ("the attacker 1750 points", "Lord Aerion Sunblade (Glory 0): 2"),
    ),
    "result_form": (
        battle_save,
        "eltharion",
        ["B", "r"],
        ("Scoring units left on the table", "Injuries (6.6)"),
    ),
}


@pytest.mark.parametrize("scene", list(SCENES))
def test_each_screen_of_the_year_shows_what_the_seat_must_read(tmp_path, scene):
    """The sealed sheets: the Colony's seat reads that its sheet is awaited, not what the
    Reach bought (5.3); the trade table: the offer with how to answer it (5.2, R-AA-19);
    the segments with the one being played and whom it waits for (4, 5.4, R-AA-17); the
    battle card: "1,200 points plus 50 points per Support point" (6.1, R-AA-21: 11
    territories, 1750) and the General's selection by Glory (table 9.1, R-ALL-3); the
    result form: the Scoring units (R-AA-24) and the characters' injuries (6.6, R-AA-37)."""
    make, seat, keys, words = SCENES[scene]

    @sync
    async def run() -> None:
        async with _app(make(tmp_path), seat).run_test(size=SIZES["160x48"]) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            text = screen_text(pilot.app)
        assert all(word in text for word in words)
        if scene == "sheets":
            assert "Goldwash Strand" not in text and "Wreckers' Cove" not in text

    run()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("scene", list(SCENES))
def test_snapshot_of_the_year(snap_compare, tmp_path, scene, size):
    make, seat, keys, _words = SCENES[scene]
    assert snap_compare(_app(make(tmp_path), seat), press=keys, terminal_size=SIZES[size])
