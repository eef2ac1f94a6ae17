"""Playing the Suvinen drill through the engine, for the other Suvinen tests (this module
holds no test of its own): a campaign from a bundled scenario, the council ended, and
impulses played round by round with scripted moves (every corps not scripted holds, so
every eligible corps takes its impulse, R-SU-11)."""

from __future__ import annotations

import copy
from collections.abc import Callable

from tuicamp.engine.actions import Action
from tuicamp.engine.engine import Engine
from tuicamp.engine.flow import EndPhase, acting_players
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.model.forces import Army
from tuicamp.rules.suvinen.corps import takes_impulse
from tuicamp.rules.suvinen.impulses import HoldCorps, MoveCorps, impulse_now
from tuicamp.storage.scenario import Scenario, find_scenario, load_scenario

DRILL = load_scenario(find_scenario("suvinen-drill"))

# (turn, impulse, army id) -> the action that corps takes then
Script = dict[tuple[int, int, str], Action]


def drill(
    seed: int = 3,
    edit: Callable[[Scenario], None] | None = None,
    options: dict[str, str] | None = None,
) -> Engine:
    """The drill, set up (with the house-rule ``options``); seed 3 rolls the Orcs first
    (10 against 8)."""
    scenario = copy.deepcopy(DRILL)
    if edit is not None:
        edit(scenario)
    return start_campaign(scenario, "suvinen", seed=seed, check=False, options=options or {})


def end_council(engine: Engine) -> None:
    for player in list(acting_players(engine.campaign)):
        engine.perform(player, EndPhase())


def play_entry(engine: Engine, script: Script) -> None:
    """The acting player takes one corps' impulse: the scripted one if due, else a hold of
    its first corps still to go; then ends the entry."""
    camp = engine.campaign
    (player,) = acting_players(camp)
    impulse = impulse_now(Rules(camp, engine.ruleset))
    now = (camp.turn, impulse)
    waiting = [
        a
        for a in camp.armies
        if a.owner == player and takes_impulse_now(engine, a) and camp.state.corps[a.id].took != now
    ]
    scripted = [a for a in waiting if (camp.turn, impulse, a.id) in script]
    army = (scripted or waiting)[0]
    action = script.get((camp.turn, impulse, army.id), HoldCorps(army=army.id))
    engine.perform(player, action)
    engine.perform(player, EndPhase())


def takes_impulse_now(engine: Engine, army: Army) -> bool:
    rules = Rules(engine.campaign, engine.ruleset)
    return takes_impulse(rules, army, impulse_now(rules))


def play_impulse(engine: Engine, script: Script) -> None:
    """Every round of the current impulse (an engine phase)."""
    camp = engine.campaign
    clock = (camp.turn, camp.phase)
    while (camp.turn, camp.phase) == clock:
        play_entry(engine, script)


def committed() -> Engine:
    """Impulse 1, round 2 of the drill: the Orcs held the Huge Orc Army and the Empire
    committed the First Corps to 0403 across the stream, 1 of 2 MP put in; the Orcs are to
    move, then the Empire (R-SU-3, R-SU-4)."""
    engine = drill()
    end_council(engine)
    engine.perform("orcs", HoldCorps(army="waaagh"))
    engine.perform("orcs", EndPhase())
    engine.perform("empire", MoveCorps(army="first-corps", path=["0403"]))
    engine.perform("empire", EndPhase())
    return engine
