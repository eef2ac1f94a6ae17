"""Rauscher: attacking population centres — razing, looting, refugees, occupation,
capitals, destroying a settlement, and bringing territories under control."""

from __future__ import annotations

import pytest
from conftest import H
from rauscher_rules import rauscher_rules
from test_rauscher_combat_kit import add_army, advance, campaign, meet, table_ctx, unit

from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.model.battle import UnitLoss
from tuicamp.rules.rauscher.combat import DestroySettlement, occupied_by, revenue_recipient
from tuicamp.rules.rauscher.combat import settlements as combat_settlements
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.state import Role


def capture(camp, sid="s2", occupier="p1", armies=("a1",)):
    s = camp.map.settlement(sid)
    return combat_settlements.capture(table_ctx(camp, []), s, occupier, list(armies))


@pytest.mark.parametrize(
    ("kind", "razed_to"),
    [("city", "town"), ("town", "village"), ("capital", "town"), ("fortress", "fortress")],
)
def test_a_razed_settlement_is_decreased_in_size(kind, razed_to):
    """Text: "A razed settlement is decreased in size (from a city to a town, from a town to a
    village, a village is Destroyed)"; fortresses and towers are captured, not reduced."""
    camp = campaign()
    s = camp.map.settlement("s2")
    s.kind, s.walls = kind, True
    capture(camp)
    assert s.kind == razed_to and s.owner == "p1"
    assert s.walls == (kind == razed_to)


def test_a_razed_village_is_destroyed():
    camp = campaign()
    capture(camp)
    assert camp.map.settlement("s2") is None
    (gone,) = camp.state.combat.destroyed
    assert (gone.id, gone.how, gone.by) == ("s2", "razed", "p1")


@pytest.mark.parametrize(
    ("kind", "coppers", "supply"),
    [("village", 3, 1), ("town", 10, 2), ("city", 20, 3), ("fortress", 10, 3), ("tower", 2, 1)],
)
def test_looting(kind, coppers, supply):
    """Text: "Village - 3 copper and 1 supply / Town - 2 silver and 2 supply / City - 2 gold
    and 3 supply. / Fortress - 1 gold and 3 supply. / Border Tower - 2 copper and 1 supply."
    (R-RA-1: 1 gold = 2 silver = 10 copper)."""
    camp = campaign()
    s = camp.map.settlement("s2")
    s.kind = kind
    before = camp.player("p1").treasury
    capture(camp)
    assert camp.player("p1").treasury - before == coppers
    kept = camp.map.settlement("s2")
    if kept is not None:
        assert kept.stores.get("food", 0) == supply


def test_one_refugee_unit_is_created():
    """Text: "and one Refugee unit is created (see below)"."""
    camp = campaign()
    camp.map.settlement("s2").kind = "town"
    capture(camp)
    (refugees,) = [a for a in camp.armies if camp.state.army(a.id).role is Role.REFUGEES]
    assert refugees.owner == "p2" and refugees.hex == H(6, 4) and refugees.units == []


def test_a_captured_settlement_serves_the_occupier_while_500_points_stay():
    """Text: "A captured population center will function as normal ... for the occupying
    army as long as a detachment of at least 500 points is left to enforce control."
    (R-RA-9)"""
    camp = campaign()
    camp.map.settlement("s2").kind = "town"
    capture(camp)
    assert occupied_by(rauscher_rules(camp), "s2") is None  # nobody stays
    add_army(camp, "a9", "p1", H(6, 4), [unit("u90", "Garrison", 499, 20)])
    assert (
        occupied_by(rauscher_rules(camp), "s2") is None
        and revenue_recipient(rauscher_rules(camp), "s2") is None
    )
    camp.army("a9").units[0].points = 500
    assert (
        occupied_by(rauscher_rules(camp), "s2")
        == "p1"
        == revenue_recipient(rauscher_rules(camp), "s2")
    )
    assert revenue_recipient(rauscher_rules(camp), "s1") == "p1"  # never captured: its owner


def test_losing_the_capital_halves_revenue_and_the_looters_take_half_the_treasury():
    """Text: "If a capital is destroyed, revenue from every territory is cut in half ... a
    looting army will collect 1/2 of what is currently in the state treasury"."""
    camp = campaign()
    camp.map.settlement("s2").kind = "capital"
    camp.player("p2").treasury = 25
    capture(camp)
    assert camp.state.player("p2").capital_lost
    assert camp.player("p2").treasury == 13 and camp.player("p1").treasury == 12 + 20
    assert camp.state.combat.fallen_capitals == {"east": "p2"}


