"""The pure map renderer: geometry exactly as docs/architecture.md draws it, and what each
cell shows."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.color import Color
from textual.filter import NoColor

from tuicamp.model.hexes import Hex, Hexside, SideOf
from tuicamp.model.map import HexMap, Settlement, Territory
from tuicamp.model.terrain import TERRAINS
from tuicamp.rules.rauscher.screens.overlays import OVERLAYS as RAUSCHER_OVERLAYS
from tuicamp.ui.map_layers import (
    AREA,
    BOTH,
    CORE_OVERLAYS,
    NO_BORDERS,
    OWNER,
    ROUTE,
    SIDES,
    Borders,
    MapLayers,
    Mark,
    Marker,
    OverlayLook,
    printable,
)
from tuicamp.ui.map_layouts import LAYOUTS
from tuicamp.ui.map_render import (
    BORDER,
    BORDER_LOOK,
    CURSOR_STYLE,
    GRIDS,
    OVERLAY_BG,
    OWNER_BORDER_LOOK,
    PLAIN_SIDE_GLYPHS,
    SETTLEMENT_GLYPHS,
    SIDE_LOOKS,
    E,
    MapRenderer,
    check_look_colours,
    legend_lines,
    settlement_glyph,
)

NE, NW, W, SW, SE = 1, 2, 3, 4, 5


def H(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def cell(renderer: MapRenderer, layers: MapLayers, x: int, y: int):
    """(char, style) at canvas cell (x, y), walking the row's segments."""
    pos = 0
    for seg in renderer.render_row(y, layers):
        if pos + len(seg.text) > x:
            return seg.text[x - pos], seg.style
        pos += len(seg.text)
    raise IndexError((x, y))


# --- brick geometry ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("col", "row", "x0", "y"),
    [(2, 2, 9, 5), (1, 3, 7, 7), (0, 0, 1, 1), (0, 1, 3, 3)],
    ids=["even-row", "odd-row", "origin", "odd-row-first"],
)
def test_brick_hex_is_where_design_says(col: int, row: int, x0: int, y: int) -> None:
    m = HexMap.blank(4, 5)
    m.set_terrain(H(col, row), "m")
    lines = MapRenderer(m).text_lines()
    assert GRIDS["brick"].origin(col, row) == (x0, y)
    assert lines[y][x0 : x0 + 3] == "M  "
    assert lines[y][x0 - 1] == "|"  # W
    assert lines[y][x0 + 3] == "|"  # E
    assert lines[y - 1][x0] == "/"  # NW
    assert lines[y - 1][x0 + 2] == "\\"  # NE
    assert lines[y + 1][x0] == "\\"  # SW
    assert lines[y + 1][x0 + 2] == "/"  # SE
    assert lines[y - 1][x0 + 1] == " "  # the apex is a corner, not a side


def test_brick_picture_matches_design() -> None:
    """The 4 x 2 example of docs/architecture.md, drawn from a map (markers 'A' and 'I')."""
    m = HexMap(4, 2, [".fh.", "f~.."])
    layers = MapLayers()
    layers.set_markers({H(1, 0): Marker("A", "red"), H(2, 1): Marker("I", "blue")})
    lines = MapRenderer(m).text_lines(layers)
    assert lines[:4] == [
        " / \\ / \\ / \\ / \\   ",
        "|.  |fA |^  |.  |  ",
        " \\ / \\ / \\ / \\ / \\ ",
        "  |f  |~  |.I |.  |",
    ]


def test_wide_brick_is_where_design_says() -> None:
    """The wide brick: 6 x 2 cells a hex, odd rows shifted by 3, five interior cells, and
    each slanted side two cells drawn alike."""
    m = HexMap(3, 2, [".fh", "f~."])
    m.add_feature("river", Hexside(H(0, 0), H(0, 1)))
    lines = MapRenderer(m, "wide").text_lines()
    assert lines == [
        " // \\\\ // \\\\ // \\\\    ",
        "|.    |f    |^    |   ",
        " \\\\ ~~ \\\\ // \\\\ // \\\\ ",
        "   |f    |~    |.    |",
        "    \\\\ // \\\\ // \\\\ // ",
    ]
    assert GRIDS["wide"].origin(1, 1) == (10, 3)


def test_canvas_size_and_row_width() -> None:
    m = HexMap.blank(7, 5)
    for name, size in (("brick", (31, 11)), ("dense", (15, 5)), ("wide", (46, 11))):
        r = MapRenderer(m, name)
        assert (r.width, r.height) == size
        assert all(len(line) == r.width for line in r.text_lines())


def test_dense_layout_positions() -> None:
    m = HexMap.blank(5, 4)
    m.set_terrain(H(3, 1), "m")
    m.set_terrain(H(2, 2), "f")
    lines = MapRenderer(m, "dense").text_lines()
    assert lines[1][2 * 3 + 1] == "M"
    assert lines[2][2 * 2] == "f"
    assert lines[0] == ". . . . .  "  # 2 x 5 cells, then the odd-row overhang
    assert lines[1] == " . . . M . "


def test_unknown_layout_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown map layout"):
        MapRenderer(HexMap.blank(2, 2), "hexagonal")


# --- hexsides ----------------------------------------------------------------------------

