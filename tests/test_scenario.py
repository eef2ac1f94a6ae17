"""Scenario files: every kind of mistake is one line naming the file and the line, and a
good scenario becomes a campaign with the seats, options, dice and copies it should have.

The rulesets here are a fake registered in place of the installed ones, so these tests
pin the scenario format and not any ruleset's choices (the bundled scenarios are tested
against the real rulesets in test_scenario_bundled.py).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp.engine import registry
from tuicamp.engine.actions import Action
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.context import Context
from tuicamp.engine.errors import InputError, RuleError
from tuicamp.engine.problems import Problem
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import Option, Phase, Ruleset
from tuicamp.game.scenarios import load_scenario, scenario_problems
from tuicamp.game.setup import new_campaign
from tuicamp.model import Category, Hex, parse_label
from tuicamp.model.campaign import Campaign, DiceMode
from tuicamp.storage.scenario import GM_SEAT, Scenario
from tuicamp.storage.scenario import load_scenario as files_scenario


class FakeRuleset(Ruleset):
    """Options of every type, one table, a set-up key it checks, and a record of set-up."""

    id = "fake"
    title = "Fake"
    phases = (Phase("muster", "Muster"), Phase("march", "March"))
    options = (
        Option("fog", False, "hide enemies"),
        Option("battles_per_turn", 1, "how many"),
        Option("weather", "fair", "sky", choices=("fair", "foul")),
        Option("pace", 1.0, "speed factor"),
    )
    default_tables = {"terrain_cost": {"clear": 1, "forest": 2}, "events": {}}

    def setup(self, campaign: Campaign, setup: dict[str, Any]) -> None:
        campaign.phase = setup.get("start_phase", "muster")
        campaign.state = {"setup": setup}

    def setup_problems(self, setup: dict[str, Any]) -> list[Problem]:
        phase = setup.get("start_phase", "muster")
        if phase not in ("muster", "march"):
            return [Problem(("start_phase",), f"{phase!r} is not a phase (muster, march)")]
        return []

    def apply(self, ctx: Context, action: Action) -> None:
        """It has no actions of its own (a Ruleset must say what its actions do)."""
        raise RuleError(f"The fake has no action {action.kind!r}")


class BrokenRuleset(FakeRuleset):
    id = "broken"

    def setup_problems(self, setup: dict[str, Any]) -> list[Problem]:
        raise KeyError("oops")


FAKE = FakeRuleset()


@pytest.fixture(autouse=True)
def fake_rulesets(monkeypatch):
    """Only the fake is installed (load_rulesets is cached, so it is replaced, not cleared)."""
    monkeypatch.setattr(registry, "load_rulesets", lambda: {"fake": FAKE})


BASE = '''\
format_version = 1

[scenario]
id = "test-march"
title = "Test March"
description = """
Two lines
of text.