def test_a_settlement_retaken_by_its_own_people_is_liberated_not_razed():
    """Ruling: the original owner retaking a settlement frees it (no razing or looting)."""
    camp = campaign()
    camp.map.settlement("s2").kind = "town"
    capture(camp)
    capture(camp, occupier="p2", armies=("a2",))
    s = camp.map.settlement("s2")
    assert (s.kind, s.owner) == ("village", "p2")
    assert "s2" not in camp.state.combat.occupations


def test_winning_an_attack_on_a_settlement_through_the_engine():
    """The whole chain: Anna beats Bruno at his village; Grunberg is looted and destroyed."""
    camp = campaign()
    camp.army("a2").hex = H(6, 4)
    engine = Engine(camp)
    advance(engine, "movement")
    meet(camp, at=H(6, 4))
    engine.changed()
    advance(engine, "combat")
    before = camp.player("p1").treasury
    engine.perform(
        "gm",
        EnterBattleResult(
            battle="b1",
            sides=[
                SideEntry(side="attacker", vp=800, facts={"captured_settlement": 1}),
                SideEntry(side="defender", vp=100, losses=[UnitLoss("a2", "u3", killed=10)]),
            ],
        ),
    )
    assert camp.army("a2").hex != H(6, 4)  # beaten, it fell back
    assert camp.map.settlement("s2") is None
    assert camp.player("p1").treasury == before + 3


def test_an_undefended_settlement_is_taken_at_the_combat_phase():
    camp = campaign()
    camp.map.settlement("s2").kind = "town"
    engine = Engine(camp)
    advance(engine, "movement")
    meet(camp, at=H(6, 4))
    engine.changed()
    advance(engine, "combat")
    assert camp.battles == [] and camp.map.settlement("s2").owner == "p1"


def test_destroying_a_settlement_takes_a_full_extra_turn():
    """Text: "An occupying army which does not move or engage in combat for one full turn may
    destroy the settlement. Remove the settlement from the map." """
    camp = campaign()
    camp.map.settlement("s2").kind = "town"
    engine = Engine(camp)
    advance(engine, "movement")
    meet(camp, at=H(6, 4))
    engine.changed()
    advance(engine, "combat")
    with pytest.raises(RuleError, match="captured this turn"):
        engine.perform("p1", DestroySettlement(army="a1", settlement="s2"))
    for p in ("p1", "p2"):
        engine.perform("gm", EndPhase(player=p))
    advance(engine, "combat")
    engine.perform("p1", DestroySettlement(army="a1", settlement="s2"))
    assert camp.map.settlement("s2") is None
    assert camp.state.combat.destroyed[-1].how == "destroyed"


def test_an_army_that_moved_cannot_destroy_a_settlement():
    camp = campaign()
    camp.map.settlement("s2").kind = "town"
    capture(camp)
    camp.army("a1").hex = H(6, 4)
    camp.turn = 2
    camp.phase = "combat"
    camp.state.army("a1").moved = True
    with pytest.raises(RuleError, match="moved this turn"):
        Engine(camp).perform("p1", DestroySettlement(army="a1", settlement="s2"))


def test_a_territory_comes_under_control_when_its_enemies_are_gone_and_settlements_taken():
    """Text: "To bring a new or enemy territory under your control, all enemy units in the
    territory must be destroyed. If the territory includes villages, cities, or other
    population centers, they also must be captured" — checked as the Combat phase ends."""
    camp = campaign()
    camp.armies.remove(camp.army("a2"))
    camp.map.settlement("s2").kind = "town"
    engine = Engine(camp)
    advance(engine, "movement")
    meet(camp, at=H(6, 4))
    engine.changed()
    advance(engine, "combat")
    assert camp.map.territory("east").owner == "p2"
    for p in ("p1", "p2"):
        engine.perform("gm", EndPhase(player=p))
    assert camp.map.territory("east").owner == "p1"


def test_an_ownerless_undefended_settlement_is_simply_occupied():
    """Ruling: nobody holds it, so nothing is razed or looted; it comes under control."""
    camp = campaign()
    camp.map.settlement("s2").owner = None
    engine = Engine(camp)
    advance(engine, "movement")
    meet(camp, at=H(6, 4))
    camp.armies.remove(camp.army("a2"))
    engine.changed()
    before = camp.player("p1").treasury
    advance(engine, "combat")
    s = camp.map.settlement("s2")
    assert (s.kind, s.owner) == ("village", "p1") and camp.player("p1").treasury == before
