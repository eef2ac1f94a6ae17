"""Which units of a division take part in a contest, for its card and result form (R-EL-54).

The text keeps an enemy's list hidden "until a battle or a Scout's 5-6" reveals it; a duel,
a chase or a fair battle fields a few of a division's units, and their card and form list
those alone: the duel "between eachother" of the two generals, the chase the refuser's
unit(s) that run ("Refuser must choose one unit of at least 500 points") and none of the
attacker's until he takes them at the table, the fair battle the troops "picked out" of each
list for its points (R-EL-47). A battle of a meeting where both fought sets up "the two
armies exactly as they are shown on their army list": every unit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import evolve

from tuicamp.rules import api
from tuicamp.rules.ellegaard.setup import general
from tuicamp.rules.ellegaard.state import CHASE, DUEL, FAIR_BATTLE
from tuicamp.rules.ellegaard.tabletop import REFUSER, chase_pick, contest_of, fair_troops


def _duellist(rules: api.Rules, battle: api.Battle, army: api.Army) -> list[api.Unit]:
    """ "Both generals will be drawn into a bitter fight between eachother"."""
    leader = general(army)
    return [leader] if leader is not None else []


def _runners(rules: api.Rules, battle: api.Battle, army: api.Army) -> list[api.Unit]:
    """The refuser's chase units (its choice, else the card's proposal, R-EL-46); the
    attacker's "equal number of units of no more cost" are his pick at the table."""
    side = next((s.id for s in battle.sides if army.id in s.armies), "")
    return chase_pick(rules, battle, army) if side == REFUSER else []


def _fair_pick(rules: api.Rules, battle: api.Battle, army: api.Army) -> list[api.Unit]:
    """The troops of R-EL-47 for the fair battle's points, a unit fielded in part shown
    with the models and points it fields."""
    side = next((s.id for s in battle.sides if army.id in s.armies), "")
    points = next(
        (c.value for c in battle.circumstances if c.key == "fair_points" and c.side == side), 0
    )
    return [
        unit
        if models == unit.models
        else evolve(unit, models=models, points=unit.points * models // unit.models)
        for unit, models in fair_troops(army, int(points))
    ]


PICKS: dict[str, Callable[[api.Rules, api.Battle, api.Army], list[api.Unit]]] = {
    DUEL: _duellist,
    CHASE: _runners,
    FAIR_BATTLE: _fair_pick,
}


def battle_units(rules: api.Rules, battle: api.Battle, army: api.Army) -> Sequence[api.Unit]:
    """The units of ``army`` a contest fields; every unit for any other battle."""
    pick = PICKS.get(contest_of(battle))
    return pick(rules, battle, army) if pick is not None else army.units
