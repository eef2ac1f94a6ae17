"""Two players on one campaign, each from their own terminal over real SSH.

A private OpenSSH server listens on 127.0.0.1 (``sshkit``); two tmux sessions at 80x24
each run ``ssh -tt ... tuicamp play SAVE --as SEAT``, the way club members connect to the
club's machine. The test reads the screens with ``capture-pane`` and types with
``send-keys``, like a person, and checks the files on disk between the two terminals:

* each seat sees its own army, and with fog of war not the other seat's units;
* seat 1 moves and ends its turn; the save's revision grows and the chronicle has the move;
* seat 2's terminal notices by itself (the app polls ``Session.stale()``) that it is its
  turn, moves, and seat 1's terminal shows that move;
* ``q`` ends both apps and both ``ssh`` processes exit with status 0.

The campaign is made with the real command line (``tuicamp new``), seats and armies are
read from ``tuicamp show``. Every wait is bounded; the tmux server runs on its own socket
and sshd in its own folder, and both are stopped in ``finally`` / the fixture teardown.
Without sshd, ssh or tmux the module skips (CI's ``.ci/run`` installs them).
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import time
import tomllib
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import tmuxkit
from attrs import frozen
from sshkit import SshServer, missing_tools, start_sshd

from tuicamp.model.hexes import DIRECTION_NAMES, parse_label

pytestmark = pytest.mark.tmux

FIXED_NOW = "2024-05-01T18:00:00Z"
SCENARIO = "skirmish-valley"
SAVE = "valley"
TIMEOUT = 60.0  # seconds for any one thing to appear on a screen
KEY_FOR = {"NW": "w", "NE": "e", "W": "a", "E": "d", "SW": "z", "SE": "x"}  # map_widget keys
PANEL_LABEL = re.compile(r"(?<![\d>-] )\b(\d{4}) [A-Z][a-z]")  # "0204 Clear" atop the side panel


# --- the server ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def sshd(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SshServer]:
    missing = missing_tools()
    if missing:
        pytest.skip(
            f"{', '.join(missing)} not installed: install openssh-server, "
            "openssh-client and tmux (CI's .ci/run does)"
        )
    server = start_sshd(tmp_path_factory.mktemp("sshd"))
    try:
        yield server
    finally:
        server.stop()


# --- the campaign, made and read with the real command line ------------------------------
@frozen
class ArmyInfo:
    id: str
    name: str
    hex: str
    units: tuple[str, ...]


@frozen
class Table:
    """A campaign on disk and what the two players need to know about it."""

    folder: Path
    home: Path
    first: str  # the seat acting first
    second: str
    names: dict[str, str]  # seat id -> its player's name

    @property
    def save(self) -> Path:
        return self.folder / f"{SAVE}.toml"

    @property
    def chronicle(self) -> Path:
        return self.folder / f"{SAVE}.chronicle.toml"

    def env(self) -> dict[str, str]:
        return {
            "TUICAMP_SAVES": str(self.folder),
            "TUICAMP_NOW": FIXED_NOW,
            "TUICAMP_CONFIG": str(self.home / "no-config.toml"),
            "HOME": str(self.home),
            "TERM": "xterm-256color",
        }

    def remote(self, *args: str) -> str:
        """The command line a player types after ``ssh host``: tuicamp with this table's
        environment, run in the saves folder."""
        settings = [f"{k}={v}" for k, v in self.env().items()]
        # -X faulthandler: a hung app can be asked for its threads' stacks (SIGABRT).
        python = [sys.executable, "-X", "faulthandler", "-m", "tuicamp"]
        command = shlex.join(["env", *settings, *python, *args])
        return f"cd {shlex.quote(str(self.folder))} && {command}"

    def revision(self) -> int:
        with self.save.open("rb") as f:
            return int(tomllib.load(f)["header"]["revision"])

    def moves(self) -> list[dict]:
        with self.chronicle.open("rb") as f:
            return [e for e in tomllib.load(f).get("event", []) if e.get("kind") == "move"]


def _tuicamp(table: Table, *args: str) -> str:
    env = {**os.environ, **table.env()}
    done = subprocess.run(
        [sys.executable, "-m", "tuicamp", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=table.folder,
    )
    assert done.returncode == 0, f"tuicamp {' '.join(args)} failed:\n{done.stderr}"
    return done.stdout


def _make_table(tmp_path: Path) -> Table:
    folder, home = tmp_path / "saves", tmp_path / "home"
    folder.mkdir()
    home.mkdir()
    bare = Table(folder, home, "", "", {})
    _tuicamp(
        bare,
        "new",
        SCENARIO,
        "--ruleset",
        "sandbox",
        "-o",
        str(bare.save),
        "--no-play",
        "--seed",
        "3",
        "--option",
        "fog_of_war=true",
    )
    acting = re.search(r"^To act: (\S+)$", _tuicamp(bare, "show", SAVE), re.M)
    assert acting, "tuicamp show names no seat to act"
    with bare.save.open("rb") as f:
        camp = tomllib.load(f)["campaign"]
    players = {p["id"]: p["name"] for p in camp["players"]}
    seats = {s["id"]: s for s in camp["seats"] if s["human"] and not s["gm"]}
    first = acting.group(1)
    second = next(sid for sid in seats if sid != first)
    names = {sid: players[s["players"][0]] for sid, s in seats.items()}
    return Table(folder, home, first, second, names)


def _own_army(show_text: str) -> ArmyInfo:
    """The first army under "Your armies:" in ``tuicamp show --as SEAT``, with its units."""
    lines = show_text.split("Your armies:\n", 1)[1].splitlines()
    head = re.match(r"  (\S+) (.+) \(.+\) at (\d{4}):", lines[0])
    assert head, f"no army line in: {lines[0]!r}"
    units = []
    for line in lines[1:]:
        unit = re.match(r"      \S+ (.+?): \d+ pts", line)
        if not unit:
            break
        units.append(unit.group(1))
    return ArmyInfo(head.group(1), head.group(2), head.group(3), tuple(units))


# --- a real terminal ------------------------------------------------------------------------
class Terminal(tmuxkit.Terminal):
    """A player's terminal (``tmuxkit``), with what this test reads off the screen."""

    def bar(self) -> str:
        return self.screen().splitlines()[0]

    def cursor(self) -> str:
        """The hex label the side panel describes (the map cursor)."""
        found = PANEL_LABEL.search(self.screen())
        assert found, f"{self.name}: no hex label on the side panel:\n{self.screen()}"
        return found.group(1)

    def walk_to(self, label: str) -> None:
        """Move the map cursor to a hex one step at a time, as a player would."""
        here, there = parse_label(self.cursor()), parse_label(label)
        while here != there:
            step = min(range(6), key=lambda d: here.neighbour(d).distance(there))
            self.keys(KEY_FOR[DIRECTION_NAMES[step]])
            here = here.neighbour(step)
        self.wait_until(lambda _: self.cursor() == label, f"the cursor on {label}")


