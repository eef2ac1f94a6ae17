"""Zones of influence made once per change, and undo over random Rauscher moves.

Issue: "zones of influence and similar derived maps computed once per change, not per
move for every enemy". movement/costs.py keeps the union of the enemy zones keyed on
every zone's hex and radius (what it depends on); these tests pin that the kept union is
always the one a fresh count gives (R-RA-4: "This 'Zone of Influence' extends into each
hex adjacent to the army ... Patrols extend the Zone of Influence of an army to 2
hexes"), however the counters move and change, and that undo over random Rauscher moves
gives back the campaign byte for byte (engine/snapshots.py).
"""

from __future__ import annotations

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rauscher_rules import rauscher_rules
from test_rauscher_movement_kit import L, add_army, started, unit

from tuicamp.engine.codec import campaign_to_dict
from tuicamp.engine.errors import RuleError
from tuicamp.model import Hex
from tuicamp.rules.rauscher.movement import actions as A
from tuicamp.rules.rauscher.movement import costs
from tuicamp.rules.rauscher.movement.costs import enemies_of, enemy_zones, role_spec, zone_radius
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.state import March, Role

WIDTH, HEIGHT = 8, 6
hexes = st.builds(Hex.from_offset, st.integers(0, WIDTH - 1), st.integers(0, HEIGHT - 1))
roles = st.sampled_from([Role.ARMY, Role.SCOUTING_PARTY, Role.BAGGAGE, Role.MESSENGER])
counters = st.lists(
    st.tuples(st.sampled_from(["p1", "p2"]), hexes, roles, st.booleans()), max_size=6
)


def counted_afresh(rules, army) -> set[Hex]:
    """The enemy zones as the rule says, counted from nothing for every enemy."""
    if role_spec(rules, army.id)["ignores_zones"]:
        return set()
    zones = rules.table("move_zones")
    out: set[Hex] = set()
    for enemy in enemies_of(rules.campaign, army.owner):
        if not role_spec(rules, enemy.id)["projects_zone"]:
            continue
        around = enemy.hex.within(zone_radius(rules, enemy.id))
        if not zones.get("include_army_hex", True):
            around = [h for h in around if h != enemy.hex]
        out.update(h for h in around if rules.campaign.map.contains(h))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(counters, st.lists(st.tuples(st.integers(0, 7), hexes, st.booleans()), max_size=6))
def test_the_kept_zones_are_the_zones_counted_afresh(placed, changes):
    """After every change (a counter moved, its patrols given or taken, its march
    changed), the zones a move pays for are exactly the ones counted from nothing."""
    camp, _engine = started()
    for i, (owner, where, role, patrols) in enumerate(placed):
        add_army(camp, f"x{i}", owner, where, [unit(f"ux{i}", 100)], role=role)
        if patrols:
            rstate(camp).army(f"x{i}").patrols = [f"ux{i}"]
    for index, where, fast in [(0, None, False), *changes]:
        counters_now = [a for a in camp.armies if a.hex is not None]
        moved = counters_now[index % len(counters_now)]
        if where is not None:
            moved.hex = where
            rstate(camp).army(moved.id).march = March.FAST if fast else March.NORMAL
        rules = rauscher_rules(camp)
        for army in counters_now:
            assert enemy_zones(rules, army) == counted_afresh(rules, army)


def saved_bytes(engine) -> bytes:
    data = campaign_to_dict(engine.campaign)
    data.pop("chronicle_length", None)
    data.pop("reroll", None)
    return tomli_w.dumps(data).encode()


orders = st.lists(
    st.tuples(
        st.sampled_from(["a1", "b", "c"]),
        st.sampled_from(["move", "march", "rest", "defences"]),
        st.integers(0, WIDTH - 1),
        st.integers(0, HEIGHT - 1),
    ),
    max_size=12,
)


def order(army: str, kind: str, col: int, row: int):
    return {
        "move": lambda: A.Move(army=army, to=L(col, row)),
        "march": lambda: A.DeclareMarch(army=army, march=["normal", "fast", "forced"][col % 3]),
        "rest": lambda: A.Rest(army=army),
        "defences": lambda: A.PrepareDefences(army=army),
    }[kind]()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(orders)
def test_undo_after_random_moves_gives_back_each_save_byte_for_byte(played):
    """Random orders of Anna's Movement phase (refusals among them): each undo gives back
    the save of the campaign before the order it takes back; a refusal changes nothing."""
    camp, engine = started()
    add_army(camp, "b", "p1", Hex.from_offset(0, 0), [unit("ub", 120)])
    add_army(camp, "c", "p2", Hex.from_offset(5, 3), [unit("uc", 150)])
    engine.changed()
    befores: list[bytes] = []
    for army, kind, col, row in played:
        before, clock = saved_bytes(engine), camp.clock
        try:
            events = engine.perform("p1", order(army, kind, col, row))
        except RuleError:
            assert saved_bytes(engine) == before, "a refusal changed the save"
            continue
        if camp.clock != clock or not all(e.undoable for e in events):
            befores.clear()
        else:
            befores.append(before)
        assert len(engine.undo_points) == len(befores)
    while befores:
        engine.undo("p1")
        assert saved_bytes(engine) == befores.pop()


def test_moves_past_standing_enemies_build_their_zones_once(monkeypatch):
    """R-RA-4's zones ("This 'Zone of Influence' extends into each hex adjacent to the
    army") follow from the enemies' hexes alone: while Anna moves three counters one
    after the other and no enemy moves, each enemy's zone is gathered into the union she
    pays for once, not once a move (counted calls)."""
    camp, engine = started()
    for i in range(3):
        add_army(camp, f"m{i}", "p1", Hex.from_offset(0, 2 * i + 1), [unit(f"um{i}", 100)])
    add_army(camp, "e", "p2", Hex.from_offset(6, 1), [unit("ue", 150)])
    engine.changed()
    gathered = []
    real = costs._zone_hexes
    monkeypatch.setattr(costs, "_ZONE_UNIONS", {})
    monkeypatch.setattr(costs, "_zone_hexes", lambda *spec: gathered.append(spec) or real(*spec))
    for i in range(3):
        engine.perform("p1", A.Move(army=f"m{i}", to=L(1, 2 * i + 1)))
    enemy_hexes = [a.hex for a in camp.armies if a.owner == "p2" and a.hex is not None]
    assert sorted(spec[0] for spec in gathered) == sorted(enemy_hexes)  # each once
    assert len(costs._ZONE_UNIONS) == 1
