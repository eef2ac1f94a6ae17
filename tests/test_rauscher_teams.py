"""Rauscher's allegiance is the kit's teams: "scenarios may now also declare [[team]]
themselves: both work, and an alliance named twice is one". Neutral forces stay a Rauscher
rule on top: "defends against any player".

The campaign of test_rauscher_alliances: Anna (p1), Bruno (p2) and Clara (p3).
"""

from __future__ import annotations

from test_rauscher_alliances import RULESET, allied_campaign

from tuicamp.engine.rules import Rules
from tuicamp.model.teams import Team, TeamKind
from tuicamp.rules.rauscher.shared.common import allied, enemies, friendly, side_key, side_of

PACT = Team("pact", "The Pact", ["p3", "p1"])  # as a scenario's [[team]] declares it


def team_campaign(*teams: Team, alliances=(), neutral=()):
    """The three players, the scenario's teams, and the key's alliances."""
    camp = allied_campaign(alliances=())
    camp.teams = list(teams)
    RULESET.setup(
        camp, {"alliances": [list(a) for a in alliances], "neutral_players": list(neutral)}
    )
    return camp


def problems(camp) -> list[str]:
    return [text for _, text in RULESET.campaign_problems(Rules(camp, RULESET))]


def test_a_scenario_team_makes_allies_as_the_key_does():
    """ "working in allegiance or as opposing forces", written as a [[team]]."""
    camp = team_campaign(PACT)
    assert not enemies(camp, "p1", "p3") and allied(camp, "p3", "p1")
    assert enemies(camp, "p1", "p2") and enemies(camp, "p2", "p3")
    assert side_of(camp, "p1") == ["p3", "p1"]  # in the team's own order, as the key's
    assert side_key(camp, "p1") == side_key(camp, "p3") == "p3"
    assert problems(camp) == []


def test_an_alliance_named_twice_is_one_team():
    camp = team_campaign(PACT, alliances=[("p1", "p3")])
    assert camp.teams == [PACT]
    camp = team_campaign(alliances=[("p1", "p3"), ("p1", "p3")])
    assert [t.id for t in camp.teams] == ["alliance1"]


def test_a_player_in_two_alliances_is_a_problem_wherever_they_are_written():
    """ "a player may be in one alliance only": a [[team]] and the key together."""
    camp = team_campaign(PACT, alliances=[("p3", "p2")])
    assert (
        "alliances: 'p3' is in The Pact and in Alliance of Clara and Bruno: a player may "
        "be in one alliance only" in problems(camp)
    )


def test_neutral_forces_stand_against_everyone_whatever_team_names_them():
    """A neutral force "defends against any player": no team makes it a friend."""
    camp = team_campaign(Team("pact", "The Pact", ["p1", "p2"]), neutral=["p2"])
    assert enemies(camp, "p1", "p2") and not friendly(camp, "p1", "p2")
    assert side_of(camp, "p2") == ["p2"]
    assert "alliances: 'p2' is a neutral force: it stands against every player" in problems(camp)


def test_a_realm_is_one_side_and_its_land_is_no_enemy_of_its_players():
    """A realm (the kit's one power of several players) fights as one side; land the
    realm holds is friendly to its players and an enemy's to the others."""
    camp = team_campaign(Team("north", "The North", ["p1", "p3"], TeamKind.REALM))
    assert not enemies(camp, "p1", "p3") and side_key(camp, "p3") == side_key(camp, "p1")
    assert friendly(camp, "north", "p3") and enemies(camp, "p2", "north")
    assert not enemies(camp, "p1", None) and not friendly(camp, None, None)


def test_a_team_shares_sight_only_when_it_says_so():
    """The key's alliances share their vision (the ruling that allies see each other's
    counters); a [[team]] declares it itself (``shared_vision``)."""

    def clara_sees(camp) -> str:
        return RULESET.army_visibility(Rules(camp, RULESET), camp.seat("p3"), camp.army("a1"))

    shared = team_campaign(alliances=[("p1", "p3")])
    assert shared.teams[0].shared_vision and clara_sees(shared) == "full"
    assert clara_sees(team_campaign(PACT)) == "counter"
