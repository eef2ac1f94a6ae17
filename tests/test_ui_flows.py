"""Pilot tests (App.run_test) of whole flows, on real save files in a temporary folder.

The big one goes the way a club evening does: create a campaign through the wizard, move
an army with the keyboard, end the turn, hand over to the next seat (and check that the
previous seat's secrets are not on screen), save, quit to the title and continue.
"""

from __future__ import annotations

import pytest
from apps.ui_kit import (
    EMPIRE_SECRET,
    FIXED_NOW,
    ORC_SECRET,
    make_app,
    make_save,
    settle,
    sync,
    told,
    wait_for_screen,
    wait_until,
)

from tuicamp.game.session import Session
from tuicamp.model.campaign import DiceMode
from tuicamp.model.hexes import parse_label
from tuicamp.storage.saves import read_header
from tuicamp.ui.app import screen_text
from tuicamp.ui.screens.campaign import CampaignScreen
from tuicamp.ui.screens.chronicle import ChronicleScreen
from tuicamp.ui.screens.dice_entry import DiceEntryScreen
from tuicamp.ui.screens.handover import HandoverScreen
from tuicamp.ui.screens.help import HelpScreen
from tuicamp.ui.screens.legend import LegendScreen
from tuicamp.ui.screens.load import LoadScreen
from tuicamp.ui.screens.scenarios import ScenariosScreen
from tuicamp.ui.screens.title import TitleScreen
from tuicamp.ui.screens.too_small import TooSmallScreen
from tuicamp.ui.screens.wizard import WizardScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch, tmp_path):
    monkeypatch.setenv("TUICAMP_NOW", FIXED_NOW)
    monkeypatch.setenv("TUICAMP_CONFIG", str(tmp_path / "no-config.toml"))


async def _tab_to(pilot, widget_id: str, limit: int = 30) -> None:
    for _ in range(limit):
        if pilot.app.focused is not None and pilot.app.focused.id == widget_id:
            return
        await pilot.press("tab")
    raise AssertionError(f"tab never reached #{widget_id} (at {pilot.app.focused})")


async def _type(pilot, text: str) -> None:
    await pilot.press("home", "ctrl+k", *text)


async def _wait_for(pilot, screen_type):
    return await wait_for_screen(pilot, screen_type)


def _campaign(app) -> CampaignScreen:
    screen = app.campaign_screen
    assert screen is not None
    return screen


