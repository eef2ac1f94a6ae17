"""The editor's edits as plain functions on a scenario's map (tuicamp.game.mapedit): what
each changes and refuses, undo and redo, the checks of `tuicamp check` with the hex each
problem is about, and the file written back reading as the same scenario."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tuicamp.engine import registry
from tuicamp.game.mapedit import draft, edits
from tuicamp.game.mapedit.history import History
from tuicamp.game.mapedit.ledger import ledger
from tuicamp.game.mapedit.writer import scenario_text
from tuicamp.game.mapgen import MapSpec, generate
from tuicamp.game.scenarios import load_scenario
from tuicamp.model.hexes import Hex, Hexside
from tuicamp.storage.scenario import bundled_scenarios, find_scenario


def H(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def test_a_brush_covers_one_hex_its_ring_or_two_rings_on_the_map() -> None:
    m = draft.blank_scenario(10, 8).map
    assert edits.brush(m, H(4, 4), 1) == [H(4, 4)]
    assert len(edits.brush(m, H(4, 4), 2)) == 7
    assert len(edits.brush(m, H(4, 4), 3)) == 19
    assert len(edits.brush(m, H(0, 0), 2)) == 3  # clipped at the corner
    with pytest.raises(ValueError, match="the brush is 1, 2 or 3 hexes"):
        edits.brush(m, H(0, 0), 4)


def test_painting_changes_only_the_hexes_of_another_terrain_and_refuses_unknown_letters() -> None:
    m = draft.blank_scenario(10, 8).map
    rows_before = m.terrain
    assert edits.paint_terrain(m, [H(1, 1), H(2, 1)], "f") == [H(1, 1), H(2, 1)]
    assert m.terrain is not rows_before  # replaced whole: undo points keep the old rows
    assert m.terrain[1] == ".ff......."
    assert edits.paint_terrain(m, [H(1, 1), H(3, 1)], "f") == [H(3, 1)]
    with pytest.raises(ValueError, match="terrain letter 'Q' is not in the map's words"):
        edits.paint_terrain(m, [H(1, 1)], "Q")


def test_features_go_on_and_off_sides_and_refuse_what_the_map_lacks() -> None:
    m = draft.blank_scenario(10, 8).map
    side = Hexside(H(1, 1), H(2, 1))
    assert edits.set_feature(m, side, "river", True)
    assert not edits.set_feature(m, side, "river", True)  # already there
    assert m.features(side) == {"river"}
    assert edits.set_feature(m, side, "river", False)
    assert m.features(side) == frozenset()
    with pytest.raises(ValueError, match="hexside feature 'canal' is not in the map's words"):
        edits.set_feature(m, side, "canal", True)


def test_hexes_move_between_territories_and_a_fill_stops_at_water_and_borders() -> None:
    m = draft.blank_scenario(10, 8).map
    edits.paint_terrain(m, [H(5, r) for r in range(8)], "l")  # a lake across the map
    west = edits.new_territory(m, "West Mark")
    assert west.id == "west-mark"
    filled = edits.flood_fill(m, H(0, 0), west.id)
    assert set(filled) == {h for h in m.hexes() if h.col < 5}
    east = edits.new_territory(m, "West Mark")
    assert east.id == "west-mark-2"
    assert edits.assign_hexes(m, [H(0, 0), H(9, 0)], east.id) == [H(0, 0), H(9, 0)]
    assert m.territory_of(H(0, 0)) is east and H(0, 0) not in west.hexes
    assert edits.assign_hexes(m, [H(0, 0)], None) == [H(0, 0)]
    assert m.territory_of(H(0, 0)) is None
    edits.rename_territory(m, east.id, "Ostland")
    assert m.territory(east.id).name == "Ostland"
    with pytest.raises(ValueError, match="a territory needs a name"):
        edits.new_territory(m, "  ")


def test_settlements_are_placed_changed_and_removed() -> None:
    m = draft.blank_scenario(10, 8).map
    s = edits.place_settlement(m, H(2, 2), "village", "Altdorf", "red")
    assert (s.id, s.owner) == ("altdorf", "red")
    again = edits.place_settlement(m, H(2, 2), "town", "Altdorf", None)
    assert again is s and s.kind == "town" and s.owner is None and len(m.settlements) == 1
    assert edits.remove_settlement(m, H(2, 2)) and not m.settlements
    assert not edits.remove_settlement(m, H(2, 2))


def test_undo_and_redo_put_back_every_table_of_the_map() -> None:
    scenario = draft.blank_scenario(10, 8)
    m, history = scenario.map, History(scenario)
    before = scenario_text(scenario).text
    history.before("paint")
    edits.paint_terrain(m, edits.brush(m, H(3, 3), 3), "h")
    history.before("territory")
    t = edits.new_territory(m, "Hills")
    edits.flood_fill(m, H(3, 3), t.id)
    history.before("settlement")
    edits.place_settlement(m, H(3, 3), "tower", "Watch", "blue")
    history.before("river")
    edits.set_feature(m, Hexside(H(1, 1), H(2, 1)), "river", True)
    after = scenario_text(scenario).text
    assert [history.undo() for _ in range(4)] == ["river", "settlement", "territory", "paint"]
    assert history.undo() is None
    assert scenario_text(scenario).text == before
    assert [history.redo() for _ in range(4)] == ["paint", "territory", "settlement", "river"]
    assert scenario_text(scenario).text == after
    history.undo()
    history.before("another")  # a new edit forgets what was undone
    assert history.redo() is None


def test_problems_are_the_checks_own_with_the_hex_they_are_about() -> None:
    scenario = draft.blank_scenario(10, 8)
    assert draft.findings(scenario) == []
    m = scenario.map
    edits.place_settlement(m, H(2, 1), "village", "Sunk", "red")
    edits.paint_terrain(m, [H(2, 1)], "~")
    found = draft.findings(scenario)
    assert [(f.text, f.hex) for f in found] == [("settlement 'Sunk' is on sea hex 0302", H(2, 1))]
    edits.place_settlement(m, H(2, 1), "village", "Sunk", "nobody")
    texts = [f.text for f in draft.findings(scenario)]
    assert any("owner 'nobody' is not a player" in t for t in texts)


def test_a_saved_scenario_reads_back_as_the_same_scenario(tmp_path: Path) -> None:
    scenario = generate(MapSpec(16, 12, 3, 2)).scenario
    path = tmp_path / "saved.toml"
    draft.save(scenario, path)
    again = load_scenario(path)
    assert scenario_text(again).text == scenario_text(scenario).text
    assert again.map.terrain == scenario.map.terrain
    assert [t.hexes for t in again.map.territories] == [t.hexes for t in scenario.map.territories]


def test_saving_over_a_file_keeps_the_comment_it_opens_with(tmp_path: Path) -> None:
    """The notes heading a designer's file (here, how the generator made it) are kept
    when the editor saves over it; the writer lays out the rest."""
    made = generate(MapSpec(16, 12, 2, 4))
    path = tmp_path / "mine.toml"
    head = "# My notes: the Reik runs west.\n#\n#   indented, kept as typed\n"
    path.write_text(head + made.text().text, "utf-8")
    scenario = load_scenario(path)
    edits.paint_terrain(scenario.map, [H(0, 0)], "f")
    draft.save(scenario, path)
    saved = path.read_text("utf-8")
    assert saved.startswith(head + made.text().text.split("\n\n")[0].split("\n", 1)[0])
    assert draft.header_of(saved).splitlines()[:3] == [
        "My notes: the Reik runs west.",
        "",
        "  indented, kept as typed",
    ]
    draft.save(load_scenario(path), path)  # saved again: the same file
    assert path.read_text("utf-8") == saved


def test_bundled_scenarios_written_back_keep_everything_they_hold(tmp_path: Path) -> None:
    """The writer loses nothing a bundled scenario says: read, written, read again, the
    two readings are alike."""
    for path in bundled_scenarios():
        first = load_scenario(path)
        out = tmp_path / path.name
        out.write_text(scenario_text(first).text, encoding="utf-8")
        second = load_scenario(out)
        for part in ("players", "armies", "victory", "rulesets", "turn_limit", "teams"):
            assert getattr(second, part) == getattr(first, part), (path.name, part)
        assert second.map == first.map, path.name
        assert second.description == first.description


@settings(max_examples=25, deadline=None)
@given(
    strokes=st.lists(
        st.tuples(
            st.integers(0, 9), st.integers(0, 7), st.sampled_from(".fhm~"), st.integers(1, 3)
        ),
        min_size=1,
        max_size=8,
    )
)
def test_any_strokes_undone_give_back_the_map_as_it_was(strokes) -> None:
    scenario = draft.blank_scenario(10, 8)
    history = History(scenario)
    before = list(scenario.map.terrain)
    for col, row, letter, size in strokes:
        history.before("paint")
        edits.paint_terrain(scenario.map, edits.brush(scenario.map, H(col, row), size), letter)
    while history.undo() is not None:
        pass
    assert scenario.map.terrain == before


def test_the_head_and_the_player_slots_are_set_as_typed_or_refused() -> None:
    scenario = draft.blank_scenario(10, 8)
    edits.set_head(scenario, "Border Feud", "border-feud", "10")
    assert (scenario.title, scenario.id, scenario.turn_limit) == ("Border Feud", "border-feud", 10)
    with pytest.raises(ValueError, match="a whole number of turns"):
        edits.set_head(scenario, "Border Feud", "border-feud", "ten")
    with pytest.raises(ValueError, match="lower-case letters, digits and - only"):
        edits.set_head(scenario, "Border Feud", "Border Feud", "10")
    scenario.players[0].treasury = 25
    edits.set_players(scenario, ["red, The Reds, Empire, red", "", "elf, Elves, High Elves, cyan"])
    assert [(p.id, p.name, p.treasury) for p in scenario.players] == [
        ("red", "The Reds", 25),
        ("elf", "Elves", 0),
    ]
    assert draft.findings(scenario) == []
    with pytest.raises(ValueError, match="write a slot as id, name, race, colour"):
        edits.set_players(scenario, ["red, Reds"])
    with pytest.raises(ValueError, match="colour 'pink': one of red, blue"):
        edits.set_players(scenario, ["red, Reds, Empire, pink"])
    with pytest.raises(ValueError, match="at least one player slot"):
        edits.set_players(scenario, ["", " "])


def test_a_slot_offers_the_races_a_player_may_pick_and_they_pass_the_check(tmp_path) -> None:
    """A slot's races are those a player may choose for it (empty: any); the race it
    starts as is one of them, and the list is written back as the file holds it."""
    scenario = draft.blank_scenario(10, 8)
    line = "red, The Reds, Empire, red, Empire / Dwarfs / Bretonnia"
    edits.set_players(scenario, [line, "blue, Blues, Orcs & Goblins, blue"])
    assert scenario.players[0].races == ["Empire", "Dwarfs", "Bretonnia"]
    assert scenario.players[1].races == []
    assert edits.slot_line(scenario.players[0]) == line
    assert edits.slot_line(scenario.players[1]) == "blue, Blues, Orcs & Goblins, blue"
    assert draft.findings(scenario) == []
    path = tmp_path / "races.toml"
    draft.save(scenario, path)
    assert load_scenario(path).players[0].races == ["Empire", "Dwarfs", "Bretonnia"]
    with pytest.raises(ValueError, match="race 'Skaven' is not among the races it offers"):
        edits.set_players(scenario, ["red, Reds, Skaven, red, Empire / Dwarfs"])
    edits.set_players(scenario, ["red, The Reds, Empire, red"])  # none typed: any race
    assert scenario.players[0].races == []


def test_the_ledger_counts_land_settlements_and_armies_against_the_campaign_size() -> None:
    """Rauscher: settlements' costs ("village 100", "town 250", a palisade 100 more) and
    armies count against each player's share of campaign_points; over or under is told."""
    scenario = generate(MapSpec(16, 12, 2, 3, ruleset="rauscher")).scenario
    scenario.rulesets["rauscher"].options["campaign_points"] = 1400
    m = scenario.map
    for s in m.settlements:
        s.owner = None
    edits.place_settlement(m, m.territories[0].hexes[0], "town", "Palisaded", "red")
    m.settlement("palisaded").walls = True
    lines = {line.player: line for line in ledger(scenario)}
    army = sum(a.points for a in scenario.armies if a.owner == "red")
    assert lines["red"].points == army + 250 + 100
    assert lines["red"].allowance == 700 and lines["red"].settlements == 1
    assert army == 350 and lines["red"].warning is None  # 700 of 700
    scenario.rulesets["rauscher"].options["campaign_points"] = 400
    over = {line.player: line for line in ledger(scenario)}["red"]
    assert over.warning == f"Red is {army + 350 - 200:,} pts over the 200 agreed"
    assert ledger(draft.blank_scenario(10, 8))[0].allowance is None  # the sandbox has none


