"""Processes that start warm: writers for the crash tests, and ``python -m tuicamp``.

A crash test kills a writer process many times over. Started as a fresh interpreter each
time, every writer spent a second or more importing tuicamp before its first write; here
each is forked from one server process that imported it once (multiprocessing's
"forkserver", started on first use and gone with the test process). The writer is still a
process of its own, killed with a real SIGKILL, and it runs with the environment the test
has at the moment it is started (the server's own is the one it was started with).

The function a writer runs is one of crash_writers.py (imported by the server, so a
writer imports nothing), and what it says goes back over a ``pipe()``.

``tuicamp(args, cwd=..., env=...)`` is ``subprocess.run([sys.executable, "-m", "tuicamp",
*args], cwd=..., env=..., capture_output=True, text=True)`` for the tests of the command
line: the command runs as ``python -m tuicamp`` does (its ``__main__`` module, in its own
folder and environment, its exit status and both output streams its own), in a process
forked from the server, which has imported the command line and the bundled rules once.
Each command starts from the server's state, never from another command's.
"""

from __future__ import annotations

import io
import multiprocessing
import os
import runpy
import subprocess
import sys
import tempfile
import traceback
from collections.abc import Callable, Mapping, Sequence
from multiprocessing import forkserver
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext
from multiprocessing.process import BaseProcess
from pathlib import Path

# Imported once in the server, so that no writer imports them again.
PRELOAD = [
    "warm",
    "crash_writers",
    "tuicamp.cli",
    "tuicamp.rules.sandbox.ruleset",
    "tuicamp.rules.rauscher.ruleset",
]
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


def stop() -> None:
    """Stop the server, if it was started, and wait for it: no process is left behind,
    and its processes' CPU time is counted as the test process's children's. (The
    standard library keeps the server's handle private; its own tests stop it so.)"""
    server = getattr(forkserver, "_forkserver", None)
    if server is not None and getattr(server, "_forkserver_pid", None) is not None:
        server._stop()


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


def _exit_code(exc: SystemExit) -> int:
    """What the interpreter makes of ``sys.exit(code)``."""
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code
    print(exc.code, file=sys.stderr)
    return 1


def _command(args: list[str], cwd: str, env: dict[str, str], out: str, err: str) -> None:
    """In the forked process: be ``python -m tuicamp ARGS`` run in ``cwd`` with ``env``,
    writing to the files ``out`` and ``err``; exit with its status."""
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    # the command's own path: the server's, less the tests' folder, plus its PYTHONPATH
    sys.path[:] = [p for p in sys.path if p != str(TESTS)]
    extra = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and p not in sys.path]
    sys.path[1:1] = extra
    for fd, path in ((1, out), (2, err)):
        target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(target, fd)
        os.close(target)
    sys.argv = ["-m", *args]
    try:
        runpy.run_module("tuicamp", run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as exc:
        code = _exit_code(exc)
    except BaseException:
        traceback.print_exc()
        code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _text(path: str) -> str:
    """A file's bytes read as ``subprocess.run(..., text=True)`` reads a pipe."""
    with open(path, "rb") as raw:
        return io.TextIOWrapper(io.BytesIO(raw.read())).read()


def tuicamp(
    args: Sequence[str | os.PathLike],
    *,
    cwd: str | os.PathLike,
    env: Mapping[str, str],
    timeout: float = 60,
) -> subprocess.CompletedProcess:
    """``python -m tuicamp ARGS`` in ``cwd`` with ``env``: what it printed and its exit
    status, as ``subprocess.run(..., capture_output=True, text=True)`` gives them."""
    argv = [str(a) for a in args]
    with tempfile.TemporaryDirectory(prefix="tuicamp-run-") as folder:
        out, err = os.path.join(folder, "out"), os.path.join(folder, "err")
        process = start(_command, argv, str(cwd), dict(env), out, err)
        process.join(timeout)
        if process.exitcode is None:
            process.kill()
            process.join()
            raise subprocess.TimeoutExpired(["tuicamp", *argv], timeout)
        return subprocess.CompletedProcess(
            ["tuicamp", *argv], process.exitcode, _text(out), _text(err)
        )
