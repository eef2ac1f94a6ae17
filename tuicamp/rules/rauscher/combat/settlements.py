"""Attacking population centres: razing, refugees, looting, occupation, capitals,
destroying a settlement, and bringing territories under control.

"If the attacker wins, the settlement is Razed. A razed settlement is decreased in size
(from a city to a town, from a town to a village, a village is Destroyed), and one Refugee
unit is created". "An army which attacks and defeats a settlement may immediately receive
food and supplies". "A captured population center will function as normal, providing
supplies and gold ... for the occupying army as long as a detachment of at least 500 points
is left to enforce control." Rulings (docs/combat.md): a settlement retaken by its original
owner is liberated, not razed or looted; fortresses and border towers are captured but not
reduced; razing a city or town tears down its walls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tuicamp.engine.context import Context
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army
from tuicamp.model.map import Settlement
from tuicamp.rules.rauscher import movement
from tuicamp.rules.rauscher.combat import common as cc
from tuicamp.rules.rauscher.combat.common import order_index
from tuicamp.rules.rauscher.shared import cargo
from tuicamp.rules.rauscher.shared.combat_state import DestroyedSettlement, Occupation
from tuicamp.rules.rauscher.shared.common import allied, friendly, rstate, side_key
from tuicamp.rules.rauscher.shared.money import format_money
from tuicamp.rules.rauscher.shared.state import Role

if TYPE_CHECKING:
    from tuicamp.engine.rules import Rules


def occupied_by(rules: Rules, settlement_id: str) -> str | None:
    """The occupier a captured settlement pays (taxes, food) — while at least the table's
    detachment (500 pts) of the occupier's troops stands in its hex (R-RA-9); else None."""
    campaign = rules.campaign
    occ = cc.cstate(campaign).occupations.get(settlement_id)
    settlement = campaign.map.settlement(settlement_id)
    if occ is None or settlement is None or settlement.owner != occ.occupier:
        return None
    need = rules.table("occupation")["detachment_points"]
    here = sum(
        a.points
        for a in campaign.armies_at(settlement.hex)
        if a.owner == occ.occupier and cc.fights(rules, a.id)
    )
    return occ.occupier if here >= need else None


def revenue_recipient(rules: Rules, settlement_id: str) -> str | None:
    """Who a settlement's taxes and food go to: its owner, or for a captured settlement the
    occupier while a detachment holds it (nobody while none does)."""
    if settlement_id in cc.cstate(rules).occupations:
        return occupied_by(rules, settlement_id)
    settlement = rules.campaign.map.settlement(settlement_id)
    return settlement.owner if settlement else None


def take_undefended(
    ctx: Context, settlement: Settlement, occupier: str, armies: list[Army]
) -> None:
    """An army stands on a settlement that nobody defends. An enemy's is taken as if the
    attacker had won (there is nobody to fight); an ownerless one is simply brought under
    the newcomer's control — nothing to raze, nobody to loot (ruling, docs/combat.md)."""
    camp = ctx.campaign
    if settlement.owner is None:
        settlement.owner = occupier
        ctx.emit(
            "settlement_occupied",
            f"{cc.player_name(camp, occupier)} brings {settlement.name}, which nobody held, "
            "under control",
            player=occupier,
            undoable=False,
        )
        return
    ctx.emit(
        "settlement_entered",
        f"{cc.player_name(camp, occupier)} enters {settlement.name}, which nobody defends",
        player=occupier,
        undoable=False,
    )
    capture(ctx, settlement, occupier, [a.id for a in armies])


