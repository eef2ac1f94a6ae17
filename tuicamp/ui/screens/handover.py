"""The hotseat hand-over: nothing of the next seat is drawn before its player is there.

The campaign screen blanks itself first (so the previous seat's view is gone), then shows
this opaque screen. It names the player (not only the race), asks for the seat's
passphrase when it has one, and only then asks for the "since your last turn" summary:
the summary is a callable, so nothing of the new seat is even computed before that.

A phase in open play hides nothing: the campaign screen stays and :class:`TurnBanner`
names the player to move on one line.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Static

from tuicamp.ui.passphrase import check_passphrase
from tuicamp.ui.widgets.fields import Field


class HandoverScreen(Screen[bool]):
    AUTO_FOCUS = None  # nothing may take Enter before the player says they are there
    BINDINGS = [Binding("enter", "next", "Continue", id="handover.continue")]

    def __init__(
        self,
        who: str,
        passphrase_hash: str | None,
        summary: Callable[[], list[str]],
    ) -> None:
        super().__init__(classes="handover")
        self.who = who
        self.passphrase_hash = passphrase_hash
        self.summary = summary

    def compose(self) -> ComposeResult:
        with ContentSwitcher(initial="handover-ready", id="handover-steps"):
            with Vertical(id="handover-ready", classes="handover-step"):
                yield Center(
                    Static(Content(f"{self.who} to play — press Enter"), id="handover-who")
                )
            with Vertical(id="handover-pass", classes="handover-step"):
                yield Center(Static(Content(f"{self.who}: your passphrase, then Enter")))
                yield Center(Field(password=True, id="handover-passphrase", disabled=True))
                yield Center(Static("", id="handover-error", classes="error"))
            with Vertical(id="handover-since", classes="handover-step"):
                yield Static("", id="handover-since-title", classes="dialog-title")
                yield VerticalScroll(Static("", id="handover-summary"), id="handover-scroll")
                yield Static("press Enter to play", classes="hint")

    def on_mount(self) -> None:
        # Toasts float above every screen; none of the previous seat's may stay.
        self.app.clear_notifications()
        self.call_after_refresh(self.app.clear_notifications)

    @property
    def step(self) -> str:
        return self.query_one(ContentSwitcher).current or ""

    def action_next(self) -> None:
        if self.step == "handover-ready":
            if self.passphrase_hash:
                self.query_one(ContentSwitcher).current = "handover-pass"
                field = self.query_one("#handover-passphrase", Field)
                field.disabled = False
                field.focus()
            else:
                self._show_summary()
        elif self.step == "handover-since":
            self.dismiss(True)

    def on_input_submitted(self, event: Field.Submitted) -> None:
        event.stop()
        if check_passphrase(event.value, self.passphrase_hash):
            event.input.value = ""
            self._show_summary()
        else:
            event.input.value = ""
            self.query_one("#handover-error", Static).update("That is not the passphrase.")

    def _show_summary(self) -> None:
        self.query_one("#handover-passphrase", Field).disabled = True
        lines = self.summary()
        self.query_one("#handover-since-title", Static).update(
            Content(f"{self.who}: since your last turn")
        )
        self.query_one("#handover-summary", Static).update(
            Content("\n".join(lines) if lines else "Nothing you may know of has happened.")
        )
        self.query_one(ContentSwitcher).current = "handover-since"
        self.set_focus(None)


class TurnBanner(Static):
    """The hand-over of open play: "<player> to move" on one line, nothing blanked. It takes
    no room while it has nothing to say."""

    def announce(self, who: str) -> None:
        self.update(Content(f"{who} to move"))
        self.add_class("-shown")

    def clear(self) -> None:
        self.update("")
        self.remove_class("-shown")