BRICK_SIDE_OFFSETS = {W: (-1, 0), E: (3, 0), NW: (0, -1), NE: (2, -1), SW: (0, 1), SE: (2, 1)}


@pytest.mark.parametrize("feature", [*SIDE_LOOKS])
@pytest.mark.parametrize("direction", range(6), ids=["E", "NE", "NW", "W", "SW", "SE"])
@pytest.mark.parametrize("hex_", [(2, 2), (2, 3)], ids=["even-row", "odd-row"])
def test_side_feature_drawn_on_its_own_cell(feature, direction, hex_) -> None:
    m = HexMap.blank(5, 6)
    plain = MapRenderer(m).text_lines()
    h = H(*hex_)
    m.add_feature(feature, Hexside(h, h.neighbour(direction)))
    lines = MapRenderer(m).text_lines()
    x0, y = GRIDS["brick"].origin(*hex_)
    dx, dy = BRICK_SIDE_OFFSETS[direction]
    assert lines[y + dy][x0 + dx] == SIDE_LOOKS[feature].glyph
    changed = [
        (x, yy)
        for yy, (a, b) in enumerate(zip(plain, lines, strict=True))
        for x in range(len(a))
        if a[x] != b[x]
    ]
    assert changed == [(x0 + dx, y + dy)]


def test_side_glyphs_distinct_from_each_other_and_outline() -> None:
    glyphs = [look.glyph for look in SIDE_LOOKS.values()] + [BORDER_LOOK.glyph]
    assert len(set(glyphs)) == len(glyphs)
    assert not set(glyphs) & set(PLAIN_SIDE_GLYPHS.values())


def test_bridge_wins_over_river_and_road() -> None:
    m = HexMap.blank(4, 4)
    side = Hexside(H(1, 1), H(2, 1))
    for feature in ("road", "river", "bridge"):
        m.add_feature(feature, side)
    x0, y = GRIDS["brick"].origin(1, 1)
    assert MapRenderer(m).text_lines()[y][x0 + 3] == "H"


def two_territories(m: HexMap) -> None:
    m.territories = [
        Territory("w", "West", [h for h in m.hexes() if h.col < 2]),
        Territory("e", "East", [h for h in m.hexes() if h.col >= 2]),
    ]


def test_territory_border_between_territories_only() -> None:
    m = HexMap.blank(4, 4)
    two_territories(m)
    r = MapRenderer(m)
    lines = r.text_lines()
    x0, y = GRIDS["brick"].origin(1, 0)  # even row: E side borders East
    assert lines[y][x0 + 3] == ":"
    assert lines[y][x0 - 1] == "|"  # W side inside West
    x0, y = GRIDS["brick"].origin(1, 1)  # odd row (1,1): NE neighbour is (2,0), East
    assert lines[y - 1][x0 + 2] == ":"
    assert lines[y - 1][x0] == "/"  # NW neighbour (1, 0) is in West too
    # map edge is no border
    x0, y = GRIDS["brick"].origin(0, 0)
    assert lines[y][x0 - 1] == "|"


def test_river_on_border_wins_but_border_underlines_it() -> None:
    m = HexMap.blank(4, 4)
    two_territories(m)
    m.add_feature("river", Hexside(H(1, 2), H(2, 2)))
    r = MapRenderer(m)
    x0, y = GRIDS["brick"].origin(1, 2)
    ch, style = cell(r, MapLayers(), x0 + 3, y)
    assert ch == "~"
    assert style.underline
    x0, y = GRIDS["brick"].origin(1, 0)  # a river elsewhere, not on a border: no underline
    m2 = HexMap.blank(4, 4)
    m2.add_feature("river", Hexside(H(1, 0), H(2, 0)))
    ch, style = cell(MapRenderer(m2), MapLayers(), x0 + 3, y)
    assert ch == "~"
    assert not style.underline


def test_dense_gap_shows_east_side_feature() -> None:
    m = HexMap.blank(4, 3)
    m.add_feature("river", Hexside(H(1, 1), H(2, 1)))
    line = MapRenderer(m, "dense").text_lines()[1]
    assert line[2 * 1 + 1 + 1] == "~"


# --- hex contents ------------------------------------------------------------------------


def test_marker_in_the_two_cells_after_the_glyph() -> None:
    m = HexMap.blank(5, 4)
    m.set_terrain(H(1, 1), "f")
    m.set_terrain(H(3, 2), "h")
    layers = MapLayers()
    layers.set_markers(
        {H(1, 1): Marker("B", "blue", count=3, own=True), H(3, 2): Marker("o", "green", 12)}
    )
    r = MapRenderer(m)
    lines = r.text_lines(layers)
    x0, y = GRIDS["brick"].origin(1, 1)
    assert lines[y][x0 : x0 + 3] == "fB3"
    x0b, yb = GRIDS["brick"].origin(3, 2)
    assert lines[yb][x0b : x0b + 3] == "^o+"
    assert cell(r, layers, x0 + 1, y)[1].underline  # own army
    assert not cell(r, layers, x0b + 1, yb)[1].underline
    assert cell(r, layers, x0 + 1, y)[1].bgcolor.name == "blue"


def test_single_army_has_no_count() -> None:
    layers = MapLayers()
    layers.set_markers({H(0, 0): Marker("A", "red")})
    assert MapRenderer(HexMap.blank(2, 2)).text_lines(layers)[1][1:4] == ".A "


