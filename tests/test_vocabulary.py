"""The map's vocabulary: the core's base set of terrains and hexside features, merged with
what a ruleset declares in its tables, read by the scenario checker, the renderer, the
legend, the help and the movement tables.

What is pinned (docs/writing-a-ruleset.md, "Terrain and hexside features of its own"):

- "A ruleset may declare terrains and hexside features (letter, name, look, default cost)
  merged with the core base set; the scenario checker, the renderer, the legend and the
  help read the merged set. A scenario that uses a ruleset's terrain is checked against
  the rulesets it supports" — accepted when every one declares it, refused otherwise with
  a message naming the letter, the hex and the rulesets that lack it;
- a clash (one letter for two terrains, one id declared twice, one glyph for two) is
  refused with a clear message, and a bad declaration is a problem with its key path;
- a declared default cost joins the ruleset's terrain_cost, where the ruleset's own price
  wins; a declared crossing rule joins its hexside tables;
- a ruleset's own state may key values by hexside or by one hex's side, and they survive a
  real save file; the vocabulary itself is never saved.

The test ruleset is the Under-Empire (tests/rulesets/under_empire/): "Its map knows two
terrains and a hexside feature of its own, declared in its tables: a tunnel entrance
(1 MP), a glacier (4 MP) and a palisade (2 MP more to cross)."
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from attrs import evolve
from rich.style import Style
from rulesets.under_empire import Collapse, HoldSide, March, UnderEmpire, UnderState

from tuicamp.engine import registry
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict, unstructure
from tuicamp.engine.costs import TableError, cost_model, movement_problems
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.engine.vocabulary import read_declarations
from tuicamp.game.scenarios import load_scenario, scenario_problems
from tuicamp.game.session import Session
from tuicamp.game.setup import start_campaign
from tuicamp.model.hexes import Hex, Hexside, SideOf, parse_hexside, parse_label, parse_side_of
from tuicamp.model.map import HexMap
from tuicamp.model.terrain import (
    ANSI_COLOURS,
    BASE_VOCABULARY,
    BY_ID,
    BY_LETTER,
    HEXSIDE_FEATURES,
    TERRAINS,
    FeatureKind,
    FeatureLook,
    HexsideFeature,
    Terrain,
    TerrainLook,
)
from tuicamp.rules.sandbox import SandboxRuleset
from tuicamp.storage.saves import campaign_problems
from tuicamp.storage.scenario import table_problems
from tuicamp.ui.map_render import (
    MapLayers,
    MapRenderer,
    legend_lines,
    parse_colour,
    terrain_style,
)
from tuicamp.ui.screens.help import help_markdown

UNDER = UnderEmpire()
SANDBOX = SandboxRuleset()


@pytest.fixture
def installed(monkeypatch):
    """The Under-Empire installed beside the sandbox, as a plugin would be."""
    monkeypatch.setattr(
        registry, "load_rulesets", lambda: {"sandbox": SANDBOX, "under-empire": UNDER}
    )


def H(label: str) -> Hex:
    return parse_label(label)


# --- the base set -------------------------------------------------------------------------


def test_the_base_set_answers_by_letter_and_by_id():
    v = BASE_VOCABULARY
    assert v.terrain("h").id == "hills" and v.terrain("h").glyph == "^"
    assert v.terrain_by_id("sea").sea and v.terrain_by_id("sea").water
    assert v.terrain("?") is None and v.terrain_by_id("glacier") is None
    assert v.feature("bridge").kind is FeatureKind.CROSSING
    assert v.features_of(FeatureKind.WATERWAY) == ("river", "stream")
    # the names many modules import are the base set, one table
    assert v.terrains == TERRAINS
    assert tuple(BY_LETTER) == v.letters and tuple(BY_ID) == v.terrain_ids
    assert v.feature_ids == HEXSIDE_FEATURES


def test_the_base_set_draws_a_side_with_several_features_by_kind():
    """A bridge over its river, the river beside a road: crossings, waterways, barriers,
    roads, then the rest, as the map always drew them."""
    order = [f.id for f in BASE_VOCABULARY.drawing_order()]
    assert order == ["bridge", "ford", "river", "stream", "wall", "road"]


def test_every_look_of_the_base_set_reads_in_16_colours_and_in_monochrome():
    v = BASE_VOCABULARY
    colours = [c for t in v.terrains for c in (t.look.background, t.look.colour)]
    colours += [f.look.colour for f in v.features]
    assert set(colours) <= set(ANSI_COLOURS)
    glyphs = [t.glyph for t in v.terrains]
    assert len(set(glyphs)) == len(glyphs) and all("!" <= g <= "~" for g in glyphs)
    sides = [f.look.glyph for f in v.features]
    assert len(set(sides)) == len(sides) and not set(sides) & set("/\\| ")


def _terrain(letter: str, tid: str, glyph: str) -> Terrain:
    return Terrain(letter, tid, tid.title(), TerrainLook(glyph, "magenta"))


@pytest.mark.parametrize(
    ("terrain", "message"),
    [
        (_terrain("f", "fungus", "F"), "terrain 'fungus': letter 'f' is taken by terrain 'forest'"),
        (_terrain("u", "forest", "U"), "terrain 'forest' is declared twice"),
        (_terrain("u", "ash", "^"), "terrain 'ash': glyph '^' is taken by terrain 'hills'"),
    ],
)
def test_a_merge_refuses_a_letter_an_id_or_a_glyph_twice(terrain, message):
    """One letter for two terrains would make a map mean two things; one glyph for two
    would make them the same without colour."""
    with pytest.raises(ValueError, match=re.escape(message)):
        BASE_VOCABULARY.merged(terrains=[terrain])
    assert BASE_VOCABULARY.terrain_clash(terrain) == message


def test_a_merge_refuses_a_feature_id_or_glyph_twice():
    twice = HexsideFeature("road", "road", FeatureLook("%", "red"))
    same_look = HexsideFeature("canal", "canal", FeatureLook("~", "blue"), FeatureKind.WATERWAY)
    assert BASE_VOCABULARY.feature_clash(twice) == "hexside feature 'road' is declared twice"
    assert BASE_VOCABULARY.feature_clash(same_look) == (
        "hexside feature 'canal': glyph '~' is taken by hexside feature 'river'"
    )
    with pytest.raises(ValueError, match="declared twice"):
        BASE_VOCABULARY.merged(features=[twice])


# --- a ruleset's declarations -----------------------------------------------------------


def test_the_under_empire_declares_its_terrain_and_feature_beside_the_base_set():
    v = UNDER.vocabulary
    assert UNDER.vocabulary_problems() == []
    tunnel, glacier = v.terrain("t"), v.terrain("g")
    assert (tunnel.id, tunnel.name, tunnel.look) == (
        "tunnel",
        "Tunnel entrance",
        TerrainLook("U", "magenta", "bright_white"),
    )
    assert glacier.id == "glacier" and not glacier.water
    palisade = v.feature("palisade")
    assert palisade.kind is FeatureKind.BARRIER and palisade.look == FeatureLook("!", "bright_red")
    assert v.terrains[: len(TERRAINS)] == TERRAINS  # the base set first, as it is
    assert [f.id for f in v.drawing_order()][:5] == ["bridge", "ford", "river", "stream", "wall"]
    assert [f.id for f in v.drawing_order()][5] == "palisade"  # a barrier, after the wall


def test_declared_costs_join_the_tables_where_the_rulesets_own_price_wins():
    """cost = 1 for the tunnel joins terrain_cost; the glacier's cost = 3 does not, because
    the ruleset's terrain_cost prices it at 4 itself; the palisade's crossing joins hexside.
    The declarations leave the tables a campaign may override."""
    tables = UNDER.default_tables
    assert tables["terrain_cost"]["tunnel"] == 1 and tables["terrain_cost"]["glacier"] == 4
    assert tables["hexside"]["palisade"] == {"add": 2}
    assert "terrain" not in tables and "hexside_feature" not in tables


def test_a_ruleset_that_declares_nothing_knows_the_base_set():
    assert SANDBOX.vocabulary == BASE_VOCABULARY and SANDBOX.vocabulary_problems() == []
    assert "terrain_cost" in SANDBOX.default_tables


@pytest.mark.parametrize("ruleset_id", ["sandbox", "rauscher"])
def test_the_bundled_rulesets_declarations_are_sound(ruleset_id):
    assert registry.get_ruleset(ruleset_id).vocabulary_problems() == []


GOOD_TERRAIN = {"letter": "u", "name": "Ash", "glyph": "A", "background": "red"}


@pytest.mark.parametrize(
    ("change", "path", "text"),
    [
        ({"letter": None}, ("terrain", "ash"), "table terrain.ash is missing 'letter'"),
        ({"letter": "f"}, ("terrain", "ash"), "letter 'f' is taken by terrain 'forest'"),
        ({"letter": " "}, ("terrain", "ash", "letter"), "other than a space"),
        ({"letter": "uu"}, ("terrain", "ash", "letter"), "one character, not 'uu'"),
        ({"glyph": "\u2588"}, ("terrain", "ash", "glyph"), "printable ASCII"),
        ({"background": "purple"}, ("terrain", "ash", "background"), "not one of the 16 ANSI"),
        ({"colour": "Blue"}, ("terrain", "ash", "colour"), "'Blue' is not one of the 16 ANSI"),
        ({"cost": -1}, ("terrain", "ash", "cost"), "cannot be negative (-1)"),
        ({"cost": "two"}, ("terrain", "ash", "cost"), "should be a number, not text 'two'"),
        ({"water": "yes"}, ("terrain", "ash", "water"), "should be true or false"),
        ({"sea": True, "water": False}, ("terrain", "ash", "water"), "a sea is water"),
        ({"height": 3}, ("terrain", "ash", "height"), "has no key 'height'"),
    ],
)
def test_a_bad_terrain_declaration_is_a_problem_at_its_key(change, path, text):
    spec = {k: v for k, v in {**GOOD_TERRAIN, **change}.items() if v is not None}
    found = read_declarations({"terrain": {"ash": spec}, "terrain_cost": {"clear": 1}})
    assert [p.path for p in found.problems] == [path]
    assert text in found.problems[0].text
    assert found.vocabulary.terrain_by_id("ash") is None  # left out, the rest still works
    assert found.tables == {"terrain_cost": {"clear": 1}}


GOOD_FEATURE = {"name": "hedge", "glyph": "%", "colour": "green"}


@pytest.mark.parametrize(
    ("change", "path", "text"),
    [
        ({"glyph": "|"}, ("hexside_feature", "hedge", "glyph"), "plain sides are drawn with"),
        ({"glyph": "~"}, ("hexside_feature", "hedge"), "glyph '~' is taken by hexside feature"),
        ({"kind": "wall"}, ("hexside_feature", "hedge", "kind"), "crossing, waterway, barrier"),
        ({"colour": None}, ("hexside_feature", "hedge"), "is missing 'colour'"),
        (
            {"crossing": {"add": 1, "cost": 2}},
            ("hexside_feature", "hedge", "crossing", "cost"),
            "unknown field 'cost'",
        ),
        (
            {"crossing": {"unless": ["gate"]}},
            ("hexside_feature", "hedge", "crossing", "unless"),
            "unknown hexside feature 'gate'",
        ),
    ],
)
def test_a_bad_feature_declaration_is_a_problem_at_its_key(change, path, text):
    spec = {k: v for k, v in {**GOOD_FEATURE, **change}.items() if v is not None}
    found = read_declarations({"hexside_feature": {"hedge": spec}, "terrain_cost": {}})
    assert [p.path for p in found.problems] == [path]
    assert text in found.problems[0].text
    assert found.tables.get("hexside", {}).get("hedge") is None  # a bad rule joins nothing


def test_a_default_cost_with_no_table_to_join_is_a_problem():
    found = read_declarations(
        {
            "terrain": {"ash": {**GOOD_TERRAIN, "cost": 2}},
            "hexside_feature": {"hedge": {**GOOD_FEATURE, "crossing": {"add": 1}}},
        }
    )
    assert [p.path for p in found.problems] == [
        ("terrain", "ash", "cost"),
        ("hexside_feature", "hedge", "crossing"),
    ]
    assert "has no terrain_cost table for this cost to join" in found.problems[0].text
    assert found.vocabulary.terrain("u") is not None  # the terrain itself is sound


def test_a_cost_joins_every_terrain_cost_table_a_ruleset_has():
    """Rauscher keeps a basic and an advanced terrain table: a declared terrain is priced
    in both (where neither prices it itself)."""
    tables = {
        "terrain": {"ash": {**GOOD_TERRAIN, "cost": 2}},
        "terrain_cost": {"clear": 1},
        "move_advanced": {"terrain_cost": {"clear": 1, "ash": 5}},
    }
    joined = read_declarations(tables).tables
    assert joined["terrain_cost"] == {"clear": 1, "ash": 2}
    assert joined["move_advanced"]["terrain_cost"] == {"clear": 1, "ash": 5}
    assert tables["terrain_cost"] == {"clear": 1}  # what was read is not changed


def test_house_rules_price_a_declared_terrain_but_cannot_redeclare_it():
    assert table_problems(UNDER, {"terrain_cost": {"tunnel": 2, "glacier": False}}) == []
    typo = table_problems(UNDER, {"terrain_cost": {"tunel": 2}})
    assert [p.path for p in typo] == [("terrain_cost", "tunel")]
    assert "did you mean 'tunnel'?" in typo[0].text
    redeclared = table_problems(UNDER, {"terrain": {"tunnel": {"glyph": "T"}}})
    assert [p.path for p in redeclared] == [("terrain",)]
    assert "the terrain declarations are ruleset under-empire's own" in redeclared[0].text
    # the sandbox knows no tunnel: its tables cannot price one
    assert "unknown terrain 'tunnel'" in movement_problems({"terrain_cost": {"tunnel": 1}})[0].text


# --- scenarios: checked against every ruleset they support ---------------------------------

SCENARIO = """\
format_version = 1

