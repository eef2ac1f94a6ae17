"""The auto-resolver: a battle settled by dice instead of on the tabletop (R-ALL-2).

It turns what the campaign knows — each side's points and unit mix, the terrain, fatigue,
defences and ambushes, all as the battle's circumstances — into the same fields a result
form takes: victory points per side, killed/fled models per unit, and the points a side
without army counters lost. It settles any number of sides, and rolls few dice (2d6 per
side for the fight, d6 per side for the losses), so it also works with dice rolled at the
table.

How it works, so players can trust it:

1. Each side's *strength* is its points (its units' and any points it fields without army
   counters), times ``1 + 0.35`` per defence level (prepared defences 1, palisade or walls
   2, city or fortress walls 3), times ``0.9`` per fatigue point, times ``1 + 0.1`` per
   surprise level (an ambush that worked), times ``1 + 0.05`` per Ld bonus (militia at
   home, a capital). War machines count 1.25x when defending walls, monsters 1.1x in the
   open. A side with nothing left to fight stays out of the fight and comes last.
2. Every side rolls 2d6; a side's *score* is its roll plus ``3 * log2(its strength / the
   weakest side's strength)``, so between two sides the stronger adds ``3 * log2(strength
   ratio)`` and the other rolls plain 2d6: a 2:1 army wins about four battles in five, and
   4:1 nearly always. A side beats another when its score is at least half a point higher.
3. The *ranking*: a side's rank is 1 plus the number of sides that beat it (sides that no
   one tells apart share a rank). The one side of rank 1 wins; when several share rank 1
   the battle is a draw between them.
4. The *margin* sets the losses: the winner's is its lead over the runner-up, a beaten
   side's how far the best side beat it. A beaten side loses ``25% + 6%`` of its models per
   point of margin (at most 90%), the winner ``25% - 3%`` per point (at least 5%), the
   sides of a draw 25%; each scaled by ``0.85 + 0.05 * d6``. Beaten sides' losses are 60%
   killed and 40% fled, the winner's 80% and 20%, a draw's 70% and 30%, spread over the
   units in proportion to their models; points without counters lose the same share.
5. Victory points are the points value of what the enemies lost, each side's losses
   credited to its enemies in proportion to their strength (between two sides: all of it
   to the other). The winner scores 100 more per point of margin (table quarters and
   objectives) and always more than anyone else, so the side with the most VP is the
   winner; the sides of a draw share the same VP, more than the sides they beat.

With two sides this is the method of every earlier release, roll for roll, so a save
settles the same way with the same seed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from enum import Enum

from attrs import define

from tuicamp.engine.dice import Dice
from tuicamp.model.battle import Battle, BattleResult, Circumstance, SideResult, UnitLoss
from tuicamp.model.campaign import Campaign
from tuicamp.model.equality import fields_eq
from tuicamp.model.forces import Category, Unit
from tuicamp.model.reprs import fields_repr

DEFENCE_STEP = 0.35
FATIGUE_FACTOR = 0.9
SURPRISE_STEP = 0.1
LD_STEP = 0.05
RATIO_WEIGHT = 3.0


@define
class SideStrength:
    __repr__ = fields_repr
    __eq__ = fields_eq

    side: str
    points: int  # its units' points and the points it fields without army counters
    strength: float
    units: list[tuple[str, Unit]]  # (army id, unit)
    extra_points: int = 0  # fielded without army counters

    @property
    def fights(self) -> bool:
        """Whether anything of the side is left to fight."""
        return bool(self.units) or self.extra_points > 0


def _sum(circumstances: list[Circumstance], key: str) -> int:
    return sum(c.value for c in circumstances if c.key == key)


def side_strengths(campaign: Campaign, battle: Battle) -> list[SideStrength]:
    out = []
    for side in battle.sides:
        units = [
            (a.id, u)
            for aid in side.armies
            if (a := campaign.army(aid)) is not None
            for u in a.units
            if u.models > 0
        ]
        own = battle.circumstances_for(side.id)
        defence = _sum(own, "defence")
        strength = 0.0
        for _, u in units:
            weight = 1.0
            if u.category is Category.WAR_MACHINE and defence >= 2:
                weight = 1.25
            elif u.category is Category.MONSTER and defence == 0:
                weight = 1.1
            strength += u.points * weight
        extra = max(0, side.points)
        strength += extra
        strength *= 1 + DEFENCE_STEP * defence
        strength *= FATIGUE_FACTOR ** max(0, _sum(own, "fatigue"))
        strength *= 1 + SURPRISE_STEP * _sum(own, "surprise")
        strength *= 1 + LD_STEP * _sum(own, "ld_bonus")
        points = sum(u.points for _, u in units) + extra
        out.append(SideStrength(side.id, points, max(strength, 1.0), units, extra))
    return out


def _spread(units: list[tuple[str, Unit]], fraction: float, killed_share: float) -> list[UnitLoss]:
    """Losses per unit, in proportion to its models, rounded so the totals add up."""
    total = sum(u.models for _, u in units)
    target = min(total, round(total * fraction))
    if not units or target == 0:
        return [UnitLoss(aid, u.id) for aid, u in units]
    exact = [u.models * target / total for _, u in units]
    counts = [math.floor(x) for x in exact]
    order = sorted(range(len(units)), key=lambda i: (-(exact[i] - counts[i]), i))
    for i in order[: target - sum(counts)]:
        counts[i] += 1
    losses = []
    for (aid, u), lost in zip(units, counts, strict=True):
        lost = min(lost, u.models)
        killed = round(lost * killed_share)
        losses.append(UnitLoss(aid, u.id, killed=killed, fled=lost - killed))
    return losses


def _points_lost(units: list[tuple[str, Unit]], losses: list[UnitLoss]) -> int:
    by_unit = {(loss.army, loss.unit): loss for loss in losses}
    total = 0
    for aid, u in units:
        loss = by_unit.get((aid, u.id))
        if loss and u.models:
            total += round(u.points * (loss.killed + loss.fled) / u.models)
    return total


class Role(Enum):
    """How a side came out of the fight, which sets the shape of its losses."""

    WINNER = "winner"
    DRAW = "draw"
    BEATEN = "beaten"


# role -> (share of the models lost at margin m, share of those lost that are killed)
LOSS_RULES: dict[Role, tuple[Callable[[float], float], float]] = {
    Role.WINNER: (lambda m: max(0.05, 0.25 - 0.03 * m), 0.8),
    Role.DRAW: (lambda m: 0.25, 0.7),
    Role.BEATEN: (lambda m: min(0.9, 0.25 + 0.06 * m), 0.6),
}


@define
class Fight:
    """The fighting sides' rolls, and what follows from them: margins, ranks, roles."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    sides: list[SideStrength]
    rolls: list[int]

    def margin(self, i: int, j: int) -> float:
        """How far side ``i``'s score is above side ``j``'s (negative: below).

        Worked out in battle order and negated for the other way round, so a pair of
        sides gets the very number the two-sided method of earlier releases did.
        """
        if i > j:
            return -self.margin(j, i)
        ratio = self.sides[i].strength / self.sides[j].strength
        return self.rolls[i] - self.rolls[j] + RATIO_WEIGHT * math.log2(ratio)

    def beats(self, i: int, j: int) -> bool:
        return i != j and self.margin(i, j) >= 0.5

    def ranks(self) -> list[int]:
        n = len(self.sides)
        return [1 + sum(self.beats(j, i) for j in range(n)) for i in range(n)]

    def role(self, i: int, ranks: list[int]) -> tuple[Role, float]:
        """(role, margin) of side ``i``: the winner's lead over the runner-up, or how far
        the best side beat a beaten one; a draw has no margin."""
        others = [j for j in range(len(self.sides)) if j != i]
        if ranks[i] == 1 and ranks.count(1) == 1:
            return Role.WINNER, min(self.margin(i, j) for j in others)
        if ranks[i] == 1:
            return Role.DRAW, 0.0
        return Role.BEATEN, max(self.margin(j, i) for j in others)