@pytest.mark.parametrize(
    ("layout", "marker", "shown"),
    [
        ("brick", Marker("A", "red", own=True), ".A*"),
        ("brick", Marker("A", "red"), ".A "),
        ("brick", Marker("A", "red", 3, own=True), ".A3"),
        ("wide", Marker("A", "red", own=True), ".A*  "),
        ("wide", Marker("A", "red", 3, own=True), ".A3* "),
        ("wide", Marker("A", "red", 3), ".A3  "),
        ("wide", Marker("A", "red"), ".A   "),
    ],
)
def test_own_counters_carry_a_glyph(layout: str, marker: Marker, shown: str) -> None:
    """Own and enemy counters are told apart without colour: the seat's own carry ``*``
    (a lone army always; a stack where the hex has room for it)."""
    layers = MapLayers()
    layers.set_markers({H(0, 0): marker})
    x0, y = GRIDS[layout].origin(0, 0)
    line = MapRenderer(HexMap.blank(2, 2), layout).text_lines(layers)[y]
    assert line[x0 : x0 + len(shown)] == shown


@pytest.mark.parametrize(
    ("overlays", "expected"),
    [
        ({"reach": "12"}, ".12"),
        ({"reach": "3", "path": "*"}, ".*3"),
        ({"reach": "12", "path": "*"}, ".* "),  # a label that does not fit is left out
        ({"x": "z", "y": "s"}, ".zs"),  # undeclared ones in the order they were set
        ({"reach": "\u00e9"}, ".? "),
    ],
)
def test_overlay_labels_fill_free_cells_by_precedence(overlays, expected) -> None:
    layers = MapLayers()
    for name, label in overlays.items():
        if name == "path":  # the planned path is a route from the next hex
            layers.set_route(name, [H(0, 0), H(1, 0)], labels={H(1, 0): label})
        else:
            layers.set_overlay(name, {H(1, 0): label})
    x0, y = GRIDS["brick"].origin(1, 0)
    assert MapRenderer(HexMap.blank(3, 2)).text_lines(layers)[y][x0 : x0 + 3] == expected


def test_marker_hides_overlay_labels_and_clear_overlay_restores() -> None:
    layers = MapLayers()
    layers.set_markers({H(1, 0): Marker("A", "red")})
    layers.set_overlay("reach", {H(1, 0): "2", H(0, 0): "1"})
    r = MapRenderer(HexMap.blank(3, 2))
    assert r.text_lines(layers)[1][1:8] == ".1 |.A "
    assert layers.clear_overlay("reach") == {H(1, 0), H(0, 0)}
    assert r.text_lines(layers)[1][1:8] == ".  |.A "


@pytest.mark.parametrize(("kind", "glyph"), [*SETTLEMENT_GLYPHS.items(), ("Villages", "v")])
def test_settlement_glyph_replaces_terrain_glyph(kind: str, glyph: str) -> None:
    m = HexMap.blank(3, 3)
    m.settlements = [Settlement("s", kind, "Somewhere", H(1, 1))]
    x0, y = GRIDS["brick"].origin(1, 1)
    assert MapRenderer(m).text_lines()[y][x0] == glyph


def test_a_settlement_keeps_its_hex_one_run_of_the_row() -> None:
    """A settlement's glyph is drawn in its hex's terrain style: a row repainted for a
    cursor step resends every style change left of the cursor, so a settlement must add
    none (its glyph tells it apart)."""
    m = HexMap.blank(4, 2)
    plain = MapRenderer(m).render_row(1, MapLayers())
    m.settlements = [Settlement("s", "city", "Carroburg", H(1, 0))]
    row = MapRenderer(m).render_row(1, MapLayers())
    assert "".join(seg.text for seg in row)[5] == "C"
    assert len(row) == len(plain)


def test_unknown_settlement_kind_is_question_mark() -> None:
    assert settlement_glyph("space port") == "?"


def test_settlement_and_terrain_glyphs_never_collide() -> None:
    terrain_glyphs = {t.glyph for t in TERRAINS}
    assert len(terrain_glyphs) == len(TERRAINS)
    assert not terrain_glyphs & set(SETTLEMENT_GLYPHS.values())


def test_cursor_is_framed_and_reverses_only_its_hex() -> None:
    """The cursor reads without colour: its hex's W and E sides become ``[`` and ``]``,
    and the frame and interior are reversed, nothing else."""
    m = HexMap.blank(3, 3)
    layers = MapLayers()
    layers.set_cursor(H(1, 1))
    r = MapRenderer(m)
    x0, y = GRIDS["brick"].origin(1, 1)
    for x in range(r.width):
        _, style = cell(r, layers, x, y)
        assert bool(style.reverse) == (x0 - 1 <= x <= x0 + 3), x
    assert r.text_lines(layers)[y][x0 - 1 : x0 + 4] == "[.  ]"
    assert r.hex_region(H(1, 1)) == (x0 - 1, y, 5, 1)  # the frame is repainted with it
    assert CURSOR_STYLE.reverse


