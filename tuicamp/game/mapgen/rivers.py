"""Rivers that run downhill along hexsides to the sea or a lake.

A river runs on the sides of hexes, from corner to corner: a corner is where three hexes
meet, and its height is theirs on average. From a corner high in the hills the river takes
the side to the lowest neighbouring corner, as water would, until a corner touches water.
One that finds no lower corner (a hollow, or the map's edge) fills the lowest hex beside
it with a lake and ends there; one that meets another river joins it. So every river
ends in water, which the tests check.
"""

from __future__ import annotations

import itertools
from random import Random

from tuicamp.game.mapgen.land import HILLS, LAKE, MOUNTAINS, Land
from tuicamp.model.hexes import Hex, Hexside

Corner = frozenset[Hex]  # the three hexes that meet at a corner (some may be off the map)

HEXES_PER_RIVER = 90  # about one river for so many land hexes
SOURCE_SPACING = 4  # sources at least this far apart
STREAM_UNDER = 6  # a river shorter than this many sides is a stream, where one is declared
SHORTEST = 3  # sides; a shorter run is dropped


def corners(h: Hex) -> list[Corner]:
    """The six corners of a hex."""
    around = h.neighbours()
    return [frozenset((h, around[d], around[(d + 1) % 6])) for d in range(6)]


def _across(side: tuple[Hex, Hex], corner: Corner) -> Corner:
    """The corner at the other end of the side between two hexes of ``corner``."""
    x, y = side
    d = x.direction_to(y)
    assert d is not None
    left, right = x.neighbour(d - 1), x.neighbour(d + 1)  # the two hexes both touch
    return frozenset((x, y, right if left in corner else left))


def touches_water(land: Land, corner: Corner) -> bool:
    return any(land.contains(h) and land.is_water(h) for h in corner)


def _height(land: Land, corner: Corner) -> float:
    on = [land.elevation[h] for h in corner if h in land.elevation]
    return sum(on) / len(on)


def _order(corner: Corner) -> list[tuple[int, int]]:
    """A corner's place in a seeded order that never depends on set order: ties broken."""
    return sorted((h.q, h.r) for h in corner)


def lay_rivers(land: Land, rng: Random, river: str | None, stream: str | None) -> None:
    """Run rivers from the hills to the water and record them on ``land`` as ``river``
    sides (``stream`` for short ones, when the vocabulary has streams)."""
    if river is None and stream is None:
        return
    joined: set[Corner] = set()  # corners on a river already laid: a river ending there joins
    for source in _sources(land, rng):
        start = max(
            (c for c in corners(source) if all(land.contains(h) for h in c)),
            key=lambda c: (_height(land, c), _order(c)),
            default=None,
        )
        if start is None or touches_water(land, start) or start in joined:
            continue
        path, pit = _downhill(land, start, joined)
        if len(path) - 1 < SHORTEST:
            continue
        if pit:
            lowest = min(
                (h for h in path[-1] if land.contains(h)),
                key=lambda h: (land.elevation[h], h.row, h.col),
            )
            land.ground[lowest] = LAKE
        sides = [Hexside(*sorted(a & b)) for a, b in itertools.pairwise(path)]
        feature = stream if stream and len(sides) < STREAM_UNDER else river or stream
        assert feature is not None
        for side in sides:
            land.add_side(feature, side)
        land.rivers.append(path)
        joined.update(path)


def _sources(land: Land, rng: Random) -> list[Hex]:
    """High hexes, a few apart, in a seeded order."""
    high = [h for h in land.land_hexes() if land.ground[h] in (HILLS, MOUNTAINS)]
    rng.shuffle(high)
    wanted = max(1, len(land.land_hexes()) // HEXES_PER_RIVER)
    chosen: list[Hex] = []
    near: set[Hex] = set()  # hexes too near a source chosen already
    for h in high:
        if h not in near:
            chosen.append(h)
            near.update(h.within(SOURCE_SPACING - 1))
            if len(chosen) == wanted:
                break
    return chosen


def _downhill(land: Land, start: Corner, joined: set[Corner]) -> tuple[list[Corner], bool]:
    """The corners from ``start`` down to water or another river; True when it ended in a
    hollow (or at the edge of the map) with no water, where a lake must be made."""
    path = [start]
    seen = {start}
    here = start
    while not touches_water(land, here) and here not in joined:
        members = sorted((h for h in here if land.contains(h)), key=lambda h: (h.q, h.r))
        steps = [
            _across((x, y), here)
            for i, x in enumerate(members)
            for y in members[i + 1 :]
            if x.is_adjacent(y)
        ]
        level = _height(land, here)
        lower = [(_height(land, c), _order(c), c) for c in steps if c not in seen]
        lower = [step for step in lower if step[0] < level]
        if not lower:
            return path, True
        here = min(lower, key=lambda step: (step[0], step[1]))[2]
        path.append(here)
        seen.add(here)
    return path, False
