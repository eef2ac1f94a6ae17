"""The one problem shape: a key path and a sentence, that still behaves as the pair it
replaces, so checks and their callers can move to it one at a time."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tuicamp.engine.costs import movement_problems
from tuicamp.engine.problems import Problem, as_path, parse_where, problems, where_text
from tuicamp.engine.registry import get_ruleset
from tuicamp.storage.scenario import table_problems


def test_a_problem_unpacks_indexes_and_compares_like_its_pair() -> None:
    """ "make Problem unpack like a pair so callers can migrate one by one"."""
    p = Problem(("territory", 2, "owner"), "owner 'x' is not a player")
    path, text = p
    assert (path, text) == (("territory", 2, "owner"), "owner 'x' is not a player")
    assert p[0] == path and p[1] == text and p[-1] == text and len(p) == 2
    assert p == (path, text) and (path, text) == p
    assert p != (path, "another sentence") and p != "owner 'x' is not a player"
    assert hash(p) == hash((path, text)) and {p, (path, text)} == {p}
    assert dict([p]) == {path: text}  # as callers did: dict(table_problems(...))


def test_where_reads_as_a_person_writes_a_path() -> None:
    assert Problem(("territory", 2, "owner"), "x").where == "territory[2].owner"
    assert Problem(("ruleset", "fake", "tables", "terrain_cost"), "x").where == (
        "ruleset.fake.tables.terrain_cost"
    )
    assert Problem((), "x").where == ""


def test_a_path_may_be_given_as_a_ruleset_writes_it() -> None:
    """Ruleset set-up checks name places as text ("start.hexes[2]", "alliances.0"); a
    key of digits alone is a list index, as the scenario checker always read it."""
    assert Problem("start.hexes[2]", "x").path == ("start", "hexes", 2)
    assert Problem("alliances.0", "x").path == ("alliances", 0)
    assert Problem(["a", 1], "x").path == ("a", 1)
    assert as_path(None) == () and as_path("") == ()
    assert Problem.of(("a.b", "x")) == Problem(("a", "b"), "x")
    assert Problem(("c",), "x").under("ruleset", "r") == Problem(("ruleset", "r", "c"), "x")
    assert problems([(("a",), "x"), Problem("b", "y")]) == [(("a",), "x"), (("b",), "y")]


def test_a_problem_may_word_its_place_as_its_check_always_did() -> None:
    """A check whose messages named a place otherwise than its path reads (a ruleset's
    "alliances.0") keeps its words; the path is still the keys and indexes, and the words
    take no part in comparing problems."""
    p = Problem(("alliances", 0), "x", written="alliances.0")
    assert p.where == "alliances.0" and p.path == ("alliances", 0)
    assert p == Problem(("alliances", 0), "x") and Problem(("alliances", 0), "x").where == (
        "alliances[0]"
    )
    assert p.under("ruleset", "r").where == "ruleset.r.alliances[0]"  # the whole path


def test_a_problem_is_frozen() -> None:
    p = Problem("a", "x")
    with pytest.raises(AttributeError):
        p.text = "y"  # type: ignore[misc]


_KEY = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_-", min_size=1, max_size=8)


@given(st.lists(st.one_of(_KEY, st.integers(min_value=0, max_value=999)), max_size=6))
def test_where_and_parse_where_are_inverse(path: list[str | int]) -> None:
    """Any path of keys and indexes survives being written as text and read back."""
    if path and isinstance(path[0], int):
        path = ["root", *path]
    assert parse_where(where_text(tuple(path))) == tuple(path)


def test_movement_problems_are_problems_with_their_sentences() -> None:
    """The cost tables' check returns Problems; its sentences are those it always gave."""
    found = movement_problems({"terrain_cost": {"forrest": 2, "hills": -1}})
    assert all(isinstance(p, Problem) for p in found)
    assert [p.where for p in found] == ["terrain_cost.forrest", "terrain_cost.hills"]
    assert found[1].text == (
        "table terrain_cost.hills cannot be negative (-1) (MP, or false: impassable)"
    )


def test_table_problems_are_problems() -> None:
    found = table_problems(get_ruleset("sandbox"), {"no_such_table": {}})
    assert found and all(isinstance(p, Problem) for p in found)
    assert found[0].path == ("no_such_table",)
