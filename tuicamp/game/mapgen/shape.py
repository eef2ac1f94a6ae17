"""The lie of the land: a height field from noise, shaped into an island or a coast, with
mountain chains raised along ridges, and the sea filled to a level.

The sea is set by a share of the map (a quantile of the heights), not by a fixed height,
so every seed gives about as much land as the shape promises.
"""

from __future__ import annotations

import math
from enum import StrEnum
from random import Random

from tuicamp.game.mapgen.land import SEA, Land, position
from tuicamp.game.mapgen.noise import ValueNoise


class Shape(StrEnum):
    """An island has sea all round; a coast has the sea along one edge of the map."""

    ISLAND = "island"
    COAST = "coast"


# The share of hexes under the sea, by shape.
SEA_SHARE = {Shape.ISLAND: 0.34, Shape.COAST: 0.2}
# How much of a hex's height is the shape (the rest is the noise's relief).
SHAPE_WEIGHT = 0.5
CHAIN_WEIGHT = 0.45  # how high the ridges raise the mountain chains


def raise_land(land: Land, shape: Shape, rng: Random) -> None:
    """Fill ``land.elevation`` and ``land.moisture``, and put the sea on the lowest hexes."""
    relief = ValueNoise(rng.randrange(1 << 30))
    chains = ValueNoise(rng.randrange(1 << 30))
    wet = ValueNoise(rng.randrange(1 << 30))
    side = rng.randrange(4)  # which edge a coast faces
    broad = max(4.0, max(land.width, land.height) / 2.5)
    across, down = max(1, land.width - 1), max(1.0, (land.height - 1) * 0.866)
    for h in land.hexes:
        x, y = position(h)
        u, v = x / across, y / down  # 0..1 across the map
        base = _island(u, v) if shape is Shape.ISLAND else _coast(u, v, side)
        ridge = chains.ridged(x, y, broad * 0.9) ** 4 * chains.fractal(x + 99, y, broad, 2)
        noise = relief.fractal(x, y, broad)
        land.elevation[h] = (
            SHAPE_WEIGHT * base + (1 - SHAPE_WEIGHT) * noise + CHAIN_WEIGHT * ridge * base
        )
        land.moisture[h] = wet.fractal(x, y, broad * 0.6, 3)
    _flood(land, SEA_SHARE[shape])


def _island(u: float, v: float) -> float:
    """1 in the middle of the map, 0 at its edges."""
    d = math.hypot(2 * u - 1, 2 * v - 1) / math.sqrt(2)
    edge = min(u, v, 1 - u, 1 - v) * 2  # 0 on the edge itself
    return max(0.0, min(1.0, 1.0 - d) * min(1.0, edge * 3))


def _coast(u: float, v: float, side: int) -> float:
    """0 along one edge of the map (the sea's), rising inland."""
    inland = (u, v, 1 - u, 1 - v)[side]
    return min(1.0, inland * 1.6)


def _flood(land: Land, share: float) -> None:
    """The lowest ``share`` of the hexes become sea (at least the lowest one)."""
    ordered = sorted(land.hexes, key=lambda h: (land.elevation[h], h.row, h.col))
    count = max(1, int(len(ordered) * share))
    for h in ordered[:count]:
        land.ground[h] = SEA
