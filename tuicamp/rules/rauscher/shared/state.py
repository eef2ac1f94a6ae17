"""What the Rauscher ruleset remembers, beside the core campaign.

Shared records (one per army, per unit and per player) live here; each phase keeps its
own ledger class in its own ``shared/*_state.py`` (EconomyState, MovementState, CombatState,
SiegeState, VictoryState), so a phase package reads another's ledger without importing it.
"""

from __future__ import annotations

from enum import StrEnum

from attrs import define, field

from tuicamp.model.equality import fields_eq
from tuicamp.model.forces import Category
from tuicamp.model.reprs import fields_repr
from tuicamp.rules.rauscher.shared.combat_state import CombatState
from tuicamp.rules.rauscher.shared.economy_state import EconomyState
from tuicamp.rules.rauscher.shared.movement_state import MovementState
from tuicamp.rules.rauscher.shared.siege_state import SiegeState
from tuicamp.rules.rauscher.shared.victory_state import VictoryState


class Role(StrEnum):
    """What a counter on the map is. Everything that moves is an Army in the core model."""

    ARMY = "army"
    SCOUTING_PARTY = "scouting_party"
    MESSENGER = "messenger"
    BAGGAGE = "baggage"  # a baggage train: no units, carries 2 food or 2 gold, move 6
    SHIP = "ship"  # carries 10 food/gold or 1,000 pts, move 8
    REFUGEES = "refugees"  # always move 6, destroyed if attacked
    MERCENARIES = "mercenaries"
    NEUTRAL = "neutral"  # e.g. the Cauldron Temple's defenders


class March(StrEnum):
    NORMAL = "normal"
    FAST = "fast"  # MP x 1.5, no patrols
    FORCED = "forced"  # MP x 2, +1 fatigue


class Stance(StrEnum):
    NONE = ""
    PREPARED = "prepared"  # field fortifications: the whole turn, no move
    HASTY = "hasty"  # hasty defence: at most half MP, then dig in
    REST = "rest"  # do nothing all turn: fatigue may drop


@define
class Allocation:
    """Points set aside for a category of troops, to be filled at the first battle (R-RA-3)."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    category: Category
    points: int
    label: str = ""  # e.g. "cavalry"


@define
class ArmyState:
    __repr__ = fields_repr
    __eq__ = fields_eq

    role: Role = Role.ARMY
    fatigue: int = 0
    march: March = March.NORMAL
    stance: Stance = Stance.NONE
    mp_spent: float = 0.0
    moved: bool = False  # moved this turn
    fought: bool = False  # fought a battle this turn
    finished: bool = False  # "When a unit has completed its movement, it may not be moved again"
    patrols: list[str] = field(factory=list)  # unit ids designated as patrols (upkeep)
    scouts: list[str] = field(factory=list)  # unit ids designated as scouts (upkeep)
    allocations: list[Allocation] = field(factory=list)
    cargo: dict[str, int] = field(factory=dict)  # baggage trains and ships: food, gold
    carried: list[str] = field(factory=list)  # ships: ids of armies aboard
    attached_to: str | None = None  # scouting parties and escorted messengers: their army
    destination: str | None = None  # messengers, refugees, deserters: a settlement id
    starving_turns: int = 0  # consecutive turns in insufficient supply (R-RA-7)
    created_turn: int = 0


@define
class UnitState:
    __repr__ = fields_repr
    __eq__ = fields_eq

    home_territory: str | None = None  # militia: bound to this territory
    freed_until_turn: int = 0  # militia freed by a messenger's agreement (until this turn)
    deserting: bool = False  # marching home after a desertion roll


@define
class PlayerState:
    __repr__ = fields_repr
    __eq__ = fields_eq

    fate_points: int = 0
    troops_killed: int = 0  # enemy points killed (War of Destruction)
    battles_won: int = 0  # (The Art of War)
    original_settlements: list[str] = field(factory=list)  # the only places new troops appear
    capital_lost: bool = False
    ledger: list[LedgerEntry] = field(factory=list)  # one per turn, for the ledger chart


@define
class LedgerEntry:
    __repr__ = fields_repr
    __eq__ = fields_eq

    turn: int
    territories: int
    treasury: int
    income: int = 0
    food: int = 0


@define
class RauscherState:
    __repr__ = fields_repr
    __eq__ = fields_eq

    armies: dict[str, ArmyState] = field(factory=dict)
    units: dict[str, UnitState] = field(factory=dict)
    players: dict[str, PlayerState] = field(factory=dict)
    move_order: list[str] = field(factory=list)  # players in the text's race order
    # Scenario forces nobody plays, against every player. (Alliances are the campaign's
    # teams since state version 2: see shared.alliances and shared.upgrades.)
    neutral_players: list[str] = field(factory=list)
    economy: EconomyState = field(factory=EconomyState)
    movement: MovementState = field(factory=MovementState)
    combat: CombatState = field(factory=CombatState)
    siege: SiegeState = field(factory=SiegeState)
    victory: VictoryState = field(factory=VictoryState)
    # Whose move it is, and who has ended the phase, is the engine's: ``campaign.flow``.

    # The records are looked up before one is made: ``setdefault(id, ArmyState())`` built
    # (and threw away) a new record on every call, and a move asks for every enemy's.
    def army(self, army_id: str) -> ArmyState:
        """The army's record, created on first use (new armies, split-off detachments)."""
        record = self.armies.get(army_id)
        if record is None:
            record = self.armies[army_id] = ArmyState()
        return record

    def unit(self, unit_id: str) -> UnitState:
        record = self.units.get(unit_id)
        if record is None:
            record = self.units[unit_id] = UnitState()
        return record

    def player(self, player_id: str) -> PlayerState:
        record = self.players.get(player_id)
        if record is None:
            record = self.players[player_id] = PlayerState()
        return record
