"""The scenario's alliances: ``alliances = [["p1", "p3"], ...]`` made the campaign's teams.

"Warhammer Campaign is designed to be played by 2 or more players, working in allegiance
or as opposing forces." An alliance is a team of the kit (:mod:`tuicamp.model.teams`, kind
alliance) in ``campaign.teams``, so the ruleset's enmity is the kit's (answered by
:func:`shared.common.enemies`). A scenario may write it in its ``[ruleset.rauscher]``
table, as before, or as a ``[[team]]`` of its own; both work, and an alliance written in
both is one team. ``setup_problems`` sees only the [ruleset.rauscher] table, so it checks
the key's shape (and the neutral forces named in the same table); what needs the
campaign (players, the ``[[team]]`` alliances too) is :func:`campaign_problems`, which
``tuicamp check`` and ``tuicamp new`` ask.

Ruling (as before the teams): allies see each other's counters in full and share what
their scouts learn, so an alliance of the key shares its vision; a ``[[team]]`` says so
itself (``shared_vision``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tuicamp.engine.problems import Problem
from tuicamp.model.campaign import Campaign
from tuicamp.model.teams import Team, TeamKind
from tuicamp.rules.kit.teams import members
from tuicamp.rules.rauscher.shared.common import rstate, side_key

EXAMPLE = 'e.g. alliances = [["p1", "p3"]]'
ONE_ALLIANCE = "a player may be in one alliance only"


def read(setup: dict[str, Any]) -> list[list[str]]:
    """The alliances as lists of player ids; anything malformed is left out (the checks
    below have reported it)."""
    raw = setup.get("alliances", [])
    if not isinstance(raw, list):
        return []
    return [[p for p in sworn if isinstance(p, str)] for sworn in raw if isinstance(sworn, list)]


def _at_alliance(index: int, text: str) -> Problem:
    """A problem of the key's ``index``-th alliance, named ``alliances.0`` (the first) in
    its message, as the check has always named it."""
    return Problem(("alliances", index), text, written=f"alliances.{index}")


def setup_problems(setup: dict[str, Any]) -> list[Problem]:
    """The shape of the key: a list of lists of player ids, each alliance two or more
    players, a player in at most one alliance, and no neutral force in any."""
    raw = setup.get("alliances", [])
    if not isinstance(raw, list):
        return [Problem(("alliances",), f"should be a list of lists of player ids, {EXAMPLE}")]
    out: list[Problem] = []
    neutral = setup.get("neutral_players", [])
    neutral = set(neutral) if isinstance(neutral, list) else set()
    seen: dict[str, int] = {}
    for i, sworn in enumerate(raw):
        if not isinstance(sworn, list) or not all(isinstance(p, str) for p in sworn):
            out.append(_at_alliance(i, f"should be a list of player ids, {EXAMPLE}"))
            continue
        if len(set(sworn)) < 2:
            out.append(_at_alliance(i, "an alliance needs at least two different players"))
        for pid in sworn:
            if pid in neutral:
                text = f"{pid!r} is a neutral force: it stands against every player"
                out.append(_at_alliance(i, text))
            if pid in seen and seen[pid] != i:
                text = f"{pid!r} is already in alliance {seen[pid] + 1}: {ONE_ALLIANCE}"
                out.append(_at_alliance(i, text))
            seen.setdefault(pid, i)
    return out


def _alliances(campaign: Campaign) -> list[Team]:
    return [t for t in campaign.teams if t.kind is TeamKind.ALLIANCE]


def campaign_problems(campaign: Campaign) -> list[str]:
    """Members that are no player (nor realm) of the campaign, a player in two alliances
    or a neutral force in one (of the key and the ``[[team]]`` tables alike), and a war
    with nobody left to fight."""
    known = [p.id for p in campaign.players]
    realms = {t.id for t in campaign.teams if t.kind is TeamKind.REALM}
    neutral = set(rstate(campaign).neutral_players)
    out = []
    joined: dict[str, Team] = {}  # each player's first alliance
    for team in _alliances(campaign):
        for pid in team.members:
            if pid not in known and pid not in realms:
                out.append(f"alliances: {pid!r} is not a player (players: {', '.join(known)})")
            if pid in neutral:
                out.append(f"alliances: {pid!r} is a neutral force: it stands against every player")
        for pid in members(campaign, team.id):
            first = joined.setdefault(pid, team)
            if first is not team:
                out.append(
                    f"alliances: {pid!r} is in {first.name} and in {team.name}: {ONE_ALLIANCE}"
                )
    playing = [p for p in known if p not in neutral]
    if len(playing) >= 2 and len({side_key(campaign, p) for p in playing}) == 1:
        out.append("alliances: every player is in one alliance, so nobody has an enemy")
    return out


def alliance_team(player_names: Mapping[str, str], sworn: list[str], taken: Iterable[str]) -> Team:
    """The team for an alliance of the key: an id no player or team has (``alliance1``,
    ``alliance2``...), named after its players, sharing its vision (the ruling above)."""
    used = set(taken) | set(player_names)
    number = 1
    while f"alliance{number}" in used:
        number += 1
    names = [player_names.get(p, p) for p in sworn]
    title = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)
    return Team(f"alliance{number}", f"Alliance of {title}", list(sworn), TeamKind.ALLIANCE, True)


def add_alliances(campaign: Campaign, alliances: list[list[str]]) -> None:
    """Each alliance a team of the campaign, unless one of those players is there already
    (a scenario may declare it as a ``[[team]]`` too: named twice, it is one)."""
    names = {p.id: p.name for p in campaign.players}
    for sworn in alliances:
        if any(set(t.members) == set(sworn) for t in _alliances(campaign)):
            continue
        campaign.teams.append(alliance_team(names, sworn, (t.id for t in campaign.teams)))


def setup(campaign: Campaign, setup_table: dict[str, Any]) -> None:
    add_alliances(campaign, read(setup_table))
