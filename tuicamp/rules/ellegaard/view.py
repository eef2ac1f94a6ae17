"""What one seat may know of the war: the view state and the status lines that
``tuicamp show --as SEAT`` prints and the side panel shows.

Enemy divisions are counters (the text's banners on the map), so a seat reads the
commands and the hour's record of its own divisions only; the hour, whose phase it is, the
turn limit and every side's War Points are public.
"""

from __future__ import annotations

from attrs import frozen

from tuicamp.rules import api
from tuicamp.rules.ellegaard import hour, meetings, setup, talks, tunnels
from tuicamp.rules.ellegaard.commands import change_test_text
from tuicamp.rules.ellegaard.movement import allowance_text
from tuicamp.rules.ellegaard.state import COMMAND_NAMES, Meeting, division, estate


@frozen
class DivisionLine:
    """One division as its owner (or the Games Master) reads it."""

    army: str
    name: str
    command: str
    defends: str
    frozen: bool
    mp_used: float
    points: int = 0
    general: str = ""  # "Captain (Ld 8)"
    change: str = ""  # what changing its command asks now, said before it is rolled
    move: str = ""  # its hexes this hour and why
    state: str = ""  # fleeing, spent, underground...
    quarry: tuple[str, ...] = ()  # the divisions fleeing from it, which it may pursue
    flees_from: str = ""  # the division it flees from, until it rallies (R-EL-21)
    pursues: str = ""  # the division it pursues, until it gathers (R-EL-40)


@frozen
class OfferLine:
    """Terms offered in a meeting, as their parties read them (R-EL-6)."""

    id: str
    meeting: str
    proposer: str
    waiting: tuple[str, ...]
    text: str


@frozen
class StandingRow:
    """One side's War Points as a seat may know them: the ledger and what is held are
    public; the divisions of 1,000 pts left, and so the total at the end, are known of the
    seat's own side only until the war is over (-1: unknown)."""

    player: str
    name: str
    war_points: int
    prisoners: int
    machines: int
    taken_back: int
    divisions: int
    total: int


@frozen
class MeetingLine:
    """A meeting as one seat may know it: its sealed choices through the kit's view, so
    another general's choice is never read before the reveal."""

    id: str
    hour: int
    divisions: tuple[str, ...]
    choices: api.SealedView[str]
    outcome: str
    done: bool
    refuser: str = ""  # the refusing division, once the choices are revealed
    villages: tuple[str, ...] = ()  # what terms may hand over of the refuser's (R-EL-49)


@frozen
class EllegaardView:
    hour: int
    hours: int
    phase: str  # "command" or "move"
    player: str  # whose phase it is
    homes: dict[str, str]  # player id -> hex label of the home base
    war_points: dict[str, int]
    divisions: tuple[DivisionLine, ...]
    meetings: tuple[MeetingLine, ...]
    prisoners: dict[str, tuple[str, ...]]  # captor -> the prisoners' names
    standings: tuple[StandingRow, ...] = ()
    over: bool = False
    zone_radius: int = 2  # R-EL-2
    tunnels: tuple[str, ...] = ()  # the tunnel hexes the seat may know (R-EL-27)
    quicksand: tuple[str, ...] = ()  # public (R-EL-36)
    offers: tuple[OfferLine, ...] = ()  # pending terms the seat is party to


def sees_orders(seat: api.Seat, army: api.Army) -> bool:
    """A division's orders are its owner's secret (and the Games Master's)."""
    return seat.controls(army.owner)


def ellegaard_view(rules: api.Rules, seat: api.Seat) -> EllegaardView:
    camp, state = rules.campaign, estate(rules)
    lines = []
    for army in camp.armies:
        if not sees_orders(seat, army):
            continue
        d = division(rules, army.id)
        leader = setup.general(army)
        lines.append(
            DivisionLine(
                army.id,
                army.name,
                d.command,
                d.defends,
                d.frozen and d.hour == camp.turn,
                d.mp_used if d.hour == camp.turn else 0.0,
                army.points,
                f"{leader.name} (Ld {leader.leadership})" if leader is not None else "no general",
                change_test_text(rules, army),
                allowance_text(rules, army),
                division_state(rules, army),
                tuple(a.id for a in camp.armies if division(rules, a.id).fleeing_from == army.id),
                d.fleeing_from,
                d.pursuing,
            )
        )
    return EllegaardView(
        hour=camp.turn,
        hours=state.hours,
        phase=hour.stage(camp),
        player=hour.current_player(camp),
        homes={p: camp.map.label(h) for p, h in state.homes.items()},
        war_points=dict(state.war_points),
        divisions=tuple(lines),
        meetings=tuple(
            MeetingLine(
                m.id,
                m.hour,
                tuple(m.divisions),
                api.sealed.sealed_view(camp, m.choice, seat),
                m.outcome,
                m.done,
                m.refuser if m.choice.revealed else "",
                _villages(rules, m),
            )
            for m in state.meetings
        ),
        prisoners={p: tuple(x.unit.name for x in held) for p, held in state.prisoners.items()},
        standings=standings(rules, seat),
        over=state.over,
        zone_radius=int(rules.option("zone_radius")),
        tunnels=tuple(
            camp.map.label(t.hex)
            for t in state.tunnels
            if not rules.option("hidden_tunnels") or seat.gm or seat.controls(t.owner)
        ),
        quicksand=tuple(camp.map.label(h) for h in state.quicksand),
        offers=tuple(
            OfferLine(
                a.id,
                str(a.terms.get("meeting", "")),
                a.proposer,
                tuple(a.waiting),
                a.text,
            )
            for a in state.talks.items
            if a.pending and (seat.gm or any(seat.controls(p) for p in a.circle))
        ),
    )


