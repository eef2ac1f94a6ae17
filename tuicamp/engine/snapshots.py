"""Copies of the campaign that cost what changed: the refusal and undo points of the engine.

The engine must be able to put the campaign back as it was before an action (a refusal,
an undo), whatever the ruleset had changed when it raised. Writing the whole campaign out
as plain data before every action made one action on a 200 x 200 map cost a full save's
worth of work, and every undo point held a whole campaign. Instead the engine keeps a
*structural copy* of the campaign as it stands between actions, and after each action
brings the copy up to date with :func:`updated`, which makes new objects only for the
parts that changed and shares every other part with the copy before it. So consecutive
copies (the undo points of a phase) share everything an action did not touch, and a
point costs memory in proportion to what its action changed.

Three kinds of value are never copied:

* immutable values (text, numbers, hexes, hexsides, enums, frozen attrs classes, tuples
  and frozensets of them) are shared by every copy;
* the map's tables that play never changes: the terrain rows, the hexside features,
  each territory's hexes (and the map's vocabulary and derived indexes). The model
  changes them only by replacing them (``HexMap.set_terrain`` and ``add_feature`` build
  new tables), never in place, so a copy that holds the old table stays right;
* the plain-data snapshots kept inside the campaign (a battle's take-back point, the
  re-roll point's campaign before its action), which are made whole and never edited.

Anything else a ruleset's state may hold that is neither attrs nor a container (a
dataclass) is copied whole with ``deepcopy``.

Whether a part changed is known, where it can be, without comparing it: the engine's
:class:`Memory` remembers what each copy was made from, assignments stamp the objects they
change (:mod:`tuicamp.engine.stamps`), the live campaign's containers are tracked ones
that stamp themselves when changed in place (:mod:`tuicamp.engine.tracked`, put in place
by the memory), and a tracked container's record knows what each element holds
(:class:`Index`), so the elements looked into after an action are those under a stamp,
found without a pass over the container: an army no one touched is not looked into, nor
are the others walked over (comparing the whole campaign after every action was most of
a turn with a hundred armies, and checking each army's identity and flags still made an
action cost O(armies)). A container not tracked (one inside a container, or holding
something that changes unstamped) is checked as before: by the identity of its elements,
their stamps and their containers of plain values, each a pass at C speed. Where
nothing is known, the live campaign is compared with the copy (an identity check first,
then ``==``), which creates nothing for the parts that did not change.
Fields that ``==`` does not compare (the map's vocabulary, bound once by the ruleset, and
its derived indexes, rebuilt whole from what is compared) follow the parts they belong to:
where the parts are equal, so are they.
:func:`restore` is the way back: it makes the live campaign equal a copy again, changing
only what differs, so objects a caller holds (an army, a player) stay the live ones where
the action left them alone.
"""

from __future__ import annotations

import operator
from collections import Counter
from copy import deepcopy
from enum import Enum
from itertools import chain
from typing import Any, TypeVar

import attrs

from tuicamp.engine import stamps
from tuicamp.engine.tracked import PLAIN, TRACKING, kind
from tuicamp.model.battle import Battle
from tuicamp.model.map import HexMap, Territory
from tuicamp.model.rerolls import RerollPoint

T = TypeVar("T")

# Fields that are shared by reference between the live campaign and its copies: tables
# play never changes (or replaces whole), and snapshots that are never edited in place.
SHARED_FIELDS: dict[type, frozenset[str]] = {
    HexMap: frozenset({"terrain", "hexsides", "vocabulary", "_territory_of", "_features"}),
    Territory: frozenset({"hexes"}),
    Battle: frozenset({"revert_point"}),
    RerollPoint: frozenset({"snapshot"}),
}

_SCALARS = (str, int, float, bool, bytes, type(None), Enum)
_IMMUTABLE = (*_SCALARS, tuple, frozenset)
_IMMUTABLE_TYPES = frozenset({str, int, float, bool, bytes, type(None), tuple, frozenset})

_NO_SHARED: frozenset[str] = frozenset()
_FROZEN: dict[type, bool] = {}
_FIELDS: dict[type, tuple[tuple[str, bool], ...]] = {}


def _frozen(cls: type) -> bool:
    """Whether an attrs class refuses assignment (``@frozen``: hexes, hexsides), cached."""
    known = _FROZEN.get(cls)
    if known is None:
        known = _FROZEN[cls] = getattr(cls.__setattr__, "__name__", "") == "_frozen_setattrs"
    return known


