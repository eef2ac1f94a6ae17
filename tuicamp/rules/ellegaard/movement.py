"""Movement (the text's "Movement"; R-EL-1, R-EL-9 to R-EL-14, R-EL-20, R-EL-25).

A division marches in its owner's Move phase, once or in several legs, spending at most
its hexes an hour. The hexes an hour are its slowest troops' race rate (R-EL-12), or the
horse army's 6 (R-EL-13), or Move ya!'s 5 (R-EL-25), with the bonuses that depend on the
whole hour's march: +1 when every hex entered is entered along a road (R-EL-9), Chaos's +1
when it enters harsh land (R-EL-10), Wood Elves' 6 when they start in forest and every hex
entered is forest (R-EL-11). Each hex costs its terrain class (R-EL-1, R-EL-14), with the
races' own exceptions when the whole division has them; hexsides add theirs.
"""

from __future__ import annotations

import itertools

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.ellegaard import flight, hour, meetings, races, tunnels, zones
from tuicamp.rules.ellegaard.commands import fresh
from tuicamp.rules.ellegaard.prices import division_model, hostile_hexes
from tuicamp.rules.ellegaard.state import BLOCK, MOVE_YA, Division, division


@define(kw_only=True)
class MoveDivision(api.Action):
    kind = "move"
    summary = (
        "Move a division in your Move phase: to = a hex (the way is found) or path = the "
        "hexes in order, within its hexes an hour"
    )
    division: str
    to: str = ""
    path: list[str] = field(factory=list)


@define
class Allowance:
    """A division's hexes an hour for one march, and the reasons, as the owner reads them."""

    mp: float
    reasons: list[str]


def _fmt(value: float) -> str:
    return f"{value:g}"


def along_road(campaign: api.Campaign, a: api.Hex, b: api.Hex) -> bool:
    return "road" in campaign.map.features_between(a, b)


# --- hexes an hour --------------------------------------------------------------------------
def allowance(
    rules: api.Rules, army: api.Army, record: Division, entered: list[api.Hex], roads: list[bool]
) -> Allowance:
    """The division's hexes an hour, given the hexes it enters this hour (``entered``) and
    whether each was entered along a road (``roads``)."""
    keys = races.unit_keys(rules, army)
    if not keys:
        return Allowance(0, ["it has no troops"])
    camp = rules.campaign
    rows = {k: races.race_row(rules, k) for k in keys}
    slowest = min(keys, key=lambda k: int(rows[k].get("rate", 4)))
    mp = float(rows[slowest].get("rate", 4))
    reasons = [f"slowest troops {slowest.replace('_', ' ')} {_fmt(mp)}"]
    whole = keys[0] if all(k == keys[0] for k in keys) else ""
    if whole == "wood_elves":
        start = record.start or army.hex
        in_forest = [camp.map.terrain_at(h).id == "forest" for h in [start, *entered] if h]
        if all(in_forest):
            mp = float(rows[whole].get("forest_rate", mp))
            reasons = [f"Wood Elves in forest {_fmt(mp)} (R-EL-11)"]
    horse = rules.table("horse_army")
    if all(u.movement >= int(horse.get("min_movement", 7)) for u in army.units):
        mp = float(horse.get("rate", 6))
        reasons = [f"horse army {_fmt(mp)} (R-EL-13)"]
    tunnel = rules.table("tunnels")
    if record.underground and whole == tunnel.get("race", "skaven"):
        mp = float(tunnel.get("rate", 6))
        reasons = [f"Skaven in their tunnels {_fmt(mp)} (R-EL-27)"]
    if record.command == MOVE_YA and whole == "greenskins":
        if any(races.is_goblin(rules, army, u) for u in army.units):
            mp = float(rows[whole].get("move_ya_rate", mp))
            reasons = [f"Move ya! {_fmt(mp)} (R-EL-25)"]
        else:
            reasons.append("Move ya! without Goblins to eat moves 4 (R-EL-25)")
    if whole and rows[whole].get("harsh_lands_bonus"):
        harsh = float(rules.table("harsh_lands").get("min_cost", 2))
        costs = rules.table("terrain_cost")
        if any(float(costs.get(camp.map.terrain_at(h).id, 0) or 0) >= harsh for h in entered):
            bonus = float(rows[whole]["harsh_lands_bonus"])
            mp += bonus
            reasons.append(f"+{_fmt(bonus)} on harsh lands (R-EL-10)")
    if record.march_bonus:
        mp += record.march_bonus
        reasons.append(f"+{_fmt(record.march_bonus)} the Necromancer's march (R-EL-26)")
    if entered and all(roads):
        bonus = float(rules.table("roads").get("bonus", 1))
        mp += bonus
        reasons.append(f"+{_fmt(bonus)} on the road (R-EL-9)")
    return Allowance(mp, reasons)


