"""The year's books: Support and Resources earned as the year begins (5.1), Wealth turned
back into Resources at 3:1 (not by Dwarfs), and unspent Resources turned into Wealth 1:1
at the end of the turn (7.2). Fleets last the turn only (5.3: "Outposts and Strongholds
have the advantage that they stay on the map from turn to turn while fleets do not")."""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.aasen import books, realms
from tuicamp.rules.aasen.state import AasenAction, AasenState, astate

DWARFS = "Dwarfs"


def earn(ctx: api.Context) -> None:
    """5.1: "each territory in a realm which is connected to the Capital or a Stronghold
    and is not razed generates one Support point and one Resource" (R-AA-2); "Pirate realms
    will at this point receive an additional 5 Support points and 5 Resources from their
    off-table backers ... even if they have no territories left on the map at all" (R-AA-9).
    Support is this year's: it is set, not added to."""
    camp, state = ctx.campaign, astate(ctx)
    table = ctx.table("earnings")
    for team in realms.realms(camp):
        if team.id in state.eliminated:
            continue
        earning = realms.earning(camp, state, team.id)
        support = len(earning) * int(table["support_per_territory"])
        resources = len(earning) * int(table["resources_per_territory"])
        if realms.is_pirate(camp, team.id):
            support += int(table["pirate_support"])
            resources += int(table["pirate_resources"])
        books.books_of(ctx, team.id).support = support
        ctx.emit(
            "support",
            f"{team.name} earns {support} Support from {len(earning)} territories",
            visible_to=list(team.members),
            realm=team.id,
            support=support,
        )
        if resources:
            books.change(ctx, team.id, "earned this year", resources=resources)


def hoards_wealth(campaign: api.Campaign, realm_id: str) -> bool:
    """Dwarfs, "Hoarding the Wealth: A Realm that contains one or more Dwarf armies, may
    not transfer Wealth back to Resources"."""
    return any(
        (p := campaign.player(m)) is not None and p.race == DWARFS
        for m in api.teams.members(campaign, realm_id)
    )


@define(kw_only=True)
class ConvertWealth(AasenAction):
    kind = "convert_wealth"
    summary = "Turn Wealth back into Resources, 3 Wealth a Resource (resources = how many)"
    resources: int = 1

    def apply(self, ctx: api.Context) -> None:
        """5.1: "Wealth can also be transformed back into Resources in later turns, but in
        this case 3 points of Wealth are only transformed into a single Resource"; 7.2:
        "in the Start of the turn phase", any of its segments before the declarations
        (R-AA-98)."""
        realm_id = acting_realm(ctx)
        ctx.require(self.resources >= 1, "Turn at least 1 Resource's worth of Wealth")
        ctx.require(
            not hoards_wealth(ctx.campaign, realm_id),
            "A realm with a Dwarf army may not transfer Wealth back to Resources",
        )
        rate = int(ctx.table("earnings")["wealth_per_resource"])
        books.change(
            ctx,
            realm_id,
            f"{rate * self.resources} Wealth turned into {self.resources} Resources",
            wealth=-rate * self.resources,
            resources=self.resources,
        )


def acting_realm(ctx: api.Context) -> str:
    """The realm of the seat's player who acts (any player of the seat, in a Simultaneous
    segment)."""
    player = api.turns.acting_player(ctx, among=api.acting_players(ctx.campaign))
    realm_id = realms.realm_id_of(ctx.campaign, player)
    return ctx.found(realm_id, f"{api.teams.name_of(ctx.campaign, player)} rules in no realm")


def rebuild_unfought(ctx: api.Context) -> None:
    """7.1: "At the end of a turn a razed territory is automatically rebuilt by the locals
    if no battle was fought there this turn. This is free"."""
    camp, state = ctx.campaign, astate(ctx)
    for tid in list(state.razed):
        territory = camp.map.territory(tid)
        if territory is not None and tid not in state.fought_in:
            state.razed.remove(tid)
            ctx.emit("rebuilt", f"{territory.name} is rebuilt by the locals")


def last_year(rules: api.Rules) -> int:
    """The campaign's length in years: the scenario's turn limit (0: no end)."""
    return int(rules.campaign.victory.get("turn_limit", 0) or 0)


def mark_landings(state: AasenState) -> None:
    """6.3: "If you gain a follow-up after launching an amphibious invasion you don't need
    a fleet to transport you - the army is already there" (R-AA-70). The year's invasions
    are forgotten as the next begins, so the invader's Follow-ups won by a landing (the
    same source and target again) are marked now, while they are still known."""
    by_sea = {(i.source, i.target) for i in state.invasions if i.by_sea}
    for bonus in state.bonuses:
        if bonus.kind == "follow-up" and (bonus.source, bonus.target) in by_sea:
            bonus.landed = True


def year_end(ctx: api.Context) -> None:
    """As the End of the turn closes, 7.2: "Any Resources not spent by the end of the turn
    are now transformed into Wealth in a one-to-one ratio"; the fleets launched this turn
    are gone; a realm eliminated is out of the campaign, and books none (R-AA-67). After
    the campaign's last year the campaign is over there and then (4.1: "At
    the end of the campaign"): no further year begins, nor earns anything (R-AA-26)."""
    camp, state = ctx.campaign, astate(ctx)
    mark_landings(state)
    rate = int(ctx.table("earnings")["wealth_per_unspent_resource"])
    for team in realms.realms(camp):
        if team.id in state.eliminated:
            continue  # out of the campaign (3.1, R-AA-67): it books nothing more
        left = books.books_of(ctx, team.id).resources
        if left:
            why = f"{left} unspent Resources become Wealth"
            books.change(ctx, team.id, why, resources=-left, wealth=left * rate)
    if state.fleets:
        ctx.emit("fleets_gone", "The fleets of this turn are gone", undoable=False)
    state.fleets = []
    last = last_year(ctx)
    if last and camp.turn >= last:
        state.over = True


ACTIONS = (ConvertWealth,)
