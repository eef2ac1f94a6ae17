"""A refused action names the rule that refuses it: "make each name the rule it applies (a
short "(rule: ...)" or the text's words)". One refusal of each part of the ruleset, through
the engine as a player meets it, with the words of the rule it must quote.
"""

from __future__ import annotations

import pytest
from conftest import H
from test_rauscher_economy import camp as economy_campaign
from test_rauscher_movement_kit import L, started, unit
from test_rauscher_siege import besieged

from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.rules.rauscher import siege as S
from tuicamp.rules.rauscher.economy import actions as E
from tuicamp.rules.rauscher.movement import actions as A
from tuicamp.rules.rauscher.ruleset import EndPhase


def refusal(engine: Engine, seat: str, action) -> str:
    with pytest.raises(RuleError) as exc:
        engine.perform(seat, action)
    return str(exc.value)


def test_a_counter_that_has_moved_quotes_one_at_a_time():
    _, engine = started()
    engine.perform("p1", A.Halt(army="a1"))
    text = refusal(engine, "p1", A.Move(army="a1", to=L(2, 2)))
    assert text.endswith('"When a unit has completed its movement, it may not be moved again"')


def test_a_dear_path_names_the_movement_points_rule():
    _, engine = started()
    text = refusal(engine, "p1", A.Move(army="a1", to=L(7, 2)))
    assert "MP left; that path costs" in text
    assert "(rule: a move spends movement points, never more than the counter has left)" in text


def test_passing_through_an_enemy_names_the_rule():
    camp, engine = started()
    camp.army("a2").hex = H(2, 2)
    engine.perform("p1", A.DeclareMarch(army="a1", march="forced"))
    text = refusal(engine, "p1", A.Move(army="a1", path=[L(2, 2), L(3, 2)]))
    assert text.endswith("(rule: a move may end on an enemy army but never pass through one)")


def test_an_ambush_too_big_quotes_its_limit():
    camp, engine = started()
    camp.army("a1").units.append(unit("big", 800))
    engine.changed()
    text = refusal(engine, "p1", A.SetAmbush(army="a1", units=["u1", "big"], territory="west"))
    assert '"The ambush may consist of no more than 1,000 points"' in text


def test_a_siege_of_an_unwalled_village_names_the_rule():
    engine = besieged()  # Grunberg, walled: the siege stands; a second is refused
    camp = engine.campaign
    text = refusal(engine, "p1", S.DeclareSiege(army="a1", settlement="s2"))
    assert "already besieged: one siege at a time" in text
    camp.map.settlement("s2").walls = False
    camp.map.settlement("s2").kind = "village"
    S.sstate(camp).sieges.clear()
    engine.changed()
    text = refusal(engine, "p1", S.DeclareSiege(army="a1", settlement="s2"))
    assert "no walls to besiege" in text and "(rule: a siege is of walls" in text


def test_exhausting_twice_quotes_the_once():
    engine = besieged()
    engine.perform("p2", S.ExhaustResources(siege="siege1"))
    text = refusal(engine, "p2", S.ExhaustResources(siege="siege1"))
    assert text.endswith('("This roll may only be made once")')


def test_the_economy_refuses_in_the_texts_words():
    camp = economy_campaign()
    engine = Engine(camp)
    text = refusal(engine, "p1", A.SetAmbush(army="a1", units=["u1"], territory="zz"))
    assert text == "There is no territory 'zz'"  # a look-up names no rule: nothing applies
    text = refusal(engine, "p1", E.SplitArmy(army="a1", units=["u1", "u2"]))
    assert text.startswith("Something must stay behind")
    text = refusal(engine, "p1", E.UseFate())
    assert '"Players gain 1 fate point at the end of the Resolution phase"' in text
    engine.perform("p1", EndPhase())
    text = refusal(engine, "p1", E.BuySupplies(amount=1, settlement="s1"))
    assert text.endswith('"Each player must complete each phase before play proceeds to the next"')
