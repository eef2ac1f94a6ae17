"""A list of scenarios with a map preview and the description of the highlighted one.

Used by the Scenarios screen and the wizard's first step. Scenarios that fail to load are
listed with their one-line problem instead of being hidden, so a club editing its own
scenario sees why it does not appear.
"""

from __future__ import annotations

from pathlib import Path

from attrs import define
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tuicamp.engine.errors import InputError
from tuicamp.engine.registry import describe_rulesets
from tuicamp.game.scenarios import load_scenario
from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr
from tuicamp.model.words import with_race
from tuicamp.storage.scenario import Scenario, bundled_scenarios
from tuicamp.ui.map_widget import MapWidget


@define
class ScenarioEntry:
    __repr__ = fields_repr
    __eq__ = fields_eq

    path: Path
    scenario: Scenario | None = None
    problem: str | None = None

    @property
    def title(self) -> str:
        return self.scenario.title if self.scenario else self.path.stem


def scenario_entries(paths: list[Path] | None = None) -> list[ScenarioEntry]:
    out = []
    for path in bundled_scenarios() if paths is None else paths:
        try:
            out.append(ScenarioEntry(path, load_scenario(path)))
        except InputError as exc:
            out.append(ScenarioEntry(path, problem=str(exc)))
    return out


def scenario_facts(sc: Scenario) -> str:
    installed = {a.id: a for a in describe_rulesets()}  # their about.toml: none imported
    rulesets = ", ".join(
        installed[r].title if r in installed else f"{r} (not installed)" for r in sc.rulesets
    )
    players = ", ".join(with_race(p.name, p.race) for p in sc.players)
    limit = f", {sc.turn_limit} turns" if sc.turn_limit else ""
    return (
        f"{sc.map.width} x {sc.map.height} hexes{limit}\nPlayers: {players}\nRulesets: {rulesets}"
    )


class PreviewMap(MapWidget, can_focus=False):
    """The map widget as a picture: no cursor keys, no focus."""


class ScenarioBrowser(Horizontal):
    class Chosen(Message):
        """Enter on a scenario."""

        def __init__(self, entry: ScenarioEntry) -> None:
            super().__init__()
            self.entry = entry

    def __init__(self, entries: list[ScenarioEntry], selected: Path | None = None, **kw) -> None:
        super().__init__(**kw)
        self.entries = entries
        self.selected = selected

    def compose(self) -> ComposeResult:
        yield OptionList(
            *(
                Option(Content(e.title if e.scenario else f"{e.title} (broken)"), id=str(i))
                for i, e in enumerate(self.entries)
            ),
            id="scenario-list",
        )
        with Vertical(id="scenario-detail"):
            yield PreviewMap(map_layout="dense", show_cursor=False, id="scenario-map")
            with VerticalScroll(id="scenario-text-scroll", can_focus=False):
                yield Static(id="scenario-text")

    def on_mount(self) -> None:
        options = self.query_one("#scenario-list", OptionList)
        index = next((i for i, e in enumerate(self.entries) if e.path == self.selected), 0)
        if self.entries:
            options.highlighted = index
            self._show(index)

    @property
    def current(self) -> ScenarioEntry | None:
        index = self.query_one("#scenario-list", OptionList).highlighted
        return self.entries[index] if index is not None and index < len(self.entries) else None

    def _show(self, index: int) -> None:
        entry = self.entries[index]
        text = self.query_one("#scenario-text", Static)
        preview = self.query_one("#scenario-map", PreviewMap)
        if entry.scenario is None:
            text.update(Content(entry.problem or "cannot be read"))
            preview.display = False
            return
        preview.display = True
        preview.set_map(entry.scenario.map)
        text.update(
            Content(f"{scenario_facts(entry.scenario)}\n\n{entry.scenario.description.strip()}")
        )

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_index is not None:
            self._show(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Chosen(self.entries[event.option_index]))
