"""Rauscher: sieges.

"To begin a siege, an army should move into the same hex as the settlement they wish to
besiege, and declare a siege. If there are any forces in the settlement outside the walls,
a WHFB battle must be fought first. Once besieged, a settlement is forced to live off its
own stockpiles until they are relieved." "Each turn, during the Combat phase, the besieging
and defending players should write down what their forces are going to do this turn."

Orders are sealed (R-RA-11), a sealed choice of the kit (:mod:`tuicamp.rules.kit.sealed`):
everyone reads that a side has written, only the writer what, until both are written; then
both are revealed in one public event and carried out: bombardments and mining at once, an
attack or a sally as a battle (combat.find opens it, combat draws its consequences and
calls :func:`after_battle`). The stockpile is eaten at the end of each Combat phase. Every
siege table is in tables/combat.toml.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from attrs import define, field

from tuicamp.engine.actions import Action
from tuicamp.engine.context import Context
from tuicamp.engine.rules import Rules
from tuicamp.model.battle import Battle, BattleStatus
from tuicamp.model.campaign import Campaign
from tuicamp.model.flow import AwaitedRoll
from tuicamp.model.forces import Army, Category, Unit
from tuicamp.rules.kit.sealed import SealedChoice, after_reveal, write
from tuicamp.rules.kit.turns import acting_player
from tuicamp.rules.rauscher import economy
from tuicamp.rules.rauscher.combat import back_from_the_tavern
from tuicamp.rules.rauscher.combat import common as cc
from tuicamp.rules.rauscher.combat import find as combat_find
from tuicamp.rules.rauscher.combat import settlements as combat_settlements
from tuicamp.rules.rauscher.shared import hooks
from tuicamp.rules.rauscher.shared.combat_state import BattleInfo, Engagement
from tuicamp.rules.rauscher.shared.common import (
    enemies,
    friendly,
    require_phase,
    rstate,
)
from tuicamp.rules.rauscher.shared.siege_state import Siege, SiegeOrder, SiegeState, orders_id
from tuicamp.rules.rauscher.shared.state import Role

if TYPE_CHECKING:
    from tuicamp.engine.problems import Problem

BESIEGER_ORDERS = ("attack", "bombard", "mine", "nothing")
DEFENDER_ORDERS = ("sally", "bombard", "nothing")


def sstate(source: Campaign | Rules) -> SiegeState:
    return rstate(source).siege


# --- actions ------------------------------------------------------------------------------


@define(kw_only=True)
class DeclareSiege(Action):
    kind = "declare_siege"
    summary = "Besiege the walled settlement your army stands on, instead of assaulting it"
    army: str
    settlement: str


@define(kw_only=True)
class WriteSiegeOrders(Action):
    kind = "siege_orders"
    summary = (
        "Write this turn's sealed siege orders: besieger attack/bombard/mine/nothing, "
        "defender sally/bombard/nothing"
    )
    siege: str
    order: str
    player: str = ""
    targets: dict[str, str] = field(factory=dict)  # war machine unit id -> target
    miners: str = ""  # the unit that digs
    units: list[str] = field(factory=list)  # the units that sally


@define(kw_only=True)
class ExhaustResources(Action):
    kind = "exhaust_resources"
    summary = "Besieged: collect and ration every edible thing (+d3 supply, once per siege)"
    siege: str
    player: str = ""


@define(kw_only=True)
class LiftSiege(Action):
    kind = "lift_siege"
    summary = "Give up a siege you lead"
    siege: str


def _declare(ctx: Context, a: DeclareSiege) -> None:
    require_phase(ctx, "combat")
    camp = ctx.campaign
    army = ctx.own_army(a.army)
    settlement = camp.map.settlement(a.settlement)
    ctx.require(settlement is not None, f"There is no settlement {a.settlement!r}")
    besiege = (
        '"an army should move into the same hex as the settlement they wish to besiege, and '
        'declare a siege"'
    )
    ctx.require(army.hex == settlement.hex, f"{army.name} is not at {settlement.name}: {besiege}")
    ctx.require(cc.fights(ctx, army.id), f"{army.name} cannot besiege anything: an army does")
    ctx.require(
        enemies(camp, army.owner, settlement.owner),
        f"{settlement.name} is not an enemy settlement: a siege is laid to an enemy's",
    )
    ctx.require(
        sstate(camp).at(settlement.hex) is None,
        f"{settlement.name} is already besieged: one siege at a time (allies besiege together)",
    )
    spec = ctx.table("settlement_kinds").get(settlement.kind, {})
    walls = int(spec.get("walled_defence" if settlement.walls else "defence", 0))
    ctx.require(
        walls >= 2,
        f"{settlement.name} has no walls to besiege: attack it instead (rule: a siege is of "
        "walls, a palisade or stronger; the settlement_kinds table)",
    )
    defenders = [
        x
        for x in camp.armies_at(settlement.hex)
        if friendly(camp, x.owner, settlement.owner) and cc.fights(ctx, x.id)
    ]
    inside = sum(cc.army_points(camp, x.id) for x in defenders)
    holds = int(spec.get("holds", 0))
    ctx.require(
        inside <= holds,
        f"{cc.player_name(camp, settlement.owner)} has {inside} pts at {settlement.name}, more "
        f"than its walls hold ({holds}): the forces outside the walls must be fought first "
        '("If there are any forces in the settlement outside the walls, a WHFB battle must be '
        'fought first")',
    )
    for battle in camp.pending_battles():
        info = cc.cstate(camp).battles.get(battle.id)
        if (
            battle.hex == settlement.hex
            and info is not None
            and friendly(camp, info.attacker, army.owner)
        ):
            _cancel(ctx, battle)
    cc.cstate(camp).waiting = [e for e in cc.cstate(camp).waiting if e.hex != settlement.hex]
    state = sstate(camp)
    siege = Siege(
        f"siege{state.next_id}",
        settlement.id,
        settlement.hex,
        army.owner,
        settlement.owner,
        camp.turn,
        armies=[
            x.id
            for x in camp.armies_at(settlement.hex)
            if friendly(camp, x.owner, army.owner) and cc.fights(ctx, x.id)
        ],
    )
    state.next_id += 1
    state.sieges[siege.id] = siege
    ctx.emit(
        "siege",
        f"{cc.player_name(camp, army.owner)} lays siege to {settlement.name} ({siege.id}): it "
        "must live off its own stockpiles until relieved. Both sides write their orders.",
        player=army.owner,
        undoable=False,
        siege=siege.id,
    )


def _cancel(ctx: Context, battle: Battle) -> None:
    """The attacker besieges instead of assaulting: the battle is not fought."""
    battle.status = BattleStatus.CANCELLED
    for side in battle.sides:
        for aid in side.armies:
            rstate(ctx).army(aid).fought = False
    back_from_the_tavern(ctx, battle)
    ctx.emit(
        "battle_cancelled",
        f"Battle {battle.id} is not fought: a siege begins instead",
        battle=battle.id,
        undoable=False,
    )


def _role(ctx: Context, siege: Siege, player: str) -> str:
    if player == siege.besieger:
        return "besieger"
    ctx.require(
        player == siege.defender,
        f'{cc.player_name(ctx.campaign, player)} is not in {siege.id}: "the besieging and '
        'defending players should write down what their forces are going to do"',
    )
    return "defender"


def _get(ctx: Context, siege_id: str) -> Siege:
    siege = sstate(ctx).sieges.get(siege_id)
    ctx.require(siege is not None and not siege.ended, f"There is no siege {siege_id!r} going on")
    return siege


def _sealed_orders(ctx: Context, siege: Siege) -> SealedChoice[SiegeOrder]:
    """This turn's round of sealed orders, opened by the first order written."""
    turn = ctx.campaign.turn
    if siege.orders is None or siege.orders.id != orders_id(siege.id, turn):
        settlement = ctx.campaign.map.settlement(siege.settlement)
        name = settlement.name if settlement else siege.settlement
        siege.orders = SealedChoice(
            orders_id(siege.id, turn),
            f"siege orders for {name} ({siege.id})",
            [siege.besieger, siege.defender],
            kind="siege_orders",
        )
    return siege.orders


