"""Amphibious invasions (5.7): an army carried by its realm's fleet to a coastal territory,
the fare of table 5.2 and the mishaps of table 5.3.

"When declaring an amphibious invasion, the starting territory is always the one containing
the fleet, while the territory you invade can be any other coastal territory in the same
sea. Declare which route your fleet will take to reach its destination, a fleet can move
freely through any sea or coastal territory or along any river"; "A fleet may only carry
one army per campaign turn". Table 5.2: "1 - 3 Free, 4 - 6 1, 7 - 9 2, Each additional 3
+1". "If your chosen path passes through or ends up in a territory containing an enemy
Stronghold or a Capital, or if it passes through or ends up in the patrol area of an enemy
fleet, you must roll a D6 for each Stronghold, Capital and Fleet and select the lowest
result" (R-AA-11: one die per fleet). Table 5.3, cumulative: 4 the defender +1 on his
pre-game rolls, 3 the result one step to the defender (R-AA-12), 2 the invader 10 % smaller,
1 the invasion fails.

The route is the players' (``route``: the territories and sea hexes entered, the target
last) or, when none is given, the shortest by water (R-AA-34).

"Fleets may also be used to transport Supporting Contingents if you wish, but a fleet can
only transport a single force per turn. If you are transporting a contingent, treat results
of 3 and 4 on the table as 5+ instead": a Contingent's 2 takes a tenth off it, its 1 turns
the fleet back and the Contingent never arrives (R-AA-49).

"A fleet can even transport an army or support contingent belonging to an friendly realm,
though only one that at least one army in the realm trusts" (3.2: "An army may not be
transported on a fleet from a realm where it does not Trust at least one of the armies"):
a realm that gave the player's realm its leave this year (R-AA-33), one of whose players
Trusts him (R-AA-51). The player a Contingent sails to support is no enemy of it: his
realm's Strongholds, Capital and fleets give it no die (R-AA-60).
"""

from __future__ import annotations

from collections import deque

from tuicamp.rules import api
from tuicamp.rules.aasen import realms, trust
from tuicamp.rules.aasen.state import STRONGHOLD, AasenState, Fleet, astate
from tuicamp.rules.kit.words import possessive

FAILS, SMALLER, SHIFTED, HAMPERED = 1, 2, 3, 4  # table 5.3's results, cumulative downwards


def place(campaign: api.Campaign, where: str) -> api.Hex:
    """The hex of a territory id or a sea hex's label."""
    territory = campaign.map.territory(where)
    if territory is not None:
        return realms.territory_hex(territory)
    return api.turns.parse_hex(campaign.map, where)


def name_of(campaign: api.Campaign, h: api.Hex) -> str:
    """A route's step as the players write it: the territory's id, or the sea hex's label."""
    territory = campaign.map.territory_of(h)
    return territory.id if territory is not None else campaign.map.label(h)


def coastal(rules: api.Rules, territory: api.Territory) -> bool:
    """Whether a fleet lands a force on the territory: its type is coastal (R-AA-10)."""
    return bool(rules.table("type_rules")[realms.territory_type(rules, territory)]["fleets"])


def afloat(rules: api.Rules, h: api.Hex) -> bool:
    """5.7: "a fleet can move freely through any sea or coastal territory or along any
    river"."""
    camp = rules.campaign
    if camp.map.terrain_at(h).sea:
        return True
    territory = camp.map.territory_of(h)
    if territory is None:
        return False
    return coastal(rules, territory) or realms.has_river(territory)


def shortest(rules: api.Rules, start: api.Hex, goal: api.Hex) -> list[api.Hex] | None:
    """The fewest hexes entered by water from ``start`` to ``goal`` (the start excluded)."""
    hexmap = rules.campaign.map
    came: dict[api.Hex, api.Hex | None] = {start: None}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        if h == goal:
            path = []
            step: api.Hex | None = h
            while step is not None and step != start:
                path.append(step)
                step = came[step]
            return path[::-1]
        for n in hexmap.neighbours(h):
            if n not in came and afloat(rules, n):
                came[n] = h
                queue.append(n)
    return None


