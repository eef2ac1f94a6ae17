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
    """Table-dice mode: the action needs dice values the players must roll and type in.

    ``count`` is how many more values this roll takes (what a dice dialog asks for);
    ``given`` is how many the action came with, all of them, so that the refusal says the
    whole: "enter 3 values (you gave 2)", and "in all" once ``earlier`` rolls of the
    action took some of them (a re-roll a rule asks for, after its first roll)."""

    def __init__(
        self,
        expr: str,
        reason: str,
        count: int,
        then: Sequence[tuple[str, str, int]] = (),
        *,
        given: int = 0,
        earlier: int = 0,
    ) -> None:
        self.expr, self.reason, self.count = expr, reason, count
        self.given, self.earlier = given, earlier
        self.then = list(then)  # the rolls the action goes on to need, as far as known
        needed = given + count  # every value up to and including this roll's
        in_all = " in all" if earlier else ""
        text = (
            f"Roll {expr} for {reason} at the table and enter {needed} value"
            f"{'s' if needed != 1 else ''}{in_all}"
        )
        notes = [f"you gave {given}"] if given else []
        if self.then:
            total = needed + sum(n for _, _, n in self.then)
            later = ", ".join(f"{e} for {r}" for e, r, _ in self.then)
            notes.append(f"then {later}: {total} values in all, in that order")
        if notes:
            text += f" ({'; '.join(notes)})"
        super().__init__(text)

    def with_then(self, then: Sequence[tuple[str, str, int]]) -> DiceNeeded:
        """The same request, told with the rolls the action goes on to need."""
        return DiceNeeded(
            self.expr, self.reason, self.count, then, given=self.given, earlier=self.earlier
        )


class InputError(Exception):
    """Bad input from a file or the command line: one line, naming the file and place
    (escaped as it is made, as a refusal is: the place may quote the bad input)."""

    def __init__(self, *args: object) -> None:
        super().__init__(*(escaped(a) if isinstance(a, str) else a for a in args))