[scenario]
id = "under-the-peaks"
title = "Under the Peaks"

[map]
width = 4
height = 2
terrain = ["tgg.", "..m."]

[map.hexsides]
palisade = ["0101-0201"]

[[player]]
id = "p1"
name = "Skreech"
race = "Skaven"

[[player]]
id = "p2"
name = "Grimnir"
race = "Dwarfs"

[[army]]
id = "clan"
name = "Clan Moulder"
owner = "p1"
hex = "0101"

  [[army.unit]]
  name = "Clanrats"
  points = 100
  movement = 5

RULESETS
"""


def scenario_file(tmp_path: Path, rulesets: list[str], text: str = SCENARIO) -> Path:
    path = tmp_path / "under.toml"
    tables = "\n".join(f"[ruleset.{rid}]" for rid in rulesets)
    path.write_text(text.replace("RULESETS", tables), encoding="utf-8")
    return path


def test_a_scenario_using_a_rulesets_terrain_is_accepted_for_that_ruleset(tmp_path, installed):
    path = scenario_file(tmp_path, ["under-empire"])
    assert scenario_problems(path) == []
    scenario = load_scenario(path)
    assert scenario.map.terrain_at(H("0101")).name == "Tunnel entrance"
    assert scenario.map.features_between(H("0101"), H("0201")) == {"palisade"}


def test_a_scenario_that_also_supports_a_ruleset_lacking_it_is_refused(tmp_path, installed):
    """Refused with a message naming the letter, the hex and the ruleset that lacks it:
    a campaign may be started under either ruleset."""
    path = scenario_file(tmp_path, ["under-empire", "sandbox"])
    found = scenario_problems(path)
    assert found == [
        f"{path}:10: terrain row 1, column 1 (hex 0101): terrain letter 't' (Tunnel "
        "entrance, declared by ruleset under-empire) is not declared by ruleset sandbox: a "
        "scenario's map may use only the terrain every ruleset it supports knows",
        f"{path}:10: terrain row 1, column 2 (hex 0201): terrain letter 'g' (Glacier, "
        "declared by ruleset under-empire) is not declared by ruleset sandbox: a "
        "scenario's map may use only the terrain every ruleset it supports knows",
        f"{path}:13: hexside feature 'palisade' is declared by ruleset under-empire but not "
        "by ruleset sandbox: a scenario's map may use only the features every ruleset it "
        "supports knows",
    ]


def test_a_scenario_for_a_ruleset_that_knows_none_of_it_names_the_ruleset(tmp_path, installed):
    found = scenario_problems(scenario_file(tmp_path, ["sandbox"]))
    assert "hex 0101): unknown terrain letter 't': not declared by ruleset sandbox" in found[0]
    assert "(letters: . f h m s d j w l ~)" in found[0]
    assert "unknown hexside feature 'palisade' in [map.hexsides]" in found[-1]


def test_a_crossing_sits_on_a_waterway_of_the_vocabulary(tmp_path, installed):
    text = SCENARIO.replace('palisade = ["0101-0201"]', 'ford = ["0101-0201"]')
    found = scenario_problems(scenario_file(tmp_path, ["under-empire"], text))
    assert found[0].endswith("ford 0101-0201 is on no river or stream")


def test_a_ruleset_with_bad_declarations_says_so_where_a_scenario_supports_it(
    tmp_path, monkeypatch
):
    class Broken(UnderEmpire):
        id = "broken"

        @property
        def _written_tables(self):
            return {"terrain": {"ash": {**GOOD_TERRAIN, "glyph": "^"}}}

    monkeypatch.setattr(registry, "load_rulesets", lambda: {"broken": Broken()})
    text = SCENARIO.replace('"tgg."', '"...."').replace('palisade = ["0101-0201"]', "")
    found = scenario_problems(scenario_file(tmp_path, ["broken"], text))
    assert any(
        "ruleset broken's own tables: table terrain.ash: terrain 'ash': glyph '^' is taken "
        "by terrain 'hills'" in line
        for line in found
    )


# --- drawn --------------------------------------------------------------------------------


def under_campaign(tmp_path: Path):
    """The scenario's campaign under the Under-Empire, as `tuicamp new` starts it."""
    return start_campaign(load_scenario(scenario_file(tmp_path, ["under-empire"])), "under-empire")


