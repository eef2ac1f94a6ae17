"""Re-rolls as rulesets share them: whose roll of the last action it is, and the refusals.

The engine keeps the last action that rolled dice as a re-roll point and re-rolls any of
its rolls by playing it again (:mod:`tuicamp.engine.rerolls`); a ruleset says who may and
what it costs (``Ruleset.may_reroll``, ``Ruleset.pay_for_reroll``). Fate points and their
kin mostly agree on who: one re-rolls one's *own* rolls, the ones one has seen. A roll is a
player's when the event that told it was about that player; a roll of an event about no
player is the acting seat's, which must then say for which of its players when it plays
several (a Games Master always says). These functions give that answer, so a ruleset's
``may_reroll`` is its price and its exceptions.
"""

from __future__ import annotations

from tuicamp.engine.rules import Rules
from tuicamp.model.forces import Seat
from tuicamp.model.rerolls import RecordedRoll

NOT_SEEN = "Roll #{roll} was not told to {seat}: only a roll one has read can be re-rolled"
NOT_YOURS = "Roll #{roll} ({reason}) is not one of {seat}'s: only one's own rolls can be re-rolled"
NAME_THE_PLAYER = 'Say whose roll #{roll} is (player = "..."): {seat} plays for several'
STANDS = "Roll #{roll} is itself a re-roll, and a re-roll stands"
NONE_OPEN = (
    "{who} has no roll that can be re-rolled: only the rolls of the last action that "
    "rolled dice can be, until another action settles them for good"
)


def last_rolls(rules: Rules) -> list[RecordedRoll]:
    """The rolls of the last action that rolled dice, while they can still be re-rolled."""
    point = rules.campaign.reroll
    return list(point.rolls) if point is not None else []


def seen_by(seat: Seat, roll: RecordedRoll) -> bool:
    """Whether the event that told ``roll`` was told to ``seat`` (the GM reads all)."""
    return roll.visible_to is None or any(seat.controls(p) for p in roll.visible_to)


def owner(rules: Rules, seat: Seat, roll: RecordedRoll, player: str = "") -> str | None:
    """The player of ``seat`` whose roll ``roll`` is (``player``: the one the seat names),
    or None when it is none of the seat's players' (or the seat must say which)."""
    point = rules.campaign.reroll
    if roll.player is not None:
        candidates = [roll.player]
    elif point is not None and (point.seat == seat.id or seat.gm):
        candidates = [player] if player else list(seat.players)
    else:
        return None
    if player and player not in candidates:
        return None
    mine = [p for p in candidates if seat.controls(p)]
    return mine[0] if len(mine) == 1 else None


def refusal(rules: Rules, seat: Seat, roll: RecordedRoll, player: str = "") -> str | None:
    """Why ``seat`` may not re-roll ``roll`` for ``player`` by the shared rules: a roll it
    has not seen, a roll of someone else's, a re-roll (it stands). None: it may."""
    if not seen_by(seat, roll):
        return NOT_SEEN.format(roll=roll.id, seat=seat.name)
    if roll.rerolled:
        return STANDS.format(roll=roll.id)
    if owner(rules, seat, roll, player) is None:
        several = roll.player is None and not player and (seat.gm or len(seat.players) > 1)
        text = NAME_THE_PLAYER if several else NOT_YOURS
        return text.format(roll=roll.id, reason=roll.reason, seat=seat.name)
    return None


def rerollable(rules: Rules, seat: Seat, player: str = "") -> list[RecordedRoll]:
    """The rolls of the last action that ``seat`` may re-roll for ``player`` by the shared
    rules, in the order rolled."""
    return [r for r in last_rolls(rules) if refusal(rules, seat, r, player) is None]


def allowed(rules: Rules, seat: Seat, player: str = "") -> list[RecordedRoll]:
    """The rolls of the last action that the ruleset lets ``seat`` re-roll for ``player``
    now, in the order rolled: its ``may_reroll`` asked of each (the shared checks and its
    price, a fate point left), so a screen offers exactly the rolls the engine's re-roll
    would take. A ruleset's ``may_reroll`` must not ask this (it asks ``may_reroll``)."""
    return [
        r for r in last_rolls(rules) if rules.ruleset.may_reroll(rules, seat, r, player) is None
    ]


def latest(rules: Rules, seat: Seat, player: str = "") -> RecordedRoll | None:
    """The last roll ``seat`` may re-roll (what "re-roll my latest roll" means)."""
    rolls = rerollable(rules, seat, player)
    return rolls[-1] if rolls else None
