"""The ledger: the seat's treasuries, income, food and fate, the supply of every army
(need against the food within reach), a chart of territories and treasury over the turns,
and what the last Resolution phase did.

Opened with ``L`` from every phase. It reads the seat's view only, the ruleset's own
ledgers as the view carries them (the seat's own players'): another Warmaster's
territories are on the map for all to see, their treasury is not, so the chart shows it
for the seat's players alone.
The chart is plain ASCII (``#`` bars in each player's colour chip), readable in 16 colours
and without colour at all.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tuicamp.engine.ruleset import Ruleset
from tuicamp.rules.rauscher.screens.data import (
    bar,
    grouped_resolution,
    money,
    rauscher_state,
    supply_rows,
)
from tuicamp.rules.rauscher.screens.style import STYLESHEET
from tuicamp.rules.rauscher.view import RauscherView
from tuicamp.rules.rauscher.view.records import ChartSeries, PlayerLedger
from tuicamp.ui.kit import CampaignView, KeyFooter, QuickOpen, marker_style

WIDTH = 74  # inside an 80-column terminal, its padding and scroll bar
TURN_COL = 5
CHART_ROWS = 12  # the most recent turns shown


def _chip(series: ChartSeries) -> Text:
    return Text(f" {series.letter} ", style=marker_style(series.colour, False))


def _income(row: PlayerLedger) -> str:
    """This turn's income while it is being collected, else the last in the ledger."""
    if row.income:
        return f"{money(row.income)} now"
    if row.last_income:
        return f"{money(row.last_income)} (T{row.last_income_turn})"
    return "-"


def purse_lines(state: RauscherView) -> list[Text]:
    head = (
        f"{'Warmaster':<16}{'Treasury':>10}{'Free':>10}{'Income':>15}{'Food':>6}"
        f"{'Land':>6}{'Fate':>6}"
    )
    out = [Text(head, style="bold")]
    for row in state.players:
        out.append(
            Text(
                f"{row.name[:15]:<16}{money(row.treasury):>10}{money(row.available):>10}"
                f"{_income(row):>15}{row.food:>6}{row.territories:>6}{row.fate:>6}"
            )
        )
    if len(out) == 1:
        out.append(Text("This seat keeps no treasury.", style="italic"))
    return out


def chart_lines(view: CampaignView, state: RauscherView, width: int = WIDTH) -> list[Text]:
    """Rows of turns, a column per player: territories held, then the treasury (the
    seat's own players only)."""
    series = state.chart
    if not series:
        return []
    col = (width - TURN_COL) // len(series)
    terr_w = max(2, (col - 16) // 2)
    purse_w = max(2, col - 16 - terr_w)
    lands = max(1, len(view.map.territories))
    purses = [pt.treasury for s in series for pt in s.points if pt.treasury is not None]
    top_purse = max(purses, default=0)
    head = Text(" " * TURN_COL)
    sub = Text("Turn".ljust(TURN_COL), style="bold")
    for s in series:
        name = Text.assemble(_chip(s), " ", s.name[: col - 5])
        name.pad_right(col - len(name.plain))
        head.append_text(name)
        sub.append(f"{'land':<{terr_w + 4}}{'treasury':<{col - terr_w - 4}}", style="bold")
    out = [head, sub]
    turns = sorted({pt.turn for s in series for pt in s.points})[-CHART_ROWS:]
    for turn in turns:
        line = Text(f"{turn:>3}  ")
        for s in series:
            pt = next((p for p in s.points if p.turn == turn), None)
            cell = Text()
            if pt is not None:
                cell.append(
                    bar(pt.territories, lands, terr_w).ljust(terr_w),
                    style=marker_style(s.colour, False) if pt.territories else "",
                )
                cell.append(f"{pt.territories:>3} ")
                if pt.treasury is None:
                    cell.append("secret", style="italic dim")
                else:
                    cells = bar(pt.treasury, top_purse, purse_w)
                    cell.append(cells, style=marker_style(s.colour, False) if cells else "")
                    cell.append(" " * (purse_w - len(cells)) + " " + money(pt.treasury))
            cell.truncate(col, pad=True)
            line.append_text(cell)
        out.append(line)
    return out


def supply_lines(state: RauscherView) -> list[Text]:
    """Need against what is within reach (the land, the towns of the army's territory,
    baggage trains within a hex); a short army tests for Desertion and Starvation in the
    Resolution phase."""
    head = f"{'Army':<25}{'Hex':>5}{'Need':>6}{'Land':>6}{'Towns':>7}{'Wagons':>8}  Supply"
    out = [Text(head, style="bold")]
    for pid in state.seat_players:
        for row in supply_rows(state, pid):
            verdict = Text("SHORT", style="bold red") if row.short else Text("ok")
            if row.starving_turns:
                verdict.append(f", hungry {row.starving_turns} t")
            out.append(
                Text.assemble(
                    f"{row.name[:24]:<25}{row.hex:>5}{row.need:>6}{row.scavenge:>6}"
                    f"{row.local:>7}{row.baggage:>8}  ",
                    verdict,
                )
            )
    if len(out) == 1:
        out.append(Text("No army of yours eats.", style="italic"))
    return out


def resolution_lines(view: CampaignView) -> list[Text]:
    out = []
    for title, texts in grouped_resolution(view):
        out.append(Text(title, style="bold"))
        out += [Text(f"  {t}") for t in texts]
    return out or [Text("No Resolution phase has been played yet.", style="italic")]


class LedgerScreen(QuickOpen, Screen[None]):
    CSS_PATH = STYLESHEET
    BINDINGS: ClassVar = [
        Binding("escape,q,L", "close", "Back", id="rauscher.ledger.close"),
    ]

    def __init__(self, view: CampaignView, ruleset: Ruleset) -> None:
        super().__init__()
        self.view = view
        self.ruleset = ruleset

    def compose(self) -> ComposeResult:
        view = self.view
        state = rauscher_state(view)
        phase = self.ruleset.phase(view.phase)
        names = ", ".join(p.name for p in state.players) if state else ""
        title = (
            f"Ledger: {names or 'onlooker'}, turn {view.turn} "
            f"({phase.title if phase else view.phase})"
        )
        yield Static(Content(title), classes="screen-title")
        with VerticalScroll(id="ledger-scroll"):
            if state is not None:
                yield Static(self._join(purse_lines(state)), id="ledger-purse")
                yield Static(Content("Territories and treasury by turn"), classes="ledger-head")
                yield Static(self._join(chart_lines(view, state)), id="ledger-chart")
                yield Static(Content("Supply per army"), classes="ledger-head")
                yield Static(self._join(supply_lines(state)), id="ledger-supply")
            yield Static(Content("The last Resolution"), classes="ledger-head")
            yield Static(self._join(resolution_lines(view)), id="ledger-resolution")
        yield KeyFooter()

    @staticmethod
    def _join(lines: list[Text]) -> Content:
        return Content("\n").join(Content.from_rich_text(t) for t in lines)

    def on_mount(self) -> None:
        self.query_one("#ledger-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
