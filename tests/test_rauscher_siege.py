"""Rauscher: sieges — declaring one, sealed orders (R-RA-11), bombardment, mining and its
mishaps, assaults and sallies, and living off the stockpile."""

from __future__ import annotations

import pytest
from conftest import H
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rauscher_combat_kit import advance, campaign, meet, table_ctx, unit

from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.model.battle import BattleStatus
from tuicamp.model.campaign import DiceMode
from tuicamp.model.forces import Category
from tuicamp.rules.rauscher import siege as S
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.siege_state import SiegeOrder
from tuicamp.rules.rauscher.shared.state import Role

GRUNBERG = H(6, 4)


def besieged(kind="city", walls=True) -> Engine:
    """Anna marches on Bruno's walled Grunberg and lays siege to it."""
    camp = campaign()
    s = camp.map.settlement("s2")
    s.kind, s.walls, s.stores = kind, walls, {"food": 4}
    camp.army("a2").hex = GRUNBERG
    a1 = camp.army("a1")
    a1.units += [
        unit("u20", "Great Cannon", 100, 1, Category.WAR_MACHINE),
        unit("u21", "Archers", 120, 10, flags=["missile"]),
        unit("u22", "Sappers", 80, 10, flags=["miners"]),
    ]
    engine = Engine(camp)
    advance(engine, "movement")
    meet(camp, at=GRUNBERG)
    engine.changed()
    advance(engine, "combat")
    engine.perform("p1", S.DeclareSiege(army="a1", settlement="s2"))
    return engine


def the_siege(camp):
    (siege,) = camp.state.siege.active()
    return siege


def test_declaring_a_siege_replaces_the_assault():
    """Text: "To begin a siege, an army should move into the same hex as the settlement they
    wish to besiege, and declare a siege." """
    engine = besieged()
    camp = engine.campaign
    assert camp.battles[0].status is BattleStatus.CANCELLED
    siege = the_siege(camp)
    assert (siege.besieger, siege.defender, siege.settlement) == ("p1", "p2", "s2")


def test_forces_outside_the_walls_must_be_fought_first():
    """Text: "If there are any forces in the settlement outside the walls, a WHFB battle must
    be fought first." More than the walls hold (a town 750 pts) stand outside them."""
    camp = campaign()
    s = camp.map.settlement("s2")
    s.kind, s.walls = "town", True
    camp.army("a2").hex = GRUNBERG
    camp.army("a2").units.append(unit("u30", "Horde", 400, 40))
    engine = Engine(camp)
    advance(engine, "movement")
    meet(camp, at=GRUNBERG)
    engine.changed()
    advance(engine, "combat")
    with pytest.raises(RuleError, match="must be fought first"):
        engine.perform("p1", S.DeclareSiege(army="a1", settlement="s2"))


def test_a_village_has_no_walls_to_besiege():
    camp = campaign()
    camp.army("a2").hex = GRUNBERG
    engine = Engine(camp)
    advance(engine, "movement")
    meet(camp, at=GRUNBERG)
    engine.changed()
    advance(engine, "combat")
    with pytest.raises(RuleError, match="no walls"):
        engine.perform("p1", S.DeclareSiege(army="a1", settlement="s2"))


