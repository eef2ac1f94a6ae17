"""What a cursor step repaints: the cursor's cells on the map and the side panel's changed
cells, nothing else, counted by the regions the widgets ask Textual to refresh and by the
lines Textual asks them to render (never by timing anything).

Over a slow SSH link every repainted cell is sent again; the side panel used to be redrawn
whole on every step.
"""

from __future__ import annotations

from apps.ui_kit import make_app, make_save, sync, wait_until
from rich.segment import Segment
from rich.style import Style
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from tuicamp.ui.map_widget import MapWidget
from tuicamp.ui.panels import PanelText
from tuicamp.ui.screens.campaign import CampaignScreen
from tuicamp.ui.widgets.side_panel import ArmyPanel, HexPanel, PanelLines, changed_span


def shown(panel: PanelLines) -> list[str]:
    """The panel's rows as on screen: its lines, then blank rows to the room it keeps."""
    lines = panel.plain.split("\n") if panel.plain else []
    return lines + [""] * (panel.size.height - len(lines))


def spy_refresh(widget: Widget) -> list[Region]:
    """The regions ``widget`` asks to repaint from now on (its whole size for a bare refresh)."""
    asked: list[Region] = []
    original = widget.refresh

    def spy(*regions: Region, **kwargs: object) -> Widget:
        asked.extend(regions or [widget.size.region])
        return original(*regions, **kwargs)  # type: ignore[arg-type]

    widget.refresh = spy  # type: ignore[method-assign]
    return asked


def strip(*parts: tuple[str, Style]) -> Strip:
    return Strip([Segment(text, style) for text, style in parts])


def test_changed_span_is_the_cells_between_the_first_and_last_difference():
    plain, bold = Style(), Style(bold=True)
    a = strip(("0101 Clear", plain))
    assert changed_span(a, strip(("0101 Clear", plain))) is None
    assert changed_span(a, strip(("0201 Clear", plain))) == (1, 2)
    assert changed_span(a, strip(("0101 Forest", plain))) == (5, 11)
    restyled = strip(("0101 ", plain), ("Clear", bold))
    assert changed_span(a, restyled) == (5, 10)  # the same text in another style is a change
    wide = strip(("0101 \u68ee", plain))  # a CJK character, two cells wide
    assert changed_span(a, wide) == (0, 10)  # a wide character: the line is compared whole


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield PanelLines(id="panel")


LINES = ["0101 Clear", "The West Bank (Red)", "road to 0102", "Turn order: Red, Green"]


@sync
async def test_a_panel_repaints_only_the_cells_that_changed():
    app = PanelApp()
    async with app.run_test(size=(40, 10)) as pilot:
        panel = app.query_one(PanelLines)
        panel.set_lines([Content(t) for t in LINES])
        await pilot.pause()
        assert panel.plain == "\n".join(LINES)
        asked = spy_refresh(panel)
        calls = panel.render_line_calls

        panel.set_lines([Content(t) for t in LINES])  # the same lines: nothing to send
        assert asked == []

        panel.set_lines([Content(t) for t in ["0201 Clear", *LINES[1:]]])
        assert asked == [Region(1, 0, 1, 1)]  # one digit of the label
        await pilot.pause()
        assert panel.render_line_calls - calls == 1  # Textual rendered that line alone

        asked.clear()
        panel.set_lines([Content("0301 Clear"), Content("Turn order: Red, Green")])
        # Fewer lines: the room is kept (what follows does not move); lines 2-4 are redrawn
        # as they changed, line 4 blanked.
        assert [r.y for r in asked] == [0, 1, 2, 3] and all(r.height == 1 for r in asked)
        assert panel.size.height == 4

        panel.clear()
        await pilot.pause()
        assert panel.size.height == 0 and panel.plain == ""


