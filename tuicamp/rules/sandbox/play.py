"""What each sandbox action does: the handlers behind ``SandboxRuleset.apply``.

They are the acting side of the ruleset, kept apart from its read side (its phases,
options, views and checks in :mod:`tuicamp.rules.sandbox.ruleset`): they bring the
engine's battles, corrections and pathing with them, which a process that only reads a
campaign (``tuicamp show``) never needs, so the ruleset imports this module with its first
action instead of with itself (``tests/test_startup.py`` pins it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tuicamp.engine.battles import open_battle, remove_losses
from tuicamp.engine.context import Context
from tuicamp.engine.corrections import set_stores, set_treasury
from tuicamp.engine.costs import cost_model
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import acting_players
from tuicamp.engine.pathing import cheapest_path, path_cost
from tuicamp.model.battle import BattleSide, Circumstance
from tuicamp.model.forces import Army, Unit
from tuicamp.rules.kit.turns import acting_player, move_request, unwalkable
from tuicamp.rules.kit.words import hex_count
from tuicamp.rules.sandbox import actions as A
from tuicamp.rules.sandbox.state import SandboxState, mp_left

if TYPE_CHECKING:
    from tuicamp.engine.actions import Action


def perform(ctx: Context, action: Action) -> None:
    """One sandbox action: any seat rolls at any time, everything else waits for the
    seat's turn (R-SB-1)."""
    handler: Callable[[Context, Any], None] | None = _HANDLERS.get(type(action))
    if handler is None:
        raise RuleError(f"The sandbox has no action {action.kind!r}")
    if not isinstance(action, A.Roll):  # any seat rolls at any time (R-SB-1)
        require_turn(ctx)
    handler(ctx, action)


def require_turn(ctx: Context) -> None:
    """Only the players whose turn it is act; the GM acts at any time (R-SB-1)."""
    if ctx.seat.gm:
        return
    acting = acting_players(ctx.campaign)
    if not any(p in ctx.seat.players for p in acting):
        names = ", ".join(ctx.campaign.player(p).name for p in acting if ctx.campaign.player(p))
        raise RuleError(f"It is not your turn: {names or 'nobody'} is to play")


def battle_result(ctx: Context, battle) -> None:
    """Losses come off the units and nothing else happens: nobody is moved and nothing
    changes hands, the club's own rules decide the rest (R-SB-8)."""
    lines = remove_losses(ctx.campaign, battle, fled_return=bool(ctx.option("fled_return")))
    winner = battle.side(battle.result.winner) if battle.result.winner else None
    held = f"{winner.title} holds the field" if winner else "Neither side gives way"
    ctx.emit(
        "battle_losses",
        f"After battle {battle.id}: {held}. " + ("; ".join(lines) or "No losses."),
        undoable=False,
        battle=battle.id,
        # with fog of war, what each unit lost is for those who fought (R-SB-11)
        visible_to=sorted({p for s in battle.sides for p in s.players})
        if ctx.option("fog_of_war")
        else None,
    )


def _private(ctx: Context, owner: str) -> list[str] | None:
    """With fog of war, what happens inside an army is its owner's business (R-SB-11)."""
    return [owner] if ctx.option("fog_of_war") else None


def _strength(ctx: Context, army: Army) -> str:
    """An army's points for the chronicle, unless fog of war keeps them from the others
    (R-SB-11)."""
    return "" if ctx.option("fog_of_war") else f" ({army.points} pts)"


