"""Hex math against known values: Red Blob Games' pointy-top grid, odd-r offset layout.

Odd rows are shoved half a hex to the right; axial ``q = col - (row - (row & 1)) // 2``,
``r = row``. Printed labels are ``CCRR``, 1-based: ``0101`` is column 0, row 0.
"""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tuicamp.model.hexes import (
    DIRECTION_NAMES,
    DIRECTIONS,
    Hex,
    Hexside,
    SideOf,
    label_width_for,
    offset_grid,
    parse_hexside,
    parse_label,
    parse_side_of,
)

coords = st.integers(-60, 60)
hexes = st.builds(Hex, coords, coords)


def at(col: int, row: int) -> Hex:
    """The hex at offset (col, row), 0-based."""
    return Hex.from_offset(col, row)


# --- offset <-> axial ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("offset", "axial"),
    [
        ((0, 0), (0, 0)),
        ((3, 2), (2, 2)),
        ((3, 3), (2, 3)),  # odd row: same q as the even row above it
        ((4, 1), (4, 1)),
        ((0, 5), (-2, 5)),
        ((7, 8), (3, 8)),
    ],
)
def test_offset_to_axial_known_values(offset, axial):
    h = at(*offset)
    assert (h.q, h.r) == axial
    assert h.offset == offset
    assert h.s == -h.q - h.r


def test_offset_round_trip_for_every_hex_of_a_grid():
    seen = set()
    for row in range(-3, 12):
        for col in range(-3, 14):
            h = at(col, row)
            assert (h.col, h.row) == (col, row)
            seen.add(h)
    assert len(seen) == 15 * 17  # distinct offsets give distinct hexes


@given(hexes)
def test_axial_round_trip(h):
    assert Hex.from_offset(h.col, h.row) == h


def test_offset_grid_is_row_by_row():
    grid = list(offset_grid(3, 2))
    assert [g.offset for g in grid] == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]


# --- neighbours and directions ------------------------------------------------------------


def test_neighbours_of_an_even_row_hex_in_offset_coordinates():
    # Red Blob Games, odd-r, even row: E, NE, NW, W, SW, SE
    expected = [(4, 2), (3, 1), (2, 1), (2, 2), (2, 3), (3, 3)]
    assert [n.offset for n in at(3, 2).neighbours()] == expected


def test_neighbours_of_an_odd_row_hex_in_offset_coordinates():
    # odd row: shifted right, so the diagonal neighbours are one column further east
    expected = [(4, 3), (4, 2), (3, 2), (2, 3), (3, 4), (4, 4)]
    assert [n.offset for n in at(3, 3).neighbours()] == expected


def test_direction_names_follow_the_vectors():
    assert DIRECTION_NAMES == ("E", "NE", "NW", "W", "SW", "SE")
    assert len(set(DIRECTIONS)) == 6
    assert all(dq + dr + (-dq - dr) == 0 for dq, dr in DIRECTIONS)


@given(hexes, st.integers(0, 5))
def test_direction_to_inverts_neighbour(h, d):
    n = h.neighbour(d)
    assert h.direction_to(n) == d
    assert n.direction_to(h) == (d + 3) % 6  # opposite side
    assert h.is_adjacent(n)


def test_direction_to_known_values_and_non_neighbours():
    assert DIRECTION_NAMES[at(3, 2).direction_to(at(3, 1))] == "NE"  # type: ignore[index]
    assert DIRECTION_NAMES[at(3, 3).direction_to(at(3, 4))] == "SW"  # type: ignore[index]
    assert at(3, 2).direction_to(at(3, 2)) is None
    assert at(3, 2).direction_to(at(5, 2)) is None
    assert at(0, 0).neighbour(6) == at(0, 0).neighbour(0)  # directions wrap round


# --- distance, rings, areas, lines --------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ((0, 0), (0, 0), 0),
        ((0, 0), (3, 0), 3),
        ((0, 0), (0, 1), 1),  # row 1 is shifted right: 0,1 touches 0,0
        ((0, 0), (1, 1), 2),  # 1,1 touches 1,0 and 0,1, not 0,0
        ((0, 0), (0, 2), 2),
        ((0, 0), (1, 2), 2),
        ((0, 0), (3, 3), 5),  # three steps SE to 1,3 then two E
        ((0, 0), (4, 8), 8),  # straight SE
        ((5, 0), (0, 6), 8),  # six steps SW to 2,6 then two W
    ],
)
def test_distance_known_values(a, b, distance):
    assert at(*a).distance(at(*b)) == distance
    assert at(*b).distance(at(*a)) == distance


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@pytest.mark.parametrize("radius", range(1, 7))
def test_ring_has_6r_hexes_all_at_distance_r(radius):
    centre = at(4, 3)
    ring = centre.ring(radius)
    assert len(ring) == 6 * radius
    assert len(set(ring)) == 6 * radius
    assert all(centre.distance(h) == radius for h in ring)
    assert all(a.is_adjacent(b) for a, b in zip(ring, ring[1:] + ring[:1], strict=True))


