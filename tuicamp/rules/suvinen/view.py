"""What a seat may know of the Suvinen books, as status lines (``tuicamp show --as SEAT``
and the side panel): the order of play, the rotation, the control of every contested hex's
sides, each own corps' MP, commitment and LC flag, and the alliances the seat is party to;
and the view the map draws hexside control from.

A seat reads its own players' corps and its allies' (allied troops are friendly, §3.5);
an enemy corps' MP and commitment tell where it is going, so they are never shown.
"""

from __future__ import annotations

from attrs import field, frozen

from tuicamp.rules import api
from tuicamp.rules.suvinen import sharing, withdrawal
from tuicamp.rules.suvinen.board import ImpulseBoard, board, rotation_now
from tuicamp.rules.suvinen.choices import OpenChoices, open_choices
from tuicamp.rules.suvinen.control import control_text, side_name
from tuicamp.rules.suvinen.corps import allied, describe, is_garrison, leader
from tuicamp.rules.suvinen.impulses import (
    impulse_now,
    in_impulses,
    mp_text,
)
from tuicamp.rules.suvinen.state import corps_record, sstate


@frozen
class SupplyLine:
    """One corps' supply line at the last check, as its owner and allies may read it."""

    army: str
    hex: api.Hex  # where the corps stands
    hexes: tuple[api.Hex, ...]  # from the corps to its source
    text: str  # "4 MP to Carroburg"


@frozen
class SuvinenView:
    """What the map draws: who holds each side of a contested hex (R-SU-8; public, as the
    corps in the hex are on the map for all), the supply lines of the seat's own and its
    allies' corps (never an enemy's: a line tells where its corps draws from), and the
    hexes of those corps that are Disrupted (an enemy's corps is a counter, its supply
    state unknown, R-SU-18)."""

    control: dict[api.SideOf, str]
    supply_lines: tuple[SupplyLine, ...] = ()
    choices: OpenChoices = field(factory=OpenChoices)  # what the seat's dialogs offer it now
    disrupted: tuple[api.Hex, ...] = ()
    impulse: ImpulseBoard | None = None  # the rotation and the seat's corps' MP (R-SU-3)


def suvinen_view(rules: api.Rules, seat: api.Seat) -> SuvinenView:
    return SuvinenView(
        dict(sstate(rules).control),
        supply_lines(rules, seat),
        open_choices(rules, seat),
        disrupted_hexes(rules, seat),
        board(rules, seat),
    )


def disrupted_hexes(rules: api.Rules, seat: api.Seat) -> tuple[api.Hex, ...]:
    """The hexes of the Disrupted corps the seat knows in full: its own and its allies'."""
    records = sstate(rules).corps
    hexes = {
        army.hex
        for army in rules.campaign.armies
        if army.hex is not None
        and army.id in records
        and records[army.id].disrupted
        and known_to(rules, seat, army.owner)
    }
    return tuple(sorted(hexes, key=rules.campaign.map.label))


def supply_lines(rules: api.Rules, seat: api.Seat) -> tuple[SupplyLine, ...]:
    """The last check's lines of the corps the seat knows in full (R-SU-17)."""
    out, records = [], sstate(rules).corps
    for army in rules.campaign.armies:
        record = records.get(army.id)
        if army.hex is None or not known_to(rules, seat, army.owner):
            continue
        if record is None or record.supply is None:
            continue
        cost, source = record.supply
        text = f"{mp_text(cost)} MP to {source}"
        out.append(SupplyLine(army.id, army.hex, tuple(record.supply_path), text))
    return tuple(out)


def known_to(rules: api.Rules, seat: api.Seat, owner: str) -> bool:
    return seat.gm or any(allied(rules, p, owner) for p in seat.players)


def rotation_line(rules: api.Rules) -> api.StatusLine | None:
    """Whose turn of the impulse's rotation it is, and the turns ahead (public)."""
    camp, rotation = rules.campaign, rotation_now(rules)
    if rotation is None:
        return None
    name, (moving, ahead) = api.teams.name_of, rotation
    text = f"impulse {impulse_now(rules)}, round {camp.step}: {name(camp, moving)} moves"
    if ahead:
        text += "; then " + ", ".join(name(camp, p) for p in ahead)
    return api.StatusLine("Rotation", text)


def corps_line(rules: api.Rules, army: api.Army, seat: api.Seat) -> api.StatusLine:
    """One corps' books: where, LC, MP of this impulse, commitment, supply; an ally's
    corps (or any, for the Games Master) names its player."""
    camp, record = rules.campaign, corps_record(rules, army.id)
    where = camp.map.label(army.hex) if army.hex is not None else "off the map"
    bits = [f"at {where}", f"{army.points:,} pts"]
    if is_garrison(rules, army):
        bits.append("garrison")
    elif leader(army) is None:
        bits.append("no leader: stands (R-SU-1)")
    if in_impulses(rules):
        if record.took == (camp.turn, impulse_now(rules)):
            bits.append(f"impulse {impulse_now(rules)} taken")
        elif record.mp_left > 0:
            bits.append(f"{mp_text(record.mp_left)} MP to spend")
    if record.committed_to is not None:
        bits.append(
            f"committed to {camp.map.label(record.committed_to)} "
            f"({mp_text(record.committed_mp)} MP put in)"
        )
    if record.entered_by is not None:
        bits.append(f"newcomer by its {side_name(record.entered_by)} side (R-SU-9)")
    if record.supply is not None:
        cost, source = record.supply
        bits.append(f"supplied: {mp_text(cost)} MP to {source} (turn {record.supply_checked})")
    elif record.supply_checked:
        bits.append(f"no supply line (turn {record.supply_checked})")
    if record.disrupted:
        bits.append("Disrupted (Ld -2)")
    whose = (
        ""
        if api.teams.speaks_for(camp, seat, army.owner)
        else f" of {api.teams.name_of(camp, army.owner)}"
    )
    return api.StatusLine(f"Corps {describe(army)}{whose}", "; ".join(bits))


