"""A big save's parsed copy (storage/parsed.py): read for the very bytes it was made from,
ignored and made again for anything else, and never in the save's place."""

from __future__ import annotations

import os
import tomllib
from datetime import date
from pathlib import Path

import pytest
from conftest import small_campaign

from tuicamp.game.session import Session
from tuicamp.storage import chronicle, parsed
from tuicamp.storage.chronicle import Problems
from tuicamp.storage.locations import atomic_write
from tuicamp.storage.parsed import parse_save_source, parsed_path
from tuicamp.storage.saves import load_save


@pytest.fixture
def parses(monkeypatch) -> list[int]:
    """Every save is big enough for a copy; each TOML parse is counted (its length)."""
    monkeypatch.setattr(parsed, "MIN_BYTES", 0)
    counted: list[int] = []
    original = tomllib.loads

    def loads(text: str, **kwargs):
        counted.append(len(text))
        return original(text, **kwargs)

    monkeypatch.setattr(chronicle.tomllib, "loads", loads)
    return counted


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "war.toml"
    Session.create(path, small_campaign())
    return path


def _save_parses(counted: list[int], save: Path) -> int:
    return counted.count(len(save.read_text()))


def test_a_second_read_takes_the_copy_and_loads_the_same_campaign(parses, save):
    first = load_save(save)
    assert _save_parses(parses, save) == 1 and parsed_path(save).is_file()
    again = load_save(save)
    assert _save_parses(parses, save) == 1  # not parsed again
    assert again == first


def test_a_small_save_keeps_no_copy(save, monkeypatch):
    monkeypatch.setattr(parsed, "MIN_BYTES", save.stat().st_size + 1)
    load_save(save)
    assert not parsed_path(save).exists()


def test_the_copy_is_hidden_and_as_private_as_the_save(parses, save):
    save.chmod(0o600)
    load_save(save)
    copy = parsed_path(save)
    assert copy.name == ".war.toml.parsed"
    assert copy.stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize(
    "spoil",
    [
        lambda b: b[: len(b) // 2],  # cut short
        lambda b: b.replace(b'"', b"'", 1),  # edited after its first line
        lambda b: b"tuicamp-parsed 0" + b.partition(b" 1")[2],  # another layout
        lambda b: b"not a copy at all",
        lambda b: b"",
    ],
)
def test_a_broken_copy_is_ignored_and_made_again(parses, save, spoil):
    expected = load_save(save)
    copy = parsed_path(save)
    copy.write_bytes(spoil(copy.read_bytes()))
    assert load_save(save) == expected
    assert _save_parses(parses, save) == 2  # parsed from the TOML again
    assert load_save(save) == expected and _save_parses(parses, save) == 2  # copy made again


def test_a_copy_of_other_bytes_is_never_read(parses, save):
    """A save rewritten (by another tuicamp, by hand and sealed again) is read as it is
    now, even when the copy of what it was is still beside it."""
    load_save(save)
    session = Session.open(save)
    session.campaign.name = "The War Renamed"
    session.engine.changed()
    session.save()
    assert load_save(save)[0].name == "The War Renamed"


def test_a_copy_whose_digest_matches_but_names_other_bytes_is_refused(parses, save):
    """The copy names the save's bytes by their digest: a copy made for another save,
    put here whole, does not match this one."""
    other = save.with_name("other.toml")
    Session.create(other, small_campaign())
    load_save(other)
    os.replace(parsed_path(other), parsed_path(save))
    load_save(save)
    assert _save_parses(parses, save) == 1


def test_data_json_cannot_hold_keeps_no_copy(parses, tmp_path):
    path = tmp_path / "dated.toml"
    raw = b"[header]\nwhen = 2026-01-01\n"
    source = parse_save_source(path, raw, Problems())
    assert source is not None and source.data["header"]["when"] == date(2026, 1, 1)
    assert not parsed_path(path).exists()


def test_a_copy_that_cannot_be_written_leaves_the_read_whole(parses, save, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError("read-only folder")

    monkeypatch.setattr(parsed, "hidden_temporary", refuse)
    assert load_save(save)[0].name == small_campaign().name
    assert not parsed_path(save).exists()


def test_a_killed_writers_temporary_is_swept_by_the_next_save(parses, save):
    leftover = save.with_name(f".{save.name}.0123456789ab.parsed.tmp")
    leftover.write_bytes(b"half a copy")
    atomic_write(save, save.read_bytes())
    assert not leftover.exists()