def _villages(rules: api.Rules, meeting: Meeting) -> tuple[str, ...]:
    """What terms may hand over in a meeting open to them, from the rule an offer is
    checked by (R-EL-49); nothing before the refusal is revealed."""
    if meeting.outcome != "talk" or meeting.done or not meeting.choice.revealed:
        return ()
    refuser = rules.campaign.army(meeting.refuser)
    return talks.villages_to_give(rules, refuser) if refuser is not None else ()


def division_state(rules: api.Rules, army: api.Army) -> str:
    """What keeps a division from marching or fighting, in a word or two."""
    d = division(rules, army.id)
    words = [
        ("fleeing", bool(d.fleeing_from)),
        ("pursuing", bool(d.pursuing)),
        ("spent", d.spent),
        ("underground", d.underground),
        ("cautioned", army.id in estate(rules).cautioned),
    ]
    return ", ".join(word for word, on in words if on)


def final_war_points(rules: api.Rules, player: str) -> int:
    """The ledger, and at the end of the war (R-EL-24): 1 for "each enemy prisoner held",
    1 for "each friendly prisoner taken back and held" (R-EL-39), 2 for "every enemy war
    machine captured and held", 5 "for each friendly army division of at least 1000
    points remaining"."""
    state, camp = estate(rules), rules.campaign
    kept = [a for a in camp.armies if a.owner == player and a.points >= 1000]
    prisoners = len(state.prisoners.get(player, []))
    back = len(state.taken_back.get(player, []))
    machines = len(state.captured.get(player, []))
    return state.war_points.get(player, 0) + prisoners + back + 2 * machines + 5 * len(kept)


def standings(rules: api.Rules, seat: api.Seat) -> tuple[StandingRow, ...]:
    """Every side's War Points (R-EL-24), best first by what the seat may know."""
    camp, state = rules.campaign, estate(rules)
    rows = []
    for player in camp.players:
        pid = player.id
        known = state.over or seat.controls(pid)
        kept = [a for a in camp.armies if a.owner == pid and a.points >= 1000]
        held = len(state.prisoners.get(pid, []))
        machines = len(state.captured.get(pid, []))
        back = len(state.taken_back.get(pid, []))
        wp = state.war_points.get(pid, 0)
        total = final_war_points(rules, pid)
        rows.append(
            StandingRow(
                pid,
                player.name,
                wp,
                held,
                machines,
                back,
                len(kept) if known else -1,
                total if known else -1,
            )
        )
    rank = (lambda r: (-r.total, r.name)) if state.over else (lambda r: (-r.war_points, r.name))
    return tuple(sorted(rows, key=rank))


def final_lines(rules: api.Rules, seat: api.Seat) -> list[api.StatusLine]:
    """At the end of the war, each side's total and what makes it (R-EL-24, R-EL-39): the
    ledger, 1 per enemy prisoner held and per own prisoner taken back, 2 per enemy war
    machine held, 5 per own division of 1,000 pts or more left."""
    out = []
    for row in standings(rules, seat):
        text = (
            f"{row.name}: {row.total} War Points ({row.war_points} in the ledger; "
            f"{row.prisoners} prisoner(s) held, {row.taken_back} taken back: 1 each; "
            f"{row.machines} war machine(s): 2 each; {row.divisions} division(s) of 1,000 "
            "pts or more: 5 each)"
        )
        out.append(api.StatusLine("At the end", text, player=row.player))
    return out


def _name(campaign: api.Campaign, pid: str) -> str:
    player = campaign.player(pid)
    return player.name if player is not None else pid


