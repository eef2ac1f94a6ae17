"""The realms and their land, read off the map: who holds what, the Capital, the Homeland,
the territories connected to a Capital or a Stronghold, and what each territory is.

"The game is intended to be played by six realms, each controlled by two players plus up
to three realms controlled by a single player each" (3): a realm is a team of the
``realm`` kind; one of a single player is a pirate realm. A territory is one hex (R-AA-1):
its owner is the realm's team id, its type is its terrain's (the ``territory_type``
table), and a river is its ``river`` mark. The Capitals, Outposts and Strongholds are
the state's (``capitals``, ``holdings``), by territory.
"""

from __future__ import annotations

from collections.abc import Iterable

from tuicamp.rules import api
from tuicamp.rules.aasen.state import STRONGHOLD, AasenState

RIVER = "river"


def realms(campaign: api.Campaign) -> list[api.Team]:
    """The realms, in the scenario's order."""
    return [t for t in campaign.teams if t.kind is api.TeamKind.REALM]


def realm(campaign: api.Campaign, realm_id: str) -> api.Team | None:
    return next((t for t in realms(campaign) if t.id == realm_id), None)


def is_pirate(campaign: api.Campaign, realm_id: str) -> bool:
    """ "Single-player realms (pirate realms)" (2.1)."""
    team = realm(campaign, realm_id)
    return team is not None and len(team.members) == 1


def realm_id_of(campaign: api.Campaign, player: str) -> str | None:
    """The realm a player rules in, or None."""
    team = api.teams.realm_of(campaign, player)
    return team.id if team is not None else None


def standing_players(rules: api.Rules) -> list[str]:
    """The players who still act: 3.1's eliminated realm "is eliminated from the campaign",
    so its players have no part in any phase (R-AA-67); every phase's order is of these."""
    state = rules.campaign.state
    out = state.eliminated if isinstance(state, AasenState) else []
    return [p.id for p in rules.campaign.players if realm_id_of(rules.campaign, p.id) not in out]


def territory_hex(territory: api.Territory) -> api.Hex:
    """A territory's one hex (R-AA-1: "Each tile represents a separate territory")."""
    return territory.hexes[0]


def land(campaign: api.Campaign) -> list[api.Territory]:
    """Every territory on the map, held or neutral."""
    return [t for t in campaign.map.territories if t.hexes]


def held_by(campaign: api.Campaign, realm_id: str) -> list[api.Territory]:
    return [t for t in land(campaign) if t.owner == realm_id]


def territory_type(rules: api.Rules, territory: api.Territory) -> str:
    """The territory's type (lowland, highland, coastal, primeval forest, swamp), from its
    terrain; "" for a terrain the table does not type (the scenario check names it)."""
    terrain = rules.campaign.map.terrain_at(territory_hex(territory))
    return str(rules.table("territory_type").get(terrain.id, ""))


def has_river(territory: api.Territory) -> bool:
    return RIVER in territory.flags


def neighbours(campaign: api.Campaign, territory: api.Territory) -> list[api.Territory]:
    """The territories adjacent to this one (sea hexes are no territory)."""
    out = []
    for h in campaign.map.neighbours(territory_hex(territory)):
        other = campaign.map.territory_of(h)
        if other is not None and other.id != territory.id:
            out.append(other)
    return out


def sea_hexes(campaign: api.Campaign) -> list[api.Hex]:
    hexmap = campaign.map
    return [h for h in hexmap.hexes() if hexmap.terrain_at(h).sea]


def by_sea(campaign: api.Campaign, territory: api.Territory) -> bool:
    """Does the territory touch the sea?"""
    hexmap = campaign.map
    return any(hexmap.terrain_at(h).sea for h in hexmap.neighbours(territory_hex(territory)))


def holding_in(state: AasenState, territory: api.Territory) -> str:
    """The Outpost or Stronghold standing in the territory ("" for none)."""
    return state.holdings.get(territory.id, "")


def capital_of(campaign: api.Campaign, state: AasenState, realm_id: str) -> api.Territory | None:
    """The realm's own Capital while it holds it; None once it is lost (3.6)."""
    territory = campaign.map.territory(state.capitals.get(realm_id, ""))
    return territory if territory is not None and territory.owner == realm_id else None


def homeland(campaign: api.Campaign, state: AasenState, realm_id: str) -> list[api.Territory]:
    """R-AA-21: the Homeland is the Capital and the adjacent territories the realm holds
    ("the Capital or any of the adjacent territories", 3.5)."""
    capital = capital_of(campaign, state, realm_id)
    if capital is None:
        return []
    return [capital, *(t for t in neighbours(campaign, capital) if t.owner == realm_id)]


def _chain(campaign: api.Campaign, start: api.Territory, realm_id: str) -> set[str]:
    """The realm's territories linked to ``start`` by a chain of its own adjacent land."""
    seen, todo = {start.id}, [start]
    while todo:
        here = todo.pop()
        for other in neighbours(campaign, here):
            if other.owner == realm_id and other.id not in seen:
                seen.add(other.id)
                todo.append(other)
    return seen


def connected(campaign: api.Campaign, state: AasenState, realm_id: str) -> set[str]:
    """R-AA-2: the territories linked by a chain of the realm's own adjacent land
    territories to its Capital, or to one of its Strongholds; razed ones still connect."""
    sources: list[api.Territory] = []
    capital = capital_of(campaign, state, realm_id)
    if capital is not None:
        sources.append(capital)
    for territory in held_by(campaign, realm_id):
        if state.holdings.get(territory.id) == STRONGHOLD:
            sources.append(territory)
    out: set[str] = set()
    for source in sources:
        if source.id not in out:
            out |= _chain(campaign, source, realm_id)
    return out


def earning(campaign: api.Campaign, state: AasenState, realm_id: str) -> list[api.Territory]:
    """5.1: "each territory in a realm which is connected to the Capital or a Stronghold
    and is not razed generates one Support point and one Resource" (R-AA-2)."""
    linked = connected(campaign, state, realm_id)
    return [t for t in held_by(campaign, realm_id) if t.id in linked and t.id not in state.razed]


def names(territories: Iterable[api.Territory]) -> str:
    return ", ".join(t.name for t in territories) or "none"


def pieces(campaign: api.Campaign) -> list[set[str]]:
    """The land's connected pieces, the biggest (the mainland) first."""
    left = {t.id: t for t in land(campaign)}
    pieces: list[set[str]] = []
    while left:
        _, start = left.popitem()
        piece, todo = {start.id}, [start]
        while todo:
            for other in neighbours(campaign, todo.pop()):
                if other.id in left:
                    del left[other.id]
                    piece.add(other.id)
                    todo.append(other)
        pieces.append(piece)
    return sorted(pieces, key=len, reverse=True)


def place_name(campaign: api.Campaign, where: str) -> str:
    """A place as the players read it: a territory by its name, a sea hex (where a
    pirate's fleet may be, 5.3) as "the sea at 0306"."""
    territory = campaign.map.territory(where)
    return territory.name if territory is not None else f"the sea at {where}"
