"""The overlays Rauscher draws on the map, declared to the core through ``RulesetUI``.

The core draws only its own overlays (the planned path, the reach, a route); these are
Rauscher's, with the look the legend shows: the zones of influence of the other players'
armies (R-RA-4's doubled cost: "z" on a magenta tint, so a zone reads in monochrome too)
and supply lines ("s" in bright cyan).
"""

from __future__ import annotations

from tuicamp.ui.kit import AREA, LABELS, OverlayLook

ZONES = "zoi"
SUPPLY = "supply"

OVERLAYS: dict[str, OverlayLook] = {
    SUPPLY: OverlayLook(LABELS, "s", "bright_cyan", "supply line"),
    ZONES: OverlayLook(AREA, "z", "magenta", "zone of influence (costs double to enter)"),
}
