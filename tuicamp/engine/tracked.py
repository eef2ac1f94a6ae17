"""Lists, dicts and sets that stamp themselves when changed: the live campaign's containers.

An assignment to a field stamps its object (:mod:`tuicamp.engine.stamps`), but a
container changed in place (``army.units.append(...)``, ``state.units[uid] = ...``,
``unit.flags.add(...)``) stamps nothing, so bringing the copy between actions up to date
had to look at every element of every container: the identity of each army and unit,
each unit's flags, each record of a ruleset's state, a few passes over the whole
campaign per action, however little it touched. A container of the live campaign is
therefore one of these: the same list, dict or set (``==`` to a plain one, written as
one by the codec), whose every changing method stamps it first. A change anywhere in
the campaign then leaves a stamp on the object or container it changed, and the
snapshots find what changed by asking the stamps logged since their copy
(:meth:`tuicamp.engine.snapshots.Memory.updated`), in proportion to what was touched.

The engine's :class:`~tuicamp.engine.snapshots.Memory` puts them in place: whenever it
copies or compares a live attrs object whose field holds a plain list, dict or set, the
field is given a tracked container with the same items (:func:`tracked`). The model and
the rulesets build plain containers as they always did; the copies stay plain. So a
container taken out of a campaign before the engine's copy and changed after it is no
longer the campaign's (read it from its object again, as every handler does): the memory
gives tracked ones between actions, never while an action runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tuicamp.engine.stamps import stamp

# Every method by which each kind of container changes in place.
LIST_CHANGES = (
    "append",
    "extend",
    "insert",
    "pop",
    "remove",
    "clear",
    "sort",
    "reverse",
    "__setitem__",
    "__delitem__",
    "__iadd__",
    "__imul__",
)
DICT_CHANGES = (
    "__setitem__",
    "__delitem__",
    "pop",
    "popitem",
    "clear",
    "update",
    "setdefault",
    "__ior__",
)
SET_CHANGES = (
    "add",
    "discard",
    "remove",
    "pop",
    "clear",
    "update",
    "difference_update",
    "intersection_update",
    "symmetric_difference_update",
    "__ior__",
    "__iand__",
    "__isub__",
    "__ixor__",
)


def _stamping(base: type, name: str) -> Callable[..., Any]:
    """``base``'s method ``name``, stamping the container before it changes it (a change
    that then fails, a ``remove`` of what is not there, costs a comparison, never a miss)."""
    method = getattr(base, name)

    def changing(self: Any, *args: Any, **kwargs: Any) -> Any:
        stamp(self)
        return method(self, *args, **kwargs)

    changing.__name__ = changing.__qualname__ = name
    changing.__doc__ = method.__doc__
    return changing


def _tracking(base: type, changes: tuple[str, ...]) -> Callable[[type], type]:
    def decorate(cls: type) -> type:
        for name in changes:
            setattr(cls, name, _stamping(base, name))
        return cls

    return decorate


@_tracking(list, LIST_CHANGES)
class TrackedList(list):
    """A list of the live campaign: stamped when changed in place."""

    __slots__ = ()


@_tracking(dict, DICT_CHANGES)
class TrackedDict(dict):
    """A dict of the live campaign: stamped when changed in place."""

    __slots__ = ()


@_tracking(set, SET_CHANGES)
class TrackedSet(set):
    """A set of the live campaign: stamped when changed in place."""

    __slots__ = ()

    def __repr__(self) -> str:
        return repr(set(self))  # read as the set it stands for, in a message or a test


# The tracked kind of each plain container, and the plain kind of each tracked one.
TRACKING: dict[type, type] = {list: TrackedList, dict: TrackedDict, set: TrackedSet}
PLAIN: dict[type, type] = {t: p for p, t in TRACKING.items()}


def tracked(value: Any) -> Any:
    """``value`` as a tracked container (a plain list, dict or set; anything else as it is)."""
    make = TRACKING.get(type(value))
    return value if make is None else make(value)


def kind(value: Any) -> type:
    """The plain type ``value`` stands for: list for a tracked list, its own type else."""
    cls = type(value)
    return PLAIN.get(cls, cls)
