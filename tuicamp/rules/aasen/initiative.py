"""Initiative with the table's dice, and the roll-off between equal Initiative (5.4):
"Each player in a realm publicly rolls 3D6 ... Invasions will be declared in descending
order of Initiative (roll a dice to determine the order if two players have the same
Initiative score)".

Each player rolls his own dice: with table dice each roll waits in the flow for that
player's seat (``roll_awaited``, R-AA-71), so the last seat to end the Purchases is never
asked for the others' dice, and a roll-off is asked only once a tie is there. The players
still to declare who share a score roll a die each, in the open, and roll again while any
two of them are equal; the higher die declares first. A player whose Initiative moves
(Resources spent, a bonus given up) leaves his roll-off: if he meets others at his new
score, they all roll off afresh (R-AA-29).
"""

from __future__ import annotations

from collections.abc import Callable

from tuicamp.rules import api
from tuicamp.rules.aasen.state import astate

MAX_ROUNDS = 100  # a d6 roll-off that never ends is a broken die
INITIATIVE, ROLL_OFF = "aasen_initiative", "aasen_roll_off"  # the work waiting for dice


def waiting(campaign: api.Campaign, *kinds: str) -> list[api.AwaitedRoll]:
    """The Initiative dice (of ``kinds``; default both) still to be rolled at the table."""
    kinds = kinds or (INITIATIVE, ROLL_OFF)
    return [a for a in campaign.flow.awaiting if a.kind in kinds]


def waiting_for(campaign: api.Campaign, kind: str, players: list[str]) -> bool:
    return any(a.data.get("player") in players for a in waiting(campaign, kind))


def unrolled(rules: api.Rules) -> str:
    """What declaring waits for while Initiative is still being rolled ("" when none)."""
    left = waiting(rules.campaign)
    if not left:
        return ""
    what = "; ".join(a.text for a in left)
    return f"First the Initiative dice are rolled at the table (roll_awaited): {what}"


def tied(initiative: dict[str, int], left: list[str]) -> list[list[str]]:
    """The groups of players still to declare who share a score, highest score first."""
    scores = sorted({initiative[p] for p in left if p in initiative}, reverse=True)
    groups = [[p for p in left if initiative.get(p) == score] for score in scores]
    return [g for g in groups if len(g) > 1]


def apart(group: list[str], tiebreak: dict[str, int]) -> bool:
    dice = [tiebreak.get(p) for p in group]
    return None not in dice and len(set(dice)) == len(dice)


def _still_to_declare(ctx: api.Context) -> list[str]:
    state = astate(ctx)
    return [p for p in state.initiative if p not in state.declared]


def roll_off(ctx: api.Context) -> None:
    """Every group of equal Initiative still to declare rolls off, told in the chronicle;
    nothing while any Initiative is still to be rolled, and a group whose dice are on
    their way waits for them."""
    if waiting(ctx.campaign, INITIATIVE):
        return
    state = astate(ctx)
    for group in tied(state.initiative, _still_to_declare(ctx)):
        if waiting_for(ctx.campaign, ROLL_OFF, group) or apart(group, state.tiebreak):
            continue
        for _ in range(MAX_ROUNDS):
            _round(ctx, group)
            if waiting_for(ctx.campaign, ROLL_OFF, group):
                break  # the table's dice come one by one (die_rolled)
            if apart(group, state.tiebreak):
                tell(ctx, group)
                break
        else:
            raise api.RuleError("The roll-off for equal Initiative never ends")


def _round(ctx: api.Context, group: list[str]) -> None:
    """One round of the roll-off: each player of the group rolls his die (the table's
    wait for his seat)."""
    camp, state = ctx.campaign, astate(ctx)
    score = state.initiative[group[0]]
    for player in group:
        state.tiebreak.pop(player, None)
        text = f"{api.teams.name_of(camp, player)}'s die for equal Initiative {score} (D6)"
        api.carry_out(ctx, ROLL_OFF, text, [player], _roller(ctx, player), player=player)


def _roller(ctx: api.Context, player: str) -> Callable[[], None]:
    def roll() -> None:
        name = api.teams.name_of(ctx.campaign, player)
        die = ctx.dice.roll("d6", f"{name}'s die for equal Initiative").total
        astate(ctx).tiebreak[player] = die

    return roll


def tell(ctx: api.Context, group: list[str]) -> None:
    camp, state = ctx.campaign, astate(ctx)
    name = api.teams.name_of
    dice = ", ".join(f"{name(camp, p)} {state.tiebreak[p]}" for p in group)
    ctx.emit(
        "initiative_roll_off",
        f"Equal Initiative {state.initiative[group[0]]}: the roll-off gives {dice} "
        "(the higher declares first)",
        undoable=False,
    )


def die_rolled(ctx: api.Context, awaited: api.AwaitedRoll) -> None:
    """A player's roll-off die from the table: once his group's dice are all in, they
    stand apart (told) or the group rolls again."""
    player = str(awaited.data.get("player", ""))
    state = astate(ctx)
    if player not in state.initiative or player in state.declared:
        return  # his Initiative moved on meanwhile: the die decides nothing
    _roller(ctx, player)()
    group = next((g for g in tied(state.initiative, _still_to_declare(ctx)) if player in g), [])
    if group and not waiting_for(ctx.campaign, ROLL_OFF, group) and apart(group, state.tiebreak):
        tell(ctx, group)
    roll_off(ctx)


def moved(ctx: api.Context, player: str) -> None:
    """The player's Initiative moved: his old roll-off is no more; the players he meets
    at his new score roll off afresh with him, and the dice still awaited of players left
    with nobody to roll off against are let go; ties are rolled off."""
    state = astate(ctx)
    groups = tied(state.initiative, _still_to_declare(ctx))
    joined = next((g for g in groups if player in g), [player])
    still = {p for g in groups for p in g}
    for awaited in waiting(ctx.campaign, ROLL_OFF):
        who = str(awaited.data.get("player", ""))
        if who in joined or who not in still:
            ctx.campaign.flow.awaiting.remove(awaited)
    for who in joined:
        state.tiebreak.pop(who, None)
    roll_off(ctx)
