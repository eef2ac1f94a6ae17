"""The bundled Rauscher scenarios: free of problems, started from the command line, playable,
and built the way the text builds a campaign ("Set-Up": territories of 10-25 hexes, no more
than one settlement each, settlements of the six kinds with their militia, armies of at most
5,000 points, the campaign's points shared among the players)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import warm
from rauscher_rules import rauscher_rules

from tuicamp.engine.engine import Engine
from tuicamp.engine.flow import acting_seats
from tuicamp.engine.registry import get_ruleset
from tuicamp.game.scenarios import load_scenario, scenario_problems
from tuicamp.game.session import Session
from tuicamp.game.setup import new_campaign
from tuicamp.model.forces import Category
from tuicamp.model.ids import roll_number
from tuicamp.rules.rauscher import victory
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.state import Role
from tuicamp.storage.scenario import bundled_scenarios, find_scenario

RAUSCHER = [p for p in bundled_scenarios() if p.stem.startswith("rauscher-")]
RULESET = get_ruleset("rauscher")
KINDS = {"village", "town", "city", "capital", "fortress", "tower"}


def test_the_three_rauscher_scenarios_are_bundled():
    assert {p.stem for p in RAUSCHER} == {
        "rauscher-stir-border",
        "rauscher-cauldron-temple",
        "rauscher-penleck-crown",
    }
    types = {load_scenario(p).victory["type"] for p in RAUSCHER}
    assert types == {"conquest", "cauldron_temple", "family_squabble"}


@pytest.mark.parametrize("path", RAUSCHER, ids=lambda p: p.stem)
def test_no_problems_and_a_clean_start(path):
    assert scenario_problems(path) == []
    sc = load_scenario(path)
    assert "rauscher" in sc.rulesets and sc.turn_limit > 0
    camp = new_campaign(sc, "rauscher", seed=7)
    assert victory.victory_problems(camp) == []
    assert rstate(camp).economy.setup_notes == [], "the economy's set-up check finds nothing"
    assert acting_seats(camp)
    assert victory.check(rauscher_rules(camp)) is None


@pytest.mark.parametrize("path", RAUSCHER, ids=lambda p: p.stem)
def test_built_as_the_text_builds_a_campaign(path):
    """'they should be approximately 10-25 hexes in size ... Then add any towns, cities,
    villages, or fortresses, no more than one per territory.' 'Armies are represented by
    counters, each containing no more than 5,000 points worth of troops.'"""
    sc = load_scenario(path)
    camp = new_campaign(sc, "rauscher", seed=7)
    m = camp.map
    for t in m.territories:
        assert 10 <= len(t.hexes) <= 25, (t.id, len(t.hexes))
    per_territory = Counter(m.territory_of(s.hex).id for s in m.settlements)
    assert max(per_territory.values()) == 1
    assert {s.kind for s in m.settlements} <= KINDS
    state = rstate(camp)
    for army in camp.armies:
        assert army.points <= 5000, army.id
        assert len({u.id for u in army.units}) == len(army.units)
    for s in m.settlements:  # a neutral hamlet nobody holds may stand undefended
        garrison = [u for a in camp.armies_at(s.hex) if a.owner == s.owner for u in a.units]
        if s.kind in ("village", "town", "city") and s.owner is not None:
            assert any("militia" in u.flags for u in garrison), f"{s.name} has its militia"
            home = m.territory_of(s.hex).id
            assert all(
                state.unit(u.id).home_territory == home for u in garrison if "militia" in u.flags
            )
        if s.kind in ("fortress", "tower") and s.owner in victory.claimants(camp):
            assert any(u.category is Category.CHARACTER for u in garrison), s.name
    # every field army (no settlement under it) has one general to lead it
    for army in camp.armies:
        if not m.settlements_at(army.hex) and state.army(army.id).role is Role.ARMY:
            assert sum("general" in u.flags for u in army.units) == 1, army.id


@pytest.mark.parametrize("path", RAUSCHER, ids=lambda p: p.stem)
def test_each_players_share_of_the_campaign_points(path):
    """'make sure you take into account any villages, towns, cities, or fortresses under any
    given players control' — settlements' costs and troops within campaign_points / players."""
    camp = new_campaign(load_scenario(path), "rauscher", seed=7)
    costs = RULESET.default_tables["settlement_costs"]
    players = victory.claimants(camp)
    share = camp.options["campaign_points"] // len(players)
    for pid in players:
        spent = sum(a.points for a in camp.armies_of(pid))
        for s in camp.map.settlements:
            if s.owner == pid:
                rule = costs[s.kind]
                spent += rule["base"] + (rule.get("palisade", 0) if s.walls else 0)
        assert 0.3 * share < spent <= share, (pid, spent, share)


