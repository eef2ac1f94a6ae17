"""Map markers from a seat's view: one chip per hex with armies, in the owner's colour,
with the stack count; the seat's own armies are marked so ``n`` can jump between them."""

from __future__ import annotations

from tuicamp.engine.views import CampaignView
from tuicamp.model.hexes import Hex
from tuicamp.ui.map_layers import Marker


def markers_for(view: CampaignView) -> dict[Hex, Marker]:
    stacks: dict[Hex, list] = {}
    for army in view.armies:
        if army.hex is not None:
            stacks.setdefault(army.hex, []).append(army)
    out: dict[Hex, Marker] = {}
    for h, armies in stacks.items():
        own = [a for a in armies if a.owner in view.players_controlled]
        shown = own[0] if own else armies[0]
        owner = view.player(shown.owner)
        out[h] = Marker(
            letter=owner.letter if owner else "?",
            colour=owner.colour if owner else "white",
            count=len(armies),
            own=bool(own),
        )
    return out
