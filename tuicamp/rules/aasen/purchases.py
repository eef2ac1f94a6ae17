"""The Promotions & Purchases segment (5.3): each realm writes its sheet in secret, and
"Once everyone has handed in their sheets, the organiser reveals them all"; then the
purchases are paid at the table 5.1 costs and placed.

"Fleets may be placed in any Coastal or river territory you currently control ... while
Outposts and Strongholds may be placed in any territory you control"; "Special: Pirate
realms may, if they wish, place fleets they purchase in any sea territory"; "You cannot
build Outposts / Strongholds in a territory containing swamps" (2.2).
"""

from __future__ import annotations

from functools import partial

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.aasen import books, officers, realms
from tuicamp.rules.aasen.state import OUTPOST, STRONGHOLD, AasenAction, Fleet, PurchaseSheet, astate
from tuicamp.rules.aasen.year import acting_realm


def open_sheets(ctx: api.Context) -> None:
    """A new sheet for every realm still in the campaign, each turn."""
    camp, state = ctx.campaign, astate(ctx)
    writers = [t.id for t in realms.realms(camp) if t.id not in state.eliminated]
    state.sheets = api.SealedChoice(
        f"sheets{camp.turn}", "Promotions & Purchases sheets", writers, kind="sheet"
    )


def describe(campaign: api.Campaign, sheet: PurchaseSheet) -> str:
    """A sheet as the chronicle tells it, each place by its name."""
    parts = [
        f"{what} in {', '.join(realms.place_name(campaign, w) for w in where)}"
        for what, where in (
            ("Outposts", sheet.outposts),
            ("Strongholds", sheet.strongholds),
            ("Outposts made Strongholds", sheet.upgrades),
            ("fleets", sheet.fleets),
        )
        if where
    ]
    return "; ".join(parts + officers.describe(sheet)) or "nothing bought"


def cost(rules: api.Rules, sheet: PurchaseSheet) -> int:
    """Table 5.1: "Purchase an Outpost 4", "Purchase a Stronghold 7", "Upgrade an Outpost
    to a Stronghold 4", "Launching a fleet 2"."""
    costs = rules.table("costs")
    return (
        len(sheet.outposts) * int(costs["outpost"])
        + len(sheet.strongholds) * int(costs["stronghold"])
        + len(sheet.upgrades) * int(costs["upgrade"])
        + len(sheet.fleets) * int(costs["fleet"])
        + officers.cost(rules, sheet)
    )


def _own(ctx: api.Context, realm_id: str, tid: str) -> api.Territory:
    territory = ctx.found(ctx.campaign.map.territory(tid), f"{tid!r} is no territory")
    ctx.require(territory.owner == realm_id, f"{territory.name} is not your realm's")
    return territory


def _check_building(ctx: api.Context, realm_id: str, sheet: PurchaseSheet) -> None:
    state = astate(ctx)
    built = [*sheet.outposts, *sheet.strongholds]
    ctx.require(len(built) == len(set(built)), "One Outpost or Stronghold a territory")
    for tid in built:
        territory = _own(ctx, realm_id, tid)
        kind = realms.territory_type(ctx, territory)
        ctx.require(
            ctx.table("type_rules")[kind]["fortify"],
            f"{territory.name} is a swamp: no Outpost or Stronghold there (they'd only sink)",
        )
        ctx.require(tid not in state.holdings, f"{territory.name} has a holding already")
    for tid in sheet.upgrades:
        territory = _own(ctx, realm_id, tid)
        ctx.require(
            state.holdings.get(tid) == OUTPOST and tid not in built,
            f"{territory.name} has no Outpost to make a Stronghold",
        )


def at_sea(campaign: api.Campaign, where: str) -> bool:
    """Whether ``where`` names a sea hex (its label)."""
    try:
        return campaign.map.terrain_at(api.turns.parse_hex(campaign.map, where)).sea
    except api.RuleError:
        return False


