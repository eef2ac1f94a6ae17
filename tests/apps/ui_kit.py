"""Shared set-up for the UI tests and the snapshot apps: real saves of a bundled scenario in
a folder of the caller's choosing, a fixed clock, and an app that reads no user config."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

from tuicamp.engine.engine import Engine
from tuicamp.game.scenarios import load_scenario
from tuicamp.game.session import Session
from tuicamp.game.setup import new_campaign
from tuicamp.model.campaign import DiceMode
from tuicamp.storage.scenario import find_scenario
from tuicamp.ui.app import TuicampApp, screen_text
from tuicamp.ui.config import UiConfig
from tuicamp.ui.passphrase import hash_passphrase

FIXED_NOW = "2024-05-01T18:00:00Z"
SCENARIO = "border-war-empire-vs-orcs"
EMPIRE_SECRET = "Greatswords"  # a unit name only the Empire may read under fog of war
ORC_SECRET = "Black Orcs"

__all__ = ["screen_text"]


@contextlib.contextmanager
def fixed_now(now: str = FIXED_NOW) -> Iterator[None]:
    """Saves record this as last played (byte-identical files, stable title screen)."""
    old = os.environ.get("TUICAMP_NOW")
    os.environ["TUICAMP_NOW"] = now
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("TUICAMP_NOW", None)
        else:
            os.environ["TUICAMP_NOW"] = old


def write_engine_save(engine: Engine, folder: Path, name: str) -> Path:
    """The engine's campaign and chronicle saved as ``folder/name.toml`` (the folder made
    if need be), stamped with the fixed time, for a pilot to open."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    with fixed_now():
        Session.create(path, engine.campaign, engine.chronicle)
    return path


def make_save(
    folder: Path,
    name: str = "border-war",
    *,
    options: dict | None = None,
    seed: int = 7,
    dice_mode: DiceMode = DiceMode.APP,
    passphrases: dict[str, str] | None = None,
    tables: dict | None = None,
    gm_seat: bool = True,
    now: str = FIXED_NOW,
) -> Path:
    """A fresh sandbox campaign of the bundled Border War scenario, saved in ``folder``."""
    scenario = load_scenario(find_scenario(SCENARIO))
    campaign = new_campaign(
        scenario,
        "sandbox",
        name="Border War",
        options=options or {},
        seed=seed,
        dice_mode=dice_mode,
        gm_seat=gm_seat,
    )
    for seat in campaign.seats:
        if passphrases and seat.id in passphrases:
            seat.passphrase_hash = hash_passphrase(passphrases[seat.id])
    if tables:
        campaign.tables.update(tables)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    with fixed_now(now):
        Session.create(path, campaign)
    return path


def quiet_config(**changes) -> UiConfig:
    """The defaults, never the tester's own ~/.config file; no blinking cursors."""
    return UiConfig(cursor_blink=False, **changes)


def make_app(
    folder: Path, save: Path | None = None, seat: str | None = None, **config
) -> TuicampApp:
    """Only the Border War scenario is offered, so new bundled scenarios do not move the
    wizard's list under the tests."""
    app = TuicampApp(
        save=save,
        seat=seat,
        config=quiet_config(**config),
        saves_folder=folder,
        scenarios=[find_scenario(SCENARIO)],
    )
    record_notices(app)
    return app


def record_notices(app: TuicampApp) -> list[str]:
    """Every notice the app is asked to show, in order, kept as ``app.told``: a toast
    leaves ``app._notifications`` when its timeout expires, on a loaded machine before a
    test reads it. Screens and widgets notify through ``app.notify``, so all are kept."""
    told: list[str] = []
    show = app.notify

    def notify(message, *args, **kwargs):
        told.append(str(message))
        return show(message, *args, **kwargs)

    app.notify = notify  # type: ignore[method-assign]
    app.told = told  # type: ignore[attr-defined]
    return told


def told(app: TuicampApp) -> list[str]:
    """The notices :func:`record_notices` kept (every app of :func:`make_app`)."""
    return app.told  # type: ignore[attr-defined]


def sync(test: Callable[..., Awaitable[None]]) -> Callable[..., None]:
    """Run an async pilot test without an asyncio pytest plugin (none is installed)."""

    @functools.wraps(test)
    def run(*args, **kwargs) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


# How long a pilot test waits for a screen before calling it missing. A screen that shows
# at all shows long before this; the wait is by the clock, not by a number of pauses, so
# a loaded machine only makes a passing test slower, never a failing one.
SCREEN_TIMEOUT = 60.0


async def wait_for_screen(pilot, screen_type, timeout: float = SCREEN_TIMEOUT):
    """The app's screen once it is a ``screen_type``; fails only after ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if isinstance(pilot.app.screen, screen_type):
            return pilot.app.screen
        await pilot.pause(0.02)
    raise AssertionError(f"{screen_type.__name__} never showed (at {pilot.app.screen})")


async def wait_until(pilot, ok, what: str, timeout: float = SCREEN_TIMEOUT) -> None:
    """Pause until ``ok()`` holds (a worker finished, a step shown); fails only after
    ``timeout``, naming ``what`` was awaited."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ok():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"never saw {what}")


async def paint_settled(pilot) -> None:
    """Pause until the screen has nothing left to lay out, paint or call back.

    One pause returns once the process looks idle, and a process starved of the processor
    by others looks idle: a repaint (or an after-refresh callback) still pending would then
    be counted against the change a test measures next.
    """
    screen = pilot.app.screen
    for _ in range(200):
        await pilot.pause()
        if not (
            screen._callbacks
            or screen._dirty_widgets
            or screen._layout_required
            or screen._repaint_required
            or screen._scroll_required
            or screen._recompose_required
        ):
            return
    raise AssertionError("the screen never settled")


async def settle(pilot) -> None:
    """Let the app finish what a key started: the messages it posted, then any worker it
    ran (the wizard builds its steps in one), then the repaint after them."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
