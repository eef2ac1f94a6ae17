"""The Invasion of Hex Island (``aasen``): whom a Bitter enemy Hates, the Hated captive,
the Ogres' Cannibals, the Dark Elves' Bloodrites beside a Sworn enemy and the Dwarfs'
Grudge (8.2, 9.2, R-AA-39, R-AA-45)."""

from __future__ import annotations

import pytest
from test_aasen_advances import fight
from test_aasen_battles import to_battle
from test_aasen_captives import eltharion_taken, general
from test_aasen_injuries import enter, rules_of

from tuicamp.engine.errors import RuleError
from tuicamp.model.campaign import DiceMode
from tuicamp.rules.aasen import AasenRuleset, hatred
from tuicamp.rules.aasen.captives import Execute
from tuicamp.rules.aasen.hatred import DeclareGrudge
from tuicamp.rules.aasen.state import Hate

RULESET = AasenRuleset()
REACH, COLONY = "hag-graef-reach", "arnheim-colony"


@pytest.mark.parametrize(
    ("d6", "whom", "text"),
    [
        (1, "general", "Eltharion of Arnheim's General"),  # "1-2: The enemy General"
        (4, "army", "all models in Eltharion of Arnheim's army"),  # "3-4: All models in ..."
        (6, "realm", "all models of The Arnheim Colony"),  # "5-6: All models in the realm"
    ],
)
def test_a_bitter_enemy_hates_whom_the_d6_says(d6, whom, text):
    """Table 8.2: "52 | Bitter enemy. Roll a further D6 to see who the character Hates"
    (R-AA-45: kept on his sheet with the enemy General, his player and realm)."""
    engine = to_battle()
    enter(engine, malus_slain=True, dice=[5, 2, d6])
    malus = general(engine, "malus")
    eltharion = general(engine, "eltharion")
    assert malus.hates == [Hate(whom, "eltharion", eltharion.name, COLONY)]
    assert text in malus.injuries[0]


@pytest.mark.parametrize(
    ("whom", "hates_tehen"), [("general", False), ("army", False), ("realm", True)]
)
def test_whom_he_hates(whom, hates_tehen):
    """ "All models in the realm of the enemy General" take in Tehenhauin's General too;
    the enemy General and his army do not."""
    engine = to_battle()
    camp, state = engine.campaign, engine.campaign.state
    malus = general(engine, "malus")
    malus.hates = [Hate(whom, "eltharion", general(engine, "eltharion").name, COLONY)]
    assert hatred.hates(camp, state, "malus", malus, "eltharion", general(engine, "eltharion"))
    found = hatred.hates(camp, state, "malus", malus, "tehen", general(engine, "tehen"))
    assert bool(found) == hates_tehen


def test_a_hated_captive_executed_gives_1_glory_even_distrusted():
    """8.2: "A captured General or Senior Officer who is either Hated or a Sworn Enemy of
    your General may be executed ..., gaining your General +1 Glory": Khazrak Distrusts
    Eltharion but Hates him."""
    engine = eltharion_taken("purchases")
    engine.campaign.state.trust["eltharion|khazrak"] = "distrusted"
    name = general(engine, "eltharion").name
    general(engine, "khazrak").hates = [Hate("general", "eltharion", name, COLONY)]
    engine.perform("khazrak", Execute(captive="eltharion"))
    assert general(engine, "khazrak").glory == 1
    assert any("a Hated captive executed" in e.text for e in engine.chronicle)


def test_a_hated_captive_may_be_executed_though_trusted():
    """R-AA-45: "Hated or a Sworn Enemy ... may be executed" is a leave of its own, so a
    Trusted captive one Hates may be."""
    engine = eltharion_taken("purchases")
    engine.campaign.state.trust["eltharion|khazrak"] = "trusted"
    general(engine, "khazrak").hates = [Hate("realm", "eltharion", "x", COLONY)]
    engine.perform("khazrak", Execute(captive="eltharion"))
    assert general(engine, "eltharion").fate == "dead"
    assert general(engine, "khazrak").glory == 1


def test_a_dark_elf_executing_a_sworn_enemy_gains_his_1_without_dice():
    """R-AA-39 (reread): a Sworn enemy gives 1 Glory; the Bloodrites' dice are for those
    who would give none: Malus's Sworn High Elf gives his 1, no die rolled."""
    engine = eltharion_taken("purchases")
    before = general(engine, "malus").glory
    engine.campaign.dice.mode = DiceMode.TABLE
    engine.perform("malus", Execute(captive="eltharion", dice=[]))
    assert general(engine, "malus").glory == before + 1


@pytest.mark.parametrize(("races", "glory"), [(("Ogre Kingdoms", "Ogre Kingdoms"), 1)])
def test_ogre_cannibals_eat_ogre_generals(races, glory):
    """9.2, Ogre Kingdoms: "Cannibals: Ogre Generals may eat other captured Ogre generals
    and gain a point of Glory for it, even though they are not Sworn enemies" (R-AA-45:
    even a Trusted one)."""
    engine = eltharion_taken("purchases")
    engine.campaign.player("khazrak").race, engine.campaign.player("eltharion").race = races
    engine.campaign.state.trust["eltharion|khazrak"] = "trusted"
    engine.perform("khazrak", Execute(captive="eltharion"))
    assert general(engine, "eltharion").fate == "dead"
    assert general(engine, "khazrak").glory == glory
    assert any("is eaten by" in e.text for e in engine.chronicle)


