"""Who actually won (6.3, R-AA-24, R-AA-31): a supporting player with more Scoring units
left than the player he supports claims the victory and its spoils.

"A battle counts as being between the player initially declaring the invasion (the
attacker) and one of the players from the realm being invaded (the defender) ... However,
if a supporting player on the winning [side] has more Scoring units left on the table than
the player he is supporting, he may claim the victory (along with any spoils) for himself.
If there are more than one supporting player, the faction of players with the greatest
total number of Scoring units left may claim the victory and split any spoils amongst
themselves. In case of a tie, the supported player's faction gets the victory."

A faction is the players of one realm on the winning side (R-AA-31): the supported
player's with his realm's Contingents, and each other realm's Contingents. The faction
with the most Scoring units wins, any tie for the most going to the supported player's;
the spoils (the territory conquered, the Follow-up or Blitz) go to that faction's realm and
to its player with the most Scoring units. That holds of the supported player's faction too
(R-AA-80): a supporter of his own realm with more Scoring units than he has claims the
victory and its Follow-up or Blitz, the land staying with the realm either way.
"""

from __future__ import annotations

from attrs import frozen

from tuicamp.rules import api
from tuicamp.rules.aasen import players_fields, realms

PREFIX = "scoring_"  # the form's field of each player: scoring_<player id>


def field_key(player: str) -> str:
    return f"{PREFIX}{player}"


def fields(campaign: api.Campaign, battle: api.Battle) -> tuple[api.ResultField, ...]:
    """R-AA-24: "Scoring units left are entered per player": one field for each player
    of each side, asked of his side."""

    def label(player: str) -> str:
        return f"Scoring units left on the table: {api.teams.name_of(campaign, player)}"

    return players_fields.each_player(battle, field_key, label, 99)


@frozen
class Claim:
    """Who takes the victory of a side: the realm and the player the spoils go to."""

    realm: str
    player: str
    units: int  # the faction's Scoring units
    supported_units: int  # the supported player's faction's
    player_units: int = 0  # the claimant's own
    own_units: int = 0  # the supported player's own


def units_of(result: api.BattleResult, side: str, player: str) -> int:
    return players_fields.answer(result, side, field_key(player))


def claim(rules: api.Rules, battle: api.Battle, side: str, supported: str) -> Claim:
    """The winning side's claimant (R-AA-31); the supported player's when no result names
    Scoring units (an unplayed battle, an auto-resolved one)."""
    camp, result = rules.campaign, battle.result
    own = realms.realm_id_of(camp, supported) or ""
    players = next((s.players for s in battle.sides if s.id == side), [supported])
    units = {p: units_of(result, side, p) if result is not None else 0 for p in players}
    factions: dict[str, list[str]] = {}
    for player in players:
        factions.setdefault(realms.realm_id_of(camp, player) or "", []).append(player)
    totals = {realm: sum(units[p] for p in members) for realm, members in factions.items()}
    mine = totals.get(own, 0)
    best = max(totals.values(), default=0)
    leaders = [realm for realm, total in totals.items() if total == best]
    realm = own if mine == best or len(leaders) > 1 else leaders[0]
    # R-AA-80: the faction's player with the most Scoring units, a tie the supported one's
    player = max(factions.get(realm, [supported]), key=lambda p: (units.get(p, 0), p == supported))
    own_units = units.get(supported, 0)
    return Claim(realm, player, totals.get(realm, 0), mine, units.get(player, 0), own_units)
