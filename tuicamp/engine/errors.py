"""Errors a player can read."""

from __future__ import annotations

from collections.abc import Sequence

from tuicamp.engine.printable import escaped


class RuleError(Exception):
    """An action the rules refuse. The message is one sentence for a player, escaped as it
    is made: a refusal quotes names and ids a player typed, and one holding ESC or a
    newline must neither drive the terminal it is printed on nor become two lines."""

    # which order of a batch (``Engine.perform_all``) was refused, when it was one of many
    action_index: int | None = None

    def __init__(self, *args: object) -> None:
        super().__init__(*(escaped(a) if isinstance(a, str) else a for a in args))


class DiceNeeded(RuleError):
    """Table-dice mode: the action needs dice values the players must roll and type in."""

    def __init__(
        self,
        expr: str,
        reason: str,
        count: int,
        then: Sequence[tuple[str, str, int]] = (),
    ) -> None:
        self.expr, self.reason, self.count = expr, reason, count
        self.then = list(then)  # the rolls the action goes on to need, as far as known
        text = (
            f"Roll {expr} for {reason} at the table and enter {count} value"
            f"{'s' if count != 1 else ''}"
        )
        if self.then:
            total = count + sum(n for _, _, n in self.then)
            later = ", ".join(f"{e} for {r}" for e, r, _ in self.then)
            text += f" (then {later}: {total} values in all, in that order)"
        super().__init__(text)


class InputError(Exception):
    """Bad input from a file or the command line: one line, naming the file and place
    (escaped as it is made, as a refusal is: the place may quote the bad input)."""

    def __init__(self, *args: object) -> None:
        super().__init__(*(escaped(a) if isinstance(a, str) else a for a in args))
