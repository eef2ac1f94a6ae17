"""Format versions: older saves are upgraded step by step; newer ones are refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_storage_kit import Note, make_campaign, tiny  # noqa: F401

from tuicamp.engine.errors import InputError
from tuicamp.game.session import Session
from tuicamp.storage import migrations
from tuicamp.storage.chronicle import block_starts
from tuicamp.storage.locations import chronicle_path
from tuicamp.storage.migrations import (
    MigrationError,
    Upgrade,
    register_upgrade,
    upgrade_save,
    version_problem,
)
from tuicamp.storage.saves import FORMAT_VERSION, load_save, read_header, save_problems

pytestmark = pytest.mark.usefixtures("tiny")
OLD = FORMAT_VERSION - 1  # the fake older format these tests upgrade from
NOW, OLDER = f"format_version = {FORMAT_VERSION}", f"format_version = {OLD}"


def _v0_to_v1(doc: dict) -> dict:
    """The fake version 0 called the campaign's name ``title``."""
    doc["campaign"]["name"] = doc["campaign"].pop("title")
    return doc


def _v0_event(event: dict) -> None:
    """... and an event's text ``message`` (edited in place: returns None)."""
    event["text"] = event.pop("message")


@pytest.fixture
def upgrades(monkeypatch: pytest.MonkeyPatch) -> dict[int, Upgrade]:
    table: dict[int, Upgrade] = {}
    monkeypatch.setattr(migrations, "UPGRADES", table)
    return table


@pytest.fixture
def v0_save(tmp_path: Path) -> Path:
    """A save as the fake previous version wrote it."""
    path = tmp_path / "old.toml"
    session = Session.create(path, make_campaign())
    session.perform("s1", Note(text="one"))
    session.perform("s1", Note(text="two"))
    text = path.read_text("utf-8").replace(NOW, OLDER)
    text = re.sub(r"(?m)^seal = .*\n", "", text)  # saves before format 3 had no seal
    head, _, body = text.partition("[campaign]\n")
    path.write_text(head + "[campaign]\n" + body.replace("name =", "title =", 1), "utf-8")
    chron = chronicle_path(path)
    old = chron.read_text("utf-8").replace(NOW, OLDER)
    chron.write_text(old.replace("\ntext =", "\nmessage ="), "utf-8")
    return path


def test_a_registered_step_upgrades_an_old_save(upgrades, v0_save: Path) -> None:
    register_upgrade(OLD, save=_v0_to_v1, event=_v0_event, note="title -> name")
    before = v0_save.read_bytes(), chronicle_path(v0_save).read_bytes()
    campaign, events = load_save(v0_save)
    assert campaign.name == "The Reikland War"
    assert [e.text for e in events] == ["one", "two"]
    assert save_problems(v0_save) == []
    header = read_header(v0_save)  # an old header is read through the upgrade
    assert header.format_version == FORMAT_VERSION and header.name == "The Reikland War"
    # Loading wrote nothing; the first save writes the current format, chronicle included.
    assert (v0_save.read_bytes(), chronicle_path(v0_save).read_bytes()) == before
    session = Session.open(v0_save)
    session.perform("s1", Note(text="three"))
    assert OLDER not in v0_save.read_text("utf-8")
    new_chronicle = chronicle_path(v0_save).read_text("utf-8")
    assert NOW in new_chronicle and "message =" not in new_chronicle
    assert len(block_starts(new_chronicle.encode())) == 3
    assert [e.text for e in load_save(v0_save)[1]] == ["one", "two", "three"]


def test_steps_run_in_order(upgrades) -> None:
    seen = []
    register_upgrade(0, save=lambda d: seen.append(("0->1", d["header"]["format_version"])))
    register_upgrade(1, save=lambda d: seen.append(("1->2", d["header"]["format_version"])))
    doc = upgrade_save({"header": {"format_version": 0}}, 0, 2)
    assert seen == [("0->1", 0), ("1->2", 1)]
    assert doc["header"]["format_version"] == 2


def test_a_missing_step_is_a_clear_refusal(upgrades, v0_save: Path) -> None:
    with pytest.raises(
        InputError,
        match=rf"old.toml:2: this save has format version {OLD} and "
        f"tuicamp has no upgrade from version {OLD}",
    ):
        load_save(v0_save)


def test_a_newer_save_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.toml"
    Session.create(path, make_campaign())
    path.write_text(
        path.read_text("utf-8").replace(NOW, f"format_version = {FORMAT_VERSION + 1}"), "utf-8"
    )
    before = path.read_bytes()
    expected = (
        f"{path}:3: this save has format version {FORMAT_VERSION + 1}, newer than this tuicamp "
        "reads "
        f"({FORMAT_VERSION}); update tuicamp to open it"
    )
    for read in (load_save, read_header, Session.open):
        with pytest.raises(InputError) as refused:
            read(path)
        assert str(refused.value) == expected
    assert save_problems(path) == [expected]
    assert path.read_bytes() == before


def test_version_problems() -> None:
    assert version_problem(1, 1) is None
    assert "whole number" in version_problem("1", 1)
    assert "whole number" in version_problem(True, 1)
    with pytest.raises(MigrationError):
        upgrade_save({}, 5, 1)


def test_a_step_is_registered_once(upgrades) -> None:
    register_upgrade(3, save=lambda d: d)
    with pytest.raises(ValueError, match="already registered"):
        register_upgrade(3, save=lambda d: d)


def test_the_decorator_registers_a_save_step(upgrades) -> None:
    @migrations.upgrade(0, note="test")
    def step(doc):
        doc["touched"] = True

    assert upgrades[0].save is step and upgrades[0].note == "test"
    assert upgrade_save({"header": {"format_version": 0}}, 0, 1)["touched"] is True


def test_a_format_version_far_below_every_step_is_refused_at_once() -> None:
    """A hand-edited format_version of -9223372036854775809 once made `check` list every
    upgrade from there up, until memory ran out; the first missing step is enough."""
    problem = version_problem(-(2**63) - 1, FORMAT_VERSION)
    assert problem == (
        f"this save has format version {-(2**63) - 1} and tuicamp has no upgrade from "
        f"version {-(2**63) - 1}; it cannot be opened"
    )