def test_a_campaigns_map_reads_its_rulesets_vocabulary(tmp_path, installed):
    engine = under_campaign(tmp_path)
    m = engine.campaign.map
    assert m.vocabulary is UNDER.vocabulary
    assert m.terrain_at(H("0201")).name == "Glacier"
    # never saved: the plain data has no trace of it, and a map read back without its
    # ruleset knows only the base set until a ruleset's reader binds it again
    data = campaign_to_dict(engine.campaign)
    assert "vocabulary" not in data["map"]
    assert unstructure(m) == unstructure(evolve(m, vocabulary=BASE_VOCABULARY))
    again = campaign_from_dict(data, UnderState)
    assert again.map.vocabulary is BASE_VOCABULARY
    with pytest.raises(KeyError, match="hex 0101: terrain letter 't' is not in the map's"):
        again.map.terrain_at(H("0101"))
    Rules(again, UNDER)
    assert again.map.terrain_at(H("0101")).id == "tunnel"


def _cell(renderer: MapRenderer, x: int, y: int) -> tuple[str, Style]:
    segments = renderer.render_row(y, MapLayers())
    at = 0
    for segment in segments:
        if at <= x < at + len(segment.text):
            return segment.text[x - at], segment.style
        at += len(segment.text)
    raise IndexError(x)


