"""The same seats behind the host's own OpenSSH (issue 13): "`tuicamp seats SAVE
authorized-keys` prints `restrict,pty,command="tuicamp play SAVE --as SEAT"` lines for a
dedicated account".

A private sshd (``sshkit``) takes the printed lines as its authorized_keys. A player's key
then lands in its own seat whatever command the client asks for, and a key unbound since
the lines were printed opens nothing any more (the line names the key, and ``tuicamp
play`` checks it against the seats file at every login).
"""

from __future__ import annotations

import os
import sys
import uuid
from pathlib import Path

import pytest
from servekit import make_club
from sshkit import SshServer, missing_tools, start_sshd
from tmuxkit import Terminal, kill_server

pytestmark = pytest.mark.tmux

PROGRAM = Path(sys.executable).with_name("tuicamp")


@pytest.fixture
def sshd(tmp_path: Path):
    missing = missing_tools()
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed (CI's .ci/run installs them)")
    if not PROGRAM.exists():
        pytest.skip(f"{PROGRAM} is not installed (pip install -e .)")
    server = start_sshd(tmp_path / "sshd")
    try:
        yield server
    finally:
        server.stop()


def test_a_key_lands_in_its_own_seat_whatever_it_asks(sshd: SshServer, tmp_path: Path) -> None:
    club = make_club(tmp_path / "club", "--option", "fog_of_war=true")
    club.bind("red", sshd.client_key)  # the key the test's ssh client uses
    club.bind("green", club.key("green"))
    lines = club.run("seats", "valley", "authorized-keys", "--program", str(PROGRAM))
    entries = [line for line in lines.splitlines() if line and not line.startswith("#")]
    assert len(entries) == 2 and all(e.startswith('restrict,pty,command="') for e in entries)
    (sshd.root / "authorized_keys").write_text(lines)
    red_units = club.run("show", "valley", "--as", "red").split("Your armies:")[1]
    secret = red_units.splitlines()[2].split(":")[0].split(maxsplit=1)[1][:12]
    green_units = club.run("show", "valley", "--as", "green").split("Your armies:")[1]
    their_secret = green_units.splitlines()[2].split(":")[0].split(maxsplit=1)[1][:12]

    socket = f"tuicamp-ak-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    term = Terminal(socket, "player", tmp_path)
    try:
        # The client asks for the green seat, and for a shell command: sshd runs the line.
        wants = f"tuicamp play {club.save} --as green; cat {club.save}"
        term.start(sshd.client(wants, tty=True))
        screen = term.wait_until(lambda s: "to play:" in s and "Quit" in s, "the campaign")
        assert secret in screen and their_secret not in screen
        term.keys("q")
        assert term.wait_exit() == 0, term.screen()
    finally:
        kill_server(socket)

    club.run("seats", "valley", "unbind", "red")  # the printed line stays, the key is out
    refused = sshd.run("anything")
    assert refused.returncode == 2
    assert "does not open seat 'red'" in refused.stderr
    assert "[campaign]" not in refused.stdout
