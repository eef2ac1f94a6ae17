"""Invading through allied territories (5.6): the leave to march through another realm,
and the whole army's march to the territory it invades from.

"You may only move through another realm's territories without invading if you gain their
permission and you may not march through the realm of a Sworn enemy" (5.5); "An army may
attack over land through an friendly realm ... The same limitations as for marching with a
supporting contingent applies, but the marching cost is 2 Resources per territory moved,
rather than just 1 ... The last friendly territory you moved through counts as the
territory you launch the invasion from and as normal you cannot invade from a territory
that is already being invaded or from where an invasion has already been launched".

A realm gives another its leave for the year (``grant_passage``, in the open). The army
sets out from any territory of its own realm and takes the cheapest way through its own
and its hosts' land (R-AA-33): 2 Resources a territory entered, the launch territory
included, a Highland 1 more (not for Dwarfs), Dogs of War 1 less. A Support Contingent
marches by the same leave, through the supported player's realm's land too (R-AA-61).
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.aasen import marching, realms, trust
from tuicamp.rules.aasen.state import AasenAction, AasenState, astate
from tuicamp.rules.aasen.year import acting_realm


def key(granter: str, grantee: str) -> str:
    return f"{granter}>{grantee}"


def sworn_realms(campaign: api.Campaign, state: AasenState, player: str) -> set[str]:
    """The realms with a Sworn enemy of the player in them: never marched through."""
    return {
        team.id
        for team in realms.realms(campaign)
        if any(trust.sworn(state, player, m) for m in team.members)
    }


def hosts(rules: api.Rules, player: str) -> set[str]:
    """The realms whose land the player's army may march through this year: his own and
    every realm that gave his its leave, but no realm of a Sworn enemy of his."""
    camp, state = rules.campaign, astate(rules)
    own = realms.realm_id_of(camp, player) or ""
    granted = {r for r in (t.id for t in realms.realms(camp)) if key(r, own) in state.passages}
    return ({own} | granted) - (sworn_realms(camp, state, player) - {own})


def contingent_hosts(rules: api.Rules, sender: str, ally: str) -> set[str]:
    """R-AA-61: the realms whose land the sender's Support Contingent marches through this
    year: his army's hosts (his own realm and each that gave it leave, no Sworn enemy's)
    and the realm ``ally`` of the player it is sent to."""
    return hosts(rules, sender) | ({ally} - {""})


def by_leave(campaign: api.Campaign, path: list[str], lenders: set[str]) -> str:
    """How a march tells the realms whose leave it used (R-AA-61): the ``lenders`` that
    hold land on the path beyond the start, in the order it enters them; "" if none."""
    owners = (campaign.map.territory(tid) for tid in path[1:])
    used = dict.fromkeys(t.owner for t in owners if t is not None and t.owner in lenders)
    names = [api.teams.name_of(campaign, r) for r in used if r is not None]
    return f", through the land of {' and '.join(names)} by leave" if names else ""


def army_march(
    rules: api.Rules, player: str, launch: api.Territory
) -> tuple[int, list[str]] | None:
    """The cheapest march of the player's army from his realm's land to ``launch`` through
    friendly land (R-AA-33): its cost and path (his own territory first); None if none."""
    camp = rules.campaign
    own = realms.realm_id_of(camp, player) or ""
    friendly = hosts(rules, player)
    if launch.owner not in friendly:
        return None

    def step(other: api.Territory) -> int | None:
        if other.owner in friendly and other.owner != own:
            return marching.entry_cost(rules, player, other, "army_march")
        return None

    return marching.cheapest(camp, realms.held_by(camp, own), launch, step)


@define(kw_only=True)
class GrantPassage(AasenAction):
    kind = "grant_passage"
    summary = (
        "Give another realm leave to march through your land this year, its armies and its "
        "Support Contingents (to = the realm)"
    )
    to: str

    def apply(self, ctx: api.Context) -> None:
        """5.5: "You may only move through another realm's territories without invading if
        you gain their permission" (R-AA-33: for the year, told to all)."""
        camp, state = ctx.campaign, astate(ctx)
        realm_id = acting_realm(ctx)
        other = ctx.found(realms.realm(camp, self.to), f"{self.to!r} is no realm")
        ctx.require(other.id != realm_id, "A realm's own army marches through its own land")
        ctx.require(key(realm_id, other.id) not in state.passages, "Their leave is given already")
        state.passages.append(key(realm_id, other.id))
        name = api.teams.name_of
        ctx.emit(
            "passage",
            f"{name(camp, realm_id)} gives {name(camp, other.id)} leave to march through its "
            "land this year (5.6)",
        )


ACTIONS = (GrantPassage,)
