"""Saves for the battle-screen tests and snapshot apps: the bundled Skirmish in the Valley
under the sandbox, optionally with the Red Vanguard already marched onto the Green Mob
(battle b1 at 0905, by Greyford), written as real files with a fixed clock."""

from __future__ import annotations

from pathlib import Path

try:  # as a snapshot app's neighbour (tests/apps on sys.path), or from the tests
    from ui_kit import fixed_now
except ImportError:  # pragma: no cover - depends on how it was imported
    from apps.ui_kit import fixed_now

from tuicamp.game.scenarios import load_scenario
from tuicamp.game.session import Session
from tuicamp.game.setup import new_campaign
from tuicamp.model.campaign import DiceMode
from tuicamp.model.forces import Player, Seat
from tuicamp.rules.sandbox import actions as A
from tuicamp.storage.scenario import find_scenario

SCENARIO = "skirmish-valley"
ATTACKER, DEFENDER = "red-vanguard", "green-mob"
BATTLE_HEX = "0905"  # where the Green Mob stands


def valley_save(
    folder: Path,
    name: str = "valley",
    *,
    seed: int = 5,
    options: dict | None = None,
    dice_mode: DiceMode = DiceMode.APP,
    attack: bool = True,
    onlooker: bool = False,
) -> Path:
    """A fresh sandbox campaign of the valley in ``folder``; with ``attack`` battle b1 is
    pending; with ``onlooker`` a third player (Blue, no army) has a seat of their own."""
    scenario = load_scenario(find_scenario(SCENARIO))
    campaign = new_campaign(
        scenario,
        "sandbox",
        name="Valley",
        options=options or {},
        seed=seed,
        dice_mode=dice_mode,
    )
    if onlooker:
        campaign.players.append(Player("blue", "Blue", "Dwarfs", "blue"))
        campaign.seats.insert(2, Seat("blue", "Blue", ["blue"]))
        campaign.flow.order.append("blue")  # seated after set-up: into this turn's order
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    with fixed_now():
        session = Session.create(path, campaign)
        if attack:
            session.perform("red", A.Move(army=ATTACKER, to=BATTLE_HEX))
    return path
