"""The campaign map: terrain, hexside features, territories and settlements.

Terrain is kept as rows of letters in odd-r offset order, exactly as it is saved, so a
200 x 200 map is 200 short strings both in memory and on disk, and a lookup is an index.

What a letter or a feature id means is the map's :class:`~tuicamp.model.terrain.Vocabulary`:
the core's base set, or the base set with its ruleset's declarations. The vocabulary is
not saved (a save names its ruleset, which declares it): a map starts with the base set,
and whoever reads it through a ruleset binds the ruleset's (``Rules`` does, so every
engine, session, check and view reads a campaign's map in its ruleset's words).
"""

from __future__ import annotations

from collections.abc import Iterator

from attrs import define, field

from tuicamp.model.equality import fields_eq
from tuicamp.model.hexes import Hex, Hexside, label_width_for, offset_grid
from tuicamp.model.reprs import fields_repr
from tuicamp.model.terrain import BASE_VOCABULARY, Terrain, Vocabulary


@define
class Territory:
    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    name: str
    hexes: list[Hex] = field(factory=list)
    owner: str | None = None  # a player id or a team id (a realm's land); None = nobody's
    revenue: int = 0  # in the ruleset's smallest coin
    # What the land is, in the ruleset's words (province, march, wilderness, sea zone ...),
    # and its marks (coastal, rebellious, ...), as a settlement has a kind and walls:
    # rulesets that care read them, the others leave them empty.
    kind: str = ""
    flags: set[str] = field(factory=set)
    # The colour the scenario editor tints the land in (one of the 16 ANSI colours), so a
    # designer tells territories apart while drawing them; "" for none of its own. A
    # campaign draws land in its owner's colour, whatever this says.
    colour: str = ""


@define
class Settlement:
    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    kind: str  # village, town, city, capital, fortress, tower, castle, ... (ruleset vocabulary)
    name: str
    hex: Hex
    owner: str | None = None  # a player id or a team id; None = neutral
    stores: dict[str, int] = field(factory=dict)  # food, gold, ... by name
    walls: bool = False
    original_owner: str | None = None


@define
class HexMap:
    __repr__ = fields_repr
    __eq__ = fields_eq

    width: int
    height: int
    # The tables play never changes: replaced whole when changed (set_terrain,
    # add_feature), never edited in place, as the engine's undo points share them.
    terrain: list[str]  # one string of terrain letters per row
    hexsides: dict[str, list[Hexside]] = field(factory=dict)  # feature -> sides
    territories: list[Territory] = field(factory=list)
    settlements: list[Settlement] = field(factory=list)
    # What the letters and feature ids mean: never saved, bound by the ruleset's reader.
    vocabulary: Vocabulary = field(default=BASE_VOCABULARY, kw_only=True, eq=False, repr=False)

    # derived indexes, rebuilt on demand
    _territory_of: dict[Hex, str] | None = field(default=None, init=False, eq=False, repr=False)
    _features: dict[Hexside, frozenset[str]] | None = field(
        default=None, init=False, eq=False, repr=False
    )

    @classmethod
    def blank(
        cls,
        width: int,
        height: int,
        letter: str = ".",
        vocabulary: Vocabulary = BASE_VOCABULARY,
    ) -> HexMap:
        return cls(width, height, [letter * width for _ in range(height)], vocabulary=vocabulary)

    # --- geometry -------------------------------------------------------------------
    @property
    def label_width(self) -> int:
        return label_width_for(self.width, self.height)

    def label(self, h: Hex) -> str:
        return h.label(self.label_width)

    def contains(self, h: Hex) -> bool:
        return 0 <= h.row < self.height and 0 <= h.col < self.width

    def hexes(self) -> Iterator[Hex]:
        return offset_grid(self.width, self.height)

    def neighbours(self, h: Hex) -> list[Hex]:
        return [n for n in h.neighbours() if self.contains(n)]

    def index(self, h: Hex) -> int:
        return h.row * self.width + h.col

    # --- terrain --------------------------------------------------------------------
    def letter_at(self, h: Hex) -> str:
        return self.terrain[h.row][h.col]

    def terrain_at(self, h: Hex) -> Terrain:
        """The terrain of a hex, in the map's vocabulary; a KeyError names a letter the
        vocabulary does not know (the scenario and save checks refuse such maps)."""
        letter = self.letter_at(h)
        terrain = self.vocabulary.terrain(letter)
        if terrain is None:
            raise KeyError(
                f"hex {self.label(h)}: terrain letter {letter!r} is not in the map's vocabulary"
            )
        return terrain

    def set_terrain(self, h: Hex, letter: str) -> None:
        """Change one hex's terrain by replacing the rows, never editing them in place:
        the engine's undo points share the map's tables with the live map
        (``engine.snapshots``), so a table is replaced whole or not at all."""
        rows = list(self.terrain)
        row = rows[h.row]
        rows[h.row] = row[: h.col] + letter + row[h.col + 1 :]
        self.terrain = rows

    # --- hexsides -------------------------------------------------------------------
    def features(self, side: Hexside) -> frozenset[str]:
        if self._features is None:
            index: dict[Hexside, set[str]] = {}
            for feature, sides in self.hexsides.items():
                for s in sides:
                    index.setdefault(s, set()).add(feature)
            self._features = {s: frozenset(f) for s, f in index.items()}
        return self._features.get(side, frozenset())

    def features_between(self, a: Hex, b: Hex) -> frozenset[str]:
        return self.features(Hexside(a, b))

    def add_feature(self, feature: str, side: Hexside) -> None:
        """Add a feature to a side; the tables are replaced, not edited (see set_terrain)."""
        sides = self.hexsides.get(feature, [])
        if side not in sides:
            self.hexsides = {**self.hexsides, feature: [*sides, side]}
        self._features = None

    # --- territories and settlements ------------------------------------------------
    def territory_of(self, h: Hex) -> Territory | None:
        tid = self.territory_id_of(h)
        return self.territory(tid) if tid else None

    def territory_id_of(self, h: Hex) -> str | None:
        """The id of the territory ``h`` lies in (None off the map or in none): a look-up
        in the index, without finding the territory itself, for the searches that ask it
        of every hex around a territory."""
        if self._territory_of is None:
            self._territory_of = {x: t.id for t in self.territories for x in t.hexes}
        return self._territory_of.get(h)

    def territory(self, tid: str) -> Territory | None:
        return next((t for t in self.territories if t.id == tid), None)

    def invalidate(self) -> None:
        """Forget derived indexes after territories or hexsides were edited in place."""
        self._territory_of = None
        self._features = None

    def settlement(self, sid: str) -> Settlement | None:
        return next((s for s in self.settlements if s.id == sid), None)

    def settlements_at(self, h: Hex) -> list[Settlement]:
        return [s for s in self.settlements if s.hex == h]
