"""`tuicamp apply` reads the chronicle's tail alone, and writes what a whole read writes.

A command that adds events and prints none of the old ones checks the chronicle from its
end: the save's last event is found there, reads, and is the one the save was sealed with
(``storage.chronicle.read_chronicle_tail``). Anything the tail cannot vouch for is read
whole, with the whole read's own complaints.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp import cli
from tuicamp.engine.actions import Event
from tuicamp.engine.engine import action_types
from tuicamp.engine.errors import InputError
from tuicamp.game.scenarios import load_scenario
from tuicamp.game.session import Session
from tuicamp.game.setup import start_campaign
from tuicamp.game.textreport import chronicle_text
from tuicamp.storage import chronicle, saves
from tuicamp.storage.chronicle import (
    TAIL_CHUNK,
    EventNotRead,
    Problems,
    Reading,
    UnreadEvent,
    event_fingerprint,
    read_chronicle,
    read_chronicle_tail,
    readable_count,
    write_chronicle,
)
from tuicamp.storage.locations import chronicle_path
from tuicamp.storage.orders import read_orders_file
from tuicamp.storage.saves import read_header, read_save
from tuicamp.storage.scenario import find_scenario

NOTES = 600  # some 90 kB of events: more than the tail's first read
ORDERS = 'seat = "red"\n[[action]]\nkind = "end_turn"\n'


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch):
    monkeypatch.setenv("TUICAMP_NOW", "2026-01-01T12:00:00Z")


def long_save(folder: Path, notes: int = NOTES, name: str = "long") -> Path:
    """The demo campaign after ``notes`` GM notes, one action each."""
    engine = start_campaign(load_scenario(find_scenario("skirmish-valley")), "sandbox", seed=2)
    path = folder / f"{name}.toml"
    Session.create(path, engine.campaign, engine.chronicle)
    session = Session.open(path)
    last = session.chronicle[-1]
    for n in range(1, notes + 1):
        session.chronicle.append(
            Event(
                seq=last.seq + n,
                turn=last.turn,
                phase=last.phase,
                kind="note",
                text=f"Scouts report riders on the road ({n})",
                seat="gm",
                action=last.action + n,
                visible_to=["red"] if n % 2 else None,
            )
        )
    session.engine.changed()
    session.save()
    return path


def copy_of(save: Path, folder: Path) -> Path:
    folder.mkdir()
    for source in (save, chronicle_path(save)):
        shutil.copyfile(source, folder / source.name)
    return folder / save.name


def files(save: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(save.parent.iterdir()) if ".lock" not in p.name}


def test_a_long_chronicle_is_read_from_its_tail(tmp_path):
    save = long_save(tmp_path)
    assert chronicle_path(save).stat().st_size > TAIL_CHUNK
    loaded = read_save(save, events=Reading.TAIL)
    whole = read_save(save)
    assert loaded.reading is Reading.TAIL and whole.reading is Reading.WHOLE
    assert len(loaded.chronicle) == len(whole.chronicle) == NOTES + 1
    assert loaded.chronicle[-1] == whole.chronicle[-1]
    assert isinstance(loaded.chronicle[0], UnreadEvent)
    assert loaded.chronicle_end == whole.chronicle_end
    assert loaded.chronicle_stamp == whole.chronicle_stamp


def test_an_unread_event_refuses_to_be_read():
    unread = UnreadEvent(7)
    assert unread.seq == 7 and unread.action == 0
    with pytest.raises(EventNotRead, match="event 7 of the chronicle was not read"):
        unread.visible_for(["red"], False)


def test_orders_applied_from_the_tail_write_the_same_bytes_as_from_a_whole_read(tmp_path):
    (tmp_path / "made").mkdir()
    save = long_save(tmp_path / "made")
    tail, whole = copy_of(save, tmp_path / "tail"), copy_of(save, tmp_path / "whole")
    orders = tmp_path / "orders.toml"
    orders.write_text(ORDERS)
    assert cli.main(["apply", str(tail), str(orders)]) == 0
    session = Session.open(whole)
    session.apply_orders("red", read_orders_file(orders, action_types(session.ruleset)))
    assert files(tail) == files(whole)
    assert read_save(tail).chronicle[-1].text == "Red ended turn 1"


def test_apply_parses_no_event_but_the_tail(tmp_path, monkeypatch, capsys):
    save = long_save(tmp_path)
    orders = tmp_path / "orders.toml"
    orders.write_text(ORDERS)

    def whole_read(*args, **kwargs):
        raise AssertionError("the chronicle was read whole")

    monkeypatch.setattr(saves, "read_chronicle", whole_read)
    monkeypatch.setattr(chronicle, "stream_chronicle", whole_read)
    assert cli.main(["apply", str(save), str(orders)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == f"#{NOTES + 2} T1 play: Red ended turn 1"  # as red's log
    assert read_header(save).revision == 3


@pytest.mark.parametrize("seat", ["red", "green"])
def test_a_players_count_of_readable_events_is_his_logs(tmp_path, seat):
    """R-ALL-7: "A seat's chronicle is numbered 1, 2, 3... over the events it may read":
    counted from the visible_to lines alone, it is what the whole view counts."""
    save = long_save(tmp_path)
    view = Session.open(save).view(seat)
    for count in (1, 2, 300, NOTES + 1):
        expected = sum(1 for e in view.chronicle if e.seq <= count) if seat == "green" else None
        whole = read_save(save).chronicle[:count]
        readable = sum(1 for e in whole if e.visible_for([seat], False))
        assert readable_count(chronicle_path(save), count, [seat], 3) == readable
        if expected is not None and count == NOTES + 1:
            assert readable == len(view.chronicle) == NOTES // 2 + 1


def test_a_visible_to_written_by_hand_another_way_is_read_as_an_event(tmp_path, monkeypatch):
    """Written another way (a quoted key, as an editor may write it), the line scan does
    not guess: the events are read one by one, and the count is still the true one."""
    save = long_save(tmp_path, notes=5)
    cpath = chronicle_path(save)
    raw = cpath.read_bytes()
    cpath.write_bytes(raw.replace(b"\nvisible_to = [", b'\n"visible_to" = [', 1))
    streamed = []
    original = chronicle.stream_chronicle

    def counted(*args):
        streamed.append(args)
        return original(*args)

    monkeypatch.setattr(chronicle, "stream_chronicle", counted)
    assert readable_count(cpath, 6, ["green"], 3) == 3 and streamed


def test_the_guard_above_bites_when_the_tail_cannot_vouch(tmp_path, monkeypatch):
    """The check above can fail: a save without its last event's fingerprint is read whole."""
    save = long_save(tmp_path)
    called = []
    original = saves.read_chronicle

    def counted(*args, **kwargs):
        called.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(saves, "read_chronicle", counted)
    text = save.read_text()
    edited = "\n".join(line for line in text.splitlines() if not line.startswith("last_event"))
    save.write_text(edited + "\n")
    Session.open(save, check_seal=False, events=Reading.TAIL)
    assert called