def _fields(cls: type) -> tuple[tuple[str, bool], ...]:
    """An attrs class's field names, each with whether copies share it by reference."""
    found = _FIELDS.get(cls)
    if found is None:
        shared = SHARED_FIELDS.get(cls, _NO_SHARED)
        found = _FIELDS[cls] = tuple((a.name, a.name in shared) for a in attrs.fields(cls))
        stamps.track(cls)  # a mutable class (asked after _frozen): its assignments marked
    return found


def _mutable_attrs(cls: type) -> bool:
    return attrs.has(cls) and not _frozen(cls)


def _new(cls: type[T]) -> T:
    """An empty instance, filled in field by field (no __init__: no validators, no
    converters, no defaults to overwrite)."""
    return cls.__new__(cls)


def copy(value: T) -> T:
    """A structural copy of ``value``: new containers and new mutable attrs objects all the
    way down, immutable values and the shared tables (:data:`SHARED_FIELDS`) shared."""
    if isinstance(value, _SCALARS):
        return value
    out: Any
    if isinstance(value, list):
        out = [copy(v) for v in value]
    elif isinstance(value, dict):
        out = {k: copy(v) for k, v in value.items()}
    elif isinstance(value, set):
        out = set(value)  # a set holds immutable values only
    elif _mutable_attrs(type(value)):
        out = _new(type(value))
        for name, shared in _fields(type(value)):
            item = getattr(value, name)
            object.__setattr__(out, name, item if shared else copy(item))
    elif isinstance(value, tuple | frozenset) or _frozen(type(value)):
        out = value  # immutable: shared
    else:
        out = deepcopy(value)  # anything else a state may hold (a dataclass): copied whole
    return out  # of value's own type, built above


def _same(old: Any, live: Any) -> bool:
    """Whether the copy's part still stands for the live one: the same object, or of one
    type and equal (``==`` is generated and compares without a walk in Python; the type
    of the part is asked so that a field's 0 never stands for its 0.0, nor 1 for True,
    in what a save writes. Inside an attrs object compared whole, its fields are compared
    as its ``__eq__`` compares them)."""
    return old is live or (
        (type(old) is type(live) or type(old) is PLAIN.get(type(live))) and old == live
    )


def _same_kinds(old: Any, live: Any) -> bool:
    """Whether two equal containers hold values of the same types, item for item (``==``
    takes 2 for 2.0 and 1 for True, which a save writes apart): a pass at C speed."""
    if isinstance(live, dict):
        return list(map(type, old.values())) == list(map(type, live.values()))
    if isinstance(live, list):
        return list(map(type, old)) == list(map(type, live))
    return Counter(map(type, old)) == Counter(map(type, live))  # a set: in no order


def _immutable(value: Any) -> bool:
    """A value no code can change in place: shared by copies, never looked into."""
    cls = type(value)
    return cls in _IMMUTABLE_TYPES or isinstance(value, _IMMUTABLE) or _frozen(cls)


def _container_of_atoms(value: Any) -> bool:
    """A set, list or dict holding immutable values only: compared whole with ``==``."""
    cls = kind(value)
    if cls is dict:
        return all(map(_immutable, value.values()))
    return cls in (set, list) and all(map(_immutable, value))


# A record of a live container, made when its copy was made or brought up to date: the
# live container, its copy, its elements then (and a dict's keys), the tick, the epoch,
# and how to check its elements (see Memory._checker).
# (live, copy, its elements (twice), their ids, a dict's keys, tick, epoch, shape,
# the copy's elements' containers, what is kept of the lists below: see _flat)
# the copy's elements' containers, what is kept of the lists below: see _flat, and for a
# tracked container the Index of what its elements hold)
_Record = tuple[
    Any, Any, tuple[Any, ...], tuple[Any, ...], frozenset[int], Any, int, int, Any, Any, Any, Any
]
_DEEP = "deep"  # elements checked one by one (they hold mutable attrs objects)
_TRACKED = "tracked"  # elements found by the stamps under them (an Index)
_ATOMS = "atoms"  # a tracked container of immutable values: unchanged unless stamped
_LAZY = "lazy"  # a tracked container inside an element: indexed when that is looked into
_NO_IDS: frozenset[int] = frozenset()
_UNTRACKED = -1  # the key under which a part of an Index notes what changes unstamped


