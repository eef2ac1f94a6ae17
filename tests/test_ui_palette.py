"""The command palette does not take the app down when a search outlives it.

Typed fast (ctrl+p, a word, Enter), the palette can run its command and close while its
worker still gathers hits; when the last answer lands, Textual's palette shows or hides a
list it no longer has and the app stops with ``NoMatches`` (seen over SSH under load).
``tuicamp.ui.palette.CommandPaletteScreen`` is the palette the app opens; this test plays
the late answer by hand on a palette that has closed."""

from __future__ import annotations

from apps.ui_kit import make_app, settle, sync, wait_for_screen, wait_until
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen

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


class Marking(Screen):
    """A screen with one key, counting the times its action ran."""

    BINDINGS = [Binding("m", "mark", "Mark")]
    marks = 0

    def action_mark(self) -> None:
        self.marks += 1


@sync
async def test_a_key_chosen_in_the_palette_does_nothing_once_its_screen_has_gone(tmp_path):
    """Typed fast over SSH ("load", then "new"), the palette's second choice can arrive after
    the first replaced the campaign screen: the campaign's "New army" then ran on a screen
    being taken down and the app stopped with ``NoMatches: '#map'``. A key of a screen that
    has left the stack does nothing; on a screen on show it runs."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = Marking()
        await app.push_screen(shown)
        await pilot.pause()
        {c.title: c for c in app.get_system_commands(shown)}["Mark"].callback()
        await wait_until(pilot, lambda: shown.marks == 1, "the key's action on its screen")

        gone = Marking()
        await app.push_screen(gone)
        await pilot.pause()
        mark = {c.title: c for c in app.get_system_commands(gone)}["Mark"]
        app.switch_screen(Screen())  # another screen takes its place; its widgets still go
        assert gone not in app.screen_stack
        mark.callback()
        for _ in range(3):
            await pilot.pause()
        assert gone.marks == 0
        assert app.is_running
