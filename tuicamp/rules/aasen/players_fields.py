"""The result form's questions asked of each player of a side, of his side only: his
Scoring units left (R-AA-24) and his own missions fulfilled (R-AA-53) are each player's,
not his side's."""

from __future__ import annotations

from collections.abc import Callable

from tuicamp.rules import api


def each_player(
    battle: api.Battle,
    key: Callable[[str], str],
    label: Callable[[str], str],
    most: int,
) -> tuple[api.ResultField, ...]:
    """One whole-number field for each player of each side (0 to ``most``), keyed and
    labelled by his id, asked of his side."""
    return tuple(
        api.ResultField(
            key(player),
            label(player),
            "int",
            0,
            most,
            scope=api.FieldScope.ONE_SIDE,
            side=side.id,
        )
        for side in battle.sides
        for player in side.players
    )


def answer(result: api.BattleResult, side: str, key: str) -> int:
    """A side's whole-number answer to one field of the form (0 when it gave none)."""
    entry = result.side(side)
    return int(entry.facts.get(key, 0)) if entry is not None else 0
