"""Rauscher Movement phase: movement points, marches, zones of influence, moving one at a
time, defences, rest, militia and the capital (R-RA-4)."""

from __future__ import annotations

import pytest
from conftest import H
from rauscher_rules import rauscher_rules
from test_rauscher_movement_kit import (
    L,
    add_army,
    end_moves,
    new_campaign,
    started,
    to_movement,
    unit,
)

from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.model import Category
from tuicamp.model.map import Settlement
from tuicamp.rules.rauscher import movement
from tuicamp.rules.rauscher.movement import actions as A
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.state import Allocation, March, Role, Stance

# --- movement points -----------------------------------------------------------------------


def test_mp_is_the_slowest_units_movement():
    """Text: "An army has a number of movement points equal to the Movement value (M) of
    the slowest unit in the army." Bruno's Boyz (M4) hold back his Wolf Riders (M9)."""
    camp = new_campaign()
    assert movement.mp_total(rauscher_rules(camp), "a2") == 4
    camp.army("a2").units = [u for u in camp.army("a2").units if u.id == "u4"]
    assert movement.mp_total(rauscher_rules(camp), "a2") == 9


def test_allocations_move_at_their_categorys_typical_movement():
    """R-RA-4: "allocations use the category's typical M, default 4"."""
    camp = new_campaign()
    add_army(camp, "x", "p1", H(0, 0), [], allocations=[Allocation(Category.LIGHT_CAVALRY, 2000)])
    assert movement.mp_total(rauscher_rules(camp), "x") == 8
    rstate(camp).army("x").allocations.append(Allocation(Category.RANK_AND_FILE, 1000))
    assert movement.mp_total(rauscher_rules(camp), "x") == 4


@pytest.mark.parametrize(
    ("m", "march", "mp"),
    [(4, "normal", 4), (4, "fast", 6), (5, "fast", 7), (4, "forced", 8), (5, "forced", 10)],
)
def test_marches_multiply_the_allowance(m, march, mp):
    """Text: "a typical human army would have 6 movement points" on a fast march and "8
    movement points instead of 4" on a forced march; R-RA-4: fast = floor(MP x 1.5)."""
    camp, engine = started()
    add_army(camp, "x", "p1", H(0, 0), [unit("ux", 100, m)])
    engine.perform("p1", A.DeclareMarch(army="x", march=march))
    assert movement.mp_total(rauscher_rules(camp), "x") == mp
    assert movement.mp_left(rauscher_rules(camp), "x") == mp


def test_march_is_declared_before_moving():
    """Text: "If an army declares that they will make a forced march on their turn"."""
    _camp, engine = started()
    engine.perform("p1", A.Move(army="a1", to=L(2, 2)))
    with pytest.raises(RuleError, match="declare the march before moving"):
        engine.perform("p1", A.DeclareMarch(army="a1", march="forced"))


def test_each_counter_knows_its_own_marches():
    """Text: "Ships may not make any kind of Forced March"; messengers "will always move at
    a forced march"; a baggage train "has a move of 6"."""
    camp, engine = started()
    add_army(camp, "ship", "p1", H(2, 4), [], role=Role.SHIP)
    add_army(camp, "mess", "p1", H(0, 0), [], role=Role.MESSENGER, march=March.FORCED)
    add_army(camp, "bag", "p1", H(0, 1), [], role=Role.BAGGAGE)
    with pytest.raises(RuleError, match="marches only normal"):
        engine.perform("p1", A.DeclareMarch(army="ship", march="forced"))
    with pytest.raises(RuleError, match="marches only forced"):
        engine.perform("p1", A.DeclareMarch(army="mess", march="normal"))
    with pytest.raises(RuleError, match="marches only normal"):
        engine.perform("p1", A.DeclareMarch(army="bag", march="fast"))
    assert movement.mp_total(rauscher_rules(camp), "bag") == 6
    assert movement.mp_total(rauscher_rules(camp), "ship") == 8
    assert (
        movement.mp_total(rauscher_rules(camp), "mess") == 16
    )  # a rider's 8 without units, doubled