def test_an_ogre_may_not_eat_a_trusted_non_ogre():
    engine = eltharion_taken("purchases")
    engine.campaign.player("khazrak").race = "Ogre Kingdoms"
    engine.campaign.state.trust["eltharion|khazrak"] = "trusted"
    with pytest.raises(RuleError, match="may not be executed"):
        engine.perform("khazrak", Execute(captive="eltharion"))


def test_the_card_tells_whom_a_general_hates():
    engine = to_battle()
    malus = general(engine, "malus")
    malus.hates = [Hate("army", "eltharion", "x", COLONY)]
    notes = RULESET.battle_card_notes(rules_of(engine), engine.campaign.battles[0])
    eltharion = general(engine, "eltharion").name
    assert f"{malus.name} Hates {eltharion}: a Bitter enemy (8.2)" in notes


# --- the Dwarfs' Grudge -----------------------------------------------------------------


def dwarf(engine, player="eltharion"):
    engine.campaign.player(player).race = "Dwarfs"


def test_only_a_dwarf_declares_a_grudge():
    engine = to_battle()
    with pytest.raises(RuleError, match="no Dwarf player"):
        engine.perform("eltharion", DeclareGrudge(target="malus"))


def test_a_grudge_is_against_another_living_general():
    engine = to_battle()
    dwarf(engine)
    with pytest.raises(RuleError, match="no General living"):
        engine.perform("eltharion", DeclareGrudge(target="eltharion"))


def test_a_dwarf_declares_one_grudge_in_the_campaign():
    """9.2, Dwarfs: "A Dwarf player may at one time during the campaign declare a grudge
    against any other General"; it is shown to every seat."""
    engine = to_battle()
    dwarf(engine)
    engine.perform("eltharion", DeclareGrudge(target="malus"))
    seat = next(s for s in engine.campaign.seats if s.players == ["khazrak"])
    lines = [(s.label, s.text) for s in RULESET.status_lines(rules_of(engine), seat)]
    malus = general(engine, "malus").name
    assert ("Grudge", f"Eltharion of Arnheim against Malus of Hag Graef's General {malus}") in lines
    with pytest.raises(RuleError, match="declared his grudge already"):
        engine.perform("eltharion", DeclareGrudge(target="khazrak"))


def test_the_grudge_on_the_card():
    """9.2: "when fighting against that General, the first mission the dwarf player has
    will always be Revenge (ie. kill the enemy general), the dwarf general Hates the enemy
    general"."""
    engine = to_battle()
    dwarf(engine)
    engine.perform("eltharion", DeclareGrudge(target="malus"))
    notes = " ".join(RULESET.battle_card_notes(rules_of(engine), engine.campaign.battles[0]))
    assert "Hates" in notes and "a Dwarf's grudge (9.2)" in notes
    assert "first mission is Revenge" in notes


def test_dwarfs_gain_double_glory_for_killing_the_grudges_characters():
    """9.2: "all dwarf characters gain double Glory for killing enemy characters": a
    Massacre +2, an officer slain 1 x 2, the enemy General 2 x 2, a standard +1."""
    engine = to_battle()
    dwarf(engine)
    engine.perform("eltharion", DeclareGrudge(target="malus"))
    fight(engine, 2, 3, {"officers": 1, "general": 1, "standards": 1}, [4, 4])
    assert general(engine, "eltharion").glory == 2 + 2 + 4 + 1
    told = [e.text for e in engine.chronicle if e.kind == "glory" and "Eltharion" in e.text]
    assert "officer slain, double for a grudge +2" in told[0]


def test_without_a_grudge_the_glory_is_single():
    engine = to_battle()
    dwarf(engine)
    fight(engine, 2, 3, {"officers": 1, "general": 1, "standards": 1}, [4, 4])
    assert general(engine, "eltharion").glory == 2 + 1 + 2 + 1


def test_the_grudge_is_stricken_when_the_general_is_dead():
    """9.2: "The grudge is stricken when the nominated General is permanently dead"."""
    engine = to_battle()
    dwarf(engine)
    engine.perform("eltharion", DeclareGrudge(target="malus"))
    state = engine.campaign.state
    assert hatred.grudge_of(state, "eltharion") is not None
    general(engine, "malus").fate = "dead"
    assert hatred.grudge_of(state, "eltharion") is None
    assert hatred.glory_factor(state, "eltharion", "malus") == 1


def test_a_grudge_makes_the_captive_hated():
    """8.2's Hated captive, by a Dwarf General's grudge: executing him gives 1 Glory."""
    engine = eltharion_taken("purchases")
    dwarf(engine, "khazrak")
    engine.campaign.state.trust["eltharion|khazrak"] = "distrusted"
    engine.perform("khazrak", DeclareGrudge(target="eltharion"))
    engine.perform("khazrak", Execute(captive="eltharion"))
    assert general(engine, "khazrak").glory == 1
