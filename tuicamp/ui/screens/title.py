"""The title screen: continue the last campaign, start one, load a save, browse the
scenarios, open the map editor, quit. The save list comes from save headers only, so it
opens at once even with many long campaigns in the folder."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tuicamp.storage.saves import SaveEntry
from tuicamp.ui.names import cut
from tuicamp.ui.widgets.key_footer import KeyFooter

EDITOR = "tuicamp.ui.editor"
# The room for the last campaign's name on the "Continue" line of a 60-column menu.
NAME_WIDTH = 32

BANNER = r"""
  _        _
 | |_ _  _(_)__ __ _ _ __  _ __
 |  _| || | / _/ _` | '  \| '_ \
  \__|\_,_|_\__\__,_|_|_|_| .__/
                          |_|
"""


def when(iso: str) -> str:
    """'2024-05-01T18:00:00Z' as '2024-05-01 18:00' (UTC, as saved)."""
    return iso.replace("T", " ")[:16] if iso else "-"


def last_campaign(saves: list[SaveEntry]) -> SaveEntry | None:
    """The most recently played readable save (list_saves sorts newest first)."""
    return next((e for e in saves if e.header is not None), None)


class TitleScreen(Screen[None]):
    BINDINGS = [
        Binding("c", "choose('continue')", "Continue", id="title.continue"),
        Binding("n", "choose('new')", "New", id="title.new"),
        Binding("l", "choose('load')", "Load", id="title.load"),
        Binding("s", "choose('scenarios')", "Scenarios", id="title.scenarios"),
        Binding("e", "choose('edit')", "Editor", id="title.edit"),
        Binding("q", "choose('quit')", "Quit", id="title.quit"),
    ]

    class Chose(Message):
        def __init__(self, what: str, path: Path | None = None) -> None:
            super().__init__()
            self.what, self.path = what, path

    def __init__(self, saves: list[SaveEntry]) -> None:
        super().__init__(classes="title")
        self.saves = saves
        self.last = last_campaign(saves)

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Center(Static(BANNER.strip("\n"), id="banner", markup=False))
            yield Center(Static("a referee for Warhammer map campaigns", id="tagline"))
            options = []
            if self.last is not None and self.last.header is not None:
                h = self.last.header
                name = cut(h.name, NAME_WIDTH)
                options.append(
                    Option(
                        Content(f"Continue {name} (turn {h.turn}, {when(h.last_played)})"),
                        id="continue",
                    )
                )
            options += [
                Option("New campaign", id="new"),
                Option(f"Load a save ({len(self.saves)})", id="load"),
                Option("Scenarios", id="scenarios"),
                Option("Map editor", id="edit"),
                Option("Quit", id="quit"),
            ]
            yield Center(OptionList(*options, id="title-menu"))
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#title-menu", OptionList).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters and parameters[0] == "continue":
            return self.last is not None
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose(event.option.id or "")

    def action_choose(self, what: str) -> None:
        if what == "edit":  # the editor asks what to edit; imported when first opened
            editor = import_module(EDITOR)
            self.app.push_screen(editor.EditorStart(Path.cwd()))
            return
        path = self.last.path if what == "continue" and self.last else None
        self.post_message(self.Chose(what, path))
