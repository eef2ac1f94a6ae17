"""The latest chronicle lines under the map."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from tuicamp.engine.actions import Event


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


class LogLines(Static):
    """The last few events the seat may read, newest at the bottom."""

    def __init__(self, lines: int = 3, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines = lines

    def show(self, events: list[Event]) -> None:
        shown = events[-self.lines :] if self.lines else []
        self.update(Content("\n").join(Content(event_text(e)) for e in shown))
