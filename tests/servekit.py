"""A ``tuicamp serve`` of the tests' own: a campaigns folder, keys, and the server on a
loopback port the kernel picks (``--listen 127.0.0.1:0``; the server's log says which).

The server runs as a real process through the real command line, so a test exercises
what a club admin starts. Every wait is bounded and waits for a condition (a line in the
log), never for a fixed time; :meth:`Server.stop` ends it (SIGTERM, then SIGKILL).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncssh
import warm
from attrs import define

FIXED_NOW = "2024-05-01T18:00:00Z"
START_TIMEOUT = 60.0
LISTENING = re.compile(r"listening on 127\.0\.0\.1:(\d+)")


def env(saves: Path, home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "TUICAMP_SAVES": str(saves),
        "TUICAMP_NOW": FIXED_NOW,
        "TUICAMP_CONFIG": str(home / "no-config.toml"),
        "HOME": str(home),
    }


def tuicamp(saves: Path, home: Path, *args: str) -> str:
    """``tuicamp ARGS`` in the saves folder: its own process, started warm (warm.tuicamp)."""
    done = warm.tuicamp(args, cwd=saves, env=env(saves, home))
    assert done.returncode == 0, f"tuicamp {' '.join(args)} failed:\n{done.stderr}"
    return done.stdout


def make_key(path: Path, comment: str) -> Path:
    """An Ed25519 key pair as OpenSSH writes it (``path`` and ``path.pub``)."""
    key = asyncssh.generate_private_key("ssh-ed25519", comment=comment)
    key.write_private_key(str(path))
    key.write_public_key(str(path) + ".pub")
    path.chmod(0o600)
    return path


@define
class Club:
    """A campaigns folder with one campaign (``valley``) and a home for the tools."""

    root: Path

    @property
    def saves(self) -> Path:
        return self.root / "saves"

    @property
    def home(self) -> Path:
        return self.root / "home"

    @property
    def save(self) -> Path:
        return self.saves / "valley.toml"

    def run(self, *args: str) -> str:
        return tuicamp(self.saves, self.home, *args)

    def key(self, name: str) -> Path:
        return make_key(self.root / name, name)

    def bind(self, seat: str, key: Path) -> None:
        self.run("seats", "valley", "bind", seat, "--key", str(key) + ".pub")


def make_club(root: Path, *new_args: str) -> Club:
    club = Club(root)
    club.saves.mkdir(parents=True)
    club.home.mkdir()
    club.run(
        "new",
        "skirmish-valley",
        "--ruleset",
        "sandbox",
        "-o",
        str(club.save),
        "--no-play",
        "--seed",
        "3",
        *new_args,
    )
    return club


@define
class Server:
    process: subprocess.Popen
    port: int
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_log(self, pattern: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.log_text()
            if re.search(pattern, text):
                return text
            time.sleep(0.05)
        raise AssertionError(f"the server never logged {pattern!r}:\n{self.log_text()[-3000:]}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)


@contextmanager
def serving(club: Club, *args: str) -> Iterator[Server]:
    """``tuicamp serve`` on the club's campaigns, until the block ends."""
    log = club.root / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "tuicamp", "serve", "--listen", "127.0.0.1:0", *args],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env(club.saves, club.home),
            cwd=club.saves,
        )
    server = Server(process, 0, log)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline and process.poll() is None:
            found = LISTENING.search(server.log_text())
            if found:
                server.port = int(found.group(1))
                break
            time.sleep(0.05)
        else:
            raise AssertionError(f"tuicamp serve did not start:\n{server.log_text()[-3000:]}")
        yield server
    finally:
        server.stop()


async def connect(server: Server, key: Path) -> asyncssh.SSHClientConnection:
    """A client connection with one key and nothing else (no agent, no known hosts)."""
    return await asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="player",
        client_keys=[str(key)],
        known_hosts=None,
        agent_path=None,
        config=None,
        connect_timeout=30,
    )