def _tracking(owner: Any, name: str, item: Any) -> Any:
    """The field ``name`` of the live ``owner``, a plain list, dict or set given a tracked
    one with the same items (:mod:`tuicamp.engine.tracked`), so that a change in place
    stamps it from now on; anything else as it is. Not a change: no stamp."""
    make = TRACKING.get(type(item))
    if make is None:
        return item
    item = make(item)
    object.__setattr__(owner, name, item)
    return item


class Index:
    """What each element of a tracked container holds that can change: the element,
    its attrs objects and its tracked containers, all the way down, by id. Every change
    under an element stamps one of them (an assignment its object, a change in place its
    container), so the elements to look into after an action are the owners of the ids
    stamped since, found without a pass over the container. An object several elements
    hold (a set of flags two armies were cloned with) names each of them.

    Ids are never taken out: an object that left an element (or a new one that took a
    freed object's id) can only make an element looked into for nothing, never one
    skipped, since whatever enters an element is indexed there when it does."""

    __slots__ = ("owner",)

    def __init__(self) -> None:
        # id of what an element holds -> its place (a set of places if several hold it)
        self.owner: dict[int, int | set[int]] = {}

    @classmethod
    def of(cls, values: Any) -> Index | None:
        """The index of a container's elements; None when one holds something that
        changes unstamped (a plain container, an object that is not attrs)."""
        index = cls()
        for i, value in enumerate(values):
            if not index.again(i, value):
                return None
        return index

    @classmethod
    def made(cls, parts: list[dict[int, Any]]) -> Index | None:
        """The index of elements that hold ``parts`` (gathered as they were copied);
        None when one holds something that changes unstamped."""
        index = cls()
        for i, part in enumerate(parts):
            if _UNTRACKED in part:
                return None
            index._add(i, part)
        return index

    def again(self, i: int, value: Any) -> bool:
        """Index what the element at ``i`` holds now (it changed: it may hold other
        things); False when something in it changes unstamped."""
        held = _held(value)
        if held is None:
            return False
        self._add(i, held)
        return True

    def _add(self, i: int, held: dict[int, Any]) -> None:
        owner = self.owner
        shared = {key: owner[key] for key in owner.keys() & held.keys()}
        owner.update(dict.fromkeys(held, i))  # at C speed; then the few held twice
        for key, places in shared.items():
            owner[key] = _with(places, i)

    def places(self, recent: set[int]) -> list[int]:
        """The places of the elements under which something was stamped (``recent``)."""
        owner = self.owner
        found: set[int] = set()
        for x in recent:
            place = owner.get(x)
            if place is None:
                continue
            if isinstance(place, int):
                found.add(place)
            else:
                found |= place
        return sorted(found)


def _with(places: int | set[int], i: int) -> int | set[int]:
    """An owner's places with ``i`` among them."""
    if isinstance(places, int):
        return i if places == i else {places, i}
    return places | {i}


def _held(value: Any) -> dict[int, Any] | None:
    """Every attrs object and tracked container under ``value`` (itself included), by
    id; None when something under it could change without a stamp."""
    found: dict[int, Any] = {}
    stack = [value]
    while stack:
        item = stack.pop()
        cls = type(item)
        if cls in PLAIN:
            found[id(item)] = item
            items = item.values() if isinstance(item, dict) else item
            stack.extend(v for v in items if not _immutable(v))
        elif _mutable_attrs(cls):
            found[id(item)] = item
            for name, shared in _fields(cls):
                if not shared:
                    part = getattr(item, name)
                    if not _immutable(part):
                        stack.append(part)
        elif not _immutable(item):
            return None
    return found


