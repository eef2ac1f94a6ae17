"""War Points standings (``W``, R-EL-24): each side's ledger, the prisoners and war machines
it holds, its own prisoners taken back, and - for the seat's own side, or for everyone once
the war is over - its divisions of 1,000 pts or more and its total as the war would end now.
A table of plain text, ranked by a number before the name, so no colour is needed."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tuicamp.rules.ellegaard.screens.data import ellegaard_state
from tuicamp.rules.ellegaard.view import StandingRow
from tuicamp.ui.kit import CampaignView, KeyFooter

HEAD = (
    f"{'#':<3}{'Side':<22}{'WP':>5}{'Prisoners':>11}{'Machines':>10}{'Back':>6}{'Divs':>6}"
    f"{'At end':>8}"
)


def row_text(rank: int, row: StandingRow) -> str:
    divs = str(row.divisions) if row.divisions >= 0 else "?"
    total = str(row.total) if row.total >= 0 else "?"
    return (
        f"{rank:<3}{row.name[:21]:<22}{row.war_points:>5}{row.prisoners:>11}{row.machines:>10}"
        f"{row.taken_back:>6}{divs:>6}{total:>8}"
    )


def standing_lines(view: CampaignView) -> list[str]:
    state = ellegaard_state(view)
    if state is None:
        return ["No war is being fought."]
    when = "The war is over" if state.over else f"Hour {state.hour} of {state.hours}"
    out = [f"{when}: War Points", "", HEAD]
    out += [row_text(i, row) for i, row in enumerate(state.standings, start=1)]
    out += [
        "",
        "At the end: 1 per enemy prisoner held, 1 per own prisoner taken back,",
        "2 per enemy war machine held, 5 per own division of 1,000 pts or more",
        "(R-EL-24, R-EL-39). ? : another side's divisions are counters until the end.",
    ]
    return out


class StandingsScreen(Screen[None]):
    BINDINGS: ClassVar = [Binding("escape,q,W", "close", "Back", id="ellegaard.standings.close")]
    DEFAULT_CSS = "StandingsScreen #ellegaard-standings { padding: 0 1; }"

    def __init__(self, view: CampaignView) -> None:
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        yield Static(Content("\n".join(standing_lines(self.view))), id="ellegaard-standings")
        yield KeyFooter()

    def action_close(self) -> None:
        self.dismiss(None)
