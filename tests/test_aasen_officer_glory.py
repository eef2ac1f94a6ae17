"""The Invasion of Hex Island (``aasen``): a Senior Officer's own Glory of table 6.3, the
Glory given away kept only while the battles' Glory is allocated, and no advance rolled
twice (6.4, 8.3, R-AA-20, R-AA-35, R-AA-42)."""

from __future__ import annotations

import pytest
from test_aasen_battles import end_all, to_battle
from test_aasen_give_glory import won_with_officers
from test_aasen_injuries import rules_of

from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.context import Context
from tuicamp.engine.dice import Dice
from tuicamp.engine.errors import RuleError
from tuicamp.model.campaign import DiceMode, DiceState
from tuicamp.rules.aasen import AasenRuleset, advances, battles
from tuicamp.rules.aasen.glory import GiveGlory
from tuicamp.rules.aasen.hatred import DeclareGrudge
from tuicamp.rules.aasen.state import Officer

RULESET = AasenRuleset()


def with_officer(glory=0):
    engine = to_battle()
    imrik = Officer("Imrik", glory)
    engine.campaign.state.officers["eltharion"] = [imrik]
    return engine, imrik


def enter_deeds(engine, deeds, dice=()):
    """Malus wins a Minor Victory; Imrik's deeds as given (Eltharion fulfilling the
    missions Imrik is credited with, R-AA-53)."""
    facts = {f"glory_{d}_eltharion~imrik": n for d, n in deeds.items()}
    facts["missions_eltharion"] = deeds.get("missions", 0)
    engine.campaign.dice.mode = DiceMode.TABLE
    sides = [SideEntry(side="attacker"), SideEntry(side="defender", facts=facts)]
    result = {"winner": 1, "level": 1, "conceded": 0}
    engine.perform("gm", EnterBattleResult(battle="b1", sides=sides, facts=result, dice=list(dice)))
    engine.campaign.dice.mode = DiceMode.APP


def test_the_form_asks_each_senior_officers_deeds():
    """Table 6.3's Senior Officer column, asked of his side (R-AA-35)."""
    engine, _ = with_officer()
    fields = battles.result_fields(rules_of(engine), engine.campaign.battles[0])
    asked = {f.key: f.side for f in fields if f.key.endswith("~imrik") and "glory" in f.key}
    assert asked == {
        f"glory_{deed}_eltharion~imrik": "defender"
        for deed in ("officers", "general", "wizards", "standards", "missions")
    }


@pytest.mark.parametrize(
    ("deeds", "glory"),
    [
        ({"officers": 2}, 2),  # "Each enemy Junior or Senior Officer slain | +1 | +1"
        ({"general": 1}, 1),  # "Slaying the enemy General | +2 | +1"
        ({"wizards": 1}, 1),  # "Slaying an enemy wizard with magic | +1 | +1"
        ({"standards": 3}, 3),  # "Each enemy standard captured | +1 | +1"
        ({"missions": 1}, 1),  # "Each own mission fulfilled | 0 | +1"
    ],
)
def test_a_senior_officer_earns_table_6_3s_column(deeds, glory):
    """6.4: "Senior Officers do not [get Glory from the result] ... Slaying enemy
    characters ... Missions are something Senior Officers can get Glory for while Generals
    can't": Imrik's side loses, he earns only his deeds, with no penalty for a larger army."""
    engine, imrik = with_officer()
    enter_deeds(engine, deeds)
    assert imrik.glory == glory


def test_a_senior_officer_with_no_deeds_earns_nothing_from_the_result():
    """6.4: "only Generals get Glory from the result of a battle - Senior Officers do not"."""
    engine, imrik = with_officer()
    enter_deeds(engine, {})
    assert imrik.glory == 0


def test_a_dwarf_senior_officer_earns_double_for_killing_under_the_grudge():
    """9.2, Grudge: "all dwarf characters gain double Glory for killing enemy characters"."""
    engine, imrik = with_officer()
    engine.campaign.player("eltharion").race = "Dwarfs"
    engine.perform("eltharion", DeclareGrudge(target="malus"))
    enter_deeds(engine, {"officers": 1, "general": 1, "standards": 1}, dice=[4, 4])
    assert imrik.glory == 2 + 2 + 1


def test_a_senior_officer_reaching_5_rolls_his_advance():
    engine, imrik = with_officer(4)
    enter_deeds(engine, {"standards": 1}, dice=[4, 4])
    assert imrik.advances == ["Characteristics increase: +1 Wound"]


def test_what_was_earned_and_given_ends_with_the_battles_segment():
    """6.4: "When Glory is allocated after the battle, a General may give away up to half
    of the Glory he has earned" (R-AA-42): once the Battles segment is over the battle's
    Glory is allocated, and its records are cleared."""
    engine = won_with_officers()
    state = engine.campaign.state
    engine.perform("eltharion", GiveGlory(battle="b1", officer="Imrik", points=1))
    assert state.earned and state.given
    end_all(engine)  # the Battles segment ends
    assert engine.campaign.phase == "end"
    assert (state.earned, state.given) == ({}, {})
    with pytest.raises(RuleError):
        engine.perform("eltharion", GiveGlory(battle="b1", officer="Imrik", points=1))


def context(engine, dice):
    """A context of the Games Master's, with table dice ``dice``."""
    camp = engine.campaign
    gm = next(s for s in camp.seats if s.gm)
    rolling = Dice(DiceState(seed=0, mode=DiceMode.TABLE), supplied=list(dice))
    return Context(camp, RULESET, seat=gm, dice=rolling, next_seq=0, action_no=0)


def test_glory_given_away_and_regained_rolls_no_second_advance():
    """6.4: the Glory given "will then count towards the Senior Officer's advancement but
    not the General's" (R-AA-42): Eltharion rolled at 5, gives 3 (to 3), and regains 2 (to
    5): no advance again; 5 more (to 10) roll his second."""
    engine = won_with_officers()  # Glory 6, an advance rolled at 5
    general = engine.campaign.state.generals["eltharion"]
    engine.perform("eltharion", GiveGlory(battle="b1", officer="Imrik", points=3))
    assert (general.glory, len(general.advances)) == (3, 1)
    advances.gain(context(engine, []), "eltharion", general, 2)
    assert (general.glory, len(general.advances)) == (5, 1)
    advances.gain(context(engine, [4, 4]), "eltharion", general, 5)
    assert (general.glory, len(general.advances)) == (10, 2)
