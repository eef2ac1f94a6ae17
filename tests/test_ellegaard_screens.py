"""Warhammer Wars screens: the Command screen (each division's command and what a change
would ask, the Ld test shown before it is rolled: R-EL-3, R-EL-15), the meeting dialog (the
sealed fight or refuse, hidden from the other seat until both are revealed: R-EL-18) and
the War Points standings (R-EL-24), as snapshots at 80x24 and 160x48, and a meeting played
hotseat, two seats on one terminal, through the keyboard.

The saves are the drill ground's: ``command_save`` is the Empire's Command phase of hour 2,
the Foot on Patrol and the Horse under Attack away from home, the Scouts at home;
``meeting_save`` is the Orcs' Move phase of hour 1, the Wolves' zone meeting the Foot's at
Mittel: meeting m1 waits for both generals.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from apps.ui_kit import (
    make_app,
    settle,
    sync,
    wait_for_screen,
    write_engine_save,
)

from tuicamp.engine.engine import Engine
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.game.session import Session
from tuicamp.game.setup import new_campaign, start_campaign
from tuicamp.model.hexes import parse_label
from tuicamp.rules.ellegaard.commands import GiveCommand
from tuicamp.rules.ellegaard.meetings import Meet
from tuicamp.rules.ellegaard.movement import MoveDivision
from tuicamp.rules.ellegaard.screens.data import division_lines, ellegaard_state
from tuicamp.rules.ellegaard.screens.flight import flight_lines, in_flight
from tuicamp.rules.ellegaard.screens.meeting import MeetingScreen
from tuicamp.rules.ellegaard.screens.panel import OVERLAYS, QUICKSAND, TUNNELS, zone_hexes
from tuicamp.rules.ellegaard.screens.standings import standing_lines
from tuicamp.rules.ellegaard.talks import AcceptTerms, Offer
from tuicamp.storage.scenario import load_scenario
from tuicamp.ui.app import screen_text
from tuicamp.ui.screens.handover import HandoverScreen

DRILL = Path(__file__).parent / "data" / "ellegaard-drill.toml"


pytestmark = pytest.mark.usefixtures("quiet_home")


def _engine() -> Engine:
    campaign = new_campaign(load_scenario(DRILL), "ellegaard", name="Drill", seed=4)
    return Engine(campaign)


def command_save(folder: Path) -> Path:
    engine = _engine()
    engine.perform("empire", GiveCommand(division="horse", command="attack"))  # free at home
    engine.perform("empire", EndPhase())
    engine.perform("empire", MoveDivision(division="foot", to="0501"))
    engine.perform("empire", MoveDivision(division="horse", to="0401"))
    for who in ("empire", "orcs", "orcs"):
        engine.perform(who, EndPhase())
    return write_engine_save(engine, folder, "commands")


def meeting_save(folder: Path) -> Path:
    engine = _engine()
    engine.perform("empire", EndPhase())
    engine.perform("empire", MoveDivision(division="foot", to="0601"))
    engine.perform("empire", EndPhase())
    engine.perform("orcs", EndPhase())
    engine.perform("orcs", MoveDivision(division="wolves", to="0801"))
    assert [m.id for m in engine.campaign.state.meetings] == ["m1"]
    return write_engine_save(engine, folder, "meeting")


def _view(save: Path, seat: str):
    session = Session.open(save)
    return view_for(Rules(session.campaign, session.ruleset), session.chronicle, seat)


# --- what the screens draw ------------------------------------------------------------------
def test_the_command_screen_says_what_each_change_would_ask(tmp_path):
    """ "When an army division is in your home base you can give them commands without
    rolling"; Patrol: "you can at any time cancel this command"; otherwise "rolling equal
    to or under the divisional general's Ld value" (R-EL-3, R-EL-15)."""
    state = ellegaard_state(_view(command_save(tmp_path), "empire"))
    lines = {
        d.army: [" ".join(x.split()) for x in division_lines(d, False, state.phase)]
        for d in state.divisions
    }
    assert lines["foot"] == [
        "The Foot (1,200 pts): Patrol",
        "general Captain (Ld 8)",
        "a change: free from Patrol",
    ]
    assert lines["horse"][1] == "general Marshal on warhorse (Ld 9)"
    assert " ".join(lines["horse"][2:]) == (
        "a change: needs 2d6 <= 9, the general's Ld (a failure: no move this hour, R-EL-3)"
    )
    assert lines["scouts"][2] == "a change: free at the home base"


def test_the_standings_rank_the_sides_and_hide_the_others_divisions(tmp_path):
    """R-EL-24: the ledger is public; the end-of-war count of another side's divisions is
    not (they are counters)."""
    lines = standing_lines(_view(command_save(tmp_path), "empire"))
    assert lines[0] == "Hour 2 of 3: War Points"
    rows = {line[3:25].strip(): line for line in lines[3:5]}
    assert rows["The Empire"].split()[-2:] == ["1", "5"]  # the Foot, 1,200 pts: 5 at the end
    assert rows["Orcs & Goblins"].split()[-2:] == ["?", "?"]


