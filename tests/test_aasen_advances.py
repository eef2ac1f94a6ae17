"""The Invasion of Hex Island (``aasen``): advances at every fifth point of Glory (6.5,
8.3, table 8.3, R-AA-20, R-AA-40)."""

from __future__ import annotations

import pytest
from test_aasen_battles import to_battle

from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.model.campaign import DiceMode
from tuicamp.rules.aasen import AasenRuleset, advances, glory

RULESET = AasenRuleset()


def fight(engine, winner, level, deeds, dice, player="eltharion"):
    """The result, ``player``'s General credited with ``deeds`` (deed -> count), the table
    dice ``dice`` for what is rolled."""
    side = "defender" if player == "eltharion" else "attacker"
    facts = {glory.field_key(d, player): n for d, n in deeds.items()}
    sides = [SideEntry(side=s, facts=facts if s == side else {}) for s in ("attacker", "defender")]
    engine.campaign.dice.mode = DiceMode.TABLE
    engine.perform(
        "gm",
        EnterBattleResult(
            battle="b1", sides=sides, facts={"winner": winner, "level": level}, dice=dice
        ),
    )
    engine.campaign.dice.mode = DiceMode.APP


def sheet(engine, player):
    return engine.campaign.state.generals[player]


@pytest.mark.parametrize(
    ("totals", "name"),
    [
        ((2, 3), "Characteristics increase: +1 Toughness"),  # "2-3 | ... +1 Toughness*"
        ((4,), "New skill: pick one Combat skill"),  # "4 | New skill: Pick one Combat skill"
        ((5,), "Choose either +1 Strength or one Strength skill"),
        ((6,), "Characteristics increase: +1 Attack"),
        ((7,), "Characteristics increase: +1 WS and BS and Initiative"),
        ((8,), "Characteristics increase: +1 Wound"),
        ((9,), "Characteristics increase: +1 Leadership"),
        ((10,), "New skill: pick one Leadership skill"),
        ((11, 12), "Choose either +1 Movement or one Miscellaneous skill"),
    ],
)
def test_table_8_3_row_by_row(totals, name):
    """Table 8.3 - Warrior's Advancement, each 2D6 total's row."""
    rules = Rules(to_battle().campaign, RULESET)
    for total in totals:
        assert advances.row_of(rules, total)["name"] == name


def test_the_fifth_point_of_glory_rolls_an_advance_at_the_end_of_the_battle():
    """8.3: "For every fifth point of Glory a character has he gets one roll on the
    Warrior's Advancement table. Rolls should be made at the end of the battle where the
    character reached the necessary amount of Glory" (R-AA-20): Eltharion's Massacre (+2)
    and 3 standards (+3) make 5; he rolls 3 and 3, "6 | +1 Attack"."""
    engine = to_battle()
    fight(engine, 2, 3, {"standards": 3}, [3, 3])
    general = sheet(engine, "eltharion")
    assert general.glory == 5
    assert general.advances == ["Characteristics increase: +1 Attack"]
    assert general.raised == ["A"]
    (told,) = [e.text for e in engine.chronicle if e.kind == "advance"]
    assert "reaches Glory 5 and rolls 6: Characteristics increase: +1 Attack" in told


def test_glory_short_of_five_rolls_nothing():
    """8.3: a roll "for every fifth point": 4 Glory gives none."""
    engine = to_battle()
    fight(engine, 2, 3, {"standards": 2}, [])
    assert sheet(engine, "eltharion").advances == []


def test_two_multiples_passed_roll_twice():
    """R-AA-20: "one roll each time Glory crosses a multiple of 5": 10 Glory in one battle
    (a Massacre +2, the enemy General +2, 6 standards) rolls twice."""
    engine = to_battle()
    fight(engine, 2, 3, {"general": 1, "standards": 6}, [4, 4, 4, 5])
    assert sheet(engine, "eltharion").advances == [
        "Characteristics increase: +1 Wound",
        "Characteristics increase: +1 Leadership",
    ]


