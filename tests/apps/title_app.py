"""Snapshot app: the title screen with two saves in the folder (fixed clock)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from ui_kit import make_app, make_save

FOLDER = Path(tempfile.mkdtemp(prefix="tuicamp-snap-title-"))
make_save(FOLDER, "older", now="2024-04-20T19:30:00Z")
make_save(FOLDER, "border-war")

app = make_app(FOLDER)
