"""The Rauscher screens: phase panels, the purchase sheet, sealed siege orders, the ledger
and the standings, piloted through the keyboard at 80x24 on real saves of the bundled Stir
Border scenario (Stirland against Sylvania), and what they compute checked against the
rules themselves.

Every pilot test sends its action the way a player would and then reads the save back
from disk. The snapshots (``--snapshot-update`` after a deliberate change; look at the
SVGs before committing them) are of every phase panel, the purchase sheet, the siege
orders, the battle card, the ledger and the end of the war.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from apps import rauscher_kit as K
from apps.ui_kit import make_app, sync, wait_for_screen, wait_until
from hypothesis import given
from hypothesis import strategies as st
from rauscher_rules import rauscher_rules

from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.game.session import Session
from tuicamp.model.forces import Category, Unit
from tuicamp.model.hexes import parse_label
from tuicamp.rules.rauscher import movement
from tuicamp.rules.rauscher.economy import actions as E
from tuicamp.rules.rauscher.economy.common import NEVER_TEST, rank_and_file_points, tables_of
from tuicamp.rules.rauscher.economy.supply import supply_need
from tuicamp.rules.rauscher.ruleset import RauscherRuleset
from tuicamp.rules.rauscher.screens.commands import _cargo
from tuicamp.rules.rauscher.screens.data import bar, rauscher_state, supply_rows
from tuicamp.rules.rauscher.screens.forms import PurchaseScreen, parse_units, purchase_action
from tuicamp.rules.rauscher.screens.ledger import LedgerScreen, chart_lines
from tuicamp.rules.rauscher.screens.panels import PHASE_KEYS, WIDTH, key_lines
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.ui.app import screen_text
from tuicamp.ui.map_widget import MapWidget
from tuicamp.ui.screens.battle_card import BattleCardScreen
from tuicamp.ui.screens.battles import BattleQueueScreen
from tuicamp.ui.screens.forms import PickScreen

SIZE = (80, 24)
RULESET = RauscherRuleset()


pytestmark = pytest.mark.usefixtures("quiet_home")


def _app(save: Path, seat: str = "stirland"):
    """Stirland's own terminal (as over SSH): no hand-over between the snapshots' keys."""
    return make_app(save.parent, save=save, seat=seat)


def _disk(save: Path):
    return Session.open(save).campaign


async def _settle(pilot, *keys: str) -> None:
    """Press ``keys`` one call each (a press returns once the screen it lands on has
    processed it, so a key that opens a screen is followed by keys on that screen), then
    let the app finish what they started."""
    await pilot.pause()
    for key in keys:
        await pilot.press(key)
    await pilot.pause()


async def _wait_for(pilot, screen_type):
    return await wait_for_screen(pilot, screen_type)


def _view(campaign, seat: str = "stirland", chronicle=()):
    return view_for(Rules(campaign, RULESET), list(chronicle), seat)


def _state(campaign, seat: str = "stirland", chronicle=()):
    """The Rauscher state in the seat's view: what the screens read."""
    return rauscher_state(_view(campaign, seat, chronicle))


# --- what the screens compute -------------------------------------------------------------
def test_purchase_sheet_builds_the_engine_actions():
    """Gold Purchase Table: "Recruit Troops ... Baggage Train 2 coppers ... Supplies ...
    Messengers"; the sheet checks only the shape, the engine the rest."""
    unit = purchase_action(
        "unit",
        {
            "name": "Spearmen",
            "points": "125",
            "category": "rank_and_file",
            "movement": "4",
            "leadership": "7",
            "models": "20",
        },
        "p1",
    )
    assert unit == E.BuyRecruits(name="Spearmen", points=125, models=20, player="p1")
    pts = purchase_action(
        "allocation", {"name": "horse", "points": "2000", "category": "light_cavalry"}, "p1"
    )
    assert pts.allocation and pts.category is Category.LIGHT_CAVALRY and pts.points == 2000
    assert purchase_action("baggage", {"food": "2"}, "p1") == E.BuyBaggage(food=2, player="p1")
    assert purchase_action("supplies", {"amount": "3"}, "p1", "s:wurtbad") == E.BuySupplies(
        amount=3, settlement="wurtbad", player="p1"
    )
    assert purchase_action("supplies", {"amount": "1"}, "p1", "c:a9").baggage == "a9"
    assert purchase_action("messenger", {"name": ""}, "p1", "s:hochmoor").settlement == "hochmoor"
    with pytest.raises(ValueError, match="Points is a whole number"):
        purchase_action("siege", {"points": "lots"}, "p1")
    with pytest.raises(ValueError, match="name"):
        purchase_action(
            "unit",
            {
                "name": " ",
                "points": "5",
                "category": "character",
                "movement": "4",
                "leadership": "7",
                "models": "1",
            },
            "p1",
        )
    with pytest.raises(ValueError, match="settlement"):
        purchase_action("messenger", {"name": "x"}, "p1")


