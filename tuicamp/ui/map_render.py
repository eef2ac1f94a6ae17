r"""Pure hex-map renderer: turns a HexMap plus its decorations into rows of styled cells.

This module knows the geometry of the two map layouts and what every cell shows, and
nothing about Textual: it returns lists of Rich ``Segment``s, one canvas row at a time, so
the widget can cache a row as a ``Strip`` and crop it for scrolling (the Line API), and
tests can check the drawing character by character without starting an app.

Layouts (see docs/architecture.md, "Drawing the map"):

* ``brick`` -- pointy-top "outlined brick", 4 columns x 2 rows per hex, odd rows shifted by
  2. The interior of hex (col, row) starts at ``x0 = 4*col + 2*(row odd) + 1``,
  ``y = 2*row + 1``; the W side is at ``(x0-1, y)``, E ``(x0+3, y)``, NW ``(x0, y-1)``,
  NE ``(x0+2, y-1)``, SW ``(x0, y+1)``, SE ``(x0+2, y+1)``. Interior cell 0 is the terrain
  (or settlement) glyph on the terrain background; cells 1 and 2 hold a unit marker (owner
  letter, stack count) or, when no unit is there, overlay labels.
* ``dense`` -- a zoomed-out overview, 2 x 1 cells per hex (glyph + gap), odd rows shifted
  by 1. The gap carries the hex's E side feature when it has one.
* ``wide`` -- the brick drawn larger for a large terminal: 6 x 2 cells per hex, odd rows
  shifted by 3, five interior cells (W side at ``x0-1``, E at ``x0+5``), each slanted side
  two cells drawn alike, the first of them (NW, SW at ``x0``; NE, SE at ``x0+3``) its cell.

Everything on the map is printable ASCII (ambiguous-width Unicode breaks alignment over
SSH), and every feature is told apart by its glyph, not only by colour, so the map reads
in 16 colours, with NO_COLOR, and for colour-blind players. Colours are named ANSI colours
so a 16-colour terminal shows them as the player's palette intends (an app that wants the
terminal's own palette rather than Textual's theme runs with ``App(ansi_color=True)``).

Glyphs (``legend_lines()`` prints them in their map styles):

* terrain: the glyph of the map's vocabulary (the base set ``. f ^ M % : & , o ~`` and any
  a ruleset declares) on the terrain's background, in its colours;
* settlements replace the terrain glyph, in its style: village v, hamlet n, town t,
  city C, capital @, fortress F, stronghold S, citadel Q, castle K, keep k, tower T,
  outpost p, camp c, temple +, ruins r, inn i, port P, mine $, anything else ?;
* hexsides: plain ``/ \ |``; the vocabulary's feature glyphs (bridge H, ford +, river ~,
  stream -, wall #, road =, and a ruleset's own), territory border ``:`` (a side with
  several draws the first in the vocabulary's drawing order; a feature on a border is also
  underlined);
* borders (``Borders``, chosen by the ruleset's UI): territory border ``:``, owner (realm)
  border ``!``, on a plain side; a feature on either is underlined;
* armies: a chip in the owner's colour, letter then stack count (2-9, + for more),
  underlined when it is the viewer's own and marked ``*`` (``marker_cells``); the cursor
  is its hex between ``[`` and ``]`` (on its W and E sides), in reverse video;
* overlays (:mod:`tuicamp.ui.map_layers`, which states which layer wins a cell and the
  rule for a side two hexes share): labels and route glyphs fill the marker cells of hexes
  without armies, an area tints them and adds its glyph, a route is also drawn on the
  side cells between its hexes, and a side mark is a chip on a side cell. In the dense
  layout a hex shows the first of them in its one cell, and of the sides only the E and W
  gaps are drawn (the brick layout, ``o``, shows the other four).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache

from attrs import frozen
from rich.color import Color, ColorParseError
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.hexes import DIRECTIONS, Hex, Hexside
from tuicamp.model.map import HexMap, Territory
from tuicamp.model.reprs import fields_repr
from tuicamp.model.terrain import BASE_VOCABULARY, BY_LETTER, Terrain, TerrainLook, Vocabulary
from tuicamp.ui.map_layers import (
    AREA,
    CORE_OVERLAYS,
    LABELS,
    ROUTE,
    SIDES,
    UNDECLARED_LOOKS,
    Borders,
    MapLayers,
    Marker,
    OverlayLook,
    SideEntry,
    SideLine,
    ascii_text,
)

# Direction indexes as in tuicamp.model.hexes.DIRECTIONS (clockwise from east).
E, NE, NW, W, SW, SE = range(6)
DIRECTION_BY_NAME: dict[str, int] = {"E": E, "NE": NE, "NW": NW, "W": W, "SW": SW, "SE": SE}


# --- palette ------------------------------------------------------------------------

# The 16 HTML basic colour names are exactly the xterm 16-colour palette; map the ones Rich
# does not know onto ANSI names so a Textual/CSS colour from a scenario degrades well.
_CSS_TO_ANSI: dict[str, str] = {
    "maroon": "red",
    "olive": "yellow",
    "navy": "blue",
    "purple": "magenta",
    "teal": "cyan",
    "silver": "white",
    "grey": "bright_black",
    "gray": "bright_black",
    "lime": "bright_green",
    "aqua": "bright_cyan",
    "fuchsia": "bright_magenta",
    "darkgreen": "green",
    "orange": "bright_red",
    "brown": "yellow",
}


@lru_cache(256)
def parse_colour(name: str) -> Color | None:
    """A Rich colour for a Rich, ANSI, hex or basic CSS colour name; None if unknown."""
    key = name.strip().lower()
    try:
        return Color.parse(_CSS_TO_ANSI.get(key, key))
    except ColorParseError:
        return None


@lru_cache(256)
def contrast_for(colour: Color | None) -> Color:
    """Black or bright white, whichever reads better on ``colour``."""
    if colour is None:
        return Color.parse("bright_white")
    r, g, b = colour.get_truecolor()
    luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255
    return Color.parse("black" if luminance > 0.5 else "bright_white")


# A letter the map's vocabulary does not know (the checks refuse such maps; a drawing
# never fails on one).
UNKNOWN_GLYPH = "?"
UNKNOWN_TERRAIN_LOOK = TerrainLook(UNKNOWN_GLYPH, "black", "bright_white")


def terrain_style(terrain: Terrain | None) -> Style:
    """The interior style of a terrain, from its look in the vocabulary: the glyph's
    colour on the background (black or bright white, whichever reads, when it names no
    colour of its own)."""
    look = UNKNOWN_TERRAIN_LOOK if terrain is None else terrain.look
    bg = parse_colour(look.background)
    fg = parse_colour(look.colour) if look.colour else contrast_for(bg)
    return Style(color=fg, bgcolor=bg)


def terrain_glyph(terrain: Terrain) -> str:
    """The one ASCII cell a terrain is drawn with."""
    return ascii_text(terrain.glyph)[:1] or UNKNOWN_GLYPH


# --- settlements --------------------------------------------------------------------

# One glyph per settlement kind; none of them is a terrain glyph, because the settlement
# glyph replaces the terrain glyph (the terrain still shows as the background colour).
SETTLEMENT_GLYPHS: dict[str, str] = {
    "village": "v",
    "hamlet": "n",
    "town": "t",
    "city": "C",
    "capital": "@",  # not '*': that is the planned-path overlay label
    "fortress": "F",
    "stronghold": "S",
    "citadel": "Q",
    "castle": "K",
    "keep": "k",
    "tower": "T",
    "border tower": "T",
    "watchtower": "T",
    "outpost": "p",
    "camp": "c",
    "temple": "+",
    "ruins": "r",
    "inn": "i",
    "port": "P",
    "mine": "$",
}
UNKNOWN_SETTLEMENT_GLYPH = "?"


def settlement_glyph(kind: str) -> str:
    """The glyph for a settlement kind, forgiving case, plurals and ``_``/``-``."""
    key = kind.strip().lower().replace("_", " ").replace("-", " ")
    if key not in SETTLEMENT_GLYPHS and key.endswith("s"):
        key = key[:-1]
    return SETTLEMENT_GLYPHS.get(key, UNKNOWN_SETTLEMENT_GLYPH)


# --- hexsides -----------------------------------------------------------------------


@frozen
class SideLook:
    """How a hexside feature is drawn: one glyph for every orientation, and its colour."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    glyph: str
    colour: str
    meaning: str


