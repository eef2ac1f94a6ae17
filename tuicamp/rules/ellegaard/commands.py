"""Commands (the text's "Commands" and R-EL-3, R-EL-15 to R-EL-20, R-EL-25).

"When an army division is in your home base you can give them commands without rolling
for the general's Leadership"; a division on Patrol "can at any time cancel this command
in favour of another command"; otherwise "You can try to change a given command by rolling
equal to or under the divisional general's Ld value. If the command change is succesful,
the army must operate as the commander has told them to do. Otherwise the division is not
allowed to move at all." A division may try one change per Command phase (R-EL-33).

What each command asks of the division is checked when it is given: Scout at most 1,000
pts, Block at least 1,000 pts, Defend a settlement it stands in or a friendly division it
is with, Move ya! greenskins only.
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.ellegaard import hour, races, roster, setup
from tuicamp.rules.ellegaard.state import (
    ATTACK,
    BLOCK,
    COMMAND_NAMES,
    COMMANDS,
    DEFEND,
    MOVE_YA,
    PATROL,
    SCOUT,
    Division,
    division,
    estate,
)


@define(kw_only=True)
class GiveCommand(api.Action):
    kind = "command"
    summary = (
        "Give a division a command in your Command phase: patrol, scout, attack, defend "
        "(defend = a settlement id or a friendly division id), block or move_ya"
    )
    division: str
    command: str
    defend: str = ""


def at_home(rules: api.Rules, army: api.Army) -> bool:
    """Whether the division stands in its owner's home base."""
    home = estate(rules).homes.get(army.owner)
    return home is not None and army.hex == home


def free_change(rules: api.Rules, army: api.Army, record: Division) -> str:
    """Why changing the division's command needs no test ("" when it needs one): at the
    home base, or away from Patrol (R-EL-3, R-EL-15)."""
    if at_home(rules, army):
        return "free at the home base"
    if record.command == PATROL:
        return "free from Patrol"
    return ""


def change_test_text(rules: api.Rules, army: api.Army) -> str:
    """What changing the command asks, said before it is rolled: free, or 2d6 <= Ld."""
    record = division(rules, army.id)
    if record.changed and record.hour == rules.campaign.turn:
        return "its one change of this Command phase is spent (R-EL-33)"
    free = free_change(rules, army, record)
    if free:
        return free
    leader = setup.general(army)
    ld = leader.leadership if leader is not None else 0
    dice = rules.table("command_test").get("dice", "2d6")
    return f"needs {dice} <= {ld}, the general's Ld (a failure: no move this hour, R-EL-3)"


def _check_command(ctx: api.Context, army: api.Army, word: str, defend: str) -> tuple[str, bool]:
    """Whether the division may take the command at all: the command's own conditions.
    Answers the Defend target and whether it is a division followed."""
    points, limits = army.points, ctx.table("command_points")
    if word == SCOUT:
        most = int(limits.get("scout_max", 1000))
        ctx.require(
            points <= most,
            f"'{army.name}' has {points:,} pts: Scout \"may only be given to army divisions "
            f'of {most:,} points or lower"',
        )
    if word == BLOCK:
        least = int(limits.get("block_min", 1000))
        ctx.require(
            points >= least,
            f"'{army.name}' has {points:,} pts: Block \"may only be given to an army of "
            f'{least:,} points or more"',
        )
    if word == MOVE_YA:
        ctx.require(
            races.whole_army(ctx, army, "greenskins"),
            f"'{army.name}' is not all greenskins: \"This special command can only be given "
            'to greenskins" (R-EL-12)',
        )
    if word != DEFEND:
        ctx.require(not defend, "Only a Defend command names what it defends")
        return "", False
    return _defend_target(ctx, army, defend)


def _defend_target(ctx: api.Context, army: api.Army, target: str) -> tuple[str, bool]:
    """Defend "may be given to an army which is inside a village, inside the home base,
    within the walls of a city etc. or following another friendly army division" (R-EL-19:
    in its hex or adjacent)."""
    camp = ctx.campaign
    if not target:
        here = camp.map.settlements_at(army.hex) if army.hex is not None else []
        ctx.require(
            here,
            f"'{army.name}' is in no settlement: say what it defends (defend = a settlement "
            "where it stands, or a friendly division next to it)",
        )
        return here[0].id, False
    settlement = camp.map.settlement(target)
    if settlement is not None:
        ctx.require(
            settlement.hex == army.hex,
            f"'{army.name}' is not inside {settlement.name}: a division defends the "
            "settlement it stands in",
        )
        return settlement.id, False
    other = camp.army(target)
    # an enemy division is refused as one that is not there: its name may be a secret (an
    # underground division is "seen only by its owner", R-EL-27)
    ctx.require(
        other is not None and api.teams.friendly(camp, other.owner, army.owner),
        f"There is no settlement or friendly division {target!r} to defend: a Defend command "
        "holds a settlement or follows a friend",
    )
    assert other is not None
    ctx.require(other.id != army.id, f"'{army.name}' cannot follow itself")
    near = army.hex is not None and other.hex is not None and army.hex.distance(other.hex) <= 1
    ctx.require(
        near,
        f"'{army.name}' must be in the hex of '{other.name}' or next to it to follow it (R-EL-19)",
    )
    return other.id, True


