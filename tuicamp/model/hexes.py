"""Hex coordinates.

Positions are stored and computed in *axial* coordinates ``(q, r)`` of a pointy-top grid,
where neighbours, distances and lines are simple arithmetic. Maps and scenario files use
*odd-r offset* coordinates ``(col, row)`` (odd rows shifted half a hex to the right), which
is how a rectangular printed map is laid out; labels are the printed-wargame ``CCRR`` form,
1-based (column 1, row 1 is ``0101``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from attrs import field, frozen

from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr

# Axial direction vectors of a pointy-top grid, clockwise from east.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")


@frozen(order=True, cache_hash=True)
class Hex:
    """One hex in axial coordinates; ``s = -q - r`` is implied.

    Its hash is cached: searches and map indexes put hexes in dicts and sets by the
    thousand, and a hex never changes."""

    __repr__ = fields_repr

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    # --- offset (odd-r) conversions -------------------------------------------------
    @classmethod
    def from_offset(cls, col: int, row: int) -> Hex:
        return cls(col - (row - (row & 1)) // 2, row)

    @property
    def col(self) -> int:
        return self.q + (self.r - (self.r & 1)) // 2

    @property
    def row(self) -> int:
        return self.r

    @property
    def offset(self) -> tuple[int, int]:
        return (self.col, self.row)

    # --- neighbourhood ---------------------------------------------------------------
    def neighbour(self, direction: int) -> Hex:
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> list[Hex]:
        return [Hex(self.q + dq, self.r + dr) for dq, dr in DIRECTIONS]

    def direction_to(self, other: Hex) -> int | None:
        """The direction index (0 = E, clockwise... see DIRECTION_NAMES) of a neighbour."""
        delta = (other.q - self.q, other.r - self.r)
        try:
            return DIRECTIONS.index(delta)
        except ValueError:
            return None

    def distance(self, other: Hex) -> int:
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def is_adjacent(self, other: Hex) -> bool:
        return self.distance(other) == 1

    def ring(self, radius: int) -> list[Hex]:
        """Hexes exactly ``radius`` away, clockwise from the one ``radius`` steps south-west."""
        if radius < 0:
            raise ValueError("radius must not be negative")
        if radius == 0:
            return [self]
        results: list[Hex] = []
        dq, dr = DIRECTIONS[4]
        cur = Hex(self.q + dq * radius, self.r + dr * radius)
        for side in range(6):
            for _ in range(radius):
                results.append(cur)
                cur = cur.neighbour(side)
        return results

    def within(self, radius: int) -> list[Hex]:
        """Every hex at distance ``<= radius`` (the hex itself included)."""
        out: list[Hex] = []
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                out.append(Hex(self.q + dq, self.r + dr))
        return out

    def line_to(self, other: Hex) -> list[Hex]:
        """Hexes on the straight line between two hexes (cube lerp with a nudge)."""
        n = self.distance(other)
        if n == 0:
            return [self]
        eps = 1e-6
        aq, ar = self.q + eps, self.r + 2 * eps
        bq, br = other.q + eps, other.r + 2 * eps
        return [_cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]

    # --- labels ---------------------------------------------------------------------
    def label(self, width: int = 2) -> str:
        return f"{self.col + 1:0{width}d}{self.row + 1:0{width}d}"

    def __str__(self) -> str:
        return self.label(label_width_for(self.col + 1, self.row + 1))


def _cube_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


def label_width_for(max_col: int, max_row: int) -> int:
    """Digits per coordinate in labels: 2 up to 99 columns and rows, else 3."""
    return 2 if max(max_col, max_row) <= 99 else 3


_LABEL_RE = re.compile(r"^\s*([0-9]{4}|[0-9]{6})\s*$")
_PAIR_RE = re.compile(r"^\s*([0-9]+)\s*,\s*([0-9]+)\s*$")


def parse_label(text: str) -> Hex:
    """Parse ``CCRR``, ``CCCRRR`` or ``col,row`` (all 1-based) into a Hex.

    Raises ValueError with a readable message for anything else.
    """
    m = _LABEL_RE.match(text)
    if m:
        digits = m.group(1)
        half = len(digits) // 2
        col, row = int(digits[:half]), int(digits[half:])
    else:
        m = _PAIR_RE.match(text)
        if not m:
            raise ValueError(f"{text!r} is not a hex label (use CCRR, e.g. 0304, or col,row)")
        col, row = int(m.group(1)), int(m.group(2))
    if col < 1 or row < 1:
        raise ValueError(f"{text!r}: hex labels start at 01 (column and row are 1-based)")
    return Hex.from_offset(col - 1, row - 1)


@frozen
class Hexside:
    """The side shared by two neighbouring hexes, as an unordered pair."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    a: Hex
    b: Hex

    def __attrs_post_init__(self) -> None:
        if not self.a.is_adjacent(self.b):
            raise ValueError(f"{self.a} and {self.b} are not neighbours")
        # Sides read in map order (top row first, then left to right): 0304-0305.
        if (self.b.row, self.b.col) < (self.a.row, self.a.col):
            a, b = self.b, self.a
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)

    @classmethod
    def of(cls, a: Hex, b: Hex) -> Hexside:
        return cls(a, b)

    def other(self, h: Hex) -> Hex:
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise ValueError(f"{h} is not on hexside {self}")

    def __contains__(self, h: object) -> bool:
        return h == self.a or h == self.b

    def label(self, width: int = 2) -> str:
        return f"{self.a.label(width)}-{self.b.label(width)}"

    def __str__(self) -> str:
        return f"{self.a}-{self.b}"


