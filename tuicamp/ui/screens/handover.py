"""The hotseat hand-over: one screen, one Enter (R-ALL-11).

The campaign screen blanks itself first (so the previous seat's view is gone), then shows
this opaque screen. It names the player (not only the race), asks for the seat's
passphrase when it has one, and shows the "since your last turn" recap below, so that the
player sits down with a single Enter. The recap holds only what every seat may read,
since the player leaving may still be looking: what is for the new seat alone is in its
chronicle once it is shown, and the campaign screen says how much there is.

A phase in open play hides nothing: the campaign screen stays and :class:`TurnBanner`
names the player to move on one line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tuicamp.ui import seating
from tuicamp.ui.passphrase import check_passphrase
from tuicamp.ui.widgets.fields import Field

if TYPE_CHECKING:
    from tuicamp.game.session import Session

NO_NEWS = "Nothing everyone may know of has happened."


class HandoverScreen(Screen[bool]):
    AUTO_FOCUS = None  # nothing may take Enter before the player says they are there
    BINDINGS = [
        Binding("enter", "next", "Continue", id="handover.continue"),
        # q leaves the campaign, as on the map; with a passphrase asked it is a letter of
        # it (the field takes it first), and ctrl+q still quits.
        Binding("q", "leave", "Leave", id="handover.leave"),
    ]

    def __init__(
        self,
        who: str,
        passphrase_hash: str | None,
        summary: Callable[[], list[str]],
        then: Callable[[], Screen] | None = None,
    ) -> None:
        """``then``, when given, makes the screen that takes this one's place once the
        seat is taken (the campaign screen, built only then when a campaign opens with a
        hand-over); without it the screen is dismissed with True."""
        super().__init__(classes="handover")
        self.who = who
        self.passphrase_hash = passphrase_hash
        self.summary = summary
        self.then = then

    @classmethod
    def for_seat(
        cls, session: Session, seat_id: str, then: Callable[[], Screen] | None = None
    ) -> HandoverScreen | None:
        """The hand-over to a seat of the session's campaign (None: no such seat): named
        and summed up from that seat's own view, whose recap holds only what every seat
        may read (R-ALL-11)."""
        seat = session.campaign.seat(seat_id)
        if seat is None:
            return None
        label = seating.seat_label(seat, session.view(seat_id))

        def summary() -> list[str]:
            return seating.since_last_turn(session.view(seat_id), seat_id, public=True)

        return cls(label, seat.passphrase_hash, summary, then)

    def compose(self) -> ComposeResult:
        with Vertical(id="handover-one"):
            if self.passphrase_hash:
                ask = f"{self.who} to play: your passphrase, then Enter"
            else:
                ask = f"{self.who} to play — press Enter"
            yield Center(Static(Content(ask), id="handover-who"))
            if self.passphrase_hash:
                yield Center(Field(password=True, id="handover-passphrase"))
                yield Center(Static("", id="handover-error", classes="error"))
            yield Static(Content("Since your last turn"), id="handover-since-title")
            lines = self.summary()
            text = "\n".join(lines) if lines else NO_NEWS
            yield VerticalScroll(Static(Content(text), id="handover-summary"), id="handover-scroll")

    def on_mount(self) -> None:
        # Toasts float above every screen; none of the previous seat's may stay.
        self.app.clear_notifications()
        self.call_after_refresh(self.app.clear_notifications)
        if self.passphrase_hash:
            self.query_one("#handover-passphrase", Field).focus()

    def action_next(self) -> None:
        if not self.passphrase_hash:
            self._taken()

    def _taken(self) -> None:
        if self.then is None:
            self.dismiss(True)
        else:  # in one step: no frame of whatever lies below in between
            self.app.switch_screen(self.then())

    def action_leave(self) -> None:
        """Nobody takes the seat: the campaign screen closes, as its q does."""
        self.dismiss(False)

    def on_input_submitted(self, event: Field.Submitted) -> None:
        event.stop()
        typed, event.input.value = event.value, ""
        if check_passphrase(typed, self.passphrase_hash):
            self._taken()
        else:
            self.query_one("#handover-error", Static).update("That is not the passphrase.")


class TurnBanner(Static):
    """The hand-over of open play: "<player> to move" on one line, nothing blanked. It takes
    no room while it has nothing to say."""

    def announce(self, who: str) -> None:
        self.update(Content(f"{who} to move"))
        self.add_class("-shown")

    def clear(self) -> None:
        self.update("")
        self.remove_class("-shown")
