"""The club server end to end with real OpenSSH clients (issue 13, "What it must show").

``tuicamp serve`` listens on a loopback port; two ``ssh -tt`` clients with test keys run
inside tmux, each on a seat of one campaign (fog of war on). Pinned:

- a connection with an unknown key is refused (ssh says "Permission denied");
- each player sits down in the lobby and opens the campaign as their own seat;
- one plays an action (a move), the other sees it appear, and never sees the first seat's
  hidden facts (its units);
- a bound key cannot reach another seat by any key sequence a player could try: seat
  switching, the command palette, the lobby, the chronicle;
- the window-resize path: the client's terminal grows and the app redraws to fill it;
- both quit and ssh exits with status 0.
"""

from __future__ import annotations

import os
import re
import subprocess
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from servekit import Club, Server, make_club, serving
from sshkit import CLIENT_OPTIONS
from tmuxkit import TIMEOUT, Terminal, kill_server, missing

from tuicamp.model.hexes import parse_label

pytestmark = pytest.mark.tmux

PANEL_LABEL = re.compile(r"(?<![\d>-] )\b(\d{4}) [A-Z][a-z]")  # "0204 Clear" atop the side panel


def ssh(server: Server, key: Path, *remote: str, tty: bool = True) -> list[str]:
    return [
        "ssh",
        "-tt" if tty else "-T",
        *CLIENT_OPTIONS,
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "ConnectTimeout=10",
        "-i",
        str(key),
        "-p",
        str(server.port),
        "player@127.0.0.1",
        *remote,
    ]


def own_army(show_text: str) -> tuple[str, str, list[str]]:
    """(name, hex, unit names) of the first army under "Your armies:"."""
    lines = show_text.split("Your armies:\n", 1)[1].splitlines()
    head = re.match(r"  (\S+) (.+) \(.+\) at (\d{4}):", lines[0])
    assert head, lines[0]
    units = []
    for line in lines[1:]:
        unit = re.match(r"      \S+ (.+?): \d+ pts", line)
        if not unit:
            break
        units.append(unit.group(1))
    return head.group(2), head.group(3), units


def campaign_drawn(screen: str) -> bool:
    top = screen.splitlines()[0] if screen else ""
    return "to play:" in top and "Quit" in screen


def cursor(term: Terminal) -> str:
    found = PANEL_LABEL.search(term.screen())
    assert found, term.screen()
    return found.group(1)


# What covers the map: the palette's search box, the screens the attempts open, and the
# rounded border every modal dialog has (the campaign screen alone draws none).
OVERLAYS = ("\U0001f50e", "Chronicle of", "Armies at", "Change seat", "Name of the new", "\u256d")


