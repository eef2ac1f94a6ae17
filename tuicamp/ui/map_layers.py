"""What the app lays over the map: army markers, the cursor, borders and four kinds of overlay.

The renderer (:mod:`tuicamp.ui.map_render`) draws the map's own picture; this module holds
what changes while playing, in hex terms (``Hex``, ``Hexside``, ``SideOf``), with the
indexes a canvas row needs, and the rules of which layer wins a cell. It knows no canvas
geometry and no styles, so the same layers serve both layouts.

An overlay is declared by an :class:`OverlayLook` under a name. The core declares its own
(:data:`CORE_OVERLAYS`: ``path``, ``reach``, ``route``); a ruleset's UI declares the rest
(``RulesetUI.overlays``), so the core names no ruleset's overlay, and the legend lists
every one with its glyph and meaning. The four kinds:

* ``labels`` -- a few characters in the free marker cells of hexes (a reach overlay's MP
  costs). Set with ``set_overlay(name, {hex: label})``.
* ``sides`` -- a mark (one glyph, a colour) on a hexside cell, recorded *per hex side*
  (:class:`~tuicamp.model.hexes.SideOf`, ``0304/NE``): who holds each side of a contested
  hex. Set with ``set_side_overlay(name, {side_of: mark})``.
* ``route`` -- a line of neighbouring hexes (a march, a fleet's course): its glyph in the
  label cells of every hex after the first *and* on the side cell between each two
  consecutive hexes, so the route reads as a line. Set with ``set_route(name, *paths)``.
* ``area`` -- many hexes shaded (a patrol area, a zone): the free marker cells of each hex
  take the area's background tint and its glyph. Set with ``set_area(name, hexes)``.

Which layer wins (the same in both layouts):

* a hex's free marker cells: an army marker takes both; else label and route overlays fill
  them in precedence order (a label that does not fit is left out), then the first area's
  glyph; the first area's tint is the background of what is left and of labels drawn in
  the terrain's style;
* a hexside cell: a route passing over it (its glyph; on a side with a hexside feature the
  feature's glyph in the route's colours, so a crossing reads as a crossing); else a side
  mark; else the map's own hexside feature or border. A mark hides the feature under it:
  the hex panel lists the features of the hex under the cursor, and the legend says so;
* precedence among overlays of one kind: the core's, then the ruleset's in the order it
  declares them, then undeclared ones in the order they were set.

**The shared-side rule.** Two hexes share each side cell, and a side overlay keeps one
record per hex side, so a cell may have two records. A hex that carries records (a
contested hex) draws its own sides: a side recorded by one of its two hexes shows that
record. When both hexes record the side and the records differ, the hex under the cursor
shows its own; elsewhere the record of the hex first in map order wins (the upper hex, or
the left one on the same row: the first hex of the side's label, ``0304-0305``). So a
player reads any hex's sides as that hex holds them by putting the cursor on it, and a
cursor step repaints a side cell only where two records disagree.

Every setter returns what it changed, hexes and hexsides, so the widget repaints only
those cells (see :meth:`tuicamp.ui.map_widget.MapWidget.refresh_hexes`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise

from attrs import define, field, frozen

from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.hexes import Hex, Hexside, SideOf
from tuicamp.model.reprs import fields_repr

# --- overlay declarations -------------------------------------------------------------

LABELS = "labels"
SIDES = "sides"
ROUTE = "route"
AREA = "area"
OVERLAY_KINDS: tuple[str, ...] = (LABELS, SIDES, ROUTE, AREA)
# The MapWidget method that sets an overlay of each kind (for the error when mixed up).
SETTERS: dict[str, str] = {
    LABELS: "set_overlay",
    SIDES: "set_side_overlay",
    ROUTE: "set_route",
    AREA: "set_area",
}


def printable(text: str) -> bool:
    """True for non-blank printable ASCII: what the map can draw in every terminal."""
    return bool(text.strip()) and all(" " <= ch <= "~" for ch in text)


def ascii_text(text: str) -> str:
    """Printable ASCII only; anything else becomes '?' so it can never break alignment."""
    return "".join(ch if " " <= ch <= "~" else "?" for ch in text)


def _check_kind(_: object, __: object, kind: str) -> None:
    if kind not in OVERLAY_KINDS:
        raise ValueError(f"overlay kind {kind!r} is not one of {', '.join(OVERLAY_KINDS)}")


def _check_look(look: OverlayLook) -> None:
    width = 2 if look.kind == LABELS else 1
    if not printable(look.glyph) or len(look.glyph) > width:
        raise ValueError(
            f"overlay look {look.meaning or look.kind!r}: glyph {look.glyph!r} must be "
            f"{'one or two' if width == 2 else 'one'} printable ASCII character"
            f"{'s' if width == 2 else ''} (the map draws nothing else in every terminal)"
        )
    if look.colour is None and look.kind != LABELS:
        raise ValueError(
            f"overlay look {look.meaning or look.kind!r}: a {look.kind} overlay needs a "
            "colour (only labels may be drawn in the terrain's own style)"
        )


@frozen
class OverlayLook:
    """How one declared overlay is drawn, and what the legend says of it.

    ``glyph`` is what the overlay draws (a route's or area's glyph, a side overlay's mark
    when the value gives none, a typical label for the legend). ``colour`` is a named ANSI
    colour: a label's or route's glyph colour (on a dark chip, so a line of few cells
    stands out), a side mark's chip, an area's background tint. A labels overlay without
    a colour is drawn in the hex's terrain style: it covers many hexes, and so merges with
    the terrain into one segment, which keeps a repainted line short. Every look has a
    glyph, so the map reads without colour.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    kind: str = field(validator=_check_kind)
    glyph: str
    colour: str | None = None
    meaning: str = ""

    def __attrs_post_init__(self) -> None:
        _check_look(self)


