"""Hiring mercenaries in the Upkeep phase.

"A Warmaster may attempt to hire mercenaries during the Upkeep phase. You may try this once
per turn. Pay 1 copper and roll a d6 - on a 1, 2, or 3, no mercenaries are available ... On
a 4 or more, mercenaries are available. Roll 2d6 to determine the cost of the mercenary army
in coppers, and (2d6)x100 to determine how many points may be spent on the hired army. If
you cannot afford their price, or if you choose not to take them after all, the mercenaries
will go on a rampage ... you immediately lose d3 coppers." "Mercenaries may act as an
independent army, their leader the army's general, or they may be included in one of your
existing armies."

Hired mercenaries are a points allocation (R-RA-3) labelled "mercenaries": their units are
chosen at their first battle. The three rolls of an offer and the rampage's d3 may be
re-rolled with a fate point while the Upkeep phase lasts.
"""

from __future__ import annotations

from tuicamp.engine.context import Context
from tuicamp.engine.dice import Roll
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Category
from tuicamp.rules.kit.turns import acting_player
from tuicamp.rules.rauscher.economy.actions import AnswerMercenaries, SeekMercenaries
from tuicamp.rules.rauscher.economy.common import (
    JOINABLE,
    available,
    earn,
    econ,
    kind_of,
    lose,
    money,
    name_of,
    new_army,
    own_settlement,
    own_troops,
    require_room,
    spend,
    tell,
)
from tuicamp.rules.rauscher.economy.fate import REROLLS, offer_reroll, withdraw
from tuicamp.rules.rauscher.shared.common import require_not_done, require_phase
from tuicamp.rules.rauscher.shared.economy_state import MercenaryOffer, Rerollable
from tuicamp.rules.rauscher.shared.state import Allocation, Role

LABEL = "mercenaries"


def _offer(campaign: Campaign, player: str) -> MercenaryOffer | None:
    return next(
        (o for o in econ(campaign).mercenaries if o.player == player and o.turn == campaign.turn),
        None,
    )


def _price_and_size(ctx: Context, offer: MercenaryOffer) -> str:
    """The two rolls made once mercenaries are found."""
    table = ctx.table("hire_mercenaries")
    cost = ctx.dice.roll(table["cost"], "Mercenaries' price in coppers")
    size = ctx.dice.roll(table["size"], "Mercenaries' size (x 100 pts)")
    offer.available, offer.status = True, "offered"
    offer.cost, offer.points = cost.total, size.total * int(table["points_per_pip"])
    offer_reroll(ctx, offer.player, "merc_cost", cost)
    offer_reroll(ctx, offer.player, "merc_size", size)
    return (
        f"Mercenaries are available: {offer.points:,} pts for {money(offer.cost)}. "
        "Hire them or refuse (answer_mercenaries)."
    )


def seek_mercenaries(ctx: Context, action: SeekMercenaries) -> None:
    require_phase(ctx, "upkeep")
    player = acting_player(ctx, action.player)
    require_not_done(ctx, player)
    name = name_of(ctx.campaign, player)
    table = ctx.table("hire_mercenaries")
    where = own_settlement(ctx, action.settlement, player)
    kind = kind_of(ctx.tables, where)
    ctx.require(
        kind in table["where"],
        f"Mercenaries are found in a {' or '.join(table['where'])}, not a {kind} "
        '("Mercenaries may be hired in any city")',
    )
    ctx.require(
        _offer(ctx.campaign, player) is None,
        f"{name} has sought mercenaries this turn already (once per turn)",
    )
    spend(ctx, player, int(table["search_cost"]), "Seeking mercenaries")
    offer = MercenaryOffer(player, where.id, ctx.campaign.turn)
    econ(ctx).mercenaries.append(offer)
    found = ctx.dice.roll(table["available"], "Mercenaries available?")
    offer_reroll(ctx, player, "merc_available", found)
    if found.total >= int(table["available_from"]):
        text = _price_and_size(ctx, offer)
    else:
        text = "No mercenaries are available (or they scorn your petty bribe)."
    tell(
        ctx,
        player,
        "mercenaries",
        f"{name} pays {money(int(table['search_cost']))} for word of mercenaries in "
        f"{where.name}. {text}",
        settlement=where.id,
    )


