"""Values worked out from a live list and the objects in it, kept until either changes.

A rule asked after every move may need something of every army that the move did not
touch (the ids of each army's units, for a capital's garrison): worked out afresh each
time, one move costs what the whole campaign holds. The engine knows what changed: every
assignment to a field of a live object stamps it (:mod:`tuicamp.engine.stamps`), and
every change of a live container in place stamps the container
(:mod:`tuicamp.engine.tracked`). A value kept here for a list is therefore right for as
long as no stamp was logged for the list or one of its items since it was worked out;
the stamps logged since the last asking, a few an action, are read at each asking.

A value is kept only where every change must be logged: a tracked list whose items are
of classes the stamps watch, neither it nor any item stamped since the last copy was
brought up to date (a second change before the next copy is not logged again), in the
stamps' epoch it was worked out in. Anything else is worked out each time it is asked.
When a kept list or one of its items is stamped, every kept value is forgotten (it is
rare: a battle's losses, a unit bought), and each is worked out again when next asked.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from itertools import islice
from typing import Any, Generic, TypeVar

from tuicamp.engine import stamps
from tuicamp.engine.tracked import TrackedList

V = TypeVar("V")

# Stamps logged since the last asking read at most: past them, everything is forgotten
# rather than read (a turn's actions log a few hundred; a whole copy, tens of thousands).
_LONGEST = 2048


class Kept(Generic[V]):
    """``work(items)`` of live lists, each kept until the list or an item is stamped."""

    def __init__(self, work: Callable[[list[Any]], V], most: int = 256) -> None:
        self._work = work
        # Lists kept at most, then everything is forgotten: a few campaigns' armies, not
        # every list ever asked of (the lists of a campaign put away stay alive in here).
        self._most = most
        self._values: dict[int, tuple[list[Any], V]] = {}  # id(list) -> (it, its value)
        # The ids of every kept list's items, as eight bytes each, searched at C speed:
        # no int object a unit (a campaign's units number in the thousands, and a
        # turn's memory is measured).
        self._items = bytearray()
        self._epoch = -1
        self._seen = 0  # the tick up to which the logged stamps were read

    def of(self, items: list[Any]) -> V:
        """``work(items)``, kept from an earlier asking when nothing of it changed."""
        self._catch_up()
        kept = self._values.get(id(items))
        if kept is not None and kept[0] is items:
            return kept[1]
        value = self._work(items)
        if len(self._values) >= self._most:
            self._forget()
        if _loggable(items):
            self._values[id(items)] = (items, value)
            self._items += array("q", map(id, items)).tobytes()
        return value

    def _catch_up(self) -> None:
        """Forget everything a stamp logged since the last asking touched."""
        epoch = stamps.epoch
        now = epoch.base + len(stamps.LOG)
        if self._epoch != epoch.value:  # the stamps were forgotten: so is everything
            self._forget()
            self._epoch, self._seen = epoch.value, now
            return
        if self._seen == now:
            return
        start, self._seen = self._seen - epoch.base, now
        if not self._values:
            return
        if now - epoch.base - start > _LONGEST:  # long unasked: forgetting costs less
            self._forget()
            return
        logged = islice(stamps.LOG, start, None)  # read in place: no copy of the log
        if any(key in self._values or self._holds(key) for key in logged):
            self._forget()

    def _holds(self, key: int) -> bool:
        """Whether ``key`` is the id of an item of a kept list (a match on a boundary
        of eight bytes)."""
        needle = array("q", (key,)).tobytes()
        found = self._items.find(needle)
        while found >= 0:
            if found % 8 == 0:
                return True
            found = self._items.find(needle, found + 1)
        return False

    def _forget(self) -> None:
        self._values.clear()
        self._items = bytearray()


def _loggable(items: list[Any]) -> bool:
    """Whether every change of ``items`` and of its items from now on will be logged."""
    if type(items) is not TrackedList:
        return False
    table, mark = stamps.STAMPS, stamps.epoch.mark
    if table.get(id(items), 0) > mark:
        return False
    return all(stamps.watched(type(item)) and table.get(id(item), 0) <= mark for item in items)
