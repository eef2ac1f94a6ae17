"""The siege package's own ledger in the Rauscher state (see shared.state)."""

from __future__ import annotations

from attrs import define, field

from tuicamp.model.hexes import Hex


@define
class SiegeOrder:
    """One side's sealed order for a turn (R-RA-11: secret until both are written).

    Besieger: attack, bombard, mine or nothing; defender: sally, bombard or nothing.
    ``targets`` says, for a besieger's bombardment, what each war machine aims at (unit id
    -> gate, wall, tower, warehouses or military); ``miners`` names the mining unit;
    ``units`` the defender's units that sally (empty: every unit but the war machines).
    """

    player: str
    order: str
    turn: int
    targets: dict[str, str] = field(factory=dict)
    miners: str = ""
    units: list[str] = field(factory=list)


@define
class Siege:
    id: str
    settlement: str
    hex: Hex
    besieger: str  # player ids
    defender: str
    started: int  # turn declared
    armies: list[str] = field(factory=list)  # the besieging armies
    orders: dict[str, SiegeOrder] = field(factory=dict)  # "besieger"/"defender" -> this turn's
    revealed: bool = False  # this turn's orders are out
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


@define
class SiegeState:
    """Filled in by the siege module: only plain attrs data, saved with the campaign."""

    sieges: dict[str, Siege] = field(factory=dict)
    next_id: int = 1

    def active(self) -> list[Siege]:
        return [s for s in self.sieges.values() if not s.ended]

    def at(self, h: Hex) -> Siege | None:
        return next((s for s in self.active() if s.hex == h), None)
