"""The result form of a battle: which fields are asked, and of whom.

A ruleset declares its fields (:meth:`Ruleset.result_fields`); each has a *scope* saying
who answers it. Most facts belong to every side ("enemy General slain"), but some belong
to one side only ("the garrison held the gate"), to the battle as a whole ("the bridge
was destroyed"), or to each character of a side ("slain", "wounded"). It also says which
units of each side's armies take part (every one, unless the ruleset fields a few, as in a
duel of generals), so that no form and no card lists the rest of an enemy's army. The result form on
screen, the validation of an entered result, orders files and the command line's form all
ask through this module, so they ask exactly the same questions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING

from attrs import frozen

from tuicamp.model.battle import Battle, BattleSide
from tuicamp.model.campaign import Campaign
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.forces import Army, Category, Unit
from tuicamp.model.reprs import fields_repr

if TYPE_CHECKING:
    from tuicamp.engine.rules import Rules


class FieldScope(StrEnum):
    """Who answers a result field."""

    EACH_SIDE = "each_side"  # asked of every side, as every field was before scopes
    ONE_SIDE = "one_side"  # asked of the side named by ``ResultField.side``
    BATTLE = "battle"  # asked once, of the battle as a whole
    CHARACTER = "character"  # asked of each character of ``ResultField.side`` (None: any side)


@frozen
class ResultField:
    """One field of a ruleset's result form; by default asked once per side."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    key: str
    label: str
    kind: str = "bool"  # "bool" (0/1) or "int"
    minimum: int = 0
    maximum: int = 1
    help: str = ""
    scope: FieldScope = FieldScope.EACH_SIDE
    side: str | None = None  # the side a ONE_SIDE field is asked of; limits CHARACTER fields

    @property
    def default(self) -> int:
        """What an unanswered field counts as: 0, or the nearest value the field allows."""
        return min(max(0, self.minimum), self.maximum)

    def asks_side(self, side_id: str) -> bool:
        """Whether this is a fact of the side ``side_id`` itself."""
        if self.scope is FieldScope.EACH_SIDE:
            return True
        return self.scope is FieldScope.ONE_SIDE and self.side == side_id

    def asks_characters_of(self, side_id: str) -> bool:
        """Whether this is asked of each character of the side ``side_id``."""
        return self.scope is FieldScope.CHARACTER and self.side in (None, side_id)

    def allows(self, value: int) -> bool:
        return self.minimum <= value <= self.maximum


@frozen
class Character:
    """A character who fought for a side, as the form names it."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    army: str
    army_name: str
    unit: Unit


@frozen
class FieldedArmy:
    """One army of a side with the units of it that take part in the battle."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    army: str
    army_name: str
    units: tuple[Unit, ...]

    @property
    def points(self) -> int:
        return sum(u.points for u in self.units)


# The units of an army that take part in a battle (the ruleset's ``battle_units``).
TakingPart = Callable[[Army], Sequence[Unit]]


def every_unit(army: Army) -> Sequence[Unit]:
    return army.units


@frozen
class SideQuestions:
    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    side: BattleSide
    fields: tuple[ResultField, ...]  # facts of the side itself
    character_fields: tuple[ResultField, ...]  # asked of each of ``characters``
    characters: tuple[Character, ...]
    armies: tuple[FieldedArmy, ...] = ()  # what it fields: the card lists these, no other
    points_asked: bool = True  # the ruleset's ``asks_points_lost``

    @property
    def asks_points(self) -> bool:
        """A side with points but no army counters is asked how many of them it lost,
        unless its ruleset never reads them."""
        return self.points_asked and self.side.points > 0


@frozen
class ResultForm:
    """Every question of a battle's result form, in the battle's side order."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    fields: tuple[ResultField, ...]  # all the ruleset declared, in its order
    battle_fields: tuple[ResultField, ...]
    sides: tuple[SideQuestions, ...]

    def side(self, side_id: str) -> SideQuestions | None:
        return next((q for q in self.sides if q.side.id == side_id), None)


def asked_fields(rules: Rules, battle: Battle) -> tuple[ResultField, ...]:
    """The ruleset's fields for ``battle``: the one place the form's users ask the ruleset."""
    return tuple(rules.ruleset.result_fields(rules, battle))


def fielded_armies(
    campaign: Campaign, side: BattleSide, taking_part: TakingPart = every_unit
) -> tuple[FieldedArmy, ...]:
    """The side's armies with the units of each that take part (gone armies are skipped)."""
    out = []
    for aid in side.armies:
        army = campaign.army(aid)
        if army is not None:
            out.append(FieldedArmy(army.id, army.name, tuple(taking_part(army))))
    return tuple(out)


def characters_of(
    campaign: Campaign, side: BattleSide, taking_part: TakingPart = every_unit
) -> tuple[Character, ...]:
    """The characters who take part for a side (gone armies are skipped, as on the card)."""
    return tuple(
        Character(fielded.army, fielded.army_name, u)
        for fielded in fielded_armies(campaign, side, taking_part)
        for u in fielded.units
        if u.category is Category.CHARACTER
    )


def result_form(
    campaign: Campaign,
    battle: Battle,
    fields: tuple[ResultField, ...],
    taking_part: TakingPart = every_unit,
    *,
    points_asked: bool = True,
) -> ResultForm:
    """Who answers which of ``fields`` in ``battle``, which units it asks losses of, and
    whether it asks a side's points lost without army counters (``points_asked``)."""
    sides = []
    for side in battle.sides:
        per_character = tuple(f for f in fields if f.asks_characters_of(side.id))
        sides.append(
            SideQuestions(
                side,
                tuple(f for f in fields if f.asks_side(side.id)),
                per_character,
                characters_of(campaign, side, taking_part) if per_character else (),
                fielded_armies(campaign, side, taking_part),
                points_asked,
            )
        )
    battle_fields = tuple(f for f in fields if f.scope is FieldScope.BATTLE)
    return ResultForm(fields, battle_fields, tuple(sides))


def form_of(rules: Rules, battle: Battle) -> ResultForm:
    """The result form of ``battle`` under the campaign's ruleset."""

    def taking_part(army: Army) -> Sequence[Unit]:
        return rules.ruleset.battle_units(rules, battle, army)

    points_asked = rules.ruleset.asks_points_lost(rules, battle)
    fields = asked_fields(rules, battle)
    return result_form(rules.campaign, battle, fields, taking_part, points_asked=points_asked)
