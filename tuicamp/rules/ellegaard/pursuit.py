"""Pursuing a fleeing division (the text's "Fleeing and pursuing"; R-EL-21, R-EL-24,
R-EL-50).

"The winner may choose either to continue to move as normal under the same commands as
before the battle, or the division may try to pursue the fleeing opponent. Roll 2D6, and if
the pursuing army manages to catch the fleeing troops the loser is totally hacked into
pieces!" A pursuit crosses the map as a march does, so its attention zone meets the enemies
it comes near ("If an army's attention zone enters an opposing army's attention zone the two
generals must meet", R-EL-50): it lives apart from ``flight`` because it opens meetings, as
the flight that goes on each hour does (R-EL-53).
"""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.ellegaard import flight, hour, meetings, zones
from tuicamp.rules.ellegaard.commands import fresh
from tuicamp.rules.ellegaard.flight import Pursue
from tuicamp.rules.ellegaard.state import BLOCK, division


def pursue(ctx: api.Context, action: Pursue) -> None:
    """The pursuer rolls 2d6 and moves towards the fleeing division: reaching its hex, it
    "is totally hacked into pieces" (R-EL-21), worth the division's points / 100, rounded
    up, in War Points (R-EL-24). A pursuit is the pursuer's whole Move. It halts where its
    zone first meets an enemy's other than its quarry's, and that enemy meets it (R-EL-8,
    R-EL-50)."""
    army = ctx.own_army(action.division)
    hour.require_stage(ctx, hour.MOVE, army)
    camp = ctx.campaign
    record = division(ctx, army.id)
    fresh(ctx, record)
    target = ctx.army(action.target)
    chased = division(ctx, target.id)
    ctx.require(
        chased.fleeing_from == army.id,
        f"'{target.name}' is not fleeing from '{army.name}'",
    )
    ctx.require(chased.command != BLOCK, "Blocking armies may never be pursued (R-EL-20)")
    ctx.require(
        not record.entered
        and camp.turn not in (record.pursued_hour, record.rallied_hour, record.gathered_hour)
        and not record.frozen,
        f"'{army.name}' has moved this hour: a pursuit is its whole Move",
    )
    assert target.hex is not None and army.hex is not None
    flight.leave_machines(ctx, army)
    dice = str(ctx.table("flight").get("pursuit_dice", "2d6"))
    roll = ctx.dice.roll(dice, f"the pursuit of '{target.name}' by '{army.name}'")
    path = flight.steps_towards(ctx, army, target.hex, roll.total)
    halt = zones.halt_index(ctx, army, path, besides=target.id)
    halted = halt < len(path) - 1
    path = path[: halt + 1]
    record.pursued_hour = camp.turn
    caught = path[-1] == target.hex
    record.pursuing = "" if caught else target.id
    start, army.hex = army.hex, path[-1]
    text = (
        f"'{army.name}' pursues '{target.name}' {roll.total} hexes: "
        f"{camp.map.label(start)} to {camp.map.label(army.hex)}"
    )
    if halted:
        text += ", where its attention zone meets an enemy's: it halts (R-EL-50)"
    ctx.emit("pursuit", text, player=army.owner, division=army.id)
    if caught:
        flight.slaughter(ctx, army, target)
    flight.arrive(ctx, army, path[1:])
    if camp.army(army.id) is not None and not caught:
        meetings.after_march(ctx, army, besides=target.id)


def flee_on(ctx: api.Context, player: str) -> None:
    """ "Otherwise the losers of the battle must continue to flee": each of the player's
    fleeing divisions flees again as its Move phase begins."""
    camp = ctx.campaign
    for army in list(camp.armies):
        record = division(ctx, army.id)
        if army.owner != player or not record.fleeing_from:
            continue
        if record.fled_hour == camp.turn:
            continue
        foe = camp.army(record.fleeing_from)
        if foe is None or foe.hex is None:
            record.fleeing_from = ""
            continue
        meetings.flee(ctx, army, foe, "it has not rallied")


HANDLERS = {Pursue: pursue}
ACTIONS: tuple[type[api.Action], ...] = ()  # Pursue is listed with the flight's actions
