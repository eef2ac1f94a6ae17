"""The side panel: the hex under the cursor, who stands there, the army being moved, and
the seat's status lines (the ruleset's ledgers: whose turn, what an army spent...).

It draws from the seat's view only, so an army the seat knows as a counter shows as one
("strength unknown"), never with its units, and a status line is whatever the ruleset
reported for this seat.

The panels are redrawn on every cursor step, so over a slow SSH link what they send is most
of a step: a :class:`PanelLines` widget keeps the strips it drew, compares the new ones with
them and asks Textual to repaint only the cells that changed (Textual's Line API: the
styles cache re-renders only the dirty lines, the compositor sends only their regions).
Moving from one clear hex to the next rewrites the label, not the panel.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import define, frozen
from rich.cells import cell_len
from rich.text import Text
from textual.content import Content
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from tuicamp.engine.ruleset import Ruleset, StatusLine
from tuicamp.engine.views import ArmyView, CampaignView
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.hexes import Hex
from tuicamp.model.reprs import fields_repr
from tuicamp.model.words import counted
from tuicamp.ui.map_render import marker_style
from tuicamp.ui.names import ELLIPSIS, cut


@define
class MovePreview:
    """What the campaign screen knows about the move being planned."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    army: ArmyView
    goal: Hex | None = None
    cost: float | None = None  # None: unreachable (or no goal yet)
    budget: float | None = None  # MP the army may still spend, when the ruleset says
    priced: bool = True  # False: the ruleset prices no terrain, so nothing is previewed


