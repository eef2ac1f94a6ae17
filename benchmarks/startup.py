"""Start-up and long campaigns: what a player waits for before anything happens.

Run by hand (never part of the test suite, timings are machine-dependent)::

    python benchmarks/startup.py [--repeat R] [--events N]

Every figure is taken as a user meets it, from a new process, each contender in turn
(``measure.interleaved``) and the median kept:

* **first frame**: ``tuicamp play SAVE`` started on a real pseudo-terminal (80x24,
  TERM=xterm-256color), timed from the start of the process until the campaign screen's
  first frame has been written (its hand-over to the first seat seen on the terminal), against a
  Textual hello-world app started the same way until its text is seen. Once on the demo
  campaign (``skirmish-valley``, sandbox; goal <= 1.3x) and on a 200 x 200 campaign
  with 500 armies (goal <= 2x): reopened unchanged, and just rewritten by tuicamp (saved
  again, untimed, before each open, as an autosave or an ``apply`` writes it). The same
  campaign with no parsed copy of its bytes beside it (as after a hand edit) is printed
  for the record, with no goal;
* **show**: ``tuicamp show`` on the demo against ``python -c "import textual"`` (goal:
  no slower, <= 1x): a report of the state must cost less than loading a UI;
* **apply, long campaign**: ``tuicamp apply`` of one order on a campaign whose chronicle
  holds 10,000 events against the same order on one holding 100 (goal <= 1.1x): a command
  that does not print the chronicle must not pay for its length.

Each apply runs on a fresh copy of its save (copied, and flushed to the disk, outside the
timing), so every run applies the same order to the same files, as old on the disk as a
player's are. ``tuicamp`` is byte-compiled first, as an
installed package is: a checkout run with ``PYTHONDONTWRITEBYTECODE`` would otherwise
compile every module from source in every process, which no installed tuicamp does.
"""

from __future__ import annotations

import argparse
import compileall
import os
import random
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from attrs import frozen
from measure import Goal, Row, interleaved, medians, report

import tuicamp
from tuicamp.engine.actions import Event
from tuicamp.game.scenarios import load_scenario
from tuicamp.game.session import Session
from tuicamp.game.setup import start_campaign
from tuicamp.model.forces import Army, Category, Unit
from tuicamp.model.hexes import Hex
from tuicamp.model.map import HexMap
from tuicamp.storage.parsed import parsed_path
from tuicamp.storage.scenario import find_scenario

DEMO = "skirmish-valley"
BIG, BIG_ARMIES = 200, 500
COLS, ROWS = 80, 24
ANSI = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")
FIRST_MARK = b"press Enter"  # the hand-over to the first seat: the first frame of a campaign
HELLO_MARK = b"Hello from Textual"

HELLO_APP = f"""
from textual.app import App
from textual.widgets import Footer, Static

class Hello(App):
    def compose(self):
        yield Static({HELLO_MARK.decode()!r})
        yield Footer()

Hello().run()
"""

TUICAMP = [sys.executable, "-m", "tuicamp"]


# --- the campaigns ------------------------------------------------------------------------
def demo_save(folder: Path, name: str = "demo") -> Path:
    engine = start_campaign(load_scenario(find_scenario(DEMO)), "sandbox", seed=1)
    path = folder / f"{name}.toml"
    Session.create(path, engine.campaign, engine.chronicle, overwrite=True)
    return path


def big_save(folder: Path, name: str = "big") -> Path:
    """The demo's players, places and rules on a 200 x 200 map holding 500 armies."""
    rng = random.Random(7)
    engine = start_campaign(load_scenario(find_scenario(DEMO)), "sandbox", seed=1)
    camp = engine.campaign
    letters = "....ffhhms"
    terrain = ["".join(rng.choice(letters) for _ in range(BIG)) for _ in range(BIG)]
    old = camp.map
    camp.map = HexMap(
        BIG, BIG, terrain, old.hexsides, old.territories, old.settlements, vocabulary=old.vocabulary
    )
    owners = [p.id for p in camp.players]
    for a in range(BIG_ARMIES):
        units = [
            Unit(f"bu{a}-{k}", f"Unit {k}", 100 + 10 * k, Category.RANK_AND_FILE, 4, 7, 10)
            for k in range(3)
        ]
        where = Hex.from_offset(rng.randrange(BIG), rng.randrange(BIG))
        camp.armies.append(Army(f"b{a}", f"Host {a}", owners[a % len(owners)], where, units))
    path = folder / f"{name}.toml"
    Session.create(path, camp, engine.chronicle, overwrite=True)
    return path


