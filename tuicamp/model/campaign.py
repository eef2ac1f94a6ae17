"""The whole state of one campaign."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from attrs import define, field

from tuicamp.model.battle import Battle
from tuicamp.model.equality import fields_eq
from tuicamp.model.flow import Clock, FlowState
from tuicamp.model.forces import Army, Player, Seat
from tuicamp.model.hexes import Hex
from tuicamp.model.ids import id_code
from tuicamp.model.map import HexMap
from tuicamp.model.reprs import fields_repr
from tuicamp.model.rerolls import RerollPoint
from tuicamp.model.teams import Team

OptionValue = bool | int | float | str

# The words a player may type (or a GM write) for yes and no.
BOOL_WORDS: dict[str, bool] = {
    "true": True,
    "yes": True,
    "on": True,
    "1": True,
    "false": False,
    "no": False,
    "off": False,
    "0": False,
}


class DiceMode(StrEnum):
    APP = "app"  # tuicamp rolls
    TABLE = "table"  # the players roll real dice and type the values in


@define
class DiceState:
    """Everything needed to continue the dice exactly where they stopped."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    seed: int
    draws: int = 0  # values drawn from the generator (rejection sampling may draw more)
    rolls: int = 0  # rolls made, in either mode: each roll's number is its code (model/ids.py)
    mode: DiceMode = DiceMode.APP


@define
class Campaign:
    __repr__ = fields_repr
    __eq__ = fields_eq

    name: str
    scenario: str  # scenario id
    ruleset: str  # ruleset id
    map: HexMap
    players: list[Player] = field(factory=list)
    seats: list[Seat] = field(factory=list)
    armies: list[Army] = field(factory=list)
    options: dict[str, OptionValue] = field(factory=dict)
    tables: dict[str, Any] = field(factory=dict)  # per-campaign table overrides (house rules)
    turn: int = 1
    phase: str = ""
    step: int = 0  # within a phase that has steps (hours, impulses), from 1; else 0
    dice: DiceState = field(factory=lambda: DiceState(seed=0))
    victory: dict[str, Any] = field(factory=dict)  # the scenario's victory conditions
    battles: list[Battle] = field(factory=list)
    # The ruleset's own state object (its declared state class). Whose move it is lives in
    # ``flow`` alone: a ruleset reads it there.
    state: Any = field(default=None)
    flow: FlowState = field(factory=FlowState)  # the engine's
    revision: int = 0  # bumped by every save; guards against two writers
    chronicle_length: int = 0  # events the chronicle file must hold for this state
    next_id: int = 1  # counts the ids the engine hands out (armies, units): see new_id
    finished: bool = False
    winner: list[str] = field(factory=list)
    teams: list[Team] = field(factory=list)  # realms and alliances (see model/teams.py)
    # The shape of ``state`` this campaign was written in (its ruleset's state_version):
    # loading upgrades an older one step by step (storage.saves).
    state_version: int = 1

    # The last action that rolled dice, until the next action settles its rolls for good
    # (see model/rerolls.py): what a re-roll plays again.
    reroll: RerollPoint | None = None

    @property
    def clock(self) -> Clock:
        """Where the campaign stands: turn, phase and step."""
        return Clock(self.turn, self.phase, self.step)

    # --- lookups --------------------------------------------------------------------
    def player(self, pid: str) -> Player | None:
        return next((p for p in self.players if p.id == pid), None)

    def seat(self, sid: str) -> Seat | None:
        return next((s for s in self.seats if s.id == sid), None)

    def army(self, aid: str) -> Army | None:
        # A loop, not next() over a generator: asked many times an action, and a
        # generator's frame costs more than the comparison it makes.
        for a in self.armies:
            if a.id == aid:
                return a
        return None

    def armies_of(self, pid: str) -> list[Army]:
        return [a for a in self.armies if a.owner == pid]

    def armies_at(self, h: Hex) -> list[Army]:
        return [a for a in self.armies if a.hex == h]

    def battle(self, bid: str) -> Battle | None:
        return next((b for b in self.battles if b.id == bid), None)

    def pending_battles(self) -> list[Battle]:
        return [b for b in self.battles if b.pending]

    def battles_to_take_back(self) -> list[Battle]:
        """The settled battles whose result may still be taken back (in their step)."""
        return [b for b in self.battles if b.revert_point is not None and b.result is not None]

    def gm_seat(self) -> Seat | None:
        return next((s for s in self.seats if s.gm), None)

    def new_id(self, prefix: str) -> str:
        """A fresh id, unique within the campaign, saved with it (so reloads agree), that
        counts nothing: ``prefix`` and the code of the campaign's next count
        (:mod:`tuicamp.model.ids`, R-ALL-7), so an army or a unit a seat is shown does not
        tell how many were made before it, where it could not see them."""
        existing = {a.id for a in self.armies} | {u.id for a in self.armies for u in a.units}
        while True:  # an id an older save wrote may happen to look like a code
            candidate = prefix + id_code(self.dice.seed, "campaign", self.next_id)
            self.next_id += 1
            if candidate not in existing:
                return candidate
