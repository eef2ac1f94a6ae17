"""The Invasion of Hex Island (``aasen``): a Senior Officer leading a Support Contingent
to a Trusted army gains 1 Glory (6.4, table 6.3)."""

from __future__ import annotations

import pytest
from test_aasen_battles import result, to_the_battles
from test_aasen_support import at_war, first

from tuicamp.engine.errors import RuleError
from tuicamp.rules.aasen.state import Officer
from tuicamp.rules.aasen.support import Support


def khazrak_sends(officer, trust="trusted"):
    """Khazrak, with a Senior Officer Gorthor, sends 300 points led by ``officer`` to
    Malus's battle; the battle opens."""
    engine = at_war()
    state = engine.campaign.state
    state.officers["khazrak"] = [Officer("Gorthor")]
    state.trust["khazrak|malus"] = trust
    first(engine, "khazrak")
    engine.perform("khazrak", Support(invasion="i1", side="attacker", points=300, officer=officer))
    return to_the_battles(engine)


@pytest.mark.parametrize("winner", [1, 2])
def test_leading_a_contingent_to_a_trusted_army_gains_1_glory_won_or_lost(winner):
    """6.4: "a Senior Officer leading a Support Contingent in aid of a Trusted army ...
    gains +1 Glory, regardless of the outcome of the battle"; table 6.3: "Leading a Support
    Contingent to a Trusted army | N/A | +1"."""
    engine = khazrak_sends("Gorthor")
    result(engine, winner, 2)
    assert engine.campaign.state.officers["khazrak"][0].glory == 1
    assert any(
        "Gorthor gains 1 for leading a Support Contingent" in e.text for e in engine.chronicle
    )


def test_no_glory_for_a_contingent_to_a_distrusted_army():
    """6.4: the Glory is for aid "of a Trusted army" only."""
    engine = khazrak_sends("Gorthor", trust="distrusted")
    result(engine, 1, 2)
    assert engine.campaign.state.officers["khazrak"][0].glory == 0


def test_the_contingent_is_led_by_one_of_the_senders_senior_officers():
    """8.1: "Senior Officers can lead support contingents ..., Junior Officers can not"."""
    engine = at_war()
    first(engine, "khazrak")
    with pytest.raises(RuleError, match="'Kouran' is none of your Senior Officers"):
        engine.perform(
            "khazrak", Support(invasion="i1", side="attacker", points=300, officer="Kouran")
        )
