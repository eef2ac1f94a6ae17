"""The chronicle: every event the seat may read, with every die rolled, filtered by turn,
player and kind, and exported as a Markdown campaign diary.

It reads the seat's view only (the view's chronicle is already filtered for the seat),
so a secret event cannot show up here or in the diary. Letters are listed with the other
events (kind ``letter``; the detail line shows the whole letter), and ``w`` writes one
when the screen was opened with a way to send it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from attrs import evolve
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Select, Static

from tuicamp.engine.actions import Event
from tuicamp.engine.letters import WriteLetter
from tuicamp.engine.ruleset import Ruleset
from tuicamp.engine.views import CampaignView
from tuicamp.game.textreport import chronicle_markdown, letter_lines
from tuicamp.ui.screens.letter import LetterScreen
from tuicamp.ui.screens.quick_open import QuickOpen
from tuicamp.ui.widgets.key_footer import KeyFooter

ALL = "all"


def event_player(event: Event, seat_players: dict[str, list[str]]) -> list[str]:
    """The players an event is about: its player, else the players of the seat that acted."""
    if event.player:
        return [event.player]
    return list(seat_players.get(event.seat or "", []))


def filter_events(
    events: list[Event],
    *,
    turn: int | str = ALL,
    player: str = ALL,
    kind: str = ALL,
    seat_players: dict[str, list[str]] | None = None,
) -> list[Event]:
    seat_players = seat_players or {}
    return [
        e
        for e in events
        if (turn == ALL or e.turn == turn)
        and (kind == ALL or e.kind == kind)
        and (player == ALL or player in event_player(e, seat_players))
    ]


def roll_lines(event: Event) -> list[str]:
    return [
        f"  {r.reason}: {r.expr} = {r.total} ({', '.join(map(str, r.dice))})"
        + ("  [table dice]" if r.table else "")
        for r in event.rolls
    ]


class ChronicleScreen(QuickOpen, Screen[None]):
    BINDINGS = [
        Binding("escape,q", "close", "Back", id="chronicle.close"),
        Binding("x", "export", "Export diary", id="chronicle.export"),
        Binding("t", "focus_filter('turn')", "Turn", id="chronicle.filter_turn"),
        Binding("p", "focus_filter('player')", "Player", id="chronicle.filter_player"),
        Binding("k", "focus_filter('kind')", "Kind", id="chronicle.filter_kind"),
        Binding("w", "write_letter", "Write letter", id="chronicle.write_letter"),
    ]

    def __init__(
        self,
        view: CampaignView,
        ruleset: Ruleset,
        export_path: Path | None,
        seat_players: dict[str, list[str]] | None = None,
        write: Callable[[Path, str], None] | None = None,
        *,
        post: Callable[[WriteLetter], CampaignView | None] | None = None,
        recipients: Sequence[tuple[str, str]] = (),
    ) -> None:
        """``post`` sends a letter and returns the seat's new view (None: refused, and
        the player was told why); ``recipients`` are (seat id, name) of the other seats."""
        super().__init__()
        self.view = view
        self.ruleset = ruleset
        self.export_path = export_path
        self.seat_players = seat_players or {}
        self._write = write or _write_text
        self._post = post
        self.recipients = list(recipients)
        self.shown: list[Event] = list(view.chronicle)
        self._filters: tuple[object, ...] | None = None  # the filters the table was filled with

    def compose(self) -> ComposeResult:
        events = self.view.chronicle
        turns = sorted({e.turn for e in events})
        kinds = sorted({e.kind for e in events})
        yield Static(Content(f"Chronicle of {self.view.name}"), classes="screen-title")
        with Horizontal(id="chronicle-filters"):
            yield Select(
                [("every turn", ALL)] + [(f"turn {t}", t) for t in turns],
                value=ALL,
                allow_blank=False,
                id="turn",
                compact=True,
            )
            yield Select(
                [("every player", ALL)] + [(p.name, p.id) for p in self.view.players],
                value=ALL,
                allow_blank=False,
                id="player",
                compact=True,
            )
            yield Select(
                [("every kind", ALL)] + [(k, k) for k in kinds],
                value=ALL,
                allow_blank=False,
                id="kind",
                compact=True,
            )
        table: DataTable = DataTable(id="chronicle-table", cursor_type="row", zebra_stripes=True)
        yield table
        yield Static("", id="chronicle-detail")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        # Fixed widths, so a long event is cut at the screen edge (the detail line below
        # shows it whole, dice and all) instead of scrolling the table sideways.
        widths = {"#": 4, "T": 3, "who": 4, "kind": 13}
        for label, width in widths.items():
            table.add_column(label, width=width)
        rest = self.app.size.width - sum(widths.values()) - 2 * (len(widths) + 1) - 2
        table.add_column("what", width=max(20, rest))
        self._fill()
        table.focus()

    def _names(self, event: Event) -> str:
        names = []
        for pid in event_player(event, self.seat_players):
            p = self.view.player(pid)
            names.append(p.letter if p else pid)
        return ",".join(names) or "-"

    def _fill(self, *, again: bool = False) -> None:
        """Fill the table with the events the filters let through. Each Select announces
        its first value once mounted; those announcements change nothing and refill
        nothing (``again`` refills on the same filters, for a new view)."""
        turn = self.query_one("#turn", Select).value
        player = self.query_one("#player", Select).value
        kind = self.query_one("#kind", Select).value
        if (turn, player, kind) == self._filters and not again:
            return
        self._filters = (turn, player, kind)
        self.shown = filter_events(
            self.view.chronicle,
            turn=turn,
            player=str(player),
            kind=str(kind),
            seat_players=self.seat_players,
        )
        table = self.query_one(DataTable)
        table.clear()
        for e in self.shown:
            dice = f" ({len(e.rolls)} roll{'s' if len(e.rolls) != 1 else ''})" if e.rolls else ""
            table.add_row(
                str(e.seq),
                str(e.turn),
                self._names(e),
                e.kind,
                Text(e.text + dice),
                key=str(e.seq),
            )
        if self.shown:
            table.move_cursor(row=len(self.shown) - 1)
        self._detail(self.shown[-1] if self.shown else None)

    def _detail(self, event: Event | None) -> None:
        detail = self.query_one("#chronicle-detail", Static)
        if event is None:
            detail.update(Content("Nothing in the chronicle matches."))
            return
        phase = self.ruleset.phase(event.phase)
        head = f"#{event.seq} turn {event.turn}, {phase.title if phase else event.phase}: "
        who = self._names(event)
        lines = [f"{head}{event.text} ({who})", *roll_lines(event), *letter_lines(event)]
        detail.update(Content("\n".join(lines)))

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self._fill()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        if event.row_key is None or event.row_key.value is None:
            return
        seq = int(event.row_key.value)
        self._detail(next((e for e in self.shown if e.seq == seq), None))

    def action_focus_filter(self, which: str) -> None:
        self.query_one(f"#{which}", Select).focus()

    def diary(self) -> str:
        """The shown events (the filters apply) as a Markdown diary."""
        return chronicle_markdown(evolve(self.view, chronicle=list(self.shown)), self.ruleset)

    def action_export(self) -> None:
        if self.export_path is None:
            self.notify(
                "This campaign has no save file to write the diary next to", severity="warning"
            )
            return
        try:
            self._write(self.export_path, self.diary())
        except OSError as exc:
            self.notify(f"Cannot write {self.export_path}: {exc.strerror}", severity="error")
            return
        self.notify(f"Diary written to {self.export_path}")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "write_letter" and self._post is None)

    def action_write_letter(self) -> None:
        post = self._post
        if post is None:
            return

        def written(letter: WriteLetter | None) -> None:
            if letter is None:
                return
            view = post(letter)
            if view is not None:
                self.view = view
                self._fill(again=True)

        self.app.push_screen(LetterScreen(self.recipients), written)

    def action_close(self) -> None:
        self.dismiss(None)


def _write_text(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