def _orders(ctx: Context, a: WriteSiegeOrders) -> None:
    require_phase(ctx, "combat")
    camp = ctx.campaign
    siege = _get(ctx, a.siege)
    player = acting_player(ctx, a.player, among=(siege.besieger, siege.defender))
    role = _role(ctx, siege, player)
    allowed = BESIEGER_ORDERS if role == "besieger" else DEFENDER_ORDERS
    ctx.require(
        a.order in allowed,
        f"The {role} may order: {', '.join(allowed)} (the text's siege orders)",
    )
    order = SiegeOrder(player, a.order, camp.turn, dict(a.targets), a.miners, list(a.units))
    if role == "besieger" and a.order == "bombard":
        _check_bombard(ctx, siege, order)
    if role == "besieger" and a.order == "mine":
        order.miners = _miners(ctx, siege, a.miners)
    if role == "defender" and a.order == "sally":
        own = {u.id for x in _defenders(ctx, siege) for u in x.units}
        bad = [u for u in a.units if u not in own]
        ctx.require(
            not bad,
            f"{bad[0] if bad else ''!r} is not a unit of the garrison: the besieged sally",
        )
    sealed = _sealed_orders(ctx, siege)
    if write(ctx, sealed, player, order, lambda o: _describe_for(siege, o)) is not None:
        # with table dice, the rolls wait until asked for (R-ALL-8): never of this writer
        # for the other's order, while his own could still change
        after_reveal(ctx, sealed, lambda: _resolve(ctx, siege), siege=siege.id)


