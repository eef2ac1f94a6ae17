"""Pick another seat played on this terminal (the GM taking the controls, say)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class SeatPickerScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="seat_picker.cancel")]

    def __init__(self, choices: list[tuple[str, str]]) -> None:
        """``choices`` are (seat id, label)."""
        super().__init__()
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Hand the terminal to", classes="dialog-title")
            yield OptionList(
                *(Option(Content(label), id=sid) for sid, label in self.choices),
                id="seat-list",
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
