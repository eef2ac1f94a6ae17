"""Re-rolling one roll of the last action that rolled dice (fate points and their kin).

A saved campaign holds outcomes, so a roll cannot be changed where it lies: its
consequences are spread over the state. Instead the engine keeps a *re-roll point* for the
last action that rolled dice (:class:`~tuicamp.model.rerolls.RerollPoint`: the campaign
before it, the action, the seat, the rolls) and re-rolls by playing that action again from
there, table-dice style: every roll is given its old value except the chosen one, which is
drawn afresh from the campaign's seeded dice (or entered, with table dice). The chronicle is
append-only, so the earlier events of the action are voided by new events (as undo does),
each told to the seats that read what it voids, and the new events follow.

When the new value changes the path of the action (it asks for other rolls after the
re-rolled one: another reason or another die, or more rolls than before), every roll from
the first difference on is drawn afresh too; as long as the rolls asked are the ones made
before, they keep their values. A re-roll continues the campaign's dice where they stand,
so replaying never repeats an old draw, and every roll of the replay has a new number.

Who may re-roll what, and what it costs, is the ruleset's (``Ruleset.may_reroll`` and
``Ruleset.pay_for_reroll``); what rulesets share about it is in :mod:`tuicamp.rules.kit.rerolls`.
An action of the ruleset (Rauscher's ``use_fate``) asks the engine for a re-roll by raising
:class:`RerollWanted`; the engine's own :class:`Reroll` action does it directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from attrs import define, field

from tuicamp.engine.actions import Action, Event
from tuicamp.engine.codec import action_to_dict, converter
from tuicamp.engine.context import Context
from tuicamp.engine.dice import Dice, DiceExpr, Roll
from tuicamp.engine.errors import RuleError
from tuicamp.model.campaign import Campaign
from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr
from tuicamp.model.rerolls import RecordedRoll, RerollPoint

POINT_KEY = "reroll"  # the campaign field (and snapshot key) that holds the point

NO_POINT = (
    "No roll can be re-rolled now: only the rolls of the last action that rolled dice can "
    "be, and another action has settled them for good"
)
SETTLED = (
    "Roll #{roll} cannot be re-rolled: only the rolls of the last action that rolled dice "
    "({rolls}) can be, until another action settles them for good"
)
NONE_ALLOWED = "{seat} may re-roll none of the rolls of the last action that rolled dice ({why})"
NOT_REPLAYED = (
    "Roll #{roll} cannot be re-rolled: the action it belongs to no longer plays the same way"
)


@define(kw_only=True)
class Reroll(Action):
    """Re-roll one roll of the last action that rolled dice, where the ruleset allows it."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "reroll"
    summary = "Re-roll one roll of the last action that rolled dice (its number: roll #12)"
    roll: int  # the roll's number, as the chronicle and `tuicamp log` show it
    player: str = ""  # whose roll it is, for a seat of several players (or the GM)


class RerollWanted(Exception):
    """Raised by a ruleset's action to have the engine re-roll ``roll`` instead (None: the
    latest roll of the last action that the ruleset lets the seat re-roll).

    The action is not performed: the engine rebuilds the campaign as it was and re-rolls,
    asking the ruleset whether ``player`` (empty: the seat's own) may and making it pay, as
    for a :class:`Reroll`; the action's table dice are the re-roll's.
    """

    def __init__(self, roll: int | None, player: str = "") -> None:
        self.roll, self.player = roll, player
        super().__init__(f"re-roll roll #{roll}" if roll is not None else "re-roll")


# --- the point ------------------------------------------------------------------------------
def action_from_data(data: dict[str, Any], types: dict[str, type[Action]]) -> Action:
    """The action :func:`~tuicamp.engine.codec.action_to_dict` wrote, of one of ``types``
    (kind -> class)."""
    fields_ = {k: v for k, v in data.items() if k != "kind"}
    return converter.structure(fields_, types[data["kind"]])