def long_save(folder: Path, events: int) -> Path:
    """The demo after ``events`` events (GM notes, as many as asked, saved once)."""
    path = demo_save(folder, f"long-{events}")
    session = Session.open(path)
    chronicle = session.engine.chronicle
    last = chronicle[-1]
    for seq in range(len(chronicle) + 1, events + 1):
        chronicle.append(
            Event(
                seq=seq,
                turn=last.turn,
                phase=last.phase,
                kind="note",
                text=f"The scouts report movement on the road ({seq})",
                seat="gm",
                action=last.action + seq,  # one action each, as a long campaign has
            )
        )
    session.engine.changed()
    session.save()
    return path


# --- a process on a pseudo-terminal ---------------------------------------------------------
def until_seen(argv: list[str], mark: bytes, env: dict[str, str]) -> float:
    """Seconds from starting ``argv`` on a new pty until ``mark`` appears on its screen
    (the output read with escape sequences taken out), then the process is ended."""
    master, slave = os.openpty()
    os.set_blocking(master, False)
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    seen = b""
    try:
        deadline = start + 120
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([master], [], [], 1.0)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                seen += os.read(master, 1 << 16)
            except OSError:
                break
            if mark in ANSI.sub(b"", seen):
                return time.perf_counter() - start
        text = ANSI.sub(b"", seen).decode(errors="replace")[-400:]
        raise RuntimeError(f"{argv}: {mark!r} never appeared; the screen ended with {text!r}")
    finally:
        proc.kill()
        proc.wait(timeout=10)
        os.close(master)


def pty_env(folder: Path) -> dict[str, str]:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS))
    env.update(TUICAMP_SAVES=str(folder), TUICAMP_NOW="2026-01-01T12:00:00Z")
    for key in ("NO_COLOR", "TEXTUAL", "TEXTUAL_DRIVER"):
        env.pop(key, None)
    return env


def playing(save: Path, env: dict[str, str], fresh: Callable[[], None] = lambda: None) -> Applying:
    """`tuicamp play SAVE` until its first frame, after ``fresh`` (untimed)."""
    return Applying(fresh, lambda: until_seen([*TUICAMP, "play", str(save)], FIRST_MARK, env))


def rewritten(save: Path) -> Callable[[], None]:
    """The save written again by tuicamp, as an autosave or an ``apply`` writes it (the
    next revision: new bytes, and the parsed copy that write leaves beside them), so
    that its next open is the first since it was written."""
    return lambda: Session.open(save).save()


def copy_lost(save: Path) -> Callable[[], None]:
    """The save with no parsed copy of its bytes beside it: one written by hand, or by
    another program, whose first open parses the TOML."""
    return lambda: parsed_path(save).unlink(missing_ok=True)


def run_quietly(argv: list[str], env: dict[str, str]) -> None:
    result = subprocess.run(argv, env=env, capture_output=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"{argv} failed: {result.stderr.decode(errors='replace')}")


ORDER = """seat = "red"
[[action]]
kind = "end_turn"
"""


def applying(save: Path, work: Path, env: dict[str, str]) -> Applying:
    """`tuicamp apply` of one order on a fresh copy of ``save`` in ``work``."""
    orders = work / "orders.toml"
    orders.write_text(ORDER)
    target = work / save.name

    def fresh() -> None:
        for suffix in (".toml", ".chronicle.toml"):
            source = save.with_name(save.stem + suffix)
            copy = target.with_name(target.stem + suffix)
            shutil.copyfile(source, copy)
            on_disk(copy)
        for extra in (".toml.bak", ".toml.lock"):
            target.with_name(target.stem + extra).unlink(missing_ok=True)

    def run() -> None:
        run_quietly([*TUICAMP, "apply", str(target), str(orders)], env)

    return Applying(fresh, run)


