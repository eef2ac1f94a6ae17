"""The start of a turn: the order of play rolled on 2d6 (R-SU-3) and alliances declared
by mutual consent for the turn (R-SU-12).

"Players move their units in a random order (roll 2d6, highest goes first, 2nd highest
then etc)." "You can declare with an other player at the beginning of the turn that you
are allied."
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.suvinen import control
from tuicamp.rules.suvinen.offers import Offer
from tuicamp.rules.suvinen.state import sstate

ORDER_DICE = "2d6"
# the kind of the turn's alliances in the book (R-SU-12), as the chronicle reads it: "The
# Empire proposes a pact of alliance to Orcs & Goblins"
ALLIANCE = "pact of alliance"
MAX_REROLLS = 20  # a tie re-rolled this often is broken by the slot order


def players_with_troops(rules: api.Rules) -> list[str]:
    """The players still in the war: those with a corps on the map (R-SU-11)."""
    camp = rules.campaign
    return [p.id for p in camp.players if any(a.owner == p.id and a.units for a in camp.armies)]


def roll_order(ctx: api.Context) -> list[str]:
    """Every player rolls 2d6, highest first; tied players re-roll among themselves until
    the tie is broken (R-SU-3). The rolls are told in the chronicle."""
    camp = ctx.campaign
    shown: dict[str, list[int]] = {}

    def rank(group: list[str], depth: int) -> list[str]:
        rolled = {}
        for p in group:
            whose = api.words.possessive(api.teams.name_of(camp, p))
            total = ctx.dice.roll(ORDER_DICE, f"{whose} roll for the order")
            rolled[p] = total.total
            shown.setdefault(p, []).append(total.total)
        out: list[str] = []
        for value in sorted(set(rolled.values()), reverse=True):
            tied = [p for p in group if rolled[p] == value]
            out += rank(tied, depth + 1) if len(tied) > 1 and depth < MAX_REROLLS else tied
        return out

    order = rank(players_with_troops(ctx), 0)
    text = ", ".join(
        f"{api.teams.name_of(camp, p)} {' then '.join(map(str, shown[p]))}" for p in order
    )
    ctx.emit("order", f"Order of play for turn {camp.turn} (2d6, ties re-rolled): {text}")
    return order


def begin_turn(ctx: api.Context) -> None:
    """The council opens: the order of play is rolled and last turn's alliances are over."""
    state = sstate(ctx)
    state.alliances = api.Agreements()
    state.temp_alliances = api.Agreements()
    api.agreements.lapse_due(ctx, state.castle_deals)  # last turn's unanswered (R-SU-41)
    control.tidy(ctx)  # last turn's allies may stand in one hex as enemies now
    state.order = roll_order(ctx)


def side_of_seat(ctx: api.Context, player: str) -> str:
    """The player the seat declares for: the one named, else the seat's first."""
    return api.turns.acting_player(ctx, player)


@define(kw_only=True)
class Ally(Offer):
    """R-SU-12: an alliance for this turn needs both players: one offers (``to``), the other
    accepts (``accept`` = the offer's id) or declines (``decline``)."""

    kind = "ally"
    summary = (
        "Offer another player an alliance for this turn (to = the player), or answer one "
        "(accept = its id, or decline = its id)"
    )
    books = "alliances"

    def agreed(self, ctx: api.Context, done: api.Agreement) -> None:
        names = " and ".join(api.teams.name_of(ctx.campaign, p) for p in done.circle)
        ctx.emit("alliance", f"{names} are allied for turn {ctx.campaign.turn} (R-SU-12)")

    def offer(self, ctx: api.Context, me: str) -> None:
        ctx.require(self.to, 'Name the player to ally with: to = "..." (or accept = an offer id)')
        ctx.player(self.to)
        ctx.require(self.to != me, "A player cannot ally with itself")
        lapses = api.Moment(ctx.campaign.turn, "impulse1")
        api.agreements.propose(ctx, self.book(ctx), ALLIANCE, me, [self.to], lapses=lapses)


ACTIONS = (Ally,)


def perform(ctx: api.Context, action: Ally) -> None:
    """The council's actions carry their own rule (their ``apply``)."""
    action.apply(ctx)


HANDLERS = {kind: perform for kind in ACTIONS}