def side_looks(vocabulary: Vocabulary = BASE_VOCABULARY) -> dict[str, SideLook]:
    """How each hexside feature of a vocabulary is drawn, in drawing precedence: when a
    side carries several features the first one listed is drawn (the vocabulary's
    drawing order: crossings, waterways, barriers, roads, the rest). A territory border
    loses to every real feature but then underlines it, so it stays visible without
    colour."""
    return {f.id: SideLook(f.look.glyph, f.look.colour, f.name) for f in vocabulary.drawing_order()}


# The base set's looks (bridge H, ford +, river ~, stream -, wall #, road =).
SIDE_LOOKS: dict[str, SideLook] = side_looks()
UNKNOWN_SIDE_LOOK = SideLook("?", "bright_white", "other hexside feature")
BORDER = "border"
BORDER_LOOK = SideLook(":", "bright_magenta", "territory border")
# Between hexes of different owners (realms), when the ruleset's UI asks for it (Borders).
OWNER_BORDER = "owner border"
OWNER_BORDER_LOOK = SideLook("!", "bright_red", "border between owners (realms)")
BORDER_LOOKS: dict[str, SideLook] = {OWNER_BORDER: OWNER_BORDER_LOOK, BORDER: BORDER_LOOK}
PLAIN_SIDE_COLOUR = "bright_black"

# Plain outline glyph of each side direction (pointy-top hex).
PLAIN_SIDE_GLYPHS: dict[int, str] = {E: "|", W: "|", NE: "\\", SW: "\\", NW: "/", SE: "/"}


def pick_side_feature(
    features: Iterable[str], vocabulary: Vocabulary = BASE_VOCABULARY
) -> str | None:
    """The feature drawn on a side: the first in the vocabulary's drawing order, then any
    feature it does not know."""
    present = set(features)
    for feature in vocabulary.drawing_order():
        if feature.id in present:
            return feature.id
    unknown = sorted(present - BORDER_LOOKS.keys())
    return unknown[0] if unknown else None


def pick_border(features: Iterable[str]) -> str | None:
    """The border a side is drawn as: the owner border before the territory border."""
    present = set(features)
    return next((name for name in BORDER_LOOKS if name in present), None)


# --- markers and overlays: their styles -------------------------------------------
# What is laid over the map, and which layer wins a cell, is tuicamp.ui.map_layers; here is
# only how each is painted.

OVERLAY_BG = "black"  # the chip under a label's or a route's glyph

