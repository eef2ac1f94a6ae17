"""The Invasion of Hex Island (``aasen``): the Wizard's Advancement table and its re-rolls
(8.3, table 8.4), the Toughness 5 re-roll of table 8.3, and the skills an advance offers
(8.4, tables 8.5-8.9), as the player declares his character (R-AA-43)."""

from __future__ import annotations

import pytest
from test_aasen_advances import fight, sheet
from test_aasen_battles import to_battle

from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.rules.aasen import AasenRuleset, advances
from tuicamp.rules.aasen.characters import PickSkill, SetCharacter

RULESET = AasenRuleset()


@pytest.mark.parametrize(
    ("totals", "name"),
    [
        ((2, 3), "The Wizard adds +1 Power dice to his side's pool"),  # "2-3 | ... +1 Power"
        ((4,), "The Wizard adds +1 Dispel dice to his side's pool"),
        ((5,), "The Wizard adds +1 to all his casting rolls"),
        ((6,), "The Wizard knows +1 spell"),
        ((7,), "The Wizard may cast spells with one more dice than normal"),
        ((8,), "The Wizard may re-roll one Miscast result per battle"),
        ((9,), "The Wizard adds +1 to all his dispel rolls"),
        ((10,), "The Wizard may carry one additional Arcane item"),
        ((11, 12), "The Wizard may pick his first spell instead of rolling for it"),
    ],
)
def test_table_8_4_row_by_row(totals, name):
    """Table 8.4 - Wizard's Advancement, each 2D6 total's row."""
    rules = Rules(to_battle().campaign, RULESET)
    for total in totals:
        assert advances.row_of(rules, total, advances.WIZARD)["name"] == name


def wizard(engine, **facts):
    engine.perform("eltharion", SetCharacter(wizard=True, **facts))


def test_a_wizard_rolls_on_the_wizards_table():
    """8.3: "Characters who are Wizards may choose to roll on the Wizard's Advancement
    table instead" (R-AA-43: his player declares him one): 3 and 4, "7 | ... one more
    dice than normal"."""
    engine = to_battle()
    wizard(engine)
    fight(engine, 2, 3, {"standards": 3}, [3, 4])
    assert sheet(engine, "eltharion").advances == [
        "The Wizard may cast spells with one more dice than normal"
    ]
    (told,) = [e.text for e in engine.chronicle if e.kind == "advance"]
    assert "Wizard's Advancement (8.4)" in told


def test_a_wizard_may_keep_the_warriors_table():
    """8.3: "... but they don't have to": undeclared, he rolls table 8.3 (3 and 4, "7 |
    +1 WS and BS and Initiative")."""
    engine = to_battle()
    fight(engine, 2, 3, {"standards": 3}, [3, 4])
    assert sheet(engine, "eltharion").advances == [
        "Characteristics increase: +1 WS and BS and Initiative"
    ]


def test_the_same_result_twice_is_rolled_again_if_he_wishes():
    """8.4: "Should a Wizard roll the same result twice, he may re-roll the dice if he
    wishes": with +1 spell already, his 6 is rolled again and 9 taken."""
    engine = to_battle()
    wizard(engine)
    sheet(engine, "eltharion").advances = ["The Wizard knows +1 spell"]
    fight(engine, 2, 3, {"standards": 3}, [3, 3, 4, 5])
    assert sheet(engine, "eltharion").advances[-1] == "The Wizard adds +1 to all his dispel rolls"
    (told,) = [e.text for e in engine.chronicle if e.kind == "advance"]
    assert "6 rolled again: rolled before, and he re-rolls it" in told


def test_a_wizard_who_does_not_wish_keeps_the_repeat():
    """8.4: "he may re-roll": reroll_repeats = false keeps a second +1 spell."""
    engine = to_battle()
    wizard(engine, reroll_repeats=False)
    sheet(engine, "eltharion").advances = ["The Wizard knows +1 spell"]
    fight(engine, 2, 3, {"standards": 3}, [3, 3])
    assert sheet(engine, "eltharion").advances == ["The Wizard knows +1 spell"] * 2


