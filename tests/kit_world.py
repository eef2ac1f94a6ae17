"""A small world for the kit's tests: four players (two of them one realm), their seats,
a Games Master, and a ruleset that has nothing but three phases, so the kit's clock has
an order to compare by. (Not named test_*: it holds no tests.)"""

from __future__ import annotations

from tuicamp.engine.actions import Action
from tuicamp.engine.context import Context
from tuicamp.engine.dice import Dice
from tuicamp.engine.errors import RuleError
from tuicamp.engine.ruleset import Phase, Ruleset
from tuicamp.model.campaign import Campaign, DiceState
from tuicamp.model.forces import Army, Player, Seat, Unit
from tuicamp.model.hexes import Hex
from tuicamp.model.map import HexMap
from tuicamp.model.teams import Team, TeamKind


class KitRuleset(Ruleset):
    id = "kit-test"
    title = "Kit test"
    phases = (Phase("orders", "Orders"), Phase("march", "March"), Phase("battle", "Battle"))

    def apply(self, ctx: Context, action: Action) -> None:
        """It has no actions of its own (a Ruleset must say what its actions do)."""
        raise RuleError(f"The kit test has no action {action.kind!r}")


RULESET = KitRuleset()


def world() -> Campaign:
    """Anna (a), Bruno (b), Carla (c) and Dieter (d); Carla and Dieter rule the Realm of
    the East together, each at a seat of their own."""
    m = HexMap.blank(6, 5)
    m.set_terrain(Hex.from_offset(3, 2), "l")  # a lake at 0403
    players = [
        Player(p, name, "Empire")
        for p, name in zip("abcd", ["Anna", "Bruno", "Carla", "Dieter"], strict=True)
    ]
    seats = [Seat(p.id, p.name, [p.id]) for p in players]
    seats.append(Seat("ab", "Anna and Bruno", ["a", "b"]))
    seats.append(Seat("gm", "Games Master", gm=True))
    army = Army("host", "The Host", "a", Hex.from_offset(1, 1), [Unit("u1", "Spears", 100)])
    camp = Campaign(
        "Kit",
        "kit",
        RULESET.id,
        m,
        players,
        seats,
        [army],
        dice=DiceState(seed=1),
        teams=[Team("east", "Realm of the East", ["c", "d"], TeamKind.REALM)],
    )
    camp.phase = "orders"
    return camp


def ctx_for(camp: Campaign, seat: str) -> Context:
    return Context(
        campaign=camp,
        seat=camp.seat(seat),
        dice=Dice(camp.dice),
        ruleset=RULESET,
        next_seq=1,
        action_no=1,
    )