@pytest.mark.parametrize(
    ("layout", "framed"),
    [("brick", "[.  ]"), ("wide", "[.    ]"), ("dense", "[.]")],
)
def test_cursor_frame_in_every_layout(layout: str, framed: str) -> None:
    m = HexMap.blank(4, 4)
    layers = MapLayers()
    layers.set_cursor(H(2, 2))
    r = MapRenderer(m, layout)
    x0, y = GRIDS[layout].origin(2, 2)
    line = r.text_lines(layers)[y]
    assert line[x0 - 1 : x0 - 1 + len(framed)] == framed
    assert line.count("[") == 1 and line.count("]") == 1


def test_cursor_on_a_featured_side_shows_both_brackets_in_the_feature_colour() -> None:
    """ "A cursor visible without colour (brackets or a frame around the hex, not one
    reversed character)": a river on the cursor's E side still gets its bracket, so both
    show; the bracket takes the river's colour, and the river's glyph is back when the
    cursor leaves."""
    m = HexMap.blank(4, 3)
    m.add_feature("river", Hexside(H(1, 1), H(2, 1)))
    layers = MapLayers()
    r = MapRenderer(m)
    x0, y = GRIDS["brick"].origin(1, 1)
    river = cell(r, layers, x0 + 3, y)
    assert r.text_lines(layers)[y][x0 - 1 : x0 + 4] == "|.  ~"
    layers.set_cursor(H(1, 1))
    assert r.text_lines(layers)[y][x0 - 1 : x0 + 4] == "[.  ]"
    bracket = cell(r, layers, x0 + 3, y)
    assert bracket[1].reverse and bracket[1].color == river[1].color
    layers.set_cursor(H(3, 2))
    assert r.text_lines(layers)[y][x0 - 1 : x0 + 4] == "|.  ~"


def test_cursor_frame_leaves_the_row_when_the_cursor_does() -> None:
    m = HexMap.blank(3, 3)
    layers = MapLayers()
    layers.set_cursor(H(1, 1))
    r = MapRenderer(m)
    layers.set_cursor(H(0, 2))
    lines = r.text_lines(layers)
    assert "[" not in lines[3] and "]" not in lines[3]
    assert lines[5][0:5] == "[.  ]"


def test_unknown_terrain_letter_draws_question_mark() -> None:
    m = HexMap(2, 1, [".Z"])
    assert MapRenderer(m).text_lines()[1][5] == "?"


def test_layers_report_only_changed_hexes() -> None:
    layers = MapLayers()
    a, b, c = H(0, 0), H(1, 0), H(2, 0)
    assert layers.set_markers({a: Marker("A", "red"), b: Marker("B", "blue")}) == {a, b}
    assert layers.set_markers({a: Marker("A", "red"), c: Marker("B", "blue")}) == {b, c}
    assert layers.set_overlay("reach", {a: "1"}) == {a}
    assert layers.set_overlay("reach", {a: "1", b: "2"}) == {b}
    assert layers.set_cursor(c) == {c}
    assert layers.set_cursor(c) == set()
    assert layers.set_cursor(a) == {a, c}


def test_legend_names_every_terrain_and_side_glyph() -> None:
    text = "\n".join(line.plain for line in legend_lines())
    for t in TERRAINS:
        assert t.name in text
    for look in (*SIDE_LOOKS.values(), BORDER_LOOK):
        assert f"{look.glyph} " in text and look.meaning in text
    assert "reach" in text and "path" in text
    assert text.isascii()


# --- properties --------------------------------------------------------------------------

sizes = st.tuples(st.integers(1, 9), st.integers(1, 9))


@settings(max_examples=60, deadline=None)
@given(size=sizes, layout=st.sampled_from(["brick", "wide", "dense"]), data=st.data())
def test_every_side_has_one_cell_seen_from_both_hexes(size, layout, data) -> None:
    width, height = size
    grid = GRIDS[layout]
    col = data.draw(st.integers(0, width - 1))
    row = data.draw(st.integers(0, height - 1))
    direction = data.draw(st.integers(0, 5))
    h = H(col, row)
    n = h.neighbour(direction)
    mine = grid.side_cell(col, row, direction)
    theirs = grid.side_cell(n.col, n.row, (direction + 3) % 6)
    assert mine == theirs
    if mine is not None:
        assert grid.hex_at(*mine) is None  # a side cell is never inside a hex
    assert grid.hex_at(*grid.origin(col, row)) == (col, row)


@pytest.mark.parametrize("layout", ["brick", "wide"])
def test_brick_side_cells_are_all_distinct(layout: str) -> None:
    grid = GRIDS[layout]
    m = HexMap.blank(6, 5)
    seen: dict[tuple[int, int], Hexside] = {}
    for h in m.hexes():
        for d in range(6):
            side = Hexside(h, h.neighbour(d))
            c = grid.side_cell(h.col, h.row, d)
            assert seen.setdefault(c, side) == side
    assert len(seen) == len({s for s in seen.values()})


features = st.sampled_from([*SIDE_LOOKS, "pass"])
text_any = st.text(min_size=0, max_size=3)


