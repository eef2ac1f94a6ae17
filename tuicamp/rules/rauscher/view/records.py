"""The shape of what one seat may know of a Rauscher campaign: plain frozen records.

Every record here is a copy of the moment (changing the campaign afterwards changes none
of them) and holds only what the seat may know: its own players' purses, purchases, hands,
fate, ransom notes and ambushes; its own armies' ledgers; what its scouts learnt of the
others; whether the other side of a siege has written its sealed order, never what it
wrote; and the public facts of the war (whose move, which battles wait, the decks' sizes,
territories held). :mod:`view.project` fills them in, :mod:`view.status` and the screens
read them.
"""

from __future__ import annotations

from attrs import field, frozen

from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.forces import Category, Unit
from tuicamp.model.hexes import Hex
from tuicamp.model.reprs import fields_repr
from tuicamp.rules.rauscher.shared.economy_state import Purchase
from tuicamp.rules.rauscher.shared.siege_state import SiegeOrder
from tuicamp.rules.rauscher.shared.state import March, Role, Stance


# --- an army's ledger -----------------------------------------------------------------------
@frozen
class Cargo:
    """What a baggage train or a ship carries."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    food: int = 0
    gold: int = 0  # in coppers


@frozen
class AllocationNote:
    """Points set aside for a category, filled with units at the army's first battle."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    category: Category
    points: int
    label: str = ""


@frozen
class SupplyRow:
    """An army's food: what it needs and what is within its reach (shared with the other
    armies drawing on the same settlements, so "to hand" is what it could get at most)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    army: str
    name: str
    hex: str
    need: int
    scavenge: int
    local: int  # its owner's settlements in its territory: this turn's food and the stores
    baggage: int  # its owner's baggage trains within reach
    starving_turns: int

    @property
    def to_hand(self) -> int:
        return self.scavenge + self.local + self.baggage

    @property
    def short(self) -> bool:
        return self.to_hand < self.need


@frozen
class ArmyLedger:
    """One of the seat's own counters as the rules keep it: role, march, what it spent,
    what it carries, its supply and whom it could scout."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    army: str
    name: str
    owner: str
    hex: Hex | None
    role: Role
    fights: bool  # takes a side in battle (the roles table)
    ignores_zones: bool  # enemy zones of influence do not slow it
    fatigue: int
    march: March
    stance: Stance
    mp_spent: float
    mp_total: float
    mp_left: float
    moved: bool
    fought: bool
    halted: bool  # "has completed its movement": it may not move again this turn
    patrols: tuple[str, ...]  # unit ids
    scouts: tuple[str, ...]
    patrols_active: bool
    allocations: tuple[AllocationNote, ...]
    cargo: Cargo
    carried: tuple[str, ...]  # ships: the armies aboard
    siege_equipment: int  # points of siege equipment built with it
    supply: SupplyRow | None  # None: it does not eat (no troops, off the map, besieged)
    captives: tuple[str, ...]  # prisoner ids: its characters held by an enemy
    ambush_territories: tuple[str, ...]  # where it may hide an ambush (its own and next)
    scout_targets: tuple[str, ...]  # armies it may scout now
    scout_problem: str  # why it may scout none of the armies it sees ("" when it may)

    @property
    def carrier(self) -> bool:
        return self.role in (Role.BAGGAGE, Role.SHIP)


# --- a player's ledger ----------------------------------------------------------------------
@frozen
class RerollNote:
    """A roll a fate point may re-roll now: an open offer of this phase (``id`` is the
    offer's) or a roll of the last action that rolled dice (``id`` is ``#`` and its
    number); ``id`` is what ``use_fate`` takes, ``roll`` the number the chronicle shows."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    id: str
    reason: str
    expr: str
    total: int
    roll: int = 0


@frozen
class CardNote:
    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    key: str  # "deck/id"
    title: str
    text: str


@frozen
class MercenaryNote:
    """This turn's attempt to hire mercenaries."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    settlement: str
    status: str  # unavailable, offered, hired, refused
    points: int
    cost: int


@frozen
class AmbushNote:
    """One of the seat's hidden ambush parties (an own counter off the map)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    army: str
    name: str
    territory: str
    source: str  # the army it was drawn from


@frozen
class PlayerLedger:
    """One of the seat's own Warmasters: purse, stores, fate, purchases, cards, ambushes,
    and what still blocks ending the phase."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    player: str
    name: str
    treasury: int
    available: int  # less what sealed ransom offers promise
    income: int  # collected this turn (taxes, ...) until the turn's ledger line is written
    food: int  # in the player's settlements and carriers
    territories: int
    fate: int
    last_income: int  # the latest turn's income in the ledger (the last taxes)
    last_income_turn: int
    done: bool  # has ended this phase
    original_settlements: tuple[str, ...]  # the only places new troops appear
    purchases: tuple[Purchase, ...]  # copies: this turn's, and any still to be placed
    rerolls: tuple[RerollNote, ...]  # every roll a fate point may re-roll now (R-RA-12)
    mercenaries: MercenaryNote | None  # this turn's offer
    hand: tuple[CardNote, ...]
    to_draw: tuple[str, ...]  # cards still to draw this phase, as the rules word it
    ransom_to_do: tuple[str, ...]  # ransom notes to write, ransomed characters to place
    ambushes: tuple[AmbushNote, ...]
    blocking: tuple[str, ...]  # what the rules want done before the phase may end

    def bought(self, turn: int) -> list[Purchase]:
        """This turn's purchases that still wait for the Resolution phase."""
        return [p for p in self.purchases if p.turn == turn and not p.done]

    def to_place(self) -> list[Purchase]:
        return [p for p in self.purchases if not p.done]


