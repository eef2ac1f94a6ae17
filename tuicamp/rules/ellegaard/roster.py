"""A division's army list as losses change it: a division with no troops left is gone, and
a general lost (in a duel, to quicksand) is replaced by the character of the best Ld."""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.ellegaard.setup import general
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


def replace_general(ctx: api.Context, army: api.Army, how: str = "is dead") -> None:
    """A general lost is removed from the roster; the character of the best Ld takes his
    job (R-EL-35: the first in the list among equals)."""
    dead = general(army)
    if dead is None:
        return
    army.units.remove(dead)
    heirs = [u for u in army.units if u.category is api.Category.CHARACTER]
    heir = max(heirs, key=lambda u: u.leadership, default=None)
    text = f"{dead.name} {how} and removed from the roster of '{army.name}'"
    if heir is not None:
        heir.flags.add("general")
        text += f"; {heir.name} (Ld {heir.leadership}) takes his job"
    else:
        text += "; no character is left to take his job"
    ctx.emit("general_killed", text, undoable=False, division=army.id)