def without_point(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A campaign's plain data without its re-roll point: a point never holds another."""
    return {k: v for k, v in snapshot.items() if k != POINT_KEY}


def recorded_rolls(events: Iterable[Event], standing: Iterable[int] = ()) -> list[RecordedRoll]:
    """Every roll of ``events``, in the order rolled, with whom its event was about and
    told to; the ids in ``standing`` are re-rolls."""
    standing = set(standing)
    rolls = [
        RecordedRoll(
            id=r.id,
            expr=r.expr,
            reason=r.reason,
            dice=list(r.dice),
            total=r.total,
            player=e.player,
            visible_to=None if e.visible_to is None else list(e.visible_to),
            rerolled=r.id in standing,
        )
        for e in events
        for r in e.rolls
    ]
    return rolls  # events keep their rolls in the order rolled, and come in that order


def make_point(
    before: dict[str, Any],
    seat: str,
    action: Action | dict[str, Any],
    events: list[Event],
    standing: Iterable[int] = (),
) -> RerollPoint | None:
    """The re-roll point of an action that wrote ``events``; None when it rolled no die."""
    rolls = recorded_rolls(events, standing)
    if not rolls:
        return None
    return RerollPoint(
        seat=seat,
        action=action if isinstance(action, dict) else action_to_dict(action),
        snapshot=without_point(before),
        rolls=rolls,
        events=[e.seq for e in events],
    )


def the_point(campaign: Campaign) -> RerollPoint:
    """The campaign's re-roll point, or the refusal: there is nothing to re-roll."""
    if campaign.reroll is None:
        raise RuleError(NO_POINT)
    return campaign.reroll


def roll_to_reroll(campaign: Campaign, roll_id: int) -> RecordedRoll:
    """The roll of the campaign's re-roll point numbered ``roll_id``, or the refusal."""
    point = the_point(campaign)
    roll = point.roll(roll_id)
    if roll is None:
        rolls = ", ".join(f"#{r.id}" for r in point.rolls)
        raise RuleError(SETTLED.format(roll=roll_id, rolls=rolls))
    return roll


# --- voiding what the action told -------------------------------------------------------------
def void_events(ctx: Context, voided: list[Event], roll: RecordedRoll) -> None:
    """Void the earlier events of the action, one event for each audience among them, so a
    seat reads the voiding of what it read and nothing else."""
    groups: dict[tuple[str, ...] | None, list[Event]] = {}
    for e in voided:
        key = None if e.visible_to is None else tuple(e.visible_to)
        groups.setdefault(key, []).append(e)
    for audience, events in groups.items():
        ctx.emit(
            "void",
            f"Void, as roll #{roll.id} is re-rolled: " + "; ".join(e.text for e in events),
            visible_to=None if audience is None else list(audience),
            undoable=False,
            voids=[e.seq for e in events],
            roll=roll.id,
        )


# --- the dice of a replay -------------------------------------------------------------------
@define
class ReplayDice(Dice):
    """The campaign's dice, giving each roll of a replayed action its old value.

    The roll numbered ``chosen`` is drawn afresh (entered, with table dice). From the first
    roll asked that differs from the old one at its place (another expression or reason, or
    one more than before) every roll is drawn afresh: the path has changed. ``standing``
    collects the new numbers of the rolls that are re-rolls (the chosen one, and earlier
    re-rolls kept at their value).
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    kept: list[RecordedRoll] = field(factory=list)
    chosen: int = 0
    standing: set[int] = field(factory=set)
    asked: int = field(default=0, init=False)  # rolls asked so far
    reached: bool = field(default=False, init=False)  # the chosen roll was asked
    diverged: bool = field(default=False, init=False)
    _values: list[int] | None = field(default=None, init=False)

    def roll(self, text: str, reason: str) -> Roll:
        old = self._old_roll(text, reason)
        if old is not None and old.id == self.chosen:
            self.reached = True
        self._values = None if old is None or old.id == self.chosen else list(old.dice)
        new = super().roll(text, reason)
        if old is not None and (old.id == self.chosen or old.rerolled):
            self.standing.add(new.id)
        return new

    def _old_roll(self, text: str, reason: str) -> RecordedRoll | None:
        """The old roll this one replays, or None once the path has changed."""
        place, self.asked = self.asked, self.asked + 1
        if self.diverged or place >= len(self.kept):
            self.diverged = True
            return None
        old = self.kept[place]
        expr = DiceExpr.parse(text)
        shown = str(expr) if expr.count else text.strip()
        if old.expr != shown or old.reason != reason:
            self.diverged = True
            return None
        return old

    def _die_values(self, expr: DiceExpr, text: str, reason: str) -> list[int]:
        if self._values is not None:
            values, self._values = self._values, None
            return values
        return super()._die_values(expr, text, reason)
