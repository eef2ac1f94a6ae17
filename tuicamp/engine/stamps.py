"""Which live objects were assigned to since a given moment: the engine's dirty marks.

Bringing the copy between actions up to date (:mod:`tuicamp.engine.snapshots`) used to
compare the whole campaign with it after every action, so an action cost what the
campaign holds: with 128 armies, most of a move was spent finding that 127 armies and
their thousands of units had not changed. A field of an attrs object changes in one of
two ways only: it is assigned (``army.hex = ...``), or the container it holds is changed
in place (``army.units.append(...)``). The first is marked here: every mutable attrs
class the snapshots meet has its ``__setattr__`` wrapped (:func:`track`) to write the
object's *stamp*, the tick of a counter that only grows, into :data:`STAMPS`, when a copy
its field was set before (an object being built is not stamped). A copy made
at tick ``t`` of an object whose stamp is still at most ``t`` has the same value in every
field that holds no container; its containers are checked by the snapshots themselves
(the same elements, by identity, and equal contents), at C speed.

Objects are keyed by ``id``: an id reused by a newer object can only make that object
look stamped (so compared, never skipped). The table is emptied when it grows large, and
:data:`epoch` says so: whatever was known before that moment is then known no more.
Code that writes a live object without its ``__setattr__`` (``object.__setattr__``, as
:func:`tuicamp.engine.snapshots.restore` does) must :func:`stamp` it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

STAMPS: dict[int, int] = {}  # id -> the tick of its last stamp
# The ids stamped, in order: the stamp of LOG[i] was tick _BASE.value + i + 1. What was
# stamped after a tick is the log's tail, a few ids an action: asked of a whole
# container, it is found without looking at each element.
LOG: list[int] = []
_MOST = 1 << 16  # stamps logged before the table is emptied (a new epoch): a few MB
_WRAPPER_MARK = "_tuicamp_stamps"


class _Epoch:
    """How many times the table was emptied (a record from another epoch is worthless),
    and the tick the log starts after."""

    value = 0
    base = 0
    mark = 0  # the last tick a copy was brought up to date at: no record is younger


epoch = _Epoch()


def tick() -> int:
    """Now, when a copy is made or brought up to date: every stamp written after it has
    a greater tick, and no record of a copy will be older than it."""
    epoch.mark = epoch.base + len(LOG)
    return epoch.mark


def stamp(obj: object) -> None:
    """Mark ``obj`` as changed now (if a copy was made of it)."""
    key = id(obj)
    if STAMPS.get(key, 0) > epoch.mark:
        return  # logged since the last copy was made already: the log says so
    if len(LOG) >= _MOST:
        _new_epoch()
    LOG.append(key)
    STAMPS[key] = epoch.base + len(LOG)


def _new_epoch() -> None:
    """Forget every stamp and every watched object: what was known is known no more."""
    epoch.base += len(LOG)
    epoch.value += 1
    STAMPS.clear()
    LOG.clear()


def clean(obj: object, since: int) -> bool:
    """Whether no field of ``obj`` was assigned after tick ``since``."""
    return STAMPS.get(id(obj), 0) <= since


def stamped_since(since: int) -> set[int]:
    """The ids of the objects stamped after tick ``since`` (of this epoch)."""
    return set(LOG[max(0, since - epoch.base) :])


def track(cls: type) -> None:
    """Make assignments to ``cls``'s fields stamp the object (once per class)."""
    current: Callable[[Any, str, Any], None] = cls.__setattr__  # type: ignore[assignment]
    if getattr(current, _WRAPPER_MARK, False):
        return

    def __setattr__(self: Any, name: str, value: Any) -> None:
        try:  # a field set for the first time is being built (__init__): not a change
            getattr(self, name)
        except AttributeError:
            current(self, name, value)
            return
        current(self, name, value)
        stamp(self)

    setattr(__setattr__, _WRAPPER_MARK, True)
    cls.__setattr__ = __setattr__  # type: ignore[method-assign,assignment]


def watched(cls: type) -> bool:
    """Whether assignments to ``cls``'s fields stamp the object (:func:`track` was run)."""
    return bool(getattr(cls.__setattr__, _WRAPPER_MARK, False))
