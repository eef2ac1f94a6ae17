"""The UI's pure parts, without an app: config, passphrases, seating, move previews,
markers, form parsing, help and chronicle filtering, and the binding conventions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tuicamp.engine.actions import Event
from tuicamp.engine.engine import Engine
from tuicamp.engine.registry import get_ruleset
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.model.forces import Seat
from tuicamp.model.hexes import Hex
from tuicamp.rules.sandbox import actions as A
from tuicamp.rules.sandbox.screens import COMMANDS, parse_stores, sandbox_ui
from tuicamp.ui import seating
from tuicamp.ui.config import DEFAULT_THEME, THEME_NAMES, load_config
from tuicamp.ui.markers import markers_for
from tuicamp.ui.moves import MovePlanner, build_model, cost_label
from tuicamp.ui.panels import RulesetUI, ruleset_ui
from tuicamp.ui.passphrase import check_passphrase, hash_passphrase
from tuicamp.ui.screens.campaign import CampaignScreen, campaign_screen_class
from tuicamp.ui.screens.chronicle import filter_events
from tuicamp.ui.screens.dice_entry import parse_values
from tuicamp.ui.screens.help import help_markdown, table_markdown


def H(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


# --- config -------------------------------------------------------------------------------


def test_missing_config_means_the_defaults(tmp_path):
    config = load_config(tmp_path / "none.toml")
    assert (config.theme, config.keymap, config.problems, config.path) == (
        DEFAULT_THEME,
        {},
        [],
        None,
    )


def test_config_theme_keymap_and_blink(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(
        'theme = "tuicamp-contrast"\ncursor_blink = false\nhexes = "dense"\n'
        '[keymap]\n"campaign.end_turn" = "ctrl+e"\n'
    )
    config = load_config(path)
    assert config.theme == "tuicamp-contrast" and config.cursor_blink is False
    assert config.hexes == "dense" and config.keymap == {"campaign.end_turn": "ctrl+e"}
    assert config.problems == []


def test_config_env_variable_names_the_file(tmp_path, monkeypatch):
    path = tmp_path / "elsewhere.toml"
    path.write_text('theme = "tuicamp-light"\n')
    monkeypatch.setenv("TUICAMP_CONFIG", str(path))
    assert load_config().theme == "tuicamp-light"


def test_broken_config_keeps_what_it_can_and_says_what_it_cannot(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(
        'theme = "purple"\ncolour = 3\ncursor_blink = "no"\n'
        '[keymap]\n"campaign.undo" = 5\n"campaign.help" = "f2"\n'
    )
    config = load_config(path)
    assert config.theme == DEFAULT_THEME and config.cursor_blink is True
    assert config.keymap == {"campaign.help": "f2"}
    text = "\n".join(config.problems)
    for needle in (
        "theme 'purple' is not known",
        "unknown setting 'colour'",
        "cursor_blink is true or false",
        "keymap 'campaign.undo'",
    ):
        assert needle in text
    assert all(line.startswith(str(path)) for line in config.problems)


def test_config_that_is_not_toml(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("theme = \n")
    config = load_config(path)
    assert config.theme == DEFAULT_THEME and "not valid TOML" in config.problems[0]


def test_three_themes_are_offered():
    assert set(THEME_NAMES) == {"tuicamp-dark", "tuicamp-light", "tuicamp-contrast"}


# --- passphrases ---------------------------------------------------------------------------


def test_passphrase_hash_checks_and_hides():
    stored = hash_passphrase("sigmar")
    assert "sigmar" not in stored
    assert check_passphrase("sigmar", stored) and not check_passphrase("Sigmar", stored)
    assert hash_passphrase("sigmar") != stored  # salted
    assert check_passphrase("anything", None)  # a seat without one
    assert not check_passphrase("x", "garbage")


# --- seating -------------------------------------------------------------------------------

SEATS = [Seat("a", "Anna", ["pa"]), Seat("b", "Bruno", ["pb"]), Seat("gm", "GM", gm=True)]


def test_local_seats_and_hand_over_rule():
    assert seating.local_seats(SEATS, None) == ["a", "b", "gm"]
    assert seating.local_seats(SEATS, "b") == ["b"]
    assert seating.hands_over(SEATS, ["a", "b", "gm"])
    assert not seating.hands_over(SEATS, ["b"])  # an SSH seat never hands over
    assert not seating.hands_over([SEATS[0], Seat("b", "B", ["pb"], human=False)], ["a", "b"])


def test_next_seat_follows_the_acting_seat():
    local = ["a", "b", "gm"]
    assert seating.next_seat(["a"], local, None, SEATS) == "a"
    assert seating.next_seat(["b"], local, "a", SEATS) == "b"
    assert seating.next_seat(["a", "b"], local, "b", SEATS) == "b"  # still may act: stays
    assert seating.next_seat(["a"], ["b"], "b", SEATS) == "b"  # waiting over SSH
    assert seating.next_seat([], local, None, SEATS) == "a"


def test_a_seat_run_by_the_gm_is_played_from_the_gm_seat():
    seats = [
        Seat("a", "Anna", ["pa"]),
        Seat("b", "NPC", ["pb"], human=False),
        Seat("gm", "GM", gm=True),
    ]
    assert seating.next_seat(["b"], ["a", "b", "gm"], "a", seats) == "gm"
    assert seating.next_seat(["b"], ["a", "b"], "a", seats[:2]) == "b"  # no GM seat here


def _sandbox_engine(**options):
    from conftest import small_campaign

    return Engine(small_campaign(**options))


def test_since_last_turn_shows_what_others_did_and_never_their_secrets():
    engine = _sandbox_engine(fog_of_war=True)
    engine.perform("p1", A.Move(army="a1", to="0303"))
    engine.perform(
        "p1", A.AddUnit(army="a1", unit=A.UnitSpec(name="Secret Greatswords", points=200))
    )
    engine.perform("p1", A.EndTurn())
    engine.perform("p2", A.Roll(expr="d6", reason="scouting"))
    engine.perform("p2", A.EndTurn())
    ruleset = get_ruleset("sandbox")
    for_p1 = seating.since_last_turn(
        view_for(Rules(engine.campaign, ruleset), engine.chronicle, "p1"), "p1"
    )
    assert any("scouting" in line for line in for_p1)
    assert not any("Reikland" in line for line in for_p1)  # its own deeds are not news
    for_p2 = seating.since_last_turn(
        view_for(Rules(engine.campaign, ruleset), engine.chronicle, "p2"), "p2"
    )
    assert for_p2 == []  # p2 acted last
    before_p2 = view_for(Rules(engine.campaign, ruleset), engine.chronicle[:3], "p2")
    news = seating.since_last_turn(before_p2, "p2")
    assert any("Reikland Host moved" in line for line in news)
    assert not any("Secret Greatswords" in line for line in news)


def test_since_last_turn_is_capped():
    view = view_for(Rules(_sandbox_engine().campaign, get_ruleset("sandbox")), [], "p1")
    view.chronicle = [Event(i, 1, "play", "roll", f"event {i}", seat="p2") for i in range(1, 61)]
    lines = seating.since_last_turn(view, "p1", limit=10)
    assert lines[0] == "... 50 earlier events (see the chronicle)" and len(lines) == 11
    assert lines[-1].endswith("event 60")


def test_the_hand_over_recap_holds_only_what_every_seat_may_read():
    """R-ALL-11: the hand-over shows its recap before the next player is known to be
    there, so only what every seat may read, counted from the seat's last action every
    seat may read; what is for the seat alone is counted, to be told once it is shown."""
    view = view_for(Rules(_sandbox_engine().campaign, get_ruleset("sandbox")), [], "p2")
    view.chronicle = [
        Event(1, 1, "play", "move", "Anna marches", seat="p1"),
        Event(2, 1, "play", "buy", "Bruno buys in secret", seat="p2", visible_to=["p2"]),
        Event(3, 1, "play", "end", "Anna ends her turn", seat="p1"),
        Event(4, 1, "play", "card", "A card for Bruno alone", seat="gm", visible_to=["p2"]),
    ]
    public = seating.since_last_turn(view, "p2", public=True)
    assert public == ["T1 Anna marches", "T1 Anna ends her turn"]
    everything = seating.since_last_turn(view, "p2")
    assert everything == ["T1 Anna ends her turn", "T1 A card for Bruno alone"]
    assert seating.private_news(view, "p2") == 1


def test_seat_label_names_the_player_and_race():
    engine = _sandbox_engine()
    view = view_for(Rules(engine.campaign, get_ruleset("sandbox")), [], "p1")
    assert seating.seat_label(engine.campaign.seat("p1"), view) == "Anna (Empire)"
    assert seating.seat_label(engine.campaign.seat("gm"), view) == "Games Master"


def test_seat_label_says_a_race_that_is_the_players_name_once():
    """A seat named for its army reads "Orcs & Goblins", never "Orcs & Goblins (Orcs &
    Goblins)", in the phase bar and at the hand-over; other names keep their race."""
    engine = _sandbox_engine()
    bruno = engine.campaign.player("p2")
    bruno.name, bruno.race = "Orcs & Goblins", "Orcs & Goblins"
    view = view_for(Rules(engine.campaign, get_ruleset("sandbox")), [], "p1")
    assert seating.seat_label(engine.campaign.seat("p2"), view) == "Orcs & Goblins"
    assert seating.seat_label(engine.campaign.seat("p1"), view) == "Anna (Empire)"
    bruno.name = "orcs & goblins"  # not told apart by case
    view = view_for(Rules(engine.campaign, get_ruleset("sandbox")), [], "p1")
    assert seating.seat_label(engine.campaign.seat("p2"), view) == "orcs & goblins"