CURSOR_STYLE = Style(reverse=True, bold=True)
# The cursor's frame: its hex's W and E sides, so it shows without colour or reverse video.
# Both brackets are drawn whatever the sides hold; a side with a feature lends the bracket
# its colour, and the hex panel lists the sides of the hex under the cursor.
CURSOR_FRAME = ("[", "]")
# The seat's own counters carry this glyph (after the count, or in its place for a lone
# army where a hex has only two marker cells), so they are told apart without colour.
OWN_GLYPH = "*"


def marker_cells(marker: Marker, cells: int) -> list[str]:
    """The glyphs of a counter in ``cells`` marker cells: the owner's letter, the stack
    count (2-9, + beyond), then the own glyph where there is room for it.

    A lone army of the seat's own shows ``E*``; an own stack ``E2*`` where there is room (the
    wide brick's four cells), ``E2`` in the brick's two, where the underline and the letter
    tell it.
    """
    letter = ascii_text(marker.letter)[:1] or "?"
    count = marker.count_glyph
    glyphs = [letter, count]
    if marker.own and count == " ":
        glyphs = [letter, OWN_GLYPH]
    elif marker.own and cells >= 3:
        glyphs.append(OWN_GLYPH)
    return (glyphs + [" "] * cells)[:cells]


@lru_cache(512)
def marker_style(colour: str, own: bool) -> Style:
    """A counter chip: the owner's colour as background, own armies underlined."""
    bg = parse_colour(colour)
    return Style(color=contrast_for(bg), bgcolor=bg, bold=True, underline=own)


def look_colour(look: OverlayLook, colour: str | None = None) -> Color:
    """The colour of a look (or of one side mark), refused in words a ruleset's author can
    act on when it is no colour the map knows."""
    name = colour or look.colour or ""
    parsed = parse_colour(name)
    if parsed is None:
        raise ValueError(
            f"overlay look {look.meaning or look.kind!r}: {name!r} is not a colour "
            "(use an ANSI name such as bright_red, a basic CSS name or #rrggbb)"
        )
    return parsed


def check_look_colours(looks: Iterable[OverlayLook]) -> None:
    """Every declared look's colour parses (raises ValueError naming the look)."""
    for look in looks:
        if look.colour is not None:
            look_colour(look)


@lru_cache(128)
def label_style(look: OverlayLook) -> Style | None:
    """The style of a label's or a route's glyph in a hex; None: the hex's own style.

    A route's and a coloured label's glyph sits on a dark chip, so a line of few cells
    stands out on any terrain; an uncoloured labels overlay (reach) is drawn in the hex's
    terrain (or area) style, which keeps a row of many of them one segment per hex.
    """
    if look.colour is None:
        return None
    return Style(color=look_colour(look), bgcolor=parse_colour(OVERLAY_BG), bold=True)


@lru_cache(64)
def area_style(look: OverlayLook) -> Style:
    """An area's tint: its colour as background, the glyph in black or white on it."""
    bg = look_colour(look)
    return Style(color=contrast_for(bg), bgcolor=bg, bold=True)


@lru_cache(256)
def mark_style(look: OverlayLook, colour: str | None) -> Style:
    """A side mark: a chip in the mark's (or the overlay's) colour, like an army's, so it
    reads apart from a hexside feature, which is a coloured glyph on the map's ground."""
    bg = look_colour(look, colour)
    return Style(color=contrast_for(bg), bgcolor=bg, bold=True)


# --- geometry -----------------------------------------------------------------------


@frozen
class Grid:
    """Geometry of one layout: where a hex and its sides sit on the character canvas."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    name: str
    hex_w: int  # columns per hex
    hex_h: int  # rows per hex
    shift: int  # extra columns for odd rows
    top: int  # row of the first hex row's interior
    dirty_dx: int  # the cells a hex's own changes repaint: from x0 + dirty_dx ...
    dirty_w: int  # ... for dirty_w cells (interior, plus the side drawn in its colours)
    interior_w: int  # cells inside the hex outline

    @property
    def outlined(self) -> bool:
        """Whether every hexside has a cell of its own (the brick layouts)."""
        return self.name != "dense"

    @property
    def side_twin(self) -> bool:
        """Whether a slanted side (NE, NW, SW, SE) is two cells wide: the wide brick's
        hexes are six columns apart, so a slant spans two cells, drawn alike."""
        return self.name == "wide"

    def canvas_size(self, width: int, height: int) -> tuple[int, int]:
        if self.outlined:
            return (self.hex_w * width + self.shift + 1, 2 * height + 1)
        return (2 * width + 1, height)

    def origin(self, col: int, row: int) -> tuple[int, int]:
        """(x, y) of a hex's glyph cell (the first interior cell)."""
        return (self.hex_w * col + self.shift * (row & 1) + self.top, self.hex_h * row + self.top)

    def line_of_row(self, row: int) -> int:
        return self.hex_h * row + self.top

    def side_cell(self, col: int, row: int, direction: int) -> tuple[int, int] | None:
        """The cell of a hexside, or None where the layout has no room for that side."""
        x0, y = self.origin(col, row)
        dxy = _SIDES[self.name].get(direction)
        return None if dxy is None else (x0 + dxy[0], y + dxy[1])

    def focus_box(self, col: int, row: int) -> tuple[int, int, int, int]:
        """(x, y, w, h) the viewport should keep visible around a hex (sides included)."""
        x0, y = self.origin(col, row)
        if self.outlined:
            return (x0 - 1, y - 1, self.hex_w + 1, 3)
        return (x0 - 1, y, 3, 1)

    def hex_at(self, x: int, y: int) -> tuple[int, int] | None:
        """(col, row) of the hex whose interior holds canvas cell (x, y), if any."""
        if (y - self.top) % self.hex_h:
            return None
        row = (y - self.top) // self.hex_h
        rel = x - self.shift * (row & 1) - self.top
        if rel < 0 or row < 0:
            return None
        col, inside = divmod(rel, self.hex_w)
        return (col, row) if inside < self.interior_w else None


