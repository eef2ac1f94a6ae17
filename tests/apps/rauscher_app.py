"""A Rauscher campaign to look at by hand: ``RAUSCHER_SCENE=ledger textual run
tests/apps/rauscher_app.py`` (scenes: upkeep, effects, movement, combat, siege, resolution,
ledger, victory), played from Stirland's seat. The tests build the same saves through
rauscher_kit and run the app themselves."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import rauscher_kit as K
from ui_kit import make_app

SCENES = {
    "upkeep": K.stir_save,
    "effects": lambda f: K.stir_save(f, phase="effects"),
    "movement": lambda f: K.stir_save(f, phase="movement"),
    "combat": K.battle_save,
    "siege": K.siege_save,
    "resolution": K.resolution_save,
    "ledger": K.played_save,
    "victory": K.victory_save,
}

FOLDER = Path(tempfile.mkdtemp(prefix="tuicamp-rauscher-"))
app = make_app(
    FOLDER, save=SCENES[os.environ.get("RAUSCHER_SCENE", "upkeep")](FOLDER), seat="stirland"
)