def test_marches_reset_at_the_next_movement_phase():
    camp, engine = started()
    engine.perform("p1", A.DeclareMarch(army="a1", march="fast"))
    for _ in range(5):  # movement, combat and resolution of turn 1; upkeep and effects of 2
        for seat in ("p1", "p2"):
            engine.perform(seat, EndPhase())
    assert camp.phase == "movement" and camp.turn == 2
    assert rstate(camp).army("a1").march is March.NORMAL


# --- moving --------------------------------------------------------------------------------


def test_every_hex_costs_one_in_the_basic_rules():
    """Text: "moving from one hex to another costs one movement point. For a human army,
    for example, the typical army will have 4 movement points; therefore, the army can move
    four hexes"."""
    camp, engine = started()
    engine.perform("p1", A.Move(army="a1", path=[L(2, 2), L(2, 3), L(1, 3)]))
    assert camp.army("a1").hex == H(1, 3)
    assert rstate(camp).army("a1").mp_spent == 3
    assert movement.mp_left(rauscher_rules(camp), "a1") == 1


def test_a_path_dearer_than_the_movement_left_is_refused():
    camp, engine = started()
    camp.army("a2").hex = H(7, 5)
    with pytest.raises(RuleError, match="has 4 MP left; that path costs 5"):
        engine.perform("p1", A.Move(army="a1", to=L(6, 2)))
    assert camp.army("a1").hex == H(1, 2)


def test_water_is_impassable_for_land_armies():
    """R-RA-4 / the map: lake and sea are not in the basic terrain table."""
    camp, engine = started()
    with pytest.raises(RuleError, match="cannot go from"):
        engine.perform("p1", A.Move(army="a1", path=[L(1, 3), L(2, 4)]))
    path = movement.plan(rauscher_rules(camp), "a1", H(2, 5))
    assert path is not None and H(2, 4) not in path.hexes


def test_zone_of_influence_doubles_the_cost():
    """Text: "This 'Zone of Influence' extends into each hex adjacent to the army ... Any
    opposing army moving into or through the Zone of Influence must expend twice their
    normal Movement Points"."""
    camp, engine = started()
    camp.army("a2").hex = H(4, 2)  # Bruno's army at 0503
    engine.perform("p1", A.DeclareMarch(army="a1", march="forced"))
    engine.perform("p1", A.Move(army="a1", path=[L(2, 2)]))  # 0303: outside the zone
    assert rstate(camp).army("a1").mp_spent == 1
    engine.perform("p1", A.Move(army="a1", path=[L(3, 2)]))  # 0403: adjacent to 0503
    assert rstate(camp).army("a1").mp_spent == 3


def test_patrols_extend_the_zone_to_two_hexes():
    """Text: "Patrols extend the Zone of Influence of an army to 2 hexes or 2 inches"."""
    camp, _engine = started()
    camp.army("a2").hex = H(4, 2)
    rstate(camp).army("a2").patrols = ["u4"]
    model = movement.move_costs(rauscher_rules(camp), "a1")
    assert model.step_cost(H(1, 2), H(2, 2)) == 2  # 0303 is two hexes from 0503
    assert model.step_cost(H(1, 2), H(0, 2)) == 1


def test_no_patrols_on_a_fast_march():
    """Text: "While on a fast march, an army cannot have any Patrols"."""
    camp, engine = started()
    camp.army("a1").hex = H(2, 2)
    rstate(camp).army("a1").patrols = ["u1"]
    assert movement.zone_of(rauscher_rules(camp), camp.army("a1")) == H(2, 2).within(2)
    engine.perform("p1", A.DeclareMarch(army="a1", march="fast"))
    assert movement.zone_of(rauscher_rules(camp), camp.army("a1")) == H(2, 2).within(1)
    assert not movement.patrols_active(rauscher_rules(camp), "a1")


def test_overlapping_zones_double_only_once():
    camp, _ = started()
    camp.army("a2").hex = H(4, 2)
    add_army(camp, "b", "p2", H(4, 3), [unit("ub", 100)])
    model = movement.move_costs(rauscher_rules(camp), "a1")
    assert model.step_cost(H(3, 2), H(3, 3)) == 2  # 0404 lies in both zones


