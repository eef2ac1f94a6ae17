"""The scenario's alliances: reading and checking ``alliances = [["p1", "p3"], ...]``.

"Warhammer Campaign is designed to be played by 2 or more players, working in allegiance
or as opposing forces." Who is whose enemy is answered by :func:`shared.common.enemies`; this
module only brings the set-up key in and says what is wrong with it. ``setup_problems``
sees only the [ruleset.rauscher] table, so it checks the shape (and the neutral forces
named in the same table); whether the ids are players needs the campaign
(:func:`campaign_problems`, which ``tuicamp check`` and ``tuicamp new`` ask).
"""

from __future__ import annotations

from typing import Any

from tuicamp.model.campaign import Campaign
from tuicamp.rules.rauscher.shared.common import rstate, side_key

EXAMPLE = 'e.g. alliances = [["p1", "p3"]]'


def read(setup: dict[str, Any]) -> list[list[str]]:
    """The alliances as lists of player ids; anything malformed is left out (the checks
    below have reported it)."""
    raw = setup.get("alliances", [])
    if not isinstance(raw, list):
        return []
    return [
        [p for p in members if isinstance(p, str)] for members in raw if isinstance(members, list)
    ]


def setup_problems(setup: dict[str, Any]) -> list[tuple[str, str]]:
    """The shape of the key: a list of lists of player ids, each alliance two or more
    players, a player in at most one alliance, and no neutral force in any."""
    raw = setup.get("alliances", [])
    if not isinstance(raw, list):
        return [("alliances", f"should be a list of lists of player ids, {EXAMPLE}")]
    out: list[tuple[str, str]] = []
    neutral = setup.get("neutral_players", [])
    neutral = set(neutral) if isinstance(neutral, list) else set()
    seen: dict[str, int] = {}
    for i, members in enumerate(raw):
        where = f"alliances.{i}"
        if not isinstance(members, list) or not all(isinstance(p, str) for p in members):
            out.append((where, f"should be a list of player ids, {EXAMPLE}"))
            continue
        if len(set(members)) < 2:
            out.append((where, "an alliance needs at least two different players"))
        for pid in members:
            if pid in neutral:
                out.append((where, f"{pid!r} is a neutral force: it stands against every player"))
            if pid in seen and seen[pid] != i:
                out.append(
                    (
                        where,
                        f"{pid!r} is already in alliance {seen[pid] + 1}: "
                        "a player may be in one alliance only",
                    )
                )
            seen.setdefault(pid, i)
    return out


def campaign_problems(campaign: Campaign) -> list[str]:
    """Ids that are no player of the campaign, and a war with nobody left to fight."""
    known = [p.id for p in campaign.players]
    out = []
    for members in rstate(campaign).alliances:
        for pid in members:
            if pid not in known:
                out.append(f"alliances: {pid!r} is not a player (players: {', '.join(known)})")
    neutral = set(rstate(campaign).neutral_players)
    playing = [p for p in known if p not in neutral]
    if len(playing) >= 2 and len({side_key(campaign, p) for p in playing}) == 1:
        out.append("alliances: every player is in one alliance, so nobody has an enemy")
    return out


def setup(campaign: Campaign, setup_table: dict[str, Any]) -> None:
    rstate(campaign).alliances = read(setup_table)
