"""Undo and redo of the editor's edits: the map's tables as they were before each edit.

The terrain rows are strings and the edits replace the tables they change rather than
edit them in place, so a step keeps the old rows, sides and lists by reference and costs
what the edit changed; territories and settlements are copied, since renames and moves
edit them in place.
"""

from __future__ import annotations

from typing import Any

from attrs import define, evolve, field

from tuicamp.model.equality import fields_eq
from tuicamp.model.forces import Army
from tuicamp.model.hexes import Hexside
from tuicamp.model.map import Settlement, Territory
from tuicamp.model.reprs import fields_repr
from tuicamp.model.teams import Team
from tuicamp.model.terrain import Vocabulary
from tuicamp.storage.scenario import PlayerSlot, RulesetSetup, Scenario

DEPTH = 200  # edits kept for undo


@define
class MapState:
    """A scenario's map (and the slots and forces a generated map brings) as it was."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    width: int
    height: int
    terrain: list[str]
    hexsides: dict[str, list[Hexside]]
    territories: list[Territory]
    settlements: list[Settlement]
    players: list[PlayerSlot]
    armies: list[Army]
    victory: dict[str, Any]
    turn_limit: int
    head: tuple[str, str]  # title, id
    rulesets: dict[str, RulesetSetup]
    vocabulary: Vocabulary
    teams: list[Team] = field(factory=list)  # realms and alliances a generated map brings
    what: str = ""

    @classmethod
    def of(cls, scenario: Scenario, what: str = "") -> MapState:
        hexmap = scenario.map
        return cls(
            hexmap.width,
            hexmap.height,
            list(hexmap.terrain),
            dict(hexmap.hexsides),
            [evolve(t, hexes=list(t.hexes), flags=set(t.flags)) for t in hexmap.territories],
            [evolve(s, stores=dict(s.stores)) for s in hexmap.settlements],
            list(scenario.players),  # replaced whole by the generator, never edited
            list(scenario.armies),
            dict(scenario.victory),
            scenario.turn_limit,
            (scenario.title, scenario.id),
            dict(scenario.rulesets),
            hexmap.vocabulary,
            list(scenario.teams),
            what,
        )

    def put_back(self, scenario: Scenario) -> None:
        hexmap = scenario.map
        hexmap.width, hexmap.height = self.width, self.height
        scenario.players, scenario.armies = list(self.players), list(self.armies)
        scenario.victory, scenario.turn_limit = dict(self.victory), self.turn_limit
        scenario.title, scenario.id = self.head
        scenario.rulesets, hexmap.vocabulary = dict(self.rulesets), self.vocabulary
        scenario.teams = list(self.teams)
        hexmap.terrain = list(self.terrain)
        hexmap.hexsides = dict(self.hexsides)
        hexmap.territories = [
            evolve(t, hexes=list(t.hexes), flags=set(t.flags)) for t in self.territories
        ]
        hexmap.settlements = [evolve(s, stores=dict(s.stores)) for s in self.settlements]
        hexmap.invalidate()


@define
class History:
    """The edits done (to undo) and undone (to redo) on one scenario's map."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    scenario: Scenario
    done: list[MapState] = field(factory=list)
    undone: list[MapState] = field(factory=list)

    def before(self, what: str) -> None:
        """Call before an edit: keeps the map as it is, and forgets what was undone."""
        self.done.append(MapState.of(self.scenario, what))
        del self.done[:-DEPTH]
        self.undone.clear()

    def drop_last(self) -> None:
        """An edit that changed nothing (or was refused) leaves no step to undo."""
        if self.done:
            self.done.pop()

    def undo(self) -> str | None:
        """Undo the last edit; what it was, or None when there is nothing to undo."""
        if not self.done:
            return None
        step = self.done.pop()
        self.undone.append(MapState.of(self.scenario, step.what))
        step.put_back(self.scenario)
        return step.what

    def redo(self) -> str | None:
        if not self.undone:
            return None
        step = self.undone.pop()
        self.done.append(MapState.of(self.scenario, step.what))
        step.put_back(self.scenario)
        return step.what
