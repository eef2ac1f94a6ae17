"""The Invasion of Hex Island on the campaign screen: the map draws the realms' borders
(one border round each realm's land, whichever of its players acts), and ending a
segment is the core's end of phase. The core's side panel shows the status lines."""

from __future__ import annotations

from tuicamp.rules.api import EndPhase
from tuicamp.ui.kit import Borders, CampaignControls, RulesetUI


def realm_borders(controls: CampaignControls) -> Borders:
    """Territories belong to realms (their team ids), so the owner border is the realm's."""
    return Borders("owner")


def aasen_ui() -> RulesetUI:
    return RulesetUI(end_turn_action=lambda: EndPhase(), map_borders=realm_borders)
