"""The campaign screen's map: the map widget with the same keys, fewer of them in the
footer, because an 80-column footer has room for the campaign's own keys too. Centre and
zoom stay bound (same binding ids, so a keymap still reaches them) and are listed in the
command palette, the help and the map legend.

At a large terminal the map uses the space: until the player picks a zoom level with
``o``, a map opened in the brick layout is drawn in whichever of the brick and the wide
brick fills the map's width best (``fitting_layout``), again at every resize. It also
tells the screen how many rows its drawing needs (``CanvasFitted``), so the chronicle
below can take the rows the map leaves empty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.binding import Binding
from textual.message import Message

from tuicamp.ui.map_render import GRIDS
from tuicamp.ui.map_widget import MapWidget

if TYPE_CHECKING:
    from tuicamp.model.map import HexMap
    from tuicamp.ui.map_layers import Borders

# The layouts the map chooses between by itself: both draw every hexside; the dense
# overview is only ever the player's choice.
FITTING_LAYOUTS: tuple[str, ...] = ("brick", "wide")


def fitting_layout(map_width: int, map_height: int, view_width: int) -> str:
    """The layout whose canvas width is nearest the view's (the smaller one on a tie):
    the wide brick when the brick would leave a wide margin, the brick otherwise."""

    def miss(layout: str) -> int:
        return abs(GRIDS[layout].canvas_size(map_width, map_height)[0] - view_width)

    return min(FITTING_LAYOUTS, key=miss)


class CampaignMap(MapWidget):
    BINDINGS = [
        Binding("n", "next_army(1)", "Next", id="map.next_army"),
        Binding("c", "centre", "Centre map", show=False, id="map.centre"),
        Binding("o", "toggle_layout", "Zoom map", show=False, id="map.layout"),
    ]

    class CanvasFitted(Message):
        """The map's drawing is ``rows`` rows high, in a widget ``height`` rows high."""

        def __init__(self, rows: int, height: int) -> None:
            super().__init__()
            self.rows = rows
            self.height = height

    def __init__(self, *, map_layout: str = "brick", **kwargs: Any) -> None:
        super().__init__(map_layout=map_layout, **kwargs)
        self.fits_layout = map_layout == "brick"
        """Whether the map still picks its layout by the space (until ``o`` is pressed)."""
        self._fitted: tuple[int, int] | None = None

    def set_map(self, hexmap: HexMap, borders: Borders | None = None) -> None:
        super().set_map(hexmap, borders)
        self._fit()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def action_toggle_layout(self) -> None:
        self.fits_layout = False
        super().action_toggle_layout()

    def watch_map_layout(self, value: str) -> None:
        super().watch_map_layout(value)
        self._report_rows()

    def _fit(self) -> None:
        hexmap = self.hexmap
        if hexmap is not None and self.fits_layout and self.size.width:
            best = fitting_layout(hexmap.width, hexmap.height, self.size.width)
            if best != self.map_layout:
                self.map_layout = best
                return
        self._report_rows()

    def _report_rows(self) -> None:
        """Tell the screen the drawing's height, once per change of it or of the map's."""
        if self.hexmap is None or not self.size.height:
            return
        fitted = (self.virtual_size.height, self.size.height)
        if fitted != self._fitted:
            self._fitted = fitted
            self.post_message(self.CanvasFitted(*fitted))