def _move(ctx: Context, a: A.Move) -> None:
    """The cheapest path, or the one given walked step by step (R-SB-3), priced by the
    ruleset's movement tables (R-SB-5) and, with ``enforce_movement``, paid for in MP
    (R-SB-4); arriving on another player's army may start a battle (R-SB-6)."""
    army = ctx.own_army(a.army)
    m = ctx.campaign.map
    request = move_request(m, army, a.to, a.path)
    model = cost_model(m, ctx.tables)
    if request.hexes:
        path = path_cost(model, list(request.hexes))
        if path is None:
            raise RuleError(unwalkable(m, army, request.hexes, model.step_cost))
    else:
        assert army.hex is not None  # move_request refuses an army off the map
        path = cheapest_path(model, army.hex, request.goal)
        if path is None:
            raise RuleError(f"'{army.name}' cannot reach {a.to}: no passable way")
    state: SandboxState = ctx.campaign.state
    left = mp_left(ctx, army.id)
    if left is not None:
        ctx.require(
            path.cost <= left + 1e-9,
            f"Army '{army.name}' has {_mp(left)} MP left; that path costs {_mp(path.cost)}",
        )
        state.mp_used[army.id] = state.mp_used.get(army.id, 0.0) + path.cost
    start, army.hex = army.hex, path.hexes[-1]
    ctx.emit(
        "move",
        f"{army.name} moved {m.label(start)} -> {m.label(army.hex)} "
        f"({hex_count(len(path.hexes) - 1)}, {_mp(path.cost)} MP)",
        player=army.owner,
        army=army.id,
        path=[m.label(h) for h in path.hexes],
    )
    if ctx.option("battles"):
        _battle_if_enemies(ctx, army)


def _battle_if_enemies(ctx: Context, army: Army) -> None:
    """Moving onto another player's army starts a battle: the mover attacks, everyone else
    there defends, one battle per hex at a time (R-SB-6), a defender's walls count (R-SB-7)."""
    camp = ctx.campaign
    if not army.units:  # an empty counter fights nobody
        return
    here = [a for a in camp.armies_at(army.hex) if a.units]
    owners = [army.owner, *sorted({a.owner for a in here if a.owner != army.owner})]
    if len(owners) < 2 or any(b.hex == army.hex for b in camp.pending_battles()):
        return
    sides = []
    for i, owner in enumerate(owners):
        player = camp.player(owner)
        title = "Attacker" if i == 0 else "Defender" if len(owners) == 2 else f"Defender {i}"
        sides.append(
            BattleSide(
                "attacker" if i == 0 else f"defender{'' if len(owners) == 2 else i}",
                f"{title} ({player.name if player else owner})",
                [owner],
                [a.id for a in here if a.owner == owner],
            )
        )
    circumstances = []
    settlement = next(iter(camp.map.settlements_at(army.hex)), None)
    if settlement is not None and settlement.walls and settlement.owner in owners[1:]:
        side = sides[owners.index(settlement.owner)]
        circumstances.append(
            Circumstance("defence", f"Defends behind the walls of {settlement.name}", side.id, 2)
        )
    open_battle(
        ctx, army.hex, sides, circumstances, settlement=settlement.id if settlement else None
    )


def _mp(value: float) -> str:
    return f"{value:g}"


def _make_unit(ctx: Context, spec: A.UnitSpec) -> Unit:
    """A unit as written, refused only where its numbers cannot be (R-SB-2)."""
    ctx.require(spec.name.strip(), "A unit needs a name")
    ctx.require(spec.points >= 0, f"Unit '{spec.name}': points cannot be negative")
    ctx.require(spec.models >= 0, f"Unit '{spec.name}': models cannot be negative")
    ctx.require(spec.movement >= 0, f"Unit '{spec.name}': M cannot be negative")
    return spec.make(ctx.campaign.new_id("u"))


def _create(ctx: Context, a: A.CreateArmy) -> None:
    """Raise an army anywhere on land; raising one on an enemy starts nothing (R-SB-2,
    R-SB-6)."""
    owner = acting_player(ctx, a.player)
    ctx.require(a.name.strip(), "An army needs a name")
    h = ctx.hex(a.hex)
    ctx.require(
        not ctx.campaign.map.terrain_at(h).water, f"An army cannot stand in water at {a.hex}"
    )
    units = [_make_unit(ctx, spec) for spec in a.units]
    army = Army(ctx.campaign.new_id("a"), a.name.strip(), owner, h, units)
    ctx.campaign.armies.append(army)
    ctx.emit(
        "create_army",
        f"{army.name} raised at {ctx.campaign.map.label(h)}" + _strength(ctx, army),
        player=owner,
        army=army.id,
    )


