"""Setting a war up: home bases, divisions and their generals, the campaign total and the
turn limit in hours (the text's "Mapping and preparing").

A scenario's ``[ruleset.ellegaard]`` table says::

    points = 4000                       # the campaign total each side fields
    hours = 36                          # the turn limit (default: the scenario's turn_limit)
    home_bases = { empire = "helmgart" }   # per player: a settlement id or a hex label

"Each of the players decide where they will have their home base"; "All army divisions
start from the home base of the force"; each division has "one army list" and a general,
its unit flagged ``general``, whose Ld every command change is tested on (R-EL-3).
"""

from __future__ import annotations

import difflib
from typing import Any

from tuicamp.rules import api
from tuicamp.rules.ellegaard.state import Division, EllegaardState, Tunnel, estate
from tuicamp.rules.kit.words import possessive

KEYS = ("points", "hours", "home_bases", "tunnels", "quicksand")
DEFAULT_HOURS = 36  # the text's example: "Set a turn limit, for example 36 turns"


def setup_problems(table: dict[str, Any]) -> list[api.Problem]:
    """The shape of the ``[ruleset.ellegaard]`` table: its keys, whole numbers, names."""
    out: list[api.Problem] = []
    for key in table:
        if key not in KEYS:
            close = difflib.get_close_matches(key, KEYS, n=1)
            hint = f"did you mean {close[0]!r}?" if close else "it takes " + ", ".join(KEYS)
            out.append(api.Problem((key,), f"unknown key ({hint})"))
    for key, least in (("points", 1), ("hours", 1)):
        value = table.get(key)
        if value is not None and (
            not isinstance(value, int) or isinstance(value, bool) or value < least
        ):
            out.append(api.Problem((key,), f"{key} is a whole number of at least {least}"))
    dug = table.get("tunnels", {})
    if not isinstance(dug, dict) or not all(
        isinstance(v, list) and all(isinstance(x, str) for x in v) for v in dug.values()
    ):
        text = 'tunnels is a table: player = ["0304", "0305", ...] (hex labels)'
        out.append(api.Problem(("tunnels",), text))
    marked = table.get("quicksand", [])
    if not isinstance(marked, list) or not all(_is_label(x) for x in marked):
        text = 'quicksand is a list of hex labels: ["0302", "0303", ...] (R-EL-36)'
        out.append(api.Problem(("quicksand",), text))
    homes = table.get("home_bases", {})
    if not isinstance(homes, dict):
        out.append(api.Problem(("home_bases",), "home_bases is a table: player = settlement"))
        return out
    for player, where in homes.items():
        if not isinstance(where, str) or not where:
            text = "a home base is a settlement id or a hex label"
            out.append(api.Problem(("home_bases", player), text))
    return out


def _is_label(text: object) -> bool:
    if not isinstance(text, str):
        return False
    try:
        api.parse_label(text)
    except ValueError:
        return False
    return True


def home_hex(campaign: api.Campaign, where: str) -> tuple[api.Hex, str] | None:
    """A home base as the scenario names it: a settlement (its hex and name), else a hex
    label on the map (named by its label); None when it is neither."""
    settlement = campaign.map.settlement(where)
    if settlement is not None:
        return settlement.hex, settlement.name
    try:
        h = api.parse_label(where)
    except ValueError:
        return None
    return (h, campaign.map.label(h)) if campaign.map.contains(h) else None


def default_home(campaign: api.Campaign, player: str) -> tuple[api.Hex, str] | None:
    """Where a player without a named home base has it: its capital, else where its first
    division stands."""
    for s in campaign.map.settlements:
        if s.owner == player and s.kind == "capital":
            return s.hex, s.name
    army = next((a for a in campaign.armies if a.owner == player and a.hex is not None), None)
    if army is None or army.hex is None:
        return None
    return army.hex, campaign.map.label(army.hex)


def turn_limit(campaign: api.Campaign, table: dict[str, Any]) -> int:
    """The war's length in hours: the table's ``hours``, else the scenario's turn_limit,
    else the text's example of 36."""
    hours = table.get("hours") or campaign.victory.get("turn_limit") or DEFAULT_HOURS
    return int(hours)


