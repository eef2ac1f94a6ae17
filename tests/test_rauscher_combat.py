"""Rauscher: the Combat phase — finding battles, their circumstances, settling them at the
table or by the auto-resolver, and what follows (fatigue, retreats, allocations)."""

from __future__ import annotations

import pytest
from conftest import H
from test_rauscher_combat_kit import (
    RULESET,
    add_army,
    advance,
    battle_engine,
    campaign,
    meet,
    returning,
    table_ctx,
    unit,
)

from tuicamp.engine.battles import AutoResolveBattle, EnterBattleResult, SideEntry
from tuicamp.engine.codec import campaign_to_dict
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.game.battlecard import build_card, card_text
from tuicamp.model.battle import BattleStatus, UnitLoss
from tuicamp.model.forces import Category
from tuicamp.rules.rauscher.combat import AllocatedUnit, FillAllocation, Withdraw
from tuicamp.rules.rauscher.combat import find as combat_find
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.combat_state import Engagement
from tuicamp.rules.rauscher.shared.state import Allocation, March, Role, Stance


def result(engine, a_vp, d_vp, a_losses=(), d_losses=(), a_facts=None, d_facts=None):
    return engine.perform(
        "gm",
        EnterBattleResult(
            battle="b1",
            sides=[
                SideEntry(side="attacker", vp=a_vp, facts=a_facts or {}, losses=list(a_losses)),
                SideEntry(side="defender", vp=d_vp, facts=d_facts or {}, losses=list(d_losses)),
            ],
        ),
    )


def to_combat(camp, during_movement=None) -> Engine:
    """Play on to the Combat phase; ``during_movement(camp)`` sets up the marches."""
    engine = Engine(camp)
    advance(engine, "movement")
    if during_movement is not None:
        during_movement(camp)
        engine.changed()
    advance(engine, "combat")
    return engine


# --- finding battles -----------------------------------------------------------------------


def test_an_army_that_marched_onto_an_enemy_attacks():
    """Text: "Whenever two or more armies occupy the same hex at the end of the movement
    phase, there is a combat." The side that moved in attacks."""
    engine = battle_engine()
    (battle,) = engine.campaign.battles
    assert battle.pending and battle.hex == H(6, 3)
    assert battle.side("attacker").armies == ["a1"] and battle.side("defender").armies == ["a2"]


def test_when_both_moved_the_later_in_the_move_order_attacks():
    """Ruling: players move one after another in the race order, so the later one came last
    into the hex (Humans before Orcs & Goblins)."""
    camp = campaign()
    engine = Engine(camp)
    advance(engine, "movement")
    meet(camp)
    camp.state.army("a2").moved = True
    engine.changed()
    advance(engine, "combat")
    assert camp.battles[0].side("attacker").players == ["p2"]


def test_a_settlements_owner_defends_it():
    camp = campaign()
    engine = Engine(camp)
    advance(engine, "movement")
    camp.army("a2").hex = H(1, 1)  # Bruno stands at Anna's Altdorf, Anna marches in
    meet(camp, at=H(1, 1))
    engine.changed()
    advance(engine, "combat")
    (battle,) = camp.battles
    assert battle.side("defender").players == ["p1"] and battle.settlement == "s1"


def test_the_combat_phase_cannot_end_while_a_battle_is_pending():
    engine = battle_engine()
    with pytest.raises(RuleError, match="cannot end while a battle is pending"):
        engine.perform("p1", EndPhase(player="p1"))
    assert any("battle b1" in line for line in RULESET.pending(Rules(engine.campaign, RULESET)))


def test_scouting_parties_do_not_fight():
    """Text: "A scouting patrol cannot be attacked by an enemy army"."""
    camp = campaign()
    camp.state.army("a2").role = Role.SCOUTING_PARTY
    meet(camp)
    engine = to_combat(camp)
    assert engine.campaign.battles == []


def test_refugees_caught_by_the_enemy_are_destroyed_and_pay_a_copper():
    """Text: "If the Refugee group is attacked, it is destroyed ... If the Refugee group is
    destroyed, the attacking army gains one copper." """
    camp = campaign()
    add_army(camp, "r1", "p2", H(1, 2), [])
    camp.state.army("r1").role = Role.REFUGEES
    add_army(camp, "m1", "p2", H(1, 2), [])
    camp.state.army("m1").role = Role.MESSENGER
    before = camp.player("p1").treasury
    to_combat(camp)
    assert camp.army("r1") is None and camp.army("m1") is None
    assert camp.player("p1").treasury == before + 1


