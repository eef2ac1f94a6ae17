"""The Invasion of Hex Island (``aasen``): betraying your allies (6.2, R-AA-32)."""

from __future__ import annotations

import pytest
from test_aasen_battles import to_battle
from test_aasen_claim import harkon_helps_malus, won
from test_aasen_year import BRETHREN

from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.rules.aasen import support
from tuicamp.rules.aasen.betrayal import Betray
from tuicamp.rules.aasen.support import RefuseSupport


def sides(engine):
    battle = engine.campaign.battles[0]
    return [(s.players, s.points) for s in battle.sides]


def test_a_contingent_that_does_not_show_up_is_paid_back_its_march():
    """6.2: "When you decide that your troops will not show up this is treated exactly like
    cancelling support (see section 5.5), and you get back any Resources paid for
    marching"; 5.5: "The points are simply lost that turn" (R-AA-32)."""
    engine = harkon_helps_malus()
    state = engine.campaign.state
    (contingent,) = state.contingents
    before = state.books[BRETHREN].resources
    (attacker, attack), defender = sides(engine)
    assert attacker == ["malus", "harkon"]
    engine.perform("harkon", Betray(invasion="i1", how="no_show"))
    assert sides(engine) == [(["malus"], attack - 300), defender]
    assert state.books[BRETHREN].resources == before + contingent.cost
    assert support.sent_points(Rules(engine.campaign, engine.ruleset), "harkon") == 300
    told = [e.text for e in engine.chronicle if e.kind == "betrayal"]
    assert told == [
        "Captain Harkon's Contingent does not show up to support Malus of Hag Graef in "
        "battle b1 (6.2)"
    ]
    with pytest.raises(RuleError, match="already stays away from battle b1"):
        engine.perform("harkon", Betray(invasion="i1", how="turncoat"))


@pytest.mark.parametrize("how", ["no_show", "turncoat"])
def test_a_contingent_that_stays_away_is_said_to_stay_away(how):
    """6.2: "Even though a player has declared that he will give support to another player
    he can decide not to show up for the battle": once he has, a second betrayal is told
    that the Contingent already stays away, not that none was sent (R-AA-69)."""
    engine = harkon_helps_malus()
    engine.perform("harkon", Betray(invasion="i1", how="no_show"))
    with pytest.raises(RuleError) as refused:
        engine.perform("harkon", Betray(invasion="i1", how=how))
    assert str(refused.value) == (
        "Your Contingent already stays away from battle b1: it was declared not to show up "
        "(6.2, R-AA-69)"
    )


def test_a_turncoat_fights_for_the_other_side_and_may_be_refused():
    """6.2: "If you decide that your troops will fight for the other side this is treated
    as if you had decided to support him all along, though you pay the same cost for
    marching ... a player can always refuse the support of turncoats" (R-AA-32)."""
    engine = harkon_helps_malus()
    state = engine.campaign.state
    before = state.books[BRETHREN].resources
    (_, attack), (_, defend) = sides(engine)
    engine.perform("harkon", Betray(invasion="i1", how="turncoat"))
    assert sides(engine) == [(["malus"], attack - 300), (["eltharion", "harkon"], defend + 300)]
    assert state.books[BRETHREN].resources == before  # the same march, not paid again
    assert "fights for Eltharion of Arnheim against Malus of Hag Graef" in engine.chronicle[-1].text
    engine.perform("eltharion", RefuseSupport(invasion="i1", sender="harkon"))
    assert sides(engine) == [(["malus"], attack - 300), (["eltharion"], defend)]


def test_no_turncoat_joins_a_sworn_enemy():
    """6.2: "To be able to change sides like this a player naturally has to be able to ally
    with the other side" - Khazrak's Beastmen and Eltharion's High Elves are Sworn
    enemies (3.3)."""
    engine = to_battle(contingent=600)
    with pytest.raises(RuleError, match="Sworn enemy"):
        engine.perform("khazrak", Betray(invasion="i1", how="turncoat"))
    assert engine.campaign.battles[0].sides[0].players == ["malus", "khazrak"]


def test_a_betrayal_comes_before_the_battle():
    """6.2: "This must be declared before a battle starts"."""
    engine = harkon_helps_malus()
    won(engine, 1, (1, 1))
    with pytest.raises(RuleError, match="before the battle starts"):
        engine.perform("harkon", Betray(invasion="i1", how="no_show"))
