"""The latest chronicle lines under the map.

The chronicle shows at least three lines, and at a large terminal it takes the rows the
map's drawing leaves empty (``chronicle_rows``), so the screen holds more of the week and
no blank band. Notifications are kept above it (``keep_toasts_above``): a toast never
covers what just happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.content import Content
from textual.widgets import Static

from tuicamp.engine.actions import Event

if TYPE_CHECKING:
    from textual.dom import DOMNode

# The fewest chronicle lines the campaign screen shows, at 80x24 too.
LEAST_LINES = 3
# The rows under the screen's notifications that are not the chronicle (the footer).
FOOTER_ROWS = 1


def event_text(event: Event, *, with_dice: bool = True) -> str:
    """One event as a line: turn, text, and every die rolled for it."""
    dice = ""
    if with_dice and event.rolls:
        dice = (
            "  ["
            + "; ".join(
                f"{r.reason}: {r.expr}={r.total} ({'+'.join(map(str, r.dice))})"
                + (", table" if r.table else "")
                for r in event.rolls
            )
            + "]"
        )
    return f"T{event.turn} {event.text}{dice}"


def chronicle_rows(map_rows: int, canvas_rows: int, log_rows: int, least: int = LEAST_LINES) -> int:
    """How many rows the chronicle takes: its own ``log_rows`` plus the map's
    ``map_rows`` less what the map's drawing needs (``canvas_rows``), never fewer than
    ``least``. Asked again after the change, it answers the same (the map then has exactly
    the rows it draws), so the two never chase each other."""
    return max(least, map_rows + log_rows - canvas_rows)


def keep_toasts_above(screen: DOMNode, rows: int) -> None:
    """Raise the screen's notifications above the footer and ``rows`` chronicle lines."""
    for rack in screen.query("ToastRack"):
        rack.styles.margin = (0, 0, FOOTER_ROWS + rows, 0)


class LogLines(Static):
    """The last few events the seat may read, newest at the bottom: as many as it has
    rows (``fit``)."""

    def __init__(self, lines: int = LEAST_LINES, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lines = lines
        self._events: list[Event] = []

    def show(self, events: list[Event]) -> None:
        self._events = events
        shown = events[-self.lines :] if self.lines else []
        self.update(Content("\n").join(Content(event_text(e)) for e in shown))

    def fit(self, rows: int) -> None:
        """Take ``rows`` rows and show that many of the latest events."""
        if rows == self.lines:
            return
        self.lines = rows
        self.styles.height = rows
        self.show(self._events)
