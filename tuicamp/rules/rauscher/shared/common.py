"""Small helpers every Rauscher phase package uses: phases, checks, allegiance."""

from __future__ import annotations

from tuicamp.engine.context import Context
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.model.campaign import Campaign
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


def acting_player(ctx: Context, requested: str = "") -> str:
    """The player a seat acts for: the one named, or the seat's only player."""
    if requested:
        ctx.require(ctx.campaign.player(requested) is not None, f"There is no player {requested!r}")
        ctx.require(ctx.seat.controls(requested), f"Seat {ctx.seat.name} does not play {requested}")
        return requested
    ctx.require(ctx.seat.players, 'Name the player (player = "...") for the Games Master')
    return ctx.seat.players[0]


def require_not_done(ctx: Context, player: str) -> None:
    name = ctx.campaign.player(player).name
    ctx.require(player not in rstate(ctx).phase_done, f"{name} has already ended this phase")


# --- allegiance -----------------------------------------------------------------------------
# "Warhammer Campaign is designed to be played by 2 or more players, working in allegiance
# or as opposing forces": a scenario may set `alliances = [["p1", "p3"]]` in its
# [ruleset.rauscher] table. Every module asks these functions who is whose enemy, so an
# alliance means the same thing on the march, in battle, in a siege and at the end.


def _alliances(campaign: Campaign) -> list[list[str]]:
    return rstate(campaign).alliances


def alliance_of(campaign: Campaign, player: str | None) -> list[str]:
    """The player and its allies, in the scenario's order (just the player if it has none)."""
    if not player:
        return []
    for members in _alliances(campaign):
        if player in members:
            return list(members)
    return [player]


def allied(campaign: Campaign, a: str | None, b: str | None) -> bool:
    """Are two different players sworn to one alliance?"""
    return bool(a and b and a != b and b in alliance_of(campaign, a))


def friendly(campaign: Campaign, a: str | None, b: str | None) -> bool:
    """The same player, or allies."""
    return bool(a and b and (a == b or allied(campaign, a, b)))


def enemies(campaign: Campaign, a: str | None, b: str | None) -> bool:
    """Does ``a`` count ``b`` as an enemy? Two players are enemies unless they are the same
    or allied; nobody (an unclaimed settlement's None) is nobody's enemy. Neutral forces
    (``neutral_players``) can join no alliance, so they stand against every player."""
    return bool(a and b and a != b and not allied(campaign, a, b))


def side_key(campaign: Campaign, player: str) -> str:
    """One name for a player's whole side: its alliance's first member (or itself). Armies
    whose owners share a side key fight together and never each other."""
    return alliance_of(campaign, player)[0] if player else player
