"""Warhammer Wars (``ellegaard``): setting the war up, the bundled Reikwald Border, and
the command line (``new``, ``show --as``, ``apply``, ``log``).

The text pinned: "Each of the players decide where they will have their home base";
"Decide how many points you will play with. It can be everything from 4,000 points to a
mammoth 15,000 points campaign"; "Set a turn limit, for example 36 turns"; "All army
divisions start from the home base of the force"; "Divide your total army into smaller
divisions of for example 500 to 3,000 point" (R-EL-32).
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tuicamp import cli
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.model import Unit
from tuicamp.model.forces import Category
from tuicamp.rules.ellegaard import EllegaardRuleset
from tuicamp.rules.ellegaard.state import PATROL
from tuicamp.storage.scenario import find_scenario, load_scenario, scenario_problems

SCENARIO = "ellegaard-reikwald-border"
RULESET = EllegaardRuleset()


@pytest.fixture(scope="module")
def scenario():
    return load_scenario(find_scenario(SCENARIO))


def test_the_reikwald_border_is_the_issues_scenario(scenario):
    """Two players, 50 x 25, Empire against Orcs & Goblins, home bases at opposite ends,
    villages, a walled city, roads, streams, a river with bridges and a ford, 4,000 pts
    each, 36 hours."""
    assert scenario_problems(find_scenario(SCENARIO)) == []
    m = scenario.map
    assert (m.width, m.height) == (50, 25)
    assert [p.race for p in scenario.players] == ["Empire", "Orcs & Goblins"]
    kinds = [s.kind for s in m.settlements]
    assert kinds.count("village") >= 4
    assert any(s.kind == "city" and s.walls for s in m.settlements)
    for feature in ("road", "stream", "river", "bridge", "ford"):
        assert m.hexsides.get(feature), feature
    assert len(m.hexsides["bridge"]) >= 2
    assert scenario.turn_limit == 36
    for slot in scenario.players:
        assert sum(a.points for a in scenario.armies if a.owner == slot.id) == 4000


def test_set_up_gives_home_bases_divisions_points_and_hours(scenario):
    """Home bases at opposite ends; every division at home on Patrol (R-EL-15); the
    campaign total and the turn limit in hours."""
    camp = start_campaign(scenario, "ellegaard", seed=1).campaign
    state = camp.state
    west, east = state.homes["empire"], state.homes["orcs"]
    assert camp.map.label(west) == "0213" and camp.map.label(east) == "4913"
    assert west.col < 3 and east.col > camp.map.width - 3
    assert state.points == 4000 and state.hours == 36
    assert set(state.divisions) == {a.id for a in camp.armies}
    assert all(d.command == PATROL for d in state.divisions.values())
    assert state.war_points == {"empire": 0, "orcs": 0}
    restored = campaign_from_dict(campaign_to_dict(camp), RULESET.state_class)
    assert restored.state == camp.state


def test_every_division_needs_a_general_and_its_home_base(scenario):
    """Each division has "one army list" and a general, whose Ld commands are tested on
    (R-EL-3); "All army divisions start from the home base of the force"."""
    camp = start_campaign(scenario, "ellegaard", seed=1).campaign
    host = camp.army("reikland-host")
    host.units = [u for u in host.units if "general" not in u.flags]
    camp.army("gruenburg-levy").hex = camp.map.settlement("gruenburg").hex
    found = {(p.path, p.text) for p in RULESET.campaign_problems(Rules(camp, RULESET))}
    assert (
        ("army", "reikland-host"),
        "'The Reikland Host' has no general: flag one character 'general', with its Ld",
    ) in found
    assert any(
        path == ("army", "gruenburg-levy") and "not at its home base 0213" in text
        for path, text in found
    )


def test_a_side_may_not_field_more_than_the_campaign_total(scenario):
    """ "Decide how many points you will play with": a side's divisions fit in it."""
    camp = start_campaign(scenario, "ellegaard", seed=1).campaign
    camp.army("reikland-host").units.append(Unit("extra", "Mortar", 75, Category.WAR_MACHINE))
    (problem,) = RULESET.campaign_problems(Rules(camp, RULESET))
    assert problem.path == ("player", "empire")
    assert problem.text == (
        "The Empire's divisions hold 4,075 pts, more than the campaign total of 4,000 pts"
    )


def test_the_set_up_table_is_checked():
    problems = RULESET.setup_problems({"point": 4000, "hours": 0, "home_bases": {"a": 3}})
    assert [(p.path, p.text) for p in problems] == [
        (("point",), "unknown key (did you mean 'points'?)"),
        (("hours",), "hours is a whole number of at least 1"),
        (("home_bases", "a"), "a home base is a settlement id or a hex label"),
    ]