def allowance_text(rules: api.Rules, army: api.Army) -> str:
    """The Move line of a division's status: what it spent and has, and why; or why it
    may not march this hour (``march_refusal``)."""
    record = division(rules, army.id)
    if record.command == BLOCK:
        return "under Block: it does not move (R-EL-20)"
    refusal = march_refusal(rules, army, record)
    if refusal:
        return f"no march this hour: {refusal}"
    if record.hour != rules.campaign.turn:
        record = Division(command=record.command)
    got = allowance(rules, army, record, record.entered, record.by_road)
    used = record.mp_used if record.hour == rules.campaign.turn else 0
    return f"{_fmt(used)} of {_fmt(got.mp)} MP used ({'; '.join(got.reasons)})"


def necromancers_march(ctx: api.Context, army: api.Army) -> None:
    """ "The Necromancer may attemp to force the army into march by rolling a D6. On 3+
    the army obeys and they may move an extra square. Otherwise it will move only 3
    squares." R-EL-26: no Ld test, no command; a unit flagged ``necromancer`` rolls it."""
    spec = ctx.table("necromancer")
    flag = str(spec.get("flag", "necromancer"))
    if not any(flag in u.flags for u in army.units):
        return
    roll = ctx.dice.roll(str(spec.get("dice", "d6")), f"the Necromancer's march of '{army.name}'")
    obeys = roll.total >= int(spec.get("least", 3))
    record = division(ctx, army.id)
    record.march_bonus = float(spec.get("bonus", 1)) if obeys else 0.0
    ctx.emit(
        "necromancer",
        f"The Necromancer of '{army.name}' rolls {roll.total}: "
        + ("the dead march one hex farther this hour" if obeys else "they march no farther"),
        player=army.owner,
        visible_to=[army.owner],
        division=army.id,
    )


# --- the march ------------------------------------------------------------------------------
def _road_model(campaign: api.Campaign, model: api.CostModel) -> api.CostModel:
    """The same prices with every side that is not a road closed: the search for a march
    that keeps the road's +1."""
    closed = []
    for h in campaign.map.hexes():
        for n in h.neighbours():
            if campaign.map.contains(n) and not along_road(campaign, h, n):
                closed.append(api.Hexside.of(h, n))
    return model.with_blocked_sides(closed)


def _priced(
    rules: api.Rules, army: api.Army, record: Division, path: api.Path
) -> tuple[float, Allowance, list[api.Hex], list[bool]]:
    camp = rules.campaign
    entered = [*record.entered, *path.hexes[1:]]
    roads = [*record.by_road, *(along_road(camp, a, b) for a, b in itertools.pairwise(path.hexes))]
    got = allowance(rules, army, record, entered, roads)
    return record.mp_used + path.cost, got, entered, roads


def find_march(
    rules: api.Rules, army: api.Army, record: Division, model: api.CostModel, goal: api.Hex
) -> api.Path | None:
    """The way to ``goal`` that fits the hour: by road first (to keep its +1), else the
    cheapest; None when no way fits."""
    assert army.hex is not None
    camp = rules.campaign
    tries = [_road_model(camp, model), model]
    best: api.Path | None = None
    for candidate in tries:
        path = api.cheapest_path(candidate, army.hex, goal)
        if path is None:
            continue
        cost, got, _, _ = _priced(rules, army, record, path)
        if cost <= got.mp:
            return path
        best = best or path
    return best


def enemy_hexes(rules: api.Rules, army: api.Army) -> set[api.Hex]:
    """Where enemy divisions stand above ground: a march may cross a hex it was let
    through (R-EL-20, R-EL-45), never end there."""
    camp = rules.campaign
    return {
        a.hex
        for a in camp.armies
        if a.hex is not None
        and api.teams.hostile(camp, a.owner, army.owner)
        and not division(rules, a.id).underground
    }


