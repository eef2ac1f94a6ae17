"""Setting a campaign up (point 1 of the issue): corps and their leaders, Home Castles and
cities with their garrisons, the campaign's size.

A scenario's ``[ruleset.suvinen]`` table says::

    points = 3500                                  # each player's troops at most (R-SU-7)
    home_castles = { empire = "altdorf" }          # per player: a settlement id
    garrisons = { altdorf = "altdorf-garrison" }   # per castle or city: the army in it

A player without a named Home Castle has its own settlement of kind ``castle``.
"""

from __future__ import annotations

import difflib
from typing import Any

from tuicamp.rules import api
from tuicamp.rules.suvinen.corps import leader
from tuicamp.rules.suvinen.state import Corps, SuvinenState, sstate

KEYS = ("points", "home_castles", "garrisons")
CASTLE_KINDS = ("castle", "capital")
GARRISON_KINDS = ("castle", "capital", "city")


def setup_problems(table: dict[str, Any]) -> list[api.Problem]:
    """The shape of the ``[ruleset.suvinen]`` table: its keys, a whole number, two tables."""
    out: list[api.Problem] = []
    for key in table:
        if key not in KEYS:
            close = difflib.get_close_matches(key, KEYS, n=1)
            hint = f"did you mean {close[0]!r}?" if close else "it takes " + ", ".join(KEYS)
            out.append(api.Problem((key,), f"unknown key ({hint})"))
    points = table.get("points")
    if points is not None and (
        not isinstance(points, int) or isinstance(points, bool) or points < 1
    ):
        out.append(api.Problem(("points",), "points is a whole number of at least 1"))
    for key, what in (
        ("home_castles", "player = settlement id"),
        ("garrisons", "settlement id = army id"),
    ):
        value = table.get(key, {})
        if not isinstance(value, dict) or not all(isinstance(v, str) and v for v in value.values()):
            out.append(api.Problem((key,), f"{key} is a table: {what}"))
    return out


def _strings(table: dict[str, Any], key: str) -> dict[str, str]:
    value = table.get(key, {})
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}


def default_castle(campaign: api.Campaign, player: str) -> str | None:
    """A player's own castle when the scenario names none."""
    for kind in CASTLE_KINDS:
        for s in campaign.map.settlements:
            if s.owner == player and s.kind == kind:
                return s.id
    return None


def set_up(campaign: api.Campaign, table: dict[str, Any], rules: api.Rules) -> None:
    """A new campaign's books: a record per corps, the Home Castles (each remembers its
    original owner, R-SU-20), the garrisons and the campaign's size."""
    state = SuvinenState()
    campaign.state = state
    named = _strings(table, "home_castles")
    for player in campaign.players:
        castle = named.get(player.id) or default_castle(campaign, player.id)
        if castle is not None:
            state.home_castles[player.id] = castle
            found = campaign.map.settlement(castle)
            if found is not None and found.original_owner is None:
                found.original_owner = player.id
    state.garrisons = _strings(table, "garrisons")
    state.corps = {a.id: Corps() for a in campaign.armies}
    size = rules.table("campaign")
    state.points = int(table.get("points") or size.get("points", 3500))


def campaign_problems(rules: api.Rules) -> list[api.Problem]:
    """What a scenario's campaign cannot be played with, each in words a Games Master can
    act on: no Home Castle, a corps without a leader, more than the campaign's points, a
    garrison that is not in its castle or is too big."""
    camp, state = rules.campaign, sstate(rules)
    out: list[api.Problem] = []
    for player in camp.players:
        castle = state.home_castles.get(player.id)
        found = camp.map.settlement(castle) if castle else None
        if found is None:
            text = (
                f"{player.name} has no Home Castle: give it a settlement of kind 'castle' or "
                f"name one in [ruleset.suvinen] home_castles"
                + (f" ({castle!r} is no settlement)" if castle else "")
            )
            out.append(api.Problem(("player", player.id), text))
        fielded = sum(a.points for a in camp.armies if a.owner == player.id)
        if fielded > state.points:
            text = (
                f"{api.words.possessive(player.name)} troops hold {fielded:,} pts, more than "
                "the campaign's "
                f"{state.points:,} pts each (R-SU-7)"
            )
            out.append(api.Problem(("player", player.id), text))
    garrisoned = set(state.garrisons.values())
    for army in camp.armies:
        if army.id not in garrisoned and leader(army) is None:
            text = (
                f"'{army.name}' has no leader: flag one of its characters 'leader' (R-SU-24), "
                'or it "can only stand around doing nothing"'
            )
            out.append(api.Problem(("army", army.id), text))
    out += garrison_problems(rules)
    return out


def garrison_problems(rules: api.Rules) -> list[api.Problem]:
    """R-SU-20: a garrison is one army in a castle or city hex, of its owner, at most
    1,000 pts."""
    camp, state = rules.campaign, sstate(rules)
    most = int(rules.table("campaign").get("garrison_points", 1000))
    out: list[api.Problem] = []
    for place, army_id in state.garrisons.items():
        settlement, army = camp.map.settlement(place), camp.army(army_id)
        where = ("settlement", place)
        if settlement is None or settlement.kind not in GARRISON_KINDS:
            text = f"garrisons: {place!r} is no castle or city of the map"
            out.append(api.Problem(where, text))
            continue
        if army is None:
            out.append(
                api.Problem(
                    where, f"the garrison of {settlement.name}: there is no army {army_id!r}"
                )
            )
            continue
        if army.hex != settlement.hex:
            where_it_is = f"{settlement.name} ({camp.map.label(settlement.hex)})"
            text = f"the garrison '{army.name}' does not stand in {where_it_is}"
            out.append(api.Problem(where, text))
        if army.points > most:
            text = (
                f"the garrison '{army.name}' holds {army.points:,} pts: a castle or city "
                f"garrisons at most {most:,} pts (R-SU-20)"
            )
            out.append(api.Problem(where, text))
    return out