def test_blocks_left_by_an_interrupted_write_are_passed_over(tmp_path):
    save = long_save(tmp_path)
    cpath = chronicle_path(save)
    whole = read_save(save)
    with cpath.open("ab") as f:
        f.write(b'[[event]]\nseq = 602\nturn = 1\nphase = "play"\nkind = "note"\ntext = "x"\n')
        f.write(b"\n[[event]]\nseq = 603\nturn = 1\nph")  # torn half-way
    loaded = read_save(save, events=Reading.TAIL)
    assert loaded.reading is Reading.TAIL
    assert len(loaded.chronicle) == NOTES + 1 and loaded.chronicle_end == whole.chronicle_end
    assert loaded.dropped_events == read_save(save).dropped_events == 2


def test_a_hand_edited_last_event_is_refused_as_a_whole_read_refuses_it(tmp_path):
    save = long_save(tmp_path)
    cpath = chronicle_path(save)
    cpath.write_bytes(cpath.read_bytes().replace(b"riders on the road (600)", b"nothing (600)"))
    with pytest.raises(InputError, match=re.escape("is not the one long.toml was saved with")):
        read_save(save, events=Reading.TAIL)


def test_a_chronicle_cut_short_is_refused_as_a_whole_read_refuses_it(tmp_path):
    save = long_save(tmp_path)
    cpath = chronicle_path(save)
    raw = cpath.read_bytes()
    cpath.write_bytes(raw[: raw.rindex(b"[[event]]")])
    with pytest.raises(InputError, match=re.escape("holds 600 events but long.toml needs 601")):
        read_save(save, events=Reading.TAIL)


