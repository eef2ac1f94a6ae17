"""Fate points: "A fate point may be used at any time during the course of play to re-roll
any one roll."

A saved campaign holds outcomes, not a way to replay them, so tuicamp can only re-roll a
roll whose consequence it can take back and apply again. A module that rolls such a die
*offers* it with :func:`offer_reroll` (naming a kind and what the roll decided) and registers
a handler for the kind in :data:`REROLLS`; the offer stays open until the phase ends or the
roll is re-rolled once (a re-roll is not re-rolled again). The ``use_fate`` action spends a
point and calls the handler with the new roll. Other modules may register kinds of their own.
"""

from __future__ import annotations

from collections.abc import Callable

from tuicamp.engine.context import Context
from tuicamp.engine.dice import Roll
from tuicamp.model.campaign import Campaign
from tuicamp.rules.kit.turns import acting_player
from tuicamp.rules.rauscher.economy.actions import UseFate
from tuicamp.rules.rauscher.economy.common import econ, name_of, new_id
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.economy_state import Rerollable

# kind -> handler(ctx, offer, new roll) -> sentence saying what the new roll changed
REROLLS: dict[str, Callable[[Context, Rerollable, Roll], str]] = {}


def offer_reroll(
    ctx: Context, player: str, kind: str, roll: Roll, *, secret: bool = True, **target: str
) -> Rerollable:
    """Let ``player`` re-roll ``roll`` with a fate point until this phase ends."""
    offer = Rerollable(
        id=new_id(ctx.campaign, "r"),
        player=player,
        kind=kind,
        turn=ctx.campaign.turn,
        phase=ctx.campaign.phase,
        expr=roll.expr,
        reason=roll.reason,
        total=roll.total,
        roll_id=roll.id,
        secret=secret,
        target={k: str(v) for k, v in target.items()},
    )
    econ(ctx).rerollable.append(offer)
    return offer


def open_rerolls(campaign: Campaign, player: str) -> list[Rerollable]:
    """The rolls ``player`` may still re-roll, oldest first."""
    return [
        r
        for r in econ(campaign).rerollable
        if r.player == player
        and not r.used
        and r.turn == campaign.turn
        and r.phase == campaign.phase
        and r.kind in REROLLS
    ]


def withdraw(campaign: Campaign, kind: str, **target: str) -> None:
    """A roll no longer matters (e.g. a mercenary price once they are not available)."""
    for r in econ(campaign).rerollable:
        if r.kind == kind and all(r.target.get(k) == str(v) for k, v in target.items()):
            r.used = True


def close_phase(ctx: Context) -> None:
    """At the end of a phase its rolls are settled for good."""
    state = econ(ctx)
    state.rerollable = [
        r
        for r in state.rerollable
        if not (r.turn == ctx.campaign.turn and r.phase == ctx.campaign.phase)
        and r.turn >= ctx.campaign.turn
    ]


def use_fate(ctx: Context, action: UseFate) -> None:
    player = acting_player(ctx, action.player)
    name = name_of(ctx.campaign, player)
    record = rstate(ctx).player(player)
    ctx.require(
        record.fate_points > 0,
        f'{name} has no fate point to spend ("Players gain 1 fate point at the end of the '
        'Resolution phase")',
    )
    offers = open_rerolls(ctx.campaign, player)
    ctx.require(
        offers,
        f'{name} has no roll of this phase that a fate point can re-roll ("A fate point may '
        'be used ... to re-roll any one roll": one of your own rolls, while its phase lasts)',
    )
    if action.roll:
        chosen = next((r for r in offers if r.id == action.roll), None)
        known = ", ".join(f"{r.id} ({r.reason})" for r in offers)
        ctx.require(chosen, f"Roll {action.roll!r} cannot be re-rolled now (open: {known})")
    else:
        chosen = offers[-1]
    record.fate_points -= 1
    chosen.used = True
    new = ctx.dice.roll(chosen.expr, f"{chosen.reason} (re-rolled with a fate point)")
    new.replaces = None
    outcome = REROLLS[chosen.kind](ctx, chosen, new)
    ctx.emit(
        "fate",
        f"{name} spends a fate point to re-roll {chosen.reason}: {chosen.total} becomes "
        f"{new.total}. {outcome}",
        player=player,
        visible_to=[player] if chosen.secret else None,
        undoable=False,
        replaces_roll=chosen.roll_id,
        fate_points=record.fate_points,
    )
