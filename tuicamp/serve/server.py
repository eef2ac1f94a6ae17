"""The club server: asyncssh, where a key is a seat.

**Authentication** is by public key alone, against the seats files of the campaigns
folder and the club's GM keys file, read afresh at every login; any user name is taken,
passwords and keyboard-interactive logins are not offered, and an unknown key is refused
during authentication, before a session (let alone a screen) exists. What the key opens
is fixed at login and handed to its sessions; nothing typed in a session changes it.

**Sessions**: with a terminal (``ssh -p 2222 club``), the club's app in a process of its
own on a pseudo-terminal (:mod:`tuicamp.serve.terminal`, :mod:`tuicamp.serve.child`);
with a command (``ssh club show valley``), one of :mod:`tuicamp.serve.commands`, run in
a worker thread. No forwarding of ports, agents or X11, no SFTP or scp.

**The log** (stderr) says who connected from where, which key logged in (its fingerprint)
and what it opens, refusals, and how each session ended; never a key or a secret.

**Turn notices** are sent by a watcher thread (:mod:`tuicamp.game.notices`) over every
campaign of the folder. **Files**: see :mod:`tuicamp.serve.privacy`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import signal
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import asyncssh

from tuicamp.engine.errors import InputError
from tuicamp.game.club import Access
from tuicamp.game.notices import NoticeWatcher, saves_in
from tuicamp.serve import commands
from tuicamp.serve.config import ServeConfig
from tuicamp.serve.hostkey import host_fingerprint, load_host_key
from tuicamp.serve.hub import ACCESS_ENV, Hub, encode_access
from tuicamp.serve.privacy import make_private
from tuicamp.serve.terminal import Terminal
from tuicamp.storage.locations import SAVES_ENV
from tuicamp.storage.seat_keys import fingerprint_of, read_key_list

log = logging.getLogger("tuicamp.serve")

T = TypeVar("T")

ACCESS_INFO = "tuicamp_access"  # the connection's extra info holding its Access
CHILD = [sys.executable, "-m", "tuicamp.serve.child"]
TERM_NAME = re.compile(r"[A-Za-z0-9._+-]{1,64}")
DEFAULT_TERM = "xterm-256color"
# What of the server's own environment a session's process keeps (nothing of the client's).
PASSED_ENV = (
    "PATH",
    "HOME",
    "TUICAMP_CONFIG",
    "TUICAMP_NOW",
    "TUICAMP_DEBUG",
    "XDG_CONFIG_HOME",
    "XDG_DATA_HOME",
    "PYTHONPATH",
)
KEEPALIVE_SECONDS, KEEPALIVE_MISSES = 30.0, 4  # a silent client is dropped in two minutes


class Club:
    """The server's state: its settings, who is connected, the worker threads."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.hub = Hub(config.campaigns, config.gm_keys)
        self.workers = ThreadPoolExecutor(max_workers=4, thread_name_prefix="club")
        self.sessions = 0
        self.terminals: set[Terminal] = set()

    async def in_thread(self, work: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.workers, work)

    async def access(self, fingerprint: str) -> Access:
        return await self.in_thread(lambda: self.hub.access(fingerprint))

    # --- sessions -------------------------------------------------------------------------
    async def session(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        """One SSH session, from its start to its exit status."""
        access: Access | None = process.get_extra_info(ACCESS_INFO)
        peer = _peer(process.get_extra_info("peername"))
        if access is None:  # cannot happen: authentication sets it
            process.exit(1)
            return
        if self.sessions >= self.config.max_sessions:
            process.stderr.write(b"tuicamp: the club server is full; try again later\r\n")
            log.warning("%s: refused a session: %d open already", peer, self.sessions)
            process.exit(commands.EXIT_BAD_INPUT)
            return
        self.sessions += 1
        started = asyncio.get_running_loop().time()
        status = 1
        try:
            if process.command:
                status = await self._command(process, access, peer)
            elif process.get_terminal_type() is None:
                process.stderr.write(
                    b"tuicamp: the lobby needs a terminal (ssh -t); or run a command:\n"
                    + commands.USAGE.encode()
                )
                status = commands.EXIT_BAD_INPUT
            else:
                status = await self._terminal(process, access, peer)
        except Exception:
            log.exception("%s: the session failed", peer)
        finally:
            self.sessions -= 1
        seconds = asyncio.get_running_loop().time() - started
        log.info("%s: session ended with status %d after %.0f s", peer, status, seconds)
        with contextlib.suppress(OSError, asyncssh.Error):
            process.exit(status)

    async def _terminal(
        self, process: asyncssh.SSHServerProcess[bytes], access: Access, peer: str
    ) -> int:
        width, height, _, _ = process.get_terminal_size()
        log.info("%s: terminal session %dx%d", peer, width, height)
        terminal = Terminal(
            process,
            CHILD,
            self._child_env(access, process.get_terminal_type()),
            self.config.campaigns,
            self.config.idle_timeout,
        )
        self.terminals.add(terminal)
        try:
            status = await terminal.run()
        finally:
            self.terminals.discard(terminal)
        how = "idle" if terminal.idled else ("client gone" if terminal.dropped else "app ended")
        log.info("%s: terminal closed (%s, %d resizes)", peer, how, terminal.resizes)
        return status

    def _child_env(self, access: Access, term: str | None) -> dict[str, str]:
        env = {name: os.environ[name] for name in PASSED_ENV if name in os.environ}
        env["TERM"] = term if term and TERM_NAME.fullmatch(term) else DEFAULT_TERM
        env["LANG"] = env["LC_ALL"] = "C.UTF-8"
        env[SAVES_ENV] = str(self.config.campaigns)
        env[ACCESS_ENV] = encode_access(access)
        return env

    async def _command(
        self, process: asyncssh.SSHServerProcess[bytes], access: Access, peer: str
    ) -> int:
        folder = self.config.campaigns
        try:
            request = commands.parse_request(process.command or "")
        except InputError as exc:
            return _answer(process, commands.Outcome(commands.EXIT_BAD_INPUT, err=f"{exc}\n"))
        log.info("%s: command %s %s", peer, request.name, request.campaign or "")
        try:
            if request.name == "help":
                outcome = commands.Outcome(commands.EXIT_OK, commands.USAGE)
            elif request.name == "campaigns":
                outcome = await self.in_thread(lambda: commands.campaigns(access, folder))
            else:
                grant = await self.in_thread(
                    lambda: commands.pick(access, folder, request.campaign)
                )
                if request.name == "show":
                    outcome = await self.in_thread(lambda: commands.show(grant))
                elif request.name == "log":
                    outcome = await self.in_thread(lambda: commands.log(grant, request.markdown))
                else:
                    session = await self.in_thread(lambda: commands.open_for_orders(grant))
                    process.stderr.write(commands.ready_line(grant, session).encode())
                    raw = await _read_all(process, commands.MAX_ORDERS_BYTES + 1)
                    outcome = await self.in_thread(
                        lambda: commands.apply_orders(session, grant, raw)
                    )
        except InputError as exc:
            outcome = commands.Outcome(commands.EXIT_BAD_INPUT, err=f"tuicamp: {exc}\n")
        return _answer(process, outcome)

    async def close(self) -> None:
        """End every session's app (the server is stopping)."""
        for terminal in list(self.terminals):
            terminal.dropped = True
        await asyncio.gather(*(t.stop() for t in list(self.terminals)))
        self.workers.shutdown(wait=False, cancel_futures=True)


def _answer(process: asyncssh.SSHServerProcess[bytes], outcome: commands.Outcome) -> int:
    """Write a command's outputs (a terminal, if any, wants CR LF)."""
    crlf = process.get_terminal_type() is not None
    for stream, text in ((process.stdout, outcome.out), (process.stderr, outcome.err)):
        if text:
            stream.write((text.replace("\n", "\r\n") if crlf else text).encode())
    return outcome.status


async def _read_all(process: asyncssh.SSHServerProcess[bytes], limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        data = await process.stdin.read(65536)
        if not data:
            break
        chunks.append(data)
        size += len(data)
    return b"".join(chunks)


def _peer(name: Any) -> str:
    if isinstance(name, tuple) and len(name) >= 2:
        return f"{name[0]}:{name[1]}"
    return "unknown peer"


class ClubServer(asyncssh.SSHServer):
    """One connection: authentication by key alone."""

    def __init__(self, club: Club) -> None:
        self.club = club
        self.peer = "unknown peer"
        self._conn: asyncssh.SSHServerConnection | None = None
        self._pending: Access | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        self.peer = _peer(conn.get_extra_info("peername"))
        log.info("%s: connected", self.peer)

    def connection_lost(self, exc: Exception | None) -> None:
        reason = f" ({exc})" if exc else ""
        log.info("%s: disconnected%s", self.peer, reason)

    def begin_auth(self, username: str) -> bool:
        return True  # always ask for a key: the user name means nothing here

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = fingerprint_of(key.public_data)
        access = await self.club.access(fingerprint)
        if not access.known:
            log.info("%s: refused key %s: it opens no seat here", self.peer, fingerprint)
            return False
        self._pending = access  # the key whose signature is checked next
        return True

    def auth_completed(self) -> None:
        access = self._pending
        if self._conn is None or access is None:
            return
        self._conn.set_extra_info(**{ACCESS_INFO: access})
        held = ", ".join(f"{g.seat} of {g.campaign}" for g in access.grants) or "no seat"
        gm = " (club GM)" if access.club_gm else ""
        log.info("%s: key %s logged in%s: %s", self.peer, access.fingerprint, gm, held)


def _check_gm_keys(config: ServeConfig) -> None:
    try:
        keys = read_key_list(config.gm_keys)
    except InputError as exc:
        log.warning("GM keys: %s (no club GM can log in until it is fixed)", exc)
        return
    if keys:
        log.info("club GM keys: %d in %s", len(keys), config.gm_keys)


async def serve(config: ServeConfig, ready: Callable[[int], None] | None = None) -> None:
    """Run the server until SIGTERM or SIGINT; ``ready`` is told the port it listens on."""
    make_private(config.campaigns)
    host_key = load_host_key(config.host_key)
    _check_gm_keys(config)
    club = Club(config)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    server = await asyncssh.create_server(
        lambda: ClubServer(club),
        config.host,
        config.port,
        server_host_keys=[host_key],
        process_factory=club.session,
        encoding=None,
        line_editor=False,
        login_timeout=config.login_timeout,
        keepalive_interval=KEEPALIVE_SECONDS,
        keepalive_count_max=KEEPALIVE_MISSES,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        server_version="tuicamp",
    )
    port = server.sockets[0].getsockname()[1]
    log.info(
        "listening on %s:%d, host key %s, campaigns in %s",
        config.host,
        port,
        host_fingerprint(host_key),
        config.campaigns,
    )
    watcher = NoticeWatcher(saves_in(config.campaigns), list(config.notice))
    watcher.start()
    if ready is not None:
        ready(port)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        log.info("stopping: ending %d sessions", len(club.terminals))
        server.close()
        await club.close()
        watcher.stop()
        await server.wait_closed()


def run(config: ServeConfig) -> int:
    """``tuicamp serve``: log to stderr, serve until stopped."""
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s tuicamp serve: %(message)s", stream=sys.stderr
    )
    asyncio.run(serve(config))
    return 0
