"""Values kept for a live list until it or one of its items changes (engine/kept.py).

Issue 12 (one Rauscher turn with 128 armies against 32: goal <= x4.4): the capital's
check after every move ("No more than half of your capital's army may ever leave the
territory of the capital city", R-RA-4) read the id of every unit of every army away,
though a move changes no army's units. The ids are kept per army now, until a stamp
says the army's units changed. These tests pin that a kept value always answers as the
value worked out afresh would, however the lists and their items change — in place,
by assignment, replaced whole, inside an action, refused, undone — and that a value is
kept (worked out once) while nothing changes.
"""

from __future__ import annotations

import contextlib

import pytest
from conftest import small_campaign
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp.engine import stamps
from tuicamp.engine.corrections import CorrectTreasury
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.kept import Kept
from tuicamp.model.forces import Unit


def _ids(units) -> tuple[str, ...]:
    return tuple(u.id for u in units)


def _engine() -> tuple[Engine, str]:
    camp = small_campaign()
    engine = Engine(camp)
    gm = next(s.id for s in camp.seats if s.gm)
    engine.perform(gm, CorrectTreasury(player="p1", amount=1, reason="count"))
    return engine, gm


class Counting:
    """The work of a Kept, counted."""

    def __init__(self) -> None:
        self.done = 0

    def __call__(self, units) -> tuple[str, ...]:
        self.done += 1
        return _ids(units)


def test_a_value_is_worked_out_once_while_nothing_changes():
    engine, gm = _engine()
    work = Counting()
    kept = Kept(work)
    army = engine.campaign.armies[0]
    for _ in range(3):
        assert kept.of(army.units) == _ids(army.units)
        engine.perform(gm, CorrectTreasury(player="p1", amount=2, reason="count"))
    assert work.done == 1


def test_a_list_changed_twice_in_one_action_is_worked_out_again():
    """A list already stamped since the last copy is not kept (its next change would
    not be logged): asked again after a second change, it is worked out afresh."""
    engine, _gm = _engine()
    army = engine.campaign.armies[0]
    kept = Kept(_ids)
    army.units.append(Unit("n1", "Spearmen", 10))
    assert kept.of(army.units) == _ids(army.units)
    army.units.append(Unit("n2", "Spearmen", 10))
    assert kept.of(army.units) == _ids(army.units)


def test_a_unit_renamed_is_seen():
    engine, _gm = _engine()
    army = engine.campaign.armies[0]
    kept = Kept(_ids)
    assert kept.of(army.units) == _ids(army.units)
    army.units[0].id = "renamed"
    assert kept.of(army.units) == _ids(army.units)


def test_a_new_epoch_forgets_everything():
    engine, _gm = _engine()
    army = engine.campaign.armies[0]
    work = Counting()
    kept = Kept(work)
    kept.of(army.units)
    stamps._new_epoch()
    kept.of(army.units)
    assert work.done == 2


# --- random changes ---------------------------------------------------------------------------

changes = st.lists(
    st.tuples(
        st.sampled_from(
            ["append", "remove", "setitem", "rename", "replace", "action", "refused", "undo"]
        ),
        st.integers(0, 1),  # which army
        st.integers(0, 5),  # which unit
    ),
    max_size=25,
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changes)
def test_a_kept_value_is_always_the_value_worked_out_afresh(steps):
    """Over random changes of the armies' units — in place, by assignment, a list
    replaced, between actions, in a refused action, undone — the kept ids of every
    army's units are the ids read afresh."""
    engine, gm = _engine()
    camp = engine.campaign
    kept = Kept(_ids)
    made = iter(range(10**6))
    for kind, which, index in steps:
        army = camp.armies[which % len(camp.armies)]
        units = army.units
        if kind == "append":
            units.append(Unit(f"n{next(made)}", "Spearmen", 10))
        elif kind == "remove" and units:
            units.remove(units[index % len(units)])
        elif kind == "setitem" and units:
            units[index % len(units)] = Unit(f"n{next(made)}", "Bowmen", 10)
        elif kind == "rename" and units:
            units[index % len(units)].id = f"r{next(made)}"
        elif kind == "replace":
            army.units = list(reversed(units))
        elif kind == "action":
            engine.changed()
            engine.perform(gm, CorrectTreasury(player="p1", amount=next(made), reason="count"))
        elif kind == "refused":
            with pytest.raises(RuleError):
                engine.perform(gm, CorrectTreasury(player="nobody", amount=1, reason="count"))
        elif kind == "undo" and engine.undo_points:
            with contextlib.suppress(RuleError):  # an undo the engine refuses is fine
                engine.undo(gm)
        for a in camp.armies:
            assert kept.of(a.units) == _ids(a.units), (kind, a.id)


def test_an_id_is_found_on_its_own_eight_bytes_only():
    """The items' ids are searched as bytes: a match straddling two ids is no match."""
    from array import array

    kept = Kept(_ids)
    kept._items = bytearray(array("q", [0x1122334455667788, 0x0102030405060708]).tobytes())
    straddling = int.from_bytes(bytes(kept._items[1:9]), "little", signed=True)
    assert kept._holds(0x0102030405060708)
    assert not kept._holds(straddling)


def test_long_unasked_everything_is_forgotten(monkeypatch):
    """Past many stamps logged since the last asking, the kept values are forgotten
    rather than the whole log read (and a value asked again is worked out afresh)."""
    engine, gm = _engine()
    army = engine.campaign.armies[0]
    work = Counting()
    kept = Kept(work)
    kept.of(army.units)
    monkeypatch.setattr("tuicamp.engine.kept._LONGEST", 0)
    engine.perform(gm, CorrectTreasury(player="p1", amount=5, reason="count"))
    assert kept.of(army.units) == _ids(army.units)
    assert work.done == 2
