"""Fleeing, rallying and pursuing (the text's "Fleeing and pursuing"; R-EL-5, R-EL-21,
R-EL-24, R-EL-53).

"When an army division looses a battle it will normally flee. Roll 2D6 and move the
division that number of squares directly away from the foe and, if possible, towards its
home base. The winner may choose either to continue to move as normal ... or the division
may try to pursue the fleeing opponent. Roll 2D6, and if the pursuing army manages to
catch the fleeing troops the loser is totally hacked into pieces!" "A fleeing army may in
its command phase try to rally by rolling equal to or under the general's Ld value ... If
a fleeing army manages to get within the walls of a friendly city or the home base, it
will automaticly be rallied." A flight crosses the map as a march does, so it halts
where it meets other enemies (R-EL-53); the meeting that follows is opened by
``meetings.flee``, through which every flight goes.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.ellegaard import hour, ledger, quicksand, setup, zones
from tuicamp.rules.ellegaard.commands import fresh
from tuicamp.rules.ellegaard.prices import division_model
from tuicamp.rules.ellegaard.state import BLOCK, LeftMachine, Prisoner, division, estate


@define(kw_only=True)
class Rally(api.Action):
    kind = "rally"
    summary = "Try to rally a fleeing division in your Command phase: 2d6 <= its general's Ld"
    division: str


@define(kw_only=True)
class Gather(api.Action):
    kind = "gather"
    summary = (
        "Gather a pursuing division's troops again, in your Move phase: it gives up the "
        "pursuit, and this is its whole Move (R-EL-40)"
    )
    division: str


@define(kw_only=True)
class Pursue(api.Action):
    kind = "pursue"
    summary = (
        "Pursue a division fleeing from yours, in your Move phase: 2d6 hexes towards it; "
        "reaching its hex catches it"
    )
    division: str
    target: str


def _label(campaign: api.Campaign, h: api.Hex | None) -> str:
    return campaign.map.label(h) if h is not None else "off the map"


def steps_away(rules: api.Rules, army: api.Army, foe_hex: api.Hex, count: int) -> list[api.Hex]:
    """The hexes of a flight: each step farther from the foe, ties nearer home, never into
    impassable ground or an enemy's hex; it stops where no step leads farther (the map's
    edge). Terrain costs do not count (R-EL-21)."""
    assert army.hex is not None
    model = division_model(rules, army)
    home = estate(rules).homes.get(army.owner)
    path = [army.hex]
    for _ in range(count):
        here = path[-1]
        options = [
            n
            for n in here.neighbours()
            if rules.campaign.map.contains(n)
            and model.step_cost(here, n) is not None
            and n.distance(foe_hex) > here.distance(foe_hex)
        ]
        if not options:
            break
        path.append(min(options, key=lambda n: (n.distance(home) if home else 0, n.q, n.r)))
    return path


def steps_towards(rules: api.Rules, army: api.Army, goal: api.Hex, count: int) -> list[api.Hex]:
    """A pursuit: each step nearer the fleeing division by the way a division can walk,
    round impassable ground and the hexes of other enemies (R-EL-21, R-EL-52); its own hex may be
    entered (that is the catch). Terrain costs do not count, hexes do."""
    assert army.hex is not None
    model = division_model(rules, army)
    camp = rules.campaign

    def enters(here: api.Hex, there: api.Hex) -> bool:
        return camp.map.contains(there) and (
            there == goal or model.step_cost(here, there) is not None
        )

    walk = walking_distances(camp, goal, enters)
    path = [army.hex]
    for _ in range(count):
        here = path[-1]
        if here == goal or here not in walk:
            break
        options = [n for n in here.neighbours() if enters(here, n) and walk.get(n, -1) >= 0]
        options = [n for n in options if walk[n] < walk[here]]
        if not options:
            break
        path.append(min(options, key=lambda n: (walk[n], n.distance(goal), n.q, n.r)))
    return path


def walking_distances(
    campaign: api.Campaign, goal: api.Hex, enters: Callable[[api.Hex, api.Hex], bool]
) -> dict[api.Hex, int]:
    """How many hexes each hex is from ``goal`` walking the steps ``enters`` allows (a
    breadth-first search back from the goal)."""
    walk = {goal: 0}
    frontier = deque([goal])
    while frontier:
        there = frontier.popleft()
        for here in there.neighbours():
            if here not in walk and campaign.map.contains(here) and enters(here, there):
                walk[here] = walk[there] + 1
                frontier.append(here)
    return walk


def safe_haven(rules: api.Rules, army: api.Army) -> str:
    """The friendly walled city or home base the division stands in ("" when none)."""
    camp, state = rules.campaign, estate(rules)
    if army.hex is not None and state.homes.get(army.owner) == army.hex:
        return "its home base"
    for s in camp.map.settlements_at(army.hex) if army.hex is not None else []:
        if s.walls and api.teams.friendly(camp, s.owner, army.owner):
            return s.name
    return ""


def leave_machines(ctx: api.Context, army: api.Army) -> None:
    """ "Any troops fleeing or purtuing from battle will lose any stationary war machines.
    Chariots, Doomwheels etc. are not treated like stationary" (R-EL-22: a unit flagged
    ``mobile`` is kept)."""
    if army.hex is None:
        return
    left = [
        u for u in army.units if u.category is api.Category.WAR_MACHINE and "mobile" not in u.flags
    ]
    for unit in left:
        army.units.remove(unit)
        estate(ctx).left_machines.append(LeftMachine(unit, army.owner, army.hex))
    if left:
        names = ", ".join(u.name for u in left)
        where = ctx.campaign.map.label(army.hex)
        ctx.emit("machines_left", f"'{army.name}' leaves {names} at {where}", undoable=False)


def take_machines(ctx: api.Context, army: api.Army, hexes: list[api.Hex]) -> None:
    """ "War machines can be captured afterwards by either player": the next division to
    enter the hex takes them; its own side's rejoin its list, an enemy's are held (2 War
    Points each at the end, R-EL-24)."""
    state, camp = estate(ctx), ctx.campaign
    for machine in [m for m in state.left_machines if m.hex in hexes]:
        state.left_machines.remove(machine)
        if api.teams.friendly(camp, machine.owner, army.owner):
            army.units.append(machine.unit)
            text = f"'{army.name}' takes back {machine.unit.name}"
        else:
            state.captured.setdefault(army.owner, []).append(machine)
            owner = api.teams.name_of(camp, machine.owner)
            text = f"'{army.name}' captures {machine.unit.name} of {owner}"
        ctx.emit("machine_taken", text, undoable=False, division=army.id)


def heal(ctx: api.Context, army: api.Army) -> None:
    """ "When the army has entered the home base, any dead soldiers or wounded warriors are
    either cured or replaced" (R-EL-23: the models lost in battles, of the units it still
    has)."""
    record = division(ctx, army.id)
    healed = []
    for unit in army.units:
        lost = record.wounded.pop(unit.id, 0)
        if lost:
            unit.models += lost
            healed.append(f"{unit.name} +{lost}")
    record.wounded = {}
    if healed:
        text = f"'{army.name}' is healed at its home base: " + ", ".join(healed)
        ctx.emit("healed", text, undoable=False, division=army.id)


def arrive(ctx: api.Context, army: api.Army, hexes: list[api.Hex] | None = None) -> None:
    """A division ends a march, a flight or a pursuit (through ``hexes``): it takes the war
    machines lying there; inside the walls of a friendly city or its home base it rallies
    at once; at its home base it is healed and may fight again (R-EL-5, R-EL-23). A
    quicksand hex on the way may take some of its units first (R-EL-36)."""
    quicksand.sink(ctx, army, hexes or [])
    if ctx.campaign.army(army.id) is None:
        return
    take_machines(ctx, army, hexes or ([army.hex] if army.hex is not None else []))
    record = division(ctx, army.id)
    haven = safe_haven(ctx, army)
    if record.fleeing_from and haven:
        record.fleeing_from = ""
        ctx.emit("rallied", f"'{army.name}' reaches {haven} and rallies at once", undoable=False)
    if estate(ctx).homes.get(army.owner) == army.hex:
        heal(ctx, army)
    if record.spent and estate(ctx).homes.get(army.owner) == army.hex:
        record.spent = False
        ctx.emit(
            "refreshed",
            f"'{army.name}' is back at its home base and ready to fight again (R-EL-5)",
            undoable=False,
        )


def flee(ctx: api.Context, army: api.Army, foe: api.Army, why: str) -> bool:
    """The division flees 2d6 hexes from ``foe`` (R-EL-21); a Block never flees (R-EL-20).
    It halts where its zone first meets an enemy's other than its foe's (R-EL-53, as a
    pursuit, R-EL-50): ``meetings.flee`` then opens their meeting. Whether it fled."""
    record = division(ctx, army.id)
    if record.command == BLOCK or army.hex is None or foe.hex is None:
        return False
    leave_machines(ctx, army)
    dice = str(ctx.table("flight").get("dice", "2d6"))
    roll = ctx.dice.roll(dice, f"the flight of '{army.name}'")
    path = steps_away(ctx, army, foe.hex, roll.total)
    cornered = len(path) - 1 < roll.total
    halt = zones.halt_index(ctx, army, path, besides=foe.id)
    halted = halt < len(path) - 1
    path = path[: halt + 1]
    start, army.hex = army.hex, path[-1]
    record.fleeing_from, record.fled_hour = foe.id, ctx.campaign.turn
    camp = ctx.campaign
    if halted:
        end = ", where its attention zone meets an enemy's: it halts (R-EL-53)"
    else:
        end = ", as far as it can go" if cornered else ""
    ctx.emit(
        "flight",
        f"'{army.name}' flees {roll.total} hexes from '{foe.name}' ({why}): "
        f"{_label(camp, start)} to {_label(camp, army.hex)}{end}",
        undoable=False,
        division=army.id,
        hexes=[camp.map.label(h) for h in path],
    )
    arrive(ctx, army, path[1:])
    return True


def rally(ctx: api.Context, action: Rally) -> None:
    """ "A fleeing army may in its command phase try to rally by rolling equal to or under
    the general's Ld value. If the army is rallied, it may do nothing during its Movement
    phase"."""
    army = ctx.own_army(action.division)
    hour.require_stage(ctx, hour.COMMAND, army)
    record = division(ctx, army.id)
    fresh(ctx, record)
    ctx.require(record.fleeing_from, f"'{army.name}' is not fleeing")
    leader = setup.general(army)
    ctx.require(leader is not None, f"'{army.name}' has no general to rally it")
    assert leader is not None
    ctx.require(not record.changed, f"'{army.name}' has already tried this Command phase")
    record.changed = True
    dice = str(ctx.table("flight").get("rally_dice", "2d6"))
    roll = ctx.dice.roll(dice, f"{leader.name}'s Ld {leader.leadership} to rally")
    if roll.total <= leader.leadership:
        record.fleeing_from, record.rallied_hour = "", ctx.campaign.turn
        stop_pursuers(ctx, army.id)
        text = f"'{army.name}' rallies ({roll.total} <= Ld {leader.leadership}): it stays put "
        text += "this hour, and its pursuers must stop"
    else:
        text = f"'{army.name}' fails to rally ({roll.total} > Ld {leader.leadership})"
    ctx.emit("rally", text, player=army.owner, division=army.id)


