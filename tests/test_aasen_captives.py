"""The Invasion of Hex Island (``aasen``): what becomes of a captured General (8.2, 3.2,
9.2, R-AA-38, R-AA-39): freed in the Trade, executed in the Promotions segment, rescued
with the Capital."""

from __future__ import annotations

import pytest
from test_aasen_battles import end_all, result, to_battle
from test_aasen_injuries import enter

from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.model.campaign import DiceMode
from tuicamp.rules.aasen import AasenRuleset, battles
from tuicamp.rules.aasen.captives import Execute, Release

REACH, COLONY = "hag-graef-reach", "arnheim-colony"
RULESET = AasenRuleset()


def eltharion_taken(segment):
    """Eltharion is captured by Malus's realm (a D66 of 15) and the next year runs to
    ``segment`` (trade or purchases)."""
    engine = to_battle()
    enter(engine, eltharion_slain=True, dice=[1, 5])
    assert engine.campaign.state.generals["eltharion"].captor == REACH
    end_all(engine)  # the battles
    end_all(engine)  # the end of the turn
    end_all(engine)  # Support and Resources
    if segment == "purchases":
        end_all(engine)
    assert engine.campaign.phase == segment
    return engine


def general(engine, player):
    return engine.campaign.state.generals[player]


def test_the_holding_realm_frees_its_captive_in_the_trade():
    """8.2: "You may attempt to buy him back in the Trade segment" (R-AA-39: the price is an
    offer of its own); freed, he leads his army again."""
    engine = eltharion_taken("trade")
    engine.perform("khazrak", Release(captive="eltharion"))
    assert (general(engine, "eltharion").fate, general(engine, "eltharion").captor) == ("", "")
    assert any(e.kind == "captive_freed" for e in engine.chronicle)


def test_only_the_holding_realm_frees_a_captive_and_only_its_own():
    """R-AA-39: a realm frees only a captive it holds; one-line refusals."""
    engine = eltharion_taken("trade")
    with pytest.raises(RuleError, match="holds no captive General of Tehenhauin"):
        engine.perform("malus", Release(captive="tehen"))
    with pytest.raises(RuleError, match="The Arnheim Colony holds no captive General"):
        engine.perform("tehen", Release(captive="eltharion"))
    assert general(engine, "eltharion").fate == "captured"


def test_a_sworn_enemy_executed_gives_the_general_1_glory():
    """8.2: "A captured General ... who is either Hated or a Sworn Enemy of your General may
    be executed ... during the Promotions segment, gaining your General +1 Glory"
    (Khazrak's Beastmen and Eltharion's High Elves are Sworn enemies)."""
    engine = eltharion_taken("purchases")
    before = general(engine, "khazrak").glory
    engine.perform("khazrak", Execute(captive="eltharion"))
    assert general(engine, "eltharion").fate == "dead"
    assert general(engine, "khazrak").glory == before + 1


def test_execution_waits_for_the_promotions_segment():
    """8.2: "executed ... during the Promotions segment"."""
    engine = eltharion_taken("trade")
    with pytest.raises(RuleError):
        engine.perform("khazrak", Execute(captive="eltharion"))


def test_a_distrusted_captive_is_executed_for_no_bonus():
    """8.2: "You may execute a Distrused character for no bonus"."""
    engine = eltharion_taken("purchases")
    engine.campaign.state.trust["eltharion|khazrak"] = "distrusted"
    engine.perform("khazrak", Execute(captive="eltharion"))
    assert general(engine, "eltharion").fate == "dead"
    assert general(engine, "khazrak").glory == 0


def test_a_trusted_captive_may_not_be_executed():
    """3.2: "A General may not execute a Trusted character if he is captured in battle.
    Trusted characters are instead kept securely locked up in the capital"."""
    engine = eltharion_taken("purchases")
    engine.campaign.state.trust["eltharion|khazrak"] = "trusted"
    with pytest.raises(RuleError, match="may not be executed"):
        engine.perform("khazrak", Execute(captive="eltharion"))
    assert general(engine, "eltharion").fate == "captured"


