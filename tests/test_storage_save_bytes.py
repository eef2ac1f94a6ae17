"""The save's quick paths write, byte for byte, what the plain ones wrote.

A new campaign writes thousands of events at once, so the chronicle's blocks are made in
one pass (``events_bytes``: the events unstructured with their None and empty fields left
out as they go, every block's table headers moved under ``event.`` by plain replacements)
and the numbers are checked by a walk that makes no key paths. Each is pinned here
against the plain path it replaces, kept in this file as it was: an event unstructured
whole and stripped of None (``event_to_dict``), its empty rolls and data dropped, its
headers moved by a regular expression, one block at a time; and the walk that names a
key path for every value it meets (``named_out_of_range``), which the quick look now
spares a save that holds no number past the limit.
"""

from __future__ import annotations

import collections
import re
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from apps.scripted_play import rauscher_race
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp.engine.actions import Event
from tuicamp.engine.codec import event_to_dict
from tuicamp.engine.dice import Roll
from tuicamp.game.session import Session
from tuicamp.model.forces import Category
from tuicamp.model.hexes import Hex
from tuicamp.storage.chronicle import chronicle_head, event_block, event_dict, events_bytes
from tuicamp.storage.limits import named_out_of_range, out_of_range
from tuicamp.storage.locations import chronicle_path
from tuicamp.storage.saves import FORMAT_VERSION

_TABLE_LINE_RE = re.compile(r"^(\[\[?)", re.M)  # the header of a table or an array of them


def plain_event_dict(event: Event) -> dict[str, Any]:
    data = event_to_dict(event)
    for key in ("rolls", "data"):
        if not data.get(key):
            data.pop(key, None)
    return data


def plain_block(event: Event) -> bytes:
    body = _TABLE_LINE_RE.sub(r"\1event.", tomli_w.dumps(plain_event_dict(event)))
    return b"[[event]]\n" + body.encode() + b"\n"


ODD_EVENTS = [
    # None among the data, tables in tables, arrays of tables, a header-like text
    Event(
        1,
        1,
        "move",
        "k",
        "a text\n[with] a [[bracket]] line",
        player="p1",
        visible_to=["p1"],
        data={
            "x": None,
            "t": {"a": [{"b": 1}, {"b": 2}]},
            "u": {"v": {"w": 1, "y": [1, 2]}},
            "[odd key]": "[v]",
            # too long to be inline: an array of tables, with tables under it
            "aot": [{"name": "x" * 60, "n": {"deep": {"a": "y" * 70}}} for _ in range(2)],
        },
        step=2,
    ),
    # data that is all None, rolls that re-roll
    Event(
        2,
        1,
        "move",
        "k",
        "t",
        data={"x": None},
        rolls=[Roll("d6", "r", [1], 1), Roll("d6", "again", [4], 4, replaces=0, id=3)],
    ),
    # the converter's own values among the data: hexes, tuples, sets, enums, a subclass
    Event(
        3,
        2,
        "battle",
        "k",
        "t",
        seat="s1",
        undoable=False,
        data={
            "h": Hex(1, 2),
            "hs": [Hex(0, 0), {"x": None, "y": "z"}],
            "t": (1, Hex(0, 1)),
            "s": {"b", "a"},
            "c": Category.RANK_AND_FILE,
            "od": collections.OrderedDict(a=None, b=1),
            "f": 1.5,
            "b": True,
        },
    ),
    Event(4, 2, "battle", "k", "", undoable=False, action=0),
]


@pytest.mark.parametrize("event", ODD_EVENTS, ids=lambda e: f"event {e.seq}")
def test_an_event_is_written_as_the_plain_path_wrote_it(event: Event) -> None:
    assert list(event_dict(event).items()) == list(plain_event_dict(event).items())
    if event.seq == 1:  # the headers moved are there to be moved
        assert b"\n[[event.data.aot]]\n" in event_block(event)
        assert b"\n[event.data.aot.n.deep]\n" in event_block(event)
    if event.seq != 3:  # a Category and a tuple are no TOML of their own: not written
        assert event_block(event) == plain_block(event)
        assert events_bytes([event]) == plain_block(event)


def test_many_events_are_the_blocks_one_after_the_other() -> None:
    events = [e for e in ODD_EVENTS if e.seq != 3] * 3
    assert events_bytes(events) == b"".join(plain_block(e) for e in events)
    assert events_bytes([]) == b""


def test_a_played_campaign_saves_the_chronicle_the_plain_path_wrote(tmp_path: Path) -> None:
    """A bundled campaign played (the Cauldron Temple under Rauscher, seed 1): the
    chronicle its session appended event by event, and the one a new save of it writes
    at once, are the plain path's blocks."""
    events = rauscher_race(1, tmp_path)
    assert len(events) > 50 and any(e.rolls for e in events) and any(e.data for e in events)
    plain = chronicle_head(FORMAT_VERSION) + b"".join(plain_block(e) for e in events)
    assert chronicle_path(tmp_path / "race-1.toml").read_bytes() == plain
    played = Session.open(tmp_path / "race-1.toml")
    copy = tmp_path / "copy.toml"
    Session.create(copy, played.campaign, played.chronicle)
    assert chronicle_path(copy).read_bytes() == plain


PLAIN = st.recursive(
    st.none() | st.booleans() | st.text(max_size=3) | st.integers(-(2**70), 2**70),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=2), inner, max_size=4)
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(PLAIN)
def test_the_walk_finds_what_the_walk_with_key_paths_found(value: Any) -> None:
    """Limits: a number no save can hold is found, and named by the same key path, as
    before the quick look came first."""
    assert out_of_range(value) == named_out_of_range(value)
    assert out_of_range(value, ("campaign",)) == named_out_of_range(value, ("campaign",))
