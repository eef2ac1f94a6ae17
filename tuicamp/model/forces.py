"""Players, seats, armies and units."""

from __future__ import annotations

from enum import StrEnum

from attrs import define, field

from tuicamp.model.equality import fields_eq
from tuicamp.model.hexes import Hex
from tuicamp.model.reprs import fields_repr


class Category(StrEnum):
    """Unit categories the campaign texts distinguish (R-ALL-5)."""

    RANK_AND_FILE = "rank_and_file"
    CHARACTER = "character"
    WAR_MACHINE = "war_machine"
    MONSTER = "monster"
    LIGHT_CAVALRY = "light_cavalry"

    @property
    def is_rank_and_file(self) -> bool:
        """Rank & file excludes characters, war machines and monsters (R-ALL-5)."""
        return self in (Category.RANK_AND_FILE, Category.LIGHT_CAVALRY)


@define
class Unit:
    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    name: str
    points: int
    category: Category = Category.RANK_AND_FILE
    movement: int = 4  # M
    leadership: int = 7  # Ld
    models: int = 1
    flags: set[str] = field(factory=set)  # militia, elite, scout, champion, general, ...
    # A unit of another people than its owner's (mercenaries, a subject race, allies lent
    # to an army); "" for the owner's own, which nearly every unit is.
    race: str = ""


def unit_race(unit: Unit, owner: Player | None) -> str:
    """The race a unit fights as: its own when it has one, else its owner's ("" when the
    owner is unknown too). Rules that ask a unit's race ask here, never ``unit.race``."""
    return unit.race or (owner.race if owner is not None else "")


@define
class UnitSpec:
    """A unit as a player writes it down, before the campaign gives it an id: raised in
    free play, bought, or entered into a points allocation."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    name: str
    points: int
    category: Category = Category.RANK_AND_FILE
    movement: int = 4
    leadership: int = 7
    models: int = 1
    flags: list[str] = field(factory=list)

    def make(self, unit_id: str) -> Unit:
        return Unit(
            unit_id,
            self.name.strip(),
            self.points,
            self.category,
            self.movement,
            self.leadership,
            self.models,
            set(self.flags),
        )


@define
class Army:
    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    name: str
    owner: str  # player id
    hex: Hex | None = None  # None: off the map (a ruleset without counters, or in reserve)
    units: list[Unit] = field(factory=list)
    flags: set[str] = field(factory=set)

    @property
    def points(self) -> int:
        """An army's points are the sum of its units' points (R-ALL-5)."""
        return sum(u.points for u in self.units)

    @property
    def rank_and_file_points(self) -> int:
        return sum(u.points for u in self.units if u.category.is_rank_and_file)

    @property
    def movement(self) -> int:
        """The slowest unit sets the pace; an empty army has none."""
        return min((u.movement for u in self.units), default=0)

    def unit(self, uid: str) -> Unit | None:
        return next((u for u in self.units if u.id == uid), None)


@define
class Player:
    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    name: str
    race: str
    colour: str = "white"
    treasury: int = 0  # in the ruleset's smallest coin
    letter: str = ""  # map marker; defaults to the name's first letter

    def __attrs_post_init__(self) -> None:
        if not self.letter:
            self.letter = (self.name or self.id or "?")[0].upper()


@define
class Seat:
    """Who sits at the controls: one or more players, or the Games Master."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    name: str
    players: list[str] = field(factory=list)
    gm: bool = False
    human: bool = True
    passphrase_hash: str | None = None

    def controls(self, player_id: str | None) -> bool:
        return self.gm or (player_id is not None and player_id in self.players)
