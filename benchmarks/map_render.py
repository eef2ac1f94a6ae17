"""Map and campaign-screen benchmark: what a cursor step costs, against Textual's DataTable.

Run by hand (never part of the test suite, timings are machine-dependent)::

    python benchmarks/map_render.py [--steps N] [--repeat R] [--pty-repeat P]

Measured in one run, each against Textual's own DataTable holding a 200 x 200 grid of
3-character cells (a hex's interior), its peer on the same screen:

* frame time, in process: every visible line of the MapWidget on a seeded 200 x 200 map
  rendered through ``render_lines`` at 80x24 and 200x60, warm (rows cached, the styles
  cache cleared), plain and with the layers on (``+layers``: owner borders between realms
  over the territory borders, and side overlays on 600 contested hexes), against the
  DataTable's warm frame at the same size. Goal: no slower.
* bytes per cursor step over a real pseudo-terminal (TERM=xterm-256color): each app runs in
  a subprocess on a pty; the parent sends keys and counts what the app writes per step.
  - the **campaign screen as users run it**: ``tuicamp play --as red`` on the demo save
    (``tuicamp new skirmish-valley --ruleset sandbox``), map, side panels, phase panel and
    all, walking the map row by row from where the cursor starts (on the seat's army), so
    the walk steps on and off armies and settlements as a player's does. Goal: no more
    bytes than a DataTable cursor step walking its grid the same way.
  - the bare map on the 200 x 200 map, and with the layers on, walking a small loop: no
    more than 1.5x DataTable's bytes, and with the layers on no more than the plain map
    sent before the map had layers (``BYTES_BEFORE_LAYERS``, kept here because the bytes of
    a step do not depend on the machine).
  Also the time from key to last byte (median), no slower than DataTable's, and the app's
  CPU time per step, printed for reference.

Timing follows ``benchmarks/measure.py``: contenders interleaved (the frame functions in
turns, the pty runs app after app ``--pty-repeat`` times), medians, a goal and a verdict per
row; the exit status is 1 if any goal was missed.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import random
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Callable
from pathlib import Path

from measure import Goal, Row, interleaved, medians, report
from textual._context import active_app
from textual.app import App, ComposeResult
from textual.widgets import DataTable

from tuicamp.model.hexes import Hex, Hexside, SideOf
from tuicamp.model.map import HexMap, Settlement, Territory
from tuicamp.ui.map_layers import BOTH, SIDES, Borders, Mark, Marker, OverlayLook
from tuicamp.ui.map_widget import MapWidget

SIZE = 200
START = (6, 6)  # cursor start (col, row): well inside the first screen


def build_map(seed: int = 7) -> HexMap:
    """A busy map, so rows carry many segments: blobs of terrain and every kind of side."""
    rng = random.Random(seed)
    letters = ".....fffhhmsdwjl"
    blobs = [[rng.choice(letters) for _ in range(SIZE // 6 + 1)] for _ in range(SIZE // 5 + 1)]
    rows = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            noisy = rng.random() < 0.08
            row.append(rng.choice(letters) if noisy else blobs[r // 5][c // 6])
        rows.append("".join(row))
    m = HexMap(SIZE, SIZE, rows)
    for _ in range(60):  # rivers wandering down the map
        h = Hex.from_offset(rng.randrange(SIZE), 0)
        for _ in range(rng.randrange(20, 120)):
            n = h.neighbour(rng.choice((4, 5)))
            side_dir = rng.choice((0, 3))
            if m.contains(n) and m.contains(h.neighbour(side_dir)):
                m.add_feature("river", Hexside(h, h.neighbour(side_dir)))
            if not m.contains(n):
                break
            h = n
    for feature in ("road", "stream", "bridge", "ford", "wall"):
        for _ in range(800):
            h = Hex.from_offset(rng.randrange(SIZE), rng.randrange(SIZE))
            n = h.neighbour(rng.randrange(6))
            if m.contains(n):
                m.add_feature(feature, Hexside(h, n))
    blocks: dict[tuple[int, int], list[Hex]] = {}
    for h in m.hexes():
        blocks.setdefault((h.col // 10, h.row // 8), []).append(h)
    m.territories = [Territory(f"t{k}", f"T{k}", hs) for k, hs in enumerate(blocks.values())]
    kinds = ("village", "town", "city", "castle", "tower", "fortress")
    m.settlements = [
        Settlement(f"s{i}", kinds[i % len(kinds)], f"S{i}", Hex.from_offset(*divmod(i * 37, SIZE)))
        for i in range(400)
    ]
    return m


def build_markers(seed: int = 7) -> dict[Hex, Marker]:
    rng = random.Random(seed)
    players = [("A", "red"), ("B", "blue"), ("C", "yellow"), ("D", "magenta")]
    out = {}
    for i in range(300):
        letter, colour = players[i % 4]
        h = Hex.from_offset(rng.randrange(SIZE), rng.randrange(SIZE))
        out[h] = Marker(letter, colour, rng.randrange(1, 4), own=letter == "A")
    return out


CONTROL = "control"
CONTROL_LOOK = OverlayLook(SIDES, "x", "bright_white", "side held by a player")


def build_owners(m: HexMap, seed: int = 7) -> Borders:
    """Realms over the territories: each territory's owner a player, players grouped in
    realms of blocks of 3 x 3 territories (so owner borders run along some territory
    borders), drawn with territory borders too."""
    rng = random.Random(seed)
    groups = {}
    for k, t in enumerate(m.territories):
        h = t.hexes[0]
        realm = f"realm{h.col // 30}-{h.row // 24}"
        t.owner = f"p{k}"
        groups[t.owner] = realm if rng.random() < 0.9 else f"rebel{k}"
    return Borders(BOTH, groups)


def build_sides(seed: int = 7) -> dict[SideOf, Mark]:
    """600 contested hexes, each side held by one of three players; neighbours of two
    contested hexes may disagree about their shared side."""
    rng = random.Random(seed)
    players = [Mark("a", "red"), Mark("b", "blue"), Mark("c", "yellow")]
    marks = {}
    for _ in range(600):
        h = Hex.from_offset(rng.randrange(SIZE), rng.randrange(SIZE))
        for d in range(6):
            marks[SideOf(h, d)] = rng.choice(players)
    return marks


class MapApp(App):
    """The map filling the screen (the bare widget, without the campaign screen around it)."""

    def __init__(self, reach: bool = False, layers: bool = False) -> None:
        super().__init__()
        self.hexmap = build_map()
        self.reach = reach
        self.layers = layers
        self.borders = build_owners(self.hexmap) if layers else None

    def compose(self) -> ComposeResult:
        widget = MapWidget()
        widget.set_map(self.hexmap, borders=self.borders)
        yield widget

    def on_mount(self) -> None:
        widget = self.query_one(MapWidget)
        widget.set_markers(build_markers())
        if self.layers:
            widget.declare_overlays({CONTROL: CONTROL_LOOK})
            widget.set_side_overlay(CONTROL, build_sides())
        if self.reach:
            around = Hex.from_offset(*START).within(4)
            widget.set_overlay("reach", {h: str(h.distance(around[0])) for h in around})
        widget.cursor = Hex.from_offset(*START)
        widget.focus()
        _signal_ready(self)


class TableApp(App):
    """Textual's DataTable with a 200 x 200 grid of 3-character cells (a hex's interior)."""

    def compose(self) -> ComposeResult:
        yield DataTable(cursor_type="cell")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        m = build_map()
        table.add_columns(*(f"{c:03d}" for c in range(SIZE)))
        table.add_rows([[f"{ch}  " for ch in row] for row in m.terrain])
        table.cursor_coordinate = (START[1], START[0])  # type: ignore[assignment]
        table.focus()
        _signal_ready(self)


APPS = {
    "map": MapApp,
    "map+layers": lambda: MapApp(layers=True),
    "table": TableApp,
}
READY_ENV = "TUICAMP_BENCH_READY"

# The walks. A small loop for the bare map (the walk BYTES_BEFORE_LAYERS was measured on),
# and row by row across the demo map for the campaign screen, each with DataTable's arrow
# keys for the same moves.
LOOP = ["d", "d", "x", "a", "a", "w"]
ROWS = ["d"] * 7 + ["x"] + ["a"] * 7 + ["z"]
ARROWS = {"d": b"\x1b[C", "a": b"\x1b[D", "x": b"\x1b[B", "z": b"\x1b[B", "w": b"\x1b[A"}


def walk(pattern: list[str], steps: int) -> list[str]:
    return (pattern * (steps // len(pattern) + 1))[:steps]


def _signal_ready(app: App) -> None:
    """Tell the parent the first frame is out (a file, so nothing extra hits the pty)."""
    path = os.environ.get(READY_ENV)
    if path:
        app.call_after_refresh(lambda: open(path, "w").close())


# --- in-process frame times -------------------------------------------------------------


async def frame_times(size: tuple[int, int], repeat: int, layers: bool) -> dict[str, float]:
    """Median seconds of a warm frame of the map and of DataTable, in turns.

    Both apps run at once; each timed call makes its app the active one, so the two
    widgets render with their own app's styles.
    """
    ours_app, table_app = MapApp(layers=layers), TableApp()
    async with ours_app.run_test(size=size) as ours_pilot, table_app.run_test(size=size) as tp:
        await ours_pilot.pause()
        await tp.pause()
        widget = ours_app.query_one(MapWidget)
        table = table_app.query_one(DataTable)

        def warm(app: App, w: MapWidget | DataTable) -> Callable[[], object]:
            region = w.size.region

            def frame() -> object:
                token = active_app.set(app)
                try:
                    w._styles_cache.clear()
                    return w.render_lines(region)
                finally:
                    active_app.reset(token)

            return frame

        fns = {"ours": warm(ours_app, widget), "peer": warm(table_app, table)}
        for fn in fns.values():
            fn()  # fill the row caches: a warm frame
        return medians(interleaved(fns, repeat))


# --- pseudo-terminal measurements -----------------------------------------------------


def _read_quiet(fd: int, quiet: float, limit: float = 30.0) -> tuple[int, float]:
    """Read until the app is quiet for ``quiet`` s; (bytes, time of the last byte)."""
    total, last = 0, time.perf_counter()
    deadline = last + limit
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            break
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        total += len(data)
        last = time.perf_counter()
    return total, last


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _wait_first_frame(master: int, ready: Path | None) -> None:
    """Until the app's first frame is out: its ready file, or (for the real campaign
    screen, which writes none) a screenful of output followed by a second of quiet."""
    deadline = time.monotonic() + 120
    if ready is not None:
        while not ready.exists() and time.monotonic() < deadline:
            _read_quiet(master, quiet=0.1, limit=0.2)  # keep the pty drained
        ready.unlink()
    else:
        seen = 0
        while seen < 2000 and time.monotonic() < deadline:
            seen += _read_quiet(master, quiet=0.5, limit=1.0)[0]
    _read_quiet(master, quiet=1.0, limit=30)  # the rest of the first frame


def pty_run(argv: list[str], keys: list[bytes], cols: int, rows: int, ready: bool) -> dict:
    """Start ``argv`` on a pty of ``cols`` x ``rows``, send the keys one by one and
    measure each step: bytes written, key to last byte, the app's CPU time."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows))
    env.pop("NO_COLOR", None)
    env.pop("TEXTUAL", None)
    ready_file = None
    if ready:
        ready_file = Path(tempfile.gettempdir()) / f"tuicamp-bench-{os.getpid()}.ready"
        ready_file.unlink(missing_ok=True)
        env[READY_ENV] = str(ready_file)
    proc = subprocess.Popen(
        argv,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        close_fds=True,
    )
    os.close(slave)
    try:
        _wait_first_frame(master, ready_file)
        step_bytes, step_times = [], []
        cpu0 = _cpu_seconds(proc.pid)
        for key in keys:
            sent = time.perf_counter()
            os.write(master, key)
            nbytes, last = _read_quiet(master, quiet=0.25)
            step_bytes.append(nbytes)
            step_times.append(last - sent)
        cpu = (_cpu_seconds(proc.pid) - cpu0) / len(keys)
        os.write(master, b"\x11")  # ctrl+q
        _read_quiet(master, quiet=0.5, limit=5)
    finally:
        if proc.poll() is None:
            proc.terminate()
        proc.wait(timeout=10)
        os.close(master)
    return {
        "bytes/step": statistics.mean(step_bytes),
        "s/step": statistics.median(step_times),
        "cpu s/step": cpu,
    }


