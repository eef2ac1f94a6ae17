"""Fair starting positions: where each player's capital stands and which land they start
with, chosen so that no player starts nearer a rival, or with less food or income, than
the others, and the figures that show it.

Many seeded draws of capitals are tried (every one, on a map with few territories); each
player's realm is its capital's territory and HOME_TERRITORIES - 1 neighbours, handed
out poorest player first; the draw whose figures differ least wins, ties going to
capitals farther apart. A territory's income is
its revenue (from its farmland and hills), its food the farmland (clear hexes) it holds.
"""

from __future__ import annotations

import itertools
import math
from random import Random

from attrs import frozen

from tuicamp.engine.errors import InputError
from tuicamp.game.mapgen.land import CLEAR, HILLS, Land
from tuicamp.model.hexes import Hex

DRAWS = 120  # draws of capitals tried
HOME_TERRITORIES = 2  # each player's realm at the start, its capital's territory included
# The most the figures may differ between players, as (most - least) / most: what the
# tests hold every generated map to, and what `tuicamp generate` reports against.
BOUNDS = {"distance": 0.5, "food": 0.5, "income": 0.5}


def revenue(land: Land, hexes: list[Hex]) -> int:
    """A territory's income a turn: one for every two hexes of farmland or hills, at least 1."""
    return max(1, sum(1 for h in hexes if land.ground[h] in (CLEAR, HILLS)) // 2)


def food(land: Land, hexes: list[Hex]) -> int:
    return sum(1 for h in hexes if land.ground[h] == CLEAR)


@frozen
class Start:
    """One player's start: the capital's territory and the realm's territories."""

    capital: int
    realm: tuple[int, ...]
    distance: int  # hexes to the nearest rival capital
    food: int
    income: int


@frozen
class Fairness:
    """Every player's start and how far apart their figures are."""

    starts: tuple[Start, ...]

    def spread(self, figure: str) -> float:
        values = [getattr(s, figure) for s in self.starts]
        most = max(values)
        return (most - min(values)) / most if most else 0.0

    @property
    def within_bounds(self) -> bool:
        return all(self.spread(f) <= b for f, b in BOUNDS.items())

    def report(self, names: list[str], who: str = "player") -> list[str]:
        """The figures as a table a Games Master reads: one row per start (``who``: a
        player, or a realm of several), then spreads; the first column fits the names."""
        width = max(16, *(len(n) for n in names)) if names else 16
        lines = [f"{who:<{width}} {'to rival':>8} {'food':>5} {'income':>6} territories"]
        for name, s in zip(names, self.starts, strict=False):
            lines.append(
                f"{name:<{width}} {s.distance:>8} {s.food:>5} {s.income:>6} {len(s.realm)}"
            )
        spreads = ", ".join(
            f"{f} {self.spread(f):.0%} (at most {b:.0%})" for f, b in BOUNDS.items()
        )
        lines.append(f"spread: {spreads}")
        if not self.within_bounds:
            lines.append("outside the bounds (a small map has few places to choose from):")
            lines.append("try another --seed, or a larger --size")
        return lines


def choose_starts(
    land: Land,
    territories: list[list[Hex]],
    sites: list[Hex],
    players: int,
    rng: Random,
    home: int = HOME_TERRITORIES,
) -> Fairness:
    """The fairest of DRAWS draws of capitals (``sites[i]`` is territory i's settlement)."""
    if len(territories) < players:
        raise InputError(
            f"the map has {len(territories)} territories, too few for {players} players: "
            "make it larger (--size) or give fewer --players"
        )
    beside = _neighbours(land, territories)
    incomes = [revenue(land, t) for t in territories]
    foods = [food(land, t) for t in territories]
    best: tuple[tuple[float, int], Fairness] | None = None
    order = list(range(len(territories)))
    if math.comb(len(order), players) <= DRAWS:  # few enough to try every one
        draws = [list(c) for c in itertools.combinations(order, players)]
    else:
        draws = [rng.sample(order, players) for _ in range(DRAWS)]
    for capitals in draws:
        fairness = _realms(capitals, beside, sites, incomes, foods, home)
        figures = [fairness.spread(f) / b for f, b in BOUNDS.items()]
        closest = min(s.distance for s in fairness.starts)
        score = (max(figures) + sum(figures) / 10, -closest)
        if best is None or score < best[0]:
            best = (score, fairness)
    assert best is not None
    return best[1]


def _neighbours(land: Land, territories: list[list[Hex]]) -> list[set[int]]:
    index = {h: i for i, t in enumerate(territories) for h in t}
    out: list[set[int]] = [set() for _ in territories]
    for i, t in enumerate(territories):
        for h in t:
            for n in land.neighbours(h):
                j = index.get(n)
                if j is not None and j != i:
                    out[i].add(j)
    return out


def _realms(
    capitals: list[int],
    beside: list[set[int]],
    sites: list[Hex],
    incomes: list[int],
    foods: list[int],
    home: int,
) -> Fairness:
    realms = [[c] for c in capitals]
    taken = set(capitals)
    for _ in range(home - 1):
        for p in sorted(range(len(realms)), key=lambda p: (sum(incomes[t] for t in realms[p]), p)):
            free = sorted(
                {n for t in realms[p] for n in beside[t]} - taken,
                key=lambda n: (-incomes[n] - foods[n], n),
            )
            if free:
                realms[p].append(free[0])
                taken.add(free[0])
    starts = []
    for p, c in enumerate(capitals):
        rivals = [sites[o].distance(sites[c]) for o in capitals if o != c]
        starts.append(
            Start(
                capital=c,
                realm=tuple(realms[p]),
                distance=min(rivals, default=0),
                food=sum(foods[t] for t in realms[p]),
                income=sum(incomes[t] for t in realms[p]),
            )
        )
    return Fairness(tuple(starts))
