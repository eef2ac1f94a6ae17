"""The Command screen (``C``): each of the seat's divisions with its command, its general,
and what a change would ask now - free at the home base or from Patrol, else the 2d6 test
on the general's Ld, shown before it is rolled (R-EL-3, R-EL-15, R-EL-33) - or, in a Move
phase, its hexes this hour. Up and down choose a division, a command key gives it that
command (the rules roll the test, if one is due, and refuse what they refuse)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.binding import Binding

from tuicamp.rules.ellegaard.commands import GiveCommand
from tuicamp.rules.ellegaard.screens.base import EllegaardScreen, frame_bindings
from tuicamp.rules.ellegaard.screens.data import division_lines, name_of
from tuicamp.rules.ellegaard.state import COMMAND_NAMES
from tuicamp.rules.ellegaard.view import DivisionLine, EllegaardView
from tuicamp.rules.kit.words import possessive

# the command words and their keys on this screen and the campaign screen
COMMAND_KEYS = {"patrol": "p", "scout": "s", "attack": "k", "defend": "f", "block": "b"}
COMMAND_KEYS["move_ya"] = "y"


class CommandScreen(EllegaardScreen):
    """Answers the command chosen for the highlighted division, or None."""

    SLUG = "commands"
    KEYS = "up/down choose a division"
    BINDINGS: ClassVar = [
        *frame_bindings("commands"),
        *(
            Binding(key, f"give('{word}')", COMMAND_NAMES[word], id=f"ellegaard.commands.{word}")
            for word, key in COMMAND_KEYS.items()
        ),
    ]

    def rows(self, state: EllegaardView) -> Sequence[DivisionLine]:
        return state.divisions

    def heading(self) -> str:
        state = self.state
        who = name_of(self.view, state.player) if state is not None else ""
        phase = "Command" if state is not None and state.phase == "command" else "Move"
        hour = f"hour {state.hour} of {state.hours}" if state is not None else ""
        return f"Commands: {possessive(who)} {phase} phase, {hour}"

    def body_lines(self) -> list[str]:
        phase = self.state.phase if self.state is not None else "command"
        out: list[str] = []
        for i, line in enumerate(self.lines):
            out += division_lines(line, i == self.index, phase)
        return out or ["This seat gives no commands: it has no division."]

    def action_give(self, word: str) -> None:
        line = self.chosen()
        if line is not None:
            self.dismiss(GiveCommand(division=line.army, command=word))
