"""The end of a turn (section 6.0, R-SU-19) and the end of the war.

"If a players Home Castle is lost all his troops are eliminated. If a player doesn't have
any troops left he is out of the game. If only one player has troops left he/she is
regarded as the winner. Two or more players may declare Joint Victory if there are no
other players left."

A Home Castle is lost when, at the end of a turn, its hex holds hostile corps and none of
its owner's (R-SU-19); a castle held by one player's corps alone passes to that player, who
may garrison it and draws supply from it (R-SU-20).
"""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.suvinen.corps import allied, corps_at, describe, hostile
from tuicamp.rules.suvinen.council import players_with_troops
from tuicamp.rules.suvinen.roster import remove_corps
from tuicamp.rules.suvinen.state import sstate


def end_turn(ctx: api.Context) -> None:
    """Lost Home Castles take their players' troops with them; castles held by one player
    alone change hands; players with no troops are out."""
    camp, state = ctx.campaign, sstate(ctx)
    before = players_with_troops(ctx)
    for player, castle_id in state.home_castles.items():
        castle = camp.map.settlement(castle_id)
        if castle is None:
            continue
        here = corps_at(ctx, castle.hex)
        if here and all(hostile(ctx, a.owner, player) for a in here):
            owner = api.words.possessive(api.teams.name_of(camp, player))
            ctx.emit(
                "castle_lost",
                f"{castle.name}, {owner} Home Castle, is lost: all {owner} troops are "
                "eliminated (R-SU-19)",
            )
            for army in [a for a in camp.armies if a.owner == player]:
                remove_corps(ctx, army, f"{describe(army)} is eliminated with {castle.name}")
    for settlement in camp.map.settlements:
        owners = list(dict.fromkeys(a.owner for a in corps_at(ctx, settlement.hex)))
        if len(owners) != 1 or settlement.owner == owners[0]:
            continue
        if settlement.owner is None or not allied(ctx, settlement.owner, owners[0]):
            settlement.owner = owners[0]
            ctx.emit(
                "captured",
                f"{api.teams.name_of(camp, owners[0])} holds {settlement.name} (R-SU-20)",
            )
    for player in before:
        if player not in players_with_troops(ctx):
            ctx.emit("out", f"{api.teams.name_of(camp, player)} has no troops left: out of the war")


def victory(rules: api.Rules) -> api.Victory | None:
    """One player with troops wins; players all allied with each other share a joint
    victory; with nobody left the war ends without a winner."""
    camp = rules.campaign
    left = players_with_troops(rules)
    if not camp.flow.started or (len(left) == len(camp.players) and len(left) > 1):
        return None
    names = " and ".join(api.teams.name_of(camp, p) for p in left)
    if not left:
        return api.Victory([], "Every army is gone: nobody wins the war")
    if len(left) == 1:
        return api.Victory(left, f"{names} alone has troops left and wins the war")
    if all(allied(rules, a, b) for a in left for b in left):
        return api.Victory(left, f"{names} are the last left, allies: a joint victory")
    return None
