"""Rauscher: the Combat phase — battles and what follows them.

"Whenever two or more armies occupy the same hex at the end of the movement phase, there is
a combat." The phase begins by finding every such hex (``find``); each battle is fought at
the table or auto-resolved through the core battle actions, and its result comes back here:
the Campaign VP table and the Battle Result Chart (``vp``), the Casualties Result Table and
prisoners (``casualties``), fatigue, retreats, booty (``after``), and the fate of
settlements (``settlements``). Sieges are the siege package's: it lies above combat and
takes a battle's outcome, the start of the battles and the card's notes through
``shared.hooks``; so does victory, for the Family Squabble's beaten armies.

The phase cannot end while a battle involving the player is pending.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from attrs import define, field

from tuicamp.engine.actions import Action
from tuicamp.engine.battles import clear_revert_points
from tuicamp.engine.context import Context
from tuicamp.model.battle import Battle
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Category, Unit, UnitSpec
from tuicamp.rules.kit.turns import parse_hex
from tuicamp.rules.rauscher.combat import after as combat_after
from tuicamp.rules.rauscher.combat import card as combat_card
from tuicamp.rules.rauscher.combat import common as cc
from tuicamp.rules.rauscher.combat import find as combat_find
from tuicamp.rules.rauscher.combat import settlements as combat_settlements
from tuicamp.rules.rauscher.combat import vp as combat_vp
from tuicamp.rules.rauscher.combat.casualties import casualties
from tuicamp.rules.rauscher.shared import hooks
from tuicamp.rules.rauscher.shared.combat_state import BattleInfo, Outcome
from tuicamp.rules.rauscher.shared.common import friendly, rstate
from tuicamp.rules.rauscher.shared.state import Stance

if TYPE_CHECKING:
    from tuicamp.engine.problems import Problem
    from tuicamp.engine.rules import Rules

# --- actions ------------------------------------------------------------------------------


# One unit entered into an allocation (R-RA-3): written down like any other unit.
AllocatedUnit = UnitSpec


@define(kw_only=True)
class FillAllocation(Action):
    kind = "fill_allocation"
    summary = "Enter the units that fill one of an army's point allocations (R-RA-3)"
    army: str
    allocation: int = 0  # its place in the army's list, from 0
    units: list[AllocatedUnit] = field(factory=list)


@define(kw_only=True)
class Withdraw(Action):
    kind = "withdraw"
    summary = "After a draw or Pyrrhic victory, move the attacking army to an adjacent hex"
    army: str
    to: str


@define(kw_only=True)
class DestroySettlement(Action):
    kind = "destroy_settlement"
    summary = "Destroy a settlement your army captured and stayed in for a full turn"
    army: str
    settlement: str


def _fill_allocation(ctx: Context, a: FillAllocation) -> None:
    camp = ctx.campaign
    army = ctx.own_army(a.army)
    record = rstate(camp).army(army.id)
    ctx.require(
        record.allocations,
        f"{army.name} has no allocations to fill (R-RA-3: an army's points allocations are "
        "filled with units)",
    )
    ctx.require(
        0 <= a.allocation < len(record.allocations),
        f"{army.name} has allocations 0 to {len(record.allocations) - 1}",
    )
    alloc = record.allocations[a.allocation]
    what = alloc.label or alloc.category.value.replace("_", " ")
    ctx.require(a.units, f"Name the units that fill the {alloc.points} pts of {what}")
    total = 0
    units = []
    for spec in a.units:
        ctx.require(spec.name.strip(), "A unit needs a name")
        ctx.require(spec.points > 0 and spec.models > 0, f"{spec.name}: points and models > 0")
        # "only cavalry (and mounted characters) may be selected" — characters may join any
        # allocation; whether they are mounted is the army book's business (R-ALL-3).
        ctx.require(
            spec.category in (alloc.category, Category.CHARACTER),
            f"{spec.name} is {spec.category.value.replace('_', ' ')}; this allocation holds "
            f"{alloc.category.value.replace('_', ' ')} (and characters; R-RA-3: an allocation "
            "is filled with units of its category)",
        )
        total += spec.points
        units.append(spec.make(camp.new_id("u")))
    ctx.require(
        total <= alloc.points,
        f"Those units cost {total} pts; the allocation holds {alloc.points} pts of {what} (R-RA-3)",
    )
    army.units.extend(units)
    del record.allocations[a.allocation]
    ctx.emit(
        "fill_allocation",
        f"{army.name} fills {alloc.points} pts of {what} with "
        + ", ".join(f"{u.name} ({u.points} pts)" for u in units)
        + "; from now on these units are fixed",
        player=army.owner,
        visible_to=[army.owner],
        army=army.id,
    )
    _open_waiting(ctx)


def _open_waiting(ctx: Context) -> None:
    """Battles waiting for allocations open once every army in them is filled."""
    combat = cc.cstate(ctx)
    for engagement in list(combat.waiting):
        if not any(rstate(ctx).army(a).allocations for a in engagement.armies):
            combat.waiting.remove(engagement)
            engagement.armies = [a for a in engagement.armies if ctx.campaign.army(a)]
            combat_find.open_engagement(ctx, engagement)


def _withdraw(ctx: Context, a: Withdraw) -> None:
    camp = ctx.campaign
    army = ctx.own_army(a.army)
    ctx.require(
        camp.phase == "combat",
        "An army withdraws after its battle, in the Combat phase (the Battle Result Chart: "
        "a draw or Pyrrhic victory)",
    )
    info = next(
        (
            i
            for i in cc.cstate(camp).battles.values()
            if (b := camp.battle(i.battle)) is not None
            and b.turn == camp.turn
            and i.outcome is not None
            and i.kind != "sally"
            and army.id in b.side("attacker").armies
        ),
        None,
    )
    ctx.require(
        info is not None and info.outcome.band in ("draw", "pyrrhic"),
        f"{army.name} may withdraw only as the attacker of a draw or Pyrrhic victory this turn "
        "(the Battle Result Chart)",
    )
    to = parse_hex(camp.map, a.to)
    ctx.require(
        army.hex is not None and to.distance(army.hex) == 1,
        f"{a.to} is not adjacent: the attacker withdraws to an adjacent hex",
    )
    ctx.require(
        not camp.map.terrain_at(to).water,
        f"{army.name} cannot stand at {a.to}: land armies do not enter lake or sea",
    )
    ctx.require(
        to not in cc.enemy_hexes(ctx, army.owner),
        f"The enemy stands at {a.to}: no withdrawal there (a withdrawal leaves the fight)",
    )
    start, army.hex = army.hex, to
    rstate(camp).army(army.id).moved = True
    ctx.emit(
        "withdraw",
        f"{army.name} withdraws from {cc.label(camp, start)} to {cc.label(camp, to)}",
        player=army.owner,
        army=army.id,
    )


def _destroy_settlement(ctx: Context, a: DestroySettlement) -> None:
    army = ctx.own_army(a.army)
    settlement = ctx.campaign.map.settlement(a.settlement)
    ctx.require(settlement is not None, f"There is no settlement {a.settlement!r}")
    ctx.require(
        ctx.campaign.phase in ("combat", "resolution"),
        "A settlement is destroyed after the army stayed the turn (Combat or Resolution "
        'phase): "An occupying army which does not move or engage in combat for one full turn '
        'may destroy the settlement"',
    )
    combat_settlements.destroy(ctx, army, settlement)


ACTIONS: tuple[type[Action], ...] = (FillAllocation, Withdraw, DestroySettlement)
HANDLERS: dict[type[Action], Callable[[Context, Any], None]] = {
    FillAllocation: _fill_allocation,
    Withdraw: _withdraw,
    DestroySettlement: _destroy_settlement,
}


# --- phase hooks --------------------------------------------------------------------------


def _combat_starts(ctx: Context) -> None:
    combat = cc.cstate(ctx)
    combat.fought = [k for k in combat.fought if k.startswith(f"{ctx.campaign.turn}:")]
    hooks.before_battles(ctx)  # sieges that no longer stand end before the battles are found
    combat_find.find_battles(ctx)


def _combat_ends(ctx: Context) -> None:
    combat_settlements.update_territories(ctx)


def _upkeep_starts(ctx: Context) -> None:
    clear_revert_points(ctx.campaign)  # results can be taken back only within their turn


PHASE_START: dict[str, Callable[[Context], None]] = {
    "combat": _combat_starts,
    "upkeep": _upkeep_starts,
}
PHASE_END: dict[str, Callable[[Context], None]] = {"combat": _combat_ends}


def pending(rules: Rules, player: str | None) -> list[str]:
    """What must still happen before ``player`` may end the phase (None: anyone)."""
    campaign = rules.campaign
    lines = []
    for b in campaign.pending_battles():
        if player is None or any(player in s.players for s in b.sides):
            lines.append(
                f"battle {b.id} at {cc.label(campaign, b.hex)} must be fought or auto-resolved"
                " (the phase cannot end while a battle is pending)"
            )
    for e in cc.cstate(campaign).waiting:
        for aid in e.armies:
            army = campaign.army(aid)
            if army is None or not rstate(campaign).army(aid).allocations:
                continue
            if player is None or army.owner == player:
                lines.append(
                    f"{army.name} must fill its allocations (fill_allocation) before the "
                    f"battle at {cc.label(campaign, e.hex)}"
                )
    return lines


# --- set-up (the frame asks every package; combat reads nothing of the scenario) ----------


def setup(campaign: Campaign, setup: dict[str, Any]) -> None:
    """Combat keeps nothing of the scenario's ``[ruleset.rauscher]`` table."""


