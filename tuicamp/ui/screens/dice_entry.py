"""Table dice: the players rolled real dice; this form takes the values.

The engine asked for them with DiceNeeded (what to roll, why, how many values); the
campaign screen re-sends the same action with the values once they are typed. The form
checks only the shape (whole numbers, how many); the engine checks what a die can show.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from tuicamp.engine.dice import DiceExpr
from tuicamp.engine.errors import RuleError
from tuicamp.ui.widgets.fields import Field


def parse_values(text: str, count: int, expr: str = "") -> list[int]:
    """ "3 5" or "3,5" or "35" (for single-digit dice) into values; ValueError says why.

    With ``expr``, values its dice cannot show are refused here, before the action is
    sent again (the engine checks them too)."""
    cleaned = text.replace(",", " ").split()
    if len(cleaned) == 1 and count > 1 and cleaned[0].isdigit() and len(cleaned[0]) == count:
        cleaned = list(cleaned[0])
    try:
        values = [int(v) for v in cleaned]
    except ValueError:
        raise ValueError("type the numbers the dice show, e.g. 3 5") from None
    if len(values) != count:
        raise ValueError(f"{count} value{'s' if count != 1 else ''} needed, {len(values)} typed")
    if expr:
        try:
            low, high = DiceExpr.parse(expr).value_range()
        except RuleError:
            return values
        bad = [v for v in values if not low <= v <= high]
        if bad:
            raise ValueError(f"{bad[0]} cannot be rolled on a d{high}")
    return values


class DiceEntryScreen(ModalScreen[list[int] | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dice_entry.cancel")]

    def __init__(self, expr: str, reason: str, count: int) -> None:
        super().__init__()
        self.expr, self.reason, self.count = expr, reason, count

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"Roll {self.expr} at the table", classes="dialog-title")
            yield Static(
                f"for {self.reason}: type the {self.count} value"
                f"{'s' if self.count != 1 else ''} the dice show"
            )
            yield Field(placeholder="e.g. 3 5", id="dice-values")
            yield Static("", id="dice-error", classes="error")
            yield Button("Enter the roll", variant="primary", id="dice-ok")

    def on_mount(self) -> None:
        self.query_one("#dice-values", Field).focus()

    def _submit(self) -> None:
        text = self.query_one("#dice-values", Field).value
        try:
            values = parse_values(text, self.count, self.expr)
        except ValueError as exc:
            self.query_one("#dice-error", Static).update(str(exc))
            return
        self.dismiss(values)

    def on_input_submitted(self, event: Field.Submitted) -> None:
        event.stop()
        self._submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self._submit()

    def action_cancel(self) -> None:
        self.dismiss(None)
