"""Model fields the next rulesets need: a unit's own race, a territory's kind and flags,
land owned by a team. Old saves load unchanged: the files in tests/data/saves_before_kit
were written by tuicamp before these fields existed, and must read as they were, the new
fields at their defaults."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
from attrs import evolve
from conftest import small_campaign

from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.game.session import Session
from tuicamp.model.forces import Player, Unit, unit_race
from tuicamp.model.teams import Team, TeamKind
from tuicamp.storage.saves import campaign_problems, load_save, save_problems

OLD_SAVES = Path(__file__).parent / "data" / "saves_before_kit"
# What the kit's changes add, at their defaults (state_version: the save was version 1).
NEW_KEYS = {"race", "kind", "flags", "colour", "teams", "state_version"}
# What a ruleset's own state upgrade moves out of its state (paths in the state): Rauscher's
# alliances (none in this save) became the campaign's teams at its state version 2, its
# models off the table (none either) the flow's scheduled returns at version 3.
MOVED = {"rauscher": (("alliances",), ("combat", "returning"))}
# What the flow of play (save format 2) adds and moves: whose turn it is leaves the rulesets'
# state for the engine's ``flow`` (the format's upgrade step moves it there).
FLOW_KEYS = {"flow", "step"}
MOVED_TO_FLOW = {"order", "current", "ended", "mover", "phase_done"}


def test_a_unit_fights_as_its_own_race_or_else_its_owners() -> None:
    """ "a Unit has a race (default empty: its owner's; a helper gives the effective race)"."""
    owner = Player("p1", "Anna", "Empire")
    assert unit_race(Unit("u1", "Halberdiers", 100), owner) == "Empire"
    assert unit_race(Unit("u2", "Hired Dwarfs", 100, race="Dwarfs"), owner) == "Dwarfs"
    assert unit_race(Unit("u3", "Nobody's", 100), None) == ""


def _added(before: Any, after: Any, path: str = "") -> list[str]:
    """Keys ``after`` has that ``before`` lacks; raises on anything changed or lost."""
    if isinstance(before, dict):
        assert isinstance(after, dict), path
        assert set(before) <= set(after), f"{path}: lost {set(before) - set(after)}"
        out = [f"{path}.{k}" for k in set(after) - set(before)]
        for k in before:
            out += _added(before[k], after[k], f"{path}.{k}")
        return out
    if isinstance(before, list):
        assert isinstance(after, list) and len(before) == len(after), path
        pairs = enumerate(zip(before, after, strict=True))
        return [p for i, (b, a) in pairs for p in _added(b, a, f"{path}[{i}]")]
    assert before == after, path
    return []


@pytest.mark.parametrize("name", ["sandbox", "rauscher"])
def test_a_save_written_before_loads_unchanged(name: str, tmp_path: Path) -> None:
    """The defaults keep old saves loading unchanged: no problem is found, every value
    written reads back as it was, and the new fields are empty."""
    path = OLD_SAVES / f"{name}.toml"
    assert save_problems(path) == []
    campaign, chronicle = load_save(path)
    assert campaign.teams == []
    assert all(u.race == "" for a in campaign.armies for u in a.units)
    assert all(
        t.kind == "" and t.flags == set() and t.colour == "" for t in campaign.map.territories
    )
    written = tomllib.loads(path.read_text(encoding="utf-8"))["campaign"]
    moved = {k: written["state"].pop(k) for k in MOVED_TO_FLOW & set(written["state"])}
    assert moved, "the old save kept whose turn it was in the ruleset's state"
    for *parents, key in MOVED.get(name, ()):
        table = written["state"]
        for parent in parents:
            table = table[parent]
        assert table.pop(key) == []
    added = _added(written, campaign_to_dict(campaign))
    keys = {p.rpartition(".")[2] for p in added}
    assert keys >= NEW_KEYS and keys - NEW_KEYS <= FLOW_KEYS
    # and it plays on: saved again (by a session, as the game does), it loads the same
    for f in (path, path.with_name(f"{name}.chronicle.toml")):
        shutil.copy(f, tmp_path / f.name)
    session = Session.open(tmp_path / f"{name}.toml")
    session.save()
    again, events = load_save(tmp_path / f"{name}.toml")
    assert evolve(again, revision=campaign.revision) == campaign and events == chronicle


def test_the_new_fields_round_trip() -> None:
    camp = small_campaign()
    camp.armies[0].units[0].race = "Dwarfs"
    west = camp.map.territory("west")
    west.kind, west.flags = "province", {"coastal", "rebellious"}
    camp.teams = [Team("league", "The League", ["p1", "p2"], TeamKind.ALLIANCE, True)]
    camp.map.territory("east").owner = "league"
    data = campaign_to_dict(camp)
    assert data["map"]["territories"][0]["flags"] == ["coastal", "rebellious"]
    back = campaign_from_dict(data, type(camp.state))
    assert back == camp
    assert back.teams[0].kind is TeamKind.ALLIANCE and back.teams[0].shared_vision


def test_a_save_may_give_land_to_a_team_but_not_to_a_stranger() -> None:
    """ "a territory or settlement may be owned by a team id (the ... save checks accept
    it)"; an owner that is neither a player nor a team is still refused."""
    camp = small_campaign()
    camp.teams = [Team("realm", "The Realm", ["p1"], TeamKind.REALM)]
    camp.map.territory("west").owner = "realm"
    camp.map.settlement("s1").owner = "realm"
    assert campaign_problems(camp) == []
    camp.map.settlement("s2").owner = "nobody"
    assert campaign_problems(camp) == [
        (("map", "settlements", 1, "owner"), "settlement 's2': no player or team 'nobody'")
    ]


def test_a_save_checks_its_teams() -> None:
    """Hand-edited teams are checked like the rest of a save: ids unique and no player's,
    members real, a player in one realm only."""
    camp = small_campaign()
    camp.teams = [
        Team("r1", "North", ["p1"], TeamKind.REALM),
        Team("r1", "South", ["p2"], TeamKind.REALM),
        Team("p2", "Pact", ["p1", "ghost"]),
        Team("r3", "East", ["p1"], TeamKind.REALM),
    ]
    found = {p.where: p.text for p in campaign_problems(camp)}
    assert found == {
        "teams[1].id": "a second team with id 'r1'",
        "teams[2].id": (
            "team id 'p2' is a player's id: an owner names a player or a team, so the two "
            "must differ"
        ),
        "teams[2].members[1]": (
            "team 'p2': 'ghost' is not a player or realm (players: p1, p2; realms: r1, r3)"
        ),
        "teams[3].members[0]": "'p1' is already in realm 'r1': a player rules in one realm only",
    }
