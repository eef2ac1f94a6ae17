"""The writers the crash and concurrency tests run in processes of their own (see warm.py,
which imports this module once in its server, so no writer pays for an import).

Each is a function of plain arguments: the save's path, what to do, and a ``Connection``
to tell the test what it did.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
from multiprocessing.connection import Connection

from test_storage_kit import Note, RollFatigue, install_tiny, make_campaign

from tuicamp import cli
from tuicamp.engine.actions import Event
from tuicamp.engine.corrections import CorrectTreasury
from tuicamp.game.session import Session

# The os calls that change a file: the steps of a write.
WRITE_STEPS = ("fsync", "replace", "rename", "unlink", "link")


def replace_campaign(save: str, kill_at: int, report: Connection | None) -> None:
    """Replace ``save`` with a new campaign (``new --force``), killing itself with SIGKILL
    just before the ``kill_at``-th step that changes a file (0: never); tells ``report``
    how many steps there were."""
    install_tiny()
    steps = 0

    def step(fn):
        def counted(*args, **kwargs):
            nonlocal steps
            steps += 1
            if steps == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
            return fn(*args, **kwargs)

        return counted

    for name in WRITE_STEPS:
        setattr(os, name, step(getattr(os, name)))
    campaign = make_campaign()
    campaign.name = "The New War"
    begun = Event(seq=1, turn=1, phase="move", kind="setup", text="The New War begins")
    Session.create(save, campaign, [begun], overwrite=True)
    if report is not None:
        report.send(steps)


def play_forever(save: str, report: Connection) -> None:
    """Play on ``save`` for ever: GM corrections, notes, two notes at once, dice; tells
    ``report`` "ready" once the save is open and "done" after each action. The test
    kills it once it has seen a number of actions, a moment later."""
    install_tiny()
    session = Session.open(save)
    n = len(session.chronicle)
    report.send("ready")
    while True:
        n += 1
        if n % 4 == 0:
            session.perform("gm", CorrectTreasury(player="p1", amount=n, reason=f"tick {n}"))
        elif n % 4 == 1:
            session.perform("s1", Note(text=f"note {n}"))
        elif n % 4 == 2:
            session.perform_all("s1", [Note(text=f"note {n}a"), Note(text=f"note {n}b")])
        else:
            session.perform("s1", RollFatigue(army="a0"))
        report.send("done")


def apply_orders(save: str, orders: str, count: int, report: Connection) -> None:
    """``tuicamp apply SAVE ORDERS`` ``count`` times over, in this process; tells
    ``report`` the exit codes and what was printed on stderr."""
    codes, errors = [], io.StringIO()
    for _ in range(count):
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(errors):
            codes.append(cli.main(["apply", save, orders]))
    report.send((codes, errors.getvalue()))
