"""A corps taken out of the war (eliminated, or no troops left): off the map and out of the
books, its garrison post empty, the control of its hex settled again (R-SU-8)."""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.suvinen import control
from tuicamp.rules.suvinen.state import sstate


def remove_corps(ctx: api.Context, army: api.Army, text: str) -> None:
    """Take ``army`` out, telling the chronicle why (``text``)."""
    camp, state = ctx.campaign, sstate(ctx)
    if camp.army(army.id) is None:
        return
    camp.armies.remove(army)
    state.corps.pop(army.id, None)
    state.garrisons = {k: v for k, v in state.garrisons.items() if v != army.id}
    ctx.emit("eliminated", text, army=army.id)
    control.tidy(ctx)