def roll_awaited(ctx: Context, awaited: AwaitedRoll) -> None:
    """The revealed orders of a siege, carried out with the table's dice (R-ALL-8). A siege
    lifted since (or gone from a hand-edited save) carries out nothing: the work is let go,
    so the phase can end."""
    siege_id = str(awaited.data.get("siege", ""))
    siege = sstate(ctx).sieges.get(siege_id)
    if siege is None or siege.ended:
        ctx.emit(
            "siege_orders",
            f"Nothing is carried out for {awaited.text}: the siege has ended",
            undoable=False,
        )
        return
    _resolve(ctx, siege)


def _check_bombard(ctx: Context, siege: Siege, order: SiegeOrder) -> None:
    camp = ctx.campaign
    table = ctx.table("bombardment")
    machines = {u.id for u in _units(camp, _besiegers(ctx, siege)) if _machine(u)}
    archers = [u for u in _units(camp, _besiegers(ctx, siege)) if _archers(u, table)]
    ctx.require(
        machines or archers,
        'Only war machines or missile units (10 or more archers, range 24"+, flag '
        "'missile') may bombard (\"Only war machines or missile units (consisting of 10 or "
        'more archers) with an attack range of at least 24" may make a bombardment attack")',
    )
    for uid, target in order.targets.items():
        ctx.require(
            uid in machines,
            f"{uid!r} is not a war machine of the besieging army: war machines aim, archers "
            "shoot at the defenders",
        )
        ctx.require(
            target in table["targets"],
            f"A war machine aims at {', '.join(table['targets'])}, not {target!r} (the "
            "bombardment table)",
        )


def _miners(ctx: Context, siege: Siege, named: str) -> str:
    camp = ctx.campaign
    units = _units(camp, _besiegers(ctx, siege))
    if named:
        ctx.require(
            any(u.id == named for u in units),
            f"{named!r} is not a besieging unit: the besiegers dig the mine",
        )
        return named
    flagged = [u.id for u in units if "miners" in u.flags]
    if siege.miners and any(u.id == siege.miners for u in units):
        return siege.miners
    ctx.require(flagged, "Name the unit of miners (miners = unit id)")
    return flagged[0]


def _exhaust(ctx: Context, a: ExhaustResources) -> None:
    camp = ctx.campaign
    siege = _get(ctx, a.siege)
    player = a.player or siege.defender
    ctx.require(ctx.seat.controls(player), f"Seat {ctx.seat.name} does not play {player}")
    ctx.require(
        player == siege.defender,
        'Only the besieged exhaust their resources ("add d3 supply to their stockpile")',
    )
    ctx.require(
        not siege.exhausted,
        'Exhausting Its Resources may only be done once ("This roll may only be made once")',
    )
    settlement = camp.map.settlement(siege.settlement)
    gain = ctx.dice.roll(ctx.table("siege_supply")["exhaust"], "exhausting its resources").total
    settlement.stores["food"] = settlement.stores.get("food", 0) + gain
    siege.exhausted = True
    ctx.emit(
        "exhaust_resources",
        f"{settlement.name} exhausts its resources: +{gain} supply to its stockpile",
        player=player,
        visible_to=[player],
        siege=siege.id,
    )


def _lift(ctx: Context, a: LiftSiege) -> None:
    siege = _get(ctx, a.siege)
    ctx.require(
        ctx.seat.controls(siege.besieger),
        "Only the besieger lifts a siege (the defender is relieved, or sallies)",
    )
    end(ctx, siege, "lifted by the besieger")