@sync
async def test_club_evening_wizard_move_end_turn_hand_over_save_continue(tmp_path):
    saves = tmp_path / "saves"
    app = make_app(saves)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("n")
        await _wait_for(pilot, WizardScreen)
        await pilot.press("ctrl+n")  # the first scenario: Border War
        await settle(pilot)
        await _tab_to(pilot, "opt-enforce_movement")
        await pilot.press("space")  # a house rule set by keyboard
        await _tab_to(pilot, "opt-fog_of_war")
        if not app.focused.value:  # other seats see counters only (the scenario's preset)
            await pilot.press("space")
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert app.focused.id == "p0-name"
        await _type(pilot, "Anna")
        await _tab_to(pilot, "p1-name")
        await _type(pilot, "Bruno")
        await pilot.press("ctrl+n")
        await settle(pilot)
        await _tab_to(pilot, "seed")
        await _type(pilot, "42")
        await _tab_to(pilot, "save-name")
        await _type(pilot, "club")
        await pilot.press("ctrl+n")  # create
        handover = await _wait_for(pilot, HandoverScreen)
        save = saves / "club.toml"
        assert save.exists()
        header = read_header(save)
        assert header.players == ["Anna", "Bruno"]
        text = screen_text(app)
        assert "Anna (Empire) to play — press Enter" in text
        assert EMPIRE_SECRET not in text  # nothing of the seat before Enter
        await pilot.press("enter")  # who is there, and "since your last turn", in one
        await settle(pilot)
        assert app.screen is _campaign(app)
        campaign = _campaign(app)
        assert campaign.seat == "empire"
        assert campaign.session.campaign.options["fog_of_war"] is True
        assert campaign.session.campaign.options["enforce_movement"] is True
        assert campaign.session.campaign.dice.seed == 42

        # move the Averland Host two hexes east with the keyboard
        host = campaign.session.campaign.army("averland-host")
        start = host.hex
        assert campaign.cursor == start  # a seat sits down looking at its own army
        assert EMPIRE_SECRET in screen_text(app)  # its own units are on the side panel
        revision = read_header(save).revision
        await pilot.press("enter", "d", "d")
        await settle(pilot)
        assert "Moving The Averland Host" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        moved_to = Session.open(save).campaign.army("averland-host").hex
        assert moved_to == start.neighbour(0).neighbour(0)
        assert read_header(save).revision == revision + 1  # autosaved

        # end the turn: the terminal hands over to the Orcs
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("y")
        handover = await _wait_for(pilot, HandoverScreen)
        text = screen_text(app)
        assert "Bruno (Orcs & Goblins) to play — press Enter" in text
        assert not list(app._notifications), [n.message for n in app._notifications]
        assert campaign.seat is None  # blanked underneath, too
        assert "Since your last turn" in text  # one screen: the recap of what all may read
        assert "The Averland Host moved" in text  # positions are public
        assert EMPIRE_SECRET not in text
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is campaign and campaign.seat == "orcs"
        assert ORC_SECRET in screen_text(app)  # the Orcs see their own army
        campaign.map.cursor = moved_to  # look at the Empire's army
        await settle(pilot)
        text = screen_text(app)
        assert "The Averland Host" in text and "strength unknown" in text
        assert EMPIRE_SECRET not in text
        assert handover is not None

        # save, back to the title, continue
        await pilot.press("ctrl+s")
        await pilot.press("q")
        await _wait_for(pilot, TitleScreen)
        assert "Continue Border War" in screen_text(app)
        await pilot.press("c")
        await _wait_for(pilot, HandoverScreen)
        assert "Bruno (Orcs & Goblins) to play" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        again = _campaign(app)
        assert again is not campaign and again.seat == "orcs"
        assert again.session.campaign.army("averland-host").hex == moved_to


@sync
async def test_refused_move_is_shown_and_nothing_is_saved(tmp_path):
    save = make_save(tmp_path, seed=3)
    app = make_app(tmp_path, save=save, seat="empire")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        campaign = _campaign(app)
        before = save.read_bytes()
        lake = next(
            h
            for h in campaign.session.campaign.map.hexes()
            if campaign.session.campaign.map.letter_at(h) == "l"
        )
        await pilot.press("enter")  # select the army under the cursor
        campaign.map.cursor = lake
        await settle(pilot)
        assert "cannot reach" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert any("cannot reach" in n for n in told(app))
        assert save.read_bytes() == before


@sync
async def test_escape_cancels_a_move_and_undo_takes_one_back(tmp_path):
    save = make_save(tmp_path)
    app = make_app(tmp_path, save=save, seat="empire")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        campaign = _campaign(app)
        start = campaign.cursor
        await pilot.press("enter", "d", "escape")  # select, aim east, cancel
        await settle(pilot)
        assert "Moving" not in screen_text(app)
        await pilot.press("enter")  # not an own army's hex: nothing to select, nothing sent
        await settle(pilot)
        assert Session.open(save).campaign.army("averland-host").hex == start
        await pilot.press("a", "enter", "x", "enter")  # back, select, south-east, go
        await settle(pilot)
        army = Session.open(save).campaign.army("averland-host")
        assert army.hex == start.neighbour(5)  # SE
        await pilot.press("u")
        await settle(pilot)
        assert Session.open(save).campaign.army("averland-host").hex == start


@sync
async def test_passphrase_guards_the_hand_over(tmp_path):
    save = make_save(tmp_path, passphrases={"empire": "sigmar"})
    app = make_app(tmp_path, save=save)
    async with app.run_test(size=SIZE) as pilot:
        handover = await _wait_for(pilot, HandoverScreen)
        await settle(pilot)
        assert app.focused.id == "handover-passphrase"  # asked at once, on the one screen
        await pilot.press("enter")  # an empty passphrase is not it
        await pilot.press(*"nurgle", "enter")
        await settle(pilot)
        assert "not the passphrase" in screen_text(app)
        # nothing of the campaign is built behind a hand-over nobody has passed
        assert app.screen is handover and app.campaign_screen is None
        await pilot.press(*"sigmar", "enter")
        await settle(pilot)
        assert _campaign(app).seat == "empire"