def test_a_move_may_end_on_an_enemy_but_not_pass_through_it():
    """Text: "Whenever two or more armies occupy the same hex at the end of the movement
    phase, there is a combat" — the move stops there."""
    camp, engine = started()
    camp.army("a2").hex = H(2, 2)
    engine.perform("p1", A.DeclareMarch(army="a1", march="forced"))
    with pytest.raises(RuleError, match="bars the way"):
        engine.perform("p1", A.Move(army="a1", path=[L(2, 2), L(3, 2)]))
    engine.perform("p1", A.Move(army="a1", to=L(2, 2)))
    assert camp.army("a1").hex == camp.army("a2").hex
    assert rstate(camp).army("a1").finished  # marched into the enemy: it stops there


def test_reach_lists_enemy_hexes_to_attack_but_nothing_behind_them():
    camp, _ = started()
    camp.army("a2").hex = H(2, 2)
    found = movement.reach(rauscher_rules(camp), "a1")
    assert found[H(2, 2)] == 2  # entering the enemy's own hex is inside its zone
    assert H(3, 2) not in found  # behind the enemy, and every way round is in its zone


def test_a_finished_counter_may_not_move_again():
    """Text: "Units are moved one at a time. When a unit has completed its movement, it may
    not be moved again, even if there were left-over movement points remaining"."""
    camp, engine = started()
    engine.perform("p1", A.Move(army="a1", to=L(2, 2)))
    engine.perform("p1", A.Halt(army="a1"))
    with pytest.raises(RuleError, match="has completed its movement"):
        engine.perform("p1", A.Move(army="a1", to=L(3, 2)))
    assert movement.mp_left(rauscher_rules(camp), "a1") == 0


def test_spending_every_mp_completes_the_move():
    camp, engine = started()
    engine.perform("p1", A.Move(army="a1", path=[L(1, 1), L(1, 0), L(0, 0), L(0, 1)]))
    assert rstate(camp).army("a1").finished


def test_moving_another_counter_completes_the_first():
    """Option one_army_at_a_time (default): the text's "Units are moved one at a time"."""
    camp, engine = started()
    add_army(camp, "x", "p1", H(0, 0), [unit("ux", 100)])
    engine.perform("p1", A.Move(army="a1", to=L(2, 2)))
    engine.perform("p1", A.Move(army="x", to=L(1, 0)))
    with pytest.raises(RuleError, match="has completed its movement"):
        engine.perform("p1", A.Move(army="a1", to=L(3, 2)))


def test_with_the_option_off_a_counter_moves_in_legs():
    camp, engine = started(one_army_at_a_time=False)
    add_army(camp, "x", "p1", H(0, 0), [unit("ux", 100)])
    engine.perform("p1", A.Move(army="a1", to=L(2, 2)))
    engine.perform("p1", A.Move(army="x", to=L(1, 0)))
    engine.perform("p1", A.Move(army="a1", to=L(3, 2)))
    assert rstate(camp).army("a1").mp_spent == 2


def test_only_the_player_to_move_moves():
    """Text: "For the Movement phase ... use the following list": Bruno waits for Anna."""
    _camp, engine = started()
    with pytest.raises(RuleError, match="It is Anna's move"):
        engine.perform("p2", A.Move(army="a2", to=L(6, 2)))
    engine.perform("p1", EndPhase())
    engine.perform("p2", A.Move(army="a2", to=L(6, 2)))
    with pytest.raises(RuleError, match="belongs to Bruno"):
        engine.perform("p1", A.Move(army="a2", to=L(6, 3)))


def test_moves_happen_only_in_the_movement_phase():
    camp = new_campaign()
    engine = Engine(camp)
    with pytest.raises(RuleError, match="Movement phase"):
        engine.perform("p1", A.Move(army="a1", to=L(2, 2)))


def test_an_army_over_the_limit_may_not_move():
    """Text: "Armies are represented by counters, each containing no more than 5,000
    points worth of troops"."""
    _camp, engine = started(max_army_points=300)
    with pytest.raises(RuleError, match="at most 300"):
        engine.perform("p1", A.Move(army="a1", to=L(2, 2)))


# --- advanced terrain ----------------------------------------------------------------------


