"""Snapshot app: the new-campaign wizard's first step (scenario, map preview, description)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from ui_kit import make_app

FOLDER = Path(tempfile.mkdtemp(prefix="tuicamp-snap-wizard-"))

app = make_app(FOLDER)
# the test presses "n" on the title screen