# The core's own overlays, in precedence order. A ruleset declares the others.
CORE_OVERLAYS: dict[str, OverlayLook] = {
    "path": OverlayLook(ROUTE, "*", "bright_yellow", "planned path (its MP cost at the end)"),
    "reach": OverlayLook(LABELS, "3", None, "reachable, with its MP cost"),
    "route": OverlayLook(ROUTE, "o", "bright_white", "ordered route (a march, a fleet)"),
}
# Drawn for a name nobody declared, so a ruleset's overlay still shows, in a colour that
# says "not declared" (and the legend lists it as such).
UNDECLARED_LOOKS: dict[str, OverlayLook] = {
    kind: OverlayLook(kind, "?", "bright_magenta", "overlay nobody declared")
    for kind in OVERLAY_KINDS
}


def check_declarations(looks: Mapping[str, OverlayLook]) -> None:
    """Refuse a declaration the map cannot honour, in words the ruleset's author can act on."""
    for name, look in looks.items():
        if not isinstance(look, OverlayLook):
            raise TypeError(f"overlay {name!r}: declare it with an OverlayLook, not {look!r}")
        if name in CORE_OVERLAYS:
            raise ValueError(f"overlay {name!r} is the core's own; give the ruleset's another name")
        if not name or not printable(name):
            raise ValueError(f"overlay name {name!r} must be printable ASCII")


@frozen
class Mark:
    """One side overlay record: its glyph, and its chip colour (None: the overlay's)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    glyph: str = field(converter=lambda g: _mark_glyph(str(g)))
    colour: str | None = None


def _mark_glyph(text: str) -> str:
    """A mark is one visible cell: its first character, '?' when it is not printable."""
    glyph = ascii_text(text)[:1]
    return glyph if glyph.strip() else "?"


@frozen
class Marker:
    """An army (or stack of armies) drawn on a hex: owner letter, colour and count."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    letter: str
    colour: str
    count: int = 1
    own: bool = False

    @property
    def count_glyph(self) -> str:
        """Blank for one army, the digit for a stack of up to 9, '+' beyond."""
        if self.count <= 1:
            return " "
        return str(self.count) if self.count <= 9 else "+"


# --- borders --------------------------------------------------------------------------

TERRITORY = "territory"
OWNER = "owner"
BOTH = "both"
NO_BORDERS = "none"
BORDER_MODES: tuple[str, ...] = (TERRITORY, OWNER, BOTH, NO_BORDERS)


