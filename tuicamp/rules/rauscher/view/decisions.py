"""What a Warmaster has left to decide in the phase now: the flow passes a Warmaster with
nothing (R-ALL-12) and the end of a phase is confirmed only when something is left undone
(R-ALL-9).

The text lets every Warmaster act in every phase, but a week of two players at one
terminal spent a third of its keys ending phases nobody had anything to do in: an Effects
phase in a scenario without decks, a Combat phase without battles, a Resolution phase with
nothing bought. Each phase below says, from the rules' own state, when a Warmaster has
nothing to decide and why, in the chronicle's words. Upkeep and Movement always offer
something (buying and reorganising; marching, halting, scouting), so nobody passes them.
"""

from __future__ import annotations

from collections.abc import Callable

from tuicamp.engine.rules import Rules
from tuicamp.rules.rauscher.combat import common as cc
from tuicamp.rules.rauscher.economy.cards import pending as cards_to_draw
from tuicamp.rules.rauscher.economy.common import econ
from tuicamp.rules.rauscher.economy.purchases import waiting
from tuicamp.rules.rauscher.movement.costs import mp_left
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.state import Role
from tuicamp.rules.rauscher.siege import sstate

# A draw or Pyrrhic victory lets the attacker withdraw (the Battle Result Chart).
WITHDRAWING_BANDS = ("draw", "pyrrhic")
# Counters that march by themselves or never march: not "left unmoved" when they stand.
NOT_MARCHED = frozenset({Role.MESSENGER, Role.REFUGEES, Role.NEUTRAL})
NAMED_UNMOVED = 3  # counters named in the end-of-Movement question; the rest are counted


def _effects(rules: Rules, player: str) -> str | None:
    """A card to draw from a deck of this phase, or one in hand to play."""
    if cards_to_draw(rules, player) or econ(rules).hands.get(player):
        return None
    return "no card to draw or play"


def _may_besiege(rules: Rules, player: str) -> bool:
    """An own army stands on a settlement someone else holds: it may lay siege to it."""
    camp = rules.campaign
    return any(
        settlement.owner not in (None, player)
        for army in camp.armies_of(player)
        if army.hex is not None
        for settlement in camp.map.settlements_at(army.hex)
    )


def _may_withdraw_or_destroy(rules: Rules, player: str) -> bool:
    """An attacker of a draw or Pyrrhic victory this turn may withdraw; an occupier who
    stayed a full turn may destroy the settlement."""
    camp, combat = rules.campaign, cc.cstate(rules)
    for info in combat.battles.values():
        battle = camp.battle(info.battle)
        if battle is None or battle.turn != camp.turn or info.outcome is None:
            continue
        attacker = battle.side("attacker")
        attacking = attacker is not None and player in attacker.players
        if attacking and info.outcome.band in WITHDRAWING_BANDS:
            return True
    return any(o.occupier == player and o.turn < camp.turn for o in combat.occupations.values())


def _combat(rules: Rules, player: str) -> str | None:
    """A battle to fight, an allocation to fill, a siege to order or to lay, a
    withdrawal or a settlement to destroy."""
    camp = rules.campaign
    if any(player in s.players for b in camp.pending_battles() for s in b.sides):
        return None
    if any(
        (army := camp.army(aid)) is not None and army.owner == player
        for e in cc.cstate(rules).waiting
        for aid in e.armies
    ):
        return None
    if any(player in (s.besieger, s.defender) for s in sstate(rules).active()):
        return None
    if _may_besiege(rules, player) or _may_withdraw_or_destroy(rules, player):
        return None
    fought = any(
        b.turn == camp.turn and any(player in s.players for s in b.sides) for b in camp.battles
    )
    return "no battle left to fight" if fought else "no battles this turn"


def _resolution(rules: Rules, player: str) -> str | None:
    """A purchase to place, or a baggage train or ship whose food may be loaded."""
    camp = rules.campaign
    if waiting(camp, player):
        return None
    carriers = (Role.BAGGAGE, Role.SHIP)
    if any(rstate(camp).army(a.id).role in carriers for a in camp.armies_of(player)):
        return None
    return "nothing to place or load"


IDLE: dict[str, Callable[[Rules, str], str | None]] = {
    "effects": _effects,
    "combat": _combat,
    "resolution": _resolution,
}


def idle(rules: Rules, player: str) -> str | None:
    """Why ``player`` has nothing to decide in the phase now (None: something to decide)."""
    check = IDLE.get(rules.campaign.phase)
    return check(rules, player) if check is not None else None


def unmoved(rules: Rules, player: str) -> list[str]:
    """The player's counters that could still march this Movement phase and have not."""
    camp, state = rules.campaign, rstate(rules)
    names = []
    for army in camp.armies_of(player):
        record = state.army(army.id)
        if record.moved or record.finished or record.role in NOT_MARCHED:
            continue
        if army.hex is not None and mp_left(rules, army.id) > 0:
            names.append(army.name)
    return names


def left_undone(rules: Rules, player: str) -> list[str]:
    """What the end of the phase should name before it is confirmed: in Movement the
    counters that have not marched; elsewhere nothing, since what must be done blocks the
    end outright (``pending``) and the rest is a choice not to act."""
    if rules.campaign.phase != "movement":
        return []
    names = unmoved(rules, player)
    if not names:
        return []
    shown = ", ".join(names[:NAMED_UNMOVED])
    more = len(names) - NAMED_UNMOVED
    shown += f" and {more} more" if more > 0 else ""
    counters = "counter has" if len(names) == 1 else "counters have"
    return [f"{len(names)} {counters} not moved: {shown}"]
