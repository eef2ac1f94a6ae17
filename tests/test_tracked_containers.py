"""The live campaign's containers stamp themselves, so an action costs what it touched.

Issue row "one Rauscher turn on a 40x40 map, 32 -> 128 armies: goal <= x4.4": the copy
taken between actions (what a refusal puts back, the next undo point) was brought up to
date by a few passes over every army, unit and record, because a list, dict or set
changed in place stamps nothing. Now the engine gives the live campaign tracked
containers (engine/tracked.py), whose every changing method stamps them, and each
container's record knows what each element holds (snapshots.Index): the elements looked
into after an action are those under a stamp, however many there are. These tests pin
that mechanism by counting what is visited, never by timing, and that a refusal, an undo
and any change made in place still leave the campaign exactly as a deep copy says.
"""

from __future__ import annotations

import copy

import pytest
from attrs import evolve
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_dirty_tracking import ARMIES, crowded_campaign

from tuicamp.engine import stamps
from tuicamp.engine.codec import campaign_to_dict
from tuicamp.engine.corrections import CorrectTreasury
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.snapshots import Memory
from tuicamp.engine.tracked import (
    DICT_CHANGES,
    LIST_CHANGES,
    SET_CHANGES,
    TrackedDict,
    TrackedList,
    TrackedSet,
)
from tuicamp.model.forces import Army, Unit, UnitSpec
from tuicamp.rules.sandbox import actions as A


def crowd(armies: int):
    """The crowded campaign cut down (or kept) to ``armies`` armies."""
    camp = crowded_campaign()
    camp.armies = camp.armies[:armies]
    return camp


@pytest.fixture
def visits(monkeypatch):
    """The live armies and units the memory looked into (``_attrs``) or copied whole
    (``_copy``), by id, while bringing a copy up to date."""
    seen: dict[str, list[str]] = {"looked": [], "copied": []}
    looked, copied = Memory._attrs, Memory._copy

    def looking(self, old, live, cls, since):
        if isinstance(live, Army | Unit):
            seen["looked"].append(live.id)
        return looked(self, old, live, cls, since)

    def copying(self, value, element=False):
        if isinstance(value, Army | Unit):
            seen["copied"].append(value.id)
        return copied(self, value, element)

    monkeypatch.setattr(Memory, "_attrs", looking)
    monkeypatch.setattr(Memory, "_copy", copying)
    return seen


def moved_once(armies: int, visits) -> dict[str, list[str]]:
    """What bringing the copy up to date after one army's move looked into."""
    engine = Engine(crowd(armies))
    engine.perform("gm", CorrectTreasury(player="p1", amount=9, reason="count"))
    engine.settled()
    engine.perform("p1", A.Move(army="a0", to="0102"))
    visits["looked"].clear()
    visits["copied"].clear()
    settled = engine.settled()
    assert campaign_to_dict(settled) == campaign_to_dict(engine.campaign)
    return {k: list(v) for k, v in visits.items()}


def test_a_move_looks_into_the_moved_army_alone(visits):
    """Issue row (a): "the per-action cost is what the action touched, not O(armies)".
    A move of one army among forty: the memory looks into that army and no other, no
    unit (its units were not touched), and copies none whole."""
    seen = moved_once(ARMIES, visits)
    assert seen == {"looked": ["a0"], "copied": []}


@pytest.fixture
def passes(monkeypatch):
    """The ids of the live tracked lists and dicts walked over (iterated, their values
    or items asked): a pass over a container is what cost O(armies) per action."""
    walked: list[int] = []
    for cls, names in (
        (TrackedList, ("__iter__",)),
        (TrackedDict, ("__iter__", "values", "items", "keys")),
    ):
        for name in names:
            original = getattr(cls, name)

            def walking(self, _original=original):
                walked.append(id(self))
                return _original(self)

            monkeypatch.setattr(cls, name, walking)
    return walked


