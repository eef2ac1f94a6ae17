"""A small deterministic map app for MapWidget snapshot tests (every feature on screen)."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tuicamp.model.hexes import Hex, Hexside
from tuicamp.model.map import HexMap, Settlement, Territory
from tuicamp.ui.map_layers import Marker
from tuicamp.ui.map_widget import MapWidget


def H(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def demo_map() -> HexMap:
    rows = []
    letters = ".fhmsdjwl~"
    for r in range(20):
        rows.append("".join(letters[(c // 3 + r // 3) % len(letters)] for c in range(30)))
    m = HexMap(30, 20, rows)
    for row in range(12):
        m.add_feature("river", Hexside(H(8, row), H(9, row)))
    m.add_feature("bridge", Hexside(H(8, 4), H(9, 4)))
    m.add_feature("ford", Hexside(H(8, 8), H(9, 8)))
    for col in range(2, 8):
        m.add_feature("road", Hexside(H(col, 4), H(col + 1, 4)))
    m.add_feature("stream", Hexside(H(3, 6), H(3, 7)))
    m.add_feature("wall", Hexside(H(12, 2), H(12, 3)))
    m.territories = [
        Territory("w", "West", [h for h in m.hexes() if h.col < 9]),
        Territory("e", "East", [h for h in m.hexes() if h.col >= 9 and h.row < 8]),
    ]
    m.settlements = [
        Settlement("a", "capital", "Altdorf", H(4, 3)),
        Settlement("b", "village", "Bogen", H(11, 5)),
        Settlement("c", "castle", "Carroburg", H(14, 2)),
        Settlement("d", "tower", "Dunkel", H(6, 8)),
    ]
    return m


class MapSnapshotApp(App):
    def compose(self) -> ComposeResult:
        yield MapWidget(demo_map())

    def on_mount(self) -> None:
        widget = self.query_one(MapWidget)
        widget.set_markers(
            {
                H(4, 3): Marker("E", "blue", 2, own=True),
                H(11, 5): Marker("O", "green", 1),
                H(12, 6): Marker("O", "green", 12),
            }
        )
        start = H(5, 5)
        widget.set_overlay("reach", {h: str(start.distance(h)) for h in start.within(2)})
        widget.set_route("path", [start, H(6, 5), H(7, 5)])
        widget.cursor = start
        widget.focus()


if __name__ == "__main__":
    MapSnapshotApp().run()
