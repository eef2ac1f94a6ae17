"""The club server through SSH clients in the test's own process (issue 13).

``tuicamp serve`` runs as a real process on a loopback port; asyncssh clients connect
with their own keys. Pinned here:

- "A connection is authenticated by its key alone; unknown keys are refused before any
  screen is drawn";
- the commands a key may run (list, show, log, apply) act as its seat and no other;
- "8 sessions act on one campaign at once; every action is applied exactly once or
  refused as stale and retried; the final chronicle holds all; the save always loads";
- "idle sessions are closed after a configurable time", and a terminal session runs the
  app (the lobby) on a pseudo-terminal;
- the server's files are the server's alone, and its log names no key.

Every wait is bounded and waits for a condition.
"""

from __future__ import annotations

import asyncio
import re
import shlex
import stat
import sys
import threading
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pytest
from servekit import Club, Server, connect, make_club, serving

from tuicamp.game.session import Session
from tuicamp.storage.saves import save_problems

TIMEOUT = 60.0


SESSIONS = 8
ROUNDS = 2


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Club:
    """One campaign; red and green hold a key each, eight members hold the seats too."""
    club = make_club(tmp_path_factory.mktemp("club"), "--option", "fog_of_war=true")
    (club.saves / "valley.toml").chmod(0o644)  # as a GM may leave it: the server fixes it
    club.bind("red", club.key("red"))
    club.bind("green", club.key("green"))
    club.key("stranger")
    for i in range(SESSIONS):
        club.bind(("red", "green", "gm")[i % 3], club.key(f"member{i}"))
    return club


@pytest.fixture(scope="module")
def server(club: Club) -> Iterator[Server]:
    with serving(club) as server:
        yield server


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, TIMEOUT))


async def command(server: Server, key: Path, line: str, stdin: str | None = None):
    async with await connect(server, key) as conn:
        return await conn.run(line, input=stdin, check=False)


def letters(club: Club, starting: str) -> list[str]:
    with (club.saves / "valley.chronicle.toml").open("rb") as f:
        events = tomllib.load(f).get("event", [])
    texts = [e["data"]["letter"]["text"] for e in events if e["kind"] == "letter"]
    return [t for t in texts if t.startswith(starting)]


def test_an_unknown_key_is_refused_and_the_log_names_no_key(club: Club, server: Server) -> None:
    with pytest.raises(asyncssh.PermissionDenied):
        run(command(server, club.root / "stranger", "campaigns"))
    text = server.wait_log("refused key SHA256:")
    for name in ("red", "green", "stranger"):
        blob = (club.root / f"{name}.pub").read_text().split()[1]
        assert blob not in text


def test_a_key_acts_and_sees_as_its_seat_only(club: Club, server: Server) -> None:
    red, green = club.root / "red", club.root / "green"
    listing = run(command(server, red, "campaigns"))
    assert listing.exit_status == 0 and "seat red" in listing.stdout
    mine = run(command(server, red, "show valley"))
    theirs = run(command(server, green, "show"))
    assert "You are: seat red" in mine.stdout and "You are: seat green" in theirs.stdout
    assert "Halberdiers" in mine.stdout and "Halberdiers" not in theirs.stdout
    # as `tuicamp show`: the state alone, the chronicle left to `log`
    assert mine.stdout.endswith("\nThe chronicle: log valley\n")
    assert "Latest in the chronicle" not in mine.stdout

    letter = '[[action]]\nkind = "letter"\nto = "green"\ntext = "a secret for green"\n'
    sent = run(command(server, red, "apply valley", 'seat = "green"\n' + letter))
    assert sent.exit_status == 2 and "your key opens seat 'red'" in sent.stderr
    sent = run(command(server, red, "apply valley", letter))
    assert sent.exit_status == 0, sent.stderr
    assert "a secret for green" in run(command(server, green, "log valley")).stdout
    elsewhere = run(command(server, red, "show other"))
    assert elsewhere.exit_status == 2 and "holds no seat in a campaign 'other'" in (
        elsewhere.stderr
    )
    wrong = run(command(server, red, "rm -rf /"))
    assert wrong.exit_status == 2 and "no such command 'rm'" in wrong.stderr


def test_the_servers_files_are_its_own(club: Club, server: Server) -> None:
    """Issue 13: "Only the server process reads the saves": the folder 0700, every file 0600 (the
    fixture left the save readable by all)."""
    run(command(server, club.root / "red", "campaigns"))
    assert stat.S_IMODE(club.saves.stat().st_mode) == 0o700
    for path in club.saves.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, path.name
    assert (club.saves / "ssh_host_ed25519_key").exists()


async def _orders(server: Server, key: Path, texts: list[str], ready: asyncio.Barrier):
    """One session per text: open the orders (the server reads the campaign), wait until
    every session has, then send them, so all but one find the campaign changed."""
    results = []
    async with await connect(server, key) as conn:
        for text in texts:
            process = await conn.create_process("apply valley")
            line = await process.stderr.readline()
            assert "send them" in line, line
            await ready.wait()
            process.stdin.write(f'[[action]]\nkind = "letter"\nto = "all"\ntext = "{text}"\n')
            process.stdin.write_eof()
            done = await process.wait(check=False)
            results.append(done)
    return results


