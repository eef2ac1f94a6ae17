"""A scenario file the editor cannot draw yet: its own problems (a TOML slip, a key of
the wrong kind, a row too short) leave no map to build, so the file's text is shown
beside the problems ``tuicamp check`` finds, to be fixed by hand. Choosing a problem puts
the cursor on its line; once the text reads as a scenario, the map editor opens on it,
with the problems a campaign still finds listed there.

The text is checked as ``tuicamp check`` checks a file (:func:`draft.check_text`), so the
editor opens exactly the files the command would pass on to a campaign.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static, TextArea
from textual.widgets.option_list import Option

from tuicamp.engine.errors import InputError
from tuicamp.game.mapedit import draft
from tuicamp.game.mapedit.files import write_scenario
from tuicamp.ui.editor import _leaving
from tuicamp.ui.editor._screen import EditorScreen
from tuicamp.ui.widgets.key_footer import KeyFooter
from tuicamp.ui.widgets.text_box import TextBox


class RepairScreen(Screen[None]):
    """The text of ``opened`` (a file that builds no scenario) and its problems."""

    DEFAULT_CSS = """
    RepairScreen > Horizontal { height: 1fr; }
    RepairScreen TextArea { width: 1fr; height: 1fr; }
    #repair-panel { width: 34; height: 1fr; border-left: solid $primary; }
    #repair-status { height: auto; padding: 0 1; }
    #repair-problems { height: 1fr; border: none; }
    """
    BINDINGS = [
        Binding("f5", "check", "Check", id="editor.repair.check"),
        Binding("ctrl+s", "save", "Save", id="editor.repair.save"),
        Binding("f6", "problems", "Problems", id="editor.repair.problems"),
        Binding("escape", "close", "Close", id="editor.repair.close"),
    ]

    def __init__(self, opened: draft.Opened, *, save_as: bool = False) -> None:
        super().__init__()
        self.opened = opened
        self.save_as = save_as
        self.saved_text = opened.text

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield TextBox(
                self.opened.text, id="repair-text", show_line_numbers=True, soft_wrap=False
            )
            with Vertical(id="repair-panel"):
                yield Static(id="repair-status", markup=False)
                yield OptionList(id="repair-problems")
        yield KeyFooter()

    @property
    def text_area(self) -> TextArea:
        return self.query_one("#repair-text", TextArea)

    def on_mount(self) -> None:
        self._show()
        self.text_area.focus()
        if self.opened.problems:  # once laid out, so that the line can be centred
            self.call_after_refresh(self._go_to, self.opened.problems[0])

    def _show(self) -> None:
        found = self.opened.problems
        changed = self.text_area.text != self.saved_text
        lines = [
            f"{self.opened.path.name}{' *' if changed else ''}",
            "The map cannot be drawn until",
            "these are fixed in the text:",
            f"Problems: {len(found)}",
            "F5 checks again; the map",
            "editor opens once it reads.",
        ]
        self.query_one("#repair-status", Static).update("\n".join(lines))
        problems = self.query_one("#repair-problems", OptionList)
        problems.clear_options()
        problems.add_options(
            Option(f"{f.line if f.line else '-':>4} {f.text}", id=str(i))
            for i, f in enumerate(found)
        )

    def _go_to(self, finding: draft.Finding) -> None:
        if finding.line < 1:
            return
        area = self.text_area
        row = min(finding.line - 1, area.document.line_count - 1)
        area.cursor_location = (row, 0)
        area.scroll_cursor_visible(center=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._go_to(self.opened.problems[event.option_index])
        self.text_area.focus()

    def action_problems(self) -> None:
        self.query_one("#repair-problems", OptionList).focus()

    def action_check(self) -> None:
        """Check the text as it stands; once it reads as a scenario, edit it on the map."""
        opened = draft.check_text(self.opened.path, self.text_area.text)
        self.opened = opened
        if opened.scenario is None:
            self._show()
            if opened.problems:
                self._go_to(opened.problems[0])
            self.notify(f"{len(opened.problems)} problems left in the text", severity="warning")
            return
        saved = opened.text == self.saved_text
        self.app.switch_screen(
            EditorScreen(opened.path, scenario=opened.scenario, save_as=self.save_as, saved=saved)
        )
        self.app.notify("the text reads as a scenario: the map editor has it now")

    def action_save(self) -> None:
        """Write the text back to the file as it stands, problems and all (a fix half
        done is kept), and check it again."""
        if self.save_as:
            self.notify("a bundled scenario is not written over; fix it, then save it from the map")
            return
        text = self.text_area.text
        try:
            write_scenario(self.opened.path, text, overwrite=True)
        except InputError as exc:
            self.notify(str(exc), severity="error")
            return
        self.saved_text = text
        self.notify(f"saved {self.opened.path}")
        self.action_check()

    def action_close(self) -> None:
        question = "The text has changes not saved. Close it and lose them?"
        _leaving.close(self, self.text_area.text == self.saved_text, question)