@sync
async def test_table_dice_are_asked_for_and_logged(tmp_path):
    save = make_save(tmp_path, dice_mode=DiceMode.TABLE)
    app = make_app(tmp_path, save=save, seat="empire")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")  # the sandbox's dice roller
        await settle(pilot)
        await pilot.press("home", "ctrl+k", *"2d6", "enter")
        dice = await _wait_for(pilot, DiceEntryScreen)
        assert dice.count == 2
        await pilot.press(*"9 4", "enter")  # a d6 cannot show 9
        await settle(pilot)
        assert "9 cannot be rolled on a d6" in screen_text(app)
        assert app.screen is dice
        await pilot.press("home", "ctrl+k", *"3 4", "enter")
        await settle(pilot)
        assert "2d6 for a roll: 7  (3+4)  table" in screen_text(app)
        events = Session.open(save).chronicle
        roll = events[-1].rolls[0]
        assert (roll.dice, roll.total, roll.table) == ([3, 4], 7, True)


@sync
async def test_sandbox_forms_raise_an_army_and_add_a_unit(tmp_path):
    save = make_save(tmp_path)
    app = make_app(tmp_path, save=save, seat="empire")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        campaign = _campaign(app)
        campaign.map.cursor = parse_label("0305")
        await settle(pilot)
        await pilot.press("b", *"Reserve", "enter")
        await settle(pilot)
        new = [a for a in Session.open(save).campaign.armies if a.name == "Reserve"]
        assert len(new) == 1 and new[0].hex == parse_label("0305")
        await pilot.press("+", *"Spearmen")
        await pilot.press("tab", "ctrl+k", *"120", "enter")
        await settle(pilot)
        army = Session.open(save).campaign.army(new[0].id)
        assert [(u.name, u.points) for u in army.units] == [("Spearmen", 120)]
        assert "Spearmen" in screen_text(app)


@sync
async def test_chronicle_filters_and_exports_a_diary(tmp_path):
    save = make_save(tmp_path)
    session = Session.open(save)
    from tuicamp.rules.sandbox import actions as A

    session.perform("empire", A.Roll(expr="2d6", reason="morale"))
    session.perform("empire", A.EndTurn())
    session.perform("orcs", A.Roll(expr="d6", reason="scouts"))
    app = make_app(tmp_path, save=save, seat="gm")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l")
        chronicle = await _wait_for(pilot, ChronicleScreen)
        assert len(chronicle.shown) == 3
        await settle(pilot)
        shown = screen_text(app)  # every event listed; the selected one with its dice
        assert "rolled 2d6 for morale" in shown and "scouts: d6 =" in shown
        await pilot.press("k")  # to the kind filter
        chronicle.query_one("#kind").value = "roll"
        await settle(pilot)
        assert [e.kind for e in chronicle.shown] == ["roll", "roll"]
        chronicle.query_one("#player").value = "orcs"
        await settle(pilot)
        assert [e.text for e in chronicle.shown] == [session.chronicle[2].text]
        await pilot.press("x")
        await settle(pilot)
        diary = (tmp_path / "border-war.diary.md").read_text()
        assert diary.startswith("# Border War")
        assert "scouts" in diary and "morale" not in diary


@sync
async def test_help_shows_phase_steps_keys_and_house_rules(tmp_path):
    save = make_save(tmp_path, options={"fog_of_war": True}, tables={"terrain_cost": {"forest": 3}})
    app = make_app(tmp_path, save=save, seat="empire")
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        help_screen = await _wait_for(pilot, HelpScreen)
        text = help_screen.markdown
        assert "This phase: Play" in text
        assert "| fog_of_war | yes **(house rule)**" in text
        assert "| forest | 3 **(house rule)** |" in text
        assert "| hills | 2 |" in text
        assert "End turn" in text and "Roll dice" in text
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, CampaignScreen)