def setup_problems(setup: dict[str, Any]) -> list[Problem]:
    """Combat reads no key of the scenario's ``[ruleset.rauscher]`` table: nothing to check."""
    return []


# --- what others ask ----------------------------------------------------------------------


def dead_special_characters(campaign: Campaign) -> list[str]:
    """Special characters slain in battle: "if a special character dies, they cannot be
    repurchased"."""
    return list(cc.cstate(campaign).dead_specials)


def occupied_by(rules: Rules, settlement_id: str) -> str | None:
    return combat_settlements.occupied_by(rules, settlement_id)


def revenue_recipient(rules: Rules, settlement_id: str) -> str | None:
    return combat_settlements.revenue_recipient(rules, settlement_id)


# --- the result form and the card -----------------------------------------------------------


def _info(campaign: Campaign, battle: Battle) -> BattleInfo:
    """The battle's record; a battle opened elsewhere (a GM tool) gets one from its sides."""
    combat = cc.cstate(campaign)
    info = combat.battles.get(battle.id)
    if info is None:
        players = [s.players[0] if s.players else "" for s in battle.sides]
        info = BattleInfo(battle.id, players[0], players[-1], settlement=battle.settlement)
        combat.battles[battle.id] = info
    return info


def result_fields(rules: Rules, battle: Battle) -> tuple:
    return combat_vp.result_fields(rules, battle, cc.cstate(rules).battles.get(battle.id))


