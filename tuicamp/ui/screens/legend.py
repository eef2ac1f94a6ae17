"""The map legend: every glyph the map draws — terrain, settlements, hexside features,
borders, armies, the core's overlays and the ruleset's — each in the very style the map
draws it, then what it means.

The lines come from the map widget (``MapWidget.legend``), so the legend lists exactly what
this campaign's map may show: its ruleset's own terrain and features, the overlays its UI
declares, the owner border when the map draws one.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tuicamp.ui.screens.quick_open import QuickOpen
from tuicamp.ui.widgets.key_footer import KeyFooter


class LegendScreen(QuickOpen, Screen[None]):
    BINDINGS = [
        Binding("escape,q,f2", "close", "Back", id="legend.close"),
    ]

    def __init__(self, lines: Sequence[Text], title: str = "Map legend") -> None:
        super().__init__()
        self.lines = list(lines)
        self.legend_title = title

    def compose(self) -> ComposeResult:
        yield Static(self.legend_title, classes="screen-title", markup=False)
        with VerticalScroll(id="legend-scroll"):
            yield Static(Text("\n").join(self.lines), id="legend-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#legend-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
