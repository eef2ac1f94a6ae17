"""The choices open to a seat now, as its dialogs read them: the sealed fight-or-withdraw
rounds it is to write (with the hexes it may withdraw to and why it must), the sieges it
is to answer with assault or wait, the offers of alliance it is asked to answer, and the
players it may offer an alliance to (for the turn in the council, R-SU-12, or for a battle
of three sides or more, §4.1), and, in the council, which ally it may propose to control a
castle or city it shares with its allies (§4.6, R-SU-41).

Every rule is read here, from the same functions the actions check, so the screens only
show these records and send the action they name. A seat reads its own players' written
choices and never another's: of the others it knows only who has written, as every seat
does (the status lines say whom a round waits for).
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from tuicamp.rules import api
from tuicamp.rules.suvinen import castles, council, sharing, withdrawal
from tuicamp.rules.suvinen.corps import corps_at
from tuicamp.rules.suvinen.state import sstate

TURN = ""  # the ``hex`` of an alliance for the whole turn (R-SU-12)


@frozen
class WallUnit:
    """A unit the player may take into its own walls (R-SU-37)."""

    id: str
    name: str
    points: int
    corps: str  # its corps' name


@frozen
class WithdrawalChoice:
    """One of the seat's players in one open fight-or-withdraw round (§4.1, §4.3)."""

    hex: str  # the battle hex's label
    player: str
    what: str  # the round as the chronicle names it
    before: bool  # the round before a battle of three sides or more (§4.1, step 1)
    must: str  # why the player must withdraw ('' when it need not, R-SU-13)
    to: tuple[str, ...]  # the hexes it may withdraw to now (R-SU-14, R-SU-33)
    can_withdraw: bool  # it has a corps with a leader there (R-SU-32)
    written: str  # its own choice as written so far ('' before it writes)
    waiting: tuple[str, ...]  # the players the round still waits for (public)
    # into its own castle or city: the units it may take inside, and the garrison's room
    walls: tuple[WallUnit, ...] = ()
    room: int = 0


@frozen
class SiegeChoice:
    """One of the seat's players before a garrison's walls (R-SU-36)."""

    hex: str
    player: str
    what: str  # the round as the chronicle names it, with the castle's or city's name
    written: str  # its own choice so far ('' before it writes)
    waiting: tuple[str, ...]


@frozen
class OfferLine:
    """A pending offer the seat is party to: of alliance (R-SU-12, §4.1), or of who of the
    allies sharing a castle or city controls it (R-SU-41: ``place`` and ``to`` say it)."""

    id: str
    kind: str  # the action that answers it: "ally", "temporary_alliance", "castle_control"
    hex: str  # the battle hex of a temporary alliance; TURN for the turn's
    proposer: str
    parties: tuple[str, ...]
    answer_as: str  # the seat's player who is to answer ('' when the seat only waits)
    place: str = ""  # the shared castle's or city's name, for a castle_control offer
    to: str = ""  # the player it would go to


@frozen
class CastleProposal:
    """Who the seat's ``player`` may propose to control a place it shares with allies
    alone (R-SU-41): ``to``, one of the allies there, itself included."""

    player: str
    place: str  # the place's id, as the action names it
    name: str
    to: str


@frozen
class Partner:
    """A player the seat's ``player`` may offer an alliance to, for the turn (``hex`` is
    TURN) or for the battle at ``hex``."""

    player: str
    to: str
    hex: str


@frozen
class OpenChoices:
    withdrawals: tuple[WithdrawalChoice, ...] = ()
    sieges: tuple[SiegeChoice, ...] = ()
    offers: tuple[OfferLine, ...] = ()
    partners: tuple[Partner, ...] = ()
    castles: tuple[CastleProposal, ...] = ()


def seat_players(rules: api.Rules, seat: api.Seat) -> list[str]:
    camp = rules.campaign
    return [p.id for p in camp.players if api.teams.speaks_for(camp, seat, p.id)]


def open_choices(rules: api.Rules, seat: api.Seat) -> OpenChoices:
    mine = seat_players(rules, seat)
    return OpenChoices(
        withdrawal_choices(rules, mine),
        siege_choices(rules, mine),
        offers(rules, seat, mine),
        partners(rules, mine),
        castle_proposals(rules, mine),
    )


