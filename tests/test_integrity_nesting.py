"""Deeply nested files are refused in one line, never with a RecursionError.

Issue 10, point 7: "About 500 nesting levels (a 1 KB file) make every command exit 1 with
RecursionError; 170 fuzz runs hit it. One line, exit 2."
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from integrity_kit import MOVE, SCENARIO, env, family, new_save, orders, refused, tuicamp  # noqa: F401
from test_storage_kit import reseal

from tuicamp.storage.locations import chronicle_path
from tuicamp.storage.scenario import find_scenario
from tuicamp.storage.tomlfile import MAX_DEPTH, parse_toml

DEEP = "deep = " + "[" * 500 + "1" + "]" * 500  # a 1 KB line
DEEP_TABLES = "deep = " + "{ a = " * 500 + "1" + " }" * 500


def _with_line(path: Path, line: str, after: str) -> int:
    """Put ``line`` after the first line that is ``after``; returns its line number."""
    lines = path.read_text(encoding="utf-8").split("\n")
    at = lines.index(after) + 1
    lines.insert(at, line)
    path.write_text("\n".join(lines), encoding="utf-8")
    return at + 1


def _message(path: Path, line: int) -> str:
    return (
        f"{path}:{line}: tables and arrays are nested more than {MAX_DEPTH} levels deep "
        "here; tuicamp's files never are"
    )


@pytest.mark.parametrize("deep", [DEEP, DEEP_TABLES], ids=["arrays", "tables"])
def test_a_deep_scenario_is_one_line(env: Path, deep: str) -> None:  # noqa: F811
    path = env / "deep.toml"
    shutil.copyfile(find_scenario(SCENARIO), path)
    line = _with_line(path, deep, "[ruleset.sandbox]")
    run = tuicamp("check", path)
    assert (run.code, run.err) == (2, _message(path, line) + "\n")
    new = refused("new", path, "-r", "sandbox", "-o", env / "x.toml", "--no-play")
    assert new == f"tuicamp: {_message(path, line)}"
    assert not (env / "x.toml").exists()


@pytest.mark.parametrize("command", ["check", "show", "log", "battles", "apply"])
def test_a_deep_save_is_one_line_for_every_command(env: Path, command: str) -> None:  # noqa: F811
    save = new_save(env)
    line = _with_line(save, DEEP, "[campaign.victory]")
    reseal(save)  # sealed again by hand: the depth itself must be what is refused
    move = orders(env, MOVE)
    before = family(save)
    args = [command, save] + ([move] if command == "apply" else [])
    run = tuicamp(*args)
    assert run.code == 2
    assert run.err.split("\n")[0].removeprefix("tuicamp: ") == _message(save, line)
    if command != "check":
        assert run.line
    assert family(save) == before


def test_a_deep_chronicle_is_one_line(env: Path) -> None:  # noqa: F811
    save = new_save(env)
    cpath = chronicle_path(save)
    line = _with_line(cpath, DEEP, "[[event]]")
    before = family(save)
    assert refused("log", save) == f"tuicamp: {_message(cpath, line)}"
    assert family(save) == before


def test_deep_orders_are_one_line(env: Path) -> None:  # noqa: F811
    save = new_save(env)
    path = orders(env, MOVE.replace('to = "0710"', f'to = "0710"\n{DEEP}'))
    before = family(save)
    assert refused("apply", save, path) == f"tuicamp: {_message(path, 7)}"
    assert family(save) == before


def test_nesting_up_to_the_limit_is_read() -> None:
    """The limit is far above what tuicamp writes (10 levels) and far below where Python
    runs out of stack."""
    ok = "x = " + "[" * (MAX_DEPTH - 1) + "1" + "]" * (MAX_DEPTH - 1)
    assert parse_toml(ok.encode(), Path("ok.toml")).data["x"]
