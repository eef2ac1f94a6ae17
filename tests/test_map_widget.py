"""MapWidget in a real (headless) Textual app: keys, messages, scrolling, partial repaints."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from apps.ui_kit import paint_settled
from textual.app import App, ComposeResult
from textual.color import Color
from textual.filter import NoColor
from textual.geometry import Region

from tuicamp.model.hexes import Hex, Hexside, SideOf
from tuicamp.model.map import HexMap, Territory
from tuicamp.ui.map_layers import OWNER, SIDES, Borders, Mark, Marker, OverlayLook
from tuicamp.ui.map_widget import MapWidget

SIZE = (80, 24)
APPS = Path(__file__).parent / "apps"


def sync(test: Callable[..., Awaitable[None]]) -> Callable[..., None]:
    """Run an async pilot test without an asyncio pytest plugin (none is installed)."""

    @functools.wraps(test)
    def run(*args, **kwargs) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


def H(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def big_map() -> HexMap:
    """200 x 200, mostly clear, with some forest rows and a river so rows are not trivial."""
    m = HexMap.blank(200, 200)
    for row in range(0, 200, 7):
        m.terrain[row] = "f" * 200
    for row in range(200):
        m.add_feature("river", Hexside(H(20, row), H(21, row)))
    return m


class MapApp(App):
    def __init__(self, start: Hex | None = None) -> None:
        super().__init__()
        self.start = start or H(10, 10)
        self.moves: list[Hex] = []
        self.selected: list[Hex] = []

    def compose(self) -> ComposeResult:
        yield MapWidget(big_map())

    def on_mount(self) -> None:
        widget = self.query_one(MapWidget)
        widget.cursor = self.start
        widget.focus()

    def on_map_widget_cursor_moved(self, message: MapWidget.CursorMoved) -> None:
        self.moves.append(message.hex)

    def on_map_widget_selected(self, message: MapWidget.Selected) -> None:
        self.selected.append(message.hex)


class RefreshSpy:
    """Records what the widget asks to repaint; a call without regions means 'everything'."""

    def __init__(self, widget: MapWidget) -> None:
        self.widget = widget
        self.regions: list[Region] = []
        self.full = 0
        self._original = widget.refresh
        widget.refresh = self  # type: ignore[method-assign]

    def __call__(self, *regions: Region, **kwargs):
        if regions:
            self.regions.extend(regions)
        else:
            self.full += 1
        return self._original(*regions, **kwargs)

    def reset(self) -> None:
        self.regions.clear()
        self.full = 0


# Expected neighbours written out by hand from the odd-r picture, not computed by the code.
EVEN_MOVES = {"e": (10, 9), "w": (9, 9), "d": (11, 10), "a": (9, 10), "x": (10, 11), "z": (9, 11)}
ODD_MOVES = {
    "e": (11, 10),
    "w": (10, 10),
    "d": (11, 11),
    "a": (9, 11),
    "x": (11, 12),
    "z": (10, 12),
}


@pytest.mark.parametrize(
    ("start", "moves"), [((10, 10), EVEN_MOVES), ((10, 11), ODD_MOVES)], ids=["even", "odd"]
)
@sync
async def test_hex_keys_move_to_the_neighbour(start, moves) -> None:
    app = MapApp(H(*start))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        for key, expected in moves.items():
            widget.cursor = H(*start)
            await pilot.press(key)
            assert widget.cursor.offset == expected, key
            assert widget.cursor.is_adjacent(H(*start))


@sync
async def test_arrows_go_straight_up_and_down_the_screen() -> None:
    app = MapApp(H(10, 10))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        seen = [widget.cursor]
        for key in ["up", "up", "up", "down", "left", "right", "right"]:
            await pilot.press(key)
            assert widget.cursor.is_adjacent(seen[-1])
            seen.append(widget.cursor)
        assert [h.offset for h in seen] == [
            (10, 10),
            (10, 9),
            (10, 8),
            (10, 7),
            (10, 8),
            (9, 8),
            (10, 8),
            (11, 8),
        ]
        assert app.moves[-1] == H(11, 8)


@sync
async def test_cursor_stays_on_the_map() -> None:
    app = MapApp(H(0, 0))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        for key in ["a", "w", "e", "up", "left"]:
            await pilot.press(key)
            assert widget.cursor == H(0, 0), key
        widget.cursor = H(500, -3)
        assert widget.cursor == H(199, 0)


@sync
async def test_cursor_step_repaints_only_a_few_cells() -> None:
    app = MapApp(H(5, 5))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        await paint_settled(pilot)
        spy = RefreshSpy(widget)
        for key in ["d", "x", "z", "w", "e", "a"]:
            spy.reset()
            rendered, calls = widget.lines_rendered, widget.render_line_calls
            await pilot.press(key)
            await pilot.pause()
            assert spy.full == 0, key
            assert 1 <= len(spy.regions) <= 2, key
            # two hexes of five cells each: the W side, the interior and the E side,
            # where the cursor's frame is drawn
            assert sum(r.area for r in spy.regions) <= 10, spy.regions
            assert all(r.height == 1 for r in spy.regions)
            assert widget.lines_rendered - rendered <= 2, key
            assert widget.render_line_calls - calls <= 2, key


@sync
async def test_same_row_step_is_one_merged_span() -> None:
    app = MapApp(H(5, 5))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        await paint_settled(pilot)
        spy = RefreshSpy(widget)
        await pilot.press("d")
        x0 = 4 * 5 + 2 + 1  # odd row; W side of the old hex to the interior of the new one
        assert spy.regions == [Region(x0 - 1, 11, 9, 1)]  # and the new E side (the frame)


@sync
async def test_scrolling_follows_the_cursor() -> None:
    app = MapApp(H(1, 1))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        await pilot.pause()
        assert widget.scroll_offset == (0, 0)
        for _ in range(30):
            await pilot.press("d")
            assert widget.hex_region(widget.cursor) is not None
        assert widget.cursor == H(31, 1)
        assert widget.scroll_offset.x > 0
        for _ in range(20):
            await pilot.press("down")
            assert widget.hex_region(widget.cursor) is not None
        assert widget.scroll_offset.y > 0
        region = widget.hex_region(widget.cursor)
        view = widget.scrollable_content_region
        assert region is not None
        assert region.x >= 0 and region.right <= view.width
        assert region.y >= 0 and region.bottom <= view.height


@sync
async def test_next_own_army_and_centre() -> None:
    app = MapApp(H(0, 0))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        widget.set_markers(
            {
                H(120, 150): Marker("A", "blue", own=True),
                H(60, 40): Marker("A", "blue", 2, own=True),
                H(3, 3): Marker("B", "red"),
            }
        )
        await pilot.press("n")
        assert widget.cursor == H(60, 40)
        assert widget.hex_region(widget.cursor) is not None
        await pilot.press("n")
        assert widget.cursor == H(120, 150)
        await pilot.press("n")
        assert widget.cursor == H(60, 40)  # wraps round
        await pilot.press("N")
        assert widget.cursor == H(120, 150)
        for _ in range(3):
            await pilot.press("a")
        await pilot.press("c")
        region = widget.hex_region(widget.cursor)
        assert region is not None
        view = widget.scrollable_content_region
        assert abs(region.x + 1 - view.width // 2) <= 3
        assert abs(region.y - view.height // 2) <= 1


@sync
async def test_enter_selects_and_click_moves() -> None:
    app = MapApp(H(4, 4))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        await pilot.press("enter")
        assert app.selected == [H(4, 4)]
        x0, y = 4 * 2 + 1, 2 * 2 + 1  # hex (2, 2), on screen at the top left
        await pilot.click(MapWidget, offset=(x0 + 1, y))
        assert widget.cursor == H(2, 2)
        await pilot.click(MapWidget, offset=(x0 - 1, y))  # a side, not a hex
        assert widget.cursor == H(2, 2)


@sync
async def test_markers_and_overlays_repaint_only_changed_hexes() -> None:
    app = MapApp(H(2, 2))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        await paint_settled(pilot)
        spy = RefreshSpy(widget)
        rendered = widget.lines_rendered
        widget.set_markers({H(5, 4): Marker("A", "red", 3)})
        await pilot.pause()
        assert spy.full == 0
        assert spy.regions == [Region(4 * 5, 9, 5, 1)]
        assert widget.lines_rendered - rendered == 1
        line = "".join(seg.text for seg in widget.render_line(9))
        assert line[4 * 5 + 1 : 4 * 5 + 4] == ".A3"

        spy.reset()
        rendered = widget.lines_rendered
        widget.set_overlay("reach", {H(150, 150): "3", H(151, 150): "4"})  # far off-screen
        await pilot.pause()
        assert spy.regions == [] and spy.full == 0
        assert widget.lines_rendered == rendered

        widget.set_overlay("marks", {H(6, 4): "*", H(7, 4): "*"})
        await pilot.pause()
        assert spy.regions == [Region(4 * 6, 9, 9, 1)]  # one span on one line
        widget.clear_overlay("marks")
        line = "".join(seg.text for seg in widget.render_line(9))
        assert "*" not in line


@sync
async def test_terrain_edit_repaints_the_hex_and_its_west_side() -> None:
    app = MapApp(H(0, 0))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        await paint_settled(pilot)
        spy = RefreshSpy(widget)
        assert widget.hexmap is not None
        widget.hexmap.set_terrain(H(5, 4), "m")
        widget.refresh_hexes([H(5, 4)])
        assert spy.regions == [Region(4 * 5, 9, 5, 1)]
        cells = []
        for seg in widget.render_line(9):
            cells.extend((ch, seg.style) for ch in seg.text)
        x0 = 4 * 5 + 1
        assert cells[x0][0] == "M" and cells[x0 - 1][0] == "|"
        assert cells[x0 - 1][1].bgcolor == cells[x0][1].bgcolor != cells[x0 - 5][1].bgcolor


@sync
async def test_bindings_have_ids_a_keymap_can_rebind() -> None:
    app = MapApp(H(10, 10))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        ids = {b.id for b in MapWidget.BINDINGS}
        assert {"map.ne", "map.nw", "map.e", "map.w", "map.se", "map.sw"} <= ids
        assert {"map.next_army", "map.centre", "map.select", "map.up", "map.down"} <= ids
        app.set_keymap({"map.ne": "i"})
        await pilot.press("i")
        assert widget.cursor == H(10, 9)


@sync
async def test_zoom_levels_go_round_and_keep_the_cursor() -> None:
    app = MapApp(H(100, 120))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        await pilot.press("o")
        await pilot.pause()
        assert widget.map_layout == "dense"
        assert widget.virtual_size == (401, 200)
        assert widget.cursor == H(100, 120)
        assert widget.hex_region(widget.cursor) is not None
        await pilot.press("d")
        assert widget.cursor == H(101, 120)
        await pilot.press("o")
        await pilot.pause()
        assert widget.map_layout == "wide"  # the zoom levels go round: overview, wide
        assert widget.virtual_size == (6 * 200 + 4, 401)
        assert widget.cursor == H(101, 120)
        assert widget.hex_region(widget.cursor) is not None
        await pilot.press("o")
        await pilot.pause()
        assert widget.map_layout == "brick"
        assert widget.hex_region(widget.cursor) is not None


@sync
async def test_cursor_and_own_army_survive_no_color() -> None:
    """NO_COLOR strips colours (Textual's NoColor filter); the cursor's frame and the own
    army's glyph are glyphs, and reverse and underline remain."""
    app = MapApp(H(3, 2))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        widget.set_markers({H(4, 2): Marker("A", "red", own=True)})
        await pilot.pause()
        strip = widget.render_line(5)
        segments = NoColor().apply(list(strip), Color(0, 0, 0))
        styled = []
        for seg in segments:
            styled.extend((ch, seg.style) for ch in seg.text)
        x0 = 4 * 3 + 1
        assert "".join(ch for ch, _ in styled[x0 - 1 : x0 + 7]) == "[.  ].A*"
        assert all(style.reverse for _, style in styled[x0 - 1 : x0 + 4])
        assert not any(style.reverse for _, style in styled[x0 + 4 :])
        assert styled[x0 + 5][1].underline
        assert all(style.color is None or style.color.is_default for _, style in styled)


@sync
async def test_set_map_replaces_the_map_and_clamps_the_cursor() -> None:
    app = MapApp(H(150, 150))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        widget.set_map(HexMap.blank(10, 8, "m"))
        await pilot.pause()
        assert widget.cursor == H(9, 7)
        assert widget.virtual_size == (43, 17)
        line = "".join(seg.text for seg in widget.render_line(1 - widget.scroll_offset.y))
        assert "M" in line and "f" not in line


@sync
async def test_show_cursor_off_draws_no_cursor() -> None:
    app = MapApp(H(2, 2))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        await pilot.pause()

        def reversed_cells() -> int:
            return sum(len(s.text) for s in widget.render_line(5) if s.style and s.style.reverse)

        assert reversed_cells() == 5  # the interior and its frame
        widget.show_cursor = False
        assert reversed_cells() == 0
        await pilot.press("d")
        assert reversed_cells() == 0
        widget.show_cursor = True
        assert reversed_cells() == 5  # the interior and its frame


def test_legend_lists_declared_overlays_and_undeclared_ones_in_use() -> None:
    widget = MapWidget(HexMap.blank(3, 3))
    widget.declare_overlays({"control": CONTROL_LOOK})
    widget.set_overlay("supply", {H(0, 0): "s"})
    text = "\n".join(line.plain for line in widget.legend())
    assert "on a side: side held" in text and "Clear" in text
    assert "supply: overlay nobody declared" in text
    assert "border between owners" not in text
    widget.set_borders(Borders(OWNER))
    assert "border between owners" in "\n".join(line.plain for line in widget.legend())


def test_a_look_the_map_cannot_draw_is_refused_when_declared() -> None:
    widget = MapWidget(HexMap.blank(3, 3))
    with pytest.raises(ValueError, match="'heather' is not a colour"):
        widget.declare_overlays({"moor": OverlayLook(SIDES, "m", "heather", "moorland")})


# --- layers on the widget: what they repaint -------------------------------------------------

CONTROL_LOOK = OverlayLook(SIDES, "x", "bright_white", "side held")


def line_text(widget: MapWidget, y: int) -> str:
    return "".join(seg.text for seg in widget.render_line(y))


@sync
async def test_a_side_mark_repaints_its_one_side_cell() -> None:
    app = MapApp(H(2, 2))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        widget.declare_overlays({"control": CONTROL_LOOK})
        await paint_settled(pilot)
        spy = RefreshSpy(widget)
        rendered = widget.lines_rendered
        side = SideOf(H(5, 4), 1)  # NE: on the line between hex rows 3 and 4
        widget.set_side_overlay("control", {side: Mark("a", "red")})
        await pilot.pause()
        x0, y = 4 * 5 + 1, 2 * 4 + 1
        assert spy.full == 0
        assert spy.regions == [Region(x0 + 2, y - 1, 1, 1)]
        assert widget.lines_rendered - rendered == 1
        assert line_text(widget, y - 1)[x0 + 2] == "a"
        widget.set_side_overlay("control", {SideOf(H(5, 4), 3): "b"})  # now its W side
        await pilot.pause()
        assert line_text(widget, y - 1)[x0 + 2] == "\\"
        assert line_text(widget, y)[x0 - 1] == "b"


@sync
async def test_a_cursor_step_repaints_a_disputed_side_and_nothing_more() -> None:
    """The shared-side rule: the hex under the cursor shows its own record of a side the two
    hexes disagree about, so stepping on or off it repaints that one side cell too."""
    app = MapApp(H(4, 4))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        widget.declare_overlays({"control": CONTROL_LOOK})
        upper, lower = H(5, 3), H(6, 4)  # 0604 and 0705: the upper hex's SE side
        widget.set_side_overlay(
            "control", {SideOf.between(upper, lower): "u", SideOf.between(lower, upper): "l"}
        )
        await pilot.pause()
        x, y = 4 * 5 + 2 + 1 + 2, 2 * 3 + 1 + 1  # SE of the odd-row hex: (x0 + 2, y + 1)
        assert line_text(widget, y)[x] == "u"
        await paint_settled(pilot)
        spy = RefreshSpy(widget)
        await pilot.press("d")  # (5, 4): neither hex of the side
        await pilot.pause()
        assert spy.regions == [Region(4 * 4, 9, 9, 1)]  # a plain step: nothing more
        spy.reset()
        await pilot.press("d")  # onto the lower hex: its own record shows
        await pilot.pause()
        assert line_text(widget, y)[x] == "l"
        assert Region(x, y, 1, 1) in spy.regions
        assert sum(r.area for r in spy.regions) == 9 + 1
        spy.reset()
        await pilot.press("x")  # off both: the upper hex's record again
        await pilot.pause()
        assert line_text(widget, y)[x] == "u"
        assert Region(x, y, 1, 1) in spy.regions


@sync
async def test_a_route_repaints_its_hexes_and_the_sides_between_them() -> None:
    app = MapApp(H(2, 2))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        await paint_settled(pilot)
        spy = RefreshSpy(widget)
        widget.set_route("path", [H(4, 4), H(5, 4), H(6, 4)], labels={H(6, 4): "2"})
        await pilot.pause()
        x0, y = 4 * 4 + 1, 2 * 4 + 1
        assert spy.regions == [Region(x0 + 3, y, 9, 1)]  # one span: sides and hexes
        assert line_text(widget, y)[x0 : x0 + 11] == ".  *.* *.2 "
        widget.clear_overlays()
        await pilot.pause()
        assert line_text(widget, y)[x0 : x0 + 11] == ".  |.  |.  "


@sync
async def test_owner_borders_are_chosen_per_map_and_kept() -> None:
    app = MapApp(H(2, 2))
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one(MapWidget)
        hexmap = HexMap.blank(6, 4)
        hexmap.territories = [
            Territory(str(h), str(h), [h], owner="anna" if h.col < 3 else "bert")
            for h in hexmap.hexes()
        ]
        widget.set_map(hexmap, borders=Borders(OWNER))
        await pilot.pause()
        x0, y = 4 * 3 + 1, 1
        assert line_text(widget, y)[x0 - 1] == "!" and line_text(widget, y)[x0 - 5] == "|"
        widget.set_map(hexmap)  # the same borders until told otherwise
        assert line_text(widget, y)[x0 - 1] == "!"
        rendered = widget.lines_rendered
        widget.set_borders(Borders(OWNER))  # no change, no rebuild
        assert widget.render_line(y) and widget.lines_rendered == rendered
        widget.set_borders(Borders())
        assert line_text(widget, y)[x0 - 5] == ":"


def test_snapshot_brick(snap_compare) -> None:
    assert snap_compare(str(APPS / "map_app.py"), press=["d", "x", "x"], terminal_size=SIZE)


def test_snapshot_dense(snap_compare) -> None:
    assert snap_compare(str(APPS / "map_app.py"), press=["o"], terminal_size=SIZE)


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
def test_snapshot_layers(snap_compare, size) -> None:
    """Owner borders between realms, two contested hexes' side marks (the cursor's own record
    on the side they dispute), a fleet's route across a river, a march, a patrol area."""
    assert snap_compare(str(APPS / "layers_app.py"), terminal_size=size)


def test_snapshot_layers_dense(snap_compare) -> None:
    assert snap_compare(str(APPS / "layers_app.py"), press=["o"], terminal_size=SIZE)