def capture(ctx: Context, settlement: Settlement, occupier: str, armies: list[str]) -> list[str]:
    """The attacker won at a settlement: loot, raze, refugees, occupation, capital."""
    camp = ctx.campaign
    combat = cc.cstate(camp)
    previous = settlement.owner
    original = settlement.original_owner or previous
    lines: list[str] = []
    players = {p.id for p in camp.players}
    if original == occupier or (original in players and allied(camp, original, occupier)):
        # Ruling: a settlement freed by its own people, or by their allies, goes back to
        # its original owner: not razed, looted or emptied of refugees.
        settlement.owner = original
        combat.occupations.pop(settlement.id, None)
        if settlement.kind == "capital" and previous != original:
            rstate(camp).player(original).capital_lost = False
        by = (
            "its own people's army"
            if original == occupier
            else (f"the army of their ally {cc.player_name(camp, occupier)}")
        )
        text = f"{settlement.name} is liberated by {by}"
        if original != occupier:
            text += f" and returned to {cc.player_name(camp, original)}"
        ctx.emit("settlement_liberated", text, player=occupier, undoable=False)
        return [text]
    kinds = ctx.table("settlement_kinds")
    spec = kinds.get(settlement.kind, {})
    coppers = int(spec.get("loot_coppers", 0))
    supply = int(spec.get("loot_supply", 0))
    lines.append(
        f"{cc.player_name(camp, occupier)} loots {settlement.name}: {format_money(coppers)} "
        f"and {supply} supply" + _take_coins(ctx, occupier, settlement, coppers)
    )
    if settlement.kind == "capital" and previous is not None:
        share = int(camp.player(previous).treasury * ctx.table("capital")["treasury_share"])
        camp.player(previous).treasury -= share
        rstate(camp).player(previous).capital_lost = True
        territory = camp.map.territory_of(settlement.hex)
        if territory is not None:
            combat.fallen_capitals[territory.id] = original or previous
        lines.append(
            f"The capital falls: {cc.player_name(camp, previous)}'s revenue is halved, and "
            f"the looters carry off half the treasury ({format_money(share)})"
            + _take_coins(ctx, occupier, settlement, share)
        )
    refugees = None
    if previous is not None and previous in players:
        refugees = Army(
            camp.new_id("a"), f"Refugees of {settlement.name}", previous, settlement.hex
        )
        camp.armies.append(refugees)
        record = rstate(camp).army(refugees.id)
        record.role = Role.REFUGEES
        record.created_turn = camp.turn
        lines.append(f"{refugees.name} flee the burning streets")
    razed_to = spec.get("razed_to", settlement.kind)
    if razed_to == "destroyed":
        _remove(ctx, settlement, occupier, "razed")
        lines.append(f"{settlement.name} is razed to the ground: the village is destroyed")
        _give_supply(ctx, armies, supply, None)
    else:
        if razed_to != settlement.kind:
            lines.append(
                f"{settlement.name} is razed: the {kinds[settlement.kind]['title']} is now a "
                f"{kinds.get(razed_to, {}).get('title', razed_to)}"
            )
            settlement.kind = razed_to
            settlement.walls = False
        settlement.owner = occupier
        if settlement.original_owner is None:
            settlement.original_owner = previous
        combat.occupations[settlement.id] = Occupation(settlement.id, occupier, previous, camp.turn)
        _give_supply(ctx, armies, supply, settlement)
        lines.append(f"{settlement.name} is occupied by {cc.player_name(camp, occupier)}")
    ctx.emit("settlement_captured", ". ".join(lines), player=occupier, undoable=False)
    if refugees is not None:
        # "one Refugee unit is created (see below), which may immediately make one move"
        movement.flee(ctx, refugees)
    return lines


def _looters_trains(ctx: Context, armies: list[str], occupier: str) -> list:
    """The looting player's baggage trains and ships in the looting army's hex."""
    camp = ctx.campaign
    first = camp.army(armies[0]) if armies else None
    if first is None or first.hex is None:
        return []
    return [
        t
        for t in camp.armies_at(first.hex)
        if t.owner == occupier and rstate(camp).army(t.id).role in (Role.BAGGAGE, Role.SHIP)
    ]


def _take_coins(ctx: Context, occupier: str, settlement: Settlement, coppers: int) -> str:
    """Looted coins go to the treasury; with the option ``loot_in_trains`` they are loaded
    first into the looter's baggage trains and ships in the hex, as much as they hold
    (trains carry "captured gold and other treasure collected along the way"), and reach
    the treasury when unloaded at an own settlement. Returns what the chronicle adds."""
    if coppers <= 0:
        return ""
    camp = ctx.campaign
    aboard: list[str] = []
    left = coppers
    if ctx.option("loot_in_trains"):
        here = [a.id for a in camp.armies_at(settlement.hex) if a.owner == occupier]
        for train in _looters_trains(ctx, here, occupier):
            put = cargo.stow(ctx.tables, rstate(camp).army(train.id), "gold", left)
            if put:
                left -= put
                aboard.append(f"{format_money(put)} aboard {train.name}")
    camp.player(occupier).treasury += left
    if not aboard:
        return ""
    home = f", {format_money(left)} to the treasury" if left else ""
    return f" ({', '.join(aboard)}{home})"


