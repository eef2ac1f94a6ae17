"""Saves for the Rauscher screen tests and snapshot apps: the bundled Stir Border scenario
(Stirland against Sylvania) under the rauscher ruleset, played in code to the phase a test
needs, and written as real files with a fixed clock and a fixed seed.

Scenes (each a function returning the save's path):

- ``stir_save(folder, phase=...)``: a fresh campaign ended phase by phase to ``phase``;
- ``played_save``: four turns played (a baggage train and recruits bought and placed, the
  Riverwardens march into the empty Barrow Moors and take them, taxes in turn 4), now the
  Upkeep of turn 5: the ledger has a history;
- ``battle_save``: the Grey Host of Drakenhof waits next to the Stirland Host, which
  marched onto it: battle b1 is pending in the Combat phase;
- ``siege_save``: the Stirland Host stands on Fort Vargrav in the Combat phase, its
  garrison inside the walls (a siege may be declared instead of the assault), or has
  declared the siege already;
- ``fate_save``: battle b1 as in ``battle_save``, auto-resolved by Stirland, who holds a
  fate point: the rolls of that action may be re-rolled with it;
- ``resolution_save``: recruits and a baggage train bought, now the Resolution phase;
- ``victory_save``: a one-turn war (the turn limit set to 1), the Riverwardens having taken
  the Barrow Moors: Stirland wins the War of Conquest when turn 1 ends.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

try:  # as a snapshot app's neighbour (tests/apps on sys.path), or from the tests
    from ui_kit import write_engine_save
except ImportError:  # pragma: no cover - depends on how it was imported
    from apps.ui_kit import write_engine_save

from tuicamp.engine.battles import AutoResolveBattle
from tuicamp.engine.engine import Engine
from tuicamp.game.scenarios import load_scenario
from tuicamp.game.setup import new_campaign
from tuicamp.model.campaign import Campaign
from tuicamp.model.hexes import parse_label
from tuicamp.rules.rauscher import siege as S
from tuicamp.rules.rauscher.economy import actions as E
from tuicamp.rules.rauscher.movement import actions as M
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.storage.scenario import find_scenario

SCENARIO = "rauscher-stir-border"
SEED = 3
HOST, WARDENS, GREY = "stirland-host", "riverwardens", "grey-host"
BARROW_MOORS = "0810"  # the Riverwardens' march into the empty moors (2 MP)


def fresh(seed: int = SEED, decks: dict | None = None) -> Engine:
    """A new campaign of the Stir Border in an engine (nothing on disk yet)."""
    scenario = load_scenario(find_scenario(SCENARIO))
    if decks:
        scenario.rulesets["rauscher"].setup.update(decks)
    campaign = new_campaign(scenario, "rauscher", name="Stir Border", seed=seed)
    return Engine(campaign)


def end_phase(engine: Engine) -> None:
    """Every Warmaster ends the phase (in Movement: each in the race order)."""
    camp = engine.campaign
    phase, turn = camp.phase, camp.turn
    for player in list(rstate(camp).move_order):
        if (camp.phase, camp.turn) != (phase, turn) or camp.finished:
            break
        engine.perform(player, EndPhase())


def until(engine: Engine, phase: str, turn: int | None = None) -> None:
    camp = engine.campaign
    while (camp.phase != phase or (turn is not None and camp.turn < turn)) and not camp.finished:
        end_phase(engine)


write = write_engine_save  # the name the Rauscher tests know it by


def place_all(engine: Engine, player: str = "stirland", settlement: str = "wurtbad") -> None:
    from tuicamp.rules.rauscher.economy.purchases import waiting

    for purchase in waiting(engine.campaign, player):
        engine.perform(player, E.PlacePurchase(purchase=purchase.id, settlement=settlement))


def _shop(engine: Engine) -> None:
    engine.perform("stirland", E.BuyBaggage(food=1))
    engine.perform("stirland", E.BuyRecruits(name="Halberdiers", points=250, models=25))


def stir_save(
    folder: Path,
    name: str = "stir",
    *,
    phase: str = "upkeep",
    prepare: Callable[[Engine], None] | None = None,
    decks: dict | None = None,
    seed: int = SEED,
) -> Path:
    engine = fresh(seed, decks)
    if prepare is not None:
        prepare(engine)
    until(engine, phase)
    return write(engine, folder, name)


def played_save(folder: Path, name: str = "played") -> Path:
    engine = fresh()
    _shop(engine)
    until(engine, "movement")
    engine.perform("stirland", M.Move(army=WARDENS, to=BARROW_MOORS))
    until(engine, "resolution")
    place_all(engine)
    until(engine, "upkeep", turn=3)
    engine.perform("stirland", E.BuyRecruits(name="Handgunners", points=100, models=10))
    until(engine, "resolution")
    place_all(engine)
    until(engine, "upkeep", turn=5)
    return write(engine, folder, name)


def _grey_host_next_door(campaign: Campaign) -> None:
    """A scenario edit: the Grey Host has crept up on the Stirland Host (0404)."""
    campaign.army(GREY).hex = parse_label("0504")


def battle_save(folder: Path, name: str = "battle") -> Path:
    engine = fresh()
    _grey_host_next_door(engine.campaign)
    until(engine, "movement")
    engine.perform("stirland", M.Move(army=HOST, to="0504"))
    until(engine, "combat")
    return write(engine, folder, name)


def fate_save(folder: Path, name: str = "fate") -> Path:
    engine = fresh()
    _grey_host_next_door(engine.campaign)
    rstate(engine.campaign).player("stirland").fate_points = 1
    until(engine, "movement")
    engine.perform("stirland", M.Move(army=HOST, to="0504"))
    until(engine, "combat")
    engine.perform("stirland", AutoResolveBattle(battle="b1"))
    return write(engine, folder, name)


def siege_save(folder: Path, name: str = "siege", *, declared: bool = False) -> Path:
    """The Stirland Host stands next to Fort Vargrav (1303), then marches onto it; with
    ``declared`` it has laid siege to it instead of assaulting it (siege1)."""
    engine = fresh()
    engine.campaign.army(HOST).hex = parse_label("1203")
    until(engine, "movement")
    engine.perform("stirland", M.Move(army=HOST, to="1303"))
    until(engine, "combat")
    if declared:
        engine.perform("stirland", S.DeclareSiege(army=HOST, settlement="vargrav"))
    return write(engine, folder, name)


def resolution_save(folder: Path, name: str = "resolution") -> Path:
    engine = fresh()
    _shop(engine)
    until(engine, "resolution")
    return write(engine, folder, name)


def victory_save(folder: Path, name: str = "victory") -> Path:
    engine = fresh()
    engine.campaign.victory["turn_limit"] = 1
    until(engine, "movement")
    engine.perform("stirland", M.Move(army=WARDENS, to=BARROW_MOORS))
    until(engine, "upkeep", turn=2)
    assert engine.campaign.finished, "the one-turn war should be over"
    return write(engine, folder, name)