def test_walls_stores_and_rulesets_are_read_as_typed_or_refused() -> None:
    assert edits.parse_yes("Yes") and not edits.parse_yes("") and not edits.parse_yes("no")
    with pytest.raises(ValueError, match="answer yes or no"):
        edits.parse_yes("maybe")
    assert edits.parse_stores("food=2, gold = 1") == {"food": 2, "gold": 1}
    assert edits.parse_stores(" ") == {}
    with pytest.raises(ValueError, match="write stores as name=number"):
        edits.parse_stores("food=-1")
    scenario = draft.blank_scenario(10, 8)
    words = {rid: registry.get_ruleset(rid).vocabulary for rid in ("sandbox", "rauscher")}
    edits.set_rulesets(scenario, ["rauscher", " sandbox", "rauscher"], words)
    assert list(scenario.rulesets) == ["rauscher", "sandbox"]
    assert scenario.map.vocabulary is words["rauscher"]
    with pytest.raises(ValueError, match="ruleset 'nope' is not installed"):
        edits.set_rulesets(scenario, ["nope"], words)
    with pytest.raises(ValueError, match="at least one ruleset"):
        edits.set_rulesets(scenario, [" "], words)


def test_a_lasso_takes_its_trail_and_all_the_trail_closes_in() -> None:
    m = draft.blank_scenario(12, 10).map
    ring = list(H(5, 5).ring(2))
    west = edits.new_territory(m, "Heartland")
    taken = edits.lasso(m, ring, west.id)
    assert set(taken) == set(H(5, 5).within(2))  # the ring of 12 and the 7 it closes in
    assert m.territory_of(H(5, 5)) is west
    open_trail = [H(c, 0) for c in range(12)]  # along the edge: it closes nothing in
    assert set(edits.enclosed(m, open_trail)) == set(open_trail)