@pytest.mark.parametrize("dice", [(3, 3), (5, 6), (6, 6)])
def test_a_wizard_knowing_his_whole_lore_re_rolls_spells(dice):
    """8.4: "Wizards who already know all available spells in their lore (such as Ogre
    Butchers) re-roll results that would otherwise gain them extra spells or let them
    choose a spell": 6 and 11-12 are rolled again, then 2 ("+1 Power dice")."""
    engine = to_battle()
    wizard(engine, all_spells=True)
    fight(engine, 2, 3, {"standards": 3}, [*dice, 1, 1])
    assert sheet(engine, "eltharion").advances == [
        "The Wizard adds +1 Power dice to his side's pool"
    ]


def test_a_wizard_who_does_not_miscast_re_rolls_the_miscast_row():
    """8.4: "Wizards who don't Miscasts re-roll the result that would let them re-roll
    the Miscast roll": 8 is rolled again, then 4."""
    engine = to_battle()
    wizard(engine, no_miscast=True)
    fight(engine, 2, 3, {"standards": 3}, [4, 4, 2, 2])
    assert sheet(engine, "eltharion").advances == [
        "The Wizard adds +1 Dispel dice to his side's pool"
    ]


def test_a_wizard_stays_a_wizard():
    """Table 8.1: "Once promoted, the following abilities may not be altered ... Magic
    level (Wizards only)"."""
    engine = to_battle()
    wizard(engine)
    with pytest.raises(RuleError, match="Magic level may not be altered"):
        engine.perform("eltharion", SetCharacter(wizard=False))


def test_toughness_5_re_rolls_the_toughness():
    """Table 8.3: "* Elves and characters with Toughness 5 must re-roll this result"
    (R-AA-43: the Toughness declared): Khazrak's Beastman of T5 rolls 1 and 1, then 4
    and 4, "+1 Wound", which raises his declared W."""
    engine = to_battle()
    engine.perform("khazrak", SetCharacter(profile={"T": 5, "W": 3}))
    general = sheet(engine, "khazrak")
    rules = Rules(engine.campaign, RULESET)
    row = advances.row_of(rules, 2)
    assert advances.rerolled(rules, "khazrak", general, row) == "T 5 re-rolls it"
    general.profile["T"] = 4
    assert advances.rerolled(rules, "khazrak", general, row) == ""


def test_an_advance_raises_the_declared_profile():
    """Table 8.3: "8 | Characteristics increase. +1 Wound": W 3 becomes 4."""
    engine = to_battle()
    engine.perform("eltharion", SetCharacter(profile={"W": 3, "T": 3}))
    fight(engine, 2, 3, {"standards": 3}, [4, 4])
    assert sheet(engine, "eltharion").profile == {"T": 3, "W": 4}


def test_a_profile_names_only_characteristics():
    engine = to_battle()
    with pytest.raises(RuleError, match="No characteristic X"):
        engine.perform("eltharion", SetCharacter(profile={"X": 3}))


def test_a_skill_row_leaves_a_skill_to_pick_and_it_is_picked():
    """Table 8.3: "4 | New skill: Pick one Combat skill"; 8.4: "may freely pick which
    skill he wants from the available lists" (table 8.5's Dodge)."""
    engine = to_battle()
    fight(engine, 2, 3, {"standards": 3}, [2, 2])
    general = sheet(engine, "eltharion")
    assert general.picks == ["New skill: pick one Combat skill"]
    engine.perform("eltharion", PickSkill(skill="Dodge"))
    assert general.skills == ["Dodge"]
    assert general.picks == []


def test_a_skill_of_another_list_is_not_offered():
    """Table 8.3's 4 offers a Combat skill: Killing blow is a Strength skill (8.6)."""
    engine = to_battle()
    fight(engine, 2, 3, {"standards": 3}, [2, 2])
    with pytest.raises(RuleError, match="'Killing blow' is not offered: Dodge, Honourable"):
        engine.perform("eltharion", PickSkill(skill="Killing blow"))