def checked_route(
    ctx: api.Context, start: api.Hex, goal: api.Hex, route: list[str]
) -> list[api.Hex]:
    """The players' route, each step next to the one before and afloat, ending at the goal."""
    camp = ctx.campaign
    hexes, here = [], start
    for step in route:
        h = place(camp, step)
        ctx.require(h in camp.map.neighbours(here), f"{step} does not border the route's last step")
        ctx.require(afloat(ctx, h), f"{step}: a fleet goes by sea, coastal land and rivers only")
        hexes.append(h)
        here = h
    ctx.require(bool(hexes) and hexes[-1] == goal, "The route ends in the territory invaded")
    return hexes


def fare(rules: api.Rules, entered: int) -> int:
    """Table 5.2: "1 - 3 Free, 4 - 6 1, 7 - 9 2, Each additional 3 +1"."""
    table = rules.table("fleet_transport")
    free, per = int(table["free_up_to"]), int(table["per"])
    return 0 if entered <= free else (entered - free + per - 1) // per


def patrol(rules: api.Rules, fleet: Fleet) -> set[api.Hex]:
    """5.3: a fleet "will patrol that territory and all adjacent coastal, river and sea
    territories"."""
    h = place(rules.campaign, fleet.where)
    return {h, *(n for n in rules.campaign.map.neighbours(h) if afloat(rules, n))}


def dangers(rules: api.Rules, friends: set[str], route: list[api.Hex]) -> list[str]:
    """R-AA-11: what the route gives a mishap die for: each enemy Stronghold or Capital on
    the way or at the end, and each enemy fleet whose patrol area it enters (one a fleet);
    the ``friends`` are no enemies: the carried force's realm and the fleet's (R-AA-51),
    and for a Contingent the realm of the player it sails to support (R-AA-60)."""
    camp, state = rules.campaign, astate(rules)
    out = []
    for h in route:
        territory = camp.map.territory_of(h)
        if territory is None or territory.owner is None or territory.owner in friends:
            continue
        if state.holdings.get(territory.id) == STRONGHOLD:
            out.append(f"the Stronghold in {territory.name}")
        if realms.capital_of(camp, state, territory.owner) == territory:
            out.append(f"the Capital {territory.name}")
    entered = set(route)
    for fleet in state.fleets:
        if fleet.realm not in friends and patrol(rules, fleet) & entered:
            out.append(f"{api.teams.name_of(camp, fleet.realm)}'s fleet")
    return out


def fleet_at(state: AasenState, realm_id: str, where: str) -> Fleet | None:
    return next(
        (f for f in state.fleets if f.realm == realm_id and f.where == where and not f.used), None
    )


def lends(campaign: api.Campaign, state: AasenState, fleet: Fleet, player: str) -> bool:
    """R-AA-51: a friendly realm's fleet carries the player's force when that realm gave
    his realm its leave this year and at least one of its armies Trusts his."""
    own = realms.realm_id_of(campaign, player) or ""
    if fleet.realm == own:
        return True
    if f"{fleet.realm}>{own}" not in state.passages:
        return False
    return any(trust.trusts(state, m, player) for m in api.teams.members(campaign, fleet.realm))


def carrier(rules: api.Rules, player: str, where: str) -> Fleet | None:
    """The fleet at ``where`` free to carry the player's force: his realm's own first, else
    a friendly realm's that lends it (R-AA-51)."""
    camp, state = rules.campaign, astate(rules)
    free = [f for f in state.fleets if f.where == where and not f.used]
    own = realms.realm_id_of(camp, player) or ""
    free.sort(key=lambda f: f.realm != own)
    return next((f for f in free if lends(camp, state, f, player)), None)


