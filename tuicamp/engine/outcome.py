"""A battle's outcome: who won, or that it was a draw, and the sentence that says so.

The outcome is the ruleset's to decide (:meth:`Ruleset.battle_outcome`), from the result
entered at the table or rolled by a resolver. The core's rule, the default, is the one of
the tabletop: the side with the most victory points wins, and a tie at the top is a draw.
The ranking of the sides follows the same victory points unless a resolver ranked them.
"""

from __future__ import annotations

from attrs import frozen

from tuicamp.model.battle import Battle, BattleResult, SideResult
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr


@frozen
class BattleOutcome:
    """Who won (several sides may win together; none is a draw) and how it is said."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

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


def _names_several(battle: Battle, side_id: str) -> bool:
    """Whether one side's title is itself a list of its players ("Bretonnia and Orcs &
    Goblins"): a side of several players titled by their names. A title that names a role
    ("Attacker", "Attacker (Anna & Bob)") or one player is a single subject."""
    side = battle.side(side_id)
    if side is None or len(side.players) < 2:
        return False
    depth, outside = 0, []
    for ch in side.title:  # what the parentheses hold qualifies the title, not its number
        depth += (ch == "(") - (ch == ")")
        outside.append(ch if depth == 0 and ch not in "()" else " ")
    return " and " in "".join(outside)


def win_verb(battle: Battle, side_ids: list[str] | tuple[str, ...]) -> str:
    """``wins`` or ``win``, agreeing with the winners as :func:`titles` names them: "Attacker
    wins", "Bretonnia and Orcs & Goblins win", "Attacker and Defender win"."""
    plural = len(side_ids) > 1 or any(_names_several(battle, s) for s in side_ids)
    return "win" if plural else "wins"


def most_vp_outcome(battle: Battle, result: BattleResult) -> BattleOutcome:
    """The core's rule: the side with the most VP wins; equal VP at the top is a draw."""
    if not result.sides:
        return BattleOutcome((), "a draw")
    top = max(r.vp for r in result.sides)
    leaders = [r.side for r in result.sides if r.vp == top]
    if len(leaders) == 1:
        said = f"{titles(battle, leaders)} {win_verb(battle, leaders)}"
        return BattleOutcome((leaders[0],), said)
    if len(leaders) == len(result.sides):
        return BattleOutcome((), "a draw")
    return BattleOutcome((), f"a draw between {titles(battle, leaders)}")
