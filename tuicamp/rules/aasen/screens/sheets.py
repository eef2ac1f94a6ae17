"""The character sheets (``C``) and the standings (``S``) of The Invasion of Hex Island.

Both read the seat's view only (``cards``): the seat's own Generals and Senior Officers
whole - Glory and the army selection it gives, what the player declared of them, advances,
skills and those still to pick, injuries, whom they Hate, their fate - and every realm's
territories, a pirate realm's counted double, with Wealth and Glory for the seat's own
realm (every realm's once the campaign is over).
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tuicamp.rules.aasen.cards import CharacterCard, Standing
from tuicamp.rules.aasen.view import AasenView
from tuicamp.ui.kit import CampaignView, KeyFooter, QuickOpen

CSS = """
.aasen-head { text-style: bold; margin-top: 1; }
.aasen-scroll { padding: 0 1; }
"""


def aasen_state(view: CampaignView) -> AasenView | None:
    state = view.ruleset_state
    return state if isinstance(state, AasenView) else None


def card_text(card: CharacterCard) -> str:
    return "\n".join(f"  {line}" for line in card.lines)


def standing_lines(rows: list[Standing]) -> list[str]:
    """A table of the realms: territories (counted), Wealth and Glory where read."""
    head = f"{'':3}{'Realm':<28}{'Land':>5}{'Counted':>8}{'Wealth':>8}{'Glory':>7}"
    out = [head]
    for place, row in enumerate(rows, start=1):
        wealth = "?" if row.wealth is None else str(row.wealth)
        glory = "?" if row.glory is None else str(row.glory)
        name = row.name + (" (pirates)" if row.pirate else "")
        rank = "out" if row.out else f"{place}."
        out.append(
            f"{rank:<3}{name[:27]:<28}{row.territories:>5}{row.counted:>8}{wealth:>8}{glory:>7}"
        )
    return out


class _AasenScreen(QuickOpen, Screen[None]):
    DEFAULT_CSS = CSS
    BINDINGS: ClassVar = [Binding("escape,q", "close", "Back", id="aasen.sheet.close")]

    def __init__(self, view: CampaignView) -> None:
        super().__init__()
        self.view = view

    def body(self, state: AasenView) -> ComposeResult:
        yield from ()

    def title_text(self) -> str:
        return ""

    def compose(self) -> ComposeResult:
        yield Static(Content(self.title_text()), classes="screen-title")
        state = aasen_state(self.view)
        with VerticalScroll(classes="aasen-scroll"):
            if state is not None:
                yield from self.body(state)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)


class CharacterScreen(_AasenScreen):
    """The seat's Generals and Senior Officers (8)."""

    def title_text(self) -> str:
        return f"Characters, year {self.view.turn}"

    def body(self, state: AasenView) -> ComposeResult:
        if not state.cards:
            yield Static(Content("No character of yours is kept."))
        for card in state.cards:
            yield Static(Content(f"{card.owner}: {card.rank} {card.name}"), classes="aasen-head")
            yield Static(Content(card_text(card)))


class StandingsScreen(_AasenScreen):
    """The realms by territories counted (4.1)."""

    def title_text(self) -> str:
        return f"Standings, year {self.view.turn}"

    def body(self, state: AasenView) -> ComposeResult:
        yield Static(Content("\n".join(standing_lines(state.standings))))
        yield Static(
            Content(
                "The realm holding most territories after the last year wins, a pirate "
                "realm's counting double; then Wealth, then the Generals' Glory (4.1). "
                "Another realm's Wealth and Glory are its own until the end."
            ),
            classes="aasen-head",
        )
