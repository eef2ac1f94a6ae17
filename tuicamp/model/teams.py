"""Teams: players who stand together.

Two kinds, because campaigns join players in two different ways. A *realm* is one power
ruled by several players (a king and his barons each with their own armies): its members
never fight each other, and land may belong to the realm rather than to any one of them.
An *alliance* joins powers that stay their own ("working in allegiance"): its members are
players, or realms whole. A player rules in at most one realm and may keep several
alliances. Whether members see what the others see is the team's own declaration.

What these mean for a move or a battle (who is hostile to whom, whose sight is shared) is
answered by :mod:`tuicamp.rules.kit.teams`; here is only the data.
"""

from __future__ import annotations

from enum import StrEnum

from attrs import define, field

from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr


class TeamKind(StrEnum):
    REALM = "realm"  # one power, several players
    ALLIANCE = "alliance"  # several powers, sworn together


@define
class Team:
    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str  # never a player's id: an owner may be either
    name: str
    members: list[str] = field(factory=list)  # player ids (an alliance's may be realm ids)
    kind: TeamKind = TeamKind.ALLIANCE
    shared_vision: bool = False  # each member sees what every member sees