Second paragraph."""
turn_limit = 8

[map]
width = 6
height = 4
terrain = [
  "..ff.h",
  ".l..hm",
  "..s...",
  "f....h",
]
territory_rows = [
  "AAABBB",
  "AAABBB",
  "AAABB.",
  "AAABB.",
]

[map.hexsides]
river = ["0301-0401", "0302-0401", "0302-0402"]
stream = ["0103-0203"]
road = ["0101-0201", "0201-0301", "0301-0401", "0401-0501"]
bridge = ["0301-0401"]
ford = ["0302-0402"]

[[territory]]
id = "west"
name = "Westmark"
code = "A"
owner = "p1"
revenue = 10

[[territory]]
id = "east"
name = "Eastmark"
code = "B"
hexes = ["0603"]
owner = "p2"

[[settlement]]
id = "altdorf"
kind = "town"
name = "Altdorf"
hex = "0101"
owner = "p1"
walls = true
stores = { food = 2 }

[[settlement]]
id = "grunberg"
kind = "village"
name = "Grunberg"
hex = "0503"

[[player]]
id = "p1"
name = "Anna"
race = "Empire"
races = ["Empire", "Bretonnia"]
colour = "yellow"
treasury = 100

[[player]]
id = "p2"
name = "Bruno"
race = "Orcs & Goblins"
colour = "green"

[[army]]
id = "host"
name = "Reikland Host"
owner = "p1"
hex = "0101"

  [[army.unit]]
  id = "halberdiers"
  name = "Halberdiers"
  points = 140
  models = 20

  [[army.unit]]
  name = "Captain"
  points = 70
  category = "character"
  leadership = 8
  flags = ["general"]

[[army]]
id = "waaagh"
name = "Waaagh Bigmouth"
owner = "p2"
hex = "0503"

  [[army.unit]]
  id = "boyz"
  name = "Orc Boyz"
  points = 165
  models = 25

[victory]
type = "capitals"

[ruleset.fake]
start_phase = "muster"
options = { fog = true, battles_per_turn = 2 }
tables = { terrain_cost = { forest = 3 } }
'''


def write(tmp_path: Path, text: str, name: str = "march.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def edit(old: str, new: str, text: str = BASE, nth: int = 1) -> str:
    """BASE with the nth occurrence of ``old`` replaced (the fixture must contain it)."""
    at = -1
    for _ in range(nth):
        at = text.index(old, at + 1)
    return text[:at] + new + text[at + len(old) :]


def line_of(text: str, needle: str, nth: int = 1) -> int:
    """1-based line of the nth occurrence of ``needle``: where the error must point."""
    at = -1
    for _ in range(nth):
        at = text.index(needle, at + 1)
    return text[:at].count("\n") + 1


def only_problem(tmp_path: Path, text: str) -> str:
    path = write(tmp_path, text)
    problems = scenario_problems(path)
    assert len(problems) == 1, problems
    with pytest.raises(InputError) as exc:
        load_scenario(path)
    assert str(exc.value) == problems[0]
    return problems[0]


def expect(tmp_path: Path, text: str, needle: str, message: str, nth: int = 1) -> None:
    """The file has exactly one problem: ``message`` on the line holding ``needle``."""
    got = only_problem(tmp_path, text)
    assert got == f"{tmp_path / 'march.toml'}:{line_of(text, needle, nth)}: {message}"


# --- a good file ----------------------------------------------------------------------
def test_base_fixture_is_a_good_scenario(tmp_path):
    path = write(tmp_path, BASE)
    assert scenario_problems(path) == []
    sc = load_scenario(path)
    assert (sc.id, sc.title, sc.turn_limit, sc.path) == ("test-march", "Test March", 8, path)
    assert sc.description == "Two lines of text.\n\nSecond paragraph."
    west, east = sc.map.territories
    assert len(west.hexes) == 12 and west.owner == "p1" and west.revenue == 10
    # two from the rows per row for rows 1-2, and 0603 from its own list
    assert sorted(h.label() for h in east.hexes) == sorted(
        ["0401", "0501", "0601", "0402", "0502", "0602", "0403", "0503", "0603", "0404", "0504"]
    )
    assert sc.map.territory_of(parse_label("0604")) is None
    assert sc.map.features_between(parse_label("0301"), parse_label("0401")) == {
        "river",
        "road",
        "bridge",
    }
    altdorf = sc.map.settlement("altdorf")
    assert altdorf.walls and altdorf.stores == {"food": 2} and altdorf.hex == parse_label("0101")
    assert [p.id for p in sc.players] == ["p1", "p2"]
    assert sc.players[0].races == ["Empire", "Bretonnia"] and sc.players[1].races == []
    host = sc.armies[0]
    assert [u.id for u in host.units] == ["halberdiers", "host-1"]  # an id made for the Captain
    captain = host.units[1]
    assert captain.category is Category.CHARACTER and captain.flags == {"general"}
    assert (captain.movement, captain.leadership, captain.models) == (4, 8, 1)
    assert host.points == 210
    assert sc.victory == {"type": "capitals", "turn_limit": 8}
    setup = sc.rulesets["fake"]
    assert setup.options == {"fog": True, "battles_per_turn": 2}
    assert setup.tables == {"terrain_cost": {"forest": 3}}
    assert setup.setup == {"start_phase": "muster"}


def test_problems_are_every_problem_in_file_order(tmp_path):
    text = edit("points = 165", "points = -165")
    text = edit('hex = "0503"\n\n[[player]]', 'hex = "0909"\n\n[[player]]', text)
    text = edit('colour = "green"', 'colur = "green"', text)
    text = edit("[ruleset.fake]", "[ruleset.rauscher]", text)
    path = write(tmp_path, text)
    assert scenario_problems(path) == [
        f"{path}:{line_of(text, '0909')}: hex 0909 is off the map (6 x 4)",
        f"{path}:{line_of(text, 'colur')}: unknown key 'colur' in [[player]] "
        "(did you mean 'colour'?)",
        f"{path}:{line_of(text, 'points = -165')}: points must not be negative (-165)",
        f"{path}:{line_of(text, '[ruleset.rauscher]')}: ruleset 'rauscher' is not installed "
        "(installed: fake)",
    ]
    with pytest.raises(InputError, match="0909 is off the map"):
        load_scenario(path)


# --- reading the file -------------------------------------------------------------------
def test_truncated_toml_names_the_line_it_stops_on(tmp_path):
    text = BASE[: BASE.index('name = "Reikland Host"') + len('name = "Reik')]
    got = only_problem(tmp_path, text)
    assert got.startswith(f"{tmp_path / 'march.toml'}:{line_of(text, 'Reik')}: not valid TOML")


def test_truncated_in_a_table_header(tmp_path):
    text = BASE[: BASE.index("[victory]") + len("[vict")]
    got = only_problem(tmp_path, text)
    assert got.startswith(f"{tmp_path / 'march.toml'}:{line_of(text, '[vict')}: not valid TOML")


def test_fifty_megabyte_file_is_one_line(tmp_path):
    path = tmp_path / "huge.toml"
    with path.open("wb") as f:
        f.write(BASE.encode())
        pad = b"# padding padding padding padding padding padding padding padding padding\n"
        f.write(pad * (50_000_000 // len(pad)))
    problems = scenario_problems(path)
    assert len(problems) == 1
    assert re.fullmatch(
        rf"{re.escape(str(path))}:1: the file is \d+ MB; tuicamp reads at most "
        r"\d+ MB",
        problems[0],
    )
    with pytest.raises(InputError) as exc:
        load_scenario(path)
    assert str(exc.value) == problems[0]


def test_missing_file(tmp_path):
    assert scenario_problems(tmp_path / "nope.toml") == [f"{tmp_path / 'nope.toml'}: no such file"]


# --- keys and types ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        (
            "format_version = 1",
            "format_version = 1\nbogus = 3",
            "bogus",
            "unknown key 'bogus' in the scenario file (known: format_version, scenario, map, "
            "territory, settlement, player, team, army, victory, ruleset)",
        ),
        (
            'colour = "green"',
            'colur = "green"',
            "colur",
            "unknown key 'colur' in [[player]] (did you mean 'colour'?)",
        ),
        (
            "  models = 25",
            "  model = 25",
            "model = 25",
            "unknown key 'model' in [[army.unit]] (did you mean 'models'?)",
        ),
        (
            'stream = ["0103-0203"]',
            'streams = ["0103-0203"]',
            "streams",
            "unknown hexside feature 'streams' in [map.hexsides] (did you mean 'stream'?)",
        ),
        (
            "turn_limit = 8",
            "turn_limit = 8\nauthor = 'me'",
            "author",
            "unknown key 'author' in [scenario] (known: id, title, description, turn_limit)",
        ),
    ],
)
def test_unknown_keys(tmp_path, old, new, needle, message):
    expect(tmp_path, edit(old, new), needle, message)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("points = 140", 'points = "140"', "points should be a whole number, not text '140'"),
        ("width = 6", "width = 6.5", "width should be a whole number, not the number 6.5"),
        ("walls = true", 'walls = "yes"', "walls should be true or false, not text 'yes'"),
        (
            'flags = ["general"]',
            'flags = "general"',
            "flags should be a list of text, not text 'general'",
        ),
        (
            'flags = ["general"]',
            'flags = ["general", 3]',
            "flags item 2 should be text, not the number 3",
        ),
        (
            "stores = { food = 2 }",
            'stores = { food = "2" }',
            "stores.food should be a whole number, not text '2'",
        ),
        ('title = "Test March"', "title = 3", "title should be text, not the number 3"),
        (
            'id = "boyz"',
            'id = "Orc Boyz"',
            "id should be an id (letters, digits, - and _), not text 'Orc Boyz'",
        ),
        (
            'category = "character"',
            'category = "hero"',
            "category 'hero' is not one of rank_and_file, character, war_machine, monster, "
            "light_cavalry",
        ),
        ("leadership = 8", "leadership = 11", "leadership must be at most 10 (11)"),
        ("treasury = 100", "treasury = true", "treasury should be a whole number, not true"),
    ],
)
def test_wrong_types(tmp_path, old, new, message):
    text = edit(old, new)
    expect(tmp_path, text, new.splitlines()[0], message)


def test_a_table_where_an_array_of_tables_belongs(tmp_path):
    text = BASE.replace("[victory]", "[army]\nid = 'x'\n\n[victory]", 1)
    text = text.replace("[[army]]", "[[armies]]")  # keep the TOML valid: no [army] clash
    path = write(tmp_path, text)
    problems = scenario_problems(path)
    assert (
        f"{path}:{line_of(text, '[army]')}: army should be an array of tables, not a table"
        in problems
    )


def test_missing_required_keys_point_at_their_table(tmp_path):
    text = edit('  name = "Halberdiers"\n', "")
    expect(tmp_path, text, "[[army.unit]]", "[[army.unit]] is missing name")
    text = BASE.replace("[map]\nwidth = 6\n", "[map]\n")
    expect(tmp_path, text, "[map]", "[map] is missing width")


def test_missing_sections(tmp_path):
    text = BASE[: BASE.index("[victory]")]  # no [ruleset.*] table at all
    path = write(tmp_path, text)
    assert scenario_problems(path) == [
        f"{path}:1: the scenario file is missing a [ruleset.<id>] table for each ruleset it "
        "supports"
    ]
    text = edit("format_version = 1\n", "")
    path = write(tmp_path, text)
    assert scenario_problems(path) == [f"{path}:1: the scenario file is missing format_version = 1"]


def test_empty_lists_of_players_and_rulesets(tmp_path):
    text = BASE.replace("[[player]]", "[[slot]]").replace(
        "format_version = 1", "format_version = 1\nplayer = []"
    )
    path = write(tmp_path, text)
    assert f"{path}:2: a scenario needs at least one [[player]] slot" in scenario_problems(path)
    text = BASE[: BASE.index("[ruleset.fake]")].replace(
        "format_version = 1", "format_version = 1\nruleset = {}"
    )
    expect(
        tmp_path,
        text,
        "ruleset = {}",
        "a scenario supports at least one ruleset: add a [ruleset.<id>] table",
    )


def test_unsupported_format_version(tmp_path):
    expect(
        tmp_path,
        edit("format_version = 1", "format_version = 2"),
        "format_version",
        "format_version 2 is not supported (made by a newer tuicamp?); this tuicamp reads "
        "format_version 1",
    )


# --- the map ----------------------------------------------------------------------------
def test_terrain_rows_of_the_wrong_count_and_length(tmp_path):
    expect(
        tmp_path, edit('  "f....h",\n', ""), "terrain = [", "terrain has 3 rows; the map is 4 high"
    )
    expect(
        tmp_path,
        edit('"..s...",', '"..s....",'),
        '"..s....",',
        "terrain row 3 has 7 hexes; the map is 6 wide",
    )


def test_unknown_terrain_letter_names_the_column(tmp_path):
    expect(
        tmp_path,
        edit('"..s...",', '"..sX..",'),
        '"..sX..",',
        "terrain row 3, column 4 (hex 0403): unknown terrain letter 'X': not declared by "
        "ruleset fake (letters: . f h m s d j w l ~)",
    )


def test_map_too_big_or_empty(tmp_path):
    expect(
        tmp_path, edit("height = 4", "height = 0"), "height = 0", "height must be at least 1 (0)"
    )
    expect(
        tmp_path, edit("width = 6", "width = 501"), "width = 501", "width must be at most 500 (501)"
    )


def test_territory_rows_with_an_unknown_code(tmp_path):
    expect(
        tmp_path,
        edit('"AAABB.",', '"AAQBB.",'),
        '"AAQBB.",',
        "territory_rows row 3, column 3 (hex 0303): 'Q' is not the code of any [[territory]]",
    )


def test_territory_rows_of_the_wrong_shape(tmp_path):
    expect(
        tmp_path,
        edit('"AAABBB",', '"AAABB",'),
        '"AAABB",',
        "territory_rows row 1 has 5 hexes; the map is 6 wide",
    )


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'river = ["0301-0401"',
            'river = ["0601-0701", "0301-0401"',
            "river 0601-0701: hex 0701 is off the map (6 x 4)",
        ),
        (
            'river = ["0301-0401"',
            'river = ["0301-0501"',
            "river: '0301-0501': 0301 and 0501 are not neighbours",
        ),
        (
            'stream = ["0103-0203"]',
            'stream = ["0103-0303"]',
            "stream: '0103-0303': 0103 and 0303 are not neighbours",
        ),
        (
            'stream = ["0103-0203"]',
            'stream = ["0103"]',
            "stream: '0103' is not a hexside (use two neighbouring hexes: 0304-0305)",
        ),
        (
            'bridge = ["0301-0401"]',
            'bridge = ["0101-0201"]',
            "bridge 0101-0201 is on no river or stream",
        ),
    ],
)
def test_bad_hexsides(tmp_path, old, new, message):
    expect(tmp_path, edit(old, new), new, message)


def test_two_roads_may_share_a_side(tmp_path):
    path = write(tmp_path, edit('road = ["0101-0201"', 'road = ["0201-0101", "0101-0201"'))
    assert scenario_problems(path) == []
    assert (
        load_scenario(path).map.hexsides["road"].count(load_scenario(path).map.hexsides["road"][0])
        == 1
    )


# --- territories, settlements, players, armies -----------------------------------------
def test_hexes_off_the_map(tmp_path):
    expect(
        tmp_path,
        edit('hex = "0101"', 'hex = "0705"'),
        'hex = "0705"',
        "hex 0705 is off the map (6 x 4)",
    )
    expect(
        tmp_path,
        edit('hexes = ["0603"]', 'hexes = ["0603", "0006"]'),
        "hexes",
        "hex: '0006': hex labels start at 01 (column and row are 1-based)",
    )
    expect(
        tmp_path,
        edit('hex = "0101"', 'hex = "0105"', nth=2),
        'hex = "0105"',
        "hex 0105 is off the map (6 x 4)",
    )


def test_a_hex_belongs_to_one_territory(tmp_path):
    text = edit('hexes = ["0603"]', 'hexes = ["0603", "0101"]')
    expect(
        tmp_path,
        text,
        "hexes = [",
        "hex 0101 is already in the territory at line "
        f"{line_of(text, 'AAABBB')}; a hex belongs to one territory",
    )


def test_a_territory_without_hexes(tmp_path):
    text = edit('code = "B"\nhexes = ["0603"]\n', "")
    text = text.replace('"AAABBB",', '"AAA...",').replace('"AAABB.",', '"AAA...",')
    expect(
        tmp_path,
        text,
        "[[territory]]",
        "territory 'east' has no hexes: give it a code used in territory_rows, or hexes = [...]",
        nth=2,
    )
    text = edit('hexes = ["0603"]\n', "")
    text = text.replace('"AAABBB",', '"AAA...",').replace('"AAABB.",', '"AAA...",')
    expect(
        tmp_path,
        text,
        "[[territory]]",
        "territory 'east' has no hexes: its code 'B' is not in territory_rows",
        nth=2,
    )


def test_territory_codes_are_single_and_unique(tmp_path):
    rows_without_b = BASE.replace('"AAABBB",', '"AAAAAA",').replace('"AAABB.",', '"AAAAA.",')
    text = edit('code = "B"', 'code = "A"', rows_without_b)
    expect(
        tmp_path,
        text,
        'code = "A"',
        f"code 'A' is already used by the territory at line {line_of(BASE, '[[territory]]')}",
        nth=2,
    )
    text = edit('code = "B"', 'code = "BB"', rows_without_b)
    expect(tmp_path, text, 'code = "BB"', "code is one letter for territory_rows, not 'BB'")


@pytest.mark.parametrize(
    ("old", "new", "needle", "noun"),
    [
        ('id = "p2"', 'id = "p1"', 'id = "p1"', "player"),
        ('id = "east"', 'id = "west"', 'id = "west"', "territory"),
        ('id = "grunberg"', 'id = "altdorf"', 'id = "altdorf"', "settlement"),
        ('id = "waaagh"', 'id = "host"', 'id = "host"', "army"),
        ('id = "boyz"', 'id = "halberdiers"', 'id = "halberdiers"', "unit"),
    ],
)
def test_duplicate_ids(tmp_path, old, new, needle, noun):
    text = edit(old, new)
    ident = new.split('"')[1]
    text_first = line_of(text, needle)
    message = f"duplicate {noun} id '{ident}' (first at line {text_first})"
    if noun == "player":  # the owners stay valid: p1 still exists, p2's things now are not
        path = write(tmp_path, text)
        assert f"{path}:{line_of(text, needle, 2)}: {message}" in scenario_problems(path)
    else:
        expect(tmp_path, text, needle, message, nth=2)


def test_an_id_made_for_a_unit_avoids_ids_given_by_hand(tmp_path):
    path = write(tmp_path, edit('id = "boyz"', 'id = "host-1"'))
    sc = load_scenario(path)
    assert [u.id for u in sc.armies[0].units] == ["halberdiers", "host-2"]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("points = 140", "points = -5", "points must not be negative (-5)"),
        ("treasury = 100", "treasury = -1", "treasury must not be negative (-1)"),
        ("models = 20", "models = 0", "models must be at least 1 (0)"),
        (
            "stores = { food = 2 }",
            "stores = { food = -2 }",
            "stores.food must not be negative (-2)",
        ),
        ("revenue = 10", "revenue = -10", "revenue must not be negative (-10)"),
        ("turn_limit = 8", "turn_limit = -1", "turn_limit must not be negative (-1)"),
    ],
)
def test_negative_numbers(tmp_path, old, new, message):
    expect(tmp_path, edit(old, new), new, message)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('owner = "p1"\nrevenue', 'owner = "p3"\nrevenue'),  # a territory
        ('owner = "p1"\nwalls', 'owner = "p3"\nwalls'),  # a settlement
        ('owner = "p2"\nhex = "0503"', 'owner = "p3"\nhex = "0503"'),  # an army
        ("walls = true", 'walls = true\noriginal_owner = "p3"'),
    ],
)
def test_owner_that_is_not_a_player(tmp_path, old, new):
    expect(tmp_path, edit(old, new), '"p3"', "owner 'p3' is not a player (players: p1, p2)")


def test_a_slot_race_is_spelled_as_the_slot_spells_it(tmp_path):
    sc = load_scenario(write(tmp_path, edit('race = "Empire"', 'race = "empire"')))
    assert sc.players[0].race == "Empire"


def test_a_slot_race_must_be_one_it_allows(tmp_path):
    expect(
        tmp_path,
        edit('race = "Empire"', 'race = "Dwarfs"'),
        'race = "Dwarfs"',
        "race 'Dwarfs' is not one of this slot's races (Empire, Bretonnia)",
    )


def test_the_gm_seat_id_is_kept(tmp_path):
    text = edit('id = "p2"', f'id = "{GM_SEAT}"').replace('"p2"', f'"{GM_SEAT}"')
    path = write(tmp_path, text)
    assert scenario_problems(path) == [
        f"{path}:{line_of(text, 'id = ' + repr(GM_SEAT).replace(chr(39), chr(34)))}: "
        "player id 'gm' is kept for the "
        "Games Master's seat"
    ]


def test_two_players_with_one_map_letter(tmp_path):
    text = edit('name = "Bruno"', 'name = "Alfred"')
    expect(
        tmp_path,
        text,
        "[[player]]",
        "player shows as 'A' on the map like the player at line "
        f'{line_of(text, "[[player]]")}; give one of them another letter = "..."',
        nth=2,
    )
    path = write(tmp_path, edit('name = "Alfred"', 'name = "Alfred"\nletter = "F"', text))
    assert scenario_problems(path) == []


def test_a_settlement_in_a_lake(tmp_path):
    expect(
        tmp_path,
        edit('hex = "0503"', 'hex = "0202"'),
        'hex = "0202"',
        "settlement 'Grunberg' is on lake hex 0202",
    )


def test_turn_limit_belongs_to_the_scenario_table(tmp_path):
    expect(
        tmp_path,
        edit('type = "capitals"', 'type = "capitals"\nturn_limit = 3'),
        "turn_limit = 3",
        "put turn_limit in [scenario], not in [victory]",
    )


# --- rulesets -----------------------------------------------------------------------------
def test_a_ruleset_that_is_not_installed(tmp_path):
    expect(
        tmp_path,
        edit("[ruleset.fake]", "[ruleset.rauscher]"),
        "[ruleset.rauscher]",
        "ruleset 'rauscher' is not installed (installed: fake)",
    )


@pytest.mark.parametrize(
    ("new", "message"),
    [
        (
            "options = { foggy = true }",
            "ruleset fake has no option 'foggy' (options: fog, battles_per_turn, weather, pace)",
        ),
        ('options = { fog = "yes" }', "option fog is true or false, not text 'yes'"),
        (
            'options = { battles_per_turn = "2" }',
            "option battles_per_turn is a whole number, not text '2'",
        ),
        (
            "options = { battles_per_turn = true }",
            "option battles_per_turn is a whole number, not true",
        ),
        ('options = { weather = "rain" }', "option weather is one of fair, foul, not 'rain'"),
        ("options = 3", "options should be a table, not the number 3"),
    ],
)
def test_bad_options(tmp_path, new, message):
    expect(tmp_path, edit("options = { fog = true, battles_per_turn = 2 }", new), new, message)


def test_options_take_the_type_of_their_default(tmp_path):
    path = write(
        tmp_path,
        edit(
            "options = { fog = true, battles_per_turn = 2 }",
            'options = { pace = 2, weather = "foul" }',
        ),
    )
    assert load_scenario(path).rulesets["fake"].options == {"pace": 2.0, "weather": "foul"}


def test_a_table_the_ruleset_does_not_have(tmp_path):
    expect(
        tmp_path,
        edit("tables = { terrain_cost", "tables = { terain_cost"),
        "tables =",
        "ruleset fake has no table 'terain_cost' (tables: terrain_cost, events)",
    )


def test_the_rulesets_own_setup_check(tmp_path):
    expect(
        tmp_path,
        edit('start_phase = "muster"', 'start_phase = "battle"'),
        "start_phase",
        "ruleset fake set-up: start_phase: 'battle' is not a phase (muster, march)",
    )


class PlacedRuleset(FakeRuleset):
    """A ruleset whose campaign check finds one problem at each part of a scenario."""

    id = "placed"

    def campaign_problems(self, rules: Rules) -> list[Problem]:
        return [
            Problem(("settlement", "grunberg", "kind"), "a village is too small here"),
            Problem(("army", "waaagh"), "the Waaagh is too big"),
            Problem(("player", "p2"), "Bruno needs a capital"),
            Problem(("victory",), "capitals need two capitals"),
            Problem(("option", "battles_per_turn"), "two battles a turn is too many"),
            Problem((), "the ruleset's own table is short of something"),
        ]


def test_campaign_problems_point_at_the_part_of_the_scenario_they_name(tmp_path, monkeypatch):
    """A ruleset's campaign check names a settlement, army or player by id (and the key
    under it), the [victory] table, an option or its own table: each problem is told at
    that line, after the ruleset's id, and a campaign started from the file is refused
    with the first of them, naming the part."""
    monkeypatch.setattr(registry, "load_rulesets", lambda: {"placed": PlacedRuleset()})
    text = edit("[ruleset.fake]", "[ruleset.placed]")
    path = write(tmp_path, text)
    grunberg_kind = line_of(text, 'kind = "village"')
    assert scenario_problems(path) == [  # in file order
        f"{path}:{grunberg_kind}: placed: a village is too small here",
        f"{path}:{line_of(text, '[[player]]', 2)}: placed: Bruno needs a capital",
        f"{path}:{line_of(text, '[[army]]', 2)}: placed: the Waaagh is too big",
        f"{path}:{line_of(text, '[victory]')}: placed: capitals need two capitals",
        f"{path}:{line_of(text, '[ruleset.placed]')}: placed: the ruleset's own table is "
        "short of something",
        f"{path}:{line_of(text, 'options = {')}: placed: two battles a turn is too many",
    ]
    scenario = files_scenario(path)
    with pytest.raises(InputError, match=r"^scenario test-march \(settlement grunberg\.kind\): "):
        new_campaign(scenario, "placed", seed=1)


def test_a_ruleset_whose_check_fails_still_gives_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr(registry, "load_rulesets", lambda: {"broken": BrokenRuleset()})
    expect(
        tmp_path,
        edit("[ruleset.fake]", "[ruleset.broken]"),
        "[ruleset.broken]",
        "ruleset broken set-up: could not be checked (KeyError: 'oops')",
    )


def test_rulesets_that_cannot_be_loaded_do_not_hide_other_problems(tmp_path, monkeypatch):
    def explode():
        raise ModuleNotFoundError("No module named 'tuicamp.rules.rauscher'")

    monkeypatch.setattr(registry, "load_rulesets", explode)
    text = edit("points = 140", "points = -1")
    path = write(tmp_path, text)
    assert scenario_problems(path) == [
        f"{path}:{line_of(text, 'points = -1')}: points must not be negative (-1)",
        f"{path}:{line_of(text, '[ruleset.fake]')}: the installed rulesets could not be loaded "
        "(ModuleNotFoundError: No module named 'tuicamp.rules.rauscher')",
    ]


def test_a_ruleset_entry_that_is_not_a_table(tmp_path):
    text = edit("[ruleset.fake]", "[ruleset]\nfake = 3\n\n[unused]")
    path = write(tmp_path, text)
    assert (
        f"{path}:{line_of(text, 'fake = 3')}: ruleset.fake should be a table "
        "([ruleset.fake]), not the number 3" in scenario_problems(path)
    )


# --- whatever the file says, the answer is lines of file:line: text --------------------
_JUNK = ["", "-1", '"x"', "true", "[1, 2]", "{}", "3.5", "[[army]]", "[map]", 'id = "p1"', "x ="]


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_damage_gives_one_line_problems_or_a_scenario(tmp_path, data):
    lines = BASE.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(lines) - 1))
        how = data.draw(st.sampled_from(["delete", "junk", "value"]))
        junk = data.draw(st.sampled_from(_JUNK))
        if how == "delete":
            del lines[i]
        elif how == "junk":
            lines.insert(i, junk)
        elif "=" in lines[i]:
            lines[i] = lines[i].split("=", 1)[0] + "= " + (junk or "0")
        if not lines:
            lines = [""]
    path = write(tmp_path, "\n".join(lines) + "\n")
    problems = scenario_problems(path)
    pattern = re.compile(rf"{re.escape(str(path))}:(\d+): \S[^\n]*")
    for p in problems:
        m = pattern.fullmatch(p)
        assert m, p
        assert 1 <= int(m.group(1)) <= len(lines) + 1
    if not problems:
        assert isinstance(load_scenario(path), Scenario)


# --- new_campaign -----------------------------------------------------------------------
@pytest.fixture
def scenario(tmp_path) -> Scenario:
    return load_scenario(write(tmp_path, BASE))


def test_new_campaign_seats_players_and_copies(scenario):
    camp = new_campaign(scenario, "fake", seed=42)
    assert (camp.name, camp.scenario, camp.ruleset) == ("Test March", "test-march", "fake")
    assert [(s.id, s.name, s.players, s.gm) for s in camp.seats] == [
        ("p1", "Anna", ["p1"], False),
        ("p2", "Bruno", ["p2"], False),
        (GM_SEAT, "Games Master", [], True),
    ]
    anna = camp.player("p1")
    assert (anna.race, anna.colour, anna.treasury, anna.letter) == ("Empire", "yellow", 100, "A")
    assert camp.dice.seed == 42 and camp.dice.draws == 0 and camp.dice.mode is DiceMode.APP
    assert camp.victory == {"type": "capitals", "turn_limit": 8}
    assert camp.tables == {"terrain_cost": {"forest": 3}}
    # the ruleset's set-up ran with the scenario's set-up keys only
    assert camp.phase == "muster" and camp.state == {"setup": {"start_phase": "muster"}}
    # original owners filled in where the scenario left them out
    assert camp.map.settlement("altdorf").original_owner == "p1"
    assert camp.map.settlement("grunberg").original_owner is None
    # the campaign owns its copies: playing it cannot change the scenario
    camp.armies[0].units.clear()
    camp.map.settlement("altdorf").owner = "p2"
    camp.tables["terrain_cost"]["forest"] = 9
    assert len(scenario.armies[0].units) == 2
    assert scenario.map.settlement("altdorf").owner == "p1"
    assert scenario.rulesets["fake"].tables == {"terrain_cost": {"forest": 3}}


def test_new_campaign_can_be_saved_and_read_back(scenario):
    camp = new_campaign(scenario, "fake", seed=7)
    camp.state = None  # the fake's state is a plain dict, not a declared class
    data = campaign_to_dict(camp)
    again = campaign_from_dict(data, None)
    assert campaign_to_dict(again) == data
    assert again.players == camp.players and again.armies == camp.armies


def test_new_campaign_without_gm_and_with_table_dice(scenario):
    camp = new_campaign(
        scenario, "fake", seed=1, gm_seat=False, dice_mode=DiceMode.TABLE, name=" Club night "
    )
    assert [s.id for s in camp.seats] == ["p1", "p2"] and camp.gm_seat() is None
    assert camp.dice.mode is DiceMode.TABLE and camp.name == "Club night"


def test_new_campaign_options_defaults_scenario_then_overrides(scenario):
    camp = new_campaign(scenario, "fake", seed=1)
    assert camp.options["fog"] is True and camp.options["battles_per_turn"] == 2
    assert camp.options["weather"] == "fair" and camp.options["pace"] == 1.0
    camp = new_campaign(
        scenario,
        "fake",
        seed=1,
        options={"fog": "no", "battles_per_turn": "3", "pace": "1.5", "weather": "foul"},
    )
    assert camp.options["fog"] is False and camp.options["battles_per_turn"] == 3
    assert camp.options["pace"] == 1.5 and camp.options["weather"] == "foul"


def test_new_campaign_refuses_unknown_and_bad_options(scenario):
    with pytest.raises(
        InputError,
        match=r"^ruleset fake has no option 'foggy' \(options: fog, "
        r"battles_per_turn, weather, pace",
    ):
        new_campaign(scenario, "fake", options={"foggy": "1"})
    with pytest.raises(InputError, match="option battles_per_turn takes a int, not 'many'"):
        new_campaign(scenario, "fake", options={"battles_per_turn": "many"})
    with pytest.raises(InputError, match="option weather is one of fair, foul, not 'rain'"):
        new_campaign(scenario, "fake", options={"weather": "rain"})


def test_new_campaign_players_fill_the_slots(scenario):
    camp = new_campaign(scenario, "fake", seed=1, players=[("Clara", "bretonnia"), ("Dieter", "")])
    clara, dieter = camp.players
    assert (clara.id, clara.name, clara.race) == ("p1", "Clara", "Bretonnia")  # slot spelling
    assert (dieter.id, dieter.name, dieter.race) == ("p2", "Dieter", "Orcs & Goblins")
    assert [s.name for s in camp.seats[:2]] == ["Clara", "Dieter"]
    camp = new_campaign(scenario, "fake", seed=1, players=[("", ""), ("Eve", "Skaven")])
    assert camp.players[0].name == "Anna" and camp.players[1].race == "Skaven"  # any race


def test_new_campaign_refuses_a_race_the_slot_does_not_allow(scenario):
    with pytest.raises(
        InputError,
        match=r"player slot p1 \(Anna\) may be Empire, Bretonnia, "
        r"not 'Dwarfs'",
    ):
        new_campaign(scenario, "fake", players=[("Clara", "Dwarfs")])


def test_new_campaign_refuses_more_players_than_slots(scenario):
    with pytest.raises(InputError, match=r"has 2 player slots \(p1, p2\), not 3"):
        new_campaign(scenario, "fake", players=[("a", ""), ("b", ""), ("c", "")])


def test_new_campaign_keeps_map_letters_apart(scenario):
    camp = new_campaign(scenario, "fake", seed=1, players=[("Anna", ""), ("Alex", "")])
    assert [p.letter for p in camp.players] == ["A", "L"]


def test_new_campaign_refuses_a_ruleset_the_scenario_does_not_support(scenario):
    with pytest.raises(
        InputError,
        match=r"scenario test-march does not support ruleset "
        r"'sandbox' \(it supports: fake\)",
    ):
        new_campaign(scenario, "sandbox")


def test_new_campaign_refuses_a_ruleset_no_longer_installed(scenario, monkeypatch):
    monkeypatch.setattr(registry, "load_rulesets", lambda: {})
    with pytest.raises(InputError, match="ruleset 'fake' is not installed"):
        new_campaign(scenario, "fake")


def test_new_campaign_draws_and_records_a_seed(scenario):
    seeds = {new_campaign(scenario, "fake").dice.seed for _ in range(3)}
    assert len(seeds) == 3  # 2**63 possibilities: a repeat means the seed is not random
    assert all(0 <= s < 2**63 for s in seeds)


def test_new_campaign_armies_stand_where_the_scenario_put_them(scenario):
    camp = new_campaign(scenario, "fake", seed=1)
    assert camp.army("host").hex == Hex.from_offset(0, 0)
    assert camp.army("waaagh").owner == "p2" and camp.army("waaagh").points == 165