# --- circumstances ------------------------------------------------------------------------


def circumstances(camp):
    return {(c.key, c.side): c for c in camp.battles[0].circumstances}


def test_fatigue_is_on_the_card_with_the_house_ld_effect():
    """R-RA-5: the card shows fatigue and -1 Ld per point (option fatigue_ld_penalty)."""
    camp = campaign(fatigue_ld_penalty=2)
    camp.state.army("a1").fatigue = 2
    meet(camp)
    engine = to_combat(camp)
    c = circumstances(camp)[("fatigue", "attacker")]
    assert c.value == 2 and "-4 Ld" in c.text
    card = card_text(build_card(Rules(camp, engine.ruleset), camp.battles[0]))
    assert "Leadership, Attacker (Anna): -4 (fatigue 2)" in card


def test_prepared_defences_deploy_within_24_inches():
    """Text: "If an enemy attacks an army in prepared defenses, the defending player sets up
    their forces first within 24" (rather than 12") of their table edge"."""
    camp = campaign()
    camp.state.army("a2").stance = Stance.PREPARED
    meet(camp)
    engine = to_combat(camp)
    assert circumstances(camp)[("defence", "defender")].value == 1
    notes = RULESET.battle_card_notes(Rules(camp, RULESET), camp.battles[0])
    assert any('within 24" (rather than 12")' in n for n in notes)
    assert any("attacker -2" in n and "defender +1" in n for n in notes)
    assert engine.campaign.state.combat.battles["b1"].defence == 1


def test_a_hasty_attack_is_automatically_outscouted():
    """Text: "any army making a Hasty Attack is automatically Outscouted"."""
    camp = campaign()
    meet(camp)

    def forced(camp):
        camp.state.army("a1").march = March.FORCED

    to_combat(camp, forced)
    c = circumstances(camp)
    assert ("hasty_attack", "attacker") in c
    assert c[("surprise", "defender")].value == 1


def test_walls_of_a_city_are_defence_3_and_militia_fight_with_plus_1():
    """Text: "all local militia units, fighting in their own settlement, receive a +1
    modifier to their LD rolls"; a city "will always have a stout stone wall"."""
    camp = campaign()
    grunberg = camp.map.settlement("s2")
    grunberg.kind = "city"
    camp.army("a2").hex = grunberg.hex
    camp.army("a2").units.append(unit("u9", "Watch", 60, 10, flags=["militia"]))
    camp.state.unit("u9").home_territory = "east"
    meet(camp, at=grunberg.hex)
    to_combat(camp)
    c = circumstances(camp)
    assert c[("defence", "defender")].value == 3
    assert c[("ld_bonus", "defender")].value == 1 and "Watch" in c[("ld_bonus", "defender")].text


def test_a_town_palisade_is_defence_2_only_with_walls():
    """Text: a town has "on occasion, a wooden palisade"."""
    for walls, level in ((True, 2), (False, None)):
        camp = campaign()
        camp.map.settlement("s1").walls = walls
        camp.army("a2").hex = H(1, 1)
        camp.army("a1").hex = H(1, 1)
        camp.state.army("a2").moved = True
        to_combat(camp)
        found = circumstances(camp).get(("defence", "defender"))
        assert (found.value if found else None) == level


def test_battles_in_the_capitals_territory_are_fought_at_plus_1_ld():
    """Text: "Capitals are defended at +1 LD, and any battles fought in the capital's
    territory are also fought with a +1 LD modifier, even if the capital is taken." """
    camp = campaign()
    camp.map.settlement("s2").kind = "capital"
    meet(camp)  # at 0704, in Eastmark
    to_combat(camp)
    assert circumstances(camp)[("ld_bonus", "defender")].value == 1