@sync
async def test_f2_shows_the_map_legend_in_the_map_styles_and_help_names_the_key(tmp_path):
    app = make_app(tmp_path, save=make_save(tmp_path), seat="empire")
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        help_screen = await _wait_for(pilot, HelpScreen)
        assert "Map legend" in help_screen.markdown  # the key table lists F2
        await pilot.press("escape")
        await wait_for_screen(pilot, CampaignScreen)
        await pilot.press("f2")
        legend = await _wait_for(pilot, LegendScreen)
        text = "\n".join(line.plain for line in legend.lines)
        for entry in ("Terrain", "Clear", "Settlements", "Hexsides", "river", "planned path"):
            assert entry in text, entry
        assert [line.plain for line in legend.lines] == [
            line.plain for line in _campaign(app).map.legend()
        ]
        await pilot.press("escape")
        await wait_for_screen(pilot, CampaignScreen)


@sync
async def test_too_small_terminal_shows_a_message_until_it_grows(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert "at least 80 x 24" in screen_text(app)
        assert "This one is 60 x 20" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)


@sync
async def test_ssh_seat_plays_alone_and_sees_moves_from_another_terminal(tmp_path):
    save = make_save(tmp_path, options={"fog_of_war": True})
    app = make_app(tmp_path, save=save, seat="orcs")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        campaign = _campaign(app)
        assert app.screen is campaign and campaign.seat == "orcs"  # no hand-over
        assert "waiting" in screen_text(app)
        await pilot.press("t", "y")  # not the Orcs' turn: refused, readable
        await settle(pilot)
        assert any("not your turn" in n for n in told(app))
        from tuicamp.rules.sandbox import actions as A

        other = Session.open(save)  # the Empire, on its own terminal
        other.perform("empire", A.EndTurn())
        campaign._poll()
        await settle(pilot)
        assert campaign.session.revision == other.revision
        assert "waiting" not in screen_text(app)
        await pilot.press("q")
        await settle(pilot)
    assert app.return_code == 0