def card_notes(rules: Rules, battle: Battle) -> list[str]:
    return combat_card.notes(rules, battle, cc.cstate(rules).battles.get(battle.id))


# --- consequences ---------------------------------------------------------------------------


def apply_battle_result(ctx: Context, battle: Battle) -> None:
    """Draw the consequences of a battle fought or auto-resolved."""
    camp = ctx.campaign
    info = _info(camp, battle)
    result = battle.result
    ctx.require(len(battle.sides) == 2, "Rauscher battles have two sides")
    if result.auto:
        combat_vp.derived_facts(camp, battle, info)
    cvp, rows = combat_vp.campaign_vp(ctx.tables, battle, info, result)
    out = combat_vp.outcome(ctx.tables, battle, cvp)
    info.outcome = out
    spec = combat_vp.band_spec(ctx.tables, out.band)
    holder = battle.side(out.holder)
    chased = battle.side(combat_vp.other_side(battle, out.holder))
    loser = combat_vp.other_side(battle, out.victor) if out.victor else None
    title = "Draw" if out.band == "draw" else spec["title"]
    vp_text = "; ".join(
        f"{battle.side(s).title} {cvp[s]} Campaign VP ({', '.join(rows[s]) or 'nothing'})"
        for s in ("attacker", "defender")
    )
    ctx.emit(
        "battle_outcome",
        f"Battle {battle.id}: {vp_text}. Margin {out.margin}: {title}"
        + (f" for the {battle.side(out.victor).title}" if out.victor else "")
        + f"; {holder.title} holds the field",
        undoable=False,
        battle=battle.id,
    )
    _count_kills(ctx, battle)
    captor = holder.players[0] if loser is not None and loser != out.holder else None
    dead: list[tuple[str, Unit]] = []
    for sr in result.sides:
        modifier = spec.get("casualty_modifier", 0) if sr.side == loser else 0
        side = battle.side(sr.side)
        assert side is not None  # a result's sides are the battle's
        # Each player's casualty dice are told as his (``player=``), so a fate point
        # re-rolls only one's own: an allied side's players each get their own event.
        allied = len(side.players) > 1
        owners = list(dict.fromkeys(a.owner for loss in sr.losses if (a := camp.army(loss.army))))
        for owner in owners if allied else [side.players[0] if side.players else None]:
            fates = casualties(
                ctx,
                battle,
                sr.side,
                modifier=modifier,
                captor=captor if sr.side == chased.id else None,
                dead_characters=dead,
                owner=owner if allied else None,
            )
            if fates:
                whose = f" ({ctx.player(owner).name})" if allied and owner else ""
                ctx.emit(
                    "casualties",
                    f"Casualties of the {side.title}{whose}: " + "; ".join(f.line() for f in fates),
                    undoable=False,
                    battle=battle.id,
                    player=owner,
                    fates=[f.data() for f in fates],
                )
    lost: dict[str, int] = {}
    lines = _losers_lose(ctx, battle, info, spec, loser, lost)
    lines += _booty(ctx, battle, info, dead, holder, chased)
    _fatigue(ctx, battle, out, spec, loser)
    if out.victor and battle.side(out.victor).players:
        # One battle won for the side: allies share one victory (credited to the lead),
        # so an alliance's battles add up to the battles it won.
        rstate(camp).player(battle.side(out.victor).players[0]).battles_won += 1
    if info.kind == "sally" and loser == "attacker":
        lines.append("The sallying force falls back behind the walls")
    elif loser is not None and out.band in ("victory", "overwhelming"):
        # Family Squabble (victory): the beaten armies change sides and stay; the others
        # retreat.
        keep = hooks.still_retreating(
            ctx, battle, list(battle.side(loser).armies), battle.side(out.victor).players[0]
        )
        lines += combat_after.retreat_side(
            ctx, battle, loser, no_escape=spec["no_escape"], lost=lost, armies=keep
        )
    elif out.band in ("draw", "pyrrhic") and info.kind != "sally":
        lines.append(
            "The attacker may withdraw to any adjacent hex (withdraw) or remain in place to "
            "fight again next turn"
        )
    if lines:
        ctx.emit(
            "battle_aftermath",
            ". ".join(lines),
            undoable=False,
            battle=battle.id,
            lost_models=lost or None,
        )
    _settlement_falls(ctx, battle, info, out)
    hooks.battle_settled(ctx, battle, info)  # does its siege still stand?
    back_from_the_tavern(ctx, battle)
    combat_find.settle_hex(ctx, battle.hex)


