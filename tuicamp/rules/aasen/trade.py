"""Trade (5.2, R-AA-19): "During this segment the realms may freely trade Resources,
Territories and captured prisoners. Note that this is the only time that trade can be done
and that saved Wealth cannot be traded. All trade is done openly, though any deals behind
the trade need not be open and the realms are free to honour or break any deals".

One realm offers (what it gives, what it asks), the other accepts or declines; the
exchange is made as it is accepted, each side then still having what it gives. An offer
not answered lapses as the segment ends. A captive given or asked changes hands as the
offer is accepted: bought back by his own realm he is free (R-AA-46).
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.aasen import books, captives, realms
from tuicamp.rules.aasen.state import AasenAction, astate
from tuicamp.rules.aasen.year import acting_realm
from tuicamp.rules.kit.words import possessive

TRADE = "trade"
WEALTH_KEPT = "only Resources are traded, never the Wealth saved, 5.2"


def open_trade(ctx: api.Context) -> None:
    """A new book of offers each year, its ids going on from last year's: an id is never
    given twice (R-ALL-7), so an answer to last year's offer never meets another."""
    state = astate(ctx)
    state.trades = api.Agreements(next_id=state.trades.next_id)


def close_trade(ctx: api.Context) -> None:
    api.agreements.lapse_due(ctx, astate(ctx).trades, api.Moment(ctx.campaign.turn, "purchases"))


def _territories(ctx: api.Context, realm_id: str, tids: list[str]) -> list[api.Territory]:
    out = []
    for tid in tids:
        territory = ctx.found(ctx.campaign.map.territory(tid), f"{tid!r} is no territory")
        name = api.teams.name_of(ctx.campaign, realm_id)
        ctx.require(
            territory.owner == realm_id, f"{territory.name} is not {possessive(name)} to give"
        )
        out.append(territory)
    return out


def _words(ctx: api.Context, resources: int, tids: list[str], held: list[str]) -> str:
    parts = [f"{resources} Resources"] if resources else []
    parts += [t.name for tid in tids if (t := ctx.campaign.map.territory(tid)) is not None]
    parts += [f"the captive {captives.ref_text(ctx, ref)}" for ref in held]
    return ", ".join(parts) or "nothing"


def _hand_over(ctx: api.Context, giver: str, taker: str, resources: int, tids: list[str]) -> None:
    camp = ctx.campaign
    if resources:
        name = api.teams.name_of(camp, taker)
        books.change(ctx, giver, f"traded to {name}", resources=-resources)
        books.change(
            ctx, taker, f"traded from {api.teams.name_of(camp, giver)}", resources=resources
        )
    for territory in _territories(ctx, giver, tids):
        territory.owner = taker
    camp.map.invalidate()


@define(kw_only=True)
class Trade(AasenAction):
    kind = "trade"
    summary = (
        "Trade with another realm: to = the realm, give/ask = Resources, give_land/ask_land "
        "= territories, give_captives/ask_captives = captives held (PLAYER for his General, "
        "PLAYER:NAME for a Senior Officer); or accept / decline = an offer's id"
    )
    to: str = ""
    give: int = 0
    ask: int = 0
    give_land: list[str] = field(factory=list)
    ask_land: list[str] = field(factory=list)
    give_captives: list[str] = field(factory=list)
    ask_captives: list[str] = field(factory=list)
    accept: str = ""
    decline: str = ""

    def apply(self, ctx: api.Context) -> None:
        camp, state = ctx.campaign, astate(ctx)
        realm_id = acting_realm(ctx)
        book = state.trades
        if self.decline:
            api.agreements.decline(ctx, book, self.decline, realm_id)
            return
        if self.accept:
            offer = ctx.found(book.get(self.accept), f"There is no offer {self.accept!r}")
            done = api.agreements.accept(ctx, book, self.accept, realm_id)
            if done is not None:
                terms = offer.terms
                has = books.books_of(ctx, realm_id).resources
                ctx.require(
                    has >= int(terms["ask"]),
                    f"{api.teams.name_of(camp, realm_id)} has {has} Resources, not the "
                    f"{terms['ask']} asked ({WEALTH_KEPT})",
                )
                _hand_over(
                    ctx, offer.proposer, realm_id, int(terms["give"]), list(terms["give_land"])
                )
                _hand_over(
                    ctx, realm_id, offer.proposer, int(terms["ask"]), list(terms["ask_land"])
                )
                me = api.turns.acting_player(ctx, among=api.teams.members(camp, realm_id))
                for ref in terms.get("give_captives", []):
                    captives.sell(ctx, offer.proposer, realm_id, ref, str(terms.get("by", "")))
                for ref in terms.get("ask_captives", []):
                    captives.sell(ctx, realm_id, offer.proposer, ref, me)
            return
        other = ctx.found(realms.realm(camp, self.to), f"{self.to!r} is no realm")
        ctx.require(other.id != realm_id, "A realm trades with another realm")
        ctx.require(self.give >= 0 and self.ask >= 0, "Resources are given or asked, never below 0")
        has = books.books_of(ctx, realm_id).resources
        ctx.require(
            self.give <= has,
            f"{api.teams.name_of(camp, realm_id)} has {has} Resources: it cannot give "
            f"{self.give} ({WEALTH_KEPT})",
        )
        _territories(ctx, realm_id, list(self.give_land))
        _territories(ctx, other.id, list(self.ask_land))
        for ref in self.give_captives:
            captives.parse_ref(ctx, ref, realm_id)
        for ref in self.ask_captives:
            captives.parse_ref(ctx, ref, other.id)
        terms = {
            "give": self.give,
            "ask": self.ask,
            "give_land": list(self.give_land),
            "ask_land": list(self.ask_land),
            "give_captives": list(self.give_captives),
            "ask_captives": list(self.ask_captives),
            "by": api.turns.acting_player(ctx, among=api.teams.members(camp, realm_id)),
        }
        text = (
            f"gives {_words(ctx, self.give, list(self.give_land), list(self.give_captives))} "
            f"for {_words(ctx, self.ask, list(self.ask_land), list(self.ask_captives))}"
        )
        api.agreements.propose(
            ctx,
            book,
            TRADE,
            realm_id,
            [other.id],
            terms,
            text=text,
            lapses=api.Moment(camp.turn, "purchases"),
            public=True,
        )


def pending(rules: api.Rules) -> list[str]:
    """The offers of the Trade segment still waiting for an answer, by id."""
    camp, name = rules.campaign, api.teams.name_of
    return [
        f"Offer {offer.id} ({name(camp, offer.proposer)}: {offer.text}) waits for "
        f"{', '.join(name(camp, r) for r in offer.waiting)} (trade accept={offer.id} or "
        f"decline={offer.id})"
        for offer in astate(rules).trades.items
        if offer.pending
    ]


ACTIONS = (Trade,)
