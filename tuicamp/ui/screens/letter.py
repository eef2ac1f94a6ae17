"""Writing a letter to another seat, or to all: the form the chronicle screen opens.

The screen only gathers what the player writes; the letter is an action like any other
(:class:`~tuicamp.engine.letters.WriteLetter`), sent by whoever opened the form, so the
engine's refusals (an empty letter, one too long) reach the player as written.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Select, Static, TextArea

from tuicamp.engine.letters import MAX_SUBJECT, WriteLetter
from tuicamp.model.letters import TO_ALL
from tuicamp.ui.widgets.text_box import TextBox


class LetterScreen(ModalScreen[WriteLetter | None]):
    """To whom (another seat or every seat), a subject, and the letter itself."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="letter.cancel"),
        Binding("ctrl+s", "send", "Send", id="letter.send"),
    ]

    def __init__(self, recipients: Sequence[tuple[str, str]], to: str = TO_ALL) -> None:
        """``recipients``: (seat id, how the seat is named) of every seat but the writer's."""
        super().__init__()
        self.recipients = list(recipients)
        self.to = to if to in {sid for sid, _ in self.recipients} else TO_ALL

    def compose(self) -> ComposeResult:
        choices = [("every seat", TO_ALL), *((label, sid) for sid, label in self.recipients)]
        with Vertical(classes="dialog letter-dialog"):
            yield Static(Content("Write a letter"), classes="dialog-title")
            yield Static(Content("To"), classes="field-label")
            yield Select(choices, value=self.to, allow_blank=False, id="letter-to", compact=True)
            yield Static(Content("Subject"), classes="field-label")
            yield Input(placeholder="what it is about", max_length=MAX_SUBJECT, id="letter-subject")
            yield Static(
                Content("Letter (read by its recipients and the GM)"), classes="field-label"
            )
            yield TextBox(id="letter-text", soft_wrap=True, show_line_numbers=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Send (ctrl+s)", variant="primary", id="letter-send")
                yield Button("Cancel (esc)", id="letter-cancel")

    def on_mount(self) -> None:
        self.query_one("#letter-subject", Input).focus()

    def letter(self) -> WriteLetter:
        return WriteLetter(
            to=str(self.query_one("#letter-to", Select).value),
            subject=self.query_one("#letter-subject", Input).value,
            text=self.query_one("#letter-text", TextArea).text,
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "letter-send":
            self.action_send()
        else:
            self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one("#letter-text", TextArea).focus()

    def action_send(self) -> None:
        self.dismiss(self.letter())

    def action_cancel(self) -> None:
        self.dismiss(None)