def _count_kills(ctx: Context, battle: Battle) -> None:
    """War of Destruction: the points of enemy models entered as killed."""
    camp = ctx.campaign
    for sr in battle.result.sides:
        points = 0
        for loss in sr.losses:
            army = camp.army(loss.army)
            unit = army.unit(loss.unit) if army else None
            if unit is not None and loss.killed:
                points += round(cc.per_model(unit) * loss.killed)
        killers = battle.side(combat_vp.other_side(battle, sr.side))
        cc.credit_kills(camp, killers.players, killers.armies, points)


def _losers_lose(
    ctx: Context,
    battle: Battle,
    info: BattleInfo,
    spec: dict,
    loser: str | None,
    lost: dict[str, int],
) -> list[str]:
    """Overwhelming Victory: "all war machines and baggage are lost"."""
    if loser is None or not spec.get("loses_war_machines"):
        return []
    camp = ctx.campaign
    side = battle.side(loser)
    lines = []
    points, names = combat_after.lose_war_machines(ctx, side.armies, lost)
    if names:
        lines.append(f"The {side.title} loses its war machines: {', '.join(names)}")
        killers = battle.side(combat_vp.other_side(battle, loser))
        cc.credit_kills(camp, killers.players, killers.armies, points)
    if spec.get("loses_baggage"):
        for aid in list(info.baggage):
            train = camp.army(aid)
            if train is not None and any(friendly(camp, train.owner, p) for p in side.players):
                camp.armies.remove(train)
                info.baggage.remove(aid)
                lines.append(f"{train.name} is lost")
    return lines


