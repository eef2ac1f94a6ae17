"""Keys typed while a screen opens act on nothing, never on the next screen.

On a slow machine a screen can take a moment to open; a player who types on meanwhile
(``?`` then ``q``, or ``l`` and arrows) had those keys replayed later into whatever screen
came up, closing the help they asked for or moving in a list they had not seen yet. A key
belongs to the screen the player was looking at when it was typed:

* a key typed before the screen on top was built is dropped: the player had not seen
  what it would act on. (While a screen is built the app takes no key at all; those typed
  meanwhile wait in its queue, and each carries the time it was typed.)
* a key whose screen has gone by the time its bindings are looked up (it was typed at the
  campaign, an earlier key opened the help meanwhile) is dropped too.

The app's own priority keys (``ctrl+q`` quits) always pass. The test pilot types as a
player who waits for each key's screen: :meth:`KeyGuardApp._press_keys` sends a key only
once the one before has been handled all the way up and the screen it opened is built,
so scripted keys are never taken for typed-ahead ones.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Iterable
from typing import TypeVar

from textual import events
from textual._time import get_time
from textual.app import App
from textual.dom import DOMNode
from textual.message_pump import MessagePump
from textual.screen import Screen

ReturnType = TypeVar("ReturnType")
# Keys in flight at once: more than a player types ahead; older ones were handled long ago.
REMEMBERED = 64


class KeyGuardApp(App[ReturnType]):
    """An app whose screens take only the keys typed at them (see the module)."""

    def __init__(self) -> None:
        super().__init__()
        self._typed_at: deque[tuple[events.Key, Screen]] = deque(maxlen=REMEMBERED)
        self._route: list[MessagePump] = []  # where the last key taken went, app last
        self._up = asyncio.Event()  # the screen on top is built
        self._up.set()
        self._up_since = 0.0  # when it was (the clock keys are stamped with)
        self._waiting: set[asyncio.Task[None]] = set()
        self.keys_dropped = 0  # how many typed-ahead keys acted on nothing

    def _on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._screen_changed, immediate=True)
        self._screen_changed(self.screen)

    def _screen_changed(self, screen: Screen) -> None:
        """Runs as the screen on top changes: keys typed from now until it is built act on
        nothing."""
        if screen.is_mounted:
            self._up_since = get_time()
            self._up.set()
            return
        self._up.clear()
        self._up_since = float("inf")

        async def built() -> None:
            await screen._mounted_event.wait()
            if self.screen is screen:
                self._up_since = get_time()
                self._up.set()

        task = asyncio.get_running_loop().create_task(built())  # not a worker: tests
        self._waiting.add(task)  # wait for workers, and a screen dropped unbuilt never is
        task.add_done_callback(self._waiting.discard)

    def _screen_ready(self) -> bool:
        return self.screen.is_mounted and self._up.is_set()

    def _passes(self, event: events.Key) -> bool:
        """The app's own priority keys (quit) act whatever is on screen."""
        return any(b.priority for b in self._bindings.key_to_bindings.get(event.key, ()))

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded and not self._passes(event):
            if not self._screen_ready() or event.time < self._up_since:
                self._drop()
                return
            screen = self.screen
            self._typed_at.append((event, screen))
            target: DOMNode = self.focused or screen
            self._route = [*target.ancestors_with_self]
        await super().on_event(event)

    async def _on_key(self, event: events.Key) -> None:
        """Runs before the app looks the key's bindings up: a key typed at another screen
        stops here."""
        typed_at = next((s for e, s in self._typed_at if e is event), None)
        if typed_at is not None and typed_at is not self.screen:
            event.prevent_default()  # App._on_key, the bindings, is not run
            event.stop()
            self._drop()

    def _drop(self) -> None:
        self.keys_dropped += 1
        self._route = []

    # --- the test pilot types as a player who waits for each screen ---------------------
    async def _press_keys(self, keys: Iterable[str]) -> None:
        for key in keys:
            await self._screen_built()
            await super()._press_keys([key])
            await self._handled()

    async def _handled(self) -> None:
        """The last key sent taken by the app, then handled by each node it bubbles
        through in turn (a marker queued behind it at each), and its screen built."""
        await handled_by(self)
        for node in list(self._route):
            await handled_by(node)
        await self._screen_built()

    async def _screen_built(self) -> None:
        while not self._screen_ready():
            if not self.screen.is_mounted:
                await self.screen._mounted_event.wait()
            else:
                await self._up.wait()


async def handled_by(node: MessagePump) -> None:
    """Wait until ``node`` has handled every message queued to it so far."""
    done = asyncio.Event()
    if node.call_later(done.set):
        await done.wait()
