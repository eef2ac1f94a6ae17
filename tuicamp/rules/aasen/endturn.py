"""The End of the turn (7.1), elimination (3.1) and victory (4.1).

"A razed territory where a battle was fought this turn is not automatically rebuilt,
though the players of the realm may choose to pay 3 resources to have it rebuilt. A
player may raze his own territory (to avoid blitzes) and may also choose to destroy an
Outpost or Stronghold in a territory he controls" (R-AA-23: in the End of turn).

"A realm is eliminated from the campaign if ... It has no territories at the start of a
turn [or] It has no Generals when invasions are declared. When a realm is eliminated all
territories become neutral" (3.1); pirate realms are never eliminated for holding no
territory (R-AA-9).

"At the end of the campaign the realm that controls the largest number of territories is
the winner. If there is a tie then Wealth is the tiebreaker, then the combined Glory of a
realm's Generals. Should this also be a tie the result is a draw. Since a pirate realm
only has one player ... its territories, wealth and Glory count double" (4.1).
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.aasen import books, injuries, realms
from tuicamp.rules.aasen.state import DEAD, AasenAction, AasenState, astate
from tuicamp.rules.aasen.year import acting_realm


def _own(ctx: api.Context, tid: str) -> tuple[str, api.Territory]:
    realm_id = acting_realm(ctx)
    territory = ctx.found(ctx.campaign.map.territory(tid), f"{tid!r} is no territory")
    ctx.require(territory.owner == realm_id, f"{territory.name} is not your realm's")
    return realm_id, territory


@define(kw_only=True)
class Rebuild(AasenAction):
    kind = "rebuild"
    summary = "Pay 3 Resources to rebuild a razed territory of your realm (territory = its id)"
    territory: str

    def apply(self, ctx: api.Context) -> None:
        """Table 5.1: "Rebuilding a razed territory 3"."""
        realm_id, territory = _own(ctx, self.territory)
        state = astate(ctx)
        ctx.require(territory.id in state.razed, f"{territory.name} is not razed")
        books.spend(
            ctx, realm_id, int(ctx.table("costs")["rebuild"]), f"rebuilding {territory.name}"
        )
        state.razed.remove(territory.id)
        ctx.emit("rebuilt", f"{territory.name} is rebuilt")


@define(kw_only=True)
class RazeOwn(AasenAction):
    kind = "raze_own"
    summary = "Raze a territory of your own realm (to deny the enemy a blitz)"
    territory: str

    def apply(self, ctx: api.Context) -> None:
        _, territory = _own(ctx, self.territory)
        state = astate(ctx)
        ctx.require(territory.id not in state.razed, f"{territory.name} is razed already")
        state.razed.append(territory.id)
        ctx.emit("razed", f"{territory.name} is razed by its own realm (R-AA-23)")


@define(kw_only=True)
class DestroyHolding(AasenAction):
    kind = "destroy_holding"
    summary = "Destroy the Outpost or Stronghold in a territory of your realm"
    territory: str

    def apply(self, ctx: api.Context) -> None:
        _, territory = _own(ctx, self.territory)
        state = astate(ctx)
        kind = ctx.found(state.holdings.get(territory.id), f"{territory.name} has no holding")
        del state.holdings[territory.id]
        ctx.emit("destroyed", f"The {kind} in {territory.name} is destroyed by its own realm")


def eliminate(ctx: api.Context, realm_id: str, why: str) -> None:
    """3.1: "A realm is eliminated from the campaign ... When a realm is eliminated all
    territories become neutral" (R-AA-67): its land is nobody's, the chronicle naming it,
    and its players leave the phase under way as they leave every later one
    (``realms.standing_players``), so that nobody waits for them."""
    camp, state = ctx.campaign, astate(ctx)
    state.eliminated.append(realm_id)
    land = realms.held_by(camp, realm_id)
    for territory in land:
        territory.owner = None
    camp.map.invalidate()
    gone = set(api.teams.members(camp, realm_id))
    flow = camp.flow
    if flow.simultaneous:
        flow.order = [p for p in flow.order if p not in gone]
        flow.ended = [p for p in flow.ended if p not in gone]
    neutral = (
        f"its territories become neutral: {realms.names(land)}"
        if land
        else "it holds no territory to become neutral"
    )
    name = api.teams.name_of(camp, realm_id)
    ctx.emit("eliminated", f"{name} is eliminated: {why}; {neutral} (3.1, R-AA-67)")


def out_of_the_campaign(rules: api.Rules, seat: api.Seat) -> str | None:
    """3.1: a realm eliminated "is eliminated from the campaign": a seat all of whose
    players ruled in eliminated realms has no more say, orders or letters (R-AA-67): why,
    or None for a seat still in it."""
    camp, state = rules.campaign, astate(rules)
    out = [realms.realm_id_of(camp, p) for p in seat.players]
    if seat.gm or not out or any(r not in state.eliminated for r in out):
        return None
    names = " and ".join(dict.fromkeys(api.teams.name_of(camp, r or "") for r in out))
    return f"{names} is out of the campaign (eliminated, 3.1, R-AA-67)"


def gone_idle(rules: api.Rules, player: str) -> str | None:
    """A player of an eliminated realm still in a phase's order (one arranged before the
    realm fell) has nothing to decide there: the flow passes him (R-AA-67)."""
    realm_id = realms.realm_id_of(rules.campaign, player)
    if realm_id is None or realm_id not in astate(rules).eliminated:
        return None
    return f"{api.teams.name_of(rules.campaign, realm_id)} is out of the campaign (3.1)"


def landless(ctx: api.Context) -> None:
    """3.1: "It has no territories at the start of a turn" (never a pirate realm, R-AA-9)."""
    camp, state = ctx.campaign, astate(ctx)
    for team in realms.realms(camp):
        if team.id in state.eliminated or realms.is_pirate(camp, team.id):
            continue
        if not realms.held_by(camp, team.id):
            eliminate(ctx, team.id, "it holds no territory")


def generalless(ctx: api.Context) -> None:
    """3.1: "It has no Generals when invasions are declared"."""
    camp, state = ctx.campaign, astate(ctx)
    for team in realms.realms(camp):
        led = any(injuries.commands(state, m) for m in team.members)
        if team.id not in state.eliminated and not led:
            eliminate(ctx, team.id, "it has no General")


def score(rules: api.Rules, state: AasenState, realm_id: str) -> tuple[int, int, int]:
    """Territories, then Wealth, then the Generals' Glory; a pirate realm's count double."""
    camp = rules.campaign
    factor = 2 if realms.is_pirate(camp, realm_id) else 1
    land = len(realms.held_by(camp, realm_id))
    books_of = state.books.get(realm_id)
    wealth = books_of.wealth if books_of is not None else 0
    members = api.teams.members(camp, realm_id)
    glory = sum(g.glory for p, g in state.generals.items() if p in members and g.fate != DEAD)
    return land * factor, wealth * factor, glory * factor


def victory(rules: api.Rules) -> api.Victory | None:
    camp, state = rules.campaign, astate(rules)
    standing = [t.id for t in realms.realms(camp) if t.id not in state.eliminated]
    if not state.over and len(standing) > 1:
        return None
    scores = {r: score(rules, state, r) for r in standing}
    best = max(scores.values(), default=(0, 0, 0))
    won = [r for r, s in scores.items() if s == best]
    name = api.teams.name_of
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    standings = [
        (p, f"{name(camp, r)}: {s[0]} territories, {s[1]} Wealth, {s[2]} Glory")
        for r, s in ranked
        for p in api.teams.members(camp, r)
    ]
    if len(won) > 1:
        return api.Victory(
            [],
            "The campaign ends in a draw: " + " and ".join(name(camp, r) for r in won),
            standings,
        )
    winners = api.teams.members(camp, won[0]) if won else []
    text = f"The campaign is over: {name(camp, won[0])} wins" if won else "Nobody is left"
    return api.Victory(winners, text, standings)


ACTIONS = (Rebuild, RazeOwn, DestroyHolding)
