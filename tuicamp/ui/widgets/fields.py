"""Form inputs that follow the app's cursor setting.

Blinking cursors make screenshots differ from run to run, and some players find them
distracting over slow SSH links, so every text field takes ``cursor_blink`` from the app
(the config file's ``cursor_blink``; always off in headless runs such as tests). The
multi-line one, ``TextBox``, is in ``text_box``.
"""

from __future__ import annotations

from textual.widgets import Input


def app_blinks(app: object) -> bool:
    return bool(getattr(app, "cursor_blink", True)) and not getattr(app, "is_headless", False)


class Field(Input):
    def on_mount(self) -> None:
        self.cursor_blink = app_blinks(self.app)