def test_orders_are_sealed_until_both_are_written():
    """R-RA-11: siege orders are written secretly and revealed together; the phase waits."""
    engine = besieged()
    camp = engine.campaign
    assert any(
        "must write siege orders" in line
        for line in engine.ruleset.pending(Rules(camp, engine.ruleset))
    )
    with pytest.raises(RuleError, match="siege orders"):
        engine.perform("p1", EndPhase(player="p1"))
    written, order = engine.perform("p1", S.WriteSiegeOrders(siege="siege1", order="bombard"))
    assert order.visible_to == ["p1"] and "bombard" in order.text
    assert written.visible_to is None and "bombard" not in written.text + str(written.data)
    events = engine.perform("p2", S.WriteSiegeOrders(siege="siege1", order="nothing"))
    reveal = next(e for e in events if e.kind == "siege_orders_revealed")
    assert reveal.visible_to is None and reveal.text == (
        "The sealed siege orders for Grunberg (siege1) are revealed: "
        "Anna: bombard, as besieger; Bruno: nothing, as defender"
    )
    engine.perform("p1", EndPhase(player="p1"))
    engine.perform("p2", EndPhase(player="p2"))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["attack", "bombard", "mine", "nothing"]),
    st.sampled_from(["sally", "bombard", "nothing"]),
    st.booleans(),
)
def test_no_seat_reads_an_order_before_both_are_written(besieger, defender, defender_first):
    """R-RA-11, whatever is ordered and whoever writes first: until the second order is
    written the other side's seat reads that the first was written, never what; the
    second order opens both in one event everyone reads."""
    engine = besieged()
    camp = engine.campaign
    first, second = [("p1", besieger), ("p2", defender)][:: -1 if defender_first else 1]
    engine.perform(first[0], S.WriteSiegeOrders(siege="siege1", order=first[1]))
    other = second[0]
    seen = view_for(Rules(camp, engine.ruleset), engine.chronicle, other).chronicle
    latest = [e for e in seen if e.kind.startswith("siege_orders")]
    assert [e.kind for e in latest] == ["siege_orders_written"]
    assert first[1] not in latest[0].text and not the_siege(camp).orders.revealed
    events = engine.perform(second[0], S.WriteSiegeOrders(siege="siege1", order=second[1]))
    (reveal,) = [e for e in events if e.kind == "siege_orders_revealed"]
    assert reveal.visible_to is None
    assert f"Anna: {besieger}" in reveal.text and f"Bruno: {defender}" in reveal.text


def test_orders_are_checked():
    engine = besieged()
    with pytest.raises(RuleError, match="besieger may order"):
        engine.perform("p1", S.WriteSiegeOrders(siege="siege1", order="sally"))
    with pytest.raises(RuleError, match="defender may order"):
        engine.perform("p2", S.WriteSiegeOrders(siege="siege1", order="mine"))
    with pytest.raises(RuleError, match="not a war machine"):
        engine.perform(
            "p1", S.WriteSiegeOrders(siege="siege1", order="bombard", targets={"u1": "gate"})
        )


def test_an_attack_order_is_an_assault_on_the_walls():
    """Text: "Attack: Fight a regular tabletop battle." — behind the city's walls."""
    engine = besieged()
    camp = engine.campaign
    engine.perform("p1", S.WriteSiegeOrders(siege="siege1", order="attack"))
    engine.perform("p2", S.WriteSiegeOrders(siege="siege1", order="nothing"))
    battle = camp.battles[-1]
    assert battle.pending and battle.side("attacker").players == ["p1"]
    assert any(c.key == "defence" and c.value == 3 for c in battle.circumstances)
    notes = engine.ruleset.battle_card_notes(Rules(camp, engine.ruleset), battle)
    assert any("Siege assault" in n for n in notes)


def test_a_sally_is_a_battle_the_defenders_start():
    """Text: "Sally: Play a tabletop battle. The besieging army must deploy evenly around the
    castle ... The sallying force moves first unless the besieging army is attacking"."""
    engine = besieged()
    camp = engine.campaign
    engine.perform("p1", S.WriteSiegeOrders(siege="siege1", order="nothing"))
    engine.perform("p2", S.WriteSiegeOrders(siege="siege1", order="sally"))
    battle = camp.battles[-1]
    assert battle.side("attacker").players == ["p2"]
    assert not any(c.key == "defence" for c in battle.circumstances)
    notes = engine.ruleset.battle_card_notes(Rules(camp, engine.ruleset), battle)
    assert any("sallying force moves first" in n for n in notes)


# --- bombardment ------------------------------------------------------------------------


def bombard(engine, dice, targets, *, wood=False, fire=False, archers=False):
    camp = engine.campaign
    siege = the_siege(camp)
    if wood:
        camp.map.settlement("s2").kind = "town"
    cannon = camp.army("a1").unit("u20")
    if fire:
        cannon.flags.add("fire")
    if not archers:
        camp.army("a1").unit("u21").flags.discard("missile")
    ctx = table_ctx(camp, dice)
    S._bombard(ctx, siege, SiegeOrder("p1", "bombard", camp.turn, targets))
    assert ctx.dice.supplied == []
    return siege


