"""What one brush stroke of the scenario editor sends to the terminal on a 200 x 200 map.

Run by hand: ``python benchmarks/editor_brush.py [--strokes N] [--size WxH]``. It
generates a 200 x 200 map (``tuicamp generate``) and opens it in ``tuicamp edit`` on a
real pseudo-terminal (80x24, TERM=xterm-256color, through ``map_render.py``'s
``pty_run``), the terrain brush at size 2 (seven hexes):

* bytes per stroke: the editor sent strokes one hex apart (a step, then space), counting
  what it writes for each; its peer is the same walk without painting (the brush outline
  and the panel move with the cursor either way). A stroke repaints only the rows of the
  hexes it changed, so it costs no more than 3x a step (goal);
* canvas rows re-rendered by one stroke, in process (``MapWidget.lines_rendered``),
  against the rows of the whole map: goal, no more than the rows the brush covers
  (two canvas rows a hex row in the brick layout, and the sides between: 7 for 3 rows).

The exit status is 1 if a goal is missed (``benchmarks/measure.py``'s ``report``).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

from map_render import pty_run
from measure import Goal, Row, report

from tuicamp.game.mapgen import MapSpec, generate
from tuicamp.ui.app import TuicampApp
from tuicamp.ui.editor import EditorScreen

BRUSH_ROWS = 7  # canvas rows of a brush of 2 (3 hex rows) in the brick layout


async def rows_per_stroke(path: Path) -> tuple[float, int]:
    """Canvas rows rendered anew by one stroke, and the canvas rows of the whole map."""
    app = TuicampApp(home=lambda: EditorScreen(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("b")
        screen = app.screen
        assert isinstance(screen, EditorScreen)
        widget = screen.map_widget
        counts = []
        for _ in range(5):
            await pilot.press("d")
            await pilot.pause()
            before = widget.lines_rendered
            await pilot.press("space")
            await pilot.pause()
            counts.append(widget.lines_rendered - before)
        return sum(counts) / len(counts), widget.virtual_size.height


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strokes", type=int, default=12)
    parser.add_argument("--size", default="200x200")
    args = parser.parse_args()
    width, _, height = args.size.partition("x")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.toml"
        path.write_text(generate(MapSpec(int(width), int(height), 4, 1)).text().text)
        argv = [sys.executable, "-m", "tuicamp", "edit", str(path)]
        painted = pty_run(argv, [b"b"] + [b"d", b" "] * args.strokes, 80, 24, ready=False)
        walked = pty_run(argv, [b"b"] + [b"d", b"d"] * args.strokes, 80, 24, ready=False)
        rows, canvas = asyncio.run(rows_per_stroke(path))
    stroke = painted["bytes/step"] * 2 - walked["bytes/step"]  # a pair less its step
    print(
        f"  bytes per stroke {stroke:,.0f}, per step {walked['bytes/step']:,.0f}; "
        f"canvas rows per stroke {rows:.1f} of {canvas}; "
        f"key to last byte {painted['s/step'] * 1000:.0f} ms"
    )
    rows_out = [
        Row("bytes per stroke vs a step", stroke, walked["bytes/step"], Goal(3), unit="bytes"),
        Row("canvas rows per stroke vs the brush's", rows, BRUSH_ROWS, Goal(1), unit="rows"),
    ]
    return report(rows_out)


if __name__ == "__main__":
    sys.exit(main())