def stop_pursuers(ctx: api.Context, army_id: str) -> None:
    """The pursuit of a division rallied or gone is over: "the pursuers must stop
    pursuing"; they march freely again without gathering (R-EL-40)."""
    for record in estate(ctx).divisions.values():
        if record.pursuing == army_id:
            record.pursuing = ""


def gather(ctx: api.Context, action: Gather) -> None:
    """ "If a pursuer thinks that he is out of range, he may gather his troops again which
    takes one turn" (R-EL-40: its whole Move; it marches again next hour)."""
    army = ctx.own_army(action.division)
    hour.require_stage(ctx, hour.MOVE, army)
    record = division(ctx, army.id)
    fresh(ctx, record)
    ctx.require(record.pursuing, f"'{army.name}' pursues nobody: there is nothing to gather")
    ctx.require(
        record.pursued_hour != ctx.campaign.turn,
        f"'{army.name}' has pursued this hour: a pursuit is its whole Move (R-EL-21)",
    )
    target = ctx.campaign.army(record.pursuing)
    record.pursuing, record.gathered_hour = "", ctx.campaign.turn
    whom = f" and gives up the pursuit of '{target.name}'" if target is not None else ""
    ctx.emit(
        "gather",
        f"'{army.name}' gathers its troops{whom}: it does nothing else this hour (R-EL-40)",
        player=army.owner,
        division=army.id,
    )


