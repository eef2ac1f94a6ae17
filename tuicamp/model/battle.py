"""Battle records: where, who, under what circumstances, and how it ended.

Every ruleset finds its battles its own way and draws its own consequences, but the record
is shared, so the battle card, the result form, the auto-resolver and the battle queue
serve all of them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from attrs import define, field

from tuicamp.model.hexes import Hex


class BattleStatus(StrEnum):
    PENDING = "pending"
    FOUGHT = "fought"  # played at the table, result entered
    AUTO = "auto"  # auto-resolved
    CANCELLED = "cancelled"


# How the players mean to settle a battle, as the card and the queue say it.
MODE_TEXT: dict[str, str] = {"table": "fought at the table", "auto": "auto-resolved"}


@define
class BattleSide:
    id: str  # "attacker", "defender", or any id the ruleset uses
    title: str  # shown on the card: "Attacker", "Defender", "Side A"
    players: list[str] = field(factory=list)
    armies: list[str] = field(factory=list)


@define
class Circumstance:
    """Something the campaign implies for the battle: fatigue, walls, an ambush result.

    ``key`` is for rules and the resolver, ``text`` for the players at the table; ``value``
    a number where one matters (a fatigue level, an Ld modifier, a defence level).
    """

    key: str
    text: str
    side: str | None = None
    value: int = 0


@define
class UnitLoss:
    army: str
    unit: str
    killed: int = 0
    fled: int = 0


@define
class SideResult:
    side: str
    vp: int = 0  # the tabletop victory points
    facts: dict[str, int] = field(factory=dict)  # ruleset-defined result fields (0/1 for yes/no)
    losses: list[UnitLoss] = field(factory=list)


@define
class BattleResult:
    sides: list[SideResult]
    winner: str | None = None  # side id; None is a draw
    auto: bool = False

    def side(self, side_id: str) -> SideResult | None:
        return next((s for s in self.sides if s.side == side_id), None)


@define
class Battle:
    id: str
    turn: int
    hex: Hex
    terrain: str  # terrain id of the hex, for the table
    sides: list[BattleSide]
    circumstances: list[Circumstance] = field(factory=list)
    status: BattleStatus = BattleStatus.PENDING
    mode: str = "table"  # how the players mean to settle it: "table" or "auto"
    settlement: str | None = None
    result: BattleResult | None = None
    events: list[int] = field(factory=list)  # chronicle seqs of what it caused
    # The campaign just before the result was applied, so the GM can take back a result
    # that was mis-entered. Kept only until the turn ends (the map's rows are left out).
    revert_point: dict[str, Any] | None = None

    @property
    def pending(self) -> bool:
        return self.status is BattleStatus.PENDING

    def side(self, side_id: str) -> BattleSide | None:
        return next((s for s in self.sides if s.id == side_id), None)

    def side_of_army(self, army_id: str) -> BattleSide | None:
        return next((s for s in self.sides if army_id in s.armies), None)

    def circumstances_for(self, side_id: str | None) -> list[Circumstance]:
        return [c for c in self.circumstances if c.side == side_id]