ACTIONS: tuple[type[Action], ...] = (DeclareSiege, WriteSiegeOrders, ExhaustResources, LiftSiege)
HANDLERS: dict[type[Action], Callable[[Context, Any], None]] = {
    DeclareSiege: _declare,
    WriteSiegeOrders: _orders,
    ExhaustResources: _exhaust,
    LiftSiege: _lift,
}


# --- who is where -------------------------------------------------------------------------


def _besiegers(rules: Rules, siege: Siege) -> list[Army]:
    """The besieging armies: the besieger's and its allies' in the hex."""
    camp = rules.campaign
    return [
        a
        for a in camp.armies_at(siege.hex)
        if friendly(camp, a.owner, siege.besieger) and cc.fights(rules, a.id)
    ]


def _defenders(rules: Rules, siege: Siege) -> list[Army]:
    """The garrison: the defender's armies and its allies' inside the walls."""
    camp = rules.campaign
    return [
        a
        for a in camp.armies_at(siege.hex)
        if friendly(camp, a.owner, siege.defender) and cc.fights(rules, a.id)
    ]


def _units(camp: Campaign, armies: list[Army]) -> list[Unit]:
    return [u for a in armies for u in a.units]


def _machine(unit: Unit) -> bool:
    return unit.category is Category.WAR_MACHINE


def _archers(unit: Unit, table: dict) -> bool:
    return "missile" in unit.flags and not _machine(unit) and unit.models >= table["archer_models"]


def besieged_armies(rules: Rules) -> set[str]:
    """Armies inside besieged walls: the siege module feeds them from the stockpile."""
    return {a.id for s in sstate(rules).active() for a in _defenders(rules, s)}


def is_besieged(rules: Rules, ident: str) -> bool:
    """Is this settlement (or army) shut in by a siege? Its food is the siege's business."""
    active = sstate(rules).active()
    return any(s.settlement == ident for s in active) or ident in besieged_armies(rules)


# --- the turn -----------------------------------------------------------------------------


def new_turn(ctx: Context) -> None:
    """The Combat phase begins: end sieges that no longer stand, clear last turn's orders."""
    turn = ctx.campaign.turn
    for siege in sstate(ctx).active():
        if check(ctx, siege):
            if siege.orders is not None and siege.orders.id != orders_id(siege.id, turn):
                siege.orders = None
            siege.battle = ""


def check(ctx: Context, siege: Siege) -> bool:
    """Does the siege still stand? A besieger gone lifts it; a settlement lost or taken
    ends it; a garrison wiped out surrenders the settlement to the besieger."""
    camp = ctx.campaign
    settlement = camp.map.settlement(siege.settlement)
    if settlement is None or settlement.owner != siege.defender:
        end(ctx, siege, "the settlement has fallen")
        return False
    if not _besiegers(ctx, siege):
        end(ctx, siege, "the besiegers are gone")
        return False
    if not _defenders(ctx, siege):
        end(ctx, siege, "no defender is left")
        combat_settlements.take_undefended(ctx, settlement, siege.besieger, _besiegers(ctx, siege))
        return False
    return True


def end(ctx: Context, siege: Siege, reason: str) -> None:
    siege.ended, siege.end_reason = True, reason
    settlement = ctx.campaign.map.settlement(siege.settlement)
    name = settlement.name if settlement else siege.settlement
    ctx.emit("siege_ends", f"The siege of {name} ends: {reason}", undoable=False, siege=siege.id)


def _resolve(ctx: Context, siege: Siege) -> None:
    """Both orders are written and revealed together (kit.sealed): carry them out."""
    camp = ctx.campaign
    b, d = siege.order("besieger", camp.turn), siege.order("defender", camp.turn)
    if siege.breach_turn and camp.turn >= siege.breach_turn and b.order != "attack":
        _tunnel_waits(ctx, siege)
    if b.order == "bombard":
        _bombard(ctx, siege, b)
    elif b.order == "mine":
        _mine(ctx, siege, b)
    if d.order == "bombard":
        _defender_bombard(ctx, siege, b)
    siege.resolved_turn = camp.turn
    if not check(ctx, siege):
        return
    if b.order == "attack" or d.order == "sally":
        _battle(ctx, siege, b, d)


def _describe(order: SiegeOrder) -> str:
    extra = ""
    if order.targets:
        extra = " (" + ", ".join(f"{u} at the {t}" for u, t in sorted(order.targets.items())) + ")"
    if order.miners:
        extra = f" (miners: {order.miners})"
    return order.order + extra