class Memory:
    """What an engine remembers of its live campaign to bring its copy up to date in
    proportion to what changed (dirty tracking, :mod:`tuicamp.engine.stamps`).

    For each live container of attrs objects (the armies, an army's units, a ruleset's
    records per id) it keeps the elements the container held when its copy was made, and
    for each live attrs object the copy made of it, with the tick of that moment. Then:

    * an attrs object not stamped since its copy's tick has the copy's value in every
      immutable field, which is not compared;
    * a container holding the very same elements (compared by identity, at C speed) none
      of which was stamped (also at C speed) is unchanged, as far as the elements' own
      containers are: for elements holding only immutable values and containers of
      them (a unit, a per-unit record) those are compared in one pass at C speed, else
      element by element;
    * where a check fails, only the elements it names are looked into.

    A tracked container (:mod:`tuicamp.engine.tracked`) is recorded with the
    :class:`Index` of what its elements hold instead: unstamped itself, only the elements
    under the ids stamped since are looked into, without a pass over it.

    Anything not known (a record of another copy, a new container, a new epoch) is
    compared as before: a record only ever saves work, it never decides what changed."""

    def __init__(self) -> None:
        self._objects: dict[int, tuple[Any, Any, int, int]] = {}
        self._containers: dict[int, _Record] = {}
        self._now = 0
        self._kept = 0  # records after the last whole copy: more than a few times that,
        # and the records of replaced objects are dropped (made again when next met)
        self._held: dict[int, Any] | None = None  # what the element being copied holds
        self._depth = 0  # how many elements of containers the walk is inside

    # --- entry points -----------------------------------------------------------------
    def copy(self, value: T) -> T:
        """A whole structural copy (:func:`copy`), remembered from now on."""
        self._objects.clear()
        self._containers.clear()
        self._now = stamps.tick()
        out = self._copy(value)
        self._kept = len(self._objects) + len(self._containers)
        return out

    def updated(self, old: T, live: T) -> T:
        """:func:`updated`: a copy of ``live`` sharing every unchanged part of ``old``."""
        if len(self._objects) + len(self._containers) > 4 * self._kept + 1024:
            self._objects.clear()
            self._containers.clear()
        self._now = stamps.tick()
        return self._updated(old, live, None)

    # --- copying ----------------------------------------------------------------------
    def _copy(self, value: Any, element: bool = False) -> Any:
        if isinstance(value, _SCALARS):
            return value
        out: Any
        cls = type(value)
        plain = PLAIN.get(cls, cls)
        held = self._held
        if held is not None and plain is not cls:
            held[id(value)] = value
        elif held is not None and plain in TRACKING:
            held[_UNTRACKED] = value  # a plain container inside a container
        if plain is list:
            out, parts = self._elements(value, value)
            self._remember(value, out, parts=parts)
        elif plain is dict:
            copies, parts = self._elements(value, value.values())
            out = dict(zip(value, copies, strict=True))
            self._remember(value, out, parts=parts)
        elif isinstance(value, set):
            out = set(value)
        elif _mutable_attrs(cls):
            if held is not None:
                held[id(value)] = value
            out = _new(cls)
            for name, shared in _fields(cls):
                item = getattr(value, name)
                if not shared and not isinstance(item, _SCALARS):
                    item = self._field(value, name, item, held)
                object.__setattr__(out, name, item)
            if not element:  # an element is known from its container's record
                self._objects[id(value)] = (value, out, self._now, stamps.epoch.value)
        else:
            if held is not None and not _immutable(value):
                held[_UNTRACKED] = value  # copied whole: it changes unstamped
            out = copy(value)
        return out

    def _field(self, owner: Any, name: str, item: Any, held: dict[int, Any] | None) -> Any:
        """The copy of the live ``owner``'s field ``name``; a plain list, dict or set
        there is given a tracked one first (:func:`_tracking`). One of immutable values
        is not copied: the copy keeps the plain one the live object gave up, equal and
        held by no part of the campaign any more (no second copy of every unit's flags)."""
        live_one = _tracking(owner, name, item)
        if live_one is item:  # no plain container: copied as any value is
            return self._copy(item)
        if not _container_of_atoms(item):
            return self._copy(live_one)
        if held is not None:
            held[id(live_one)] = live_one
        return item

    def _elements(self, value: Any, items: Any) -> tuple[list[Any], list[dict[int, Any]]]:
        """Copies of a container's elements, and what each holds (its part of an
        :class:`Index`), gathered as they are copied; what the container is held in
        holds them too."""
        outer = self._held
        copies, parts = [], []
        self._depth += 1
        try:
            for item in items:
                part: dict[int, Any] = {}
                self._held = part
                copies.append(self._copy(item, element=True))
                parts.append(part)
        finally:
            self._held = outer
            self._depth -= 1
        if outer is not None:
            for part in parts:
                outer.update(part)
        return copies, parts

    def _remember(
        self, live: Any, out: Any, checker: Any = None, parts: list[dict[int, Any]] | None = None
    ) -> None:
        """Record a live list or dict of attrs objects with its copy, as of now
        (``checker``: how its elements are checked, when known; ``parts``: what each
        element holds, gathered as it was copied)."""
        values = list(live.values()) if isinstance(live, dict) else live
        if not values or not _mutable_attrs(type(values[0])):
            self._containers.pop(id(live), None)  # compared whole where it is met
            return
        if type(live) in PLAIN and self._remember_tracked(live, out, values, parts):
            return
        if checker is None:
            checker = _checker(values)
        if checker is None:
            self._containers.pop(id(live), None)
            return
        keys = list(live) if isinstance(live, dict) else None
        olds = list(out.values()) if type(out) is dict else out
        kept: Any = ()
        picked = None
        if checker is not _DEEP:
            kept = _flat(values, olds, checker)
            picked = list(map(_getter(checker[0]), olds)) if checker[0] else None
        refs = tuple(values)  # held, so that their ids stay theirs
        idset = frozenset(map(id, refs))
        self._containers[id(live)] = (
            live,
            out,
            refs,
            refs,
            idset,
            keys,
            self._now,
            stamps.epoch.value,
            checker,
            picked,
            kept,
            None,
        )

    def _remember_tracked(
        self, live: Any, out: Any, values: Any, parts: list[dict[int, Any]] | None
    ) -> bool:
        """Record a tracked container by what each of its elements holds (an
        :class:`Index`): whether it is found when nothing under it is tracked but its own
        stamps (else it is recorded as a plain one). One inside an element of another
        container (an army's units) is indexed only when that element is looked into:
        the index of the container it is in names its stamps already."""
        index = None
        if parts is not None and any(_UNTRACKED in part for part in parts):
            return False
        if not self._depth:
            index = Index.of(values) if parts is None else Index.made(parts)
            if index is None:
                return False
        keys = list(live) if isinstance(live, dict) else None
        refs = tuple(values)
        self._containers[id(live)] = (
            live,
            out,
            refs,
            refs,
            _NO_IDS,
            keys,
            self._now,
            stamps.epoch.value,
            _TRACKED if index is not None else _LAZY,
            None,
            (),
            index,
        )
        return True

    # --- bringing up to date ------------------------------------------------------------
    def _updated(self, old: Any, live: Any, since: int | None) -> Any:
        if old is live:
            return old
        cls = type(live)
        plain = PLAIN.get(cls, cls)
        if type(old) is not plain:
            return self._copy(live)
        if plain is list or plain is dict:
            return self._container(old, live)
        if _mutable_attrs(cls):
            return self._attrs(old, live, cls, since)
        return old if old == live else self._copy(live)

    def _attrs(self, old: Any, live: Any, cls: type, since: int | None) -> Any:
        """An attrs object field by field; ``since``: the tick at which ``old`` is known
        to have been a copy of ``live`` (None: ask the records)."""
        if since is None:
            known = self._objects.get(id(live))
            if (
                known is not None
                and known[0] is live
                and known[1] is old
                and known[3] == stamps.epoch.value
            ):
                since = known[2]
        still = since is not None and stamps.clean(live, since)
        parts: list[Any] = []
        changed = False
        for name, shared in _fields(cls):
            was, now = getattr(old, name), getattr(live, name)
            if type(now) in TRACKING and not shared:
                now = _tracking(live, name, now)  # just assigned: tracked from now on
            if shared:
                part = now
            elif still and _immutable(now):
                part = was  # the field was not assigned: the very value of the copy's
            elif (plain := kind(now)) is list or plain is dict:
                part = self._updated(was, now, None)  # its record says what changed
            elif type(was) is type(now) and _mutable_attrs(type(now)):
                part = self._attrs(was, now, type(now), since if still else None)
            elif _same(was, now):
                part = was
            else:
                part = self._updated(was, now, None)
            changed = changed or part is not was
            parts.append(part)
        out = old
        if changed:
            out = _new(cls)
            for (name, _), part in zip(_fields(cls), parts, strict=True):
                object.__setattr__(out, name, part)
        self._objects[id(live)] = (live, out, self._now, stamps.epoch.value)
        return out

    def _container(self, old: Any, live: Any) -> Any:
        record = self._containers.get(id(live))
        if (
            record is None
            or record[0] is not live
            or record[1] is not old
            or record[7] != stamps.epoch.value
        ):
            return self._compared(old, live)
        _, _, _, ids, idset, keys, since, _, checker, picked, kept, index = record
        if index is not None or checker is _LAZY:
            return self._tracked(record, old, live)
        if checker is _ATOMS:  # tracked, of immutable values: changed only if stamped
            if not stamps.clean(live, since):
                return self._compared(old, live)
            self._containers[id(live)] = (*record[:6], self._now, *record[7:])
            return old
        is_dict = keys is not None
        values = list(live.values()) if is_dict else live
        same = len(values) == len(ids) and all(map(operator.is_, values, ids))
        if not same or (is_dict and list(live) != keys):
            return self._compared(old, live)
        olds = list(old.values()) if is_dict else old
        suspects = _suspects(values, since, checker, (ids, idset, picked, kept))
        if not suspects:
            self._containers[id(live)] = (*record[:6], self._now, *record[7:])
            return old  # its record stands, as of now
        news = list(olds)
        for i in suspects:
            news[i] = self._updated(olds[i], values[i], since)
        if all(map(operator.is_, news, olds)):
            out = old
        elif is_dict:
            out = dict(zip(live, news, strict=True))
        else:
            out = news
        if checker is not _DEEP and all(
            _kept_shape(news[i], olds[i], values[i]) for i in suspects
        ):  # their copies hold the containers they held: what the record keeps stands
            self._containers[id(live)] = (live, out, *record[2:6], self._now, *record[7:])
            return out
        if checker is not _DEEP:  # the changed elements may hold other things now
            checker = checker if _fits(_checker([values[i] for i in suspects]), checker) else None
        self._remember(live, out, checker)
        return out

    def _tracked(self, record: _Record, old: Any, live: Any) -> Any:
        """A tracked container with its :class:`Index`: unchanged when nothing under it
        was stamped since its record, else only the elements the stamps name are looked
        into. Stamped itself (an element added, removed or replaced), it is compared."""
        keys, since, index = record[5], record[6], record[11]
        recent = stamps.stamped_since(since)
        if id(live) in recent:
            return self._compared(old, live)
        lazy = index is None
        if lazy:  # inside a changed element: indexed for now
            index = Index.of(record[2])
            if index is None:
                return self._compared(old, live)
        places = index.places(recent)
        if not places:
            self._containers[id(live)] = (*record[:6], self._now, *record[7:])
            return old
        news = {}
        again = True
        self._depth += 1
        try:
            for i in places:
                at = i if keys is None else keys[i]
                now = live[at]
                new = self._updated(old[at], now, since)
                if new is not old[at]:
                    news[at] = new
                again = again and (lazy or index.again(i, now))
        finally:
            self._depth -= 1
        out = old
        if news:
            out = list(old) if keys is None else dict(old)
            for at, new in news.items():
                out[at] = new
        if not again:
            self._remember(live, out)
            return out
        self._containers[id(live)] = (live, out, *record[2:6], self._now, *record[7:])
        return out

    def _compared(self, old: Any, live: Any) -> Any:
        """A container without a record that stands: compared item by item, recorded.
        One of immutable values (a unit's ids, a store of food) is compared whole."""
        values = list(live.values()) if isinstance(live, dict) else live
        if not values or not _mutable_attrs(type(values[0])):
            same = (
                _same(old, live)
                and (isinstance(live, list) or list(old) == list(live))
                and _same_kinds(old, live)
            )
            out = old if same else self._copy(live)
            if values and type(live) in PLAIN and _container_of_atoms(live):
                self._containers[id(live)] = (
                    *(live, out, (), (), _NO_IDS, None),
                    *(self._now, stamps.epoch.value, _ATOMS, None, (), None),
                )
            return out
        out = (
            _updated_list(self, old, live)
            if isinstance(live, list)
            else _updated_dict(self, old, live)
        )
        self._remember(live, out)
        return out


