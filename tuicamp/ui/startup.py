"""The terminal UI's start: no garbage collection until its first frame is on the screen.

Everything made before the first frame (Textual's and tuicamp's modules, hundreds of
classes, the campaign read from its save) lives as long as the app: the collector, run
every few hundred allocations, walks that growing heap again and again and finds nothing
to free, a tenth of what ``tuicamp play`` cost before its hand-over appeared. So
``tuicamp play`` holds collection (:func:`collection_held`, before it imports anything of
the UI), and the app releases it once its first frame is drawn (:func:`release_collection`),
after freezing what start-up made, so that later collections skip it too. Nothing here
imports Textual: the command line holds collection before the UI is imported.

Work that can wait for the first frame (the turn notices' watcher, whose thread would
poll the save while the UI is being built) is handed to :func:`after_first_frame`, run
then, or when the UI gives up before drawing anything.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager

_held = False
_waiting: list[Callable[[], None]] = []


def hold_collection() -> None:
    """Stop the cyclic collector until :func:`release_collection` (a no-op when it was
    off already: whoever turned it off turns it on)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release_collection() -> None:
    """Start the collector again if :func:`hold_collection` stopped it, with what exists
    now moved out of its sight (``gc.freeze``): it lives as long as the app. Then the
    work waiting for the first frame is run, once."""
    global _held
    if _held:
        _held = False
        gc.freeze()
        gc.enable()
    while _waiting:
        _waiting.pop(0)()


def after_first_frame(work: Callable[[], None]) -> None:
    """Run ``work`` once the UI's first frame is drawn (:func:`release_collection`)."""
    _waiting.append(work)


@contextmanager
def collection_held() -> Iterator[None]:
    """Collection held for the block, or until the app's first frame within it: a
    command that fails before any frame (a bad save) leaves the collector as it was."""
    hold_collection()
    try:
        yield
    finally:
        release_collection()
