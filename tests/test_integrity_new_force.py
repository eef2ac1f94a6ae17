"""`new --force` killed at any step leaves one whole campaign: the old one or the new.

Issue 10, point 5: "`new --force` killed mid-write leaves neither campaign: the `.bak` is
deleted and the chronicle replaced before the new state exists. Write the new campaign
beside the old and swap at the end, as `apply` does."

A writer process is started for each step of the files' writing (every fsync, rename
and removal), and SIGKILLs itself just before that step; what it leaves must load, as
the old campaign or the new one, byte for byte. (The writers start warm: see warm.py.)
"""

from __future__ import annotations

import os
import shutil
import signal
from pathlib import Path

import pytest
import warm
from crash_writers import replace_campaign
from integrity_kit import MOVE, ROLL, env, new_save, ok, refused  # noqa: F401
from test_storage_kit import Note, make_campaign, tiny  # noqa: F401

from tuicamp.game.session import Session
from tuicamp.rules.sandbox.actions import Move
from tuicamp.storage.locations import backup_path, chronicle_path, pending_chronicle_path
from tuicamp.storage.saves import read_save, save_problems


def _old_campaign(folder: Path) -> Path:
    save = folder / "war.toml"
    session = Session.create(save, make_campaign())
    for text in ("one", "two", "three"):
        session.perform("s1", Note(text=text))
    return save


def _replace(save: Path, kill_at: int) -> int:
    """Replace ``save`` in a writer killed before step ``kill_at``: its exit code."""
    return warm.run(replace_campaign, str(save), kill_at, None)


def _steps(save: Path) -> int:
    """Replace ``save`` to the end: how many steps that took."""
    said, report = warm.pipe()
    writer = warm.start(replace_campaign, str(save), 0, report)
    report.close()
    steps = said.recv()
    writer.join()
    assert writer.exitcode == 0
    return steps


def _files(save: Path) -> tuple[bytes, bytes]:
    return save.read_bytes(), chronicle_path(save).read_bytes()


@pytest.mark.usefixtures("tiny")
def test_a_kill_at_every_step_of_new_force_leaves_the_old_or_the_new_campaign(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUICAMP_NOW", "2026-01-01T12:00:00Z")  # the writers' clock
    old_save = _old_campaign(tmp_path / "old")
    old = _files(old_save)
    old_events = [e.text for e in read_save(old_save).chronicle]
    reference = tmp_path / "reference"
    shutil.copytree(old_save.parent, reference)
    steps = _steps(reference / "war.toml")
    new = _files(reference / "war.toml")
    assert steps >= 6  # the chronicle's and the state's writes, the swap, the backup

    seen = set()
    for kill_at in range(1, steps + 1):
        folder = tmp_path / f"kill-{kill_at}"
        shutil.copytree(old_save.parent, folder)
        save = folder / "war.toml"
        assert _replace(save, kill_at) == -signal.SIGKILL, kill_at

        assert save_problems(save) == [], kill_at
        loaded = read_save(save)
        events = [e.text for e in loaded.chronicle]
        if loaded.campaign.name == "The New War":
            assert save.read_bytes() == new[0], kill_at
            assert events == ["The New War begins"], kill_at
            seen.add("new")
        else:
            assert _files(save) == old, kill_at
            assert events == old_events, kill_at
            seen.add("old")
        # and it plays on: the next write finishes what the kill left half-done
        session = Session.open(save)
        session.perform("s1", Note(text="after"))
        assert not os.path.lexists(pending_chronicle_path(save)), kill_at
        again = read_save(save)
        assert [e.text for e in again.chronicle] == [*events, "after"], kill_at
    assert seen == {"old", "new"}


def test_new_force_over_a_played_campaign_keeps_nothing_of_it(env: Path) -> None:  # noqa: F811
    """The command line's own path: the old campaign's backup goes once the new one is
    in place, and a session still open on the old one is told it is stale."""
    save = new_save(env)
    assert backup_path(save).exists() is False
    ok("apply", save, _orders(env))
    assert backup_path(save).exists()
    stale = Session.open(save)
    new_save(env, "war.toml", "--force", "--seed", "9")
    assert not backup_path(save).exists()
    assert not os.path.lexists(pending_chronicle_path(save))
    assert "seed 9" not in ok("log", save).out  # one set-up event, the new one
    assert len(read_save(save).chronicle) == 1
    with pytest.raises(Exception, match="was changed by another player"):
        stale.perform("empire", Move(army="averland-host", to="0710"))


def test_a_chronicle_of_another_campaign_is_refused(env: Path) -> None:  # noqa: F811
    """What the swap relies on: a save knows its last event, so the chronicle beside it
    must be its own, not one of another campaign that happens to hold enough events."""
    first = new_save(env, "first.toml")
    second = new_save(env, "second.toml", "--seed", "11")
    ok("apply", first, _orders(env))
    ok("apply", second, _orders(env, ROLL))
    shutil.copyfile(chronicle_path(first), chronicle_path(second))
    line = refused("log", second)  # `show` reads no chronicle; `apply` its tail, below
    assert line.startswith(f"tuicamp: {chronicle_path(second)}:")
    assert "event 2 is not the one second.toml was saved with" in line
    before = chronicle_path(second).read_bytes()
    assert refused("apply", second, _orders(env)) == line  # its tail is checked: the same
    assert chronicle_path(second).read_bytes() == before


def _orders(folder: Path, text: str = MOVE) -> Path:
    path = folder / "orders.toml"
    path.write_text(text, encoding="utf-8")
    return path
