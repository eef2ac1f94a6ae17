"""A save proves it is whole: its seal, checked on every load.

Issue 10, point 3: "A truncated save passes `check` and plays on. 138 of 362
line-truncations of one save and 159 of 275 of another pass `check`; a Rauscher save cut
to its map alone is "ok (save)" and the next `apply` writes the loss back for good. A
save must prove it is whole (an end marker or a digest of its content in the header,
checked on load; a hand-edited file can be re-sealed with one command, e.g. `tuicamp
check --reseal`, after a clear message)."
"""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest
from integrity_kit import MOVE, env, family, new_save, ok, orders, refused, tuicamp  # noqa: F401

from tuicamp.storage.locations import backup_path, chronicle_path
from tuicamp.storage.seal import find_seal, seal_holds

OLD_SAVES = Path(__file__).parent / "data" / "saves_before_kit"


def _rauscher_save(folder: Path) -> Path:
    path = folder / "stir.toml"
    ok("new", "rauscher-stir-border", "-r", "rauscher", "-o", path, "--no-play", "--seed", "4")
    return path


def _cut_short(save: Path) -> str:
    return (
        f"tuicamp: {save}:2: the save's seal does not match its content: it was cut short "
        f"or edited by hand; "
    )


def _line_cuts(save: Path, count: int) -> list[int]:
    """``count`` places to cut the save at a line's end, spread over the whole file."""
    lines = save.read_bytes().split(b"\n")
    step = max(1, len(lines) // count)
    return list(range(3, len(lines) - 1, step))


@pytest.mark.parametrize("which", ["sandbox", "rauscher"])
def test_no_line_truncation_of_a_save_passes_check(env: Path, which: str) -> None:  # noqa: F811
    save = new_save(env) if which == "sandbox" else _rauscher_save(env)
    ok("apply", save, orders(env, MOVE)) if which == "sandbox" else None
    whole = save.read_bytes()
    lines = whole.split(b"\n")
    for keep in _line_cuts(save, 60):
        save.write_bytes(b"\n".join(lines[:keep]) + b"\n")
        run = tuicamp("check", save)
        assert run.code == 2, (keep, run.out)
        assert run.err.startswith(_cut_short(save).removeprefix("tuicamp: ")), (keep, run.err)


def test_a_rauscher_save_cut_to_its_map_alone_is_refused_and_never_written_back(
    env: Path,  # noqa: F811
) -> None:
    save = _rauscher_save(env)
    text = save.read_text(encoding="utf-8")
    save.write_text(text[: text.index("[[campaign.players]]")], encoding="utf-8")
    cut = save.read_bytes()
    end = orders(env, 'seat = "gm"\n[[action]]\nkind = "end_phase"\n', "end.toml")
    before = family(save)
    check = tuicamp("check", save)
    assert check.code == 2 and check.err.startswith(_cut_short(save).removeprefix("tuicamp: "))
    for command in (["show"], ["log"], ["apply", end]):
        line = refused(command[0], save, *command[1:])
        assert line.startswith(_cut_short(save)), line
    assert family(save) == before and save.read_bytes() == cut


def test_a_hand_edit_in_the_middle_is_refused_with_what_to_do(env: Path) -> None:  # noqa: F811
    save = new_save(env)
    ok("apply", save, orders(env, MOVE))
    edited = save.read_text(encoding="utf-8").replace("treasury = 50", "treasury = 5000", 1)
    save.write_text(edited, encoding="utf-8")
    before = family(save)
    line = refused("show", save)
    assert line == (
        f"{_cut_short(save)}restore war.toml.bak, or check it and seal it again with "
        f"`tuicamp check --reseal {save}`"
    )
    assert family(save) == before


def test_reseal_checks_the_edit_and_seals_it_at_the_next_revision(env: Path) -> None:  # noqa: F811
    save = new_save(env)
    ok("apply", save, orders(env, MOVE))
    revision = tomllib.loads(save.read_text("utf-8"))["header"]["revision"]
    edited = save.read_text(encoding="utf-8").replace("treasury = 50", "treasury = 5000", 1)
    save.write_text(edited, encoding="utf-8")

    run = ok("check", "--reseal", save)
    assert run.out == (
        f"{save}: checked and sealed again at revision {revision + 1} "
        "(the file as it was is kept as war.toml.bak)\n"
    )
    assert backup_path(save).read_text(encoding="utf-8") == edited
    raw = save.read_bytes()
    assert seal_holds(raw, find_seal(raw))
    assert tomllib.loads(raw.decode())["header"]["revision"] == revision + 1
    assert "treasury 5000 gc" in ok("show", save, "--as", "empire").out
    assert ok("check", "--reseal", save).out == (
        f"{save}: ok (save); its seal already holds, nothing written\n"
    )
    assert save.read_bytes() == raw


def test_reseal_refuses_a_save_with_problems_and_writes_nothing(env: Path) -> None:  # noqa: F811
    save = new_save(env)
    edited = save.read_text(encoding="utf-8").replace("points = 145", "points = -145", 1)
    save.write_text(edited, encoding="utf-8")
    before = family(save)
    run = tuicamp("check", "--reseal", save)
    assert run.code == 2
    problem, last = run.err.strip().split("\n")
    assert re.match(rf"^{re.escape(str(save))}:\d+: .*points cannot be negative", problem)
    assert last == f"{save}: not sealed: put the problems above right first"
    assert family(save) == before


def test_a_save_whose_seal_line_is_gone_is_refused(env: Path) -> None:  # noqa: F811
    save = new_save(env)
    text = save.read_text(encoding="utf-8")
    save.write_text(re.sub(r"(?m)^seal = .*\n", "", text), encoding="utf-8")
    line = refused("show", save)
    assert line.startswith(f"tuicamp: {save}:1: the save has no seal line in its [header]")
    assert f"tuicamp check --reseal {save}" in line


def test_the_seal_is_the_second_line_and_says_what_it_is(env: Path) -> None:  # noqa: F811
    save = new_save(env)
    first, second = save.read_text(encoding="utf-8").split("\n")[:2]
    assert first == "[header]"
    assert re.fullmatch(
        r'seal = "sha256:[0-9a-f]{64}"  # digest of the rest of this file '
        r"\(after a hand edit: tuicamp check --reseal\)",
        second,
    )


@pytest.mark.parametrize("ruleset", ["sandbox", "rauscher"])
def test_a_save_from_before_seals_loads_and_its_next_write_seals_it(
    env: Path,  # noqa: F811
    ruleset: str,
) -> None:
    """Saves written before seals carry none: they are read as they are (the README's
    saves section says so) and sealed by their next write."""
    for name in (f"{ruleset}.toml", f"{ruleset}.chronicle.toml"):
        shutil.copy(OLD_SAVES / name, env / name)
    save = env / f"{ruleset}.toml"
    assert find_seal(save.read_bytes()) is None
    assert ok("check", save).out == (
        f"{save}: ok (save, written before saves were sealed: its next write seals it)\n"
    )
    ok("check", "--reseal", save)  # "its next write": here, the reseal
    raw = save.read_bytes()
    assert seal_holds(raw, find_seal(raw))
    assert ok("check", save).out == f"{save}: ok (save)\n"
    assert chronicle_path(save).exists()
