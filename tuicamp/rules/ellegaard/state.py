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
    march_bonus: float = 0.0  # the Necromancer's extra hex this hour (R-EL-26)
    fleeing_from: str = ""  # the division it flees from, until rallied (R-EL-21)
    fled_hour: int = 0  # the hour it last fled
    pursued_hour: int = 0  # the hour it last pursued: its whole Move (R-EL-21)
    rallied_hour: int = 0  # the hour it rallied: it does nothing in that Move (R-EL-21)
    spent: bool = False  # it fought: it must refuse battle until home again (R-EL-5)
    wounded: dict[str, int] = field(factory=dict)  # unit id -> models lost in battles (R-EL-23)
    underground: bool = False  # in its side's tunnels (R-EL-27)
    dug_hour: int = 0  # the hour it dug a tunnel hex: its move is over (R-EL-27)
    rats_hour: int = 0  # the hour it last rolled for crossing a Skaven tunnel (R-EL-27)
    stopped_hour: int = 0  # the hour a Block stopped it: it stays put (R-EL-20)
    passes: list[str] = field(factory=list)  # blockers it has beaten this hour (R-EL-20)
    let_through: list[str] = field(factory=list)  # divisions whose hex it may cross (R-EL-45)
    let_through_hour: int = 0  # the hour of the Move phase that may use it
    pursuing: str = ""  # the division it pursues: it gathers before it marches (R-EL-40)
    gathered_hour: int = 0  # the hour it gathered its troops: its whole Move (R-EL-40)


FIGHT = "fight"
REFUSE = "refuse"

# The Generals Discussing rows played at the table (R-EL-41): the duel and the chase are
# contests, not battles; the fair battle is a battle.
DUEL = "duel"
CHASE = "chase"
FAIR_BATTLE = "fair_battle"
CONTESTS = (DUEL, CHASE, FAIR_BATTLE)


@define
class Prisoner:
    """A unit or character handed over, on its captor's list: "Prisoners cannot fight in
    battles" (R-EL-29)."""

    unit: api.Unit
    owner: str  # the player it was taken from
    division: str  # the division it was taken from
    hour: int
    held_by: str = ""  # the captor's division, whose slaughter frees it (R-EL-39)


@define
class LeftMachine:
    """A war machine left behind by a fleeing or pursuing division (R-EL-22), and then
    whoever took it."""

    unit: api.Unit
    owner: str  # the player whose machine it was
    hex: api.Hex


@define
class Tunnel:
    """One hex of a side's tunnels (R-EL-27): "Mark the tunnels on the map with a fat,
    brown line"."""

    hex: api.Hex
    owner: str  # the player who dug it


@define
class Debt:
    """A prisoner a division still owes: to whom, of how many points at least, and of what
    kind ("any", or "not troops" for Generals Discussing row 3)."""

    division: str
    captor: str  # the division it is handed to
    least: int
    kind: str = "any"


@define
class Meeting:
    """Two generals whose attention zones met (R-EL-2, R-EL-18): their sealed fight or
    refuse, then what follows: a battle, prisoners both ways, or the talk between a
    refuser and the general who wanted to fight.

    ``divisions`` is the pair, the marching division first; ``owed`` says which division
    lists the prisoners still to be handed over (R-EL-29); ``contest`` is the Generals
    Discussing row to be played at the table (duel, chase, fair battle), if any.
    """

    id: str
    hour: int
    divisions: list[str]
    choice: api.SealedChoice[str]
    outcome: str = ""  # "", "battle", "prisoners", "talk", "contest", "settled"
    refuser: str = ""  # the division that refused while the other would fight
    battle: str = ""
    owed: list[Debt] = field(factory=list)
    contest: str = ""  # "duel", "chase" or "fair_battle" while it is to be played
    row: int = 0  # the Generals Discussing row, once rolled or named
    done: bool = False
    shields: str = ""  # the division its Defend division stands in front of (R-EL-38)
    chase_pick: list[str] = field(factory=list)  # the refuser's chase units (R-EL-46)


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
    meetings: list[Meeting] = field(factory=list)
    contacts: list[str] = field(factory=list)  # "a|b": pairs whose zones touch (R-EL-18)
    prisoners: dict[str, list[Prisoner]] = field(factory=dict)  # captor -> prisoners
    talks: api.Agreements = field(factory=api.Agreements)  # offers between generals
    cautioned: list[str] = field(factory=list)  # divisions left with a caution (row 5)
    known: dict[str, list[str]] = field(factory=dict)  # player -> divisions whose list it knows
    left_machines: list[LeftMachine] = field(factory=list)  # lying where they were left
    tunnels: list[Tunnel] = field(factory=list)
    captured: dict[str, list[LeftMachine]] = field(factory=dict)  # captor -> enemy machines
    scouted: list[str] = field(factory=list)  # "scout|enemy": the Scout's d6 rolled (R-EL-16)
    quicksand: list[api.Hex] = field(factory=list)  # the swamp's quicksand hexes (R-EL-36)
    taken_back: dict[str, list[Prisoner]] = field(factory=dict)  # player -> own freed (R-EL-39)


def estate(source: api.Campaign | api.Rules) -> EllegaardState:
    """The ruleset's state of a campaign, or of the campaign a read context reads."""
    camp = source.campaign if isinstance(source, api.Rules) else source
    state: EllegaardState = camp.state
    return state


def division(source: api.Campaign | api.Rules, army_id: str) -> Division:
    """The record of one division, made (on Patrol) the first time it is asked for, so a
    division a Games Master adds mid-war has one too."""
    return estate(source).divisions.setdefault(army_id, Division())
