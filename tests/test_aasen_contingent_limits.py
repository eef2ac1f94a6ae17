"""The Invasion of Hex Island (``aasen``): a Support Contingent and the invasion of its
sender are one army under table 9.1's limits, shown on the card and checked (5.5, 9.1,
R-AA-18, R-AA-47)."""

from __future__ import annotations

import pytest
from test_aasen_battles import RULESET, to_declared, to_the_battles
from test_aasen_year import senior

from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.rules.aasen import limits
from tuicamp.rules.aasen.state import Contingent
from tuicamp.rules.aasen.support import Support


def to_support(khazrak_glory=0, spent=0):
    """Malus invades The North Cape, Eltharion stands; Khazrak (of Glory ``khazrak_glory``,
    with ``spent`` Contingents sent already this year) is next to declare."""
    engine = to_declared()
    state = engine.campaign.state
    state.initiative["khazrak"] = 99
    state.generals["khazrak"].glory = khazrak_glory
    state.contingents += [
        Contingent("khazrak", "elsewhere", "attacker", 300, 0, refused=True) for _ in range(spent)
    ]
    return engine


@pytest.mark.parametrize(("glory", "most"), [(0, 1), (4, 1), (5, 2), (16, 3), (29, 4)])
def test_each_contingent_takes_a_hero(glory, most):
    """5.5: "Since each Hero in the Support Contingents counts towards the total number of
    Heroes in the army, this limits how many Support Contingents an army can send" (table
    9.1's Heroes by Glory 0 / 1-4 / 5-9 / 16-21 / 29+: 2, 2, 3, 4, 5, the General one of
    them, R-AA-47)."""
    engine = to_support(glory)
    assert limits.most_contingents(Rules(engine.campaign, RULESET), "khazrak") == most


def test_a_contingent_within_the_heroes_is_sent():
    engine = to_support(0, spent=0)
    engine.perform(
        "khazrak",
        Support(invasion="i1", side="attacker", points=300, officer=senior(engine, "khazrak")),
    )
    assert [c.invasion for c in engine.campaign.state.contingents] == ["i1"]


def test_no_more_contingents_than_heroes():
    """With 2 Heroes (Glory 0), the General and one Contingent's Senior Officer: a second
    Contingent - here after one cancelled ("you also have one less Hero choice") - is
    refused."""
    engine = to_support(0, spent=1)
    with pytest.raises(RuleError, match="sends at most 1 Support Contingent"):
        engine.perform(
            "khazrak",
            Support(invasion="i1", side="attacker", points=300, officer=senior(engine, "khazrak")),
        )


def test_more_glory_more_contingents():
    engine = to_support(5, spent=1)
    engine.perform(
        "khazrak",
        Support(invasion="i1", side="attacker", points=600, officer=senior(engine, "khazrak")),
    )


def test_the_card_shows_the_contingents_share_of_the_limits():
    """5.5: "The number of Heroes, Special / Rare units and so on also apply to the main
    invasion army and Support Contingents combined"; "Support Contingents of 300 pts must
    include at least 1 Core unit and Contingents of 600 pts must include at least 2"."""
    engine = to_support(5)
    engine.perform(
        "khazrak",
        Support(invasion="i1", side="attacker", points=600, officer=senior(engine, "khazrak")),
    )
    to_the_battles(engine)
    notes = RULESET.battle_card_notes(Rules(engine.campaign, RULESET), engine.campaign.battles[0])
    khazrak = engine.campaign.player("khazrak").name
    assert (
        f"{khazrak}'s Support Contingent of 600 points (5.5): at least 2 Core unit(s), led by his "
        "Senior Officer Kouran, never the General"
    ) in notes
    assert (
        f"{khazrak}'s invasion army and his 1 Support Contingent(s) this year are one army "
        "(5.5): together 3 Heroes (1 lead the Contingents), 3 Special, 1 Rare, 4 Open choices "
        "(table 9.1)"
    ) in notes
