"""Turn notices (issue 13): "When a seat becomes due to act, the server (and `tuicamp
play`) runs a configurable notice command per seat ..., with the campaign, seat, turn and
phase as arguments; never more than once per due point."
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import small_campaign
from hypothesis import given, settings
from hypothesis import strategies as st

from tuicamp.engine.engine import Engine
from tuicamp.game.notices import NoticeSender, NoticeWatcher, due_points, split_command
from tuicamp.game.session import Session
from tuicamp.rules.sandbox.actions import EndTurn
from tuicamp.storage.seat_keys import update_seat_keys


@pytest.fixture(autouse=True)
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUICAMP_NOW", "2024-05-01T18:00:00Z")


def campaign_on_disk(tmp_path: Path) -> Session:
    engine = Engine(small_campaign())
    return Session.create(tmp_path / "march.toml", engine.campaign, engine.chronicle)


def notices(session: Session, command: str = "tell") -> None:
    def change(keys) -> None:
        for seat in ("p1", "p2", "gm"):
            keys.seat(seat).notice = [command, f"--to={seat}"]

    update_seat_keys(session.path, change)


def test_the_seat_to_act_is_told_once_with_campaign_seat_turn_and_phase(tmp_path: Path) -> None:
    session = campaign_on_disk(tmp_path)
    notices(session)
    sent: list[list[str]] = []
    sender = NoticeSender(session.path, run=sent.append)
    first = session.acting_seats()[0]
    phase = session.campaign.phase
    assert sender.poll() == [["tell", f"--to={first}", "march", first, "1", phase]]
    assert sender.poll() == []  # nothing changed
    assert NoticeSender(session.path, run=sent.append).poll() == []  # another process
    session.perform(first, EndTurn())
    second = session.acting_seats()[0]
    assert second != first
    assert [argv[3] for argv in sender.poll()] == [second]
    assert len(sent) == 2


def test_a_notice_set_while_the_seat_is_due_is_sent(tmp_path: Path) -> None:
    session = campaign_on_disk(tmp_path)
    sent: list[list[str]] = []
    sender = NoticeSender(session.path, run=sent.append)
    assert sender.poll() == []  # no command yet
    notices(session)  # the save is as it was; its seats file is not
    assert len(sender.poll()) == 1


def test_a_seat_without_a_command_gets_the_servers_default(tmp_path: Path) -> None:
    session = campaign_on_disk(tmp_path)
    sent: list[list[str]] = []
    assert NoticeSender(session.path, run=sent.append).poll() == []  # no command anywhere
    NoticeSender(session.path, ["mail", "-s", "your turn"], run=sent.append).poll()
    assert sent == [["mail", "-s", "your turn", "march", session.acting_seats()[0], "1", "play"]]


def test_a_watcher_runs_the_commands_and_survives_a_broken_save(tmp_path: Path) -> None:
    session = campaign_on_disk(tmp_path)
    notices(session)
    broken = tmp_path / "broken.toml"
    broken.write_text("not a save")
    sent: list[list[str]] = []
    watcher = NoticeWatcher(lambda: [broken, session.path], run=sent.append)
    assert len(watcher.poll()) == 1 and watcher.poll() == []


def test_a_notice_command_is_read_as_shell_words() -> None:
    assert split_command("notify-club --room 'war room'") == ["notify-club", "--room", "war room"]
    with pytest.raises(Exception, match="cannot be read"):
        split_command("notify 'unclosed")


@settings(max_examples=12, deadline=None)
@given(turns=st.integers(min_value=1, max_value=6), polls=st.lists(st.booleans(), max_size=12))
def test_every_due_point_is_told_exactly_once(tmp_path_factory, turns: int, polls) -> None:
    """Invariant: however often (or seldom) the watchers look, each point a seat became
    due at is told once, never twice."""
    folder = tmp_path_factory.mktemp("notices")
    session = campaign_on_disk(folder)
    notices(session)
    sent: list[list[str]] = []
    senders = [NoticeSender(session.path, run=sent.append) for _ in range(2)]
    expected = set()
    for i in range(turns * 2):
        points = due_points(session.campaign)
        expected |= {(p.seat, p.key) for p in points}
        for sender, look in zip(senders, [True, *polls[i : i + 1]], strict=False):
            if look:
                sender.poll()
        session.perform(session.acting_seats()[0], EndTurn())
    told = [(argv[3], argv[4], argv[5]) for argv in sent]
    assert len(told) == len(set(told))  # never twice
    # the first watcher looked after every action: every point was told
    assert {(s, t) for s, t, _ in told} == {(s, k.split("/")[0]) for s, k in expected}
