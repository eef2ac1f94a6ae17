"""The combat package's own ledger in the Rauscher state (see shared.state).

Everything a battle leaves behind that the core model has no place for: models that come
back later, prisoners, dead special characters, recovered magic items, occupations and
destroyed settlements, and what each battle was about (who attacked, which baggage trains
stood by, how it ended). Only plain attrs data, saved with the campaign.
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.model.equality import fields_eq
from tuicamp.model.forces import Unit
from tuicamp.model.hexes import Hex
from tuicamp.model.reprs import fields_repr

# The kind of scheduled effect that brings models off the table back (combat.after).
RETURN = "models_return"


@define
class Returning:
    """Models off the table for a while: wounded, disgruntled, or in the tavern.

    ``unit`` is a copy of the unit holding just the returning models (and their points), so
    the unit can be rebuilt if it was wiped out meanwhile.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    army: str
    unit: Unit
    owner: str
    due_turn: int
    why: str
    hex: Hex | None = None  # where they were lost: the nearest settlement is found from here
    battle: str = ""


@define
class Prisoner:
    """A character captured on the field ("On a d6 roll of 1 ... is now a prisoner").

    The economy module ransoms prisoners; ``unit`` is the character as it was (one model).
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    unit: Unit
    owner: str  # whose character it is
    captor: str  # who holds it
    turn: int
    army: str = ""  # the army it was taken from
    battle: str = ""


@define
class RecoveredItem:
    """A dead character's magic item picked up from the field (Booty Table)."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    name: str
    holder: str  # the player who has it now
    from_unit: str  # the character's name
    turn: int
    battle: str = ""


@define
class Occupation:
    """A settlement captured by force; it serves the occupier while a detachment stays."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    settlement: str
    occupier: str
    previous_owner: str | None = None
    turn: int = 0


@define
class DestroyedSettlement:
    """A settlement gone from the map ("may not be recaptured or rebuilt")."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    name: str
    kind: str
    hex: Hex
    turn: int
    by: str | None = None
    how: str = "razed"  # razed (a village), destroyed (the Destroying a Settlement action)


@define
class Engagement:
    """Enemies in one hex whose battle waits for allocations to be filled (R-RA-3)."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    hex: Hex
    attacker: str
    defender: str
    armies: list[str] = field(factory=list)
    siege: str | None = None
    kind: str = "field"
    notes: list[str] = field(factory=list)  # for the card (a siege's deployment)


@define
class Outcome:
    """How a battle ended in campaign terms (Campaign VP table, Battle Result Chart)."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    cvp: dict[str, int] = field(factory=dict)  # side id -> Campaign VP
    margin: int = 0
    victor: str | None = None  # side id; None: a draw
    band: str = "pyrrhic"  # pyrrhic / victory / overwhelming
    holder: str = ""  # side id holding the field


@define
class BattleInfo:
    """What the combat module knows of one battle beyond the core record."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    battle: str
    attacker: str  # player ids
    defender: str
    kind: str = "field"  # field / settlement / assault / sally
    settlement: str | None = None
    settlement_kind: str = ""
    baggage: list[str] = field(factory=list)  # baggage trains in the hex at the start
    notes: list[str] = field(factory=list)  # card lines fixed when it opened (mercenaries)
    siege: str | None = None
    defence: int = 0  # the defender's defence level (0 none, 1 prepared, 2, 3)
    outcome: Outcome | None = None


@define
class CombatState:
    """Filled in by the combat module: only plain attrs data, saved with the campaign."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    # Models off the table (``Returning``) are the engine's scheduled effects since state
    # version 3: see combat.after.schedule_return.
    prisoners: list[Prisoner] = field(factory=list)
    dead_specials: list[str] = field(factory=list)  # names of special characters slain
    items: list[RecoveredItem] = field(factory=list)
    occupations: dict[str, Occupation] = field(factory=dict)  # settlement id -> occupation
    destroyed: list[DestroyedSettlement] = field(factory=list)
    waiting: list[Engagement] = field(factory=list)
    battles: dict[str, BattleInfo] = field(factory=dict)  # battle id -> info
    fought: list[str] = field(factory=list)  # "turn:hex:p1:p2" pairs that fought this turn
    last_attacker: dict[str, str] = field(factory=dict)  # hex label -> player (fight again)
    # "any battles fought in the capital's territory are also fought with a +1 LD modifier,
    # even if the capital is taken": territory id -> the realm's player, kept once it falls.
    fallen_capitals: dict[str, str] = field(factory=dict)
