"""A throwaway OpenSSH server on loopback, for tests that play a seat over real SSH.

Why a real server: the SSH way of playing is "each player runs ``ssh host tuicamp play
SAVE --as SEAT`` from their own terminal", and what can break there (a pseudo-terminal
sshd allocates, the remote environment, the exit status carried back, two processes on one
save) is only tested by going through sshd itself.

Everything lives in one temporary folder: a fresh host key, a client key, the
authorized_keys, a known_hosts pinning the host key (so the client checks it is talking to
this server and nothing else), the sshd_config and sshd's log. The server listens on
127.0.0.1 only, on a port free when it starts; it runs in the foreground (``-D``) as a
child of the test and is stopped by :meth:`SshServer.stop`.

Typical use::

    server = start_sshd(tmp_folder)
    try:
        subprocess.run(server.client(["true"]), timeout=10)
    finally:
        server.stop()
"""

from __future__ import annotations

import getpass
import os
import shlex
import shutil
import socket
import subprocess
import time
from pathlib import Path

from attrs import define

SSHD = "/usr/sbin/sshd"  # sshd re-executes itself, so it must be started by absolute path
PRIVSEP_DIR = Path("/run/sshd")  # sshd running as root refuses to start without it
START_TIMEOUT = 15.0
STOP_TIMEOUT = 5.0
# An OpenSSH client of the tests' own: no user config, agent or other keys, never a
# question, errors only (the tests read what the remote side prints).
CLIENT_OPTIONS = [
    *("-F", "/dev/null"),
    *("-o", "BatchMode=yes"),
    *("-o", "IdentitiesOnly=yes"),
    *("-o", "IdentityAgent=none"),
    *("-o", "LogLevel=ERROR"),
]
START_ATTEMPTS = 3  # another process may take the free port before sshd binds it


class SshdFailed(RuntimeError):
    """sshd did not come up; the message carries the end of its log."""


def missing_tools() -> list[str]:
    """The programs these tests need that are not installed (empty when all are)."""
    needed = {"sshd": SSHD, "ssh": "ssh", "ssh-keygen": "ssh-keygen", "tmux": "tmux"}
    return [name for name, prog in needed.items() if shutil.which(prog) is None]


def free_port() -> int:
    """A loopback TCP port nobody listens on right now (the kernel picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _keygen(path: Path) -> None:
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "tuicamp-test", "-f", str(path)],
        check=True,
        capture_output=True,
        timeout=30,
    )


def _config(root: Path, port: int, user: str) -> str:
    """A minimal sshd_config: loopback, one key, one user, nothing forwarded."""
    lines = {
        "ListenAddress": "127.0.0.1",
        "Port": str(port),
        "HostKey": str(root / "host_ed25519"),
        "PidFile": str(root / "sshd.pid"),
        "AuthorizedKeysFile": str(root / "authorized_keys"),
        "AllowUsers": user,
        "PubkeyAuthentication": "yes",
        "PasswordAuthentication": "no",
        "KbdInteractiveAuthentication": "no",
        "PermitRootLogin": "prohibit-password",
        "UsePAM": "no",
        "StrictModes": "no",
        "PermitTTY": "yes",
        "PrintMotd": "no",
        "PrintLastLog": "no",
        "X11Forwarding": "no",
        "AllowTcpForwarding": "no",
        "AllowAgentForwarding": "no",
        "PermitUserEnvironment": "no",
        "LogLevel": "VERBOSE",
    }
    return "".join(f"{key} {value}\n" for key, value in lines.items())


@define
class SshServer:
    """A running sshd and what a client needs to reach it."""

    root: Path
    port: int
    user: str
    client_key: Path
    known_hosts: Path
    log: Path
    process: subprocess.Popen

    def client(self, remote: list[str] | str, *, tty: bool = False) -> list[str]:
        """The ``ssh`` command line that runs ``remote`` on this server.

        A list is quoted for the remote shell; a string is passed as it is. ``tty`` forces
        a pseudo-terminal (``-tt``), as a player's interactive session has. ``-F /dev/null``
        keeps the tester's own ssh config and agent out of it.
        """
        line = remote if isinstance(remote, str) else shlex.join(remote)
        return [
            "ssh",
            *(["-tt"] if tty else ["-T"]),
            *CLIENT_OPTIONS,
            "-o",
            "StrictHostKeyChecking=yes",
            "-o",
            f"UserKnownHostsFile={self.known_hosts}",
            "-o",
            "ConnectTimeout=5",
            "-i",
            str(self.client_key),
            "-p",
            str(self.port),
            f"{self.user}@127.0.0.1",
            line,
        ]

    def run(self, remote: list[str] | str, timeout: float = 20.0) -> subprocess.CompletedProcess:
        """Run a command over SSH without a terminal; its output and status come back."""
        return subprocess.run(
            self.client(remote),
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
        )

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no sshd log)"

    def stop(self) -> None:
        """Stop the listener (SIGTERM, then SIGKILL after a bounded wait)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=STOP_TIMEOUT)


def _launch(root: Path, port: int, user: str, client_key: Path, known: Path) -> SshServer:
    config = root / f"sshd_config.{port}"
    config.write_text(_config(root, port, user))
    log = root / f"sshd.{port}.log"
    host_pub = (root / "host_ed25519.pub").read_text().split()
    known.write_text(f"[127.0.0.1]:{port} {host_pub[0]} {host_pub[1]}\n")
    process = subprocess.Popen(
        [SSHD, "-D", "-f", str(config), "-E", str(log)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return SshServer(root, port, user, client_key, known, log, process)


def _wait_ready(server: SshServer, deadline: float) -> bool:
    """True once a real login runs ``true``; False if sshd died (e.g. the port was taken)."""
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            return False
        try:
            left = max(1.0, deadline - time.monotonic())
            if server.run(["true"], timeout=min(left, 10.0)).returncode == 0:
                return True
        except subprocess.TimeoutExpired:
            pass
        time.sleep(0.1)
    return False


def start_sshd(root: Path, timeout: float = START_TIMEOUT) -> SshServer:
    """Keys, config and a running sshd in ``root``, ready for a login as the current user.

    Raises :class:`SshdFailed` with the end of sshd's log when it cannot be reached in
    ``timeout`` seconds (after a few tries on new ports, in case one was taken).
    """
    root.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        PRIVSEP_DIR.mkdir(mode=0o755, exist_ok=True)
    _keygen(root / "host_ed25519")
    client_key = root / "client_ed25519"
    _keygen(client_key)
    shutil.copyfile(root / "client_ed25519.pub", root / "authorized_keys")
    user = getpass.getuser()
    known = root / "known_hosts"
    deadline = time.monotonic() + timeout
    server = None
    for _ in range(START_ATTEMPTS):
        server = _launch(root, free_port(), user, client_key, known)
        if _wait_ready(server, deadline):
            return server
        server.stop()
        if time.monotonic() >= deadline:
            break
    tail = server.log_tail() if server else ""
    raise SshdFailed(f"sshd did not accept a login on 127.0.0.1 within {timeout:.0f} s:\n{tail}")
