"""Hex Island-style tile maps (the ``aasen`` ruleset): an island of tiles, every land tile
a territory of its own, each of one type: lowland, highland, coastal, primeval forest or
swamp, with the sea around.

The generator's ground kinds are mapped to the tile types, and each type is written in the
letter the ruleset declares for it (found by terrain id), or in the base set's nearest
letter when the ruleset declares none, so ``tuicamp check`` judges the map in the
ruleset's own words.
"""

from __future__ import annotations

from collections.abc import Collection

from tuicamp.game.mapgen.land import CLEAR, FOREST, HILLS, MOUNTAINS, SEA, SWAMP, Land
from tuicamp.model.hexes import Hex
from tuicamp.model.terrain import BASE_VOCABULARY, Vocabulary

LOWLAND, HIGHLAND, COASTAL, PRIMEVAL_FOREST = "lowland", "highland", "coastal", "primeval_forest"
TILE_OF_GROUND = {
    CLEAR: LOWLAND,
    HILLS: HIGHLAND,
    MOUNTAINS: HIGHLAND,
    FOREST: PRIMEVAL_FOREST,
    SWAMP: SWAMP,
}
# The terrain ids a ruleset may declare each tile type by, and the base kind to fall
# back on.
TILE_IDS: dict[str, tuple[tuple[str, ...], str]] = {
    LOWLAND: (("lowland", "lowlands"), CLEAR),
    HIGHLAND: (("highland", "highlands"), HILLS),
    COASTAL: (("coastal", "coast"), CLEAR),
    PRIMEVAL_FOREST: (("primeval_forest", "primeval-forest", "primeval"), FOREST),
    SWAMP: (("swamp",), SWAMP),
    SEA: (("sea",), SEA),
}
HOME_TILES = 6  # a realm's tiles at the start ("territories per realm: 11 / 6")


def tile_types(land: Land, riverside: Collection[Hex] = ()) -> dict[Hex, str]:
    """Each land hex's tile type: coastal beside water (a lake is written as the sea on a
    tile map, and "coastal territories" are where fleets launch, R-AA-10); lowland where
    a river runs by forest or swamp ("only Lowland, Highland and coastal territories can
    contain rivers", 2.2); else by its ground."""
    out = {}
    for h in land.land_hexes():
        ground = TILE_OF_GROUND.get(land.ground[h], LOWLAND)
        if any(land.is_water(n) for n in land.neighbours(h)):
            out[h] = COASTAL
        elif h in riverside and ground in (PRIMEVAL_FOREST, SWAMP):
            out[h] = LOWLAND
        else:
            out[h] = ground
    return out


def riverside(land: Land, waterways: Collection[str]) -> set[Hex]:
    """The land tiles a river or stream runs along: each such tile has a river (R-AA-1)."""
    return {
        h
        for feature in waterways
        for side in land.sides.get(feature, {})
        for h in (side.a, side.b)
        if land.contains(h) and not land.is_water(h)
    }


def tile_letters(vocabulary: Vocabulary) -> dict[str, str]:
    """The letter each tile type (and the sea) is written in."""
    out = {}
    for tile, (ids, fallback) in TILE_IDS.items():
        found = next((t for i in ids if (t := vocabulary.terrain_by_id(i)) is not None), None)
        base = BASE_VOCABULARY.terrain_by_id(fallback)
        assert base is not None
        out[tile] = (found or base).letter
    return out


def tile_rows(land: Land, types: dict[Hex, str], letters: dict[str, str]) -> list[str]:
    hexes, w = land.hexes, land.width
    return [
        "".join(
            letters[types.get(h, SEA)] if not land.is_water(h) else letters[SEA]
            for h in hexes[r * w : (r + 1) * w]
        )
        for r in range(land.height)
    ]
