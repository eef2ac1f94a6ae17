"""The map's vocabulary: what each terrain letter and each hexside feature means, and how
it is drawn.

A map stores one letter per hex and a list of sides per feature; a :class:`Vocabulary`
says what those letters and feature ids mean (a name, flags such as water) and how the
map draws them (a glyph and named ANSI colours, so a terrain reads in 16 colours and, by
its glyph, in monochrome). The core's base set (:data:`BASE_VOCABULARY`) is what every
map knows; a ruleset may declare more (a Skaven tunnel, a glacier, a causeway), merged
with the base set by :meth:`Vocabulary.merged`, which refuses a clash rather than let one
letter mean two things on the same map.

Movement costs are *not* here: each ruleset prices terrain in its own tables (a declared
terrain's default cost joins them there).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Any

from attrs import field, frozen

from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr

# The 16 named ANSI colours: every look is written in them, so a 16-colour terminal shows
# the map as its palette intends (and a colour name cannot be mistyped unnoticed).
ANSI_COLOURS: tuple[str, ...] = (
    "black",
    "red",
    "green",
    "yellow",
    "blue",
    "magenta",
    "cyan",
    "white",
    "bright_black",
    "bright_red",
    "bright_green",
    "bright_yellow",
    "bright_blue",
    "bright_magenta",
    "bright_cyan",
    "bright_white",
)

# Drawn on every plain side (the hex outline): a feature with one of these glyphs would
# look like no feature at all.
OUTLINE_GLYPHS = "/\\|"
# Terrain rows are TOML strings: a letter that needs escaping there is refused.
_UNFIT_LETTERS = ' "\\'


def glyph_problem(glyph: object, what: str = "a glyph") -> str | None:
    """Why ``glyph`` cannot be drawn in one map cell, or None when it can: one printable
    ASCII character (ambiguous-width Unicode breaks the map's alignment over SSH)."""
    if not isinstance(glyph, str) or len(glyph) != 1:
        return f"{what} is one character, not {glyph!r}"
    if not "!" <= glyph <= "~":
        return f"{what} is a printable ASCII character other than a space, not {glyph!r}"
    return None


def letter_problem(letter: object) -> str | None:
    """Why ``letter`` cannot stand for a terrain in a map's rows, or None when it can."""
    why = glyph_problem(letter, "a terrain letter")
    if why is None and isinstance(letter, str) and letter in _UNFIT_LETTERS:
        return f"a terrain letter cannot be {letter!r} (it would need escaping in the rows)"
    return why


def colour_problem(colour: object) -> str | None:
    """Why ``colour`` is no colour a look may use, or None when it is one."""
    if colour in ANSI_COLOURS:
        return None
    return f"{colour!r} is not one of the 16 ANSI colours ({', '.join(ANSI_COLOURS)})"


@frozen
class TerrainLook:
    """How a terrain is painted: its glyph on a background; ``colour`` "" is black or
    bright white, whichever reads better on the background."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    glyph: str
    background: str
    colour: str = ""


@frozen
class Terrain:
    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    letter: str  # in the map's rows
    id: str  # in tables (terrain_cost) and battles
    name: str
    look: TerrainLook
    water: bool = False  # lake and sea: impassable on land, navigable by ships
    sea: bool = False

    @property
    def glyph(self) -> str:
        """The glyph drawn in the hex interior (readable without colour)."""
        return self.look.glyph


class FeatureKind(StrEnum):
    """What a hexside feature is, which the checks and the drawing read (not the costs:
    those are the ruleset's)."""

    CROSSING = "crossing"  # a bridge, a ford: sits on a waterway of the same side
    WATERWAY = "waterway"  # a river, a stream: supply may run along it
    BARRIER = "barrier"  # a wall, a palisade
    ROAD = "road"  # a road, a causeway
    OTHER = "other"


# When a side carries several features, the map draws one: the first kind in this order
# (a bridge over its river, a river beside a road), then the order of declaration.
KIND_PRECEDENCE: tuple[FeatureKind, ...] = tuple(FeatureKind)


@frozen
class FeatureLook:
    """How a hexside feature is drawn: one glyph for every orientation, and its colour."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    glyph: str
    colour: str


@frozen
class HexsideFeature:
    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    id: str  # in [map.hexsides] and in [hexside.<feature>] tables
    name: str  # what the legend and the help call it
    look: FeatureLook
    kind: FeatureKind = FeatureKind.OTHER


def _by(items: Iterable[Any], key: str) -> dict[str, Any]:
    return {getattr(item, key): item for item in items}


@frozen
class Vocabulary:
    """Terrains and hexside features a map may use: the base set, or the base set with a
    ruleset's declarations. Immutable, so one vocabulary serves every map of a ruleset."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    terrains: tuple[Terrain, ...]
    features: tuple[HexsideFeature, ...]
    _by_letter: dict[str, Terrain] = field(init=False, eq=False, repr=False)
    _by_id: dict[str, Terrain] = field(init=False, eq=False, repr=False)
    _feature_by_id: dict[str, HexsideFeature] = field(init=False, eq=False, repr=False)
    _drawing_order: tuple[HexsideFeature, ...] = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        problems = [
            *_clashes(self.terrains, _terrain_keys),
            *_clashes(self.features, _feature_keys),
        ]
        if problems:
            raise ValueError("; ".join(problems))
        object.__setattr__(self, "_by_letter", _by(self.terrains, "letter"))
        object.__setattr__(self, "_by_id", _by(self.terrains, "id"))
        object.__setattr__(self, "_feature_by_id", _by(self.features, "id"))
        rank = {kind: i for i, kind in enumerate(KIND_PRECEDENCE)}
        drawn = tuple(sorted(self.features, key=lambda f: rank[f.kind]))
        object.__setattr__(self, "_drawing_order", drawn)

    def __deepcopy__(self, memo: dict[int, Any]) -> Vocabulary:
        return self  # immutable: a deep copy of a map shares its vocabulary

    # --- answers ------------------------------------------------------------------------
    def terrain(self, letter: str) -> Terrain | None:
        """The terrain a map letter stands for, or None."""
        return self._by_letter.get(letter)

    def terrain_by_id(self, terrain_id: str) -> Terrain | None:
        return self._by_id.get(terrain_id)

    def feature(self, feature_id: str) -> HexsideFeature | None:
        return self._feature_by_id.get(feature_id)

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(self._by_letter)

    @property
    def terrain_ids(self) -> tuple[str, ...]:
        return tuple(self._by_id)

    @property
    def feature_ids(self) -> tuple[str, ...]:
        return tuple(self._feature_by_id)

    def features_of(self, kind: FeatureKind) -> tuple[str, ...]:
        """The ids of the features of one kind (every waterway: river, stream, ...)."""
        return tuple(f.id for f in self.features if f.kind is kind)

    def drawing_order(self) -> tuple[HexsideFeature, ...]:
        """The features in the order a side with several draws them: by kind
        (:data:`KIND_PRECEDENCE`), then as declared."""
        return self._drawing_order

    # --- merging ------------------------------------------------------------------------
    def terrain_clash(self, terrain: Terrain) -> str | None:
        """Why ``terrain`` cannot join this vocabulary, or None when it can."""
        return next(iter(_clashes((*self.terrains, terrain), _terrain_keys)), None)

    def feature_clash(self, feature: HexsideFeature) -> str | None:
        """Why ``feature`` cannot join this vocabulary, or None when it can."""
        return next(iter(_clashes((*self.features, feature), _feature_keys)), None)

    def merged(
        self, terrains: Iterable[Terrain] = (), features: Iterable[HexsideFeature] = ()
    ) -> Vocabulary:
        """This vocabulary with more terrains and features (a ruleset's), after its own.
        A letter, id or glyph already taken is refused with a ValueError naming both."""
        return Vocabulary((*self.terrains, *terrains), (*self.features, *features))


def _terrain_keys(t: Terrain) -> list[tuple[str, str]]:
    return [("letter", t.letter), ("glyph", t.glyph)]


def _feature_keys(f: HexsideFeature) -> list[tuple[str, str]]:
    return [("glyph", f.look.glyph)]


def _clashes(
    items: Iterable[Terrain | HexsideFeature],
    keys: Callable[[Any], list[tuple[str, str]]],
) -> list[str]:
    """A sentence for each item whose id is declared again, or that takes a letter or a
    glyph an earlier one holds: one letter for two terrains would make a map mean two
    things, one glyph for two would make them the same in monochrome."""
    seen: dict[tuple[str, str], str] = {}
    ids: set[str] = set()
    out = []
    for item in items:
        noun = "terrain" if isinstance(item, Terrain) else "hexside feature"
        if item.id in ids:
            out.append(f"{noun} {item.id!r} is declared twice")
            continue
        ids.add(item.id)
        for key, value in keys(item):
            holder = seen.setdefault((key, value), item.id)
            if holder != item.id:
                out.append(f"{noun} {item.id!r}: {key} {value!r} is taken by {noun} {holder!r}")
    return out


def _terrain(
    letter: str,
    tid: str,
    name: str,
    glyph: str,
    bg: str,
    fg: str,
    *,
    water: bool = False,
    sea: bool = False,
) -> Terrain:
    return Terrain(letter, tid, name, TerrainLook(glyph, bg, fg), water=water, sea=sea)


# The base set. Bright and normal ANSI backgrounds are both used, so ten terrains stay
# apart in 16 colours; every glyph differs, so they stay apart without colour too.
BASE_TERRAINS: tuple[Terrain, ...] = (
    _terrain(".", "clear", "Clear", ".", "bright_green", "black"),
    _terrain("f", "forest", "Forest", "f", "green", "black"),
    _terrain("h", "hills", "Hills", "^", "yellow", "black"),
    _terrain("m", "mountains", "Mountains", "M", "bright_black", "bright_white"),
    _terrain("s", "swamp", "Swamp", "%", "cyan", "black"),
    _terrain("d", "desert", "Desert", ":", "bright_yellow", "black"),
    _terrain("j", "jungle", "Jungle", "&", "green", "bright_yellow"),
    _terrain("w", "wasteland", "Wasteland", ",", "red", "bright_white"),
    _terrain("l", "lake", "Lake", "o", "bright_blue", "bright_white", water=True),
    _terrain("~", "sea", "Sea", "~", "blue", "bright_white", water=True, sea=True),
)

# A hexside may carry several features (a road crossing a river on a bridge).
BASE_FEATURES: tuple[HexsideFeature, ...] = (
    HexsideFeature("river", "river", FeatureLook("~", "bright_blue"), FeatureKind.WATERWAY),
    HexsideFeature("stream", "stream", FeatureLook("-", "cyan"), FeatureKind.WATERWAY),
    HexsideFeature("road", "road", FeatureLook("=", "bright_yellow"), FeatureKind.ROAD),
    HexsideFeature(
        "bridge",
        "bridge (road over a river)",
        FeatureLook("H", "bright_white"),
        FeatureKind.CROSSING,
    ),
    HexsideFeature("ford", "ford", FeatureLook("+", "bright_cyan"), FeatureKind.CROSSING),
    HexsideFeature("wall", "wall", FeatureLook("#", "bright_white"), FeatureKind.BARRIER),
)

BASE_VOCABULARY = Vocabulary(BASE_TERRAINS, BASE_FEATURES)

# The base set under the names many modules have long imported.
TERRAINS: tuple[Terrain, ...] = BASE_TERRAINS
BY_LETTER: dict[str, Terrain] = {t.letter: t for t in TERRAINS}
BY_ID: dict[str, Terrain] = {t.id: t for t in TERRAINS}
HEXSIDE_FEATURES: tuple[str, ...] = tuple(f.id for f in BASE_FEATURES)
