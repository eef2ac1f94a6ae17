"""The year at a glance (``Y``) of The Invasion of Hex Island: its segments in the text's
order with the one being played marked (4, 5), whom the segment waits for - the realms
still to hand in their sealed sheets (5.3), the Generals still to declare in Initiative
order or the realm to stand or withdraw (5.4), the trade offers to answer (5.2) - and the
seat's own ledgers. Side panels clip what a small map leaves no room for; a club reads
the whole of the year's business here, at any terminal size.

It reads the seat's view only, as ``tuicamp show --as SEAT`` does: another realm's sheet
is a name still to hand in, never its contents, until the reveal.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from tuicamp.rules.aasen.screens.sheets import _AasenScreen
from tuicamp.rules.aasen.view import AasenView
from tuicamp.ui.kit import CampaignView

# The year's segments as the ruleset's phases name them (4: "Start of turn phase ...
# Battles ... End of the turn phase").
SEGMENTS = (
    ("earn", "Support and Resources"),
    ("trade", "Trade"),
    ("purchases", "Promotions & Purchases"),
    ("declare", "Invasions are declared"),
    ("battles", "Battles"),
    ("end", "End of the turn"),
)


def segment_lines(phase: str) -> list[str]:
    """The year's segments, the one being played marked with ``>``."""
    return [
        f"{'>' if pid == phase else ' '} {n}. {name}" for n, (pid, name) in enumerate(SEGMENTS, 1)
    ]


def year_lines(view: CampaignView) -> list[str]:
    """Whom the segment waits for, then every line the seat reads (label: text): its own
    books and characters, and what all may know."""
    waiting = [f"  {line}" for line in view.pending] or ["  nobody's declaration"]
    own = [f"  {line.label}: {line.text}" for line in view.seat_status()]
    return ["Waiting for:", *waiting, "", "Your seat reads:", *(own or ["  nothing"])]


class YearScreen(_AasenScreen):
    """The year's segments, whose turn it is, and the seat's business in it."""

    def __init__(self, view: CampaignView) -> None:
        super().__init__(view)

    def title_text(self) -> str:
        return f"Year {self.view.turn}"

    def body(self, state: AasenView) -> ComposeResult:
        yield Static(Content("\n".join(segment_lines(self.view.phase))))
        yield Static(Content("\n".join(year_lines(self.view))), classes="aasen-head")