@given(st.floats(0, 1e6), st.floats(0, 1e6), st.integers(0, 40))
def test_a_bar_never_outgrows_its_width_and_shows_any_value(value, top, width):
    cells = bar(value, top, width)
    assert len(cells) <= width and set(cells) <= {"#"}
    if value > 0 and top > 0 and width > 0:
        assert cells, "a purse above nothing shows at least one cell"
        assert len(bar(min(top, value * 2), top, width)) >= len(cells), "bars grow with value"


def test_key_lists_fit_the_side_panel():
    for phase, keys in PHASE_KEYS.items():
        lines = key_lines(keys)
        assert lines, phase
        assert all(len(line.plain) <= WIDTH for line in lines), phase
        shown = " ".join(line.plain for line in lines)
        assert all(f"{k} {what}" in shown for k, what in keys), phase


def test_units_and_cargo_typed_in_a_line():
    units = parse_units("Knights Panther, 226, rank and file, 7, 8, 8; Spearmen, 125")
    assert [(u.name, u.points, u.movement, u.models) for u in units] == [
        ("Knights Panther", 226, 7, 8),
        ("Spearmen", 125, 4, 1),
    ]
    with pytest.raises(ValueError, match="name and its points"):
        parse_units("Spearmen")
    assert _cargo("food 2, gold 1s 2c") == (2, 7)
    assert _cargo("food -1") == (-1, 0)
    with pytest.raises(ValueError, match="not both"):
        _cargo("food 2, gold -1c")


def test_the_chart_shows_territories_to_all_and_treasuries_to_their_owners(tmp_path):
    """Territories are on the map for all to see; a treasury is its Warmaster's secret."""
    camp = _disk(K.played_save(tmp_path))
    mine, gm = _state(camp).chart, _state(camp, "gm").chart
    stirland, sylvania = mine
    assert [p.turn for p in stirland.points] == [1, 2, 3, 4, 5]
    ledger = rstate(camp).player("stirland").ledger
    assert [p.treasury for p in stirland.points[:4]] == [e.treasury for e in ledger]
    assert stirland.points[-1].treasury == camp.player("stirland").treasury
    assert [p.territories for p in stirland.points] == [5, 5, 5, 5, 5], "the Barrow Moors"
    assert all(p.treasury is None for p in sylvania.points)
    assert [p.territories for p in sylvania.points] == [4] * 5
    assert all(p.treasury is not None for s in gm for p in s.points)
    lines = chart_lines(_view(camp), _state(camp))
    text = "\n".join(line.plain for line in lines)
    assert "secret" in text and "4g 1s 1c" in text
    assert all(len(line.plain) <= 74 for line in lines)


def _hungry():
    """The Stirland Host, with a levy of 1,000 pts more, camps in the empty Barrow Moors:
    it needs 3 supply and the land gives 2 ("an army can gain 2 food from scavenging")."""
    engine = K.fresh()
    camp = engine.campaign
    host = camp.army(K.HOST)
    host.hex = parse_label("0909")
    host.units.append(Unit("levy", "Levy", 1000, Category.RANK_AND_FILE, 4, 6, 50))
    return engine