def parse_hexside(text: str) -> Hexside:
    """Parse ``CCRR-CCRR`` (two neighbouring hexes) into a Hexside."""
    parts = text.split("-")
    if len(parts) != 2:
        raise ValueError(f"{text!r} is not a hexside (use two neighbouring hexes: 0304-0305)")
    a, b = parse_label(parts[0]), parse_label(parts[1])
    try:
        return Hexside(a, b)
    except ValueError:
        raise ValueError(f"{text!r}: {parts[0]} and {parts[1]} are not neighbours") from None


def _direction(d: int) -> int:
    """Directions wrap: 6 is E again, -1 is SE (so ``direction + 3`` faces back)."""
    return d % 6


@frozen
class SideOf:
    """One hex's side in one direction: the physical :class:`Hexside` as seen from ``hex``.

    Rules that hold a side *per hex* need it: in a contested hex each side is controlled
    by someone, and the same physical side may be held by another player in the hex across
    it (each hex keeps its own record). Written ``CCRR/DIR`` (``0304/NE``).
    """

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    hex: Hex
    direction: int = field(converter=_direction)

    @property
    def across(self) -> Hex:
        """The neighbour this side faces."""
        return self.hex.neighbour(self.direction)

    @property
    def hexside(self) -> Hexside:
        return Hexside(self.hex, self.across)

    def seen_from_across(self) -> SideOf:
        """The same physical side, as the neighbouring hex sees it."""
        return SideOf(self.across, self.direction + 3)

    @classmethod
    def between(cls, h: Hex, neighbour: Hex) -> SideOf:
        """The side of ``h`` that faces ``neighbour``."""
        direction = h.direction_to(neighbour)
        if direction is None:
            raise ValueError(f"{h} and {neighbour} are not neighbours")
        return cls(h, direction)

    def label(self, width: int = 2) -> str:
        return f"{self.hex.label(width)}/{DIRECTION_NAMES[self.direction]}"

    def __str__(self) -> str:
        return f"{self.hex}/{DIRECTION_NAMES[self.direction]}"


def parse_side_of(text: str) -> SideOf:
    """Parse ``CCRR/DIR`` (a hex and one of E NE NW W SW SE) into a SideOf."""
    label, slash, name = text.partition("/")
    if not slash or name.upper() not in DIRECTION_NAMES:
        raise ValueError(
            f"{text!r} is not a hex side (use a hex and a direction: 0304/NE; "
            f"directions: {' '.join(DIRECTION_NAMES)})"
        )
    return SideOf(parse_label(label), DIRECTION_NAMES.index(name.upper()))


def offset_grid(width: int, height: int) -> Iterator[Hex]:
    """Every hex of a width x height offset rectangle, row by row."""
    for row in range(height):
        for col in range(width):
            yield Hex.from_offset(col, row)
