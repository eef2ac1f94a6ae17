"""The hour (R-EL-8): "Each turn in a map campaign represents one hour", and each player
in turn plays "1st phase Command" then "2nd phase Move".

The engine runs it as one phase, ``hour``, of two parts per player in scenario order: part
1 is the first player's Command phase, part 2 their Move phase, part 3 the next player's
Command phase, and so on. The clock therefore says whose phase it is and which (a save
reloaded mid-hour goes on exactly there), and ``end_phase`` ends one player's phase.
"""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.kit.words import possessive

COMMAND = "command"
MOVE = "move"
STAGE_NAMES = {COMMAND: "Command", MOVE: "Move"}


def parts(rules: api.Rules) -> int:
    """Two parts of the hour for every player: their Command and their Move phase."""
    return 2 * len(rules.campaign.players)


def stage(campaign: api.Campaign) -> str:
    """Which of the two phases the clock is in: odd parts command, even parts move."""
    return COMMAND if campaign.step % 2 == 1 else MOVE


def player_of_part(campaign: api.Campaign, part: int) -> str:
    """The player whose phase part ``part`` is (scenario order)."""
    players = campaign.players
    return players[min((part - 1) // 2, len(players) - 1)].id if players else ""


def current_player(campaign: api.Campaign) -> str:
    """The player whose Command or Move phase it is now."""
    return player_of_part(campaign, campaign.step)


def order(ctx: api.Context) -> list[str]:
    """The engine's order of play for a part: its one player."""
    player = current_player(ctx.campaign)
    return [player] if player else []


def stage_title(campaign: api.Campaign) -> str:
    """ "The Empire's Command phase" """
    player = campaign.player(current_player(campaign))
    name = player.name if player is not None else "nobody"
    return f"{possessive(name)} {STAGE_NAMES[stage(campaign)]} phase"


def require_stage(ctx: api.Context, wanted: str, army: api.Army) -> None:
    """Refuse what is done in another phase, or by another player than the one whose
    phase it is."""
    camp = ctx.campaign
    owner = camp.player(army.owner)
    name = owner.name if owner is not None else army.owner
    ctx.require(
        current_player(camp) == army.owner,
        f"It is not {possessive(name)} turn: this is {stage_title(camp)} (R-EL-8)",
    )
    ctx.require(
        stage(camp) == wanted,
        f"That is done in the {STAGE_NAMES[wanted]} phase; this is {stage_title(camp)} (R-EL-8)",
    )
