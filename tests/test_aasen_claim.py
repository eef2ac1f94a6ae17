"""The Invasion of Hex Island (``aasen``): who actually won (6.3): each player's Scoring
units on the result form (R-AA-24) and the supporter who claims the victory (R-AA-31)."""

from __future__ import annotations

import pytest
from test_aasen_year import BRETHREN, COLONY, REACH, new, pass_to_battles, senior, to_declare

from tuicamp.engine.battles import AutoResolveBattle, EnterBattleResult, SideEntry
from tuicamp.engine.rules import Rules
from tuicamp.rules.aasen import AasenRuleset, battles
from tuicamp.rules.aasen.declarations import Answer, Declare
from tuicamp.rules.aasen.support import Support

RULESET = AasenRuleset()
CAPE = "the-north-cape"


def harkon_helps_malus():
    """On the corsairs' island Malus invades The North Cape, the Colony stands with
    Eltharion, and Harkon sends 300 points from his Outpost on Lantern Rock to Malus."""
    return helps_malus("harkon", {"lantern-rock": "outpost"})


def helps_malus(sender, holdings):
    """Malus invades The North Cape, Eltharion stands, ``sender`` sends Malus 300 points."""
    engine = new("hex-island-corsairs")
    camp = engine.campaign
    camp.state.holdings.update(holdings)
    to_declare(engine)
    state = camp.state
    state.initiative.update({"malus": 30, sender: 29})
    engine.perform("malus", Declare(source="wreckers-cove", target=CAPE))
    engine.perform("eltharion", Answer(choice="stand", defender="eltharion"))
    officer = senior(engine, sender)
    engine.perform(sender, Support(invasion="i1", side="attacker", points=300, officer=officer))
    pass_to_battles(engine)
    return engine


def won(engine, level, units, sender="harkon"):
    """The attacker wins at ``level`` with ``units`` Scoring units (Malus's, the sender's)."""
    attacker = {"scoring_malus": units[0], f"scoring_{sender}": units[1]}
    sides = [
        SideEntry(side="attacker", facts=attacker),
        SideEntry(side="defender", facts={"scoring_eltharion": 4}),
    ]
    facts = {"winner": 1, "level": level}
    engine.perform("gm", EnterBattleResult(battle="b1", sides=sides, facts=facts))


def test_the_form_asks_each_player_his_scoring_units():
    """R-AA-24: "Scoring units left are entered per player, for who actually won" - one
    field for each player, asked of his side."""
    engine = harkon_helps_malus()
    rules = Rules(engine.campaign, RULESET)
    battle = engine.campaign.battles[0]
    fields = battles.result_fields(rules, battle)
    asked = {f.key: f.side for f in fields if f.key.startswith("scoring_")}
    assert asked == {
        "scoring_malus": "attacker",
        "scoring_harkon": "attacker",
        "scoring_eltharion": "defender",
    }


SENDERS = {"harkon": {"lantern-rock": "outpost"}, "khazrak": {}}


@pytest.mark.parametrize(
    ("sender", "owner", "told"),
    [
        (
            "harkon",
            BRETHREN,
            "Captain Harkon claims the victory: 3 Scoring units left to "
            "Malus of Hag Graef's 2 (6.3, R-AA-24, R-AA-31)",
        ),
        (
            "khazrak",
            REACH,
            "Khazrak One-Eye claims the victory: 3 Scoring units left to "
            "Malus of Hag Graef's 2 (6.3, R-AA-24, R-AA-31, R-AA-80)",
        ),
    ],
)
def test_a_supporter_with_more_scoring_units_claims_the_victory_and_its_spoils(sender, owner, told):
    """6.3: "if a supporting player on the winning has more Scoring units left on the table
    than the player he is supporting, he may claim the victory (along with any spoils) for
    himself" (R-AA-31): the Brethren conquer The North Cape, and Harkon has the Blitz; so
    has Khazrak, of Malus's own realm, the land staying the Reach's (R-AA-80)."""
    engine = helps_malus(sender, SENDERS[sender])
    won(engine, 3, (2, 3), sender)  # a Massacre
    camp = engine.campaign
    assert camp.map.territory(CAPE).owner == owner
    assert [e.text for e in engine.chronicle if e.kind == "victory_claimed"] == [told]
    assert [(b.player, b.kind) for b in camp.state.bonuses] == [(sender, "blitz")]


@pytest.mark.parametrize("units", [(3, 3), (4, 1), (0, 0)])
def test_a_tie_or_fewer_leaves_the_victory_to_the_supported_player(units):
    """6.3: "In case of a tie, the supported player's faction gets the victory" (R-AA-31)."""
    engine = harkon_helps_malus()
    won(engine, 2, units)  # a Solid Victory
    assert engine.campaign.map.territory(CAPE).owner == REACH
    assert not [e for e in engine.chronicle if e.kind == "victory_claimed"]


def test_a_battle_resolved_without_scoring_units_is_the_supported_players():
    """R-AA-31: a battle resolved without Scoring units is the supported player's."""
    engine = harkon_helps_malus()
    engine.perform("gm", AutoResolveBattle(battle="b1"))
    owner = engine.campaign.map.territory(CAPE).owner
    assert owner in (REACH, COLONY)
    assert not [e for e in engine.chronicle if e.kind == "victory_claimed"]


@pytest.mark.parametrize("units", [(3, 3), (3, 1)])
def test_a_supporter_of_the_realm_with_as_many_or_fewer_leaves_the_spoils(units):
    """6.3: "if a supporting player ... has more Scoring units left on the table than the
    player he is supporting" - as many is not more (R-AA-80)."""
    engine = helps_malus("khazrak", {})
    won(engine, 3, units, "khazrak")
    assert [(b.player, b.kind) for b in engine.campaign.state.bonuses] == [("malus", "blitz")]
    assert not [e for e in engine.chronicle if e.kind == "victory_claimed"]
