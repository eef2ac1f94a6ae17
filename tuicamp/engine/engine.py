"""The action pipeline: validate through the ruleset, apply, record events, run the flow.

Refusals must leave the campaign exactly as it was, whatever a ruleset had already changed
when it raised, so the engine keeps a structural copy of the campaign as it stands between
actions (:mod:`tuicamp.engine.snapshots`) and puts the campaign back from it on refusal.
After each action the copy is brought up to date part by part, sharing with the copy
before it everything the action did not touch (the map's tables always), so an action and
its undo point cost what the action changed, not what the campaign holds.

The flow of play is the engine's (:mod:`tuicamp.engine.flow`): ending a phase, who acts
next, set-up, phases that end by themselves. Undo and battle take-backs are keyed on the
clock: nothing from before a new step, phase or turn can be taken back.

The last action that rolled dice leaves a re-roll point in the campaign (saved with it),
until the next action settles its rolls for good; a re-roll plays that action again with
one roll drawn afresh (:mod:`tuicamp.engine.rerolls`). A re-rolled action is not undoable.

The battles' and the corrections' modules (with the result forms and outcomes they bring)
are imported by the first action, or list of actions, that needs them, not with the
engine: opening a campaign builds an engine, and a first frame (a hand-over) or a report
performs nothing (``tests/test_startup.py``).
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import define, field

from tuicamp.engine import flow
from tuicamp.engine.actions import Action, Event
from tuicamp.engine.awaited import AWAITED_ACTIONS, RollAwaited, roll_awaited
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.context import Context
from tuicamp.engine.dice import Dice
from tuicamp.engine.errors import DiceNeeded, RuleError
from tuicamp.engine.flow import FLOW_ACTIONS, EndAction, Setup
from tuicamp.engine.letters import LETTER_ACTIONS, WriteLetter, send_letter
from tuicamp.engine.names import action_problem
from tuicamp.engine.registry import get_ruleset
from tuicamp.engine.rerolls import (
    NONE_ALLOWED,
    NOT_REPLAYED,
    ReplayDice,
    Reroll,
    RerollWanted,
    action_from_data,
    make_point,
    roll_to_reroll,
    the_point,
    void_events,
    without_point,
)
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import Ruleset, Victory
from tuicamp.engine.settled_data import Keeper
from tuicamp.engine.snapshots import Memory, copy, restore
from tuicamp.model.campaign import Campaign
from tuicamp.model.equality import fields_eq
from tuicamp.model.flow import Clock
from tuicamp.model.forces import Seat
from tuicamp.model.reprs import fields_repr
from tuicamp.model.rerolls import RecordedRoll, RerollPoint


def _games_master(campaign: Campaign) -> Seat:
    """The seat of the GM's own actions (set-up), also when no seat plays the GM."""
    return campaign.gm_seat() or Seat("gm", "Games Master", [], gm=True)


def action_types(ruleset: Ruleset) -> dict[str, type[Action]]:
    """Every action a campaign of this ruleset takes: the ruleset's, the flow's (ending a
    phase) and the GM's."""
    from tuicamp.engine.battles import BATTLE_ACTIONS
    from tuicamp.engine.corrections import CORRECTIONS

    core: tuple[type[Action], ...] = (
        *CORRECTIONS,
        *BATTLE_ACTIONS,
        *FLOW_ACTIONS,
        Reroll,
        *LETTER_ACTIONS,
        *AWAITED_ACTIONS,
    )
    types = {cls.kind: cls for cls in core}
    types.update({cls.kind: cls for cls in ruleset.actions})
    return types


