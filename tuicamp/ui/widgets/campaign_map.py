"""The campaign screen's map: the map widget with the same keys, fewer of them in the
footer, because an 80-column footer has room for the campaign's own keys too. Centre and
overview stay bound (same binding ids, so a keymap still reaches them) and are listed in
the command palette and the help."""

from __future__ import annotations

from textual.binding import Binding

from tuicamp.ui.map_widget import MapWidget


class CampaignMap(MapWidget):
    BINDINGS = [
        Binding("n", "next_army(1)", "Next", id="map.next_army"),
        Binding("c", "centre", "Centre map", show=False, id="map.centre"),
        Binding("o", "toggle_layout", "Overview map", show=False, id="map.layout"),
    ]
