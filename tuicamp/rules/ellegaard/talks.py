"""When one general refuses (the text's "Attack!" and its Generals Discussing table;
R-EL-6, R-EL-17, R-EL-31).

"If the generals cannot agree if they shall fight or keep peace, they must try to find
out what to do ... A solution might be that the refuser must pay the attacker 3 War Points
and leave, or you might find out to give some extra prisoners, hand over a friendly
village etc. If no solution seems to be possible, you must roll on the Generals
Discussing table." Terms are offered and accepted through the kit's agreements; the table
is the ``discussing`` table. A division that refused an Attack division is not asked: "If
he refuses to battle you, you are allowed to choose the result of the Generals Discussing
table!" (R-EL-17).
"""

from __future__ import annotations

from typing import Any

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.ellegaard import ledger, tabletop
from tuicamp.rules.ellegaard.meetings import find_meeting, owe
from tuicamp.rules.ellegaard.state import ATTACK, Debt, Meeting, division, estate


@define(kw_only=True)
class Offer(api.Action):
    kind = "offer"
    summary = (
        "Offer terms in a meeting where one general refused: the War Points the refuser "
        "pays the other, extra prisoners it hands over, a village it gives up"
    )
    meeting: str
    war_points: int = 3
    prisoners: int = 0
    village: str = ""


@define(kw_only=True)
class AcceptTerms(api.Action):
    kind = "accept_terms"
    summary = "Accept the terms offered in a meeting (agreement = its id, as offered)"
    agreement: str


@define(kw_only=True)
class Discuss(api.Action):
    kind = "discuss"
    summary = (
        "Roll the Generals Discussing table for a meeting; a general refused under Attack "
        "names the row instead (row = 1 to 6)"
    )
    meeting: str
    row: int = 0


NOT_TALKING = {
    "": "its generals have not both chosen yet",
    "battle": "both generals fight: a battle",
    "postponed": "both generals fight: the battle waits for the next hour (R-EL-28)",
    "prisoners": "both refused: prisoners are handed over (R-EL-29)",
    "contest": "its Generals Discussing row is fought at the table (R-EL-41)",
    "settled": "it is settled",
}


def _sides(ctx: api.Context, meeting: Meeting) -> tuple[api.Army, api.Army]:
    """The refuser's division and the one that would fight."""
    why = NOT_TALKING.get(meeting.outcome, meeting.outcome)
    ctx.require(
        meeting.outcome == "talk" and not meeting.done,
        f"Meeting {meeting.id} is not open to terms or the Generals Discussing table: {why}",
    )
    refuser = ctx.campaign.army(meeting.refuser)
    other = ctx.campaign.army(next(d for d in meeting.divisions if d != meeting.refuser))
    assert refuser is not None and other is not None
    return refuser, other


def _named(campaign: api.Campaign, army: api.Army) -> str:
    return f"'{army.name}'"


def attacked(rules: api.Rules, other: api.Army) -> bool:
    """Whether the general who would fight is under Attack: then he names the row."""
    return division(rules, other.id).command == ATTACK


def village_problem(rules: api.Rules, refuser: api.Army, village: api.Settlement) -> str:
    """Why the terms cannot hand ``village`` over ("" when they can): it must be the
    refuser's side's, "a friendly village", and never a home base (R-EL-6, R-EL-49)."""
    if village.owner != refuser.owner:
        return f"{village.name} is not the refuser's to hand over"
    if village.hex in estate(rules).homes.values():
        return (
            f"{village.name} is a home base, not a village to hand over: the terms may give "
            'up "a friendly village", never the home base (R-EL-49)'
        )
    return ""


def villages_to_give(rules: api.Rules, refuser: api.Army) -> tuple[str, ...]:
    """The settlements the terms may hand over, in map order: what the meeting dialog
    offers, by the very check an offer is refused by."""
    return tuple(
        s.id for s in rules.campaign.map.settlements if not village_problem(rules, refuser, s)
    )