def status_lines(rules: api.Rules, seat: api.Seat) -> list[api.StatusLine]:
    """The hour and whose phase it is, each own division's command (with what changing it
    asks, in a Command phase) and MP (in a Move phase), the War Points, and R-EL-32's
    advice on division sizes."""
    camp, state = rules.campaign, estate(rules)
    when = f"{camp.turn} of {state.hours}: {hour.stage_title(camp)}"
    if state.over:
        when = f"the war is over after {state.hours} hours"
    out = [api.StatusLine("Hour", when)]
    for pid, h in state.homes.items():
        text = f"{_name(camp, pid)}: {state.home_names.get(pid, '')} at {camp.map.label(h)}"
        out.append(api.StatusLine("Home base", text, player=pid))
    stage, acting = hour.stage(camp), hour.current_player(camp)
    for army in camp.armies:
        if not sees_orders(seat, army):
            continue
        d = division(rules, army.id)
        command = COMMAND_NAMES.get(d.command, d.command)
        if d.defends:
            target = camp.army(d.defends) if d.follows else camp.map.settlement(d.defends)
            command += f" ({'following ' if d.follows else ''}{target.name if target else '?'})"
        out.append(api.StatusLine("Command", command, army=army.id))
        if d.fleeing_from:
            foe = camp.army(d.fleeing_from)
            text = f"from '{foe.name if foe else d.fleeing_from}' until it rallies (R-EL-21)"
            out.append(api.StatusLine("Fleeing", text, army=army.id))
        if d.underground:
            out.append(api.StatusLine("Underground", "in its side's tunnels", army=army.id))
        if d.pursuing:
            chased = camp.army(d.pursuing)
            text = f"'{chased.name if chased else d.pursuing}': pursue again or gather (R-EL-40)"
            out.append(api.StatusLine("Pursuing", text, army=army.id))
        if d.spent:
            text = "it fought: it refuses battle until it is home again (R-EL-5)"
            out.append(api.StatusLine("Spent", text, army=army.id))
        if state.over:
            continue
        if d.frozen and d.hour == camp.turn:
            text = "the command test failed: it does not move this hour (R-EL-3)"
            out.append(api.StatusLine("Frozen", text, army=army.id))
        elif army.owner == acting and stage == hour.COMMAND:
            out.append(api.StatusLine("Change", change_test_text(rules, army), army=army.id))
        elif army.owner == acting and stage == hour.MOVE:
            out.append(api.StatusLine("Move", allowance_text(rules, army), army=army.id))
    out += meeting_lines(rules, seat)
    out += terms_lines(rules, seat)
    for captor, held in state.prisoners.items():
        for prisoner in held:
            text = (
                f"{_name(camp, captor)} holds {prisoner.unit.name} ({prisoner.unit.points} pts)"
                f" of {_name(camp, prisoner.owner)}"
            )
            out.append(api.StatusLine("Prisoner", text, player=captor))
    for army_id in state.cautioned:
        cautioned = camp.army(army_id)
        if cautioned is not None and sees_orders(seat, cautioned):
            text = "left with a caution: a second refusal and it flees (R-EL-31)"
            out.append(api.StatusLine("Caution", text, army=army_id))
    sands = sorted(camp.map.label(h) for h in state.quicksand)
    if sands:
        text = f"{', '.join(sands)}: a D6 per unit and character entering, a 6 is lost"
        out.append(api.StatusLine("Quicksand", text))
    for captor, held in state.taken_back.items():
        for prisoner in held:
            text = f"{_name(camp, captor)} has taken back {prisoner.unit.name} (R-EL-39)"
            out.append(api.StatusLine("Taken back", text, player=captor))
    for owner, hexes in tunnels.tunnels_text(rules, seat):
        out.append(api.StatusLine("Tunnels", f"{_name(camp, owner)}: {hexes}", player=owner))
    points = ", ".join(f"{_name(camp, p)} {wp}" for p, wp in state.war_points.items())
    out.append(api.StatusLine("War Points", points or "none"))
    if state.over:
        out += final_lines(rules, seat)
    for army, text in setup.size_warnings(rules):
        if sees_orders(seat, army):
            out.append(api.StatusLine("Advice", text, army=army.id))
    return out


def meeting_lines(rules: api.Rules, seat: api.Seat) -> list[api.StatusLine]:
    """Each meeting still open: who meets, and what it waits for (a general's own sealed
    choice is shown to his seat only, until the reveal)."""
    camp, out = rules.campaign, []
    for m in estate(rules).meetings:
        if m.done:
            continue
        names = " and ".join(f"'{a.name}'" for d in m.divisions if (a := camp.army(d)) is not None)
        seen = api.sealed.sealed_view(camp, m.choice, seat)
        mine = [f"{_name(camp, w)} chose {c}" for w, c in seen.choices.items()]
        text = f"{names}: " + "; ".join([*mine, meetings.waiting_for(rules, m) or m.outcome])
        out.append(api.StatusLine(f"Meeting {m.id}", text))
    return out


def terms_lines(rules: api.Rules, seat: api.Seat) -> list[api.StatusLine]:
    """Terms pending in a meeting (R-EL-6), told to the two sides only: to the one that
    answers, with the id ``accept_terms`` asks for; to the one that offered, that it waits."""
    camp, out = rules.campaign, []
    for agreement in estate(rules).talks.items:
        if not agreement.pending or "meeting" not in agreement.terms:
            continue
        label = f"Terms {agreement.terms['meeting']}"
        by = _name(camp, agreement.proposer)
        if any(seat.controls(p) for p in agreement.waiting):
            text = f"{by} offers: {agreement.text} (accept_terms agreement = {agreement.id!r})"
            out.append(api.StatusLine(label, text))
        elif seat.controls(agreement.proposer):
            to = ", ".join(_name(camp, p) for p in agreement.waiting)
            text = f"offered to {to}: {agreement.text} ({agreement.id}), waiting for an answer"
            out.append(api.StatusLine(label, text))
    return out