@settings(max_examples=40, deadline=None)
@given(
    size=sizes,
    layout=st.sampled_from(["brick", "wide", "dense"]),
    letters=st.text(alphabet="".join(t.letter for t in TERRAINS) + "Z\u00e9", min_size=1),
    data=st.data(),
)
def test_output_is_ascii_and_rows_have_the_canvas_width(size, layout, letters, data) -> None:
    width, height = size
    rows = [(letters * (width * height))[r * width : (r + 1) * width] for r in range(height)]
    m = HexMap(width, height, rows)
    hexes = list(m.hexes())
    some_hex = st.sampled_from(hexes)
    for _ in range(data.draw(st.integers(0, 5))):
        h = data.draw(some_hex)
        d = data.draw(st.integers(0, 5))
        if m.contains(h.neighbour(d)) or data.draw(st.booleans()):
            m.add_feature(data.draw(features), Hexside(h, h.neighbour(d)))
    m.settlements = [Settlement("s", data.draw(text_any), "x", data.draw(some_hex))]
    m.territories = [Territory("t", "T", data.draw(st.lists(some_hex, max_size=6)))]
    layers = MapLayers()
    layers.set_markers(
        {
            data.draw(some_hex): Marker(data.draw(text_any), "red", data.draw(st.integers(0, 30)))
            for _ in range(3)
        }
    )
    layers.set_overlay(data.draw(st.sampled_from(["reach", "x"])), {data.draw(some_hex): "\u263a2"})
    layers.declare({"control": CONTROL_LOOK, "patrol": PATROL_LOOK})
    sides = st.builds(SideOf, some_hex, st.integers(0, 5))
    layers.set_side_overlay("control", data.draw(st.dictionaries(sides, text_any, max_size=6)))
    layers.set_area("patrol", data.draw(st.lists(some_hex, max_size=6)))
    walk = [data.draw(some_hex)]
    for d in data.draw(st.lists(st.integers(0, 5), max_size=6)):
        walk.append(walk[-1].neighbour(d))
    layers.set_route("route", walk, labels={walk[-1]: data.draw(text_any)})
    layers.set_cursor(data.draw(some_hex))
    mode = data.draw(st.sampled_from(["territory", "owner", "both", "none"]))
    r = MapRenderer(m, layout, borders=Borders(mode))
    lines = r.text_lines(layers)
    assert len(lines) == r.height
    for line in lines:
        assert len(line) == r.width
        assert all(" " <= ch <= "~" for ch in line)


# --- layers: side overlays, borders by owner, routes, areas ---------------------------------

CONTROL = "control"
CONTROL_LOOK = OverlayLook(SIDES, "x", "bright_white", "side held")
PATROL_LOOK = OverlayLook(AREA, "p", "magenta", "patrol area")


def declared(**looks: OverlayLook) -> MapLayers:
    layers = MapLayers()
    layers.declare(looks)
    return layers


def side_xy(side: SideOf) -> tuple[int, int]:
    """Where the architecture's geometry puts this hex's side, written out from the table."""
    x0, y = GRIDS["brick"].origin(side.hex.col, side.hex.row)
    dx, dy = BRICK_SIDE_OFFSETS[side.direction]
    return (x0 + dx, y + dy)


def changed_cells(before: list[str], after: list[str]) -> list[tuple[int, int]]:
    return [
        (x, y)
        for y, (a, b) in enumerate(zip(before, after, strict=True))
        for x in range(len(a))
        if a[x] != b[x]
    ]


@pytest.mark.parametrize("direction", range(6), ids=["E", "NE", "NW", "W", "SW", "SE"])
@pytest.mark.parametrize("hex_", [(2, 2), (2, 3)], ids=["even-row", "odd-row"])
def test_side_mark_is_a_chip_on_its_own_side_cell(direction, hex_) -> None:
    m = HexMap.blank(5, 6)
    r = MapRenderer(m)
    layers = declared(control=CONTROL_LOOK)
    plain = r.text_lines(layers)
    side = SideOf(H(*hex_), direction)
    assert layers.set_side_overlay(CONTROL, {side: Mark("a", "red")}) == {side.hexside}
    x, y = side_xy(side)
    assert changed_cells(plain, r.text_lines(layers)) == [(x, y)]
    ch, style = cell(r, layers, x, y)
    assert ch == "a"
    assert style.bgcolor.name == "red" and style.bold  # a chip, as an army's
    # the same physical side recorded from the hex across it lands on the same cell
    layers.set_side_overlay(CONTROL, {side.seen_from_across(): "b"})
    assert cell(r, layers, x, y)[0] == "b"
    assert cell(r, layers, x, y)[1].bgcolor.name == "bright_white"  # the overlay's colour


