"""The Invasion of Hex Island (``aasen``): a General gives Glory to his Senior Officers
(6.4, R-AA-20, R-AA-42)."""

from __future__ import annotations

import pytest
from test_aasen_advances import fight
from test_aasen_battles import to_battle

from tuicamp.engine.errors import RuleError
from tuicamp.model.campaign import DiceMode
from tuicamp.rules.aasen.glory import GiveGlory
from tuicamp.rules.aasen.state import Officer


def won_with_officers():
    """Eltharion's Massacre and 4 standards: 6 Glory; he keeps two Senior Officers."""
    engine = to_battle()
    state = engine.campaign.state
    state.officers["eltharion"] = [Officer("Imrik"), Officer("Belannaer", 4)]
    state.officers["malus"] = [Officer("Lokhir")]
    fight(engine, 2, 3, {"standards": 4}, [3, 3])  # the 5th point: an advance, 6
    assert state.generals["eltharion"].glory == 6
    return engine


def test_a_general_gives_up_to_half_his_glory_to_his_senior_officers():
    """6.4: "a General may give away up to half of the Glory he has earned and distribute
    it amongst his Senior Officers ... These points will then count towards the Senior
    Officer's advancement but not the General's" (R-AA-42): 3 of his 6, in two gifts."""
    engine = won_with_officers()
    state = engine.campaign.state
    engine.perform("eltharion", GiveGlory(battle="b1", officer="Imrik", points=2))
    engine.perform("eltharion", GiveGlory(battle="b1", officer="Imrik", points=1))
    assert state.generals["eltharion"].glory == 3
    assert state.officers["eltharion"][0].glory == 3
    with pytest.raises(RuleError, match="may give 1 to 0 Glory of battle b1"):
        engine.perform("eltharion", GiveGlory(battle="b1", officer="Imrik", points=1))


def test_glory_given_rolls_the_senior_officers_advance():
    """R-AA-20: "gifted Glory counts for the receiving Senior Officer": Belannaer's 4 and 1
    make 5, and he rolls (4 and 5: "9 | +1 Leadership")."""
    engine = won_with_officers()
    engine.campaign.dice.mode = DiceMode.TABLE
    engine.perform("eltharion", GiveGlory(battle="b1", officer="Belannaer", points=1, dice=[4, 5]))
    officer = engine.campaign.state.officers["eltharion"][1]
    assert (officer.glory, officer.advances) == (5, ["Characteristics increase: +1 Leadership"])
    told = [e.text for e in engine.chronicle if e.kind == "advance"][-1]
    assert "Arnheim's Senior Officer Belannaer reaches Glory 5 and rolls 9" in told


@pytest.mark.parametrize(
    ("player", "gift", "refusal"),
    [
        ("eltharion", {"officer": "Lokhir"}, "'Lokhir' is none of your Senior Officers"),
        ("eltharion", {"officer": "Imrik", "points": 4}, "may give 1 to 3 Glory"),
        ("eltharion", {"officer": "Imrik", "points": 0}, "may give 1 to 3 Glory"),
        ("eltharion", {"officer": "Imrik", "battle": "b9"}, "No battle 'b9'"),
        ("malus", {"officer": "Lokhir"}, r"may give 1 to 0 Glory of battle b1 \(half of the 0"),
    ],
)
def test_a_bad_gift_is_refused_in_one_line(player, gift, refusal):
    """6.4: "you may not share the glory with someone else's officers"; no more than half
    of what he earned; Malus, beaten, earned none."""
    engine = won_with_officers()
    with pytest.raises(RuleError, match=refusal) as refused:
        engine.perform(player, GiveGlory(**{"battle": "b1", **gift}))
    assert "\n" not in str(refused.value)
