"""tuicamp's TOML writer (storage/tomlwrite.py) writes, byte for byte, what tomli_w writes,
and knows what tomllib reads back from it, down to the order of every table's keys: a
big save's parsed copy is made from that, and must be what a parse would give."""

from __future__ import annotations

import collections
import enum
import json
import tomllib
from datetime import date
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from conftest import small_campaign
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp.engine.codec import campaign_to_dict
from tuicamp.storage import tomlwrite
from tuicamp.storage.tomlfile import MAX_DEPTH, too_deep

KEYS = st.text(max_size=6) | st.sampled_from(["id", "name", "a-b_c", "", "with space", 'q"'])
TEXTS = st.text(max_size=12) | st.sampled_from(["\t", "\x7f", "\x1b[0m", "a\\b", '"', "\r\n", "é"])
SCALARS = st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.floats(allow_nan=False) | TEXTS
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(KEYS, inner, max_size=4)
    ),
    max_leaves=30,
)
TABLES = st.dictionaries(KEYS, VALUES, max_size=6)


def ordered(value: Any) -> str:
    """The data with its keys in their order, lists for tuples (as JSON keeps them)."""
    return json.dumps(value, ensure_ascii=False)


def check(data: dict[str, Any]) -> tomlwrite.Written:
    written = tomlwrite.write(data)
    assert written.text == tomli_w.dumps(data)
    if written.read_back is not None:
        assert ordered(written.read_back) == ordered(tomllib.loads(written.text))
    return written


# a loaded machine must not fail the test for generating slowly: no time limits
QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large]


@settings(max_examples=150, deadline=None, suppress_health_check=QUIET)
@given(TABLES)
def test_any_plain_data_is_written_as_tomli_w_writes_it_and_read_back_as_tomllib_reads_it(
    data,
):
    assert check(data).read_back is not None


@settings(max_examples=100, deadline=None, suppress_health_check=QUIET)
@given(st.lists(st.dictionaries(KEYS, SCALARS, max_size=5), min_size=1, max_size=4))
def test_arrays_of_tables_inline_or_not_are_written_as_tomli_w_writes_them(tables):
    """tomli_w writes an array of tables inline when each fits a line of 100 characters:
    the writer's quick measure of that agrees, at the edge too."""
    check({"t": tables, "after": 1, "nested": {"t": tables, "x": "y"}})


@pytest.mark.parametrize("width", range(80, 100))
def test_an_inline_table_at_the_edge_of_its_line(width):
    check({"a": [{"k": "x" * width}], "b": [{"k": "x" * (width - 20), "n": 1}, {}]})


def test_a_value_after_a_table_is_read_back_before_it():
    data = {"table": {"x": 1}, "value": 2, "aot": [{"y": "z" * 100}], "last": [1]}
    written = check(data)
    assert list(written.read_back) == ["value", "last", "table", "aot"]
    assert list(data) == ["table", "value", "aot", "last"]  # the data is left as it was


def test_data_already_in_order_is_read_back_as_it_is():
    data = {"a": 1, "b": {"c": [{"d": 2}]}}
    assert check(data).read_back is data


def test_a_saved_campaign_is_written_as_tomli_w_writes_it():
    data = {"campaign": campaign_to_dict(small_campaign())}
    assert check(data).read_back is not None


class Colour(enum.Enum):
    RED = "red"


class Word(enum.StrEnum):
    RED = "red"


class Number(enum.IntEnum):
    ONE = 1


class Items(list):
    pass


@pytest.mark.parametrize(
    "value",
    [Word.RED, Number.ONE, [Word.RED], {"inline": [Number.ONE]}],
    ids=["a text's enum", "a number's enum", "in an array", "in an inline table"],
)
def test_subclasses_of_texts_and_numbers_are_written_as_tomli_w_writes_them(value):
    check({"v": value, "t": {"v": value}})


@pytest.mark.parametrize(
    "data",
    [
        {"when": date(2026, 1, 1)},
        {"t": collections.OrderedDict(a=1)},
        {"l": Items([1])},
        {Word.RED: 1},
    ],
    ids=["a date", "a mapping that is no dict", "a sequence that is no list", "an enum key"],
)
def test_other_data_is_left_to_tomli_w_and_not_read_back(data):
    written = tomlwrite.write(data)
    assert written.text == tomli_w.dumps(data)
    assert written.read_back is None


@pytest.mark.parametrize("data", [{1: "a"}, {"v": Colour.RED}, {"v": None}, {"v": object()}])
def test_what_tomli_w_refuses_is_refused_the_same_way(data):
    with pytest.raises(TypeError) as ours:
        tomlwrite.dumps(data)
    with pytest.raises(TypeError) as theirs:
        tomli_w.dumps(data)
    assert str(ours.value) == str(theirs.value)


def nested(depth: int, kind: str) -> dict[str, Any]:
    """A root table whose containers go ``depth`` deep, as too_deep counts them."""
    value: Any = 1
    for level in range(depth - 1):
        if kind == "tables":
            value = {"k": value}
        elif kind == "arrays":
            value = [value]
        else:  # inline tables in an array, and an array of tables with a long text
            value = [{"k": value}] if level % 2 else [{"k": value, "s": "x" * 100}]
    return {"k": value}


@pytest.mark.parametrize("kind", ["tables", "arrays", "mixed"])
def test_data_deeper_than_a_read_accepts_is_not_read_back(kind):
    """A read refuses data nested more than MAX_DEPTH deep (tomlfile.too_deep): what
    would be refused is not vouched for, so no copy of it is ever read instead."""
    seen = set()
    for depth in range(MAX_DEPTH // 2 - 2, MAX_DEPTH + 3):
        data = nested(depth, kind)
        written = tomlwrite.write(data)
        assert written.text == tomli_w.dumps(data)
        refused = too_deep(tomllib.loads(written.text))
        assert (written.read_back is None) == refused, depth
        seen.add(refused)
    assert seen == {True, False}


def test_a_long_campaign_is_written_the_same(tmp_path: Path):
    """Every key and text of a played campaign's chronicle, event by event."""
    from apps.scripted_play import rauscher_race

    from tuicamp.storage.chronicle import event_dict

    for event in rauscher_race(1, tmp_path):
        check(event_dict(event))
