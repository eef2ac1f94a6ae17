"""The auto-resolver: a battle settled by dice instead of on the tabletop (R-ALL-2).

It turns what the campaign knows — each side's points and unit mix, the terrain, fatigue,
defences and ambushes, all as the battle's circumstances — into the same fields a result
form takes: victory points per side and killed/fled models per unit. It rolls few dice
(2d6 per side for the fight, d6 per side for the losses), so it also works with dice
rolled at the table.

How it works, so players can trust it:

1. Each side's *strength* is its points, times ``1 + 0.35`` per defence level (prepared
   defences 1, palisade or walls 2, city or fortress walls 3), times ``0.9`` per fatigue
   point, times ``1 + 0.1`` per surprise level (an ambush that worked), times ``1 + 0.05``
   per Ld bonus (militia at home, a capital). War machines count 1.25x when defending
   walls, monsters 1.1x in the open.
2. The stronger side gets ``3 * log2(strength ratio)`` added to its 2d6; the other rolls
   plain 2d6. The higher score wins; equal scores are a draw. So a 2:1 army wins about
   four battles in five, and 4:1 nearly always.
3. The margin (difference of scores) sets the losses: the loser loses ``25% + 6%`` of its
   models per point of margin (at most 90%), the winner ``25% - 3%`` per point (at least
   5%), each scaled by ``0.85 + 0.05 * d6``. Losers' losses are 60% killed and 40% fled,
   winners' 80% killed and 20% fled, spread over the units in proportion to their models.
4. Victory points are the points value of the models each side took off the other, and
   the winner scores 100 more per point of margin (table quarters and objectives), so the
   side with more VP is always the winner; a draw gives both sides the same VP.
"""

from __future__ import annotations

import math

from attrs import define

from tuicamp.engine.dice import Dice
from tuicamp.model.battle import Battle, BattleResult, Circumstance, SideResult, UnitLoss
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Category, Unit

DEFENCE_STEP = 0.35
FATIGUE_FACTOR = 0.9
SURPRISE_STEP = 0.1
LD_STEP = 0.05
RATIO_WEIGHT = 3.0


@define
class SideStrength:
    side: str
    points: int
    strength: float
    units: list[tuple[str, Unit]]  # (army id, unit)


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
        strength *= 1 + DEFENCE_STEP * defence
        strength *= FATIGUE_FACTOR ** max(0, _sum(own, "fatigue"))
        strength *= 1 + SURPRISE_STEP * _sum(own, "surprise")
        strength *= 1 + LD_STEP * _sum(own, "ld_bonus")
        points = sum(u.points for _, u in units)
        out.append(SideStrength(side.id, points, max(strength, 1.0), units))
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


def auto_resolve(campaign: Campaign, battle: Battle, dice: Dice) -> BattleResult:
    """Settle a two-sided battle by the method in this module's docstring."""
    sides = side_strengths(campaign, battle)
    if len(sides) != 2:
        raise ValueError("the auto-resolver settles battles of exactly two sides")
    a, b = sides
    if not a.units or not b.units:  # a side with nobody left to fight loses outright
        return _walkover(a, b)
    bonus = RATIO_WEIGHT * math.log2(a.strength / b.strength)
    score_a = dice.roll("2d6", f"auto-resolve: {a.side}'s fight").total
    score_b = dice.roll("2d6", f"auto-resolve: {b.side}'s fight").total
    margin = score_a - score_b + bonus
    winner = a.side if margin >= 0.5 else b.side if margin <= -0.5 else None
    m = abs(margin) if winner else 0.0
    results = []
    for me, other in ((a, b), (b, a)):
        variation = 0.85 + 0.05 * dice.roll("d6", f"auto-resolve: {me.side}'s losses").total
        if winner is None:
            fraction, killed_share = 0.25, 0.7
        elif winner == me.side:
            fraction, killed_share = max(0.05, 0.25 - 0.03 * m), 0.8
        else:
            fraction, killed_share = min(0.9, 0.25 + 0.06 * m), 0.6
        losses = _spread(me.units, min(0.95, fraction * variation), killed_share)
        results.append((me, other, losses))
    side_results = []
    for me, other, _ in results:
        other_losses = next(losses for s, _, losses in results if s is other)
        side_results.append(SideResult(me.side, vp=_points_lost(other.units, other_losses)))
    for sr, (_, _, losses) in zip(side_results, results, strict=True):
        sr.losses = losses
    _settle_vp(side_results, winner, m)
    return BattleResult(side_results, winner=winner, auto=True)


def _walkover(a: SideStrength, b: SideStrength) -> BattleResult:
    """No dice when one side has no troops: the other holds the field unhurt."""
    winner = a if a.units else b if b.units else None
    results = [
        SideResult(
            s.side, vp=100 if s is winner else 0, losses=[UnitLoss(aid, u.id) for aid, u in s.units]
        )
        for s in (a, b)
    ]
    return BattleResult(results, winner=winner.side if winner else None, auto=True)


def _settle_vp(results: list[SideResult], winner: str | None, margin: float) -> None:
    """Make the VP agree with the outcome, as a result form's winner is the side with more VP."""
    if winner is None:
        even = round(sum(r.vp for r in results) / len(results))
        for r in results:
            r.vp = even
        return
    won = next(r for r in results if r.side == winner)
    lost = next(r for r in results if r.side != winner)
    won.vp += 100 * max(1, round(margin))
    if won.vp <= lost.vp:
        won.vp = lost.vp + 100
