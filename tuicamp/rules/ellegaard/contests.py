"""The Generals Discussing rows fought at the table: the duel (row 1), the "Let's see"
chase (row 2) and the fair battle (row 4). The players play them out and enter who won;
tuicamp draws what the text says follows.

Row 1: "If the refusing general wins the combat he may leave without fighting a battle.
If the attacker wins, the refusing general's army will flee ... Generals who are killed
are removed from the roster, and another character must take his job."
Row 2: "If the refuser disappears off the opposing side of the table without being caught
the army can leave. Otherwise the unit is slaughtered and must be crossed off the army
list."
Row 4: "The entire losing army will flee, and the winner may choose to pursue them."
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.ellegaard import flight, roster
from tuicamp.rules.ellegaard.meetings import find_meeting
from tuicamp.rules.ellegaard.setup import general
from tuicamp.rules.ellegaard.talks import award

WINNERS = ("refuser", "attacker")


@define(kw_only=True)
class ContestResult(api.Action):
    kind = "contest_result"
    summary = (
        "Enter the result of a duel, chase or fair battle played for a meeting: winner = "
        "refuser or attacker; general_killed = a division whose general died in the duel; "
        "crossed = the refuser's units caught in the chase"
    )
    meeting: str
    winner: str
    general_killed: list[str] = field(factory=list)
    crossed: list[str] = field(factory=list)


def replace_general(ctx: api.Context, army: api.Army) -> None:
    """A general killed is removed from the roster; the character of the best Ld takes his
    job (R-EL-35: the first in the list among equals)."""
    dead = general(army)
    if dead is None:
        return
    army.units.remove(dead)
    heirs = [u for u in army.units if u.category is api.Category.CHARACTER]
    heir = max(heirs, key=lambda u: u.leadership, default=None)
    text = f"{dead.name} is dead and removed from the roster of '{army.name}'"
    if heir is not None:
        heir.flags.add("general")
        text += f"; {heir.name} (Ld {heir.leadership}) takes his job"
    else:
        text += "; no character is left to take his job"
    ctx.emit("general_killed", text, undoable=False, division=army.id)


def contest_result(ctx: api.Context, action: ContestResult) -> None:
    camp = ctx.campaign
    meeting = find_meeting(ctx, action.meeting)
    ctx.require(meeting.contest, f"Meeting {meeting.id} has no contest to be played")
    refuser = camp.army(meeting.refuser)
    other = camp.army(next(d for d in meeting.divisions if d != meeting.refuser))
    assert refuser is not None and other is not None
    ctx.require(
        ctx.seat.gm or any(ctx.seat.controls(a.owner) for a in (refuser, other)),
        f"Only the two generals of meeting {meeting.id} (or the Games Master) enter its result",
    )
    winner = action.winner.strip().lower()
    ctx.require(winner in WINNERS, f"The winner is the refuser or the attacker, not {winner!r}")
    contest = meeting.contest
    ctx.require(contest == "duel" or not action.general_killed, "Only a duel kills a general here")
    ctx.require(contest == "chase" or not action.crossed, "Only a chase crosses units off")
    for army_id in action.general_killed:
        ctx.require(army_id in meeting.divisions, f"{army_id!r} is not in meeting {meeting.id}")
        replace_general(ctx, ctx.army(army_id))
    for unit_id in action.crossed:
        unit = ctx.unit(refuser, unit_id)
        refuser.units.remove(unit)
        ctx.emit(
            "crossed_off",
            f"{unit.name} is caught in the chase and crossed off the list of '{refuser.name}'",
            undoable=False,
            division=refuser.id,
        )
    if contest == "chase":
        winner = "attacker" if action.crossed else "refuser"
    for army in (refuser, other):
        roster.gone_if_empty(ctx, army)
    won, lost = (refuser, other) if winner == "refuser" else (other, refuser)
    name = contest.replace("_", " ")
    if winner == "refuser":
        text = f"'{refuser.name}' wins the {name} and may leave without a battle"
    else:
        text = f"'{other.name}' wins the {name}: '{refuser.name}' must flee"
    if contest == "fair_battle":
        text = f"'{won.name}' wins the fair battle: the entire army of '{lost.name}' must flee"
    ctx.emit("contest", f"Meeting {meeting.id}: {text}", undoable=False, meeting=meeting.id)
    meeting.contest, meeting.outcome, meeting.done = "", "settled", True
    if contest == "fair_battle":
        award(ctx, won.owner, 5, f"'{lost.name}' defeated (R-EL-24)")
    flees = lost if contest == "fair_battle" or winner == "attacker" else None
    if contest != "chase" and flees is not None and camp.army(flees.id) is not None:
        foe = won if flees is lost else other
        why = "the fair battle lost" if contest == "fair_battle" else "its general lost the duel"
        flight.flee(ctx, flees, foe, why)


HANDLERS = {ContestResult: contest_result}
ACTIONS = (ContestResult,)