def offer(ctx: api.Context, action: Offer) -> None:
    meeting = find_meeting(ctx, action.meeting)
    refuser, other = _sides(ctx, meeting)
    ctx.require(
        not attacked(ctx, other),
        f"{_named(ctx.campaign, other)} is under Attack: its general names the Generals "
        "Discussing row instead (R-EL-17)",
    )
    ctx.require(action.war_points >= 0 and action.prisoners >= 0, "Terms are never negative")
    if action.village:
        problem = village_problem(ctx, refuser, ctx.settlement(action.village))
        ctx.require(not problem, problem)
    owners = [refuser.owner, other.owner]
    proposer = api.turns.acting_player(ctx, among=owners)
    ctx.require(proposer in owners, f"Meeting {meeting.id} is not yours to offer terms in")
    to = other.owner if proposer == refuser.owner else refuser.owner
    parts = [f"{_named(ctx.campaign, refuser)} pays {action.war_points} War Points and leaves"]
    if action.prisoners:
        parts.append(f"hands over {action.prisoners} more prisoner(s) of 50 pts or more")
    if action.village:
        parts.append(f"gives up {ctx.settlement(action.village).name}")
    terms = {"meeting": meeting.id, "war_points": action.war_points}
    terms |= {"prisoners": action.prisoners, "village": action.village}
    api.agreements.propose(
        ctx,
        estate(ctx).talks,
        f"settlement of meeting {meeting.id}",
        proposer,
        [to],
        terms,
        text="; ".join(parts),
    )


def accept_terms(ctx: api.Context, action: AcceptTerms) -> None:
    """Terms agreed: War Points paid, a village handed over, extra prisoners owed."""
    agreed = api.agreements.accept(ctx, estate(ctx).talks, action.agreement)
    if agreed is None:
        return
    meeting = find_meeting(ctx, str(agreed.terms["meeting"]))
    refuser, other = _sides(ctx, meeting)
    move_war_points(ctx, refuser.owner, other.owner, int(agreed.terms.get("war_points", 0)))
    village = str(agreed.terms.get("village", ""))
    if village:
        place = ctx.settlement(village)
        place.owner = other.owner
        ctx.emit(
            "village_handed",
            f"{place.name} is handed over to {api.teams.name_of(ctx.campaign, other.owner)}",
            undoable=False,
        )
    least = int(ctx.table("prisoners").get("both_refuse", 50))
    extra = int(agreed.terms.get("prisoners", 0))
    owe(ctx, meeting, [Debt(refuser.id, other.id, least) for _ in range(extra)])


def move_war_points(ctx: api.Context, payer: str, payee: str, amount: int) -> None:
    """War Points change hands; "WP may go below 0" (R-EL-24)."""
    if not amount:
        return
    camp = ctx.campaign
    text = (
        f"{api.teams.name_of(camp, payer)} pays {amount} War Points to "
        f"{api.teams.name_of(camp, payee)}"
    )
    ledger.earn(ctx, {payer: -amount, payee: amount}, text)


def award(ctx: api.Context, player: str, amount: int, why: str) -> None:
    name = api.teams.name_of(ctx.campaign, player)
    ledger.earn(ctx, {player: amount}, f"{name} receives {amount} War Points: {why}")


