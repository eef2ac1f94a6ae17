"""Rauscher scouting: the Scouting Results Table, its modifiers, what each player knows of
enemy armies (views), and scouting parties' skirmishes."""

from __future__ import annotations

import pytest
from conftest import H
from rauscher_rules import rauscher_rules
from test_rauscher_movement_kit import L, add_army, started, table_dice, unit

from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.model import Category
from tuicamp.rules.rauscher import movement
from tuicamp.rules.rauscher.movement import actions as A
from tuicamp.rules.rauscher.movement.scouting import modifiers
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.state import March, Role, Stance


def _party_near_bruno():
    """Anna's scouting party (attached to the Reikland Host) two hexes from Bruno."""
    camp, engine = started()
    table_dice(camp)
    add_army(
        camp,
        "sp",
        "p1",
        H(4, 3),
        [unit("scouts", 60, 8, models=5)],
        role=Role.SCOUTING_PARTY,
        attached_to="a1",
    )
    engine.changed()
    return camp, engine


def _seat(camp, sid):
    return camp.seat(sid)


ROWS = [
    # (d6, what Anna learns of Bruno's army, what Bruno learns of Anna's army, row key)
    (1, "counter", "full", "caught"),
    (2, "counter", "counter", "driven_off"),
    (3, "counter", "counter", "driven_off"),
    (4, "points", "counter", "size"),
    (5, "categories", "counter", "categories"),
    (6, "full", "counter", "everything"),
]


@pytest.mark.parametrize(("die", "anna_knows", "bruno_knows", "key"), ROWS)
def test_scouting_results_table(die, anna_knows, bruno_knows, key):
    """Scouting Results Table: "1 Your scouts are caught ... they divulge your army's point
    size, as well as the size and type of each unit. 2-3 ... driven off before any
    information could be discovered. 4 ... the approximate size (points value) of the army.
    5 ... how many points of characters, war machines, and rank & file ... 6 ... its point
    size ... as well as the size and type of each unit." A scouting party "must move within
    1 inch / hex of the enemy army"."""
    camp, engine = _party_near_bruno()
    events = engine.perform("p1", A.Move(army="sp", to=L(5, 3), dice=[die]))
    scouting = next(e for e in events if e.kind == "scouting")
    assert scouting.data["result"] == key and scouting.visible_to == ["p1"]
    assert (
        movement.visibility(rauscher_rules(camp), _seat(camp, "p1"), camp.army("a2")) == anna_knows
    )
    assert (
        movement.visibility(rauscher_rules(camp), _seat(camp, "p2"), camp.army("a1")) == bruno_knows
    )
    assert (
        movement.visibility(rauscher_rules(camp), _seat(camp, "p2"), camp.army("sp")) == "counter"
    )


def test_the_views_show_what_the_scouts_found():
    """A 5: the core view carries points by category, never the units."""
    camp, engine = _party_near_bruno()
    engine.perform("p1", A.Move(army="sp", to=L(5, 3), dice=[5]))
    view = view_for(Rules(camp, engine.ruleset), engine.chronicle, "p1")
    bruno = view.army("a2")
    assert bruno.known == "categories" and bruno.points == 420 and bruno.units == []
    assert bruno.category_points == {"rank_and_file": 300, "light_cavalry": 120}
    bruno_view = view_for(Rules(camp, engine.ruleset), engine.chronicle, "p2")
    assert not any(e.kind == "scouting" for e in bruno_view.chronicle)


def test_caught_scouts_tell_the_enemy_what_they_know():
    """Row 1: Bruno's chronicle says what the captured scouts told (and only his)."""
    camp, engine = _party_near_bruno()
    engine.perform("p1", A.Move(army="sp", to=L(5, 3), dice=[1]))
    bruno_view = view_for(Rules(camp, engine.ruleset), engine.chronicle, "p2")
    told = next(e for e in bruno_view.chronicle if e.kind == "scouts_caught")
    assert "Halberdiers" in told.text and told.visible_to == ["p2"]
    assert bruno_view.army("a1").known == "full"
    anna_view = view_for(Rules(camp, engine.ruleset), engine.chronicle, "p1")
    assert not any(e.kind == "scouts_caught" for e in anna_view.chronicle)


