"""Small helpers every Rauscher phase package uses: phases, checks, allegiance."""

from __future__ import annotations

from tuicamp.engine.context import Context
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.model.campaign import Campaign
from tuicamp.model.teams import TeamKind
from tuicamp.rules.kit.teams import hostile, members, teams_of
from tuicamp.rules.rauscher.shared.state import RauscherState

PHASES = ("upkeep", "effects", "movement", "combat", "resolution")


def rstate(source: Campaign | Rules) -> RauscherState:
    """The ruleset's state of a campaign, or of the campaign a read context (or a Context)
    reads."""
    camp = source.campaign if isinstance(source, Rules) else source
    return camp.state


def require_phase(ctx: Context, *phases: str) -> None:
    if ctx.campaign.phase not in phases:
        names = " or ".join(p.capitalize() for p in phases)
        raise RuleError(
            f"That is done in the {names} phase; this is the "
            f"{ctx.campaign.phase.capitalize()} phase"
        )


def require_not_done(ctx: Context, player: str) -> None:
    name = ctx.campaign.player(player).name
    ctx.require(
        player not in ctx.campaign.flow.ended,
        f'{name} has already ended this phase: "Each player must complete each phase before '
        'play proceeds to the next"',
    )


# --- allegiance -----------------------------------------------------------------------------
# "Warhammer Campaign is designed to be played by 2 or more players, working in allegiance
# or as opposing forces": who stands with whom is the campaign's teams (the scenario's
# [[team]] tables, and the alliances of its [ruleset.rauscher] table, which set-up makes
# teams: shared.alliances), read through the kit (rules.kit.teams). Every module asks these
# functions, so an alliance means the same thing on the march, in battle, in a siege and
# at the end. The one Rauscher rule on top of the kit's answer: a neutral force
# (``neutral_players``) stands against every player, whatever team it is named in.


def is_neutral(campaign: Campaign, owner: str | None) -> bool:
    """A scenario force nobody plays, which "defends against any player"."""
    return owner in rstate(campaign).neutral_players


def enemies(campaign: Campaign, a: str | None, b: str | None) -> bool:
    """Does owner ``a`` count owner ``b`` (players, or teams holding land) as an enemy?
    Owners are enemies when the kit finds them hostile (no alliance or realm joins them);
    nobody (an unclaimed settlement's None) is nobody's enemy; a neutral force is every
    other owner's."""
    if not a or not b or a == b:
        return False
    if is_neutral(campaign, a) or is_neutral(campaign, b):
        return True
    return hostile(campaign, a, b)


def friendly(campaign: Campaign, a: str | None, b: str | None) -> bool:
    """The same owner, or owners of one side (allies, a realm and its players)."""
    if not a or not b:
        return False
    if a == b:
        return True
    if is_neutral(campaign, a) or is_neutral(campaign, b):
        return False
    return bool(members(campaign, a) and members(campaign, b)) and not hostile(campaign, a, b)


def allied(campaign: Campaign, a: str | None, b: str | None) -> bool:
    """Two different owners of one side."""
    return a != b and friendly(campaign, a, b)


def side_of(campaign: Campaign, player: str | None) -> list[str]:
    """The players of ``player``'s side, in the order their team names them: its
    alliance's (a realm in it by its players), else its realm's, else the player alone.
    "A player may be in one alliance only" (shared.alliances), so a side is one answer."""
    if not player:
        return []
    if is_neutral(campaign, player):
        return [player]
    found = teams_of(campaign, player)
    alliance = next((t for t in found if t.kind is TeamKind.ALLIANCE), None)
    team = alliance or next(iter(found), None)
    if team is None:
        return [player]
    names = team.members if team.kind is TeamKind.ALLIANCE else [team.id]
    ordered = [p for name in names for p in members(campaign, name)]
    return list(dict.fromkeys(ordered)) or [player]


def side_key(campaign: Campaign, player: str) -> str:
    """One name for a player's whole side: its side's first player (or itself). Armies
    whose owners share a side key fight together and never each other."""
    return side_of(campaign, player)[0] if player else player
