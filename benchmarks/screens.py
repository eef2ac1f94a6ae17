"""Screen-open benchmark: how long each screen takes from its key to its first full paint,
in a Rauscher and a sandbox campaign, against the sandbox help measured in the same run.

Run by hand (never part of the test suite, timings are machine-dependent)::

    python benchmarks/screens.py [--repeat R] [--size WxH]

Each round starts the app afresh on a saved campaign (as a player does), opens every
screen of that campaign by its key, waits for it to be drawn (its workers done), and
closes it again; the two campaigns take turns round by round, and the median of
``--repeat`` rounds counts, less the harness's own cost (the same press and waits on a
key that opens nothing). The campaigns are the test suite's own scenes: the Border War
under the sandbox, and the Stir Border under Rauscher in its Combat phase with battle b1
pending (so the battle queue has a battle and the Rauscher help its longest phase).

The screens: help (``?``), the map legend (F2), the chronicle (``l``), army details
(``v``, on the seat's own army) and, in Rauscher, the battle queue (``B``, with b1 in it;
the sandbox scene has no battle) and the ledger (``L``). Goal: every screen opens within
0.3 s of its key on the machine that plays, and no screen is more than 3x the sandbox
help. Exit status 1 if a goal is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from textual.pilot import Pilot
from textual.screen import Screen

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent / "tests"), str(HERE.parent / "tests" / "apps")]

from apps import rauscher_kit  # noqa: E402 - the suite's scenes, from inside the repository
from apps.ui_kit import fixed_now, make_app, make_save  # noqa: E402
from measure import Goal, Row, medians, report  # noqa: E402

from tuicamp.rules.rauscher.screens.ledger import LedgerScreen  # noqa: E402
from tuicamp.ui.screens.army import ArmyScreen  # noqa: E402
from tuicamp.ui.screens.battles import BattleQueueScreen  # noqa: E402
from tuicamp.ui.screens.campaign import CampaignScreen  # noqa: E402
from tuicamp.ui.screens.chronicle import ChronicleScreen  # noqa: E402
from tuicamp.ui.screens.help import HelpScreen  # noqa: E402
from tuicamp.ui.screens.legend import LegendScreen  # noqa: E402

GOAL_SECONDS = 0.3
GOAL = Goal(3.0)  # no screen more than 3x the sandbox help
WAIT_LIMIT = 120.0
NO_OP_KEY = "f12"  # bound to nothing on the campaign screen
HARNESS = "(no-op key)"  # a screen that has not shown by then is reported as never shown

COMMON: list[tuple[str, str, type[Screen]]] = [
    ("help", "question_mark", HelpScreen),
    ("legend", "f2", LegendScreen),
    ("chronicle", "l", ChronicleScreen),
    ("army details", "v", ArmyScreen),
]
CAMPAIGNS: dict[str, tuple[str, list[tuple[str, str, type[Screen]]]]] = {
    "sandbox": ("empire", COMMON),
    "rauscher": (
        "stirland",
        [*COMMON, ("battles", "B", BattleQueueScreen), ("ledger", "L", LedgerScreen)],
    ),
}


async def _until(pilot: Pilot, ok, what: str) -> None:
    deadline = time.monotonic() + WAIT_LIMIT
    while not ok():
        if time.monotonic() > deadline:
            raise SystemExit(f"{what} never showed")
        await pilot.pause(0)


async def _drawn(pilot: Pilot) -> None:
    """The screen's messages handled, its workers (a help chapter, a list) done, painted."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def _round(save: Path, seat: str, screens, size: tuple[int, int]) -> dict[str, float]:
    app = make_app(save.parent, save=save, seat=seat)
    times: dict[str, float] = {}
    async with app.run_test(size=size) as pilot:
        await _until(pilot, lambda: isinstance(app.screen, CampaignScreen), "the campaign")
        await _drawn(pilot)
        start = time.perf_counter()  # the harness's own cost: a key that opens nothing
        await pilot.press(NO_OP_KEY)
        await _drawn(pilot)
        times[HARNESS] = time.perf_counter() - start
        for name, key, screen_type in screens:
            start = time.perf_counter()
            await pilot.press(key)
            await _until(pilot, lambda t=screen_type: isinstance(app.screen, t), name)
            await _drawn(pilot)
            times[name] = time.perf_counter() - start
            await pilot.press("escape")
            await _until(pilot, lambda: isinstance(app.screen, CampaignScreen), "the campaign")
            await _drawn(pilot)
    return times


def _saves(folder: Path) -> dict[str, Path]:
    with fixed_now():
        return {
            "sandbox": make_save(folder / "sandbox"),
            "rauscher": rauscher_kit.battle_save(folder / "rauscher"),
        }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="rounds per campaign")
    parser.add_argument("--size", default="100x40", help="terminal size, WxH")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.lower().split("x"))
    samples: dict[tuple[str, str], list[float]] = {}  # every round's seconds
    with tempfile.TemporaryDirectory() as tmp:
        saves = _saves(Path(tmp))
        for _ in range(args.repeat):
            for campaign, (seat, screens) in CAMPAIGNS.items():
                got = asyncio.run(_round(saves[campaign], seat, screens, (width, height)))
                for name, seconds in got.items():
                    samples.setdefault((campaign, name), []).append(seconds)
    by_screen = medians(samples)
    harness = statistics.median(v for (_, name), v in by_screen.items() if name == HARNESS)
    reference = by_screen[("sandbox", "help")] - harness
    print(f"screen open, key to first full paint, median of {args.repeat} rounds at {args.size}")
    print(f"harness (a key that opens nothing, taken off every time): {harness * 1000:.0f} ms")
    print(f"peer: the sandbox help, {reference * 1000:.0f} ms")
    rows = [
        Row(f"{campaign} {name}", seconds - harness, reference, GOAL, limit=GOAL_SECONDS)
        for (campaign, name), seconds in by_screen.items()
        if name != HARNESS
    ]
    return report(rows)


if __name__ == "__main__":
    sys.exit(main())
