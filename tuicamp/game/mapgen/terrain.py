"""Kinds of ground on the land, and the letters a ruleset writes them in.

Heights are ranked among the land hexes, so the shares below hold on every seed: the
highest few are mountains (the chains the shape raised), the next hills; wet ground is
forest, and wet lowland swamp; hollows lower than every neighbour hold lakes.
"""

from __future__ import annotations

from attrs import frozen

from tuicamp.game.mapgen.land import (
    CLEAR,
    FOREST,
    HILLS,
    LAKE,
    MOUNTAINS,
    SEA,
    SWAMP,
    Land,
)
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.hexes import Hex
from tuicamp.model.reprs import fields_repr
from tuicamp.model.terrain import BASE_VOCABULARY, Vocabulary

# Shares of the land, by rank of height (highest first) and of moisture (wettest first).
MOUNTAIN_SHARE = 0.07
HILL_SHARE = 0.13
FOREST_SHARE = 0.22
SWAMP_SHARE = 0.05  # of the lowest third, the wettest
LAKE_MOISTURE = 0.55  # a hollow holds a lake when it is at least this wet


def classify(land: Land) -> None:
    """Give every land hex its kind of ground, by the shares above."""
    hexes = land.land_hexes()
    if not hexes:
        return
    by_height = sorted(hexes, key=lambda h: (-land.elevation[h], h.row, h.col))
    rank = {h: i / len(hexes) for i, h in enumerate(by_height)}
    by_wet = sorted(hexes, key=lambda h: (-land.moisture[h], h.row, h.col))
    wet_rank = {h: i / len(hexes) for i, h in enumerate(by_wet)}
    for h in hexes:
        if rank[h] < MOUNTAIN_SHARE:
            kind = MOUNTAINS
        elif rank[h] < MOUNTAIN_SHARE + HILL_SHARE:
            kind = HILLS
        elif rank[h] > 0.66 and wet_rank[h] < SWAMP_SHARE * 3:
            kind = SWAMP
        elif wet_rank[h] < FOREST_SHARE:
            kind = FOREST
        else:
            kind = CLEAR
        land.ground[h] = kind
    for h in hexes:
        if _hollow(land, h) and land.moisture[h] >= LAKE_MOISTURE:
            land.ground[h] = LAKE


def _hollow(land: Land, h: Hex) -> bool:
    """Lower than every neighbour, none of them water: a lake's place, not the sea's shore."""
    around = land.neighbours(h)
    return (
        len(around) == 6
        and land.ground[h] in (CLEAR, FOREST, SWAMP)
        and all(land.elevation[n] > land.elevation[h] and not land.is_water(n) for n in around)
    )


@frozen
class Palette:
    """The letters and feature ids a ruleset's vocabulary writes the generator's words in:
    each kind of ground by the base terrain id it is named after, each feature by its id,
    so a ruleset that declares more letters still has its map drawn in the shared ones."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    letters: dict[str, str]
    river: str | None
    stream: str | None
    road: str | None
    bridge: str | None

    @classmethod
    def of(cls, vocabulary: Vocabulary) -> Palette:
        letters = {}
        for kind in (CLEAR, FOREST, HILLS, MOUNTAINS, SWAMP, LAKE, SEA):
            terrain = vocabulary.terrain_by_id(kind) or BASE_VOCABULARY.terrain_by_id(kind)
            assert terrain is not None  # the base set names every kind
            letters[kind] = terrain.letter
        have = set(vocabulary.feature_ids)

        def feature(fid: str) -> str | None:
            return fid if fid in have else None

        return cls(letters, feature("river"), feature("stream"), feature("road"), feature("bridge"))

    def rows(self, land: Land) -> list[str]:
        """The terrain rows as a scenario writes them."""
        hexes, w = land.hexes, land.width
        return [
            "".join(self.letters[land.ground[h]] for h in hexes[r * w : (r + 1) * w])
            for r in range(land.height)
        ]
