"""The alliance dialog (``A``): the offers the seat is asked to answer, each to accept or
decline by its id; the offers it made, with whom they wait for; and the players it may
offer an alliance to, for the turn in the council (R-SU-12) or for a battle of three sides
or more while its round is open (section 4.1, R-SU-29); and, in the council, who of the
allies sharing a castle or city controls it (section 4.6, R-SU-41). Every line sends the
``ally``, ``temporary_alliance`` or ``castle_control`` action the command line sends."""

from __future__ import annotations

from collections.abc import Sequence

from tuicamp.rules.api import Action
from tuicamp.rules.suvinen.choices import TURN, CastleProposal, OfferLine, Partner
from tuicamp.rules.suvinen.council import Ally
from tuicamp.rules.suvinen.screens.base import Option, SuvinenDialog
from tuicamp.rules.suvinen.sharing import ShareCastle
from tuicamp.rules.suvinen.withdrawal import TemporaryAlliance


def what(view_turn: int, where: str) -> str:
    """What an alliance is for, as the dialog reads it: for the turn (R-SU-12) or for one
    battle (section 4.1); short, so an option fits one line at 80 columns."""
    if where == TURN:
        return f"an alliance for turn {view_turn}"
    return f"a temporary alliance for the battle at {where}"


def answer(offer: OfferLine, accept: bool) -> Action:
    """The answer to an offer, by its id, in the action of its book."""
    yes, no = (offer.id, "") if accept else ("", offer.id)
    kind = {"ally": Ally, "castle_control": ShareCastle}.get(offer.kind, TemporaryAlliance)
    return kind(accept=yes, decline=no, player=offer.answer_as)


def propose(partner: Partner) -> Action:
    if partner.hex == TURN:
        return Ally(to=partner.to, player=partner.player)
    return TemporaryAlliance(hex=partner.hex, to=partner.to, player=partner.player)


def claim(proposal: CastleProposal) -> Action:
    return ShareCastle(place=proposal.place, to=proposal.to, player=proposal.player)


class AllianceDialog(SuvinenDialog):
    HEADING = "Alliances"

    def offer_text(self, offer: OfferLine) -> str:
        proposer = self.player_name(offer.proposer)
        if offer.kind == "castle_control":
            return f"{proposer}'s proposal that {self.player_name(offer.to)} controls {offer.place}"
        return f"{proposer}'s offer of {what(self.view.turn, offer.hex)}"

    def intro(self) -> list[str]:
        out = []
        for offer in self.choices.offers:
            if not offer.answer_as:
                waiting = ", ".join(self.player_name(p) for p in offer.parties)
                out.append(f"{self.offer_text(offer)} ({offer.id}): waiting for {waiting}")
        return out

    def build_options(self) -> Sequence[Option]:
        out: list[Option] = []
        for offer in self.choices.offers:
            if offer.answer_as:
                text = f"{self.offer_text(offer)} ({offer.id})"
                out.append(Option(f"Accept {text}", answer(offer, accept=True)))
                out.append(Option(f"Decline {text}", answer(offer, accept=False)))
        players = {p.player for p in self.choices.partners}
        for partner in self.choices.partners:
            who = self.who(partner.player, players)
            to = self.player_name(partner.to)
            text = f"{who}Offer {to} {what(self.view.turn, partner.hex)}"
            out.append(Option(text, propose(partner)))
        players = {c.player for c in self.choices.castles}
        for proposal in self.choices.castles:
            who = self.who(proposal.player, players)
            to = self.player_name(proposal.to)
            out.append(Option(f"{who}Propose that {to} controls {proposal.name}", claim(proposal)))
        return out

    def empty(self) -> str:
        return "No alliance to offer or answer now."
