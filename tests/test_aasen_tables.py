"""The Invasion of Hex Island (``aasen``): its tables as data, row by row, as the text
prints them (5.1, 6.1, 6.2, 9.1), so a house rule changes a row and the code hard-codes
none."""

from __future__ import annotations

import pytest

from tuicamp.rules.aasen import AasenRuleset

TABLES = AasenRuleset().default_tables


@pytest.mark.parametrize(
    ("row", "key", "cost"),
    [
        ("Modifying an Initiative roll", "initiative", 1),
        (
            "Each territory moved through when marching to support an allied army",
            "support_march",
            1,
        ),
        ("Each territory moved through when marching with your entire army", "army_march", 2),
        ("Marching into or through a Highland territory", "highland_march", 1),
        ("Promoting a Junior Officer to Senior Officer", "promote_senior", 2),
        ("Promoting a Senior Officer to General", "promote_general", 3),
        ("Purchase an Outpost", "outpost", 4),
        ("Purchase a Stronghold", "stronghold", 7),
        ("Upgrade an Outpost to a Stronghold", "upgrade", 4),
        ("Rebuilding a razed territory", "rebuild", 3),
        ("Launching a fleet", "fleet", 2),
    ],
)
def test_table_5_1_spending_resources(row, key, cost):
    """Table 5.1 - Spending Resources: "|Action |Resources |"."""
    assert TABLES["costs"][key] == cost, row


@pytest.mark.parametrize(
    ("result", "conquers", "follow_up", "razed", "blitz"),
    [
        ("massacre", True, 0, False, 5),  # "Yes | - | - | Yes (+5 In.)"
        ("solid", True, 0, True, 0),  # "Yes | - | Yes | -"
        ("minor", False, 10, True, 0),  # "- | Yes (+10 In.) | Yes | -"
        ("draw", False, 5, True, 0),  # "- | Yes (+5 In.) | Yes | -"
    ],
)
def test_table_6_1_attacker_benefits(result, conquers, follow_up, razed, blitz):
    """Table 6.1 - Attacker benefits from battles: "Conquers territory? | Follow up? |
    Territory razed? | May Blitz"."""
    row = TABLES["attacker"][result]
    assert (row["conquers"], row["follow_up"], row["razed"], row["blitz"]) == (
        conquers,
        follow_up,
        razed,
        blitz,
    )


@pytest.mark.parametrize(
    ("result", "follow_up", "razed"),
    [("massacre", 10, False), ("solid", 5, True), ("minor", 0, True), ("draw", 0, True)],
)
def test_table_6_2_defender_benefits(result, follow_up, razed):
    """Table 6.2 - Defender benefits from battles: "Follow up? | Territory razed?"."""
    row = TABLES["defender"][result]
    assert (row["follow_up"], row["razed"]) == (follow_up, razed)


@pytest.mark.parametrize(
    ("glory", "heroes", "special", "rare", "open_"),
    [
        (0, 2, 2, 0, 2),
        (1, 2, 3, 0, 3),
        (5, 3, 3, 1, 4),
        (10, 3, 4, 1, 5),
        (16, 4, 4, 2, 6),
        (22, 4, 5, 2, 7),
        (29, 5, 5, 3, 8),
    ],
)
def test_table_9_1_army_selection(glory, heroes, special, rare, open_):
    """Table 9.1 - Army selection: "|General's Glory |Heroes |Special |Rare |Open
    choices|"; each row starts at the least Glory of its band."""
    row = next(r for r in TABLES["selection"] if r["glory"] == glory)
    assert (row["heroes"], row["special"], row["rare"], row["open"]) == (
        heroes,
        special,
        rare,
        open_,
    )


def test_the_earnings_and_the_army_size():
    """5.1: "one Support point and one Resource" a territory; pirates "an additional 5
    Support points and 5 Resources" (R-AA-9); "3 points of Wealth are only transformed into
    a single Resource"; 6.1: "1200 points, plus 50 pts for each point of Support"; 3.5:
    "add 10% to his army size"; 5.4: "three invasions per player per year" (R-AA-5)."""
    earn, size = TABLES["earnings"], TABLES["army_size"]
    assert (earn["support_per_territory"], earn["resources_per_territory"]) == (1, 1)
    assert (earn["pirate_support"], earn["pirate_resources"]) == (5, 5)
    assert (earn["wealth_per_resource"], earn["wealth_per_unspent_resource"]) == (3, 1)
    assert (size["base"], size["per_support"], size["homeland_percent"]) == (1200, 50, 10)
    assert TABLES["limits"]["invasions_per_player"] == 3
