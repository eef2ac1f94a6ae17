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
    name_successor(ctx, army, f"{dead.name} {how} and removed from the roster of '{army.name}'")


def keep_a_general(ctx: api.Context, army: api.Army, had: api.Unit, how: str) -> None:
    """After losses: a division whose general (``had``) is gone from its list gets the
    successor of R-EL-35 (R-EL-51: a general killed in a battle too)."""
    if army.unit(had.id) is not None or general(army) is not None:
        return
    if ctx.campaign.army(army.id) is None:
        return
    name_successor(ctx, army, f"{had.name} {how} and removed from the roster of '{army.name}'")


def name_successor(ctx: api.Context, army: api.Army, text: str) -> None:
    """The character of the best Ld takes the dead general's job (R-EL-35: the first in
    the list among equals); the chronicle says who, after ``text``."""
    heirs = [u for u in army.units if u.category is api.Category.CHARACTER]
    heir = max(heirs, key=lambda u: u.leadership, default=None)
    if heir is not None:
        heir.flags.add("general")
        text += f"; {heir.name} (Ld {heir.leadership}) takes his job"
    else:
        text += "; no character is left to take his job"
    ctx.emit("general_killed", text, undoable=False, division=army.id)
