"""Marching: declaring a march, moving a counter, halting, digging in and resting.

"Moving in Warhammer campaign consists in expending 'movement points.'" Every move is
priced by :func:`movement.costs.move_costs` (terrain, zones of influence, militia bounds),
may end on an enemy (a battle) but never pass through one, and is refused when it costs
more than the counter has left. "Units are moved one at a time. When a unit has
completed its movement, it may not be moved again, even if there were left-over movement
points remaining."
"""

from __future__ import annotations

import itertools
import operator

from tuicamp.engine.battles import open_battle
from tuicamp.engine.context import Context
from tuicamp.engine.errors import RuleError
from tuicamp.engine.pathing import Path, path_cost
from tuicamp.model.battle import BattleSide, Circumstance
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army
from tuicamp.model.hexes import Hex
from tuicamp.rules.kit.turns import move_request, unwalkable
from tuicamp.rules.kit.words import hex_count
from tuicamp.rules.rauscher.movement.actions import (
    DeclareMarch,
    Halt,
    HastyDefence,
    Move,
    PrepareDefences,
    Rest,
)
from tuicamp.rules.rauscher.movement.common import (
    ONE_AT_A_TIME,
    label,
    require_capital_kept,
    require_move_turn,
)
from tuicamp.rules.rauscher.movement.costs import (
    EPSILON,
    Foes,
    blocking_enemies,
    bound_territories,
    fights,
    foes_of,
    hasty_cap,
    militia_refusal,
    move_costs,
    mp_left,
    mp_total,
    plan,
    role_spec,
)
from tuicamp.rules.rauscher.movement.scouting import scout_along
from tuicamp.rules.rauscher.movement.special import absorb, arrived, home_path, refuge_on_path
from tuicamp.rules.rauscher.shared.common import enemies, friendly, rstate, side_key
from tuicamp.rules.rauscher.shared.state import ArmyState, March, Role, Stance

# "Whenever two or more armies occupy the same hex at the end of the movement phase, there
# is a combat": a move may end on an enemy army, and so never passes through one.
ENEMIES_BAR = "(rule: a move may end on an enemy army but never pass through one)"


def _mp(value: float) -> str:
    return f"{value:g}"


def movable(ctx: Context, army_id: str) -> tuple[Army, ArmyState]:
    """The counter, if its owner may move it now; otherwise the reason why not."""
    army = ctx.own_army(army_id)
    require_move_turn(ctx, army)
    camp = ctx.campaign
    state = rstate(camp)
    record = state.army(army.id)
    ctx.require(
        army.hex is not None,
        f"'{army.name}' is not on the map: a hidden ambush is sprung or withdrawn, troops "
        "aboard ship disembark",
    )
    ctx.require(
        not record.finished,
        f"'{army.name}' has completed its movement this turn: {ONE_AT_A_TIME}",
    )
    if record.role is Role.MESSENGER and record.attached_to:
        escort = camp.army(record.attached_to)
        ctx.require(
            escort is None or escort.hex != army.hex,
            f"'{army.name}' rides with its escort '{escort.name if escort else ''}': the "
            "escort moves, and the messenger with it",
        )
        record.attached_to = None  # the escort is gone: it rides alone again
    ctx.require(
        not any((r := state.units.get(u.id)) is not None and r.deserting for u in army.units),
        f"'{army.name}' has deserters: they march home on their own (\"The unit will move "
        'toward the nearest friendly settlement at their maximum move allowance")',
    )
    limit = int(ctx.option("max_army_points"))
    ctx.require(
        army.points <= limit,
        f"'{army.name}' is {army.points} pts; an army holds at most {limit} (option "
        "max_army_points): split it in Upkeep",
    )
    return army, record


def _explain(ctx: Context, army: Army, hexes: list[Hex]) -> str:
    """Why a typed path cannot be walked: the first step that breaks a rule, in the rule's
    words (two hexes that are not neighbours and steps no counter takes are the kit's)."""
    camp = ctx.campaign
    model = move_costs(ctx, army.id)
    foes = {e.hex for e in blocking_enemies(ctx, army)}
    homes = bound_territories(camp, army)
    for i, (x, y) in enumerate(itertools.pairwise(hexes)):
        if not x.is_adjacent(y):
            break
        if homes is not None and (t := camp.map.territory_of(y)) and t.id not in homes:
            return militia_refusal(camp, army, y)
        if model.step_cost(x, y) is None:
            break
        if y in foes and i + 2 < len(hexes):
            return f"An enemy army at {label(camp, y)} bars the way: stop there or go round " + (
                ENEMIES_BAR
            )
    return unwalkable(camp.map, army, hexes, model.step_cost)


