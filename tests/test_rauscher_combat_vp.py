"""Rauscher: the Campaign Victory Points table and the Battle Result Chart (R-RA-6)."""

from __future__ import annotations

import pytest
from test_rauscher_combat_kit import TABLES, info, two_sided

from tuicamp.rules.rauscher.combat.vp import campaign_vp, outcome


def cvp(a_vp, d_vp, *, defence=0, a_facts=None, d_facts=None, winner=None):
    battle, result = two_sided(a_vp, d_vp, a_facts=a_facts, d_facts=d_facts, winner=winner)
    totals, _ = campaign_vp(TABLES, battle, info(defence), result)
    return totals


def test_winning_the_battle_is_5():
    """Text: "Winning the battle. Calculate VP's according to the Warhammer rules. 5 V.P." """
    assert cvp(300, 200) == {"attacker": 5, "defender": 0}


def test_winning_by_twice_the_vp_adds_2():
    """Text: "You won the battle by at least 2x as many VPs. 2 V.P." """
    assert cvp(400, 200)["attacker"] == 7
    assert cvp(399, 200)["attacker"] == 5
    assert cvp(100, 0)["attacker"] == 7


def test_generals_count_for_one_side_and_against_the_other():
    """Text: "Enemy General slain, fleeing, or fled the table. 1 V.P." and "You General is
    slain, fleeing, or fled the table. - 1 V.P." — one fact, entered by the side that did it."""
    assert cvp(300, 200, a_facts={"enemy_general": 1}) == {"attacker": 6, "defender": -1}
    assert cvp(300, 200, d_facts={"enemy_general": 1}) == {"attacker": 4, "defender": 1}


def test_standards():
    """Text: "Enemy Army Battle Standard captured. 1 V.P." / "Your Army Battle Standard
    captured. -1 V.P." """
    assert cvp(300, 200, d_facts={"enemy_standard": 1}) == {"attacker": 4, "defender": 1}


def test_breaching_the_walls():
    """Text: "Breaching enemy defensive walls of a town, city, or fortress 1 V.P." """
    assert cvp(300, 200, defence=3, a_facts={"breached": 1})["attacker"] == 5 - 3 + 1


def test_attacking_prepared_defences_or_a_walled_town_is_minus_2():
    """Text: "Attacking an enemy defending from Prepared Defenses or walled town. -2 V.P."
    and "Defending from Prepared Defenses, or behind the walls ... 1 V.P." """
    assert cvp(300, 200, defence=1) == {"attacker": 3, "defender": 1}
    assert cvp(300, 200, defence=2) == {"attacker": 3, "defender": 1}


def test_attacking_city_or_fortress_walls_is_minus_3():
    """Text: "Attacking an enemy defending from behind the walls of a city or fortress. -3
    V.P." """
    assert cvp(300, 200, defence=3) == {"attacker": 2, "defender": 1}


def test_capturing_a_settlement():
    """Text: "Capturing a city, town, village, fortress, or border tower. 1 V.P." """
    assert cvp(300, 200, a_facts={"captured_settlement": 1})["attacker"] == 6


def test_a_hated_enemy_counts_only_when_defeated():
    """Text: "Defeating a hated enemy 1 V.P." — ticked by the players; only the winner."""
    assert cvp(300, 200, a_facts={"hated_enemy": 1})["attacker"] == 6
    assert cvp(300, 200, d_facts={"hated_enemy": 1})["defender"] == 0


def result(a, d):
    battle, _ = two_sided(0, 0)
    return outcome(TABLES, battle, {"attacker": a, "defender": d})


@pytest.mark.parametrize("a", [1, 2, 3])
def test_an_attacker_winning_by_3_or_less_is_a_pyrrhic_victory(a):
    """Text: "3 victory points or less: Draw or Pyrhic Victory. If the attacking player is the
    victor, the defensive player retains control of the field"."""
    out = result(a, 0)
    assert (out.band, out.victor, out.holder, out.margin) == ("pyrrhic", "attacker", "defender", a)


def test_a_defender_winning_by_3_or_less_is_a_victory():
    """Text: "If the defending players hold the field, the results are as per a Victory"."""
    out = result(2, 5)
    assert (out.band, out.victor, out.holder) == ("victory", "defender", "defender")


def test_a_tie_is_a_draw_and_the_defender_keeps_the_field():
    """R-RA-6: equal Campaign VP totals leave no victor (a Draw); the defender keeps the field."""
    out = result(4, 4)
    assert (out.band, out.victor, out.holder, out.margin) == ("draw", None, "defender", 0)


@pytest.mark.parametrize("margin", [4, 5, 7])
def test_4_to_7_is_a_victory(margin):
    """Text: "4 - 7 victory points: Victory." """
    out = result(margin, 0)
    assert (out.band, out.holder) == ("victory", "attacker")


@pytest.mark.parametrize("margin", [8, 9, 12])
def test_8_or_more_is_an_overwhelming_victory(margin):
    """Text: "8 + victory points: Overwhelming Victory!" """
    out = result(-1, margin - 1)
    assert (out.band, out.victor, out.margin) == ("overwhelming", "defender", margin)


def test_the_margin_is_the_difference_of_the_campaign_vp_totals():
    """R-RA-6: a tabletop win of 5 +2 against a -1 general is a margin of 8."""
    battle, res = two_sided(600, 100, a_facts={"enemy_general": 1})
    totals, lines = campaign_vp(TABLES, battle, info(), res)
    assert totals == {"attacker": 8, "defender": -1}
    assert outcome(TABLES, battle, totals).margin == 9
    assert "winning the battle +5" in lines["attacker"]
