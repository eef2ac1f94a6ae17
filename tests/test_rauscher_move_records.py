"""A Rauscher move reads each enemy once and keeps what it can: the look-ups of a move.

Issue 12 (one turn with 128 armies against 32 may cost at most x4.4): a move walked every
army of the campaign several times (its enemies, their roles twice over, the messengers
it escorts, a copy of the cost model with the same enemies barred). These tests pin each
saving without timing anything, and that the answers are the rule's:

- R-RA-4, zones of influence: "This 'Zone of Influence' extends into each hex adjacent to
  the army": the roles table row of each enemy is read once a move, for the enemies it
  may not march through and for their zones alike;
- R-RA-4, messengers: "Messengers may be escorted by an army for protection": the escort
  carries the messengers attached to it that stood with it, found among the records, and
  the armies are walked only when one is attached;
- a move barred by the same enemies as the move before reuses the barred cost model.
"""

from __future__ import annotations

from conftest import H
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rauscher_rules import rauscher_rules
from test_rauscher_movement import _capital_camp
from test_rauscher_movement_kit import L, add_army, started, unit

from tuicamp.engine.kept import Kept
from tuicamp.engine.pathing import CostModel
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army
from tuicamp.rules.rauscher.movement import actions as A
from tuicamp.rules.rauscher.movement import common, costs
from tuicamp.rules.rauscher.movement.common import capital_outside
from tuicamp.rules.rauscher.movement.march import _escorted
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.state import March, RauscherState, Role


class CountingState:
    """Counts the records asked of ``state.army`` (the look-up a role is read through)."""

    def __init__(self, monkeypatch) -> None:
        self.asked: list[str] = []
        real = RauscherState.army

        def army(state: RauscherState, army_id: str):
            self.asked.append(army_id)
            return real(state, army_id)

        monkeypatch.setattr(RauscherState, "army", army)