def test_ring_zero_and_negative():
    assert at(2, 2).ring(0) == [at(2, 2)]
    with pytest.raises(ValueError):
        at(2, 2).ring(-1)


@pytest.mark.parametrize("radius", range(0, 6))
def test_within_is_every_hex_up_to_r(radius):
    centre = at(3, 4)
    area = centre.within(radius)
    assert len(area) == 3 * radius * (radius + 1) + 1
    box = {Hex(centre.q + dq, centre.r + dr) for dq in range(-9, 10) for dr in range(-9, 10)}
    assert set(area) == {h for h in box if centre.distance(h) <= radius}


def test_line_to_known_value():
    assert Hex(0, 0).line_to(Hex(3, 0)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert at(2, 2).line_to(at(2, 2)) == [at(2, 2)]


@given(hexes, hexes)
def test_line_to_runs_step_by_step_between_the_endpoints(a, b):
    line = a.line_to(b)
    assert line[0] == a and line[-1] == b
    assert len(line) == a.distance(b) + 1
    assert all(x.is_adjacent(y) for x, y in pairwise(line))


# --- labels -------------------------------------------------------------------------------


def test_labels_are_1_based_ccrr():
    assert at(0, 0).label() == "0101"
    assert at(2, 3).label() == "0304"
    assert at(2, 3).label(3) == "003004"
    assert str(at(2, 3)) == "0304"
    assert str(at(120, 4)) == "121005"  # three digits once a coordinate passes 99
    assert label_width_for(99, 99) == 2
    assert label_width_for(100, 5) == 3


@pytest.mark.parametrize("text", ["0304", "003004", "3,4", " 3 , 4 ", " 0304 "])
def test_parse_label_forms(text):
    assert parse_label(text) == at(2, 3)


def test_parse_label_round_trips_printed_labels():
    for row in range(0, 12):
        for col in range(0, 12):
            assert parse_label(at(col, row).label()) == at(col, row)
    assert parse_label(at(150, 7).label(3)) == at(150, 7)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "abc",
        "304",
        "03040",
        "12345678",
        "0004",
        "0300",
        "0,4",
        "3,0",
        "3;4",
        "-1,2",
        "0304-0305",
        "03 04",
        "3,4,5",
        "x304",
    ],
)
def test_parse_label_refuses_bad_input(text):
    with pytest.raises(ValueError):
        parse_label(text)


# --- hexsides -----------------------------------------------------------------------------


def test_hexside_is_an_unordered_pair():
    a, b = at(2, 3), at(2, 4)
    assert Hexside(a, b) == Hexside(b, a)
    assert hash(Hexside(a, b)) == hash(Hexside(b, a))
    # sides read in map order: the upper hex (then the left one) first
    assert Hexside(b, a).a == min(a, b, key=lambda h: (h.row, h.col))
    assert len({Hexside(a, b), Hexside(b, a)}) == 1
    side = Hexside.of(a, b)
    assert side.other(a) == b and side.other(b) == a
    assert a in side and b in side and at(0, 0) not in side
    with pytest.raises(ValueError):
        side.other(at(0, 0))


def test_hexside_refuses_non_neighbours():
    with pytest.raises(ValueError):
        Hexside(at(0, 0), at(2, 0))
    with pytest.raises(ValueError):
        Hexside(at(1, 1), at(1, 1))


def test_parse_hexside():
    side = parse_hexside("0304-0305")
    assert side == Hexside(at(2, 3), at(2, 4))
    assert parse_hexside("0305-0304") == side
    assert side.label() == parse_hexside("0305-0304").label()  # one spelling per side
    assert set(side.label().split("-")) == {"0304", "0305"}
    assert parse_hexside(side.label()) == side
    for bad in ("0101-0303", "0304", "0304-0305-0306", "0304-zz"):
        with pytest.raises(ValueError):
            parse_hexside(bad)


# --- a side as one hex sees it -------------------------------------------------------------
on_map = st.builds(Hex.from_offset, st.integers(1, 97), st.integers(1, 97))


@given(on_map, st.integers(0, 5))
def test_a_side_seen_from_across_is_the_same_hexside_facing_back(h: Hex, d: int) -> None:
    side = SideOf(h, d)
    back = side.seen_from_across()
    assert back.hexside == side.hexside and back.across == h
    assert back.seen_from_across() == side
    assert SideOf.between(h, side.across) == side
    assert parse_side_of(str(side)) == side


def test_a_side_is_written_hex_slash_direction() -> None:
    side = parse_side_of("0304/ne")
    assert side.label() == "0304/NE" and side.across == parse_label("0304").neighbour(1)
    assert SideOf(parse_label("0304"), 7) == SideOf(parse_label("0304"), 1)  # wraps
    with pytest.raises(ValueError, match="directions: E NE NW W SW SE"):
        parse_side_of("0304/N")
    with pytest.raises(ValueError, match="not neighbours"):
        SideOf.between(parse_label("0304"), parse_label("0306"))
