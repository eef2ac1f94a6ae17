"""The action pipeline: validate through the ruleset, apply, record events.

Refusals must leave the campaign exactly as it was, whatever a ruleset had already changed
when it raised, so the engine keeps the campaign's plain-data snapshot from before the
action (the same data a save writes) and rebuilds the campaign from it on refusal.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import define, field, fields

from tuicamp.engine.actions import Action, Event
from tuicamp.engine.battles import BATTLE_ACTIONS, apply_battle_action, clear_revert_points
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.corrections import CORRECTIONS, apply_correction
from tuicamp.engine.dice import Dice
from tuicamp.engine.errors import DiceNeeded, RuleError
from tuicamp.engine.registry import get_ruleset
from tuicamp.engine.ruleset import Ruleset, Victory
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Seat


def action_types(ruleset: Ruleset) -> dict[str, type[Action]]:
    """Every action a campaign of this ruleset takes: the ruleset's and the GM's."""
    types = {cls.kind: cls for cls in (*CORRECTIONS, *BATTLE_ACTIONS)}
    types.update({cls.kind: cls for cls in ruleset.actions})
    return types


@define
class UndoPoint:
    snapshot: dict
    events: list[Event]
    seat: str
    turn: int
    phase: str


@define
class Engine:
    campaign: Campaign
    chronicle: list[Event] = field(factory=list)
    ruleset: Ruleset = field(default=None)
    _snapshot: dict | None = field(default=None, init=False)
    _undo: list[UndoPoint] = field(factory=list, init=False)
    _actions: int = field(default=0, init=False)
    skipped: int = field(default=0, init=False)  # orders perform_all left after a victory

    def __attrs_post_init__(self) -> None:
        if self.ruleset is None:
            self.ruleset = get_ruleset(self.campaign.ruleset)
        if self.chronicle:
            self._actions = max(e.action for e in self.chronicle)

    # --- snapshots ------------------------------------------------------------------
    def snapshot(self) -> dict:
        """The campaign as plain data (what a save writes), cached until the next change."""
        if self._snapshot is None:
            self._snapshot = campaign_to_dict(self.campaign)
        return self._snapshot

    def _restore(self, snapshot: dict) -> None:
        """Make the campaign equal its snapshot again.

        Most refusals happen before anything changed; then nothing is rebuilt, so objects a
        caller holds (an army, a player) stay the live ones. Otherwise the campaign object
        itself is kept and its fields are replaced.
        """
        if campaign_to_dict(self.campaign) != snapshot:
            fresh = campaign_from_dict(snapshot, self.ruleset.state_class)
            for a in fields(Campaign):
                setattr(self.campaign, a.name, getattr(fresh, a.name))
        self._snapshot = snapshot

    # --- the pipeline ---------------------------------------------------------------
    def seat(self, seat_id: str) -> Seat:
        seat = self.campaign.seat(seat_id)
        if seat is None:
            known = ", ".join(s.id for s in self.campaign.seats)
            raise RuleError(f"There is no seat {seat_id!r} (seats: {known})")
        return seat

    def perform(self, seat_id: str, action: Action) -> list[Event]:
        """Perform one action for a seat; all of it happens, or (RuleError) none of it."""
        seat = self.seat(seat_id)
        if self.campaign.finished and not seat.gm:
            raise RuleError("The campaign is over")
        if action.gm_only and not seat.gm:
            raise RuleError(f"Only the Games Master may use {action.kind}")
        before = self.snapshot()
        from tuicamp.engine.context import Context

        dice = Dice(self.campaign.dice, supplied=list(action.dice))
        ctx = Context(
            campaign=self.campaign,
            seat=seat,
            dice=dice,
            ruleset=self.ruleset,
            next_seq=len(self.chronicle) + 1,
            action_no=self._actions + 1,
        )
        self._snapshot = None
        try:
            self._dispatch(ctx, action)
            if dice.rolls:  # rolls not yet attached to an event still belong in the log
                ctx.emit("dice", "Dice rolled: " + "; ".join(map(str, dice.rolls)))
            if dice.supplied:
                raise RuleError(f"{len(dice.supplied)} dice value(s) were entered but not needed")
        except DiceNeeded as exc:
            self._restore(before)
            raise self._dice_to_come(seat_id, action, exc) from None
        except BaseException:
            self._restore(before)
            raise
        if not ctx.events:
            ctx.emit(action.kind, action.describe(), undoable=True)
        if before.get("turn") != self.campaign.turn:
            clear_revert_points(self.campaign)  # results can be taken back within their turn
        self._actions += 1
        self._record_undo(before, ctx.events, seat)
        self.chronicle.extend(ctx.events)
        self.campaign.chronicle_length = len(self.chronicle)
        self._check_victory(ctx)
        return ctx.events

    def _dispatch(self, ctx, action: Action) -> None:
        """Core actions (corrections, battles) are the engine's; the rest the ruleset's."""
        if type(action) in CORRECTIONS:
            apply_correction(ctx, action)
        elif type(action) in BATTLE_ACTIONS:
            apply_battle_action(ctx, action)
        else:
            self.ruleset.apply(ctx, action)

    def _dice_to_come(self, seat_id: str, action: Action, first: DiceNeeded) -> DiceNeeded:
        """Play the action through once more with stand-in dice, to tell the table every
        roll it will need (as far as they do not depend on the first values), then undo it."""
        from tuicamp.engine.context import Context

        before = self.snapshot()
        dice = Dice(self.campaign.dice, supplied=list(action.dice), probe=[])
        ctx = Context(
            campaign=self.campaign,
            seat=self.seat(seat_id),
            dice=dice,
            ruleset=self.ruleset,
            next_seq=len(self.chronicle) + 1,
            action_no=self._actions + 1,
        )
        try:
            self._dispatch(ctx, action)
        except Exception:
            pass
        finally:
            self._restore(before)
        needed = dice.probe or []
        return DiceNeeded(first.expr, first.reason, first.count, then=needed[1:])

    def perform_all(self, seat_id: str, actions: Iterable[Action]) -> list[Event]:
        """Perform several actions as one: if any is refused, none has happened."""
        start_snapshot = self.snapshot()
        start_chronicle = len(self.chronicle)
        start_actions, start_undo = self._actions, list(self._undo)
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
            self._restore(start_snapshot)
            del self.chronicle[start_chronicle:]
            self._actions, self._undo = start_actions, start_undo
            if isinstance(exc, RuleError):
                exc.action_index = i  # which order was refused
            raise
        return events

    # --- undo -----------------------------------------------------------------------
    def _record_undo(self, before: dict, events: list[Event], seat: Seat) -> None:
        phase_changed = (
            before.get("phase") != self.campaign.phase or before.get("turn") != self.campaign.turn
        )
        if phase_changed or not all(e.undoable for e in events):
            self._undo.clear()  # nothing before a die or a new phase may be taken back
            return
        self._undo.append(
            UndoPoint(before, list(events), seat.id, self.campaign.turn, self.campaign.phase)
        )

    def can_undo(self, seat_id: str) -> bool:
        if not self._undo:
            return False
        seat = self.campaign.seat(seat_id)
        return seat is not None and (seat.gm or self._undo[-1].seat == seat_id)

    def undo(self, seat_id: str) -> Event:
        """Take back the last action of this phase, if it rolled no die and revealed nothing."""
        if not self._undo:
            raise RuleError("Nothing to undo: only actions of this phase without dice can be")
        point = self._undo[-1]
        seat = self.seat(seat_id)
        if not (seat.gm or point.seat == seat_id):
            raise RuleError("Only the seat that acted (or the Games Master) may undo it")
        self._undo.pop()
        self._restore(point.snapshot)
        self._snapshot = None
        self._actions += 1
        event = Event(
            seq=len(self.chronicle) + 1,
            turn=self.campaign.turn,
            phase=self.campaign.phase,
            kind="undo",
            text="Undone: " + "; ".join(e.text for e in point.events),
            seat=seat_id,
            undoable=False,
            action=self._actions,
            data={"undoes": [e.seq for e in point.events]},
            visible_to=_union_visibility(point.events),
        )
        self.chronicle.append(event)
        self.campaign.chronicle_length = len(self.chronicle)
        return event

    # --- victory --------------------------------------------------------------------
    def _check_victory(self, ctx) -> None:
        if self.campaign.finished:
            return
        result: Victory | None = self.ruleset.victory(ctx)
        if result is None:
            return
        self.campaign.finished = True
        self.campaign.winner = list(result.winners)
        self._undo.clear()  # a won campaign cannot be taken back by undo
        ev = ctx.emit("victory", result.text, undoable=False)
        self.chronicle.append(ev)
        self.campaign.chronicle_length = len(self.chronicle)

    def changed(self) -> None:
        """Tell the engine the campaign was edited outside perform (tests, set-up)."""
        self._snapshot = None


def _union_visibility(events: list[Event]) -> list[str] | None:
    if any(e.visible_to is None for e in events):
        return None
    return sorted({p for e in events for p in (e.visible_to or [])})