def test_dark_elf_bloodrites_sacrifice_even_the_trusted():
    """9.2, Dark Elves: "Bloodrites: Dark Elf armies may sacrifice any captured characters,
    even ones who are Trusted. Roll a D6 for each point of Glory the victim had. If any dice
    comes up as a 6, your General gains a point of Glory"."""
    engine = eltharion_taken("purchases")
    state = engine.campaign.state
    state.trust["eltharion|malus"] = "trusted"
    state.generals["eltharion"].glory = 2
    before = general(engine, "malus").glory
    engine.campaign.dice.mode = DiceMode.TABLE
    engine.perform("malus", Execute(captive="eltharion", dice=[3, 6]))
    assert general(engine, "eltharion").fate == "dead"
    assert general(engine, "malus").glory == before + 1


def test_bloodrites_without_a_6_give_nothing():
    """9.2: "If any dice comes up as a 6" - none, no Glory (Eltharion Distrusted here)."""
    engine = eltharion_taken("purchases")
    engine.campaign.state.trust["eltharion|malus"] = "distrusted"
    engine.campaign.state.generals["eltharion"].glory = 2
    before = general(engine, "malus").glory
    engine.campaign.dice.mode = DiceMode.TABLE
    engine.perform("malus", Execute(captive="eltharion", dice=[5, 1]))
    assert general(engine, "malus").glory == before


def test_an_empire_general_giving_back_a_trusted_enemy_gains_1_glory():
    """9.2, Empire: "Humanitarians: Empire Generals who sell (or give) back Trusted enemy
    characters gain +1 point of Glory"."""
    engine = eltharion_taken("trade")
    engine.campaign.player("khazrak").race = "Empire"
    engine.campaign.state.trust["eltharion|khazrak"] = "trusted"
    engine.perform("khazrak", Release(captive="eltharion"))
    assert general(engine, "khazrak").glory == 1


def test_the_capital_conquered_frees_its_captives():
    """3.2: captives "are kept in captivity at your capital, where they will be rescued if
    the capital is ever conquered" (R-AA-39: all it holds). The Colony's Capital is set on
    The North Cape for the battle; Khazrak's General is held there."""
    engine = to_battle()
    state = engine.campaign.state
    state.capitals[COLONY] = "the-north-cape"
    state.generals["khazrak"].fate, state.generals["khazrak"].captor = "captured", COLONY
    result(engine, 1, 3)  # Malus's Massacre conquers it
    assert engine.campaign.map.territory("the-north-cape").owner == REACH
    assert (general(engine, "khazrak").fate, general(engine, "khazrak").captor) == ("", "")
    freed = [e.text for e in engine.chronicle if e.kind == "captive_freed"]
    assert len(freed) == 1 and "The North Cape is conquered" in freed[0]


@pytest.mark.parametrize("fate", ["captured", "dead"])
def test_the_form_asks_nothing_of_a_general_who_is_not_there(fate):
    """8.5: "If a General is unavailable due to being dead or captured ... If the player has
    no Senior Officer to take over, his army will have no General" (R-AA-38, R-AA-82):
    with Eltharion's General held or dead, the form asks no Glory deed, slain, fled or
    mounted of him, and an answer for him is refused."""
    engine = to_battle()
    general(engine, "eltharion").fate = fate
    rules = Rules(engine.campaign, RULESET)
    keys = {f.key for f in battles.result_fields(rules, engine.campaign.battles[0])}
    asked = {k for k in keys if k.endswith("_eltharion")}
    assert asked == {"scoring_eltharion", "missions_eltharion"}  # his player's, not the General's
    assert {"slain_malus", "glory_standards_malus"} <= keys
    sides = [SideEntry(side="attacker"), SideEntry(side="defender", facts={"slain_eltharion": 1})]
    facts = {"winner": 1, "level": 1, "conceded": 0}
    with pytest.raises(RuleError, match="slain_eltharion"):
        engine.perform("gm", EnterBattleResult(battle="b1", sides=sides, facts=facts))
