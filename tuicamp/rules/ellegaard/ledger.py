"""The War Points ledger (R-EL-24): every change is one event that carries it, so the
ledger always sums to the events that earned it."""

from __future__ import annotations

from typing import Any

from tuicamp.rules import api
from tuicamp.rules.ellegaard.state import estate


def earn(ctx: api.Context, changes: dict[str, int], text: str, **data: Any) -> None:
    """Apply ``changes`` (player id to War Points gained, or lost: "WP may go below 0")
    and tell them in one public event."""
    wp = estate(ctx).war_points
    for player, amount in changes.items():
        wp[player] = wp.get(player, 0) + amount
    ctx.emit("war_points", text, undoable=False, wp=dict(changes), **data)
