"""The side panel of the hour, and what it draws on the map (R-EL-2, R-EL-27, R-EL-36).

The panel says whose Command or Move phase it is and the seat's keys; on the map it shades
the attention zones of every enemy division the seat can see ("everything within two
squares", the option ``zone_radius``: ``z`` on a magenta tint), marks the tunnel hexes the
seat may know (``T``: the text's "fat, brown line") and the quicksand (``q``). Every look
has a glyph, so the map reads in 16 colours and in monochrome alike.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from tuicamp.rules.api import Hex, parse_label
from tuicamp.rules.ellegaard.screens.data import ellegaard_state, name_of
from tuicamp.rules.kit.words import possessive
from tuicamp.ui.kit import (
    AREA,
    LABELS,
    CampaignControls,
    CampaignView,
    OverlayLook,
    PhasePanel,
)

ZONES, TUNNELS, QUICKSAND = "ellegaard.zones", "ellegaard.tunnels", "ellegaard.quicksand"
OVERLAYS: dict[str, OverlayLook] = {
    TUNNELS: OverlayLook(LABELS, "T", "yellow", "Skaven tunnel (R-EL-27)"),
    QUICKSAND: OverlayLook(LABELS, "q", "bright_red", "quicksand: a 6 on a D6 is lost (R-EL-36)"),
    ZONES: OverlayLook(AREA, "z", "magenta", "an enemy's attention zone (R-EL-2)"),
}
KEYS = "C commands  M meetings  F flight  W War Points  B battles  t end phase"


def zone_hexes(view: CampaignView, radius: int) -> set[Hex]:
    """The hexes of the attention zones of the enemy divisions the seat sees."""
    mine = set(view.players_controlled)
    out: set[Hex] = set()
    for army in view.armies:
        if army.hex is None or army.owner in mine:
            continue
        for h in view.map.hexes():
            if h.distance(army.hex) <= radius:
                out.add(h)
    return out


def labels(view: CampaignView, texts: tuple[str, ...], glyph: str) -> dict[Hex, str]:
    out: dict[Hex, str] = {}
    for text in texts:
        h = parse_label(text)
        if view.map.contains(h):
            out[h] = glyph
    return out


class HourPanel(PhasePanel):
    DEFAULT_CSS = """
    HourPanel { height: auto; padding: 0 1; margin-bottom: 1; }
    HourPanel .ellegaard-keys { color: $foreground-muted; }
    """
    OVERLAYS_DRAWN = tuple(OVERLAYS)

    def __init__(self, controls: CampaignControls, **kwargs: Any) -> None:
        super().__init__(controls, **kwargs)
        self.text = Static(id="ellegaard-hour-text")

    def compose(self) -> ComposeResult:
        yield self.text
        yield Static(Content(KEYS), classes="ellegaard-keys")

    def refresh_view(self) -> None:
        try:
            view = self.controls.view
        except RuntimeError:  # handing over: nothing of any seat is drawn
            return
        state = ellegaard_state(view)
        if state is None:
            return
        phase = "Command" if state.phase == "command" else "Move"
        who = name_of(view, state.player)
        self.text.update(
            Content(f"Hour {state.hour} of {state.hours}: {possessive(who)} {phase} phase")
        )
        widget = self.map_widget()
        if widget is None:
            return
        widget.set_area(ZONES, zone_hexes(view, state.zone_radius))
        widget.set_overlay(TUNNELS, labels(view, state.tunnels, "T"))
        widget.set_overlay(QUICKSAND, labels(view, state.quicksand, "q"))


def panel_for(controls: CampaignControls, phase: str) -> PhasePanel | None:
    return HourPanel(controls, id="ellegaard-hour-panel") if phase == "hour" else None
