"""The battle card on screen, and its export as Markdown next to the save.

The card is :func:`tuicamp.game.battlecard.build_card`'s, the same one ``tuicamp
battles --card`` prints, so the screen, the file and the command line never disagree; this
module only lays it out with headings and hanging indents for the terminal.

Who may read it: the players who fight (the table sees both armies anyway) and the GM.
Anyone else reads it only when every army in it is fully known to their seat, so a card
never shows what fog of war hides.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tuicamp.game.battlecard import BattleCard, card_markdown
from tuicamp.ui.screens.quick_open import QuickOpen
from tuicamp.ui.widgets.key_footer import KeyFooter

HEADING = "bold"
TEXT_WIDTH = 74  # what an 80-column terminal shows inside the scroll area


def export_path(save: Path, battle_id: str) -> Path:
    """``SAVE-battle-b1.md`` next to the save, so the card travels with the campaign."""
    return save.with_name(f"{save.name.removesuffix('.toml')}-battle-{battle_id}.md")


def _wrapped(out: Text, text: str, indent: str, width: int, style: str = "") -> None:
    lines = textwrap.wrap(
        text, width, initial_indent=indent, subsequent_indent=" " * len(indent)
    ) or [indent]
    for line in lines:
        out.append(line + "\n", style=style)


def card_content(card: BattleCard, width: int = TEXT_WIDTH) -> Text:
    """The card as styled text: where and when, the table, each side's list, rules, what to
    record."""
    out = Text()
    out.append(f"Where: hex {card.where}, {card.terrain}\n", style=HEADING)
    if card.when:
        out.append(f"When: {card.when}\n")
    if card.settlement:
        out.append(f"Settlement: {card.settlement}\n")
    out.append(f"Status: {card.status}\n")
    if card.layout:
        out.append("\nLay out the table\n", style=HEADING)
        _wrapped(out, card.layout, "  ", width)
    for side in card.sides:
        who = ", ".join(side.players) or "neutral"
        out.append("\n")
        _wrapped(out, f"{side.title}: {who}, {side.points} pts", "", width, HEADING)
        for name, points, units in side.armies:
            _wrapped(out, f"{name} ({points} pts)", "  ", width, "bold")
            for line in units:
                _wrapped(out, line, "    - ", width)
        for circumstance in side.circumstances:
            _wrapped(out, circumstance, "  * ", width, "italic")
    if card.general:
        out.append("\nSpecial rules in force\n", style=HEADING)
        for line in card.general:
            _wrapped(out, line, "  * ", width)
    out.append("\nRecord after the battle\n", style=HEADING)
    for line in card.record:
        _wrapped(out, line, "  - ", width)
    out.rstrip()
    return out


class BattleCardScreen(QuickOpen, Screen[None]):
    BINDINGS: ClassVar = [
        Binding("x", "export", "Export Markdown", id="battle_card.export"),
        Binding("escape,q", "close", "Back", id="battle_card.close"),
    ]

    def __init__(
        self,
        card: BattleCard,
        export_to: Path | None,
        write: Callable[[Path, str], None] | None = None,
    ) -> None:
        super().__init__()
        self.card = card
        self.export_to = export_to
        self._write = write or _write_text

    def compose(self) -> ComposeResult:
        yield Static(Content(self.card.title), classes="screen-title")
        with VerticalScroll(id="card-scroll"):
            yield Static(card_content(self.card), id="card-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#card-scroll").focus()

    def markdown(self) -> str:
        return card_markdown(self.card)

    def action_export(self) -> None:
        if self.export_to is None:
            self.notify(
                "This campaign has no save file to write the card next to", severity="warning"
            )
            return
        try:
            self._write(self.export_to, self.markdown())
        except OSError as exc:
            self.notify(f"Cannot write {self.export_to}: {exc.strerror or exc}", severity="error")
            return
        self.notify(f"Battle card written to {self.export_to}")

    def action_close(self) -> None:
        self.dismiss(None)


def _write_text(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