def set_up(campaign: api.Campaign, table: dict[str, Any]) -> None:
    """A new war's books: each player's home base, every division on Patrol (R-EL-15), no
    War Points yet, the campaign total and the turn limit."""
    state = EllegaardState()
    campaign.state = state
    named = table.get("home_bases", {}) if isinstance(table.get("home_bases"), dict) else {}
    for player in campaign.players:
        where = str(named[player.id]) if player.id in named else ""
        found = home_hex(campaign, where) if where else default_home(campaign, player.id)
        if found is not None:
            state.homes[player.id], state.home_names[player.id] = found
        state.war_points[player.id] = 0
    state.divisions = {a.id: Division() for a in campaign.armies}
    dug = table.get("tunnels", {}) if isinstance(table.get("tunnels"), dict) else {}
    for owner, labels in dug.items():
        for text in labels if isinstance(labels, list) else []:
            try:
                state.tunnels.append(Tunnel(api.parse_label(str(text)), str(owner)))
            except ValueError:
                continue  # campaign_problems names it
    marked = table.get("quicksand", [])
    if isinstance(marked, list):
        state.quicksand = [api.parse_label(x) for x in marked if _is_label(x)]
    totals = [sum(a.points for a in campaign.armies if a.owner == p.id) for p in campaign.players]
    state.points = int(table.get("points") or max(totals, default=0))
    state.hours = turn_limit(campaign, table)


def general(army: api.Army) -> api.Unit | None:
    """The division's general: its unit flagged ``general`` (the first, if several)."""
    return next((u for u in army.units if "general" in u.flags), None)


def campaign_problems(rules: api.Rules) -> list[api.Problem]:
    """What a scenario's war cannot be played with: a player without a home base, a
    division away from it or without a general, or more points than the campaign total."""
    camp, state = rules.campaign, estate(rules)
    out: list[api.Problem] = []
    for player in camp.players:
        if player.id not in state.homes:
            text = (
                f"{player.name} has no home base: name a settlement or hex in "
                f"[ruleset.ellegaard] home_bases"
            )
            out.append(api.Problem(("player", player.id), text))
    for army in camp.armies:
        home = state.homes.get(army.owner)
        if home is not None and army.hex != home:
            where = camp.map.label(army.hex) if army.hex is not None else "off the map"
            text = (
                f"'{army.name}' starts at {where}, not at its home base "
                f'{camp.map.label(home)}: "All army divisions start from the home base"'
            )
            out.append(api.Problem(("army", army.id), text))
        leader = general(army)
        if leader is None or leader.leadership < 1:
            text = f"'{army.name}' has no general: flag one character 'general', with its Ld"
            out.append(api.Problem(("army", army.id), text))
    out += tunnel_problems(rules)
    for player in camp.players:
        fielded = sum(a.points for a in camp.armies if a.owner == player.id)
        if fielded > state.points:
            text = (
                f"{possessive(player.name)} divisions hold {fielded:,} pts, more than the campaign "
                f"total of {state.points:,} pts"
            )
            out.append(api.Problem(("player", player.id), text))
    return out


def tunnel_problems(rules: api.Rules) -> list[api.Problem]:
    """Tunnels dug before play: on the map, under land, by a player, and no more than
    "20 tunnel squares" each (R-EL-27)."""
    camp, state = rules.campaign, estate(rules)
    most = int(rules.table("tunnels").get("pre_dug", 20))
    out = []
    for owner in dict.fromkeys(t.owner for t in state.tunnels):
        if camp.player(owner) is None:
            out.append(api.Problem((), f"tunnels of {owner!r}: there is no such player"))
        mine = [t for t in state.tunnels if t.owner == owner]
        name = api.teams.name_of(camp, owner)
        if len(mine) > most:
            text = f"{name} digs {len(mine)} tunnel hexes before play: at most {most} (R-EL-27)"
            out.append(api.Problem((), text))
        for t in mine:
            if not camp.map.contains(t.hex) or camp.map.terrain_at(t.hex).water:
                text = f"tunnel hex {t.hex.label()} of {name} is off the map or under water"
                out.append(api.Problem((), text))
    return out


def size_warnings(rules: api.Rules) -> list[tuple[api.Army, str]]:
    """R-EL-32: divisions outside the text's example of 500 to 3,000 pts, each with the
    sentence that says so. Advice, not a refusal: told in the chronicle at set-up and in
    the owner's status lines."""
    sizes = rules.table("division_size")
    low, high = int(sizes.get("low", 0)), int(sizes.get("high", 0))
    out = []
    for army in rules.campaign.armies:
        if low <= army.points <= high:
            continue
        text = (
            f"'{army.name}' has {army.points:,} pts: the text suggests divisions of "
            f"{low:,} to {high:,} pts (R-EL-32)"
        )
        out.append((army, text))
    return out
