"""Small modal forms the rulesets' commands reuse: one line of text, or a pick from a list.

Each dismisses with the answer, or None when cancelled with Escape; validation is a
callable that returns an error sentence (shown under the field) or None.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, SelectionList, Static
from textual.widgets.option_list import Option

from tuicamp.ui.widgets.fields import Field


class TextPromptScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="form.cancel")]

    def __init__(
        self,
        title: str,
        *,
        value: str = "",
        placeholder: str = "",
        help: str = "",
        validate: Callable[[str], str | None] | None = None,
    ) -> None:
        super().__init__()
        self.prompt_title = title
        self.value = value
        self.placeholder = placeholder
        self.help = help
        self.check = validate

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.prompt_title), classes="dialog-title")
            if self.help:
                yield Static(Content(self.help), classes="hint")
            yield Field(value=self.value, placeholder=self.placeholder, id="prompt-value")
            yield Static("", id="prompt-error", classes="error")

    def on_mount(self) -> None:
        self.query_one("#prompt-value", Field).focus()

    def on_input_submitted(self, event: Field.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        problem = self.check(text) if self.check else (None if text else "Type something")
        if problem:
            self.query_one("#prompt-error", Static).update(Content(problem))
            return
        self.dismiss(text)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PickScreen(ModalScreen[list[str] | None]):
    """Pick one item (Enter) or, with ``multiple``, several (Space to mark, then Enter)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="pick.cancel"),
        Binding("ctrl+d", "done", "Done", id="pick.done"),
    ]

    def __init__(
        self,
        title: str,
        choices: Sequence[tuple[str, str]],
        *,
        multiple: bool = False,
        help: str = "",
        at_least: int = 1,
    ) -> None:
        """``choices`` are (id, label)."""
        super().__init__()
        self.pick_title = title
        self.choices = list(choices)
        self.multiple = multiple
        self.help = help
        self.at_least = at_least

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.pick_title), classes="dialog-title")
            hint = self.help or ("Space marks, Enter when done" if self.multiple else "")
            if hint:
                yield Static(Content(hint), classes="hint")
            if self.multiple:
                yield SelectionList[str](
                    *((Content(label), cid) for cid, label in self.choices), id="pick-list"
                )
                yield Static("", id="pick-error", classes="error")
                yield Button("Done (Enter)", id="pick-done")
            else:
                yield OptionList(
                    *(Option(Content(label), id=cid) for cid, label in self.choices),
                    id="pick-list",
                )

    def on_mount(self) -> None:
        self.query_one("#pick-list").focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if not self.multiple and event.option.id is not None:
            self.dismiss([event.option.id])

    def on_key(self, event) -> None:
        if self.multiple and event.key == "enter":
            event.stop()
            self.action_done()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_done()

    def action_done(self) -> None:
        if not self.multiple:
            return
        chosen = list(self.query_one("#pick-list", SelectionList).selected)
        if len(chosen) < self.at_least:
            self.query_one("#pick-error", Static).update(
                f"Mark at least {self.at_least} with Space"
            )
            return
        self.dismiss(chosen)

    def action_cancel(self) -> None:
        self.dismiss(None)
