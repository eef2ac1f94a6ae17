"""The map's layers (tuicamp.ui.map_layers): declarations, what each setter reports as
changed, precedence, and the shared-side rule, checked against the drawing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tuicamp.engine.registry import load_rulesets
from tuicamp.model.hexes import DIRECTION_NAMES, Hex, Hexside, SideOf
from tuicamp.model.map import HexMap
from tuicamp.ui.map_layers import (
    AREA,
    CORE_OVERLAYS,
    LABELS,
    ROUTE,
    SIDES,
    UNDECLARED_LOOKS,
    MapLayers,
    Mark,
    OverlayLook,
    check_declarations,
)
from tuicamp.ui.map_render import GRIDS, MapRenderer, check_look_colours
from tuicamp.ui.panels import ruleset_ui

CONTROL_LOOK = OverlayLook(SIDES, "x", "bright_white", "side held")


def H(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def test_core_declares_only_its_own_overlays() -> None:
    """The core names no ruleset's overlay: path, reach and route are all it declares."""
    assert list(CORE_OVERLAYS) == ["path", "reach", "route"]
    assert {look.kind for look in CORE_OVERLAYS.values()} == {ROUTE, LABELS}


@pytest.mark.parametrize("ruleset", load_rulesets().values(), ids=lambda r: r.id)
def test_every_installed_rulesets_overlays_can_be_drawn(ruleset) -> None:
    looks = ruleset_ui(ruleset).overlays
    check_declarations(looks)
    check_look_colours(looks.values())


def test_rauscher_declares_its_zones_and_supply_lines() -> None:
    looks = ruleset_ui(load_rulesets()["rauscher"]).overlays
    assert looks["zoi"].kind == AREA and looks["zoi"].glyph == "z"
    assert looks["supply"].kind == LABELS and looks["supply"].glyph == "s"


def test_a_declaration_may_not_take_a_core_name_or_be_no_look() -> None:
    layers = MapLayers()
    with pytest.raises(ValueError, match="'path' is the core's own"):
        layers.declare({"path": CONTROL_LOOK})
    with pytest.raises(TypeError, match="declare it with an OverlayLook"):
        layers.declare({"zones": "z"})  # type: ignore[dict-item]


def test_setting_an_overlay_of_another_kind_names_the_right_setter() -> None:
    layers = MapLayers()
    layers.declare({"control": CONTROL_LOOK})
    with pytest.raises(ValueError, match=r"declared as sides .*set it with set_side_overlay"):
        layers.set_overlay("control", {H(0, 0): "x"})
    with pytest.raises(ValueError, match=r"declared as route .*set it with set_route"):
        layers.set_area("path", [H(0, 0)])
    layers.set_area("ghosts", [H(0, 0)])  # undeclared: drawn, with the undeclared look
    assert layers.look("ghosts") == UNDECLARED_LOOKS[AREA]
    with pytest.raises(ValueError, match="declared as area"):
        layers.set_overlay("ghosts", {H(0, 0): "g"})


def test_precedence_core_then_declared_then_undeclared_in_order_set() -> None:
    layers = MapLayers()
    layers.declare({"zoi": OverlayLook(AREA, "z", "magenta", "zone"), "control": CONTROL_LOOK})
    layers.set_overlay("later", {H(0, 0): "l"})
    layers.set_side_overlay("control", {SideOf(H(0, 0), 0): "a"})
    layers.set_area("zoi", [H(0, 0)])
    layers.set_overlay("reach", {H(0, 0): "1"})
    layers.set_overlay("earlier", {H(0, 0): "e"})
    assert layers.overlay_names() == ["reach", "zoi", "control", "later", "earlier"]
    assert list(layers.legend_looks()) == [*CORE_OVERLAYS, "zoi", "control", "later", "earlier"]


def test_setters_report_exactly_what_changed() -> None:
    layers = MapLayers()
    layers.declare({"control": CONTROL_LOOK})
    a, b, c = H(1, 1), H(2, 1), H(3, 1)
    assert layers.set_route("route", [a, b, c]) == {b, c, Hexside(a, b), Hexside(b, c)}
    assert layers.set_route("route", [a, b]) == {c, Hexside(b, c)}
    side = SideOf(a, 0)
    assert layers.set_side_overlay("control", {side: "x"}) == {side.hexside}
    assert layers.set_side_overlay("control", {side: Mark("x")}) == set()  # the same mark
    assert layers.set_side_overlay("control", {side: Mark("x", "red")}) == {side.hexside}
    assert layers.set_area("patrol", [a, b]) == {a, b}
    assert layers.clear_overlay("control") == {side.hexside}
    assert layers.clear_overlays() == {a, b, Hexside(a, b)}
    assert not layers.overlays and not layers.sides and not layers.routes
    assert not layers.draws_sides


def test_a_mark_is_one_printable_cell() -> None:
    assert Mark("\u2691").glyph == "?"
    assert Mark(" ").glyph == "?"
    assert Mark("abc").glyph == "a"


# --- the shared-side rule, as drawn ---------------------------------------------------------

W, H_ = 6, 5
glyphs = st.sampled_from("abc")


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_the_shared_side_rule_decides_every_drawn_side(data) -> None:
    """Whatever hex sides carry records and wherever the cursor is, each side cell shows:
    its one record; of two that differ, the cursor hex's own, else the first hex's in map
    order (upper, then left); and nothing else on the map changes. The cursor's own W and
    E sides show its frame's brackets, whatever they record."""
    hexmap = HexMap.blank(W, H_)
    hexes = list(hexmap.hexes())
    records = data.draw(
        st.dictionaries(
            st.builds(SideOf, st.sampled_from(hexes), st.integers(0, 5)), glyphs, max_size=14
        )
    )
    cursor = data.draw(st.sampled_from(hexes))
    layers = MapLayers(cursor=cursor)
    layers.declare({"control": CONTROL_LOOK})
    layers.set_side_overlay("control", records)
    renderer = MapRenderer(hexmap)
    lines = renderer.text_lines(layers)
    plain = MapRenderer(hexmap).text_lines(MapLayers(cursor=cursor))
    expected: dict[tuple[int, int], str] = {}
    frame = {
        GRIDS["brick"].side_cell(cursor.col, cursor.row, DIRECTION_NAMES.index(d))
        for d in ("W", "E")
    }
    by_side: dict[Hexside, dict[Hex, str]] = {}
    for side, glyph in records.items():
        by_side.setdefault(side.hexside, {})[side.hex] = glyph
    for side, by_hex in by_side.items():
        if len(by_hex) == 1:
            want = next(iter(by_hex.values()))
        elif cursor in by_hex:
            want = by_hex[cursor]
        else:
            upper = min(by_hex, key=lambda h: (h.row, h.col))
            want = by_hex[upper]
        on_map = side.a if hexmap.contains(side.a) else side.b
        if not hexmap.contains(on_map):
            continue
        direction = on_map.direction_to(side.other(on_map))
        cell = GRIDS["brick"].side_cell(on_map.col, on_map.row, direction)
        if cell in frame:
            continue  # the bracket the plain map draws there too
        expected[cell] = want
    for y, (line, before) in enumerate(zip(lines, plain, strict=True)):
        for x, (ch, was) in enumerate(zip(line, before, strict=True)):
            assert ch == expected.get((x, y), was), (x, y)
