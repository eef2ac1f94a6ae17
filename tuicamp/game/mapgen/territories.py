"""Territories of the texts' size, 10 to 25 hexes, grown from seeds over the land.

Seeds are spread one to each 4 x 4 cell of the map, at a seeded place in it; then the
regions grow together, the smallest region taking the next hex on its edge, so they come
out of a size and round. Land no region could reach (a region full, a lake's far shore)
seeds new ones; a region left too small takes hexes from a larger neighbour that can
spare them without falling apart, or joins a neighbour. Growing only into neighbouring
hexes keeps every territory in one piece, which the tests check.
"""

from __future__ import annotations

import heapq
from collections import deque
from random import Random

from tuicamp.game.mapgen.land import Land
from tuicamp.model.hexes import Hex

SMALLEST = 10  # the texts' territories: 10 to 25 hexes
LARGEST = 25
SPACING = 4  # one seed per 4 x 4 hexes: regions of about 16 hexes


def grow_territories(land: Land, rng: Random) -> list[list[Hex]]:
    """The land split into territories, each a list of hexes in one piece; islets
    smaller than a territory are left out (no territory), the rest is all taken."""
    owner: dict[Hex, int] = {}
    regions: list[list[Hex]] = []
    seeds = _seeds(land, rng)
    for piece in _pieces(land):
        if len(piece) < SMALLEST:
            continue
        mine = [h for h in piece if h in seeds] or [piece[rng.randrange(len(piece))]]
        for seed in mine:
            owner[seed] = len(regions)
            regions.append([seed])
        _grow(land, piece, owner, regions)
    _mend_small(land, owner, regions)
    return [sorted(r, key=lambda h: (h.row, h.col)) for r in regions if r]


def _pieces(land: Land) -> list[list[Hex]]:
    """The land's connected pieces (a continent, islands), in map order."""
    seen: set[Hex] = set()
    out = []
    for h in land.land_hexes():
        if h in seen:
            continue
        piece, todo = [], deque([h])
        seen.add(h)
        while todo:
            x = todo.popleft()
            piece.append(x)
            for n in land.neighbours(x):
                if n not in seen and not land.is_water(n):
                    seen.add(n)
                    todo.append(n)
        out.append(piece)
    return out


def _seeds(land: Land, rng: Random) -> set[Hex]:
    """One hex in every SPACING x SPACING cell of the map, at a seeded place in it: seeds
    as evenly spread as farthest-point sampling, at the cost of one pass over the map."""
    out = set()
    for row in range(0, land.height, SPACING):
        for col in range(0, land.width, SPACING):
            h = Hex.from_offset(col + rng.randrange(SPACING), row + rng.randrange(SPACING))
            if land.contains(h) and not land.is_water(h):
                out.add(h)
    return out


def _grow(land: Land, piece: list[Hex], owner: dict[Hex, int], regions: list[list[Hex]]) -> None:
    """Grow the regions of a piece until all of it is taken: the smallest region with
    room and an edge takes its edge's hex nearest its seed."""
    todo = set(piece) - set(owner)
    first = len(regions) - sum(1 for h in piece if h in owner)  # this piece's regions
    edges: dict[int, set[Hex]] = {}
    heap: list[tuple[int, int]] = []

    def start(i: int) -> None:
        edges[i] = {n for h in regions[i] for n in land.neighbours(h) if n in todo}
        heapq.heappush(heap, (len(regions[i]), i))

    for i in range(first, len(regions)):
        start(i)
    while todo:
        while heap:
            size, i = heapq.heappop(heap)
            edge = edges[i] & todo
            edges[i] = edge
            if not edge or size >= LARGEST:
                continue  # full, or hemmed in: it never grows again
            seed = regions[i][0]
            pick = min(edge, key=lambda n: (n.distance(seed), n.row, n.col))
            owner[pick] = i
            regions[i].append(pick)
            todo.discard(pick)
            edge.update(n for n in land.neighbours(pick) if n in todo)
            heapq.heappush(heap, (size + 1, i))
        if todo:  # what is left lies beside full regions only: seed a new one there
            seed = min(todo, key=lambda h: (h.row, h.col))
            owner[seed] = len(regions)
            regions.append([seed])
            todo.discard(seed)
            start(len(regions) - 1)


def _mend_small(land: Land, owner: dict[Hex, int], regions: list[list[Hex]]) -> None:
    """Bring regions under the smallest size up to it: hexes from a neighbour that can
    spare them, else join the smallest neighbour they fit with."""
    for i, region in enumerate(regions):
        while region and len(region) < SMALLEST:
            if not _take_one(land, i, owner, regions) and not _join(land, i, owner, regions):
                break


def _take_one(land: Land, i: int, owner: dict[Hex, int], regions: list[list[Hex]]) -> bool:
    region = regions[i]
    edge = sorted(
        {n for h in region for n in land.neighbours(h) if n in owner and owner[n] != i},
        key=lambda n: (-len(regions[owner[n]]), n.row, n.col),
    )
    for n in edge:
        donor = regions[owner[n]]
        if len(donor) <= SMALLEST or not _whole_without(land, donor, n):
            continue
        donor.remove(n)
        owner[n] = i
        region.append(n)
        return True
    return False


def _join(land: Land, i: int, owner: dict[Hex, int], regions: list[list[Hex]]) -> bool:
    region = regions[i]
    beside = {owner[n] for h in region for n in land.neighbours(h) if n in owner} - {i}
    fits = [j for j in beside if len(regions[j]) + len(region) <= LARGEST]
    if not fits:
        return False
    j = min(fits, key=lambda j: (len(regions[j]), j))
    for h in region:
        owner[h] = j
    regions[j].extend(region)
    region.clear()
    return True


def _whole_without(land: Land, region: list[Hex], gone: Hex) -> bool:
    """Whether a region stays in one piece with one hex taken out of it."""
    rest = set(region) - {gone}
    if not rest:
        return False
    start = next(iter(rest))
    seen, todo = {start}, [start]
    while todo:
        x = todo.pop()
        for n in land.neighbours(x):
            if n in rest and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(rest)
