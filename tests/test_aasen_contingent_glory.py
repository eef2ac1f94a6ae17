"""The Invasion of Hex Island (``aasen``): a Senior Officer leading a Support Contingent
to a Trusted army gains 1 Glory (6.4, table 6.3)."""

from __future__ import annotations

import pytest
from test_aasen_battles import result, to_the_battles
from test_aasen_support import at_war, first

from tuicamp.engine.errors import RuleError
from tuicamp.rules.aasen.state import Contingent, Officer
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


LEADS = "A Senior Officer of yours leads the Contingent, one a year"


@pytest.mark.parametrize(
    ("officers", "officer", "told"),
    [
        ([], "", "officer = none free: promote one"),
        ([], "Kouran", "officer = none free"),  # a Junior Officer, no Senior one
        ([Officer("Gorthor")], "", "officer = Gorthor"),
        ([Officer("Gorthor")], "Kouran", "officer = Gorthor"),
        ([Officer("Gorthor", fate="captured")], "Gorthor", "officer = none free"),
    ],
)
def test_the_contingent_is_led_by_one_of_the_senders_senior_officers(officers, officer, told):
    """5.5: "The Contingent must also include one Senior Officer (you cannot send the General
    to lead a Support Contingent) to act as the Contingent Commander"; 8.1: "Senior Officers
    can lead support contingents ..., Junior Officers can not" (R-AA-85): none named, one
    who is no Senior Officer of his, or one held captive, is refused."""
    engine = at_war()
    engine.campaign.state.officers["khazrak"] = officers
    first(engine, "khazrak")
    with pytest.raises(RuleError, match=f"{LEADS} \\({told}.*5.5, 8.1, R-AA-85"):
        engine.perform(
            "khazrak", Support(invasion="i1", side="attacker", points=300, officer=officer)
        )
    assert engine.campaign.state.contingents == []


def test_one_senior_officer_leads_one_contingent_a_year():
    """5.5: "Since each Hero in the Support Contingents counts towards the total number of
    Heroes in the army, this limits how many Support Contingents an army can send" - each
    is led by a Senior Officer of its own (R-AA-85): Gorthor leads Khazrak's first, and
    his second is refused him."""
    engine = at_war()
    engine.campaign.state.officers["khazrak"] = [Officer("Gorthor")]
    engine.campaign.state.contingents.append(Contingent("khazrak", "i0", "attacker", 300, 0, []))
    engine.campaign.state.contingents[-1].officer = "Gorthor"
    first(engine, "khazrak")
    engine.campaign.state.generals["khazrak"].glory = 10  # Heroes enough for two
    with pytest.raises(RuleError, match=f"{LEADS} \\(officer = none free"):
        engine.perform(
            "khazrak", Support(invasion="i1", side="attacker", points=300, officer="Gorthor")
        )
