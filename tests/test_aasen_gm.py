"""The Invasion of Hex Island (``aasen``): the Games Master gives a territory to a realm
(R-AA-30)."""

from __future__ import annotations

import pytest
from test_aasen_year import COLONY, REACH, end_all, new

from tuicamp.engine.errors import RuleError
from tuicamp.rules.aasen import realms
from tuicamp.rules.aasen.gm import SetRealm


def test_the_games_master_gives_a_territory_to_a_realm_in_the_open():
    """2: "Each tile represents a separate territory and can be conquered by the players";
    R-AA-30: the Games Master may put a territory in another realm's hands, or nobody's,
    told to everyone; the new holder earns from it next year (5.1)."""
    engine = new()
    camp = engine.campaign
    end_all(engine)  # into the Trade segment
    engine.perform("gm", SetRealm(territory="the-north-cape", realm=REACH))
    assert camp.map.territory("the-north-cape").owner == REACH
    told = [e for e in engine.chronicle if e.kind == "gm_set_realm"]
    assert told[-1].text == (
        "The Games Master gives The North Cape to The Hag Graef Reach (it was The Arnheim "
        "Colony's) (R-AA-30)"
    )
    assert told[-1].visible_to is None
    assert camp.state.holdings.get("the-north-cape") == "outpost"  # the Outpost stays
    engine.perform("gm", SetRealm(territory="eastwatch-shore"))
    assert camp.map.territory("eastwatch-shore").owner is None
    assert len(realms.held_by(camp, REACH)) == 12 and len(realms.held_by(camp, COLONY)) == 9


@pytest.mark.parametrize(
    ("seat", "action", "refusal"),
    [
        ("malus", SetRealm(territory="the-north-cape", realm=REACH), "Games Master"),
        ("gm", SetRealm(territory="atlantis", realm=REACH), "'atlantis' is no territory"),
        ("gm", SetRealm(territory="the-north-cape", realm="lustria"), "'lustria' is no realm"),
        ("gm", SetRealm(territory="the-north-cape", realm=COLONY), "theirs already"),
    ],
)
def test_the_games_master_is_refused_what_names_nothing(seat, action, refusal):
    """R-AA-30: only the Games Master, only a territory, only a realm, and a change."""
    engine = new()
    with pytest.raises(RuleError, match=refusal):
        engine.perform(seat, action)
    assert engine.campaign.map.territory("the-north-cape").owner == COLONY


def test_no_territory_goes_to_a_realm_out_of_the_campaign():
    """3.1: "When a realm is eliminated all territories become neutral" - and it is given
    none back (R-AA-30)."""
    engine = new()
    engine.campaign.state.eliminated.append(COLONY)
    with pytest.raises(RuleError, match="out of the campaign"):
        engine.perform("gm", SetRealm(territory="wreckers-cove", realm=COLONY))