def test_the_renderer_draws_a_declared_terrain_and_feature_in_their_looks(tmp_path, installed):
    """The tunnel's U on magenta in bright white, the glacier's g, the palisade's ! in
    bright red on the side between 0101 and 0201 (that hex's E side)."""
    renderer = MapRenderer(under_campaign(tmp_path).campaign.map)
    glyph, style = _cell(renderer, 1, 1)  # hex 0101's glyph cell
    assert glyph == "U"
    assert style.bgcolor == parse_colour("magenta") and style.color == parse_colour("bright_white")
    assert _cell(renderer, 5, 1)[0] == "g"
    side, side_style = _cell(renderer, 4, 1)  # 0101's E side, 0201's W side
    assert side == "!" and side_style.color == parse_colour("bright_red")
    assert renderer.text_lines()[1].startswith("|U  !g  |g  |.  |")


def test_without_the_rulesets_vocabulary_the_same_letters_are_unknown(tmp_path, installed):
    hexmap = HexMap(4, 2, ["tgg.", "..m."])
    assert MapRenderer(hexmap).text_lines()[1].startswith("|?  |?  |?  |.  |")


def test_the_legend_lists_the_declared_terrain_and_feature_in_their_map_styles():
    lines = legend_lines(vocabulary=UNDER.vocabulary)
    text = [line.plain for line in lines]
    assert "U   Tunnel entrance" in text and "g   Glacier" in text and "!   palisade" in text
    tunnel = next(line for line in lines if line.plain == "U   Tunnel entrance")
    assert tunnel.spans[0].style == terrain_style(UNDER.vocabulary.terrain("t"))
    assert "U   Tunnel entrance" not in [line.plain for line in legend_lines()]