@pytest.mark.parametrize(("die", "down"), [(4, False), (5, True), (6, True)])
def test_the_gate_falls_on_5_or_6(die, down):
    """Text: "Gate - destroyed on roll of 5 or 6." """
    assert bombard(besieged(), [die], {"u20": "gate"}).gate_destroyed is down


@pytest.mark.parametrize(("die", "sections"), [(5, 0), (6, 1)])
def test_a_wall_section_falls_on_a_6(die, sections):
    """Text: "Wall - 3" section destroyed on a 6." """
    assert bombard(besieged(), [die], {"u20": "wall"}).wall_sections == sections


def test_a_tower_falls_after_three_6s():
    """Text: "Tower - destroyed after it has received three hits on d6 roll of 6." """
    engine = besieged()
    for expected_hits in (1, 2):
        siege = bombard(engine, [6], {"u20": "tower"})
        assert (siege.tower_hits, siege.towers_destroyed) == (expected_hits, 0)
    siege = bombard(engine, [6], {"u20": "tower"})
    assert (siege.tower_hits, siege.towers_destroyed) == (0, 1)


@pytest.mark.parametrize(("die", "food"), [(5, 4), (6, 3)])
def test_a_6_on_the_warehouses_costs_a_supply(die, food):
    """Text: "If the attack is against warehouses, roll a d6 - on a 6 the defender loses one
    supply chit." """
    engine = besieged()
    bombard(engine, [die], {"u20": "warehouses"})
    assert engine.campaign.map.settlement("s2").stores["food"] == food


@pytest.mark.parametrize(("die", "killed"), [(4, 0), (5, 50)])
def test_a_war_machine_kills_50_points_on_5_or_more(die, killed):
    """Text: "Roll a d6 for each war machine making a military attack. On a roll of 5 or
    more, 50 points worth of defending troops are killed." """
    engine = besieged()
    before = engine.campaign.army("a2").points
    bombard(engine, [die], {"u20": "military"})
    assert before - engine.campaign.army("a2").points >= killed
    assert (before - engine.campaign.army("a2").points > 0) == bool(killed)


@pytest.mark.parametrize(("die", "hit"), [(5, False), (6, True)])
def test_archers_kill_50_points_on_a_6(die, hit):
    """Text: "For each unit of 10 or more archers, roll another D6. On a roll of 6, 50 points
    worth of defending troops are killed." """
    engine = besieged()
    before = engine.campaign.army("a2").points
    bombard(engine, [1, die], {"u20": "gate"}, archers=True)
    assert (engine.campaign.army("a2").points < before) is hit


def test_a_wooden_palisade_adds_1():
    """Text: "If the settlement's protective barrier is made of wood, add +1 to all rolls." """
    assert bombard(besieged(), [4], {"u20": "gate"}, wood=True).gate_destroyed


def test_fire_based_war_machines_roll_two_dice():
    """Text: "If the war machine makes fire-based attacks, roll 2 dice for each war machine
    instead of 1 die." """
    assert bombard(besieged(), [1, 6], {"u20": "wall"}, fire=True).wall_sections == 1


def test_the_defenders_bombard_on_a_6_unless_the_besiegers_do_nothing():
    """Text: "On a roll of 6 the enemy army takes 50 points worth of casualties. If the enemy
    army has chosen Do Nothing for this turn, your bombardments fall short"."""
    engine = besieged()
    camp = engine.campaign
    camp.army("a2").units.append(unit("u31", "Spear Chukka", 60, 1, Category.WAR_MACHINE))
    siege = the_siege(camp)
    before = camp.army("a1").points
    S._defender_bombard(table_ctx(camp, []), siege, SiegeOrder("p1", "nothing", 1))
    assert camp.army("a1").points == before
    S._defender_bombard(table_ctx(camp, [5]), siege, SiegeOrder("p1", "bombard", 1))
    assert camp.army("a1").points == before
    S._defender_bombard(table_ctx(camp, [6]), siege, SiegeOrder("p1", "bombard", 1))
    assert before - camp.army("a1").points >= 50