@sync
async def test_keymap_and_theme_come_from_the_config(tmp_path):
    save = make_save(tmp_path)
    app = make_app(
        tmp_path,
        save=save,
        seat="empire",
        theme="tuicamp-light",
        keymap={"campaign.end_turn": "ctrl+e", "map.e": "l"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.theme == "tuicamp-light"
        campaign = _campaign(app)
        start = campaign.cursor
        await pilot.press("t")  # no longer bound
        await settle(pilot)
        assert app.screen is campaign
        await pilot.press("l")  # now moves the cursor east (and no longer opens the log)
        await settle(pilot)
        assert campaign.cursor == start.neighbour(0)
        await pilot.press("ctrl+e")
        await settle(pilot)
        assert app.screen is not campaign and "End your turn?" in screen_text(app)


@sync
async def test_every_key_is_in_the_command_palette(tmp_path):
    save = make_save(tmp_path)
    app = make_app(tmp_path, save=save, seat="empire")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        titles = {c.title for c in app.get_system_commands(app.screen)}
        for needed in (
            "End turn",
            "Undo",
            "Log",
            "Help",
            "Army details",
            "Save",
            "New army",
            "Add unit",
            "Split",
            "Merge",
            "Disband",
            "Rename",
            "Treasury",
            "Stores",
            "Roll dice",
            "Select",
            "Next",
            "Centre map",
            "Zoom map",
        ):
            assert needed in titles, needed
        command = next(c for c in app.get_system_commands(app.screen) if c.title == "Log")
        command.callback()
        await _wait_for(pilot, ChronicleScreen)


@sync
async def test_themes_and_no_color(tmp_path, monkeypatch):
    app = make_app(tmp_path, save=make_save(tmp_path), seat="empire")
    async with app.run_test(size=SIZE) as pilot:
        for theme in ("tuicamp-light", "tuicamp-contrast", "tuicamp-dark"):
            app.theme = theme
            await settle(pilot)
            assert app.current_theme.name == theme
    monkeypatch.setenv("NO_COLOR", "1")
    plain = make_app(tmp_path)
    assert plain.no_color  # Textual itself honours NO_COLOR: a monochrome filter
    async with plain.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(plain.screen, TitleScreen)


@sync
async def test_load_a_save_from_the_list_and_browse_scenarios(tmp_path):
    make_save(tmp_path, "first")
    make_save(tmp_path, "second", now="2024-05-02T10:00:00Z")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Load a save (2)" in screen_text(app)
        await pilot.press("l")
        await _wait_for(pilot, LoadScreen)
        text = screen_text(app)
        assert "Sandbox (free" in text and "The Empire, Orcs &" in text
        assert text.index("2024-05-02 10:00") < text.index("2024-05-01 18:00")  # newest first
        await pilot.press("down", "enter")
        await _wait_for(pilot, HandoverScreen)
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.campaign_screen is not None, "the campaign shown")
        assert _campaign(app).session.path == tmp_path / "first.toml"
        await pilot.press("q")
        await _wait_for(pilot, TitleScreen)
        await pilot.press("s")
        await _wait_for(pilot, ScenariosScreen)
        assert "26 x 18 hexes" in screen_text(app)
        await pilot.press("enter")
        wizard = await _wait_for(pilot, WizardScreen)
        # straight to the ruleset, once the wizard has built its steps
        await wait_until(pilot, lambda: wizard.step == 1, "the wizard at its ruleset step")
        assert wizard.scenario is not None


@sync
async def test_wizard_builds_overlapping_option_rebuilds_one_after_the_other(tmp_path):
    """Two builds of the house rules asked for at once (a ruleset chosen while the step is
    still being built) run one after the other: no MountError, and one set of options."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n", "ctrl+n")
        wizard = await _wait_for(pilot, WizardScreen)
        await wait_until(pilot, lambda: wizard.step == 1, "the wizard at its ruleset step")
        workers = [wizard.run_worker(wizard._build_options()) for _ in range(3)]
        for worker in workers:
            await worker.wait()
        assert all(worker.error is None for worker in workers)
        await settle(pilot)
        assert len(wizard.query(".option-row")) == len(wizard.chosen_options()) > 0
        assert len(wizard.query("#ruleset-options > .hint")) == 1


@sync
async def test_wizard_refuses_what_cannot_be_played(tmp_path):
    make_save(tmp_path, "border-war")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n", "ctrl+n")
        await settle(pilot)
        await pilot.press("ctrl+n")
        wizard = await _wait_for(pilot, WizardScreen)
        field = lambda wid: wizard.query_one(f"#{wid}")  # noqa: E731 (typing is tested above)
        field("p0-name").value, field("p1-name").value = "Anna", "anna"
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert "Two players have the same name" in screen_text(app)
        field("p1-name").value = "Bruno"
        await pilot.press("ctrl+n")
        await settle(pilot)
        field("seed").value = "many"
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert "The seed is a whole number" in screen_text(app)
        field("seed").value, field("save-name").value = "5", "border-war"
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert "A save named border-war exists already" in screen_text(app)
        await pilot.press("escape", "escape", "escape", "escape")
        await _wait_for(pilot, TitleScreen)


@sync
async def test_the_gm_takes_the_controls_through_a_hand_over(tmp_path):
    save = make_save(tmp_path, options={"fog_of_war": True}, passphrases={"gm": "umpire"})
    app = make_app(tmp_path, save=save)
    async with app.run_test(size=SIZE) as pilot:
        await _wait_for(pilot, HandoverScreen)
        await pilot.press("enter")
        await settle(pilot)
        campaign = _campaign(app)
        await pilot.press("g")
        await settle(pilot)
        assert "Games Master" in screen_text(app)
        await pilot.press("down", "enter")  # the list: Orcs & Goblins, Games Master
        await _wait_for(pilot, HandoverScreen)
        assert "Games Master to play" in screen_text(app)
        await pilot.press(*"umpire", "enter")
        await settle(pilot)
        assert campaign.seat == "gm"
        campaign.map.cursor = campaign.session.campaign.army("ironjaw-waaagh").hex
        await settle(pilot)
        assert ORC_SECRET in screen_text(app)  # the GM sees every army in full


@sync
async def test_wizard_sets_colours_gm_run_players_table_dice_and_passphrases(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n", "ctrl+n")
        await settle(pilot)
        await pilot.press("ctrl+n")
        wizard = await _wait_for(pilot, WizardScreen)
        wizard.query_one("#p0-colour").value = "blue"
        wizard.query_one("#p0-pass").value = "sigmar"
        wizard.query_one("#p1-by").value = "gm"
        await pilot.press("ctrl+n")
        await settle(pilot)
        wizard.query_one("#dice-table").value = True
        wizard.query_one("#save-name").value = "Club Night!"
        await pilot.press("ctrl+n")
        await _wait_for(pilot, HandoverScreen)
        camp = Session.open(tmp_path / "club-night.toml").campaign
        assert camp.player("empire").colour == "blue"
        assert camp.seat("orcs").human is False and camp.seat("empire").human is True
        assert camp.seat("empire").passphrase_hash and camp.seat("orcs").passphrase_hash is None
        assert camp.dice.mode is DiceMode.TABLE


@sync
async def test_an_open_phase_names_the_next_player_without_blanking(tmp_path, monkeypatch):
    """ "open" play: "no blanking: a one-line '<player> to move' banner" — no hand-over
    screen, no passphrase, the map stays; a private phase still hands over."""
    from attrs import evolve

    from tuicamp.engine.flow import Play
    from tuicamp.rules.sandbox.ruleset import SandboxRuleset
    from tuicamp.ui.screens.handover import TurnBanner

    (play,) = SandboxRuleset.phases
    monkeypatch.setattr(SandboxRuleset, "phases", (evolve(play, play=Play.OPEN),))
    save = make_save(tmp_path, passphrases={"orcs": "waaagh"})
    app = make_app(tmp_path, save=save)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        campaign = _campaign(app)
        assert app.screen is campaign and campaign.seat == "empire"  # no hand-over first
        banner = campaign.query_one(TurnBanner)
        assert banner.has_class("-shown") and "(Empire) to move" in screen_text(app)
        await pilot.press("t", "y")  # the Empire ends its turn: the Orcs are next
        await settle(pilot)
        assert app.screen is campaign and campaign.seat == "orcs"
        assert not isinstance(app.screen, HandoverScreen)
        assert "Orcs & Goblins to move" in screen_text(app)
        assert campaign.map._layers.markers  # the map was never blanked
        campaign.map.cursor = campaign.session.campaign.army("ironjaw-waaagh").hex
        await settle(pilot)
        assert ORC_SECRET in screen_text(app)  # the Orcs' seat is shown at once
        monkeypatch.setattr(SandboxRuleset, "phases", (play,))  # private play again
        await pilot.press("t", "y")
        await _wait_for(pilot, HandoverScreen)
        assert not banner.has_class("-shown")


@sync
async def test_q_at_the_hand_over_leaves_the_campaign_and_is_a_letter_of_a_passphrase(
    tmp_path,
):
    """The hand-over takes Enter, and q leaves the campaign as it does on the map (nobody
    sits down: no seat is shown); where a passphrase is asked, q is one of its letters."""
    save = make_save(tmp_path)
    app = make_app(tmp_path, save=save)
    async with app.run_test(size=SIZE) as pilot:
        await _wait_for(pilot, HandoverScreen)
        await pilot.press("q")
        await _wait_for(pilot, TitleScreen)
        assert not any(isinstance(s, CampaignScreen) for s in app.screen_stack)
    guarded = make_save(tmp_path, "guarded", passphrases={"empire": "quartz"})
    app = make_app(tmp_path, save=guarded)
    async with app.run_test(size=SIZE) as pilot:
        await _wait_for(pilot, HandoverScreen)
        await pilot.press(*"quartz", "enter")
        await _wait_for(pilot, CampaignScreen)
        assert _campaign(app).seat == "empire"
