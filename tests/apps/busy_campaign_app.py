"""Snapshot app: the Border War campaign of ``campaign_app.py`` a while into turn 1, with
a dozen lines of chronicle, so a large screen has a week's worth to show under the map.
The tests press Enter twice for the campaign screen."""

from __future__ import annotations

import tempfile
from pathlib import Path

from ui_kit import fixed_now, make_app, make_save

from tuicamp.game.session import Session
from tuicamp.rules.sandbox import actions as A

FOLDER = Path(tempfile.mkdtemp(prefix="tuicamp-snap-busy-"))
SAVE = make_save(FOLDER, options={"fog_of_war": True}, seed=11)
REASONS = [
    "the Grenzburg garrison's morale",
    "the weather on the Stir",
    "a ferryman's price",
    "the bridge at Grenzburg",
    "scouts on the hills",
    "the road to Averheim",
    "a merchant's news",
    "the river crossing",
    "the orcs' campfires",
    "a night march",
    "the harvest",
    "a deserter's tale",
]
with fixed_now():
    session = Session.open(SAVE)
    session.perform("empire", A.Move(army="grenzmark-garrison", to="1110"))
    for reason in REASONS:
        session.perform("empire", A.Roll(expr="2d6", reason=reason))

app = make_app(FOLDER, save=SAVE)