def test_two_advances_in_one_battle_are_told_at_their_own_multiples():
    """6.5: "For every fifth point of Glory a character has he gains one roll" (R-AA-73):
    the first of the two rolls of a battle that takes him from 0 to 10 is the one for 5,
    the chronicle says so, and the second the one for 10."""
    engine = to_battle()
    fight(engine, 2, 3, {"general": 1, "standards": 6}, [4, 4, 4, 5])
    told = [e.text for e in engine.chronicle if e.kind == "advance"]
    assert [t.split(": ", 1)[1].split(" and rolls")[0] for t in told] == [
        "Eltharion of Arnheim's General Lord Aerion Sunblade reaches Glory 5",
        "Eltharion of Arnheim's General Lord Aerion Sunblade reaches Glory 10",
    ]


def test_elves_re_roll_the_toughness():
    """Table 8.3: "* Elves and characters with Toughness 5 must re-roll this result"
    (R-AA-40): Eltharion's High Elves roll 1 and 2, then 4 and 4."""
    engine = to_battle()
    fight(engine, 2, 3, {"standards": 3}, [1, 2, 4, 4])
    assert sheet(engine, "eltharion").advances == ["Characteristics increase: +1 Wound"]
    (told,) = [e.text for e in engine.chronicle if e.kind == "advance"]
    assert "(3 rolled again: an Elf re-rolls it)" in told


@pytest.mark.parametrize(("dice", "given"), [([1, 2], 2), ([1, 2, 4], 3)])
def test_a_re_roll_that_needs_more_dice_tells_the_whole_count(dice, given):
    """Table 8.3: "* Elves and characters with Toughness 5 must re-roll this result"
    (R-AA-40, R-AA-74): the 3 rolled on 1 and 2 is rolled again, and the table is told the
    four values the two rolls take in all and how many it gave, one more value or not."""
    engine = to_battle()
    with pytest.raises(RuleError) as asked:
        fight(engine, 2, 3, {"standards": 3}, dice)
    assert str(asked.value) == (
        "Roll 2d6 for Eltharion of Arnheim's General Lord Aerion Sunblade's advance at the "
        f"table and enter 4 values in all (you gave {given})"
    )


def test_a_characteristic_is_never_raised_twice():
    """8.3: "No characteristic may be increased by more than +1. Should this happen, roll
    again": with +1 Attack already, 6 is rolled again."""
    engine = to_battle()
    sheet(engine, "eltharion").raised = ["A"]
    fight(engine, 2, 3, {"standards": 3}, [3, 3, 5, 5])
    assert sheet(engine, "eltharion").advances == ["New skill: pick one Leadership skill"]


def test_a_non_elf_keeps_the_toughness():
    """Table 8.3: "2-3 | Characteristics increase. +1 Toughness" for all but Elves (and
    Toughness 5): Malus's Dark Elves re-roll it, Khazrak's Beastmen would not."""
    engine = to_battle()
    rules = Rules(engine.campaign, RULESET)
    row = advances.row_of(rules, 2)
    assert advances.rerolled(rules, "malus", sheet(engine, "malus"), row) == "an Elf re-rolls it"
    assert advances.rerolled(rules, "khazrak", sheet(engine, "khazrak"), row) == ""


def test_the_advances_are_on_the_generals_status_line():
    """The character sheet: `show --as SEAT` gives the General's advances."""
    engine = to_battle()
    fight(engine, 2, 3, {"standards": 3}, [3, 3])
    seat = next(s for s in engine.campaign.seats if s.players == ["eltharion"])
    lines = RULESET.status_lines(Rules(engine.campaign, RULESET), seat)
    text = next(s.text for s in lines if s.label == "General" and s.player == "eltharion")
    assert text.endswith("(Glory 5); advances: Characteristics increase: +1 Attack")