def _describe_for(siege: Siege, order: SiegeOrder) -> str:
    """An order as the chronicle says it, with the writer's part: "attack, as besieger"."""
    role = "besieger" if order.player == siege.besieger else "defender"
    return f"{_describe(order)}, as {role}"


# --- bombardment --------------------------------------------------------------------------


def _wood(ctx: Context, siege: Siege) -> int:
    settlement = ctx.campaign.map.settlement(siege.settlement)
    spec = ctx.table("settlement_kinds").get(settlement.kind, {})
    return ctx.table("bombardment")["wood_modifier"] if spec.get("wood") else 0


def _bombard(ctx: Context, siege: Siege, order: SiegeOrder) -> None:
    """The besieger's structural and military bombardment."""
    camp = ctx.campaign
    table = ctx.table("bombardment")
    settlement = camp.map.settlement(siege.settlement)
    mod = _wood(ctx, siege)
    lines: list[str] = []
    killed = 0
    for unit in _units(camp, _besiegers(ctx, siege)):
        if _machine(unit):
            target = order.targets.get(unit.id, "military")
            spec = table["targets"][target]
            dice = table["fire_dice"] if "fire" in unit.flags else 1
            for _ in range(dice):
                roll = ctx.dice.d6(f"bombardment: {unit.name} at the {target}")
                if roll + mod >= spec["needs"]:
                    text, pts = _hit(ctx, siege, settlement, target, spec)
                    killed += pts
                    lines.append(f"{unit.name} rolls {roll}{mod:+d}: {text}")
                else:
                    lines.append(f"{unit.name} rolls {roll}{mod:+d}: no effect")
        elif _archers(unit, table):
            spec = table["archers"]
            roll = ctx.dice.d6(f"bombardment: {unit.name} shoot at the defenders")
            if roll + mod >= spec["needs"]:
                killed += _kill(ctx, _defenders(ctx, siege), spec["points_killed"])
                lines.append(f"{unit.name} rolls {roll}{mod:+d}: 50 points of defenders killed")
            else:
                lines.append(f"{unit.name} rolls {roll}{mod:+d}: no effect")
    if killed:
        rstate(camp).player(siege.besieger).troops_killed += killed
    ctx.emit(
        "bombardment",
        f"Bombardment of {settlement.name}: " + "; ".join(lines or ["nothing can fire"]),
        undoable=False,
        siege=siege.id,
    )


def _hit(ctx: Context, siege: Siege, settlement, target: str, spec: dict) -> tuple[str, int]:
    """One successful structural or military roll: what it did, and points killed."""
    if target == "gate":
        already = siege.gate_destroyed
        siege.gate_destroyed = True
        return ("the gate was already down" if already else spec["text"]), 0
    if target == "wall":
        siege.wall_sections += 1
        return spec["text"], 0
    if target == "tower":
        siege.tower_hits += 1
        if siege.tower_hits >= spec["hits_to_destroy"]:
            siege.tower_hits = 0
            siege.towers_destroyed += 1
            return "a tower is destroyed (its third hit)", 0
        return f"{spec['text']} ({siege.tower_hits} of {spec['hits_to_destroy']})", 0
    if target == "warehouses":
        food = settlement.stores.get("food", 0)
        settlement.stores["food"] = max(0, food - spec["supply_lost"])
        return spec["text"], 0
    return spec["text"], _kill(ctx, _defenders(ctx, siege), spec["points_killed"])


def _kill(ctx: Context, armies: list[Army], points: int) -> int:
    """Kill ``points`` worth of models across armies (bombardment casualties are dead)."""
    total = 0
    for army in armies:
        if total >= points:
            break
        total += sum(p for _, _, p in cc.kill_points(army, points - total))
    return total


