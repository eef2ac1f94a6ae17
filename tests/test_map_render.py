"""The pure map renderer: geometry exactly as docs/architecture.md draws it, and what each
cell shows."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tuicamp.model.hexes import Hex, Hexside
from tuicamp.model.map import HexMap, Settlement, Territory
from tuicamp.model.terrain import TERRAINS
from tuicamp.ui.map_render import (
    BORDER_LOOK,
    CURSOR_STYLE,
    GRIDS,
    PLAIN_SIDE_GLYPHS,
    SETTLEMENT_GLYPHS,
    SIDE_LOOKS,
    E,
    MapLayers,
    MapRenderer,
    Marker,
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


def test_canvas_size_and_row_width() -> None:
    m = HexMap.blank(7, 5)
    for name, size in (("brick", (31, 11)), ("dense", (15, 5))):
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
    ("overlays", "expected"),
    [
        ({"reach": "12"}, ".12"),
        ({"reach": "3", "path": "*"}, ".*3"),
        ({"reach": "12", "path": "*"}, ".* "),  # a label that does not fit is left out
        ({"zoi": "z", "supply": "s"}, ".sz"),
        ({"reach": "\u00e9"}, ".? "),
    ],
)
def test_overlay_labels_fill_free_cells_by_precedence(overlays, expected) -> None:
    layers = MapLayers()
    for name, label in overlays.items():
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


def test_unknown_settlement_kind_is_question_mark() -> None:
    assert settlement_glyph("space port") == "?"


def test_settlement_and_terrain_glyphs_never_collide() -> None:
    terrain_glyphs = {t.glyph for t in TERRAINS}
    assert len(terrain_glyphs) == len(TERRAINS)
    assert not terrain_glyphs & set(SETTLEMENT_GLYPHS.values())


def test_cursor_reverses_only_the_cursor_interior() -> None:
    m = HexMap.blank(3, 3)
    layers = MapLayers()
    layers.set_cursor(H(1, 1))
    r = MapRenderer(m)
    x0, y = GRIDS["brick"].origin(1, 1)
    for x in range(r.width):
        _, style = cell(r, layers, x, y)
        assert bool(style.reverse) == (x0 <= x < x0 + 3), x
    assert r.hex_region(H(1, 1)) == (x0 - 1, y, 4, 1)  # the W side wears its colours
    assert CURSOR_STYLE.reverse


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
    text = "\n".join(line.plain for line in legend_lines(overlays=["reach", "path"]))
    for t in TERRAINS:
        assert t.name in text
    for look in (*SIDE_LOOKS.values(), BORDER_LOOK):
        assert f"{look.glyph} " in text and look.meaning in text
    assert "reach" in text and "path" in text
    assert text.isascii()


# --- properties --------------------------------------------------------------------------

sizes = st.tuples(st.integers(1, 9), st.integers(1, 9))


@settings(max_examples=60, deadline=None)
@given(size=sizes, layout=st.sampled_from(["brick", "dense"]), data=st.data())
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


def test_brick_side_cells_are_all_distinct() -> None:
    grid = GRIDS["brick"]
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
    layout=st.sampled_from(["brick", "dense"]),
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
    layers.set_cursor(data.draw(some_hex))
    r = MapRenderer(m, layout)
    lines = r.text_lines(layers)
    assert len(lines) == r.height
    for line in lines:
        assert len(line) == r.width
        assert all(" " <= ch <= "~" for ch in line)
