"""A chronicle a Games Master edited by hand still takes the next events.

Issue 10, point 1: "A chronicle without a final newline bricks the save": the next
`apply` glued ``[[event]]`` onto the last line, and every command then refused the
campaign. "Appends must start on a fresh line whatever the file ends with."
"""

from __future__ import annotations

from pathlib import Path

import pytest
from integrity_kit import MOVE, ROLL, env, new_save, ok, orders  # noqa: F401

from tuicamp.storage.locations import chronicle_path


@pytest.mark.parametrize(
    "ending",
    [
        pytest.param(lambda text: text.rstrip("\n"), id="no-final-newline"),
        pytest.param(lambda text: text + "# checked by the GM, 3 May", id="comment-no-newline"),
        pytest.param(lambda text: text + "\n\n\n", id="blank-lines"),
    ],
)
def test_the_next_apply_starts_on_a_fresh_line(env: Path, ending) -> None:  # noqa: F811
    save = new_save(env)
    ok("apply", save, orders(env, MOVE))
    cpath = chronicle_path(save)
    edited = ending(cpath.read_text(encoding="utf-8")).encode()
    cpath.write_bytes(edited)

    ok("apply", save, orders(env, ROLL, "roll.toml"))

    after = cpath.read_bytes()
    assert after.startswith(edited)
    appended = after[len(edited) :]
    assert appended.lstrip(b"\n").startswith(b"[[event]]\n")
    assert (edited + appended).count(b"\n[[event]]\n") == 3
    log = ok("log", save).out
    assert "#3 " in log and "rolled d6" in log
    ok("show", save)
    ok("apply", save, orders(env, ROLL, "roll.toml"))  # and the one after that
    assert "#4 " in ok("log", save).out
