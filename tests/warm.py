"""Writer processes that start warm, for the crash tests.

A crash test kills a writer process many times over. Started as a fresh interpreter each
time, every writer spent a second or more importing tuicamp before its first write; here
each is forked from one server process that imported it once (multiprocessing's
"forkserver", started on first use and gone with the test process). The writer is still a
process of its own, killed with a real SIGKILL, and it runs with the environment the test
has at the moment it is started (the server's own is the one it was started with).

The function a writer runs is one of crash_writers.py (imported by the server, so a
writer imports nothing), and what it says goes back over a ``pipe()``.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from multiprocessing import forkserver
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext
from multiprocessing.process import BaseProcess
from pathlib import Path

# Imported once in the server, so that no writer imports them again.
PRELOAD = ["crash_writers"]
TESTS = Path(__file__).resolve().parent


def _context() -> ForkServerContext:
    """The forkserver context, its server running with PRELOAD imported. (The server is
    started with the tests' folder on PYTHONPATH: it does not take the test process's
    sys.path before it imports PRELOAD.)"""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(TESTS), old]))
    try:
        forkserver.ensure_running()
    finally:
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old
    return context


def _enter(environ: dict[str, str], target: Callable[..., object], args: tuple) -> None:
    os.environ.clear()
    os.environ.update(environ)
    target(*args)


def start(target: Callable[..., object], *args: object) -> BaseProcess:
    """Run ``target(*args)`` in a new writer process; a ``Connection`` among ``args`` is
    handed over to it (close the caller's copy of its writing end after this)."""
    process = _context().Process(target=_enter, args=(dict(os.environ), target, args))
    process.start()
    return process


def pipe() -> tuple[Connection, Connection]:
    """(reading end, writing end) of a one-way pipe from a writer to the test."""
    return _context().Pipe(duplex=False)


def run(target: Callable[..., object], *args: object, timeout: float = 120) -> int:
    """Run ``target(*args)`` in a writer process to its end: its exit code (-9 when it
    killed itself with SIGKILL)."""
    process = start(target, *args)
    process.join(timeout)
    if process.exitcode is None:
        process.kill()
        process.join()
        raise AssertionError(f"the writer {target.__name__}{args} never finished")
    return process.exitcode
