"""What a ruleset's ``apply`` works with: the read context (campaign, ruleset, tables in
force, options) plus the acting seat, the dice, a way to emit events and one to schedule
effects for later."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from attrs import define, field

from tuicamp.engine import flow
from tuicamp.engine.actions import Event
from tuicamp.engine.dice import Dice
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules, merged_tables
from tuicamp.model.equality import fields_eq
from tuicamp.model.flow import Clock, ScheduledEffect
from tuicamp.model.forces import Army, Player, Seat, Unit
from tuicamp.model.hexes import Hex, parse_label
from tuicamp.model.map import Settlement
from tuicamp.model.reprs import fields_repr

__all__ = ["Context", "Rules", "merged_tables"]

T = TypeVar("T")


@define(kw_only=True)
class Context(Rules):
    """The read context with the acting seat, the dice, ``emit`` and ``schedule``: what
    ``apply`` and the other hooks that change the campaign are given."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    seat: Seat
    dice: Dice
    next_seq: int
    action_no: int
    events: list[Event] = field(factory=list)

    # --- checks ---------------------------------------------------------------------
    def require(self, condition: object, message: str) -> None:
        if not condition:
            raise RuleError(message)

    def found(self, value: T | None, message: str) -> T:
        """``value``, or a refusal saying ``message`` when there is none: a look-up that
        the type checker knows has found something afterwards."""
        if value is None:
            raise RuleError(message)
        return value

    def seen(self, value: T | None, may_see: Callable[[T], bool], missing: str) -> T:
        """``value`` as the acting seat knows it: when there is none, or the seat may not
        see it (``may_see`` is False; the GM sees everything), the refusal is ``missing``,
        word for word. A refusal must not be an oracle: an id the seat cannot see is
        answered exactly as an id that does not exist, so guessing ids tells nothing."""
        if value is None or not (self.seat.gm or may_see(value)):
            raise RuleError(missing)
        return value

    def army(self, army_id: str) -> Army:
        """The army as the acting seat sees it: one the ruleset's ``army_visibility`` hides
        from the seat (an ambush waiting off the map) is, for it, no army at all."""
        return self.seen(
            self.campaign.army(army_id),
            lambda army: self.ruleset.army_visibility(self, self.seat, army) != "hidden",
            f"There is no army {army_id!r}",
        )

    def player(self, player_id: str) -> Player:
        player = self.campaign.player(player_id)
        if player is None:
            raise RuleError(f"There is no player {player_id!r}")
        return player

    def settlement(self, settlement_id: str) -> Settlement:
        settlement = self.campaign.map.settlement(settlement_id)
        if settlement is None:
            raise RuleError(f"There is no settlement {settlement_id!r}")
        return settlement

    def unit(self, army: Army, unit_id: str) -> Unit:
        unit = army.unit(unit_id)
        if unit is None:
            raise RuleError(f"Army '{army.name}' has no unit {unit_id!r}")
        return unit

    def hex(self, label: str) -> Hex:
        """A hex label from a player, checked to be a label and on the map."""
        try:
            h = parse_label(label)
        except ValueError as exc:
            raise RuleError(str(exc)) from None
        if not self.campaign.map.contains(h):
            raise RuleError(f"Hex {label} is off the map")
        return h

    def own_army(self, army_id: str) -> Army:
        """An army the acting seat commands (the GM commands all)."""
        army = self.army(army_id)
        if not self.seat.controls(army.owner):
            owner = self.campaign.player(army.owner)
            raise RuleError(
                f"Army '{army.name}' belongs to {owner.name if owner else army.owner}, "
                f"not to seat {self.seat.name}"
            )
        return army

    def require_gm(self, what: str) -> None:
        if not self.seat.gm:
            raise RuleError(f"Only the Games Master may {what}")

    @property
    def clock(self) -> Clock:
        """Where the campaign stands: turn, phase, step."""
        return self.campaign.clock

    # --- writing --------------------------------------------------------------------
    def emit(
        self,
        kind: str,
        text: str,
        *,
        player: str | None = None,
        visible_to: list[str] | None = None,
        undoable: bool | None = None,
        **data: Any,
    ) -> Event:
        """Record what happened, with the dice rolled since the last event."""
        rolls = self.dice.take_rolls()
        event = Event(
            seq=self.next_seq + len(self.events),
            turn=self.campaign.turn,
            phase=self.campaign.phase,
            step=self.campaign.step,
            kind=kind,
            text=text,
            seat=self.seat.id,
            player=player,
            rolls=rolls,
            visible_to=visible_to,
            undoable=(not rolls) if undoable is None else (undoable and not rolls),
            action=self.action_no,
            data={k: v for k, v in data.items() if v is not None},
        )
        self.events.append(event)
        return event

    def schedule(
        self,
        kind: str,
        *,
        turn: int | None = None,
        phase: str | None = None,
        step: int = 0,
        text: str = "",
        visible_to: list[str] | None = None,
        **data: Any,
    ) -> ScheduledEffect:
        """Set an effect for a later clock value: ``turn`` (default this one), ``phase``
        (default this one) and ``step`` (0: as the phase begins). The engine fires it once
        when the clock gets there, through the ruleset's ``fire`` hook (by default the
        chronicle tells ``text``). An order arriving at hour 5: ``schedule("order", step=5,
        ...)``; a unit back in two turns: ``schedule("return", turn=ctx.clock.turn + 2,
        phase="upkeep", unit=...)``."""
        return flow.schedule(
            self,
            kind,
            turn=turn,
            phase=phase,
            step=step,
            text=text,
            visible_to=visible_to,
            data=data,
        )
