"""Checks and small tools every movement module shares: whose move it is, removing a
counter, the capital's garrison and the table-row look-up. (Hexes and paths as players
type them are the kit's: :mod:`tuicamp.rules.kit.turns`.)"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any

from tuicamp.engine.context import Context
from tuicamp.engine.errors import RuleError
from tuicamp.engine.kept import Kept
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army
from tuicamp.model.hexes import Hex
from tuicamp.rules.rauscher.shared.common import require_phase, rstate

if TYPE_CHECKING:
    from tuicamp.engine.rules import Rules

# The text's words for a counter that is done, quoted where a move is refused for it.
ONE_AT_A_TIME = '"When a unit has completed its movement, it may not be moved again"'


def current_mover(campaign: Campaign) -> str | None:
    """The player moving now: Movement goes race by race in ``move_order``, and the engine's
    flow keeps the place in it (``flow.position``)."""
    order, position = rstate(campaign).move_order, campaign.flow.position
    if campaign.phase != "movement" or position >= len(order):
        return None
    return order[position]


def require_move_turn(ctx: Context, army: Army) -> None:
    """Counters move in race order, one player at a time; the GM may move any counter."""
    require_phase(ctx, "movement")
    if ctx.seat.gm:
        return
    mover = current_mover(ctx.campaign)
    if army.owner != mover:
        who = ctx.campaign.player(mover) if mover else None
        raise RuleError(
            f"It is {who.name if who else 'nobody'}'s move; '{army.name}' moves in its owner's "
            "turn (rule: the races move one after another, in the text's order)"
        )


def label(campaign: Campaign, h: Hex | None) -> str:
    return campaign.map.label(h) if h is not None else "off the map"


def row_for(rows: list[dict[str, Any]], total: int) -> dict[str, Any]:
    """The row of a dice table whose [min, max] holds ``total``."""
    for row in rows:
        if float(row["min"]) <= total <= float(row["max"]):
            return row
    raise RuleError(f"No table row covers a roll of {total}")


def remove_army(campaign: Campaign, army_id: str) -> None:
    """Take a counter off the campaign (destroyed, absorbed, delivered)."""
    campaign.armies = [a for a in campaign.armies if a.id != army_id]
    state = rstate(campaign)
    state.armies.pop(army_id, None)
    for record in state.armies.values():
        if army_id in record.carried:
            record.carried.remove(army_id)
        if record.attached_to == army_id:
            record.attached_to = None
    moves = state.movement
    moves.intel = [i for i in moves.intel if i.army != army_id]
    moves.ambushes = [a for a in moves.ambushes if a.army != army_id]
    moves.errands = [e for e in moves.errands if e.messenger != army_id]


# --- the capital's army --------------------------------------------------------------------


_unit_id = operator.attrgetter("id")
# Whether an army's units hold any of a capital's: a move changes no army's units, and
# the capital's check after every move asks it of every army of its player away from the
# capital. One answer an army, kept per set of the capital's units (a capital a player).
_HOLDERS: dict[frozenset[str], Kept[bool]] = {}


def _holds_any(wanted: frozenset[str]) -> Kept[bool]:
    """Whether a list of units holds one of ``wanted``, kept per list (engine/kept.py)."""
    kept = _HOLDERS.get(wanted)
    if kept is None:
        if len(_HOLDERS) >= 16:
            _HOLDERS.clear()
        kept = _HOLDERS[wanted] = Kept(lambda units: not wanted.isdisjoint(map(_unit_id, units)))
    return kept


def capital_outside(rules: Rules, player: str) -> tuple[int, int] | None:
    """(points of the capital's original army outside its territory, the most allowed)."""
    campaign = rules.campaign
    state = rstate(campaign)
    guard = next((g for g in state.movement.capitals if g.player == player), None)
    if guard is None or guard.points <= 0:
        return None
    territory = campaign.map.territory(guard.territory)
    inside = set(territory.hexes) if territory else set()
    ambush_home = {a.army: a.territory for a in state.movement.ambushes}
    wanted = frozenset(guard.units)
    holds = _holds_any(wanted)
    outside = 0
    for army in campaign.armies:
        if army.owner != player:
            continue
        if army.hex is not None:
            away = army.hex not in inside
        else:  # a hidden ambush waits in its territory; troops aboard a ship have left
            away = ambush_home.get(army.id) != guard.territory
        # Asked after every move: most armies hold none of the capital's units, which
        # their units' ids tell, kept until the army's units change (engine/kept.py).
        if away and holds.of(army.units):
            outside += sum(u.points for u in army.units if u.id in wanted)
    share = float(rules.table("move_capital")["may_leave"])
    return outside, int(guard.points * share)


def require_capital_kept(ctx: Context, player: str) -> None:
    """ "No more than half of your capital's army may ever leave the territory of the
    capital city": checked after a change, which the engine undoes when refused."""
    found = capital_outside(ctx, player)
    if found is None:
        return
    outside, allowed = found
    if outside > allowed:
        raise RuleError(
            f"No more than half of the capital's army may leave the capital's territory: "
            f"that would take {outside} of its points out (at most {allowed})"
        )