@define
class UndoPoint:
    """What undoing one action takes: the campaign before it (a structural copy that
    shares every part the action left alone with the points around it), its events, its
    seat and its clock."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    snapshot: Campaign
    events: list[Event]
    seat: str
    clock: Clock


# Why nothing can be undone, each short enough for a notice on an 80-column terminal.
UNDO_GONE = {
    "opened": "Nothing to undo: nothing was done here since the campaign was opened",
    "moved": "Nothing to undo: the phase has moved on since the last action",
    "dice": "Nothing to undo: the last action rolled dice or revealed a secret",
    "won": "Nothing to undo: the war is decided",
}


@define
class Engine:
    __repr__ = fields_repr
    __eq__ = fields_eq

    campaign: Campaign
    chronicle: list[Event] = field(factory=list)
    ruleset: Ruleset = field(default=None)
    _snapshot: dict | None = field(default=None, init=False)  # plain data, for the save
    _snapshot_of: Campaign | None = field(default=None, init=False)  # the copy it was made of
    # What the last snapshot made of each object of the copy between actions, taken again
    # by the next for every object no action touched since (engine/settled_data.py).
    _kept_data: Keeper = field(factory=Keeper, init=False)
    _settled: Campaign | None = field(default=None, init=False)  # the copy between actions
    _moved_on: bool = field(default=False, init=False)  # the campaign changed since it
    # What the copy was made from, so that bringing it up to date skips what no one
    # touched since (engine/snapshots.py, engine/stamps.py).
    _memory: Memory = field(factory=Memory, init=False)
    _undo: list[UndoPoint] = field(factory=list, init=False)
    # Why the undo history is empty, in the refusal's words (a key of UNDO_GONE).
    _undo_gone: str = field(default="opened", init=False)
    _actions: int = field(default=0, init=False)
    skipped: int = field(default=0, init=False)  # orders perform_all left after a victory
    # A campaign not yet started is started quietly, unless its set-up is to come (new).
    quiet_start: bool = field(default=True, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if self.ruleset is None:
            self.ruleset = get_ruleset(self.campaign.ruleset)
        if self.chronicle:
            self._actions = max(e.action for e in self.chronicle)
        if self.quiet_start and not self.campaign.flow.started:
            self._start_quietly()

    @classmethod
    def new(
        cls, campaign: Campaign, table: dict | None = None, dice: list[int] | None = None
    ) -> Engine:
        """The engine of a new campaign, its set-up (with the scenario's ruleset table)
        performed as its first action, so set-up's dice and notes are in the chronicle."""
        engine = cls(campaign, quiet_start=False)
        engine.set_up(table, dice)
        return engine

    def _start_quietly(self) -> None:
        """A campaign set up outside the engine (built in code) starts in its phase as set-up
        left it: its order of play arranged, nothing told, no hook run."""
        ctx = self._context(_games_master(self.campaign), Dice(self.campaign.dice))
        flow.start(ctx, quiet=True)

    # --- snapshots ------------------------------------------------------------------
    def snapshot(self) -> dict:
        """The campaign as plain data (what a save writes), cached until the next change
        (found by bringing the copy up to date, so a change made in place outside an
        action is in it too).

        Made from the copy between actions (brought up to date now), which shares with
        the copy of the last snapshot every object no action touched since: what that
        snapshot made of those objects is taken again
        (:mod:`tuicamp.engine.settled_data`), so a save costs what changed. Its tables
        below the top one are shared with the last snapshot: no one may change them."""
        settled = self._copy_now()
        if self._snapshot is None or self._snapshot_of is not settled:  # changed since
            self._snapshot_of = settled
            self._snapshot = campaign_to_dict(settled, self._kept_data)
        return self._snapshot

    def _settled_and_plain(self) -> tuple[Campaign, dict | None]:
        """The copy between actions, brought up to date, and its plain data: the cached
        snapshot if it was made of that very copy, else None (a change made in place
        since the save is in the copy, not in the snapshot, which a refusal or a re-roll
        point would otherwise put back)."""
        before = self.settled()
        return before, self._snapshot if self._snapshot_of is before else None

    def _copy_now(self) -> Campaign:
        """The copy between actions brought up to date now, whatever is known of it: the
        live campaign may have been changed in place since an action (a ruleset's record
        made on reading it, a test), and what a save writes is what the campaign holds.
        What the next action knows of the copy is left as it was, so it still looks for
        what changes after the save (a change made between two actions is in the next
        action's undo point, and a refusal keeps it)."""
        if self._settled is None:
            self._settled = self._memory.copy(self.campaign)
        else:
            self._settled = self._memory.updated(self._settled, self.campaign)
        return self._settled

    def settled(self) -> Campaign:
        """The structural copy of the campaign as it stands now, between actions: what a
        refusal puts back, and the next undo point. Made whole once (and again after
        :meth:`changed`); after that, brought up to date part by part when asked for
        (at the next action, so what was changed between two actions is in it too),
        sharing with the copy before every part that did not change."""
        if self._settled is None:
            self._settled = self._memory.copy(self.campaign)
        elif self._moved_on:
            self._settled = self._memory.updated(self._settled, self.campaign)
        self._moved_on = False
        return self._settled

    def _settle(self, before: Campaign) -> None:
        """The action is over: the copy between actions is ``before`` (the copy before
        it), to be brought up to date when next asked for."""
        self._settled, self._moved_on = before, True
        self._snapshot = None

    def _restore(self, saved: Campaign, plain: dict | None = None) -> None:
        """Make the campaign equal a copy (the one between actions, or an undo point's)
        again, changing only what differs: most refusals happen before anything changed,
        and objects a caller holds (an army, a player) stay the live ones where the
        action left them alone. ``plain``: the copy's plain data, when known."""
        restore(self.campaign, saved)
        self._settled, self._moved_on = saved, False
        self._snapshot, self._snapshot_of = plain, saved

    def _restore_data(self, data: dict) -> None:
        """Make the campaign equal plain data (a re-roll point's campaign before its
        action): built from the data, then put in place part by part."""
        fresh = campaign_from_dict(data, self.ruleset.state_class)
        fresh.map.vocabulary = self.ruleset.vocabulary  # never saved: bound again
        restore(self.campaign, fresh)
        self._settled = None
        self._snapshot = None

    def saved_at(self, revision: int) -> None:
        """The campaign was written as ``revision``: the campaign says so, and its copy
        between actions will (a later refusal keeps the revision); the next snapshot,
        made of that copy brought up to date, holds it."""
        self.campaign.revision = revision
        self._moved_on = True

    # --- the pipeline ---------------------------------------------------------------
    def seat(self, seat_id: str) -> Seat:
        seat = self.campaign.seat(seat_id)
        if seat is None:
            known = ", ".join(s.id for s in self.campaign.seats)
            raise RuleError(f"There is no seat {seat_id!r} (seats: {known})")
        return seat

    def _context(self, seat: Seat, dice: Dice, after: int = 0) -> Context:
        """The context of the next action; its events numbered from ``after`` events on."""
        return Context(
            campaign=self.campaign,
            seat=seat,
            dice=dice,
            ruleset=self.ruleset,
            next_seq=len(self.chronicle) + after + 1,
            action_no=self._actions + 1,
        )

    def acting_seats(self) -> list[str]:
        """The seats that may act now, from the flow (the hand-over follows this)."""
        return flow.acting_seats(self.campaign)

    def perform(self, seat_id: str, action: Action) -> list[Event]:
        """Perform one action for a seat; all of it happens, or (RuleError) none of it."""
        return self._perform(self.seat(seat_id), action)

    def set_up(self, table: dict | None = None, dice: list[int] | None = None) -> list[Event]:
        """The campaign's first action: the ruleset's set-up with the scenario's table,
        then the first phase begins. The Games Master's, whether or not a seat plays one."""
        seat = _games_master(self.campaign)
        return self._perform(seat, Setup(table=dict(table or {}), dice=list(dice or [])))

    def _perform(self, seat: Seat, action: Action) -> list[Event]:
        if isinstance(action, WriteLetter):
            return self._letter(seat, action)
        if self.campaign.finished and not seat.gm:
            raise RuleError("The campaign is over")
        if action.gm_only and not seat.gm:
            raise RuleError(f"Only the Games Master may use {action.kind}")
        unprintable = action_problem(action)
        if unprintable is not None:
            raise RuleError(unprintable)
        if isinstance(action, Reroll):
            return self._reroll(seat, action.roll, action.player, action.dice)
        before, plain = self._settled_and_plain()
        clock = self.campaign.clock
        dice = Dice(self.campaign.dice, supplied=list(action.dice))
        ctx = self._context(seat, dice)
        self._snapshot = None
        # Any action settles the last one's rolls for good; a refusal gives the point back.
        point, self.campaign.reroll = self.campaign.reroll, None
        try:
            self._play(ctx, action)
        except RerollWanted as wanted:
            self._give_back(point, before, plain)
            return self._reroll(seat, wanted.roll, wanted.player, action.dice)
        except DiceNeeded as exc:
            self._give_back(point, before, plain)
            raise self._dice_to_come(seat, action, exc) from None
        except BaseException:
            self._give_back(point, before, plain)
            raise
        self._record(ctx, action, clock)
        self._record_undo(clock, before, ctx.events, seat)
        self._check_victory(ctx)
        # Only an action that rolled dice leaves a point, holding the campaign before it.
        rolled = any(e.rolls for e in ctx.events)
        before_data = (plain or campaign_to_dict(before)) if rolled else {}
        self.campaign.reroll = make_point(before_data, seat.id, action, ctx.events)
        self._settle(before)
        return ctx.events

    def _letter(self, seat: Seat, action: WriteLetter) -> list[Event]:
        """A letter is talk, not play (engine/letters.py): it changes nothing of the
        campaign but the chronicle, so it leaves the undo history, the re-roll point and
        the flow alone; a refusal has changed nothing to restore."""
        ctx = self._context(seat, Dice(self.campaign.dice))
        send_letter(ctx, action)
        self._actions += 1
        self.chronicle.extend(ctx.events)
        self.campaign.chronicle_length = len(self.chronicle)
        self._moved_on, self._snapshot = True, None
        return ctx.events

    def _give_back(self, point: RerollPoint | None, before: Campaign, plain: dict | None) -> None:
        """Undo a refused action: the point first, so that nothing else changed means
        nothing is rebuilt."""
        self.campaign.reroll = point
        self._restore(before, plain)

    def _play(self, ctx: Context, action: Action) -> None:
        """Dispatch the action and account for its dice."""
        dice = ctx.dice
        self._dispatch(ctx, action)
        if dice.rolls:  # rolls not yet attached to an event still belong in the log
            ctx.emit("dice", "Dice rolled: " + "; ".join(map(str, dice.rolls)))
        if dice.supplied:
            raise RuleError(f"{len(dice.supplied)} dice value(s) were entered but not needed")

    def _record(self, ctx: Context, action: Action, clock: Clock) -> None:
        """Write what an action did into the chronicle (it has happened)."""
        if not ctx.events:
            ctx.emit(action.kind, action.describe(), undoable=True)
        if self.campaign.clock != clock:
            _clear_revert_points(self.campaign)  # results are taken back within their step
        self._actions += 1
        self.chronicle.extend(ctx.events)
        self.campaign.chronicle_length = len(self.chronicle)

    def _dispatch(self, ctx: Context, action: Action) -> None:
        """Core actions (set-up, ending a phase, corrections, battles) are the engine's;
        the rest the ruleset's. Then phases that end by themselves do so."""
        from tuicamp.engine.battles import BATTLE_ACTIONS, apply_battle_action
        from tuicamp.engine.corrections import CORRECTIONS, CorrectTurn, apply_correction

        clock = self.campaign.clock
        if isinstance(action, Setup):
            flow.set_up(ctx, action)
        elif isinstance(action, EndAction):
            flow.end(ctx, action)
        elif isinstance(action, CORRECTIONS):
            apply_correction(ctx, action)
            if isinstance(action, CorrectTurn):
                flow.reseat(ctx, clock)
        elif type(action) in BATTLE_ACTIONS:
            apply_battle_action(ctx, action)
        elif isinstance(action, RollAwaited):
            roll_awaited(ctx, action)  # a revealed round's dice, at the table (R-ALL-8)
        else:
            phase = flow.current_phase(ctx)
            if phase is not None and not phase.allows_kind(action.kind):
                raise RuleError(f"That ({action.kind}) is not done in the {phase.title} phase")
            self.ruleset.apply(ctx, action)
        flow.settle(ctx)

    def _dice_to_come(self, seat: Seat, action: Action, first: DiceNeeded) -> DiceNeeded:
        """Play the action through once more with stand-in dice, to tell the table every
        roll it will need (as far as they do not depend on the first values), then undo it."""
        before, plain = self._settled_and_plain()
        dice = Dice(self.campaign.dice, supplied=list(action.dice), probe=[])
        ctx = self._context(seat, dice)
        try:
            self._dispatch(ctx, action)
        except Exception:
            pass
        finally:
            self._restore(before, plain)
        needed = dice.probe or []
        return first.with_then(needed[1:])

    def perform_all(self, seat_id: str, actions: Iterable[Action]) -> list[Event]:
        """Perform several actions as one: if any is refused, none has happened."""
        start, start_plain = self._settled_and_plain()
        start_chronicle = len(self.chronicle)
        start_actions, start_undo = self._actions, list(self._undo)
        start_gone = self._undo_gone
        events: list[Event] = []
        self.skipped = 0
        actions = list(actions)
        was_over = self.campaign.finished  # then every order is refused, as perform does
        try:
            for i, action in enumerate(actions):
                if self.campaign.finished and not was_over and not self.seat(seat_id).gm:
                    self.skipped = len(actions) - i  # the war is over: the rest stand idle
                    break
                events.extend(self.perform(seat_id, action))
        except BaseException as exc:
            self._restore(start, start_plain)
            del self.chronicle[start_chronicle:]
            self._actions, self._undo, self._undo_gone = start_actions, start_undo, start_gone
            if isinstance(exc, RuleError):
                exc.action_index = i  # which order was refused
            raise
        return events

    # --- re-rolls -------------------------------------------------------------------
    def _reroll(
        self, seat: Seat, roll_id: int | None, player: str, supplied: list[int]
    ) -> list[Event]:
        """Re-roll one roll of the last action that rolled dice (None: the latest the
        ruleset allows): play that action again from the campaign before it, every other
        roll at its old value, once the ruleset has allowed it and taken its price
        (:mod:`tuicamp.engine.rerolls`)."""
        point = the_point(self.campaign)
        roll = self._allowed_roll(seat, point, roll_id, player)
        before, plain = self._settled_and_plain()
        dice = ReplayDice(
            self.campaign.dice, supplied=list(supplied), kept=point.rolls, chosen=roll.id
        )
        try:
            paying, replay, paid, clock = self._replay(seat, point, roll, player, dice)
        except DiceNeeded as exc:
            self._restore(before, plain)
            raise self._reroll_dice_to_come(seat, point, roll, player, supplied, exc) from None
        except BaseException:
            self._restore(before, plain)
            raise
        if self.campaign.clock != clock:
            _clear_revert_points(self.campaign)
        self._actions += 1
        self._undo.clear()  # a re-rolled action is not undoable, nor anything before it
        self._undo_gone = "dice"
        self.chronicle.extend(paying.events + replay.events)
        self.campaign.chronicle_length = len(self.chronicle)
        self._check_victory(replay)
        # The same action may be re-rolled again (another roll of it, by another player):
        # from the campaign with this price paid, the re-rolls standing.
        self.campaign.reroll = make_point(
            paid, point.seat, point.action, replay.events, dice.standing
        )
        self._settle(before)
        return paying.events + replay.events

    def _allowed_roll(
        self, seat: Seat, point: RerollPoint, roll_id: int | None, player: str
    ) -> RecordedRoll:
        """The roll to re-roll, once the ruleset has allowed it (asked of the campaign as
        it is, its point in it), or the ruleset's refusal."""
        rules = Rules(self.campaign, self.ruleset)
        if roll_id is not None:
            roll = roll_to_reroll(self.campaign, roll_id)
            refusal = self.ruleset.may_reroll(rules, seat, roll, player)
            if refusal:
                raise RuleError(refusal)
            return roll
        refusals = [(r, self.ruleset.may_reroll(rules, seat, r, player)) for r in point.rolls]
        allowed = [r for r, why in refusals if why is None]
        if not allowed:
            raise RuleError(NONE_ALLOWED.format(seat=seat.name, why=refusals[-1][1]))
        return allowed[-1]

    def _replay(
        self, seat: Seat, point: RerollPoint, roll: RecordedRoll, player: str, dice: ReplayDice
    ) -> tuple[Context, Context, dict, Clock]:
        """Rebuild the campaign before the action, void the action's events, pay, and
        play the action again with ``dice``. Returns the contexts of the
        payment and of the replay, the campaign's data once paid and its clock then."""
        state, revision, length = (
            copy(self.campaign.dice),  # its values: the restore below puts the old ones back
            self.campaign.revision,
            self.campaign.chronicle_length,
        )
        voided = self._events_of(point)
        self._restore_data(point.snapshot)
        # The dice go on where they stand (a replay never repeats a draw); the save's
        # revision and the chronicle's length are the present ones.
        # (The live dice object is kept, as ``dice`` draws from it: its values put back.)
        restore(self.campaign.dice, state)
        self.campaign.revision = revision
        self.campaign.chronicle_length = length
        self.campaign.reroll = point  # the ruleset's payment may read it beside the campaign
        self._snapshot = None
        paying = self._context(seat, Dice(self.campaign.dice))
        void_events(paying, voided, roll)
        self.ruleset.pay_for_reroll(paying, roll, player)
        if paying.dice.rolls:
            paying.emit("dice", "Dice rolled: " + "; ".join(map(str, paying.dice.rolls)))
        self.campaign.reroll = None
        paid = without_point(campaign_to_dict(self.campaign))
        action = action_from_data(point.action, self._replay_types())
        replay = self._context(self._actor(point), dice, after=len(paying.events))
        clock = self.campaign.clock
        self._play(replay, action)
        if not dice.reached:
            raise RuleError(NOT_REPLAYED.format(roll=roll.id))
        return paying, replay, paid, clock

    def _actor(self, point: RerollPoint) -> Seat:
        """The seat that took the point's action (the set-up's Games Master may be none)."""
        stand_in = _games_master(self.campaign)
        return stand_in if point.seat == stand_in.id else self.seat(point.seat)

    def _events_of(self, point: RerollPoint) -> list[Event]:
        """The point's events, found from the end: its action was the last one."""
        wanted = set(point.events)
        found: list[Event] = []
        for event in reversed(self.chronicle):
            if not wanted:
                break
            if event.seq in wanted:
                wanted.discard(event.seq)
                found.append(event)
        return found[::-1]

    def _replay_types(self) -> dict[str, type[Action]]:
        """Every action a point may hold: the seats' and the campaign's set-up."""
        return {**action_types(self.ruleset), Setup.kind: Setup}

    def _reroll_dice_to_come(
        self,
        seat: Seat,
        point: RerollPoint,
        roll: RecordedRoll,
        player: str,
        supplied: list[int],
        first: DiceNeeded,
    ) -> DiceNeeded:
        """As :meth:`_dice_to_come`, for a re-roll: every value the table is to enter."""
        before, plain = self._settled_and_plain()
        dice = ReplayDice(
            self.campaign.dice, supplied=list(supplied), probe=[], kept=point.rolls, chosen=roll.id
        )
        try:
            self._replay(seat, point, roll, player, dice)
        except Exception:
            pass
        finally:
            self._restore(before, plain)
        needed = dice.probe or []
        return first.with_then(needed[1:])

    # --- undo -----------------------------------------------------------------------
    def _record_undo(self, clock: Clock, before: Campaign, events: list[Event], seat: Seat) -> None:
        if self.campaign.clock != clock or not all(e.undoable for e in events):
            self._undo.clear()  # nothing before a die or a new step, phase or turn
            self._undo_gone = "moved" if self.campaign.clock != clock else "dice"
            return
        self._undo.append(UndoPoint(before, list(events), seat.id, clock))

    @property
    def undo_points(self) -> tuple[UndoPoint, ...]:
        """The actions that can be taken back now, oldest first (read only)."""
        return tuple(self._undo)

    def can_undo(self, seat_id: str) -> bool:
        if not self._undo:
            return False
        seat = self.campaign.seat(seat_id)
        return seat is not None and (seat.gm or self._undo[-1].seat == seat_id)

    def undo(self, seat_id: str) -> Event:
        """Take back the last action of this phase, if it rolled no die and revealed nothing."""
        if not self._undo:
            raise RuleError(UNDO_GONE[self._undo_gone])
        point = self._undo[-1]
        seat = self.seat(seat_id)
        if not (seat.gm or point.seat == seat_id):
            acted = self.campaign.seat(point.seat)
            name = acted.name if acted is not None else point.seat
            raise RuleError(f"Not yours to undo: only {name} (who acted) or the GM may")
        self._undo.pop()
        self._restore(point.snapshot)
        self.campaign.reroll = None  # an undo is an action too: the rolls before stay settled
        self._actions += 1
        told = []
        for audience, events in _by_audience(point.events):
            told.append(
                Event(
                    seq=len(self.chronicle) + 1,
                    turn=self.campaign.turn,
                    phase=self.campaign.phase,
                    step=self.campaign.step,
                    kind="undo",
                    text="Undone: " + "; ".join(e.text for e in events),
                    seat=seat_id,
                    undoable=False,
                    action=self._actions,
                    data={"undoes": [e.seq for e in events]},
                    visible_to=audience,
                )
            )
            self.chronicle.append(told[-1])
        self.campaign.chronicle_length = len(self.chronicle)
        self._settle(point.snapshot)
        return told[0]

    # --- victory --------------------------------------------------------------------
    def _check_victory(self, ctx: Context) -> None:
        if self.campaign.finished:
            return
        result: Victory | None = self.ruleset.victory(ctx)
        if result is None:
            return
        self.campaign.finished = True
        self.campaign.winner = list(result.winners)
        self._undo.clear()  # a won campaign cannot be taken back by undo
        self._undo_gone = "won"
        ev = ctx.emit("victory", result.text, undoable=False)
        self.chronicle.append(ev)
        self.campaign.chronicle_length = len(self.chronicle)

    def changed(self) -> None:
        """Tell the engine the campaign was edited outside perform (tests, set-up): its
        plain data and its copy between actions are made afresh when next needed."""
        self._snapshot = None
        self._settled = None


def _clear_revert_points(campaign: Campaign) -> None:
    """The battles' revert points dropped: the clock has moved on (engine/battles.py)."""
    from tuicamp.engine.battles import clear_revert_points

    clear_revert_points(campaign)


def _by_audience(events: list[Event]) -> list[tuple[list[str] | None, list[Event]]]:
    """The undone events grouped by who may read them, in order: one undo line for each
    audience, so that taking back an action repeats a secret line only to its readers
    (one public undo line would tell every seat what the secret line said)."""
    groups: dict[tuple[str, ...] | None, list[Event]] = {}
    for e in events:
        groups.setdefault(None if e.visible_to is None else tuple(e.visible_to), []).append(e)
    if not groups:
        return [([], [])]  # an action that told nothing: its undo is the GM's to read
    return [(None if key is None else list(key), group) for key, group in groups.items()]