def _unreachable(ctx: Context, army: Army, goal: Hex) -> str:
    """Why no way leads to ``goal``: the rule that closes the last one."""
    camp = ctx.campaign
    to = label(camp, goal)
    homes = bound_territories(camp, army)
    if homes is not None:
        territory = camp.map.territory_of(goal)
        if territory is None or territory.id not in homes:
            return militia_refusal(camp, army, goal)
        if plan(ctx, army.id, goal, militia=False) is not None:
            return militia_refusal(camp, army, goal, on_the_way=True)
    model = move_costs(ctx, army.id)
    if model.enter[model.index_of(goal)] is None:
        ground = camp.map.terrain_at(goal).name.lower()
        return f"'{army.name}' cannot enter {to} ({ground})"
    if plan(ctx, army.id, goal, enemies_bar=False) is not None:
        return f"Enemy armies bar every way to {to} " + ENEMIES_BAR
    return f"'{army.name}' cannot reach {to}: no way it may take"


def find_path(
    ctx: Context, army: Army, to: str, path: list[str], budget: float, foes: Foes | None = None
) -> Path:
    """The path a move order asks for (:func:`~tuicamp.rules.kit.turns.move_request`: a
    goal, or the hexes typed), priced, and within ``budget`` MP. ``foes``: the army's
    enemies, found once for the move."""
    request = move_request(ctx.campaign.map, army, to, path)
    foes = foes or foes_of(ctx, army)
    if request.hexes is not None:
        hexes = list(request.hexes)
        model = move_costs(ctx, army.id, foes=foes)
        blocked = [e.hex for e in foes.blocking if e.hex != hexes[-1]]
        found = path_cost(model.with_blocked(blocked) if blocked else model, hexes)
        if found is None:
            raise RuleError(_explain(ctx, army, hexes))
    else:
        found = plan(ctx, army.id, request.goal, foes=foes)
        if found is None:
            raise RuleError(_unreachable(ctx, army, request.goal))
    ctx.require(found.steps > 0, f"'{army.name}' would not move")
    ctx.require(
        found.cost <= budget + EPSILON,
        f"'{army.name}' has {_mp(max(budget, 0.0))} MP left; that path costs {_mp(found.cost)} "
        "(rule: a move spends movement points, never more than the counter has left)",
    )
    return found


def walk(
    ctx: Context, army: Army, path: Path, *, forced: bool = False, foes: Foes | None = None
) -> None:
    """Move the counter along a priced path and draw what follows from it. ``forced``: a
    move the rules make (refugees fleeing a razed settlement), not the player's: it does
    not complete the counter the player moved before, and no order is refused for it.
    ``foes``: the counter's enemies, found for the move (its own step moves none)."""
    camp = ctx.campaign
    state = rstate(camp)
    record = state.army(army.id)
    hexes, costs = list(path.hexes), list(path.step_costs)
    refuge = refuge_on_path(camp, army, hexes) if record.role is Role.REFUGEES else None
    if refuge is not None:
        hexes, costs = hexes[: refuge + 1], costs[:refuge]
    moves = state.movement
    if not forced:
        if ctx.option("one_army_at_a_time") and moves.current_army not in (None, army.id):
            previous = camp.army(moves.current_army)
            if previous is not None and state.army(previous.id).moved:
                state.army(previous.id).finished = True
        moves.current_army = army.id
    cost = sum(costs)
    start = army.hex
    army.hex = hexes[-1]
    record.mp_spent += cost
    record.moved = True
    record.stance = Stance.NONE  # "If the defending army ever moves ... all defenses are removed"
    if mp_total(ctx, army.id) - record.mp_spent <= EPSILON:
        record.finished = True
    if any(e.hex == army.hex for e in blocking_enemies(ctx, army, foes)):
        record.finished = True  # it has marched into the enemy: it stops there
    escorted = _escorted(camp, army.id, start)
    for messenger in escorted:
        messenger.hex = army.hex
        state.army(messenger.id).moved = True
    if not forced:
        require_capital_kept(ctx, army.owner)
    left = mp_left(ctx, army.id)
    ctx.emit(
        "move",
        f"'{army.name}' moved {label(camp, start)} -> {label(camp, army.hex)} "
        f"({hex_count(len(hexes) - 1)}, {_mp(cost)} MP"
        + (f", {_mp(left)} left)" if not record.finished else ", done)"),
        player=army.owner,
        army=army.id,
        path=[label(camp, h) for h in hexes],
    )
    if refuge is not None:
        absorb(ctx, army)
        return
    if record.role is Role.SCOUTING_PARTY:
        scout_along(ctx, army, hexes[1:])
        _skirmish(ctx, army)
    for messenger in [army, *escorted]:
        if state.army(messenger.id).role is Role.MESSENGER and camp.army(messenger.id):
            arrived(ctx, messenger)