def test_mercenaries_wander_off_on_a_1_or_2():
    """Text: "On a 1 or 2, they wander off the battlefield and into the nearest tavern to get
    drunk ... Add one to the roll if they or the army they are with outnumber the opposing
    army by 2-to-1. Subtract one if they are outnumbered 2-to-1." """

    def engage(die, extra_points=0):
        camp = campaign()
        camp.army("a1").units.append(unit("u8", "Sellswords", 100, 10, flags=["mercenary"]))
        if extra_points:
            camp.army("a1").units.append(unit("u7", "Knights", extra_points, 5))
        meet(camp)
        ctx = table_ctx(camp, [die])
        combat_find.open_engagement(ctx, Engagement(H(6, 3), "p1", "p2", ["a1", "a2"]))
        return camp, ctx

    camp, _ = engage(2)  # 430 vs 420 pts: no modifier, 2 wanders off
    assert camp.army("a1").unit("u8") is None
    assert any(r.why == "in the tavern" for r in returning(camp))
    camp, _ = engage(3)
    assert camp.army("a1").unit("u8") is not None
    camp, _ = engage(2, extra_points=900)  # 1,330 vs 420: they outnumber 2:1, 2+1 = 3
    assert camp.army("a1").unit("u8") is not None
    info = camp.state.combat.battles["b1"]
    assert any("rolled 2+1" in n and "they fight" in n for n in info.notes)


def test_mercenaries_in_the_tavern_come_back_after_the_battle():
    camp = campaign()
    camp.army("a1").units.append(unit("u8", "Sellswords", 100, 10, flags=["mercenary"]))
    meet(camp)
    engine = Engine(camp)
    ctx = table_ctx(camp, [1])
    combat_find.open_engagement(ctx, Engagement(H(6, 3), "p1", "p2", ["a1", "a2"]))
    camp.dice.mode = camp.dice.mode.APP
    camp.phase = "combat"
    engine.changed()
    result(engine, 300, 200)
    assert camp.army("a1").unit("u8").models == 10


# --- results ------------------------------------------------------------------------------


def test_a_tabletop_victory_fatigues_both_and_the_loser_retreats():
    """Text: "all armies that fought in the battle must increase their fatigue level by 1"
    ... "Victory. The losing army moves d6 inches / hexes toward the nearest friendly
    settlement ... The defeated army suffers an additional fatigue point." """
    engine = battle_engine()
    camp = engine.campaign
    result(engine, 600, 100, d_losses=[UnitLoss("a2", "u3", killed=5)])
    info = camp.state.combat.battles["b1"]
    assert (info.outcome.band, info.outcome.margin) == ("victory", 7)
    assert camp.state.army("a1").fatigue == 1 and camp.state.army("a2").fatigue == 2
    assert camp.army("a2").hex == H(6, 4)  # fell back on Grunberg, its nearest settlement
    assert camp.state.player("p1").battles_won == 1
    assert camp.state.player("p1").troops_killed == 60  # 5 Boyz at 12 pts
    pending = engine.ruleset.pending(Rules(camp, engine.ruleset))
    assert pending[0].startswith("Anna")  # nothing of the battle left


def test_an_overwhelming_victory_loses_war_machines_and_baggage_and_costs_2_fatigue():
    """Text: "Overwhelming Victory! ... all war machines and baggage are lost ... and
    suffers two fatigue points." """
    camp = campaign()
    camp.army("a2").units.append(unit("u9", "Rock Lobber", 80, 1, Category.WAR_MACHINE))
    add_army(camp, "t1", "p2", H(6, 3), [])
    camp.state.army("t1").role = Role.BAGGAGE
    meet(camp)
    engine = to_combat(camp)
    result(engine, 900, 100, a_facts={"enemy_general": 1, "enemy_standard": 1})
    assert camp.state.combat.battles["b1"].outcome.band == "overwhelming"
    assert camp.army("a2").unit("u9") is None and camp.army("t1") is None
    assert camp.state.army("a2").fatigue == 1 + 2


def test_with_no_escape_an_overwhelmed_army_is_destroyed():
    """Text: "If there is no clear escape route, the army is destroyed." """
    camp = campaign()
    for h in H(6, 3).neighbours():
        if camp.map.contains(h):
            camp.map.set_terrain(h, "l")
    meet(camp)
    engine = to_combat(camp)
    result(engine, 900, 100, a_facts={"enemy_general": 1})
    assert camp.army("a2") is None
    assert camp.state.player("p1").troops_killed == 420


def test_with_no_escape_a_beaten_army_stays_to_fight_again_next_turn():
    """Text: "If there is no clear escape route, the army may stay in the same hex as the
    victor, and they will fight another battle next turn." """
    camp = campaign()
    for h in H(6, 3).neighbours():
        if camp.map.contains(h):
            camp.map.set_terrain(h, "l")
    meet(camp)
    engine = to_combat(camp)
    result(engine, 500, 400)
    assert camp.army("a2").hex == H(6, 3)
    for p in ("p1", "p2"):
        engine.perform("gm", EndPhase(player=p))
    advance(engine, "combat")
    (_, second) = camp.battles
    assert second.pending and second.side("attacker").players == ["p1"]


