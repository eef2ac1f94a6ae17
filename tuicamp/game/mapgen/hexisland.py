"""A generated tile map set up as Hex Island (the ``aasen`` ruleset, 2.1): realms as
teams, every land tile a territory of its type, and the Capitals and free holdings in
``[ruleset.aasen]``, so the map passes the ruleset's own checks on every seed.

Hex Island has no settlements: its Capitals, Outposts and Strongholds are the ruleset's
(``capitals`` by realm, ``holdings`` by territory). Each realm of two starts with a
Stronghold on its tile farthest from its Capital, so the far land stays linked (R-AA-2);
the pirate realm with one on its shore across the water from its island. A holding is
never put in a swamp ("they'd only sink", 2.2); with no other tile, a realm starts with
none ("up to two Outposts").
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from attrs import frozen

from tuicamp.game.mapgen.fairness import Fairness, revenue
from tuicamp.game.mapgen.land import Land
from tuicamp.game.mapgen.names import Namer, slug, unique
from tuicamp.game.mapgen.realms import PIRATE_ISLAND, Realm, choose_realms, raise_pirate_island
from tuicamp.game.mapgen.roads import lay_roads
from tuicamp.game.mapgen.seats import army, realm_players
from tuicamp.game.mapgen.terrain import Palette
from tuicamp.game.mapgen.tiles import COASTAL, SWAMP, riverside, tile_letters, tile_rows, tile_types
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.forces import Army
from tuicamp.model.hexes import Hex
from tuicamp.model.map import HexMap, Territory
from tuicamp.model.reprs import fields_repr
from tuicamp.model.teams import Team, TeamKind
from tuicamp.model.terrain import Vocabulary
from tuicamp.storage.scenario import PlayerSlot, RulesetSetup

STRONGHOLD = "stronghold"
RIVER = "river"  # a territory's river is its mark (R-AA-1)


@frozen
class HexIsland:
    """The parts of a Hex Island scenario the generator made, and its figures."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    map: HexMap
    players: list[PlayerSlot]
    teams: list[Team]
    armies: list[Army]
    setup: RulesetSetup
    fairness: Fairness
    names: list[str]  # each start's realm in the fairness figures, in their order
    notes: list[str]  # what the figures leave out (the pirate's island)


def hex_island(
    land: Land, players: int, vocabulary: Vocabulary, rng: Callable[[str], Random]
) -> HexIsland:
    """Hex Island on ``land`` (rivers laid) for ``players`` seats; ``rng`` gives each
    stage its own seeded source. An InputError says what to change when it cannot."""
    island = raise_pirate_island(land, rng("island")) if players % 2 else ()
    plan = choose_realms(land, players, island, rng("starts"))
    palette = Palette.of(vocabulary)
    waterways = [f for f in (palette.river, palette.stream) if f]
    by_river = riverside(land, waterways)
    types = tile_types(land, by_river)
    mainland = [r.capital for r in plan.realms if not r.pirate]
    lay_roads(land, mainland, palette.road, palette.bridge, waterways)
    hexmap = HexMap(
        land.width,
        land.height,
        tile_rows(land, types, tile_letters(vocabulary)),
        vocabulary=vocabulary,
    )
    hexmap.hexsides = {f: list(s) for f, s in land.sides.items() if s}
    seats = realm_players(players)
    namer = Namer(rng("names"))
    used: set[str] = set()
    names = {h: namer.place() for h in land.land_hexes()}
    tid = {h: unique(slug(names[h]), used) for h in land.land_hexes()}
    teams = [_team(realm, seats, names[realm.capital], used) for realm in plan.realms]
    ruled = list(zip(teams, plan.realms, strict=True))
    owner = {h: team.id for team, realm in ruled for h in realm.tiles}
    for h in land.land_hexes():
        territory = Territory(tid[h], names[h], [h], owner.get(h), revenue(land, [h]))
        territory.kind = types[h]
        territory.flags = {COASTAL} if types[h] == COASTAL else set()
        if h in by_river:
            territory.flags.add(RIVER)
        hexmap.territories.append(territory)
    capitals = {team.id: tid[realm.capital] for team, realm in ruled}
    holdings = {
        tid[h]: kind for realm in plan.realms for h, kind in _holdings(realm, types).items()
    }
    armies = [army(seats[m], realm.capital) for realm in plan.realms for m in realm.members]
    pirates = [
        f"{team.name}: a pirate realm of {len(realm.tiles)} tiles, its Capital on an island "
        f"of {len(island)} (not in the figures above)"
        for team, realm in ruled
        if realm.pirate
    ]
    return HexIsland(
        map=hexmap,
        players=seats,
        teams=teams,
        armies=armies,
        setup=RulesetSetup(setup={"capitals": capitals, "holdings": holdings}),
        fairness=plan.fairness,
        names=[team.name for team, realm in ruled if not realm.pirate],
        notes=pirates,
    )


def _team(realm: Realm, seats: list[PlayerSlot], capital: str, used: set[str]) -> Team:
    """A realm's team, named after its Capital ("the Corsairs of ..." for a pirate's)."""
    name = f"The Corsairs of {capital}" if realm.pirate else f"The Realm of {capital}"
    return Team(
        id=unique(slug(name), used),
        name=name,
        members=[seats[m].id for m in realm.members],
        kind=TeamKind.REALM,
    )


def _holdings(realm: Realm, types: dict[Hex, str]) -> dict[Hex, str]:
    """The realm's free Stronghold: on its farthest tile from the Capital that is no
    swamp (a pirate's off its island, to link its shore); none when every tile is."""
    shore = realm.tiles[PIRATE_ISLAND:] if realm.pirate else realm.tiles[1:]
    fit = [h for h in shore if types[h] != SWAMP]
    if not fit:
        return {}
    far = max(fit, key=lambda h: (h.distance(realm.capital), -h.row, -h.col))
    return {far: STRONGHOLD}