def test_a_move_walks_over_no_list_of_armies_or_units(passes):
    """The stamps say which elements changed: bringing the copy up to date after a move
    walks over neither the list of armies nor the units of an army it did not move (the
    old checks made a few passes over each, at C speed but O(armies + units)). What the
    move touched is walked: the moved army (indexed again: it may hold other things
    now) and the sandbox's record of movement points spent, compared whole."""
    engine = Engine(crowd(ARMIES))
    engine.settled()
    engine.perform("p1", A.Move(army="a0", to="0102"))
    camp = engine.campaign
    watched = {id(camp.armies), *(id(a.units) for a in camp.armies if a.id != "a0")}
    passes.clear()
    engine.settled()
    assert watched.isdisjoint(passes)


def test_the_live_containers_are_tracked_and_the_copies_plain():
    """After the first copy the live campaign's lists, dicts and sets are tracked ones,
    equal to what they were; the copies and what a save writes stay plain."""
    engine = Engine(crowded_campaign())
    camp = engine.campaign
    before = campaign_to_dict(camp)
    settled = engine.settled()
    army = camp.armies[0]
    assert type(camp.armies) is TrackedList and type(army.units) is TrackedList
    assert type(army.units[0].flags) is TrackedSet and type(camp.state.mp_used) is TrackedDict
    assert type(settled.armies) is list and type(settled.armies[0].units[0].flags) is set
    assert campaign_to_dict(camp) == before
    data = campaign_to_dict(camp)
    assert type(data["armies"]) is list and type(data["armies"][0]["units"]) is list


# How each changing method is called on [1, 2], {"a": 1} or {1, 2}: every name in the
# kind's list of changes must have a row (the test below checks the table is whole).
CALLS: dict[type, dict[str, tuple]] = {
    TrackedList: {
        "append": (9,),
        "extend": ([9],),
        "insert": (0, 9),
        "pop": (),
        "remove": (1,),
        "clear": (),
        "sort": (),
        "reverse": (),
        "__setitem__": (0, 9),
        "__delitem__": (0,),
        "__iadd__": ([9],),
        "__imul__": (2,),
    },
    TrackedDict: {
        "__setitem__": ("k", 9),
        "__delitem__": ("a",),
        "pop": ("a",),
        "popitem": (),
        "clear": (),
        "update": ({"k": 9},),
        "setdefault": ("k", 9),
        "__ior__": ({"k": 9},),
    },
    TrackedSet: {
        "add": (9,),
        "discard": (1,),
        "remove": (1,),
        "pop": (),
        "clear": (),
        "update": ({9},),
        "difference_update": ({1},),
        "intersection_update": ({1},),
        "symmetric_difference_update": ({9},),
        "__ior__": ({9},),
        "__iand__": ({1},),
        "__isub__": ({1},),
        "__ixor__": ({9},),
    },
}
CHANGES = {TrackedList: LIST_CHANGES, TrackedDict: DICT_CHANGES, TrackedSet: SET_CHANGES}


def test_the_table_of_calls_names_every_change():
    assert {cls: tuple(calls) for cls, calls in CALLS.items()} == CHANGES


@pytest.mark.parametrize(
    ("make", "name", "args"),
    [(make, name, args) for make, calls in CALLS.items() for name, args in calls.items()],
)
def test_every_change_in_place_stamps_its_container(make, name, args):
    """Each way a list, dict or set changes in place stamps it: a change no stamp tells
    would be missed by the copy, and a refusal would leave it standing."""
    start = {TrackedList: [1, 2], TrackedDict: {"a": 1}, TrackedSet: {1, 2}}[make]
    container = make(start)
    since = stamps.tick()
    getattr(container, name)(*args)
    assert id(container) in stamps.stamped_since(since)