def test_the_map_shows_enemy_zones_tunnels_and_quicksand(tmp_path):
    """ "The attention zone is everything within two squares of the advancing army"
    (R-EL-2); tunnels are marked "with a fat, brown line" unless hidden (R-EL-27); the
    quicksand is public (R-EL-36)."""
    zones = zone_hexes(_view(meeting_save(tmp_path), "orcs"), 2)
    labels = {h.label() for h in zones}
    assert {"0401", "0601", "0801", "0101", "0301"} <= labels  # the Foot's and the Keep's
    assert not labels & {"0901", "1001", "1201"}
    scenario = load_scenario(DRILL)
    scenario.rulesets["ellegaard"].setup["quicksand"] = ["0303"]
    scenario.rulesets["ellegaard"].setup["tunnels"] = {"orcs": ["1102", "1103"]}
    engine = start_campaign(
        scenario, "ellegaard", seed=1, check=False, options={"hidden_tunnels": True}
    )
    rules = Rules(engine.campaign, engine.ruleset)
    orcs = ellegaard_state(view_for(rules, engine.chronicle, "orcs"))
    empire = ellegaard_state(view_for(rules, engine.chronicle, "empire"))
    assert orcs.tunnels == ("1102", "1103") and empire.tunnels == ()
    assert orcs.quicksand == empire.quicksand == ("0303",)
    assert OVERLAYS[TUNNELS].glyph == "T" and OVERLAYS[QUICKSAND].glyph == "q"


def test_the_meeting_dialog_reads_the_terms_offered_to_the_seat(tmp_path):
    """ "A solution might be that the refuser must pay the attacker 3 War Points and leave"
    (R-EL-6): the terms are read by the two generals only, and accepted from the dialog."""
    engine = Engine(Session.open(meeting_save(tmp_path)).campaign)
    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    engine.perform("empire", Meet(meeting="m1", choice="refuse"))
    engine.perform("orcs", Offer(meeting="m1"))
    rules = Rules(engine.campaign, engine.ruleset)
    (offer,) = ellegaard_state(view_for(rules, engine.chronicle, "empire")).offers
    assert (offer.meeting, offer.proposer, offer.waiting) == ("m1", "orcs", ("empire",))
    assert offer.text == "'The Foot' pays 3 War Points and leaves"
    engine.perform("empire", AcceptTerms(agreement=offer.id))
    assert engine.campaign.state.war_points == {"empire": -3, "orcs": 3}
    assert ellegaard_state(view_for(rules, engine.chronicle, "empire")).offers == ()


# --- the hotseat meeting ----------------------------------------------------------------------
@sync
async def test_a_meeting_played_hotseat_keeps_the_first_choice_sealed(tmp_path):
    """Two generals at one terminal: the Orcs write "fight" under seal; the Empire's seat
    reads only that they have written; its "refuse" reveals both (R-EL-18)."""
    save = meeting_save(tmp_path / "saves")
    app = make_app(save.parent, save=save)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, HandoverScreen)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("M")
        await wait_for_screen(pilot, MeetingScreen)
        text = screen_text(app)
        assert "Meeting m1, hour 1: 'The Wolves' and 'The Foot'" in text
        assert "fight or refuse, sealed: your choice" in text
        await pilot.press("f")
        await settle(pilot)
        assert not isinstance(app.screen, MeetingScreen)
        await pilot.press("g")
        await settle(pilot)
        await pilot.press("enter")  # the only other seat: the Empire
        await wait_for_screen(pilot, HandoverScreen)
        assert "of meeting m1: fight" not in screen_text(app)  # the recap tells no choice
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("M")
        await wait_for_screen(pilot, MeetingScreen)
        text = screen_text(app)
        assert "Orcs & Goblins: has written (sealed)" in text
        assert "Orcs & Goblins: fight" not in text
        await pilot.press("r")
        await settle(pilot)
    camp = Session.open(save).campaign
    meeting = camp.state.meetings[0]
    assert meeting.choice.revealed
    assert meeting.choice.choices == {"orcs": "fight", "empire": "refuse"}
    assert meeting.outcome == "talk"


def marked_save(folder: Path) -> Path:
    """The drill ground with the Orcs' tunnels at 1102-1103 and quicksand at 0303 (both
    public: R-EL-27, R-EL-36), in the Empire's Command phase."""
    scenario = load_scenario(DRILL)
    scenario.rulesets["ellegaard"].setup["quicksand"] = ["0303"]
    scenario.rulesets["ellegaard"].setup["tunnels"] = {"orcs": ["1102", "1103"]}
    return write_engine_save(
        Engine(new_campaign(scenario, "ellegaard", name="Drill", seed=4)), folder, "marked"
    )