@pytest.mark.parametrize(
    ("setup", "why", "value"),
    [
        ("fatigued", "the army is fatigued", 1),
        ("fast", "the army is on a fast or forced march", 1),
        ("forced", "the army is on a fast or forced march", 1),
        ("woods", "the army is within woods", 1),
        ("party", "the army has an attached scouting party", -1),
        ("prepared", "the army is behind prepared defences", -1),
        ("town", "the army is within a town, city or fortress", -2),
    ],
)
def test_each_scout_table_modifier(setup, why, value):
    """Scout table modifiers: "+1 ... fatigued. +1 ... on a fast or forced march. +1 ...
    within woods. -1 ... an attached scouting party. -1 ... behind prepared defenses. -2 ...
    within a town, city, or fortress"."""
    camp, _ = started()
    bruno, record = camp.army("a2"), rstate(camp).army("a2")
    if setup == "fatigued":
        record.fatigue = 2
    elif setup in ("fast", "forced"):
        record.march = March(setup)
    elif setup == "woods":
        bruno.hex = H(5, 1)
    elif setup == "party":
        add_army(
            camp,
            "bp",
            "p2",
            H(7, 3),
            [unit("b", 50, 9)],
            role=Role.SCOUTING_PARTY,
            attached_to="a2",
        )
    elif setup == "prepared":
        record.stance = Stance.PREPARED
    elif setup == "town":
        camp.map.settlements[1].kind = "town"
        bruno.hex = camp.map.settlements[1].hex
    assert modifiers(rauscher_rules(camp), bruno) == [(why, value)]


def test_no_modifier_in_a_village_or_in_the_open():
    """Only "a town, city, or fortress" hides an army from scouts; a village does not."""
    camp, _ = started()
    assert modifiers(rauscher_rules(camp), camp.army("a2")) == []
    camp.army("a2").hex = camp.map.settlements[1].hex  # Grunberg, a village
    assert modifiers(rauscher_rules(camp), camp.army("a2")) == []


@pytest.mark.parametrize(
    ("die", "fatigue", "town", "key"),
    [
        (3, 1, False, "size"),
        (6, 0, True, "size"),
        (1, 3, False, "driven_off"),
        (6, 1, False, "everything"),
        (1, 0, True, "caught"),
        (2, 0, True, "caught"),
    ],
)
def test_modifiers_move_the_roll_along_the_table(die, fatigue, town, key):
    """The modifiers add to the d6 (fatigue counts +1 however tired the army is); beyond
    the table's ends the first or last row holds."""
    camp, engine = _party_near_bruno()
    rstate(camp).army("a2").fatigue = fatigue
    if town:
        camp.map.settlements[1].kind = "town"
        camp.map.settlements[1].hex = H(6, 3)
    events = engine.perform("p1", A.Move(army="sp", to=L(5, 3), dice=[die]))
    assert next(e for e in events if e.kind == "scouting").data["result"] == key


def test_knowledge_lasts_until_the_army_changes():
    """Ruling: what scouts learnt holds "until the next change" of the army's composition."""
    camp, engine = _party_near_bruno()
    engine.perform("p1", A.Move(army="sp", to=L(5, 3), dice=[6]))
    seat = _seat(camp, "p1")
    camp.army("a2").hex = H(7, 0)  # marching away changes nothing
    assert movement.visibility(rauscher_rules(camp), seat, camp.army("a2")) == "full"
    camp.army("a2").units[0].models -= 3  # losses at a battle
    assert movement.visibility(rauscher_rules(camp), seat, camp.army("a2")) == "counter"


def test_a_party_scouts_each_enemy_once_a_turn():
    _camp, engine = _party_near_bruno()
    engine.perform("p1", A.Move(army="sp", to=L(5, 3), dice=[2]))
    engine.perform("p1", A.Move(army="sp", to=L(6, 2)))  # still near: no second roll
    with pytest.raises(RuleError, match="already scouted"):
        engine.perform("p1", A.Scout(scout="sp", target="a2", dice=[6]))


def test_a_party_in_range_may_scout_without_moving():
    camp, engine = _party_near_bruno()
    camp.army("sp").hex = H(5, 3)
    engine.changed()
    engine.perform("p1", A.Scout(scout="sp", target="a2", dice=[4]))
    assert movement.visibility(rauscher_rules(camp), _seat(camp, "p1"), camp.army("a2")) == "points"


def test_a_party_out_of_range_may_not():
    _camp, engine = _party_near_bruno()
    with pytest.raises(RuleError, match="within 1 hex"):
        engine.perform("p1", A.Scout(scout="sp", target="a2", dice=[4]))


def test_army_scouts_investigate_an_adjacent_army_at_any_time():
    """Text: "While a part of the army, scouts may attempt to investigate an adjacent army
    to get strategic information at any time during the Movement phase" — Anna's scouts
    may look in Bruno's move."""
    camp, engine = started()
    table_dice(camp)
    camp.army("a1").hex = H(5, 3)
    engine.changed()
    with pytest.raises(RuleError, match="no scouts"):
        engine.perform("p1", A.Scout(scout="a1", target="a2", dice=[6]))
    rstate(camp).army("a1").scouts = ["u1"]
    engine.changed()
    engine.perform("p1", EndPhase())  # now it is Bruno's move
    engine.perform("p1", A.Scout(scout="a1", target="a2", dice=[5]))
    assert (
        movement.visibility(rauscher_rules(camp), _seat(camp, "p1"), camp.army("a2"))
        == "categories"
    )
    camp.army("a2").hex = H(7, 5)
    with pytest.raises(RuleError, match="not adjacent"):
        engine.perform("p1", A.Scout(scout="a1", target="a2", dice=[6]))