def demo_save(folder: Path) -> Path:
    """The demo campaign, made as the README makes it (a fixed seed, not opened)."""
    save = folder / "demo.toml"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "tuicamp.cli",
            "new",
            "skirmish-valley",
            "--ruleset",
            "sandbox",
            "--seed",
            "1",
            "--no-play",
            "--output",
            str(save),
        ],
        check=True,
        capture_output=True,
    )
    return save


def pty_rounds(
    contenders: dict[str, tuple[list[str], list[bytes], bool]], cols: int, rows: int, repeat: int
) -> dict[str, dict[str, float]]:
    """Each contender's pty measures, median over ``repeat`` rounds, app after app."""
    runs: dict[str, list[dict]] = {name: [] for name in contenders}
    for _ in range(max(1, repeat)):
        for name, (argv, keys, ready) in contenders.items():
            runs[name].append(pty_run(argv, keys, cols, rows, ready))
    return {
        name: {k: statistics.median(r[k] for r in results) for k in results[0]}
        for name, results in runs.items()
    }


# Bytes per cursor step on the plain map at the commit before the layers (e11d1f0), at
# 80x24 and 200x60 alike: Textual 8.2.8, TERM=xterm-256color, the LOOP walk.
BYTES_BEFORE_LAYERS = 410.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=24)
    parser.add_argument("--repeat", type=int, default=20, help="frame timings (median)")
    parser.add_argument("--pty-repeat", type=int, default=3, help="pty rounds (median)")
    parser.add_argument("--serve", choices=sorted(APPS), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        APPS[args.serve]().run()
        return 0
    # A run stopped by SIGTERM (a timeout) still ends the app it serves on a pty: the
    # exit unwinds through measure's `finally`, where the child is terminated. The child
    # is in a session of its own, so nothing else would reach it, and it spins once its
    # terminal is gone.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))

    table: list[Row] = []
    print(f"frames: medians of {args.repeat} interleaved warm frames (render_lines)")
    for size in ((80, 24), (200, 60)):
        for layers in (False, True):
            times = asyncio.run(frame_times(size, args.repeat, layers))
            label = f"map frame {size[0]}x{size[1]}{' +layers' if layers else ''} vs DataTable"
            table.append(Row(label, times["ours"], times["peer"], Goal(1)))

    bench = [sys.executable, __file__, "--serve"]
    loop = walk(LOOP, args.steps)
    rows_walk = walk(ROWS, args.steps)
    with tempfile.TemporaryDirectory(prefix="tuicamp-bench-") as folder:
        save = demo_save(Path(folder))
        campaign = [sys.executable, "-m", "tuicamp.cli", "play", "--as", "red", str(save)]
        contenders = {
            "campaign": (campaign, [k.encode() for k in rows_walk], False),
            "table, its walk": ([*bench, "table"], [ARROWS[k] for k in rows_walk], True),
            "map": ([*bench, "map"], [k.encode() for k in loop], True),
            "map+layers": ([*bench, "map+layers"], [k.encode() for k in loop], True),
            "table": ([*bench, "table"], [ARROWS[k] for k in loop], True),
        }
        for cols, rows in ((80, 24), (200, 60)):
            print(
                f"pty {cols}x{rows}: {args.steps} cursor steps, medians of "
                f"{args.pty_repeat} rounds, apps in turns"
            )
            got = pty_rounds(contenders, cols, rows, args.pty_repeat)
            for name, m in got.items():
                print(
                    f"  {name:<16} {m['bytes/step']:8.1f} bytes/step  "
                    f"{m['s/step'] * 1000:7.1f} ms key to last byte  "
                    f"{m['cpu s/step'] * 1000:6.1f} ms CPU/step"
                )
            camp, peer = got["campaign"], got["table, its walk"]
            bare, layered, tab = got["map"], got["map+layers"], got["table"]
            at = f"{cols}x{rows}"
            table += [
                Row(
                    f"campaign screen bytes/step {at} vs DataTable",
                    camp["bytes/step"],
                    peer["bytes/step"],
                    Goal(1),
                    unit="B",
                ),
                Row(
                    f"campaign screen key to last byte {at}",
                    camp["s/step"],
                    peer["s/step"],
                    Goal(1),
                ),
                Row(
                    f"bare map bytes/step {at} vs DataTable",
                    bare["bytes/step"],
                    tab["bytes/step"],
                    Goal(1.5),
                    unit="B",
                ),
                Row(f"bare map key to last byte {at}", bare["s/step"], tab["s/step"], Goal(1)),
                Row(
                    f"map +layers bytes/step {at} vs before layers",
                    layered["bytes/step"],
                    BYTES_BEFORE_LAYERS,
                    Goal(1),
                    unit="B",
                ),
            ]
    print()
    return report(table)


if __name__ == "__main__":
    sys.exit(main())
