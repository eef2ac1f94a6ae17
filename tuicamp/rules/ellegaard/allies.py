"""Handing a battle to an ally (the text's "Multiple player campaigns").

"If one player gets into two battles one turn and one of his allied players are not, then
one of these battles are handed over to the player who originally would not have to play
any battles. The player will still feel that he fights for his own side, and hopefully he
will do his best to win the battle." The division stays its owner's; the ally plays it at
the table and enters its result.
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api


@define(kw_only=True)
class HandBattle(api.Action):
    kind = "hand_battle"
    summary = "Hand one of your two battles of this hour to an ally who fights none (to = ally)"
    battle: str
    to: str


def players_in(battle: api.Battle) -> set[str]:
    return {p for s in battle.sides for p in s.players}


def hand_battle(ctx: api.Context, action: HandBattle) -> None:
    camp = ctx.campaign
    battle = ctx.found(
        next((b for b in camp.pending_battles() if b.id == action.battle), None),
        f"There is no pending battle {action.battle!r}",
    )
    mine = [p for p in players_in(battle) if ctx.seat.controls(p)]
    ctx.require(mine, f"Battle {battle.id} is not one of yours")
    player = mine[0]
    ally = ctx.player(action.to)
    ctx.require(
        ally.id != player and api.teams.friendly(camp, ally.id, player),
        f"{ally.name} is not an ally of {api.teams.name_of(camp, player)}",
    )
    this_hour = [b for b in camp.battles if b.turn == camp.turn]
    ctx.require(
        sum(player in players_in(b) for b in this_hour) >= 2,
        'Only a player in two battles this hour hands one over ("gets into two battles")',
    )
    ctx.require(
        not any(ally.id in players_in(b) for b in this_hour),
        f"{ally.name} fights a battle of its own this hour",
    )
    for side in battle.sides:
        if player in side.players:
            side.players = [ally.id if p == player else p for p in side.players]
    battle.circumstances.append(
        api.Circumstance(
            "handed",
            f"Fought at the table by {ally.name} for {api.teams.name_of(camp, player)}",
        )
    )
    ctx.emit(
        "battle_handed",
        f"{api.teams.name_of(camp, player)} hands battle {battle.id} to {ally.name}",
        player=player,
        battle=battle.id,
    )


HANDLERS = {HandBattle: hand_battle}
ACTIONS = (HandBattle,)
