"""Map widget benchmark: MapWidget on a 200 x 200 map against Textual's own DataTable.

Run by hand (never part of the test suite, timings are machine-dependent)::

    python benchmarks/map_render.py [--steps N] [--repeat R]

Measured in one run, on a seeded 200 x 200 map with mixed terrain, rivers, roads,
territories, settlements and armies, each figure twice: on the plain map (territory
borders, as before the map had layers) and with the layers on (``+layers``: owner borders
between realms drawn over the territory borders, and side overlays on 600 contested
hexes, every side of each held by one of three players, some of them disputed):

* frame time: every visible line of the widget rendered through ``render_lines`` at 80x24
  and 200x60, cold (row cache empty), warm (same view again) and warm after a scroll (rows
  cached, new crop), plus Textual's whole-screen compositor update on top;
* cells repainted per cursor step (the refresh regions the widget asks for) and lines
  re-rendered per step;
* a real pseudo-terminal: each app runs in a subprocess on a pty (TERM=xterm-256color);
  the parent sends cursor keys and counts the bytes the app writes per step, the time
  from key to last byte, and the app's CPU time per step, and compares a step with one
  full-screen repaint; the same for a DataTable holding a 200 x 200 grid.

Targets: a warm 200x60 frame under 5 ms, with the layers on too; a cursor step no slower
than DataTable's; no more than 1.5x DataTable's bytes per cursor step; with the layers on,
no more bytes per cursor step than the plain map sent before the map had layers.

The bytes of a step do not depend on the machine, so that last figure is kept here
(``BYTES_BEFORE_LAYERS``) beside the two measured in the run. They depend on what lies on
the repainted lines: Textual rewrites a dirty line from the widget's left edge to the end
of the change, so every style change left of the cursor is sent again, a layer's cells
there included (the walk below crosses a contested hex, whose side marks are chips).
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import random
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.geometry import Region
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
    """The map filling the screen, as the campaign app's map screen will show it."""

    BINDINGS = [Binding("R", "repaint", "full repaint")]

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

    def action_repaint(self) -> None:
        self.query_one(MapWidget).refresh()


class TableApp(App):
    """Textual's DataTable with a 200 x 200 grid of 3-character cells (a hex's interior)."""

    BINDINGS = [Binding("R", "repaint", "full repaint")]

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

    def action_repaint(self) -> None:
        self.query_one(DataTable).refresh()


# Bytes per cursor step on the plain map at the commit before the layers (e11d1f0), at
# 80x24 and 200x60 alike: Textual 8.2.8, TERM=xterm-256color, this walk.
BYTES_BEFORE_LAYERS = 410.0

APPS = {
    "map": MapApp,
    "map+reach": lambda: MapApp(reach=True),
    "map+layers": lambda: MapApp(layers=True),
    "table": TableApp,
}
READY_ENV = "TUICAMP_BENCH_READY"
LATENCY = "ms/step (key to last byte, median)"


def _signal_ready(app: App) -> None:
    """Tell the parent the first frame is out (a file, so nothing extra hits the pty)."""
    path = os.environ.get(READY_ENV)
    if path:
        app.call_after_refresh(lambda: open(path, "w").close())


# --- in-process measurements ----------------------------------------------------------


