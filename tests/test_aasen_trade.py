"""The Invasion of Hex Island (``aasen``): Trade (5.2, R-AA-19), through the engine."""

from __future__ import annotations

import copy

import pytest

from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.game.setup import start_campaign
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
