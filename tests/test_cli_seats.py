"""``tuicamp seats`` and the seat gate of ``tuicamp play --as`` (issue 13).

"`tuicamp seats SAVE` lists seats; `tuicamp seats SAVE bind SEAT --key PUBKEY_FILE` binds a
public key (several keys per seat; a GM seat); `unbind`", "`tuicamp seats SAVE
authorized-keys` prints `restrict,pty,command="tuicamp play SAVE --as SEAT"` lines", and
"`tuicamp play --as SEAT` on a seat that has bound keys or a passphrase asks for the
passphrase first".

The command line runs in this process (``cli.main``), the UI replaced by a stand-in that
records which seat it would open, so each test says exactly what was opened, if anything.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from servekit import make_key

from tuicamp import cli
from tuicamp.game.session import Session
from tuicamp.storage.seat_keys import read_public_key_file, read_seat_keys
from tuicamp.ui.passphrase import hash_passphrase


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("TUICAMP_SAVES", str(folder))
    monkeypatch.setenv("TUICAMP_NOW", "2024-05-01T18:00:00Z")
    monkeypatch.chdir(folder)
    args = ["new", "skirmish-valley", "-r", "sandbox", "-o", str(folder / "valley.toml")]
    assert cli.main([*args, "--no-play", "--seed", "3"]) == 0
    return folder


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Path | None, str | None]]:
    """The (save, seat) the UI was started with, instead of starting it."""
    calls: list[tuple[Path | None, str | None]] = []
    monkeypatch.setattr(
        cli, "_run_ui", lambda save, seat, session=None: calls.append((save.resolve(), seat)) or 0
    )
    return calls


def pub(saves: Path, name: str) -> str:
    return f"{make_key(saves.parent / name, name)}.pub"


def test_bind_list_and_unbind(saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    anna, bert = pub(saves, "anna"), pub(saves, "bert")
    assert cli.main(["seats", "valley", "bind", "red", "--key", anna, "--key", bert]) == 0
    assert cli.main(["seats", "valley", "bind", "gm", "--key", pub(saves, "gmkey")]) == 0
    capsys.readouterr()
    assert cli.main(["seats", "valley"]) == 0
    listing = capsys.readouterr().out
    fingerprint = read_public_key_file(Path(anna)).fingerprint
    assert "red" in listing and "2 key(s)" in listing and f"{fingerprint} (anna)" in listing
    assert "[GM]: 1 key(s)" in listing
    assert cli.main(["seats", "valley", "unbind", "red", "--key", fingerprint]) == 0
    assert read_seat_keys(saves / "valley.toml").keys_of("red")[0].comment == "bert"
    assert cli.main(["seats", "valley", "unbind", "red"]) == 0
    assert read_seat_keys(saves / "valley.toml").keys_of("red") == []


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["bind", "blue", "--key", "KEY"], "there is no seat 'blue'"),
        (["bind", "red", "--key", "missing.pub"], "missing.pub: no such file"),
        (["unbind", "red", "--key", "SHA256:nothing"], "seat 'red' had no such key"),
        (["notice", "red"], "give the notice command, or --off"),
        (["authorized-keys"], "no keys are bound"),
    ],
)
def test_bad_seat_commands_say_what_is_wrong(
    saves: Path, capsys: pytest.CaptureFixture[str], args: list[str], says: str
) -> None:
    args = [pub(saves, "anna") if a == "KEY" else a for a in args]
    assert cli.main(["seats", "valley", *args]) == 2
    assert says in capsys.readouterr().err


def test_authorized_keys_lines_force_the_seat(
    saves: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    anna = pub(saves, "anna")
    cli.main(["seats", "valley", "bind", "green", "--key", anna])
    capsys.readouterr()
    assert cli.main(["seats", "valley", "authorized-keys", "--program", "/opt/tc/tuicamp"]) == 0
    (line,) = [x for x in capsys.readouterr().out.splitlines() if not x.startswith("#")]
    options, _, key = line.partition('" ')
    assert options.startswith('restrict,pty,command="')
    command = shlex.split(options.removeprefix('restrict,pty,command="'))
    fingerprint = read_public_key_file(Path(anna)).fingerprint
    save = str((saves / "valley.toml").resolve())
    assert command == ["/opt/tc/tuicamp", "play", save, "--as", "green", "--by-key", fingerprint]
    assert key == Path(anna).read_text().strip()


def test_notice_commands_are_set_and_cleared(saves: Path) -> None:
    assert cli.main(["seats", "valley", "notice", "red", "mail -s 'your turn' anna"]) == 0
    assert read_seat_keys(saves / "valley.toml").seat("red").notice == [
        "mail",
        "-s",
        "your turn",
        "anna",
    ]
    assert cli.main(["seats", "valley", "notice", "red", "--off"]) == 0
    assert read_seat_keys(saves / "valley.toml").seat("red").notice == []


def test_a_seat_without_keys_or_passphrase_opens_as_before(saves: Path, opened) -> None:
    assert cli.main(["play", "valley", "--as", "red"]) == 0
    assert opened == [((saves / "valley.toml").resolve(), "red")]


def test_a_seat_with_keys_and_no_passphrase_is_refused_without_its_key(
    saves: Path, opened, capsys: pytest.CaptureFixture[str]
) -> None:
    anna = pub(saves, "anna")
    cli.main(["seats", "valley", "bind", "red", "--key", anna])
    assert cli.main(["play", "valley", "--as", "red"]) == 2
    assert "is opened by its SSH keys" in capsys.readouterr().err
    other = read_public_key_file(Path(pub(saves, "bert"))).fingerprint
    assert cli.main(["play", "valley", "--as", "red", "--by-key", other]) == 2
    assert "does not open seat 'red'" in capsys.readouterr().err
    mine = read_public_key_file(Path(anna)).fingerprint
    assert cli.main(["play", "valley", "--as", "red", "--by-key", mine]) == 0
    assert opened == [((saves / "valley.toml").resolve(), "red")]


def test_a_seat_with_a_passphrase_asks_for_it_first(
    saves: Path, opened, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    session = Session.open(saves / "valley.toml")
    session.campaign.seat("red").passphrase_hash = hash_passphrase("stirland")
    session.engine.changed()
    session.save()
    typed = iter(["wrong", "stirland"])
    monkeypatch.setattr("getpass.getpass", lambda prompt: next(typed))
    assert cli.main(["play", "valley", "--as", "red"]) == 0
    assert "That is not the passphrase" in capsys.readouterr().err
    assert opened == [((saves / "valley.toml").resolve(), "red")]
    monkeypatch.setattr("getpass.getpass", lambda prompt: "wrong")
    assert cli.main(["play", "valley", "--as", "red"]) == 2
    assert "no right passphrase given; nothing was opened" in capsys.readouterr().err
    assert len(opened) == 1


def test_the_passphrase_command_sets_and_clears_it(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("getpass.getpass", lambda prompt: "reikland")
    assert cli.main(["seats", "valley", "passphrase", "green"]) == 0
    assert Session.open(saves / "valley.toml").campaign.seat("green").passphrase_hash
    assert cli.main(["seats", "valley", "passphrase", "green", "--clear"]) == 0
    assert Session.open(saves / "valley.toml").campaign.seat("green").passphrase_hash is None


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--listen", "nowhere"], "--listen 'nowhere': write it as HOST:PORT"),
        (["--listen", "127.0.0.1:99999"], "the port is a number from 0 to 65535"),
        (["--campaigns", "no-such-folder"], "no-such-folder: no such folder"),
        (["--idle-timeout", "0"], "--idle-timeout: give the minutes"),
        (["--notice", "mail 'unclosed"], "the notice command"),
    ],
)
def test_serve_refuses_bad_settings_in_one_line(
    saves: Path, capsys: pytest.CaptureFixture[str], args: list[str], says: str
) -> None:
    assert cli.main(["serve", *args]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1
