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

Whether a part changed is found by comparing the live campaign with the copy (an
identity check first, then ``==``), which creates nothing for the parts that did not.
Fields that ``==`` does not compare (the map's vocabulary, bound once by the ruleset, and
its derived indexes, rebuilt whole from what is compared) follow the parts they belong to:
where the parts are equal, so are they.
:func:`restore` is the way back: it makes the live campaign equal a copy again, changing
only what differs, so objects a caller holds (an army, a player) stay the live ones where
the action left them alone.
"""

from __future__ import annotations

from copy import deepcopy
from enum import Enum
from typing import Any, TypeVar

import attrs

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
    return old is live or (type(old) is type(live) and old == live)


def updated(old: T, live: T) -> T:
    """A structural copy of ``live`` that reuses every part of ``old`` (a copy made
    earlier) still equal to the live one: ``old`` itself when nothing changed.

    An attrs object is looked at field by field, a container item by item, each compared
    once with ``==``; only a part found unequal is looked into. So the cost is one
    comparison of the campaign, and new objects for what changed alone."""
    if old is live:
        return old
    cls = type(live)
    if type(old) is not cls:
        return copy(live)
    if cls is list:
        return _updated_list(old, live)  # type: ignore[arg-type,return-value]  # a list
    if cls is dict:
        return _updated_dict(old, live)  # type: ignore[arg-type,return-value]  # a dict
    if _mutable_attrs(cls):
        return _updated_attrs(old, live, cls)
    return old if old == live else copy(live)


def _updated_list(old: list[Any], live: list[Any]) -> list[Any]:
    if len(old) != len(live):
        return _resized(old, live)
    out: list[Any] | None = None
    for i, (was, now) in enumerate(zip(old, live, strict=True)):
        if not _same(was, now):
            if out is None:
                out = list(old)
            out[i] = updated(was, now)
    return old if out is None else out


def _resized(old: list[Any], live: list[Any]) -> list[Any]:
    """A list that grew or shrank (an army raised, a settlement razed): the equal items
    at its start and its end are the old ones, the items between them new copies."""
    start, most = 0, min(len(old), len(live))
    while start < most and _same(old[start], live[start]):
        start += 1
    end = 0
    while end < most - start and _same(old[-1 - end], live[-1 - end]):
        end += 1
    middle = [copy(v) for v in live[start : len(live) - end]]
    return [*old[:start], *middle, *old[len(old) - end :]]


def _updated_dict(old: dict[Any, Any], live: dict[Any, Any]) -> dict[Any, Any]:
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
        out[key] = updated(old[key], now) if key in old else copy(now)
    for key in list(live)[len(old) :]:  # the zip stopped at the old dict's end
        out[key] = updated(old[key], live[key]) if key in old else copy(live[key])
    return out if changed else old


def _updated_attrs(old: T, live: T, cls: type) -> T:
    parts: list[Any] = []
    changed = False
    for name, shared in _fields(cls):
        was, now = getattr(old, name), getattr(live, name)
        if shared:
            part = now
        elif type(now) is list or type(now) is dict:
            part = updated(was, now)  # compared item by item there, once
        elif _same(was, now):
            part = was
        else:
            part = updated(was, now)
        changed = changed or part is not was
        parts.append(part)
    if not changed:
        return old
    out: T = _new(cls)
    for (name, _), part in zip(_fields(cls), parts, strict=True):
        object.__setattr__(out, name, part)
    return out


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
    if type(live) is not cls:
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
    return live


def _restored_item(live: list[Any], i: int, saved: Any) -> Any:
    """A list's element put back: the live element at the same place if it equals the
    saved one, else a fresh copy."""
    if i < len(live) and type(live[i]) is type(saved) and live[i] == saved:
        return live[i]
    return copy(saved)
