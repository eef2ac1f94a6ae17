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
from textual.widgets import Static

from tuicamp.ui.repaint import SendsChanges, skip_before

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
MOVE = re.compile(r"\x1b\[(\d+);(\d+)H")


def test_a_strip_is_cut_at_the_span_unless_a_wide_character_would_be_split():
    plain, bold = Style(), Style(bold=True)
    line = Strip([Segment("abcd", plain), Segment("efgh", bold)])
    x, rest = skip_before(line, 10, 12)
    assert (x, rest.text) == (12, "cdefgh")
    assert skip_before(line, 10, 10) == (10, line)  # a span from the strip's start: all of it
    x, rest = skip_before(line, 10, 15)
    assert (x, rest.text) == (15, "fgh") and [s.style for s in rest] == [bold]
    wide = Strip([Segment("ab", plain), Segment("\u68eex", plain)])  # a CJK character: 2 cells
    x, rest = skip_before(wide, 0, 3)
    assert (x, rest.text) == (2, "\u68eex")  # kept whole from its segment's start


class Row(Static):
    DEFAULT_CSS = "Row { height: auto; }"


class Plain(Screen[None]):
    def compose(self) -> ComposeResult:
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


def written(app: App[None], screen: Screen[None], widget: Static, region: Region) -> str:
    """What the screen's compositor writes after ``widget`` asks to repaint ``region``."""
    widget.refresh(region)
    screen._compositor.update_widgets({widget})
    update = screen._compositor.render_partial_update()
    assert update is not None
    return update.render_segments(app.console)


@sync
async def test_a_span_is_written_from_its_first_column():
    """A change at column 40 of a line sends that column on, where Textual alone sends the
    line from the widget's left edge."""
    for screen, expected in ((Sending(), "0123"), (Plain(), "0123456789" * 4 + "0123")):
        app = OneScreen(screen)
        async with app.run_test(size=(80, 10)) as pilot:
            await pilot.pause()
            row = screen.query_one("#row", Row)
            out = written(app, screen, row, Region(40, 0, 4, 1))
            assert ESCAPES.sub("", out) == expected
            if isinstance(screen, Sending):
                assert MOVE.search(out).groups() == ("1", "41")  # 1-based: row 1, column 41


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