def test_advanced_terrain_prices_terrain_rivers_and_roads():
    """Text: "Under the advanced rules, various terrain features will affect the number of
    movement point an army must expend" (tuicamp's table, option advanced_terrain)."""
    camp, _ = started(advanced_terrain=True)
    camp.army("a2").hex = H(7, 5)
    model = movement.move_costs(rauscher_rules(camp), "a1")
    assert model.step_cost(H(4, 1), H(5, 1)) == 2  # forest
    assert model.step_cost(H(5, 1), H(6, 1)) == 3  # mountains
    assert model.step_cost(H(0, 3), H(1, 3)) == 0.5  # along the road
    assert model.step_cost(H(3, 3), H(4, 3)) == 3  # across the river: 1 + 2
    assert model.step_cost(H(3, 2), H(4, 2)) == 1  # over the bridge
    assert model.step_cost(H(1, 0), H(2, 0)) == 2  # across the stream: 1 + 1
    basic = movement.move_costs(rauscher_rules(new_campaign()), "a1")
    assert basic.step_cost(H(3, 3), H(4, 3)) == 1


# --- defences and rest ---------------------------------------------------------------------


def test_field_fortifications_take_the_whole_turn():
    """Text: "Instead of making a move, an army can choose instead to spend its entire
    turn building field fortifications"."""
    camp, engine = started()
    engine.perform("p1", A.PrepareDefences(army="a1"))
    record = rstate(camp).army("a1")
    assert record.stance is Stance.PREPARED and record.finished
    with pytest.raises(RuleError, match="completed its movement"):
        engine.perform("p1", A.Move(army="a1", to=L(2, 2)))


def test_no_fortifications_after_moving():
    _camp, engine = started()
    engine.perform("p1", A.Move(army="a1", to=L(2, 2)))
    with pytest.raises(RuleError, match="has moved this turn"):
        engine.perform("p1", A.PrepareDefences(army="a1"))


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (
            330,
            [
                '24" of earthen walls',
                '12" of stakes',
                '12" of ditches',
                "1 unit may be hidden",
                "1 trap",
            ],
        ),
        (
            1000,
            [
                '24" of earthen walls',
                '12" of stakes',
                '12" of ditches',
                "1 unit may be hidden",
                "1 trap",
            ],
        ),
        (
            2500,
            [
                '72" of earthen walls',
                '36" of stakes',
                '36" of ditches',
                "3 units may be hidden",
                "3 traps",
            ],
        ),
    ],
)
def test_prepared_defences_per_thousand_points(points, expected):
    """Text: "For every 1,000 points of troops, the army may build the following: 24" of
    Earthen Walls, 12" of Stakes, 12" of ditches, 1 unit may be Hidden, 1 Trap" (every
    part of 1,000 counts: tuicamp's ruling)."""
    camp, engine = started()
    camp.army("a1").units = [unit("big", points)]
    engine.perform("p1", A.PrepareDefences(army="a1"))
    assert movement.defences_for(rauscher_rules(camp), "a1") == expected


def test_defence_rounding_is_a_house_rule():
    camp, engine = started()
    camp.tables = {"move_defences": {"rounding": "down"}}
    camp.army("a1").units = [unit("big", 1999)]
    engine.perform("p1", A.PrepareDefences(army="a1"))
    assert movement.defences_for(rauscher_rules(camp), "a1")[0] == '24" of earthen walls'
    camp.army("a1").units = [unit("small", 999)]
    assert movement.defences_for(rauscher_rules(camp), "a1") == []


def test_hasty_defence_after_at_most_half_the_allowance():
    """Text: "An army doing so may expend up to half of their movement allowance during the
    movement phase before digging into their positions ... 6" of Earthen Walls, 6" of
    Stakes, 6" of Ditches, 1 unit may be Hidden"."""
    camp, engine = started()
    with pytest.raises(RuleError, match="has 2 MP left; that path costs 3"):
        engine.perform("p1", A.HastyDefence(army="a1", path=[L(2, 2), L(3, 2), L(3, 3)]))
    engine.perform("p1", A.HastyDefence(army="a1", path=[L(2, 2), L(3, 2)]))
    record = rstate(camp).army("a1")
    assert camp.army("a1").hex == H(3, 2)
    assert record.stance is Stance.HASTY and record.finished
    assert movement.defences_for(rauscher_rules(camp), "a1") == [
        '6" of earthen walls',
        '6" of stakes',
        '6" of ditches',
        "1 unit may be hidden",
    ]