def flight_save(folder: Path) -> Path:
    """The Foot flees from the Wolves, who pursue it, in the Empire's Command phase."""
    engine = _engine()
    camp = engine.campaign
    camp.army("foot").hex = parse_label("0801")
    camp.army("wolves").hex = parse_label("1101")
    camp.state.divisions["foot"].fleeing_from = "wolves"
    camp.state.divisions["wolves"].pursuing = "foot"
    return write_engine_save(engine, folder, "flight")


def test_the_flight_screen_says_what_each_side_of_a_flight_may_do(tmp_path):
    """ "A fleeing army may in its command phase try to rally by rolling equal to or under
    the general's Ld value" (R-EL-21); "If a pursuer thinks that he is out of range, he may
    gather his troops again which takes one turn" (R-EL-40)."""
    engine = Engine(Session.open(flight_save(tmp_path)).campaign)
    rules = Rules(engine.campaign, engine.ruleset)
    empire = view_for(rules, engine.chronicle, "empire")
    (foot,) = [d for d in ellegaard_state(empire).divisions if in_flight(d)]
    text = " ".join(" ".join(flight_lines(empire, foot, True, "command")).split())
    assert text.startswith("> The Foot (1,200 pts), general Captain (Ld 8)")
    assert "flees from 'The Wolves': 2d6 hexes away each Move phase until it rallies" in text
    assert "r: rally now, 2d6 at most its general's Ld" in text
    orcs = view_for(rules, engine.chronicle, "orcs")
    (wolves,) = [d for d in ellegaard_state(orcs).divisions if in_flight(d)]
    text = " ".join(" ".join(flight_lines(orcs, wolves, False, "command")).split())
    assert "pursues 'The Foot': p pursue again (2d6 hexes towards it), g gather" in text
    assert [d.army for d in ellegaard_state(orcs).divisions if in_flight(d)] == ["wolves"]


def talk_save(folder: Path) -> Path:
    """The Orcs would fight, the Empire refused at Mittel, which the Empire holds."""
    engine = Engine(Session.open(meeting_save(folder)).campaign)
    engine.campaign.map.settlement("mittel").owner = "empire"
    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    engine.perform("empire", Meet(meeting="m1", choice="refuse"))
    return write_engine_save(engine, folder, "talk")


@sync
async def test_the_meeting_dialog_drafts_every_term_the_text_names(tmp_path):
    """ "A solution might be that the refuser must pay the attacker 3 War Points and leave,
    or you might find out to give some extra prisoners, hand over a friendly village etc."
    (R-EL-6): the dialog drafts War Points, extra prisoners and a village, and offers them;
    the Empire's home base, West Keep, is never among the villages (R-EL-49)."""
    save = talk_save(tmp_path / "saves")
    app = make_app(save.parent, save=save, seat="orcs")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("M")
        await wait_for_screen(pilot, MeetingScreen)
        assert "terms to offer (o): 'The Foot' pays 3 War Points and leaves" in screen_text(app)
        await pilot.press("plus", "plus", "minus", "p", "p", "P", "p", "v")
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert (
            "terms to offer (o): 'The Foot' pays 4 War Points and leaves; hands over 2 more "
            "prisoner(s) of 50 pts or more; gives up Mittel"
        ) in text
        await pilot.press("v", "v", "o")  # none, Mittel again: offered
        await settle(pilot)
    (offer,) = Session.open(save).campaign.state.talks.items
    assert {k: offer.terms[k] for k in ("war_points", "prisoners", "village")} == {
        "war_points": 4,
        "prisoners": 2,
        "village": "mittel",
    }


# --- snapshots at 80x24 and 160x48 ------------------------------------------------------------
SCENES = {
    "hour_map": (meeting_save, "orcs", ()),  # the side panel, the enemy's zones on the map
    "commands": (command_save, "empire", ("C", "down")),
    "meeting": (meeting_save, "orcs", ("M",)),
    "meeting_terms": (talk_save, "orcs", ("M", "plus", "p", "v")),  # the terms drafted
    "standings": (command_save, "empire", ("W",)),
    "flight": (flight_save, "empire", ("F",)),
    "tunnels_and_quicksand": (marked_save, "empire", ()),  # T and q on the map, the legend
}


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
@pytest.mark.parametrize("scene", list(SCENES))
def test_snapshot(snap_compare, tmp_path, scene, size):
    make, seat, keys = SCENES[scene]
    save = make(tmp_path / "saves")
    app = make_app(save.parent, save=save, seat=seat)
    assert snap_compare(app, press=keys, terminal_size=size)
