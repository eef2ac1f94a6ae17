"""Where saves live, how they are listed, and how a file is replaced."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_storage_kit import make_campaign, tiny  # noqa: F401

from tuicamp.game.session import Session
from tuicamp.storage.locations import (
    atomic_write,
    backup_path,
    chronicle_path,
    lock_path,
    new_save_path,
    resolve_save,
    saves_dir,
    slug,
)
from tuicamp.storage.saves import list_saves

pytestmark = pytest.mark.usefixtures("tiny")


def test_the_saves_folder_in_order_of_preference(tmp_path: Path) -> None:
    home, cwd = tmp_path / "home", tmp_path / "work"
    cwd.mkdir()
    env = {"HOME": str(home)}
    assert saves_dir(env, cwd) == home / ".local/share/tuicamp/saves"
    env["XDG_DATA_HOME"] = "relative/data"  # the XDG spec: ignore a relative path
    assert saves_dir(env, cwd) == home / ".local/share/tuicamp/saves"
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg")
    assert saves_dir(env, cwd) == tmp_path / "xdg/tuicamp/saves"
    (cwd / "saves").mkdir()
    assert saves_dir(env, cwd) == cwd / "saves"
    env["TUICAMP_SAVES"] = str(tmp_path / "club")
    assert saves_dir(env, cwd) == tmp_path / "club"


def test_the_repository_ships_a_saves_folder() -> None:
    root = Path(__file__).resolve().parent.parent
    assert saves_dir({"HOME": "/nonexistent"}, root) == root / "saves"


def test_companion_files() -> None:
    save = Path("/x/war.toml")
    assert chronicle_path(save) == Path("/x/war.chronicle.toml")
    assert backup_path(save) == Path("/x/war.toml.bak")
    assert lock_path(save) == Path("/x/war.toml.lock")
    assert chronicle_path(Path("/x/war.sav")) == Path("/x/war.sav.chronicle.toml")


def test_names_and_paths(tmp_path: Path) -> None:
    assert slug("The Reikland War!") == "the-reikland-war"
    assert slug("Grünburg: Ærø ✠ War") == "grunburg-ærø-war"
    assert slug("✠✠") == "campaign"
    first = new_save_path("Border War", tmp_path)
    assert first == tmp_path / "border-war.toml"
    first.write_text("")
    assert new_save_path("Border War", tmp_path) == tmp_path / "border-war-2.toml"
    assert resolve_save("border-war", tmp_path) == first
    assert resolve_save("border-war.toml", tmp_path) == first
    assert resolve_save(str(first)) == first
    assert resolve_save("sub/x.toml", tmp_path) == Path("sub/x.toml")


def test_a_scenario_in_the_working_folder_does_not_hide_the_campaign_of_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`tuicamp show border-war` beside ./border-war.toml, a scenario being written: the
    campaign border-war in the saves folder is meant; a save in the working folder still
    wins, as a path given does."""
    work, saves = tmp_path / "work", tmp_path / "saves"
    work.mkdir()
    saves.mkdir()
    monkeypatch.chdir(work)
    kept = saves / "border-war.toml"
    kept.write_text("[header]\nformat_version = 1\n", "utf-8")
    here = work / "border-war.toml"
    here.write_text('# a scenario\n[scenario]\nname = "Border War"\n', "utf-8")
    assert resolve_save("border-war", saves) == kept
    here.write_text("# a save copied here\n\n[header]\nformat_version = 1\n", "utf-8")
    assert resolve_save("border-war", saves) == Path("border-war.toml")
    kept.unlink()
    here.write_text('[scenario]\nname = "Border War"\n', "utf-8")
    assert resolve_save("border-war", saves) == Path("border-war.toml")  # says what it is


def test_list_saves_reads_headers_and_skips_companions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    older, newer = tmp_path / "older.toml", tmp_path / "newer.toml"
    monkeypatch.setenv("TUICAMP_NOW", "2024-01-01T10:00:00Z")
    Session.create(older, make_campaign()).save()  # .bak, .lock and chronicle beside it
    monkeypatch.setenv("TUICAMP_NOW", "2024-06-01T10:00:00Z")
    campaign = make_campaign()
    campaign.name = "Newer War"
    Session.create(newer, campaign)
    (tmp_path / "broken.toml").write_text("[header]\nformat_version = 1\n", "utf-8")
    (tmp_path / ".hidden.toml").write_text("", "utf-8")
    (tmp_path / "notes.txt").write_text("", "utf-8")
    entries = list_saves(tmp_path)
    assert [e.path.name for e in entries] == ["newer.toml", "older.toml", "broken.toml"]
    assert entries[0].header.name == "Newer War" and entries[0].problem is None
    assert entries[2].header is None and "broken.toml:" in entries[2].problem
    assert list_saves(tmp_path / "absent") == []


def test_list_saves_uses_the_saves_folder(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    Session.create(tmp_path / "one.toml", make_campaign())
    assert [e.path for e in list_saves()] == [tmp_path / "one.toml"]


def test_atomic_write_keeps_the_mode_and_the_backup(tmp_path: Path) -> None:
    path, bak = tmp_path / "f.toml", tmp_path / "f.toml.bak"
    atomic_write(path, b"one", backup=bak)
    assert path.read_bytes() == b"one" and not bak.exists()
    os.chmod(path, 0o640)
    atomic_write(path, b"two", backup=bak)
    assert path.read_bytes() == b"two" and bak.read_bytes() == b"one"
    assert path.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.toml", "f.toml.bak"]


def test_a_failed_write_leaves_the_old_file(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "f.toml"
    atomic_write(path, b"old")

    def fail(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        atomic_write(path, b"new")
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["f.toml"]  # no temporary left