def back_to_map(term: Terminal) -> None:
    """Press Escape until the campaign screen is back on top, alone, and stays so (bounded).

    A key typed into the command palette under load may open a screen late (the palette's
    "new" finding the sandbox's "New army" prompt or "New unit" form), so the map counts
    as back only when two looks a second apart agree and show no overlay; a dialog that
    opens later still is closed by the next call."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        screen = term.screen()
        if campaign_drawn(screen) and not any(o in screen for o in OVERLAYS):
            time.sleep(1.0)
            again = term.screen()
            if again == screen:
                return
            continue
        term.keys("Escape")
        time.sleep(0.3)
    history = term.tmux("capture-pane", "-p", "-S", "-2000", "-t", term.name).stdout
    raise AssertionError(f"{term.name}: the map never came back:\n{history}")


def press_until(
    term: Terminal,
    key: str,
    ok,
    what: str,
    tries: int = 3,
    first: Callable[[Terminal], None] | None = None,
) -> str:
    """Press a key until the screen shows what it should: on a loaded machine a key
    pressed while the screen redraws after the other terminal's move can be taken by that
    redraw, and a player would press it again. ``first`` is done before each press (say,
    closing a dialog that opened late, which would otherwise take the key)."""
    for _ in range(tries - 1):
        if first:
            first(term)
        term.keys(key)
        try:
            return term.wait_until(ok, what, timeout=TIMEOUT / tries)
        except AssertionError:
            continue
    if first:
        first(term)
    term.keys(key)
    return term.wait_until(ok, what, timeout=TIMEOUT / tries)


@pytest.fixture
def club(tmp_path: Path) -> Club:
    absent = missing("ssh", "tmux")
    if absent:
        pytest.skip(f"{', '.join(absent)} not installed (CI's .ci/run installs them)")
    club = make_club(tmp_path, "--option", "fog_of_war=true")
    for seat in ("red", "green"):
        club.bind(seat, club.key(seat))
    club.key("stranger")
    return club


def test_two_players_over_openssh_on_the_club_server(club: Club, tmp_path: Path) -> None:
    acting = re.search(r"^To act: (\S+)$", club.run("show", "valley"), re.M)
    assert acting
    first = acting.group(1)
    second = "green" if first == "red" else "red"
    mine = own_army(club.run("show", "valley", "--as", first))
    name, here, units = mine
    theirs = own_army(club.run("show", "valley", "--as", second))
    secrets = [u[:12] for u in units]  # what survives the side panel's truncation
    socket = f"tuicamp-serve-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    one, two = (Terminal(socket, seat, tmp_path) for seat in (first, second))
    with serving(club) as server:
        try:
            stranger = subprocess.run(
                ssh(server, club.root / "stranger", "campaigns", tty=False),
                capture_output=True,
                text=True,
                timeout=60,
                stdin=subprocess.DEVNULL,
            )
            assert stranger.returncode == 255 and "Permission denied" in stranger.stderr
            assert "campaigns" not in stranger.stdout

            for term in (one, two):
                term.start(ssh(server, club.root / term.name))
                term.wait_until(lambda s: "Your campaigns" in s and "Skirmish" in s, "the lobby")
                term.keys("Enter")
            screen = one.wait_until(lambda s: campaign_drawn(s) and name in s, "seat 1's map")
            assert all(p in screen for p in secrets)
            screen = two.wait_until(lambda s: campaign_drawn(s) and theirs[0] in s, "seat 2's map")
            assert not any(p in screen for p in secrets)

            # Whatever seat 2 types, it stays seat 2 and learns none of seat 1's units.
            attempts = [
                ["g"],  # change seat
                ["C-p", "=seat", "Enter"],  # the command palette
                ["C-p", "=load", "Enter"],
                ["C-p", "=new", "Enter"],
                ["l", "p", "Enter"],  # the chronicle, its player filter
                ["v"],  # army details
            ]
            for keys in attempts:
                back_to_map(two)  # a dialog the last attempt opened late takes no key
                for key in keys:
                    if key.startswith("="):
                        two.type(key[1:])
                    else:
                        two.keys(key)
                    assert not any(p in two.screen() for p in secrets), (keys, two.screen())
                back_to_map(two)
                assert not any(p in two.screen() for p in secrets), (keys, two.screen())
            # back to the lobby: it lists this seat's campaign only
            lobby = press_until(
                two, "q", lambda s: "Your campaigns" in s, "seat 2's lobby", first=back_to_map
            )
            assert (
                len([ln for ln in lobby.splitlines() if "Skirmish" in ln and " Play " in ln]) == 1
            )
            two.keys("Enter")
            two.wait_until(lambda s: campaign_drawn(s) and theirs[0] in s, "seat 2's map again")
            assert f"to play: {first.capitalize()}" in two.screen().splitlines()[0]

            # Seat 1 moves two hexes east; seat 2's terminal shows the move by itself.
            h = parse_label(here)
            goal = h.neighbour(0).neighbour(0).label()
            one.wait_until(lambda _: cursor(one) == here, f"the cursor on {here}")
            one.keys("Enter")
            one.wait_for(f"Moving {name}")
            one.keys("d", "d")
            one.wait_until(lambda _: cursor(one) == goal, f"the cursor on {goal}")
            one.keys("Enter")
            moved = f"moved {here} -> {goal}"
            one.wait_for(moved)
            screen = two.wait_for(moved)
            assert not any(p in screen for p in secrets)

            # The window-resize path: seat 1's terminal grows, the app fills it.
            one.resize(110, 30)
            one.wait_until(
                lambda s: (
                    len(s.splitlines()) >= 29
                    and max(len(line.rstrip()) for line in s.splitlines()) > 90
                ),
                "the app redrawn at 110x30",
            )
            server.wait_log(r"terminal closed|connected")

            for term in (one, two):
                press_until(term, "q", lambda s: "Your campaigns" in s, "the lobby")
                term.keys("q")
                assert term.wait_exit() == 0, term.screen()
        finally:
            kill_server(socket)
    log = server.log_text()
    assert re.search(r"terminal closed \(app ended, [1-9]\d* resizes\)", log), log[-2000:]
