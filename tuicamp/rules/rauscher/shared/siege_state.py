"""The siege package's own ledger in the Rauscher state (see shared.state)."""

from __future__ import annotations

from attrs import define, field

from tuicamp.model.equality import fields_eq
from tuicamp.model.hexes import Hex
from tuicamp.model.reprs import fields_repr
from tuicamp.rules.kit.sealed import SealedChoice


@define
class SiegeOrder:
    """One side's sealed order for a turn (R-RA-11: secret until both are written, a
    choice of the kit's sealed round :attr:`Siege.orders`).

    Besieger: attack, bombard, mine or nothing; defender: sally, bombard or nothing.
    ``targets`` says, for a besieger's bombardment, what each war machine aims at (unit id
    -> gate, wall, tower, warehouses or military); ``miners`` names the mining unit;
    ``units`` the defender's units that sally (empty: every unit but the war machines).
    """

    __repr__ = fields_repr
    __eq__ = fields_eq

    player: str
    order: str
    turn: int
    targets: dict[str, str] = field(factory=dict)
    miners: str = ""
    units: list[str] = field(factory=list)


@define
class Siege:
    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    settlement: str
    hex: Hex
    besieger: str  # player ids
    defender: str
    started: int  # turn declared
    armies: list[str] = field(factory=list)  # the besieging armies
    # This turn's sealed orders, by writer (the besieger and the defender); None until the
    # first is written. Revealed together when both are in (kit.sealed).
    orders: SealedChoice[SiegeOrder] | None = None
    resolved_turn: int = 0  # the last turn whose orders were carried out
    # The walls: "destroying a gate or section of wall" breaches them.
    gate_destroyed: bool = False
    wall_sections: int = 0  # 3" sections destroyed
    tower_hits: int = 0  # hits on the tower under fire; three destroy it
    towers_destroyed: int = 0
    # Mining
    mining_turns: int = 0  # turns of mining so far (added to the mining roll)
    mining_bonus: int = 0  # soft earth: +1 to next turn's roll
    miners: str = ""  # the unit digging
    breach_turn: int = 0  # mining done: the mining-based assault may come on this turn
    tunnel_sally_turn: int = 0  # the defender found the tunnel: a sally through it this turn
    exhausted: bool = False  # "Exhausting Its Resources" used (once per siege)
    fed_turn: int = 0  # the last turn the stockpile was eaten from
    battle: str = ""  # the battle the orders led to this turn, if any
    ended: bool = False
    end_reason: str = ""

    def order(self, role: str, turn: int) -> SiegeOrder | None:
        """The order the besieger or the defender wrote for ``turn``, if any."""
        writer = self.besieger if role == "besieger" else self.defender
        written = self.orders.choices.get(writer) if self.orders is not None else None
        return written if written is not None and written.turn == turn else None


def orders_id(siege_id: str, turn: int) -> str:
    """The sealed round of one siege's orders in one turn."""
    return f"{siege_id}:turn{turn}"


@define
class SiegeState:
    """Filled in by the siege module: only plain attrs data, saved with the campaign."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    sieges: dict[str, Siege] = field(factory=dict)
    next_id: int = 1

    def active(self) -> list[Siege]:
        return [s for s in self.sieges.values() if not s.ended]

    def at(self, h: Hex) -> Siege | None:
        return next((s for s in self.active() if s.hex == h), None)
