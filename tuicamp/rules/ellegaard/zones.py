"""Attention zones (R-EL-2, R-EL-8): which enemy divisions a division's zone may meet, and
where a march, a flight or a pursuit along some hexes halts. Apart from ``meetings`` so
that a flight (``flight``) halts where a march would without opening meetings itself.
"""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.ellegaard.state import ATTACK, division, estate


def pair_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def reach(rules: api.Rules, a: api.Army, b: api.Army) -> int:
    """How near two enemy divisions come before they meet: two zones' radius each (R-EL-2),
    or the 5 hexes within which a division under Attack challenges (R-EL-17)."""
    zones = 2 * int(rules.option("zone_radius"))
    attack = int(rules.table("attack").get("range", 5))
    attacking = any(division(rules, x.id).command == ATTACK for x in (a, b))
    return max(zones, attack) if attacking else zones


def in_touch(rules: api.Rules, a: api.Army, b: api.Army, at: api.Hex | None = None) -> bool:
    here = at or a.hex
    if here is None or b.hex is None or not api.teams.hostile(rules.campaign, a.owner, b.owner):
        return False
    return here.distance(b.hex) <= reach(rules, a, b)


def enemies(rules: api.Rules, army: api.Army) -> list[api.Army]:
    """The enemy divisions whose zones this one's may meet: none underground, where a
    division "has no zone and cannot be met" (R-EL-27)."""
    camp = rules.campaign
    if division(rules, army.id).underground:
        return []
    return [
        b
        for b in camp.armies
        if b.hex is not None
        and api.teams.hostile(camp, army.owner, b.owner)
        and not division(rules, b.id).underground
    ]


def halt_index(rules: api.Rules, army: api.Army, hexes: list[api.Hex], besides: str = "") -> int:
    """Where a march along ``hexes`` (its own hex first) halts: the first hex from which
    its zone touches an enemy's it was not in touch with (R-EL-8); the last otherwise.
    ``besides`` is a division that halts nothing: a pursuer's quarry (R-EL-50)."""
    contacts = set(estate(rules).contacts)
    fresh = [
        b
        for b in enemies(rules, army)
        if pair_key(army.id, b.id) not in contacts and b.id != besides
    ]
    for i, h in enumerate(hexes[1:], start=1):
        if any(in_touch(rules, army, b, at=h) for b in fresh):
            return i
    return len(hexes) - 1
