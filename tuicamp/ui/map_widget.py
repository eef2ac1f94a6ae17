"""The hex map widget: a Line API view over MapRenderer with a per-row strip cache.

Why the Line API: a 200 x 200 map is an 803 x 401 character canvas in the brick layout.
Rendering it as one big renderable would redraw everything on every cursor step. Instead
each canvas row is rendered once into a ``Strip`` (cached by row), cropped to the
viewport on scroll, and a change to the cursor, a marker or an overlay throws away only
the rows of the hexes that changed and refreshes only their cells, so the terminal is
sent a few cells per step instead of a screen.

The app drives the widget through a small API (``set_map``, ``set_borders``,
``set_markers``, ``declare_overlays`` and the overlays of each kind: ``set_overlay``
(labels), ``set_side_overlay``, ``set_route``, ``set_area``, ``clear_overlay``,
``clear_overlays``; the ``cursor`` and ``map_layout`` reactives) and listens for
``MapWidget.CursorMoved`` and ``MapWidget.Selected``. The widget never touches campaign
state. What each overlay draws, and which wins a cell, is :mod:`tuicamp.ui.map_layers`.

Keys (every binding has an id, so a user keymap can rebind it with ``App.set_keymap``)::

     w e        NW NE          up/down: straight up/down the screen (NE/NW or
    a   d  ->  W     E         SE/SW depending on the row), left/right: W/E
     z x        SW SE

    n / N  next / previous own army     c  centre on the cursor
    enter  select the hex               o  toggle brick / dense overview
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import var
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tuicamp.model.hexes import Hex, Hexside, SideOf
from tuicamp.model.map import HexMap
from tuicamp.model.terrain import BASE_VOCABULARY
from tuicamp.ui.map_layers import Borders, MapLayers, Mark, Marker, OverlayLook
from tuicamp.ui.map_layouts import LAYOUTS
from tuicamp.ui.map_render import (
    DIRECTION_BY_NAME,
    MapRenderer,
    check_look_colours,
    legend_lines,
)

# Vertical steps keep the offset column: from an even row that neighbour is NE/SE, from
# an odd row NW/SW, so repeated presses go straight up or down the screen.
VERTICAL_STEPS: dict[str, int] = {"up": -1, "down": 1}


def step(h: Hex, move: str) -> Hex:
    """The hex one move away: a hex direction name (E, NE, ...) or 'up' / 'down'."""
    if move in VERTICAL_STEPS:
        return Hex.from_offset(h.col, h.row + VERTICAL_STEPS[move])
    try:
        return h.neighbour(DIRECTION_BY_NAME[move])
    except KeyError:
        raise ValueError(f"unknown map move {move!r}") from None


class MapWidget(ScrollView, can_focus=True):
    """A scrollable hex map with a cursor, unit markers and overlays.

    Scrollbars are hidden by default (``scrollbar-size: 0 0``): the view follows the
    cursor, an 80x24 screen keeps its last row and column for the map, and Textual's
    scrollbar glyphs are not ASCII. An app may style them back on.
    """

    DEFAULT_CSS = """
    MapWidget {
        scrollbar-size: 0 0;
        background: $surface;
    }
    """

    BINDINGS = [
        Binding("w", "move('NW')", "NW", show=False, id="map.nw"),
        Binding("e", "move('NE')", "NE", show=False, id="map.ne"),
        Binding("a", "move('W')", "W", show=False, id="map.w"),
        Binding("d", "move('E')", "E", show=False, id="map.e"),
        Binding("z", "move('SW')", "SW", show=False, id="map.sw"),
        Binding("x", "move('SE')", "SE", show=False, id="map.se"),
        Binding("left", "move('W')", "W", show=False, id="map.left"),
        Binding("right", "move('E')", "E", show=False, id="map.right"),
        Binding("up", "move('up')", "Up", show=False, id="map.up"),
        Binding("down", "move('down')", "Down", show=False, id="map.down"),
        Binding("n", "next_army(1)", "Next army", id="map.next_army"),
        Binding("N", "next_army(-1)", "Prev army", show=False, id="map.prev_army"),
        Binding("c", "centre", "Centre", id="map.centre"),
        Binding("enter", "select", "Select", id="map.select"),
        Binding("o", "toggle_layout", "Overview", id="map.layout"),
    ]

    cursor: var[Hex] = var(Hex(0, 0), init=False)
    """The hex under the cursor; setting it repaints two hexes and scrolls it into view."""

    show_cursor: var[bool] = var(True, init=False)
    """Draw the cursor; a map shown as a picture (a scenario preview) turns it off."""

    map_layout: var[str] = var("brick", init=False)
    """'brick' (4 x 2 cells a hex, every hexside drawn) or 'dense' (2 x 1 overview)."""

    class CursorMoved(Message):
        """The cursor moved to another hex."""

        def __init__(self, map_widget: MapWidget, hex: Hex) -> None:
            super().__init__()
            self.map_widget = map_widget
            self.hex = hex

        @property
        def control(self) -> MapWidget:
            return self.map_widget

    class Selected(Message):
        """The player chose the hex under the cursor (Enter or a double click)."""

        def __init__(self, map_widget: MapWidget, hex: Hex) -> None:
            super().__init__()
            self.map_widget = map_widget
            self.hex = hex

        @property
        def control(self) -> MapWidget:
            return self.map_widget

    def __init__(
        self,
        hexmap: HexMap | None = None,
        *,
        map_layout: str = "brick",
        show_cursor: bool = True,
        cache_rows: int = 1024,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        if map_layout not in LAYOUTS:
            raise ValueError(f"unknown map layout {map_layout!r} (use one of {LAYOUTS})")
        self._layers = MapLayers(cursor=Hex(0, 0) if show_cursor else None)
        self._borders = Borders()
        self._map: HexMap | None = None
        self._renderer: MapRenderer | None = None
        self._rows: LRUCache[int, Strip] = LRUCache(cache_rows)
        self._base: Style | None = None
        self._frame_style: Style | None = None
        self.lines_rendered = 0
        """Canvas rows rendered from scratch (row-cache misses); tests and benchmarks read it."""
        self.render_line_calls = 0
        """Calls of render_line (cache hits included)."""
        self.set_reactive(MapWidget.map_layout, map_layout)
        self.set_reactive(MapWidget.show_cursor, show_cursor)
        if hexmap is not None:
            self.set_map(hexmap)

    # --- the API the app uses -----------------------------------------------------------
    @property
    def hexmap(self) -> HexMap | None:
        return self._map

    @property
    def layers(self) -> MapLayers:
        """Markers, overlays and cursor as drawn (read them; change them via the setters)."""
        return self._layers

    @property
    def borders(self) -> Borders:
        """Which borders the map draws (territories, owners, both or none)."""
        return self._borders

    def set_map(self, hexmap: HexMap, borders: Borders | None = None) -> None:
        """Show another map (or the same one after its terrain, sides or territories
        changed), with ``borders`` drawn as given (None: as before)."""
        self._map = hexmap
        if borders is not None:
            self._borders = borders
        self._rebuild()
        cursor = self.validate_cursor(self.cursor)
        self.set_reactive(MapWidget.cursor, cursor)
        self._layers.set_cursor(cursor if self.show_cursor else None)

    def set_borders(self, borders: Borders) -> None:
        """Draw other borders (by territory, by owner or team, both, none): the map's
        picture is indexed again, so only when they change."""
        if borders != self._borders:
            self._borders = borders
            self._rebuild()

    def set_markers(self, markers: Mapping[Hex, Marker]) -> None:
        """Replace every unit marker; only hexes whose marker changed are repainted."""
        self.refresh_hexes(self._layers.set_markers(markers))

    def declare_overlays(self, looks: Mapping[str, OverlayLook]) -> None:
        """The ruleset's overlays and their looks, after the core's in precedence; the
        legend lists them. Raises ValueError, naming the look, for one the map cannot draw."""
        check_look_colours(looks.values())
        self._layers.declare(looks)
        self._rows.clear()
        self.refresh()

    def set_overlay(self, name: str, labels: Mapping[Hex, str]) -> None:
        """Show (or replace) a labels overlay such as 'reach' {hex: '3'}."""
        self.refresh_hexes(self._layers.set_overlay(name, labels))

    def set_side_overlay(self, name: str, marks: Mapping[SideOf, Mark | str]) -> None:
        """Show (or replace) a side overlay: a mark on each recorded hex side."""
        self.refresh_hexes(self._layers.set_side_overlay(name, marks))

    def set_route(
        self, name: str, *paths: Sequence[Hex], labels: Mapping[Hex, str] | None = None
    ) -> None:
        """Show (or replace) a route overlay such as 'path': lines of neighbouring hexes."""
        self.refresh_hexes(self._layers.set_route(name, *paths, labels=labels))

    def set_area(self, name: str, hexes: Iterable[Hex]) -> None:
        """Show (or replace) an area overlay: these hexes shaded."""
        self.refresh_hexes(self._layers.set_area(name, hexes))

    def clear_overlay(self, name: str) -> None:
        self.refresh_hexes(self._layers.clear_overlay(name))

    def clear_overlays(self) -> None:
        """Every overlay off the map, of every kind (a hand-over leaves none behind)."""
        self.refresh_hexes(self._layers.clear_overlays())

    def refresh_hexes(self, hexes: Iterable[Hex | Hexside]) -> None:
        """Re-render the rows of these hexes (and hexsides) and repaint just their cells.

        Call it after changing a hex's terrain in place (``HexMap.set_terrain``); after
        changing hexsides, territories or settlements call ``set_map`` again.

        Regions on one line are merged into one span: Textual writes each dirty span of a
        line from the widget's left edge, so one span per line is the fewest bytes.
        """
        renderer = self._renderer
        if renderer is None or self._map is None:
            return
        sx, sy = self.scroll_offset
        view = self.size.region
        spans: dict[int, tuple[int, int]] = {}
        for item in hexes:
            if isinstance(item, Hexside):
                found = renderer.side_region(item)
                if found is None:
                    continue
                x, y, w, _ = found
            elif self._map.contains(item):
                x, y, w, _ = renderer.hex_region(item)
            else:
                continue
            self._rows.discard(y)
            x1, x2 = spans.get(y, (x, x + w))
            spans[y] = (min(x1, x), max(x2, x + w))
        regions = []
        for y, (x1, x2) in spans.items():
            visible = Region(x1 - sx, y - sy, x2 - x1, 1).intersection(view)
            if visible.area:
                regions.append(visible)
        if regions:
            self.refresh(*regions)

    def hex_region(self, h: Hex) -> Region | None:
        """Where a hex's interior is on the widget right now (None when scrolled away)."""
        if self._renderer is None:
            return None
        x, y, w, height = self._renderer.hex_region(h)
        sx, sy = self.scroll_offset
        visible = Region(x - sx, y - sy, w, height).intersection(self.size.region)
        return visible if visible.area else None

    def hex_at(self, x: int, y: int) -> Hex | None:
        """The hex drawn at widget-relative cell (x, y), if any."""
        if self._renderer is None:
            return None
        sx, sy = self.scroll_offset
        return self._renderer.hex_at(x + sx, y + sy)

    def legend(self) -> list[Text]:
        """Legend lines for the glyphs and colours on the map (the app shows them): the
        map's vocabulary, every declared overlay, and the borders as drawn."""
        vocabulary = self._map.vocabulary if self._map is not None else BASE_VOCABULARY
        return legend_lines(
            overlays=self._layers.legend_looks(), borders=self._borders, vocabulary=vocabulary
        )

    def centre_on(self, h: Hex) -> None:
        self.scroll_to_hex(h, centre=True)

    def scroll_to_hex(self, h: Hex, centre: bool = False) -> None:
        """Scroll so the hex and its sides are in view, keeping a hex of margin.

        When the hex would leave the margin the view re-centres on it along that axis,
        instead of creeping one hex at a time, so a walk along the edge repaints the
        whole map once every half screen, not on every step.
        """
        if self._renderer is None:
            return
        grid = self._renderer.grid
        x, y, w, height = grid.focus_box(h.col, h.row)
        vw, vh = self.scrollable_content_region.size
        sx, sy = self.scroll_offset
        target_x = _axis_target(sx, vw, x, w, grid.hex_w, centre)
        target_y = _axis_target(sy, vh, y, height, grid.hex_h, centre)
        if (target_x, target_y) != (sx, sy):
            self.scroll_to(target_x, target_y, animate=False, force=True)

    # --- reactives ------------------------------------------------------------------------
    def validate_cursor(self, h: Hex) -> Hex:
        if self._map is None:
            return h
        col = min(max(h.col, 0), self._map.width - 1)
        row = min(max(h.row, 0), self._map.height - 1)
        return h if (col, row) == h.offset else Hex.from_offset(col, row)

    def watch_cursor(self, old: Hex, new: Hex) -> None:
        self.refresh_hexes(self._layers.set_cursor(new if self.show_cursor else None))
        self.scroll_to_hex(new)
        self.post_message(self.CursorMoved(self, new))

    def watch_show_cursor(self, show: bool) -> None:
        self.refresh_hexes(self._layers.set_cursor(self.cursor if show else None))

    def validate_map_layout(self, value: str) -> str:
        if value not in LAYOUTS:
            raise ValueError(f"unknown map layout {value!r} (use one of {LAYOUTS})")
        return value

    def watch_map_layout(self, value: str) -> None:
        self._rebuild()
        self.call_after_refresh(self._centre_cursor)

    def _centre_cursor(self) -> None:
        self.centre_on(self.cursor)

    # --- actions --------------------------------------------------------------------------
    def action_move(self, move: str) -> None:
        target = step(self.cursor, move)
        if self._map is not None and not self._map.contains(target):
            return
        self.cursor = target

    def action_next_army(self, direction: int = 1) -> None:
        """Jump to the next (or previous) own army in reading order, wrapping around."""
        own = sorted((h.row, h.col) for h, m in self._layers.markers.items() if m.own)
        if not own:
            self.app.bell()
            return
        here = self.cursor.offset[::-1]
        if direction >= 0:
            nxt = next((rc for rc in own if rc > here), own[0])
        else:
            nxt = next((rc for rc in reversed(own) if rc < here), own[-1])
        self.cursor = Hex.from_offset(nxt[1], nxt[0])

    def action_centre(self) -> None:
        self.centre_on(self.cursor)

    def action_select(self) -> None:
        self.post_message(self.Selected(self, self.cursor))

    def action_toggle_layout(self) -> None:
        self.map_layout = LAYOUTS[(LAYOUTS.index(self.map_layout) + 1) % len(LAYOUTS)]

    # --- events ---------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        h = self.hex_at(offset.x, offset.y)
        if h is None:
            return
        self.cursor = h
        if event.chain >= 2:
            self.post_message(self.Selected(self, h))

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._keep_cursor_in_view)

    def _keep_cursor_in_view(self) -> None:
        """Read the cursor when it runs, not when it was scheduled: keys may come between."""
        self.scroll_to_hex(self.cursor)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._rows.clear()

    # --- the Line API ---------------------------------------------------------------------
    def _rebuild(self) -> None:
        self._rows.clear()
        if self._map is None:
            self._renderer = None
            self.virtual_size = Size(0, 0)
        else:
            self._renderer = MapRenderer(self._map, self.map_layout, self._base, self._borders)
            self.virtual_size = Size(self._renderer.width, self._renderer.height)
        self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        """One frame's lines. The widget's own style is read once per frame, not once per
        line: ``rich_style`` walks the widget's ancestors, and at 200x60 that walk cost a
        third of a warm frame."""
        self._frame_style = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._frame_style = None

    def render_line(self, y: int) -> Strip:
        self.render_line_calls += 1
        width = self.size.width
        base = self._frame_style or self.rich_style
        renderer = self._renderer
        if renderer is None:
            return Strip.blank(width, base)
        if base != self._base:
            self._base = base
            renderer.set_base(base)
            self._rows.clear()
        sx, sy = self.scroll_offset
        row = sy + y
        if row >= renderer.height:
            return Strip.blank(width, base)
        strip = self._rows.get(row)
        if strip is None:
            strip = Strip(renderer.render_row(row, self._layers), renderer.width)
            self._rows[row] = strip
            self.lines_rendered += 1
        return strip.crop_extend(sx, sx + width, base)


def _axis_target(start: int, view: int, pos: int, size: int, margin: int, centre: bool) -> int:
    """New scroll position along one axis so [pos, pos+size) sits inside the view."""
    margin = max(0, min(margin, (view - size) // 2))
    if centre or pos - margin < start or pos + size + margin > start + view:
        return max(0, pos + size // 2 - view // 2)
    return start
