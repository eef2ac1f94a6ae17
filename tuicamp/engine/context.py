"""What a ruleset's ``apply`` works with: the campaign, the acting seat, the dice, the
tables in force and a way to emit events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from attrs import define, field

from tuicamp.engine.actions import Event
from tuicamp.engine.dice import Dice
from tuicamp.engine.errors import RuleError
from tuicamp.model.campaign import Campaign, OptionValue
from tuicamp.model.forces import Army, Player, Seat, Unit
from tuicamp.model.hexes import Hex, parse_label
from tuicamp.model.map import Settlement

if TYPE_CHECKING:
    from tuicamp.engine.ruleset import Ruleset


def merged_tables(defaults: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """The ruleset's tables with the campaign's house-rule overrides laid over them.

    Tables merge key by key (a campaign may change one row of a table); a value that is not
    a table replaces the default whole.
    """
    out = dict(defaults)
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged_tables(out[key], value)
        else:
            out[key] = value
    return out


@define
class Context:
    campaign: Campaign
    seat: Seat
    dice: Dice
    ruleset: Ruleset
    next_seq: int
    action_no: int
    events: list[Event] = field(factory=list)
    _tables: dict[str, Any] | None = None

    # --- reading --------------------------------------------------------------------
    def option(self, name: str) -> OptionValue:
        return self.ruleset.option_value(self.campaign, name)

    @property
    def tables(self) -> dict[str, Any]:
        if self._tables is None:
            self._tables = merged_tables(self.ruleset.default_tables, self.campaign.tables)
        return self._tables

    def table(self, name: str) -> Any:
        try:
            return self.tables[name]
        except KeyError:
            raise KeyError(f"ruleset {self.ruleset.id} has no table {name!r}") from None

    # --- checks ---------------------------------------------------------------------
    def require(self, condition: object, message: str) -> None:
        if not condition:
            raise RuleError(message)

    def army(self, army_id: str) -> Army:
        army = self.campaign.army(army_id)
        if army is None:
            raise RuleError(f"There is no army {army_id!r}")
        return army

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