def _give_supply(
    ctx: Context, armies: list[str], amount: int, settlement: Settlement | None
) -> None:
    """Looted supply: into the captured settlement's stores (which now feed the occupier),
    else the looting player's baggage trains and ships in the hex (as much as they hold;
    the rest is lost)."""
    if amount <= 0:
        return
    if settlement is not None:
        settlement.stores["food"] = settlement.stores.get("food", 0) + amount
        return
    camp = ctx.campaign
    first = camp.army(armies[0]) if armies else None
    if first is None:
        return
    for train in _looters_trains(ctx, armies, first.owner):
        amount -= cargo.stow(ctx.tables, rstate(camp).army(train.id), "food", amount)


def _remove(ctx: Context, settlement: Settlement, by: str | None, how: str) -> None:
    camp = ctx.campaign
    camp.map.settlements.remove(settlement)
    cc.cstate(camp).occupations.pop(settlement.id, None)
    cc.cstate(camp).destroyed.append(
        DestroyedSettlement(
            settlement.id, settlement.name, settlement.kind, settlement.hex, camp.turn, by, how
        )
    )


def destroy(ctx: Context, army: Army, settlement: Settlement) -> None:
    """ "An occupying army which does not move or engage in combat for one full turn may
    destroy the settlement. Remove the settlement from the map." """
    camp = ctx.campaign
    occ = cc.cstate(camp).occupations.get(settlement.id)
    ctx.require(
        occ is not None and occ.occupier == army.owner,
        f"{settlement.name} is not a settlement {cc.player_name(camp, army.owner)} captured: "
        '"An occupying army ... may destroy the settlement"',
    )
    ctx.require(
        occ.turn < camp.turn,
        f"{settlement.name} was captured this turn: the army must remain one extra full turn "
        '("An occupying army which does not move or engage in combat for one full turn")',
    )
    ctx.require(
        army.hex == settlement.hex,
        f"{army.name} is not at {settlement.name}: the occupying army destroys it",
    )
    record = rstate(camp).army(army.id)
    stay = '("An occupying army which does not move or engage in combat for one full turn")'
    ctx.require(not record.moved, f"{army.name} moved this turn; it must stay a full turn {stay}")
    ctx.require(not record.fought, f"{army.name} fought this turn; it must stay a full turn {stay}")
    if settlement.kind == "capital" and occ.previous_owner:
        rstate(camp).player(occ.previous_owner).capital_lost = True
    _remove(ctx, settlement, army.owner, "destroyed")
    ctx.emit(
        "settlement_destroyed",
        f"{army.name} destroys {settlement.name}: buildings demolished, walls torn down, the "
        "ground salted. It may never be recaptured or rebuilt.",
        player=army.owner,
        undoable=False,
    )


def update_territories(ctx: Context) -> None:
    """End of the Combat phase: "To bring a new or enemy territory under your control, all
    enemy units in the territory must be destroyed. If the territory includes villages,
    cities, or other population centers, they also must be captured". A territory passes
    when the fighting armies in it are of one side only (a player, or allies) and that side
    holds every settlement there; an ally's territory never passes to its ally. Of allies,
    it goes to the one holding most of its settlements, else the one with most points in it
    (ties: the move order)."""
    camp = ctx.campaign
    neutral = rstate(camp).neutral_players
    for territory in camp.map.territories:
        hexes = set(territory.hexes)
        present = [a for a in camp.armies if a.hex in hexes and cc.fights(ctx, a.id)]
        sides = {side_key(camp, a.owner) for a in present}
        if len(sides) != 1:
            continue
        if friendly(camp, territory.owner, next(iter(sides))):
            continue
        settlements = [s for s in camp.map.settlements if s.hex in hexes]
        if any(not friendly(camp, s.owner, present[0].owner) for s in settlements):
            continue
        player = _new_master(camp, present, settlements)
        if player in neutral:
            continue
        old, territory.owner = territory.owner, player
        ctx.emit(
            "territory_control",
            f"{territory.name} comes under {cc.player_name(camp, player)}'s control"
            + (f" (from {cc.player_name(camp, old)})" if old else ""),
            player=player,
            undoable=False,
        )


def _new_master(campaign: Campaign, present: list[Army], settlements: list[Settlement]) -> str:
    """Which of the allies standing in a territory it passes to."""
    owners = list(dict.fromkeys(a.owner for a in present))
    held = {p: sum(1 for s in settlements if s.owner == p) for p in owners}
    points = {
        p: sum(cc.army_points(campaign, a.id) for a in present if a.owner == p) for p in owners
    }
    return min(owners, key=lambda p: (-held[p], -points[p], order_index(campaign, p)))
