"""The siege dialog (``S``): before each garrison's walls where the seat's corps are the
only ones outside, its choice to write under seal, once a turn: assault the walls or wait
(section 4.6, R-SU-36). It sends the ``assault`` action the command line sends, shows the
seat's own written choice, to change until the reveal, and of the others only whom the
round still waits for."""

from __future__ import annotations

from collections.abc import Sequence

from tuicamp.rules.suvinen.assault import ChooseAssault
from tuicamp.rules.suvinen.castles import ASSAULT, WAIT
from tuicamp.rules.suvinen.choices import SiegeChoice
from tuicamp.rules.suvinen.screens.base import Option, SuvinenDialog

# what each written word reads as, in the dialog's options
WORDS = {ASSAULT: "Assault the walls at", WAIT: "Wait before the walls at"}


class SiegeDialog(SuvinenDialog):
    HEADING = "Assault or wait (written under seal)"

    def whose(self, choice: SiegeChoice) -> str:
        return self.who(choice.player, {c.player for c in self.choices.sieges})

    def intro(self) -> list[str]:
        out: list[str] = []
        for c in self.choices.sieges:
            out.append(f"{self.whose(c)}{c.what[0].upper()}{c.what[1:]}")
            out += self.sealed_lines(c.written, c.waiting)
        return out

    def build_options(self) -> Sequence[Option]:
        return [
            Option(
                f"{self.whose(c)}{text} {c.hex}",
                ChooseAssault(hex=c.hex, choice=word, player=c.player),
            )
            for c in self.choices.sieges
            for word, text in WORDS.items()
        ]

    def empty(self) -> str:
        return "No siege waits for your choice now."
