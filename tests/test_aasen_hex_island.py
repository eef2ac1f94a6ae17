"""The Invasion of Hex Island (``aasen``): the whole island, ``hex-island`` - nine realms
(six of two players, three pirate realms), fifteen players on 84 territories - is
bundled, valid and playable: a year with an invasion auto-resolved (R-AA-1, R-AA-7's
fixed allocation, R-ALL-2)."""

from __future__ import annotations

import copy

from test_aasen_victory import end_all, through_the_start

from tuicamp.engine.battles import AutoResolveBattle
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.rules.aasen import AasenRuleset, realms
from tuicamp.storage.scenario import find_scenario, load_scenario, scenario_problems

RULESET = AasenRuleset()
ISLAND = load_scenario(find_scenario("hex-island"))


def new(seed=5):
    return start_campaign(copy.deepcopy(ISLAND), "aasen", seed=seed)


def border(camp, attacker_realm, defender_realm):
    """A territory of ``attacker_realm`` next to one of ``defender_realm``."""
    for territory in realms.held_by(camp, attacker_realm):
        for other in realms.neighbours(camp, territory):
            if other.owner == defender_realm:
                return territory.id, other.id
    raise AssertionError("no border")


def test_the_island_checks_clean():
    assert scenario_problems(find_scenario("hex-island")) == []
    camp = new().campaign
    assert RULESET.campaign_problems(Rules(camp, RULESET)) == []


def test_every_realm_starts_with_its_capital_homeland_and_a_free_holding():
    """2.1: a normal realm's Capital on the mainland with the six territories around it, a
    pirate realm's on an island with the three others; "Realms start with either two
    Outposts or one Stronghold for free"."""
    camp = new().campaign
    state = camp.state
    for team in realms.realms(camp):
        capital = camp.map.territory(state.capitals[team.id])
        assert capital is not None and capital.owner == team.id
        around = realms.neighbours(camp, capital)
        assert all(t.owner == team.id for t in around)
        assert len(around) == (3 if realms.is_pirate(camp, team.id) else 6)
        held = {t.id for t in realms.held_by(camp, team.id)}
        kinds = sorted(state.holdings[t] for t in held if t in state.holdings)
        assert kinds in (["stronghold"], ["outpost", "outpost"])


def test_a_year_on_the_island_with_an_invasion_auto_resolved():
    """A year played through: Vilitch of the Howling Waste invades the Ostmark March from
    their border, the Ostmark stands, the battle is auto-resolved, the year ends and the
    next begins with every realm's books earned again."""
    engine = new()
    camp = engine.campaign
    source, target = border(camp, "the-waste", "ostmark")
    through_the_start(engine, invade=("vilitch", source, target))
    assert camp.phase == "battles"
    (battle,) = camp.battles
    engine.perform("gm", AutoResolveBattle(battle=battle.id))
    assert battle.result is not None and battle.result.auto
    end_all(engine)  # the battles
    end_all(engine)  # the end of the turn
    assert camp.turn == 2
    assert all(camp.state.books[t.id].support > 0 for t in realms.realms(camp))
    assert len(realms.land(camp)) == 84
