"""The flow of play: phases, steps, turn orders, ending a phase, the clock, set-up, and
effects scheduled for later. The engine runs it; a ruleset only declares it.

A ruleset declares its phases (:class:`~tuicamp.engine.ruleset.Phase`), each with a turn
order from this module:

- :class:`Fixed`: players one after another, in an order the ruleset gives;
- :class:`Rolled`: the order rolled on dice (2d6 by default), ties re-rolled among the
  tied, stored in the flow and told in the chronicle;
- :class:`Simultaneous`: everyone acts; the phase ends when all have ended;
- :class:`Custom`: the ruleset's own function;
- :class:`ByOption`: one of two orders, picked by a house-rule option.

A phase may have steps (hours of a day, impulses 1-8); each step runs the phase's order
again. Ending one's part of a step or phase is an engine action (:class:`EndPhase`,
``end_phase``); when everyone has, the engine closes the step or phase, moves the clock on
(a new turn after the last phase), tells the chronicle, runs the hooks, and arranges who acts
next. Set-up is the campaign's first action (:class:`Setup`).

Everything the flow must remember lives in the campaign (:mod:`tuicamp.model.flow`), so a
reloaded save goes on exactly where it stopped.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from enum import StrEnum
from itertools import groupby
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from attrs import define, field, frozen

from tuicamp.engine.actions import Action
from tuicamp.engine.errors import RuleError
from tuicamp.model.campaign import Campaign
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.flow import AwaitedRoll, Clock, RolledOrder, ScheduledEffect
from tuicamp.model.reprs import fields_repr
from tuicamp.model.words import possessive

if TYPE_CHECKING:
    from tuicamp.engine.context import Context
    from tuicamp.engine.rules import Rules
    from tuicamp.engine.ruleset import Phase, Ruleset


class Play(StrEnum):
    """How a phase is played at one terminal (hotseat)."""

    PRIVATE = "private"  # the hand-over blanks the screen and asks the passphrase
    OPEN = "open"  # nothing to hide: the next player's name on one line, no blanking


# --- turn orders ----------------------------------------------------------------------------
PlayersOf = Callable[["Rules"], list[str]]


def every_player(rules: Rules) -> list[str]:
    """The campaign's players in their slot order: the default of every turn order."""
    return [p.id for p in rules.campaign.players]


class TurnOrder(Protocol):
    """Who acts in a phase (or step), and in which order; arranged as it begins."""

    @property
    def simultaneous(self) -> bool: ...

    def resolve(self, rules: Rules) -> TurnOrder:
        """The order in force for this campaign (an option may pick it)."""
        ...

    def arrange(self, ctx: Context) -> list[str]:
        """The players of the phase (or step) just begun, in the order they act."""
        ...


@frozen
class Fixed:
    """Players one after another, in the order the ruleset gives."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    players: PlayersOf = every_player
    simultaneous: bool = field(default=False, init=False)

    def resolve(self, rules: Rules) -> TurnOrder:
        return self

    def arrange(self, ctx: Context) -> list[str]:
        return list(self.players(ctx))


@frozen
class Simultaneous:
    """Everyone acts at once; the phase (or step) ends when all have ended."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    players: PlayersOf = every_player
    simultaneous: bool = field(default=True, init=False)

    def resolve(self, rules: Rules) -> TurnOrder:
        return self

    def arrange(self, ctx: Context) -> list[str]:
        return list(self.players(ctx))


# Tied players re-roll among themselves; dice that can only tie (a constant) give up here.
MAX_REROLLS = 20


@frozen
class Rolled:
    """Players one after another in an order rolled on dice, highest first (or lowest);
    players who roll the same re-roll among themselves until the tie is broken."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    dice: str = "2d6"
    players: PlayersOf = every_player
    lowest_first: bool = False
    simultaneous: bool = field(default=False, init=False)

    def resolve(self, rules: Rules) -> TurnOrder:
        return self

    def arrange(self, ctx: Context) -> list[str]:
        return roll_order(ctx, self.dice, list(self.players(ctx)), self.lowest_first)


@frozen
class Custom:
    """The ruleset's own order: ``order(ctx)`` gives the players (it may roll dice)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    order: Callable[[Context], list[str]]
    simultaneous: bool = False

    def resolve(self, rules: Rules) -> TurnOrder:
        return self

    def arrange(self, ctx: Context) -> list[str]:
        return list(self.order(ctx))


