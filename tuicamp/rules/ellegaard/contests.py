"""What follows the Generals Discussing rows fought at the table (R-EL-41): the duel (row
1) and the "Let's see" chase (row 2). The fair battle (row 4) is a battle, and follows as
every battle does (the frame's ``apply_battle_result``).

Row 1: "If the refusing general wins the combat he may leave without fighting a battle.
If the attacker wins, the refusing general's army will flee. The attacker may pursue as
normal. Generals who are killed are removed from the roster, and another character must
take his job."
Row 2: "If the refuser disappears off the opposing side of the table without being caught
the army can leave. Otherwise the unit is slaughtered and must be crossed off the army
list."
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.ellegaard import meetings, roster
from tuicamp.rules.ellegaard.state import CHASE, DUEL, Meeting, estate
from tuicamp.rules.ellegaard.tabletop import (
    ATTACKER,
    REFUSER,
    caught,
    chase_facts,
    chase_problem,
    contest_of,
)


@define(kw_only=True)
class ChaseUnits(api.Action):
    kind = "chase_units"
    summary = (
        "The refuser chooses its unit(s) for the chase of Generals Discussing row 2 "
        "(battle = the chase's id, units = unit ids; R-EL-46)"
    )
    battle: str
    units: list[str] = field(factory=list)


def meeting_of(rules: api.Rules, battle: api.Battle) -> Meeting | None:
    return next((m for m in estate(rules).meetings if m.battle == battle.id), None)


def choose_chase_units(ctx: api.Context, action: ChaseUnits) -> None:
    """ "Refuser must choose one unit of at least 500 points" (R-EL-46): the refuser's own
    choice replaces the card's proposal while the chase is still to be played."""
    camp = ctx.campaign
    battle = camp.battle(action.battle)
    ctx.require(
        battle is not None and contest_of(battle) == CHASE,
        f"{action.battle!r} is no chase: `tuicamp battles` lists them (Let's see..., row 2)",
    )
    assert battle is not None
    ctx.require(battle.pending, f"The chase {battle.id} has been played already")
    side = battle.side(REFUSER)
    refuser = camp.army(side.armies[0]) if side is not None and side.armies else None
    ctx.require(refuser is not None, f"The refuser of the chase {battle.id} is gone")
    assert refuser is not None
    ctx.require(
        ctx.seat.controls(refuser.owner),
        f"Only the refuser's player chooses the chase units of {battle.id} (R-EL-46)",
    )
    picked: list[api.Unit] = []
    for unit_id in action.units:
        unit = refuser.unit(unit_id)
        ctx.require(unit is not None, f"'{refuser.name}' has no unit {unit_id!r}")
        assert unit is not None
        picked.append(unit)
    problem = chase_problem(ctx, refuser, picked)
    ctx.require(not problem, problem)
    meeting = meeting_of(ctx, battle)
    if meeting is not None:
        meeting.chase_pick = [u.id for u in picked]
    kept = [c for c in battle.circumstances if c.key not in ("chased", "chasers")]
    battle.circumstances = kept + chase_facts(picked)
    names = ", ".join(u.name for u in picked)
    ctx.emit(
        "chase_units",
        f"'{refuser.name}' chooses {names} for the chase {battle.id} (R-EL-46)",
        battle=battle.id,
    )


def apply_contest(ctx: api.Context, battle: api.Battle) -> bool:
    """Draw what a duel or a chase leads to; False for any other battle."""
    contest = contest_of(battle)
    result = battle.result
    if contest not in (DUEL, CHASE) or result is None:
        return False
    camp = ctx.campaign
    armies = {s.id: camp.army(s.armies[0]) if s.armies else None for s in battle.sides}
    attacker, refuser = armies.get(ATTACKER), armies.get(REFUSER)
    won = result.winners[0] if result.winners else REFUSER
    if contest == DUEL:
        for side in result.sides:
            army = armies.get(side.side)
            if army is not None and side.facts.get("general_slain"):
                roster.replace_general(ctx, army, "is killed in the duel")
    else:
        for unit_id in caught(battle, result):
            unit = refuser.unit(unit_id) if refuser is not None else None
            if refuser is None or unit is None:
                continue
            refuser.units.remove(unit)
            ctx.emit(
                "crossed_off",
                f"{unit.name} is caught in the chase and crossed off the list of "
                f"'{refuser.name}' (Let's see...)",
                undoable=False,
                division=refuser.id,
            )
    meeting = meeting_of(ctx, battle)
    label = meeting.id if meeting is not None else battle.id
    if meeting is not None:
        meeting.contest, meeting.outcome, meeting.done = "", "settled", True
    if attacker is None or refuser is None:
        return True
    name = contest.replace("_", " ")
    if won == REFUSER:
        text = f"'{refuser.name}' wins the {name} and may leave without a battle"
    elif contest == DUEL:
        text = f"'{attacker.name}' wins the duel: '{refuser.name}' must flee"
    else:
        text = f"'{attacker.name}' catches the refuser's unit(s) in the chase"
    ctx.emit("contest", f"Meeting {label}: {text}", undoable=False, battle=battle.id)
    for army in (refuser, attacker):
        roster.gone_if_empty(ctx, army)
    if contest == DUEL and won == ATTACKER and camp.army(refuser.id) is not None:
        meetings.flee(ctx, refuser, attacker, "its general lost the duel")
    return True


HANDLERS = {ChaseUnits: choose_chase_units}
ACTIONS = (ChaseUnits,)