def _booty(ctx, battle, info, dead, holder, chased) -> list[str]:
    camp = ctx.campaign
    lines = []
    for aid in info.baggage:
        train = camp.army(aid)
        if train is not None:
            lines.append(
                combat_after.booty_for_train(
                    ctx, train, holder=holder.players[0], defeated=chased.players[0]
                )
            )
    lines += combat_after.booty_for_items(
        ctx, battle, dead, holder=holder.players[0], defeated=chased.players[0]
    )
    return lines


def _fatigue(ctx: Context, battle: Battle, out: Outcome, spec: dict, loser: str | None) -> None:
    """+1 for every army that fought; the loser's extra from the chart (in a Pyrrhic victory
    the defender, who keeps the field, takes it)."""
    fought = ctx.table("battle_result")["fought_fatigue"]
    for side in battle.sides:
        combat_after.add_fatigue(ctx, side.armies, fought)
    extra_for = loser if out.band in ("victory", "overwhelming") else None
    if out.band == "pyrrhic":
        extra_for = "defender"
    if extra_for:
        combat_after.add_fatigue(ctx, battle.side(extra_for).armies, spec.get("loser_fatigue", 0))
    for side in battle.sides:
        for aid in side.armies:
            if ctx.campaign.army(aid) is not None:
                record = rstate(ctx).army(aid)
                record.fought = True
                if record.stance is Stance.REST:
                    record.stance = Stance.NONE  # "So long as the army is not attacked"


def _settlement_falls(ctx: Context, battle: Battle, info: BattleInfo, out: Outcome) -> None:
    """ "If the attacker wins, the settlement is Razed" — when it holds the field and no
    defender is left standing in the hex."""
    camp = ctx.campaign
    if not info.settlement or out.victor != "attacker" or out.holder != "attacker":
        return
    settlement = camp.map.settlement(info.settlement)
    if settlement is None or friendly(camp, settlement.owner, info.attacker):
        return
    left = [
        a
        for a in camp.armies_at(battle.hex)
        if friendly(camp, a.owner, settlement.owner) and cc.fights(ctx, a.id)
    ]
    if left:
        return
    # The side's lead takes the settlement; its own armies loot first.
    armies = [a for a in battle.side("attacker").armies if camp.army(a) is not None]
    armies.sort(key=lambda a: camp.army(a).owner != info.attacker)
    combat_settlements.capture(ctx, settlement, info.attacker, armies)


def back_from_the_tavern(ctx: Context, battle: Battle) -> None:
    """Mercenaries who missed the battle in the tavern rejoin their army once it is over
    (or called off: a siege begun instead)."""
    back = [
        (effect, record)
        for effect, record in combat_after.scheduled_returns(ctx.campaign)
        if record.battle == battle.id and record.why == "in the tavern"
    ]
    fired = {effect.id for effect, _ in back}
    flow = ctx.campaign.flow
    flow.scheduled = [e for e in flow.scheduled if e.id not in fired]
    for _, record in back:
        ctx.emit(
            "models_return",
            combat_after.rejoin(ctx, record) + " after the battle",
            player=record.owner,
            undoable=False,
        )
