"""Browse the bundled scenarios; Enter starts a campaign of the highlighted one."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from tuicamp.ui.widgets.key_footer import KeyFooter
from tuicamp.ui.widgets.scenario_browser import ScenarioBrowser, scenario_entries


class ScenariosScreen(Screen[Path | None]):
    BINDINGS = [Binding("escape,q", "close", "Back", id="scenarios.close")]

    def __init__(self, paths: list[Path] | None = None) -> None:
        super().__init__()
        self.paths = paths

    def compose(self) -> ComposeResult:
        yield Static("Scenarios (Enter: start a campaign)", classes="screen-title")
        yield ScenarioBrowser(scenario_entries(self.paths), id="browser")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#scenario-list").focus()

    def on_scenario_browser_chosen(self, event: ScenarioBrowser.Chosen) -> None:
        event.stop()
        if event.entry.scenario is None:
            self.notify(event.entry.problem or "This scenario cannot be read", severity="error")
            return
        self.dismiss(event.entry.path)

    def action_close(self) -> None:
        self.dismiss(None)
