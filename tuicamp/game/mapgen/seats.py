"""The players a generated map seats and the small host each starts with.

Most rulesets seat powers of one player each (``SLOTS``); Hex Island's realms are two
players each, and two who are Sworn enemies (3.3) may not rule together, so its seats
(``REALM_SLOTS``) come in pairs who trust each other, and its pirate realm is a
corsair's. The Games Master renames the players and gives them their own races.
"""

from __future__ import annotations

from tuicamp.game.mapgen.names import slug
from tuicamp.model.forces import Army, Category, Unit
from tuicamp.model.hexes import Hex
from tuicamp.storage.scenario import PlayerSlot

# Player slots in order: name (its first letter is its map marker), colour, race.
SLOTS = (
    ("Red", "red", "Empire"),
    ("Blue", "blue", "Bretonnia"),
    ("Green", "green", "Orcs & Goblins"),
    ("Yellow", "yellow", "Dwarfs"),
    ("Magenta", "magenta", "Chaos"),
    ("Cyan", "cyan", "High Elves"),
)
# Hex Island's seats, in realms of two: each pair of one side of the trust table (so
# they Trust each other, R-AA-3); the pirate, when the count is odd, last.
REALM_SLOTS = (
    ("Red", "red", "Empire"),
    ("Blue", "blue", "Dwarfs"),
    ("Green", "green", "Dark Elves"),
    ("Yellow", "yellow", "Chaos Beasts"),
    ("Magenta", "magenta", "Orcs & Goblins"),
    ("Cyan", "cyan", "Ogre Kingdoms"),
)
# The pirate, with an odd count (so at most five seats: Cyan is never a pair's then).
PIRATE_SLOT = ("Cyan", "cyan", "Vampire Counts")  # the Vampire Coast's corsairs
TREASURY = 10
# Each player's starting army: a general and two regiments, well inside every bundled
# ruleset's limits, for the Games Master to replace with the players' own lists.
ARMY = (
    ("General", 100, Category.CHARACTER, 4, 8, 1, ("general",)),
    ("Spearmen", 150, Category.RANK_AND_FILE, 4, 7, 20, ()),
    ("Archers", 100, Category.RANK_AND_FILE, 4, 7, 10, ()),
)


def players(count: int) -> list[PlayerSlot]:
    """The first ``count`` seats of SLOTS."""
    return [_slot(*s) for s in SLOTS[:count]]


def realm_players(count: int) -> list[PlayerSlot]:
    """Hex Island's seats: pairs of REALM_SLOTS, and the pirate when ``count`` is odd."""
    pairs = [_slot(*s) for s in REALM_SLOTS[: count - count % 2]]
    return pairs + ([_slot(*PIRATE_SLOT)] if count % 2 else [])


def _slot(name: str, colour: str, race: str) -> PlayerSlot:
    return PlayerSlot(id=name.lower(), name=name, race=race, colour=colour, treasury=TREASURY)


def army(slot: PlayerSlot, at: Hex) -> Army:
    """The player's starting host, standing at ``at`` (his capital)."""
    units = [
        Unit(f"{slot.id}-{slug(name)}", name, points, category, m, ld, models, set(flags))
        for name, points, category, m, ld, models, flags in ARMY
    ]
    return Army(f"{slot.id}-host", f"The {slot.name} Host", slot.id, at, units)
