"""Who stands with whom: realms, alliances, owners that are teams, shared sight."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Player, Seat
from tuicamp.model.map import HexMap
from tuicamp.model.teams import Team, TeamKind
from tuicamp.rules.kit.teams import (
    allies,
    friendly,
    hostile,
    members,
    name_of,
    realm_of,
    sees_with,
    speaks_for,
    team_of,
    teams_of,
)

REALM, ALLIANCE = TeamKind.REALM, TeamKind.ALLIANCE


def campaign(*teams: Team, players: str = "abcde") -> Campaign:
    return Campaign(
        "t",
        "t",
        "sandbox",
        HexMap.blank(2, 2),
        players=[Player(p, p.upper(), "Empire") for p in players],
        teams=list(teams),
    )


# a realm of a and b (sharing sight), allied with c; d alone; e allied with c only
WORLD = campaign(
    Team("north", "The North", ["a", "b"], REALM, shared_vision=True),
    Team("pact", "The Pact", ["north", "c"], ALLIANCE, shared_vision=True),
    Team("east", "Eastern League", ["c", "e"], ALLIANCE),
)


def test_with_no_teams_every_two_players_are_hostile() -> None:
    """Without teams, every player is its own power: hostile to all the others."""
    camp = campaign()
    assert hostile(camp, "a", "b") and hostile(camp, "b", "a")
    assert allies(camp, "a") == [] and sees_with(camp, "a") == ["a"]
    assert members(camp, "a") == ["a"] and team_of(camp, "a") is None


def test_a_player_is_never_hostile_to_itself_its_realm_or_its_allies() -> None:
    """ "a player is never hostile to itself, its realm or its allies"."""
    assert not hostile(WORLD, "a", "a")
    assert not hostile(WORLD, "a", "b")  # one realm
    assert not hostile(WORLD, "a", "north")  # the realm itself, as an owner
    assert not hostile(WORLD, "a", "c") and not hostile(WORLD, "b", "c")  # the realm's ally
    assert not hostile(WORLD, "c", "pact")
    assert hostile(WORLD, "a", "d") and hostile(WORLD, "north", "d")


def test_alliances_are_not_passed_on() -> None:
    """c is allied with the North and with e; that does not make e a friend of the North."""
    assert friendly(WORLD, "c", "e") and friendly(WORLD, "c", "a")
    assert hostile(WORLD, "e", "a") and hostile(WORLD, "e", "north")
    # an alliance owns land for all its powers: e holds with c, so not against "east"
    assert not hostile(WORLD, "e", "east") and hostile(WORLD, "d", "east")


def test_nobody_is_hostile_to_anyone() -> None:
    """An owner of None (an unclaimed settlement) or an id naming nobody is no enemy."""
    assert not hostile(WORLD, "a", None) and not hostile(WORLD, None, "d")
    assert not hostile(WORLD, "ghost", "d") and members(WORLD, "ghost") == []


def test_members_of_an_owner() -> None:
    """ "members(owner) (a player id or a team id -> players)"; a realm named in an
    alliance brings all its players."""
    assert members(WORLD, "d") == ["d"]
    assert members(WORLD, "north") == ["a", "b"]
    assert members(WORLD, "pact") == ["a", "b", "c"]
    assert members(WORLD, None) == []


def test_a_player_named_in_an_alliance_brings_its_realm() -> None:
    """A realm is one power: its players share their friends."""
    camp = campaign(Team("r", "R", ["a", "b"], REALM), Team("x", "X", ["a", "c"], ALLIANCE))
    assert friendly(camp, "b", "c") and members(camp, "x") == ["a", "b", "c"]


def test_teams_of_a_player() -> None:
    assert realm_of(WORLD, "a").id == "north" and realm_of(WORLD, "c") is None
    assert [t.id for t in teams_of(WORLD, "b")] == ["north", "pact"]
    assert [t.id for t in teams_of(WORLD, "c")] == ["pact", "east"]
    assert team_of(WORLD, "a").id == "north" and team_of(WORLD, "e").id == "east"
    assert team_of(WORLD, "d") is None and teams_of(WORLD, "ghost") == []


def test_allies_are_everyone_on_the_players_side() -> None:
    assert allies(WORLD, "a") == ["b", "c"]
    assert allies(WORLD, "c") == ["a", "b", "e"]
    assert allies(WORLD, "d") == []


def test_sight_is_shared_as_the_team_declares() -> None:
    """ "sees_with(campaign, player) (the players whose sight this player shares, as the
    team declares)": the Pact shares sight, the Eastern League does not."""
    assert sees_with(WORLD, "a") == ["a", "b", "c"]
    assert sees_with(WORLD, "c") == ["c", "a", "b"]
    assert sees_with(WORLD, "e") == ["e"]
    assert sees_with(WORLD, "d") == ["d"] and sees_with(WORLD, "ghost") == []


def test_names_and_who_speaks_for_an_owner() -> None:
    assert name_of(WORLD, "a") == "A" and name_of(WORLD, "north") == "The North"
    assert name_of(WORLD, None) == "nobody"
    seat_b = Seat("sb", "B's seat", ["b"])
    assert speaks_for(WORLD, seat_b, "north") and speaks_for(WORLD, seat_b, "b")
    assert not speaks_for(WORLD, seat_b, "d")
    assert speaks_for(WORLD, Seat("gm", "GM", gm=True), "d")


_IDS = "abcde"
_team = st.builds(
    lambda i, kind, members, vision: Team(f"t{i}", f"T{i}", members, kind, vision),
    st.integers(0, 3),
    st.sampled_from([REALM, ALLIANCE]),
    st.lists(st.sampled_from([*_IDS, "t0", "t1", "t2"]), min_size=1, max_size=4, unique=True),
    st.booleans(),
)


def _valid(teams: list[Team]) -> list[Team]:
    """Ids unique, realms of players, no player in two realms (as the scenario and save
    checks demand); an alliance may name realms."""
    out, seen, ruled = [], set(), set()
    for t in teams:
        realm = t.kind is REALM
        if t.id in seen or (realm and (ruled & set(t.members) or set(t.members) - set(_IDS))):
            continue
        seen.add(t.id)
        if t.kind is REALM:
            ruled |= set(t.members)
        out.append(t)
    return out


@given(st.lists(_team, max_size=5), st.sampled_from(_IDS), st.sampled_from(_IDS))
def test_hostility_is_symmetric_and_spares_friends(teams, a, b) -> None:
    """Hostility between two players is the absence of friendship, the same both ways;
    nobody is hostile to itself, its realm, its allies or a team it is a member of."""
    camp = campaign(*_valid(teams))
    assert hostile(camp, a, b) == hostile(camp, b, a) == (not friendly(camp, a, b))
    assert not hostile(camp, a, a)
    for ally in allies(camp, a):
        assert not hostile(camp, a, ally)
    for t in camp.teams:
        if a in members(camp, t.id):
            assert not hostile(camp, a, t.id)
    assert sees_with(camp, a)[0] == a
    assert set(sees_with(camp, a)) <= {a, *allies(camp, a)}
