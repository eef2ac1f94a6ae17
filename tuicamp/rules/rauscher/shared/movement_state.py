"""The movement package's own ledger in the Rauscher state (see shared.state).

Plain attrs data only, saved with the campaign: what each player has learnt of enemy
armies, the hidden ambushes and the ones sprung this turn, messengers on their errand,
deserters that reached home, the capital's standing army and the scenario's overt aid.
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.model.equality import fields_eq
from tuicamp.model.hexes import Hex
from tuicamp.model.reprs import fields_repr


@define
class Intel:
    """What ``player`` knows of ``army``: a level of the Scouting Results Table.

    Knowledge holds "until the next change": while the army's composition (its units, their
    models and points, its allocations) still has the ``signature`` it had when scouted.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    player: str
    army: str
    level: str  # "full", "categories" or "points"
    turn: int
    signature: str


@define
class Ambush:
    """A hidden ambush party: an off-map Army (hex None) waiting in ``territory``."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    army: str  # the ambush party's own Army id
    owner: str
    territory: str
    source: str  # the army it was drawn from
    created_turn: int


@define
class SprungAmbush:
    """An ambush revealed on ``turn``: the battle card reads the result from here."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    army: str  # the ambush party
    target: str  # the ambushed army
    hex: Hex
    turn: int
    total: int
    row: str  # key of the Ambush Result Table row
    text: str


@define
class MessengerErrand:
    """A messenger's errand: where it rides and how the settlement has answered so far."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    messenger: str
    settlement: str
    origin_territory: str | None = None  # the messenger's territory, where the aid may go
    status: str = "riding"  # riding, undecided
    bonus: int = 0  # "Roll again next turn, adding 1 to the result" (accumulates)
    asked_turn: int = 0


@define
class CapitalGuard:
    """ "No more than half of your capital's army may ever leave the territory of the capital
    city": the units that stood in the capital at set-up, and their points then."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    player: str
    settlement: str
    territory: str
    units: list[str] = field(factory=list)
    points: int = 0


@define
class Scouted:
    """A scouting attempt already made this turn (one try per scout and target a turn)."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    scout: str
    target: str
    turn: int


@define
class MovementState:
    """Filled in by the movement module: only plain attrs data, saved with the campaign."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    intel: list[Intel] = field(factory=list)
    ambushes: list[Ambush] = field(factory=list)
    sprung: list[SprungAmbush] = field(factory=list)
    errands: list[MessengerErrand] = field(factory=list)
    capitals: list[CapitalGuard] = field(factory=list)
    scouted: list[Scouted] = field(factory=list)
    deserters_home: dict[str, int] = field(factory=dict)  # unit id -> turn it reached home
    overt_aid: list[str] = field(factory=list)  # settlement ids giving overt aid (scenario)
    current_army: str | None = None  # the army being moved (one at a time)

    def ambush(self, army_id: str) -> Ambush | None:
        return next((a for a in self.ambushes if a.army == army_id), None)

    def errand(self, messenger_id: str) -> MessengerErrand | None:
        return next((e for e in self.errands if e.messenger == messenger_id), None)
