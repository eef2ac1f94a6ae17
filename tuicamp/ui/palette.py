"""The command palette, kept from crashing when a search ends after it has closed.

Textual's palette gathers its hits in a worker and shows or hides its list when they
arrive (``_list_visible``). Typed fast (ctrl+p, a word, Enter), the palette can run its
command and close before the worker's last answer lands; the watcher then looks for a list
the closed palette no longer has and the whole app stops with ``NoMatches``. At a club
table or over SSH that is a lost evening's flow for a key typed briskly, so the watcher
here does nothing once the palette's widgets are gone.
"""

from __future__ import annotations

from textual.command import CommandList, CommandPalette


class CommandPaletteScreen(CommandPalette):
    """Textual's command palette, minus the crash of a search that outlives it."""

    def _watch__list_visible(self) -> None:
        if not self.is_mounted or not self.query(CommandList):
            return
        super()._watch__list_visible()
