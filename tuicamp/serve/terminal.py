"""One player's terminal: the app in a process of its own, on a pseudo-terminal.

The SSH channel carries raw bytes both ways (the server runs with ``encoding=None`` and
no line editor), so the app gets every key exactly as the player's terminal sent it and
draws with the player's own terminal. What the bridge does besides copying:

- a **window resize** from the client sets the pseudo-terminal's size (``TIOCSWINSZ``)
  and sends the app ``SIGWINCH``, so it redraws at the new size;
- a **client that drops** (closed laptop, lost network: the connection ends, or stops
  answering keep-alives) ends the app: ``SIGHUP`` to its process group, ``SIGKILL`` after
  a grace period. A session never outlives its player;
- an **idle session** — no key pressed for the configured time — is ended the same way,
  after the terminal is restored and the player is told why;
- the app's **exit status** is the SSH session's.

The child is started with ``start_new_session`` (its own session and process group) and
makes the pseudo-terminal its controlling terminal itself (``tuicamp.serve.child``), so no
``fork`` happens in this process, which has threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import signal
import struct
import termios
from collections.abc import Mapping, Sequence
from pathlib import Path

import asyncssh

log = logging.getLogger("tuicamp.serve")

END_GRACE = 3.0  # seconds an app has after SIGHUP before SIGKILL
READ_SIZE = 65536
# Leave the alternate screen, show the cursor, stop mouse reports and bracketed paste,
# reset colours: what an app ended from outside could not undo itself.
RESTORE = b"\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[0m"


def set_size(fd: int, width: int, height: int, pixwidth: int = 0, pixheight: int = 0) -> None:
    """Give a pseudo-terminal its size (columns, rows; pixels when known)."""
    packed = struct.pack("HHHH", max(1, height), max(1, width), pixwidth, pixheight)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, packed)


class Terminal:
    """Runs one program on a pseudo-terminal for one SSH session."""

    def __init__(
        self,
        process: asyncssh.SSHServerProcess[bytes],
        argv: Sequence[str],
        env: Mapping[str, str],
        cwd: Path,
        idle_timeout: float,
    ) -> None:
        self.process = process
        self.argv, self.env, self.cwd = list(argv), dict(env), cwd
        self.idle_timeout = idle_timeout
        self.idled = False  # ended for sitting idle
        self.dropped = False  # the client went away first
        self.resizes = 0
        self.child: asyncio.subprocess.Process | None = None
        self._loop = asyncio.get_running_loop()
        self._last_input = self._loop.time()

    async def run(self) -> int:
        """Run the program until it exits (or is ended); its exit status."""
        master, slave = os.openpty()
        try:
            width, height, pixwidth, pixheight = self.process.get_terminal_size()
            set_size(master, width or 80, height or 24, pixwidth, pixheight)
            child = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=self.env,
                cwd=self.cwd,
                start_new_session=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.child = child
        os.set_blocking(master, False)
        output = asyncio.create_task(self._output(master))
        keys = asyncio.create_task(self._input(master, child))
        idle = asyncio.create_task(self._watch_idle(child))
        try:
            status = await child.wait()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(output, END_GRACE)  # what it wrote last
        finally:
            for task in (output, keys, idle):
                task.cancel()
            await asyncio.gather(output, keys, idle, return_exceptions=True)
            os.close(master)
        if self.idled:
            minutes = self.idle_timeout / 60
            self._say(
                RESTORE
                + f"\r\ntuicamp: the session was closed after {minutes:g} minutes "
                "without a key pressed; everything is saved.\r\n".encode()
            )
        return status if status >= 0 else 128 - status

    async def stop(self) -> None:
        """End the app from outside (the server is stopping)."""
        if self.child is not None:
            await end(self.child)

    # --- the two directions -------------------------------------------------------------
    async def _output(self, master: int) -> None:
        """The app's bytes to the player, as the SSH channel takes them."""
        while True:
            await self._ready(master, writing=False)
            try:
                data = os.read(master, READ_SIZE)
            except BlockingIOError:
                continue
            except OSError:  # EIO: every end of the terminal is closed, the app is gone
                return
            if not data:
                return
            try:
                self.process.stdout.write(data)
                await self.process.stdout.drain()
            except (OSError, asyncssh.Error):
                return

    async def _input(self, master: int, child: asyncio.subprocess.Process) -> None:
        """The player's keys to the app; window sizes to the terminal; the end of the
        connection to the end of the app."""
        while True:
            try:
                data = await self.process.stdin.read(READ_SIZE)
            except asyncssh.TerminalSizeChanged as size:
                self._last_input = self._loop.time()
                self.resizes += 1
                set_size(master, size.width, size.height, size.pixwidth, size.pixheight)
                _signal(child, signal.SIGWINCH)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue  # the app reads its own keys; a break is not a way around it
            except (OSError, asyncssh.Error):
                data = b""
            if not data:  # the client is gone
                self.dropped = True
                await end(child)
                return
            self._last_input = self._loop.time()
            await self._write(master, data)

    async def _write(self, master: int, data: bytes) -> None:
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(master, view) :]
            except BlockingIOError:
                await self._ready(master, writing=True)
            except OSError:  # the app is gone
                return

    async def _watch_idle(self, child: asyncio.subprocess.Process) -> None:
        while child.returncode is None:
            left = self.idle_timeout - (self._loop.time() - self._last_input)
            if left <= 0:
                self.idled = True
                log.info("closing a session idle for %.0f s", self.idle_timeout)
                await end(child)
                return
            await asyncio.sleep(left)

    async def _ready(self, fd: int, writing: bool) -> None:
        """Wait until the terminal can be read (or written) without blocking."""
        ready = self._loop.create_future()

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)

        add, remove = (
            (self._loop.add_writer, self._loop.remove_writer)
            if writing
            else (self._loop.add_reader, self._loop.remove_reader)
        )
        add(fd, wake)
        try:
            await ready
        finally:
            remove(fd)

    def _say(self, data: bytes) -> None:
        with contextlib.suppress(OSError, asyncssh.Error):
            self.process.stdout.write(data)


def _signal(child: asyncio.subprocess.Process, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(child.pid, sig)


async def end(child: asyncio.subprocess.Process) -> None:
    """End an app and every process it started: SIGHUP, then SIGKILL after a grace."""
    if child.returncode is not None:
        return
    _signal(child, signal.SIGHUP)
    try:
        await asyncio.wait_for(child.wait(), END_GRACE)
    except TimeoutError:
        _signal(child, signal.SIGKILL)
        await child.wait()
