"""Load a save: the saves folder as a table, read from headers only."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from tuicamp.engine.registry import about_ruleset
from tuicamp.storage.saves import SaveEntry
from tuicamp.ui.names import cut
from tuicamp.ui.screens.title import when
from tuicamp.ui.widgets.key_footer import KeyFooter


def ruleset_title(ruleset_id: str) -> str:
    found = about_ruleset(ruleset_id)  # read from the ruleset's about.toml: none imported
    return found.title if found else f"{ruleset_id} (not installed)"


class LoadScreen(Screen[Path | None]):
    BINDINGS = [
        Binding("escape,q", "close", "Back", id="load.close"),
        Binding("enter", "open", "Open", id="load.open"),
    ]

    def __init__(self, saves: list[SaveEntry], folder: Path) -> None:
        super().__init__()
        self.saves = saves
        self.folder = folder

    def compose(self) -> ComposeResult:
        yield Static(Content(f"Saves in {self.folder}"), classes="screen-title")
        yield DataTable(id="saves-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="saves-problem", classes="error")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        # Fixed widths (cells are cut, not the table scrolled): the campaign's name gets
        # whatever the terminal has left.
        widths = {"Ruleset": 14, "Turn": 5, "Players": 18, "Last played": 16}
        rest = self.app.size.width - sum(widths.values()) - 2 * (len(widths) + 1) - 2
        name_width = max(12, rest)
        table.add_column("Campaign", width=name_width)
        for label, width in widths.items():
            table.add_column(label, width=width)
        for i, e in enumerate(self.saves):
            h = e.header
            if h is None:
                table.add_row(Text(e.path.name), "-", "-", Text("cannot be read"), "-", key=str(i))
                continue
            turn = f"{h.turn}{' (over)' if h.finished else ''}"
            table.add_row(
                Text(cut(h.name, name_width)),
                Text(ruleset_title(h.ruleset)),
                turn,
                Text(", ".join(h.players)),
                when(h.last_played),
                key=str(i),
            )
        if not self.saves:
            self.query_one("#saves-problem", Static).update(
                "No saves yet: start a new campaign from the title screen."
            )
            # an empty table would take Enter and say nothing: the screen answers it
            table.display = table.can_focus = False
            self.set_focus(None)
            return
        table.focus()

    def _entry(self) -> SaveEntry | None:
        table = self.query_one(DataTable)
        if not self.saves or table.cursor_row is None:
            return None
        return self.saves[table.cursor_row]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        entry = self._entry()
        problem = entry.problem if entry is not None else None
        self.query_one("#saves-problem", Static).update(Content(problem or ""))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        entry = self._entry()
        if entry is None:
            self.notify(f"No saves in {self.folder} to open", severity="warning")
            return
        if entry.header is None:
            self.notify(entry.problem or f"{entry.path} cannot be read", severity="error")
            return
        self.dismiss(entry.path)

    def action_close(self) -> None:
        self.dismiss(None)