def test_a_territory_starts_as_a_slots_or_a_teams_land_or_nobodys() -> None:
    scenario = draft.blank_scenario(10, 8)
    m = scenario.map
    t = edits.new_territory(m, "Marches")
    edits.assign_hexes(m, [H(0, 0), H(1, 0)], t.id)
    assert edits.set_territory_owner(scenario, t.id, "red") and t.owner == "red"
    assert not edits.set_territory_owner(scenario, t.id, "red")
    assert [line.territories for line in ledger(scenario)] == [1, 0]
    assert edits.set_territory_owner(scenario, t.id, "") and t.owner is None
    with pytest.raises(ValueError, match="owner 'green' is neither a player slot nor a team"):
        edits.set_territory_owner(scenario, t.id, "green")


def test_the_aasen_ledger_counts_territories_per_realm_against_11_and_6() -> None:
    """Hex Island's map is "made up of hexagonal tiles - 11 for each normal realm and 6
    for each pirate realm" (R-AA-1), and once the land is dealt "all normal realms should
    have eleven territories and all pirate realms should have six" (2.1): the ledger has a
    line per realm, its territories against its size, a warning when over or under."""
    scenario = load_scenario(find_scenario("hex-island-corsairs"))
    lines = {line.player: line for line in ledger(scenario)}
    assert {p: (x.territories, x.land) for p, x in lines.items()} == {
        "hag-graef-reach": (11, 11),
        "arnheim-colony": (11, 11),
        "the-brethren": (6, 6),
    }
    assert all(x.warning is None for x in lines.values())
    assert lines["the-brethren"].short().startswith("Brethren: 6/6T ")
    taken = next(t for t in scenario.map.territories if t.owner == "the-brethren")
    assert edits.set_territory_owner(scenario, taken.id, "arnheim-colony")
    lines = {line.player: line for line in ledger(scenario)}
    assert lines["the-brethren"].warning == (
        "Brethren holds 5 territories, 1 under the 6 it starts with"
    )
    assert lines["arnheim-colony"].warning == (
        "Arnheim Colony holds 12 territories, 1 over the 11 it starts with"
    )
    assert lines["arnheim-colony"].short().endswith(" over")
    members = {p.id for p in scenario.players if p.id in scenario.teams[0].members}
    points = sum(a.points for a in scenario.armies if a.owner in members)
    assert lines["hag-graef-reach"].points == points  # its two players' armies


