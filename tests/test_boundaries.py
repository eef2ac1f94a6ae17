"""The rules, the engine and the storage never need the UI (DESIGN, boundary 1)."""

from __future__ import annotations

import subprocess
import sys

from tuicamp.engine.registry import load_rulesets


def _textual_modules_after_importing(modules: list[str]) -> list[str]:
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}:\n"
        "    importlib.import_module(m)\n"
        "from tuicamp.engine.registry import load_rulesets\n"
        "for r in load_rulesets().values():\n"
        "    importlib.import_module(type(r).__module__)\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] == 'textual')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    return [m for m in out.split(",") if m]


def test_core_and_every_ruleset_load_without_textual():
    rules_modules = sorted({type(r).__module__ for r in load_rulesets().values()})
    assert rules_modules, "no ruleset registered through the entry-point group"
    loaded = _textual_modules_after_importing(
        [
            "tuicamp.model",
            "tuicamp.engine.engine",
            "tuicamp.engine.pathing",
            "tuicamp.engine.views",
            "tuicamp.engine.codec",
            "tuicamp.game.session",
            "tuicamp.storage.scenario",
            "tuicamp.cli",
            "tuicamp.serve.server",  # the club server's own process draws nothing
            *rules_modules,
        ]
    )
    assert loaded == []


def test_the_check_itself_can_see_textual():
    # Guard against a check that could never fail: importing the UI does load textual.
    assert "textual" in _textual_modules_after_importing(["textual.app"])