# How the elements of a recorded container are checked: the names of their fields that
# hold containers of immutable values (compared whole), and of their fields that hold
# lists of attrs objects, each with the same pair for those (a unit's flags, an army's
# units); or _DEEP: element by element (they hold other mutable objects).
Shape = tuple[tuple[str, ...], tuple[tuple[str, "Shape"], ...]]


def _checker(values: Any) -> Any:
    """The :data:`Shape` of a container's elements; None when it holds no attrs objects
    (or objects of several kinds), ``_DEEP`` when the shape is deeper than two levels."""
    return _shape(values, depth=2)


def _shape(values: Any, depth: int) -> Any:
    classes = {type(v) for v in values}
    if len(classes) != 1:
        return None if classes or depth == 2 else ((), ())
    (cls,) = classes
    if not _mutable_attrs(cls):
        return None
    atoms: set[str] = set()
    inner: dict[str, list[Any]] = {}
    for v in values:
        for name, shared in _fields(cls):
            item = getattr(v, name)
            if shared or _immutable(item):
                continue
            if _container_of_atoms(item) and name not in inner:
                atoms.add(name)
            elif depth > 1 and kind(item) is list:
                inner.setdefault(name, []).extend(item)
            else:
                return _DEEP
    shapes = []
    for name, items in sorted(inner.items()):
        atoms.discard(name)
        shape = _shape(items, depth - 1) if items else ((), ())
        if not isinstance(shape, tuple):
            return _DEEP
        shapes.append((name, shape))
    return (tuple(sorted(atoms)), tuple(shapes))


