"""The editor's small forms: a few labelled text fields, answered with enter, left with
escape. One form class serves every question (a name, a settlement, a path, a map to
generate), so each reads and behaves the same. Titles, labels and hints are plain text:
they quote names a designer typed and syntax such as ``[xMODELS]``, never markup. A form
given ``accept`` stays open when its answer is refused, saying why above its hint, so
nothing typed is lost."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static, TextArea

from tuicamp.ui.widgets.fields import Field
from tuicamp.ui.widgets.text_box import TextBox


class FieldsForm(ModalScreen[list[str] | None]):
    """``fields`` are (label, value) pairs; the answer is the values, or None. Each field
    is one row under its label (a compact input), so the five of a settlement fit in 24."""

    DEFAULT_CSS = """
    FieldsForm { align: center middle; }
    FieldsForm > Vertical {
        width: 60; max-width: 100%; height: auto; border: round $primary;
        background: $surface; padding: 0 1;
    }
    FieldsForm Input { margin-bottom: 1; }
    FieldsForm .form-hint { color: $foreground-muted; }
    FieldsForm #form-refusal { color: $text-warning; display: none; }
    FieldsForm #form-refusal.-shown { display: block; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="editor.form.cancel")]

    def __init__(
        self,
        title: str,
        fields: list[tuple[str, str]],
        hint: str = "",
        accept: Callable[[list[str]], str | None] | None = None,
    ) -> None:
        """``accept`` takes the answer and gives the words of its refusal (the form
        stays, as typed) or None (the form closes with the answer)."""
        super().__init__()
        self.form_title, self.fields, self.hint, self.accept = title, fields, hint, accept

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.form_title, classes="dialog-title", markup=False)
            for i, (label, value) in enumerate(self.fields):
                yield Label(label, markup=False)
                yield Field(value, id=f"field-{i}", compact=True)
            yield Static("", id="form-refusal", markup=False)
            yield Static(
                self.hint or "enter: done  escape: cancel", classes="form-hint", markup=False
            )

    def on_mount(self) -> None:
        self.query_one("#field-0", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        inputs = list(self.query(Input))
        at = inputs.index(event.input)
        if at + 1 < len(inputs):
            inputs[at + 1].focus()
            return
        answer = [i.value for i in inputs]
        refusal = self.accept(answer) if self.accept is not None else None
        if refusal is not None:
            self.query_one("#form-refusal", Static).update(refusal)
            self.query_one("#form-refusal").add_class("-shown")
            return
        self.dismiss(answer)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TextForm(ModalScreen[str | None]):
    """A block of TOML to edit whole (a ruleset's set-up, the victory table): the text,
    answered with ctrl+s, left with escape (enter starts a new line)."""

    DEFAULT_CSS = """
    TextForm { align: center middle; }
    TextForm > Vertical {
        width: 100; max-width: 100%; height: 20; max-height: 100%;
        border: round $primary; background: $surface; padding: 0 1;
    }
    TextForm TextArea { height: 1fr; }
    TextForm .form-hint { color: $foreground-muted; }
    """
    BINDINGS = [
        Binding("ctrl+s", "done", "Done", id="editor.text.done"),
        Binding("escape", "cancel", "Cancel", id="editor.text.cancel"),
    ]

    def __init__(self, title: str, text: str, hint: str = "") -> None:
        super().__init__()
        self.form_title, self.text, self.hint = title, text, hint

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.form_title, classes="dialog-title", markup=False)
            yield TextBox(self.text, id="text-field", soft_wrap=True)
            yield Static(
                self.hint or "ctrl+s: done  escape: cancel", classes="form-hint", markup=False
            )

    def on_mount(self) -> None:
        area = self.query_one("#text-field", TextArea)
        area.focus()
        area.cursor_location = (area.document.line_count - 1, 0)  # below the comments

    def action_done(self) -> None:
        self.dismiss(self.query_one("#text-field", TextArea).text)

    def action_cancel(self) -> None:
        self.dismiss(None)
