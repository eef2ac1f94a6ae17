"""Allies who share a castle or city agree who controls it (§4.6, R-SU-20, R-SU-41).

"If occupied by a sole players unit(s) that player may now garrison the Castle. If two or
more allies occupy none of them controls the Castle unless the players reach an unanimous
decission on who gets it, but they still can count it as a supplysource. If the former
allies are later at war with each other they have to fight for it's control."

In the council one of the allies standing in the place proposes who gets it (``to``), an
agreement of the kit's that every other ally there must accept; when the last accepts, the
place is that player's. It lapses when the turn ends unanswered.
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.suvinen import battles
from tuicamp.rules.suvinen.corps import allied, corps_at
from tuicamp.rules.suvinen.offers import Offer

KIND = "castle control"


def occupants(rules: api.Rules, place: api.Settlement) -> list[str]:
    """The players with corps in the place's hex, in the order of their corps."""
    return list(dict.fromkeys(a.owner for a in corps_at(rules, place.hex)))


def shared(rules: api.Rules, place: api.Settlement) -> bool:
    """A castle or city that two or more allies occupy, and nobody hostile: none of them
    controls it until they agree (R-SU-41)."""
    here = occupants(rules, place)
    return (
        place.kind in battles.CASTLE_KINDS
        and len(here) > 1
        and all(allied(rules, a, b) for i, a in enumerate(here) for b in here[i + 1 :])
    )


def shared_lines(rules: api.Rules, seat: api.Seat) -> list[api.StatusLine]:
    """The shared places the seat stands in: nobody controls them until all agree."""
    camp, out = rules.campaign, []
    for place in camp.map.settlements:
        here = occupants(rules, place) if shared(rules, place) else []
        if not here or not (seat.gm or any(p in here for p in seat.players)):
            continue
        names = battles.names_joined([api.teams.name_of(camp, p) for p in here])
        held = api.teams.name_of(camp, place.owner) if place.owner else "nobody"
        text = (
            f"{place.name} ({camp.map.label(place.hex)}) by {names}; held by {held} until "
            f"all agree who controls it (castle_control place={place.id} to=...; R-SU-41)"
        )
        out.append(api.StatusLine("Shared", text))
    return out


def offer_text(rules: api.Rules, terms: dict[str, object]) -> str:
    """What an offer is for, as the status lines say it."""
    camp = rules.campaign
    place = camp.map.settlement(str(terms.get("place", "")))
    to = api.teams.name_of(camp, str(terms.get("to", "")))
    return f"an agreement that {to} controls {place.name if place else '?'} (section 4.6, R-SU-41)"


@define(kw_only=True)
class ShareCastle(Offer):
    kind = "castle_control"
    summary = (
        "In the council, propose to your allies who share a castle or city with you which of "
        "you controls it (place = its id, to = the player), or answer (accept = the "
        "proposal's id, or decline = its id)"
    )
    books = "castle_deals"
    place: str = ""

    def agreed(self, ctx: api.Context, done: api.Agreement) -> None:
        hand_over(ctx, done)

    def offer(self, ctx: api.Context, me: str) -> None:
        camp = ctx.campaign
        place = ctx.found(camp.map.settlement(self.place), f"There is no place {self.place!r}")
        ctx.require(
            shared(ctx, place),
            f"{place.name} is not shared by allies alone: only allies who occupy a castle or "
            "city together agree who controls it (section 4.6, R-SU-41)",
        )
        here = occupants(ctx, place)
        ctx.require(me in here, f"You have no corps in {place.name}")
        ctx.require(
            self.to in here,
            f"Name one of the allies in {place.name}: to = " + " or ".join(f'"{p}"' for p in here),
        )
        ctx.require(place.owner != self.to, f"{place.name} is {self.to}'s already")
        terms: dict[str, object] = {"place": place.id, "to": self.to}
        others = [p for p in here if p != me]
        lapses = api.Moment(camp.turn, "end")
        text = offer_text(ctx, terms)
        book = self.book(ctx)
        api.agreements.propose(ctx, book, KIND, me, others, terms, text=text, lapses=lapses)


def hand_over(ctx: api.Context, deal: api.Agreement) -> None:
    """Every ally in the place agreed: it is the chosen player's, if they are still all
    there and still allies (R-SU-41)."""
    camp = ctx.campaign
    place = camp.map.settlement(str(deal.terms.get("place", "")))
    to = str(deal.terms.get("to", ""))
    ctx.require(
        place is not None and shared(ctx, place) and set(occupants(ctx, place)) == set(deal.circle),
        "The allies who agreed no longer share the place alone: the agreement cannot be kept",
    )
    assert place is not None
    place.owner = to
    names = battles.names_joined([api.teams.name_of(camp, p) for p in deal.circle])
    ctx.emit(
        "castle_control",
        f"{names} agree that {api.teams.name_of(camp, to)} controls {place.name} "
        "(section 4.6, R-SU-41)",
    )


def perform(ctx: api.Context, action: ShareCastle) -> None:
    """The proposal and its answers carry their own rule (its ``apply``)."""
    action.apply(ctx)


ACTIONS = (ShareCastle,)
HANDLERS = {kind: perform for kind in ACTIONS}
