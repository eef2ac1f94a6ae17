"""The multi-line text field, apart from the one-line fields (``fields``): Textual's text
area imports its documents and themes, which the first screen of ``tuicamp play`` (the
hand-over, whose passphrase is a one-line field) does not need."""

from __future__ import annotations

from textual.widgets import TextArea

from tuicamp.ui.widgets.fields import app_blinks


class TextBox(TextArea):
    """A text area that blinks as the app's fields do (a steady cursor in headless runs)."""

    def on_mount(self) -> None:
        self.cursor_blink = app_blinks(self.app)
