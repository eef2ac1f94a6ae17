"""Setting Hex Island up (2.1): the realms, their Capitals and Homelands, the free
Stronghold or two Outposts, each player's General and the trust table.

The scenario fixes the allocation (R-AA-7's option), or leaves it to the players' draft
(``starts = [...]``, its land nobody's: ``draft``, R-AA-48). Fixed, its ``[[territory]]``
owners are the picks made, its realms in the order they rank (Realm 1 first), and its
``[ruleset.aasen]`` table places the rest::

    capitals = { reach = "hag-hold" }          # per realm: its Capital's territory
    holdings = { serpentwood = "stronghold" }  # per territory: an outpost or a stronghold
    generals = { malus = "Malus Darkblade" }   # per player: his General's name
    marks = { vraxx = "slaanesh" }             # per player: his General's Mark of Chaos

(The Capitals and holdings are the ruleset's, not the map's settlements: a pirate's
Capital stands on an island no road reaches.)

The checks here are what a Games Master must fix before play, each naming the place:
territories of one hex with a type, coastal land by the sea (R-AA-10), realms of two
players or one (a pirate realm), 11 or 6 territories each, a Capital with its Homeland,
no realm of Sworn enemies (3.3).
"""

from __future__ import annotations

import difflib
from typing import Any

from tuicamp.rules import api
from tuicamp.rules.aasen import realms, trust
from tuicamp.rules.aasen.state import (
    HOLDINGS,
    OUTPOST,
    STRONGHOLD,
    SWORN,
    AasenState,
    Draft,
    General,
    RealmBooks,
    pair_key,
)

KEYS = ("capitals", "holdings", "generals", "marks")
LISTS = ("starts",)  # the starting territories of a draft (R-AA-48)


def setup_problems(table: dict[str, Any], mark_names: list[str]) -> list[api.Problem]:
    """The shape of the ``[ruleset.aasen]`` table: its keys, names and marks."""
    out: list[api.Problem] = []
    for key in table:
        if key in LISTS:
            if not isinstance(table[key], list) or not all(isinstance(t, str) for t in table[key]):
                out.append(api.Problem((key,), f'{key} is a list of territory ids: ["..."]'))
            continue
        if key not in KEYS:
            close = difflib.get_close_matches(key, KEYS, n=1)
            hint = f"did you mean {close[0]!r}?" if close else "it takes " + ", ".join(KEYS + LISTS)
            out.append(api.Problem((key,), f"unknown key ({hint})"))
    for key in KEYS:
        value = table.get(key, {})
        if not isinstance(value, dict):
            out.append(api.Problem((key,), f'{key} is a table: player = "..."'))
            continue
        for player, word in value.items():
            if not isinstance(word, str) or not word.strip():
                out.append(api.Problem((key, player), f"{key}.{player} is a name in quotes"))
            elif key == "marks" and word not in mark_names:
                known = ", ".join(mark_names)
                out.append(api.Problem((key, player), f"{word!r} is no Mark of Chaos ({known})"))
            elif key == "holdings" and word not in HOLDINGS:
                text = f"{word!r} is no holding ({', '.join(HOLDINGS)})"
                out.append(api.Problem((key, player), text))
    return out


def _table(table: dict[str, Any], key: str) -> dict[str, str]:
    value = table.get(key, {})
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}


def set_up(rules: api.Rules, table: dict[str, Any]) -> AasenState:
    """A new campaign's books: empty ledgers for every realm (they earn as the first year
    begins), each player's General made by the first turn's free promotion (R-AA-15) with
    Glory 0, the marks, and the trust between every two players (R-AA-3)."""
    camp = rules.campaign
    state = AasenState()
    names, marks = _table(table, "generals"), _table(table, "marks")
    state.marks = {p: m for p, m in marks.items() if camp.player(p) is not None}
    for player in camp.players:
        state.generals[player.id] = General(names.get(player.id) or f"{player.name}'s General")
    for team in realms.realms(camp):
        state.books[team.id] = RealmBooks()
        state.realm_order.append(team.id)
    state.trust = trust.trust_table(rules, state.marks)
    starts = table.get("starts")
    if isinstance(starts, list):  # the players draft the island (R-AA-7, R-AA-48)
        state.draft = Draft([str(t) for t in starts])
        return state
    state.capitals = _table(table, "capitals")
    state.holdings = _table(table, "holdings")
    return state


# --- the campaign a scenario starts ---------------------------------------------------