def test_the_tail_holds_every_event_of_the_last_action(tmp_path):
    """The engine reads back the last action's events (a re-roll), so the tail is read
    back to that action's first event."""
    save = long_save(tmp_path, notes=3)
    header = read_header(save)
    assert read_chronicle_tail(chronicle_path(save), 4, 3, header.last_event) is not None
    cpath = chronicle_path(save)
    raw = cpath.read_bytes()
    same_action = raw.replace(b"action = 3\n", b"action = 4\n")  # events 3 and 4: one action
    cpath.write_bytes(same_action)
    found = read_chronicle_tail(cpath, 4, 3, header.last_event)
    assert found is not None and [e.seq for e in found.events[-2:]] == [3, 4]
    assert isinstance(found.events[1], UnreadEvent)  # event 2 is another action's


def test_a_tail_inside_one_long_action_is_not_enough(tmp_path):
    """When the first read of the tail holds only part of the last action, the tail
    cannot vouch for it, and the file is read whole."""
    save = long_save(tmp_path)
    cpath = chronicle_path(save)
    cpath.write_bytes(re.sub(rb"(?m)^action = [0-9]+$", b"action = 601", cpath.read_bytes()))
    header = read_header(save)
    assert read_chronicle_tail(cpath, NOTES + 1, 3, header.last_event) is None
    assert read_save(save, events=Reading.TAIL).reading is Reading.WHOLE


# --- log streams ------------------------------------------------------------------------
@pytest.mark.parametrize("seat", ["gm", "red", "green"])
def test_the_streamed_log_is_the_seats_whole_chronicle(tmp_path, capsys, seat):
    """What each seat reads, numbered in its own chronicle, exactly as the whole view."""
    save = long_save(tmp_path)
    expected = chronicle_text(Session.open(save).view(seat))
    assert cli.main(["log", str(save), "--as", seat]) == 0
    assert capsys.readouterr().out == expected
    if seat == "green":  # half the notes are red's alone, and green's numbers close up
        assert f"#{NOTES // 2 + 1} " in expected and f"#{NOTES // 2 + 2} " not in expected


def test_log_prints_the_events_before_a_bad_one_then_refuses_it_in_one_line(tmp_path, capsys):
    """The log is written as the chronicle is read: a bad event far down stops it there,
    with the complaint a whole read makes, after the events before it are out."""
    save = long_save(tmp_path)
    cpath = chronicle_path(save)
    raw = cpath.read_bytes()
    cpath.write_bytes(raw.replace(b"(500)", b"(500)\nturn = 1", 1))  # a key twice
    assert cli.main(["log", str(save)]) == 2
    out, err = capsys.readouterr()
    assert out.splitlines()[0].startswith("#1 T1 play: Set-up")
    assert out.splitlines()[-1].startswith("#500 ") and "(499)" in out.splitlines()[-1]
    assert err.count("\n") == 1 and err.startswith(f"tuicamp: {cpath}:")
    with pytest.raises(InputError) as whole:
        read_save(save)
    assert err == f"tuicamp: {whole.value}\n"


