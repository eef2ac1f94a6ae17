"""Shown instead of a broken layout when the terminal is smaller than the game needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


class TooSmallScreen(Screen[None]):
    """Pushed on top of whatever was showing, popped again when the terminal grows; the
    screens below keep their state."""

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.show_size(self.app.size.width, self.app.size.height)

    def show_size(self, width: int, height: int) -> None:
        self.query_one("#too-small-text", Static).update(
            Content(
                f"tuicamp needs a terminal of at least {MIN_WIDTH} x {MIN_HEIGHT}.\n"
                f"This one is {width} x {height}: please make it larger.\n"
                "Ctrl+Q quits (every action is saved as it happens)."
            )
        )