_army_id = operator.attrgetter("id")


def _escorted(camp: Campaign, escort: str, start: Hex | None) -> list[Army]:
    """The messengers attached to ``escort`` that stood with it at ``start``, in the
    campaign's order: they go where it goes. Asked on every move, so the records are
    searched first (a pass over a dict), and the armies only when some messenger is
    attached to it; an army without a record is given one, as a look-up would."""
    state = rstate(camp)
    records = state.armies
    if not all(map(records.__contains__, map(_army_id, camp.armies))):
        for a in camp.armies:
            state.army(a.id)
    attached = {
        aid
        for aid, record in records.items()
        if record.attached_to == escort and record.role is Role.MESSENGER
    }
    if not attached:
        return []
    return [a for a in camp.armies if a.id in attached and a.hex == start]


def flee(ctx: Context, refugees: Army) -> None:
    """Refugees of a razed settlement "may immediately make one move": at once, with
    their 6 MP ("Refugees always move with 6 movement points (a forced march)"), towards
    the nearest settlement of their own side, never into an enemy army's hex, priced like
    any of their moves (terrain with advanced_terrain, enemy zones of influence). On
    reaching a settlement of theirs they are absorbed; with no way to one they stay."""
    camp = ctx.campaign
    own = [s.hex for s in camp.map.settlements if s.owner == refugees.owner]
    own = [h for h in own if h != refugees.hex]
    path = home_path(ctx, refugees, own, mp_left(ctx, refugees.id))
    where = label(camp, refugees.hex)
    if path is None or path.steps == 0:
        ctx.emit(
            "refugees_stay",
            f"'{refugees.name}' find no way to a settlement of theirs and stay at {where}",
            player=refugees.owner,
            army=refugees.id,
            undoable=False,
        )
        return
    ctx.emit(
        "refugees_flee",
        f"'{refugees.name}' flee at once from {where} ({_mp(mp_left(ctx, refugees.id))} MP, "
        "a forced march) towards the nearest settlement of their own",
        player=refugees.owner,
        army=refugees.id,
        undoable=False,
    )
    walk(ctx, refugees, path, forced=True)


def _skirmish(ctx: Context, party: Army) -> None:
    """ "A scouting party may, however, be engaged by another scouting party which moves
    into the same hex": a small battle of the parties, fought (or auto-resolved) like any
    other; the party that moved in stops there. Allies' parties in the hex stand with
    their ally (one side per alliance)."""
    camp = ctx.campaign
    state = rstate(camp)
    parties = [a for a in camp.armies_at(party.hex) if state.army(a.id).role is Role.SCOUTING_PARTY]
    others = [a for a in parties if enemies(camp, party.owner, a.owner)]
    if not others:
        return
    state.army(party.id).finished = True
    friends = [a for a in parties if friendly(camp, party.owner, a.owner) and a.id != party.id]
    mine = [party, *friends]
    sides = [
        BattleSide(
            "attacker",
            f"Attacker ({camp.player(party.owner).name})",
            list(dict.fromkeys(a.owner for a in mine)),
            [a.id for a in mine],
        )
    ]
    keys = list(dict.fromkeys(side_key(camp, a.owner) for a in others))
    for i, key in enumerate(keys):
        group = [a for a in others if side_key(camp, a.owner) == key]
        owners = list(dict.fromkeys(a.owner for a in group))
        player = camp.player(owners[0])
        sid = "defender" if len(keys) == 1 else f"defender{i + 1}"
        sides.append(
            BattleSide(
                sid,
                f"Defender ({player.name if player else owners[0]})",
                owners,
                [a.id for a in group],
            )
        )
    note = Circumstance(
        "skirmish", "Scouting parties skirmish: only the scouts fight (no army may join)"
    )
    open_battle(ctx, party.hex, sides, [note])


# --- handlers -----------------------------------------------------------------------------


def handle_move(ctx: Context, action: Move) -> None:
    army, _ = movable(ctx, action.army)
    foes = foes_of(ctx, army)  # one look at every army for the whole move
    path = find_path(ctx, army, action.to, action.path, mp_left(ctx, army.id), foes)
    walk(ctx, army, path, foes=foes)


