"""A quick-open screen is styled and laid out once when it opens, and still follows the
terminal when it is resized (issue 11: every screen opens within 0.3 s of its key; the
time itself is measured by hand in benchmarks/screens.py, never here)."""

from __future__ import annotations

from apps.ui_kit import settle, sync, wait_until
from textual.app import App, ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from tuicamp.ui.screens.quick_open import QuickOpen


class Counting(Screen[None]):
    """Counts the layouts a resize asked of Textual, and the restyles of a resume."""

    def __init__(self) -> None:
        super().__init__()
        self.resized_layouts = 0
        self.restyles = 0

    def compose(self) -> ComposeResult:
        yield Static("a line", id="line")

    def _screen_resized(self, size: Size) -> None:
        self.resized_layouts += 1
        super()._screen_resized(size)

    def update_node_styles(self, animate: bool = True) -> None:
        self.restyles += 1
        super().update_node_styles(animate)


class Quick(QuickOpen, Counting):
    """The same screen, opened quickly."""


class Other(Screen[None]):
    """A full screen laid over the quick one."""

    def compose(self) -> ComposeResult:
        yield Static("over it")


def _width(screen: Screen) -> int:
    """The width of the screen's line, 0 before it is laid out."""
    return max((w.size.width for w in screen.query("#line")), default=0)


async def _opened(pilot, screen: Counting) -> Counting:
    pilot.app.push_screen(screen)
    await wait_until(pilot, lambda: pilot.app.screen is screen, "the screen")
    await wait_until(pilot, lambda: _width(screen) > 0, "its layout")
    await settle(pilot)
    return screen


@sync
async def test_opening_styles_and_lays_out_once_where_textual_does_it_twice():
    async with App().run_test(size=(60, 20)) as pilot:
        plain = await _opened(pilot, Counting())
        quick = await _opened(pilot, Quick())
        assert (plain.resized_layouts, plain.restyles) == (1, 1)  # Textual's own way
        assert (quick.resized_layouts, quick.restyles) == (0, 0)


@sync
async def test_a_quick_screen_follows_a_resized_terminal():
    async with App().run_test(size=(60, 20)) as pilot:
        quick = await _opened(pilot, Quick())
        await pilot.resize_terminal(70, 22)
        await wait_until(pilot, lambda: quick.size == Size(70, 22), "the new size")
        await wait_until(pilot, lambda: _width(quick) == 70, "its layout")
        assert quick.resized_layouts == 1
        pilot.app.push_screen(Other())  # covered, then shown again: laid out as before
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, Other), "the other screen")
        pilot.app.pop_screen()
        await wait_until(pilot, lambda: pilot.app.screen is quick, "the quick screen again")
        await settle(pilot)
        assert _width(quick) == 70
