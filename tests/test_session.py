"""Session: the engine bound to a save file, saved after every action, on real files."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from test_storage_kit import Note, RollFatigue, make_campaign, tiny  # noqa: F401

from tuicamp.engine.corrections import CorrectTreasury
from tuicamp.engine.errors import InputError, RuleError
from tuicamp.game.session import Session
from tuicamp.storage import chronicle as chronicle_module
from tuicamp.storage.locations import SaveBusy, backup_path, chronicle_path, write_lock
from tuicamp.storage.saves import StaleSave, load_save, read_header

pytestmark = pytest.mark.usefixtures("tiny")

NOW = "2024-05-01T18:00:00Z"


@pytest.fixture(autouse=True)
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUICAMP_NOW", NOW)


def files(path: Path) -> dict[str, bytes | None]:
    """The bytes of a save's family of files (None: absent)."""
    out = {}
    for p in (path, chronicle_path(path), backup_path(path)):
        out[p.name] = p.read_bytes() if p.exists() else None
    return out


def treasury(amount: int) -> CorrectTreasury:
    return CorrectTreasury(player="p1", amount=amount, reason="counted again")


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "war.toml"
    Session.create(path, make_campaign())
    return path


# --- creating and opening ------------------------------------------------------------
def test_create_writes_a_loadable_save_with_its_chronicle(tmp_path: Path) -> None:
    path = tmp_path / "new" / "war.toml"  # the folder is made when missing
    campaign = make_campaign()
    session = Session.create(path, campaign)
    assert session.campaign is campaign and session.revision == 1
    loaded, events = load_save(path)
    assert loaded == campaign and events == []
    assert chronicle_path(path).exists()
    assert not backup_path(path).exists()  # nothing older to keep


def test_create_refuses_an_existing_save(save: Path) -> None:
    before = files(save)
    with pytest.raises(InputError, match="already exists"):
        Session.create(save, make_campaign())
    assert files(save) == before


def test_create_overwrite_replaces_the_campaign_and_outranks_old_sessions(save: Path) -> None:
    old = Session.open(save)
    old.perform("gm", treasury(5))
    fresh = make_campaign()
    fresh.name = "Second War"
    new = Session.create(save, fresh, overwrite=True)
    assert load_save(save)[0].name == "Second War"
    assert load_save(save)[1] == []
    assert not backup_path(save).exists()  # the backup was of the other campaign
    assert new.revision > old.revision
    with pytest.raises(StaleSave):
        old.perform("gm", treasury(6))


def test_open_reads_what_was_saved(save: Path) -> None:
    first = Session.open(save)
    first.perform("s1", RollFatigue(army="a0"))
    second = Session.open(save)
    assert second.campaign == first.campaign
    assert second.chronicle == first.chronicle
    assert second.ruleset is first.ruleset
    assert second.revision == first.revision


def test_create_with_a_chronicle_keeps_it(save: Path, tmp_path: Path) -> None:
    session = Session.open(save)
    session.perform("s1", RollFatigue(army="a0"))
    copy = tmp_path / "copy.toml"
    Session.create(copy, session.campaign, session.chronicle)
    campaign, events = load_save(copy)
    assert events == session.chronicle
    assert campaign.chronicle_length == len(events)


# --- autosave ------------------------------------------------------------------------
def test_every_action_is_saved_at_once(save: Path) -> None:
    session = Session.open(save)
    events = session.perform("gm", treasury(7))
    campaign, chronicle = load_save(save)
    assert campaign.player("p1").treasury == 7
    assert chronicle == events == session.chronicle
    assert read_header(save).revision == session.revision == 2


def test_a_refused_action_writes_nothing(save: Path) -> None:
    session = Session.open(save)
    session.perform("gm", treasury(7))
    before = files(save)
    with pytest.raises(RuleError, match="negative"):
        session.perform("gm", treasury(-1))
    with pytest.raises(RuleError, match="no seat"):
        session.perform("nobody", treasury(1))
    assert files(save) == before
    session.perform("gm", treasury(8))  # and the session goes on normally
    assert load_save(save)[0].player("p1").treasury == 8


