"""The Invasion of Hex Island (``aasen``): injuries after a battle (6.6, table 8.2, R-AA-13,
R-AA-37) and what becomes of a General dead or captured (8.2, 8.5, R-AA-38)."""

from __future__ import annotations

import pytest
from test_aasen_battles import end_all, result, to_battle
from test_aasen_bonuses import lead, to_next_declarations

from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.dice import Dice
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.model.battle import Circumstance
from tuicamp.model.campaign import DiceMode, DiceState
from tuicamp.rules.aasen import AasenRuleset, battles, declarations, injuries
from tuicamp.rules.aasen.declarations import Answer, Declare, Pass
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.rules.aasen.state import Officer

RULESET = AasenRuleset()
REACH = "hag-graef-reach"


def table_dice(*values):
    return Dice(DiceState(seed=0, mode=DiceMode.TABLE), supplied=list(values))


def rules_of(engine):
    return Rules(engine.campaign, RULESET)


# Table 8.2 - Injuries, as the text gives it: the D66 results of each row and its name.
TABLE_8_2 = [
    ((11, 12, 13), "Dead"),  # "11 - 13 | Dead (see below)"
    ((14, 15, 16), "Captured"),  # "14 - 16 | Captured (see below)"
    ((21, 22), "Multiple injuries"),  # "21 - 22 | Multiple injuries. Roll a further D3+1 ..."
    ((23,), "Wasting Injury"),  # "23 | Wasting Injury. -1 Wound ..."
    ((24,), "Leg wound"),  # "24 | Leg wound. -1 Movement"
    ((25,), "Lost an arm"),  # "25 | Lost an arm ..."
    ((26,), "Deep wound"),  # "26 | Deep wound. -1 Strength"
    ((31,), "Madness"),  # "31 | Madness. Roll a D6 at the start of each battle ..."
    ((32,), "Chest wound"),  # "32 | Chest wound. -1 Toughness."
    ((33,), "Arm wound"),  # "33 | Arm wound. -1 Attack."
    ((34,), "Old Battle Wound"),  # "34 | Old Battle Wound (see below)"
    ((35,), "Lack of confidence"),  # "35 | Lack of confidence. -1 Leadership."
    ((36,), "Hand injury"),  # "36 | Hand injury. -1 Weapon skill."
    ((41,), "Amnesia"),  # "41 | Amnesia. -1 Magic level (re-roll if not a Wizard)"
    ((42,), "Paranoia"),  # "42 | Paranoia. The character may no longer join friendly units"
    ((43,), "Embarassing injury"),  # "43 | Embarassing injury. Only the unit ..."
    ((44,), "Deathwish"),  # "44 | Deathwish. The character refuses to buy any form of armour"
    ((45,), "Thaumaphobia"),  # "45 | Thaumaphobia. Refuses to ever carry any magic items."
    ((46,), "Trampled by own steed"),  # "46 | Trampled by own steed ..."
    ((51,), "Robbed"),  # "51 | Robbed. In the next battle ... cost double"
    ((52,), "Bitter enemy"),  # "52 | Bitter enemy. Roll a further D6 to see who ..."
    ((53,), "Horrible scars"),  # "53 | Horrible scars. Causes Fear (or Terror ...)"
    ((54,), "Survives against the odds"),  # "54 | Survives against the odds. +1 point of Glory"
    ((55,), "Blinded on one eye"),  # "55 | Blinded on one eye. -2 Ballistic skill."
    ((56,), "Nervous condition"),  # "56 | Nervous condition. -2 Initiative"
    ((61, 62, 63, 64, 65, 66), "Full recovery"),  # "61 - 66 | Full recovery"
]


def test_table_8_2_has_26_rows_over_the_36_d66_results():
    """Table 8.2 covers every D66 result, 11 to 66, once."""
    results = sorted(r for results, _ in TABLE_8_2 for r in results)
    assert results == [10 * a + b for a in range(1, 7) for b in range(1, 7)]
    assert len(TABLE_8_2) == 26 == len(rules_of(to_battle()).table("injuries"))


