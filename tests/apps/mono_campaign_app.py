"""Snapshot app: the campaign of ``campaign_app.py`` as a terminal without colour shows
it. The app is made with ``NO_COLOR`` set, so Textual draws through its monochrome filter
(the variable is removed again at once: it must not reach the other apps of the run).
The tests press Enter twice for the campaign screen."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ui_kit import fixed_now, make_app, make_save

from tuicamp.game.session import Session
from tuicamp.rules.sandbox import actions as A

FOLDER = Path(tempfile.mkdtemp(prefix="tuicamp-snap-mono-"))
SAVE = make_save(FOLDER, options={"fog_of_war": True}, seed=11)
with fixed_now():
    session = Session.open(SAVE)
    session.perform("empire", A.Move(army="grenzmark-garrison", to="1110"))
    session.perform("empire", A.Roll(expr="2d6", reason="the Grenzburg garrison's morale"))

_before = os.environ.get("NO_COLOR")
os.environ["NO_COLOR"] = "1"
try:
    app = make_app(FOLDER, save=SAVE)
finally:
    if _before is None:
        del os.environ["NO_COLOR"]
    else:
        os.environ["NO_COLOR"] = _before
assert app.no_color