# --- mining -----------------------------------------------------------------------------


def mine(engine, dice):
    camp = engine.campaign
    siege = the_siege(camp)
    ctx = table_ctx(camp, dice)
    S._mine(ctx, siege, SiegeOrder("p1", "mine", camp.turn, miners="u22"))
    assert ctx.dice.supplied == []
    return siege


def test_mining_breaches_on_8_or_more_with_the_turns_mined():
    """Text: "Each turn you continue your mining operations, roll a d6 and add the number of
    turns that you've been mining. On an 8 or more, your miners are under the battlements"."""
    engine = besieged()
    siege = mine(engine, [6])  # 6 + 1 turn = 7
    assert siege.breach_turn == 0 and siege.mining_turns == 1
    siege = mine(engine, [6])  # 6 + 2 turns = 8
    assert siege.breach_turn == engine.campaign.turn + 1


def test_dwarfs_and_skaven_add_1_to_mining():
    """Text: "Dwarfs and Skaven may add +1 to all rolls associated with mining." """
    engine = besieged()
    engine.campaign.player("p1").race = "Skaven"
    siege = mine(engine, [2])
    siege = mine(engine, [4])  # 4 + 2 turns + 1 = 7
    assert siege.breach_turn == 0
    siege = mine(engine, [4])  # 4 + 3 + 1 = 8
    assert siege.breach_turn


@pytest.mark.parametrize(
    ("mishap", "result"),
    [
        (1, "discovered"),
        (2, "collapse"),
        (3, "restart"),
        (4, "phew"),
        (5, "silver"),
        (6, "soft_earth"),
    ],
)
def test_a_natural_1_rolls_on_the_mining_mishap_table(mishap, result):
    """Text: "If the roll is a 1, no matter what modifiers would normally be applied,
    something terrible has gone wrong ... roll on the Mining Mishap Table"."""
    engine = besieged()
    camp = engine.campaign
    mine(engine, [3])
    treasury = camp.player("p1").treasury
    siege = mine(engine, [1, mishap])
    miners_alive = camp.army("a1").unit("u22") is not None
    assert miners_alive is (result not in ("discovered", "collapse"))
    assert (siege.mining_turns == 0) is (result in ("discovered", "collapse", "restart"))
    assert (siege.tunnel_sally_turn == camp.turn + 1) is (result == "discovered")
    assert (camp.player("p1").treasury - treasury) == (5 if result == "silver" else 0)
    assert siege.mining_bonus == (1 if result == "soft_earth" else 0)


def test_dwarf_miners_add_one_more_on_the_mishap_table():
    """Text: "Dwarf Miners may add an additional +1 to all dice rolls on the Mining Mishap
    Table." A Dwarf player's 'miners' unit turns a discovered tunnel (1) into a restart (3)."""
    engine = besieged()
    camp = engine.campaign
    camp.player("p1").race = "Dwarfs"
    siege = mine(engine, [1, 1])
    assert camp.army("a1").unit("u22") is not None and siege.tunnel_sally_turn == 0


def test_a_waiting_tunnel_collapses_on_a_6():
    """Text: "If you decide not to attack on the next turn ... roll a d6 - on a 6, the tunnel
    has collapsed"."""
    engine = besieged()
    siege = the_siege(engine.campaign)
    siege.breach_turn = engine.campaign.turn
    S._tunnel_waits(table_ctx(engine.campaign, [5]), siege)
    assert siege.breach_turn
    S._tunnel_waits(table_ctx(engine.campaign, [6]), siege)
    assert siege.breach_turn == 0


def test_the_assault_after_mining_has_its_own_deployment():
    """Text: "Mining-Based Assault: On the turn after you have completed mining, you may make
    an attack. The defending player sets up first."""
    engine = besieged()
    camp = engine.campaign
    the_siege(camp).breach_turn = camp.turn
    engine.perform("p1", S.WriteSiegeOrders(siege="siege1", order="attack"))
    engine.perform("p2", S.WriteSiegeOrders(siege="siege1", order="nothing"))
    notes = engine.ruleset.battle_card_notes(Rules(camp, engine.ruleset), camp.battles[-1])
    assert any(n.startswith("Mining-based assault") for n in notes)


