"""Hex Island's realms on a tile map (the ``aasen`` set-up, 2.1): who rules together,
where each realm's Capital stands and which tiles it starts with.

Players are paired into realms of two; with an odd count the last rules a pirate realm
of one. A realm of two starts with 11 tiles: its Capital on the mainland, the six tiles
around it (its Homeland, which must all be its own) and four more beside them. A pirate
realm starts with six: its Capital on an island of four tiles, all its own and all
beside the Capital, and two more on other shores. A generated island rarely has such an
islet, so one is raised out of the sea where it costs the mainland least, and the land
that would touch it is sunk, so the pirate's island stands apart on every seed.

Capitals are drawn many times, as for the other maps' starts (:mod:`.fairness`): the
draw whose realms differ least in food and distance wins.
"""

from __future__ import annotations

from collections import deque
from random import Random

from attrs import frozen

from tuicamp.engine.errors import InputError
from tuicamp.game.mapgen.fairness import BOUNDS, Fairness, Start, food, revenue
from tuicamp.game.mapgen.land import CLEAR, SEA, Land
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.hexes import Hex, Hexside
from tuicamp.model.reprs import fields_repr

REALM_TILES = 11  # a realm of two's tiles at the start (R-AA-1: "11 for each normal realm")
PIRATE_TILES = 6  # a pirate realm's ("6 for each pirate realm")
PIRATE_ISLAND = 4  # the pirate's island: its Capital and three tiles beside it
DRAWS = 120  # draws of Capitals tried


@frozen
class Realm:
    """One realm's start: its players (by seat index), its Capital and all its tiles
    (the Capital first, then its Homeland, then the rest)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    members: tuple[int, ...]
    capital: Hex
    tiles: tuple[Hex, ...]

    @property
    def pirate(self) -> bool:
        return len(self.members) == 1


@frozen
class RealmPlan:
    """Every realm's start, and the fairness figures of the realms of two (the pirate's
    island is fixed by the sea, not drawn, so it is left out of the spreads)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    realms: tuple[Realm, ...]
    fairness: Fairness


def realm_members(players: int) -> list[tuple[int, ...]]:
    """Seats paired in order into realms of two; an odd last seat is a pirate realm."""
    pairs = [(i, i + 1) for i in range(0, players - 1, 2)]
    return pairs + ([(players - 1,)] if players % 2 else [])


def raise_pirate_island(land: Land, rng: Random) -> tuple[Hex, ...]:
    """Raise the pirate's island of PIRATE_ISLAND tiles (a Capital and three of its
    neighbours in a row) where the fewest land hexes must change, sink the land around
    it, and answer its tiles, the Capital first."""
    best: list[tuple[Hex, ...]] = []
    least = len(land.hexes) + 1
    for centre in land.hexes:
        for d in range(6):
            tiles = (centre, *(centre.neighbour(d + i) for i in range(PIRATE_ISLAND - 1)))
            if not all(land.contains(t) for t in tiles):
                continue
            cost = sum(1 for h in _with_shore(land, tiles) if not land.is_water(h))
            if cost < least:
                best, least = [tiles], cost
            elif cost == least:
                best.append(tiles)
    if not best:
        raise InputError("the map is too small for a pirate realm's island: make it larger")
    tiles = best[rng.randrange(len(best))]
    for h in _with_shore(land, tiles):
        land.ground[h] = SEA
    for h in tiles:
        land.ground[h] = CLEAR
    for feature, sides in land.sides.items():  # no river or road left out at sea
        land.sides[feature] = {
            s: None for s in sides if not (land.is_water(s.a) and land.is_water(s.b))
        }
    return tiles


def _at_sea(land: Land, side: Hexside) -> bool:
    return land.is_water(side.a) and land.is_water(side.b)


def _with_shore(land: Land, tiles: tuple[Hex, ...]) -> set[Hex]:
    return set(tiles) | {n for t in tiles for n in land.neighbours(t)}


def pieces(land: Land) -> list[set[Hex]]:
    """The land's connected pieces, the biggest (the mainland) first."""
    seen: set[Hex] = set()
    out = []
    for h in land.land_hexes():
        if h in seen:
            continue
        piece, todo = {h}, deque([h])
        seen.add(h)
        while todo:
            for n in land.neighbours(todo.popleft()):
                if n not in seen and not land.is_water(n):
                    seen.add(n)
                    piece.add(n)
                    todo.append(n)
        out.append(piece)
    return sorted(out, key=len, reverse=True)


