"""Scenario files may declare teams, give land to them, and write a unit's race and a
territory's kind and flags; each mistake is one line at the line where it is written.

Built on test_scenario's fixture file and its fake ruleset, so only the format is pinned.
"""

from __future__ import annotations

from pathlib import Path

from test_scenario import BASE, edit, expect, fake_rulesets, line_of, write  # noqa: F401

from tuicamp.game.scenarios import load_scenario, scenario_problems
from tuicamp.game.setup import new_campaign
from tuicamp.model.teams import Team, TeamKind
from tuicamp.rules.kit.teams import hostile

TEAMS = """\
[[team]]
id = "north"
name = "The North"
kind = "realm"
members = ["p1", "p2"]
shared_vision = true

[[team]]
id = "pact"
name = "The Pact"
members = ["north", "p2"]

[[army]]"""


def with_teams(text: str = BASE) -> str:
    return edit("[[army]]", TEAMS, text)


def test_teams_kinds_flags_and_races_are_read(tmp_path: Path) -> None:
    """ "scenarios may declare [[team]]"; a territory or settlement may belong to one; a
    unit may have its own race; a territory a kind and flags."""
    text = with_teams()
    text = edit('owner = "p2"', 'owner = "north"\nkind = "march"\nflags = ["coastal"]', text)
    text = edit('owner = "p1"\nwalls', 'owner = "north"\nwalls', text)
    text = edit("  points = 165\n", '  points = 165\n  race = "Goblins"\n', text)
    path = write(tmp_path, text)
    assert scenario_problems(path) == []
    sc = load_scenario(path)
    assert sc.teams == [
        Team("north", "The North", ["p1", "p2"], TeamKind.REALM, True),
        Team("pact", "The Pact", ["north", "p2"], TeamKind.ALLIANCE, False),
    ]
    east = sc.map.territory("east")
    assert (east.owner, east.kind, east.flags) == ("north", "march", {"coastal"})
    assert sc.map.settlement("altdorf").owner == "north"
    assert sc.armies[1].units[0].race == "Goblins" and sc.armies[0].units[0].race == ""


def test_without_teams_a_scenario_reads_as_before(tmp_path: Path) -> None:
    sc = load_scenario(write(tmp_path, BASE))
    assert sc.teams == [] and all(t.kind == "" and not t.flags for t in sc.map.territories)


def test_a_member_must_be_a_player(tmp_path: Path) -> None:
    text = edit('members = ["p1", "p2"]', 'members = ["p1", "p9"]', with_teams())
    expect(
        tmp_path,
        text,
        '"p9"',
        "team 'north': 'p9' is not a player (players: p1, p2)",
    )


def test_an_alliance_may_name_realms_but_not_alliances(tmp_path: Path) -> None:
    text = edit('members = ["north", "p2"]', 'members = ["pact", "p2"]', with_teams())
    expect(
        tmp_path,
        text,
        '["pact"',
        "team 'pact': 'pact' is not a player or realm (players: p1, p2; realms: north)",
    )


def test_no_player_rules_in_two_realms(tmp_path: Path) -> None:
    text = edit('members = ["north", "p2"]', 'kind = "realm"\nmembers = ["p2"]', with_teams())
    expect(
        tmp_path,
        text,
        'members = ["p2"]',
        "'p2' is already in realm 'north': a player rules in one realm only",
    )


def test_team_ids_are_unique(tmp_path: Path) -> None:
    text = with_teams().replace('id = "pact"', 'id = "north"')
    first = line_of(text, 'id = "north"')
    expect(
        tmp_path, text, 'id = "north"', f"duplicate team id 'north' (first at line {first})", nth=2
    )


def test_a_team_id_is_no_players_id(tmp_path: Path) -> None:
    text = edit('id = "pact"', 'id = "p2"', with_teams())
    expect(
        tmp_path,
        text,
        'id = "p2"',
        "team id 'p2' is a player's id: an owner names a player or a team, so the two must differ",
        nth=2,
    )


def test_a_team_kind_is_realm_or_alliance(tmp_path: Path) -> None:
    text = edit('kind = "realm"', 'kind = "empire"', with_teams())
    expect(tmp_path, text, 'kind = "empire"', "kind 'empire' is not one of realm, alliance")


def test_an_alliance_needs_two_members(tmp_path: Path) -> None:
    text = edit('members = ["north", "p2"]', 'members = ["p2"]', with_teams())
    expect(tmp_path, text, 'members = ["p2"]', "alliance 'pact' needs at least two members")


def test_land_belongs_to_a_player_or_a_team(tmp_path: Path) -> None:
    """With teams declared, the refusal names both; without, it reads as it always did."""
    text = edit('owner = "p2"', 'owner = "p3"', with_teams())
    expect(
        tmp_path,
        text,
        '"p3"',
        "owner 'p3' is not a player or team (players: p1, p2; teams: north, pact)",
    )


def test_an_army_belongs_to_a_player_not_a_team(tmp_path: Path) -> None:
    text = edit('owner = "p1"\nhex', 'owner = "north"\nhex', with_teams())
    expect(
        tmp_path,
        text,
        'owner = "north"',
        "owner 'north' is a team: an army belongs to one of its players",
    )


def test_a_units_race_is_text(tmp_path: Path) -> None:
    text = edit("  points = 165\n", "  points = 165\n  race = 3\n")
    expect(tmp_path, text, "race = 3", "race should be text, not the number 3")


def test_territory_flags_are_a_list_of_text(tmp_path: Path) -> None:
    text = edit("revenue = 10", 'revenue = 10\nflags = "coastal"')
    expect(
        tmp_path, text, 'flags = "coastal"', "flags should be a list of text, not text 'coastal'"
    )


def test_a_new_campaign_carries_the_scenarios_teams(tmp_path: Path) -> None:
    """The campaign knows its teams: a realm's players are never hostile to each other."""
    sc = load_scenario(write(tmp_path, with_teams()))
    campaign = new_campaign(sc, next(iter(sc.rulesets)), seed=1)
    assert [t.id for t in campaign.teams] == ["north", "pact"]
    assert not hostile(campaign, "p1", "p2")
    campaign.teams.clear()
    assert hostile(campaign, "p1", "p2")