def test_the_help_lists_the_rulesets_terrain_and_features():
    text = help_markdown(UNDER, "turn", {}, {})
    assert "## Terrain and hexside features" in text
    assert "| `t` | `U` | Tunnel entrance |  |" in text
    assert "| `palisade` | `!` | palisade | barrier |" in text
    assert "| `~` | `~` | Sea | sea |" in text


# --- priced -------------------------------------------------------------------------------


def test_a_march_is_priced_by_the_declared_terrain(tmp_path, installed):
    """ "a tunnel entrance (1 MP), a glacier (4 MP) and a palisade (2 MP more to cross). An
    army marches along a path for at most its M in MP." Clan Moulder (M 5) in the tunnel at
    0101: into the glacier at 0201 over the palisade is 4 + 2 = 6, too far; round by 0102
    (clear, 1) and into the glacier at 0201 from below is 1 + 4 = 5."""
    engine = under_campaign(tmp_path)
    with pytest.raises(RuleError, match="That march costs 6 MP; M is 5"):
        engine.perform("p1", March(army="clan", path=["0201"]))
    engine.perform("p1", March(army="clan", path=["0102", "0201"]))
    assert engine.campaign.army("clan").hex == H("0201")
    assert engine.chronicle[-1].text == "Clan Moulder marches to 0201 (5 MP)"