@frozen
class ByOption:
    """``on`` when the house-rule option is set, else ``off`` (the sandbox's
    ``simultaneous`` picks between turn order and everyone at once)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    option: str
    on: TurnOrder
    off: TurnOrder
    simultaneous: bool = field(default=False, init=False)  # it depends on the campaign

    def resolve(self, rules: Rules) -> TurnOrder:
        return (self.on if rules.option(self.option) else self.off).resolve(rules)

    def arrange(self, ctx: Context) -> list[str]:
        return self.resolve(ctx).arrange(ctx)


def roll_order(ctx: Context, dice: str, players: list[str], lowest_first: bool) -> list[str]:
    """Roll the order of play, keep it in the flow and tell it in the chronicle."""
    camp = ctx.campaign
    rolls: dict[str, list[int]] = {p: [] for p in players}

    def rank(group: list[str], depth: int) -> list[str]:
        for p in group:
            reason = f"{possessive(_name(camp, p))} roll for the order of play"
            rolls[p].append(ctx.dice.roll(dice, reason).total)
        last = {p: rolls[p][-1] for p in group}
        ordered = sorted(group, key=lambda p: last[p] if lowest_first else -last[p])
        out: list[str] = []
        for _total, same_total in groupby(ordered, key=lambda p: last[p]):
            tied = list(same_total)
            out += rank(tied, depth + 1) if len(tied) > 1 and depth < MAX_REROLLS else tied
        return out

    order = rank(players, 0) if players else []
    camp.flow.rolled.append(RolledOrder(camp.turn, camp.phase, camp.step, dice, rolls, order))
    shown = ", ".join(f"{_name(camp, p)} {' then '.join(map(str, rolls[p]))}" for p in order)
    ctx.emit("order", f"Order of play ({dice}): {shown or 'nobody'}", undoable=False)
    return order


# --- the engine's actions -------------------------------------------------------------------
@define(kw_only=True)
class EndAction(Action):
    """Base of the actions that end a seat's part of the phase (or step): the engine's.

    ``whole_seat``: in simultaneous play one such action ends it for every player the seat
    plays who is still to act (the sandbox's ``end_turn``); otherwise for one player.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    whole_seat: ClassVar[bool] = False

    @property
    def requested(self) -> str:
        """The player named in the action ('' for the seat's own)."""
        return ""

    @property
    def for_all(self) -> bool:
        """Whether, in simultaneous play, it ends the part of every player the seat plays
        who is still to act."""
        return self.whole_seat


@define(kw_only=True)
class EndPhase(EndAction):
    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "end_phase"
    summary = (
        "Say you have finished this phase (in turn order: pass to the next player); a seat "
        "of several players acting at once names one (player) or ends them all (everyone)"
    )
    player: str = ""
    everyone: bool = False

    @property
    def requested(self) -> str:
        return self.player

    @property
    def for_all(self) -> bool:
        return self.everyone


@define(kw_only=True)
class Setup(Action):
    """A campaign's first action: the ruleset prepares its state, the first phase begins.

    The engine performs it (:meth:`~tuicamp.engine.engine.Engine.set_up`); it is no order a
    seat writes, since a campaign is set up once.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    kind = "setup"
    summary = "GM: set the campaign up from its scenario (done once, when it is created)"
    gm_only = True
    table: dict[str, Any] = field(factory=dict)  # the scenario's [ruleset.<id>] table


FLOW_ACTIONS: tuple[type[Action], ...] = (EndPhase,)  # what orders files may say


# --- reading the flow -----------------------------------------------------------------------
def acting_players(campaign: Campaign) -> list[str]:
    """The players who may act now, in order (nobody once the war is over)."""
    if campaign.finished or not campaign.flow.started:
        return []
    return campaign.flow.acting_players()


def acting_seats(campaign: Campaign) -> list[str]:
    """The seats that may act now, in seat order (the hotseat hand-over follows this)."""
    players = acting_players(campaign)
    return [s.id for s in campaign.seats if not s.gm and any(p in s.players for p in players)]


def clock_key(ruleset: Ruleset, clock: Clock) -> tuple[int, int, int]:
    """A clock value as something to compare: turn, the phase's place, step."""
    ids = [p.id for p in ruleset.phases]
    return (clock.turn, ids.index(clock.phase) if clock.phase in ids else -1, clock.step)


def current_phase(ctx: Rules) -> Phase | None:
    return ctx.ruleset.phase(ctx.campaign.phase)


def _name(camp: Campaign, pid: str) -> str:
    p = camp.player(pid)
    return p.name if p else pid


def _names(camp: Campaign, pids: list[str]) -> str:
    return ", ".join(_name(camp, p) for p in pids) or "nobody"


# --- set-up ---------------------------------------------------------------------------------
def set_up(ctx: Context, action: Setup) -> None:
    """The ruleset prepares the campaign; then its first phase begins, hooks and all."""
    camp = ctx.campaign
    ctx.require(not camp.flow.started, "The campaign is already set up")
    ctx.ruleset.setup(camp, copy.deepcopy(action.table))
    players = [p.id for p in camp.players]
    ctx.emit(
        "setup",
        f"Set-up: {camp.name}, under {ctx.ruleset.title}, with {_names(camp, players)}",
        undoable=False,
    )
    start(ctx)


def start(ctx: Context, *, quiet: bool = False) -> None:
    """Enter the campaign's phase (the first one, unless set-up chose another).

    ``quiet``: for a campaign set up outside the engine (built in code, or saved by a
    plugin before the engine kept the flow): the order is arranged, nothing is told and no
    hook runs, as set-up did before it was an action.
    """
    camp, ruleset = ctx.campaign, ctx.ruleset
    camp.flow.started = True
    phase = ruleset.phase(camp.phase) or (ruleset.phases[0] if ruleset.phases else None)
    if phase is None:
        camp.phase, camp.step = "", 0
        _arrange(ctx)
        return
    _enter_phase(ctx, phase, announce=not quiet, hooks=not quiet)


# --- moving the clock on --------------------------------------------------------------------
def _arrange(ctx: Context) -> None:
    """The order of play of the phase (or step) just begun."""
    phase = current_phase(ctx)
    order = (phase.order if phase is not None else Simultaneous()).resolve(ctx)
    flow = ctx.campaign.flow
    flow.simultaneous, flow.position, flow.ended = order.simultaneous, 0, []
    flow.order = order.arrange(ctx)


def _announce_step(ctx: Context, phase: Phase) -> None:
    count = phase.step_count(ctx)
    name = phase.step_name
    ctx.emit(
        "step",
        f"{name[:1].upper()}{name[1:]} {ctx.campaign.step} of {count} of the {phase.title} "
        "phase begins",
        undoable=False,
    )


def _enter_phase(ctx: Context, phase: Phase, *, announce: bool = True, hooks: bool = True) -> None:
    """A phase begins: it is told (and its first step), its order is arranged (a rolled
    order told with its dice), effects due by now fire, then the phase's own hooks run, so
    that they find the order of play and whatever has just arrived."""
    camp, ruleset = ctx.campaign, ctx.ruleset
    camp.phase = phase.id
    camp.step = 1 if phase.step_count(ctx) else 0
    if announce and len(ruleset.phases) > 1:
        ctx.emit("phase", ruleset.phase_text.format(phase=phase.title), undoable=False)
    if announce and camp.step:
        _announce_step(ctx, phase)
    _arrange(ctx)
    fire_due(ctx)
    if hooks and phase.on_enter is not None:
        phase.on_enter(ctx)
    if hooks and camp.step and phase.on_step is not None:
        phase.on_step(ctx)


def _decided(ctx: Context) -> bool:
    """Whether the war is won: then the clock stops where it is (the engine ends it)."""
    return ctx.ruleset.victory(ctx) is not None


def advance(ctx: Context) -> bool:
    """Close the step or phase, open the next one (or the next turn); False when the war
    was decided as the phase closed, and the clock stayed."""
    camp, ruleset = ctx.campaign, ctx.ruleset
    phase = current_phase(ctx)
    if phase is None:  # a ruleset without phases: each round of play is a turn
        camp.turn += 1
        ctx.emit("new_turn", ruleset.turn_text.format(turn=camp.turn), undoable=False)
        ruleset.turn_start(ctx)
        _arrange(ctx)
        fire_due(ctx)
        return True
    if camp.step and camp.step < phase.step_count(ctx):
        camp.step += 1
        _announce_step(ctx, phase)
        _arrange(ctx)
        fire_due(ctx)
        if phase.on_step is not None:
            phase.on_step(ctx)
        return True
    if phase.on_leave is not None:
        phase.on_leave(ctx)
    if _decided(ctx):
        return False
    index = ruleset.phases.index(phase)
    if index + 1 < len(ruleset.phases):
        _enter_phase(ctx, ruleset.phases[index + 1])
        return True
    first = ruleset.phases[0]
    camp.turn += 1
    camp.phase, camp.step = first.id, 1 if first.step_count(ctx) else 0
    camp.flow.rolled = []
    ctx.emit("new_turn", ruleset.turn_text.format(turn=camp.turn), undoable=False)
    ruleset.turn_start(ctx)
    _enter_phase(ctx, first)
    return True


# Phases that end by themselves may follow one another; a flow that never stops is a bug.
MAX_SELF_ENDING = 1000


def settle(ctx: Context) -> None:
    """Asked after every action: players with nothing to decide pass (R-ALL-12), and a
    phase (or step) that ends by itself does so; again in the phase that follows."""
    for _ in range(MAX_SELF_ENDING):
        if ctx.campaign.finished:
            return
        if pass_idle(ctx):
            continue
        phase = current_phase(ctx)
        if phase is None or phase.ends_when is None:
            return
        if ctx.campaign.flow.awaiting:  # nor while a revealed round's dice wait (R-ALL-8)
            return
        if not phase.ends_when(ctx) or not advance(ctx):
            return
    raise RuleError("The phases end by themselves for ever: nobody ever gets to act")


def waiting_line(awaited: AwaitedRoll) -> str:
    """What every seat reads while work waits for the table's dice (R-ALL-8): public, since
    the round that set it off is revealed."""
    return f"The dice for {awaited.text} are to be rolled at the table (roll_awaited)"


def _keeping_their_part(ctx: Context) -> set[str]:
    """The players who keep their part of the phase even with nothing left to decide:
    those of the seat acting now, while the clock stays where they acted, so that what
    they did can still be undone or taken back before they end. The Games Master acts
    for nobody's part, and a phase just begun is nobody's yet."""
    if ctx.seat.gm:
        return set()
    now = ctx.campaign.clock
    if any(event.clock != now for event in ctx.events):
        return set()
    return {p.id for p in ctx.campaign.players if ctx.seat.controls(p.id)}


def _idle_player(ctx: Context) -> tuple[str, str] | None:
    """The first player to act now who has nothing to decide, and why (the ruleset's
    words), or None."""
    flow, keeping = ctx.campaign.flow, _keeping_their_part(ctx)
    for player in acting_players(ctx.campaign):
        if player in flow.ended or player in keeping:
            continue
        reason = ctx.ruleset.idle(ctx, player)
        if reason is not None and not ctx.ruleset.end_blockers(ctx, player):
            return player, reason
    return None


def pass_idle(ctx: Context) -> bool:
    """Pass, one by one, the players to act who have nothing to decide (R-ALL-12): each
    ends their part with a chronicle line saying why. True when that closed the phase (or
    step) and the flow moved on, so the next one is looked at in turn."""
    camp, flow = ctx.campaign, ctx.campaign.flow
    if not flow.started or not ctx.option("pass_idle_phases"):
        return False
    for _ in range(len(camp.players) + 1):
        idle = _idle_player(ctx)
        if idle is None:
            return False
        player, reason = idle
        phase = current_phase(ctx)
        part = f"the {phase.title} phase" if phase is not None else f"turn {camp.turn}"
        ctx.emit("pass", f"{_name(camp, player)} passes {part}: {reason}", player=player)
        if flow.simultaneous:
            flow.ended.append(player)
            done = all(p in flow.ended for p in flow.order)
        else:
            flow.position += 1
            done = flow.position >= len(flow.order)
        if done:
            return advance(ctx)
    return False


def end(ctx: Context, action: EndAction) -> None:
    """A seat has finished its part of the phase (or step), for one player or all of its
    players; when everyone has, the flow moves on. A seat with several players acting at
    once (the Games Master's in a phase all play together) names the one whose part ends,
    or ends them all (``everyone``, or a ``whole_seat`` action): naming nobody is refused,
    since the first of them is not the seat's choice."""
    camp, flow = ctx.campaign, ctx.campaign.flow
    ctx.require(flow.started, "The campaign is not set up yet")
    ctx.require(not camp.finished, "The campaign is over")
    acting = acting_players(camp)
    requested = action.requested
    whole = action.for_all and flow.simultaneous
    if requested:
        ctx.require(not action.for_all, "Name one player, or end everyone's part: not both")
        ctx.require(camp.player(requested) is not None, f"There is no player {requested!r}")
        ctx.require(ctx.seat.controls(requested), f"Seat {ctx.seat.name} does not play {requested}")
        ctx.require(  # everyone acts at once: say his part is over, as his own seat hears it
            requested in acting or not (flow.simultaneous and requested in flow.ended),
            f"The part of {_name(camp, requested)} in this phase is ended already (see the "
            f"chronicle); still to act: {_names(camp, acting)}",
        )
        ctx.require(requested in acting, f"{_name(camp, requested)} is not to act now")
        players = [requested]
    else:
        ctx.require(acting, "Nobody is to act")
        mine = [p for p in acting if ctx.seat.controls(p)]
        over = [p for p in flow.ended if ctx.seat.controls(p)] if flow.simultaneous else []
        ctx.require(  # everyone acts at once: say whose part is over, not whose turn
            mine or not over,
            f"It is not your turn: the part of {_names(camp, over)} in this phase is ended "
            f"already (see the chronicle); still to act: {_names(camp, acting)}",
        )
        ctx.require(mine, f"It is not your turn: {_names(camp, acting)} is to play")
        ctx.require(whole or len(mine) == 1, _whose_part(camp, action.kind, mine))
        players = mine if whole else mine[:1]
    if flow.awaiting:  # a revealed round's dice come first (R-ALL-8, engine/awaited.py)
        raise RuleError(waiting_line(flow.awaiting[0]) + " before the phase ends")
    for player in players:
        blockers = ctx.ruleset.end_blockers(ctx, player)
        ctx.require(not blockers, blockers[0] if blockers else "")
    phase = current_phase(ctx)
    template = phase.ended_text if phase is not None else "{players} has finished"
    text = template.format(
        players=_names(camp, players),
        phase=phase.title if phase is not None else "",
        turn=camp.turn,
        step=camp.step,
    )
    ctx.emit(action.kind, text, player=None if whole else players[0])
    if flow.simultaneous:
        flow.ended.extend(p for p in players if p not in flow.ended)
        done = all(p in flow.ended for p in flow.order)
    else:
        flow.position += 1
        done = flow.position >= len(flow.order)
    if done:
        advance(ctx)


def _whose_part(camp: Campaign, kind: str, mine: list[str]) -> str:
    """The refusal of an end naming nobody, by a seat (the Games Master's, or one playing
    several players) with several players acting at once: which part ends is the seat's
    to say, never the first in the order's by default."""
    choices = ", ".join(f"{p} ({_name(camp, p)})" for p in mine)
    return (
        f"Several of your players act in this phase: name the player whose part ends "
        f"({kind} with player = PLAYER, one of {choices}), or end all of theirs "
        f"({kind} with everyone = true)"
    )


def reseat(ctx: Context, before: Clock) -> None:
    """After the Games Master set the clock by hand: the new phase's order of play (no
    hook runs: a correction is not play), and whatever was due by then."""
    camp = ctx.campaign
    if camp.phase != before.phase:
        phase = current_phase(ctx)
        camp.step = 1 if phase is not None and phase.step_count(ctx) else 0
        _arrange(ctx)
    if camp.turn != before.turn:
        camp.flow.rolled = []
    fire_due(ctx)


# --- scheduled effects ----------------------------------------------------------------------
def schedule(
    ctx: Context,
    kind: str,
    *,
    turn: int | None = None,
    phase: str | None = None,
    step: int = 0,
    text: str = "",
    visible_to: list[str] | None = None,
    data: dict[str, Any] | None = None,
) -> ScheduledEffect:
    """Set an effect for a later clock value (default: this turn, this phase)."""
    camp, ruleset = ctx.campaign, ctx.ruleset
    at = Clock(camp.turn if turn is None else turn, camp.phase if phase is None else phase, step)
    if ruleset.phases and ruleset.phase(at.phase) is None:
        known = ", ".join(p.id for p in ruleset.phases)
        raise RuleError(f"There is no phase {at.phase!r} to schedule for (phases: {known})")
    if clock_key(ruleset, at) <= clock_key(ruleset, camp.clock):
        raise RuleError(f"An effect is scheduled for later than now ({camp.clock}), not {at}")
    flow = camp.flow
    effect = ScheduledEffect(
        flow.next_effect, at.turn, at.phase, kind, at.step, text, visible_to, dict(data or {})
    )
    flow.next_effect += 1
    flow.scheduled.append(effect)
    return effect


def fire_due(ctx: Context) -> None:
    """Fire every scheduled effect whose time has come, once, in the order they are due."""
    flow, ruleset = ctx.campaign.flow, ctx.ruleset
    now = clock_key(ruleset, ctx.campaign.clock)
    due = [e for e in flow.scheduled if clock_key(ruleset, e.clock) <= now]
    if not due:
        return
    fired = {e.id for e in due}
    flow.scheduled = [e for e in flow.scheduled if e.id not in fired]
    for effect in sorted(due, key=lambda e: (clock_key(ruleset, e.clock), e.id)):
        ruleset.fire(ctx, effect)
