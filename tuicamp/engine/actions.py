"""Actions (what a seat asks for) and events (what happened, for the chronicle).

Every change to a campaign is an action: a small attrs class with a ``kind`` name, so an
action can come from a key press, a form, or a ``[[action]]`` block of an orders file.
"""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import define, field, fields

from tuicamp.engine.dice import Roll
from tuicamp.model.equality import fields_eq
from tuicamp.model.flow import Clock
from tuicamp.model.reprs import fields_repr


@define(kw_only=True)
class Action:
    """Base of every action. ``dice`` carries values rolled at the table (table-dice mode)."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    kind: ClassVar[str] = ""
    summary: ClassVar[str] = ""  # one line for `tuicamp actions` and the help screen
    gm_only: ClassVar[bool] = False

    dice: list[int] = field(factory=list)

    def describe(self) -> str:
        parts = [
            f"{a.name}={getattr(self, a.name)!r}" for a in fields(type(self)) if a.name != "dice"
        ]
        return f"{self.kind}({', '.join(parts)})"


@define
class Event:
    """One entry of the chronicle, with every die that was rolled for it.

    It is stamped with the campaign's clock: ``turn``, ``phase`` and ``step`` (0 in a phase
    without steps). ``visible_to`` lists the players allowed to read it (None: everyone);
    the GM seat reads everything. ``undoable`` is False once dice were rolled or something
    was revealed.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    seq: int
    turn: int
    phase: str
    kind: str
    text: str
    seat: str | None = None
    player: str | None = None
    rolls: list[Roll] = field(factory=list)
    visible_to: list[str] | None = None
    undoable: bool = True
    action: int = 0  # the action number (several events may share one)
    data: dict[str, Any] = field(factory=dict)
    step: int = 0

    @property
    def clock(self) -> Clock:
        return Clock(self.turn, self.phase, self.step)

    def visible_for(self, player_ids: list[str], gm: bool) -> bool:
        if gm or self.visible_to is None:
            return True
        return any(p in self.visible_to for p in player_ids)


def action_fields(cls: type[Action]) -> list[tuple[str, Any, Any]]:
    """(name, type, default) of an action's own fields, for help and examples."""
    out = []
    for a in fields(cls):
        if a.name == "dice":
            continue
        default = a.default
        if hasattr(default, "factory"):
            default = default.factory()
        out.append((a.name, a.type, default))
    return out
