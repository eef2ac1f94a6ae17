"""Seat keys beside the save (storage/seat_keys.py): "Keys are seats" (issue 13).

A key is read in OpenSSH's one-line form and named by OpenSSH's own fingerprint; the
seats file binds several keys per seat and a key to one seat per campaign; every bad
input is one sentence an admin can act on; the file is the owner's alone; the files
beside a save are never taken for saves.
"""

from __future__ import annotations

import shutil
import stat
import subprocess
from pathlib import Path

import pytest
from servekit import make_key

from tuicamp.engine.errors import InputError
from tuicamp.storage.locations import is_save_file
from tuicamp.storage.seat_keys import (
    Marks,
    parse_public_key,
    read_key_list,
    read_marks,
    read_public_key_file,
    read_seat_keys,
    seats_path,
    update_marks,
    update_seat_keys,
)


@pytest.fixture
def key_file(tmp_path: Path) -> Path:
    return make_key(tmp_path / "anna", "anna@laptop")


def test_the_fingerprint_is_the_one_ssh_keygen_prints(key_file: Path) -> None:
    if shutil.which("ssh-keygen") is None:
        pytest.skip("ssh-keygen is not installed (openssh-client)")
    printed = subprocess.run(
        ["ssh-keygen", "-lf", f"{key_file}.pub"], capture_output=True, text=True, check=True
    ).stdout.split()[1]
    key = read_public_key_file(Path(f"{key_file}.pub"))
    assert key.fingerprint == printed
    assert key.comment == "anna@laptop" and key.kind == "ssh-ed25519"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "no public key in it"),
        ("ssh-dss AAAA", "is not an SSH public key type"),
        ("ssh-ed25519", "has no key data after its type"),
        ("ssh-ed25519 not*base64", "is not base64"),
        ("ssh-ed25519 AAAAB3NzaC1yc2EAAAADAQAB", "is not a ssh-ed25519 key"),
        ('restrict,command="x" ssh-ed25519 AAAA', "authorized_keys options in front"),
        ("-----BEGIN OPENSSH PRIVATE KEY-----", "that is a private key"),
    ],
)
def test_a_bad_key_is_refused_in_words(text: str, says: str) -> None:
    with pytest.raises(InputError, match=says) as err:
        parse_public_key(text, "anna.pub")
    assert str(err.value).startswith("anna.pub: ")


def test_a_private_key_file_is_refused(key_file: Path) -> None:
    with pytest.raises(InputError, match="give the public key"):
        read_public_key_file(key_file)


def test_keys_bind_to_seats_and_a_key_opens_one_seat(tmp_path: Path) -> None:
    save = tmp_path / "valley.toml"
    anna, bert = (
        read_public_key_file(Path(f"{make_key(tmp_path / n, n)}.pub")) for n in ("anna", "bert")
    )
    assert update_seat_keys(save, lambda k: k.bind("red", anna)) is True
    assert update_seat_keys(save, lambda k: k.bind("red", bert)) is True  # several per seat
    assert update_seat_keys(save, lambda k: k.bind("red", anna)) is False
    with pytest.raises(InputError, match="already opens seat 'red'"):
        update_seat_keys(save, lambda k: k.bind("green", anna))
    keys = read_seat_keys(save)
    assert keys.seat_of(anna.fingerprint) == keys.seat_of(bert.fingerprint) == "red"
    assert update_seat_keys(save, lambda k: k.unbind("red", anna.fingerprint)) == [anna]
    assert read_seat_keys(save).seat_of(anna.fingerprint) is None
    assert stat.S_IMODE(seats_path(save).stat().st_mode) == 0o600


def test_a_damaged_seats_file_names_its_line(tmp_path: Path) -> None:
    save = tmp_path / "valley.toml"
    seats_path(save).write_text('format_version = 1\n\n[seat.red]\nkeys = ["ssh-ed25519 AAAA"]\n')
    with pytest.raises(InputError, match=r"valley\.seats\.toml:4: the key data is not"):
        read_seat_keys(save)
    seats_path(save).write_text("[seat.red]\nkey = []\n")
    with pytest.raises(InputError, match=r":2: unknown key 'key' \(keys, notice\)"):
        read_seat_keys(save)


def test_a_key_list_reads_every_key_and_skips_comments(tmp_path: Path, key_file: Path) -> None:
    listing = tmp_path / "gm_keys"
    line = Path(f"{key_file}.pub").read_text().strip()
    listing.write_text(f"# the club's GMs\n\n{line}\n")
    assert [k.comment for k in read_key_list(listing)] == ["anna@laptop"]
    listing.write_text(f"{line}\nnonsense\n")
    with pytest.raises(InputError, match="gm_keys:2:"):
        read_key_list(listing)
    assert read_key_list(tmp_path / "none") == []


def test_the_files_beside_a_save_are_no_saves(tmp_path: Path) -> None:
    for name in ("valley.seats.toml", "valley.marks.toml", "valley.chronicle.toml"):
        (tmp_path / name).write_text("")
        assert not is_save_file(tmp_path / name)
    (tmp_path / "valley.toml").write_text("")
    assert is_save_file(tmp_path / "valley.toml")


def test_marks_are_kept_and_a_damaged_file_is_no_marks(tmp_path: Path) -> None:
    save = tmp_path / "valley.toml"

    def look(marks: Marks) -> None:
        marks.seen["red"] = 7
        marks.tell("red", "1/play/0/0")

    update_marks(save, look)
    marks = read_marks(save)
    assert marks.seen == {"red": 7} and marks.told("red", "1/play/0/0")
    (tmp_path / "valley.marks.toml").write_text("not toml [")
    assert read_marks(save) == Marks()