def route_text(campaign: api.Campaign, fleet: Fleet) -> str:
    """5.7's "route your fleet will take" as the players read it, each place by name."""
    names = [realms.place_name(campaign, s) for s in [fleet.where, *fleet.route]]
    return f"from {names[0]} by {', '.join(names[1:])} ({len(fleet.route)} entered)"


ARMY, CONTINGENT = "army", "Support Contingent"  # the two forces a fleet carries (5.7)


def sail(
    ctx: api.Context,
    player: str,
    realm_id: str,
    where: str,
    target: api.Territory,
    route: list[str],
    force: str = ARMY,
    ally: str = "",
) -> tuple[int, int]:
    """The fleet at ``where`` carries the player's army (or Support Contingent, sent to a
    player of the realm ``ally``) to ``target``: the fleet is used, the mishap dice rolled;
    returns the fare, for the caller to pay, and the lowest die (0: no die was rolled)."""
    camp = ctx.campaign
    named = realms.place_name(camp, where)
    fleet = ctx.found(
        carrier(ctx, player, where),
        f"No fleet at {named} this year is free to carry your force: one force a fleet a "
        "year, your realm's or a friendly realm's that gave you leave and Trusts you "
        "(5.7, R-AA-51)",
    )
    ctx.require(
        coastal(ctx, target),
        f"{target.name} is not coastal: a fleet lands its {force} on a coastal territory",
    )
    start, goal = place(camp, where), realms.territory_hex(target)
    hexes = checked_route(ctx, start, goal, route) if route else shortest(ctx, start, goal)
    way = ctx.found(
        hexes, f"No way by water reaches {target.name} from {realms.place_name(camp, where)}"
    )
    cost = fare(ctx, len(way))
    have = astate(ctx).books[realm_id].resources
    ctx.require(
        have >= cost,
        f"The voyage enters {len(way)} territories: {cost} Resources (table 5.2), and your "
        f"realm has {have}",
    )
    fleet.used, fleet.carried, fleet.route = True, player, [name_of(camp, h) for h in way]
    who = api.teams.name_of(camp, player)
    text = f"{possessive(who)} {force} sails {route_text(camp, fleet)} (5.7, R-AA-86)"
    ctx.emit("voyage", text, player=player)  # before the dice, which go with the declaration
    threats = dangers(ctx, {realm_id, fleet.realm, ally} - {""}, way)
    lowest = 0
    if threats:
        what = "" if force == ARMY else f" with a {force}"
        rolled = ctx.dice.roll(f"{len(threats)}d6", f"{who}'s fleet{what}: {', '.join(threats)}")
        lowest = min(rolled.dice) if rolled.dice else rolled.total
    return cost, lowest


MISHAP_TEXT = {
    FAILS: "the fleet is forced to head back: the invasion fails",
    SMALLER: "the invading army is 10 % smaller, the result shifts a step to the defender, "
    "and the defender has +1 on his pre-game rolls",
    SHIFTED: "the result shifts a step to the defender, who has +1 on his pre-game rolls",
    HAMPERED: "the defender has +1 on his pre-game rolls",
}


CONTINGENT_MISHAP_TEXT = {
    FAILS: "the fleet is forced to head back: the Contingent never arrives",
    SMALLER: "the Contingent is 10 % smaller",
}


def mishap_text(lowest: int, force: str = ARMY) -> str:
    """Table 5.3 for the lowest die rolled (a Contingent's 3 and 4 count as 5+)."""
    texts = MISHAP_TEXT if force == ARMY else CONTINGENT_MISHAP_TEXT
    return texts.get(lowest, "the fleet moves through unhindered")


def smaller(rules: api.Rules, points: int, lowest: int) -> int:
    """Table 5.3's 2 (or worse, short of a 1): "The invading force is reduced by 10%"."""
    if 0 < lowest <= SMALLER:
        return points - points * int(rules.table("army_size")["mishap_percent"]) // 100
    return points
