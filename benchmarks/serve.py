"""The club server: how soon one seat sees another's action, and what an idle session costs.

Run by hand, in the project's virtual environment: ``python benchmarks/serve.py
[--actions N] [--idle N]``. It starts ``tuicamp serve`` on a loopback port with a campaign
of two seats and two keys, and measures:

- **delay**: two players sit in the campaign screen over SSH, each on a pseudo-terminal
  of 100x30. The seats take turns (interleaved: red writes, green watches, then the other
  way round) sending an action through the server (a letter to every seat, ``apply``
  over SSH); the delay is from the moment the server has saved it (the command returned)
  to the moment its line reaches the other player's terminal, the redraw. The figure is
  the median over ``--actions`` actions (default 50). Goal: under 1 s ("several sessions
  on one campaign see each other's moves within a second"); the terminal polls the save
  every 0.5 s, so about a quarter of a second is expected.
- **memory**: the server's and its sessions' memory before and after ``--idle`` more
  sessions (default 6) sit idle in the lobby; per session, as RSS and as PSS (the share
  of pages really its own; Linux's smaps_rollup). Goal: under 150 MB PSS per idle
  session (a club of thirty fits a small machine).

It prints each figure beside its goal with OK or MISSED, and exits with status 1 when a
goal is missed. The peer the other benchmarks compare against is here the goal itself:
the delay is bounded by the poll interval, not by another program.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from servekit import Club, Server, connect, make_club, serving  # noqa: E402

DELAY_GOAL = 1.0  # seconds
MEMORY_GOAL = 150.0  # MB of PSS per idle session
SIZE = (100, 30)
TIMEOUT = 60.0


class Screen:
    """One player's SSH session on a pseudo-terminal, its output kept as it arrives."""

    def __init__(self, process: asyncssh.SSHClientProcess) -> None:
        self.process = process
        self.seen = bytearray()
        self.arrived: dict[bytes, float] = {}
        self.watching: set[bytes] = set()
        self._task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                return
            self.seen += data
            now = time.perf_counter()
            tail = bytes(self.seen[-4096:])
            for marker in list(self.watching):
                if marker in tail:
                    self.arrived[marker] = now
                    self.watching.discard(marker)

    async def wait_for(self, text: bytes) -> None:
        deadline = time.monotonic() + TIMEOUT
        while text not in self.seen:
            if time.monotonic() > deadline:
                raise TimeoutError(f"never saw {text!r}")
            await asyncio.sleep(0.02)

    async def arrival(self, marker: bytes) -> float:
        deadline = time.monotonic() + TIMEOUT
        while marker not in self.arrived:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{marker!r} never reached the other terminal")
            await asyncio.sleep(0.005)
        return self.arrived.pop(marker)


async def sit_down(server: Server, key: Path, open_campaign: bool) -> Screen:
    conn = await connect(server, key)
    process = await conn.create_process(term_type="xterm-256color", term_size=SIZE, encoding=None)
    screen = Screen(process)
    await screen.wait_for(b"Skirmish")
    if open_campaign:
        process.stdin.write(b"\r")
        await screen.wait_for(b"to play:")
        await asyncio.sleep(1.0)  # the first frames are drawn
    return screen


async def send_letter(conn: asyncssh.SSHClientConnection, marker: str) -> None:
    orders = f'[[action]]\nkind = "letter"\nto = "all"\nsubject = "{marker}"\ntext = "x"\n'
    done = await conn.run("apply valley", input=orders, check=False)
    if done.exit_status != 0:
        raise RuntimeError(f"apply failed: {done.stderr}")


async def delays(server: Server, club: Club, actions: int) -> list[float]:
    keys = {seat: club.root / seat for seat in ("red", "green")}
    screens = {seat: await sit_down(server, key, True) for seat, key in keys.items()}
    conns = {seat: await connect(server, key) for seat, key in keys.items()}
    out = []
    for i in range(actions):
        writer, watcher = ("red", "green") if i % 2 == 0 else ("green", "red")
        marker = f"m{i:03d}{writer[0]}"
        screens[watcher].watching.add(marker.encode())
        await send_letter(conns[writer], marker)
        saved = time.perf_counter()
        arrived = await screens[watcher].arrival(marker.encode())
        out.append(max(0.0, arrived - saved))
    for screen in screens.values():
        screen.process.stdin.write(b"q")
    return out


def tree(pid: int) -> list[int]:
    """A process and all its descendants (Linux /proc)."""
    found = [pid]
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            found += tree(int(child))
    return found


def memory(pid: int) -> tuple[float, float]:
    """(RSS, PSS) in MB of a process and its descendants."""
    rss = pss = 0
    for p in tree(pid):
        try:
            text = Path(f"/proc/{p}/smaps_rollup").read_text()
        except OSError:
            continue
        rss += int(re.search(r"^Rss:\s+(\d+)", text, re.M).group(1))
        pss += int(re.search(r"^Pss:\s+(\d+)", text, re.M).group(1))
    return rss / 1024, pss / 1024


async def idle_cost(server: Server, club: Club, sessions: int) -> tuple[float, float]:
    before = memory(server.process.pid)
    screens = [await sit_down(server, club.root / "red", False) for _ in range(sessions)]
    await asyncio.sleep(2.0)  # settled in the lobby
    after = memory(server.process.pid)
    for screen in screens:
        screen.process.stdin.write(b"q")
    return (after[0] - before[0]) / sessions, (after[1] - before[1]) / sessions


def verdict(ok: bool) -> str:
    return "OK" if ok else "MISSED"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=50)
    parser.add_argument("--idle", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        club = make_club(Path(folder))
        for seat in ("red", "green"):
            club.bind(seat, club.key(seat))
        with serving(club) as server:
            measured = asyncio.run(delays(server, club, args.actions))
            rss, pss = asyncio.run(idle_cost(server, club, args.idle))
    median = statistics.median(measured)
    print(f"delay from a seat's action to the other seat's redraw, over {len(measured)} actions:")
    print(
        f"  median {median * 1000:.0f} ms (min {min(measured) * 1000:.0f}, max "
        f"{max(measured) * 1000:.0f}); goal < {DELAY_GOAL * 1000:.0f} ms: "
        f"{verdict(median < DELAY_GOAL)}"
    )
    print(f"memory per idle session (lobby, {args.idle} sessions):")
    print(
        f"  {pss:.1f} MB PSS ({rss:.1f} MB RSS); goal < {MEMORY_GOAL:.0f} MB PSS: "
        f"{verdict(pss < MEMORY_GOAL)}"
    )
    met = median < DELAY_GOAL and pss < MEMORY_GOAL
    print("targets met" if met else "TARGETS NOT MET")
    return 0 if met else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
