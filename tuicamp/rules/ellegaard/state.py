"""What the Ellegaard ruleset remembers beside the core campaign.

Plain attrs data, saved with the campaign by the engine's codec: one record per army
division (its command and what it did this hour) and the war's books (home bases, the
campaign total, the turn limit in hours, War Points). The rules that read and change these
live in the modules named after them (``commands``, ``movement``); this module holds no rule.
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.rules import api

# The commands of the text, by the word orders files and the command line use.
PATROL = "patrol"
SCOUT = "scout"
ATTACK = "attack"
DEFEND = "defend"
BLOCK = "block"
MOVE_YA = "move_ya"
COMMANDS = (PATROL, SCOUT, ATTACK, DEFEND, BLOCK, MOVE_YA)
COMMAND_NAMES = {
    PATROL: "Patrol",
    SCOUT: "Scout",
    ATTACK: "Attack",
    DEFEND: "Defend",
    BLOCK: "Block",
    MOVE_YA: "Move ya!",
}


@define
class Division:
    """One army division's standing orders and its record of the current hour.

    ``command`` is what it obeys (Patrol when it leaves home, R-EL-15); ``defends`` names
    what a Defend order holds: a settlement id, or the id of the friendly division it
    follows (``follows`` True). The hour's record (``hour``, ``mp_used``, ``entered``,
    ``changed``, ``frozen``) is reset when a new hour begins; ``entered`` keeps the hexes
    entered this hour, and whether each was entered along a road, because the road's +1
    and the Chaos and Wood Elf rates depend on the whole hour's march (R-EL-9 to R-EL-11).
    """

    command: str = PATROL
    defends: str = ""
    follows: bool = False
    hour: int = 0  # the hour the record below belongs to
    start: api.Hex | None = None  # where the division stood as its Move phase began
    mp_used: float = 0.0
    entered: list[api.Hex] = field(factory=list)
    by_road: list[bool] = field(factory=list)
    changed: bool = False  # its one command change of this Command phase is spent (R-EL-33)
    frozen: bool = False  # a failed Ld test: it does not move this hour (R-EL-3)
    goblins_eaten_hour: int = 0  # the hour Move ya! last fed on its goblins (R-EL-25)


@define
class EllegaardState:
    """The war's books: home bases (player id to hex), the campaign total each side
    fields, the turn limit in hours, every division's record, and War Points."""

    homes: dict[str, api.Hex] = field(factory=dict)
    home_names: dict[str, str] = field(factory=dict)  # player id -> the home base's name
    points: int = 0  # the campaign total per player ("4,000 points to ... 15,000")
    hours: int = 0  # the turn limit: the war ends when this hour is over
    divisions: dict[str, Division] = field(factory=dict)  # army id -> its record
    war_points: dict[str, int] = field(factory=dict)  # player id -> War Points
    over: bool = False  # the last hour has been played


def estate(source: api.Campaign | api.Rules) -> EllegaardState:
    """The ruleset's state of a campaign, or of the campaign a read context reads."""
    camp = source.campaign if isinstance(source, api.Rules) else source
    state: EllegaardState = camp.state
    return state


def division(source: api.Campaign | api.Rules, army_id: str) -> Division:
    """The record of one division, made (on Patrol) the first time it is asked for, so a
    division a Games Master adds mid-war has one too."""
    return estate(source).divisions.setdefault(army_id, Division())