def _defender_bombard(ctx: Context, siege: Siege, besieger_order: SiegeOrder) -> None:
    """ "If the enemy army has chosen Do Nothing for this turn, your bombardments fall
    short as they are well-protected behind their own defenses." """
    camp = ctx.campaign
    table = ctx.table("bombardment")
    if besieger_order.order == "nothing":
        ctx.emit(
            "bombardment",
            "The defenders' bombardment falls short: the besiegers keep behind their defences",
            undoable=False,
            siege=siege.id,
        )
        return
    spec = table["defender"]
    lines, killed = [], 0
    for unit in _units(camp, _defenders(ctx, siege)):
        if not (_machine(unit) or _archers(unit, table)):
            continue
        roll = ctx.dice.d6(f"defenders' bombardment: {unit.name}")
        if roll >= spec["needs"]:
            killed += _kill(ctx, _besiegers(ctx, siege), spec["points_killed"])
            lines.append(f"{unit.name} rolls {roll}: 50 points of besiegers killed")
        else:
            lines.append(f"{unit.name} rolls {roll}: no effect")
    if killed:
        rstate(camp).player(siege.defender).troops_killed += killed
    ctx.emit(
        "bombardment",
        "The defenders bombard the besiegers: " + "; ".join(lines or ["nothing can fire"]),
        undoable=False,
        siege=siege.id,
    )


# --- mining -------------------------------------------------------------------------------


def _mining_bonus(ctx: Context, siege: Siege) -> int:
    spec = ctx.table("mining")
    return (
        spec["race_bonus"]
        if cc.race_in(ctx.campaign, ctx.tables, siege.besieger, spec["races"])
        else 0
    )


def _mine(ctx: Context, siege: Siege, order: SiegeOrder) -> None:
    camp = ctx.campaign
    spec = ctx.table("mining")
    siege.miners = order.miners
    siege.mining_turns += 1
    race = _mining_bonus(ctx, siege)
    bonus, siege.mining_bonus = siege.mining_bonus, 0
    roll = ctx.dice.d6(f"mining under {siege.id}")
    total = roll + siege.mining_turns + race + bonus
    if roll == spec["mishap_on"]:
        _mishap(ctx, siege, race)
        return
    if total >= spec["breach_at"]:
        siege.breach_turn = camp.turn + 1
        siege.mining_turns = 0
        text = (
            f"Mining: d6 {roll}, total {total} (8 or more): the miners are under the "
            "battlements. Next turn the besieger may make a mining-based assault."
        )
    else:
        text = f"Mining: d6 {roll}, total {total}: the tunnel goes on ({siege.mining_turns} turns)"
    ctx.emit("mining", text, player=siege.besieger, undoable=False, siege=siege.id)


def _mishap(ctx: Context, siege: Siege, race: int) -> None:
    camp = ctx.campaign
    spec = ctx.table("mining")
    miners = next((u for u in _units(camp, _besiegers(ctx, siege)) if u.id == siege.miners), None)
    mod = race
    if (
        miners is not None
        and "miners" in miners.flags
        and cc.race_in(camp, ctx.tables, siege.besieger, ["Dwarfs"])
    ):
        mod += spec["miners_mishap_bonus"]
    roll = ctx.dice.d6("mining mishap")
    row = cc.band_row(spec["mishaps"], roll + mod)
    result = row["result"]
    if result in ("discovered", "collapse") and miners is not None:
        for army in _besiegers(ctx, siege):
            if miners in army.units:
                army.units.remove(miners)
                rstate(camp).player(siege.defender).troops_killed += miners.points
        siege.miners = ""
    if result in ("discovered", "collapse", "restart"):
        siege.mining_turns = 0
    if result == "discovered":
        siege.tunnel_sally_turn = camp.turn + 1
    if result == "silver":
        camp.player(siege.besieger).treasury += row["coppers"]
    if result == "soft_earth":
        siege.mining_bonus = row["next_turn_bonus"]
    ctx.emit(
        "mining",
        f"Mining: a natural 1 — Mining Mishap Table {roll}{mod:+d}: {row['text']}",
        player=siege.besieger,
        undoable=False,
        siege=siege.id,
    )


def _tunnel_waits(ctx: Context, siege: Siege) -> None:
    """ "If you decide not to attack on the next turn ... roll a d6 - on a 6, the tunnel has
    collapsed due to shoddy construction, water leakage, etc., and is lost." """
    band = ctx.table("mining")["wait_collapse"]
    roll = ctx.dice.d6("the tunnel waits: does it hold?")
    if cc.in_band(band, roll):
        siege.breach_turn = 0
        text = f"The tunnel waits ({roll}): it collapses and is lost. Start all over again!"
    else:
        text = f"The tunnel waits ({roll}): it holds for now"
    ctx.emit("mining", text, player=siege.besieger, undoable=False, siege=siege.id)


# --- battles ------------------------------------------------------------------------------