def give_command(ctx: api.Context, action: GiveCommand) -> None:
    """A command given in the owner's Command phase: free, or tested on the general's Ld."""
    army = ctx.own_army(action.division)
    hour.require_stage(ctx, hour.COMMAND, army)
    word = action.command.strip().lower().replace(" ", "_").replace("!", "")
    known = ", ".join(COMMANDS)
    ctx.require(word in COMMANDS, f"There is no command {action.command!r} (commands: {known})")
    record = division(ctx, army.id)
    fresh(ctx, record)
    ctx.require(
        not record.changed,
        f"'{army.name}' has already had its command change this Command phase (R-EL-33)",
    )
    target, follows = _check_command(ctx, army, word, action.defend)
    if word == record.command and (target, follows) == (record.defends, record.follows):
        raise api.RuleError(f"'{army.name}' is already under {COMMAND_NAMES[word]}")
    name, new = army.name, COMMAND_NAMES[word]
    free = free_change(ctx, army, record)
    record.changed = True
    if not free:
        leader = setup.general(army)
        ctx.require(leader is not None, f"'{name}' has no general to test the change on")
        assert leader is not None
        dice = str(ctx.table("command_test").get("dice", "2d6"))
        roll = ctx.dice.roll(dice, f"{leader.name}'s Ld {leader.leadership} to take {new}")
        if roll.total > leader.leadership:
            record.frozen = True
            ctx.emit(
                "command_failed",
                f"'{name}' fails its command test ({roll.total} > Ld {leader.leadership}): it "
                f"stays under {COMMAND_NAMES[record.command]} and does not move this hour",
                player=army.owner,
                visible_to=[army.owner],
                division=army.id,
            )
            return
        free = f"passed {roll.total} <= Ld {leader.leadership}"
    old = COMMAND_NAMES[record.command]
    record.command, record.defends, record.follows = word, target, follows
    if word == MOVE_YA:
        feed_on_goblins(ctx, army, "the order is given")
    ctx.emit(
        "command",
        f"'{name}' changes from {old} to {new} ({free})",
        player=army.owner,
        visible_to=[army.owner],
        division=army.id,
        command=word,
    )


def followers_keep_up(ctx: api.Context) -> None:
    """R-EL-19: a division defending another "must always be beneath the defended army,
    and if it leaves any adjacent square to the defended army the command is canceled"
    (back to Patrol); asked as each Command phase begins, after the Move phases before it."""
    camp = ctx.campaign
    for army in camp.armies:
        record = division(ctx, army.id)
        if record.command != DEFEND or not record.follows:
            continue
        followed = camp.army(record.defends)
        near = (
            followed is not None
            and army.hex is not None
            and followed.hex is not None
            and army.hex.distance(followed.hex) <= 1
        )
        if near:
            continue
        record.command, record.defends, record.follows = PATROL, "", False
        ctx.emit(
            "command",
            f"'{army.name}' is no longer beside the division it defended: its Defend command "
            "is cancelled, it is on Patrol (R-EL-19)",
            player=army.owner,
            visible_to=[army.owner],
            undoable=False,
            division=army.id,
            command=PATROL,
        )


def fresh(rules: api.Rules, record: Division) -> None:
    """A division's record of the hour, started again when it belongs to an earlier hour."""
    now = rules.campaign.turn
    if record.hour != now:
        record.hour, record.changed, record.frozen = now, False, False
        record.mp_used, record.entered, record.by_road, record.start = 0.0, [], [], None
        record.march_bonus = 0.0
        record.passes = []


def feed_on_goblins(ctx: api.Context, army: api.Army, why: str) -> None:
    """ "D6 Goblins of either tribe from each regiment will be slaughtered in favour of
    their comrades" (R-EL-25); a regiment eaten to the last model is crossed off."""
    eaten_dice = str(ctx.table("move_ya").get("models_eaten", "d6"))
    told = []
    for unit in list(army.units):
        if not races.is_goblin(ctx, army, unit):
            continue
        eaten = min(unit.models, ctx.dice.roll(eaten_dice, f"Goblins of {unit.name} eaten").total)
        unit.models -= eaten
        told.append(f"{unit.name} -{eaten}")
        if unit.models <= 0:
            army.units.remove(unit)
            told[-1] += " (gone)"
    division(ctx, army.id).goblins_eaten_hour = ctx.campaign.turn
    if not army.units:
        roster.gone_if_empty(ctx, army)
        return
    if told:
        ctx.emit(
            "goblins_eaten",
            f"Move ya! ({why}): '{army.name}' eats its Goblins: " + ", ".join(told),
            player=army.owner,
            visible_to=[army.owner],
            division=army.id,
        )


def hungry_greenskins(ctx: api.Context, player: str) -> None:
    """ "Every turn after the command has been given you must roll a D6. On a roll of 1
    the greenskins have eaten all the Goblins and must slaughter some more!" (R-EL-25),
    rolled as the owner's Command phase begins."""
    hungry_on = int(ctx.table("move_ya").get("hungry_on", 1))
    for army in ctx.campaign.armies:
        record = division(ctx, army.id)
        if army.owner != player or record.command != MOVE_YA:
            continue
        if record.goblins_eaten_hour >= ctx.campaign.turn:
            continue
        if not any(races.is_goblin(ctx, army, u) for u in army.units):
            continue
        roll = ctx.dice.roll("d6", f"Are the greenskins of '{army.name}' hungry?")
        if roll.total <= hungry_on:
            feed_on_goblins(ctx, army, f"rolled {roll.total}")
        else:
            ctx.emit(
                "goblins_spared",
                f"Move ya!: '{army.name}' rolls {roll.total}, its Goblins are spared this hour",
                player=army.owner,
                visible_to=[army.owner],
                division=army.id,
            )


HANDLERS = {GiveCommand: give_command}
ACTIONS = (GiveCommand,)
__all__ = ["ACTIONS", "ATTACK", "HANDLERS", "GiveCommand", "change_test_text"]