def _kept_shape(new: Any, old: Any, live: Any) -> bool:
    """Whether an element's new copy keeps the shape its old copy had: each of its
    fields holds an immutable value or the old copy's own container (then it did not
    change). Asked of each changed element before :func:`_fits` walks it."""
    if new is old:
        return True
    if type(new) is not type(old):
        return False
    return all(
        shared or _immutable(getattr(live, name)) or getattr(new, name) is getattr(old, name)
        for name, shared in _fields(type(live))
    )


def _fits(part: Any, whole: Any) -> bool:
    """Whether elements of shape ``part`` are checked right as of shape ``whole``."""
    if not isinstance(part, tuple) or not isinstance(whole, tuple):
        return False
    atoms, inner = part
    outer = dict(whole[1])
    if not set(atoms) <= set(whole[0]) | set(outer):
        return False
    return all(name in outer and _fits(shape, outer[name]) for name, shape in inner)


_GETTERS: dict[tuple[str, ...], Any] = {}


def _getter(names: tuple[str, ...]) -> Any:
    """The C getter of a tuple of field names, kept."""
    found = _GETTERS.get(names)
    if found is None:
        found = _GETTERS[names] = operator.attrgetter(*names)
    return found


def _flat(values: Any, olds: Any, shape: Shape) -> tuple[Any, ...]:
    """What a record keeps of its elements' lists of objects, for each such field in
    ``shape``: the lists' lengths, their elements (flattened: held, their ids, as a set),
    the containers of the elements' copies, and the same for the lists below."""
    out = []
    for name, inner in shape[1]:
        get = operator.attrgetter(name)
        lists = list(map(get, values))
        items = list(chain.from_iterable(lists))
        copies = list(chain.from_iterable(map(get, olds)))
        picked = list(map(_getter(inner[0]), copies)) if inner[0] else None
        held = tuple(items)
        idset = frozenset(map(id, held))
        lens = tuple(map(len, lists))
        out.append((lens, held, held, idset, picked, _flat(items, copies, inner)))
    return tuple(out)