def _battle(ctx: Context, siege: Siege, b: SiegeOrder, d: SiegeOrder) -> None:
    camp = ctx.campaign
    besiegers = [a.id for a in _besiegers(ctx, siege)]
    defenders = [a.id for a in _defenders(ctx, siege)]
    if b.order == "attack":
        engagement = Engagement(
            siege.hex, siege.besieger, siege.defender, besiegers + defenders, siege.id, "assault"
        )
    else:
        engagement = Engagement(
            siege.hex, siege.defender, siege.besieger, defenders + besiegers, siege.id, "sally"
        )
    engagement.notes = _battle_notes(ctx, siege, b, d)
    siege.battle = f"b{len(camp.battles) + 1}"
    combat_find.begin(ctx, engagement)


def _battle_notes(ctx: Context, siege: Siege, b: SiegeOrder, d: SiegeOrder) -> list[str]:
    camp = ctx.campaign
    out = []
    if b.order == "attack" and siege.breach_turn and camp.turn >= siege.breach_turn:
        out.append(
            "Mining-based assault: the defending player sets up first. The attacker deploys at "
            'least 24" from the castle walls. Choose 1 section of wall no more than 10" wide, '
            'or a tower and the 2" of wall on either side: these have collapsed and are '
            "removed. The unit of miners plus 250 points of foot troops (no war machines, "
            'cavalry or very large monsters) deploy within 6" of the collapsed wall. The '
            "attacking player moves first."
            + (
                " The defender sallies too: dice for initiative as usual."
                if d.order == "sally"
                else ""
            )
        )
        siege.breach_turn = 0
    elif b.order == "attack" and d.order == "sally":
        out.append("The defender sallies as the besieger attacks: dice for initiative as usual.")
    if d.order == "sally":
        out.append(
            "Sally: the castle is placed in the centre of the table and the besieging army "
            "deploys evenly around it. The sallying units (war machines stay behind the walls "
            'and fire from there) are placed up to 12" from the castle walls, but never less '
            'than 6" from an enemy unit.'
            + (" The sallying force moves first." if b.order != "attack" else "")
        )
        if d.units:
            names = [u.name for u in _units(camp, _defenders(ctx, siege)) if u.id in d.units]
            out.append("Sallying: " + ", ".join(names) + "; the others stay behind the walls.")
        if siege.tunnel_sally_turn == camp.turn:
            out.append(
                "The tunnel was discovered: up to 250 points of foot troops may use it and be "
                'placed anywhere on the board - even within 6" of an enemy unit.'
            )
    return out


def after_battle(ctx: Context, battle: Battle, info: BattleInfo) -> None:
    """A siege battle was settled: does the siege still stand?"""
    siege = sstate(ctx).sieges.get(info.siege or "")
    if siege is None or siege.ended:
        return
    check(ctx, siege)


def card_notes(rules: Rules, battle: Battle, info: BattleInfo) -> list[str]:
    campaign = rules.campaign
    siege = sstate(campaign).sieges.get(info.siege or "")
    if siege is None:
        return []
    out = []
    if info.kind == "assault":
        damage = []
        if siege.gate_destroyed:
            damage.append("the gate is destroyed")
        if siege.wall_sections:
            damage.append(f'{siege.wall_sections} 3" sections of wall are down')
        if siege.towers_destroyed:
            damage.append(f"{siege.towers_destroyed} tower(s) destroyed")
        out.append(
            "Siege assault: use the siege rules (Citadel Journal #4 and #5) for the walls"
            + (f"; the bombardment so far: {', '.join(damage)}" if damage else "")
            + "."
        )
        for aid in battle.side("attacker").armies:
            equipment = cc.siege_equipment(campaign, aid)
            army = campaign.army(aid)
            if equipment and army is not None:
                out.append(f"Siege equipment with {army.name}: {', '.join(equipment)}")
    return out


# --- the stockpile --------------------------------------------------------------------------


