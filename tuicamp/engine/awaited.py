"""Rolls that wait for the table: what a revealed sealed round sets off, with table dice.

The last writer of a sealed round (siege orders, ransom notes) must not be asked for the
dice of what the round sets off: the prompt would name the other writer's choice ("Roll d6
for bombardment: Mortar at the gate") while his own could still be changed, since an action
refused for want of dice has not happened. So with table dice the order that completes a
round is accepted without dice, the reveal is told, and the work waits in the flow
(``FlowState.awaiting``) until whoever holds the dice — a seat of a player the round
concerns, or the Games Master — asks for it with the engine's ``roll_awaited`` action.
Only then are the rolls asked for, every writer's choice out in the open (R-ALL-8). With
the app's dice nothing is asked of anyone, and the work is carried out at once.

A phase does not end while work waits for its dice: the flow refuses ``end_phase`` with the
sentence ``flow.waiting_line`` gives, which the views' pending lines give too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from attrs import define

from tuicamp.engine.actions import Action
from tuicamp.engine.context import Context
from tuicamp.engine.errors import RuleError
from tuicamp.model.campaign import Campaign, DiceMode
from tuicamp.model.equality import fields_eq
from tuicamp.model.flow import AwaitedRoll
from tuicamp.model.forces import Seat
from tuicamp.model.reprs import fields_repr

ROLL_AWAITED = "roll_awaited"
NOTHING_AWAITED = "No dice are waiting to be rolled for you"


@define(kw_only=True)
class RollAwaited(Action):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = ROLL_AWAITED
    summary = (
        "Roll the table's dice for work waiting for them (what a revealed sealed round sets "
        "off: siege orders, ransom notes; a roll each player makes himself, such as his "
        "Initiative): the first such work waiting that your seat may roll for; the values "
        "go in dice = [...]"
    )


AWAITED_ACTIONS: tuple[type[Action], ...] = (RollAwaited,)


def carry_out(
    ctx: Context,
    kind: str,
    text: str,
    by: Iterable[str],
    now: Callable[[], None],
    **data: Any,
) -> AwaitedRoll | None:
    """Carry out what a revealed round sets off: ``now()`` at once with the app's dice;
    with table dice, recorded to wait for ``roll_awaited`` (the ruleset's
    ``roll_awaited`` hook then carries it out), and told in the chronicle. Returns the
    waiting work, or None when it was done at once."""
    if ctx.campaign.dice.mode is not DiceMode.TABLE:
        now()
        return None
    awaited = AwaitedRoll(kind, text, sorted(set(by)), dict(data))
    ctx.campaign.flow.awaiting.append(awaited)
    ctx.emit(
        "dice_awaited",
        f"The dice for {text} are rolled at the table next (roll_awaited)",
        undoable=False,
    )
    return awaited


def awaiting_for(campaign: Campaign, seat: Seat | None) -> list[AwaitedRoll]:
    """The waiting work ``seat`` may roll for, oldest first (None: all of it)."""
    waiting = campaign.flow.awaiting
    return list(waiting) if seat is None else [a for a in waiting if a.may_roll(seat)]


def roll_awaited(ctx: Context, action: RollAwaited) -> None:
    """Take the first work the seat may roll for out of the flow and have the ruleset carry
    it out with the action's dice; a want of dice is asked now, of this seat."""
    mine = awaiting_for(ctx.campaign, ctx.seat)
    if not mine:
        raise RuleError(NOTHING_AWAITED)
    awaited = mine[0]
    ctx.campaign.flow.awaiting.remove(awaited)
    ctx.ruleset.roll_awaited(ctx, awaited)
