"""Small helpers every Rauscher phase module uses."""

from __future__ import annotations

from tuicamp.engine.context import Context
from tuicamp.model.campaign import Campaign
from tuicamp.rules.rauscher.state import RauscherState

PHASES = ("upkeep", "effects", "movement", "combat", "resolution")


def rstate(campaign_or_ctx: Campaign | Context) -> RauscherState:
    camp = campaign_or_ctx.campaign if isinstance(campaign_or_ctx, Context) else campaign_or_ctx
    return camp.state


def require_phase(ctx: Context, *phases: str) -> None:
    if ctx.campaign.phase not in phases:
        names = " or ".join(p.capitalize() for p in phases)
        raise_rule(
            f"That is done in the {names} phase; this is the "
            f"{ctx.campaign.phase.capitalize()} phase"
        )


def raise_rule(message: str) -> None:
    from tuicamp.engine.errors import RuleError

    raise RuleError(message)


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