def test_shared_side_rule_first_hex_in_map_order_unless_the_cursor_is_across() -> None:
    """The rule of tuicamp.ui.map_layers: a side recorded by one hex shows that record;
    two records that differ show the cursor hex's own, elsewhere the upper (or left) hex's.
    On the cursor's own W and E sides its frame's brackets are drawn instead."""
    m = HexMap.blank(5, 5)
    r = MapRenderer(m)
    layers = declared(control=CONTROL_LOOK)
    west, east = H(1, 2), H(2, 2)  # one row: west is first in map order
    upper, lower = H(3, 1), H(3, 2)  # 0402 above 0403 (odd row 1: its SW neighbour)
    assert upper.neighbour(SW) == lower
    alone = H(0, 0).neighbour(SE)
    layers.set_side_overlay(
        CONTROL,
        {
            SideOf.between(west, east): "w",
            SideOf.between(east, west): "e",
            SideOf.between(upper, lower): "u",
            SideOf.between(lower, upper): "l",
            SideOf.between(alone, H(0, 0)): "a",  # only the lower hex records this one
        },
    )
    shared = side_xy(SideOf.between(west, east))
    slanted = side_xy(SideOf.between(upper, lower))
    lone = side_xy(SideOf.between(H(0, 0), alone))
    assert cell(r, layers, *shared)[0] == "w"
    assert cell(r, layers, *slanted)[0] == "u"
    assert cell(r, layers, *lone)[0] == "a"
    assert layers.set_cursor(east) == {east, Hexside(west, east)}  # the disputed side repaints
    assert cell(r, layers, *shared)[0] == "["  # east's W side: its frame
    assert layers.set_cursor(H(4, 4)) == {east, H(4, 4), Hexside(west, east)}
    assert cell(r, layers, *shared)[0] == "w"
    assert Hexside(upper, lower) in layers.set_cursor(lower)
    assert cell(r, layers, *slanted)[0] == "l"  # the cursor hex's own record
    assert Hexside(upper, lower) in layers.set_cursor(upper)
    assert cell(r, layers, *slanted)[0] == "u"
    assert Hexside(H(0, 0), alone) not in layers.set_cursor(alone)  # a lone record: no repaint
    assert cell(r, layers, *lone)[0] == "a"


def test_first_declared_side_overlay_wins_a_cell() -> None:
    layers = declared(first=CONTROL_LOOK, second=OverlayLook(SIDES, "y", "red", "other"))
    side = SideOf(H(1, 1), E)
    layers.set_side_overlay("second", {side: "y"})
    layers.set_side_overlay("first", {side.seen_from_across(): "x"})
    assert cell(MapRenderer(HexMap.blank(4, 4)), layers, *side_xy(side))[0] == "x"


def test_side_mark_covers_a_feature_and_the_legend_says_where_to_read_it() -> None:
    m = HexMap.blank(4, 4)
    side = SideOf(H(1, 1), E)
    m.add_feature("river", side.hexside)
    r = MapRenderer(m)
    layers = declared(control=CONTROL_LOOK)
    assert cell(r, layers, *side_xy(side))[0] == "~"
    layers.set_side_overlay(CONTROL, {side: "a"})
    assert cell(r, layers, *side_xy(side))[0] == "a"
    legend = "\n".join(line.plain for line in legend_lines(overlays=layers.legend_looks()))
    assert "covers a side's feature" in legend and "hex panel lists the hex's sides" in legend
    assert m.features_between(side.hex, side.across) == {"river"}  # the map keeps it


def test_dense_layout_draws_side_marks_on_its_east_and_west_gaps_only() -> None:
    m = HexMap.blank(5, 4)
    r = MapRenderer(m, "dense")
    layers = declared(control=CONTROL_LOOK)
    h = H(2, 1)
    plain = r.text_lines(layers)
    layers.set_side_overlay(CONTROL, {SideOf(h, d): "abcdef"[d] for d in range(6)})
    x, y = GRIDS["dense"].origin(2, 1)
    assert sorted(changed_cells(plain, r.text_lines(layers))) == [(x - 1, y), (x + 1, y)]
    assert r.text_lines(layers)[y][x - 1 : x + 2] == "d.a"  # W, the hex, E


def realms(m: HexMap, owners: dict[tuple[int, int], str]) -> None:
    """One territory per hex (as a realm of many one-hex territories has), owned as given."""
    m.territories = [
        Territory(f"t{h.col}{h.row}", h.label(), [h], owner=owners.get(h.offset)) for h in m.hexes()
    ]


def test_owner_borders_between_owners_not_between_their_territories() -> None:
    m = HexMap.blank(4, 3)
    realms(m, {(c, r): "anna" if c < 2 else "bert" for c in range(4) for r in range(3)})
    r = MapRenderer(m, borders=Borders(OWNER))
    lines = r.text_lines()
    x0, y = GRIDS["brick"].origin(1, 0)
    assert lines[y][x0 + 3] == OWNER_BORDER_LOOK.glyph == "!"  # anna | bert
    assert lines[y][x0 - 1] == "|"  # anna's two territories share no border
    style = cell(r, MapLayers(), x0 + 3, y)[1]
    assert style.color.name == "bright_red" and style.bold
    assert ":" not in "".join(lines)  # no territory border in this mode
    # the territory mode of before draws every territory's border instead
    assert MapRenderer(m).text_lines()[y][x0 - 1] == ":"


def test_owner_borders_group_a_realms_players_and_an_unowned_hex_differs() -> None:
    m = HexMap.blank(4, 2)
    realms(m, {(0, 0): "anna", (1, 0): "bert", (2, 0): "carl"})  # (3, 0): nobody's
    borders = Borders(OWNER, {"anna": "empire", "bert": "empire"})
    lines = MapRenderer(m, borders=borders).text_lines()
    x0, y = GRIDS["brick"].origin(0, 0)
    assert lines[y][x0 + 3] == "|"  # anna and bert: one realm
    assert lines[y][x0 + 7] == "!"  # bert and carl
    assert lines[y][x0 + 11] == "!"  # carl and nobody
    x1, y1 = GRIDS["brick"].origin(3, 1)
    assert lines[y1][x1 - 1] == "|"  # two unowned hexes: no border


