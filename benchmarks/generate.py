"""How fast `tuicamp generate` makes a 200 x 200 map, against reading and checking it.

Run by hand, in the project's virtual environment: ``python benchmarks/generate.py``.
It generates a 200 x 200 map for four players (every stage: noise, terrain, rivers,
territories, settlements, fair starts, roads, the file's text) and times it against the
peer a Games Master runs next, ``tuicamp check`` of the same file (the scenario read,
checked and a campaign started from it). The generated file is checked first and must
pass. Goal: no more than 4x the check, and no more than 10 s whatever the machine.
A 40 x 30 map (the command's default size) is timed the same way.

Times are the medians of interleaved runs (``measure.py``); the processor time of one
200 x 200 generation is printed too, which the load of a shared machine does not inflate.
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
from pathlib import Path

from measure import Goal, Row, interleaved, medians, report

from tuicamp.game.mapgen import MapSpec, generate
from tuicamp.game.scenarios import scenario_problems


def _row(label: str, spec: MapSpec, repeat: int, limit: float, folder: Path) -> Row:
    path = folder / f"{spec.width}x{spec.height}.toml"
    path.write_text(generate(spec).text().text, encoding="utf-8")
    problems = scenario_problems(path)
    if problems:
        raise SystemExit(f"the generated map does not pass its check: {problems[:3]}")
    runs = interleaved(
        {"ours": lambda: generate(spec).text(), "check": lambda: scenario_problems(path)},
        repeat,
    )
    t = medians(runs)
    return Row(label, t["ours"], t["check"], Goal(4), unit="s", limit=limit)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs per timing (the median)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rows = [
            _row(
                "200 x 200, 4 players vs checking its file",
                MapSpec(200, 200, 4, args.seed),
                args.repeat,
                10.0,
                folder,
            ),
            _row(
                "40 x 30, 3 players vs checking its file",
                MapSpec(40, 30, 3, args.seed),
                args.repeat * 3,
                1.0,
                folder,
            ),
        ]
        cpu = _cpu_seconds(MapSpec(200, 200, 4, args.seed))
    print(f"  200 x 200: {cpu:.2f} s of processor time (the wall clock adds the machine's load)")
    return report(rows)


def _cpu_seconds(spec: MapSpec) -> float:
    """The processor time of one generation and its text: on a machine shared with
    other work, wall-clock seconds say as much about the others as about the generator.
    The collector is paused, as for the timed runs."""
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        generate(spec).text()
        return time.process_time() - start
    finally:
        gc.enable()


if __name__ == "__main__":
    sys.exit(main())