# --- markers and move previews ---------------------------------------------------------------


def test_markers_mark_own_armies_and_count_stacks():
    engine = _sandbox_engine()
    engine.perform("p1", A.CreateArmy(name="Second", hex="0203"))
    ruleset = get_ruleset("sandbox")
    markers = markers_for(view_for(Rules(engine.campaign, ruleset), engine.chronicle, "p1"))
    assert markers[H(1, 2)].own and markers[H(1, 2)].count == 2
    assert markers[H(1, 2)].letter == "A" and markers[H(1, 2)].colour == "yellow"
    assert not markers[H(6, 3)].own and markers[H(6, 3)].letter == "B"


def test_cost_label_fits_two_cells():
    assert [cost_label(c) for c in (0, 1, 1.5, 12, 12.5, 99, 100)] == [
        "0",
        "1",
        "1+",
        "12",
        "12",
        "99",
        "++",
    ]


@given(st.floats(min_value=0, max_value=1e6, allow_nan=False))
def test_cost_label_is_always_short_ascii(cost):
    label = cost_label(cost)
    assert 1 <= len(label) <= 2 and label.isascii()


def test_planner_previews_the_engines_path():
    engine = _sandbox_engine()
    rules = get_ruleset("sandbox")
    camp = engine.campaign
    planner = MovePlanner(build_model(camp.map, rules.default_tables, camp.tables))
    start, goal = H(1, 2), H(5, 2)  # across the river: only at the bridge
    reach, labels, path = planner.overlays(start, goal, 2)
    assert path is not None and labels[goal] == cost_label(path.cost)
    assert all(labels[h] == "*" for h in path.hexes[1:-1])
    assert start not in reach and all(float(v.rstrip("+")) <= 2 for v in reach.values())
    events = engine.perform("p1", A.Move(army="a1", to=camp.map.label(goal)))
    assert events[0].data["path"] == [camp.map.label(h) for h in path.hexes]
    assert planner.overlays(start, H(2, 4), None)[2] is None  # the lake
    assert MovePlanner(None).overlays(start, goal, 3) == ({}, {}, None)