def test_the_cost_model_knows_terrain_by_the_maps_vocabulary(tmp_path, installed):
    tables = UNDER.default_tables
    bound = under_campaign(tmp_path).campaign.map
    assert cost_model(bound, tables).step_cost(H("0102"), H("0101")) == 1.0
    bare = HexMap(4, 2, ["tgg.", "..m."])
    with pytest.raises(TableError, match="unknown terrain 'glacier'"):
        cost_model(bare, tables)


# --- state keyed by sides, through a real save file ------------------------------------------


def test_ruleset_state_keys_by_hexside_and_by_one_hexs_side_through_a_save(tmp_path, installed):
    """ "A clan holds a side of a hex: no other clan leaves that hex through it. A collapsed
    side cannot be crossed either way." The two keys are the two ways a side is held: a
    SideOf (0101/SE, as 0101 sees it; 0102 keeps its own record of the same side) and a
    Hexside (the side itself, both hexes at once)."""
    engine = under_campaign(tmp_path)
    save = tmp_path / "saves" / "under.toml"
    save.parent.mkdir()
    session = Session.create(save, engine.campaign, engine.chronicle)
    session.perform("p1", HoldSide(side=parse_side_of("0101/SE")))
    session.perform("gm", Collapse(side=parse_hexside("0201-0301")))
    written = tomllib.loads(save.read_text(encoding="utf-8"))["campaign"]
    assert written["state"] == {"held": {"0101/SE": "p1"}, "collapsed": {"0201-0301": 1}}
    assert "vocabulary" not in written["map"]

    reopened = Session.open(save)
    state = reopened.campaign.state
    assert state.held == {SideOf(H("0101"), 5): "p1"}
    assert state.collapsed == {Hexside(H("0201"), H("0301")): 1}
    assert state.held[SideOf.between(H("0101"), H("0102"))] == "p1"
    assert SideOf.between(H("0102"), H("0101")) not in state.held  # the other hex's record
    assert reopened.campaign.map.terrain_at(H("0101")).name == "Tunnel entrance"
    before = save.read_text(encoding="utf-8")
    reopened.save()
    after = save.read_text(encoding="utf-8")
    assert _section(after, "[campaign.map]") == _section(before, "[campaign.map]")
    assert _section(after, "[campaign.state.held]") == '"0101/SE" = "p1"\n'