def withdrawal_choices(rules: api.Rules, mine: list[str]) -> tuple[WithdrawalChoice, ...]:
    state, out = sstate(rules), []
    for label, sealed in state.withdrawals.items():
        if sealed.revealed:
            continue
        h, before = api.parse_label(label), label in state.before_battle
        for player in (p for p in sealed.writers if p in mine):
            written = sealed.choices.get(player, "")
            out.append(
                WithdrawalChoice(
                    hex=label,
                    player=player,
                    what=sealed.what,
                    before=before,
                    must="" if before else withdrawal.forced(rules, h, player),
                    to=tuple(
                        rules.campaign.map.label(x)
                        for x in withdrawal.destinations(rules, h, player)
                    ),
                    can_withdraw=bool(withdrawal.withdrawing(rules, h, player)),
                    written=withdrawal.choice_text(written) if written else "",
                    waiting=tuple(sealed.waiting),
                    **walls(rules, h, player),
                )
            )
    return tuple(out)


def walls(rules: api.Rules, h: api.Hex, player: str) -> dict[str, Any]:
    """The units the player may take into its own walls at ``h`` and the room there, when
    it has walls there to withdraw into (R-SU-37)."""
    place = withdrawal.own_walls(rules, h, player)
    if place is None:
        return {}
    units = tuple(
        WallUnit(u.id, u.name, u.points, a.name)
        for a in withdrawal.withdrawing(rules, h, player)
        for u in a.units
    )
    return {"walls": units, "room": castles.garrison_room(rules, place)}


def siege_choices(rules: api.Rules, mine: list[str]) -> tuple[SiegeChoice, ...]:
    return tuple(
        SiegeChoice(
            label, player, sealed.what, sealed.choices.get(player, ""), tuple(sealed.waiting)
        )
        for label, sealed in sstate(rules).sieges.items()
        if not sealed.revealed
        for player in sealed.writers
        if player in mine
    )


def offers(rules: api.Rules, seat: api.Seat, mine: list[str]) -> tuple[OfferLine, ...]:
    state, out = sstate(rules), []
    books = (
        (state.alliances, "ally"),
        (state.temp_alliances, "temporary_alliance"),
        (state.castle_deals, "castle_control"),
    )
    for book, kind in books:
        for offer in book.items:
            if not offer.pending or not (seat.gm or set(offer.circle) & set(mine)):
                continue
            answer_as = next((p for p in offer.waiting if p in mine), "")
            where = str(offer.terms.get("hex", TURN))
            place = rules.campaign.map.settlement(str(offer.terms.get("place", "")))
            out.append(
                OfferLine(
                    offer.id,
                    kind,
                    where,
                    offer.proposer,
                    tuple(offer.parties),
                    answer_as,
                    place=place.name if place else "",
                    to=str(offer.terms.get("to", "")),
                )
            )
    return tuple(out)


def castle_proposals(rules: api.Rules, mine: list[str]) -> tuple[CastleProposal, ...]:
    """In the council, for each castle or city the seat's players share with allies alone,
    every ally there who does not hold it yet, unless an offer for the place is pending
    (R-SU-41): the same checks as ``castle_control``."""
    camp, state = rules.campaign, sstate(rules)
    if camp.phase != "council":
        return ()
    pending = {str(d.terms.get("place", "")) for d in state.castle_deals.items if d.pending}
    out = []
    for place in camp.map.settlements:
        if place.id in pending or not sharing.shared(rules, place):
            continue
        here = sharing.occupants(rules, place)
        out += [
            CastleProposal(p, place.id, place.name, to)
            for p in mine
            if p in here
            for to in here
            if to != place.owner
        ]
    return tuple(out)


def partners(rules: api.Rules, mine: list[str]) -> tuple[Partner, ...]:
    """In the council, every other player still in the war (R-SU-12); while a round
    before a battle of three sides or more is open, every other player with corps in
    that hex (§4.1, R-SU-29). A pair already allied, or with an offer pending between
    them, is not offered again."""
    camp, state, out = rules.campaign, sstate(rules), []
    if camp.phase == "council":
        others = council.players_with_troops(rules)
        out += [
            Partner(p, o, TURN)
            for p in mine
            if p in others
            for o in others
            if o != p and not bound(state.alliances, p, o, TURN)
        ]
    for label in state.before_battle:
        here = list(dict.fromkeys(a.owner for a in corps_at(rules, api.parse_label(label))))
        out += [
            Partner(p, o, label)
            for p in mine
            if p in here
            for o in here
            if o != p and not bound(state.temp_alliances, p, o, label, state.day)
        ]
    return tuple(out)


def bound(book: api.Agreements, a: str, b: str, where: str, day: int | None = None) -> bool:
    """Are ``a`` and ``b`` allied, or an offer pending between them, in ``book`` (for the
    battle at ``where`` on ``day``, or the turn's when ``where`` is TURN)?"""
    return any(
        {a, b} <= set(deal.circle)
        and str(deal.terms.get("hex", TURN)) == where
        and deal.terms.get("day") == day
        and (deal.pending or deal.status == api.AgreementStatus.ACCEPTED)
        for deal in book.items
    )
