"""A move looks at the enemy once, and the capital's check looks into the capital's units.

Issue row "one Rauscher turn on a 40x40 map, 32 -> 128 armies: goal <= x4.4", cause (b):
every move found the enemies on the map three times (the zones it pays for, the armies
barring its path, whether it stopped on one) and the armies it may not pass twice, each
a walk over every army, and the capital's check summed every unit of every army away
from the capital. Now a move finds its :class:`~tuicamp.rules.rauscher.movement.costs.Foes`
once and every check shares them (a move changes no enemy's place or role), and the
capital's check skips, by one pass at C speed over their ids, the armies holding none of
the capital's units. These tests count the look-ups, never time them, and pin that the
rules' outcomes stay the same.
"""

from __future__ import annotations

import pytest
from conftest import H
from rauscher_rules import rauscher_rules
from test_rauscher_movement import _capital_camp
from test_rauscher_movement_kit import L, add_army, started, unit

from tuicamp.engine.errors import RuleError
from tuicamp.rules.rauscher.movement import actions as A
from tuicamp.rules.rauscher.movement import costs
from tuicamp.rules.rauscher.movement.common import capital_outside
from tuicamp.rules.rauscher.shared.common import rstate


@pytest.fixture
def lookups(monkeypatch):
    """How many times the enemies on the map were looked for."""
    count = {"enemies_of": 0}
    original = costs.enemies_of

    def counting(campaign, owner):
        count["enemies_of"] += 1
        return original(campaign, owner)

    monkeypatch.setattr(costs, "enemies_of", counting)
    return count


def test_a_move_looks_for_the_enemy_once(lookups):
    """R-RA-4: entering a hex adjacent to an enemy army costs double, and "a move may end
    on an enemy army but never pass through one, and a counter that enters an enemy
    army's hex stops there". All three ask who the enemy is: asked once per move."""
    camp, engine = started()
    add_army(camp, "foe", "p2", H(3, 3), [unit("uf", 100)])
    lookups["enemies_of"] = 0
    engine.perform("p1", A.Move(army="a1", to=L(2, 2)))
    assert lookups["enemies_of"] == 1


def test_a_move_onto_the_enemy_still_stops_there_and_pays_its_zone(lookups):
    """The shared look-up answers as the three did: the move into the zone costs double
    and the counter that enters the enemy's hex stops there (R-RA-4)."""
    camp, engine = started()
    add_army(camp, "foe", "p2", H(3, 2), [unit("uf", 100)])
    start = rstate(camp).army("a1").mp_spent
    engine.perform("p1", A.Move(army="a1", to=L(2, 2)))
    record = rstate(camp).army("a1")
    assert record.mp_spent - start == 2  # into the enemy's zone: double
    engine.perform("p1", A.Move(army="a1", to=L(3, 2)))
    assert camp.army("a1").hex == H(3, 2) and rstate(camp).army("a1").finished
    assert lookups["enemies_of"] == 2  # once per move


def test_a_typed_path_through_an_enemy_is_still_refused():
    """ "never pass through one": a path typed across an enemy army is refused in the
    rule's words (the refusal looks again, to say which rule the path breaks)."""
    camp, engine = started()
    add_army(camp, "foe", "p2", H(2, 2), [unit("uf", 100)])
    with pytest.raises(RuleError, match="An enemy army at 0303 bars the way"):
        engine.perform("p1", A.Move(army="a1", to="", path=[L(2, 2), L(3, 2)]))


def test_the_capitals_check_counts_its_units_in_whatever_army_they_march(lookups):
    """ "No more than half of your capital's army may ever leave the territory of the
    capital city" (R-RA-4, the capital): among armies away holding none of the capital's
    units (skipped by one pass over their ids), a capital unit that marched off inside
    another army still counts, and the move that would take the rest out is refused."""
    camp, engine = _capital_camp()
    for i in range(4):
        add_army(camp, f"far{i}", "p1", H(6, i), [unit(f"uf{i}-{j}", 50) for j in range(3)])
    camp.army("a1").units = [u for u in camp.army("a1").units if u.id != "c1"]
    add_army(camp, "half", "p1", H(1, 2), [unit("uh", 10), unit("c1", 400)])
    engine.perform("p1", A.Move(army="half", to=L(4, 2)))  # 400 of 1000 leave: allowed
    found = capital_outside(rauscher_rules(camp), "p1")
    assert found == (400, 500)
    with pytest.raises(RuleError, match="would take 1000"):
        engine.perform("p1", A.Move(army="a1", to=L(5, 2)))