def test_hasty_defence_refused_after_more_than_half():
    _camp, engine = started(one_army_at_a_time=False)
    engine.perform("p1", A.Move(army="a1", path=[L(2, 2), L(3, 2), L(3, 3)]))
    with pytest.raises(RuleError, match="allows 2"):
        engine.perform("p1", A.HastyDefence(army="a1"))


def test_moving_removes_the_defences():
    """Text: "If the defending army ever moves from their defensive positions, all
    defenses are removed"."""
    camp, engine = started()
    engine.perform("p1", A.PrepareDefences(army="a1"))
    for _ in range(5):
        for seat in ("p1", "p2"):
            engine.perform(seat, EndPhase())
    assert rstate(camp).army("a1").stance is Stance.PREPARED  # kept while it stays
    engine.perform("p1", A.Move(army="a1", to=L(2, 2)))
    assert rstate(camp).army("a1").stance is Stance.NONE
    assert movement.defences_for(rauscher_rules(camp), "a1") == []


def test_rest_is_a_turn_without_moving():
    """Text: "Instead of moving an army, players with armies that are fatigued or are
    otherwise in need of recuperation may Rest"."""
    camp, engine = started()
    engine.perform("p1", A.Rest(army="a1"))
    record = rstate(camp).army("a1")
    assert record.stance is Stance.REST and record.finished and not record.moved
    add_army(camp, "x", "p1", H(0, 0), [unit("ux", 100)])
    engine.perform("p1", A.Move(army="x", to=L(1, 0)))
    with pytest.raises(RuleError, match="has moved this turn"):
        engine.perform("p1", A.Rest(army="x"))


# --- fatigue -------------------------------------------------------------------------------


def test_forced_march_adds_fatigue_every_turn():
    """Text: "an army making a Forced March increase their fatigue on every turn they force
    march until they rest"."""
    camp, engine = started()
    engine.perform("p1", A.DeclareMarch(army="a1", march="forced"))
    engine.perform("p1", A.Move(army="a1", to=L(0, 0)))
    end_moves(engine)
    assert rstate(camp).army("a1").fatigue == 1
    assert rstate(camp).army("a2").fatigue == 0  # Bruno did not move
    for _ in range(4):
        for seat in ("p1", "p2"):
            engine.perform(seat, EndPhase())
    engine.perform("p1", A.DeclareMarch(army="a1", march="forced"))
    engine.perform("p1", A.Move(army="a1", to=L(1, 1)))
    end_moves(engine)
    assert rstate(camp).army("a1").fatigue == 2


def test_a_declared_forced_march_without_moving_tires_nobody():
    camp, engine = started()
    engine.perform("p1", A.DeclareMarch(army="a1", march="forced"))
    end_moves(engine)
    assert rstate(camp).army("a1").fatigue == 0


def test_hasty_attack_after_a_fast_or_forced_march():
    """Text: "An army which moved at a fast march or a forced march this turn and has ended
    their movement in the same hex as an enemy army is said to be making a hasty attack"."""
    camp, engine = started()
    camp.army("a2").hex = H(4, 2)
    engine.perform("p1", A.DeclareMarch(army="a1", march="forced"))
    engine.perform("p1", A.Move(army="a1", to=L(4, 2)))
    assert movement.hasty_attack(rauscher_rules(camp), "a1")
    assert not movement.hasty_attack(rauscher_rules(camp), "a2")
    found = movement.battle_circumstances(rauscher_rules(camp), H(4, 2), ["a1", "a2"])
    assert [c.side for c in found if c.key == "hasty_attack"] == ["a1"]


def test_a_normal_march_onto_an_enemy_is_no_hasty_attack():
    camp, engine = started()
    camp.army("a2").hex = H(2, 2)
    engine.perform("p1", A.Move(army="a1", to=L(2, 2)))
    assert not movement.hasty_attack(rauscher_rules(camp), "a1")