def test_both_borders_owner_border_where_owners_differ_territory_border_elsewhere() -> None:
    m = HexMap.blank(6, 2)
    m.territories = [
        Territory("w1", "W1", [h for h in m.hexes() if h.col < 2], owner="anna"),
        Territory("w2", "W2", [h for h in m.hexes() if 2 <= h.col < 4], owner="anna"),
        Territory("e", "E", [h for h in m.hexes() if h.col >= 4], owner="bert"),
    ]
    m.add_feature("river", Hexside(H(3, 0), H(4, 0)))
    r = MapRenderer(m, borders=Borders(BOTH))
    lines = r.text_lines()
    _, y = GRIDS["brick"].origin(0, 0)
    assert lines[y][GRIDS["brick"].origin(2, 0)[0] - 1] == ":"  # anna's two territories
    x4 = GRIDS["brick"].origin(4, 0)[0]
    assert lines[y][x4 - 1] == "~"  # the river on the owners' border, underlined
    assert cell(r, MapLayers(), x4 - 1, y)[1].underline
    x4b, y1 = GRIDS["brick"].origin(4, 1)
    assert lines[y1][x4b - 1] == "!"
    none = "".join(MapRenderer(m, borders=Borders(NO_BORDERS)).text_lines())
    assert "!" not in none and ":" not in none


def test_unknown_border_mode_is_refused_with_the_modes() -> None:
    with pytest.raises(ValueError, match="territory, owner, both, none"):
        Borders("realm")


def test_route_is_a_line_through_its_hexes_and_the_sides_between_them() -> None:
    m = HexMap.blank(6, 4)
    m.add_feature("river", Hexside(H(2, 1), H(3, 1)))
    r = MapRenderer(m)
    layers = MapLayers()
    plain = r.text_lines(layers)
    path = [H(0, 1), H(1, 1), H(2, 1), H(3, 1), H(3, 2)]  # E, E, E across the river, SW
    changed = layers.set_route("route", path)
    sides = {Hexside(a, b) for a, b in pairwise(path)}
    assert changed == set(path[1:]) | sides
    after = r.text_lines(layers)
    expected = {side_xy(SideOf.between(a, b)) for a, b in pairwise(path)}
    expected |= {(GRIDS["brick"].origin(h.col, h.row)[0] + 1, 2 * h.row + 1) for h in path[1:]}
    river = side_xy(SideOf.between(H(2, 1), H(3, 1)))
    assert set(changed_cells(plain, after)) == expected - {river}  # "~" before and after
    for a, b in pairwise(path):
        ch, style = cell(r, layers, *side_xy(SideOf.between(a, b)))
        assert ch == ("~" if {a, b} == {H(2, 1), H(3, 1)} else "o")  # a crossing stays a crossing
        assert style.color.name == "bright_white" and style.bgcolor.name == OVERLAY_BG
    x0, y = GRIDS["brick"].origin(1, 1)
    assert after[y][x0 : x0 + 3] == ".o "
    assert after[y][x0 - 4 : x0 - 1] == ".  "  # the first hex, where it starts, is not marked


def test_route_wins_a_side_over_a_side_mark_and_refuses_a_jump() -> None:
    layers = declared(control=CONTROL_LOOK)
    side = SideOf(H(1, 1), E)
    layers.set_side_overlay(CONTROL, {side: "a"})
    layers.set_route("path", [side.hex, side.across])
    assert cell(MapRenderer(HexMap.blank(4, 4)), layers, *side_xy(side))[0] == "*"
    with pytest.raises(ValueError, match="0202 and 0402 are not neighbours"):
        layers.set_route("route", [H(1, 1), H(3, 1)])


def test_planned_path_keeps_its_cost_at_the_end() -> None:
    layers = MapLayers()
    layers.set_route("path", [H(0, 0), H(1, 0), H(2, 0)], labels={H(2, 0): "3"})
    assert layers.overlays["path"] == {H(1, 0): "*", H(2, 0): "3"}
    line = MapRenderer(HexMap.blank(4, 2)).text_lines(layers)[1]
    assert line[:12] == "|.  *.* *.3 "


def test_area_tints_the_free_cells_and_puts_its_glyph_in_the_first() -> None:
    m = HexMap.blank(4, 3)
    m.set_terrain(H(1, 1), "f")
    r = MapRenderer(m)
    layers = declared(patrol=PATROL_LOOK)
    layers.set_area("patrol", [H(1, 1), H(2, 1)])
    layers.set_overlay("reach", {H(2, 1): "3"})
    x0, y = GRIDS["brick"].origin(1, 1)
    assert r.text_lines(layers)[y][x0 : x0 + 7] == "fp |.3p"
    glyph, terrain = cell(r, layers, x0, y)
    assert glyph == "f" and terrain.bgcolor.name == "green"  # the terrain still shows
    for x in (x0 + 1, x0 + 2, x0 + 5, x0 + 6):
        assert cell(r, layers, x, y)[1].bgcolor.name == "magenta", x  # the reach's "3" too
    layers.set_markers({H(1, 1): Marker("A", "red")})
    assert r.text_lines(layers)[y][x0 : x0 + 3] == "fA "  # an army hides the area there
    dense = MapRenderer(m, "dense")
    dx, dy = GRIDS["dense"].origin(2, 1)
    assert dense.text_lines(layers)[dy][dx] == "3"  # dense: the first label...
    layers.clear_overlay("reach")
    assert dense.text_lines(layers)[dy][dx] == "p"  # ...else the area's glyph


