"""Battle records: where, when, who, under what circumstances, and how it ended.

Every ruleset finds its battles its own way and draws its own consequences, but the record
is shared, so the battle card, the result form, the auto-resolver and the battle queue
serve all of them. The record is general enough for every kind of ruleset: a battle knows
the moment it was opened down to a day within the turn, a side may be a points size with
no army counters, a battle may have any number of sides, and a result may record facts of
one side, of one character or of the battle as a whole.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from attrs import define, field

from tuicamp.model.equality import fields_eq
from tuicamp.model.hexes import Hex
from tuicamp.model.reprs import fields_repr


class BattleStatus(StrEnum):
    PENDING = "pending"
    FOUGHT = "fought"  # played at the table, result entered
    AUTO = "auto"  # auto-resolved
    CANCELLED = "cancelled"


# How the players mean to settle a battle, as the card and the queue say it.
MODE_TEXT: dict[str, str] = {"table": "fought at the table", "auto": "auto-resolved"}


@define
class BattleSide:
    """One side of a battle: its players, the army counters it brought and, for a force the
    map has no counters for (a garrison, a levy, a realm's host in a yearly ruleset), a
    size in points.

    ``points`` are fielded in addition to the armies' units; a side may have only them
    ("Garrison of Altdorf, 1,500 pts"). ``name`` is what such a force is called at the
    table; without it the side is known by its armies or its title.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str  # "attacker", "defender", or any id the ruleset uses
    title: str  # shown on the card: "Attacker", "Defender", "Side A"
    players: list[str] = field(factory=list)
    armies: list[str] = field(factory=list)
    points: int = 0  # fielded without army counters
    name: str = ""  # the force without counters, as the table calls it

    @property
    def force_name(self) -> str:
        """What the points without counters are called: the name, or the side's title."""
        return self.name or self.title


@define
class Circumstance:
    """Something the campaign implies for the battle: fatigue, walls, an ambush result.

    ``key`` is for rules and the resolver, ``text`` for the players at the table; ``value``
    a number where one matters (a fatigue level, an Ld modifier, a defence level).
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    key: str
    text: str
    side: str | None = None
    value: int = 0


@define
class UnitLoss:
    __repr__ = fields_repr
    __eq__ = fields_eq

    army: str
    unit: str
    killed: int = 0
    fled: int = 0


@define
class CharacterResult:
    """The result fields asked of one character (a unit of the character category) of a
    side: slain, wounded, a duel won. ``facts`` holds 0/1 for yes/no fields."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    army: str
    unit: str
    facts: dict[str, int] = field(factory=dict)


@define
class SideResult:
    __repr__ = fields_repr
    __eq__ = fields_eq

    side: str
    vp: int = 0  # the tabletop victory points
    facts: dict[str, int] = field(factory=dict)  # ruleset-defined result fields (0/1 for yes/no)
    losses: list[UnitLoss] = field(factory=list)
    points_lost: int = 0  # of the side's points without army counters
    characters: list[CharacterResult] = field(factory=list)
    # 1 is best; sides that did equally well share a rank; 0 in results saved before ranks
    rank: int = 0

    def character(self, army_id: str, unit_id: str) -> CharacterResult | None:
        return next((c for c in self.characters if (c.army, c.unit) == (army_id, unit_id)), None)


@define
class BattleResult:
    """How a battle ended.

    ``winners`` are every side that won (allied sides may win together); ``winner`` is the
    one side that won alone, kept for rulesets of two sides, and None for a draw or a
    shared victory. ``text`` is the outcome as the ruleset words it ("Attacker wins").
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    sides: list[SideResult]
    winner: str | None = None  # side id; None is a draw (or a victory shared by several)
    auto: bool = False
    winners: list[str] = field(factory=list)
    facts: dict[str, int] = field(factory=dict)  # result fields asked once for the battle
    text: str = ""

    def __attrs_post_init__(self) -> None:
        # A result of one winner only (a save from before shared victories, a ruleset's
        # own code) names it in ``winner``: every reader may rely on ``winners``.
        if self.winner is not None and not self.winners:
            self.winners = [self.winner]

    @property
    def draw(self) -> bool:
        return not self.winners

    def side(self, side_id: str) -> SideResult | None:
        return next((s for s in self.sides if s.side == side_id), None)

    def ranking(self) -> list[SideResult]:
        """The sides best first (unranked results keep their order)."""
        return sorted(self.sides, key=lambda s: s.rank or len(self.sides) + 1)


@define
class Battle:
    """A battle, from the moment a ruleset opens it to its result and consequences.

    Its clock is when it was opened: the turn, the phase and, for rulesets that fight day
    by day (or step by step) within a turn, the ``day``; 0 is "no day", as in a ruleset
    whose turn is one strategic move.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

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
    phase: str = ""  # the phase it was opened in ("" in saves from before the clock)
    day: int = 0  # the day (or step) within the turn; 0 when the ruleset counts none
    # The sides that asked for the auto-resolver while another has not agreed yet
    # (R-ALL-10); the battle is resolved when every side with players has.
    auto_consent: list[str] = field(factory=list)
    # The sides that asked to take the result back while another has not agreed yet
    # (R-ALL-13); the result is taken back when every side with players has.
    take_back_asked: list[str] = field(factory=list)

    @property
    def pending(self) -> bool:
        return self.status is BattleStatus.PENDING

    def side(self, side_id: str) -> BattleSide | None:
        return next((s for s in self.sides if s.id == side_id), None)

    def side_of_army(self, army_id: str) -> BattleSide | None:
        return next((s for s in self.sides if army_id in s.armies), None)

    def circumstances_for(self, side_id: str | None) -> list[Circumstance]:
        return [c for c in self.circumstances if c.side == side_id]
