"""Every unit of the armies on one hex, as far as the seat may know them."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from tuicamp.engine.views import ArmyView, CampaignView
from tuicamp.model.words import counted
from tuicamp.ui.screens.quick_open import QuickOpen
from tuicamp.ui.widgets.key_footer import KeyFooter


def unit_rows(army: ArmyView) -> list[tuple[str, ...]]:
    return [
        (
            u.name,
            str(u.points),
            u.category.value.replace("_", " "),
            str(u.movement),
            str(u.leadership),
            str(u.models),
            ", ".join(sorted(u.flags)),
        )
        for u in army.units
    ]


class ArmyScreen(QuickOpen, Screen[None]):
    BINDINGS = [Binding("escape,q,v", "close", "Back", id="army.close")]

    def __init__(self, view: CampaignView, armies: list[ArmyView]) -> None:
        super().__init__()
        self.view = view
        self.armies = armies

    def compose(self) -> ComposeResult:
        where = self.view.map.label(self.armies[0].hex) if self.armies[0].hex else "off the map"
        yield Static(Content(f"Armies at {where}"), classes="screen-title")
        yield DataTable(id="army-table", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("unit", "pts", "category", "M", "Ld", "models", "flags")
        for army in self.armies:
            owner = self.view.player(army.owner)
            who = owner.name if owner else army.owner
            if army.known != "full":
                table.add_row(Text(f"{army.name} ({who})"), "?", "strength unknown", "", "", "", "")
                continue
            table.add_row(
                Text(f"{army.name} ({who})"),
                str(army.points),
                counted(len(army.units), "unit"),
                str(army.movement),
                "",
                "",
                "",
            )
            for row in unit_rows(army):
                table.add_row(Text("  " + row[0]), *row[1:])
        table.focus()

    def action_close(self) -> None:
        self.dismiss(None)
