"""The realm map's year (5.3-5.7): the side panel's line of the segment and the keys to
the year's screens, and on the map every invasion declared as a route (``>``), every
fleet put out (``F``) and its patrol area (``~`` on a blue tint). The realms' borders and
colours are the core's owner borders (``realm_borders``). Every look has a glyph, so the
map reads in 16 colours and in monochrome alike; all of it is public (``mapmarks``).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.content import Content

from tuicamp.rules.aasen.screens.sheets import aasen_state
from tuicamp.rules.aasen.screens.year import SEGMENTS
from tuicamp.ui.kit import (
    AREA,
    LABELS,
    ROUTE,
    CampaignControls,
    OverlayLook,
    PanelText,
    PhasePanel,
)

INVASIONS, FLEETS, PATROLS = "aasen.invasions", "aasen.fleets", "aasen.patrols"
OVERLAYS: dict[str, OverlayLook] = {
    INVASIONS: OverlayLook(ROUTE, ">", "bright_red", "an invasion declared this year (5.4)"),
    FLEETS: OverlayLook(LABELS, "F", "bright_cyan", "a fleet put out this year (5.3)"),
    PATROLS: OverlayLook(AREA, "~", "blue", "a fleet's patrol area (5.3)"),
}
KEYS = "Y the year  C characters  S standings  B battles"
NAMES = dict(SEGMENTS)


class RealmPanel(PhasePanel):
    DEFAULT_CSS = """
    RealmPanel { height: auto; padding: 0 1; }
    RealmPanel .aasen-keys { color: $foreground-muted; }
    """
    OVERLAYS_DRAWN = tuple(OVERLAYS)

    def __init__(self, controls: CampaignControls, **kwargs: Any) -> None:
        super().__init__(controls, **kwargs)
        self.text = PanelText(id="aasen-year-text")

    def compose(self) -> ComposeResult:
        yield self.text
        yield PanelText(Content(KEYS), classes="aasen-keys")

    def refresh_view(self) -> None:
        try:
            view = self.controls.view
        except RuntimeError:  # handing over: nothing of any seat is drawn
            return
        state = aasen_state(view)
        if state is None:
            return
        self.text.update(Content(f"Year {view.turn}: {NAMES.get(view.phase, view.phase)}"))
        widget = self.map_widget()
        if widget is None:
            return
        marks = state.marks
        widget.set_route(INVASIONS, *marks.routes)
        widget.set_overlay(FLEETS, dict.fromkeys(marks.fleets, "F"))
        widget.set_area(PATROLS, marks.patrols)


def panel_for(controls: CampaignControls, phase: str) -> PhasePanel | None:
    """The same panel in every segment: the marks it draws are the year's."""
    return RealmPanel(controls, id="aasen-realm-panel")