def _check_mode(_: object, __: object, mode: str) -> None:
    if mode not in BORDER_MODES:
        raise ValueError(f"border mode {mode!r} is not one of {', '.join(BORDER_MODES)}")


@frozen
class Borders:
    """Which borders the map draws, chosen by the ruleset's UI for each campaign.

    ``territory`` (the default) between hexes of different territories; ``owner`` between
    hexes whose territories' owners differ (a player or a team id; ``groups`` maps an owner
    to the realm or team it is drawn as, so one realm's players share one border), for
    rulesets where a realm holds many one-hex territories; ``both`` draws the owner border
    where owners differ and the territory border elsewhere; ``none`` draws neither.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    mode: str = field(default=TERRITORY, validator=_check_mode)
    groups: Mapping[str, str] = field(factory=dict, hash=False)

    @property
    def territories(self) -> bool:
        return self.mode in (TERRITORY, BOTH)

    @property
    def owners(self) -> bool:
        return self.mode in (OWNER, BOTH)

    def group_of(self, owner: str | None) -> str | None:
        """The border group of an owner: its realm or team when grouped, else itself."""
        return None if owner is None else self.groups.get(owner, owner)


# --- the layers -------------------------------------------------------------------------

Changed = set[Hex | Hexside]
# The canvas line a hexside is drawn on, in hex rows: (upper row, lower row); a side
# between two hexes of one row is (row, row).
SideLine = tuple[int, int]


@frozen
class SideEntry:
    """What wins a hexside cell among the overlays: a route (``mark`` None) or a mark."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    name: str
    look: OverlayLook
    mark: Mark | None = None


def side_line(side: Hexside) -> SideLine:
    return (side.a.row, side.b.row)