_BRICK_SIDES: dict[int, tuple[int, int]] = {
    W: (-1, 0),
    E: (3, 0),
    NW: (0, -1),
    NE: (2, -1),
    SW: (0, 1),
    SE: (2, 1),
}
# The wide brick: the interior is five cells, the E side at x0+5, and each slanted side
# is two cells, of which the first (the one named here) is the side's cell and the second
# its twin, drawn alike (Grid.side_twin).
_WIDE_SIDES: dict[int, tuple[int, int]] = {
    W: (-1, 0),
    E: (5, 0),
    NW: (0, -1),
    NE: (3, -1),
    SW: (0, 1),
    SE: (3, 1),
}
_DENSE_SIDES: dict[int, tuple[int, int]] = {W: (-1, 0), E: (1, 0)}
_SIDES: dict[str, dict[int, tuple[int, int]]] = {
    "brick": _BRICK_SIDES,
    "wide": _WIDE_SIDES,
    "dense": _DENSE_SIDES,
}

# A hex's own change repaints its W side, interior and E side: the cursor's frame is drawn
# on both (``[`` and ``]``), so a cursor step repaints both of them.
GRIDS: dict[str, Grid] = {
    "brick": Grid("brick", hex_w=4, hex_h=2, shift=2, top=1, dirty_dx=-1, dirty_w=5, interior_w=3),
    "wide": Grid("wide", hex_w=6, hex_h=2, shift=3, top=1, dirty_dx=-1, dirty_w=7, interior_w=5),
    "dense": Grid("dense", hex_w=2, hex_h=1, shift=1, top=0, dirty_dx=-1, dirty_w=3, interior_w=1),
}


def neighbour_offset(col: int, row: int, direction: int) -> tuple[int, int]:
    """Offset coordinates of the neighbour in a direction (odd-r)."""
    h = Hex.from_offset(col, row)
    dq, dr = DIRECTIONS[direction]
    return Hex(h.q + dq, h.r + dr).offset


# --- the renderer -------------------------------------------------------------------

Cell = tuple[str, Style]


