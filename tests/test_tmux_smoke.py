"""A real terminal: tmux runs ``tuicamp play`` at 80x24, keys are sent, the screen is read
back with ``capture-pane``, and the save file on disk changes as the keys say.

The tmux server runs on its own socket (``-L``), so a tester's own tmux is never touched,
and it is killed in ``finally``. Without tmux the test skips with the reason; ``.ci/run``
installs tmux so it runs in CI.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from apps.ui_kit import EMPIRE_SECRET, FIXED_NOW, make_save

from tuicamp.game.session import Session
from tuicamp.storage.saves import read_header

TMUX = shutil.which("tmux")
pytestmark = [
    pytest.mark.tmux,
    pytest.mark.skipif(
        TMUX is None,
        reason="tmux is not installed: the real-terminal smoke test needs it "
        "(.ci/run installs it; locally: apt-get install tmux)",
    ),
]
TIMEOUT = 60.0


class Terminal:
    def __init__(self, socket: str, name: str) -> None:
        self.socket, self.name = socket, name

    def tmux(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        assert TMUX is not None
        return subprocess.run(
            [TMUX, "-L", self.socket, *args],
            capture_output=True,
            text=True,
            check=check,
            timeout=10,
        )

    def start(self, command: list[str], env: dict[str, str]) -> None:
        settings = [f"{k}={v}" for k, v in env.items()]
        line = " ".join(_quote(part) for part in ["env", *settings, *command])
        self.tmux(
            "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "-s", self.name, line
        )
        self.tmux("set-option", "-t", self.name, "remain-on-exit", "on")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)
            time.sleep(0.05)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name).stdout

    def wait_for(self, text: str) -> str:
        return self.wait_until(lambda screen: text in screen, f"{text!r} on screen")

    def wait_until(self, ok: Callable[[str], bool], what: str) -> str:
        deadline = time.monotonic() + TIMEOUT
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if ok(screen):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"never saw {what}; the terminal shows:\n{screen}")

    def exited(self) -> bool:
        out = self.tmux("list-panes", "-t", self.name, "-F", "#{pane_dead}", check=False)
        return out.returncode != 0 or out.stdout.strip() == "1"

    def kill(self) -> None:
        self.tmux("kill-server", check=False)


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def _wait_for_file(ok: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if ok():
            return
        time.sleep(0.1)
    raise AssertionError(f"the save never showed {what}")


def test_tuicamp_plays_in_a_real_terminal(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    save = make_save(saves, "smoke", options={"fog_of_war": True})
    home = tmp_path / "home"
    home.mkdir()
    env = {
        "HOME": str(home),
        "TUICAMP_SAVES": str(saves),
        "TUICAMP_CONFIG": str(tmp_path / "no-config.toml"),
        "TUICAMP_NOW": FIXED_NOW,
        "TERM": "xterm-256color",
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
    }
    term = Terminal(f"tuicamp-test-{os.getpid()}", "smoke")
    try:
        term.start([sys.executable, "-m", "tuicamp", "play", "smoke"], env)
        screen = term.wait_for("to play — press Enter")
        assert "The Empire (Empire) to play" in screen
        assert "Since your last turn" in screen  # the recap is on the hand-over's one screen
        assert EMPIRE_SECRET not in screen
        term.keys("Enter")
        term.wait_for("Turn 1 | Play")
        screen = term.wait_for(EMPIRE_SECRET)  # the Empire's own army, on the side panel
        assert all(len(line) <= 80 for line in screen.splitlines())

        start = Session.open(save).campaign.army("averland-host").hex
        revision = read_header(save).revision
        term.keys("Enter", "d", "d")
        term.wait_for("Moving The Averland Host")
        term.keys("Enter")
        term.wait_for("moved 0509 -> 0709")
        _wait_for_file(lambda: read_header(save).revision == revision + 1, "the move")
        assert Session.open(save).campaign.army("averland-host").hex == (
            start.neighbour(0).neighbour(0)
        )

        term.keys("t")
        term.wait_for("End your turn?")
        term.keys("y")
        screen = term.wait_for("Orcs & Goblins to play")
        assert EMPIRE_SECRET not in screen  # the Empire's units: nothing of its view
        assert "The Averland Host moved" in screen  # the recap: what every seat may read
        _wait_for_file(lambda: read_header(save).revision == revision + 2, "the end of turn")
        assert Session.open(save).campaign.flow.position == 1

        term.keys("C-q")
        term.wait_until(lambda _: term.exited(), "tuicamp exit")
    finally:
        term.kill()