def _inner_same(values: Any, recent: set[int], shape: Shape, kept: tuple[Any, ...]) -> bool:
    """Whether the lists of objects the elements hold (and the lists those hold) have
    the same elements as recorded, none stamped, their containers equal their copies'.
    Each pass is one call at C speed."""
    for (name, inner), (lens, _, ids, idset, picked, below) in zip(shape[1], kept, strict=True):
        lists = list(map(operator.attrgetter(name), values))
        if tuple(map(len, lists)) != lens:
            return False
        items = list(chain.from_iterable(lists))
        if len(items) != len(ids) or not all(map(operator.is_, items, ids)):
            return False
        if not recent.isdisjoint(idset):
            return False
        if picked is not None and list(map(_getter(inner[0]), items)) != picked:
            return False
        if below and not _inner_same(items, recent, inner, below):
            return False
    return True


def _suspects(values: list[Any], since: int, checker: Any, known: Any) -> list[int]:
    """The places of the elements that may have changed since ``since``: stamped ones,
    ones whose containers differ from their copy's, or every one (``_DEEP``, or a change
    below them: it is found by looking at each). ``known``: the record's ids of the
    elements, as a set, their copies' containers and what it keeps of the lists below."""
    everything = list(range(len(values)))
    if checker is _DEEP:
        return everything
    ids, idset, picked, kept = known
    atoms, inner = checker
    recent = stamps.stamped_since(since)
    if inner and not _inner_same(values, recent, checker, kept):
        return everything
    stamped = not recent.isdisjoint(idset)
    get = _getter(atoms) if atoms else None
    differ = get is not None and list(map(get, values)) != picked
    if not stamped and not differ:
        return []
    found = {i for i, x in enumerate(map(id, ids)) if x in recent} if stamped else set()
    if get is not None and differ:
        pairs = zip(map(get, values), picked, strict=True)
        found.update(i for i, (a, b) in enumerate(pairs) if a != b)
    return sorted(found)