def vandal(original):
    """The sandbox's apply, except that a move to 'refuse' changes the campaign in
    place everywhere it can (a flag, a unit, an army, a record, a store) and is then
    refused, as a ruleset may refuse after it began changing things."""

    def apply(ctx, action):
        if isinstance(action, A.Move) and action.to == "refuse":
            camp = ctx.campaign
            army = camp.army(action.army)
            if army is not None and army.units:
                army.units[0].flags.add("vandal")
                army.units[-1].models += 1
                army.units.pop()
            camp.armies.append(evolve(camp.armies[0], id="ghost", units=[]))
            camp.state.mp_used["ghost"] = 3.0
            camp.map.settlements[0].stores["food"] = 99
            camp.players[0].treasury += 7
            raise RuleError("refused after changing things")
        return original(ctx, action)

    return apply


ARMY = st.integers(0, ARMIES - 1)
OPS = st.one_of(
    st.tuples(st.just("move"), ARMY, st.integers(0, 39)),
    st.tuples(st.just("refuse"), ARMY, st.just(0)),
    st.tuples(st.just("remove_unit"), ARMY, st.integers(0, 3)),
    st.tuples(st.just("add_unit"), ARMY, st.integers(1, 30)),
    st.tuples(st.just("edit_unit"), ARMY, st.integers(1, 30)),
    st.tuples(st.just("disband"), ARMY, st.just(0)),
    st.tuples(st.just("treasury"), st.integers(0, 1), st.integers(0, 99)),
    st.tuples(st.just("undo"), st.just(0), st.just(0)),
)


def action_of(camp, kind: str, i: int, value: int):
    """The action an op names, against the campaign as it stands (ids may be gone)."""
    armies = camp.armies
    army = armies[i % len(armies)] if armies else None
    aid = army.id if army is not None else "none"
    unit = army.units[value % len(army.units)].id if army is not None and army.units else "u"
    return {
        "move": lambda: A.Move(army=aid, to=f"{value % 40 + 1:02d}{value // 8 % 40 + 1:02d}"),
        "refuse": lambda: A.Move(army=aid, to="refuse"),
        "remove_unit": lambda: A.RemoveUnit(army=aid, unit=unit),
        "add_unit": lambda: A.AddUnit(army=aid, unit=UnitSpec(name="Levy", points=value)),
        "edit_unit": lambda: A.EditUnit(army=aid, unit=unit, models=value),
        "disband": lambda: A.DisbandArmy(army=aid),
        "treasury": lambda: CorrectTreasury(player=f"p{i + 1}", amount=value, reason="count"),
    }[kind]()


def played(camp) -> dict:
    """The campaign as a save writes it, less what an undo itself changes."""
    data = campaign_to_dict(camp)
    data.pop("chronicle_length", None)
    data.pop("reroll", None)
    return data


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(OPS, min_size=1, max_size=14))
def test_perform_refuse_undo_leave_the_campaign_as_a_deep_copy_says(ops):
    """Whatever actions are performed, refused (after changing things in place) or
    undone, in any order: a refused action leaves the campaign equal to a deep copy
    taken before it, an undo gives back a deep copy of the campaign before the action
    it takes back, and the copy between actions always equals the campaign."""
    engine = Engine(crowded_campaign())
    engine.ruleset = copy.copy(engine.ruleset)
    engine.ruleset.apply = vandal(engine.ruleset.apply)
    camp = engine.campaign
    before_each: list[dict] = []  # the campaign before each action still undoable
    for kind, i, value in ops:
        reference = copy.deepcopy(played(camp))
        if kind == "undo":
            if not engine.can_undo("gm"):
                continue
            engine.undo("gm")
            assert played(camp) == before_each.pop()
        else:
            try:
                engine.perform("gm", action_of(camp, kind, i, value))
            except RuleError:
                assert played(camp) == reference
            else:
                before_each.append(reference)
                del before_each[: len(before_each) - len(engine.undo_points)]
        assert campaign_to_dict(engine.settled()) == campaign_to_dict(camp)
