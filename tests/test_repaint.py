"""What the campaign screen sends the terminal after a change: each dirty span from where it
starts, not from the left edge of the widget under it, and a widget a layout moved once,
not again with its next change (tuicamp.ui.repaint). Counted in what the compositor would
write, never by timing anything.
"""

from __future__ import annotations

import re

from apps.ui_kit import sync
from rich.segment import Segment
from rich.style import Style
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from tuicamp.ui.repaint import (
    UNKNOWN,
    Cell,
    SendsChanges,
    cells_of,
    differing_runs,
    run_strip,
)

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
MOVE = re.compile(r"\x1b\[(\d+);(\d+)H")


def cells(text: str) -> list[Cell]:
    return cells_of([Strip([Segment(text, Style())])])


def test_only_the_runs_of_cells_that_differ_are_sent():
    plain, bold = Style(), Style(bold=True)
    old = cells_of([Strip([Segment("0101 Clear", plain)])])
    new = cells_of([Strip([Segment("0201 Clear", plain)])])
    assert differing_runs(old, new, 0, 10) == [(1, 2)]
    assert differing_runs(old, old, 0, 10) == []  # nothing changed: nothing sent
    restyled = cells_of([Strip([Segment("0101 ", plain), Segment("Clear", bold)])])
    assert differing_runs(old, restyled, 0, 10) == [(5, 10)]  # a new style is a change
    line = "0101 Clear, the West Bank"
    far = line[:1].replace("0", "1") + line[1:-1] + "x"
    assert differing_runs(cells(line), cells(far), 0, len(line)) == [(0, 1), (24, 25)]
    near = "1" + line[1:5] + "X" + line[6:]  # JOIN_GAP apart at most: one run, the gap sent
    assert differing_runs(cells(line), cells(near), 0, len(line)) == [(0, 6)]
    assert differing_runs([UNKNOWN] * 10, new, 2, 6) == [(2, 6)]  # never written: all


def test_a_wide_character_is_sent_whole():
    plain = Style()
    old = cells_of([Strip([Segment("ab\u68eecd", plain)])])  # a CJK character: 2 cells
    new = cells_of([Strip([Segment("ab\u68eecx", plain)])])
    assert len(new) == 6 and new[3] is None
    assert differing_runs(old, new, 0, 6) == [(5, 6)]
    assert differing_runs([UNKNOWN] * 6, new, 3, 4) == [(2, 4)]  # back to its first cell
    assert run_strip(new, 2, 4).text == "\u68ee"


class Cells(Widget):
    """One line of text drawn through the Line API, changed in place by the test."""

    DEFAULT_CSS = "Cells { height: 1; }"

    def __init__(self, text: str, **kwargs: str) -> None:
        super().__init__(**kwargs)
        self.text = text

    def render_line(self, y: int) -> Strip:
        return Strip([Segment(self.text, Style(color="red"))]).crop_extend(0, self.size.width, None)

    def change(self, at: int, text: str, *, repaint: Region | None = None) -> None:
        self.text = self.text[:at] + text + self.text[at + len(text) :]
        self._styles_cache.clear()
        if repaint is not None:
            self.refresh(repaint)


class Row(Static):
    DEFAULT_CSS = "Row { height: auto; }"


class Plain(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Cells("0123456789" * 6, id="cells")
        yield Row("0123456789" * 6, id="row")
        yield Row("first", id="grows")


class Sending(SendsChanges[None], Plain):
    pass


class OneScreen(App[None]):
    def __init__(self, screen: Screen[None]) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first)


def written(app: App[None], screen: Screen[None], widget: Widget) -> str:
    """What the screen's compositor writes for the repaints ``widget`` asked for."""
    screen._compositor.update_widgets({widget})
    update = screen._compositor.render_partial_update()
    assert update is not None
    return update.render_segments(app.console)


@sync
async def test_a_repaint_sends_the_cells_that_changed_where_they_are():
    """Four cells change at column 40 of a line, a repaint asked for columns 36 to 48:
    the screen sends those four cells, at their column; Textual alone sends the line from
    the widget's left edge to the end of the span."""
    for screen, expected in ((Sending(), "ABCD"), (Plain(), "0123456789" * 4 + "ABCD4567")):
        app = OneScreen(screen)
        async with app.run_test(size=(80, 10)) as pilot:
            await pilot.pause()
            cells = screen.query_one("#cells", Cells)
            cells.change(40, "ABCD", repaint=Region(36, 0, 12, 1))
            out = written(app, screen, cells)
            assert ESCAPES.sub("", out) == expected
            if isinstance(screen, Sending):
                assert MOVE.search(out).groups() == ("1", "41")  # 1-based: row 1, column 41
                cells.refresh(Region(0, 0, 80, 1))  # asked again, nothing changed
                assert ESCAPES.sub("", written(app, screen, cells)) == ""


@sync
async def test_a_cell_drawn_but_not_sent_is_sent_when_its_repaint_comes():
    """A widget may draw anew before it asks for the repaint: a cell the compositor holds
    but did not send is not taken as shown, so its repaint still sends it."""
    screen = Sending()
    app = OneScreen(screen)
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        cells = screen.query_one("#cells", Cells)
        cells.change(10, "X")  # drawn, no repaint asked yet
        cells.change(40, "Y", repaint=Region(40, 0, 1, 1))
        assert ESCAPES.sub("", written(app, screen, cells)) == "Y"
        cells.refresh(Region(10, 0, 1, 1))
        assert ESCAPES.sub("", written(app, screen, cells)) == "X"


@sync
async def test_what_the_terminal_shows_is_forgotten_when_another_screen_covers_it():
    screen = Sending()
    app = OneScreen(screen)
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        assert screen._compositor.shown  # the first frame, every line of it
        app.push_screen(Screen())
        await pilot.pause()
        assert not screen._compositor.shown


@sync
async def test_a_widget_a_layout_resized_is_not_sent_again_with_its_next_change():
    """A widget that grows is painted whole by the layout; Textual alone also keeps the
    widget's own mark of its whole region, so its next change (a cell) sends it whole
    again. The screen drops that mark once the layout has painted the widget."""
    for screen, kept in ((Sending(), False), (Plain(), True)):
        app = OneScreen(screen)
        async with app.run_test(size=(80, 10)) as pilot:
            await pilot.pause()
            grows = screen.query_one("#grows", Row)
            row = screen.query_one("#row", Row)
            grows.update("first\nsecond\nthird")
            screen._clear_arrangement_cache()  # as the layout Textual runs next does
            screen._refresh_layout(screen.size)  # that layout, run now
            assert grows.size.height == 3
            assert bool(grows._repaint_regions) is kept
            assert not row._repaint_regions  # untouched by the layout: nothing dropped
            row.refresh(Region(0, 0, 1, 1))
            assert row._repaint_regions, "a change after the layout is still sent"
