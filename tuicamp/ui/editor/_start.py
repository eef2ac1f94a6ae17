"""Where the title screen's Map editor starts: a blank map, a generated one (size,
players, seed, ruleset asked), or a scenario to open, the designer's own (the scenario
files of the current folder and its ``scenarios/``) or a bundled one (saved elsewhere).
The editor then takes this screen's place, so closing it goes back to the title."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tuicamp.engine.errors import InputError
from tuicamp.game.mapedit.library import Found, offered
from tuicamp.storage.scenario import Scenario
from tuicamp.ui.editor import _generate
from tuicamp.ui.editor._open import open_editor
from tuicamp.ui.editor._screen import EditorScreen
from tuicamp.ui.widgets.key_footer import KeyFooter

BLANK, GENERATE = "blank", "generate"


def _where(found: Found, folder: Path) -> str:
    if found.bundled:
        return found.path.name
    try:
        return str(found.path.relative_to(folder))
    except ValueError:
        return str(found.path)


class EditorStart(Screen[None]):
    """The editor's first question: what to edit (``folder``: where the designer's own
    scenarios are looked for)."""

    DEFAULT_CSS = """
    EditorStart > Vertical { height: 1fr; padding: 0 1; }
    EditorStart OptionList { height: 1fr; }
    """
    BINDINGS = [Binding("escape,q", "close", "Back", id="editor.start.close")]

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.found = offered(folder)

    def compose(self) -> ComposeResult:
        options: list[Option | None] = [
            Option("A blank map (16 x 12, sandbox)", id=BLANK),
            Option("Generate a map: size, players, seed, ruleset", id=GENERATE),
        ]
        mine = [f for f in self.found if not f.bundled]
        for heading, group in (
            ("Your scenarios", mine),
            ("Bundled scenarios (saved as a new file)", [f for f in self.found if f.bundled]),
        ):
            options += [None, Option(Content(heading), disabled=True)]
            if not group:
                options.append(Option(Content("  none in this folder"), disabled=True))
            for found in group:
                label = f"  {found.title}  ({_where(found, self.folder)})"
                options.append(Option(Content(label), id=f"file-{self.found.index(found)}"))
        with Vertical():
            yield Static("Map editor: what to edit", classes="screen-title")
            yield OptionList(*options, id="editor-start")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#editor-start", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id or ""
        if choice == BLANK:
            self.app.switch_screen(EditorScreen(None))
        elif choice == GENERATE:
            _generate.ask(self, "Generate a map", "sandbox", self._made)
        elif choice.startswith("file-"):
            found = self.found[int(choice.removeprefix("file-"))]
            try:
                screen = open_editor(found.path, save_as=found.bundled)
            except InputError as exc:
                self.notify(str(exc), severity="error")
                return
            self.app.switch_screen(screen)

    def _made(self, scenario: Scenario) -> None:
        self.app.switch_screen(EditorScreen(None, scenario=scenario, saved=False))

    def action_close(self) -> None:
        self.dismiss(None)