def _time(fn, repeat: int) -> float:
    """Best-of-repeat wall time of fn() in ms (best: the least disturbed by the machine)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1000


async def frame_times(size: tuple[int, int], repeat: int, layers: bool) -> dict[str, float]:
    app = MapApp(layers=layers)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        widget = app.query_one(MapWidget)
        region = widget.size.region

        def cold() -> None:
            widget._rows.clear()
            widget._styles_cache.clear()
            widget.render_lines(region)

        def warm() -> None:
            widget._styles_cache.clear()
            widget.render_lines(region)

        offsets = iter(range(1, 10_000))

        def scrolled() -> None:
            widget.scroll_to(x=next(offsets) % 300, y=100, animate=False)
            widget._styles_cache.clear()
            widget.render_lines(region)

        def compositor() -> None:
            widget._styles_cache.clear()
            app.screen._compositor.render_full_update()

        warm()
        out = {
            "cold": _time(cold, repeat),
            "warm": _time(warm, repeat),
            "warm, scrolled": _time(scrolled, repeat),
        }
        warm()
        out["warm + compositor"] = _time(compositor, repeat)
        return out


async def step_regions(steps: int, layers: bool) -> tuple[float, float, float]:
    """Average (cells asked to repaint, lines re-rendered, render_line calls) per step."""
    app = MapApp(layers=layers)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        widget = app.query_one(MapWidget)
        asked: list[Region] = []
        original = widget.refresh

        def spy(*regions: Region, **kwargs):
            asked.extend(regions or [widget.size.region])
            return original(*regions, **kwargs)

        widget.refresh = spy  # type: ignore[method-assign]
        rendered0, calls0 = widget.lines_rendered, widget.render_line_calls
        keys = ["d", "x", "a", "w"] * (steps // 4 + 1)
        for key in keys[:steps]:
            await pilot.press(key)
        await pilot.pause()
        cells = sum(r.area for r in asked)
        return (
            cells / steps,
            (widget.lines_rendered - rendered0) / steps,
            (widget.render_line_calls - calls0) / steps,
        )


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


def pty_run(kind: str, keys: list[bytes], cols: int, rows: int) -> dict[str, float]:
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows))
    env.pop("NO_COLOR", None)
    env.pop("TEXTUAL", None)
    ready = os.path.join(tempfile.gettempdir(), f"tuicamp-bench-{os.getpid()}-{kind}.ready")
    if os.path.exists(ready):
        os.unlink(ready)
    env[READY_ENV] = ready
    proc = subprocess.Popen(
        [sys.executable, __file__, "--serve", kind],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        close_fds=True,
    )
    os.close(slave)
    try:
        deadline = time.monotonic() + 120
        while not os.path.exists(ready) and time.monotonic() < deadline:
            _read_quiet(master, quiet=0.1, limit=0.2)  # keep the pty drained
        os.unlink(ready)
        _read_quiet(master, quiet=1.0, limit=30)  # the rest of the first frame
        step_bytes, step_times = [], []
        cpu0 = _cpu_seconds(proc.pid)
        for key in keys:
            sent = time.perf_counter()
            os.write(master, key)
            nbytes, last = _read_quiet(master, quiet=0.25)
            step_bytes.append(nbytes)
            step_times.append((last - sent) * 1000)
        cpu = (_cpu_seconds(proc.pid) - cpu0) / len(keys) * 1000
        full = 0
        for _ in range(2):  # DataTable at 200x60 skips the first refresh: take the larger
            os.write(master, b"R")
            full = max(full, _read_quiet(master, quiet=0.5)[0])
        os.write(master, b"\x11")  # ctrl+q
        _read_quiet(master, quiet=0.5, limit=5)
    finally:
        if proc.poll() is None:
            proc.terminate()
        proc.wait(timeout=10)
        os.close(master)
    return {
        "bytes/step": statistics.mean(step_bytes),
        LATENCY: statistics.median(step_times),
        "app CPU ms/step": cpu,
        "full repaint bytes": full,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=24)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--serve", choices=sorted(APPS), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        APPS[args.serve]().run()
        return

    print(f"MapWidget on a {SIZE} x {SIZE} map (canvas 803 x 401 cells)\n")
    print("frame (all visible lines through render_lines), best of", args.repeat)
    warm = {}
    for size in ((80, 24), (200, 60)):
        for layers, label in ((False, "plain"), (True, "+layers")):
            times = asyncio.run(frame_times(size, args.repeat, layers))
            warm[size, layers] = times["warm"]
            line = ", ".join(f"{k} {v:.2f} ms" for k, v in times.items())
            print(f"  {size[0]}x{size[1]} {label:8}: {line}")
    plain, layered = warm[(200, 60), False], warm[(200, 60), True]
    print(
        f"  warm 200x60: plain {plain:.2f} ms, +layers {layered:.2f} ms "
        f"(target < 5 ms: {'OK' if layered < 5 else 'MISSED'})"
    )
    print()
    for layers, label in ((False, "plain"), (True, "+layers")):
        cells, lines, calls = asyncio.run(step_regions(args.steps, layers))
        print(
            f"cursor step (80x24) {label:8}: {cells:.1f} cells asked to repaint, "
            f"{lines:.2f} rows re-rendered, {calls:.2f} render_line calls"
        )

    map_keys = [b"d", b"d", b"x", b"a", b"a", b"w"] * (args.steps // 6 + 1)
    arrows = [b"\x1b[C", b"\x1b[C", b"\x1b[B", b"\x1b[D", b"\x1b[D", b"\x1b[A"]
    table_keys = arrows * (args.steps // 6 + 1)
    for cols, rows in ((80, 24), (200, 60)):
        print(f"\npty {cols}x{rows}, {args.steps} cursor steps each (TERM=xterm-256color)")
        results = {
            "MapWidget": pty_run("map", map_keys[: args.steps], cols, rows),
            "MapWidget+layers": pty_run("map+layers", map_keys[: args.steps], cols, rows),
            "MapWidget+reach": pty_run("map+reach", map_keys[: args.steps], cols, rows),
            "MapWidget arrows": pty_run("map", table_keys[: args.steps], cols, rows),
            "DataTable": pty_run("table", table_keys[: args.steps], cols, rows),
        }
        names = list(next(iter(results.values())))
        print(f"  {'':38}" + "".join(f"{k:>20}" for k in results))
        for name in names:
            print(f"  {name:38}" + "".join(f"{r[name]:>20.1f}" for r in results.values()))
        mw, dt = results["MapWidget"], results["DataTable"]
        print(
            f"  map step = {mw['bytes/step'] / mw['full repaint bytes']:.1%} of a full repaint; "
            f"bytes/step vs DataTable {mw['bytes/step'] / dt['bytes/step']:.2f}x (target <= 1.5x); "
            f"latency vs DataTable {mw[LATENCY] / dt[LATENCY]:.2f}x; "
            f"CPU vs DataTable {mw['app CPU ms/step'] / dt['app CPU ms/step']:.2f}x"
        )
        ml = results["MapWidget+layers"]
        met = ml["bytes/step"] <= BYTES_BEFORE_LAYERS
        print(
            f"  bytes/step: before the layers {BYTES_BEFORE_LAYERS:.1f}, plain now "
            f"{mw['bytes/step']:.1f}, +layers {ml['bytes/step']:.1f} "
            f"(target: +layers <= before: {'OK' if met else 'MISSED'})"
        )


if __name__ == "__main__":
    main()
