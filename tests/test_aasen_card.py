"""The Invasion of Hex Island (``aasen``): the battle card lists each player's own army,
a Support Contingent on its sender's line, and the side's total as their sum (5.5, 6.1,
R-AA-18, R-AA-54)."""

from __future__ import annotations

from apps.ui_kit import write_engine_save
from test_aasen_battles import to_battle
from test_aasen_claim import harkon_helps_malus

from tuicamp import cli
from tuicamp.engine.rules import Rules
from tuicamp.game.battlecard import build_card, card_text
from tuicamp.rules.aasen import AasenRuleset
from tuicamp.rules.aasen.betrayal import Betray

RULESET = AasenRuleset()


def card_of(engine):
    return build_card(Rules(engine.campaign, RULESET), engine.campaign.battles[0])


def forces(card_side):
    return [(name, points) for name, points, _ in card_side.armies]


def test_each_players_line_shows_his_own_army_and_the_contingent_its_senders():
    """5.5: "Battles with supporting contingents present are fought as per the multiplayer
    rules" (R-AA-54): Malus fields his own 1750 points and Khazrak his Contingent's 600,
    each on his own line; the Attacker's side is their 2350."""
    engine = to_battle(contingent=600)
    attacker, defender = card_of(engine).sides
    assert forces(attacker) == [
        ("Malus of Hag Graef", 1750),
        ("Khazrak One-Eye's Support Contingent, led by Kouran", 600),
    ]
    assert attacker.points == 2350 == engine.campaign.battles[0].sides[0].points
    assert forces(defender) == [("Eltharion of Arnheim", 1750)]
    text = card_text(card_of(engine))
    assert "  Malus of Hag Graef (1750 pts)\n" in text
    assert "  Khazrak One-Eye's Support Contingent, led by Kouran (600 pts)\n" in text
    assert "Khazrak One-Eye (Chaos Beasts) — 2350 pts" in text


def test_a_contingent_is_named_with_the_senior_officer_leading_it():
    """5.5: "The Contingent must also include one Senior Officer ... to act as the
    Contingent Commander" (R-AA-54: the card names him on its line)."""
    engine = to_battle(contingent=300)
    (contingent,) = engine.campaign.state.contingents
    contingent.officer = "Gorthor"
    attacker = card_of(engine).sides[0]
    assert forces(attacker)[1] == ("Khazrak One-Eye's Support Contingent, led by Gorthor", 300)
    assert attacker.points == 1750 + 300


def test_a_battle_without_contingents_lists_each_side_once():
    """6.1: "An army may consist of 1200 points, plus 50 pts for each point of Support"."""
    attacker, defender = card_of(to_battle()).sides
    assert forces(attacker) == [("Malus of Hag Graef", 1750)]
    assert forces(defender) == [("Eltharion of Arnheim", 1750)]


def test_a_turncoats_contingent_is_listed_with_the_side_it_fights_for():
    """6.2: "If you decide that your troops will fight for the other side this is treated
    as if you had decided to support him all along" (R-AA-32, R-AA-54): Harkon's 300
    points leave Malus's side and are listed under Eltharion's, each total their sum."""
    engine = harkon_helps_malus()
    attacker, defender = card_of(engine).sides
    own_attack, own_defend = attacker.points - 300, defender.points
    assert forces(attacker)[1] == ("Captain Harkon's Support Contingent, led by Kouran", 300)
    engine.perform("harkon", Betray(invasion="i1", how="turncoat"))
    attacker, defender = card_of(engine).sides
    assert forces(attacker) == [("Malus of Hag Graef", own_attack)]
    assert forces(defender) == [
        ("Eltharion of Arnheim", own_defend),
        ("Captain Harkon's Support Contingent, led by Kouran", 300),
    ]
    assert defender.points == own_defend + 300


def test_tuicamp_battles_prints_the_card_with_each_players_points(tmp_path, capsys):
    """`tuicamp battles SAVE --card b1` prints the same card (R-AA-54)."""
    save = write_engine_save(to_battle(contingent=600), tmp_path, "isle")
    capsys.readouterr()
    assert cli.main(["battles", str(save), "--card", "b1", "--as", "gm"]) == 0
    out = capsys.readouterr().out
    assert "  Malus of Hag Graef (1750 pts)\n" in out
    assert "  Khazrak One-Eye's Support Contingent, led by Kouran (600 pts)\n" in out
