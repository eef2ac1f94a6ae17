"""Stylesheets read into the app after its first frame: a ruleset's own, when its campaign
opens, and the core's screens' that a campaign's first frame does not draw.

A screen that brings its own stylesheet (``CSS_PATH``) makes Textual read it, parse every
stylesheet again and restyle every widget of every screen the first time that screen
opens: a visible pause on the key that opens it (the Rauscher ledger's first L). A
ruleset declares its stylesheets instead (:attr:`RulesetUI.stylesheets`), and they are
read here right after the campaign screen's first frame, so neither that frame nor any
later key pays for them.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePath
from typing import Any

from textual.app import App


def read_stylesheets(app: App[object], paths: Iterable[Path]) -> bool:
    """Read into ``app`` each stylesheet it does not hold yet, then parse and apply them
    all once; whether there was anything new. A path is held by its name as given, as
    Textual holds an absolute ``CSS_PATH``, so a screen naming the same path reads nothing."""
    stylesheet = app.stylesheet
    new = False
    for path in paths:
        name = str(Path(path))
        if not stylesheet.has_source(name, ""):
            stylesheet.read(name)
            new = True
    if new:
        stylesheet.reparse()
        stylesheet.update(app)
    return new


def read_in_place(app: App[Any], paths: Iterable[PurePath], order: Sequence[PurePath]) -> None:
    """Read ``paths`` into ``app`` as if they had been among its stylesheets from the start.

    The core's screens' stylesheets (``ui/app.py``'s ``STYLES``) that a campaign's first
    frame does not draw are read once it is on the screen: each new one is parsed alone
    (the others' parse is kept, where Textual's own reading of a screen's CSS parses all
    of it again), and all of them are held in ``order`` (the app's list), so that a rule
    wins a tie with another file's exactly as when all were read at start. Then every
    widget is restyled once (a hand-over's few, at that moment)."""
    stylesheet = app.stylesheet
    for path in paths:
        stylesheet.read(path)
    held = stylesheet.source
    first = [key for key in ((os.path.abspath(p), "") for p in order) if key in held]
    ordered = {key: held[key] for key in first}
    ordered.update(held)
    held.clear()
    held.update(ordered)
    stylesheet.parse()
    stylesheet.update(app)
