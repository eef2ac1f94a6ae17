"""Fate points: "A fate point may be used at any time during the course of play to re-roll
any one roll." (R-RA-12)

Two ways lead to a re-roll. Any roll of a player's of the last action that rolled dice is
re-rolled by the engine: it plays that action again with the one roll drawn afresh
(:mod:`tuicamp.engine.rerolls`); this module says who may (:func:`may_reroll`: the player's
own roll, seen, not a re-roll, a fate point left) and takes the point (:func:`pay_for_reroll`).
That chance ends with the next action. Some rolls stay open longer, until the phase they
were rolled in ends, because their module can take their outcome back and apply it again:
the module *offers* the roll with :func:`offer_reroll` (naming a kind and what the roll
decided) and registers a handler for the kind in :data:`REROLLS`. The ``use_fate`` action
re-rolls an open offer through its handler when there is one (the one named, or the latest),
and otherwise the roll named by its number in the chronicle (or the latest of the last
action) through the engine. Either way a re-roll stands: it is not re-rolled again.
"""

from __future__ import annotations

from collections.abc import Callable

from tuicamp.engine.context import Context
from tuicamp.engine.dice import Roll
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rerolls import RerollWanted
from tuicamp.engine.rules import Rules
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Seat
from tuicamp.model.rerolls import RecordedRoll
from tuicamp.rules.kit import rerolls as kit_rerolls
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


def roll_number(text: str) -> int | None:
    """A roll named by its number in the chronicle ("12" or "#12"); None for an offer's id."""
    digits = text.strip().removeprefix("#")
    return int(digits) if digits.isdigit() else None


def _open_offer(offers: list[Rerollable], named: str) -> Rerollable | None:
    """The open offer ``named`` means: its id or its roll's number (empty: the latest)."""
    if not named:
        return offers[-1] if offers else None
    number = roll_number(named)
    return next(
        (r for r in offers if r.id == named or (number is not None and r.roll_id == number)), None
    )


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
    chosen = _open_offer(offers, action.roll)
    if chosen is None:
        number = roll_number(action.roll)
        if action.roll and number is None:
            known = ", ".join(f"{r.id} ({r.reason})" for r in offers) or "none"
            raise RuleError(
                f"Roll {action.roll!r} cannot be re-rolled now (open: {known}; a roll of the "
                "chronicle is named by its number)"
            )
        # Any other roll of the player's last action: the engine plays it again.
        raise RerollWanted(number, player)
    _reroll_offer(ctx, player, chosen)


def _reroll_offer(ctx: Context, player: str, chosen: Rerollable) -> None:
    """Re-roll an open offer through its module's handler."""
    name = name_of(ctx.campaign, player)
    record = rstate(ctx).player(player)
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


# --- the engine's re-roll of any roll (the ruleset's hooks) ---------------------------------
def may_reroll(rules: Rules, seat: Seat, roll: RecordedRoll, player: str) -> str | None:
    """Who may re-roll a roll of the last action that rolled dice: a Warmaster his own
    roll, one he has seen, that is no re-roll itself, while he has a fate point (R-RA-12)."""
    point = rules.campaign.reroll
    if point is not None and point.action.get("kind") == UseFate.kind:
        return kit_rerolls.STANDS.format(roll=roll.id)  # the fate point's own roll
    refusal = kit_rerolls.refusal(rules, seat, roll, player)
    if refusal is not None:
        return refusal
    payer = kit_rerolls.owner(rules, seat, roll, player)
    assert payer is not None  # kit_rerolls.refusal has made sure
    if rstate(rules).player(payer).fate_points < 1:
        return f"{name_of(rules.campaign, payer)} has no fate point to spend"
    return None


def pay_for_reroll(ctx: Context, roll: RecordedRoll, player: str) -> None:
    """The Warmaster whose roll it is spends one fate point; the chronicle tells those who
    read the roll."""
    payer = ctx.found(
        kit_rerolls.owner(ctx, ctx.seat, roll, player),
        kit_rerolls.NOT_YOURS.format(roll=roll.id, reason=roll.reason, seat=ctx.seat.name),
    )
    name = name_of(ctx.campaign, payer)
    record = rstate(ctx).player(payer)
    ctx.require(record.fate_points > 0, f"{name} has no fate point to spend")
    record.fate_points -= 1
    ctx.emit(
        "fate",
        f"{name} spends a fate point to re-roll {roll.reason} (roll #{roll.id}: "
        f"{roll.expr} = {roll.total})",
        player=payer,
        visible_to=roll.visible_to,
        undoable=False,
        replaces_roll=roll.id,
        fate_points=record.fate_points,
    )
