"""Dice: seeded and reproducible, continued exactly from a save, fair, and checked at the table.

R-ALL-4: "d6, 2d6, 3d6, 4d6, d3 (= ceil(d6/2)), d66 (tens die then units die). A Warhammer
Leadership test passes on 2d6 ≤ Ld."
"""

from __future__ import annotations

import tomllib
from collections import Counter

import attrs
import pytest
import tomli_w

from tuicamp.engine.codec import structure, unstructure
from tuicamp.engine.dice import Dice, DiceExpr, _splitmix64, check_possible
from tuicamp.engine.errors import DiceNeeded, RuleError
from tuicamp.model.campaign import DiceMode, DiceState
from tuicamp.model.ids import roll_number


def app_dice(seed: int = 2024) -> Dice:
    return Dice(DiceState(seed=seed))


def table_dice(*values: int) -> Dice:
    return Dice(DiceState(seed=0, mode=DiceMode.TABLE), supplied=list(values))


# --- the generator ------------------------------------------------------------------------


def test_generator_is_standard_splitmix64():
    # The published SplitMix64 test vectors (seeds 0 and 1234567): a save made today keeps
    # rolling the same dice under any later tuicamp that keeps this generator.
    assert [_splitmix64(0, n) for n in range(4)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
        0xF88BB8A8724C81EC,
    ]
    assert [_splitmix64(1234567, n) for n in range(2)] == [
        6457827717110365317,
        3203168211198807973,
    ]


def test_same_seed_same_rolls():
    exprs = ["d6", "2d6", "d3", "d66", "3d6+1", "4d6"] * 10
    first = [app_dice(7).roll(e, "x").dice for e in exprs]
    again = [app_dice(7).roll(e, "x").dice for e in exprs]
    assert first == again
    one, two = app_dice(7), app_dice(8)
    assert [one.d6("a") for _ in range(20)] != [two.d6("a") for _ in range(20)]


def test_a_copied_state_continues_identically():
    dice = app_dice(99)
    for _ in range(17):
        dice.roll("2d6", "earlier")
    saved = attrs.evolve(dice.state)  # what a save holds at this moment
    ahead = [dice.roll("d6", "later").total for _ in range(30)]
    resumed = Dice(saved)
    assert [resumed.roll("d6", "later").total for _ in range(30)] == ahead
    assert resumed.state.draws == dice.state.draws


def test_reloading_a_save_cannot_re_roll():
    dice = app_dice(5)
    dice.roll("d66", "warm up")
    text = tomli_w.dumps({"dice": unstructure(dice.state)})  # the save on disk
    fate = dice.roll("2d6", "the battle").dice
    for _ in range(3):  # reload as often as you like: the battle goes the same way
        reloaded = Dice(structure(tomllib.loads(text)["dice"], DiceState))
        assert reloaded.roll("2d6", "the battle").dice == fate
    assert dice.state.draws > structure(tomllib.loads(text)["dice"], DiceState).draws


# --- fairness -----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 20240601, 2**63 + 5])
def test_d6_is_fair(seed):
    dice = app_dice(seed)
    n = 60_000
    counts = Counter(dice.d6("fairness") for _ in range(n))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    expected = n / 6
    chi_square = sum((counts[face] - expected) ** 2 / expected for face in range(1, 7))
    assert chi_square < 20.52  # 5 degrees of freedom, p = 0.001
    assert all(abs(counts[face] - expected) < 0.03 * expected for face in range(1, 7))


def test_2d6_mean_and_shape():
    dice = app_dice(31337)
    rolls = [dice.two_d6("shape") for _ in range(20_000)]
    assert abs(sum(rolls) / len(rolls) - 7) < 0.06
    counts = Counter(rolls)
    assert set(counts) == set(range(2, 13))
    assert abs(counts[7] / len(rolls) - 6 / 36) < 0.015
    assert abs(counts[2] / len(rolls) - 1 / 36) < 0.006


def test_d3_shows_1_to_3_evenly():
    dice = app_dice(3)
    counts = Counter(dice.d3("d3") for _ in range(6_000))
    assert set(counts) == {1, 2, 3}
    assert all(abs(c - 2_000) < 200 for c in counts.values())


def test_d66_is_a_tens_die_and_a_units_die():
    dice = app_dice(66)
    legal = {10 * tens + units for tens in range(1, 7) for units in range(1, 7)}
    seen = set()
    for _ in range(3_000):
        roll = dice.roll("d66", "event")
        assert len(roll.dice) == 2
        assert roll.total == 10 * roll.dice[0] + roll.dice[1]
        seen.add(roll.total)
    assert seen == legal  # all 36 results, and nothing else (no 17, no 70)


# --- expressions --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "count", "sides", "modifier", "shown"),
    [
        ("d6", 1, 6, 0, "d6"),
        ("D6", 1, 6, 0, "d6"),
        ("2d6", 2, 6, 0, "2d6"),
        (" 2 d 6 ", 2, 6, 0, "2d6"),
        ("3d6+1", 3, 6, 1, "3d6+1"),
        ("2d6-2", 2, 6, -2, "2d6-2"),
        ("d3", 1, 3, 0, "d3"),
        ("d66", 1, 66, 0, "d66"),
        ("4d6", 4, 6, 0, "4d6"),
    ],
)
def test_ndm_plus_k_parsing(text, count, sides, modifier, shown):
    expr = DiceExpr.parse(text)
    assert (expr.count, expr.sides, expr.modifier) == (count, sides, modifier)
    assert str(expr) == shown