def test_the_stir_border():
    """A two-player border war, War of Conquest, 12 turns."""
    sc = load_scenario(find_scenario("rauscher-stir-border"))
    assert len(sc.players) == 2 and 8 <= len(sc.map.territories) <= 12
    assert sc.victory["type"] == "conquest" and sc.turn_limit == 12
    owned = Counter(t.owner for t in sc.map.territories)
    assert owned["stirland"] == owned["sylvania"] and owned[None] >= 1, "neutral land between"
    kinds = {s.kind for s in sc.map.settlements}
    assert kinds >= {"village", "town", "capital", "fortress", "tower"}


def test_the_cauldron_temple():
    """'You and your opponents castle are on opposite sides of the map, at the edge ... The
    temple is defended by 1,500 points worth of neutral troops. The first General (not a
    typical army General, but your ruler) to enter the temple'."""
    sc = load_scenario(find_scenario("rauscher-cauldron-temple"))
    camp = new_campaign(sc, "rauscher", seed=7)
    m = camp.map
    temple = victory._temple(camp)
    assert abs(temple.col - (m.width - 1) / 2) <= 1 and abs(temple.row - (m.height - 1) / 2) <= 1
    castles = {s.owner: s for s in m.settlements if s.kind == "fortress"}
    assert set(castles) == {"asur", "druchii"}
    assert {castles["asur"].hex.col, castles["druchii"].hex.col} == {0, m.width - 1}
    assert abs(castles["asur"].hex.distance(temple) - castles["druchii"].hex.distance(temple)) <= 1
    defenders = victory.temple_defenders(camp)
    assert sum(a.points for a in defenders) == 1500
    assert rstate(camp).neutral_players == ["temple"]
    assert all(rstate(camp).army(a.id).role is Role.NEUTRAL for a in defenders)
    assert "temple" not in rstate(camp).move_order
    for pid in ("asur", "druchii"):
        ((army, ruler),) = victory.rulers(camp, pid)
        assert "general" in ruler.flags and army.hex.distance(temple) >= 6


def test_the_crown_of_king_penleck():
    """'Each territory has aligned themselves with one of the competitors ... At the very
    center, place a fortress - the capitol - which will defend against any player'."""
    sc = load_scenario(find_scenario("rauscher-penleck-crown"))
    players = [p.id for p in sc.players]
    assert len(players) - 1 >= 3
    center = next(s for s in sc.map.settlements if s.id == sc.victory["capital"])
    assert center.owner == "regency" and center.walls and center.kind == "capital"
    assert abs(center.hex.col - (sc.map.width - 1) / 2) <= 1
    assert abs(center.hex.row - (sc.map.height - 1) / 2) <= 1
    allotted = []
    for seed in range(6):
        camp = new_campaign(sc, "rauscher", seed=seed)
        capital_territory = camp.map.territory_of(center.hex)
        assert capital_territory.owner is None
        others = [t for t in camp.map.territories if t is not capital_territory]
        assert all(t.owner in ("aldric", "gerard", "katarina") for t in others)
        assert camp.army("keep-garrison").owner == "regency"
        assert rstate(camp).army("keep-garrison").role is Role.NEUTRAL
        for s in camp.map.settlements:
            territory = camp.map.territory_of(s.hex)
            if territory is not capital_territory:
                assert s.owner == territory.owner and s.original_owner == s.owner
                assert all(a.owner == s.owner for a in camp.armies_at(s.hex))
        allotted.append(tuple(t.owner for t in others))
    assert len(set(allotted)) > 1, "the allegiances follow the dice"