def _feed(ctx: Context) -> None:
    """ "For a siege, the population and garrison will need 1 supply a turn. Additional
    forces stationed in the city will require food and supplies as normal." """
    camp = ctx.campaign
    spec = ctx.table("siege_supply")
    for siege in sstate(camp).active():
        if siege.fed_turn == camp.turn or not check(ctx, siege):
            continue
        siege.fed_turn = camp.turn
        settlement = camp.map.settlement(siege.settlement)
        defenders = _defenders(ctx, siege)
        others = sum(
            u.points
            for a in defenders
            for u in a.units
            if u.category.is_rank_and_file and "militia" not in u.flags
        )
        forces = supply_need(others)
        food = settlement.stores.get("food", 0)
        population = spec["population_need"]
        fed_population = food >= population
        food = max(0, food - population)
        fed_forces = food >= forces
        food = max(0, food - forces)
        settlement.stores["food"] = food
        text = (
            f"{settlement.name} under siege eats {population + forces} supply "
            f"({population} for the population and garrison, {forces} for the forces "
            f"stationed there); {food} left"
        )
        ctx.emit("siege_supply", text, player=siege.defender, undoable=False, siege=siege.id)
        if not (fed_population and fed_forces):
            for army in defenders:
                _starve(ctx, army, siege)
        if not fed_population:
            _revolt(ctx, siege)
        check(ctx, siege)


def supply_need(points: int) -> int:
    """R-RA-8: 1 per 1,000 pts of rank & file, 500-999 rounding up, 0-499 down."""
    return (points + 500) // 1000


def _starve(ctx: Context, army: Army, siege: Siege) -> None:
    """A garrison the stockpile could not feed tests on the economy's Desertion and
    Starvation table, as an army in insufficient supply does."""
    rstate(ctx).army(army.id).starving_turns += 1
    economy.starvation_test(ctx, army, f"besieged in {siege.id}: the stockpile is empty")


def _revolt(ctx: Context, siege: Siege) -> None:
    """ "If there is ever a turn where the local population is not fed, roll a d6: on a 1
    the population revolts, throwing open the gates and fleeing the settlement." """
    camp = ctx.campaign
    spec = ctx.table("siege_supply")
    settlement = camp.map.settlement(siege.settlement)
    roll = ctx.dice.d6(f"the hungry people of {settlement.name}: do they revolt?")
    if not cc.in_band(spec["revolt"], roll):
        ctx.emit(
            "revolt",
            f"The people of {settlement.name} go hungry but keep the peace ({roll})",
            undoable=False,
            siege=siege.id,
        )
        return
    pips = ctx.dice.roll(spec["revolt_killed"], "troops lost re-closing the gates").total
    killed = _kill(ctx, _defenders(ctx, siege), pips * spec["revolt_points_per_pip"])
    refugees = Army(camp.new_id("a"), f"Refugees of {settlement.name}", siege.defender, siege.hex)
    camp.armies.append(refugees)
    record = rstate(camp).army(refugees.id)
    record.role = Role.REFUGEES
    record.created_turn = camp.turn
    ctx.emit(
        "revolt",
        f"The people of {settlement.name} revolt ({roll}), throw open the gates and flee: "
        f"{refugees.name} leave, and {killed} points of troops die protecting the food stores "
        "and re-closing the gates",
        undoable=False,
        siege=siege.id,
    )


def _combat_ends(ctx: Context) -> None:
    _feed(ctx)


PHASE_START: dict[str, Callable[[Context], None]] = {}
PHASE_END: dict[str, Callable[[Context], None]] = {"combat": _combat_ends}


def pending(rules: Rules, player: str | None) -> list[str]:
    """Unwritten siege orders hold up the Combat phase."""
    campaign = rules.campaign
    if campaign.phase != "combat":
        return []
    lines = []
    for siege in sstate(campaign).active():
        settlement = campaign.map.settlement(siege.settlement)
        name = settlement.name if settlement else siege.settlement
        for role, who in (("besieger", siege.besieger), ("defender", siege.defender)):
            if siege.order(role, campaign.turn) is None and player in (None, who):
                lines.append(
                    f"{cc.player_name(campaign, who)} must write siege orders for {name} "
                    f"({siege.id}, as the {role})"
                )
    return lines


# --- set-up (the frame asks every package; sieges read nothing of the scenario) -----------


def setup(campaign: Campaign, setup: dict[str, Any]) -> None:
    """Sieges keep nothing of the scenario's ``[ruleset.rauscher]`` table."""


def setup_problems(setup: dict[str, Any]) -> list[Problem]:
    """Sieges read no key of the scenario's ``[ruleset.rauscher]`` table: nothing to check."""
    return []


# --- what combat and the economy ask of sieges ---------------------------------------------
# Combat and the economy lie below sieges: they hand these moments over through the hooks.
hooks.HOOKS.before_battles.append(new_turn)
hooks.HOOKS.battle_settled.append(after_battle)
hooks.HOOKS.card_notes.append(card_notes)
hooks.HOOKS.shut_in.append(is_besieged)
