"""A big save's parsed copy (storage/parsed.py): read for the very bytes it was made from,
ignored and made again for anything else, and never in the save's place."""

from __future__ import annotations

import json
import os
import tomllib
import zlib
from datetime import date
from pathlib import Path

import pytest
from conftest import small_campaign
from hypothesis import given, settings
from hypothesis import strategies as st

from tuicamp.engine.corrections import CorrectTreasury
from tuicamp.engine.errors import InputError
from tuicamp.game.session import OrdersRepeated, Session
from tuicamp.storage import chronicle, parsed
from tuicamp.storage.chronicle import Problems
from tuicamp.storage.locations import atomic_write
from tuicamp.storage.orders import Orders
from tuicamp.storage.parsed import bytes_key, parse_save_source, parsed_path
from tuicamp.storage.saves import load_save
from tuicamp.storage.seal import sealed


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
    """A save without its copy (as one written by hand, or by a tuicamp before copies were
    kept at writing): the copy its first read leaves is what these tests follow."""
    path = tmp_path / "war.toml"
    Session.create(path, small_campaign())
    parsed_path(path).unlink(missing_ok=True)
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
    campaign = small_campaign()
    campaign.name = "Another War"
    Session.create(other, campaign)
    load_save(other)
    os.replace(parsed_path(other), parsed_path(save))
    assert load_save(save)[0].name == small_campaign().name
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


# --- the copy tuicamp's own writes leave ------------------------------------------------
def _copy_data(save: Path) -> dict:
    """The copy's data, once its first line is checked: it names the save's bytes as a
    read names them (the writer, which sealed the save, named them without digesting
    them again), and its own check holds."""
    first, _, body = parsed_path(save).read_bytes().partition(b"\n")
    assert first.split(b" ")[2] == bytes_key(save.read_bytes())
    assert first.split(b" ")[3] == f"{len(body)}-{zlib.crc32(body):08x}".encode()
    return json.loads(body)


def _as_parsed(save: Path) -> str:
    """The save's data as tomllib parses it, keys in their order."""
    return json.dumps(tomllib.loads(save.read_text()))


def test_a_new_save_leaves_its_copy_and_its_first_open_parses_nothing(parses, tmp_path):
    path = tmp_path / "war.toml"
    Session.create(path, small_campaign())
    assert json.dumps(_copy_data(path)) == _as_parsed(path)
    parses.clear()
    opened = load_save(path)
    assert _save_parses(parses, path) == 0
    parsed_path(path).unlink()
    assert load_save(path) == opened  # the same as parsed from the TOML


def test_an_autosave_leaves_the_copy_of_the_bytes_it_wrote(parses, save):
    session = Session.open(save)
    session.perform("gm", CorrectTreasury(player="p1", amount=77, reason="a gift"))
    assert json.dumps(_copy_data(save)) == _as_parsed(save)
    parses.clear()
    campaign, chronicle = load_save(save)
    assert _save_parses(parses, save) == 0
    assert campaign.player("p1").treasury == 77 and chronicle[-1].kind == "correction"


def test_applied_orders_are_in_the_copy_as_they_are_parsed(parses, save):
    session = Session.open(save)
    orders = Orders("gm", [CorrectTreasury(player="p2", amount=5, reason="r")], id="gm-1")
    session.apply_orders("gm", orders)
    assert _copy_data(save)["applied_orders"] == [{"seat": "gm", "id": "gm-1", "revision": 2}]
    assert json.dumps(_copy_data(save)) == _as_parsed(save)
    with pytest.raises(OrdersRepeated):  # read from the copy, the save remembers them
        Session.open(save).apply_orders("gm", orders)


def test_a_save_edited_by_hand_after_it_was_written_is_never_shadowed_by_its_copy(parses, save):
    """The TOML is the one truth: edited and sealed again, it is read as edited; edited
    and not sealed, it is refused, though the copy of what it was is still beside it."""
    Session.open(save).save()
    copy = parsed_path(save).read_bytes()
    edited = save.read_bytes().replace(b'name = "Test March"', b'name = "Test Retreat"')
    save.write_bytes(sealed(edited))
    assert load_save(save)[0].name == "Test Retreat"
    assert _save_parses(parses, save) == 1
    parsed_path(save).write_bytes(copy)  # the old copy back: still not read
    assert load_save(save)[0].name == "Test Retreat"
    save.write_bytes(edited)
    with pytest.raises(InputError, match="seal does not match"):
        load_save(save)


def test_a_write_stopped_before_its_copy_leaves_the_old_copy_unread(parses, save, monkeypatch):
    """A crash between the save's rename and the copy's: the old copy names the old bytes."""
    session = Session.open(save)
    session.save()
    monkeypatch.setattr(parsed, "_keep", lambda *args: None)
    session.perform("gm", CorrectTreasury(player="p1", amount=3, reason="r"))
    parses.clear()
    assert load_save(save)[0].player("p1").treasury == 3
    assert _save_parses(parses, save) == 1


def test_a_small_save_written_keeps_no_copy(tmp_path, monkeypatch):
    path = tmp_path / "war.toml"
    monkeypatch.setattr(parsed, "MIN_BYTES", 10**6)
    Session.create(path, small_campaign())
    Session.open(path).save()
    assert not parsed_path(path).exists()


def test_a_copy_that_cannot_be_written_leaves_the_save_written(parses, save, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError("no room")

    monkeypatch.setattr(parsed, "hidden_temporary", refuse)
    session = Session.open(save)
    session.perform("gm", CorrectTreasury(player="p1", amount=9, reason="r"))
    assert not parsed_path(save).exists()
    assert load_save(save)[0].player("p1").treasury == 9


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_key_of_a_sealed_save_names_every_byte_of_it(tmp_path_factory, data):
    """A sealed save is named by the digest of all but its seal line (what the seal says),
    where that line is and the line's own digest: any byte changed, anywhere (the seal
    line's comment included), names other bytes, so a copy is never taken for them."""
    path = tmp_path_factory.mktemp("key") / "war.toml"
    Session.create(path, small_campaign())
    raw = path.read_bytes()
    at = data.draw(st.integers(0, len(raw) - 1), label="byte")
    byte = data.draw(st.integers(0, 255).filter(lambda b: b != raw[at]), label="value")
    changed = raw[:at] + bytes([byte]) + raw[at + 1 :]
    assert bytes_key(changed) != bytes_key(raw)
