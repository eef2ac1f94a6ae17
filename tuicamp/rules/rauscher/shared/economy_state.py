"""The economy package's own ledger in the Rauscher state (see shared.state).

Everything the Upkeep and Resolution phases must remember between actions: purchases that
wait for the Resolution phase, this turn's mercenary offer, sealed ransom notes, event
cards, rolls a fate point may still re-roll, siege equipment bought for armies. Only plain
attrs data (saved with the campaign as TOML), so every optional field defaults to None.
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.model.equality import fields_eq
from tuicamp.model.forces import Category, Unit
from tuicamp.model.reprs import fields_repr
from tuicamp.rules.kit.sealed import SealedChoice


@define
class Purchase:
    """Something bought in the Upkeep phase that appears in the Resolution phase.

    ``kind`` is recruits, baggage, ship or siege_equipment. Recruits are one unit (name,
    points, category, ...) or, with ``allocation``, a points allocation of a category
    (R-RA-3). ``cost`` is what was charged, so a cancellation in Upkeep refunds it exactly.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    player: str
    kind: str
    turn: int
    cost: int
    name: str = ""
    points: int = 0
    category: Category = Category.RANK_AND_FILE
    movement: int = 4
    leadership: int = 7
    models: int = 1
    flags: list[str] = field(factory=list)
    allocation: bool = False
    food: int = 0  # a baggage train bought loaded with supplies
    placed_at: str = ""  # settlement or army id once placed
    dismissed: bool = False  # given up in Resolution (it could not be placed)

    @property
    def done(self) -> bool:
        return bool(self.placed_at) or self.dismissed


@define
class MercenaryOffer:
    """This turn's attempt to hire mercenaries ("You may try this once per turn")."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    player: str
    settlement: str
    turn: int
    available: bool = False
    cost: int = 0
    points: int = 0
    status: str = "unavailable"  # unavailable, offered, hired, refused
    insult_loss: int = 0  # coppers lost to the rampage (re-rollable: refunded exactly)
    army: str = ""  # where the hired mercenaries went


@define
class RansomNote:
    """One sealed note about a prisoner in one Upkeep phase (R-RA-11): a choice in the
    kit's sealed round of the two (:attr:`EconomyState.ransom`)."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    what: str  # "offer" (written by the character's owner) or "demand" (by the captor)
    amount: int  # coppers


def ransom_id(prisoner: str, turn: int) -> str:
    """The sealed round of one prisoner's notes in one turn's Upkeep."""
    return f"ransom:{prisoner}:turn{turn}"


@define
class Ransomed:
    """A character whose ransom was paid, on the way home (alive, or killed in transit)."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    prisoner: str
    owner: str
    unit: Unit
    turn: int
    alive: bool = False
    placed: bool = False


@define
class Card:
    """One card of a scenario deck (R-RA-10): the GM applies its effect with corrections."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    deck: str  # events, encounters or magic
    title: str
    text: str


@define
class Rerollable:
    """A roll that a fate point may still re-roll: "re-roll any one roll".

    Only rolls whose outcome tuicamp can take back and apply again are offered (see the
    module docs); ``target`` names what the roll decided, for the kind's re-roll handler.
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    player: str
    kind: str
    turn: int
    phase: str
    expr: str
    reason: str
    total: int
    roll_id: int = 0
    secret: bool = True  # the first roll was told to this player only
    used: bool = False
    target: dict[str, str] = field(factory=dict)


@define
class StarvationTest:
    """One unit's Desertion and Starvation test, kept so a fate point can undo it."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str  # the Rerollable id
    army: str
    ld: int
    modifier: int
    result: str  # grumble, desert, starve
    unit: Unit | None = None  # the unit as it was (None: an allocation tested)
    # an allocation tested as one unit (state.Allocation's fields: state.py imports this
    # module, so the class itself cannot be imported here)
    allocation_category: Category | None = None
    allocation_points: int = 0
    allocation_label: str = ""
    champion: Unit | None = None  # the champion whose Ld was used (shares the result)
    deserters: str = ""  # the deserters' army the unit went to


@define
class EconomyState:
    """Filled in by the economy module: only plain attrs data, saved with the campaign."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    purchases: list[Purchase] = field(factory=list)
    recruit_points: dict[str, int] = field(factory=dict)  # player -> points bought this turn
    placed_points: dict[str, int] = field(factory=dict)  # settlement -> points placed this turn
    mercenaries: list[MercenaryOffer] = field(factory=list)  # this turn's offers
    # prisoner id -> this Upkeep's sealed notes, the owner's and the captor's (kit.sealed)
    ransom: dict[str, SealedChoice[RansomNote]] = field(factory=dict)
    ransomed: list[Ransomed] = field(factory=list)
    rerollable: list[Rerollable] = field(factory=list)
    tests: list[StarvationTest] = field(factory=list)
    siege_equipment: dict[str, int] = field(factory=dict)  # army id -> points of equipment
    cards: dict[str, Card] = field(factory=dict)  # "deck/id" -> card
    decks: dict[str, list[str]] = field(factory=dict)  # deck -> card keys still to draw
    discards: dict[str, list[str]] = field(factory=dict)  # deck -> card keys played
    hands: dict[str, list[str]] = field(factory=dict)  # player -> card keys held
    drawn: dict[str, int] = field(factory=dict)  # "deck:player" -> turn of the last draw
    income: dict[str, int] = field(factory=dict)  # player -> coppers collected this turn
    campaign_points: dict[str, int] = field(factory=dict)  # the scenario's shares per player
    setup_notes: list[str] = field(factory=list)  # set-up findings, as told once
    setup_notes_told: bool = False
    next_id: int = 1
