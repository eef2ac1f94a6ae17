"""One settlement in every territory, on its best ground, in the texts' mix of kinds.

The best ground is open farmland near water (a river side or the shore), away from the
territory's edge; mountains and swamps hold a settlement only when nothing else does.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from attrs import define

from tuicamp.game.mapgen.land import CLEAR, FOREST, HILLS, MOUNTAINS, SWAMP, Land
from tuicamp.model.equality import fields_eq
from tuicamp.model.hexes import Hex
from tuicamp.model.reprs import fields_repr

# How good each kind of ground is for a settlement (water never holds one).
SITE_VALUE = {CLEAR: 4, HILLS: 3, FOREST: 2, SWAMP: 0, MOUNTAINS: 0}
# The mix of kinds of the settlements players do not start in (the texts' villages,
# towns, cities, border towers and fortresses), as shares that sum to one.
MIX: tuple[tuple[str, float], ...] = (
    ("village", 0.5),
    ("town", 0.25),
    ("city", 0.1),
    ("tower", 0.1),
    ("fortress", 0.05),
)
CAPITAL = "capital"


@define
class Site:
    """A settlement's place before it is named and owned: its territory's index and hex."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    territory: int
    hex: Hex
    kind: str = "village"


def place_sites(land: Land, territories: list[list[Hex]]) -> list[Site]:
    """The best hex of each territory."""
    waterside = {h for sides in land.sides.values() for s in sides for h in (s.a, s.b)}
    return [Site(i, _best(land, hexes, waterside)) for i, hexes in enumerate(territories)]


def _best(land: Land, hexes: list[Hex], waterside: set[Hex]) -> Hex:
    mine = set(hexes)
    centre = _centre(hexes)

    def score(h: Hex) -> tuple[float, int, int]:
        value: float = SITE_VALUE.get(land.ground[h], 0)
        near_water = h in waterside or any(land.is_water(n) for n in land.neighbours(h))
        inland = sum(1 for n in land.neighbours(h) if n in mine)
        value += 2 * near_water + 0.5 * inland - h.distance(centre)
        return (-value, h.row, h.col)

    return min(hexes, key=score)


def _centre(hexes: list[Hex]) -> Hex:
    """The hex nearest all the others (the least sum of distances; first by row and
    column of those as near): the distances written out, since a 200 x 200 map's 2,000
    territories ask some million of them."""
    axial = [(h.q, h.r) for h in hexes]

    def spread(h: Hex) -> tuple[int, int, int]:
        q, r = h.q, h.r
        total = sum((abs(q - x) + abs(r - y) + abs(q - x + r - y)) // 2 for x, y in axial)
        return (total, h.row, h.col)

    return min(hexes, key=spread)


def assign_kinds(
    sites: list[Site], capitals: set[int], rng: Random, realms: Sequence[Sequence[int]] = ()
) -> None:
    """Capitals where the players start; the rest by the mix, in a seeded order, so the
    shares hold on every map however many settlements it has. Each realm (a player's
    territories, capital first) gets the same kinds, placed in its own seeded order:
    Rauscher counts a player's settlements against his points ("make sure you take into
    account any villages, towns, cities, or fortresses under any given players control"),
    so no player starts with dearer ones than another (R-ALL-15)."""
    by_territory = {s.territory: s for s in sites}
    held = {t for realm in realms for t in realm}
    shortest = min((len(r) for r in realms), default=0)
    share = _mix(max(shortest - 1, 0))
    for realm in realms:
        rest = [by_territory[t] for t in realm if t not in capitals and t in by_territory]
        rng.shuffle(rest)
        for site, kind in zip(rest, [*share, *["village"] * len(rest)], strict=False):
            site.kind = kind
    rest = [s for s in sites if s.territory not in capitals and s.territory not in held]
    rng.shuffle(rest)
    for site, kind in zip(rest, _mix(len(rest)), strict=False):
        site.kind = kind
    for site in sites:
        if site.territory in capitals:
            site.kind = CAPITAL


def _mix(count: int) -> list[str]:
    """``count`` kinds in the shares of MIX, villages making up what rounding leaves."""
    kinds: list[str] = []
    for kind, share in MIX:
        kinds += [kind] * round(share * count)
    return (kinds + ["village"] * count)[:count]
