"""A division's army list as losses change it: a division with no troops left is gone."""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.ellegaard.state import estate


def gone_if_empty(ctx: api.Context, army: api.Army) -> bool:
    """Take a division with no unit left off the map and out of the books (True when it
    was)."""
    camp = ctx.campaign
    if army.units or camp.army(army.id) is None:
        return False
    camp.armies.remove(army)
    estate(ctx).divisions.pop(army.id, None)
    ctx.emit("division_gone", f"'{army.name}' has no troops left: it is gone", undoable=False)
    return True