def test_perform_all_refused_leaves_every_byte(save: Path) -> None:
    session = Session.open(save)
    session.perform("s1", Note(text="first"))
    before = files(save)
    revision = session.revision
    with pytest.raises(RuleError, match="needs text"):
        session.perform_all("s1", [Note(text="second"), Note(text="")])
    assert files(save) == before
    assert session.campaign.state.notes == ["begun", "first"]
    assert len(session.chronicle) == 1 and session.revision == revision


def test_perform_all_saves_once(save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session.open(save)
    writes = []
    real = Session._write_files
    monkeypatch.setattr(
        Session, "_write_files", lambda self, *args: writes.append(1) or real(self, *args)
    )
    session.perform_all("s1", [Note(text="x"), Note(text="y"), Note(text="z")])
    assert writes == [1]
    assert load_save(save)[0].state.notes == ["begun", "x", "y", "z"]
    assert session.revision == 2


def test_a_refusal_after_a_save_keeps_the_new_revision(save: Path) -> None:
    # The engine restores a refused action from its cached snapshot; the revision the
    # last save wrote must survive that, or the next save would look stale.
    session = Session.open(save)
    session.perform("gm", treasury(1))
    with pytest.raises(RuleError):
        session.perform("gm", treasury(-1))
    assert session.campaign.revision == session.revision
    session.perform("gm", treasury(2))
    assert read_header(save).revision == 3


def test_undo_is_saved(save: Path) -> None:
    session = Session.open(save)
    session.perform("s1", Note(text="oops"))
    event = session.undo("s1")
    assert event.kind == "undo"
    campaign, chronicle = load_save(save)
    assert campaign.state.notes == ["begun"]
    assert [e.kind for e in chronicle] == ["note", "undo"]


def test_save_and_view(save: Path) -> None:
    session = Session.open(save)
    session.save()
    assert read_header(save).revision == 2
    view = session.view("s2")
    assert view.seat == "s2" and view.players_controlled == ["p2"]
    hidden = view.player("p1")
    assert hidden is not None and hidden.treasury is None


def test_the_previous_save_is_kept_as_backup(save: Path) -> None:
    session = Session.open(save)
    session.perform("gm", treasury(1))
    previous = save.read_bytes()
    session.perform("gm", treasury(2))
    assert backup_path(save).read_bytes() == previous
    # Put back by hand, the backup loads against the same chronicle: its extra event is
    # ignored, and cut off by the next save.
    backup_path(save).replace(save)
    campaign, chronicle = load_save(save)
    assert campaign.player("p1").treasury == 1 and len(chronicle) == 1
    again = Session.open(save)
    again.perform("gm", treasury(3))
    assert [e.text for e in load_save(save)[1]] == [
        e.text for e in (session.chronicle[0], again.chronicle[1])
    ]


def test_the_chronicle_is_appended_not_rewritten(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = Session.open(save)
    session.perform("s1", RollFatigue(army="a0"))
    before = chronicle_path(save).read_bytes()

    def no_reading(*args, **kwargs):
        raise AssertionError("an autosave re-read the chronicle")

    monkeypatch.setattr(chronicle_module, "read_chronicle", no_reading)
    monkeypatch.setattr("tuicamp.game.session.find_end", no_reading)
    monkeypatch.setattr("tuicamp.game.session.write_chronicle", no_reading)
    session.perform("s1", Note(text="later"))
    after = chronicle_path(save).read_bytes()
    assert after.startswith(before) and len(after) > len(before)


def test_same_save_and_actions_give_identical_files(tmp_path: Path) -> None:
    results = []
    for run in ("a", "b"):
        path = tmp_path / run / "war.toml"
        session = Session.create(path, make_campaign())
        session.perform("s1", RollFatigue(army="a0"))
        session.perform_all("gm", [treasury(3), treasury(4)])
        session.perform("s1", Note(text='ü and "quotes"\nand a new line'))
        session.undo("s1")
        results.append(files(path))
    assert results[0] == results[1]
    assert all(v is not None for v in results[0].values())


def test_last_played_comes_from_the_clock_unless_fixed(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert read_header(save).last_played == NOW
    monkeypatch.setenv("TUICAMP_NOW", "2025-01-02T03:04:05+01:00")
    Session.open(save).save()
    assert read_header(save).last_played == "2025-01-02T02:04:05Z"
    monkeypatch.delenv("TUICAMP_NOW")
    Session.open(save).save()
    assert read_header(save).last_played[:2] == "20"
    assert read_header(save).last_played.endswith("Z")
    monkeypatch.setenv("TUICAMP_NOW", "yesterday")
    session = Session.open(save)
    before = files(save)
    with pytest.raises(InputError, match="TUICAMP_NOW"):
        session.perform("gm", treasury(1))
    assert files(save) == before and session.campaign.player("p1").treasury == 120


# --- two writers -----------------------------------------------------------------------
def test_a_stale_session_is_refused_and_must_reload(save: Path) -> None:
    a, b = Session.open(save), Session.open(save)
    a.perform("gm", treasury(10))
    assert b.stale() and not a.stale()
    before = files(save)
    with pytest.raises(StaleSave) as refused:
        b.perform("gm", treasury(20))
    assert str(refused.value) == (
        f"{save} was changed by another player or terminal (revision 2, you have 1); reload it"
    )
    assert isinstance(refused.value, RuleError)
    assert files(save) == before  # never a silent overwrite
    assert b.campaign.player("p1").treasury == 120  # nor applied in memory
    with pytest.raises(StaleSave):
        b.save()
    with pytest.raises(StaleSave):
        b.undo("gm")
    b.reload()
    assert b.campaign.player("p1").treasury == 10
    b.perform("gm", treasury(20))
    with pytest.raises(StaleSave, match="revision 3, you have 2"):
        a.perform("gm", treasury(30))
    assert load_save(save)[0].player("p1").treasury == 20


def test_a_removed_save_is_not_silently_recreated(save: Path) -> None:
    session = Session.open(save)
    save.unlink()
    with pytest.raises(StaleSave, match="removed"):
        session.perform("gm", treasury(1))
    assert not save.exists()


def test_writes_wait_for_the_lock(save: Path) -> None:
    session = Session.open(save)
    held = threading.Event()

    def hold() -> None:
        with write_lock(save):
            held.set()
            time.sleep(0.3)

    thread = threading.Thread(target=hold)
    thread.start()
    held.wait()
    start = time.monotonic()
    session.perform("gm", treasury(4))
    assert time.monotonic() - start >= 0.2
    thread.join()
    assert load_save(save)[0].player("p1").treasury == 4


def test_a_lock_held_too_long_is_a_clear_refusal(save: Path) -> None:
    with (
        write_lock(save),
        pytest.raises(SaveBusy, match="another player or terminal"),
        write_lock(save, timeout=0.05),
    ):
        pass


def test_a_failed_write_keeps_memory_and_disk_in_agreement(
    save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = Session.open(save)
    session.perform("gm", treasury(1))

    def disk_full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr("tuicamp.storage.saves.atomic_write", disk_full)
        with pytest.raises(
            InputError,
            match="could not save \\(No space left on device\\); the last action was not kept",
        ):
            session.perform("gm", treasury(2))
    assert session.campaign.player("p1").treasury == 1  # taken back from the files
    assert load_save(save)[0] == session.campaign
    session.perform("gm", treasury(3))
    campaign, events = load_save(save)
    assert campaign.player("p1").treasury == 3 and len(events) == 2


def test_a_state_that_cannot_be_written_is_taken_back(save: Path) -> None:
    # A ruleset bug (a value TOML cannot hold) must not leave memory ahead of the files.
    session = Session.open(save)
    session.campaign.state.notes.append(None)  # the bug under test
    session.engine.changed()
    before = files(save)
    with pytest.raises(TypeError):
        session.perform("gm", treasury(9))
    assert files(save)[save.name] == before[save.name]
    assert session.campaign.state.notes == ["begun"]
    assert session.campaign.player("p1").treasury == 120
