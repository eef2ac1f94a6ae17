"""A GM's state correction reaches the ruleset's state and nothing else.

Issue 10, point 8: "`gm_set_state` walks Python internals: `path = "__init__.__globals__.x"`
is accepted and writes into a live module; `...__builtins__.open` replaces `open`. A path
may only name fields of the ruleset's own state classes (and their containers), nothing
else."
"""

from __future__ import annotations

import builtins
import sys
from pathlib import Path

import pytest
from integrity_kit import env, family, new_save, ok, orders, refused  # noqa: F401
from test_storage_kit import Note, make_campaign, tiny  # noqa: F401

from tuicamp.engine.corrections import CorrectRulesetState
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError


def _set_state(path: str, value: str) -> str:
    return (
        'seat = "gm"\n\n[[action]]\nkind = "gm_set_state"\nreason = "test"\n'
        f"path = {path!r}\nvalue = {value}\n"
    ).replace("'", '"')


@pytest.mark.parametrize(
    ("path", "why"),
    [
        ("__init__.__globals__.x", "'__init__' is not a field of SandboxState (mp_used)"),
        ("__class__.__init__.__globals__.__builtins__.open", "'__class__' is not a field"),
        ("__init__.__builtins__.open", "'__init__' is not a field of SandboxState"),
        ("mp_used.__class__", "'__class__' is not a key a state holds"),
        ("mp_used.__class__.__name__", "'__class__' is not a key a state holds"),
        ("_private", "'_private' is not a field of SandboxState"),
        ("mp_used.nobody.real", "there is no 'nobody' here"),
        ("__dict__", "'__dict__' is not a field of SandboxState"),
    ],
)
def test_a_path_into_python_internals_is_refused(env: Path, path: str, why: str) -> None:  # noqa: F811
    save = new_save(env)
    orders_file = orders(env, _set_state(path, '"pwned"'))
    module = sys.modules["tuicamp.rules.sandbox.state"]
    open_before, module_before = builtins.open, dict(vars(module))
    before = family(save)
    line = refused("apply", save, orders_file)
    assert line.startswith(
        f"tuicamp: {orders_file}: refused order 1 (gm_set_state), nothing changed: "
    )
    assert f"No such state path {path!r}: {why}" in line
    assert builtins.open is open_before
    assert dict(vars(module)) == module_before
    assert family(save) == before


def test_a_path_of_the_states_own_fields_is_still_set(env: Path) -> None:  # noqa: F811
    save = new_save(env)
    ok("apply", save, orders(env, _set_state("mp_used.averland-host", "1.5")))
    assert "state mp_used.averland-host = 1.5" in ok("log", save).out


@pytest.mark.usefixtures("tiny")
def test_lists_and_fields_of_nested_state_are_reached_by_index_and_name() -> None:
    """A list is walked by its indexes from 0 (no negative or out of range one), a dict
    by its keys (a new key only at the end), a field of an attrs class by its name."""
    engine = Engine(make_campaign())
    engine.perform("s1", Note(text="one"))

    def correct(path: str, value: object) -> None:
        engine.perform("gm", CorrectRulesetState(path=path, value=value, reason="test"))

    correct("notes.1", "ONE")
    correct("fatigue.a0", 3)
    correct("rounds", 2)
    state = engine.campaign.state
    assert (state.notes, state.fatigue, state.rounds) == (["begun", "ONE"], {"a0": 3}, 2)
    for path, why in [
        ("notes.2", "the list has 2 items, counted from 0"),
        ("notes.-1", "'-1' is not an index of a list"),
        ("notes.append", "'append' is not an index of a list"),
        ("rounds.real", "int 2 has no parts to name"),
        ("notes.0.upper", "str 'begun' has no parts to name"),
        ("fatigue.", "'' is not a key a state holds"),
    ]:
        with pytest.raises(RuleError, match=f"^No such state path {path!r}: {why}"):
            correct(path, "x")
    assert (state.notes, state.fatigue, state.rounds) == (["begun", "ONE"], {"a0": 3}, 2)