class MapRenderer:
    """Renders canvas rows of one map in one layout.

    The static picture (terrain, settlements, hexside features, borders) is indexed once
    per map; a row is then built from that index plus the layers' row indexes, so rendering
    a row costs one pass over the hexes of that row (and over the few side cells the
    overlays draw on it).
    """

    def __init__(
        self,
        hexmap: HexMap,
        layout: str = "brick",
        base: Style | None = None,
        borders: Borders | None = None,
    ) -> None:
        if layout not in GRIDS:
            raise ValueError(f"unknown map layout {layout!r} (use one of {', '.join(GRIDS)})")
        self.map = hexmap
        self.grid = GRIDS[layout]
        self.borders = borders or Borders()
        self.width, self.height = self.grid.canvas_size(hexmap.width, hexmap.height)
        self._base = base or Style()
        self._settlements: dict[tuple[int, int], str] = {}
        self._settlement_rows: dict[int, set[int]] = {}
        self._side_features: dict[tuple[int, int], set[str]] = {}
        self._index_static()
        self._build_styles()

    # --- indexing ---------------------------------------------------------------------
    def _index_static(self) -> None:
        hexmap = self.map
        for s in hexmap.settlements:
            if hexmap.contains(s.hex):
                self._settlements[s.hex.offset] = settlement_glyph(s.kind)
                self._settlement_rows.setdefault(s.hex.row, set()).add(s.hex.col)
        for feature, sides in hexmap.hexsides.items():
            for side in sides:
                self._mark_side(side.a, side.b, feature)
        self._index_borders()

    def _index_borders(self) -> None:
        """Mark the borders the map draws (``Borders``): between hexes of different
        territories, of different owners (by realm or team when grouped), or both."""
        hexmap = self.map
        if not hexmap.territories:
            return
        if self.borders.owners:
            self._index_border(OWNER_BORDER, self._territory_keys(self._owner_key))
        if self.borders.territories:
            self._index_border(BORDER, self._territory_keys(lambda t: t.id))

    def _owner_key(self, territory: Territory) -> str | None:
        return self.borders.group_of(territory.owner)

    def _territory_keys(self, key: Callable[[Territory], str | None]) -> list[list[str | None]]:
        """Each hex's key (offset rows): its territory's key, None outside every territory."""
        hexmap = self.map
        keys: list[list[str | None]] = [[None] * hexmap.width for _ in range(hexmap.height)]
        for t in hexmap.territories:
            value = key(t)
            for h in t.hexes:
                if hexmap.contains(h):
                    keys[h.row][h.col] = value
        return keys

    def _index_border(self, border: str, tid: list[list[str | None]]) -> None:
        """Mark every side between two hexes of different keys (map edge excluded).

        Each row is compared whole with itself shifted (E) and with the row below (SE and
        SW, shifted by the row's parity), so every side is seen once and only the sides
        that differ cost a step in Python: borders are few, hexes many.
        """
        height = self.map.height
        side_cell = self.grid.side_cell
        features = self._side_features
        for row in range(height):
            here = tid[row]
            marks = [(col, E) for col in _differing(here, here, 1)]
            if row + 1 < height:
                below, odd = tid[row + 1], row & 1
                marks += [(col, SE) for col in _differing(here, below, odd)]
                marks += [(col, SW) for col in _differing(here, below, odd - 1)]
            for col, direction in marks:
                cell = side_cell(col, row, direction)
                if cell is not None:
                    features.setdefault(cell, set()).add(border)

    def _mark_side(self, a: Hex, b: Hex, feature: str) -> None:
        if not self.map.contains(a):
            a, b = b, a
        if not self.map.contains(a):
            return
        direction = a.direction_to(b)
        if direction is None:
            return
        cell = self.grid.side_cell(a.col, a.row, direction)
        if cell is None:
            return
        self._side_features.setdefault(cell, set()).add(feature)

    def set_base(self, base: Style) -> None:
        """Adopt the widget's own style (its background) for outline and empty cells."""
        if base != self._base:
            self._base = base
            self._build_styles()

    def _build_styles(self) -> None:
        base = self._base
        self._plain = base + Style(color=parse_colour(PLAIN_SIDE_COLOUR))
        self._cursor_frame = self._plain + CURSOR_STYLE
        vocabulary = self.map.vocabulary
        self._side_looks = side_looks(vocabulary)
        self._terrain: dict[str, Cell] = {}
        for t in vocabulary.terrains:
            self._terrain[t.letter] = (terrain_glyph(t), terrain_style(t))
        self._unknown_terrain = (UNKNOWN_GLYPH, terrain_style(None))
        self._side_cells: dict[int, dict[int, Cell]] = {}
        looks: dict[tuple[str | None, str | None], Cell] = {}
        for (x, y), features in self._side_features.items():
            key = (pick_side_feature(features, vocabulary), pick_border(features))
            found = looks.get(key)
            if found is None:
                found = looks[key] = self._side_cell(*key)
            self._side_cells.setdefault(y, {})[x] = found
        self._templates: dict[int, str] = {}
        self._overlay_cells: dict[tuple[object, ...], Cell] = {}

    def _side_cell(self, name: str | None, border: str | None) -> Cell:
        """A side's glyph and style: its winning feature, underlined if also a border."""
        if name is None:
            look, underline = BORDER_LOOKS.get(border or BORDER, BORDER_LOOK), False
        else:
            look, underline = self._side_looks.get(name, UNKNOWN_SIDE_LOOK), border is not None
        style = self._base + Style(color=parse_colour(look.colour), bold=True, underline=underline)
        return (look.glyph, style)

    def terrain_cell(self, col: int, row: int) -> Cell:
        letter = self.map.terrain[row][col]
        return self._terrain.get(letter) or self._terrain_for(letter)

    def _terrain_for(self, letter: str) -> Cell:
        terrain = self.map.vocabulary.terrain(letter)
        if terrain is None:
            return self._unknown_terrain
        cell = (terrain_glyph(terrain), terrain_style(terrain))
        self._terrain[letter] = cell
        return cell

    # --- rendering --------------------------------------------------------------------
    def render_row(self, y: int, layers: MapLayers) -> list[Segment]:
        """The segments of canvas row ``y``, exactly ``self.width`` cells long."""
        if not 0 <= y < self.height:
            return [Segment(" " * self.width, self._base)]
        if self.grid.name == "dense":
            return self._dense_row(y, layers)
        if y % 2 == 0:
            return self._brick_edge_row(y, layers)
        return self._brick_hex_row((y - 1) // 2, layers)

    def _brick_template(self, y: int) -> str:
        """The plain outline of a row between hex rows: '/' and '\\' of the hexes around it
        (two cells each in the wide brick)."""
        text = self._templates.get(y)
        if text is None:
            grid = self.grid
            chars = [" "] * self.width
            r = y // 2
            slant = 2 if grid.side_twin else 1
            ne = _SIDES[grid.name][NE][0]
            for hex_row, first, second in ((r - 1, "\\", "/"), (r, "/", "\\")):
                if not 0 <= hex_row < self.map.height:
                    continue
                start = grid.shift * (hex_row & 1) + 1
                for c in range(self.map.width):
                    x = grid.hex_w * c + start
                    for i in range(slant):
                        chars[x + i] = first
                        chars[x + ne + i] = second
            text = "".join(chars)
            self._templates[y] = text
        return text

    def _brick_edge_row(self, y: int, layers: MapLayers) -> list[Segment]:
        text = self._brick_template(y)
        featured = self._side_cells_of(y, layers)
        if featured and self.grid.side_twin:
            featured = {**{x + 1: c for x, c in featured.items()}, **featured}
        if not featured:
            return [Segment(text, self._plain)]
        out = _Builder()
        pos = 0
        for x in sorted(featured):
            if x > pos:
                out.add(text[pos:x], self._plain)
            out.add(*featured[x])
            pos = x + 1
        if pos < len(text):
            out.add(text[pos:], self._plain)
        return out.segments()

    def _brick_hex_row(self, row: int, layers: MapLayers) -> list[Segment]:
        """A row through hex interiors.

        A plain W side is drawn in the style of the hex it bounds, so a run of hexes of
        one terrain is a single segment. That keeps the bytes a partial repaint sends
        small: Textual rewrites a dirty line from the widget's left edge, and every style
        change costs an escape sequence.
        """
        y = 2 * row + 1
        grid = self.grid
        featured = self._side_cells_of(y, layers)
        out = _Builder()
        add = out.add
        x = grid.shift * (row & 1) + 1
        pad = " " * grid.shift
        if row & 1:
            add(pad, self._base)
        dynamic = self._dynamic_cols(row, layers)
        terrain_row = self.map.terrain[row]
        terrain = self._terrain
        inside = grid.interior_w
        blank = " " * (inside - 1)
        style = self._base
        for col in range(self.map.width):
            glyph, style = terrain.get(terrain_row[col]) or self._terrain_for(terrain_row[col])
            side = featured.get(x - 1)
            if col in dynamic:
                add(*(side or ("|", style)))
                for text, cell_style in self.interior_cells(col, row, layers, inside):
                    add(text, cell_style)
            elif side is None:
                add("|" + glyph + blank, style)
            else:
                add(*side)
                add(glyph + blank, style)
            x += grid.hex_w
        add(*(featured.get(x - 1) or ("|", style)))
        if not row & 1:
            add(pad, self._base)
        return out.segments()

    def _dynamic_cols(self, row: int, layers: MapLayers) -> set[int]:
        cols = set(layers.row_markers(row))
        for _, labels in layers.row_overlays(row):
            cols.update(labels)
        if layers.cursor is not None and layers.cursor.row == row:
            cols.add(layers.cursor.col)
        cols.update(self._settlement_rows.get(row, ()))
        return cols

    def interior_cells(self, col: int, row: int, layers: MapLayers, width: int) -> list[Cell]:
        """The ``width`` interior cells of a hex: glyph, then marker or overlay labels.

        Which layer wins which cell is stated in tuicamp.ui.map_layers: a marker, else
        labels and route glyphs in precedence, then the first area's glyph, on its tint.
        """
        glyph, tstyle = self.terrain_cell(col, row)
        settlement = self._settlements.get((col, row))
        h = Hex.from_offset(col, row)
        marker = layers.markers.get(h)
        names = layers.overlay_names() if layers.overlays else []
        area = self._area_at(h, layers, names)
        ground = area_style(area) if area is not None else tstyle
        cells: list[Cell] = []
        if marker is not None and width == 1:
            cells.append(
                (ascii_text(marker.letter)[:1] or "?", marker_style(marker.colour, marker.own))
            )
        elif settlement is not None:
            # In the terrain's own style, not bold: its glyph tells it apart already, a
            # bold cell split the hex's run into three segments that every repaint of the
            # line resends, and terminals that show bold as bright turn black glyphs grey.
            cells.append((settlement, tstyle))
        elif width == 1 and (label := self._first_overlay(h, layers, names, area)) is not None:
            cells.append(label)
        else:
            cells.append((glyph, tstyle))
        free = width - 1
        if free and marker is not None:
            mstyle = marker_style(marker.colour, marker.own)
            cells.extend((text, mstyle) for text in marker_cells(marker, free))
            free = 0
        for name in names:
            look = layers.look(name)
            if look.kind == AREA:
                continue
            label = layers.overlays.get(name, {}).get(h)
            if free and label and len(label) <= free:
                style = label_style(look) or ground
                cells.extend((ch, style) for ch in label)
                free -= len(label)
        if free and area is not None:
            cells.append((area.glyph, ground))
            free -= 1
        cells.extend([(" ", ground)] * free)
        if layers.cursor == h:
            cells = [(text, style + CURSOR_STYLE) for text, style in cells]
        return cells

    @staticmethod
    def _area_at(h: Hex, layers: MapLayers, names: list[str]) -> OverlayLook | None:
        """The first area overlay (in precedence) that shades this hex."""
        for name in names:
            look = layers.look(name)
            if look.kind == AREA and h in layers.overlays.get(name, ()):
                return look
        return None

    def _first_overlay(
        self, h: Hex, layers: MapLayers, names: list[str], area: OverlayLook | None
    ) -> Cell | None:
        """The one cell of a hex in the dense layout: the first label or route glyph, else
        the area's glyph (None: none of them)."""
        for name in names:
            look = layers.look(name)
            label = layers.overlays.get(name, {}).get(h) if look.kind != AREA else None
            if label:
                style = label_style(look) or self.terrain_cell(h.col, h.row)[1]
                return (label[:1], style)
        if area is not None:
            return (area.glyph, area_style(area))
        return None

    def _dense_row(self, row: int, layers: MapLayers) -> list[Segment]:
        featured = self._side_cells_of(row, layers)
        out = _Builder()
        add = out.add
        x = row & 1
        if x:
            add(*featured.get(0, (" ", self._base)))
        dynamic = self._dynamic_cols(row, layers)
        for col in range(self.map.width):
            terrain = self.terrain_cell(col, row)
            add(*(self.interior_cells(col, row, layers, 1)[0] if col in dynamic else terrain))
            add(*(featured.get(x + 1) or (" ", terrain[1])))
            x += 2
        if not row & 1:
            add(" ", self._base)
        return out.segments()

    # --- side cells of the overlays -----------------------------------------------------
    def _side_cells_of(self, y: int, layers: MapLayers) -> dict[int, Cell]:
        """x -> cell of every drawn side on canvas line ``y``: the map's features and
        borders, what routes and side overlays draw on top (map_layers' precedence), and
        the cursor's frame on the W and E sides of its hex."""
        cells = self._layer_side_cells(y, layers)
        cursor = layers.cursor
        if cursor is None or not self.map.contains(cursor):
            return cells
        if self.grid.line_of_row(cursor.row) != y:
            return cells
        framed = dict(cells)
        for direction, bracket in zip((W, E), CURSOR_FRAME, strict=True):
            where = self.grid.side_cell(cursor.col, cursor.row, direction)
            if where is None or not 0 <= where[0] < self.width:
                continue
            found = framed.get(where[0])
            framed[where[0]] = (bracket, found[1] + CURSOR_STYLE if found else self._cursor_frame)
        return framed

    def _layer_side_cells(self, y: int, layers: MapLayers) -> dict[int, Cell]:
        """The side cells of line ``y`` without the cursor's frame."""
        static = self._side_cells.get(y, {})
        sides = layers.sides_on_line(self._side_line_of(y)) if layers.draws_sides else ()
        if not sides:
            return static
        names = layers.overlay_names()
        cells = dict(static)
        for side in sides:
            where = self.side_cell_of(side)
            if where is None or where[1] != y:
                continue
            entry = layers.side_entry(side, names)
            if entry is not None:
                cells[where[0]] = self._entry_cell(entry, where)
        return cells

    def _side_line_of(self, y: int) -> SideLine:
        """The hex rows whose shared sides are drawn on canvas line ``y``."""
        if self.grid.name == "dense":
            return (y, y)
        if y % 2:
            return ((y - 1) // 2, (y - 1) // 2)
        return (y // 2 - 1, y // 2)

    def side_cell_of(self, side: Hexside) -> tuple[int, int] | None:
        """The canvas cell of a hexside (None: off the map, or no room in this layout)."""
        a, b = side.a, side.b
        if not self.map.contains(a):
            a, b = b, a
        if not self.map.contains(a):
            return None
        direction = a.direction_to(b)
        return None if direction is None else self.grid.side_cell(a.col, a.row, direction)

    def _entry_cell(self, entry: SideEntry, where: tuple[int, int]) -> Cell:
        """A route's glyph (or, on a featured side, the feature's glyph in the route's
        colours), or a side mark's chip."""
        look = entry.look
        if entry.mark is None:
            features = self._side_features.get(where)
            crossed = features is not None and pick_side_feature(features) is not None
            glyph = self._side_cells[where[1]][where[0]][0] if crossed else look.glyph
            key: tuple[object, ...] = (look, glyph)
            found = self._overlay_cells.get(key)
            if found is None:
                style = self._base + (label_style(look) or self._plain)
                found = self._overlay_cells[key] = (glyph, style)
            return found
        mark = entry.mark
        key = (look, mark)
        found = self._overlay_cells.get(key)
        if found is None:
            found = self._overlay_cells[key] = (mark.glyph, mark_style(look, mark.colour))
        return found

    # --- conveniences -----------------------------------------------------------------
    def hex_at(self, x: int, y: int) -> Hex | None:
        """The map hex drawn at canvas cell (x, y), or None for sides, corners and outside."""
        found = self.grid.hex_at(x, y)
        if found is None:
            return None
        col, row = found
        if 0 <= col < self.map.width and 0 <= row < self.map.height:
            return Hex.from_offset(col, row)
        return None

    def hex_region(self, h: Hex) -> tuple[int, int, int, int]:
        """(x, y, w, h) of the cells a change to this hex alone can alter.

        That is the interior (terrain, marker, overlays, cursor) plus the cell drawn in
        the hex's terrain colours: the W side in the brick layout, the gap in the dense one.
        """
        x, y = self.grid.origin(h.col, h.row)
        return (x + self.grid.dirty_dx, y, self.grid.dirty_w, 1)

    def side_region(self, side: Hexside) -> tuple[int, int, int, int] | None:
        """(x, y, w, 1), the cells a change to this hexside alone can alter: one, or two for
        a slanted side of the wide brick (None: it is not drawn in this layout)."""
        where = self.side_cell_of(side)
        if where is None:
            return None
        slanted = self.grid.side_twin and where[1] % 2 == 0
        return (where[0], where[1], 2 if slanted else 1, 1)

    def text_lines(self, layers: MapLayers | None = None) -> list[str]:
        """The whole canvas as plain text (tests, logs, and printing a map)."""
        layers = layers or MapLayers()
        return ["".join(s.text for s in self.render_row(y, layers)) for y in range(self.height)]


class _Builder:
    """Collects (text, style) runs, merging neighbours that share a style."""

    __slots__ = ("_out", "_style", "_texts")

    def __init__(self) -> None:
        self._out: list[Segment] = []
        self._texts: list[str] = []
        self._style: Style | None = None

    def add(self, text: str, style: Style) -> None:
        if style is self._style or style == self._style:
            self._texts.append(text)
            return
        if self._texts:
            self._out.append(Segment("".join(self._texts), self._style))
        self._texts = [text]
        self._style = style

    def segments(self) -> list[Segment]:
        if self._texts:
            self._out.append(Segment("".join(self._texts), self._style))
            self._texts = []
        return self._out


# --- legend -------------------------------------------------------------------------


def legend_lines(
    terrains: Iterable[Terrain] | None = None,
    overlays: Mapping[str, OverlayLook] = CORE_OVERLAYS,
    settlement_kinds: Iterable[str] | None = None,
    borders: Borders | None = None,
    *,
    vocabulary: Vocabulary = BASE_VOCABULARY,
) -> list[Text]:
    """Legend lines, each glyph drawn in the very style the map uses, then its meaning.

    Terrains and hexside features are the map's ``vocabulary`` (a ruleset's own
    included); ``terrains`` narrows the terrain lines (to those a map shows, say).
    ``overlays`` are the looks the map may draw (the core's and the ruleset's declared
    ones); ``borders`` what the map draws as borders (the owner border is listed when it is
    drawn).
    """
    lines: list[Text] = [Text("Terrain", style="bold")]
    for t in vocabulary.terrains if terrains is None else terrains:
        lines.append(_legend_line(f"{terrain_glyph(t)}  ", terrain_style(t), t.name))
    lines.append(Text("Settlements", style="bold"))
    kinds = list(settlement_kinds) if settlement_kinds is not None else list(SETTLEMENT_GLYPHS)
    by_glyph: dict[str, list[str]] = {}
    for kind in kinds:
        by_glyph.setdefault(settlement_glyph(kind), []).append(kind)
    for glyph, names in by_glyph.items():
        lines.append(_legend_line(glyph, Style(), ", ".join(names)))
    lines.append(Text("Hexsides", style="bold"))
    lines.append(_legend_line("/\\|", Style(color=parse_colour(PLAIN_SIDE_COLOUR)), "plain side"))
    for look in (*side_looks(vocabulary).values(), BORDER_LOOK):
        lines.append(
            _legend_line(
                look.glyph, Style(color=parse_colour(look.colour), bold=True), look.meaning
            )
        )
    lines.append(
        _legend_line(
            "~",
            Style(color=parse_colour("bright_blue"), bold=True, underline=True),
            "underlined: also a territory border",
        )
    )
    if borders is not None and borders.owners:
        lines += _owner_border_lines()
    lines.append(Text("Armies and overlays", style="bold"))
    lines.append(_legend_line("A ", marker_style("red", False), "army of player A"))
    lines.append(_legend_line("A2", marker_style("red", False), "army of player A, stack of 2"))
    own = Marker("B", "blue", own=True)
    lines.append(
        _legend_line(
            "".join(marker_cells(own, 2)),
            marker_style("blue", True),
            f"{OWN_GLYPH} and underlined: your own army (a stack: B2{OWN_GLYPH} zoomed in, "
            "B2 underlined)",
        )
    )
    lines += overlay_legend_lines(overlays)
    frame = Text()
    frame.append(CURSOR_FRAME[0], Style(color=parse_colour(PLAIN_SIDE_COLOUR)) + CURSOR_STYLE)
    frame.append(".  ", terrain_style(BY_LETTER["."]) + CURSOR_STYLE)
    frame.append(CURSOR_FRAME[1], Style(color=parse_colour(PLAIN_SIDE_COLOUR)) + CURSOR_STYLE)
    frame.append(" cursor: the hex between [ and ] (a side's feature lends them its colour)")
    lines.append(frame)
    lines.append(Text("Zoom (o)", style="bold"))
    lines += [Text(f"{name:<7} {what}") for name, what in ZOOM_LEVELS.items()]
    return lines


# What each zoom level draws, in the order ``o`` steps through them (the legend lists it).
ZOOM_LEVELS: dict[str, str] = {
    "brick": "every hexside, 4 x 2 cells a hex (the normal map)",
    "dense": "overview, 2 x 1 cells a hex: only the E and W sides",
    "wide": "every hexside, 6 x 2 cells a hex, for a large terminal",
}


def _owner_border_lines() -> list[Text]:
    look = OWNER_BORDER_LOOK
    style = Style(color=parse_colour(look.colour), bold=True)
    return [
        _legend_line(look.glyph, style, look.meaning),
        _legend_line("~", style + Style(underline=True), "underlined: also a border"),
    ]


def overlay_legend_lines(overlays: Mapping[str, OverlayLook]) -> list[Text]:
    """One line per overlay look, drawn as the map draws it, then what hides what."""
    clear = terrain_style(BY_LETTER["."])
    lines: list[Text] = []
    for name, look in overlays.items():
        meaning = look.meaning if name in CORE_OVERLAYS or look.meaning else name
        if look in UNDECLARED_LOOKS.values():
            meaning = f"{name}: {look.meaning}"
        if look.kind == LABELS:
            lines.append(_legend_line(look.glyph, label_style(look) or clear, meaning))
        elif look.kind == ROUTE:
            lines.append(
                _legend_line(
                    look.glyph * 2, label_style(look) or clear, f"{meaning}: hexes and sides"
                )
            )
        elif look.kind == SIDES:
            lines.append(_legend_line(look.glyph, mark_style(look, None), f"on a side: {meaning}"))
        else:
            sample = Text()
            sample.append(".", clear)
            sample.append(f"{look.glyph} ", area_style(look))
            sample.append(f" {meaning}")
            lines.append(sample)
    if any(look.kind in (SIDES, ROUTE) for look in overlays.values()):
        lines.append(
            Text("A route or side mark covers a side's feature (a route keeps a feature's")
        )
        lines.append(Text("glyph in its colours); the hex panel lists the hex's sides."))
    return lines


def _legend_line(glyph: str, style: Style, meaning: str) -> Text:
    text = Text()
    text.append(f"{glyph:<3}", style)
    text.append(f" {meaning}")
    return text


def _differing(row: list[str | None], other: list[str | None], shift: int) -> list[int]:
    """The columns ``c`` of ``row`` whose key differs from ``other[c + shift]`` (only
    where that column is on the map; ``shift`` is -1, 0 or 1)."""
    width = len(row)
    if shift >= 0:
        pairs = zip(row[: width - shift], other[shift:], strict=True)
        return [c for c, (a, b) in enumerate(pairs) if a != b]
    pairs = zip(row[1:], other[: width - 1], strict=True)
    return [c for c, (a, b) in enumerate(pairs, start=1) if a != b]