@define
class MapLayers:
    """The decorations on top of the map: markers, overlays, and the cursor.

    Every setter returns the hexes and hexsides whose drawing changed, so the widget can
    throw away only those rows of its cache and repaint only those cells. Row indexes are
    kept alongside so a row renders without scanning every marker on the map.

    ``overlays`` holds the hex cells of every overlay with some (labels, a route's hex
    labels, an area's glyph), ``sides`` the records of side overlays, ``routes`` the
    hexsides each route passes.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    markers: dict[Hex, Marker] = field(factory=dict)
    overlays: dict[str, dict[Hex, str]] = field(factory=dict)
    sides: dict[str, dict[SideOf, Mark]] = field(factory=dict)
    routes: dict[str, frozenset[Hexside]] = field(factory=dict)
    cursor: Hex | None = None
    looks: dict[str, OverlayLook] = field(factory=lambda: dict(CORE_OVERLAYS))
    _undeclared: dict[str, OverlayLook] = field(factory=dict, repr=False)
    _marker_rows: dict[int, dict[int, Marker]] = field(factory=dict, repr=False)
    _overlay_rows: dict[str, dict[int, dict[int, str]]] = field(factory=dict, repr=False)
    # side overlay name -> hexside -> {hex whose record: its mark}
    _records: dict[str, dict[Hexside, dict[Hex, Mark]]] = field(factory=dict, repr=False)
    # overlay name (sides and routes) -> canvas line -> hexsides drawn on it
    _side_lines: dict[str, dict[SideLine, set[Hexside]]] = field(factory=dict, repr=False)
    # hex -> its sides whose two records disagree (the cursor decides what they show)
    _disputed: dict[Hex, set[Hexside]] = field(factory=dict, repr=False)

    # --- declarations ---------------------------------------------------------------------
    def declare(self, looks: Mapping[str, OverlayLook]) -> None:
        """The ruleset's overlays, after the core's in precedence (replacing earlier ones)."""
        check_declarations(looks)
        self.looks = {**CORE_OVERLAYS, **looks}
        self._undeclared = {n: k for n, k in self._undeclared.items() if n not in self.looks}

    def look(self, name: str) -> OverlayLook:
        """The look of an overlay: declared, or the "undeclared" look of its kind."""
        found = self.looks.get(name) or self._undeclared.get(name)
        return found if found is not None else UNDECLARED_LOOKS[LABELS]

    def _look_for(self, name: str, kind: str) -> OverlayLook:
        look = self.looks.get(name) or self._undeclared.get(name)
        if look is None:
            look = self._undeclared[name] = UNDECLARED_LOOKS[kind]
        if look.kind != kind:
            raise ValueError(
                f"overlay {name!r} is declared as {look.kind} ({look.meaning}); "
                f"set it with {SETTERS[look.kind]}, not {SETTERS[kind]}"
            )
        return look

    def overlay_names(self) -> list[str]:
        """Names of the overlays shown now, in drawing precedence order."""
        used = self.overlays.keys() | self.sides.keys()
        known = [n for n in self.looks if n in used]
        return known + [n for n in (*self.overlays, *self.sides) if n not in self.looks]

    def legend_looks(self) -> dict[str, OverlayLook]:
        """Every declared overlay, then the undeclared ones shown now: what the legend lists."""
        shown = {n: self.look(n) for n in self.overlay_names() if n not in self.looks}
        return {**self.looks, **shown}

    # --- markers and the cursor -----------------------------------------------------------
    def set_markers(self, markers: Mapping[Hex, Marker]) -> set[Hex]:
        new = dict(markers)
        changed = {h for h in self.markers.keys() | new.keys() if self.markers.get(h) != new.get(h)}
        self.markers = new
        self._marker_rows = _row_index(new)
        return changed

    def set_cursor(self, cursor: Hex | None) -> Changed:
        """Move the cursor: its old and new hex, and the disputed sides of either (the
        shared-side rule lets the hex under the cursor show its own record)."""
        if cursor == self.cursor:
            return set()
        changed: Changed = {h for h in (self.cursor, cursor) if h is not None}
        for h in (self.cursor, cursor):
            if h is not None:
                changed |= self._disputed.get(h, set())
        self.cursor = cursor
        return changed

    # --- hex overlays: labels, routes, areas ----------------------------------------------
    def set_overlay(self, name: str, labels: Mapping[Hex, str]) -> Changed:
        """Labels in the free marker cells of hexes (a ``labels`` overlay)."""
        self._look_for(name, LABELS)
        return self._set_hex_cells(name, {h: ascii_text(label) for h, label in labels.items()})

    def set_area(self, name: str, hexes: Iterable[Hex]) -> Changed:
        """Shade these hexes (an ``area`` overlay: its tint and glyph)."""
        look = self._look_for(name, AREA)
        return self._set_hex_cells(name, dict.fromkeys(hexes, look.glyph))

    def set_route(
        self, name: str, *paths: Sequence[Hex], labels: Mapping[Hex, str] | None = None
    ) -> Changed:
        """Draw routes: each a line of neighbouring hexes, its first hex where it starts.

        Every hex after the first gets the route's glyph (``labels`` may put something else
        on some, such as the cost at the end), and each side between two consecutive hexes
        the route's glyph too.
        """
        look = self._look_for(name, ROUTE)
        cells: dict[Hex, str] = {}
        sides: set[Hexside] = set()
        for path in paths:
            for a, b in pairwise(path):
                if not a.is_adjacent(b):
                    raise ValueError(
                        f"route {name!r}: {a} and {b} are not neighbours "
                        "(a route is a line of neighbouring hexes)"
                    )
                sides.add(Hexside(a, b))
                cells[b] = look.glyph
        for h, label in (labels or {}).items():
            cells[h] = ascii_text(label)
        changed = self._set_hex_cells(name, cells)
        old = self.routes.get(name, frozenset())
        self.routes[name] = frozenset(sides)
        self._side_lines[name] = _line_index(sides)
        return changed | (old ^ sides)

    def _set_hex_cells(self, name: str, new: dict[Hex, str]) -> Changed:
        old = self.overlays.get(name, {})
        changed: Changed = {h for h in old.keys() | new.keys() if old.get(h) != new.get(h)}
        self.overlays[name] = new
        self._overlay_rows[name] = _row_index(new)
        return changed

    # --- side overlays --------------------------------------------------------------------
    def set_side_overlay(self, name: str, marks: Mapping[SideOf, Mark | str]) -> Changed:
        """Marks on hex sides (a ``sides`` overlay), one record per hex side: a
        :class:`Mark`, or a glyph drawn in the overlay's colour."""
        self._look_for(name, SIDES)
        new = {side: m if isinstance(m, Mark) else Mark(m) for side, m in marks.items()}
        old = self.sides.get(name, {})
        changed: Changed = {s.hexside for s in old.keys() | new.keys() if old.get(s) != new.get(s)}
        self.sides[name] = new
        records: dict[Hexside, dict[Hex, Mark]] = {}
        for side, mark in new.items():
            records.setdefault(side.hexside, {})[side.hex] = mark
        self._records[name] = records
        self._side_lines[name] = _line_index(records)
        self._index_disputes()
        return changed

    def _index_disputes(self) -> None:
        disputed: dict[Hex, set[Hexside]] = {}
        for records in self._records.values():
            for side, by_hex in records.items():
                if len(by_hex) == 2 and len(set(by_hex.values())) == 2:
                    for h in by_hex:
                        disputed.setdefault(h, set()).add(side)
        self._disputed = disputed

    def clear_overlay(self, name: str) -> Changed:
        """Take one overlay of any kind off the map."""
        changed: Changed = set(self.overlays.pop(name, {}))
        changed |= {s.hexside for s in self.sides.pop(name, {})}
        changed |= self.routes.pop(name, frozenset())
        self._overlay_rows.pop(name, None)
        self._side_lines.pop(name, None)
        if self._records.pop(name, None) is not None:
            self._index_disputes()
        self._undeclared.pop(name, None)
        return changed

    def clear_overlays(self) -> Changed:
        """Take every overlay off (a hand-over must leave nothing of the last seat's)."""
        changed: Changed = set()
        for name in [*self.overlays, *self.sides]:
            changed |= self.clear_overlay(name)
        return changed

    # --- what the renderer asks -----------------------------------------------------------
    def row_markers(self, row: int) -> dict[int, Marker]:
        return self._marker_rows.get(row, {})

    def row_overlays(self, row: int) -> list[tuple[str, dict[int, str]]]:
        """(name, col -> label) of every overlay with something in this row, in precedence."""
        out = []
        for name in self.overlay_names():
            cols = self._overlay_rows.get(name, {}).get(row)
            if cols:
                out.append((name, cols))
        return out

    @property
    def draws_sides(self) -> bool:
        """Whether any route or side overlay draws on side cells now."""
        return any(self._side_lines.values())

    def sides_on_line(self, line: SideLine) -> set[Hexside]:
        """Every hexside some side overlay or route draws on this canvas line."""
        found: set[Hexside] = set()
        for lines in self._side_lines.values():
            found |= lines.get(line, set())
        return found

    def side_entry(self, side: Hexside, names: Sequence[str] | None = None) -> SideEntry | None:
        """What an overlay draws on this side's cell: the first route over it, else the
        first side overlay recording it, under the shared-side rule (module docstring).
        ``names`` is ``overlay_names()`` when the caller has it already."""
        names = self.overlay_names() if names is None else names
        for name in names:
            if side in self.routes.get(name, ()):
                return SideEntry(name, self.look(name))
        for name in names:
            by_hex = self._records.get(name, {}).get(side)
            if by_hex:
                return SideEntry(name, self.look(name), self._winning_record(side, by_hex))
        return None

    def _winning_record(self, side: Hexside, by_hex: Mapping[Hex, Mark]) -> Mark:
        if len(by_hex) == 1:
            return next(iter(by_hex.values()))
        cursor = self.cursor
        if cursor is not None and cursor in by_hex:
            return by_hex[cursor]
        return by_hex[side.a]

    def area_names(self) -> list[str]:
        """Area overlays shown now, in precedence order."""
        return [n for n in self.overlay_names() if self.look(n).kind == AREA]


def _row_index(by_hex: Mapping[Hex, object]) -> dict:
    rows: dict[int, dict[int, object]] = {}
    for h, value in by_hex.items():
        rows.setdefault(h.row, {})[h.col] = value
    return rows


def _line_index(sides: Iterable[Hexside]) -> dict[SideLine, set[Hexside]]:
    lines: dict[SideLine, set[Hexside]] = {}
    for side in sides:
        lines.setdefault(side_line(side), set()).add(side)
    return lines
