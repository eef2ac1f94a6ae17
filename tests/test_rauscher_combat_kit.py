"""Helpers for the Rauscher combat and siege tests (no tests of its own).

Campaigns are the shared small campaign under the Rauscher ruleset; dice are either the
campaign's seeded dice or values typed in as at the table (table-dice mode), so a test can
put any row of a table under the die.
"""

from __future__ import annotations

from conftest import H, small_campaign

from tuicamp.engine.context import Context
from tuicamp.engine.dice import Dice
from tuicamp.engine.engine import Engine
from tuicamp.engine.registry import get_ruleset
from tuicamp.model.battle import Battle, BattleResult, BattleSide, SideResult
from tuicamp.model.campaign import Campaign, DiceMode
from tuicamp.model.forces import Army, Category, Unit
from tuicamp.rules.rauscher.combat import after as combat_after
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.combat_state import BattleInfo, Returning

RULESET = get_ruleset("rauscher")
TABLES = RULESET.default_tables


def campaign(**options) -> Campaign:
    return small_campaign("rauscher", **options)


def advance(engine: Engine, phase: str) -> None:
    """End phases for everybody until ``phase`` begins."""
    camp = engine.campaign
    for _ in range(20):
        if camp.phase == phase:
            return
        for p in list(engine.ruleset.active_players(camp)):
            if camp.phase == phase:
                return
            engine.perform("gm", EndPhase(player=p))
    raise AssertionError(f"never reached {phase}")


def meet(camp: Campaign, mover: str = "a1", at=None) -> None:
    """Put ``mover`` on the other side's army (as if it marched there this turn)."""
    target = at or camp.army("a2").hex
    camp.army(mover).hex = target
    camp.state.army(mover).moved = True


def battle_engine(**options) -> Engine:
    """Anna's Reikland Host has marched onto Bruno's Waaagh: the Combat phase begins."""
    camp = campaign(**options)
    engine = Engine(camp)
    advance(engine, "movement")
    meet(camp)
    engine.changed()
    advance(engine, "combat")
    return engine


def table_ctx(camp: Campaign, values: list[int], seat: str = "gm") -> Context:
    """A context whose dice are the given values, in order (table-dice mode)."""
    camp.dice.mode = DiceMode.TABLE
    return Context(
        campaign=camp,
        seat=camp.seat(seat),
        dice=Dice(camp.dice, supplied=list(values)),
        ruleset=RULESET,
        next_seq=1,
        action_no=1,
    )


def unit(
    uid: str, name: str, points: int, models: int = 1, category=Category.RANK_AND_FILE, flags=()
) -> Unit:
    return Unit(uid, name, points, category, 4, 7, models, set(flags))


def add_army(camp: Campaign, aid: str, owner: str, hex, units: list[Unit]) -> Army:
    army = Army(aid, aid, owner, hex, units)
    camp.armies.append(army)
    return army


def two_sided(attacker_vp: int, defender_vp: int, *, winner=None, a_facts=None, d_facts=None):
    """A bare battle record and result for the Campaign VP functions."""
    battle = Battle(
        "b1",
        1,
        H(0, 0),
        "clear",
        [
            BattleSide("attacker", "Attacker", ["p1"], ["a1"]),
            BattleSide("defender", "Defender", ["p2"], ["a2"]),
        ],
    )
    if winner is None:
        winner = (
            "attacker"
            if attacker_vp > defender_vp
            else "defender"
            if defender_vp > attacker_vp
            else None
        )
    result = BattleResult(
        [
            SideResult("attacker", attacker_vp, dict(a_facts or {})),
            SideResult("defender", defender_vp, dict(d_facts or {})),
        ],
        winner=winner,
    )
    battle.result = result
    return battle, result


def info(defence: int = 0, settlement: str | None = None, kind: str = "field") -> BattleInfo:
    return BattleInfo("b1", "p1", "p2", kind=kind, settlement=settlement, defence=defence)


def models_of(camp: Campaign, unit_id: str) -> int:
    return sum(u.models for a in camp.armies for u in a.units if u.id == unit_id)


def returning(camp: Campaign) -> list[Returning]:
    """The models still off the table: the flow's scheduled returns (combat.after)."""
    return [record for _, record in combat_after.scheduled_returns(camp)]