def test_supply_rows_foretell_the_resolution():
    """ "1 point of supplies is needed to feed every 1,000 points worth of rank & file ...
    500 or more treat as 1,000" (R-RA-8); the row's "short" is what the Resolution finds."""
    engine = _hungry()
    camp = engine.campaign
    rows = {r.army: r for r in supply_rows(_state(camp), "stirland")}
    host = rows[K.HOST]
    assert (
        host.need
        == supply_need(
            rank_and_file_points(camp, camp.army(K.HOST)), tables_of(rauscher_rules(camp))
        )
        == 3
    )
    assert (host.scavenge, host.local, host.baggage, host.short) == (2, 0, 0, True)
    garrison = rows["wurtbad-garrison"]
    assert garrison.local >= garrison.need and not garrison.short
    assert "grey-host" not in rows, "only the seat's own armies"
    K.until(engine, "resolution")
    for army_id, row in rows.items():
        hungry = rstate(camp).army(army_id).starving_turns > 0
        assert hungry == row.short, army_id


def test_the_resolution_summary_counts_what_the_rules_did():
    """ "For each unit in your army, roll on the following chart. (Characters and War
    Machines never need to test.)" """
    engine = _hungry()
    camp = engine.campaign
    tested = [u for u in camp.army(K.HOST).units if u.category not in NEVER_TEST]
    K.until(engine, "resolution")
    total = _state(camp, "stirland", engine.chronicle).resolution
    assert total.short == 1 and total.fed >= 1
    assert total.grumbled + total.deserted + total.starved == len(tested)
    assert total.waiting == 0 and total.taxes == 0, "no purchase, no tax in turn 1"
    other = _state(camp, "sylvania", engine.chronicle).resolution
    assert other.short == 0 and other.deserted + other.starved + other.grumbled == 0


def test_a_seat_reads_only_its_own_purse(tmp_path):
    camp = _disk(K.played_save(tmp_path))
    state = _state(camp, "sylvania")
    assert state.seat_players == ("sylvania",) and state.acting_for == "sylvania"
    assert [p.player for p in state.players] == ["sylvania"]
    assert supply_rows(state, "sylvania") and all(
        camp.army(r.army).owner == "sylvania" for r in supply_rows(state, "sylvania")
    )
    assert supply_rows(state, "stirland") == [], "another Warmaster's supply is theirs"


def test_the_purse_after_four_turns(tmp_path):
    """A baggage train with a supply (2c + 1c), 250 and 100 pts of recruits (5c + 2c), then
    the taxes of turn 4: "Village - 1 copper, Town - 1 silver, ... Capital City - 2 gold,
    ... Border Outpost - 0 gold"; "Players gain 1 fate point at the end of the Resolution
    phase"."""
    camp = _disk(K.played_save(tmp_path))
    row = _state(camp).ledger("stirland")
    taxes = 20 + 5 + 1 + 0  # Wurtbad, Hochmoor, Grenzdorf, Stirwacht
    assert row.treasury == row.available == 30 - 3 - 5 - 2 + taxes
    assert (row.territories, row.fate) == (5, 4)
    assert rstate(camp).player("stirland").ledger[3].income == taxes
    assert (row.income, row.last_income, row.last_income_turn) == (0, taxes, 4)