def free_prisoners(ctx: api.Context, victor: api.Army, victim: api.Army) -> None:
    """R-EL-39: the prisoners a slaughtered division held are freed. Its victor's own
    side's are "taken back" (1 War Point each at the end, R-EL-24); any others change
    captors."""
    state, camp = estate(ctx), ctx.campaign
    for held in list(state.prisoners.values()):
        for prisoner in [p for p in held if p.held_by == victim.id]:
            held.remove(prisoner)
            if api.teams.friendly(camp, prisoner.owner, victor.owner):
                state.taken_back.setdefault(victor.owner, []).append(prisoner)
                text = f"'{victor.name}' frees {prisoner.unit.name}: taken back (R-EL-39)"
            else:
                kept = Prisoner(
                    prisoner.unit, prisoner.owner, prisoner.division, camp.turn, victor.id
                )
                state.prisoners.setdefault(victor.owner, []).append(kept)
                text = f"'{victor.name}' takes {prisoner.unit.name} over as its prisoner (R-EL-39)"
            ctx.emit("prisoner_freed", text, undoable=False, division=victor.id)


def slaughter(ctx: api.Context, victor: api.Army, victim: api.Army) -> None:
    camp = ctx.campaign
    points = victim.points
    worth = math.ceil(points / 100)
    free_prisoners(ctx, victor, victim)
    stop_pursuers(ctx, victim.id)
    camp.armies.remove(victim)
    estate(ctx).divisions.pop(victim.id, None)
    ledger.earn(
        ctx,
        {victor.owner: worth},
        f"'{victim.name}' is caught and totally hacked into pieces: {points:,} pts, "
        f"{worth} War Points to {api.teams.name_of(camp, victor.owner)} (R-EL-24)",
        division=victim.id,
    )


HANDLERS = {Rally: rally, Gather: gather}  # Pursue: by ``pursuit``
ACTIONS = (Rally, Pursue, Gather)