def march_refusal(rules: api.Rules, army: api.Army, record: Division) -> str:
    """Why the division may not march this hour ("" when it may), the first of the rules
    that keep it put: a failed command test (R-EL-3), flight (R-EL-21), a Block that
    stopped it or its own Block (R-EL-20), a battle postponed (R-EL-28), a meeting or
    battle it waits for (R-EL-44), a rally, a pursuit or a gathering this hour (R-EL-21,
    R-EL-40). The Move phase's status line says it before a march is tried."""
    now = rules.campaign.turn
    name = army.name
    waits = meetings.engaged(rules, army.id)
    reasons = (
        (
            record.frozen and record.hour == now,
            f"'{name}' failed its command test this hour: \"the division is not allowed to "
            'move at all" (R-EL-3)',
        ),
        (
            bool(record.fleeing_from),
            f"'{name}' is fleeing: it flees again in its Move phase until it rallies (R-EL-21)",
        ),
        (
            record.stopped_hour == now,
            f"'{name}' was stopped by a Block this hour: it stays put (R-EL-20)",
        ),
        (
            meetings.halted(rules, army.id),
            f"'{name}' has halted for a battle postponed to the next hour (R-EL-28)",
        ),
        (bool(waits), f"'{name}' waits where the generals met: {waits} (R-EL-44)"),
        (
            record.rallied_hour == now,
            f"'{name}' has rallied this hour: \"it may do nothing during its Movement phase\"",
        ),
        (
            record.pursued_hour == now,
            f"'{name}' has pursued this hour: a pursuit is its whole Move (R-EL-21)",
        ),
        (
            bool(record.pursuing),
            f"'{name}' is pursuing: it pursues again, or gathers its troops (a whole Move) "
            "before it marches (R-EL-40)",
        ),
        (
            record.gathered_hour == now,
            f"'{name}' has gathered its troops this hour: that is its whole Move (R-EL-40)",
        ),
        (
            record.command == BLOCK,
            f"'{name}' is under Block: \"blocking armies are not allowed to move at all\" "
            "(R-EL-20)",
        ),
    )
    return next((text for applies, text in reasons if applies), "")


def move_division(ctx: api.Context, action: MoveDivision) -> None:
    army = ctx.own_army(action.division)
    hour.require_stage(ctx, hour.MOVE, army)
    record = division(ctx, army.id)
    fresh(ctx, record)
    refusal = march_refusal(ctx, army, record)
    ctx.require(not refusal, refusal)
    name = army.name
    camp = ctx.campaign
    request = api.turns.move_request(camp.map, army, action.to, action.path)
    ctx.require(
        request.goal not in hostile_hexes(ctx, army) | enemy_hexes(ctx, army),
        f"An enemy division stands at {camp.map.label(request.goal)}: no division marches "
        "into an enemy's hex",
    )
    ctx.require(record.dug_hour != camp.turn, f"'{name}' has dug this hour: its move is over")
    model = tunnels.tunnel_model(ctx, army) if record.underground else division_model(ctx, army)
    assert army.hex is not None
    if record.start is None:
        record.start = army.hex
    if request.hexes is not None:
        path = api.path_cost(model, request.hexes)
        if path is None:
            ctx.require(False, api.turns.unwalkable(camp.map, army, request.hexes, model.step_cost))
    else:
        path = find_march(ctx, army, record, model, request.goal)
        ctx.require(path is not None, f"'{name}' can find no way to {camp.map.label(request.goal)}")
    assert path is not None
    cost, got, entered, roads = _priced(ctx, army, record, path)
    ctx.require(
        cost <= got.mp,
        f"'{name}' would spend {_fmt(cost)} MP this hour; it has {_fmt(got.mp)} "
        f"({'; '.join(got.reasons)})",
    )
    halt = zones.halt_index(ctx, army, path.hexes)
    halted = halt < len(path.hexes) - 1
    if halted:  # R-EL-8: its zone touches an enemy's: it stops there
        path = api.path_cost(model, path.hexes[: halt + 1])
        assert path is not None
        cost, got, entered, roads = _priced(ctx, army, record, path)
    start = army.hex
    army.hex = path.hexes[-1]
    record.mp_used, record.entered, record.by_road = cost, entered, roads
    text = f"'{name}' marches from {camp.map.label(start)} to {camp.map.label(army.hex)}"
    if halted:
        text += ", where its attention zone meets an enemy's: it halts (R-EL-8)"
    ctx.emit(
        "move",
        text,
        player=army.owner,
        visible_to=tunnels.own_side(ctx, army) if record.underground else None,
        division=army.id,
        hexes=[camp.map.label(h) for h in path.hexes],
    )
    flight.arrive(ctx, army, path.hexes[1:])
    meetings.after_march(ctx, army)
    if not record.underground and camp.army(army.id) is not None:
        rats = tunnels.rats_watch(ctx, army, path.hexes[1:])
        if rats is not None and not meetings.met_this_hour(ctx, rats.id, army.id):
            meetings.open_meeting(ctx, rats, army)


HANDLERS = {MoveDivision: move_division}
ACTIONS = (MoveDivision,)
