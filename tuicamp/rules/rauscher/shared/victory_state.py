"""The victory package's own ledger in the Rauscher state (see shared.state).

Most victory conditions are read straight off the campaign (who owns what, who stands
where), so this holds only what cannot be read back: the Family Squabble's set-up dice and
whether the turn limit has run out.
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr


@define
class Allegiance:
    """One territory's declaration at set-up (Family Squabble): the die and the result."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    territory: str
    player: str
    dice: list[int] = field(factory=list)  # every die rolled for it, re-rolls included


@define
class VictoryState:
    __repr__ = fields_repr
    __eq__ = fields_eq

    allegiances: list[Allegiance] = field(factory=list)
    allotted: bool = False  # the Family Squabble's territories have declared
    announced: bool = False  # ... and the chronicle says so
    time_up: bool = False  # the last turn's Resolution has ended