def test_a_pyrrhic_victory_leaves_the_defender_the_field_and_a_fatigue_point():
    """Text: "If the attacking player is the victor, the defensive player retains control of
    the field, but will receive an additional fatigue point. The attacking army may move to
    any adjacent hex, or remain in place"."""
    camp = campaign()
    camp.state.army("a2").stance = Stance.PREPARED  # attacker -2, defender +1
    meet(camp)
    engine = to_combat(camp)
    result(engine, 300, 200)
    info = camp.state.combat.battles["b1"]
    assert (info.outcome.band, info.outcome.holder) == ("pyrrhic", "defender")
    assert camp.army("a2").hex == H(6, 3)
    assert camp.state.army("a2").fatigue == 2 and camp.state.army("a1").fatigue == 1
    with pytest.raises(RuleError, match="not adjacent"):
        engine.perform("p1", Withdraw(army="a1", to="0101"))
    engine.perform("p1", Withdraw(army="a1", to="0703"))
    assert camp.army("a1").hex == H(6, 2)
    with pytest.raises(RuleError, match="may withdraw only"):
        engine.perform("p2", Withdraw(army="a2", to="0803"))


def test_an_auto_resolved_battle_is_reproducible_and_settled_in_full():
    """R-ALL-2: the auto-resolver's result goes through the same consequences."""
    seen = []
    for _ in range(2):
        engine = battle_engine()
        events = engine.perform("p2", AutoResolveBattle(battle="b1"))
        camp = engine.campaign
        battle = camp.battles[0]
        assert battle.status is BattleStatus.AUTO
        assert any(e.kind == "battle_outcome" for e in events)
        assert any(e.kind == "casualties" for e in events)
        assert camp.state.army("a1").fatigue >= 1 and camp.state.army("a2").fatigue >= 1
        assert camp.state.combat.battles["b1"].outcome is not None
        seen.append(campaign_to_dict(camp))
    assert seen[0] == seen[1]


def test_the_auto_resolve_option_settles_battles_as_they_are_found():
    engine = battle_engine(auto_resolve_battles=True)
    assert engine.campaign.battles[0].status is BattleStatus.AUTO
    engine.perform("p1", EndPhase(player="p1"))


# --- allocations (R-RA-3) -----------------------------------------------------------------


def allocated_engine():
    camp = campaign()
    camp.state.army("a1").allocations = [Allocation(Category.LIGHT_CAVALRY, 500, "cavalry")]
    meet(camp)
    return to_combat(camp)


def test_a_battle_waits_for_allocations_to_be_filled():
    """R-RA-3: "At its first battle the players enter the units that fill each allocation,
    within its points and category; afterwards the survivors are fixed"."""
    engine = allocated_engine()
    camp = engine.campaign
    assert camp.battles == []
    assert any("fill its allocations" in line for line in RULESET.pending(Rules(camp, RULESET)))
    with pytest.raises(RuleError, match="fill its allocations"):
        engine.perform("p1", EndPhase(player="p1"))
    with pytest.raises(RuleError, match="this allocation holds light cavalry"):
        engine.perform("p1", FillAllocation(army="a1", units=[AllocatedUnit("Foot", 100)]))
    with pytest.raises(RuleError, match="cost 600 pts; the allocation holds 500"):
        engine.perform(
            "p1",
            FillAllocation(army="a1", units=[AllocatedUnit("Riders", 600, Category.LIGHT_CAVALRY)]),
        )
    engine.perform(
        "p1",
        FillAllocation(
            army="a1",
            units=[
                AllocatedUnit("Outriders", 400, Category.LIGHT_CAVALRY, 8, 7, 10),
                AllocatedUnit("Marshal", 90, Category.CHARACTER),
            ],
        ),
    )
    (battle,) = camp.battles
    assert battle.pending and camp.state.army("a1").allocations == []
    assert {u.name for u in camp.army("a1").units} >= {"Outriders", "Marshal"}
    with pytest.raises(RuleError, match="no allocations"):
        engine.perform("p1", FillAllocation(army="a1", units=[AllocatedUnit("X", 1)]))