def updated(old: T, live: T, memory: Memory | None = None) -> T:
    """A structural copy of ``live`` that reuses every part of ``old`` (a copy made
    earlier) still equal to the live one: ``old`` itself when nothing changed.

    An attrs object is looked at field by field, a container item by item, each compared
    once with ``==``; only a part found unequal is looked into. So the cost is one
    comparison of the campaign, and new objects for what changed alone; with the
    ``memory`` of the copies made before (:class:`Memory`), what was not touched since
    is not even compared."""
    return (memory or Memory()).updated(old, live)


def _updated_list(memory: Memory, old: list[Any], live: list[Any]) -> list[Any]:
    if len(old) != len(live):
        return _resized(memory, old, live)
    out: list[Any] | None = None
    for i, (was, now) in enumerate(zip(old, live, strict=True)):
        if not _same(was, now):
            if out is None:
                out = list(old)
            out[i] = memory._updated(was, now, None)
    return old if out is None else out


def _resized(memory: Memory, old: list[Any], live: list[Any]) -> list[Any]:
    """A list that grew or shrank (an army raised, a settlement razed): the equal items
    at its start and its end are the old ones, the items between them new copies."""
    start, most = 0, min(len(old), len(live))
    while start < most and _same(old[start], live[start]):
        start += 1
    end = 0
    while end < most - start and _same(old[-1 - end], live[-1 - end]):
        end += 1
    middle = [memory._copy(v) for v in live[start : len(live) - end]]
    return [*old[:start], *middle, *old[len(old) - end :]]


def _updated_dict(memory: Memory, old: dict[Any, Any], live: dict[Any, Any]) -> dict[Any, Any]:
    """A dict item by item, in the live order (which a save writes). Records kept per id
    (a ruleset's per-unit state) mostly stand still: compared whole first."""
    if len(old) == len(live) and old == live and list(old) == list(live):
        return old
    changed = len(old) != len(live)
    out: dict[Any, Any] = {}
    for (key, now), old_key in zip(live.items(), old, strict=False):
        if key == old_key and _same(old[key], now):
            out[key] = old[key]
            continue
        changed = True
        out[key] = memory._updated(old[key], now, None) if key in old else memory._copy(now)
    for key in list(live)[len(old) :]:  # the zip stopped at the old dict's end
        out[key] = (
            memory._updated(old[key], live[key], None) if key in old else memory._copy(live[key])
        )
    return out if changed else old


def restore(live: Any, saved: Any) -> Any:
    """Make ``live`` equal ``saved`` (a copy), changing only what differs.

    Attrs objects and containers are changed in place; the return value is what the
    holder of ``live`` should hold (``live`` itself, or a fresh copy of ``saved`` where
    the two are not of one kind). A list's element is kept only where it equals the saved
    one, so one live object is never turned into another's data (an army removed from
    the front of a list does not make the next army take its name). ``saved`` is never
    changed nor taken into the live campaign: later restores may need it as it is."""
    if live is saved:
        return live
    cls = type(saved)
    if kind(live) is not cls:
        return copy(saved)
    if live == saved:  # the common case, compared without a walk in Python
        return live
    if cls is list:
        live[:] = [_restored_item(live, i, s) for i, s in enumerate(saved)]
        return live
    if cls is dict:
        items = {k: restore(live[k], s) if k in live else copy(s) for k, s in saved.items()}
        if list(live) != list(items) or any(live[k] is not v for k, v in items.items()):
            live.clear()
            live.update(items)
        return live
    if cls is set:
        live.clear()
        live.update(saved)
        return live
    if not _mutable_attrs(cls):
        return copy(saved)  # the saved value itself only where it is immutable
    for name, shared in _fields(cls):
        item, want = getattr(live, name), getattr(saved, name)
        now = want if shared else restore(item, want)
        if now is not item:
            object.__setattr__(live, name, now)
            stamps.stamp(live)  # written past its __setattr__: the records must know
    return live


def _restored_item(live: list[Any], i: int, saved: Any) -> Any:
    """A list's element put back: the live element at the same place if it equals the
    saved one, else a fresh copy."""
    if i < len(live) and type(live[i]) is type(saved) and live[i] == saved:
        return live[i]
    return copy(saved)
