"""Suvinen on the campaign screen: hexside control drawn on the map for the seat (R-SU-8),
each held side of a contested hex with its holder's letter in the holder's colour."""

from __future__ import annotations

from pathlib import Path

import pytest
from apps.ui_kit import fixed_now, make_app, settle, sync, wait_until
from test_suvinen_control import placed
from test_suvinen_play import committed, drill, end_council, play_impulse
from textual.widgets import Static

from tuicamp import cli
from tuicamp.engine.flow import EndPhase, acting_players
from tuicamp.engine.rules import Rules
from tuicamp.game.session import Session
from tuicamp.model.hexes import Hexside, parse_label, parse_side_of
from tuicamp.rules.suvinen import SuvinenRuleset
from tuicamp.rules.suvinen.corps import takes_impulse
from tuicamp.rules.suvinen.impulses import MoveCorps
from tuicamp.rules.suvinen.screens import CONTROL, DISRUPTED, SUPPLY, suvinen_ui
from tuicamp.ui.app import screen_text
from tuicamp.ui.map_layers import Mark
from tuicamp.ui.map_widget import MapWidget
from tuicamp.ui.screens.handover import HandoverScreen

RULESET = SuvinenRuleset()

SIZE = (120, 40)

# seed 3 rolls the Orcs first; the Wolf Riders are placed at 0603 by the Games Master
ORDERS = """seat = "gm"
[[action]]
kind = "gm_move_army"
army = "wolf-riders"
hex = "0603"
reason = "the screen test starts from a skirmish at the stream"
[[action]]
kind = "end_phase"
player = "empire"
[[action]]
kind = "end_phase"
player = "orcs"
[[action]]
kind = "move_corps"
army = "wolf-riders"
path = ["0503"]
[[action]]
kind = "end_phase"
player = "orcs"
"""


def test_the_overlays_are_declared_in_ascii():
    looks = suvinen_ui().overlays
    assert set(looks) == {CONTROL, SUPPLY, DISRUPTED}
    assert all(look.glyph.isascii() and look.glyph.isprintable() for look in looks.values())


@sync
async def test_the_map_draws_hexside_control_for_the_seat(tmp_path, monkeypatch):
    """§3.3: "The 'newcomer' now has the control of the hexside it entered from, the
    'original' hex-owner controls all the other hexsides" — on the Empire's map."""
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    monkeypatch.setenv("TUICAMP_CONFIG", str(tmp_path / "no-config.toml"))
    save = tmp_path / "drill.toml"
    assert cli.main(["new", "suvinen-drill", "--seed", "3", "-o", str(save), "--no-play"]) == 0
    orders = tmp_path / "orders.toml"
    orders.write_text(ORDERS)
    assert cli.main(["apply", str(save), str(orders)]) == 0
    async with make_app(tmp_path, save=save, seat="empire").run_test(size=SIZE) as pilot:

        def drawn() -> dict:
            found = pilot.app.screen.query(MapWidget)
            return found.first().layers.sides.get(CONTROL, {}) if found else {}

        await wait_until(pilot, lambda: len(drawn()) == 6, "the control of 0503 on the map")
        marks = drawn()
        assert marks[parse_side_of("0503/E")] == Mark("O", "red")
        assert marks[parse_side_of("0503/W")] == Mark("E", "yellow")
        assert "Impulse 1, round 1 | to play: The Empire" in screen_text(pilot.app)


@sync
async def test_the_supply_line_of_the_corps_at_the_cursor_is_drawn_for_its_owner(
    tmp_path, monkeypatch
):
    """§5.0: "You have to trace supplyline free of enemy-units back to your Home Castle";
    the issue: "the lines drawn on the map on request". The first turn held through, the
    cursor on the First Corps at 0503: the Empire's map draws its line down the stream and
    the road to Carroburg, and the panel says "4 MP to Carroburg" (R-SU-6, R-SU-17); the
    Orcs' map draws no Empire line."""
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    monkeypatch.setenv("TUICAMP_CONFIG", str(tmp_path / "no-config.toml"))
    save = tmp_path / "drill.toml"
    assert cli.main(["new", "suvinen-drill", "--seed", "3", "-o", str(save), "--no-play"]) == 0
    session = Session.open(save)
    end_council(session.engine)
    while session.engine.campaign.turn == 1:
        play_impulse(session.engine, {})
    session.save()
    corps = parse_label("0503")
    for seat, drawn_here in (("empire", True), ("orcs", False)):
        async with make_app(tmp_path, save=save, seat=seat).run_test(size=SIZE) as pilot:
            widget = pilot.app.screen.query(MapWidget).first()
            widget.cursor = corps
            await pilot.pause()

            def line(widget: MapWidget = widget) -> frozenset:
                return widget.layers.routes.get(SUPPLY, frozenset())

            if drawn_here:
                await wait_until(pilot, lambda: bool(line()), "the First Corps' supply line")
                assert Hexside(corps, parse_label("0404")) in line()
                said = str(pilot.app.screen.query_one("#suvinen-panel-text", Static).content)
                assert "Supply line of 'The First Corps': 4 MP to Carroburg" in said
            else:
                await pilot.pause()
                said = str(pilot.app.screen.query_one("#suvinen-panel-text", Static).content)
                assert not line() and "Supply line of" not in said


