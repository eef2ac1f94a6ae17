"""Shared pieces of the storage tests: a tiny ruleset and a campaign that uses every model
class. (Named test_storage_* so it sits with them; it holds no tests itself.)

The tiny ruleset is registered by replacing ``registry.load_rulesets``, so the storage
tests do not depend on any bundled ruleset being finished.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from attrs import define, field

from tuicamp.engine import registry
from tuicamp.engine.actions import Action
from tuicamp.engine.ruleset import Phase, Ruleset
from tuicamp.model.campaign import Campaign, DiceMode, DiceState
from tuicamp.model.forces import Army, Category, Player, Seat, Unit
from tuicamp.model.hexes import Hex, Hexside
from tuicamp.model.map import HexMap, Settlement, Territory
from tuicamp.storage.seal import sealed


@define
class TinyState:
    fatigue: dict[str, int] = field(factory=dict)
    notes: list[str] = field(factory=list)
    rounds: int = 0


@define(kw_only=True)
class Note(Action):
    kind = "note"
    summary = "write a note (no dice: undoable)"
    text: str


@define(kw_only=True)
class RollFatigue(Action):
    kind = "roll_fatigue"
    summary = "roll 2d6 fatigue for an army"
    army: str


class TinyRuleset(Ruleset):
    id = "tiny"
    title = "Tiny"
    phases = (Phase("move", "Move"), Phase("battle", "Battle"))
    actions = (Note, RollFatigue)
    state_class = TinyState

    def apply(self, ctx, action) -> None:
        if isinstance(action, Note):
            ctx.require(action.text, "A note needs text")
            ctx.campaign.state.notes.append(action.text)
            ctx.emit("note", action.text)
        elif isinstance(action, RollFatigue):
            army = ctx.own_army(action.army)
            roll = ctx.dice.roll("2d6", f"fatigue of {army.name}")
            ctx.campaign.state.fatigue[army.id] = roll.total
            ctx.emit("fatigue", f"{army.name} is at fatigue {roll.total}", army=army.id)
        else:
            raise NotImplementedError(action.kind)


TINY = TinyRuleset()


def reseal(path: Path) -> None:
    """Seal a save again after a test edited it by hand, as ``tuicamp check --reseal``
    would (without its checks): the tests of what loading says about the content."""
    path.write_bytes(sealed(path.read_bytes()))


def install_tiny() -> None:
    """Make ``tiny`` the only installed ruleset (for subprocesses; tests use the fixture)."""
    registry.load_rulesets = lambda: {"tiny": TINY}


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> TinyRuleset:
    monkeypatch.setattr(registry, "load_rulesets", lambda: {"tiny": TINY})
    return TINY


def make_map(width: int = 6, height: int = 5) -> HexMap:
    letters = ".fhmsdjwl~"
    terrain = [
        "".join(letters[(c + r) % len(letters)] for c in range(width)) for r in range(height)
    ]
    west = [Hex.from_offset(c, r) for r in range(height) for c in range(width // 2)]
    east = [Hex.from_offset(c, r) for r in range(height) for c in range(width // 2, width)]
    a, b, c = Hex.from_offset(0, 0), Hex.from_offset(1, 0), Hex.from_offset(0, 1)
    return HexMap(
        width,
        height,
        terrain,
        hexsides={"river": [Hexside(a, b)], "road": [Hexside(a, c), Hexside(a, b)]},
        territories=[
            Territory("t1", "Westmark", west, owner="p1", revenue=3),
            Territory("t2", "Eastmark", east, revenue=2),
        ],
        settlements=[
            Settlement(
                "s1",
                "town",
                "Altdorf",
                a,
                owner="p1",
                stores={"food": 3, "gold": 1},
                walls=True,
                original_owner="p1",
            ),
            Settlement("s2", "village", "Grünburg", Hex.from_offset(width - 1, height - 1)),
        ],
    )


def make_campaign(armies: int = 2) -> Campaign:
    players = [
        Player("p1", "Anna Kühn", "empire", colour="red", treasury=120),
        Player("p2", "Ben", "orcs", colour="green", treasury=80, letter="O"),
    ]
    seats = [
        Seat("s1", "Anna", ["p1"]),
        Seat("s2", "Ben", ["p2"], human=True, passphrase_hash="x1y2"),
        Seat("gm", "Games Master", [], gm=True),
    ]
    army_list = []
    for i in range(armies):
        owner = players[i % 2].id
        units = [
            Unit(f"u{i}a", "Halberdiers", 250, models=20, flags={"militia"}),
            Unit(
                f"u{i}b",
                "General",
                120,
                Category.CHARACTER,
                movement=4,
                leadership=9,
                flags={"general", "elite"},
            ),
            Unit(f"u{i}c", "Cannon", 100, Category.WAR_MACHINE, movement=3),
        ]
        army_list.append(
            Army(
                f"a{i}",
                f"Host {i}",
                owner,
                Hex.from_offset(i % 6, i % 5),
                units,
                flags={"scouted"} if i % 2 else set(),
            )
        )
    return Campaign(
        name="The Reikland War",
        scenario="test-scenario",
        ruleset="tiny",
        map=make_map(),
        players=players,
        seats=seats,
        armies=army_list,
        options={"advanced_terrain": True, "fatigue_ld": 1, "rate": 1.5, "mode": "club"},
        tables={"fatigue": {"2": "none", "12": "exhausted"}},
        turn=1,
        phase="move",
        dice=DiceState(seed=1234, draws=0, mode=DiceMode.APP),
        victory={"hold": ["s1"], "turns": 12},
        state=TinyState(fatigue={"a0": 2}, notes=["begun"], rounds=1),
    )