# --- the tail agrees with the whole, or steps aside -----------------------------------------
def _events(actions: list[int], secret: list[bool]) -> list[Event]:
    """Events numbered 1..n, ``actions[i]`` events to the i-th action."""
    out: list[Event] = []
    for action, count in enumerate(actions, 1):
        for _ in range(count):
            seq = len(out) + 1
            hidden = ["red"] if secret[seq % len(secret)] else None
            out.append(
                Event(
                    seq,
                    1,
                    "play",
                    "note",
                    f"note {seq} " + "x" * (seq % 90),
                    "gm",
                    visible_to=hidden,
                    action=action,
                )
            )
    return out


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    actions=st.lists(st.integers(1, 40), min_size=1, max_size=60),
    secret=st.lists(st.booleans(), min_size=1, max_size=5),
    extra=st.integers(0, 3),
    torn=st.booleans(),
)
def test_the_tail_reads_what_the_whole_reads_or_steps_aside(tmp_path, actions, secret, extra, torn):
    """Whatever the chronicle's shape (many events per action or few, blocks an
    interrupted write left after the save's, the last of them torn), the tail gives the
    whole read's length and end, and the whole read's events of the last action."""
    events = _events(actions, secret)
    path = tmp_path / f"c{len(events)}-{extra}-{torn}.chronicle.toml"
    kept = events[: len(events) - extra] if extra < len(events) else events[:1]
    write_chronicle(path, events, 3)
    if torn:
        with path.open("ab") as f:
            f.write(b"[[event]]\nseq = 99999\nturn = ")
    whole = read_chronicle(path, len(kept), 3, Problems())
    tail = read_chronicle_tail(path, len(kept), 3, event_fingerprint(kept[-1]))
    assert whole is not None
    # an action of at most 40 short events fits in the first read of the tail, so the
    # tail never declines here (it does when the last action outgrows it, tested above)
    assert tail is not None
    assert len(tail.events) == len(whole.events) and tail.end == whole.end
    assert tail.dropped == whole.dropped
    read = [e for e in tail.events if not isinstance(e, UnreadEvent)]
    assert read == whole.events[len(whole.events) - len(read) :]
    assert all(e.action == kept[-1].action for e in read)
    assert read[0].seq == 1 or whole.events[read[0].seq - 2].action != kept[-1].action


READERS = [None, ["red"], ["green"], ["red", "green"]]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    shown=st.lists(st.sampled_from(READERS), min_size=1, max_size=80),
    cut=st.integers(1, 80),
    extra=st.integers(0, 3),
    torn=st.sampled_from([b"", b"[[eve", b"[[event]]\nseq = 99999\nturn = "]),
    seat=st.sampled_from([["red"], ["green"], ["red", "green"], ["blue"]]),
)
def test_the_line_scan_counts_what_the_events_say(tmp_path, shown, cut, extra, torn, seat):
    """R-ALL-7 ("A seat's chronicle is numbered 1, 2, 3... over the events it may read"):
    whatever the events' readers, however many of the first events are asked about and
    whatever an interrupted write left after the save's events, the count read from the
    ``visible_to`` lines alone is the count of the events themselves, and the line scan
    answers it (it never needs to fall back on reading the events)."""
    events = [
        Event(seq, 1, "play", "note", f"note {seq}", "gm", visible_to=r, action=seq)
        for seq, r in enumerate(shown, 1)
    ]
    saved = max(1, len(events) - extra)
    count = min(cut, saved)
    path = tmp_path / f"c{len(events)}-{count}-{len(torn)}.chronicle.toml"
    write_chronicle(path, events, 3)
    with path.open("ab") as f:
        f.write(torn)
    truth = sum(1 for e in events[:count] if e.visible_for(seat, False))
    assert chronicle._readable_by_lines(path, count, seat) == truth
    assert readable_count(path, count, seat, 3) == truth


def test_a_block_not_numbered_on_its_first_line_is_read_as_an_event(tmp_path, monkeypatch):
    """The end of the events counted is found by the blocks' numbers after them; a block
    written otherwise there (by hand) is not guessed at, and the count is still true."""
    save = long_save(tmp_path, notes=5)
    cpath = chronicle_path(save)
    raw = cpath.read_bytes()
    last = raw.rindex(b"[[event]]\nseq = ")
    cpath.write_bytes(
        raw[:last] + b"[[event]]\nturn = 1\nseq" + raw[last + len(b"[[event]]\nseq") :]
    )
    assert chronicle._readable_by_lines(cpath, 5, ["green"]) is None
    assert readable_count(cpath, 5, ["green"], 3) == 3  # events 1, 3 and 5: 2 and 4 are red's


def test_each_different_visible_to_line_is_parsed_once(tmp_path, monkeypatch):
    """The count parses the ``visible_to`` lines, not the events, and a line seen before
    is not parsed again: a long campaign's secrets name the same few seats."""
    save = long_save(tmp_path)
    parsed = []
    original = chronicle.tomllib.loads

    def counted(text, *args, **kwargs):
        parsed.append(text)
        return original(text, *args, **kwargs)

    monkeypatch.setattr(chronicle.tomllib, "loads", counted)
    assert readable_count(chronicle_path(save), NOTES + 1, ["green"], 3) == NOTES // 2 + 1
    assert len(parsed) == 1 and parsed[0].startswith("v = [")