def test_orders_sent_twice_over_ssh_are_applied_once(club: Club, server: Server) -> None:
    """Orders that name themselves (an ``id``) are remembered by the save, over SSH as by
    `tuicamp apply`: sent again after a dropped connection, they are refused in one line
    and nothing happens twice."""
    red = club.root / "red"
    orders = 'id = "red-letter-1"\n[[action]]\nkind = "letter"\nto = "green"\ntext = "once only"\n'
    first = run(command(server, red, "apply valley", orders))
    assert first.exit_status == 0, first.stderr
    again = run(command(server, red, "apply valley", orders))
    assert again.exit_status == 2
    assert "red-letter-1" in again.stderr and "applied already" in again.stderr, again.stderr
    assert letters(club, "once only") == ["once only"]


def test_eight_sessions_act_at_once_and_every_action_is_applied_once(
    club: Club, server: Server
) -> None:
    keys = [club.root / f"member{i}" for i in range(SESSIONS)]
    texts = [[f"session {i} round {r}" for r in range(ROUNDS)] for i in range(SESSIONS)]
    problems: list[str] = []
    stop = threading.Event()

    def reader() -> None:  # the save must load whenever anyone looks
        while not stop.is_set():
            found = save_problems(club.save)
            problems.extend(found)
            Session.open(club.save)

    watcher = threading.Thread(target=reader)
    watcher.start()
    try:

        async def everyone():
            ready = asyncio.Barrier(SESSIONS)
            return await asyncio.gather(
                *(_orders(server, k, t, ready) for k, t in zip(keys, texts, strict=True))
            )

        results = run(everyone())
    finally:
        stop.set()
        watcher.join(timeout=TIMEOUT)
    done = [r for per_session in results for r in per_session]
    assert all(r.exit_status == 0 for r in done), [r.stderr for r in done]
    stale = sum(r.stderr.count("the campaign changed meanwhile") for r in done)
    assert stale >= SESSIONS - 1  # all read one revision; one wrote it first
    written = letters(club, "session ")
    assert sorted(written) == sorted(t for per in texts for t in per)  # each exactly once
    assert problems == [] and save_problems(club.save) == []


def test_the_server_tells_a_seat_its_turn_once(club: Club, server: Server) -> None:
    """Issue 13: "When a seat becomes due to act, the server ... runs a configurable notice
    command per seat ..., with the campaign, seat, turn and phase as arguments". Red ends
    its turn over SSH; green is told (once per due point: tests/test_notices.py)."""
    told = club.root / "told.txt"
    script = 'import sys; open(sys.argv[1], "a").write(" ".join(sys.argv[2:]) + "\\n")'
    hook = shlex.join([sys.executable, "-c", script, str(told)])
    club.run("seats", "valley", "notice", "green", hook)
    ended = run(
        command(server, club.root / "red", "apply valley", '[[action]]\nkind = "end_turn"\n')
    )
    assert ended.exit_status == 0, ended.stderr
    server.wait_log("turn notice: valley, seat green")
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline and not (told.exists() and told.read_text().endswith("\n")):
        time.sleep(0.05)
    assert told.read_text().splitlines() == ["valley green 1 play"]


def _host_key(server: Server) -> str:
    found = re.search(r"host key (SHA256:\S+),", server.wait_log("host key SHA256:"))
    assert found
    return found.group(1)


def test_an_idle_session_is_closed_and_the_host_key_is_kept(club: Club, server: Server) -> None:
    """A second server on the same folder (closing idle sessions after 3 s) finds the
    host key the first one made, and makes none."""
    assert "made a new host key" in server.log_text()

    async def idle(idler: Server) -> tuple[int | None, str]:
        async with await connect(idler, club.root / "red") as conn:
            process = await conn.create_process(
                term_type="xterm-256color", term_size=(80, 24), encoding=None
            )
            seen = b""
            while True:
                data = await process.stdout.read(65536)
                if not data:
                    break
                seen += data
            await process.wait(check=False)
            return process.exit_status, seen.decode("utf-8", errors="replace")

    with serving(club, "--idle-timeout", "0.05") as idler:
        assert _host_key(idler) == _host_key(server)
        assert "made a new host key" not in idler.log_text()
        status, seen = run(idle(idler))
        idler.wait_log("terminal closed \\(idle")
    assert "closed after 3 minutes" not in seen
    assert "without a key pressed" in seen
    assert status not in (None, 0)


def test_a_terminal_session_runs_the_lobby_and_ends_with_the_app(
    club: Club, server: Server
) -> None:
    async def lobby() -> tuple[int | None, str]:
        async with await connect(server, club.root / "green") as conn:
            process = await conn.create_process(
                term_type="xterm-256color", term_size=(80, 24), encoding=None
            )
            seen = b""
            while b"Skirmish" not in seen:  # the lobby lists the campaign of the key
                data = await process.stdout.read(65536)
                assert data, seen.decode("utf-8", errors="replace")
                seen += data
            process.stdin.write(b"q")
            while data := await process.stdout.read(65536):
                seen += data
            await process.wait(check=False)
            return process.exit_status, seen.decode("utf-8", errors="replace")

    status, seen = run(lobby())
    server.wait_log("terminal closed \\(app ended")
    assert status == 0
    assert "Your campaigns" in seen
