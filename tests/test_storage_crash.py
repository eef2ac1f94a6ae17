"""Crash safety: a writer killed with SIGKILL at random moments never leaves a save that
fails to load or disagrees with its chronicle."""

from __future__ import annotations

import random
import re
import shutil
import time
from pathlib import Path

import pytest
import warm
from crash_writers import play_forever
from test_storage_kit import make_campaign, tiny  # noqa: F401

from tuicamp.game.session import Session
from tuicamp.storage.chronicle import block_starts
from tuicamp.storage.locations import backup_path, chronicle_path
from tuicamp.storage.saves import read_save

pytestmark = pytest.mark.usefixtures("tiny")

ACTIONS_BEFORE_KILL = 3  # at least; eight kills then make more than 20 actions in all
TREASURY_RE = re.compile(r"treasury set to (\d+) gc")


def run_and_kill(save: Path, seed: int) -> None:
    """Let the writer (crash_writers.play_forever) finish a random number of actions
    (counted, so a loaded machine only makes the test slower), then kill it at a random
    moment of the next one."""
    rng = random.Random(seed)
    said, report = warm.pipe()
    writer = warm.start(play_forever, str(save), report)
    report.close()
    try:
        assert said.recv() == "ready"
        for _ in range(rng.randint(ACTIONS_BEFORE_KILL, 2 * ACTIONS_BEFORE_KILL)):
            assert said.recv() == "done"
        time.sleep(rng.uniform(0.0, 0.01))  # somewhere inside the next action's writes
    finally:
        writer.kill()
        writer.join()
        said.close()


def check_consistent(save: Path) -> tuple[int, int]:
    """Load the save and check its state against its events: (events, dropped blocks)."""
    loaded = read_save(save)
    campaign, events = loaded.campaign, loaded.chronicle
    assert campaign.chronicle_length == len(events)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    notes = [e.text for e in events if e.kind == "note"]
    assert campaign.state.notes == ["begun", *notes]
    amounts = [int(m.group(1)) for e in events if (m := TREASURY_RE.search(e.text))]
    assert campaign.player("p1").treasury == (amounts[-1] if amounts else 120)
    rolls = [r for e in events for r in e.rolls]
    assert campaign.dice.draws == sum(len(r.dice) for r in rolls)
    if rolls:
        assert campaign.state.fatigue["a0"] == rolls[-1].total
    return len(events), loaded.dropped_events


def check_backup(save: Path, folder: Path) -> None:
    """The backup, put in the save's place, loads against the same chronicle."""
    if not backup_path(save).exists():
        return
    folder.mkdir(exist_ok=True)
    copy = folder / save.name
    shutil.copyfile(backup_path(save), copy)
    shutil.copyfile(chronicle_path(save), chronicle_path(copy))
    check_consistent(copy)
    # one save older; two when the kill fell between replacing the file and the backup
    revision = read_save(save).header.revision
    assert read_save(copy).header.revision in (revision - 1, revision - 2)


def test_a_killed_writer_leaves_a_consistent_save(tmp_path: Path) -> None:
    save = tmp_path / "war.toml"
    Session.create(save, make_campaign())
    counts, dropped = [], 0
    for seed in range(8):
        run_and_kill(save, seed)
        count, extra = check_consistent(save)
        check_backup(save, tmp_path / f"backup-{seed}")
        counts.append(count)
        dropped += extra
    # every action the writers were seen to finish is in the save: counted, not timed
    assert counts == sorted(counts) and counts[-1] > 8 * ACTIONS_BEFORE_KILL, counts
    # One clean write after all that cuts off whatever the last kill left.
    session = Session.open(save)
    session.save()
    raw = chronicle_path(save).read_bytes()
    assert len(block_starts(raw)) == session.campaign.chronicle_length == counts[-1]
    print(f"events after each kill: {counts}; blocks of interrupted writes seen: {dropped}")