def test_a_ruleset_without_terrain_costs_has_no_preview():
    from conftest import small_campaign

    assert build_model(small_campaign().map, {}, {}) is None


# --- forms ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "count", "expected"),
    [
        ("3 5", 2, [3, 5]),
        ("3,5", 2, [3, 5]),
        ("35", 2, [3, 5]),
        ("6", 1, [6]),
        ("12", 1, [12]),
    ],
)
def test_table_dice_values(text, count, expected):
    assert parse_values(text, count) == expected


@pytest.mark.parametrize(
    ("text", "count", "expr", "problem"),
    [
        ("3", 2, "", "2 values needed, 1 typed"),
        ("three", 1, "", "type the numbers"),
        ("7 1", 2, "2d6", "7 cannot be rolled on a d6"),
        ("4", 1, "d3", "4 cannot be rolled on a d3"),
    ],
)
def test_table_dice_refusals(text, count, expr, problem):
    with pytest.raises(ValueError, match=problem):
        parse_values(text, count, expr)


def test_stores_text():
    assert parse_stores("food 3, gold 2") == {"food": 3, "gold": 2}
    assert parse_stores("food=3 gold=2") == {"food": 3, "gold": 2}
    assert parse_stores("") == {}
    with pytest.raises(ValueError, match="pairs"):
        parse_stores("food")
    with pytest.raises(ValueError, match="not a whole number"):
        parse_stores("food lots")


# --- help and chronicle ----------------------------------------------------------------------


