"""The flight and pursuit screen (``F``): each of the seat's divisions that flees, pursues
or has a foe fleeing from it, with what the rules let it do now - a fleeing division
"may in its command phase try to rally by rolling equal to or under the general's Ld
value" (automatic inside a friendly city or the home base), the victor may pursue, and a
pursuer "may gather his troops again which takes one turn" (R-EL-21, R-EL-40). Up and down
choose a division; ``r`` rallies it, ``p`` pursues the first division fleeing from it, ``g``
gathers its troops. Plain text with a marker before the chosen line: no colour needed."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tuicamp.rules.api import Action
from tuicamp.rules.ellegaard.flight import Gather, Pursue, Rally
from tuicamp.rules.ellegaard.screens.data import (
    BLANK,
    CURSOR,
    army_name,
    ellegaard_state,
    wrapped,
)
from tuicamp.rules.ellegaard.view import DivisionLine
from tuicamp.ui.kit import CampaignView, KeyFooter

KEYS = "up/down choose a division; r rally, p pursue, g gather"


def in_flight(line: DivisionLine) -> bool:
    """Whether a division has anything to do with a flight: fleeing, pursuing, or a foe
    fleeing from it that it could pursue."""
    return bool(line.flees_from or line.pursues or line.quarry)


def flight_lines(view: CampaignView, line: DivisionLine, chosen: bool, phase: str) -> list[str]:
    """One division: whom it flees or pursues, and what it may do in this phase."""
    head = f"{line.name} ({line.points:,} pts), general {line.general}"
    out = wrapped(head, CURSOR if chosen else BLANK)
    if line.flees_from:
        out += wrapped(
            f"flees from {army_name(view, line.flees_from)}: 2d6 hexes away each Move "
            "phase until it rallies (R-EL-21)"
        )
        if phase == "command":
            out += wrapped("r: rally now, 2d6 at most its general's Ld")
        else:
            out += wrapped(
                "rally in its Command phase; automatic inside a friendly walled city "
                "or the home base"
            )
    if line.pursues:
        out += wrapped(
            f"pursues {army_name(view, line.pursues)}: p pursue again (2d6 hexes towards it), "
            "g gather its troops, its whole Move (R-EL-40)"
        )
    fleeing = [q for q in line.quarry if q != line.pursues]
    if fleeing:
        names = ", ".join(army_name(view, q) for q in fleeing)
        out += wrapped(
            f"{names} flees from it: p pursue in the Move phase, 2d6 hexes; "
            "reaching its hex catches it"
        )
    return out


class FlightScreen(Screen[Action | None]):
    """Answers a rally, a pursuit or a gathering for the highlighted division, or None."""

    BINDINGS: ClassVar = [
        Binding("escape,q,F", "close", "Back", id="ellegaard.flight.close"),
        Binding("up", "move(-1)", "Previous", show=False, id="ellegaard.flight.up"),
        Binding("down", "move(1)", "Next", show=False, id="ellegaard.flight.down"),
        Binding("r", "rally", "Rally", id="ellegaard.flight.rally"),
        Binding("p", "pursue", "Pursue", id="ellegaard.flight.pursue"),
        Binding("g", "gather", "Gather", id="ellegaard.flight.gather"),
    ]
    DEFAULT_CSS = """
    FlightScreen #ellegaard-flight-title { text-style: bold; padding: 0 1; }
    FlightScreen #ellegaard-flight-list { padding: 0 1; }
    FlightScreen #ellegaard-flight-keys { padding: 0 1; color: $foreground-muted; }
    """

    def __init__(self, view: CampaignView) -> None:
        super().__init__()
        self.view = view
        state = ellegaard_state(view)
        self.lines = [d for d in state.divisions if in_flight(d)] if state is not None else []
        self.index = 0

    def compose(self) -> ComposeResult:
        state = ellegaard_state(self.view)
        hour = f", hour {state.hour} of {state.hours}" if state is not None else ""
        yield Static(Content(f"Flight and pursuit{hour}"), id="ellegaard-flight-title")
        with VerticalScroll():
            yield Static(id="ellegaard-flight-list")
        yield Static(Content(KEYS), id="ellegaard-flight-keys")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        state = ellegaard_state(self.view)
        phase = state.phase if state is not None else "command"
        out: list[str] = []
        for i, line in enumerate(self.lines):
            out += flight_lines(self.view, line, i == self.index, phase)
        if not out:
            out = ["No division of this seat flees or pursues, and none flees from it."]
        self.query_one("#ellegaard-flight-list", Static).update(Content("\n".join(out)))

    def _chosen(self) -> DivisionLine | None:
        return self.lines[self.index] if self.lines else None

    def action_move(self, step: int) -> None:
        if self.lines:
            self.index = (self.index + step) % len(self.lines)
            self.redraw()

    def action_rally(self) -> None:
        line = self._chosen()
        if line is not None and line.flees_from:
            self.dismiss(Rally(division=line.army))

    def action_pursue(self) -> None:
        line = self._chosen()
        if line is None:
            return
        target = line.pursues or (line.quarry[0] if line.quarry else "")
        if target:
            self.dismiss(Pursue(division=line.army, target=target))

    def action_gather(self) -> None:
        line = self._chosen()
        if line is not None and line.pursues:
            self.dismiss(Gather(division=line.army))

    def action_close(self) -> None:
        self.dismiss(None)