def _split(ctx: Context, a: A.SplitArmy) -> None:
    """At least one unit stays behind (R-SB-2); the detachment has spent what its army had
    (R-SB-4)."""
    army = ctx.own_army(a.army)
    _not_in_battle(ctx, army)
    ctx.require(a.units, "Name the units that leave")
    leaving = []
    for uid in a.units:
        unit = ctx.unit(army, uid)
        ctx.require(unit not in leaving, f"Unit {uid!r} is named twice")
        leaving.append(unit)
    ctx.require(len(leaving) < len(army.units), "At least one unit must stay (or rename the army)")
    army.units = [u for u in army.units if u not in leaving]
    name = a.name.strip() or f"{army.name} (detachment)"
    new = Army(ctx.campaign.new_id("a"), name, army.owner, army.hex, leaving)
    ctx.campaign.armies.append(new)
    state: SandboxState = ctx.campaign.state
    if army.id in state.mp_used:
        state.mp_used[new.id] = state.mp_used[army.id]
    ctx.emit(
        "split_army",
        f"{new.name} ({new.points} pts) split from {army.name}",
        player=army.owner,
        visible_to=_private(ctx, army.owner),
        army=army.id,
        new_army=new.id,
    )


def _merge(ctx: Context, a: A.MergeArmies) -> None:
    """One player's armies on one hex; the merged army has spent the most any of them had
    (R-SB-4)."""
    ctx.require(len(a.armies) >= 2, "Name at least two armies to merge")
    ctx.require(len(set(a.armies)) == len(a.armies), "An army is named twice")
    armies = [ctx.own_army(aid) for aid in a.armies]
    for army in armies:
        _not_in_battle(ctx, army)
    first = armies[0]
    for other in armies[1:]:
        ctx.require(other.owner == first.owner, "Only one player's armies can merge")
        ctx.require(other.hex == first.hex, f"'{other.name}' is not on {first.name}'s hex")
    state: SandboxState = ctx.campaign.state
    for other in armies[1:]:
        first.units.extend(other.units)
        ctx.campaign.armies.remove(other)
        used = state.mp_used.pop(other.id, 0.0)
        if used:
            state.mp_used[first.id] = max(state.mp_used.get(first.id, 0.0), used)
    ctx.emit(
        "merge_armies",
        f"{', '.join(x.name for x in armies[1:])} merged into {first.name}" + _strength(ctx, first),
        player=first.owner,
        army=first.id,
    )


def _not_in_battle(ctx: Context, army: Army) -> None:
    """An army waiting for its battle keeps its units until the battle is settled (R-SB-9)."""
    battle = next((b for b in ctx.campaign.pending_battles() if b.side_of_army(army.id)), None)
    ctx.require(
        battle is None,
        f"{army.name} is in battle {battle.id}: fight or auto-resolve it first" if battle else "",
    )


def _disband(ctx: Context, a: A.DisbandArmy) -> None:
    army = ctx.own_army(a.army)
    _not_in_battle(ctx, army)
    ctx.campaign.armies.remove(army)
    ctx.campaign.state.mp_used.pop(army.id, None)
    ctx.emit("disband_army", f"{army.name} disbanded", player=army.owner, army=army.id)


def _rename(ctx: Context, a: A.RenameArmy) -> None:
    army = ctx.own_army(a.army)
    ctx.require(a.name.strip(), "An army needs a name")
    old, army.name = army.name, a.name.strip()
    ctx.emit("rename_army", f"{old} is now called {army.name}", player=army.owner, army=army.id)


def _unit_event(ctx: Context, kind: str, text: str, army: Army, unit: Unit) -> None:
    """What happens inside an army: with fog of war, its owner's business."""
    ctx.emit(
        kind,
        text,
        player=army.owner,
        visible_to=_private(ctx, army.owner),
        army=army.id,
        unit=unit.id,
    )


def _add_unit(ctx: Context, a: A.AddUnit) -> None:
    army = ctx.own_army(a.army)
    unit = _make_unit(ctx, a.unit)
    army.units.append(unit)
    _unit_event(ctx, "add_unit", f"{unit.name} ({unit.points} pts) joined {army.name}", army, unit)