def _map_problems(rules: api.Rules) -> list[api.Problem]:
    """One hex per territory, every land hex a territory, each of a type (R-AA-1); coastal
    land wherever the land touches the sea (R-AA-10); rivers only where the text has them."""
    camp, out = rules.campaign, []
    hexmap = camp.map
    for t in hexmap.territories:
        where = ("territory", t.id)
        if len(t.hexes) != 1:
            out.append(
                api.Problem(where, f"territory {t.id!r} is one hex (R-AA-1), not {len(t.hexes)}")
            )
            continue
        terrain = hexmap.terrain_at(t.hexes[0])
        kind = realms.territory_type(rules, t)
        if terrain.sea or not kind:
            known = ", ".join(f"{k} ({v})" for k, v in rules.table("territory_type").items())
            out.append(
                api.Problem(
                    where,
                    f"territory {t.id!r} stands on {terrain.name}, "
                    f"which is no territory type ({known})",
                )
            )
            continue
        if realms.by_sea(camp, t) and not rules.table("type_rules")[kind]["fleets"]:
            out.append(
                api.Problem(
                    where, f"territory {t.id!r} touches the sea: make it coastal land (R-AA-10)"
                )
            )
        if realms.has_river(t) and not rules.table("type_rules")[kind]["river"]:
            out.append(
                api.Problem(
                    where,
                    f"territory {t.id!r} is {kind}: only lowland, "
                    "highland and coastal territories have rivers",
                )
            )
    for h in hexmap.hexes():
        if not hexmap.terrain_at(h).sea and hexmap.territory_of(h) is None:
            out.append(
                api.Problem(
                    ("map",),
                    f"hex {hexmap.label(h)} is land of no territory: "
                    "every tile is a territory (R-AA-1)",
                )
            )
    return out


def _capital_problems(
    rules: api.Rules, state: AasenState, team: api.Team, pirate: bool
) -> list[api.Problem]:
    """2.1: a two-player realm's Capital on the mainland with "the six territories
    immediately around it" its Homeland; a pirate realm's on an island, "the three other
    territories on the island" its Homeland."""
    camp = rules.campaign
    where: tuple[str, ...] = ("capitals", team.id)
    territory = camp.map.territory(state.capitals.get(team.id, ""))
    if territory is None:
        named = state.capitals.get(team.id)
        why = f"{named!r} is no territory" if named else "none is named"
        return [api.Problem(where, f"realm {team.id!r} needs a Capital ({why})")]
    if territory.owner != team.id:
        return [api.Problem(where, f"{territory.name} is not realm {team.id!r}'s land")]
    mainland, *islands = realms.pieces(camp) or [set()]
    around = realms.neighbours(camp, territory)
    if not pirate:
        if territory.id not in mainland:
            text = f"{territory.name}: a two-player realm's Capital is on the mainland"
            return [api.Problem(where, text)]
        if len(around) != 6 or any(t.owner != team.id for t in around):
            text = (
                f"{territory.name}: the six territories around it are realm "
                f"{team.id!r}'s Homeland and must be its own"
            )
            return [api.Problem(where, text)]
        return []
    island = next((piece for piece in islands if territory.id in piece), None)
    if island is None:
        return [api.Problem(where, f"{territory.name}: a pirate realm's Capital is on an island")]
    owners = {t.owner for t in realms.land(camp) if t.id in island}
    if owners != {team.id} or len(island) != len(around) + 1:
        text = (
            f"{territory.name}: the island is the pirate realm's Homeland, all its own "
            "and all next to its Capital"
        )
        return [api.Problem(where, text)]
    return []


def _holding_problems(rules: api.Rules, state: AasenState, team: api.Team) -> list[api.Problem]:
    """2.1: "either a single Stronghold or up to two Outposts in any territory they
    control"; 2.2: "You cannot build Outposts / Strongholds in a territory containing
    swamps"."""
    camp, out = rules.campaign, []
    free = rules.table("free_holdings")
    mine = {}
    for tid, kind in state.holdings.items():
        territory = camp.map.territory(tid)
        if territory is None or territory.owner != team.id:
            continue
        mine[tid] = kind
        if not rules.table("type_rules")[realms.territory_type(rules, territory)]["fortify"]:
            text = f"{territory.name}: no Outpost or Stronghold in a swamp (they'd only sink)"
            out.append(api.Problem(("holdings", tid), text))
    strongholds = sum(1 for k in mine.values() if k == STRONGHOLD)
    outposts = sum(1 for k in mine.values() if k == OUTPOST)
    if (strongholds and outposts) or strongholds > free[STRONGHOLD] or outposts > free[OUTPOST]:
        text = f"realm {team.id!r} starts with one Stronghold or up to two Outposts, not both"
        out.append(api.Problem(("holdings", next(iter(mine))), text))
    return out