def _tuicamp(*args: str, cwd: Path) -> str:
    """One ``tuicamp`` command as a real process (started warm: see warm.py); its output."""
    done = warm.tuicamp(args, cwd=cwd, env={**os.environ, "TUICAMP_SAVES": str(cwd / "saves")})
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_squabbles_allegiance_dice_are_set_up_rolls_in_the_log(tmp_path):
    """`tuicamp new ... --seed` then `tuicamp log`: the territories' allegiance is told in
    the set-up, before the set-up check, every die with its roll number like any other
    roll; the same seed makes the same campaign, and another seed another."""
    scenario = str(find_scenario("rauscher-penleck-crown"))
    logs = {}
    for name, seed in (("first", "3"), ("again", "3"), ("other", "4")):
        _tuicamp("new", scenario, "--ruleset", "rauscher", "--seed", seed, "--no-play",
                 "-o", f"{name}.toml", cwd=tmp_path)  # fmt: skip
        logs[name] = _tuicamp("log", f"{name}.toml", cwd=tmp_path).splitlines()
    log = logs["first"]
    told = next(i for i, line in enumerate(log) if "declare their allegiance" in line)
    assert log[0].startswith("#1 T1 upkeep: Set-up: The Crown of King Penleck")
    assert log[told].startswith("#3 T1 upkeep: The territories declare their allegiance")
    assert any(line.startswith("#4 T1 upkeep: Set-up check") for line in log[told + 1 :])
    rolls = re.findall(r"allegiance of ([^:]+): d6=(\d) \(\d\) roll #(\d+)", log[told])
    camp = Session.open(tmp_path / "first.toml").campaign
    # numbered as the campaign's first rolls, each by the code of its count (R-ALL-7)
    counted = [roll_number(camp.dice.seed, n) for n in range(1, len(rolls) + 1)]
    assert [int(number) for _, _, number in rolls] == counted
    declared = rstate(camp).victory.allegiances  # what the save holds is what the log says
    assert [(name, int(die)) for name, die, _ in rolls] == [
        (camp.map.territory(a.territory).name, die) for a in declared for die in a.dice
    ]
    assert all(camp.map.territory(a.territory).owner == a.player for a in declared)
    assert logs["again"] == log, "the same seed, the same campaign"
    assert logs["other"][told] != log[told]


@pytest.mark.parametrize("path", RAUSCHER, ids=lambda p: p.stem)
def test_a_whole_turn_plays(path):
    camp = new_campaign(load_scenario(path), "rauscher", seed=7)
    engine = Engine(camp)
    while camp.turn == 1:
        engine.perform(acting_seats(camp)[0], EndPhase())
    assert camp.turn == 2 and camp.phase == "upkeep" and not camp.finished


@pytest.mark.parametrize("path", RAUSCHER, ids=lambda p: p.stem)
def test_tuicamp_new_starts_it(path, tmp_path, capsys):
    """`tuicamp new FILE --ruleset rauscher` as a real process; then `tuicamp show` and
    `tuicamp check` of the save it wrote (in this process, to keep the test quick)."""
    from tuicamp.cli import main

    save = tmp_path / "campaign.toml"
    made = subprocess.run(
        [
            sys.executable,
            "-m",
            "tuicamp",
            "new",
            str(path),
            "--ruleset",
            "rauscher",
            "--seed",
            "3",
            "--no-play",
            "-o",
            str(save),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "TUICAMP_SAVES": str(tmp_path / "saves")},
    )
    assert made.returncode == 0, made.stderr
    assert "Warhammer Campaign (Rauscher)" in made.stdout and save.exists()
    assert main(["show", str(save)]) == 0
    shown = capsys.readouterr().out
    assert "Turn 1, Upkeep" in shown and load_scenario(path).title in shown
    assert main(["check", str(save)]) == 0


def test_a_scenario_with_a_bad_victory_table_is_refused_at_check_and_new(tmp_path):
    path = Path(find_scenario("rauscher-stir-border"))
    bad = tmp_path / "bad.toml"
    bad.write_text(path.read_text().replace('type = "conquest"', 'type = "conquset"'))
    (problem,) = scenario_problems(bad)  # the ruleset judges [victory] for `tuicamp check`
    victory_line = bad.read_text().splitlines().index("[victory]") + 1
    assert problem.startswith(f"{bad}:{victory_line}: rauscher: type 'conquset' is not one")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tuicamp",
            "new",
            str(bad),
            "--ruleset",
            "rauscher",
            "--no-play",
            "-o",
            str(tmp_path / "x.toml"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "TUICAMP_SAVES": str(tmp_path)},
    )
    assert result.returncode == 2  # and `tuicamp new` refuses it, in one line
    assert "type 'conquset' is not one of conquest" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.toml").exists()


def test_an_army_over_the_limit_is_reported_by_check_at_its_line(tmp_path):
    """Text: "Armies are represented by counters, each containing no more than 5,000 points
    worth of troops." `tuicamp check` names the [[army]] block."""
    text = Path(find_scenario("rauscher-stir-border")).read_text()
    first_points = re.search(r"points = (\d+)", text)
    bad = tmp_path / "big.toml"
    bad.write_text(text[: first_points.start()] + "points = 6000" + text[first_points.end() :])
    lines = bad.read_text().splitlines()
    unit_line = next(i for i, line in enumerate(lines) if "points = 6000" in line)
    army_line = max(i for i in range(unit_line) if lines[i].strip() == "[[army]]") + 1
    (problem,) = scenario_problems(bad)
    assert problem.startswith(f"{bad}:{army_line}: rauscher: ") and "at most 5,000" in problem