def test_the_same_skill_is_never_had_twice():
    """8.4: "A character may not have the same skill twice"."""
    engine = to_battle()
    sheet(engine, "eltharion").skills = ["Dodge"]
    fight(engine, 2, 3, {"standards": 3}, [2, 2])
    with pytest.raises(RuleError, match="not offered"):
        engine.perform("eltharion", PickSkill(skill="Dodge"))


def test_no_advance_no_skill():
    engine = to_battle()
    with pytest.raises(RuleError, match="has no skill to pick"):
        engine.perform("eltharion", PickSkill(skill="Dodge"))


@pytest.mark.parametrize(
    ("dice", "instead", "skill", "stat"),
    [
        ([2, 3], "+1 Strength", "Resilient", "S"),  # "5 | Choose either +1 Strength OR ..."
        ([5, 6], "+1 Movement", "Looter", "M"),  # "11-12 | Choose either +1 Movement OR ..."
    ],
)
def test_either_the_characteristic_or_the_skill(dice, instead, skill, stat):
    """Table 8.3's 5 and 11-12: the characteristic instead of the skill, raised once only
    ("No characteristic may be increased by more than +1")."""
    engine = to_battle()
    fight(engine, 2, 3, {"standards": 3}, dice)
    engine.perform("eltharion", PickSkill(skill=instead))
    assert sheet(engine, "eltharion").raised == [stat]
    general = sheet(engine, "eltharion")
    general.picks = list(sheet(engine, "eltharion").advances)
    with pytest.raises(RuleError, match="not offered"):
        engine.perform("eltharion", PickSkill(skill=instead))
    engine.perform("eltharion", PickSkill(skill=skill))
    assert general.skills == [skill]


def test_the_armys_own_miscellaneous_skill():
    """9.2, High Elves: "Army-specific Misc. skill - Great Honour" is offered with the
    common ones of table 8.9 on 11-12; Dark Elves' Blessed of Khaine is not."""
    engine = to_battle()
    fight(engine, 2, 3, {"standards": 3}, [6, 6])
    with pytest.raises(RuleError, match="Great Honour"):
        engine.perform("eltharion", PickSkill(skill="Blessed of Khaine"))
    engine.perform("eltharion", PickSkill(skill="Great Honour"))
    assert sheet(engine, "eltharion").skills == ["Great Honour"]


@pytest.mark.parametrize(
    ("listed", "skills"),
    [
        ("combat", ["Dodge", "Honourable", "Lightning reflexes", "Parry", "Unstoppable charge"]),
        ("strength", ["Killing blow", "Master strike", "Mighty blow", "Resilient", "Strongman"]),
        (
            "leadership",
            [
                "Beloved leader",
                "Commanding presence",
                "Dauntless",
                "Fearless",
                "Steadfast",
                "Personal standard",
            ],
        ),
        (
            "misc",
            [
                "Blessed",
                "Hard to Kill",
                "Hoardmaster",
                "Looter",
                "Connections",
                "Survivalist",
                "Combat engineer",
                "Path-finder",
            ],
        ),
    ],
)
def test_tables_8_5_to_8_9_list_every_skill(listed, skills):
    """Tables 8.5 (Combat), 8.6 (Strength), 8.7 (Leadership), 8.9 (Miscellaneous)."""
    rules = Rules(to_battle().campaign, RULESET)
    assert rules.table("skills")[listed] == skills


def test_the_sheet_shows_what_he_is_and_his_skills():
    """The character sheet (`show --as SEAT`): a Wizard, his skills, a skill to pick."""
    engine = to_battle()
    wizard(engine)
    sheet(engine, "eltharion").skills = ["Dodge"]
    sheet(engine, "eltharion").picks = ["New skill: pick one Combat skill"]
    seat = next(s for s in engine.campaign.seats if s.players == ["eltharion"])
    lines = RULESET.status_lines(Rules(engine.campaign, RULESET), seat)
    text = next(s.text for s in lines if s.label == "General" and s.player == "eltharion")
    assert "a Wizard (rolls on the Wizard's Advancement table)" in text
    assert "skills: Dodge; to pick: 1 skill(s) (pick_skill)" in text
