"""Snapshot app: Skirmish in the Valley, the Red Vanguard has marched onto the Green Mob
(battle b1 pending at 0905), played from Red's seat (no hand-over). The tests press B for
the battle queue, then Enter for the card or r for the result form."""

from __future__ import annotations

import tempfile
from pathlib import Path

from battle_kit import valley_save
from ui_kit import make_app

FOLDER = Path(tempfile.mkdtemp(prefix="tuicamp-snap-battle-"))
SAVE = valley_save(FOLDER, seed=5)

app = make_app(FOLDER, save=SAVE, seat="red")