def _edit_unit(ctx: Context, a: A.EditUnit) -> None:
    army = ctx.own_army(a.army)
    unit = ctx.unit(army, a.unit)
    changes = []
    if a.name.strip():
        unit.name = a.name.strip()
        changes.append(f"name {unit.name}")
    for attr, value, label in (
        ("points", a.points, "pts"),
        ("movement", a.movement, "M"),
        ("leadership", a.leadership, "Ld"),
        ("models", a.models, "models"),
    ):
        if value != -1:
            ctx.require(value >= 0, f"{label} cannot be negative")
            setattr(unit, attr, value)
            changes.append(f"{label} {value}")
    ctx.require(changes, "Nothing to change: give a name, points, movement, leadership or models")
    _unit_event(ctx, "edit_unit", f"{unit.name} of {army.name}: {', '.join(changes)}", army, unit)


def _remove_unit(ctx: Context, a: A.RemoveUnit) -> None:
    army = ctx.own_army(a.army)
    unit = ctx.unit(army, a.unit)
    army.units.remove(unit)
    _unit_event(ctx, "remove_unit", f"{unit.name} left {army.name}", army, unit)


def _set_treasury(ctx: Context, a: A.SetTreasury) -> None:
    """A seat's own players' treasuries (R-SB-2), written for that player only (R-SB-11)."""
    player = ctx.player(a.player)
    ctx.require(ctx.seat.controls(player.id), f"{player.name}'s treasury is not yours to set")
    old = set_treasury(ctx, player, a.amount)
    ctx.emit(
        "set_treasury",
        f"{player.name}'s treasury: {old} -> {a.amount} {ctx.ruleset.coin}",
        player=player.id,
        visible_to=[player.id],
    )


def _set_stores(ctx: Context, a: A.SetStores) -> None:
    """The stores of a settlement the seat owns; the GM sets any (R-SB-2)."""
    settlement = ctx.settlement(a.settlement)
    ctx.require(
        ctx.seat.gm or (settlement.owner is not None and ctx.seat.controls(settlement.owner)),
        f"{settlement.name} is not yours",
    )
    shown = set_stores(ctx, settlement, a.stores)
    ctx.emit("set_stores", f"{settlement.name} stores {shown}", player=settlement.owner)


def _roll(ctx: Context, a: A.Roll) -> None:
    reason = a.reason.strip() or "a roll"
    roll = ctx.dice.roll(a.expr, reason)
    ctx.emit("roll", f"{ctx.seat.name} rolled {roll.expr} for {reason}: {roll.total}")


def _capture(ctx: Context, a: A.Capture) -> None:
    """Take an undefended settlement on the army's hex (R-SB-10), not while a battle is
    pending there (R-SB-9)."""
    army = ctx.own_army(a.army)
    ctx.require(army.hex is not None and army.units, f"'{army.name}' cannot take anything")
    camp = ctx.campaign
    here = camp.map.settlements_at(army.hex)
    if a.settlement:
        settlement = camp.map.settlement(a.settlement)
        ctx.require(settlement in here, f"'{army.name}' is not at {a.settlement}")
    else:
        ctx.require(here, f"There is no settlement at {camp.map.label(army.hex)}")
        settlement = here[0]
    ctx.require(settlement.owner != army.owner, f"{settlement.name} is already yours")
    rivals = [x for x in camp.armies_at(army.hex) if x.owner != army.owner and x.units]
    ctx.require(not rivals, f"{rivals[0].name} still holds {settlement.name}" if rivals else "")
    ctx.require(
        not any(b.hex == army.hex for b in camp.pending_battles()),
        "Fight the battle here first",
    )
    before = camp.player(settlement.owner).name if settlement.owner else "no one"
    settlement.owner = army.owner
    ctx.emit(
        "capture",
        f"{army.name} takes {settlement.name} from {before}",
        player=army.owner,
        settlement=settlement.id,
    )


_HANDLERS: dict[type, Callable[[Context, Any], None]] = {
    A.Move: _move,
    A.Capture: _capture,
    A.CreateArmy: _create,
    A.SplitArmy: _split,
    A.MergeArmies: _merge,
    A.DisbandArmy: _disband,
    A.RenameArmy: _rename,
    A.AddUnit: _add_unit,
    A.EditUnit: _edit_unit,
    A.RemoveUnit: _remove_unit,
    A.SetTreasury: _set_treasury,
    A.SetStores: _set_stores,
    A.Roll: _roll,
}
