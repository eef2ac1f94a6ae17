"""A screen that opens without redoing work: the mixin every tuicamp screen is built on.

Opening a screen in Textual styles every widget as it is mounted, then styles them all
again when the screen is first shown (a resume refreshes styles, for a screen coming back
after the theme or the terminal's focus changed), and lays the screen out twice: its first
layout gives the screen its size, which sends the screen a resize, which lays it out once
more at the size it already has. A help or a chronicle opened this way used to pay for
every widget three or four times over before its first frame.

:class:`QuickOpen` skips the two repeats and nothing else: a screen's first resume keeps
the styles its widgets were given a moment before, and a resize to the size the screen
was last laid out at changes nothing. A later resume (the screen shown again after another
was closed) and a real change of the terminal's size are handled as Textual handles them.
It is for full screens: a dialog (``ModalScreen``) is drawn over the screen below it, and
its picture came out different without the second styling, so dialogs keep Textual's way.
"""

from __future__ import annotations

from textual import events
from textual.geometry import Size
from textual.screen import Screen


class QuickOpen(Screen):
    """Mixed in before :class:`Screen`: ``class X(QuickOpen, Screen[None])``. Its handlers
    run before Textual's own (Textual calls the handler of every class of the screen, the
    subclass's first, unless one prevents the rest)."""

    _shown_once = False
    _laid_out_at: Size | None = None

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._shown_once:
            self._shown_once = True
            event.refresh_styles = False  # mounted a moment ago: styled as it was mounted
        self._laid_out_at = self.app.size  # Textual's own handler, next, lays it out so

    async def _on_resize(self, event: events.Resize) -> None:
        if event.size == self._laid_out_at:
            event.stop()
            event.prevent_default()  # the size it has: Textual's handler would lay it out again
            return
        self._laid_out_at = event.size
