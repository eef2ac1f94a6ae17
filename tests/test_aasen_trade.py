"""The Invasion of Hex Island (``aasen``): Trade (5.2, R-AA-19), through the engine."""

from __future__ import annotations

import copy

import pytest
from test_aasen_year import empty_sheets, end_all

from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.rules.aasen import AasenRuleset, declarations
from tuicamp.rules.aasen.declarations import Pass
from tuicamp.rules.aasen.trade import Trade
from tuicamp.storage.scenario import find_scenario, load_scenario

REACH, COLONY = "hag-graef-reach", "arnheim-colony"
DUEL = load_scenario(find_scenario("hex-island-duel"))
PLAYERS = ("malus", "khazrak", "eltharion", "tehen")


def at_trade():
    engine = start_campaign(copy.deepcopy(DUEL), "aasen", seed=5)
    for p in PLAYERS:
        engine.perform(p, EndPhase())
    assert engine.campaign.phase == "trade"
    return engine


def rules_of(engine):
    return Rules(engine.campaign, AasenRuleset())


def books(engine, realm):
    return engine.campaign.state.books[realm]


def test_an_offer_accepted_hands_over_resources_and_land_in_the_open():
    """5.2: "the realms may freely trade Resources, Territories ... All trade is done
    openly" (R-AA-19: offered by one realm, accepted by the other)."""
    engine = at_trade()
    engine.perform("malus", Trade(to=COLONY, give=3, ask_land=["the-north-cape"]))
    (offer,) = engine.campaign.state.trades.items
    assert offer.public
    engine.perform("tehen", Trade(accept=offer.id))
    camp = engine.campaign
    assert camp.map.territory("the-north-cape").owner == REACH
    assert (books(engine, REACH).resources, books(engine, COLONY).resources) == (8, 14)


def test_trade_is_done_in_its_segment_only():
    """5.2: "Note that this is the only time that trade can be done"."""
    engine = start_campaign(copy.deepcopy(DUEL), "aasen", seed=5)
    with pytest.raises(RuleError, match="not done in the"):
        engine.perform("malus", Trade(to=COLONY, give=1))


@pytest.mark.parametrize(
    ("offer", "refusal"),
    [
        ({"to": COLONY, "give": 12}, "has 11 Resources"),  # Wealth is never traded
        ({"to": COLONY, "give_land": ["sunward-keep"]}, "is not The Hag Graef Reach's to give"),
        ({"to": COLONY, "ask_land": ["hag-hold"]}, "is not The Arnheim Colony's to give"),
        ({"to": REACH, "give": 1}, "trades with another realm"),
        ({"to": "nowhere", "give": 1}, "is no realm"),
    ],
)
def test_an_offer_is_refused_what_a_realm_cannot_give(offer, refusal):
    """5.2: "saved Wealth cannot be traded": only Resources and land the realm holds."""
    engine = at_trade()
    with pytest.raises(RuleError, match=refusal):
        engine.perform("malus", Trade(**offer))


def test_an_offer_declined_or_not_answered_in_the_segment_is_over():
    """R-AA-19: "accepted by the other realm, only in the Trade segment"."""
    engine = at_trade()
    engine.perform("malus", Trade(to=COLONY, give=2))
    offer = engine.campaign.state.trades.items[0]
    with pytest.raises(RuleError, match="Only those a proposal is made to answer it"):
        engine.perform("khazrak", Trade(accept=offer.id))
    engine.perform("eltharion", Trade(decline=offer.id))
    engine.perform("malus", Trade(to=COLONY, give=1))
    second = engine.campaign.state.trades.items[1]
    for p in PLAYERS:
        engine.perform(p, EndPhase())
    assert second.status == "lapsed"
    assert books(engine, REACH).resources == 11


def to_next_years_trade(engine):
    """Every segment ended, empty sheets and every declaration passed, up to year 2's
    Trade."""
    while (engine.campaign.turn, engine.campaign.phase) != (2, "trade"):
        if engine.campaign.phase == "purchases":
            empty_sheets(engine)
        while engine.campaign.phase == "declare" and declarations.order(rules_of(engine)):
            engine.perform(declarations.order(rules_of(engine))[0], Pass())
        end_all(engine)


def test_an_offer_id_is_never_given_again_next_year():
    """R-ALL-7: an id "never given twice"; 5.2: the offers are of "this segment": an
    answer to last year's offer is refused, and never meets this year's first."""
    engine = at_trade()
    engine.perform("malus", Trade(to=COLONY, give=1))
    (last_year,) = engine.campaign.state.trades.items
    to_next_years_trade(engine)
    engine.perform("malus", Trade(to=COLONY, give=1))
    (this_year,) = engine.campaign.state.trades.items
    assert this_year.id != last_year.id
    with pytest.raises(RuleError, match=f"There is no offer '{last_year.id}'"):
        engine.perform("tehen", Trade(accept=last_year.id))


def test_trade_beyond_the_realms_resources_says_why():
    """5.2: "saved Wealth cannot be traded": an offer or an acceptance beyond the
    Resources is refused, saying what is had and what is wanted."""
    engine = at_trade()
    with pytest.raises(RuleError) as refused:
        engine.perform("malus", Trade(to=COLONY, give=12))
    assert str(refused.value) == (
        "The Hag Graef Reach has 11 Resources: it cannot give 12 (only Resources are "
        "traded, never the Wealth saved, 5.2)"
    )
    engine.perform("malus", Trade(to=COLONY, ask=30))
    (offer,) = engine.campaign.state.trades.items
    with pytest.raises(RuleError, match="The Arnheim Colony has 11 Resources, not the 30 asked"):
        engine.perform("tehen", Trade(accept=offer.id))