def test_the_screens_data_loads_without_textual():
    """Only the screens' Textual modules import Textual: the data module does not."""
    code = (
        "import sys, tuicamp.rules.rauscher.screens.data\n"
        "print(any(m.split('.')[0] == 'textual' for m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "False"


# --- one action per panel, through the keyboard -----------------------------------------
@sync
async def test_upkeep_buys_a_baggage_train_at_the_price_shown(tmp_path):
    """ "A baggage train may be purchased for 2 coppers during the Upkeep phase": the sheet
    shows the price before anything is bought; Enter in its field buys it."""
    save = K.stir_save(tmp_path)
    async with _app(save).run_test(size=SIZE) as pilot:
        await _settle(pilot, "p")
        assert isinstance(pilot.app.screen, PurchaseScreen)
        assert "Cost 2c: treasury then 2g 1s 3c" in screen_text(pilot.app)
        assert _disk(save).player("stirland").treasury == 30, "nothing bought yet"
        await _settle(pilot, "tab", "enter")
        text = screen_text(pilot.app)
    camp = _disk(save)
    assert camp.player("stirland").treasury == 28
    (train,) = rstate(camp).economy.purchases
    assert train.kind == "baggage"
    assert "Treasury 2g 1s 3c" in text and f"{train.id} baggage train 2c" in text


@sync
async def test_upkeep_refuses_recruits_beyond_the_purse_before_buying(tmp_path):
    """ "1 copper for every 50 points or fraction thereof": 2,000 pts cost 40c of 30c."""
    save = K.stir_save(tmp_path)
    async with _app(save).run_test(size=SIZE) as pilot:
        await _settle(pilot, "p", "enter", "up", "up", "enter", "tab", *"Knights", "tab", *"2000")
        text = screen_text(pilot.app)
        assert "Refused" in text and "costs 4g" in text and "you have 3g" in text
        await _settle(pilot, "enter")
        assert isinstance(pilot.app.screen, PurchaseScreen), "a refused sheet stays open"
        await _settle(pilot, "backspace", "enter")  # 200 pts: 4c
        assert not isinstance(pilot.app.screen, PurchaseScreen)
    camp = _disk(save)
    assert camp.player("stirland").treasury == 26
    (bought,) = rstate(camp).economy.purchases
    assert (bought.name, bought.points, bought.cost) == ("Knights", 200, 4)


@sync
async def test_effects_draws_a_card_of_the_scenario_deck(tmp_path):
    """R-RA-10: a scenario deck is drawn from in the Effects phase; the card is secret."""
    deck = {
        "encounters": [
            {"id": "tower", "title": "The Ruined Tower", "text": "Ghosts walk the moors."}
        ]
    }
    save = K.stir_save(tmp_path, phase="effects", decks=deck)
    async with _app(save).run_test(size=SIZE) as pilot:
        await _settle(pilot)
        assert "encounters: 1 cards left" in screen_text(pilot.app)
        await _settle(pilot, "k")
        text = screen_text(pilot.app)
    camp = _disk(save)
    assert rstate(camp).economy.hands["stirland"] == ["encounters/tower"]
    assert "Hand: 1 card" in text and "The Ruined Tower" in text
    chronicle = Session.open(save).chronicle
    assert not any("Ruined Tower" in e.text for e in _view_with(camp, chronicle, "sylvania"))


def _view_with(camp, chronicle, seat):
    return view_for(Rules(camp, RULESET), chronicle, seat).chronicle


@sync
async def test_movement_fast_march_then_a_move_with_the_rules_preview(tmp_path):
    """ "While on a fast march, an army may increase their movement allowance by half":
    the panel's MP, the map's reach and path are the rules' own (R-RA-4)."""
    save = K.stir_save(tmp_path, phase="movement")
    async with _app(save).run_test(size=SIZE) as pilot:
        await _settle(pilot, "2")
        assert rstate(_disk(save)).army(K.HOST).march.value == "fast"
        assert "fast march: 6 of 6 MP" in screen_text(pilot.app)
        await _settle(pilot, "enter", "d", "d")
        widget = pilot.app.screen.query_one(MapWidget)
        camp = _disk(save)
        reach = movement.reach(rauscher_rules(camp), K.HOST)
        path = widget.layers.overlays["path"]
        assert path[parse_label("0604")] == "2" and set(path) <= set(reach)
        assert set(widget.layers.overlays["reach"]) == set(reach) - {camp.army(K.HOST).hex} - set(
            path
        ), "every hex within reach is marked, those on the path with the path's mark"
        assert "to 0604: 2 MP" in screen_text(pilot.app)
        zones = {
            h for a in camp.armies_of("sylvania") for h in movement.zone_of(rauscher_rules(camp), a)
        }
        assert set(widget.layers.overlays["zoi"]) == {h for h in zones if camp.map.contains(h)}
        await _settle(pilot, "enter")
        text = screen_text(pilot.app)
    camp = _disk(save)
    assert camp.army(K.HOST).hex == parse_label("0604")
    assert movement.mp_left(rauscher_rules(camp), K.HOST) == 4
    assert "fast march: 4 of 6 MP" in text


@sync
async def test_the_hand_over_leaves_no_overlay_of_the_last_seat(tmp_path):
    """At the club's one terminal, the next player must not see where the last one meant
    to march: the hand-over clears the reach, the path and the zones (DESIGN: secrets)."""
    save = K.stir_save(tmp_path, phase="movement")
    async with make_app(save.parent, save=save).run_test(size=SIZE) as pilot:
        await _settle(pilot, "enter")  # past the hand-over to Stirland
        await _settle(pilot, "enter", "d")
        widget = pilot.app.campaign_screen.query_one(MapWidget)
        assert {"zoi", "reach", "path"} <= set(widget.layers.overlays)
        await _settle(pilot, "escape", "t", "y")
        assert type(pilot.app.screen).__name__ == "HandoverScreen"
        assert not any(widget.layers.overlays.values())


@sync
async def test_combat_siege_orders_are_sealed(tmp_path):
    """ "the besieging and defending players should write down what their forces are going
    to do this turn" (R-RA-11: secret until both are written)."""
    save = K.siege_save(tmp_path)
    async with _app(save).run_test(size=SIZE) as pilot:
        await _settle(pilot, "G")
        assert "you (besieger): write O" in screen_text(pilot.app)
        await _settle(pilot, "O")
        assert "Sealed orders: Fort Vargrav (besieger)" in screen_text(pilot.app)
        await _settle(pilot, "ctrl+s")
        text = screen_text(pilot.app)
    assert "you (besieger): sealed" in text
    session = Session.open(save)
    (siege,) = rstate(session.campaign).siege.active()
    turn = session.campaign.turn
    assert siege.order("besieger", turn).order == "attack"
    assert siege.order("defender", turn) is None and not siege.orders.revealed
    theirs = _view_with(session.campaign, session.chronicle, "sylvania")
    assert any(e.kind == "siege_orders_written" for e in theirs)  # that it is written
    assert not any(e.kind == "siege_orders_choice" or "attack" in e.text for e in theirs)


@sync
async def test_combat_the_battle_queue_and_card_are_the_shared_screens(tmp_path):
    save = K.battle_save(tmp_path)
    async with _app(save).run_test(size=SIZE) as pilot:
        await _settle(pilot)
        assert "b1 0504: you fight" in screen_text(pilot.app)
        if not isinstance(pilot.app.screen, BattleQueueScreen):  # it may open by itself
            await _settle(pilot, "B")
        await _wait_for(pilot, BattleQueueScreen)
        await _settle(pilot, "enter")
        await _wait_for(pilot, BattleCardScreen)
        assert "Attacker (Stirland): Stirland (Empire), 2927 pts" in screen_text(pilot.app)


@sync
async def test_resolution_places_a_purchase(tmp_path):
    """ "Before ending the turn, the player must place all units purchased at the beginning
    of the turn" — a baggage train in Wurtbad, with the food it was bought with."""
    save = K.resolution_save(tmp_path)
    async with _app(save).run_test(size=SIZE) as pilot:
        await _settle(pilot)
        assert "To place (p):" in screen_text(pilot.app)
        await _settle(pilot, "p")
        assert isinstance(pilot.app.screen, PickScreen)
        await _settle(pilot, "enter")  # the first purchase, the baggage train
        await _wait_for(pilot, PickScreen)
        await _settle(pilot, "enter")  # Wurtbad, the first of Stirland's settlements
    camp = _disk(save)
    first = next(p for p in rstate(camp).economy.purchases if p.kind == "baggage")
    train = camp.army(first.placed_at)
    assert train is not None and train.hex == camp.map.settlement("wurtbad").hex
    assert rstate(camp).army(train.id).cargo == {"food": 1}


@sync
async def test_the_fate_command_offers_every_roll_of_the_last_action(tmp_path):
    """R-RA-12: "A fate point may be used at any time during the course of play to re-roll
    any one roll": after Stirland's auto-resolved battle, the fate key lists each roll of
    it that is Stirland's (by its number), and the one picked is re-rolled for the point."""
    save = K.fate_save(tmp_path)
    camp = _disk(save)
    expected = [f"#{r.id}" for r in camp.reroll.rolls if r.player in ("stirland", None)]
    assert len(expected) > 1 and rstate(camp).player("stirland").fate_points == 1
    async with _app(save).run_test(size=SIZE) as pilot:
        await _settle(pilot, "f")
        picker = await _wait_for(pilot, PickScreen)
        assert [cid for cid, _ in picker.choices] == expected
        assert f"{expected[0]} auto-resolve: attacker's fight (2d6 = " in screen_text(pilot.app)
        await _settle(pilot, "enter")  # the first: the attacker's fight
        await wait_until(
            pilot, lambda: not isinstance(pilot.app.screen, PickScreen), "the pick list closed"
        )
        await wait_until(
            pilot,
            lambda: rstate(_disk(save)).player("stirland").fate_points == 0,
            "the fate point spent in the save",
        )
    fate = [e for e in Session.open(save).chronicle if e.kind == "fate"]
    assert len(fate) == 1 and f"roll {expected[0]}" in fate[0].text
    assert fate[0].player == "stirland"


@sync
async def test_the_ledger_from_any_phase(tmp_path):
    save = K.played_save(tmp_path)
    async with _app(save).run_test(size=SIZE) as pilot:
        await _settle(pilot, "L")
        assert isinstance(pilot.app.screen, LedgerScreen)
        text = screen_text(pilot.app)
        assert "Ledger: Stirland, turn 5 (Upkeep)" in text
        assert "4g 1s 1c" in text and "secret" in text and "Supply per army" in text
        assert "2g 1s 1c (T4)" in text, "the taxes of turn 4, the last income"
        await _settle(pilot, "escape")
        assert not isinstance(pilot.app.screen, LedgerScreen)


@sync
async def test_the_standings_when_the_war_is_over(tmp_path):
    """War of Conquest: "Players receive 1 point for each territory under their control at
    the end of the game"."""
    save = K.victory_save(tmp_path)
    async with _app(save).run_test(size=SIZE) as pilot:
        await _settle(pilot)
        text = screen_text(pilot.app)
    assert "The war is over" in text and "Winner: Stirland" in text
    assert "1 Stirland: 5 territories" in text and "2 Sylvania: 4 territories" in text


# --- snapshots at 80x24 ---------------------------------------------------------------------
SCENES = {
    "upkeep": (K.stir_save, ()),
    "purchase_sheet": (K.stir_save, ("p",)),
    "effects": (lambda f: K.stir_save(f, phase="effects"), ()),
    "movement": (lambda f: K.stir_save(f, phase="movement"), ("enter", "d", "d")),
    "combat": (K.battle_save, ()),
    "siege_orders": (lambda f: K.siege_save(f, declared=True), ("O",)),
    "battle_card": (K.battle_save, ("enter",)),
    "resolution": (K.resolution_save, ()),
    "ledger": (K.played_save, ("L",)),
    "victory": (K.victory_save, ()),
}


@pytest.mark.parametrize("scene", list(SCENES))
def test_snapshot(snap_compare, tmp_path, scene):
    make, keys = SCENES[scene]
    app = _app(make(tmp_path))

    async def ready(pilot) -> None:
        await pilot.pause()
        if scene == "battle_card":  # B opens the shared queue; Enter then reads the card
            await pilot.press("B")
            await _wait_for(pilot, BattleQueueScreen)

    assert snap_compare(app, press=keys, terminal_size=SIZE, run_before=ready)


@sync
async def test_the_games_masters_end_key_names_everyone_it_ends(tmp_path):
    """In a phase where every Warmaster acts at once, the engine refuses an `end_phase` of a
    seat of several players that names nobody, rather than guess one (engine/flow.py). The
    Games Master's "t" therefore asks to end the phase for all of them, by name, and "y"
    ends it for all: the phase moves on."""
    save = K.stir_save(tmp_path, phase="upkeep")
    before = _disk(save)
    names = [p.name for p in before.players]
    async with make_app(save.parent, save=save, seat="gm").run_test(size=SIZE) as pilot:
        await _settle(pilot, "enter", "t")
        shown = " ".join(screen_text(pilot.app).split())
        assert f"for {', '.join(names)}?" in shown
        await _settle(pilot, "y")
    after = _disk(save)
    assert (after.turn, after.phase) != (before.turn, before.phase)