def auto_resolve(campaign: Campaign, battle: Battle, dice: Dice) -> BattleResult:
    """Settle a battle of any number of sides by the method in this module's docstring."""
    sides = side_strengths(campaign, battle)
    fighting = [s for s in sides if s.fights]
    if len(fighting) < 2:  # nobody left to fight against: no dice
        return _walkover(sides)
    fight = Fight(
        fighting, [dice.roll("2d6", f"auto-resolve: {s.side}'s fight").total for s in fighting]
    )
    ranks = fight.ranks()
    results: dict[str, SideResult] = {}
    lost: list[int] = []
    winner: str | None = None
    winner_margin = 0.0
    for i, me in enumerate(fighting):
        role, m = fight.role(i, ranks)
        if role is Role.WINNER:
            winner, winner_margin = me.side, m
        share_at, killed_share = LOSS_RULES[role]
        variation = 0.85 + 0.05 * dice.roll("d6", f"auto-resolve: {me.side}'s losses").total
        share = min(0.95, share_at(m) * variation)
        losses = _spread(me.units, share, killed_share)
        points_lost = min(me.extra_points, round(me.extra_points * share))
        results[me.side] = SideResult(
            me.side, losses=losses, points_lost=points_lost, rank=ranks[i]
        )
        lost.append(_points_lost(me.units, losses) + points_lost)
    for i, me in enumerate(fighting):
        results[me.side].vp = round(_credit(fighting, lost, i))
    out = [results.get(s.side) or _out_of_the_fight(s, len(fighting)) for s in sides]
    leaders = [r for r in out if r.rank == 1]
    _settle_vp(out, leaders, winner, winner_margin)
    return BattleResult(out, winner=winner, auto=True)