@frozen
class Whole:
    """A line the panel shows whole, wrapped after whole words when it is longer than the
    panel: a name (of an army, a territory, a settlement) that the map and the lists cut."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    content: Content

    @property
    def plain(self) -> str:
        return self.content.plain


PanelLine = Content | Whole


UNITS_SHOWN = 5


def _mp(value: float) -> str:
    return f"{value:g}"


def hex_lines(view: CampaignView, ruleset: Ruleset, h: Hex) -> list[PanelLine]:
    m = view.map
    if not m.contains(h):
        return [Content("off the map")]
    terrain = m.terrain_at(h)
    out: list[PanelLine] = [
        Content.from_markup("[b]$label[/b] $terrain", label=m.label(h), terrain=terrain.name)
    ]
    territory = m.territory_of(h)
    if territory is not None:
        owner = view.player(territory.owner) if territory.owner else None
        out.append(
            Whole(
                Content.from_markup(
                    "$name$owner", name=territory.name, owner=f" ({owner.name})" if owner else ""
                )
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
            Whole(
                Content.from_markup(
                    "[b]$kind[/b] $name ($owner)$walls",
                    kind=s.kind.capitalize(),
                    name=s.name,
                    owner=owner.name if owner else "neutral",
                    walls=", walled" if s.walls else "",
                )
            )
        )
    return out


def army_lines(
    view: CampaignView, ruleset: Ruleset, army: ArmyView, max_units: int = UNITS_SHOWN
) -> list[PanelLine]:
    owner = view.player(army.owner)
    letter = owner.letter if owner else "?"
    colour = owner.colour if owner else "white"
    # The owner's chip exactly as on the map (colour as background, a contrasting letter),
    # readable on every theme, where a bare coloured letter may vanish on a light one.
    chip = Content.from_rich_text(Text(f" {letter} ", style=marker_style(colour, False)))
    head = Whole(Content.assemble(chip, " ", (army.name, "bold")))
    if army.known != "full":
        who = owner.name if owner else army.owner
        return [head, Content(f"  {who}: strength unknown")]
    units = counted(len(army.units), "unit")
    out: list[PanelLine] = [head, Content(f"  {army.points} pts, M{army.movement}, {units}")]
    for u in army.units[:max_units]:
        out.append(Content(f"  {u.points:>4} {u.name}"))
    hidden = len(army.units) - max_units
    if hidden > 0:
        out.append(Content(f"  ... {hidden} more (v: details)"))
    return out


def status_line(line: StatusLine, indent: str = "") -> Content:
    return Content.from_markup(f"{indent}[b]$label:[/b] $text", label=line.label, text=line.text)


def army_panel_lines(view: CampaignView, ruleset: Ruleset, h: Hex) -> list[PanelLine]:
    """Each army on the hex with the status lines about it, then the seat's other status
    lines (those about no army)."""
    lines: list[PanelLine] = []
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
) -> list[PanelLine]:
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


def changed_span(old: Strip, new: Strip) -> tuple[int, int] | None:
    """The cells ``[start, end)`` where two strips of one line differ, None if alike.

    Cells are compared with their styles, from both ends, so a label that changes one digit
    repaints that digit. A line with a character wider than one cell is compared whole.
    """
    if old == new:
        return None
    a, b = _cells(old), _cells(new)
    if a is None or b is None:
        return 0, max(old.cell_length, new.cell_length)
    start, end_a, end_b = 0, len(a), len(b)
    while start < end_a and start < end_b and a[start] == b[start]:
        start += 1
    while end_a > start and end_b > start and a[end_a - 1] == b[end_b - 1]:
        end_a, end_b = end_a - 1, end_b - 1
    return start, max(end_a, end_b)


def _cells(strip: Strip) -> list[tuple[str, object]] | None:
    """Each cell of the strip as (character, style), or None when some character is wide."""
    cells: list[tuple[str, object]] = []
    for segment in strip:
        text, style = segment.text, segment.style
        if cell_len(text) != len(text):
            return None
        cells.extend((ch, style) for ch in text)
    return cells


def wrapped(lines: Sequence[PanelLine], width: int) -> list[Content]:
    """``lines`` fitted to ``width`` cells. A :class:`Whole` line longer than that is
    broken after whole words, each continuation indented two more than the line; any other
    long line is cut after its last whole word that fits, then ``...`` (as
    :func:`tuicamp.ui.names.cut` cuts a name). A width of 0 (not laid out yet) leaves the
    lines as they are."""
    out: list[Content] = []
    for line in lines:
        content = line.content if isinstance(line, Whole) else line
        if width <= 0 or content.cell_length <= width:
            out.append(content)
        elif isinstance(line, Whole):
            plain = content.plain
            indent = len(plain) - len(plain.lstrip(" "))
            pieces = content[indent:].wrap(max(1, width - indent - 2))
            out.append(Content(" " * indent) + pieces[0])
            out.extend(Content(" " * (indent + 2)) + piece for piece in pieces[1:])
        else:
            kept = len(cut(content.plain, width)) - len(ELLIPSIS)
            out.append(content[:kept].rstrip() + ELLIPSIS)
    return out


class PanelLines(Widget):
    """Lines of text, one Content each, that repaint only the cells that changed.

    :meth:`set_lines` changes them: the new lines are drawn, compared with the strips on
    screen, and only the differing cells are refreshed. The panel keeps the most lines it
    has shown (until :meth:`clear`), blank at the bottom when fewer are needed: a panel
    that shrank and grew with every cursor step would move everything under it, which is
    a repaint of the whole side, and jumps under the reader's eyes. The room kept gives
    way when it would push the side past the bottom of its container (on a small
    terminal, what follows the panel must stay in sight). A line longer than the panel is
    wrapped after a whole word, its continuation indented under it (:func:`wrapped`), so a
    long army or settlement name is read whole here, where the map and lists cut it.
    """

    DEFAULT_CSS = """
    PanelLines {
        height: auto;
    }
    """
    ALLOW_SELECT = False  # the strips are drawn line by line; the terminal still selects

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._lines: list[PanelLine] = []
        self._height = 0  # lines kept: the most shown since the last clear()
        self._strips: list[Strip] = []
        self._drawn_for: tuple[int, object] | None = None  # (width, style) of _strips
        self.render_line_calls = 0  # for tests of what a change repaints

    @property
    def plain(self) -> str:
        """The text shown, lines joined by newlines (what a reader of the panel sees)."""
        return "\n".join(line.plain for line in self._lines)

    def set_lines(self, lines: Sequence[PanelLine]) -> None:
        """Show these lines: only the cells that differ from those on screen are sent."""
        lines = list(lines)
        key = self._draw_key()
        needed = len(wrapped(lines, key[0]))
        height = max(needed, min(self._height, self._room()))
        if height != self._height or self._drawn_for is None or key != self._drawn_for:
            resized = height != self._height
            self._height = height
            self._lines = lines
            self._drawn_for = None
            self.refresh(layout=resized)
            return
        old = self._strips
        self._lines = lines
        self._strips = self._draw(key[0])
        for y, (before, after) in enumerate(zip(old, self._strips, strict=True)):
            span = changed_span(before, after)
            if span is not None:
                self.refresh(Region(span[0], y, span[1] - span[0], 1))

    def _room(self) -> int:
        """The most lines this panel may keep without pushing the side past the bottom of
        its container (room kept blank must give way rather than push what follows out
        of sight, or bring up a scrollbar, which lays out and repaints the whole side).

        Measured on the last layout, with the other panels of the container counted at
        the heights they have just been given: the panel above may have grown on this
        very cursor step, and this one must make room for it now, not one step late.
        """
        parent = self.parent
        if not isinstance(parent, Widget) or not parent.is_scrollable:
            return self._height
        shown = parent.displayed_children
        # the bottom of what the container holds (its virtual size is at least its height)
        used = max((child.virtual_region_with_margin.bottom for child in shown), default=0)
        others = used - self.content_size.height
        for sibling in shown:
            if isinstance(sibling, PanelLines) and sibling is not self:
                others += sibling._height - sibling.content_size.height
        return parent.scrollable_content_region.height - others

    def clear(self) -> None:
        """No lines, and no room kept for them (the panel of a new seat starts small)."""
        self._lines, self._height, self._drawn_for = [], 0, None
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._height

    def _draw_key(self) -> tuple[int, object]:
        return self.content_size.width, self.visual_style

    def _draw(self, width: int) -> list[Strip]:
        """One strip per line kept (long lines wrapped), the lines past the text blank."""
        style = self.visual_style
        blank = Strip.blank(width, style.rich_style)
        out = []
        for line in wrapped(self._lines, width):
            strips = Visual.to_strips(self, line, width, 1, style, pad=True)
            out.append(strips[0] if strips else blank)
        out.extend([blank] * (self._height - len(out)))
        return out

    def render_line(self, y: int) -> Strip:
        self.render_line_calls += 1
        key = self._draw_key()
        if key != self._drawn_for:
            self._strips = self._draw(key[0])
            self._drawn_for = key
            if len(self._strips) > self._height:  # a new width wrapped more lines
                self._height = len(self._strips)
                self.refresh(layout=True)
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip.blank(key[0], self.visual_style.rich_style)


class HexPanel(PanelLines):
    """The hex under the cursor and the move being planned."""

    def show(
        self,
        view: CampaignView | None,
        ruleset: Ruleset | None,
        h: Hex | None,
        preview: MovePreview | None = None,
    ) -> None:
        if view is None or ruleset is None or h is None:
            self.clear()
            return
        self.set_lines(panel_lines(view, ruleset, h, preview))


class ArmyPanel(PanelLines):
    """The armies on the hex under the cursor, as far as the seat may know them, and the
    seat's status lines."""

    def show(self, view: CampaignView | None, ruleset: Ruleset | None, h: Hex | None) -> None:
        if view is None or ruleset is None or h is None:
            self.clear()
            return
        self.set_lines(army_panel_lines(view, ruleset, h))
