"""Errors a player can read."""

from __future__ import annotations


class RuleError(Exception):
    """An action the rules refuse. The message is one sentence for a player."""


class DiceNeeded(RuleError):
    """Table-dice mode: the action needs dice values the players must roll and type in."""

    def __init__(self, expr: str, reason: str, count: int) -> None:
        self.expr, self.reason, self.count = expr, reason, count
        super().__init__(
            f"Roll {expr} for {reason} at the table and enter {count} value"
            f"{'s' if count != 1 else ''}"
        )


class InputError(Exception):
    """Bad input from a file or the command line: one line, naming the file and place."""
