"""The Invasion of Hex Island (``aasen``): a Follow-up after an amphibious invasion needs
no fleet (6.3, R-AA-70)."""

from __future__ import annotations

import pytest
from test_aasen_amphibious import COVE, SHORE, afloat
from test_aasen_battles import result, to_the_battles
from test_aasen_bonuses import lead, to_next_declarations

from tuicamp.engine.errors import RuleError
from tuicamp.rules.aasen.bonuses import ForgoBonus
from tuicamp.rules.aasen.declarations import Answer, Declare


def landed_and_won():
    """Malus lands at Eastwatch Shore from Wreckers' Cove and wins a Minor Victory (a
    Follow-up, +10); next year his Initiative counts it and he declares first."""
    engine = afloat()
    engine.perform("malus", Declare(source=COVE, target=SHORE, fleet=True))
    engine.perform("eltharion", Answer(choice="stand"))
    to_the_battles(engine)
    result(engine, 1, 1)
    to_next_declarations(engine)
    assert [(b.kind, b.landed) for b in engine.campaign.state.claimed] == [("follow-up", True)]
    lead(engine, "malus")
    return engine


@pytest.mark.parametrize("fleet", [False, True])
def test_a_follow_up_after_a_landing_needs_no_fleet(fleet):
    """6.3: "If you gain a follow-up after launching an amphibious invasion you don't need
    a fleet to transport you - the army is already there" (R-AA-70): declared from the same
    territory into the same one, over land or with fleet = true, no fleet launched this
    year, no fare and no mishap dice."""
    engine = landed_and_won()
    assert engine.campaign.state.fleets == []
    engine.perform("malus", Declare(source=COVE, target=SHORE, fleet=fleet))
    invasion = engine.campaign.state.invasions[-1]
    assert (invasion.source, invasion.target, invasion.by_sea) == (COVE, SHORE, False)
    told = [e for e in engine.chronicle if e.kind == "invasion"][-1]
    assert "already there" in told.text
    assert not told.rolls


def test_a_follow_up_given_up_needs_its_fleet_again():
    """R-AA-70: only the Follow-up's army is already there; once it is given up
    (forgo_bonus, R-AA-27) the same invasion is one over the water like any other (5.7)."""
    engine = landed_and_won()
    engine.perform("malus", ForgoBonus())
    with pytest.raises(RuleError, match="does not border"):
        engine.perform("malus", Declare(source=COVE, target=SHORE))
