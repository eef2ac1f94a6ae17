"""Fair starting positions: where each player's capital stands and which land they start
with, chosen so that no player starts nearer a rival, or with less food or income, than
the others, and the figures that show it.

How much land a player starts with is R-ALL-15 (docs/rulings.md): the players together
hold about half the territories, shared evenly (``home_territories``), the rest lies
neutral between them. The capitals are found in three steps, each cheap enough for a
200 x 200 map:

1. draws: many seeded draws of capitals (every one, on a map with few territories);
   each realm grows from its capital a territory at a time, the poorest realm first
   taking the free neighbour that leaves the realms' figures closest;
2. climb: from the fairest draw, a capital moves to a neighbouring territory while
   that makes the figures closer (a few rounds);
3. polish: a realm's territory is swapped for another on its edge while that makes
   food and income closer, the realm staying in one piece.

A territory's income is its revenue (from its farmland and hills), its food the farmland
(clear hexes) it holds. The spreads are scored as (most - least) / most, the worst of
the three first.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from random import Random

from attrs import frozen

from tuicamp.engine.errors import InputError
from tuicamp.game.mapgen.land import CLEAR, HILLS, Land
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.hexes import Hex
from tuicamp.model.reprs import fields_repr

DRAWS = 120  # draws of capitals tried
CLIMBS = 12  # rounds of moving one capital to a neighbouring territory
FINALISTS = 6  # the fairest draws climbed and polished, the best of them kept
POLISH = 24  # swaps of one realm territory for another at most
# R-ALL-15: the players hold half the territories between them, each at least two
# (a capital and a neighbour) and at most twelve (the realms stay a campaign's size on a
# large map, and the wilds between them grow instead).
HELD_SHARE = 0.5
FEWEST_HOME, MOST_HOME = 2, 12
# The most the figures may differ between players, as (most - least) / most: what the
# tests hold every generated map of at least FAIR_TERRITORIES territories a player to,
# and what `tuicamp generate` reports against.
BOUNDS = {"distance": 0.2, "food": 0.2, "income": 0.2}
FAIR_TERRITORIES = 8  # territories a player on the map, for the bounds to hold


def home_territories(territories: int, players: int) -> int:
    """Each player's realm at the start, its capital's territory included (R-ALL-15)."""
    share = int(territories * HELD_SHARE) // max(players, 1)
    return max(FEWEST_HOME, min(MOST_HOME, share))


def revenue(land: Land, hexes: list[Hex]) -> int:
    """A territory's income a turn: one for every two hexes of farmland or hills, at least 1."""
    return max(1, sum(1 for h in hexes if land.ground[h] in (CLEAR, HILLS)) // 2)


def food(land: Land, hexes: list[Hex]) -> int:
    return sum(1 for h in hexes if land.ground[h] == CLEAR)


def spread(values: Sequence[float]) -> float:
    """(most - least) / most: 0 when all are equal (or all nothing)."""
    most = max(values, default=0)
    return (most - min(values)) / most if most else 0.0


def unfairness(figures: Sequence[float]) -> float:
    """Spreads already divided by their bounds, as one score: the worst first, a tenth of
    their sum breaking ties."""
    return max(figures) + sum(figures) / 10


@frozen
class Start:
    """One player's start: the capital's territory and the realm's territories."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    capital: int
    realm: tuple[int, ...]
    distance: int  # hexes to the nearest rival capital
    food: int
    income: int


@frozen
class Fairness:
    """Every player's start and how far apart their figures are."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    starts: tuple[Start, ...]

    def spread(self, figure: str) -> float:
        return spread([getattr(s, figure) for s in self.starts])

    @property
    def within_bounds(self) -> bool:
        return all(self.spread(f) <= b for f, b in BOUNDS.items())

    def score(self) -> tuple[float, int]:
        """How unfair the starts are, least first (:func:`unfairness` of the three
        figures), then capitals farther apart."""
        figures = [self.spread(f) / b for f, b in BOUNDS.items()]
        closest = min((s.distance for s in self.starts), default=0)
        return (unfairness(figures), -closest)

    def report(self, names: list[str], who: str = "player") -> list[str]:
        """The figures as a table a Games Master reads: one row per start (``who``: a
        player, or a realm of several), then spreads; the first column fits the names."""
        width = max(16, *(len(n) for n in names)) if names else 16
        lines = [f"{who:<{width}} {'to rival':>8} {'food':>5} {'income':>6} territories"]
        for name, s in zip(names, self.starts, strict=False):
            lines.append(
                f"{name:<{width}} {s.distance:>8} {s.food:>5} {s.income:>6} {len(s.realm)}"
            )
        if len(self.starts) < 2:
            lines.append("spread: one start, nothing to compare")
            return lines
        spreads = ", ".join(
            f"{f} {self.spread(f):.0%} (at most {b:.0%})" for f, b in BOUNDS.items()
        )
        lines.append(f"spread: {spreads}")
        if not self.within_bounds:
            lines.append("outside the bounds (a small map has few places to choose from):")
            lines.append("try another --seed, or a larger --size")
        return lines


@frozen
class _Map:
    """What the search asks of the map, worked out once: each territory's neighbours,
    income and food, and its settlement's hex."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    beside: list[frozenset[int]]
    incomes: list[int]
    foods: list[int]
    sites: list[Hex]
    home: int

    def wealth(self, realm: Sequence[int]) -> tuple[int, int]:
        return sum(self.foods[t] for t in realm), sum(self.incomes[t] for t in realm)

    def score(self, fairness: Fairness) -> tuple[int, float, int]:
        """A realm hemmed in short of its home land first, then the figures' score."""
        short = sum(self.home - len(s.realm) for s in fairness.starts)
        return (short, *fairness.score())


def choose_starts(
    land: Land,
    territories: list[list[Hex]],
    sites: list[Hex],
    players: int,
    rng: Random,
    home: int | None = None,
) -> Fairness:
    """The fairest starts found (``sites[i]`` is territory i's settlement); ``home`` is
    each realm's territories (None: R-ALL-15's share of this map)."""
    if len(territories) < players:
        raise InputError(
            f"the map has {len(territories)} territories, too few for {players} players: "
            "make it larger (--size) or give fewer --players"
        )
    m = _Map(
        _neighbours(land, territories),
        [revenue(land, t) for t in territories],
        [food(land, t) for t in territories],
        sites,
        home if home is not None else home_territories(len(territories), players),
    )
    order = list(range(len(territories)))
    if math.comb(len(order), players) <= DRAWS:  # few enough to try every one
        draws = [list(c) for c in itertools.combinations(order, players)]
    else:
        draws = [rng.sample(order, players) for _ in range(DRAWS)]
    ranked = sorted((_starts(c, m) for c in draws), key=m.score)
    return min((_polish(_climb(f, m), m) for f in ranked[:FINALISTS]), key=m.score)


def _climb(best: Fairness, m: _Map) -> Fairness:
    """Move one capital at a time to a neighbouring territory while the starts get fairer."""
    for _ in range(CLIMBS):
        capitals = [s.capital for s in best.starts]
        tries = [
            _starts([*capitals[:p], n, *capitals[p + 1 :]], m)
            for p, c in enumerate(capitals)
            for n in sorted(m.beside[c] - set(capitals))
        ]
        better = min(tries, key=m.score, default=best)
        if m.score(better) >= m.score(best):
            return best
        best = better
    return best


def _polish(best: Fairness, m: _Map) -> Fairness:
    """Swap one realm territory (never the capital) for a free one on the realm's edge
    while food and income get closer, each realm staying in one piece."""
    realms = [list(s.realm) for s in best.starts]
    capitals = [s.capital for s in best.starts]
    for _ in range(POLISH):
        taken = {t for r in realms for t in r}
        wealth = [m.wealth(r) for r in realms]
        current = _wealth_score(wealth)
        found: tuple[float, int, int, int] | None = None
        for p, realm in enumerate(realms):
            for out in realm[1:]:
                rest = [t for t in realm if t != out]
                edge = {n for t in rest for n in m.beside[t]} - taken
                # a swap changes one realm's wealth by two territories: no realm summed again
                kept_food = wealth[p][0] - m.foods[out]
                kept_income = wealth[p][1] - m.incomes[out]
                for into in sorted(edge):
                    swapped = (kept_food + m.foods[into], kept_income + m.incomes[into])
                    score = _wealth_score([*wealth[:p], swapped, *wealth[p + 1 :]])
                    better = score < current and (found is None or score < found[0])
                    if better and _whole([*rest, into], m):
                        found = (score, p, out, into)
        if found is None:
            break
        _, p, out, into = found
        realms[p] = [t for t in realms[p] if t != out] + [into]
    return _fairness(capitals, realms, m)


def _wealth_score(wealth: list[tuple[int, int]]) -> float:
    """How far apart the realms' (food, income) are: :func:`unfairness` of the two."""
    foods = spread([w[0] for w in wealth]) / BOUNDS["food"]
    incomes = spread([w[1] for w in wealth]) / BOUNDS["income"]
    return unfairness([foods, incomes])


def _whole(realm: list[int], m: _Map) -> bool:
    """Whether a realm's territories are in one piece."""
    left = set(realm)
    todo = [realm[0]]
    left.discard(realm[0])
    while todo:
        for n in m.beside[todo.pop()]:
            if n in left:
                left.discard(n)
                todo.append(n)
    return not left


def _neighbours(land: Land, territories: list[list[Hex]]) -> list[frozenset[int]]:
    index = {h: i for i, t in enumerate(territories) for h in t}
    out: list[set[int]] = [set() for _ in territories]
    for i, t in enumerate(territories):
        for h in t:
            for n in land.neighbours(h):
                j = index.get(n)
                if j is not None and j != i:
                    out[i].add(j)
    return [frozenset(s) for s in out]


def _starts(capitals: list[int], m: _Map) -> Fairness:
    """Realms grown from ``capitals``: a territory a round, the poorest realm (by food
    and income against the average territory's) first, each taking the free neighbour
    that brings it nearest the others' wealth (the richest, for the poorest)."""
    realms = [[c] for c in capitals]
    taken = set(capitals)
    mean_food = max(1.0, sum(m.foods) / len(m.foods))
    mean_income = max(1.0, sum(m.incomes) / len(m.incomes))
    # Kept as the realms grow, not summed again each round: each realm's (food, income)
    # and the territories beside it (the search's inner loop, run for every draw).
    wealth = [[m.foods[c], m.incomes[c]] for c in capitals]
    beside = [set(m.beside[c]) for c in capitals]

    def worth(p: int) -> float:
        return wealth[p][0] / mean_food + wealth[p][1] / mean_income

    for _ in range(m.home - 1):
        for p in sorted(range(len(realms)), key=lambda p: (worth(p), p)):
            free = beside[p] - taken
            if free:
                pick = max(
                    free, key=lambda n: (m.foods[n] / mean_food + m.incomes[n] / mean_income, -n)
                )
                realms[p].append(pick)
                taken.add(pick)
                wealth[p][0] += m.foods[pick]
                wealth[p][1] += m.incomes[pick]
                beside[p] |= m.beside[pick]
    return _fairness(capitals, realms, m)


def _fairness(capitals: list[int], realms: list[list[int]], m: _Map) -> Fairness:
    starts = []
    for c, realm in zip(capitals, realms, strict=True):
        rivals = [m.sites[o].distance(m.sites[c]) for o in capitals if o != c]
        f, i = m.wealth(realm)
        starts.append(Start(c, tuple(realm), min(rivals, default=0), f, i))
    return Fairness(tuple(starts))