def test_table_markdown_marks_overridden_rows_and_whole_tables():
    lines = table_markdown("t", {"a": 1, "b": 2}, {"b": 5})
    assert "| a | 1 |" in lines and "| b | 2 **(house rule)** |" in lines
    assert "(house rule)" in table_markdown("t", [1, 2], [1, 2])[0]
    rows = table_markdown("list", [{"roll": 2, "result": "rout"}, {"roll": 3}], None)
    assert "| roll | result |" in rows and "| 3 |  |" in rows


def test_help_has_phase_steps_keys_options_tables_and_rules():
    rules = get_ruleset("sandbox")
    text = help_markdown(
        rules, "play", {"fog_of_war": True}, {"terrain_cost": {"hills": 4}}, [("t", "End turn")]
    )
    for needle in (
        "### This phase: Play",
        "Do anything",
        "| t | End turn |",
        "| fog_of_war | yes **(house rule)**",
        "| simultaneous | no (default)",
        "| hills | 4 **(house rule)** |",
        "| forest | 2 |",
        "## Rules",
        "### Sandbox — free play",
    ):
        assert needle in text
    assert text.index("This phase") < text.index("## Keys") < text.index("## Tables in use")


def test_chronicle_filters():
    events = [
        Event(1, 1, "play", "move", "m1", seat="p1", player="p1"),
        Event(2, 1, "play", "roll", "r1", seat="p2"),
        Event(3, 2, "play", "roll", "r2", seat="gm", player="p1"),
        Event(4, 2, "play", "new_turn", "t2", seat="p2"),
    ]
    seats = {"p1": ["p1"], "p2": ["p2"], "gm": []}
    seqs = lambda **kw: [e.seq for e in filter_events(events, seat_players=seats, **kw)]  # noqa: E731
    assert seqs() == [1, 2, 3, 4]
    assert seqs(turn=2) == [3, 4]
    assert seqs(kind="roll") == [2, 3]
    assert seqs(player="p1") == [1, 3]
    assert seqs(player="p2", turn=1) == [2]


# --- conventions ---------------------------------------------------------------------------


def test_every_campaign_binding_has_an_id_and_a_description():
    from tuicamp.ui.widgets.campaign_map import CampaignMap

    cls = campaign_screen_class(get_ruleset("sandbox"))
    assert issubclass(cls, CampaignScreen) and cls is campaign_screen_class(get_ruleset("sandbox"))
    bindings = [*CampaignScreen.BINDINGS, *cls.BINDINGS, *CampaignMap.BINDINGS]
    assert len(cls.BINDINGS) == len(COMMANDS)
    for binding in bindings:
        assert binding.id and binding.description, binding
    ids = [b.id for b in bindings]
    assert len(ids) == len(set(ids))


def test_sandbox_ui_covers_every_sandbox_action():
    ui = ruleset_ui(get_ruleset("sandbox"))
    assert isinstance(ui, RulesetUI) and ui is ruleset_ui(get_ruleset("sandbox"))
    made = {ui.move_action("a1", "0203").kind, ui.end_turn_action().kind}
    sent_by_commands = {
        "create_army",
        "add_unit",
        "edit_unit",
        "remove_unit",
        "split_army",
        "merge_armies",
        "disband_army",
        "rename_army",
        "set_treasury",
        "set_stores",
        "roll",
        "capture",
    }
    assert {c.id.removeprefix("sandbox.") for c in COMMANDS} == sent_by_commands
    assert made | sent_by_commands == {cls.kind for cls in A.SANDBOX_ACTIONS}
    assert sandbox_ui().commands == COMMANDS


def test_rules_code_names_its_ui_without_importing_it():
    assert get_ruleset("sandbox").ui == "tuicamp.rules.sandbox.screens:sandbox_ui"


# Bindings that share a key on purpose: check_action lets exactly one of them live at a
# time (the battle queue while a battle waits, a message saying none does otherwise).
EXCLUSIVE = {frozenset({"campaign.battles", "campaign.no_battles"})}


def test_no_two_campaign_keys_collide():
    from tuicamp.ui.widgets.campaign_map import CampaignMap

    cls = campaign_screen_class(get_ruleset("sandbox"))
    keys: dict[str, str] = {}
    merged = [b for _, b in CampaignMap._merged_bindings] + [
        *CampaignScreen.BINDINGS,
        *cls.BINDINGS,
    ]
    for binding in merged:
        if binding.id is None:  # Textual's own (tab, shift+tab)
            continue
        for key in binding.key.split(","):
            first = keys.setdefault(key, binding.id)
            assert first == binding.id or {first, binding.id} in EXCLUSIVE, (key, first, binding.id)