# --- militia and the capital ---------------------------------------------------------------


def _militia_camp():
    camp = new_campaign()
    engine = Engine(camp)
    militia = unit("m1", 100, flags={"militia"})
    add_army(camp, "mil", "p1", H(3, 2), [militia])
    rstate(camp).unit("m1").home_territory = "west"
    to_movement(engine)
    return camp, engine


def test_militia_may_not_leave_their_territory():
    """Text: "While these units may leave their home hex, they may not move beyond their
    territorial borders unless their home is destroyed, or they receive a message for
    help"."""
    _camp, engine = _militia_camp()
    refusal = (
        "'mil' holds militia that may not leave their home territory (0503 is in Eastmark): "
        '"they may not move beyond their territorial borders unless their home is destroyed, '
        'or they receive a message for help from another territory"'
    )
    for move in (A.Move(army="mil", path=[L(4, 2)]), A.Move(army="mil", to=L(4, 2))):
        with pytest.raises(RuleError) as exc:  # typed hex by hex or found: the same reason
            engine.perform("p1", move)
        assert str(exc.value) == refusal
    engine.perform("p1", A.Move(army="mil", to=L(3, 3)))  # inside Westmark


def test_militia_refused_the_only_ways_home_say_so():
    """The same rule when the goal is at home but every way there leaves it: Westmark cut
    in two, its halves joined only through Eastmark."""
    camp, engine = _militia_camp()
    west = camp.map.territory("west")
    east = camp.map.territory("east")
    cut = {h for h in west.hexes if h.col == 2}
    west.hexes = [h for h in west.hexes if h not in cut]
    east.hexes += sorted(cut, key=lambda h: h.offset)
    camp.army("mil").hex = H(3, 0)
    with pytest.raises(RuleError, match=r"home territory \(every way to 0102 leaves it\)"):
        engine.perform("p1", A.Move(army="mil", to=L(0, 1)))


def test_a_move_to_water_or_behind_enemies_names_the_reason():
    """ "Whenever two or more armies occupy the same hex at the end of the movement phase,
    there is a combat": a move ends on an enemy, never passes it; and armies do not walk
    on water. A move given only its goal says which stops it, as a typed path does."""
    camp, engine = started()
    with pytest.raises(RuleError, match=r"^'Reikland Host' cannot enter 0305 \(lake\)$"):
        engine.perform("p1", A.Move(army="a1", to=L(2, 4)))
    corner = H(0, 0)
    for i, h in enumerate(n for n in corner.neighbours() if camp.map.contains(n)):
        add_army(camp, f"guard{i}", "p2", h, [unit(f"g{i}", 100)])
    engine.changed()
    with pytest.raises(RuleError) as exc:
        engine.perform("p1", A.Move(army="a1", to=L(0, 0)))
    assert str(exc.value) == (
        "Enemy armies bar every way to 0101 "
        "(rule: a move may end on an enemy army but never pass through one)"
    )


def test_freed_militia_may_leave():
    camp, engine = _militia_camp()
    rstate(camp).unit("m1").freed_until_turn = camp.turn
    engine.perform("p1", A.Move(army="mil", to=L(4, 2)))
    assert camp.army("mil").hex == H(4, 2)


def test_militia_whose_home_is_destroyed_may_leave():
    camp, engine = _militia_camp()
    camp.map.settlements = [s for s in camp.map.settlements if s.id != "s1"]
    engine.perform("p1", A.Move(army="mil", to=L(4, 2)))
    assert camp.army("mil").hex == H(4, 2)


def _capital_camp():
    camp = new_campaign()
    camp.map.settlements.append(Settlement("cap", "capital", "Altdorf", H(1, 2), owner="p1"))
    camp.army("a1").units = [unit("c1", 400), unit("c2", 300), unit("c3", 300)]
    from tuicamp.engine.registry import get_ruleset

    camp.state = None
    get_ruleset("rauscher").setup(camp, {})
    engine = Engine(camp)
    to_movement(engine)
    return camp, engine


