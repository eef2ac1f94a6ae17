"""A deterministic map app showing every layer (for MapWidget snapshot tests).

Realms of one-hex territories with owner borders (as Aasen's map has them), two contested
hexes side by side whose sides are held by two players (they disagree about the side they
share; the cursor stands on the eastern one, so it shows its own record), a fleet's route
across a river and a march's planned path, a patrol area, and armies.
"""

from __future__ import annotations

from textual.app import App, ComposeResult

from tuicamp.model.hexes import Hex, Hexside, SideOf
from tuicamp.model.map import HexMap, Territory
from tuicamp.ui.map_layers import AREA, OWNER, SIDES, Borders, Mark, Marker, OverlayLook
from tuicamp.ui.map_widget import MapWidget

CONTROL = "control"
PATROL = "patrol"
LOOKS = {
    CONTROL: OverlayLook(SIDES, "x", "bright_white", "side held (the holder's letter)"),
    PATROL: OverlayLook(AREA, "p", "magenta", "patrol area"),
}
ANNA = Mark("a", "red")
BERT = Mark("b", "blue")


def H(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def realm_of(h: Hex) -> str | None:
    """Three realms and some unclaimed land, in blocks a player reads at a glance."""
    if h.row >= 9:
        return None
    if h.col < 7:
        return "anna"
    return "bert" if h.col < 13 or h.row < 4 else "carl"


def layers_map() -> HexMap:
    letters = ".f.h.~"
    rows = [
        "".join(letters[(c // 4 + r // 3) % len(letters)] for c in range(30)) for r in range(20)
    ]
    m = HexMap(30, 20, rows)
    for row in range(2, 10):
        m.add_feature("river", Hexside(H(10, row), H(11, row)))
    m.add_feature("road", Hexside(H(5, 5), H(6, 5)))
    m.territories = [Territory(f"t{h}", str(h), [h], owner=realm_of(h)) for h in m.hexes()]
    return m


def contested() -> dict[SideOf, Mark]:
    """Two contested hexes, 0704 and 0804: anna holds most of the first, bert of the
    second, and each hex records the side they share as its own holder's."""
    west, east = H(6, 3), H(7, 3)
    marks = {SideOf(west, d): ANNA for d in range(6)}
    marks[SideOf(west, 4)] = BERT
    marks.update({SideOf(east, d): BERT for d in range(6)})
    marks[SideOf(east, 1)] = ANNA
    return marks


class LayersSnapshotApp(App):
    def __init__(self, layout: str = "brick") -> None:
        super().__init__()
        self.layout = layout

    def compose(self) -> ComposeResult:
        widget = MapWidget(map_layout=self.layout)
        widget.set_map(layers_map(), borders=Borders(OWNER))
        yield widget

    def on_mount(self) -> None:
        widget = self.query_one(MapWidget)
        widget.declare_overlays(LOOKS)
        widget.set_markers(
            {
                H(3, 6): Marker("A", "red", 2, own=True),
                H(13, 2): Marker("B", "blue"),
                H(7, 3): Marker("B", "blue"),
            }
        )
        widget.set_side_overlay(CONTROL, contested())
        fleet = [H(8, 7), H(9, 7), H(10, 7), H(11, 7), H(12, 6), H(13, 6), H(14, 6)]
        widget.set_route("route", fleet)
        widget.set_route(
            "path", [H(3, 6), H(4, 6), H(4, 5), H(5, 5), H(6, 5)], labels={H(6, 5): "4"}
        )
        widget.set_area(PATROL, [h for h in H(15, 2).within(1)])
        widget.cursor = H(7, 3)
        widget.focus()


if __name__ == "__main__":
    LayersSnapshotApp().run()
