"""The command palette does not take the app down when a search outlives it.

Typed fast (ctrl+p, a word, Enter), the palette can run its command and close while its
worker still gathers hits; when the last answer lands, Textual's palette shows or hides a
list it no longer has and the app stops with ``NoMatches`` (seen over SSH under load).
``tuicamp.ui.palette.CommandPaletteScreen`` is the palette the app opens; this test plays
the late answer by hand on a palette that has closed."""

from __future__ import annotations

from apps.ui_kit import make_app, sync, wait_for_screen, wait_until
from textual.command import CommandPalette

from tuicamp.ui.palette import CommandPaletteScreen


@sync
async def test_a_search_that_ends_after_the_palette_closed_changes_nothing(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        palette = await wait_for_screen(pilot, CommandPalette)
        assert isinstance(palette, CommandPaletteScreen)
        palette.dismiss()
        await wait_until(pilot, lambda: app.screen is not palette, "the palette closed")
        await pilot.pause()
        palette._list_visible = not palette._list_visible  # the worker's late answer
        await pilot.pause()
        assert app.is_running and not isinstance(app.screen, CommandPalette)
