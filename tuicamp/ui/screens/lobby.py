"""The lobby: the campaigns where a player's key holds a seat, and the way into each.

Each line says whose turn it is, the phase, and what changed since the seat last looked
(events and letters, from the seat's own view; the latest lines of news below the table).
Enter opens the campaign as that seat and no other: the lobby lists nothing the key does
not hold, and the campaign screen it opens plays exactly one seat. A GM key also creates
campaigns from scenarios (``n``) and binds public keys to seats (``k``).

The lobby re-reads a campaign only when its save's revision changed, every couple of
seconds, so a waiting player sees their turn come without pressing anything.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Input, Select, Static

from tuicamp.engine.errors import InputError
from tuicamp.game.club import Access, Grant, LobbyLine, lobby_line, mark_seen, reachable
from tuicamp.game.session import Session
from tuicamp.storage.saves import read_header
from tuicamp.storage.seat_keys import parse_public_key, read_seat_keys, update_seat_keys
from tuicamp.ui.screens.wizard import WizardScreen
from tuicamp.ui.widgets.key_footer import KeyFooter

REFRESH_SECONDS = 2.0
YOUR_TURN = "*"  # the mark of a campaign where the seat is to act (a glyph, not a colour)


class BindKeyScreen(ModalScreen[tuple[str, str] | None]):
    """A public key (pasted as one line) and the seat it is to open."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="bind.cancel")]

    def __init__(self, campaign: str, seats: list[tuple[str, str]]) -> None:
        super().__init__()
        self.campaign, self.seats = campaign, seats

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                Content(f"Bind a key to a seat of {self.campaign}"), classes="dialog-title"
            )
            yield Select(
                [(label, sid) for sid, label in self.seats],
                value=self.seats[0][0],
                allow_blank=False,
                id="bind-seat",
                compact=True,
            )
            yield Static(Content("Public key (ssh-ed25519 AAAA... name)"), classes="field-label")
            yield Input(id="bind-key", placeholder="paste the .pub file's line")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Bind", variant="primary", id="bind-ok")
                yield Button("Cancel (esc)", id="bind-cancel")

    def on_mount(self) -> None:
        self.query_one("#bind-key", Input).focus()

    def _done(self) -> None:
        seat = str(self.query_one("#bind-seat", Select).value)
        self.dismiss((seat, self.query_one("#bind-key", Input).value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._done()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "bind-ok":
            self._done()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class LobbyScreen(Screen[None]):
    BINDINGS = [
        Binding("enter", "open", "Open", id="lobby.open"),
        Binding("r", "refresh", "Refresh", id="lobby.refresh"),
        Binding("n", "new_campaign", "New campaign", id="lobby.new"),
        Binding("k", "bind_key", "Bind a key", id="lobby.bind_key"),
        Binding("q", "quit", "Quit", id="lobby.quit"),
    ]

    def __init__(
        self,
        access: Access,
        folder: Path,
        open_campaign: Callable[[Session, Grant, Callable[[], None]], None],
        scenarios: list[Path] | None = None,
    ) -> None:
        """``open_campaign(session, grant, closed)`` shows the campaign as the grant's
        seat and calls ``closed`` when the player leaves it."""
        super().__init__()
        self.access, self.folder, self.scenarios = access, folder, scenarios
        self._open = open_campaign
        self.lines: list[LobbyLine] = []
        self._revisions: dict[Path, int] = {}

    def compose(self) -> ComposeResult:
        title = "Your campaigns" + (" (club Games Master)" if self.access.club_gm else "")
        yield Static(Content(title), classes="screen-title")
        yield DataTable(id="lobby-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="lobby-news")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        widths = {" ": 1, "Seat": 14, "Turn": 12, "To act": 14, "New": 6}
        rest = self.app.size.width - sum(widths.values()) - 2 * (len(widths) + 1) - 2
        table.add_column(" ", width=1)
        table.add_column("Campaign", width=max(12, rest))
        for label, width in list(widths.items())[1:]:
            table.add_column(label, width=width)
        self.refresh_lines(force=True)
        table.focus()
        self.set_interval(REFRESH_SECONDS, self.refresh_lines)

    # --- reading ------------------------------------------------------------------------
    def grants(self) -> list[Grant]:
        return reachable(self.access, self.folder)

    def refresh_lines(self, force: bool = False) -> None:
        """Re-read the campaigns whose saves changed (all of them with ``force``)."""
        if self.app.screen is not self and not force:
            return
        grants = self.grants()
        revisions = {}
        for grant in grants:
            try:
                revisions[grant.save] = read_header(grant.save).revision
            except InputError:
                revisions[grant.save] = -1
        if not force and revisions == self._revisions:
            return
        old = {line.grant: line for line in self.lines}
        lines = []
        for grant in grants:
            same = not force and self._revisions.get(grant.save) == revisions[grant.save]
            lines.append(old[grant] if same and grant in old else lobby_line(grant))
        self._revisions = revisions
        self.lines = sorted(lines, key=lambda x: (not x.due, x.finished, x.title.lower()))
        self._fill()

    def _fill(self) -> None:
        table = self.query_one(DataTable)
        chosen = self.chosen()
        table.clear()
        for i, line in enumerate(self.lines):
            new = f"{line.news_count}" + (f" +{line.letters}L" if line.letters else "")
            turn = f"{line.turn} {line.phase}" if not line.problem else "-"
            table.add_row(
                YOUR_TURN if line.due else " ",
                Text(line.title),
                Text(line.seat_name),
                Text(turn),
                Text(line.status if not line.acting or line.finished else ", ".join(line.acting)),
                new,
                key=str(i),
            )
        if chosen is not None and chosen in self.lines:
            table.move_cursor(row=self.lines.index(chosen))
        self._news()
        if not self.lines:
            self.query_one("#lobby-news", Static).update(
                Content("Your key holds no seat yet: ask the club's Games Master to bind it.")
            )

    def chosen(self) -> LobbyLine | None:
        table = self.query_one(DataTable)
        row = table.cursor_row
        return self.lines[row] if 0 <= row < len(self.lines) else None

    def _news(self) -> None:
        line = self.chosen()
        news = self.query_one("#lobby-news", Static)
        if line is None:
            news.update(Content(""))
            return
        if line.problem:
            news.update(Content(line.problem))
            return
        head = (
            f"{line.title} ({line.ruleset}), you play {line.seat_name}: {line.status}. "
            "Enter opens it."
        )
        if line.news_count:
            more = [f"{line.news_count} new since you last looked:", *line.news]
        else:
            more = ["Nothing new since you last looked."]
        news.update(Content("\n".join([head, *more])))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self._news()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    # --- doing --------------------------------------------------------------------------
    def action_open(self) -> None:
        line = self.chosen()
        if line is None:
            return
        grant = line.grant
        try:
            session = Session.open(grant.save)
        except InputError as exc:
            self.notify(str(exc), severity="error", title="Cannot open")
            return
        if session.campaign.seat(grant.seat) is None:
            self.notify(f"{grant.campaign} has no seat {grant.seat!r} any more", severity="error")
            return
        mark_seen(grant, len(session.chronicle))

        def closed() -> None:
            mark_seen(grant, len(session.chronicle))
            self.refresh_lines(force=True)

        self._open(session, grant, closed)

    def action_refresh(self) -> None:
        self.refresh_lines(force=True)

    def _gm_of(self, line: LobbyLine) -> bool:
        """Whether this key may bind keys to the campaign's seats."""
        return self.access.club_gm or line.gm

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new_campaign":
            return self.access.club_gm
        if action == "bind_key":
            return self.access.club_gm or any(line.gm for line in self.lines)
        return True

    def action_new_campaign(self) -> None:
        if not self.access.club_gm:
            return

        def created(session: Session | None) -> None:
            if session is not None:
                self.notify(f"Created {session.path.name}: bind the players' keys with k")
            self.refresh_lines(force=True)

        self.app.push_screen(WizardScreen(None, self.folder, self.scenarios), created)

    def action_bind_key(self) -> None:
        line = self.chosen()
        if line is None or line.problem or not self._gm_of(line):
            self.notify(
                "Only the campaign's Games Master binds keys to its seats", severity="warning"
            )
            return
        save = line.grant.save
        campaign = Session.open(save).campaign
        keys = read_seat_keys(save)
        seats = [
            (s.id, f"{s.name or s.id} ({len(keys.keys_of(s.id))} keys)") for s in campaign.seats
        ]

        def chosen(answer: tuple[str, str] | None) -> None:
            if answer is None:
                return
            seat, text = answer
            try:
                key = parse_public_key(text, "the key")
                added = update_seat_keys(save, lambda k: k.bind(seat, key))
            except InputError as exc:
                self.notify(str(exc), severity="error", title="Not bound")
                return
            what = "now opens" if added else "already opened"
            self.notify(f"The key {key.fingerprint} {what} seat {seat} of {line.grant.campaign}")

        self.app.push_screen(BindKeyScreen(line.title, seats), chosen)

    def action_quit(self) -> None:
        self.app.exit(0)