def _crowd(camp: Campaign, enemies: int) -> None:
    """Orc counters spread over the east of the map, none in the way of a1's first step."""
    for i in range(enemies):
        add_army(camp, f"orc{i}", "p2", H(6 + i % 2, 1 + i // 2), [unit(f"uo{i}", 100)])


def test_a_move_reads_each_enemys_role_once(monkeypatch):
    """R-RA-4: the roles table says which enemies bar the way and which project a zone;
    one move reads each enemy's row once for both, and asks for patrols only of a
    counter whose record holds some ("Patrols extend the Zone of Influence")."""
    camp, engine = started()
    _crowd(camp, 6)
    rstate(camp).army("orc3").patrols = ["uo3"]
    engine.changed()
    enemies = [a.id for a in costs.enemies_of(camp, "p1")]
    rows: list[str] = []
    patrols: list[str] = []
    real_specs, real_patrols = costs.role_specs, costs._patrols_with

    def role_specs(rules, army_ids):
        army_ids = list(army_ids)
        rows.extend(army_ids)
        return real_specs(rules, army_ids)

    def patrols_with(rules, army):
        patrols.append(army.id)
        return real_patrols(rules, army)

    monkeypatch.setattr(costs, "role_specs", role_specs)
    monkeypatch.setattr(costs, "_patrols_with", patrols_with)
    engine.perform("p1", A.Move(army="a1", to=L(2, 1)))
    assert camp.army("a1").hex == H(2, 1)
    assert [rows.count(e) for e in enemies] == [1] * len(enemies)
    assert patrols == ["orc3"]


def test_the_zones_of_a_move_are_the_zones_counted_from_its_enemies():
    """R-RA-4: the zones a move pays for, from the roles read once for the move, are the
    zones counted from each enemy's own row of the table."""
    camp, engine = started()
    _crowd(camp, 4)
    rstate(camp).army("orc1").role = Role.SCOUTING_PARTY
    rstate(camp).army("orc2").patrols = ["uo2"]
    engine.changed()
    rules = rauscher_rules(camp)
    army = camp.army("a1")
    foes = costs.foes_of(rules, army)
    assert costs._enemy_zones(rules, army, foes) == costs._enemy_zones(rules, army)
    assert [s["fights"] for s in foes.specs] == [
        costs.role_spec(rules, e.id)["fights"] for e in foes.on_map
    ]


def test_moves_barred_by_the_same_enemies_share_one_barred_model(monkeypatch):
    """Two moves of one player past the same enemies bar the cost model once."""
    camp, engine = started()
    _crowd(camp, 4)
    add_army(camp, "b1", "p1", H(1, 3), [unit("ub", 100)])
    engine.changed()
    costs._BARRED_MODELS.clear()
    made = []
    real = CostModel.with_blocked

    def with_blocked(model, hexes):
        made.append(frozenset(hexes))
        return real(model, hexes)

    monkeypatch.setattr(CostModel, "with_blocked", with_blocked)
    engine.perform("p1", A.Move(army="a1", to=L(2, 1)))
    engine.perform("p1", A.Move(army="b1", to=L(2, 3)))
    barred = [m for m in made if {e.hex for e in costs.enemies_of(camp, "p1")} <= m]
    assert len(barred) == 1, made


def test_a_barred_model_is_made_again_for_another_model():
    """A kept barred model serves only the very model it was laid on."""
    costs._BARRED_MODELS.clear()
    one = CostModel(2, 1, [1.0, 1.0], {}, {}, set())
    other = CostModel(2, 1, [1.0, 2.0], {}, {}, set())
    hexes = frozenset({H(1, 0)})
    first = costs._barred(one, hexes)
    assert costs._barred(one, hexes) is first
    again = costs._barred(other, hexes)
    assert again is not first and again.step_cost(H(0, 0), H(1, 0)) is None


# --- messengers carried by their escort ------------------------------------------------------


def _escorted_by_a_search(camp: Campaign, escort: str, start) -> list[Army]:
    """The escorted messengers as the rule reads: every army, its record asked."""
    state = rstate(camp)
    return [
        a
        for a in camp.armies
        if state.army(a.id).attached_to == escort
        and state.army(a.id).role is Role.MESSENGER
        and a.hex == start
    ]


placements = st.lists(
    st.tuples(
        st.sampled_from([Role.MESSENGER, Role.ARMY, Role.SCOUTING_PARTY]),
        st.sampled_from([None, "a1", "a2"]),  # attached to
        st.sampled_from([H(1, 1), H(2, 1), None]),  # where it stands
        st.booleans(),  # its record made before the move
    ),
    max_size=6,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(placements)
def test_the_escorted_are_the_messengers_a_search_of_every_army_finds(placed):
    """R-RA-4: "Messengers may be escorted by an army for protection": the messengers
    found among the records are the ones a search of every army finds, in the
    campaign's order, and an army without a record is given one as the search gives."""
    camp, _engine = started()
    camp.army("a1").hex = H(1, 1)
    for i, (role, attached, where, recorded) in enumerate(placed):
        army = Army(f"m{i}", f"m{i}", "p1", where, [])
        camp.armies.append(army)
        if recorded:
            record = rstate(camp).army(army.id)
            record.role, record.attached_to = role, attached
    start = camp.army("a1").hex
    found = _escorted(camp, "a1", start)
    records_after = list(rstate(camp).armies)
    expected = _escorted_by_a_search(camp, "a1", start)
    assert [a.id for a in found] == [a.id for a in expected]
    assert list(rstate(camp).armies) == records_after  # the search made no new record


def test_an_escort_looks_at_no_army_when_no_messenger_is_attached(monkeypatch):
    """Without a messenger attached, the escort's move walks the records, not the armies
    with a look-up each."""
    camp, engine = started()
    _crowd(camp, 6)
    engine.changed()
    spy = CountingState(monkeypatch)
    _escorted(camp, "a1", camp.army("a1").hex)
    assert spy.asked == []


def test_an_escort_carries_its_messenger_and_leaves_the_others():
    """R-RA-4: the escort carries the messenger attached to it from its own hex; a
    messenger elsewhere, or attached to nobody, stays."""
    camp, engine = started()
    camp.army("a1").hex = H(1, 1)
    rstate(camp).army("a1").march = March.FORCED
    placed = (("m1", H(1, 1), "a1"), ("m2", H(1, 2), "a1"), ("m3", H(1, 1), None))
    for aid, where, attached in placed:
        add_army(camp, aid, "p1", where, [], role=Role.MESSENGER, attached_to=attached)
    engine.changed()
    engine.perform("p1", A.Move(army="a1", to=L(2, 1)))
    assert camp.army("m1").hex == H(2, 1)
    assert camp.army("m2").hex == H(1, 2)
    assert camp.army("m3").hex == H(1, 1)


# --- the capital's check, its units' ids kept per army -------------------------------------


def _outside_counted_afresh(camp: Campaign, player: str) -> int:
    """ "No more than half of your capital's army may ever leave the territory of the
    capital city" (R-RA-4): the points of the capital's units in armies away, counted
    from every unit of every army."""
    state = rstate(camp)
    guard = next(g for g in state.movement.capitals if g.player == player)
    inside = set(camp.map.territory(guard.territory).hexes)
    return sum(
        u.points
        for a in camp.armies
        if a.owner == player and a.hex is not None and a.hex not in inside
        for u in a.units
        if u.id in guard.units
    )


transfers = st.lists(
    st.tuples(
        st.sampled_from(["give", "rename", "move", "end"]),
        st.integers(0, 3),
        st.integers(0, 3),
    ),
    max_size=12,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(transfers)
def test_the_capitals_check_counts_as_a_count_of_every_unit(steps):
    """R-RA-4, the capital's army: however its units pass from army to army (in place,
    between moves), change their ids or march away, the check after a move counts what
    a count of every unit counts."""
    camp, engine = _capital_camp()
    for i in range(3):
        add_army(camp, f"far{i}", "p1", H(6, i), [unit(f"uf{i}", 50)])
    engine.changed()
    made = iter(range(10**6))
    for kind, a, b in steps:
        mine = [x for x in camp.armies if x.owner == "p1" and x.hex is not None]
        giver, taker = mine[a % len(mine)], mine[b % len(mine)]
        if kind == "give" and giver.units:
            taker.units.append(giver.units.pop())
        elif kind == "rename" and giver.units:
            giver.units[-1].id = "c2" if b % 2 else f"x{next(made)}"
        elif kind == "move":
            giver.hex = H(5 + a % 2, b % 4)
        found = costs_check(camp)
        assert found == _outside_counted_afresh(camp, "p1"), kind
        if kind == "end":
            engine.changed()
            engine.settled()


def costs_check(camp: Campaign) -> int:
    found = capital_outside(rauscher_rules(camp), "p1")
    assert found is not None
    return found[0]


def test_the_capitals_check_reads_an_armys_unit_ids_once_while_they_stay(monkeypatch):
    """R-RA-4, the capital's army: a move changes no army's units, so the check after
    the next move reads no army's unit ids again."""
    camp, engine = _capital_camp()
    for i in range(3):
        add_army(camp, f"far{i}", "p1", H(6, i), [unit(f"uf{i}", 50)])
    engine.changed()
    engine.settled()
    read: list[tuple[str, ...]] = []
    wanted = frozenset(rstate(camp).movement.capitals[0].units)

    def holds(units):
        read.append(tuple(u.id for u in units))
        return not wanted.isdisjoint(read[-1])

    monkeypatch.setattr(common, "_HOLDERS", {wanted: Kept(holds)})
    engine.perform("p1", A.Move(army="far0", to=L(7, 0)))
    first = len(read)
    engine.perform("p1", A.Move(army="far1", to=L(7, 1)))
    assert first == 3 and len(read) == first, read
