"""A battle's outcome: who won, or that it was a draw, and the sentence that says so.

The outcome is the ruleset's to decide (:meth:`Ruleset.battle_outcome`), from the result
entered at the table or rolled by a resolver. The core's rule, the default, is the one of
the tabletop: the side with the most victory points wins, and a tie at the top is a draw.
The ranking of the sides follows the same victory points unless a resolver ranked them.
"""

from __future__ import annotations

from attrs import frozen

from tuicamp.model.battle import Battle, BattleResult, SideResult


@frozen
class BattleOutcome:
    """Who won (several sides may win together; none is a draw) and how it is said."""

    winners: tuple[str, ...]
    text: str  # "Attacker (Anna) wins", "a draw": the chronicle puts it in a sentence

    @property
    def draw(self) -> bool:
        return not self.winners


def ranks_by_vp(sides: list[SideResult]) -> dict[str, int]:
    """1 for the most VP; sides with equal VP share a rank (1, 1, 3)."""
    return {s.side: 1 + sum(o.vp > s.vp for o in sides) for s in sides}


def titles(battle: Battle, side_ids: list[str] | tuple[str, ...]) -> str:
    """``Attacker``, ``Attacker and Defender``, ``A, B and C``."""
    names = [side.title if (side := battle.side(s)) else s for s in side_ids]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def most_vp_outcome(battle: Battle, result: BattleResult) -> BattleOutcome:
    """The core's rule: the side with the most VP wins; equal VP at the top is a draw."""
    if not result.sides:
        return BattleOutcome((), "a draw")
    top = max(r.vp for r in result.sides)
    leaders = [r.side for r in result.sides if r.vp == top]
    if len(leaders) == 1:
        return BattleOutcome((leaders[0],), f"{titles(battle, leaders)} wins")
    if len(leaders) == len(result.sides):
        return BattleOutcome((), "a draw")
    return BattleOutcome((), f"a draw between {titles(battle, leaders)}")