def on_disk(path: Path) -> None:
    """Flush a fresh copy to the disk before it is timed: a campaign's chronicle was
    written long before the order that extends it, and the order's fsync would otherwise
    write out the whole copy just made (a 1.5 MB chronicle of 10,000 events), which no
    player's apply does."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@frozen
class Applying:
    """A timed command (``run``) and what makes its files fresh before each run."""

    fresh: Callable[[], None]
    run: Callable[[], None]


def interleaved_fresh(cases: dict[str, Applying], repeat: int) -> dict[str, list[float]]:
    """``measure.interleaved`` of each case's ``run``, its ``fresh`` step untimed before."""
    runs: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(max(1, repeat)):
        for name, case in cases.items():
            case.fresh()
            runs[name] += interleaved({name: case.run}, 1)[name]
    return runs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--events", type=int, default=10_000)
    args = parser.parse_args()
    os.environ.setdefault("TUICAMP_NOW", "2026-01-01T12:00:00Z")
    compileall.compile_dir(Path(tuicamp.__file__).parent, quiet=1)
    with tempfile.TemporaryDirectory(prefix="tuicamp-startup-") as tmp:
        folder = Path(tmp)
        env = pty_env(folder)
        demo, big = demo_save(folder), big_save(folder)
        big_rewritten, big_by_hand = big_save(folder, "big-rewritten"), big_save(folder, "big-hand")
        hello = folder / "hello.py"
        hello.write_text(HELLO_APP)
        for save in (demo, big, big_rewritten, big_by_hand):
            run_quietly([*TUICAMP, "check", str(save)], env)
        print(f"first frames on a {COLS}x{ROWS} pty, median of {args.repeat} interleaved runs")
        saying_hello = Applying(
            lambda: None, lambda: until_seen([sys.executable, str(hello)], HELLO_MARK, env)
        )
        frames = medians(
            interleaved_fresh(
                {
                    "hello": saying_hello,
                    "demo": playing(demo, env),
                    "big": playing(big, env),
                    "big, rewritten": playing(big_rewritten, env, rewritten(big_rewritten)),
                    "big, no copy": playing(big_by_hand, env, copy_lost(big_by_hand)),
                },
                args.repeat,
            )
        )
        print(
            "  (for the record, no goal: a 200x200 campaign with no parsed copy of its bytes, "
            f"as after a hand edit: {frames['big, no copy'] * 1000:.2f} ms, "
            f"{frames['big, no copy'] / frames['hello']:.2f}x hello world)"
        )
        shows = medians(
            interleaved(
                {
                    "import textual": lambda: run_quietly(
                        [sys.executable, "-c", "import textual"], env
                    ),
                    "show": lambda: run_quietly([*TUICAMP, "show", str(demo)], env),
                },
                args.repeat,
            )
        )
        short, long = long_save(folder, 100), long_save(folder, args.events)
        work_short, work_long = folder / "work-short", folder / "work-long"
        work_short.mkdir()
        work_long.mkdir()
        applies = medians(
            interleaved_fresh(
                {
                    "100": applying(short, work_short, env),
                    "long": applying(long, work_long, env),
                },
                args.repeat,
            )
        )
    rows = [
        Row(
            "first frame, demo campaign vs hello world", frames["demo"], frames["hello"], Goal(1.3)
        ),
        Row(
            "first frame, 200x200 campaign reopened unchanged vs hello world",
            frames["big"],
            frames["hello"],
            Goal(2),
        ),
        Row(
            "first frame, 200x200 campaign just rewritten by tuicamp vs hello world",
            frames["big, rewritten"],
            frames["hello"],
            Goal(2),
        ),
        Row(
            'show (demo) vs python -c "import textual"',
            shows["show"],
            shows["import textual"],
            Goal(1),
        ),
        Row(
            f"apply, {args.events:,} vs 100 events",
            applies["long"],
            applies["100"],
            Goal(1.1),
        ),
    ]
    return report(rows)


if __name__ == "__main__":
    raise SystemExit(main())
