"""Real terminals for tests: tmux sessions on the test's own tmux server (``-L``).

Each :class:`Terminal` is one player's terminal, 80x24 to begin with. A test types with
``send-keys`` and reads the screen with ``capture-pane``, like a person. The status the
program ended with is written to a file by the pane's shell (tmux 3.3's
``#{pane_dead_status}`` is not to be trusted). Every wait is bounded and waits for a
condition; :func:`kill_server` ends the tmux server.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

TIMEOUT = 60.0  # seconds for any one thing to appear on a screen


def missing(*tools: str) -> list[str]:
    return [tool for tool in tools if shutil.which(tool) is None]


class Terminal:
    def __init__(self, socket: str, name: str, folder: Path) -> None:
        self.socket, self.name = socket, name
        self.status_file = folder / f"{name}.exit-status"

    def tmux(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["tmux", "-L", self.socket, *args],
            capture_output=True,
            text=True,
            check=check,
            timeout=10,
        )

    def start(self, argv: list[str], width: int = 80, height: int = 24) -> None:
        self.tmux(
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-x",
            str(width),
            "-y",
            str(height),
            "-s",
            self.name,
            "sh",
            "-c",
            '"$@"; echo $? > "$0.tmp" && mv "$0.tmp" "$0"',
            str(self.status_file),
            *argv,
        )
        self.tmux("set-option", "-t", self.name, "remain-on-exit", "on")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)
            time.sleep(0.08)

    def type(self, text: str) -> None:
        self.tmux("send-keys", "-t", self.name, "-l", text)

    def resize(self, width: int, height: int) -> None:
        self.tmux("resize-window", "-t", self.name, "-x", str(width), "-y", str(height))

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name).stdout

    def wait_until(self, ok: Callable[[str], bool], what: str, timeout: float = TIMEOUT) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if ok(screen):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{self.name}: never saw {what}; the terminal shows:\n{screen}")

    def wait_for(self, text: str) -> str:
        return self.wait_until(lambda s: text in s, repr(text))

    def exit_status(self) -> int | None:
        try:
            return int(self.status_file.read_text())
        except (OSError, ValueError):
            return None

    def wait_exit(self, timeout: float = TIMEOUT) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status = self.exit_status()
            if status is not None:
                return status
            time.sleep(0.1)
        raise AssertionError(f"{self.name}: the program never ended:\n{self.screen()}")


def kill_server(socket: str) -> None:
    subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True, timeout=10)
