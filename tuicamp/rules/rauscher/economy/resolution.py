"""The Resolution phase's automatic steps, in the text's order, and the end of the turn.

"During the Resolution phase, the following actions are taken: Reduce Fatigue - For all
armies or units which did not move or fight this turn, reduce the Fatigue level by one.
Supply Troops ... Place New Units ... Collect Taxes and Fate points".
"""

from __future__ import annotations

from tuicamp.engine.context import Context
from tuicamp.model.map import Settlement
from tuicamp.rules.rauscher.economy.common import econ, kind_of, money, players, serves_owner, tell
from tuicamp.rules.rauscher.economy.purchases import announce
from tuicamp.rules.rauscher.economy.supply import supply_troops
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.state import LedgerEntry


def reduce_fatigue(ctx: Context) -> None:
    """An army that neither moved nor fought (a resting army among them) sheds 1 fatigue."""
    state = rstate(ctx)
    for player in players(ctx.campaign):
        lines = []
        for army in ctx.campaign.armies_of(player):
            record = state.armies.get(army.id)
            if record is None or record.fatigue <= 0 or record.moved or record.fought:
                continue
            record.fatigue -= 1
            lines.append(f"'{army.name}' {record.fatigue + 1} -> {record.fatigue}")
        if lines:
            tell(ctx, player, "fatigue", "Reduce Fatigue: " + "; ".join(lines) + ".")


def taxes_due(ctx: Context) -> bool:
    """R-RA-9: the Resolution phase of turns 4, 8, 12, ..."""
    every = int(ctx.table("tax_collection")["every_turns"])
    return every > 0 and ctx.campaign.turn % every == 0


def tax_of(ctx: Context, s: Settlement) -> int:
    """ "the amount of gold collected from any village is marked next to it. Otherwise, use
    the guide" — a settlement's stores.tax is its mark."""
    if "tax" in s.stores:
        return int(s.stores["tax"])
    return int(ctx.table("taxes").get(kind_of(ctx.tables, s), 0))


def collect_taxes(ctx: Context) -> None:
    if not taxes_due(ctx):
        return
    divisor = int(ctx.table("tax_collection")["capital_lost_divisor"])
    state = rstate(ctx)
    for player in players(ctx.campaign):
        halved = state.player(player).capital_lost
        parts = []
        total = 0
        for s in ctx.campaign.map.settlements:
            if s.owner != player or not serves_owner(ctx.campaign, ctx.tables, s):
                continue
            amount = tax_of(ctx, s)
            if halved:
                amount //= divisor  # "revenue from every territory is cut in half"
            if amount:
                parts.append(f"{s.name} {money(amount)}")
                total += amount
        ctx.campaign.player(player).treasury += total
        econ(ctx).income[player] = econ(ctx).income.get(player, 0) + total
        note = " (halved: the capital is lost)" if halved else ""
        tell(
            ctx,
            player,
            "taxes",
            f"Taxes collected{note}: {', '.join(parts) or 'nothing'} = {money(total)}",
            income=total,
        )


def start_resolution(ctx: Context) -> None:
    reduce_fatigue(ctx)
    supply_troops(ctx)
    for player in players(ctx.campaign):
        announce(ctx, player)
    collect_taxes(ctx)


def gain_fate(ctx: Context) -> None:
    """ "Players gain 1 fate point at the end of the Resolution phase." """
    gain = int(ctx.table("fate_points")["per_resolution"])
    state = rstate(ctx)
    who = players(ctx.campaign)
    for player in who:
        state.player(player).fate_points += gain
    if who and gain:
        ctx.emit(
            "fate_points",
            f"Every Warmaster gains {gain} fate point{'s' if gain != 1 else ''}",
            undoable=False,
        )


def write_ledger(ctx: Context) -> None:
    """One line a turn per player, for the ledger chart."""
    state = rstate(ctx)
    camp = ctx.campaign
    for player in players(camp):
        food = sum(s.stores.get("food", 0) for s in camp.map.settlements if s.owner == player)
        food += sum(
            state.armies[a.id].cargo.get("food", 0)
            for a in camp.armies_of(player)
            if a.id in state.armies
        )
        entry = LedgerEntry(
            turn=camp.turn,
            territories=sum(1 for t in camp.map.territories if t.owner == player),
            treasury=camp.player(player).treasury,
            income=econ(ctx).income.get(player, 0),
            food=food,
        )
        state.player(player).ledger.append(entry)
    econ(ctx).income = {}
