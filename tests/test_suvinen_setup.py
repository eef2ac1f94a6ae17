"""Suvinen set-up (point 1 of the ruleset): corps with a leader and the LC flag, Home
Castles and cities with garrisons, the campaign's size, and the bundled scenarios.

The text's sections on units and set-up are lost; what it implies is in the rulings:
R-SU-1 ("A unit needs a leader to move or fight its way out"), R-SU-7 ("Default 3,500 pts
per player"), R-SU-20 ("Up to 1,000 pts in a castle or city hex may be declared the
garrison"), R-SU-23 ("An LC unit is a corps in which every regiment is light cavalry") and
R-SU-24 (a leader is a character flagged ``leader``).
"""

from __future__ import annotations

import copy

import pytest

from tuicamp import cli
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.model.forces import Army, Category, Unit
from tuicamp.model.hexes import parse_label
from tuicamp.rules import api
from tuicamp.rules.suvinen import SuvinenRuleset, supply
from tuicamp.rules.suvinen.corps import is_lc, leader
from tuicamp.rules.suvinen.setup import setup_problems
from tuicamp.storage.scenario import find_scenario, load_scenario

RULESET = SuvinenRuleset()
DRILL = load_scenario(find_scenario("suvinen-drill"))
VALLEY = load_scenario(find_scenario("suvinen-river-valley"))


def _army(*categories: Category, flags: tuple[str, ...] = ("leader",)) -> Army:
    units = [Unit("c", "Captain", 70, Category.CHARACTER, flags=set(flags))]
    units += [Unit(f"u{i}", "Regiment", 100, c) for i, c in enumerate(categories)]
    return Army("a", "A", "p", units=units)


def test_the_vocabulary_and_the_tables_have_no_problems():
    assert RULESET.vocabulary_problems() == []
    assert RULESET.default_tables["terrain_cost"]["forest"] == 2  # R-SU-2 in the table


@pytest.mark.parametrize(
    ("categories", "lc"),
    [
        ((Category.LIGHT_CAVALRY, Category.LIGHT_CAVALRY), True),
        ((Category.LIGHT_CAVALRY, Category.RANK_AND_FILE), False),
        ((Category.LIGHT_CAVALRY, Category.WAR_MACHINE), False),
        ((), False),
    ],
)
def test_an_lc_corps_is_one_whose_every_regiment_is_light_cavalry(categories, lc):
    """R-SU-23: "An LC unit is a corps in which every regiment is light cavalry"; its
    characters are no regiments, and characters alone make no cavalry corps."""
    assert is_lc(_army(*categories)) is lc


def test_a_leader_is_a_character_flagged_leader_or_general():
    """R-SU-24: the corps' leader is a character flagged ``leader`` (or ``general``)."""
    assert leader(_army(Category.RANK_AND_FILE)) is not None
    assert leader(_army(Category.RANK_AND_FILE, flags=("general",))) is not None
    assert leader(_army(Category.RANK_AND_FILE, flags=())) is None


def test_the_drill_sets_up_castles_garrisons_and_corps():
    engine = start_campaign(copy.deepcopy(DRILL), "suvinen", seed=1)
    state = engine.campaign.state
    assert state.home_castles == {"empire": "carroburg", "orcs": "black-crag"}
    assert state.garrisons == {"carroburg": "carroburg-garrison"}
    assert state.points == 3500  # R-SU-7
    assert set(state.corps) == {a.id for a in engine.campaign.armies}
    castle = engine.campaign.map.settlement("carroburg")
    assert castle is not None and castle.original_owner == "empire"  # R-SU-20's "original"


def test_the_river_valley_is_the_issues_map():
    """suvinen-river-valley: 2 players, 24 x 18, a main river with 2 bridges and a ford, 3
    streams, a lake, roads through a neutral city, 4-6 corps each with 1-2 LC."""
    sc, m = VALLEY, VALLEY.map
    assert len(sc.players) == 2 and (m.width, m.height) == (24, 18)
    assert len(m.hexsides["bridge"]) == 2 and len(m.hexsides["ford"]) == 1
    assert set(m.hexsides["bridge"]) | set(m.hexsides["ford"]) <= set(m.hexsides["river"])
    assert "l" in "".join(m.terrain)
    city = m.settlement("kahlenburg")
    assert city is not None and city.owner is None and city.kind == "city"
    assert any(city.hex in side for side in m.hexsides["road"])
    engine = start_campaign(copy.deepcopy(VALLEY), "suvinen", seed=1)
    camp, garrisons = engine.campaign, set(engine.campaign.state.garrisons.values())
    for player in camp.players:
        corps = [a for a in camp.armies if a.owner == player.id and a.id not in garrisons]
        assert 4 <= len(corps) <= 6
        assert 1 <= sum(is_lc(a) for a in corps) <= 2
        assert sum(a.points for a in camp.armies if a.owner == player.id) <= 3500


def _problems(scenario) -> list[str]:
    engine = start_campaign(scenario, "suvinen", seed=1, check=False)
    return [p.text for p in RULESET.campaign_problems(Rules(engine.campaign, RULESET))]


