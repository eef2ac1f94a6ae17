"""Orders that arrive twice happen once; two writers on one save both get their orders in.

Issue 10, point 13: "Orders files are not idempotent, and concurrent writers are turned
away. A re-run after a dropped connection applies the orders twice (two purchases); with
two writers on one save, half the `apply` calls are refused as stale. An orders file may
carry the revision it was written against and an id, so a repeat is recognised and
refused in one line; `apply` retries a stale revision by itself when the orders are
still legal on the new state."
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import warm
from crash_writers import apply_orders
from integrity_kit import MOVE, ROLL, env, family, new_save, ok, orders, refused, tuicamp  # noqa: F401

from tuicamp.game import session as session_module
from tuicamp.storage.saves import read_save

WITH_ID = ROLL.replace('seat = "empire"\n', 'seat = "empire"\nid = "empire-week-3"\n')


def _events(save: Path) -> list[str]:
    return [e.text for e in read_save(save).chronicle]


def _revision(save: Path) -> int:
    return tomllib.loads(save.read_text(encoding="utf-8"))["header"]["revision"]


def test_orders_with_an_id_sent_twice_happen_once(env: Path) -> None:  # noqa: F811
    save = new_save(env)
    path = orders(env, WITH_ID)
    first = ok("apply", save, path)
    assert first.out.endswith(f"{save}: saved at revision 2\n")
    before, events = family(save), _events(save)
    line = refused("apply", save, path)  # the connection dropped: sent again
    assert line == (
        f"tuicamp: {path}: refused, nothing changed: these orders (id 'empire-week-3') were "
        "applied already for seat 'empire', at revision 2; applying them again would carry "
        "them out twice"
    )
    assert family(save) == before and _events(save) == events
    # the id is the seat's: another seat may name its own orders the same
    other = orders(env, WITH_ID.replace('"empire"', '"orcs"'), "orcs.toml")
    ok("apply", save, other)


def test_orders_naming_their_revision_alone_are_known_by_what_they_say(env: Path) -> None:  # noqa: F811
    save = new_save(env)
    path = orders(env, ROLL.replace('seat = "empire"\n', 'seat = "empire"\nrevision = 1\n'))
    ok("apply", save, path)
    before = family(save)
    line = refused("apply", save, path)
    assert (
        "these orders (the same actions, written against revision 1) were applied already" in line
    )
    assert family(save) == before
    changed = orders(env, path.read_text("utf-8").replace('"d6"', '"2d6"'), "other.toml")
    ok("apply", save, changed)  # other orders against the same revision are other orders


def test_orders_with_neither_are_applied_each_time_as_before(env: Path) -> None:  # noqa: F811
    save = new_save(env)
    path = orders(env, ROLL)
    ok("apply", save, path)
    ok("apply", save, path)
    assert sum("rolled d6" in text for text in _events(save)) == 2


def test_orders_written_against_a_revision_not_reached_are_refused(env: Path) -> None:  # noqa: F811
    save = new_save(env)
    path = orders(env, ROLL.replace('seat = "empire"\n', 'seat = "empire"\nrevision = 7\n'))
    before = family(save)
    assert refused("apply", save, path) == (
        f"tuicamp: {path}: refused, nothing changed: these orders were written against "
        "revision 7, but war.toml is at revision 1: they are for a later state of the "
        "campaign than this save holds"
    )
    assert family(save) == before


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("id = 5", ":2: id names these orders: text in quotes, 1 to 100 characters"),
        ('id = ""', ":2: id names these orders"),
        ('id = "a\\u001bb"', ":2: id names these orders"),
        ("revision = -1", ":2: revision is the save's revision the orders were written against"),
        ('revision = "12"', ":2: revision is the save's revision"),
    ],
)
def test_a_bad_id_or_revision_is_one_line_at_its_place(env: Path, line: str, expected: str) -> None:  # noqa: F811
    save = new_save(env)
    path = orders(env, ROLL.replace('seat = "empire"\n', f'seat = "empire"\n{line}\n'))
    assert refused("apply", save, path).startswith(f"tuicamp: {path}{expected}")


def _with_a_writer_in_between(monkeypatch: pytest.MonkeyPatch, save: Path, between: Path) -> None:
    """The next `apply` reads the save, then another writer applies ``between`` before
    it takes the lock: what two terminals applying at once do."""
    original = session_module.Session.__dict__["open"]

    def open_then_another_writes(cls, path, *args, **kwargs):
        session = original.__func__(cls, path, *args, **kwargs)
        monkeypatch.setattr(session_module.Session, "open", original)  # once
        ok("apply", save, between)
        return session

    monkeypatch.setattr(session_module.Session, "open", classmethod(open_then_another_writes))


def test_a_stale_apply_plays_its_orders_on_the_newest_save(
    env: Path,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    save = new_save(env)
    roll = orders(env, ROLL, "roll.toml")
    move = orders(env, MOVE.replace('seat = "empire"\n', 'seat = "empire"\nrevision = 1\n'))
    _with_a_writer_in_between(monkeypatch, save, roll)
    run = ok("apply", save, move)
    assert "moved 0509 -> 0710" in run.out
    assert run.out.endswith(f"{save}: saved at revision 3\n")
    texts = _events(save)
    assert "rolled d6" in texts[1] and "moved 0509 -> 0710" in texts[2]


def test_a_stale_apply_no_longer_legal_is_refused_naming_both_revisions(
    env: Path,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    save = new_save(env)
    end_turn = 'seat = "empire"\nrevision = 1\n\n[[action]]\nkind = "end_turn"\n'
    mine = orders(env, end_turn)
    theirs = orders(env, end_turn.replace("revision = 1\n", ""), "theirs.toml")
    _with_a_writer_in_between(monkeypatch, save, theirs)  # the same seat, from elsewhere
    line = refused("apply", save, mine)
    assert line.startswith(f"tuicamp: {mine}: refused order 1 (end_turn), nothing changed: ")
    assert line.endswith(
        "(written against revision 1; the save is at revision 2: it was played on meanwhile)"
    )
    assert _revision(save) == 2


def test_two_writers_on_one_save_both_get_every_order_in(env: Path) -> None:  # noqa: F811
    """Two terminals apply orders to one save at once, many times over (each a writer
    process of crash_writers.apply_orders): none is turned away as stale, and the
    chronicle holds every one of them (counted, not timed)."""
    save = new_save(env)
    rolls = {
        seat: orders(env, ROLL.replace('"empire"', f'"{seat}"'), f"{seat}.toml")
        for seat in ("empire", "orcs")
    }
    count = 12
    pipes = [warm.pipe() for _ in rolls]
    writers = [
        warm.start(apply_orders, str(save), str(path), count, report)
        for path, (_, report) in zip(rolls.values(), pipes, strict=True)
    ]
    for _, report in pipes:
        report.close()
    outputs = [said.recv() for said, _ in pipes]
    for writer in writers:
        writer.join()
    assert [w.exitcode for w in writers] == [0, 0]
    assert [codes for codes, _ in outputs] == [[0] * count] * 2, outputs
    texts = _events(save)
    assert sum("The Empire rolled" in t for t in texts) == count
    assert sum("Orcs & Goblins rolled" in t for t in texts) == count
    assert _revision(save) == 1 + 2 * count