@sync
async def test_two_players_share_one_terminal_through_an_impulse_without_a_hand_over(tmp_path):
    """The issue: "a pilot test where two players share one terminal through a whole impulse
    with no blanking hand-over". An impulse is played in the open (R-SU-25): on a hotseat
    terminal each player in turn holds one corps (h) and ends its part of the round (t), and
    the screen passes from one to the other with no hand-over screen; the corps the last
    player held stays a counter on the next player's screen, its points hidden."""
    engine = drill()
    end_council(engine)
    save = saved(engine, tmp_path / "saves")
    app = make_app(tmp_path, save=save)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        while Session.open(save).campaign.phase == "impulse1":
            assert not isinstance(pilot.app.screen, HandoverScreen)
            camp = Session.open(save).campaign
            (player,) = acting_players(camp)
            now = (camp.turn, 1)
            army = next(
                a
                for a in camp.armies
                if a.owner == player
                and takes_impulse(Rules(camp, RULESET), a, 1)
                and camp.state.corps[a.id].took != now
            )
            widget = pilot.app.screen.query(MapWidget).first()
            widget.cursor = army.hex
            await settle(pilot)
            await pilot.press("h")
            await settle(pilot)
            await pilot.press("t")
            await settle(pilot)
            text = screen_text(pilot.app)
            if pilot.app.screen.seat != player:  # the other player's screen now
                assert pilot.app.screen.seat in acting_players(Session.open(save).campaign)
                assert f"{army.points} pts" not in text  # the corps just held: a counter
        assert Session.open(save).campaign.phase == "impulse2"
        assert not isinstance(pilot.app.screen, HandoverScreen)
    held = [e.text for e in Session.open(save).chronicle if e.kind == "impulse"]
    assert len(held) == 4 and all(t.endswith("holds") for t in held)


# --- snapshots at 80x24 and 160x48 ------------------------------------------------------------
def saved(engine, folder: Path) -> Path:
    """The engine's campaign as a save of its own in ``folder``, at a fixed time."""
    path = folder / "suvinen.toml"
    folder.mkdir(parents=True, exist_ok=True)
    with fixed_now():
        Session.create(path, engine.campaign, engine.chronicle)
    return path


def skirmish(folder: Path) -> Path:
    """Impulse 1 of the drill: the Wolf Riders have entered the First Corps' 0503 by its E
    side (hexside control on the map, R-SU-8); the Empire is to move."""
    engine = drill(edit=placed(**{"wolf-riders": "0603"}))
    end_council(engine)
    engine.perform("orcs", MoveCorps(army="wolf-riders", path=["0503"]))
    engine.perform("orcs", EndPhase())
    return saved(engine, folder)


def supplied(folder: Path) -> Path:
    """Turn 2's council of the drill, the first turn held through: every corps has its line."""
    engine = drill()
    end_council(engine)
    while engine.campaign.turn == 1:
        play_impulse(engine, {})
    return saved(engine, folder)


def at_the_board(folder: Path) -> Path:
    """Impulse 1, round 2 of the drill: the impulse board with a commitment on it."""
    return saved(committed(), folder)


def disrupted(folder: Path) -> Path:
    """Turn 2's council of the drill with a house rule of 3 1/2 MP: the First Corps at
    0503, 4 MP from Carroburg, is Disrupted (R-SU-18)."""
    engine = drill()
    engine.campaign.tables = {"supply": {"max_mp": 3.5}}
    end_council(engine)
    while engine.campaign.turn == 1:
        play_impulse(engine, {})
    assert engine.campaign.state.corps["first-corps"].disrupted
    return saved(engine, folder)


@sync
async def test_a_disrupted_corps_is_marked_on_its_own_sides_map_and_in_the_legend(tmp_path):
    """§5.0: "If a unit can't trace a supplyline, it is considered 'Disrupted'" (R-SU-18):
    the Empire's map marks the First Corps' hex with a ``d`` on its E side, next to its
    marker, and the legend says what it is; the Orcs, who see the corps as a counter, are
    shown no mark (its supply is the Empire's to know)."""
    save = disrupted(tmp_path / "saves")
    for seat, marked in (("empire", True), ("orcs", False)):
        async with make_app(tmp_path, save=save, seat=seat).run_test(size=SIZE) as pilot:
            await settle(pilot)
            widget = pilot.app.screen.query(MapWidget).first()
            marks = widget.layers.sides.get(DISRUPTED, {})
            if marked:
                await wait_until(pilot, lambda w=widget: DISRUPTED in w.layers.sides, "the mark")
                assert widget.layers.sides[DISRUPTED] == {parse_side_of("0503/E"): Mark("d")}
            else:
                assert not marks
            legend = " ".join(line.plain for line in widget.legend())
            assert "Disrupted corps (Ld -2) of yours or an ally's, in the hex to its left" in legend


# scene -> the save and the keys pressed, all seen by the Empire's seat
SCENES = {
    "impulse_board": (at_the_board, ()),
    "disrupted": (disrupted, ()),
    "disrupted_legend": (disrupted, ("f2", "end")),  # the overlays: the end of the legend
    "impulse_control": (skirmish, ()),
    "supply_line": (supplied, ("n", "n", "n")),  # the cursor on the First Corps: its line
}
SIZES = {"80x24": (80, 24), "160x48": (160, 48)}


def shot(snap_compare, tmp_path: Path, scene: tuple, size: str) -> bool:
    """The scene's save, its keys pressed on its seat (the Empire's unless it names
    one), against its snapshot."""
    make, keys, *seat = scene
    app = make_app(tmp_path, save=make(tmp_path / "saves"), seat=(seat or ["empire"])[0])
    return snap_compare(app, press=keys, terminal_size=SIZES[size])


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("scene", list(SCENES))
def test_snapshot(snap_compare, tmp_path, scene, size):
    assert shot(snap_compare, tmp_path, SCENES[scene], size)