# --- the stockpile ------------------------------------------------------------------------


def test_the_population_and_garrison_eat_1_supply_plus_the_forces_need():
    """Text: "For a siege, the population and garrison will need 1 supply a turn. Additional
    forces stationed in the city will require food and supplies as normal." (R-RA-8)"""
    engine = besieged()
    camp = engine.campaign
    camp.army("a2").units.append(unit("u32", "Big 'Uns", 600, 20))  # 420 + 600 r&f: 1 supply
    S._feed(table_ctx(camp, []))
    assert camp.map.settlement("s2").stores["food"] == 4 - 1 - 1


def test_a_hungry_population_revolts_on_a_1():
    """Text: "If there is ever a turn where the local population is not fed, roll a d6: on a
    1 the population revolts ... Create one refugee population, and immediately remove d6x100
    points of troops from the garrison"."""
    engine = besieged()
    camp = engine.campaign
    camp.map.settlement("s2").stores["food"] = 0
    camp.army("a2").units.append(unit("u32", "Big 'Uns", 600, 20))
    before = camp.army("a2").points
    # three starvation tests (2d6 each, all passed), then the revolt d6 and the d6 x 100
    S._feed(table_ctx(camp, [1, 1, 1, 1, 1, 1, 1, 2]))
    refugees = [a for a in camp.armies if camp.state.army(a.id).role is Role.REFUGEES]
    assert len(refugees) == 1
    assert before - camp.army("a2").points >= 200
    assert camp.state.army("a2").starving_turns == 1


def test_exhausting_its_resources_adds_d3_once():
    """Text: "Players may immediately add d3 supply to their stockpile, regardless of
    settlement size. This roll may only be made once." """
    engine = besieged()
    camp = engine.campaign
    camp.dice.mode = DiceMode.TABLE
    engine.perform("p2", S.ExhaustResources(siege="siege1", dice=[2]))
    assert camp.map.settlement("s2").stores["food"] == 6
    with pytest.raises(RuleError, match="only be done once"):
        engine.perform("p2", S.ExhaustResources(siege="siege1", dice=[3]))


def test_the_siege_ends_when_the_besiegers_leave():
    engine = besieged()
    camp = engine.campaign
    camp.army("a1").hex = H(5, 4)
    S.new_turn(table_ctx(camp, []))
    assert camp.state.siege.active() == []
    assert camp.state.siege.sieges["siege1"].end_reason == "the besiegers are gone"


def test_siege_equipment_bought_in_upkeep_is_on_the_assault_card():
    """Text: "siege equipment purchased in the Upkeep phase can be placed with any army"."""
    engine = besieged()
    camp = engine.campaign
    camp.state.economy.siege_equipment["a1"] = 300
    engine.perform("p1", S.WriteSiegeOrders(siege="siege1", order="attack"))
    engine.perform("p2", S.WriteSiegeOrders(siege="siege1", order="nothing"))
    notes = engine.ruleset.battle_card_notes(Rules(camp, engine.ruleset), camp.battles[-1])
    assert "Siege equipment with Reikland Host: 300 pts of siege equipment" in notes


def test_a_beaten_sally_falls_back_behind_the_walls():
    """Ruling: the sallying force does not retreat across the map; the siege goes on."""
    from tuicamp.engine.battles import EnterBattleResult, SideEntry

    engine = besieged()
    camp = engine.campaign
    engine.perform("p1", S.WriteSiegeOrders(siege="siege1", order="nothing"))
    engine.perform("p2", S.WriteSiegeOrders(siege="siege1", order="sally"))
    battle = camp.battles[-1]
    engine.perform(
        "gm",
        EnterBattleResult(
            battle=battle.id,
            sides=[SideEntry(side="attacker", vp=100), SideEntry(side="defender", vp=700)],
        ),
    )
    assert camp.army("a2").hex == GRUNBERG and the_siege(camp).id == "siege1"
    assert camp.state.combat.battles[battle.id].outcome.band == "victory"