def test_scouts_cannot_scout_their_own_side_or_counters_that_are_no_army():
    camp, engine = _party_near_bruno()
    camp.army("sp").hex = H(5, 3)
    add_army(camp, "bag", "p2", H(5, 4), [], role=Role.BAGGAGE)
    engine.changed()
    with pytest.raises(RuleError, match="your own"):
        engine.perform("p1", A.Scout(scout="sp", target="a1", dice=[6]))
    with pytest.raises(RuleError, match="no army to scout"):
        engine.perform("p1", A.Scout(scout="sp", target="bag", dice=[6]))


def test_hidden_counters_are_hidden():
    """Ambushes waiting off the map show to nobody but their owner (R-RA-11)."""
    camp, _ = started()
    add_army(camp, "amb", "p1", None, [unit("x", 100)])
    assert (
        movement.visibility(rauscher_rules(camp), _seat(camp, "p2"), camp.army("amb")) == "hidden"
    )
    assert movement.visibility(rauscher_rules(camp), _seat(camp, "p1"), camp.army("amb")) == "full"


@pytest.mark.parametrize(
    ("role", "fights", "destroyed"),
    [
        (Role.ARMY, True, False),
        (Role.MERCENARIES, True, False),
        (Role.SCOUTING_PARTY, False, False),
        (Role.MESSENGER, False, True),
        (Role.BAGGAGE, False, False),
        (Role.SHIP, False, False),
        (Role.REFUGEES, False, True),
    ],
)
def test_who_fights_and_who_is_destroyed_if_attacked(role, fights, destroyed):
    """Text: "A scouting patrol cannot be attacked by an enemy army"; messengers "if they
    are Ambushed or attacked in any way, they are destroyed"; "If the Refugee group is
    attacked, it is destroyed"."""
    camp, _ = started()
    add_army(camp, "x", "p1", H(0, 0), [unit("ux", 50)], role=role)
    assert movement.fights(rauscher_rules(camp), "x") is fights
    assert movement.destroyed_if_attacked(rauscher_rules(camp), "x") is destroyed


def test_an_escorted_messenger_is_not_destroyed():
    camp, _ = started()
    add_army(camp, "m", "p1", H(1, 2), [], role=Role.MESSENGER, attached_to="a1")
    assert not movement.destroyed_if_attacked(rauscher_rules(camp), "m")
    camp.army("a1").hex = H(0, 0)
    assert movement.destroyed_if_attacked(rauscher_rules(camp), "m")


def test_scouting_parties_skirmish_when_one_moves_into_the_others_hex():
    """Text: "A scouting party may, however, be engaged by another scouting party which
    moves into the same hex" — a battle of the two parties."""
    camp, engine = _party_near_bruno()
    camp.army("a2").hex = H(7, 0)
    add_army(
        camp,
        "bp",
        "p2",
        H(4, 5),
        [unit("wolves", 60, 9, models=5)],
        role=Role.SCOUTING_PARTY,
        attached_to="a2",
    )
    engine.changed()
    engine.perform("p1", A.Move(army="sp", to=L(4, 5)))
    battle = camp.pending_battles()[-1]
    assert battle.side("attacker").armies == ["sp"]
    assert battle.side("defender").armies == ["bp"]
    assert [c.key for c in battle.circumstances] == ["skirmish"]
    assert rstate(camp).army("sp").finished


def test_an_army_ignores_scouting_parties_in_its_way():
    """A scouting party cannot be attacked, and does not bar an army's road."""
    camp, engine = started()
    add_army(camp, "bp", "p2", H(2, 2), [unit("wolves", 60, 9)], role=Role.SCOUTING_PARTY)
    engine.changed()
    engine.perform("p1", A.Move(army="a1", path=[L(2, 2), L(3, 2)]))
    assert camp.army("a1").hex == H(3, 2)


def test_battle_card_says_what_each_side_scouted():
    camp, engine = _party_near_bruno()
    engine.perform("p1", A.Move(army="sp", to=L(5, 3), dice=[4]))
    camp.army("a1").hex = H(6, 3)
    found = movement.battle_circumstances(rauscher_rules(camp), H(6, 3), ["a1", "a2"])
    scouted = [c for c in found if c.key == "scouted"]
    assert [(c.side, c.value) for c in scouted] == [("a1", 1)]
    assert "about 420 pts" in scouted[0].text


def test_categories_are_counted_as_the_text_names_them():
    camp, engine = _party_near_bruno()
    camp.army("a2").units.append(unit("cannon", 100, category=Category.WAR_MACHINE))
    events = engine.perform("p1", A.Move(army="sp", to=L(5, 3), dice=[5]))
    text = next(e for e in events if e.kind == "scouting").text
    assert "rank & file 420" in text and "war machines 100" in text