def discuss(ctx: api.Context, action: Discuss) -> None:
    """The Generals Discussing table: a D6 (R-EL-6), or the row the general refused under
    Attack names (R-EL-17)."""
    meeting = find_meeting(ctx, action.meeting)
    refuser, other = _sides(ctx, meeting)
    camp = ctx.campaign
    owners = [refuser.owner, other.owner]
    player = api.turns.acting_player(ctx, among=owners)
    ctx.require(player in owners, f"Meeting {meeting.id} is not yours to discuss")
    table = ctx.table("discussing")
    if attacked(ctx, other):
        ctx.require(
            player == other.owner,
            f"{_named(camp, other)} was refused under Attack: its general names the row (R-EL-17)",
        )
        ctx.require(
            str(action.row) in table,
            f"Name the row of the Generals Discussing table: row = 1 to {len(table)} (R-EL-17)",
        )
        row, how = action.row, "named by the attacker (R-EL-17)"
    else:
        ctx.require(not action.row, "The Generals Discussing table is rolled: no row to name")
        row = ctx.dice.roll("d6", f"Generals Discussing table for meeting {meeting.id}").total
        how = f"rolled {row}"
    spec = table[str(row)]
    meeting.row = row
    close_terms(ctx, meeting)
    ctx.emit(
        "discussing",
        f'Meeting {meeting.id}, Generals Discussing table, {how}: {row} "{spec["title"]}" '
        f"- {spec['text']}",
        undoable=False,
        meeting=meeting.id,
    )
    EFFECTS[str(spec["effect"])](ctx, meeting, refuser, other, spec)


def terms_of(rules: api.Rules, meeting_id: str) -> list[api.Agreement]:
    """The terms still pending in a meeting."""
    items = estate(rules).talks.items
    return [a for a in items if a.pending and a.terms.get("meeting") == meeting_id]


def close_terms(ctx: api.Context, meeting: Meeting) -> None:
    """Terms left unanswered when the table settles the meeting lapse (R-EL-6: the table is
    rolled when "no solution seems to be possible"), so they cannot be accepted later."""
    for agreement in terms_of(ctx, meeting.id):
        agreement.lapses = api.clock.now(ctx.campaign)
    api.agreements.lapse_due(ctx, estate(ctx).talks)


def _prisoner(
    ctx: api.Context, m: Meeting, refuser: api.Army, other: api.Army, spec: dict[str, Any]
) -> None:
    owe(ctx, m, [Debt(refuser.id, other.id, int(spec.get("points", 150)), "not troops")])


def _caution(
    ctx: api.Context, m: Meeting, refuser: api.Army, other: api.Army, spec: dict[str, Any]
) -> None:
    cautioned = estate(ctx).cautioned
    if refuser.id not in cautioned:
        cautioned.append(refuser.id)
    m.outcome, m.done = "settled", True
    ctx.emit(
        "caution",
        f"{_named(ctx.campaign, refuser)} is left with a caution (R-EL-31)",
        undoable=False,
        division=refuser.id,
    )


def _moral_victory(
    ctx: api.Context, m: Meeting, refuser: api.Army, other: api.Army, spec: dict[str, Any]
) -> None:
    """ "The refuser is allowed to pass through, but the attacking general will receive 3
    War Point for having won a moral victory!" (R-EL-45: through the attacker's hex, in
    the refuser's next Move phase)."""
    m.outcome, m.done = "settled", True
    award(ctx, other.owner, int(spec.get("war_points", 3)), "a moral victory (You silly!)")
    camp = ctx.campaign
    record = division(ctx, refuser.id)
    owners = [p.id for p in camp.players]
    move_part = 2 * owners.index(refuser.owner) + 2 if refuser.owner in owners else 0
    later = camp.step > move_part  # its Move phase of this hour is over: the next one
    record.let_through = [other.id]
    record.let_through_hour = camp.turn + 1 if later else camp.turn
    when = "next hour" if later else "this hour"
    ctx.emit(
        "passes",
        f"'{refuser.name}' may pass through the hex of '{other.name}' {when} (R-EL-45)",
        undoable=False,
        division=refuser.id,
    )


def _contest(
    ctx: api.Context, m: Meeting, refuser: api.Army, other: api.Army, spec: dict[str, Any]
) -> None:
    tabletop.open_contest(ctx, m, str(spec["effect"]), refuser, other)


EFFECTS = {
    "duel": _contest,
    "chase": _contest,
    "fair_battle": _contest,
    "prisoner": _prisoner,
    "caution": _caution,
    "war_points": _moral_victory,
}


HANDLERS = {Offer: offer, AcceptTerms: accept_terms, Discuss: discuss}
ACTIONS = (Offer, AcceptTerms, Discuss)