@pytest.mark.parametrize(("results", "name"), TABLE_8_2)
def test_table_8_2_row_by_row(results, name):
    """Table 8.2 - Injuries: each D66 result rolled gives its row, on the General's sheet
    as the table words it (R-AA-37)."""
    engine = to_battle()
    rules = rules_of(engine)
    for d66 in results:
        dice = [d66 // 10, d66 % 10, 1, 1] if name == "Bitter enemy" else [d66 // 10, d66 % 10]
        if name == "Multiple injuries":
            dice += [1, 2, 4, 2, 4]  # a D3 of 1: two further rolls, 24 and 24
        (first, *_) = injuries.roll(rules, table_dice(*dice), "Malus", 1)
        assert (first.d66, first.row["name"]) == (d66, name)


def test_a_slain_general_rolls_once_and_keeps_the_injury():
    """6.6: "Each General and Senior Officer that was 'slain' during a battle ... must roll
    on the Injuries table"; "The effects of injuries will apply from the next battle and
    onwards" (R-AA-13: one D66): 24, "Leg wound. -1 Movement"."""
    engine = to_battle()
    enter(engine, malus_slain=True, dice=[2, 4])
    general = engine.campaign.state.generals["malus"]
    assert general.injuries == ["Leg wound (-1 Movement)"]
    (told,) = [e.text for e in engine.chronicle if e.kind == "injury"]
    assert told == (
        "Injuries (8.2): Malus of Hag Graef's General Drusala Shadowbane, slain, a D66: "
        "24: Leg wound (-1 Movement)"
    )


def test_one_who_fled_rolls_twice_and_the_higher_applies():
    """6.6: "Characters that run from the battlefield roll twice on the table and apply the
    highest result" (R-AA-13, "slain or not"): 12 (Dead) and 33 (Arm wound) give 33."""
    engine = to_battle()
    enter(engine, eltharion_fled=True, dice=[1, 2, 3, 3])
    general = engine.campaign.state.generals["eltharion"]
    assert general.injuries == ["Arm wound (-1 Attack)"] and not general.fate


def test_a_general_neither_slain_nor_fled_rolls_nothing():
    """6.6: only the slain, and those who ran, roll."""
    engine = to_battle()
    enter(engine, dice=[])
    assert not [e for e in engine.chronicle if e.kind == "injury"]


def test_multiple_injuries_roll_d3_plus_1_more_re_rolling_the_four():
    """Table 8.2: "21 - 22 | Multiple injuries. Roll a further D3+1 times on this table,
    re-rolling any further 'Dead', 'Captured', 'Multiple injuries' and 'Full recovery'
    results" (R-AA-37): a D3 of 2 gives three rolls; 11, 15, 22 and 63 are made again."""
    rules = rules_of(to_battle())
    dice = [2, 1, 2, 1, 1, 2, 4, 1, 5, 2, 2, 6, 3, 3, 2, 3, 6]
    rolled = injuries.roll(rules, table_dice(*dice), "Malus", 1)
    assert [i.d66 for i in rolled] == [21, 24, 32, 36]


def test_a_bitter_enemy_rolls_whom_he_hates():
    """Table 8.2: "52 | Bitter enemy. Roll a further D6 to see who the character Hates:
    1-2: The enemy General, 3-4: All models in the enemy General's army, 5-6: All models in
    the realm of the enemy General"."""
    rules = rules_of(to_battle())
    for d6, whom in ((2, "the enemy General"), (3, "all models in the enemy General's army")):
        (injury,) = injuries.roll(rules, table_dice(5, 2, d6), "Malus", 1)
        assert injury.text() == f"Bitter enemy (Hates {whom})"
    (injury,) = injuries.roll(rules, table_dice(5, 2, 6), "Malus", 1)
    assert injury.hated == "all models in the realm of the enemy General"


def test_survives_against_the_odds_gains_a_point_of_glory():
    """Table 8.2: "54 | Survives against the odds. +1 point of Glory"; Eltharion's Minor
    loss gives him none of table 6.3's."""
    engine = to_battle()
    enter(engine, eltharion_slain=True, dice=[5, 4])
    assert engine.campaign.state.generals["eltharion"].glory == 1


def test_full_recovery_leaves_no_mark():
    """Table 8.2: "61 - 66 | Full recovery. The character recovers with no ill effects"."""
    engine = to_battle()
    enter(engine, malus_slain=True, dice=[6, 6])
    general = engine.campaign.state.generals["malus"]
    assert general.injuries == [] and not general.fate


def test_a_dead_general_leads_no_more_and_his_realm_may_be_eliminated():
    """8.2: "Dead: The character is dead (no, really!)"; 8.5: "If unable to do this, he
    cannot declare any invasions that turn" (R-AA-38); 3.1: a realm "is eliminated ... [if]
    It has no Generals when invasions are declared"."""
    engine = to_battle()
    enter(engine, malus_slain=True, dice=[1, 3])
    state = engine.campaign.state
    assert state.generals["malus"].fate == "dead"
    seat = next(s for s in engine.campaign.seats if s.players == ["malus"])
    lines = [(s.label, s.text) for s in RULESET.status_lines(rules_of(engine), seat)]
    # his Minor Victory's 1 Glory stays on his sheet
    assert (
        "General",
        "Drusala Shadowbane (Glory 1); dead; lost, his Glory still selects the army for "
        "the rest of the year",
    ) in lines
    to_next_declarations(engine)
    assert "malus" not in declarations.candidates(rules_of(engine))
    assert "khazrak" in declarations.candidates(rules_of(engine))
    assert REACH not in state.eliminated


def test_a_realm_none_of_whose_generals_leads_is_eliminated():
    """3.1: "A realm is eliminated from the campaign if ... It has no Generals when
    invasions are declared" (R-AA-38: dead or captured, none leads)."""
    engine = to_battle()
    enter(engine, malus_slain=True, dice=[1, 1])
    end_all(engine)  # battles
    end_all(engine)  # the end of the turn
    engine.campaign.state.generals["khazrak"].fate = "captured"  # as if in another battle
    for _ in range(4):
        if engine.campaign.phase == "declare":
            break
        if engine.campaign.phase == "purchases":
            engine.perform("malus", WriteSheet())
            engine.perform("tehen", WriteSheet())
        end_all(engine)
    assert REACH in engine.campaign.state.eliminated
    assert any("it has no General" in e.text for e in engine.chronicle)


def test_a_captured_general_is_held_by_the_enemy_realm_and_told_to_all():
    """8.2: "Captured: The enemy army captures the character" (R-AA-38): held by the realm
    of the General he fought, a Captive line for every seat; his card notes his fate."""
    engine = to_battle()
    enter(engine, eltharion_slain=True, dice=[1, 5])
    general = engine.campaign.state.generals["eltharion"]
    assert (general.fate, general.captor) == ("captured", REACH)
    for player in ("malus", "tehen"):
        seat = next(s for s in engine.campaign.seats if s.players == [player])
        lines = [(s.label, s.text) for s in RULESET.status_lines(rules_of(engine), seat)]
        captive = [t for label, t in lines if label == "Captive"]
        assert captive == [
            f"Eltharion of Arnheim's General {general.name} (Glory 0), held by The Hag Graef Reach"
        ]
    notes = " ".join(RULESET.battle_card_notes(rules_of(engine), engine.campaign.battles[0]))
    assert "is captured, held by The Hag Graef Reach" in notes


def test_the_form_asks_each_fighting_general_slain_and_fled():
    """R-AA-37: the form asks of each of the two fighting Generals whether he was slain and
    whether he fled, of his own side (and of each Senior Officer, the one leading Khazrak's
    Contingent too, R-AA-44)."""
    engine = to_battle(contingent=300)
    fields = battles.result_fields(rules_of(engine), engine.campaign.battles[0])
    asked = {f.key: f.side for f in fields if f.key.startswith(("slain_", "fled_"))}
    assert asked == {
        "slain_malus": "attacker",
        "fled_malus": "attacker",
        "slain_khazrak~kouran": "attacker",
        "fled_khazrak~kouran": "attacker",
        "slain_eltharion": "defender",
        "fled_eltharion": "defender",
    }
    with pytest.raises(RuleError):
        enter(engine, malus_slain=2, dice=[2, 4])


# --- helpers --------------------------------------------------------------------------------


def enter(
    engine,
    malus_slain=False,
    malus_fled=False,
    eltharion_slain=False,
    eltharion_fled=False,
    dice=(),
):
    """Malus wins a Minor Victory; the Generals' slain and fled as given, with the table
    dice ``dice`` for the injury rolls."""
    engine.campaign.dice.mode = DiceMode.TABLE
    sides = [
        SideEntry(
            side="attacker",
            facts={"slain_malus": int(malus_slain), "fled_malus": int(malus_fled)},
        ),
        SideEntry(
            side="defender",
            facts={"slain_eltharion": int(eltharion_slain), "fled_eltharion": int(eltharion_fled)},
        ),
    ]
    facts = {"winner": 1, "level": 1, "conceded": 0}
    engine.perform("gm", EnterBattleResult(battle="b1", sides=sides, facts=facts, dice=list(dice)))
    engine.campaign.dice.mode = DiceMode.APP


def to_second_battle(engine):
    """After the first battle, to next year's: Eltharion's Follow-up invades Wreckers'
    Cove, Malus stands, the others pass and the battle opens; it is returned."""
    to_next_declarations(engine)
    lead(engine, "eltharion")
    engine.perform("eltharion", Declare(source="the-north-cape", target="wreckers-cove"))
    engine.perform("malus", Answer(choice="stand", defender="malus"))
    rules = rules_of(engine)
    while declarations.order(rules):
        engine.perform(declarations.order(rules)[0], Pass())
    end_all(engine)
    return next(b for b in engine.campaign.battles if b.id != "b1")


OLD_WOUND = {1: '"Ow, my leg."', 2: '"Let me fight, I can take them!"'}


def test_old_battle_wounds_roll_at_the_start_of_each_battle_the_lowest_taken():
    """8.2, Old Battle Wound: "Roll a D6 at the start of each battle the General is involved
    in: 1: "Ow, my leg." ... 2: "Let me fight, I can take them!" ... 3-6: "I can fight." ...
    If this is the case a D6 is rolled for each and the lowest result is taken"; Madness:
    "1-3: ... Stupidity that battle, 4-6: ... Frenzy". Malus carries two Old Battle Wounds
    and Madness into next year's battle."""
    engine = to_battle()
    result(engine, 2, 3)  # Eltharion's Massacre: his Follow-up next year
    malus = engine.campaign.state.generals["malus"]
    malus.injuries = ["Old Battle Wound (x)", "Old Battle Wound (x)", "Madness (x)"]
    to_second_battle(engine)
    (wound, madness) = [e for e in engine.chronicle if e.kind == "battle_start"]
    low = min(r.total for r in wound.rolls)
    assert len(wound.rolls) == 2
    assert OLD_WOUND.get(low, '"I can fight."') in wound.text
    assert f"Old Battle Wound (8.2), {low}: " in wound.text
    (d6,) = [r.total for r in madness.rolls]
    assert ("Stupidity" if d6 <= 3 else "Frenzy") in madness.text
    battle = next(b for b in engine.campaign.battles if b.id != "b1")
    assert [c.side for c in battle.circumstances if c.key.startswith("old_wound")] == ["defender"]


def test_a_senior_officers_old_battle_wound_rolls_at_the_start_of_each_battle():
    """8.2, Old Battle Wound: "1: "Ow, my leg." The character may not fight this battle ...
    If he is the army General, the army has no General in this battle ... It is possible
    for a character to have more than one Old Battle Wound" (R-AA-83): Malus's Senior
    Officer Lokhir rolls his as next year's battle opens, and the card tells it."""
    engine = to_battle()
    result(engine, 2, 3)  # Eltharion's Massacre: his Follow-up next year
    lokhir = Officer("Lokhir", 3, injuries=["Old Battle Wound (x)"])
    engine.campaign.state.officers["malus"] = [lokhir]
    battle = to_second_battle(engine)
    (wound,) = [e for e in engine.chronicle if e.kind == "battle_start"]
    (d6,) = [r.total for r in wound.rolls]
    assert wound.text.startswith(
        f"Malus of Hag Graef's Senior Officer Lokhir's Old Battle Wound (8.2), {d6}: "
    )
    assert "the army has no General" not in wound.text
    (circumstance,) = [c for c in battle.circumstances if c.key.startswith("old_wound")]
    assert (circumstance.side, circumstance.text) == ("defender", wound.text)
    assert circumstance.key.endswith("_malus~lokhir")
    notes = battles.card_notes(rules_of(engine), battle)
    lokhirs = "Malus of Hag Graef's Senior Officer Lokhir's injuries (8.2): Old Battle Wound (x)"
    assert lokhirs in notes


@pytest.mark.parametrize(("slain", "gained"), [(False, 1), (True, 0)])
def test_a_senior_officer_who_fights_with_his_old_wound_gains_a_glory(slain, gained):
    """8.2, Old Battle Wound: "2: ... should he survive (i.e. he's not slain again) he gains
    +1 point of Glory" - a Senior Officer too (R-AA-83)."""
    engine = to_battle()
    korhil = Officer("Korhil")
    engine.campaign.state.officers["eltharion"] = [korhil]
    battle = engine.campaign.battles[0]
    key = "old_wound_fights_eltharion~korhil"
    battle.circumstances.append(Circumstance(key, "x", "defender", 2))
    engine.campaign.dice.mode = DiceMode.TABLE
    sides = [
        SideEntry(side="attacker"),
        SideEntry(side="defender", facts={"slain_eltharion~korhil": int(slain)}),
    ]
    facts = {"winner": 1, "level": 1, "conceded": 0}
    dice = [6, 6] if slain else []
    engine.perform("gm", EnterBattleResult(battle="b1", sides=sides, facts=facts, dice=dice))
    assert korhil.glory == gained


@pytest.mark.parametrize(("slain", "gained"), [(False, 1), (True, 0)])
def test_let_me_fight_gains_a_glory_if_he_is_not_slain(slain, gained):
    """8.2, Old Battle Wound: "2: ... The General starts this battle with 1 less Wound than
    normal, but should he survive (i.e. he's not slain again) he gains +1 point of Glory"."""
    engine = to_battle()
    battle = engine.campaign.battles[0]
    battle.circumstances.append(Circumstance("old_wound_fights", "x", "defender", 2))
    enter(engine, eltharion_slain=slain, dice=[6, 6] if slain else [])
    assert engine.campaign.state.generals["eltharion"].glory == gained  # his Minor loss: 0