def _drawn(screen: str, text: str) -> bool:
    """The whole campaign screen is up (bar, footer) and shows ``text``: a capture can
    catch the terminal mid-frame, with the panel drawn and the bar not yet."""
    return "to play:" in _bar(screen) and "Quit" in screen and text in screen


def _bar(screen: str) -> str:
    """The phase bar (the top line): whose turn it is, and "waiting" when not ours."""
    return screen.splitlines()[0] if screen else ""


def _turn_of(name: str, here: bool) -> Callable[[str], bool]:
    """A screen condition: the bar says ``name`` is to play, and this terminal acts (or
    waits)."""

    def ok(screen: str) -> bool:
        bar = _bar(screen)
        return _drawn(screen, "") and f"to play: {name}" in bar and ("waiting" in bar) != here

    return ok


def _wait_file(ok: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if ok():
            return
        time.sleep(0.1)
    raise AssertionError(f"the files on disk never showed {what}")


def _two_steps(label: str, direction: str) -> str:
    """The hex two steps away in a direction ("E", "W", ...): where a move ends."""
    h = parse_label(label)
    d = DIRECTION_NAMES.index(direction)
    return h.neighbour(d).neighbour(d).label()


def _prefixes(units: tuple[str, ...]) -> list[str]:
    """What of a unit name survives the side panel's truncation at 80 columns."""
    return [u[:12] for u in units]


# --- the tests ------------------------------------------------------------------------------
def test_show_over_ssh_keeps_the_fog(sshd: SshServer, tmp_path: Path) -> None:
    """No terminal: ``ssh host tuicamp show SAVE --as SEAT`` prints that seat's view only."""
    table = _make_table(tmp_path)
    mine = sshd.run(table.remote("show", SAVE, "--as", table.first))
    theirs = sshd.run(table.remote("show", SAVE, "--as", table.second))
    assert mine.returncode == 0, mine.stderr
    assert theirs.returncode == 0, theirs.stderr
    army = _own_army(mine.stdout)
    assert army.units and f"You are: seat {table.first}" in mine.stdout
    for unit in army.units:
        assert unit in mine.stdout
        assert unit not in theirs.stdout
    assert "(strength unknown)" in theirs.stdout
    bad = sshd.run(table.remote("show", SAVE, "--as", "nobody"))
    assert bad.returncode == 2 and "there is no seat 'nobody'" in bad.stderr


def _quit(term) -> None:
    """Wait for the app to end after `q`. On a loaded machine a key pressed while the
    screen redraws after another terminal's move can be taken by that redraw: press it
    once more, as a player would, before calling it a hang."""
    deadline = time.monotonic() + TIMEOUT / 2
    while time.monotonic() < deadline:
        if term.exit_status() is not None:
            return
        time.sleep(0.1)
    term.keys("q")
    deadline = time.monotonic() + TIMEOUT / 2
    while time.monotonic() < deadline:
        if term.exit_status() is not None:
            return
        time.sleep(0.1)
    raise AssertionError(f"{term.name}: ssh never exited after q\n{_hang_report(term)}")


def _hang_report(term: Terminal) -> str:
    """What a hung session is doing: the processes of its seat, then (asked with SIGABRT,
    which ``-X faulthandler`` answers) the app's threads' stacks as its terminal shows them."""
    pattern = f"tuicamp play {SAVE} --as {term.name}"
    listing = subprocess.run(
        ["ps", "-eo", "pid,ppid,stat,wchan:20,etime,args"], capture_output=True, text=True
    ).stdout
    mine = [line for line in listing.splitlines() if pattern in line or "PID" in line]
    for line in mine[1:]:
        pid, _, _, _, _, program, *_ = line.split()
        if program == sys.executable:  # the app itself, not the shell that started it
            os.kill(int(pid), signal.SIGABRT)
    time.sleep(2)
    history = term.tmux("capture-pane", "-p", "-S", "-200", "-t", term.name, check=False).stdout
    return "processes:\n" + "\n".join(mine) + "\nthe terminal after SIGABRT:\n" + history


def test_two_seats_play_one_campaign_over_ssh(sshd: SshServer, tmp_path: Path) -> None:
    table = _make_table(tmp_path)
    first, second = table.first, table.second
    mine = _own_army(_tuicamp(table, "show", SAVE, "--as", first))
    theirs = _own_army(_tuicamp(table, "show", SAVE, "--as", second))
    socket = f"tuicamp-ssh-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    one, two = (Terminal(socket, seat, tmp_path) for seat in (first, second))
    try:
        for term in (one, two):
            term.start(sshd.client(table.remote("play", SAVE, "--as", term.name), tty=True))

        # Each terminal sits down at its own seat, looking at its own army.
        screen = one.wait_until(lambda s: _drawn(s, mine.name), "seat 1's campaign screen")
        assert _turn_of(table.names[first], here=True)(screen), _bar(screen)
        assert all(p in screen for p in _prefixes(mine.units))
        assert all(len(line) <= 80 for line in screen.splitlines())
        one.keys("v")  # the army details list every unit in full, for the owner
        screen = one.wait_for(f"Armies at {mine.hex}")
        assert all(u in screen for u in mine.units), screen
        one.keys("Escape")
        one.wait_until(lambda s: _drawn(s, mine.name), "seat 1's map again")
        screen = two.wait_until(lambda s: _drawn(s, theirs.name), "seat 2's campaign screen")
        assert _turn_of(table.names[first], here=False)(screen), _bar(screen)
        assert not any(p in screen for p in _prefixes(mine.units))

        # Fog of war: the second seat looks straight at the first seat's army, on the side
        # panel and in the army details (v), and learns its name but none of its units.
        two.walk_to(mine.hex)
        screen = two.wait_for(mine.name)
        assert not any(p in screen for p in _prefixes(mine.units)), screen
        two.keys("v")
        screen = two.wait_for(f"Armies at {mine.hex}")
        assert mine.name in screen
        assert not any(u in screen for u in mine.units), screen
        two.keys("Escape")
        two.wait_until(lambda s: _drawn(s, mine.name), "seat 2's map again")

        # Seat 1 moves two hexes east and ends its turn; the files show both.
        revision = table.revision()
        goal = _two_steps(mine.hex, "E")
        assert one.cursor() == mine.hex
        one.keys("Enter")
        one.wait_for(f"Moving {mine.name}")
        one.keys("d", "d")
        one.wait_until(lambda _: one.cursor() == goal, f"the cursor on {goal}")
        one.keys("Enter")
        one.wait_for(f"moved {mine.hex} -> {goal}")
        _wait_file(lambda: table.revision() > revision, "a new revision after the move")
        move = table.moves()[-1]
        assert move["seat"] == first and move["data"]["army"] == mine.id
        assert move["data"]["path"][0] == mine.hex and move["data"]["path"][-1] == goal
        one.keys("t")
        one.wait_for("End your turn?")
        one.keys("y")
        one.wait_until(_turn_of(table.names[second], here=False), "seat 1 waiting for seat 2")
        _wait_file(lambda: table.revision() > revision + 1, "the end of seat 1's turn")

        # Seat 2's terminal notices on its own that it is its turn, and sees the move.
        two.wait_until(
            _turn_of(table.names[second], here=True),
            "seat 2's turn (polling the save should find it)",
        )
        two.wait_for(f"moved {mine.hex} -> {goal}")
        assert not any(p in two.screen() for p in _prefixes(mine.units))

        # Seat 2 moves its own army two hexes west; seat 1's terminal shows that move.
        revision = table.revision()
        two.keys("n")
        two.wait_until(lambda _: two.cursor() == theirs.hex, f"the cursor on {theirs.hex}")
        target = _two_steps(theirs.hex, "W")
        two.keys("Enter")
        two.wait_for(f"Moving {theirs.name}")
        two.keys("a", "a")
        two.wait_until(lambda _: two.cursor() == target, f"the cursor on {target}")
        two.keys("Enter")
        done = f"moved {theirs.hex} -> {target}"
        two.wait_for(done)
        _wait_file(lambda: table.revision() > revision, "a new revision after seat 2's move")
        move = table.moves()[-1]
        assert move["seat"] == second and move["data"]["army"] == theirs.id
        assert move["data"]["path"][-1] == target
        screen = one.wait_for(done)
        assert not any(p in screen for p in _prefixes(theirs.units))

        # Both players quit, one after the other; both ssh sessions end cleanly.
        for term in (one, two):
            term.keys("q")
            _quit(term)
            assert term.exit_status() == 0, term.screen()
    finally:
        one.tmux("kill-server", check=False)
