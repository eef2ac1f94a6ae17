"""The Command screen (``C``): each of the seat's divisions with its command, its general,
and what a change would ask now - free at the home base or from Patrol, else the 2d6 test
on the general's Ld, shown before it is rolled (R-EL-3, R-EL-15, R-EL-33) - or, in a Move
phase, its hexes this hour. Up and down choose a division, a command key gives it that
command (the rules roll the test, if one is due, and refuse what they refuse)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tuicamp.rules.api import Action
from tuicamp.rules.ellegaard.commands import GiveCommand
from tuicamp.rules.ellegaard.screens.data import division_lines, ellegaard_state, name_of
from tuicamp.rules.ellegaard.state import COMMAND_NAMES
from tuicamp.rules.kit.words import possessive
from tuicamp.ui.kit import CampaignView, KeyFooter

# the command words and their keys on this screen and the campaign screen
COMMAND_KEYS = {"patrol": "p", "scout": "s", "attack": "k", "defend": "f", "block": "b"}
COMMAND_KEYS["move_ya"] = "y"


class CommandScreen(Screen[Action | None]):
    """Answers the command chosen for the highlighted division, or None."""

    BINDINGS: ClassVar = [
        Binding("escape,q", "close", "Back", id="ellegaard.commands.close"),
        Binding("up", "move(-1)", "Previous", show=False, id="ellegaard.commands.up"),
        Binding("down", "move(1)", "Next", show=False, id="ellegaard.commands.down"),
        *(
            Binding(key, f"give('{word}')", COMMAND_NAMES[word], id=f"ellegaard.commands.{word}")
            for word, key in COMMAND_KEYS.items()
        ),
    ]
    DEFAULT_CSS = """
    CommandScreen #ellegaard-commands-title { text-style: bold; padding: 0 1; }
    CommandScreen #ellegaard-commands-list { padding: 0 1; }
    CommandScreen #ellegaard-commands-keys { padding: 0 1; color: $foreground-muted; }
    """

    def __init__(self, view: CampaignView) -> None:
        super().__init__()
        self.view = view
        state = ellegaard_state(view)
        self.lines = list(state.divisions) if state is not None else []
        self.index = 0

    def compose(self) -> ComposeResult:
        state = ellegaard_state(self.view)
        who = name_of(self.view, state.player) if state is not None else ""
        phase = "Command" if state is not None and state.phase == "command" else "Move"
        hour = f"hour {state.hour} of {state.hours}" if state is not None else ""
        title = f"Commands: {possessive(who)} {phase} phase, {hour}"
        yield Static(Content(title), id="ellegaard-commands-title")
        with VerticalScroll():
            yield Static(id="ellegaard-commands-list")
        yield Static(Content("up/down choose a division"), id="ellegaard-commands-keys")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        state = ellegaard_state(self.view)
        phase = state.phase if state is not None else "command"
        out: list[str] = []
        for i, line in enumerate(self.lines):
            out += division_lines(line, i == self.index, phase)
        if not out:
            out = ["This seat gives no commands: it has no division."]
        self.query_one("#ellegaard-commands-list", Static).update(Content("\n".join(out)))

    def action_move(self, step: int) -> None:
        if self.lines:
            self.index = (self.index + step) % len(self.lines)
            self.redraw()

    def action_give(self, word: str) -> None:
        if self.lines:
            self.dismiss(GiveCommand(division=self.lines[self.index].army, command=word))

    def action_close(self) -> None:
        self.dismiss(None)
