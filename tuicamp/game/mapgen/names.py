"""Names for generated places: syllables of the Old World, joined, never the same twice.

A Games Master renames what they keep; until then a name must read as a place and be
unique, so settlements and territories can be told apart in lists and on the card.
"""

from __future__ import annotations

from random import Random

FRONTS = (
    "Alt", "Bern", "Dorn", "Eich", "Falk", "Grim", "Hoch", "Kalt", "Lind", "Mor", "Nord",
    "Ost", "Rot", "Schwarz", "Stein", "Tal", "Wald", "Weiss", "Wolf", "Zorn", "Brack",
    "Eisen", "Hagen", "Kron", "Sturm",
)  # fmt: skip
BACKS = (
    "dorf", "burg", "heim", "bach", "feld", "hof", "furt", "stadt", "wald", "tal", "mark",
    "berg", "brunn", "hausen", "see", "wacht", "moor", "au",
)  # fmt: skip
LAND_WORDS = ("March", "Vale", "Fields", "Heath", "Downs", "Reach", "Woods", "Lands", "Moor")
# Put before a name when the plain ones are all taken, as the Old World tells two villages
# of one name apart: "Nieder Altdorf".
SIDES = ("Ober", "Nieder", "Klein", "Gross")


class Namer:
    """Unique place names from one seeded source."""

    def __init__(self, rng: Random) -> None:
        self._rng = rng
        self._used: set[str] = set()
        self._spare: list[str] = []  # once chance fails: every name left, shuffled
        self._dealt = False

    def place(self) -> str:
        """A name not given yet: two syllables by chance; once chance keeps finding taken
        ones, the names left in a seeded turn ("Nieder Altdorf" among them); a number
        only when every one is given."""
        if not self._dealt:
            for _ in range(50):
                name = self._rng.choice(FRONTS) + self._rng.choice(BACKS)
                if name not in self._used:
                    self._used.add(name)
                    return name
            plain = [f + b for f in FRONTS for b in BACKS]
            self._spare = plain + [f"{side} {name}" for side in SIDES for name in plain]
            self._rng.shuffle(self._spare)
            self._dealt = True
        while self._spare:
            name = self._spare.pop()
            if name not in self._used:
                self._used.add(name)
                return name
        n = len(self._used) + 1  # every name given: number them
        name = f"{self._rng.choice(FRONTS)}{self._rng.choice(BACKS)} {n}"
        self._used.add(name)
        return name

    def land(self, settlement: str) -> str:
        """A territory's name after its settlement: "Altdorf March"."""
        return f"{settlement} {self._rng.choice(LAND_WORDS)}"


def slug(name: str) -> str:
    """An id for a name: lower case, spaces as hyphens, ASCII letters and digits only."""
    out = "".join(c if c.isascii() and c.isalnum() else "-" for c in name.lower())
    return "-".join(part for part in out.split("-") if part)


def unique(base: str, used: set[str]) -> str:
    """``base`` as an id no other place has taken (``base-2``, ``base-3`` ... when taken)."""
    ident, n = base or "place", 1
    while ident in used:
        n += 1
        ident = f"{base}-{n}"
    used.add(ident)
    return ident