def _check_fleets(ctx: api.Context, realm_id: str, sheet: PurchaseSheet) -> None:
    camp = ctx.campaign
    pirate = realms.is_pirate(camp, realm_id)
    for where in sheet.fleets:
        territory = camp.map.territory(where)
        if territory is None and pirate:
            h = api.turns.parse_hex(camp.map, where)
            ctx.require(camp.map.terrain_at(h).sea, f"{where} is neither a territory nor sea")
            continue
        ctx.require(
            territory is not None or not at_sea(camp, where),
            f"{where} is a sea hex: only a pirate realm may place its fleets in any sea "
            "territory (5.3); launch yours from a coastal or river territory of your realm",
        )
        territory = _own(ctx, realm_id, where)
        kind = realms.territory_type(ctx, territory)
        ctx.require(
            ctx.table("type_rules")[kind]["fleets"] or realms.has_river(territory),
            f"{territory.name} is neither coastal nor on a river: no fleet is launched there",
        )


@define(kw_only=True)
class WriteSheet(AasenAction):
    kind = "write_sheet"
    summary = (
        "Write your realm's sealed Promotions & Purchases sheet: territories for new "
        "outposts, strongholds, upgrades of outposts, and fleets (pirates: a sea hex too); "
        "officers = {player = [names]} made Senior Officers, generals = {player = name} a "
        "Senior Officer made General, encourage = [players] (Skaven: a retired General's "
        "grisly example)"
    )
    outposts: list[str] = field(factory=list)
    strongholds: list[str] = field(factory=list)
    upgrades: list[str] = field(factory=list)
    fleets: list[str] = field(factory=list)
    officers: dict[str, list[str]] = field(factory=dict)
    generals: dict[str, str] = field(factory=dict)
    encourage: list[str] = field(factory=list)

    def apply(self, ctx: api.Context) -> None:
        realm_id = acting_realm(ctx)
        sheet = PurchaseSheet(
            list(self.outposts),
            list(self.strongholds),
            list(self.upgrades),
            list(self.fleets),
            {p: list(names) for p, names in self.officers.items()},
            dict(self.generals),
            list(self.encourage),
            officers.lost(ctx, realm_id),
        )
        _check_building(ctx, realm_id, sheet)
        officers.check(ctx, realm_id, sheet)
        _check_fleets(ctx, realm_id, sheet)
        has, needs = books.books_of(ctx, realm_id).resources, cost(ctx, sheet)
        ctx.require(needs <= has, f"The sheet costs {needs} Resources; the realm has {has}")
        sheets = astate(ctx).sheets
        if (
            api.sealed.write(ctx, sheets, realm_id, sheet, partial(describe, ctx.campaign))
            is not None
        ):
            carry_out(ctx)


def carry_out(ctx: api.Context) -> None:
    """The sheets are revealed: each realm pays and places what it bought, in the order of
    the realms."""
    camp, state = ctx.campaign, astate(ctx)
    for realm_id, sheet in state.sheets.choices.items():
        name = api.teams.name_of(camp, realm_id)
        books.spend(ctx, realm_id, cost(ctx, sheet), "Promotions & Purchases")
        for tid in sheet.outposts:
            state.holdings[tid] = OUTPOST
        for tid in [*sheet.strongholds, *sheet.upgrades]:
            state.holdings[tid] = STRONGHOLD
        for where in sheet.fleets:
            state.fleets.append(Fleet(realm_id, where))
        officers.carry_out(ctx, realm_id, sheet)
        if describe(camp, sheet) != describe(camp, PurchaseSheet()):
            ctx.emit("purchases", f"{name} places its purchases: {describe(camp, sheet)}")


def blockers(rules: api.Rules, player: str) -> list[str]:
    realm_id = realms.realm_id_of(rules.campaign, player)
    if realm_id in astate(rules).sheets.waiting:
        return ["First: hand in your realm's Promotions & Purchases sheet (write_sheet)"]
    return []


ACTIONS = (WriteSheet,)