def test_a_territory_is_recoloured_saved_with_its_colour_and_undone(tmp_path: Path) -> None:
    """The issue asks for territories renamed and recoloured: the colour is one of the
    16 ANSI colours (or none), written in its [[territory]] table and read back."""
    scenario = draft.blank_scenario(10, 8)
    m = scenario.map
    t = edits.new_territory(m, "Marches")
    edits.assign_hexes(m, [H(0, 0), H(1, 0)], t.id)
    history = History(scenario)
    history.before("recolour")
    assert edits.set_territory_colour(m, t.id, "Bright Green") and t.colour == "bright_green"
    assert not edits.set_territory_colour(m, t.id, "bright_green")
    with pytest.raises(ValueError, match="'mauve' is not one of the 16 ANSI colours"):
        edits.set_territory_colour(m, t.id, "mauve")
    path = tmp_path / "tinted.toml"
    draft.save(scenario, path)
    assert 'colour = "bright_green"' in path.read_text(encoding="utf-8")
    assert load_scenario(path).map.territory(t.id).colour == "bright_green"
    history.undo()
    assert m.territory(t.id).colour == ""
    assert edits.set_territory_colour(m, t.id, "red") and edits.set_territory_colour(m, t.id, "")
    assert m.territory(t.id).colour == ""


def test_a_files_territory_colour_that_is_no_colour_is_a_problem_at_its_line(tmp_path) -> None:
    scenario = draft.blank_scenario(10, 8)
    t = edits.new_territory(scenario.map, "Marches")
    edits.assign_hexes(scenario.map, [H(0, 0)], t.id)
    edits.set_territory_colour(scenario.map, t.id, "red")
    path = tmp_path / "bad.toml"
    text = scenario_text(scenario).text.replace('colour = "red"', 'colour = "mauve"')
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index('colour = "mauve"') + 1
    problems = draft.check_text(path, text).problems
    assert [(p.line, p.text.split(":")[0]) for p in problems] == [(line, "territory colour")]
