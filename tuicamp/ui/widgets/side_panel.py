"""The side panel: the hex under the cursor, who stands there, the army being moved, and
the seat's status lines (the ruleset's ledgers: whose turn, what an army spent...).

It draws from the seat's view only, so an army the seat knows as a counter shows as one
("strength unknown"), never with its units, and a status line is whatever the ruleset
reported for this seat.
"""

from __future__ import annotations

from attrs import define
from rich.text import Text
from textual.content import Content
from textual.widgets import Static

from tuicamp.engine.ruleset import Ruleset, StatusLine
from tuicamp.engine.views import ArmyView, CampaignView
from tuicamp.model.hexes import Hex
from tuicamp.ui.map_render import marker_style


@define
class MovePreview:
    """What the campaign screen knows about the move being planned."""

    army: ArmyView
    goal: Hex | None = None
    cost: float | None = None  # None: unreachable (or no goal yet)
    budget: float | None = None  # MP the army may still spend, when the ruleset says
    priced: bool = True  # False: the ruleset prices no terrain, so nothing is previewed


UNITS_SHOWN = 5


def _mp(value: float) -> str:
    return f"{value:g}"


def hex_lines(view: CampaignView, ruleset: Ruleset, h: Hex) -> list[Content]:
    m = view.map
    if not m.contains(h):
        return [Content("off the map")]
    terrain = m.terrain_at(h)
    out = [Content.from_markup("[b]$label[/b] $terrain", label=m.label(h), terrain=terrain.name)]
    territory = m.territory_of(h)
    if territory is not None:
        owner = view.player(territory.owner) if territory.owner else None
        out.append(
            Content.from_markup(
                "$name$owner", name=territory.name, owner=f" ({owner.name})" if owner else ""
            )
        )
    sides: dict[str, list[str]] = {}
    for n in m.neighbours(h):
        for feature in sorted(m.features_between(h, n)):
            sides.setdefault(feature, []).append(m.label(n))
    for feature, towards in sorted(sides.items()):
        out.append(Content(f"{feature} to {' '.join(towards)}"))
    for s in m.settlements_at(h):
        owner = view.player(s.owner) if s.owner else None
        out.append(
            Content.from_markup(
                "[b]$kind[/b] $name ($owner)$walls",
                kind=s.kind.capitalize(),
                name=s.name,
                owner=owner.name if owner else "neutral",
                walls=", walled" if s.walls else "",
            )
        )
    return out


def army_lines(
    view: CampaignView, ruleset: Ruleset, army: ArmyView, max_units: int = UNITS_SHOWN
) -> list[Content]:
    owner = view.player(army.owner)
    letter = owner.letter if owner else "?"
    colour = owner.colour if owner else "white"
    # The owner's chip exactly as on the map (colour as background, a contrasting letter),
    # readable on every theme, where a bare coloured letter may vanish on a light one.
    chip = Content.from_rich_text(Text(f" {letter} ", style=marker_style(colour, False)))
    head = Content.assemble(chip, " ", (army.name, "bold"))
    if army.known != "full":
        who = owner.name if owner else army.owner
        return [head, Content(f"  {who}: strength unknown")]
    out = [head, Content(f"  {army.points} pts, M{army.movement}, {len(army.units)} units")]
    for u in army.units[:max_units]:
        out.append(Content(f"  {u.points:>4} {u.name}"))
    hidden = len(army.units) - max_units
    if hidden > 0:
        out.append(Content(f"  ... {hidden} more (v: details)"))
    return out


def status_line(line: StatusLine, indent: str = "") -> Content:
    return Content.from_markup(f"{indent}[b]$label:[/b] $text", label=line.label, text=line.text)


def army_panel_lines(view: CampaignView, ruleset: Ruleset, h: Hex) -> list[Content]:
    """Each army on the hex with the status lines about it, then the seat's other status
    lines (those about no army)."""
    lines: list[Content] = []
    for army in view.armies_at(h):
        lines.extend(army_lines(view, ruleset, army))
        lines.extend(status_line(s, "  ") for s in view.status_of(army.id))
    general = view.seat_status()
    if general:
        if lines:
            lines.append(Content(""))
        lines.extend(status_line(s) for s in general)
    return lines


def panel_lines(
    view: CampaignView, ruleset: Ruleset, h: Hex, preview: MovePreview | None = None
) -> list[Content]:
    """The hex, then the move being planned."""
    lines = hex_lines(view, ruleset, h)
    if preview is not None:
        lines.append(Content.from_markup("[b $accent]Moving[/] $name", name=preview.army.name))
        if preview.goal is None or preview.goal == preview.army.hex:
            lines.append(Content("  cursor to the goal, Enter"))
        elif not preview.priced:
            lines.append(Content(f"  to {view.map.label(preview.goal)}: Enter to order it"))
        elif preview.cost is None:
            lines.append(Content(f"  cannot reach {view.map.label(preview.goal)}"))
        else:
            budget = "" if preview.budget is None else f" of {_mp(preview.budget)}"
            lines.append(
                Content(f"  to {view.map.label(preview.goal)}: {_mp(preview.cost)}{budget} MP")
            )
    return lines


class HexPanel(Static):
    """The hex under the cursor and the move being planned."""

    def show(
        self,
        view: CampaignView | None,
        ruleset: Ruleset | None,
        h: Hex | None,
        preview: MovePreview | None = None,
    ) -> None:
        if view is None or ruleset is None or h is None:
            self.update("")
            return
        self.update(Content("\n").join(panel_lines(view, ruleset, h, preview)))


class ArmyPanel(Static):
    """The armies on the hex under the cursor, as far as the seat may know them, and the
    seat's status lines."""

    def show(self, view: CampaignView | None, ruleset: Ruleset | None, h: Hex | None) -> None:
        if view is None or ruleset is None or h is None:
            self.update("")
            return
        self.update(Content("\n").join(army_panel_lines(view, ruleset, h)))
