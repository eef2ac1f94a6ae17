"""Shared fixtures: small campaigns built in code, for engine and ruleset tests."""

from __future__ import annotations

import attrs
import pytest
import warm
from apps.ui_kit import FIXED_NOW

from tuicamp.engine import ruleset as ruleset_module
from tuicamp.engine.engine import Engine
from tuicamp.engine.registry import get_ruleset
from tuicamp.model import Army, Campaign, Category, Hex, HexMap, Hexside, Player, Seat, Unit
from tuicamp.model.campaign import DiceState
from tuicamp.model.map import Settlement, Territory


@pytest.fixture(autouse=True)
def _phases_played_by_hand(request, monkeypatch):
    """The suite's campaigns play every phase by hand and let one side auto-resolve a
    battle (the core options ``pass_idle_phases`` and ``auto_resolve_consent`` off by
    default), so that a test which sets a campaign in a phase finds it there and one
    seat's auto-resolve settles the battle; a test of the passes asks for the
    ``idle_passes`` fixture, one of the consent for ``auto_consent``, and plays with that
    option as shipped (on)."""
    shipped = {"idle_passes": "pass_idle_phases", "auto_consent": "auto_resolve_consent"}
    off = {name for fixture, name in shipped.items() if fixture not in request.fixturenames}
    core = tuple(
        attrs.evolve(o, default=False) if o.name in off else o for o in ruleset_module.CORE_OPTIONS
    )
    monkeypatch.setattr(ruleset_module, "CORE_OPTIONS", core)


@pytest.fixture(scope="session", autouse=True)
def _warm_server_stopped():
    """The server the warm processes are forked from (tests/warm.py) ends with the
    session, waited for like any other child process."""
    yield
    warm.stop()


@pytest.fixture
def quiet_home(monkeypatch, tmp_path):
    """The app reads nothing of the machine it runs on: a fixed clock (``FIXED_NOW``),
    saves in the test's own folder, and no user config (keymap, theme)."""
    monkeypatch.setenv("TUICAMP_NOW", FIXED_NOW)
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("TUICAMP_CONFIG", str(tmp_path / "no-config.toml"))


def _shipped_on(name: str) -> None:
    assert any(o.name == name and o.default for o in ruleset_module.CORE_OPTIONS), name


@pytest.fixture
def idle_passes():
    """Play with the core option ``pass_idle_phases`` as shipped: on (R-ALL-12)."""
    _shipped_on("pass_idle_phases")


@pytest.fixture
def auto_consent():
    """Play with the core option ``auto_resolve_consent`` as shipped: on (R-ALL-10)."""
    _shipped_on("auto_resolve_consent")


def H(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def small_campaign(ruleset_id: str = "sandbox", **options) -> Campaign:
    """A 8 x 6 map: a river down column 4 with a bridge at row 2, a stream, a road, a lake."""
    m = HexMap.blank(8, 6)
    m.set_terrain(H(2, 4), "l")  # lake
    m.set_terrain(H(5, 1), "f")
    m.set_terrain(H(6, 1), "m")
    for row in range(6):
        m.add_feature("river", Hexside(H(3, row), H(4, row)))
    m.add_feature("bridge", Hexside(H(3, 2), H(4, 2)))
    m.add_feature("stream", Hexside(H(1, 0), H(2, 0)))
    m.add_feature("road", Hexside(H(0, 3), H(1, 3)))
    m.territories = [
        Territory("west", "Westmark", [h for h in m.hexes() if h.col < 4], owner="p1"),
        Territory("east", "Eastmark", [h for h in m.hexes() if h.col >= 4], owner="p2"),
    ]
    m.settlements = [
        Settlement("s1", "town", "Altdorf", H(1, 1), owner="p1", stores={"food": 3}),
        Settlement("s2", "village", "Grunberg", H(6, 4), owner="p2"),
    ]
    players = [Player("p1", "Anna", "Empire", "yellow"), Player("p2", "Bruno", "Orcs", "green")]
    seats = [
        Seat("p1", "Anna", ["p1"]),
        Seat("p2", "Bruno", ["p2"]),
        Seat("gm", "Games Master", gm=True),
    ]
    armies = [
        Army(
            "a1",
            "Reikland Host",
            "p1",
            H(1, 2),
            [
                Unit("u1", "Halberdiers", 250, Category.RANK_AND_FILE, 4, 7, 20),
                Unit("u2", "Captain", 80, Category.CHARACTER, 4, 8, 1, {"general"}),
            ],
        ),
        Army(
            "a2",
            "Waaagh Bigmouth",
            "p2",
            H(6, 3),
            [
                Unit("u3", "Boyz", 300, Category.RANK_AND_FILE, 4, 7, 25),
                Unit("u4", "Wolf Riders", 120, Category.LIGHT_CAVALRY, 9, 6, 5),
            ],
        ),
    ]
    camp = Campaign(
        "Test March",
        "test",
        ruleset_id,
        m,
        players,
        seats,
        armies,
        options=dict(options),
        dice=DiceState(seed=1234),
    )
    camp.next_id = 10
    get_ruleset(ruleset_id).setup(camp, {})
    return camp


@pytest.fixture
def campaign() -> Campaign:
    return small_campaign()


@pytest.fixture
def engine(campaign) -> Engine:
    return Engine(campaign)
