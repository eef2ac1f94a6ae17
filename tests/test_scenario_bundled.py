"""The bundled scenarios: found from a checkout and from an installed wheel, free of
problems under the real installed rulesets, playable, and maps that make sense (a river
that is one chain, roads that reach every settlement, crossings where roads meet rivers).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import InputError
from tuicamp.engine.flow import acting_seats
from tuicamp.engine.registry import load_rulesets
from tuicamp.game.scenarios import load_scenario, scenario_problems
from tuicamp.game.setup import new_campaign
from tuicamp.model import Hex, Hexside, parse_label
from tuicamp.storage import scenario as scenario_module
from tuicamp.storage.scenario import bundled_scenarios, find_scenario

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = bundled_scenarios()
BORDER_WAR = "border-war-empire-vs-orcs"


def test_the_bundled_scenarios_are_there():
    names = [p.stem for p in BUNDLED]
    assert BORDER_WAR in names and "skirmish-valley" in names
    files = [p.name for p in BUNDLED]  # listed in file order ("hex-island-duel" first)
    assert files == sorted(files)
    # the checkout's top-level scenarios/ folder is the same files (a symlink into the package)
    assert {p.name for p in (ROOT / "scenarios").glob("*.toml")} == {p.name for p in BUNDLED}


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_bundled_scenario_has_no_problems_and_plays(path):
    assert scenario_problems(path) == []
    sc = load_scenario(path)
    assert sc.id == path.stem  # the name a newcomer types is the id the saves record
    assert sc.title and len(sc.description) > 80 and len(sc.players) >= 2
    installed = load_rulesets()
    assert sc.rulesets and set(sc.rulesets) <= set(installed)
    for rid in sc.rulesets:
        camp = new_campaign(sc, rid, seed=11)
        engine = Engine(camp)
        assert acting_seats(camp), "somebody can act on turn 1"
        assert engine.campaign.players[0].id == sc.players[0].id


def _vertices(side: Hexside) -> list[frozenset[Hex]]:
    """The two corners of a hexside, each named by the three hexes that meet there."""
    common = [h for h in side.a.neighbours() if side.b.is_adjacent(h)]
    return [frozenset({side.a, side.b, c}) for c in common]


def _chains(sides: list[Hexside]) -> list[set[Hexside]]:
    """Sides grouped into chains that touch corner to corner."""
    corners: dict[frozenset[Hex], list[Hexside]] = {}
    for s in sides:
        for v in _vertices(s):
            corners.setdefault(v, []).append(s)
    left, chains = set(sides), []
    while left:
        todo, chain = [left.pop()], set()
        while todo:
            s = todo.pop()
            chain.add(s)
            for v in _vertices(s):
                for t in corners[v]:
                    if t in left:
                        left.discard(t)
                        todo.append(t)
        chains.append(chain)
    return chains


def _road_groups(sc) -> list[set[Hex]]:
    """Hexes joined by road, as connected groups."""
    linked: dict[Hex, set[Hex]] = {}
    for s in sc.map.hexsides.get("road", []):
        linked.setdefault(s.a, set()).add(s.b)
        linked.setdefault(s.b, set()).add(s.a)
    groups, seen = [], set()
    for start in linked:
        if start in seen:
            continue
        group, todo = set(), [start]
        while todo:
            h = todo.pop()
            if h not in group:
                group.add(h)
                todo.extend(linked[h] - group)
        seen |= group
        groups.append(group)
    return groups


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_bundled_map_makes_sense(path):
    sc = load_scenario(path)
    m = sc.map
    if set(sc.rulesets) != {"aasen"}:  # Aasen's tiles are territories, crossed whole
        _hexside_features_make_sense(sc)
    # every hex of a territory is on the map and in one territory only
    held = Counter(h for t in m.territories for h in t.hexes)
    assert all(n == 1 and m.contains(h) for h, n in held.items())
    for slot in sc.players:
        assert [a for a in sc.armies if a.owner == slot.id], f"{slot.id} starts with an army"


def _hexside_features_make_sense(sc) -> None:
    """Where armies march hex by hex: one river fed by its streams, crossed at bridges and
    fords, and one road network joining the settlements."""
    m = sc.map
    river = m.hexsides.get("river", [])
    streams = m.hexsides.get("stream", [])
    assert len(_chains(river)) == 1, "the river is one unbroken chain of hexsides"
    river_corners = {v for s in river for v in _vertices(s)}
    for chain in _chains(streams):
        assert {v for s in chain for v in _vertices(s)} & river_corners, "streams feed the river"
    crossings = set(m.hexsides.get("bridge", [])) | set(m.hexsides.get("ford", []))
    assert crossings and crossings <= set(river) | set(streams)
    assert m.hexsides.get("bridge") and m.hexsides.get("ford")
    for side in set(m.hexsides.get("road", [])) & set(river):
        assert side in crossings, f"road crosses the river at {side} without a bridge or ford"
    groups = _road_groups(sc)
    assert len(groups) == 1, "one road network"
    assert all(s.hex in groups[0] for s in m.settlements), "every settlement is on the roads"
    for h in groups[0]:
        assert not m.terrain_at(h).water, f"road through the water at {m.label(h)}"


def test_the_border_war_is_big_and_varied():
    sc = load_scenario(find_scenario(BORDER_WAR))
    m = sc.map
    assert (m.width, m.height) >= (24, 16)
    letters = Counter("".join(m.terrain))
    assert len(letters) >= 6 and letters["."] < 0.6 * m.width * m.height
    assert 8 <= len(m.territories) <= 12
    assert {"village", "town", "city", "capital", "fortress", "tower"} <= {
        s.kind for s in m.settlements
    }
    assert len(m.hexsides["river"]) >= m.height and len(m.hexsides["stream"]) >= 10
    assert {p.race for p in sc.players} == {"Empire", "Orcs & Goblins"}
    for slot in sc.players:
        armies = [a for a in sc.armies if a.owner == slot.id]
        total = sum(a.points for a in armies)
        assert 1000 <= total <= 3000, (slot.id, total)
        assert all(3 <= len(a.units) <= 15 for a in armies)
        assert sum(1 for a in armies for u in a.units if "general" in u.flags) == len(armies)
        capitals = [s for s in m.settlements if s.kind == "capital" and s.owner == slot.id]
        assert len(capitals) == 1 and capitals[0].walls
    # the description tells a newcomer what it is; it adds up with the armies it describes
    for slot in sc.players:
        total = sum(a.points for a in sc.armies if a.owner == slot.id)
        assert f"{total:,}" in sc.description
    assert "two players" in sc.description


def test_the_border_war_river_is_crossed_only_at_its_crossings():
    """Marching the Averland Host east needs the Grenzburg bridge, and the sandbox agrees."""
    sc = load_scenario(find_scenario(BORDER_WAR))
    camp = new_campaign(sc, "sandbox", seed=3, options={"battles": False})
    engine = Engine(camp)
    from tuicamp.rules.sandbox.actions import Move

    events = engine.perform("empire", Move(army="averland-host", to="1610"))
    route = [parse_label(label) for label in events[-1].data["path"]]
    sides = {Hexside(a, b) for a, b in pairwise(route)}
    river = set(camp.map.hexsides["river"])
    crossings = set(camp.map.hexsides["bridge"]) | set(camp.map.hexsides["ford"])
    assert sides & river and sides & river <= crossings
    assert camp.army("averland-host").hex == route[-1] == Hex.from_offset(15, 9)


# --- finding scenarios ------------------------------------------------------------------
def test_find_scenario_by_stem_file_name_and_path(tmp_path):
    by_stem = find_scenario("skirmish-valley")
    assert by_stem.name == "skirmish-valley.toml" and by_stem in BUNDLED
    assert find_scenario("skirmish-valley.toml") == by_stem
    mine = tmp_path / "skirmish-valley.toml"
    shutil.copy(by_stem, mine)
    assert find_scenario(str(mine)) == mine  # a file that exists wins over a bundled name
    assert find_scenario(mine) == mine


def test_find_scenario_by_id(tmp_path, monkeypatch):
    text = find_scenario("skirmish-valley").read_text()
    other = tmp_path / "first-steps.toml"
    other.write_text(text.replace('id = "skirmish-valley"', 'id = "valley-of-first-steps"'))
    monkeypatch.setattr(scenario_module, "bundled_scenarios", lambda: [*BUNDLED, other])
    assert find_scenario("valley-of-first-steps") == other


def test_find_scenario_names_the_bundled_ones_when_lost(tmp_path):
    with pytest.raises(InputError) as exc:
        find_scenario("reikland")
    assert str(exc.value) == (
        "no scenario 'reikland': give a file, or one of the bundled scenarios: "
        + ", ".join(p.stem for p in BUNDLED)
    )
    with pytest.raises(InputError, match=r"nope\.toml: no such scenario file \(bundled: border"):
        find_scenario(str(tmp_path / "nope.toml"))


# --- after a plain `pip install .` -----------------------------------------------------------
@pytest.mark.slow
def test_bundled_scenarios_are_found_in_an_installed_wheel(tmp_path):
    """Build and install the package into a folder of its own, then ask it from there."""
    src = tmp_path / "src"
    shutil.copytree(
        ROOT / "tuicamp", src / "tuicamp", ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
    )
    shutil.copy(ROOT / "pyproject.toml", src)
    readme = ROOT / "README.md"
    (src / "README.md").write_text(readme.read_text() if readme.exists() else "tuicamp\n")
    target = tmp_path / "site"
    pip = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-compile",
            "--target",
            str(target),
            str(src),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if pip.returncode != 0:
        pytest.skip(f"cannot build a wheel here: {pip.stderr.strip().splitlines()[-1:]}")
    probe = textwrap.dedent("""
        import tuicamp
        from tuicamp.storage.scenario import bundled_scenarios, find_scenario
        from tuicamp.game.scenarios import scenario_problems
        paths = bundled_scenarios()
        print(tuicamp.__file__)
        for p in paths:
            print(p, len(scenario_problems(p)))
        print(find_scenario("border-war-empire-vs-orcs"))
    """)
    env = {**os.environ, "PYTHONPATH": str(target)}
    run = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith(str(target))  # the installed copy, not the checkout
    found = [line.rsplit(" ", 1) for line in lines[1:-1]]
    assert sorted(Path(p).name for p, _ in found) == sorted(p.name for p in BUNDLED)
    assert all(p.startswith(str(target)) and n == "0" for p, n in found)
    assert lines[-1] == str(target / "tuicamp" / "scenarios" / f"{BORDER_WAR}.toml")


def test_the_format_documented_in_the_module_is_a_good_scenario(tmp_path):
    doc = scenario_module.__doc__
    example = doc[doc.index("    format_version") : doc.index("Bundled scenarios live")]
    path = tmp_path / "example.toml"
    path.write_text(textwrap.dedent(example))
    assert scenario_problems(path) == []
    sc = load_scenario(path)
    assert sc.map.territory("west").hexes and sc.rulesets["sandbox"].options == {"fog_of_war": True}
    assert sc.description == (
        "What it is, who fights, how it is won. Lines are joined; a blank line starts a new "
        "paragraph."
    )
