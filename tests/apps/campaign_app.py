"""Snapshot app: a hotseat campaign of the bundled Border War scenario, a move and a roll
into turn 1, opening on the hand-over to the Empire. The tests press Enter twice for the
campaign screen, then "?" for help or "l" for the chronicle."""

from __future__ import annotations

import tempfile
from pathlib import Path

from ui_kit import fixed_now, make_app, make_save

from tuicamp.game.session import Session
from tuicamp.rules.sandbox import actions as A

FOLDER = Path(tempfile.mkdtemp(prefix="tuicamp-snap-campaign-"))
SAVE = make_save(FOLDER, options={"fog_of_war": True}, seed=11)
with fixed_now():
    session = Session.open(SAVE)
    session.perform("empire", A.Move(army="grenzmark-garrison", to="1110"))
    session.perform("empire", A.Roll(expr="2d6", reason="the Grenzburg garrison's morale"))

app = make_app(FOLDER, save=SAVE)