def test_no_more_than_half_the_capitals_army_leaves_its_territory():
    """Text: "no more than half of your capital's army may ever leave the territory of the
    capital city" (the units in the capital at set-up, by their points then)."""
    camp, engine = _capital_camp()
    guard = rstate(camp).movement.capitals[0]
    assert guard.points == 1000 and sorted(guard.units) == ["c1", "c2", "c3"]
    with pytest.raises(RuleError, match="that would take 1000 of its points out"):
        engine.perform("p1", A.Move(army="a1", to=L(4, 2)))
    camp.army("a1").units = [u for u in camp.army("a1").units if u.id != "c1"]
    add_army(camp, "half", "p1", H(1, 2), [unit("c1", 400)])
    engine.perform("p1", A.Move(army="half", to=L(4, 2)))  # 400 of 1000 leave: allowed
    with pytest.raises(RuleError, match="would take 1000"):
        engine.perform("p1", A.Move(army="a1", to=L(5, 2)))


# --- property: no legal sequence of moves exceeds the allowance ----------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_ADVANCED = {".": 1, "f": 2, "h": 2, "m": 3, "s": 3}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    terrain=st.lists(st.sampled_from(".fhmsl"), min_size=48, max_size=48),
    enemies=st.lists(
        st.tuples(st.integers(0, 7), st.integers(0, 5), st.booleans(), st.booleans()),
        min_size=0,
        max_size=3,
    ),
    speed=st.integers(2, 6),
    march=st.sampled_from(["normal", "fast", "forced"]),
    advanced=st.booleans(),
    goals=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 5)), min_size=1, max_size=8),
)
def test_no_legal_moves_exceed_the_allowance(terrain, enemies, speed, march, advanced, goals):
    """Whatever is tried, the MP a counter spends — each hex priced 1 (or by the advanced
    table), doubled inside any enemy zone of influence (2 hexes with patrols, not on a fast
    march) — never add up to more than its allowance, and it never passes an enemy."""
    camp, engine = started(one_army_at_a_time=False, advanced_terrain=advanced)
    m = camp.map
    m.hexsides = {}
    m.invalidate()
    for i, letter in enumerate(terrain):
        m.set_terrain(H(i % 8, i // 8), letter)
    m.set_terrain(H(1, 2), ".")
    camp.armies = [a for a in camp.armies if a.id == "a1"]
    camp.army("a1").units = [unit("u1", 300, speed)]
    for n, (col, row, patrols, fast) in enumerate(enemies):
        if (col, row) == (1, 2):
            continue
        add_army(
            camp,
            f"e{n}",
            "p2",
            H(col, row),
            [unit(f"eu{n}", 200)],
            patrols=[f"eu{n}"] if patrols else [],
            march=March.FAST if fast else March.NORMAL,
        )
    engine.changed()
    engine.perform("p1", A.DeclareMarch(army="a1", march=march))
    allowance = movement.mp_total(rauscher_rules(camp), "a1")
    assert allowance == {"normal": speed, "fast": speed * 3 // 2, "forced": speed * 2}[march]
    foes = [a for a in camp.armies if a.owner == "p2"]

    def price(h):
        base = _ADVANCED[m.letter_at(h)] if advanced else 1
        zone = any(
            h.distance(e.hex)
            <= (
                2
                if rstate(camp).army(e.id).patrols
                and rstate(camp).army(e.id).march is not March.FAST
                else 1
            )
            for e in foes
        )
        return base * (2 if zone else 1)

    spent = 0.0
    for col, row in goals:
        try:
            events = engine.perform("p1", A.Move(army="a1", to=L(col, row)))
        except RuleError:
            continue
        walked = [H(*_offset(label)) for label in events[0].data["path"]]
        assert all(m.letter_at(h) != "l" for h in walked)
        assert not any(e.hex in walked[:-1] for e in foes)
        spent += sum(price(h) for h in walked[1:])
        assert rstate(camp).army("a1").mp_spent == pytest.approx(spent)
        assert spent <= allowance + 1e-9
    assert movement.mp_left(rauscher_rules(camp), "a1") >= 0


def _offset(label: str) -> tuple[int, int]:
    return int(label[:2]) - 1, int(label[2:]) - 1
