"""Seeded, logged, re-rollable dice.

The generator is SplitMix64 in counter form: draw ``n`` of seed ``s`` is a pure function of
``(s, n)``, so the whole generator state is two integers saved with the campaign. Reloading
a save therefore continues with exactly the dice that would have come next: no re-roll by
reloading.

In *table dice* mode nothing is generated: the values the players rolled come with the
action and are checked against the expression (a d6 shows 1-6, a d3 1-3, a d66 is two d6).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from attrs import define, field, frozen

from tuicamp.engine.errors import DiceNeeded, RuleError
from tuicamp.model.campaign import DiceMode, DiceState
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.ids import roll_number
from tuicamp.model.reprs import fields_repr

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _splitmix64(seed: int, n: int) -> int:
    z = (seed + (n + 1) * _GAMMA) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


_EXPR_RE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")
_CONST_RE = re.compile(r"^\s*(-?\d+)\s*$")


@frozen
class DiceExpr:
    """A parsed dice expression: ``count`` dice of ``sides`` (3 means d3, 66 means d66)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    count: int
    sides: int
    modifier: int = 0

    @classmethod
    def parse(cls, text: str) -> DiceExpr:
        m = _EXPR_RE.match(text)
        if not m:
            if _CONST_RE.match(text):
                return cls(0, 6, int(text))
            raise RuleError(f"{text!r} is not a dice expression (try d6, 2d6, d66, 3d6+1)")
        count = int(m.group(1)) if m.group(1) else 1
        sides = int(m.group(2))
        mod = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
        if not 1 <= count <= 100:
            raise RuleError(f"{text!r}: roll between 1 and 100 dice")
        if sides < 2 or sides > 1000:
            raise RuleError(f"{text!r}: dice have between 2 and 1000 sides")
        return cls(count, sides, mod)

    @property
    def values_needed(self) -> int:
        """How many typed values the expression takes (a d66 is two d6)."""
        return self.count * (2 if self.sides == 66 else 1)

    def value_range(self) -> tuple[int, int]:
        """The range of one typed value."""
        return (1, 6) if self.sides == 66 else (1, self.sides)

    def __str__(self) -> str:
        text = f"{self.count if self.count != 1 else ''}d{self.sides}" if self.count else ""
        if self.modifier:
            text += f"{'+' if self.modifier > 0 else '-'}{abs(self.modifier)}"
        return text or "0"


@define
class Roll:
    """One roll as it happened: what, why, each die, the total."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    expr: str
    reason: str
    dice: list[int]
    total: int
    table: bool = False  # typed in from real dice
    replaces: int | None = None  # index in the event's rolls of the roll this re-rolls
    # The roll's number (``roll #4821``): the code of the campaign's roll count, which
    # counts nothing a seat could read (model/ids.py, R-ALL-7); 0: none.
    id: int = 0

    def __str__(self) -> str:
        shown = "+".join(map(str, self.dice))
        return f"{self.reason}: {self.expr} = {self.total} ({shown})"


@define
class Dice:
    """The campaign's dice, bound to its saved state; collects the rolls of one action."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    state: DiceState
    supplied: list[int] = field(factory=list)  # table mode: values typed in for this action
    rolls: list[Roll] = field(factory=list)
    # Table mode, probing: instead of stopping at the first missing value, note every roll
    # still to be typed in (and go on with middling values) so a player learns them at once.
    probe: list[tuple[str, str, int]] | None = None
    # How many values were typed in for the action, all told (a refusal says so).
    given: int = field(init=False, default=0)

    def __attrs_post_init__(self) -> None:
        self.given = len(self.supplied)

    def _draw(self, sides: int) -> int:
        # Rejection sampling keeps every face equally likely.
        limit = (1 << 64) - ((1 << 64) % sides)
        while True:
            v = _splitmix64(self.state.seed, self.state.draws)
            self.state.draws += 1
            if v < limit:
                return v % sides + 1

    def _die_values(self, expr: DiceExpr, text: str, reason: str) -> list[int]:
        if self.state.mode is DiceMode.TABLE:
            need = expr.values_needed
            if len(self.supplied) < need:
                if self.probe is None:
                    missing = need - len(self.supplied)
                    raise DiceNeeded(
                        text,
                        reason,
                        missing,
                        given=self.given,
                        earlier=self.given - len(self.supplied),
                    )
                missing = need - len(self.supplied)
                self.probe.append((text, reason, missing))
                lo, hi = expr.value_range()
                self.supplied += [(lo + hi + 1) // 2] * missing
            values, self.supplied = self.supplied[:need], self.supplied[need:]
            lo, hi = expr.value_range()
            for v in values:
                if not lo <= v <= hi:
                    raise RuleError(
                        f"{v} cannot be rolled on a d{hi if expr.sides != 66 else 6} "
                        f"(for {reason}: {text})"
                    )
            return values
        if expr.sides == 66:
            return [self._draw(6) for _ in range(expr.count * 2)]
        return [self._draw(expr.sides) for _ in range(expr.count)]

    def roll(self, text: str, reason: str) -> Roll:
        expr = DiceExpr.parse(text)
        values = self._die_values(expr, text, reason)
        self.state.rolls += 1
        if expr.sides == 66:
            total = sum(values[i] * 10 + values[i + 1] for i in range(0, len(values), 2))
        else:
            total = sum(values)
        roll = Roll(
            expr=str(expr) if expr.count else text.strip(),
            reason=reason,
            dice=values,
            total=total + expr.modifier,
            table=self.state.mode is DiceMode.TABLE,
            id=roll_number(self.state.seed, self.state.rolls),  # counts nothing (R-ALL-7)
        )
        self.rolls.append(roll)
        return roll

    def reroll(self, roll: Roll, reason: str) -> Roll:
        """Roll the same expression again where a rule allows it; the new roll stands."""
        new = self.roll(roll.expr, reason)
        # By identity: two table-dice rolls of the same values are equal but not the same.
        new.replaces = next((i for i, r in enumerate(self.rolls) if r is roll), None)
        return new

    # conveniences the rules read best with
    def d6(self, reason: str) -> int:
        return self.roll("d6", reason).total

    def d3(self, reason: str) -> int:
        return self.roll("d3", reason).total

    def two_d6(self, reason: str) -> int:
        return self.roll("2d6", reason).total

    def d66(self, reason: str) -> int:
        return self.roll("d66", reason).total

    def leadership_test(self, ld: int, reason: str) -> bool:
        """A Warhammer Leadership test passes on 2d6 <= Ld (R-ALL-4)."""
        return self.roll("2d6", reason).total <= ld

    def take_rolls(self) -> list[Roll]:
        rolls, self.rolls = self.rolls, []
        return rolls


def check_possible(text: str, values: Iterable[int]) -> None:
    """Refuse typed values that the expression cannot show."""
    expr = DiceExpr.parse(text)
    values = list(values)
    if len(values) != expr.values_needed:
        raise RuleError(f"{text} takes {expr.values_needed} values, not {len(values)}")
    lo, hi = expr.value_range()
    bad = [v for v in values if not lo <= v <= hi]
    if bad:
        raise RuleError(f"{bad[0]} cannot be rolled on a d{hi}")
