"""Who stands with whom: the one answer every rule asks (may this army attack that one, is
this settlement an enemy's, whose sight does a player share).

The campaign's teams (:mod:`tuicamp.model.teams`) are read this way:

* A *power* is a realm, or a player in no realm. A realm is one power, so its players
  share their friends: a player named in an alliance brings the whole realm with it.
* Two players are *friendly* when they are of one power or some alliance joins both
  their powers. Alliances are not passed on: an alliance of A and B and one of B and C do
  not make A and C friends.
* An *owner* is a player id or a team id (land may be a team's); it stands for the
  players :func:`members` gives. Two owners are *hostile* when no player of one is
  friendly with any player of the other, so a player is never hostile to itself, its
  realm or its allies, and nobody (None, or an id that names no one) is hostile to anyone.

Nothing here names a ruleset: a ruleset with neutral forces, or alliances that break in
battle, builds on these answers.
"""

from __future__ import annotations

from collections.abc import Iterable

from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Seat
from tuicamp.model.teams import Team, TeamKind


def team(campaign: Campaign, team_id: str | None) -> Team | None:
    return next((t for t in campaign.teams if t.id == team_id), None)


def _powers(campaign: Campaign) -> dict[str, str]:
    """Each player's power: the id of the realm it rules in, or its own id."""
    out = {p.id: p.id for p in campaign.players}
    for t in campaign.teams:
        if t.kind is TeamKind.REALM:
            for member in t.members:
                if member in out and out[member] == member:  # the first realm counts
                    out[member] = t.id
    return out


def _alliance_powers(t: Team, powers: dict[str, str]) -> set[str]:
    """The powers an alliance joins: its players' powers, and the realms it names."""
    return {powers.get(m, m) for m in t.members}


def _alliances(campaign: Campaign) -> list[Team]:
    return [t for t in campaign.teams if t.kind is TeamKind.ALLIANCE]


def _in_order(campaign: Campaign, players: Iterable[str], first: str | None = None) -> list[str]:
    chosen = set(players)
    ordered = [p.id for p in campaign.players if p.id in chosen and p.id != first]
    return [first, *ordered] if first is not None and first in chosen else ordered


def realm_of(campaign: Campaign, player: str | None) -> Team | None:
    """The realm ``player`` rules in (a player rules in one at most)."""
    power = _powers(campaign).get(player or "")
    return team(campaign, power) if power and power != player else None


def teams_of(campaign: Campaign, player: str | None) -> list[Team]:
    """Every team ``player`` is of: its realm, then each alliance that joins its power."""
    powers = _powers(campaign)
    if player not in powers:
        return []
    realm = realm_of(campaign, player)
    joined = [t for t in _alliances(campaign) if powers[player] in _alliance_powers(t, powers)]
    return ([realm] if realm else []) + joined


def team_of(campaign: Campaign, player: str | None) -> Team | None:
    """The team a player is first of: its realm, else its first alliance, else None."""
    found = teams_of(campaign, player)
    return found[0] if found else None


def members(campaign: Campaign, owner: str | None) -> list[str]:
    """The players an owner stands for, in the campaign's order: a player itself; a
    realm its players; an alliance the players of every power it joins. [] for None or
    an id that names nobody."""
    powers = _powers(campaign)
    if owner in powers:
        return [owner]
    t = team(campaign, owner)
    if t is None:
        return []
    joined = {t.id} if t.kind is TeamKind.REALM else _alliance_powers(t, powers)
    return _in_order(campaign, (p for p, power in powers.items() if power in joined))


def friendly(campaign: Campaign, a: str | None, b: str | None) -> bool:
    """Are two players (not owners: see :func:`hostile`) of one power, or allied?"""
    powers = _powers(campaign)
    if a not in powers or b not in powers:
        return False
    pa, pb = powers[a], powers[b]
    if pa == pb:
        return True
    return any({pa, pb} <= _alliance_powers(t, powers) for t in _alliances(campaign))


def allies(campaign: Campaign, player: str | None) -> list[str]:
    """Every other player on ``player``'s side: its realm's players and its allies'."""
    if player is None:
        return []
    return [p.id for p in campaign.players if p.id != player and friendly(campaign, player, p.id)]


def hostile(campaign: Campaign, a: str | None, b: str | None) -> bool:
    """Does owner ``a`` stand against owner ``b``? Owners are player or team ids; they are
    hostile when no player of one is friendly with any player of the other."""
    side_a, side_b = members(campaign, a), members(campaign, b)
    if not side_a or not side_b:
        return False
    return not any(friendly(campaign, x, y) for x in side_a for y in side_b)


def sees_with(campaign: Campaign, player: str | None) -> list[str]:
    """The players whose sight ``player`` shares, itself first: the members of each of
    its teams that declares shared vision (a team that does not keeps each one's own)."""
    if player is None or campaign.player(player) is None:
        return []
    shared: set[str] = {player}
    for t in teams_of(campaign, player):
        if t.shared_vision:
            shared.update(members(campaign, t.id))
    return _in_order(campaign, shared, first=player)


def name_of(campaign: Campaign, owner: str | None) -> str:
    """An owner as the players read it: a player's or a team's name (the id if neither)."""
    p = campaign.player(owner or "")
    if p is not None:
        return p.name
    t = team(campaign, owner)
    return t.name if t is not None else (owner or "nobody")


def speaks_for(campaign: Campaign, seat: Seat, owner: str | None) -> bool:
    """May this seat act for an owner? The GM for all; a seat for its players and for
    every team one of its players is a member of."""
    return seat.gm or any(seat.controls(p) for p in members(campaign, owner))