# --- the side panel -------------------------------------------------------------------------


def _plain(lines) -> str:
    return "\n".join(line.plain for line in lines)


def test_side_panel_tells_the_hex_and_the_planned_move():
    from tuicamp.ui.widgets.side_panel import MovePreview, panel_lines

    engine = _sandbox_engine()
    ruleset = get_ruleset("sandbox")
    view = view_for(Rules(engine.campaign, ruleset), [], "p1")
    army = view.army("a1")
    text = _plain(panel_lines(view, ruleset, H(1, 1)))
    assert "0202 Clear" in text and "Westmark (Anna)" in text and "Town Altdorf (Anna)" in text
    assert "stream to" not in text
    assert "stream to 0301" in _plain(panel_lines(view, ruleset, H(1, 0)))
    cases = [
        (MovePreview(army, army.hex), "cursor to the goal, Enter"),
        (MovePreview(army, H(3, 2), cost=2.5, budget=4), "to 0403: 2.5 of 4 MP"),
        (MovePreview(army, H(2, 4)), "cannot reach 0305"),
        (MovePreview(army, H(2, 4), priced=False), "to 0305: Enter to order it"),
    ]
    for preview, expected in cases:
        assert expected in _plain(panel_lines(view, ruleset, H(1, 1), preview))


def test_army_lines_show_counters_as_counters_and_cap_the_units():
    from tuicamp.ui.widgets.side_panel import army_lines

    engine = _sandbox_engine(fog_of_war=True)
    for i in range(7):
        engine.perform("p1", A.AddUnit(army="a1", unit=A.UnitSpec(name=f"Levy {i}", points=10)))
    ruleset = get_ruleset("sandbox")
    own = view_for(Rules(engine.campaign, ruleset), engine.chronicle, "p1")
    text = _plain(army_lines(own, ruleset, own.army("a1"), max_units=5))
    assert "Reikland Host" in text and "Halberdiers" in text and "... 4 more (v: details)" in text
    theirs = view_for(Rules(engine.campaign, ruleset), engine.chronicle, "p2")
    text = _plain(army_lines(theirs, ruleset, theirs.army("a1")))
    assert "Anna: strength unknown" in text and "Halberdiers" not in text


def test_army_panel_shows_each_armys_status_lines_under_it_then_the_seats():
    """The side panel shows the seat's status lines: those about an army under that army
    (when the cursor is on its hex), the others after the armies."""
    from tuicamp.ui.widgets.side_panel import army_panel_lines

    engine = _sandbox_engine(enforce_movement=True)
    engine.perform("p1", A.Move(army="a1", to="0303"))
    ruleset = engine.ruleset
    view = view_for(Rules(engine.campaign, ruleset), engine.chronicle, "p1")
    lines = _plain(army_panel_lines(view, ruleset, H(2, 2))).splitlines()
    assert lines[0].endswith("Reikland Host") and lines[1].startswith("  330 pts")
    assert "  MP: 1 spent, 3 of M4 left" in lines
    assert lines.index("  MP: 1 spent, 3 of M4 left") < lines.index("Turn order: Anna, Bruno")
    assert lines[-2:] == ["Turn order: Anna, Bruno", "To play: Anna"]
    empty = _plain(army_panel_lines(view, ruleset, H(0, 0))).splitlines()
    assert empty == ["Turn order: Anna, Bruno", "To play: Anna"]  # no army: no MP line


def test_the_side_panel_shows_names_whole_and_cuts_other_lines_after_a_word():
    """A name the map and the lists cut is read whole in the side panel, wrapped after
    whole words; any other long line is cut after a whole word, never inside one."""
    from textual.content import Content

    from tuicamp.ui.widgets.side_panel import Whole, wrapped

    name = Whole(Content(" E  The Grand Army of Count Heinrich von Stirland"))
    unit = Content("   145 General of the Empire on warhorse")
    lines = [line.plain for line in wrapped([name, unit], 24)]
    assert lines == [
        " E  The Grand Army of",
        "   Count Heinrich von",
        "   Stirland",
        "   145 General of the...",
    ]
    assert all(len(line) <= 24 for line in lines)
    assert [line.plain for line in wrapped([name, unit], 0)] == [name.plain, unit.plain]