def _section(text: str, head: str) -> str:
    """The lines of a TOML file from ``head`` (exclusive) to the next table of another name."""
    body = text.split(head + "\n", 1)[1]
    stem = head.strip("[]")
    lines = []
    for line in body.splitlines(keepends=True):
        if line.startswith("[") and stem not in line:
            break
        lines.append(line)
    return "".join(lines).rstrip("\n") + "\n"


def test_a_save_of_a_ruleset_with_bad_declarations_says_so(tmp_path, installed):
    """The save checks (`tuicamp check SAVE`) report the ruleset's bad declarations too."""

    class Broken(UnderEmpire):
        @property
        def _written_tables(self):
            return {"terrain": {"ash": {**GOOD_TERRAIN, "background": "mauve"}}}

    campaign = under_campaign(tmp_path).campaign
    assert campaign_problems(campaign, UNDER) == []
    found = [(p.path, p.text) for p in campaign_problems(campaign, Broken())]
    assert (
        ("ruleset",),
        "ruleset under-empire's own tables: table terrain.ash.background 'mauve' is not "
        "one of the 16 ANSI colours (" + ", ".join(ANSI_COLOURS) + ")",
    ) in found


def test_the_sides_state_rules_the_march(tmp_path, installed):
    """A side held by one clan is left through by that clan only; a collapsed side by no
    one, either way."""
    engine = under_campaign(tmp_path)
    engine.campaign.state.held[SideOf.between(H("0101"), H("0102"))] = "p2"
    with pytest.raises(RuleError, match="Clan Moulder cannot march that way"):
        engine.perform("p1", March(army="clan", path=["0102"]))
    engine.campaign.state.held[SideOf.between(H("0101"), H("0102"))] = "p1"
    engine.perform("p1", March(army="clan", path=["0102"]))
    engine.campaign.state.collapsed[Hexside(H("0102"), H("0202"))] = 1
    with pytest.raises(RuleError, match="cannot march that way"):
        engine.perform("p1", March(army="clan", path=["0202"]))