def test_a_scenario_breaking_the_set_up_rules_is_told_what_to_fix():
    """R-SU-24 (a corps needs a leader), R-SU-7 (3,500 pts each), R-SU-20 (a garrison of at
    most 1,000 pts in its castle)."""
    scenario = copy.deepcopy(DRILL)
    scenario.rulesets["suvinen"].setup["points"] = 500
    armies = {a.id: a for a in scenario.armies}
    armies["first-corps"].units = [
        u for u in armies["first-corps"].units if "leader" not in u.flags
    ]
    armies["carroburg-garrison"].units[0].points = 1200
    problems = _problems(scenario)
    assert any("'The First Corps' has no leader: flag one of its characters" in p for p in problems)
    assert any("more than the campaign's 500 pts each (R-SU-7)" in p for p in problems)
    assert any("garrisons at most 1,000 pts (R-SU-20)" in p for p in problems)
    assert not any("Carroburg Garrison' has no leader" in p for p in problems)  # a garrison


def test_the_bundled_scenarios_have_no_set_up_problems():
    assert _problems(copy.deepcopy(DRILL)) == []
    assert _problems(copy.deepcopy(VALLEY)) == []


def test_a_mistyped_key_is_named_with_a_suggestion():
    (problem,) = setup_problems({"garisons": {}})
    assert problem.path == ("garisons",) and "did you mean 'garrisons'?" in problem.text


def test_new_and_show_print_the_suvinen_books(tmp_path, monkeypatch, capsys):
    """``tuicamp new suvinen-river-valley`` and ``tuicamp show --as SEAT``: the order of
    play rolled on 2d6 (R-SU-3), the Home Castles, the seat's own corps with LC and
    garrison marks; never the enemy's."""
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    assert (
        cli.main(["new", "suvinen-river-valley", "--seed", "4", "--name", "rv", "--no-play"]) == 0
    )
    capsys.readouterr()
    assert cli.main(["show", "rv", "--as", "orcs"]) == 0
    shown = capsys.readouterr().out
    assert "Order of play: " in shown
    assert "Home Castle: Orcs & Goblins: Skull Rock (2210)" in shown
    assert "Corps 'The Wolf Riders' (LC): at 2008; 145 pts" in shown
    assert "Corps 'The Skull Rock Garrison': at 2210; 350 pts; garrison" in shown
    assert "Corps 'The Outriders'" not in shown


def test_the_crossroads_is_the_issues_map():
    """suvinen-crossroads: 4 players, 30 x 30, Home Castles near the corners, a central
    river city."""
    sc = load_scenario(find_scenario("suvinen-crossroads"))
    m = sc.map
    assert len(sc.players) == 4 and (m.width, m.height) == (30, 30)
    engine = start_campaign(copy.deepcopy(sc), "suvinen", seed=1)
    camp = engine.campaign
    assert _problems(copy.deepcopy(sc)) == []
    corners = [(1, 1), (30, 1), (1, 30), (30, 30)]
    for castle_id in camp.state.home_castles.values():
        castle = m.settlement(castle_id)
        assert castle is not None and castle.kind == "castle"
        col, row = int(castle.hex.label()[:2]), int(castle.hex.label()[2:])
        assert min(max(abs(col - c), abs(row - r)) for c, r in corners) <= 3
    city = m.settlement("mittelburg")
    assert city is not None and city.owner is None and city.kind == "city"
    assert any(city.hex in side for side in m.hexsides["river"])
    assert 12 <= int(city.hex.label()[:2]) <= 18 and 12 <= int(city.hex.label()[2:]) <= 18


CROSSROADS_LINES = [
    ("empire", "1515", "Castle Reiksgard", 9.0),
    ("bretonnia", "1515", "Castle Carcassonne", 9.0),
    ("dwarfs", "1615", "Karak Ungor", 9.0),
    ("orcs", "1615", "Black Fang", 9.5),
]


@pytest.mark.parametrize(("player", "crossroads", "castle", "mp"), CROSSROADS_LINES)
def test_the_crossroads_roads_carry_each_home_castles_supply_to_the_bridge(
    player, crossroads, castle, mp
):
    """§5.0: "The supplyline may not be longer than 10 Movement Points"; §7.0: "The player
    that controls the road-system is only a step from victory, because they can hit
    anywhere with no fear of supplylines breaking." Each Home Castle's road runs to the
    Mittelburg bridge over open country, bridging the streams, so a corps at the crossroads
    on its side of the Stir is supplied by road (R-SU-2: road halves, R-SU-6)."""
    sc = load_scenario(find_scenario("suvinen-crossroads"))
    engine = start_campaign(copy.deepcopy(sc), "suvinen", seed=1)
    rules = Rules(engine.campaign, engine.ruleset)
    network = supply.network(rules).with_closures(supply.closures(rules, player, set()))
    sources = supply.sources(rules, player)
    line = api.cheapest_line(network, parse_label(crossroads), list(sources), 10)
    assert line is not None and sources[line.end] == castle and line.cost == mp
