"""How every benchmark in this folder measures and reports: one way, so none can flatter us.

Run by hand, never as a test. The rules every benchmark follows, and why:

* **Interleaved runs.** The contenders take turns (ours, peer, ours, peer, ...), so load from
  other processes on a shared machine slows both alike and the ratio stays meaningful.
* **Medians, not best-of.** The best run is the luckiest one; the median is what a user
  sees on a typical keypress. ``interleaved`` keeps every run so the median can be taken.
* **The garbage collector is paused** around each timed call (as ``timeit`` does), for both
  sides alike, so neither pays for the other's garbage.
* **A goal and a verdict on every row.** ``Row`` prints what was measured, ours, the peer's,
  the ratio, the goal and OK/MISSED; ``exit_status`` makes the script fail when any row
  missed its goal.

A benchmark checks that both sides gave the same answer before it prints any ratio.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Iterable

from attrs import frozen


def interleaved(fns: dict[str, Callable[[], object]], repeat: int) -> dict[str, list[float]]:
    """Every run's seconds for each contender, the contenders taking turns ``repeat`` times."""
    runs: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(max(1, repeat)):
        for name, fn in fns.items():
            runs[name].append(timed_once(fn))
    return runs


class Answers(dict[str, object]):
    """Each contender's last answer, kept while it is timed, to be checked against the
    peer's once the timing is done: ``interleaved({"ours": answers.keep("ours", fn)})``."""

    def keep(self, name: str, fn: Callable[[], object]) -> Callable[[], object]:
        def run() -> object:
            self[name] = fn()
            return self[name]

        return run


def timed_once(fn: Callable[[], object]) -> float:
    """Seconds for one call of ``fn``, the garbage collector paused during it."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        fn()
        return time.perf_counter() - start
    finally:
        gc.enable()


def medians(runs: dict[str, list[float]]) -> dict[str, float]:
    """The median of each contender's runs."""
    return {name: statistics.median(times) for name, times in runs.items()}


@frozen
class Goal:
    """What a ratio must be: ``at_most`` for "ours / peer <= x", ``at_least`` for a speed-up."""

    target: float
    at_least: bool = False

    def met(self, ratio: float) -> bool:
        return ratio >= self.target if self.at_least else ratio <= self.target

    def describe(self) -> str:
        return f"{'>=' if self.at_least else '<='} {self.target:g}x"


@frozen
class Row:
    """One measured question: ours against the peer, the ratio, the goal and the verdict.

    ``ratio`` is ``ours / peer`` for a cost goal (lower is better) and ``peer / ours`` for a
    speed-up goal (``Goal(10, at_least=True)``: ten times faster than the peer).
    """

    label: str
    ours: float
    peer: float
    goal: Goal
    unit: str = "ms"
    limit: float | None = None  # the most seconds ours may take, besides the ratio

    @property
    def ratio(self) -> float:
        if self.goal.at_least:
            return self.peer / self.ours if self.ours else float("inf")
        return self.ours / self.peer if self.peer else float("inf")

    @property
    def ok(self) -> bool:
        within = self.limit is None or self.ours <= self.limit
        return within and self.goal.met(self.ratio)

    def text(self) -> str:
        scale = 1000.0 if self.unit == "ms" else 1.0
        return (
            f"  {self.label:<46} ours {self.ours * scale:9.2f} {self.unit}"
            f"  peer {self.peer * scale:9.2f} {self.unit}"
            f"  {self.ratio:6.2f}x (goal {self.goal.describe()}{self._limit_text()})"
            f"  {'OK' if self.ok else 'MISSED'}"
        )

    def _limit_text(self) -> str:
        if self.limit is None:
            return ""
        scale = 1000.0 if self.unit == "ms" else 1.0
        return f", <= {self.limit * scale:g} {self.unit}"


def report(rows: Iterable[Row]) -> int:
    """Print every row and return the exit status: 0 if every goal was met, 1 if not."""
    rows = list(rows)
    for row in rows:
        print(row.text())
    missed = [row.label for row in rows if not row.ok]
    print(f"verdict: {'every goal met' if not missed else 'MISSED: ' + ', '.join(missed)}")
    return 1 if missed else 0
