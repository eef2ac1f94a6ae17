"""A screen that sends the terminal only the cells that changed.

Three habits of Textual cost a player on a slow SSH link more than the change they show:

* A dirty span of a line is written from the left edge of the widget under it: a cursor
  step at the right of the map rewrote the map's row from its first column.
* Once a widget is laid out anew (it grew, or moved because the one above it grew), all
  of it is sent, though most of its cells may read as before: blank rows rewritten blank.
* Textual paints every widget whose place or size a layout changed (the compositor marks
  its whole region dirty), and the widget marks its own region dirty as well when it
  learns its new size. That second mark outlives the frame: it waits in the widget until
  the widget next changes, and that change then sends the whole widget again (the whole
  map on the first cursor step after the screen opened, the whole side on the step after
  the side panel grew).

So the compositor here keeps the cells it has written on each line and sends, of a dirty
span, only the runs of cells that differ from them (two runs a few cells apart go as one:
a cursor move costs about as much as the cells between; a wide character is never cut).
It records only what it wrote (a full repaint writes every cell), and forgets all of it
whenever another screen covers this one, so what it believes shown is what the terminal
shows.
And the screen drops the second mark of exactly the widgets a layout has just painted.

All of it reaches into Textual's compositor (pinned to Textual 8 in ``pyproject.toml``);
``tests/test_repaint.py`` checks what reaches the terminal.
"""

from __future__ import annotations

from rich.cells import get_character_cell_size
from rich.console import Console
from rich.control import Control
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate
from textual.geometry import Size
from textual.screen import Screen, ScreenResultType
from textual.strip import Strip

# A cell as written: its character and style; the second cell of a wide character is None.
Cell = tuple[str, Style | None] | None


class Unknown:
    """A cell not written since the screen last forgot what it showed: equal to none."""

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = object.__hash__


UNKNOWN = Unknown()
# Two differing runs closer than this go as one: a cursor move and the style it restarts
# cost about as many bytes as ten cells of one style (measured on the demo walk).
JOIN_GAP = 10


def cells_of(strips: list[Strip]) -> list[Cell]:
    """The cells of a line (its chops in order)."""
    out: list[Cell] = []
    for strip in strips:
        for segment in strip:
            text, style = segment.text, segment.style
            if len(text) == segment.cell_length:
                out.extend((ch, style) for ch in text)
                continue
            for ch in text:
                width = get_character_cell_size(ch)
                if width:
                    out.append((ch, style))
                    out.extend([None] * (width - 1))
    return out


def differing_runs(
    old: list[Cell | Unknown], new: list[Cell], x1: int, x2: int
) -> list[tuple[int, int]]:
    """The runs ``[start, end)`` of ``[x1, x2)`` where the new cells differ from the old,
    runs less than :data:`JOIN_GAP` apart joined, none starting or ending inside a wide
    character."""
    runs: list[list[int]] = []
    end = min(x2, len(new))
    x = x1
    while x < end:
        if old[x] == new[x]:
            x += 1
            continue
        start = x
        while x < end and old[x] != new[x]:
            x += 1
        if runs and start - runs[-1][1] < JOIN_GAP:
            runs[-1][1] = x
        else:
            runs.append([start, x])
    out = []
    for start, stop in runs:
        while start > 0 and new[start] is None:  # back to the wide character's first cell
            start -= 1
        while stop < len(new) and new[stop] is None:  # on to its last
            stop += 1
        out.append((start, stop))
    return out


def run_strip(cells: list[Cell], start: int, stop: int) -> Strip:
    """The cells ``[start, stop)`` as a strip, one segment per style."""
    segments: list[Segment] = []
    text: list[str] = []
    style: Style | None = None
    for cell in cells[start:stop]:
        if cell is None:
            continue
        ch, cell_style = cell
        if cell_style != style and text:
            segments.append(Segment("".join(text), style))
            text = []
        style = cell_style
        text.append(ch)
    if text:
        segments.append(Segment("".join(text), style))
    return Strip(segments, stop - start)


class SpanChopsUpdate(ChopsUpdate):
    """Textual's partial update, of each span only the cells that differ from what the
    line shows (see the module).

    ``shown`` holds, per line, the cells this screen wrote there, ``UNKNOWN`` where it has
    written nothing since it last forgot: only cells written are recorded, never a cell
    the compositor holds but did not send (a widget may have drawn anew before asking for
    its repaint; recording that cell as shown would keep it from ever being sent).
    """

    def __init__(self, update: ChopsUpdate, shown: dict[int, list[Cell | Unknown]]) -> None:
        super().__init__(update.chops, update.spans, update.chop_ends)
        self.shown = shown

    def _cells(self, y: int, lines: dict[int, list[Cell]]) -> list[Cell]:
        new = lines.get(y)
        if new is None:
            new = lines[y] = cells_of([strip for strip in self.chops[y].values() if strip])
        return new

    def render_segments(self, console: Console) -> str:
        sequences: list[str] = []
        append = sequences.append
        move_to = Control.move_to
        lines: dict[int, list[Cell]] = {}
        for y, x1, x2 in self.spans:
            new = self._cells(y, lines)
            old = self.shown.get(y)
            if old is None or len(old) != len(new):
                old = self.shown[y] = [UNKNOWN] * len(new)
            for start, stop in differing_runs(old, new, x1, x2):
                append(move_to(start, y).segment.text)
                append(run_strip(new, start, stop).render(console))
                old[start:stop] = new[start:stop]
        return "".join(sequences)


class SpanCompositor(Compositor):
    """The compositor of a :class:`SendsChanges` screen: its partial updates are
    :class:`SpanChopsUpdate`, and it keeps the cells last written on each line."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: dict[int, list[Cell | Unknown]] = {}

    def forget(self) -> None:
        """What the terminal shows is no longer known (another screen drew over it)."""
        self.shown.clear()

    def render_full_update(self, simplify: bool = False) -> LayoutUpdate:
        """The whole screen, every line of it what the terminal will show."""
        update = super().render_full_update(simplify=simplify)
        self.shown = {
            y: list(cells_of([strip for strip in line if strip]))
            for y, line in enumerate(update.strips, update.region.y)
        }
        return update

    def render_partial_update(self) -> ChopsUpdate | None:
        update = super().render_partial_update()
        if update is None:
            return None
        return SpanChopsUpdate(update, self.shown)


class SendsChanges(Screen[ScreenResultType]):
    """A Screen that sends only the cells that changed, and a widget a layout changed once
    (see the module)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._compositor = SpanCompositor()

    def _on_screen_suspend(self) -> None:
        super()._on_screen_suspend()
        self._span_compositor.forget()

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        self._span_compositor.forget()
        super()._on_screen_resume(event)

    @property
    def _span_compositor(self) -> SpanCompositor:
        compositor = self._compositor
        assert isinstance(compositor, SpanCompositor)
        return compositor

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        old = self._compositor._full_map
        super()._refresh_layout(size, scroll)
        new = self._compositor._full_map
        if new is old:  # a scroll reflows only what is visible: nothing was laid out anew
            return
        for widget, geometry in new.items():
            if old.get(widget) != geometry:
                # painted whole by this layout: what it marked for itself is done
                widget._repaint_regions.clear()
