"""The terrain vocabulary shared by every map.

A map stores one letter per hex; this table says what each letter means and how it is
drawn. Movement costs are *not* here: each ruleset prices terrain in its own tables.
"""

from __future__ import annotations

from attrs import frozen


@frozen
class Terrain:
    letter: str
    id: str
    name: str
    glyph: str  # ASCII glyph drawn in the hex interior (readable without colour)
    colour: str  # a Textual colour name, paired with the glyph
    water: bool = False  # lake and sea: impassable on land, navigable by ships
    sea: bool = False


TERRAINS: tuple[Terrain, ...] = (
    Terrain(".", "clear", "Clear", ".", "green"),
    Terrain("f", "forest", "Forest", "f", "darkgreen"),
    Terrain("h", "hills", "Hills", "^", "olive"),
    Terrain("m", "mountains", "Mountains", "M", "grey"),
    Terrain("s", "swamp", "Swamp", "%", "teal"),
    Terrain("d", "desert", "Desert", ":", "yellow"),
    Terrain("j", "jungle", "Jungle", "&", "darkgreen"),
    Terrain("w", "wasteland", "Wasteland", ",", "maroon"),
    Terrain("l", "lake", "Lake", "o", "blue", water=True),
    Terrain("~", "sea", "Sea", "~", "navy", water=True, sea=True),
)

BY_LETTER: dict[str, Terrain] = {t.letter: t for t in TERRAINS}
BY_ID: dict[str, Terrain] = {t.id: t for t in TERRAINS}

# Hexside features; a hexside may carry several (a road crossing a river on a bridge).
HEXSIDE_FEATURES: tuple[str, ...] = ("river", "stream", "road", "bridge", "ford", "wall")