def answer_mercenaries(ctx: Context, action: AnswerMercenaries) -> None:
    require_phase(ctx, "upkeep")
    player = acting_player(ctx, action.player)
    require_not_done(ctx, player)
    offer = _offer(ctx.campaign, player)
    ctx.require(
        offer is not None and offer.status == "offered",
        "No mercenaries wait for your answer this turn: seek them first (seek_mercenaries)",
    )
    where = ctx.campaign.map.settlement(offer.settlement)
    withdraw(ctx.campaign, "merc_cost")
    withdraw(ctx.campaign, "merc_size")
    if not action.accept:
        _rampage(ctx, offer, "refused")
        return
    if action.army:
        army, record = own_troops(ctx, action.army, JOINABLE)
        ctx.require(army.hex == where.hex, f"'{army.name}' is not in {where.name}")
        require_room(ctx, army, offer.points)
    have = available(ctx.campaign, player)
    ctx.require(
        offer.cost <= have,
        f"The mercenaries cost {money(offer.cost)}; you have {money(have)}. "
        'Refuse them (accept = false): they will rampage ("If you cannot afford their '
        'price ... you immediately lose d3 coppers")',
    )
    spend(ctx, player, offer.cost, f"{offer.points:,} pts of mercenaries")
    if not action.army:
        army, record = new_army(
            ctx, action.name or f"Mercenaries of {where.name}", player, where, Role.MERCENARIES
        )
    record.allocations.append(Allocation(Category.RANK_AND_FILE, offer.points, LABEL))
    offer.status, offer.army = "hired", army.id
    tell(
        ctx,
        player,
        "mercenaries_hired",
        f"{offer.points:,} pts of mercenaries are hired for {money(offer.cost)} into "
        f"'{army.name}'; choose their units at their first battle (R-RA-3)",
        army=army.id,
    )


def _rampage(ctx: Context, offer: MercenaryOffer, status: str) -> None:
    roll = ctx.dice.roll(ctx.table("hire_mercenaries")["insult"], "Mercenaries' rampage (coppers)")
    offer.status = status
    offer.insult_loss = lose(ctx.campaign, offer.player, roll.total)
    offer_reroll(ctx, offer.player, "merc_insult", roll)
    tell(
        ctx,
        offer.player,
        "mercenaries_refused",
        f"The mercenaries go on a rampage for the insult: {money(offer.insult_loss)} lost "
        "from the treasury",
    )


def _reroll_available(ctx: Context, r: Rerollable, roll: Roll) -> str:
    offer = _offer(ctx.campaign, r.player)
    if offer.status not in ("unavailable", "offered"):
        return "The mercenaries were answered already; nothing changes."
    withdraw(ctx.campaign, "merc_cost")
    withdraw(ctx.campaign, "merc_size")
    if roll.total >= int(ctx.table("hire_mercenaries")["available_from"]):
        return _price_and_size(ctx, offer)
    offer.available, offer.status, offer.cost, offer.points = False, "unavailable", 0, 0
    return "No mercenaries are available after all."


def _reroll_price(ctx: Context, r: Rerollable, roll: Roll) -> str:
    offer = _offer(ctx.campaign, r.player)
    if offer.status != "offered":
        return "The offer is settled; nothing changes."
    if r.kind == "merc_cost":
        offer.cost = roll.total
    else:
        offer.points = roll.total * int(ctx.table("hire_mercenaries")["points_per_pip"])
    return f"They offer {offer.points:,} pts for {money(offer.cost)}."


def _reroll_insult(ctx: Context, r: Rerollable, roll: Roll) -> str:
    offer = _offer(ctx.campaign, r.player)
    earn(ctx.campaign, r.player, offer.insult_loss)
    offer.insult_loss = lose(ctx.campaign, r.player, roll.total)
    return f"The rampage costs {money(offer.insult_loss)}."


REROLLS["merc_available"] = _reroll_available
REROLLS["merc_cost"] = _reroll_price
REROLLS["merc_size"] = _reroll_price
REROLLS["merc_insult"] = _reroll_insult


def pending(campaign: Campaign, player: str) -> list[str]:
    offer = _offer(campaign, player)
    if campaign.phase == "upkeep" and offer is not None and offer.status == "offered":
        return ["answer the mercenaries' offer (answer_mercenaries accept = true or false)"]
    return []


def end_of_turn(campaign: Campaign) -> None:
    econ(campaign).mercenaries = []