def choose_realms(land: Land, players: int, island: tuple[Hex, ...], rng: Random) -> RealmPlan:
    """The fairest of DRAWS draws of the realms of two's Capitals on the mainland, each
    realm grown from its Homeland to REALM_TILES; the pirate (if any) on ``island`` with
    the free tiles nearest it. An InputError says what to change when none fits."""
    members = realm_members(players)
    pairs = [m for m in members if len(m) == 2]
    mainland = pieces(land)[0] if land.land_hexes() else set()
    inland = sorted(
        (
            h
            for h in mainland
            if len(land.neighbours(h)) == 6 and all(n in mainland for n in land.neighbours(h))
        ),
        key=lambda h: (h.row, h.col),
    )
    index = {h: i for i, h in enumerate(land.land_hexes())}
    best: tuple[tuple[float, int], list[list[Hex]]] | None = None
    tried: set[frozenset[Hex]] = set()
    for _ in range(DRAWS):
        capitals = _spread_capitals(inland, len(pairs), rng)
        if capitals is None or frozenset(capitals) in tried:
            continue
        tried.add(frozenset(capitals))
        grown = _grow(land, mainland, capitals)
        if grown is None or (len(members) > len(pairs) and len(_free(land, grown, island)) < 2):
            continue
        fairness = _fairness(land, grown, index)
        figures = [fairness.spread(f) / b for f, b in BOUNDS.items()]
        closest = min((s.distance for s in fairness.starts), default=0)
        score = (max(figures) + sum(figures) / 10, -closest)
        if best is None or score < best[0]:
            best = (score, grown)
    if best is None:
        need = len(pairs) * REALM_TILES + (PIRATE_TILES - PIRATE_ISLAND) * (
            len(members) - len(pairs)
        )
        raise InputError(
            f"the mainland has no room for {len(pairs)} realm{'s' * (len(pairs) != 1)} of "
            "two players "
            f"({need} tiles, each Capital with six tiles of land around it): "
            "make the map larger (--size) or give fewer --players"
        )
    grown = best[1]
    realms = [Realm(m, tiles[0], tuple(tiles)) for m, tiles in zip(pairs, grown, strict=True)]
    if len(members) > len(pairs):
        extra = _pirate_shores(_free(land, grown, island), island[0])
        realms.append(Realm(members[-1], island[0], (*island, *extra)))
    return RealmPlan(tuple(realms), _fairness(land, grown, index))


def _spread_capitals(inland: list[Hex], count: int, rng: Random) -> list[Hex] | None:
    """``count`` Capitals in a seeded order, each Homeland clear of the others'."""
    order = inland[:]
    rng.shuffle(order)
    chosen: list[Hex] = []
    for h in order:
        if all(h.distance(c) >= 3 for c in chosen):
            chosen.append(h)
            if len(chosen) == count:
                return chosen
    return None


def _grow(land: Land, mainland: set[Hex], capitals: list[Hex]) -> list[list[Hex]] | None:
    """Each realm's Capital and Homeland, then a tile at a time, the realm with least
    farmland first, each taking a free neighbouring tile, farmland first; None when a
    realm is hemmed in short of REALM_TILES."""
    farmland = {h for h in mainland if land.ground[h] == CLEAR}
    realms = [[c, *land.neighbours(c)] for c in capitals]
    taken = {h for r in realms for h in r}
    edges = [{n for t in r for n in land.neighbours(t) if n in mainland} for r in realms]
    for _ in range(REALM_TILES - len(realms[0])):
        for p in sorted(
            range(len(realms)), key=lambda p: (len(farmland.intersection(realms[p])), p)
        ):
            edges[p] -= taken
            if not edges[p]:
                return None
            pick = min(edges[p], key=lambda n: (n not in farmland, n.row, n.col))
            realms[p].append(pick)
            taken.add(pick)
            edges[p].update(n for n in land.neighbours(pick) if n in mainland)
    return realms


def _free(land: Land, realms: list[list[Hex]], island: tuple[Hex, ...]) -> list[Hex]:
    taken = {h for r in realms for h in r} | set(island)
    return [h for h in land.land_hexes() if h not in taken]


def _pirate_shores(free: list[Hex], capital: Hex) -> tuple[Hex, ...]:
    """The pirate's two tiles off its island: the free tile nearest its Capital and, so
    one Stronghold links both, a free neighbour of it when there is one."""
    first = min(free, key=lambda h: (h.distance(capital), h.row, h.col))
    rest = [h for h in free if h != first]
    second = min(rest, key=lambda h: (h.distance(first) > 1, h.distance(capital), h.row, h.col))
    return (first, second)


def _fairness(land: Land, realms: list[list[Hex]], index: dict[Hex, int]) -> Fairness:
    starts = []
    for tiles in realms:
        rivals = [other[0].distance(tiles[0]) for other in realms if other is not tiles]
        starts.append(
            Start(
                capital=index[tiles[0]],
                realm=tuple(index[h] for h in tiles),
                distance=min(rivals, default=0),
                food=food(land, tiles),
                income=sum(revenue(land, [h]) for h in tiles),
            )
        )
    return Fairness(tuple(starts))