def _credit(fighting: list[SideStrength], lost: list[int], i: int) -> float:
    """The VP side ``i`` scores: every enemy's losses, shared among the sides that fought
    that enemy in proportion to their strength."""
    total = 0.0
    for j, enemy_lost in enumerate(lost):
        if j == i:
            continue
        against = sum(s.strength for k, s in enumerate(fighting) if k != j)
        total += enemy_lost * (fighting[i].strength / against)
    return total


def _out_of_the_fight(side: SideStrength, fought: int) -> SideResult:
    """A side with nothing left to fight, beside sides that do: last, unhurt, no VP."""
    return SideResult(side.side, losses=[UnitLoss(a, u.id) for a, u in side.units], rank=fought + 1)


def _walkover(sides: list[SideStrength]) -> BattleResult:
    """No dice when at most one side has troops: it holds the field unhurt."""
    winner = next((s for s in sides if s.fights), None)
    results = [
        SideResult(
            s.side,
            vp=100 if s is winner else 0,
            losses=[UnitLoss(aid, u.id) for aid, u in s.units],
            rank=1 if winner is None or s is winner else 2,
        )
        for s in sides
    ]
    return BattleResult(results, winner=winner.side if winner else None, auto=True)


def _settle_vp(
    results: list[SideResult], leaders: list[SideResult], winner: str | None, margin: float
) -> None:
    """Make the VP agree with the outcome, as a result form's winner is the side with the
    most VP: the winner above everyone, the sides of a draw level and above the rest."""
    others = [r for r in results if r not in leaders]
    best_other = max((r.vp for r in others), default=None)
    if winner is None:
        even = round(sum(r.vp for r in leaders) / len(leaders))
        if best_other is not None and even <= best_other:
            even = best_other + 100
        for r in leaders:
            r.vp = even
        return
    won = next(r for r in results if r.side == winner)
    won.vp += 100 * max(1, round(margin))
    if best_other is not None and won.vp <= best_other:
        won.vp = best_other + 100
