"""Shown instead of a broken layout when the terminal is smaller than the game needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tuicamp.ui import unsaved

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
                + quit_note(self.app.screen_stack)
            )
        )


def quit_note(stack: list[Screen]) -> str:
    """What Ctrl+Q does to the work on the screens below: nothing is lost in a campaign,
    which saves as it goes; the editor saves only on Ctrl+S, so quitting it with changes not
    saved asks first."""
    if unsaved.unsaved_question(stack):
        return (
            "Ctrl+Q asks first: there are changes not saved, which Ctrl+S saves once the "
            "terminal is larger."
        )
    if unsaved.saves_when_asked(stack):
        return "Ctrl+Q quits (nothing here is unsaved: changes are saved only by Ctrl+S)."
    return "Ctrl+Q quits (every action is saved as it happens)."