def test_every_layer_reads_in_monochrome_by_its_glyph() -> None:
    """No layer is told only by colour: every look has a glyph, and what is drawn on a side
    never looks like a plain side, a feature or the other border."""
    looks = {**CORE_OVERLAYS, **RAUSCHER_OVERLAYS}
    assert all(printable(look.glyph) for look in looks.values())
    side_glyphs = {look.glyph for look in looks.values() if look.kind in (SIDES, ROUTE)}
    features = {look.glyph for look in SIDE_LOOKS.values()} | set(PLAIN_SIDE_GLYPHS.values())
    assert not side_glyphs & features
    borders = [BORDER_LOOK.glyph, OWNER_BORDER_LOOK.glyph]
    assert len(set(borders)) == 2 and not set(borders) & (features | side_glyphs)
    area_glyphs = [look.glyph for look in looks.values() if look.kind == AREA]
    assert len(area_glyphs) == len(set(area_glyphs))


def test_layers_stay_in_monochrome_after_the_no_color_filter() -> None:
    m = HexMap.blank(4, 3)
    realms(m, {(0, 0): "a", (1, 0): "b"})
    r = MapRenderer(m, borders=Borders(OWNER))
    layers = declared(control=CONTROL_LOOK, patrol=PATROL_LOOK)
    layers.set_side_overlay(CONTROL, {SideOf(H(1, 1), W): Mark("a", "red")})
    layers.set_route("route", [H(2, 1), H(3, 1)])
    layers.set_area("patrol", [H(0, 2)])
    text = "\n".join(r.text_lines(layers))
    grey = "".join(
        seg.text
        for y in range(r.height)
        for seg in NoColor().apply(r.render_row(y, layers), Color(0, 0, 0))
    )
    assert grey == text.replace("\n", "")  # the filter strips colours, never a glyph
    for glyph in ("a", "o", "p", "!"):
        assert glyph in text


def test_a_look_is_refused_in_words_its_author_can_act_on() -> None:
    with pytest.raises(ValueError, match="one printable ASCII character"):
        OverlayLook(SIDES, "\u2588", "red", "held")
    with pytest.raises(ValueError, match="needs a colour"):
        OverlayLook(AREA, "p", None, "patrol")
    with pytest.raises(ValueError, match="kind 'zone' is not one of labels, sides, route, area"):
        OverlayLook("zone", "z", "red", "zone")
    with pytest.raises(ValueError, match="'pinkish' is not a colour"):
        check_look_colours([OverlayLook(AREA, "p", "pinkish", "patrol")])


def test_legend_lists_declared_overlays_and_the_owner_border_when_drawn() -> None:
    looks = {**CORE_OVERLAYS, "control": CONTROL_LOOK, "patrol": PATROL_LOOK}
    text = "\n".join(line.plain for line in legend_lines(overlays=looks))
    for look in looks.values():
        assert look.meaning in text
    assert "x   on a side: side held" in text and ".p  patrol area" in text
    assert OWNER_BORDER_LOOK.meaning not in text
    owners = "\n".join(line.plain for line in legend_lines(borders=Borders(OWNER)))
    assert f"{OWNER_BORDER_LOOK.glyph}   {OWNER_BORDER_LOOK.meaning}" in owners
    assert text.isascii() and owners.isascii()


def test_legend_shows_the_cursor_frame_the_own_glyph_and_every_zoom_level() -> None:
    """A map you can read: the legend draws the cursor as the map does, says which
    counters are yours without colour, and lists every zoom level ``o`` goes through."""
    text = "\n".join(line.plain for line in legend_lines())
    assert "[.  ] cursor" in text
    assert "B*  * and underlined: your own army" in text
    zoom = text[text.index("Zoom (o)") :].splitlines()[1:]
    assert [line.split()[0] for line in zoom] == list(LAYOUTS)


@settings(max_examples=60, deadline=None)
@given(
    size=sizes,
    layout=st.sampled_from(["brick", "wide", "dense"]),
    data=st.data(),
)
def test_borders_are_marked_on_exactly_the_sides_between_different_territories(
    size, layout, data
) -> None:
    """The border index compares whole rows at a time; every side it marks is one whose
    two hexes (both on the map) lie in different territories or one outside all, and
    every such side is marked, checked hex by hex against each neighbour."""
    width, height = size
    m = HexMap.blank(width, height)
    codes = data.draw(
        st.lists(st.sampled_from("ab."), min_size=width * height, max_size=width * height)
    )
    m.territories = [
        Territory(
            code, code.upper(), [h for h, c in zip(m.hexes(), codes, strict=True) if c == code]
        )
        for code in "ab"
    ]
    key = {h: c for h, c in zip(m.hexes(), codes, strict=True)}
    grid = GRIDS[layout]
    expected: set[tuple[int, int]] = set()
    for h in m.hexes():
        for d in range(6):
            n = h.neighbour(d)
            if m.contains(n) and key[n] != key[h]:
                cell = grid.side_cell(h.col, h.row, d)
                if cell is not None:
                    expected.add(cell)
    r = MapRenderer(m, layout)
    marked = {cell for cell, found in r._side_features.items() if BORDER in found}
    assert marked == expected
