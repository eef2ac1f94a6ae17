"""The roll-off between equal Initiative (5.4): "Invasions will be declared in descending
order of Initiative (roll a dice to determine the order if two players have the same
Initiative score)".

The players still to declare who share a score roll a die each, in the open, and roll
again while any two of them are equal; the higher die declares first. A player whose
Initiative moves (Resources spent, a bonus given up) leaves his roll-off: if he meets
others at his new score, they all roll off afresh (R-AA-29).
"""

from __future__ import annotations

from collections.abc import Callable

from tuicamp.rules import api
from tuicamp.rules.aasen.state import astate

MAX_ROUNDS = 100  # a d6 roll-off that never ends is a broken die


def tied(initiative: dict[str, int], left: list[str]) -> list[list[str]]:
    """The groups of players still to declare who share a score, highest score first."""
    scores = sorted({initiative[p] for p in left}, reverse=True)
    groups = [[p for p in left if initiative[p] == score] for score in scores]
    return [g for g in groups if len(g) > 1]


def settle(group: list[str], tiebreak: dict[str, int], roll: Callable[[str], int]) -> bool:
    """Roll the group off unless its dice already stand apart; True when rolled."""
    dice = [tiebreak.get(p) for p in group]
    if None not in dice and len(set(dice)) == len(dice):
        return False
    for _ in range(MAX_ROUNDS):
        for p in group:
            tiebreak[p] = roll(p)
        if len({tiebreak[p] for p in group}) == len(group):
            return True
    raise api.RuleError("The roll-off for equal Initiative never ends")


def roll_off(ctx: api.Context) -> None:
    """Every group of equal Initiative still to declare rolls off, told in the chronicle."""
    camp, state = ctx.campaign, astate(ctx)
    left = [p for p in state.initiative if p not in state.declared]
    name = api.teams.name_of

    def roll(player: str) -> int:
        return ctx.dice.roll("d6", f"{name(camp, player)}'s die for equal Initiative").total

    for group in tied(state.initiative, left):
        if settle(group, state.tiebreak, roll):
            dice = ", ".join(f"{name(camp, p)} {state.tiebreak[p]}" for p in group)
            ctx.emit(
                "initiative_roll_off",
                f"Equal Initiative {state.initiative[group[0]]}: the roll-off gives {dice} "
                "(the higher declares first)",
                undoable=False,
            )


def moved(ctx: api.Context, player: str) -> None:
    """The player's Initiative moved: his old roll-off is no more; ties are rolled off."""
    astate(ctx).tiebreak.pop(player, None)
    roll_off(ctx)