# --- prisoners and ransom -------------------------------------------------------------------
@frozen
class PrisonerNote:
    """A captive character the seat has a say in: one of its own, or one it holds. The
    sealed notes are the seat's own only, until both are written and revealed."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    id: str
    name: str
    owner: str
    owner_name: str
    captor: str
    captor_name: str
    taken_turn: int
    army: str  # the army it was taken from
    offer: int | None = None  # this Upkeep's sealed offer, when the seat may read it
    demand: int | None = None  # this Upkeep's sealed demand, when the seat may read it


@frozen
class HomecomingNote:
    """A character of the seat's whose ransom was paid: alive on the way home, or not."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    prisoner: str
    name: str
    owner: str
    alive: bool
    placed: bool


# --- sieges, battles, scouting --------------------------------------------------------------
@frozen
class SealedOrder:
    """One side's order of this turn in a siege: everyone may know whether it is written;
    what it says is its writer's until both are revealed."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    role: str  # besieger or defender
    player: str
    written: bool
    order: SiegeOrder | None = None


@frozen
class SiegeNote:
    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    id: str
    settlement: str
    name: str
    hex: Hex
    besieger: str
    defender: str
    started: int
    exhausted: bool
    revealed: bool
    orders: tuple[SealedOrder, ...]
    # role -> the units the seat's side may name in its order (the seat's roles only)
    units: dict[str, tuple[Unit, ...]] = field(factory=dict)

    def order(self, role: str) -> SealedOrder | None:
        return next((o for o in self.orders if o.role == role), None)


@frozen
class BattleNote:
    """A battle waiting to be fought: where, and whether the seat takes part."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    id: str
    hex: Hex
    yours: bool


@frozen
class IntelNote:
    """What the seat's side still knows of another player's army (Scouting Results)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    army: str
    level: str  # points, categories or full
    turn: int


# --- the ledger chart, the Resolution, the war ----------------------------------------------
@frozen
class ChartPoint:
    """One turn of the ledger chart; ``treasury`` is None where the seat may not know it."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    turn: int
    territories: int
    treasury: int | None


@frozen
class ChartSeries:
    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    player: str
    name: str
    colour: str
    letter: str
    points: tuple[ChartPoint, ...] = ()


@frozen
class ResolutionSummary:
    """What this turn's Resolution did to the seat's armies and purse, counted."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    fed: int = 0
    short: int = 0
    grumbled: int = 0
    deserted: int = 0
    starved: int = 0
    taxes: int = 0
    placed: int = 0
    waiting: int = 0


@frozen
class DeckNote:
    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    name: str
    phase: str  # the phase it is drawn in
    left: int


@frozen
class Standing:
    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    player: str
    text: str


@frozen
class VictoryNote:
    """The war's condition, and the standings as far as the seat may know them: its own
    players' while the war lasts, everyone's once it is over."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    title: str
    text: str
    final: bool
    standings: tuple[Standing, ...] = ()


# --- the whole ------------------------------------------------------------------------------
@frozen
class RauscherView:
    """The Rauscher state as one seat may know it (``CampaignView.ruleset_state``)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    turn: int
    phase: str
    move_order: tuple[str, ...]  # the players in the text's race order
    mover: str | None  # whose move it is (Movement phase)
    done: tuple[str, ...]  # players who have ended this phase
    acting: tuple[str, ...]  # players who may act now
    seat_players: tuple[str, ...]  # the Warmasters this seat plays, in the turn order
    acting_for: str | None  # the one the seat's commands act for now
    players: tuple[PlayerLedger, ...]  # the seat's own Warmasters
    armies: tuple[ArmyLedger, ...]  # the seat's own counters
    intel: tuple[IntelNote, ...]
    zones: dict[str, tuple[Hex, ...]]  # army id -> its zone of influence (armies seen)
    sieges: tuple[SiegeNote, ...]
    battles: tuple[BattleNote, ...]
    prisoners: tuple[PrisonerNote, ...]
    homecomings: tuple[HomecomingNote, ...]
    decks: tuple[DeckNote, ...]
    chart: tuple[ChartSeries, ...]
    resolution: ResolutionSummary
    victory: VictoryNote

    def ledger(self, player: str | None) -> PlayerLedger | None:
        return next((p for p in self.players if p.player == player), None)

    def army(self, army_id: str | None) -> ArmyLedger | None:
        return next((a for a in self.armies if a.army == army_id), None)

    def siege(self, siege_id: str) -> SiegeNote | None:
        return next((s for s in self.sieges if s.id == siege_id), None)

    def prisoner(self, prisoner_id: str) -> PrisonerNote | None:
        return next((p for p in self.prisoners if p.id == prisoner_id), None)

    def intel_on(self, army_id: str) -> IntelNote | None:
        return next((i for i in self.intel if i.army == army_id), None)
