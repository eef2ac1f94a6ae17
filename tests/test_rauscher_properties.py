"""Invariants over random legal Rauscher turns (hypothesis), all phase modules together.

Issue: "property tests over random legal turns (treasuries never negative, no army above
5,000 pts, no unit in two places, every model accounted for)". The model accounting of a
single battle is pinned in test_rauscher_combat_casualties; here the whole campaign is
played at random and checked after every action.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp.engine.battles import AutoResolveBattle
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import acting_seats
from tuicamp.game.scenarios import load_scenario
from tuicamp.game.setup import new_campaign
from tuicamp.rules.rauscher.economy.actions import (
    BuyBaggage,
    BuyRecruits,
    BuySupplies,
    DismissPurchase,
    PlacePurchase,
)
from tuicamp.rules.rauscher.movement.actions import DeclareMarch, Move, PrepareDefences, Rest
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.state import Role
from tuicamp.storage.scenario import find_scenario

SCENARIO = load_scenario(find_scenario("rauscher-stir-border"))


def candidates(engine: Engine) -> list[tuple[str, object]]:
    """Plausible actions for the seats that may act now (some will be refused: fine)."""
    camp = engine.campaign
    out: list[tuple[str, object]] = []
    for battle in camp.pending_battles():
        out.append(("gm", AutoResolveBattle(battle=battle.id)))
    for seat_id in acting_seats(camp):
        seat = camp.seat(seat_id)
        player = seat.players[0]
        out.append((seat_id, EndPhase()))
        own = [a for a in camp.armies_of(player) if a.hex is not None]
        settlements = [s for s in camp.map.settlements if s.owner == player]
        if camp.phase == "upkeep":
            out.append((seat_id, BuyBaggage()))
            out.append((seat_id, BuyRecruits(name="Levy", points=150, models=15)))
            for s in settlements[:2]:
                out.append((seat_id, BuySupplies(amount=1, settlement=s.id)))
        if camp.phase == "movement":
            enemies = [a for a in camp.armies if a.owner != player and a.hex is not None]
            for army in own[:3]:
                if enemies:  # march on the nearest enemy, so battles happen
                    target = min(enemies, key=lambda e, a=army: a.hex.distance(e.hex))
                    out.append((seat_id, Move(army=army.id, to=camp.map.label(target.hex))))
                    out.append((seat_id, Move(army=army.id, to=camp.map.label(target.hex))))
                for h in camp.map.neighbours(army.hex)[:3] + army.hex.ring(3)[:3]:
                    if camp.map.contains(h):
                        out.append((seat_id, Move(army=army.id, to=camp.map.label(h))))
                out.append((seat_id, DeclareMarch(army=army.id, march="forced")))
                out.append((seat_id, Rest(army=army.id)))
                out.append((seat_id, PrepareDefences(army=army.id)))
        if camp.phase == "resolution":
            for p in rstate(camp).economy.purchases:
                if p.player == player and not p.placed_at and not p.dismissed:
                    for s in settlements[:2]:
                        out.append((seat_id, PlacePurchase(purchase=p.id, settlement=s.id)))
                    out.append((seat_id, DismissPurchase(purchase=p.id)))
    return out


def bring_armies_close(camp) -> None:
    """Set the two sides' field armies three hexes apart, so battles come in turn 1 or 2."""
    first, second = (p.id for p in camp.players[:2])
    mine = next(a for a in camp.armies_of(first) if a.hex is not None)
    theirs = next(a for a in camp.armies_of(second) if a.hex is not None)
    land = [
        h
        for h in mine.hex.ring(3)
        if camp.map.contains(h) and not camp.map.terrain_at(h).water and not camp.armies_at(h)
    ]
    theirs.hex = land[0]


def check_invariants(engine: Engine, limit: int) -> None:
    camp = engine.campaign
    assert all(p.treasury >= 0 for p in camp.players), "a treasury went negative"
    unit_ids = [u.id for a in camp.armies for u in a.units]
    assert len(unit_ids) == len(set(unit_ids)), "a unit is in two places"
    prisoners = {p.unit.id for p in rstate(camp).combat.prisoners}
    assert not prisoners & set(unit_ids), "a prisoner is still in an army"
    for army in camp.armies:
        record = rstate(camp).army(army.id)
        if record.role is not Role.NEUTRAL:
            assert army.points <= limit, f"{army.name} holds {army.points} pts"
        assert all(u.models >= 0 and u.points >= 0 for u in army.units)
        if army.hex is not None:
            assert camp.map.contains(army.hex)
    assert [e.seq for e in engine.chronicle] == list(range(1, len(engine.chronicle) + 1))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.data())
def test_random_legal_turns_keep_every_invariant(seed, data):
    camp = new_campaign(SCENARIO, "rauscher", seed=seed, options={"auto_resolve_battles": "true"})
    bring_armies_close(camp)
    engine = Engine(camp)
    limit = int(camp.options["max_army_points"])
    performed = 0
    for _ in range(120):
        choices = candidates(engine)
        if not choices or engine.campaign.finished:
            break
        seat, action = data.draw(st.sampled_from(choices))
        before = campaign_to_dict(engine.campaign)
        try:
            engine.perform(seat, action)
            performed += 1
        except RuleError:
            assert campaign_to_dict(engine.campaign) == before, "a refusal changed the state"
        check_invariants(engine, limit)
    assert performed > 0
    snapshot = campaign_to_dict(engine.campaign)
    restored = campaign_from_dict(snapshot, engine.ruleset.state_class)
    assert campaign_to_dict(restored) == snapshot