def test_rolls_add_the_modifier():
    roll = app_dice(11).roll("3d6+1", "march")
    assert len(roll.dice) == 3 and all(1 <= d <= 6 for d in roll.dice)
    assert roll.total == sum(roll.dice) + 1
    assert table_dice(6, 6).roll("2d6-2", "x").total == 10


def test_a_constant_rolls_no_dice():
    dice = app_dice(1)
    roll = dice.roll("4", "fixed")
    assert roll.total == 4 and roll.dice == []
    assert dice.state.draws == 0


@pytest.mark.parametrize(
    "text",
    [
        "",
        "d",
        "2d",
        "x",
        "2x6",
        "d6+",
        "d6*2",
        "1.5d6",
        "0d6",
        "101d6",
        "d1",
        "d1001",
        "d-6",
        "2d6+1+1",
        "six",
    ],
)
def test_bad_expressions_raise_rule_error(text):
    with pytest.raises(RuleError):
        DiceExpr.parse(text)
    with pytest.raises(RuleError):
        app_dice().roll(text, "bad")


# --- table dice ---------------------------------------------------------------------------


def test_table_dice_use_the_typed_values_in_order():
    dice = table_dice(3, 5, 2, 6, 4)
    assert dice.roll("d66", "event").total == 35
    roll = dice.roll("2d6", "morale")
    assert roll.dice == [2, 6] and roll.total == 8 and roll.table
    assert dice.d6("last") == 4
    assert dice.state.draws == 0  # nothing generated


def test_table_dice_ask_for_missing_values():
    with pytest.raises(DiceNeeded) as missing:
        table_dice().roll("2d6", "the pursuit")
    assert missing.value.count == 2
    assert missing.value.expr == "2d6"
    assert "the pursuit" in str(missing.value)
    with pytest.raises(DiceNeeded) as one_short:
        table_dice(4).roll("2d6", "the pursuit")
    assert one_short.value.count == 1
    with pytest.raises(DiceNeeded) as d66:
        table_dice().roll("d66", "event")
    assert d66.value.count == 2  # a d66 is two dice at the table
    assert issubclass(DiceNeeded, RuleError)


@pytest.mark.parametrize(
    ("expr", "values"),
    [("d6", [7]), ("d6", [0]), ("d3", [4]), ("2d6", [3, 9]), ("d66", [7, 1]), ("d66", [1, 0])],
)
def test_table_dice_refuse_impossible_values(expr, values):
    with pytest.raises(RuleError, match="cannot be rolled"):
        table_dice(*values).roll(expr, "cheating")
    with pytest.raises(RuleError):
        check_possible(expr, values)


def test_check_possible():
    check_possible("2d6", [1, 6])
    check_possible("d3", [3])
    check_possible("d66", [6, 6])
    with pytest.raises(RuleError, match="takes 2 values"):
        check_possible("2d6", [4])


# --- leadership and re-rolls --------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "ld", "passes"),
    [
        ([3, 4], 7, True),
        ([4, 4], 7, False),
        ([6, 6], 12, True),
        ([6, 6], 11, False),
        ([1, 1], 2, True),
        ([1, 1], 1, False),
    ],
)
def test_leadership_test_passes_on_2d6_at_most_ld(values, ld, passes):
    """R-ALL-4: "A Warhammer Leadership test passes on 2d6 ≤ Ld"."""
    assert table_dice(*values).leadership_test(ld, "rally") is passes


def test_leadership_test_in_app_mode_is_logged():
    dice = app_dice(77)
    results = [dice.leadership_test(7, "rally") for _ in range(200)]
    rolls = dice.take_rolls()
    assert len(rolls) == 200
    assert results == [r.total <= 7 for r in rolls]
    assert all(r.expr == "2d6" and r.reason == "rally" for r in rolls)
    assert True in results and False in results
    assert dice.rolls == []


def test_reroll_records_what_it_replaces():
    dice = app_dice(12)
    dice.roll("d6", "scouting")
    first = dice.roll("2d6", "charge")
    again = dice.reroll(first, "re-roll: Battle Standard")
    assert again.replaces == 1
    assert again.expr == "2d6" and again.reason == "re-roll: Battle Standard"
    assert again.id == roll_number(12, 3) != first.id  # the third roll's number (R-ALL-7)
    assert dice.rolls == [dice.rolls[0], first, again]
    assert dice.rolls[0].replaces is None and first.replaces is None


def test_reroll_of_the_second_of_two_identical_table_rolls():
    dice = table_dice(3, 3, 5)
    dice.roll("d6", "panic")
    second = dice.roll("d6", "panic")  # equal to the first in every field
    assert dice.reroll(second, "re-roll").replaces == 1


def test_reroll_of_a_roll_from_another_action_replaces_nothing():
    dice = app_dice(4)
    old = dice.roll("d6", "old")
    dice.take_rolls()
    assert dice.reroll(old, "late").replaces is None