def alliance_text(offer: api.Agreement) -> str:
    """What an offer of the council is for (R-SU-12)."""
    return f"an alliance for turn {offer.proposed.turn} (R-SU-12)"


def temporary_text(offer: api.Agreement) -> str:
    """What an offer before a battle of three sides or more is for (§4.1)."""
    where, day = offer.terms.get("hex", "?"), offer.terms.get("day", "?")
    return f"a temporary alliance for the battle at {where} on day {day} (section 4.1)"


def offer_lines(rules: api.Rules, seat: api.Seat) -> list[api.StatusLine]:
    """The pending offers of alliance the seat is party to, with their ids: "To answer"
    where the seat is asked, with the very action that answers, "Offered" where the seat
    waits for the answer (R-SU-12, §4.1). Nobody else reads them."""
    camp, state = rules.campaign, sstate(rules)
    out: list[api.StatusLine] = []
    books = (
        (state.alliances, "ally", alliance_text),
        (state.temp_alliances, "temporary_alliance", temporary_text),
        (
            state.castle_deals,
            "castle_control",
            lambda offer: sharing.offer_text(rules, offer.terms),
        ),
    )
    name = api.teams.name_of
    for book, action, what in books:
        for offer in book.items:
            if not offer.pending:
                continue
            parties = ", ".join(name(camp, p) for p in offer.parties)
            text = f"{name(camp, offer.proposer)} offers {parties} {what(offer)}"
            if any(api.teams.speaks_for(camp, seat, p) for p in offer.waiting):
                answer = f"{action} accept={offer.id} (or decline={offer.id})"
                out.append(api.StatusLine("To answer", f"{text}: {answer}"))
            elif seat.gm or api.teams.speaks_for(camp, seat, offer.proposer):
                waiting = ", ".join(api.teams.name_of(camp, p) for p in offer.waiting)
                out.append(api.StatusLine("Offered", f"{text} ({offer.id}): waiting for {waiting}"))
    return out


def status_lines(rules: api.Rules, seat: api.Seat) -> list[api.StatusLine]:
    camp, state = rules.campaign, sstate(rules)
    name = api.teams.name_of
    lines: list[api.StatusLine] = []
    if state.order:
        lines.append(api.StatusLine("Order of play", ", ".join(name(camp, p) for p in state.order)))
    rotation = rotation_line(rules)
    if rotation is not None:
        lines.append(rotation)
    for agreement in state.alliances.items:
        mine = seat.gm or any(p in agreement.circle for p in seat.players)
        if agreement.status == api.AgreementStatus.ACCEPTED and mine:
            names = " and ".join(name(camp, p) for p in agreement.circle)
            lines.append(api.StatusLine("Alliance", f"{names} this turn (R-SU-12)"))
    lines += offer_lines(rules, seat)
    lines += sharing.shared_lines(rules, seat)
    for player, castle in state.home_castles.items():
        settlement = camp.map.settlement(castle)
        if settlement is not None:
            lines.append(
                api.StatusLine(
                    "Home Castle",
                    f"{name(camp, player)}: {settlement.name} ({camp.map.label(settlement.hex)})",
                )
            )
    for label, sealed in state.withdrawals.items():
        waiting = ", ".join(name(camp, p) for p in sealed.waiting) or "nobody"
        text = f"day {state.day}: waiting for {waiting}"
        if label not in state.before_battle:
            musts = [
                f"{name(camp, p)} must withdraw: {why}"
                for p in sealed.waiting
                if (seat.gm or p in seat.players)
                and (why := withdrawal.forced(rules, api.parse_label(label), p))
            ]
            text += "".join(f"; {must}" for must in musts)
        lines.append(api.StatusLine(f"Withdrawal {label}", text))
    for label, sealed in state.sieges.items():
        waiting = ", ".join(name(camp, p) for p in sealed.waiting) or "nobody"
        lines.append(api.StatusLine(f"Siege {label}", f"assault or wait: waiting for {waiting}"))
    for h in sorted({side.hex for side in state.control}, key=camp.map.label):
        lines.append(api.StatusLine(f"Control {camp.map.label(h)}", control_text(rules, h)))
    for army in camp.armies:
        if army.units and known_to(rules, seat, army.owner):
            lines.append(corps_line(rules, army, seat))
    return lines
