"""Plain data that costs what changed: a save of a big campaign after every action.

An autosave writes the whole campaign, and on a 200 x 200 map with 500 armies that was
a full unstructure of every army, every settlement and the map, then their TOML text and
their parsed copy's JSON, 20 times what the action itself cost, for an action that changed
one treasury. The engine's copy of the campaign between actions
(:mod:`tuicamp.engine.snapshots`) already shares every object an action did not touch with
the copy before it, and a copy is never changed once made. So the plain data of a copy's
object is the plain data it had at the last save if it is the very same object: the
engine's :class:`Keeper` remembers, for the objects of the last snapshot, what they were
unstructured to, and the codec (:func:`tuicamp.engine.codec.campaign_to_dict` with a
keeper) takes it again for every object met again.

That data is a :class:`SettledData`: a dict no one changes any more (it is shared by the
snapshots of consecutive saves), on which what is made of it is kept too (``made``: the
TOML writer keeps its text there, the parsed copy its JSON), so the text of an army no one
touched is not written anew either. Only data from a keeper is ever a SettledData: every
other unstructure makes plain dicts, as before, which callers may change at will.
"""

from __future__ import annotations

import operator
import threading
from typing import Any


class SettledData(dict[str, Any]):
    """Plain data of an object of a copy of the campaign: never changed, shared by the
    snapshots of consecutive saves, with what was made of it kept in :attr:`made`."""

    __slots__ = ("made",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.made: dict[Any, Any] = {}  # what writers made of it, by the writer's own key


class SettledList(list[SettledData]):
    """A top-level array of the campaign's tables (its armies, its players) holding the
    very SettledData of the last snapshot, in the same order: kept whole, with what was
    made of it (the array's TOML, its JSON) in :attr:`made`, like a SettledData."""

    __slots__ = ("made",)

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.made: dict[Any, Any] = {}


class Keeper:
    """The plain data of the objects met by the last snapshot, by their identity: what
    the next one takes again for every object it meets again.

    Each entry holds its object, so that no other object can take its id while it is kept;
    a snapshot keeps only what it met, so the entries of objects no copy holds any more go
    with the snapshot that last met them."""

    def __init__(self) -> None:
        self.before: dict[Any, tuple[Any, SettledData]] = {}
        self.now: dict[Any, tuple[Any, SettledData]] = {}
        self.arrays: dict[str, SettledList] = {}  # the last snapshot's, by key
        self.arrays_now: dict[str, SettledList] = {}

    def begin(self) -> None:
        self.now, self.arrays_now = {}, {}

    def end(self) -> None:
        self.before, self.now = self.now, {}
        self.arrays, self.arrays_now = self.arrays_now, {}

    def array(self, key: str, items: list[Any]) -> list[Any]:
        """The top-level array ``key`` of the snapshot: the last snapshot's SettledList if
        it held the very same tables in the same order, a new one if every item is a
        SettledData, else ``items`` as they are."""
        if not items or not all(type(item) is SettledData for item in items):
            return items
        old = self.arrays.get(key)
        if old is None or len(old) != len(items) or not all(map(operator.is_, old, items)):
            old = SettledList(items)
        self.arrays_now[key] = old
        return old

    def get(self, obj: Any, tag: str = "") -> SettledData | None:
        """What the last snapshot made of ``obj`` (``tag``: which of the things made of
        one object), kept for the next one too; None if it made nothing of it."""
        key = (id(obj), tag) if tag else id(obj)
        found = self.before.get(key)
        if found is None or found[0] is not obj:
            return None
        self.now[key] = found
        return found[1]

    def put(self, obj: Any, data: SettledData, tag: str = "") -> SettledData:
        self.now[(id(obj), tag) if tag else id(obj)] = (obj, data)
        return data


class _Active(threading.local):
    """The keeper of the snapshot being made on this thread (None: no snapshot with a
    keeper is under way, and unstructuring makes plain dicts). Per thread, since the club
    server plays its sessions on worker threads."""

    keeper: Keeper | None = None


active = _Active()
