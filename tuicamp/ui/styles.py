"""A ruleset's own stylesheets, read into the app once, when its campaign opens.

A screen that brings its own stylesheet (``CSS_PATH``) makes Textual read it, parse every
stylesheet again and restyle every widget of every screen the first time that screen
opens: a visible pause on the key that opens it (the Rauscher ledger's first L). A
ruleset declares its stylesheets instead (:attr:`RulesetUI.stylesheets`), and they are
read here right after the campaign screen's first frame, so neither that frame nor any
later key pays for them.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

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
