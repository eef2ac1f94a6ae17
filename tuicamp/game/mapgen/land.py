"""The generator's working sheet: every hex of the map with its height, moisture and the
kind of ground it will be, before any of it is written in a ruleset's letters.

The stages (shape, terrain, rivers, territories, settlements, roads) each read and write
this one sheet in turn, so each stage is a plain function of the sheet and a seeded
random source, and tests can look at what one stage made.
"""

from __future__ import annotations

import math

from attrs import define, field

from tuicamp.model.equality import fields_eq
from tuicamp.model.hexes import DIRECTIONS, Hex, Hexside, offset_grid
from tuicamp.model.reprs import fields_repr

# The kinds of ground, by the base vocabulary's terrain ids; a palette turns them into a
# ruleset's letters at the end (terrain.Palette).
CLEAR, FOREST, HILLS, MOUNTAINS, SWAMP, LAKE, SEA = (
    "clear",
    "forest",
    "hills",
    "mountains",
    "swamp",
    "lake",
    "sea",
)
WATER = frozenset({LAKE, SEA})

ROW_HEIGHT = math.sqrt(3) / 2  # a pointy-top row is this far below the one above it


@define
class Land:
    """The map being made: ground, heights and moisture per hex, and the hexside features
    laid so far (feature id -> sides)."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    width: int
    height: int
    elevation: dict[Hex, float] = field(factory=dict)
    moisture: dict[Hex, float] = field(factory=dict)
    ground: dict[Hex, str] = field(factory=dict)
    # feature id -> its sides, as an ordered set (a dict of None) so adding one is cheap
    sides: dict[str, dict[Hexside, None]] = field(factory=dict)
    # each river as the corners it runs through, source to mouth (see rivers.Corner)
    rivers: list[list[frozenset[Hex]]] = field(factory=list)
    _hexes: list[Hex] = field(init=False, factory=list)
    _around: dict[Hex, list[Hex]] = field(init=False, factory=dict)

    def __attrs_post_init__(self) -> None:
        """The neighbours are looked up by their coordinates among the map's own hexes
        rather than made anew: a 200 x 200 map would make 240,000 hexes here, and every
        stage's dicts then find the very objects they hold (compared by identity)."""
        self._hexes = list(offset_grid(self.width, self.height))
        at = {(h.q, h.r): h for h in self._hexes}
        self._around = {
            h: [n for dq, dr in DIRECTIONS if (n := at.get((h.q + dq, h.r + dr))) is not None]
            for h in self._hexes
        }

    @property
    def hexes(self) -> list[Hex]:
        """Every hex, row by row (the order the terrain rows are written in)."""
        return self._hexes

    def contains(self, h: Hex) -> bool:
        return 0 <= h.row < self.height and 0 <= h.col < self.width

    def neighbours(self, h: Hex) -> list[Hex]:
        """The neighbours on the map (worked out once: every stage asks for them)."""
        return self._around[h]

    def is_water(self, h: Hex) -> bool:
        return self.ground.get(h) in WATER

    def land_hexes(self) -> list[Hex]:
        return [h for h in self.hexes if not self.is_water(h)]

    def add_side(self, feature: str, side: Hexside) -> None:
        self.sides.setdefault(feature, {})[side] = None


def position(h: Hex) -> tuple[float, float]:
    """Where a hex's centre lies on the plane, one hex across = 1: the noise is read there,
    so the fields are round on the hex grid, not stretched by the offset rows."""
    return h.col + 0.5 * (h.row & 1), h.row * ROW_HEIGHT