@sync
async def test_a_cursor_step_repaints_the_cursor_and_the_panels_changed_lines(tmp_path):
    """On the campaign screen of a seat, one step east: the map asks for the old and the
    new cursor hex only, each panel for the lines whose text changed only."""
    save = make_save(tmp_path)
    app = make_app(tmp_path, save=save, seat="empire")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CampaignScreen), "campaign")
        screen = app.screen
        assert isinstance(screen, CampaignScreen)
        for key in "ddd":  # off the army the cursor starts on: the panels have their room
            await pilot.press(key)
        await pilot.pause()
        game_map = screen.query_one(MapWidget)
        panels = [screen.query_one(HexPanel), screen.query_one(ArmyPanel)]
        heights = [p.size.height for p in panels]
        before = [shown(p) for p in panels]
        old = game_map.cursor
        map_asked = spy_refresh(game_map)
        asked = [spy_refresh(p) for p in panels]
        calls = [p.render_line_calls for p in panels]

        await pilot.press("d")
        await pilot.pause()

        new = game_map.cursor
        assert new != old
        old_region, new_region = game_map.hex_region(old), game_map.hex_region(new)
        assert old_region is not None and new_region is not None
        cursor_cells = old_region.union(new_region)
        assert map_asked and all(cursor_cells.contains_region(r) for r in map_asked)
        for panel, was, regions, start, height in zip(
            panels, before, asked, calls, heights, strict=True
        ):
            now = shown(panel)
            assert panel.size.height == height, "the room kept: what follows stays put"
            changed = {y for y, (a, b) in enumerate(zip(was, now, strict=True)) if a != b}
            assert all(r.height == 1 for r in regions)
            assert {r.y for r in regions} == changed
            assert panel.render_line_calls - start == len(changed)
        assert asked[0], "the hex label changed, so the hex panel repainted it"


class TwoPanels(App[None]):
    """A hex panel and an army panel in a side of 8 rows, as on the campaign screen."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="side"):
            yield PanelLines(id="hex")
            yield PanelLines(id="army")


def lines(n: int, what: str) -> list[Content]:
    return [Content(f"{what} {i}") for i in range(n)]


@sync
async def test_the_room_a_panel_keeps_gives_way_in_the_step_the_panel_above_grows():
    """The army panel keeps its blank room, but when the hex panel above grows on the same
    step, the room gives way at once: the side never overflows (a scrollbar would come
    and go, and each time the whole side would be laid out and sent again)."""
    app = TwoPanels()
    async with app.run_test(size=(40, 8)) as pilot:
        side = app.query_one("#side", VerticalScroll)
        hex_panel, army = app.query_one("#hex", PanelLines), app.query_one("#army", PanelLines)
        hex_panel.set_lines(lines(1, "hex"))
        army.set_lines(lines(6, "army"))
        await pilot.pause()
        army.set_lines(lines(1, "army"))  # off the army: the room is kept
        await pilot.pause()
        assert army.size.height == 6
        hex_panel.set_lines(lines(3, "hex"))  # a hex with more to say, on the next step
        army.set_lines(lines(1, "army"))
        await pilot.pause()
        assert hex_panel.size.height == 3 and army.size.height == 5
        assert not side.show_vertical_scrollbar
        assert side.virtual_size.height <= side.scrollable_content_region.height


@sync
async def test_a_phase_panel_text_set_to_what_it_shows_repaints_nothing():
    """A phase panel is redrawn on every cursor step; its text repaints only when it
    changes, in its words or in its styles (Content compares equal on words alone)."""
    app = TextApp()
    async with app.run_test(size=(40, 6)) as pilot:
        text = app.query_one(PanelText)
        text.update(Content.from_markup("[b]Free play[/b]\nTreasury R: 10 gc"))
        await pilot.pause()
        asked = spy_refresh(text)
        text.update(Content.from_markup("[b]Free play[/b]\nTreasury R: 10 gc"))
        assert asked == []
        text.update(Content.from_markup("Free play\nTreasury R: 10 gc"))  # no longer bold
        assert asked
        asked.clear()
        text.update("Suvinen\nRotation: Red")  # markup strings, as a Static takes them
        text.update("Suvinen\nRotation: Red")
        assert len(asked) == 1
        await pilot.pause()
        assert "Rotation: Red" in str(text.render())


class TextApp(App[None]):
    def compose(self) -> ComposeResult:
        yield PanelText()