def test_division_sizes_outside_500_to_3000_are_advice_not_a_problem(scenario):
    """R-EL-32: "Division sizes of 500-3,000 pts are the text's example: a warning in
    check, not a refusal"; the chronicle and the owner's status lines say it."""
    small = copy.deepcopy(scenario)
    riders = next(a for a in small.armies if a.id == "reiksguard-riders")
    riders.units = riders.units[:2]  # 385 pts
    engine = start_campaign(small, "ellegaard", seed=1)
    camp = engine.campaign
    assert RULESET.campaign_problems(Rules(camp, RULESET)) == []
    advice = [e for e in engine.chronicle if e.kind == "advice"]
    assert [e.text for e in advice] == [
        "'The Reiksguard Riders' has 385 pts: the text suggests divisions of 500 to 3,000 "
        "pts (R-EL-32)"
    ]
    assert advice[0].visible_to == ["empire"]
    seat = next(s for s in camp.seats if s.id == "empire")
    lines = RULESET.status_lines(Rules(camp, RULESET), seat)
    assert any(line.label == "Advice" and line.army == "reiksguard-riders" for line in lines)


def test_the_command_line_plays_a_command_and_a_move(tmp_path: Path, monkeypatch, capsys):
    """`tuicamp new`, `apply`, `show --as` and `log`: the ruleset's status lines say each
    division's command and what a change asks, and the log tells the march."""
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    monkeypatch.setenv("TUICAMP_NOW", "2026-01-01T00:00:00")
    new = ["new", SCENARIO, "-r", "ellegaard", "--seed", "4", "--name", "war", "--no-play"]
    assert cli.main(new) == 0
    orders = tmp_path / "orders.toml"
    orders.write_text(
        'seat = "empire"\n'
        '[[action]]\nkind = "command"\ndivision = "reiksguard-riders"\ncommand = "attack"\n'
        '[[action]]\nkind = "end_phase"\n'
        '[[action]]\nkind = "move"\ndivision = "reiksguard-riders"\nto = "0913"\n'
    )
    assert cli.main(["apply", "war", str(orders)]) == 0
    capsys.readouterr()
    assert cli.main(["show", "war", "--as", "empire"]) == 0
    shown = capsys.readouterr().out
    assert "Hour: 1 of 36: The Empire's Move phase" in shown
    assert "Command (The Reiksguard Riders): Attack" in shown
    assert "Move (The Reiksguard Riders): 7 of 7 MP used" in shown
    assert "War Points: The Empire 0, Orcs & Goblins 0" in shown
    assert cli.main(["show", "war", "--as", "orcs"]) == 0
    theirs = capsys.readouterr().out
    assert "Attack" not in theirs  # another side's commands are its secret
    assert cli.main(["log", "war", "--as", "orcs"]) == 0
    log = capsys.readouterr().out
    assert "'The Reiksguard Riders' marches from 0213 to 0913" in log
    assert "changes from Patrol to Attack" not in log


def test_under_the_peaks_digs_20_tunnel_hexes_and_the_dead_slow_the_pack():
    """Skaven with 20 pre-dug tunnel hexes (R-EL-27) and an Undead ally unit ("Skaven
    armies with Undead allies must follow "them bones"", R-EL-12) against Dwarfs in the
    mountains, 6,000 each."""
    sc = load_scenario(find_scenario("ellegaard-under-the-peaks"))
    assert scenario_problems(find_scenario("ellegaard-under-the-peaks")) == []
    assert [p.race for p in sc.players] == ["Dwarfs", "Skaven"]
    for slot in sc.players:
        assert sum(a.points for a in sc.armies if a.owner == slot.id) == 6000
    engine = start_campaign(sc, "ellegaard", seed=1)
    camp = engine.campaign
    assert len(camp.state.tunnels) == 20 and {t.owner for t in camp.state.tunnels} == {"skaven"}
    skaven = next(s for s in camp.seats if s.id == "skaven")
    for who in ("dwarfs", "dwarfs", "skaven"):
        engine.perform(who, EndPhase())
    found = RULESET.status_lines(Rules(camp, RULESET), skaven)
    moves = {line.army: line.text for line in found if line.label == "Move"}
    assert moves["bone-pack"] == "0 of 3 MP used (slowest troops undead 3)"
    assert moves["skrittar-horde"] == "0 of 5 MP used (slowest troops skaven 5)"


def test_the_four_kings_are_two_alliances_with_two_battles_an_hour():
    """ "Another way to handle multiple player campaigns is to split the players into two
    major allies"; "If you are four players, then say maximum two battles every hour"."""
    sc = load_scenario(find_scenario("ellegaard-four-kings"))
    assert scenario_problems(find_scenario("ellegaard-four-kings")) == []
    assert (sc.map.width, sc.map.height) == (50, 50) and len(sc.players) == 4
    assert sorted(sorted(t.members) for t in sc.teams) == [
        ["bretonnia", "empire"],
        ["chaos", "orcs"],
    ]
    camp = start_campaign(sc, "ellegaard", seed=1).campaign
    assert camp.options["max_battles_per_turn"] == 2
    assert len(camp.state.homes) == 4
