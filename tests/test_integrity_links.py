"""Symbolic links never make a save write somewhere else.

Issue 10, point 2: "The fixed temporary name ``.NAME.toml.tmp`` is opened following
symlinks: a link planted there makes a save overwrite any file the user can write, and
the save becomes a link to it. A symlinked save is replaced by a regular file while its
chronicle is still written through its link, so two campaigns end up sharing one
chronicle [...]. A ``.lock`` symlink creates its target." Temporaries now have names no
one can guess and are created with ``O_EXCL | O_NOFOLLOW``; a campaign any of whose
files is a link is refused in one line, by every command, and nothing is written.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from integrity_kit import MOVE, env, family, new_save, ok, orders, refused  # noqa: F401

from tuicamp.storage.locations import backup_path, chronicle_path, lock_path

VICTIM = b"the club's membership list\n"


@pytest.fixture
def victim(env: Path) -> Path:  # noqa: F811
    path = env / "members.txt"
    path.write_bytes(VICTIM)
    return path


def _plain(path: Path) -> bool:
    return stat.S_ISREG(os.lstat(path).st_mode)


@pytest.mark.parametrize(
    "planted", [".war.toml.tmp", ".war.chronicle.toml.tmp", ".war.toml.bak.tmp"]
)
def test_a_link_at_the_old_temporary_names_is_not_written_through(
    env: Path,  # noqa: F811
    victim: Path,
    planted: str,
) -> None:
    save = new_save(env)
    (save.parent / planted).symlink_to(victim)
    ok("apply", save, orders(env, MOVE))
    assert victim.read_bytes() == VICTIM
    assert _plain(save) and _plain(chronicle_path(save)) and _plain(backup_path(save))
    assert "moved 0509 -> 0710" in ok("log", save).out
    if planted.startswith(".war.toml."):  # the state's write clears what a killed one left
        assert not os.path.lexists(save.parent / planted)


@pytest.mark.parametrize("command", ["apply", "show", "log", "check", "battles"])
def test_a_symlinked_save_is_refused_in_one_line(env: Path, command: str) -> None:  # noqa: F811
    real = new_save(env / "real", "other.toml")
    link = env / "war.toml"
    link.symlink_to(real)
    args = [command, link] + ([orders(env, MOVE)] if command == "apply" else [])
    before = family(real), family(link)
    line = refused(*args)
    assert str(link) in line and "symbolic link" in line
    assert (family(real), family(link)) == before
    assert not link.with_name("war.chronicle.toml").exists()


def test_a_chronicle_linked_to_another_campaigns_is_refused(env: Path) -> None:  # noqa: F811
    """Two campaigns may never write one chronicle."""
    first = new_save(env, "first.toml")
    second = new_save(env, "second.toml")
    chronicle_path(second).unlink()
    chronicle_path(second).symlink_to(chronicle_path(first))
    move = orders(env, MOVE)
    before = family(first)
    line = refused("apply", second, move)
    assert line.startswith(f"tuicamp: {chronicle_path(second)}: is a symbolic link")
    assert family(first) == before
    ok("apply", first, orders(env, MOVE))  # the first campaign plays on, untouched


def test_a_lock_link_creates_nothing(env: Path) -> None:  # noqa: F811
    save = new_save(env)
    target = env / "elsewhere" / "created.txt"
    (env / "elsewhere").mkdir()
    lock_path(save).unlink(missing_ok=True)
    lock_path(save).symlink_to(target)
    move = orders(env, MOVE)
    before = family(save)
    line = refused("apply", save, move)
    assert line.startswith(f"tuicamp: {lock_path(save)}: is a symbolic link")
    assert not target.exists()
    assert family(save) == before


def test_new_force_over_a_link_overwrites_nothing(env: Path, victim: Path) -> None:  # noqa: F811
    link = env / "war.toml"
    link.symlink_to(victim)
    line = refused(
        "new", "border-war-empire-vs-orcs", "-r", "sandbox", "-o", link, "--no-play", "--force"
    )
    assert "symbolic link" in line
    assert victim.read_bytes() == VICTIM
    assert os.path.islink(link)


def test_a_linked_saves_folder_is_fine(env: Path) -> None:  # noqa: F811
    """A link to the folder is no link to a file: the files in it are still side by side."""
    real = env / "real"
    real.mkdir()
    (env / "linked").symlink_to(real)
    save = new_save(env / "linked")
    ok("apply", save, orders(env, MOVE))
    assert _plain(real / "war.toml") and _plain(real / "war.chronicle.toml")
