"""One answer to "does this counter fight?": the roles table, for movement and combat alike.

Movement asks it to know which enemies bar a march ("A scouting patrol cannot be
attacked"); combat asks it to know who takes the field. Both read ``move_roles.<role>.fights``
through ``movement.fights``, so a house rule ([ruleset.rauscher.tables]) changing a role's
fighting changes the march and the battle together.
"""

from __future__ import annotations

import pytest
from rauscher_rules import rauscher_rules
from test_rauscher_combat_kit import advance, campaign, meet

from tuicamp.engine.engine import Engine
from tuicamp.rules.rauscher import movement
from tuicamp.rules.rauscher.combat import common as cc
from tuicamp.rules.rauscher.movement.costs import blocking_enemies
from tuicamp.rules.rauscher.shared.state import Role


@pytest.mark.parametrize("fights", [True, False])
@pytest.mark.parametrize("role", list(Role))
def test_movement_and_combat_give_the_roles_table_answer(role, fights):
    """For every role, whatever a house rule writes in ``move_roles.<role>.fights`` is the
    answer of both phases (for a counter holding troops)."""
    camp = campaign()
    camp.tables = {"move_roles": {role.value: {"fights": fights}}}
    camp.state.army("a2").role = role
    assert camp.army("a2").units, "the counter holds troops"
    assert movement.fights(rauscher_rules(camp), "a2") is fights
    assert cc.fights(rauscher_rules(camp), "a2") is fights


@pytest.mark.parametrize("house_rule", [False, True])
def test_a_house_rule_that_scouting_parties_fight_changes_the_march_and_the_battle(house_rule):
    """By the text a scouting party "cannot be attacked": an enemy army marches past it and
    no battle is fought in its hex. With the house rule ``fights = true`` for scouting
    parties, the same party bars the march and is fought at the start of the Combat phase."""
    camp = campaign()
    if house_rule:
        camp.tables = {"move_roles": {"scouting_party": {"fights": True}}}
    camp.state.army("a2").role = Role.SCOUTING_PARTY
    blockers = [a.id for a in blocking_enemies(rauscher_rules(camp), camp.army("a1"))]
    assert blockers == (["a2"] if house_rule else [])
    engine = Engine(camp)
    advance(engine, "movement")
    meet(camp)
    engine.changed()
    advance(engine, "combat")
    fought = [b for b in camp.battles if "a2" in b.side("defender").armies]
    assert len(fought) == (1 if house_rule else 0)
