"""Bringing the copy between actions up to date looks at what was touched alone.

Issue 12: "Actions cost what they change: the refusal/undo snapshot in proportion to what
the action touches ... not a full campaign_to_dict per action". The engine's copy of the
campaign is brought up to date after each action (engine/snapshots.py); assignments stamp
the objects they change (engine/stamps.py), and containers are checked by the identity of
their elements, so an army nobody touched is not even compared. These tests pin that
mechanism without timing anything (they count comparisons), and that no change is ever
missed, however it was made: assigned, changed in place, or put back by a restore.
"""

from __future__ import annotations

import pytest
from attrs import evolve
from conftest import H, small_campaign
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp.engine.codec import campaign_to_dict
from tuicamp.engine.corrections import CorrectTreasury
from tuicamp.engine.engine import Engine
from tuicamp.engine.snapshots import Memory
from tuicamp.model.forces import Army, Unit
from tuicamp.model.map import HexMap
from tuicamp.rules.sandbox import actions as A

ARMIES = 40


def crowded_campaign():
    """The small campaign with forty armies of three units each, on a blank 40 x 40 map."""
    camp = small_campaign()
    settlements = camp.map.settlements
    camp.map = HexMap.blank(40, 40)
    camp.map.settlements = settlements
    model = camp.armies[0]
    camp.armies = [
        evolve(
            model,
            id=f"a{i}",
            name=f"Host {i}",
            owner=("p1", "p2")[i % 2],
            hex=H(2 * (i % 10), 2 * (i // 10)),  # a hex apart: moves meet no one
            units=[
                evolve(u, id=f"u{i}-{j}", flags=set(u.flags))
                for j, u in enumerate(model.units + model.units[:1])
            ],
            flags=set(),
        )
        for i in range(ARMIES)
    ]
    return camp


@pytest.fixture
def comparisons(monkeypatch):
    """How many times an army or a unit was compared with ``==`` (a counter per class)."""
    counts = {Army: 0, Unit: 0}
    for cls in counts:
        original = cls.__eq__

        def counting(self, other, _original=original, _cls=cls):
            counts[_cls] += 1
            return _original(self, other)

        monkeypatch.setattr(cls, "__eq__", counting)
    return counts


def test_an_action_compares_no_army_it_did_not_touch(comparisons):
    """A move of one army among forty: the copy is brought up to date without one army
    or unit compared (the moved army is known by its stamp, its units by their
    identities), and it equals the live campaign."""
    engine = Engine(crowded_campaign())
    engine.perform("gm", CorrectTreasury(player="p1", amount=9, reason="count"))
    engine.settled()  # made whole once
    engine.perform("p1", A.Move(army="a0", to="0102"))
    comparisons[Army] = comparisons[Unit] = 0
    settled = engine.settled()
    assert comparisons == {Army: 0, Unit: 0}
    assert campaign_to_dict(settled) == campaign_to_dict(engine.campaign)
    before = engine.undo_points[-1].snapshot
    assert settled.armies[1:] == before.armies[1:]
    assert all(a is b for a, b in zip(settled.armies[1:], before.armies[1:], strict=True))
    assert settled.armies[0] is not before.armies[0]


def test_a_change_in_place_is_found_without_a_stamp():
    """Containers change without an assignment: a flag added to a unit, a unit removed
    from an army, a record put in a dict. The next action's undo point (the copy brought
    up to date) holds them all the same, and the point before keeps what was."""
    engine = Engine(crowded_campaign())
    camp = engine.campaign
    engine.perform("p1", A.Move(army="a0", to="0102"))
    was = campaign_to_dict(camp)
    camp.armies[3].units[1].flags.add("veteran")
    camp.armies[5].units.pop()
    camp.state.mp_used["a7"] = 2.0
    now = campaign_to_dict(camp)
    engine.perform("gm", CorrectTreasury(player="p1", amount=9, reason="count"))
    first, second = engine.undo_points
    assert campaign_to_dict(first.snapshot) != was  # (the move is not in it)
    assert campaign_to_dict(second.snapshot) == now
    assert "veteran" not in first.snapshot.armies[3].units[1].flags
    assert len(first.snapshot.armies[5].units) == 3 and "a7" not in first.snapshot.state.mp_used
    assert second.snapshot.armies[4] is first.snapshot.armies[4]


# One change to the live campaign, as a ruleset (or a test) may make it between two copies.
CHANGES = st.one_of(
    st.tuples(st.just("hex"), st.integers(0, ARMIES - 1), st.integers(0, 7)),
    st.tuples(st.just("models"), st.integers(0, ARMIES - 1), st.integers(0, 50)),
    st.tuples(st.just("flag"), st.integers(0, ARMIES - 1), st.sampled_from(["elite", "scout"])),
    st.tuples(st.just("unflag"), st.integers(0, ARMIES - 1), st.just("")),
    st.tuples(st.just("drop_unit"), st.integers(0, ARMIES - 1), st.just(0)),
    st.tuples(st.just("swap_units"), st.integers(0, ARMIES - 1), st.integers(0, ARMIES - 1)),
    st.tuples(st.just("raise"), st.integers(0, ARMIES - 1), st.just(0)),
    st.tuples(st.just("disband"), st.integers(0, ARMIES - 1), st.just(0)),
    st.tuples(st.just("mp"), st.integers(0, ARMIES - 1), st.integers(0, 6)),
    st.tuples(st.just("treasury"), st.integers(0, 1), st.integers(0, 99)),
    st.tuples(st.just("store"), st.integers(0, 1), st.integers(0, 9)),
    st.tuples(st.just("copy"), st.just(0), st.just(0)),
)


def change(camp, kind: str, i: int, value) -> None:
    """Make one of :data:`CHANGES` (where the campaign still has what it names)."""
    armies = camp.armies
    army = armies[i % len(armies)] if armies else None
    if kind == "hex" and army is not None:
        army.hex = H(value, value % 6)
    elif kind == "models" and army is not None and army.units:
        army.units[0].models = value
    elif kind == "flag" and army is not None and army.units:
        army.units[-1].flags.add(value)
    elif kind == "unflag" and army is not None and army.units:
        army.units[-1].flags.clear()
    elif kind == "drop_unit" and army is not None and army.units:
        army.units.pop(0)
    elif kind == "swap_units" and army is not None and armies:
        other = armies[value % len(armies)]
        army.units, other.units = other.units, army.units
    elif kind == "raise":
        armies.append(Army(f"new{len(armies)}", "Levy", "p1", H(0, 0), [Unit("nu", "Levy", 5)]))
    elif kind == "disband" and army is not None:
        armies.remove(army)
    elif kind == "mp" and army is not None:
        camp.state.mp_used[army.id] = float(value)
    elif kind == "treasury":
        camp.players[i].treasury = value
    elif kind == "store":
        camp.map.settlements[i].stores["food"] = value


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(CHANGES, max_size=4), min_size=1, max_size=8))
def test_the_copy_always_equals_the_campaign_and_earlier_copies_stay(rounds):
    """Whatever changed, however (assigned, in place, an army raised or disbanded, units
    handed from one army to another), each copy brought up to date equals the campaign as
    a save writes it, and every copy made before still equals the campaign as it was."""
    camp = crowded_campaign()
    memory = Memory()
    copies = [(memory.copy(camp), campaign_to_dict(camp))]
    for changes in rounds:
        for kind, i, value in changes:
            if kind == "copy":  # a copy made meanwhile by someone else: not ours
                Memory().copy(camp)
            else:
                change(camp, kind, i, value)
        copies.append((memory.updated(copies[-1][0], camp), campaign_to_dict(camp)))
        assert campaign_to_dict(copies[-1][0]) == copies[-1][1]
    for kept, data in copies:
        assert campaign_to_dict(kept) == data


def played(camp) -> dict:
    """The campaign as a save writes it, less what an undo itself changes (the
    chronicle's length and the re-roll point)."""
    data = campaign_to_dict(camp)
    data.pop("chronicle_length", None)
    data.pop("reroll", None)
    return data


def test_an_undo_leaves_the_records_right():
    """A restore writes live objects past their ``__setattr__``: it stamps them, so the
    copies made after an undo hold what it put back and what is changed after it."""
    engine = Engine(crowded_campaign())
    camp = engine.campaign
    start = played(camp)
    engine.perform("p1", A.Move(army="a0", to="0102"))
    moved = played(camp)
    engine.perform("p1", A.Move(army="a2", to="0502"))
    engine.undo("p1")
    assert played(camp) == moved
    engine.perform("p1", A.Move(army="a4", to="0902"))
    assert played(engine.undo_points[-1].snapshot) == moved
    after = played(camp)
    engine.perform("gm", CorrectTreasury(player="p1", amount=9, reason="count"))
    assert played(engine.undo_points[-1].snapshot) == after
    for _ in range(3):
        engine.undo("gm")
    assert played(camp) == start