def _realm_problems(rules: api.Rules, state: AasenState) -> list[api.Problem]:
    camp, out = rules.campaign, []
    sizes = rules.table("realm_size")
    ids = {t.id for t in realms.realms(camp)}
    for t in realms.land(camp):
        if t.owner is not None and t.owner not in ids:
            out.append(
                api.Problem(
                    ("territory", t.id),
                    f"territory {t.id!r} belongs to {t.owner!r}, which is no realm",
                )
            )
    for p in camp.players:
        if realms.realm_id_of(camp, p.id) is None:
            out.append(
                api.Problem(
                    ("player", p.id),
                    f"player {p.id!r} rules in no realm: add him to a [[team]] of kind realm",
                )
            )
        if p.race not in rules.table("trust").get("side", {}):
            out.append(
                api.Problem(
                    ("player", p.id),
                    f"{p.race!r} is not in the trust table (tables.trust.side): give it a side",
                )
            )
    for team in realms.realms(camp):
        pirate = realms.is_pirate(camp, team.id)
        if len(team.members) not in (sizes["pirate_players"], sizes["normal_players"]):
            out.append(
                api.Problem(
                    ("player", team.members[0]),
                    f"realm {team.id!r} has {len(team.members)} players: a realm "
                    "has two, a pirate realm one",
                )
            )
            continue
        held = len(realms.held_by(camp, team.id))
        size = sizes["pirate" if pirate else "normal"]
        if held != size:
            noun = "pirate realm" if pirate else "realm of two"
            out.append(
                api.Problem(
                    ("player", team.members[0]),
                    f"realm {team.id!r} holds {held} territories; a {noun} "
                    f"starts with {size} (R-AA-1)",
                )
            )
        out += _capital_problems(rules, state, team, pirate)
        out += _holding_problems(rules, state, team)
        for i, a in enumerate(team.members):
            for b in team.members[i + 1 :]:
                if state.trust.get(pair_key(a, b)) == SWORN:
                    out.append(
                        api.Problem(
                            ("player", b),
                            f"{a!r} and {b!r} are Sworn enemies and may not "
                            "form a realm together (3.3)",
                        )
                    )
    for tid in state.holdings:
        territory = camp.map.territory(tid)
        if territory is None or territory.owner is None:
            out.append(api.Problem(("holdings", tid), f"{tid!r} is no territory of a realm"))
    for s in camp.map.settlements:
        text = (
            f"{s.name}: Hex Island's Capitals, Outposts and Strongholds are named in "
            "[ruleset.aasen] (capitals, holdings), not as settlements"
        )
        out.append(api.Problem(("settlement", s.id), text))
    return out


def campaign_problems(rules: api.Rules) -> list[api.Problem]:
    state = rules.campaign.state
    if not isinstance(state, AasenState):
        return []
    if state.draft is not None:
        return _map_problems(rules) + _draft_problems(rules, state)
    return _map_problems(rules) + _realm_problems(rules, state)


def _draft_problems(rules: api.Rules, state: AasenState) -> list[api.Problem]:
    """A draft's island: all its land nobody's, exactly the realms' territories, and a
    starting territory each on the mainland (a realm of two) or an island (a pirate
    realm, R-AA-48)."""
    camp, out = rules.campaign, []
    assert state.draft is not None
    sizes = rules.table("realm_size")
    teams = realms.realms(camp)
    pirates = [t for t in teams if realms.is_pirate(camp, t.id)]
    need = len(pirates) * int(sizes["pirate"]) + (len(teams) - len(pirates)) * int(sizes["normal"])
    land = realms.land(camp)
    if len(land) != need:
        text = (
            f"the draft needs {need} territories for its realms (11 a realm of two, 6 a "
            f"pirate realm), not {len(land)}"
        )
        out.append(api.Problem(("map",), text))
    for held in land:
        if held.owner is not None:
            text = f"in a draft {held.id!r} starts as nobody's"
            out.append(api.Problem(("territory", held.id), text))
    mainland, *_ = realms.pieces(camp) or [set()]
    found = {tid: camp.map.territory(tid) for tid in state.draft.starts}
    out += [
        api.Problem(("starts",), f"{tid!r} is no territory")
        for tid, t in found.items()
        if t is None
    ]
    on_main = sum(1 for t in found.values() if t is not None and t.id in mainland)
    off = sum(1 for t in found.values() if t is not None and t.id not in mainland)
    if on_main < len(teams) - len(pirates) or off < len(pirates):
        text = (
            f"the draft needs a starting territory on the mainland for each realm of two "
            f"({len(teams) - len(pirates)}) and on an island for each pirate realm ({len(pirates)})"
        )
        out.append(api.Problem(("starts",), text))
    return out
