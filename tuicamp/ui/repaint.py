"""A screen that sends the terminal only what changed: each dirty span of a line from where
the change starts, and each widget a layout moved painted once.

Two habits of Textual cost a player on a slow SSH link more than the change they show:

* A dirty span of a line is written from the left edge of the widget under it: a cursor
  step at the right of the map rewrote the map's row from its first column. The span is
  written here from the span's first column instead (never cutting a wide character),
  and to its end as before; every span starts with a cursor move, so no new line is
  written between two.
* Textual paints every widget whose place or size a layout changed (the compositor marks
  its whole region dirty), and the widget marks its own region dirty as well when it
  learns its new size. That second mark outlives the frame: it waits in the widget until
  the widget next changes, and that change then sends the whole widget again (the whole
  map on the first cursor step after the screen opened, the whole side on the step after
  the side panel grew). The marks of exactly the widgets the layout has just painted are
  dropped.

Both reach into Textual's compositor (pinned to Textual 8 in ``pyproject.toml``); the
snapshot tests and ``tests/test_repaint.py`` check what reaches the screen.
"""

from __future__ import annotations

from rich.console import Console
from rich.control import Control
from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Size
from textual.screen import Screen, ScreenResultType
from textual.strip import Strip


def skip_before(strip: Strip, x: int, x1: int) -> tuple[int, Strip]:
    """``strip`` (starting at column ``x``) from column ``x1`` on: the column it now
    starts at, and what is left of it. The segment reaching into ``x1`` is cut at ``x1``
    when its characters are one cell each; one holding a wide character is kept whole,
    so no character is ever cut in half."""
    if x >= x1:
        return x, strip
    skipped = 0
    for segment in strip:
        width = segment.cell_length
        if x + skipped + width > x1:
            if width == len(segment.text):
                skipped = x1 - x
            break
        skipped += width
    return x + skipped, strip.crop(skipped)


class SpanChopsUpdate(ChopsUpdate):
    """Textual's partial update, each span written from where it starts (see the module)."""

    def render_segments(self, console: Console) -> str:
        sequences: list[str] = []
        append = sequences.append
        move_to = Control.move_to
        for y, x1, x2 in self.spans:
            for end, (x, strip) in zip(self.chop_ends[y], self.chops[y].items(), strict=False):
                if strip is None or x > x2 or end <= x1:
                    continue
                x, strip = skip_before(strip, x, x1)
                if end > x2:
                    strip = strip.crop(0, x2 - x)
                append(move_to(x, y).segment.text)
                append(strip.render(console))
        return "".join(sequences)


class SpanCompositor(Compositor):
    """The compositor of a :class:`SendsChanges` screen: its partial updates are
    :class:`SpanChopsUpdate`."""

    def render_partial_update(self) -> ChopsUpdate | None:
        update = super().render_partial_update()
        if update is None:
            return None
        return SpanChopsUpdate(update.chops, update.spans, update.chop_ends)


class SendsChanges(Screen[ScreenResultType]):
    """A Screen that writes dirty spans from where they start and paints a widget a layout
    changed once (see the module)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._compositor = SpanCompositor()

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