def handle_march(ctx: Context, action: DeclareMarch) -> None:
    """A march is declared before the counter moves: "If an army declares that they will
    make a forced march on their turn, they may double their number of movement points"."""
    army, record = movable(ctx, action.army)
    camp = ctx.campaign
    try:
        march = March(action.march)
    except ValueError:
        raise RuleError(f"A march is normal, fast or forced, not {action.march!r}") from None
    allowed = role_spec(ctx, army.id)["marches"]
    ctx.require(
        march.value in allowed,
        f"'{army.name}' ({record.role.value}) marches only {' or '.join(allowed)} (the "
        "move_roles table)",
    )
    ctx.require(
        record.mp_spent <= EPSILON and not record.moved,
        f"'{army.name}' has already moved: declare the march before moving (R-RA-4: a march is "
        "declared before the counter's first step)",
    )
    escorting = [
        a.name
        for a in camp.armies
        if rstate(camp).army(a.id).attached_to == army.id
        and rstate(camp).army(a.id).role is Role.MESSENGER
    ]
    ctx.require(
        march is March.FORCED or not escorting,
        f"'{army.name}' escorts {', '.join(escorting)}: an escort moves at a forced march",
    )
    record.march = march
    note = " (no patrols on a fast march)" if march is March.FAST and record.patrols else ""
    ctx.emit(
        "march",
        f"'{army.name}' sets out on a {march.value} march: {_mp(mp_total(ctx, army.id))} MP" + note,
        player=army.owner,
        army=army.id,
    )


def handle_halt(ctx: Context, action: Halt) -> None:
    army, record = movable(ctx, action.army)
    record.finished = True
    moves = rstate(ctx).movement
    if moves.current_army == army.id:
        moves.current_army = None
    ctx.emit("halt", f"'{army.name}' has completed its movement", player=army.owner)


def _unmoved(ctx: Context, army: Army, record: ArmyState, what: str) -> None:
    ctx.require(
        fights(ctx, army.id) or what == "rest",
        f"'{army.name}' cannot {what}: only counters that fight build defences (the "
        "move_roles table)",
    )
    ctx.require(
        not record.moved and record.mp_spent <= EPSILON,
        f"'{army.name}' has moved this turn: it cannot {what}, which is done \"instead of "
        'making a move"',
    )


def handle_prepare(ctx: Context, action: PrepareDefences) -> None:
    """ "Instead of making a move, an army can choose instead to spend its entire turn
    building field fortifications." Ready for this turn's battles."""
    army, record = movable(ctx, action.army)
    _unmoved(ctx, army, record, "build field fortifications")
    record.stance, record.finished = Stance.PREPARED, True
    ctx.emit(
        "defences",
        f"'{army.name}' spends the turn building field fortifications at "
        f"{label(ctx.campaign, army.hex)}",
        player=army.owner,
        army=army.id,
    )


def handle_hasty(ctx: Context, action: HastyDefence) -> None:
    """ "An army doing so may expend up to half of their movement allowance during the
    movement phase before digging into their positions.\""""
    army, record = movable(ctx, action.army)
    camp = ctx.campaign
    ctx.require(
        fights(ctx, army.id),
        f"'{army.name}' cannot dig in: only counters that fight build defences (the "
        "move_roles table)",
    )
    cap = hasty_cap(ctx, army.id)
    if action.to or action.path:
        foes = foes_of(ctx, army)
        path = find_path(ctx, army, action.to, action.path, cap - record.mp_spent, foes)
        walk(ctx, army, path, foes=foes)
        record = rstate(camp).army(army.id)
    ctx.require(
        record.mp_spent <= cap + EPSILON,
        f"'{army.name}' has spent {_mp(record.mp_spent)} MP; a hasty defence allows "
        f"{_mp(cap)} (half its allowance)",
    )
    record.stance, record.finished = Stance.HASTY, True
    ctx.emit(
        "defences",
        f"'{army.name}' digs a hasty defence at {label(camp, army.hex)}",
        player=army.owner,
        army=army.id,
    )


def handle_rest(ctx: Context, action: Rest) -> None:
    """ "Instead of moving an army, players with armies that are fatigued or are otherwise
    in need of recuperation may Rest." Fatigue drops in Resolution (the economy module),
    "So long as the army is not attacked or forced to move"."""
    army, record = movable(ctx, action.army)
    _unmoved(ctx, army, record, "rest")
    record.stance, record.finished = Stance.REST, True
    record.march = March(role_spec(ctx, army.id)["marches"][0])
    ctx.emit("rest", f"'{army.name}' rests", player=army.owner, army=army.id)
