"""The chronicle file: appended, never rewritten; what an interrupted write left is dropped."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_storage_kit import Note, RollFatigue, make_campaign, tiny  # noqa: F401

from tuicamp.engine.actions import Event
from tuicamp.engine.dice import Roll
from tuicamp.engine.errors import InputError
from tuicamp.game.session import Session
from tuicamp.storage.chronicle import block_starts, event_block
from tuicamp.storage.locations import chronicle_path
from tuicamp.storage.saves import FORMAT_VERSION, load_save, read_save

VERSION_LINE = f"format_version = {FORMAT_VERSION}"

pytestmark = pytest.mark.usefixtures("tiny")


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "war.toml"
    session = Session.create(path, make_campaign())
    session.perform("s1", Note(text="one"))
    session.perform("s1", RollFatigue(army="a0"))
    return path


def next_block(seq: int = 3) -> bytes:
    """A block such as the next action would have appended."""
    return event_block(
        Event(
            seq,
            1,
            "move",
            "fatigue",
            "Host 1 tires",
            seat="s2",
            undoable=False,
            rolls=[Roll("2d6", "fatigue of Host 1", [2, 5], 7, id=9)],
            data={"army": "a1"},
        )
    )


def test_a_torn_last_block_is_dropped_wherever_it_was_cut(save: Path) -> None:
    chron = chronicle_path(save)
    good = chron.read_bytes()
    expected = load_save(save)
    block = next_block()
    for cut in range(1, len(block) + 1):
        chron.write_bytes(good + block[:cut])
        loaded = read_save(save)
        assert (loaded.campaign, loaded.chronicle) == expected, cut
        assert loaded.chronicle_end == len(good)
        assert loaded.dropped_events == 1


def test_the_next_write_cuts_the_torn_block_off(save: Path) -> None:
    chron = chronicle_path(save)
    good = chron.read_bytes()
    chron.write_bytes(good + next_block()[:40])
    session = Session.open(save)
    session.perform("s1", Note(text="three"))
    after = chron.read_bytes()
    assert after.startswith(good)
    assert len(block_starts(after)) == 3
    campaign, events = load_save(save)
    assert [e.text for e in events] == ["one", events[1].text, "three"]
    assert campaign.state.notes == ["begun", "one", "three"]


def test_events_of_a_save_that_never_happened_are_ignored_then_cut(save: Path) -> None:
    # A crash after the chronicle was appended but before the state was replaced.
    chron = chronicle_path(save)
    good = chron.read_bytes()
    chron.write_bytes(good + next_block(3) + next_block(4))
    campaign, events = load_save(save)
    assert len(events) == campaign.chronicle_length == 2
    session = Session.open(save)
    session.perform("s1", Note(text="three"))
    assert chron.read_bytes() == good + event_block(session.chronicle[-1])


def test_a_torn_block_left_while_a_session_is_open_is_cut_too(save: Path) -> None:
    session = Session.open(save)
    chron = chronicle_path(save)
    good = chron.read_bytes()
    with chron.open("ab") as f:  # another process crashed half-way through an append
        f.write(next_block()[:25])
    session.perform("s1", Note(text="three"))
    assert chron.read_bytes() == good + event_block(session.chronicle[-1])
    assert load_save(save)[1] == session.chronicle


def test_a_save_with_nothing_new_leaves_the_chronicle_alone(save: Path) -> None:
    chron = chronicle_path(save)
    before, stamp = chron.read_bytes(), chron.stat().st_mtime_ns
    Session.open(save).save()
    assert chron.read_bytes() == before and chron.stat().st_mtime_ns == stamp


def test_a_newer_chronicle_is_refused(save: Path) -> None:
    chron = chronicle_path(save)
    chron.write_text(
        chron.read_text("utf-8").replace(VERSION_LINE, "format_version = 9"),
        "utf-8",
    )
    with pytest.raises(
        InputError,
        match=r"chronicle.toml:3: this save has format version 9, "
        "newer than this tuicamp reads",
    ):
        load_save(save)


def test_unknown_keys_beside_the_events(save: Path) -> None:
    chron = chronicle_path(save)
    chron.write_text(
        chron.read_text("utf-8").replace(VERSION_LINE, VERSION_LINE + "\nauthor = 'me'"),
        "utf-8",
    )
    with pytest.raises(InputError, match=r"chronicle.toml:4: unknown key 'author'"):
        load_save(save)


def test_an_empty_campaign_needs_no_chronicle_file(tmp_path: Path) -> None:
    path = tmp_path / "new.toml"
    Session.create(path, make_campaign())
    chronicle_path(path).unlink()
    assert load_save(path)[1] == []
    session = Session.open(path)
    session.perform("s1", Note(text="first"))
    assert load_save(path)[1] == session.chronicle


def test_a_chronicle_edited_by_hand_while_open_is_appended_to_correctly(save: Path) -> None:
    session = Session.open(save)
    chron = chronicle_path(save)
    # A Games Master fixes a typo in an old event, making it longer, while play goes on.
    chron.write_text(
        chron.read_text("utf-8").replace('text = "one"', 'text = "one, fixed"'), "utf-8"
    )
    session.perform("s1", Note(text="three"))
    events = load_save(save)[1]
    assert [e.text for e in events][::2] == ["one, fixed", "three"]
