"""Ruleset state versions: a ruleset migrates its own saves, one step per version.

"a save whose version is newer than the installed ruleset's is refused in one line naming
the ruleset and both versions, and the next write records the new version". A tiny
ruleset writes a save at state version 1; then a later release of it, at version 3, with
a step for 1 -> 2 and one for 2 -> 3, reads it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from attrs import define, field
from test_storage_kit import make_campaign, reseal

from tuicamp.engine import registry
from tuicamp.engine.actions import Action
from tuicamp.engine.errors import InputError
from tuicamp.engine.ruleset import Phase, Ruleset
from tuicamp.game.session import Session
from tuicamp.storage.saves import load_save, save_problems


@define
class StateV1:
    notes: list[str] = field(factory=list)


@define
class StateV3:
    """Version 2 called the notes ``lines``; version 3 keeps a count of them too."""

    lines: list[str] = field(factory=list)
    count: int = 0


@define(kw_only=True)
class Note(Action):
    kind = "note"
    summary = "write a note"
    text: str


class ChangingRuleset(Ruleset):
    id = "changing"
    title = "Changing"
    phases = (Phase("move", "Move"),)
    actions = (Note,)
    state_class: Any = StateV1

    def apply(self, ctx, action) -> None:
        state = ctx.campaign.state
        (state.notes if isinstance(state, StateV1) else state.lines).append(action.text)
        ctx.emit("note", action.text)


class ChangedRuleset(ChangingRuleset):
    """The same ruleset two releases later."""

    state_class = StateV3
    state_version = 3

    def __init__(self) -> None:
        self.steps: list[int] = []

    def upgrade_state(self, state: dict[str, Any], from_version: int) -> dict[str, Any]:
        self.steps.append(from_version)
        own = state["state"]
        if from_version == 1:
            own["lines"] = own.pop("notes")
        elif from_version == 2:
            own["count"] = len(own["lines"])
        return state


def _install(monkeypatch: pytest.MonkeyPatch, ruleset: Ruleset) -> None:
    monkeypatch.setattr(registry, "load_rulesets", lambda: {ruleset.id: ruleset})


@pytest.fixture
def old_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A save written by the ruleset at state version 1, with two notes."""
    _install(monkeypatch, ChangingRuleset())
    camp = make_campaign()
    camp.ruleset, camp.state = "changing", StateV1()
    path = tmp_path / "old.toml"
    session = Session.create(path, camp)
    session.perform("s1", Note(text="one"))
    session.perform("s1", Note(text="two"))
    assert "state_version = 1" in path.read_text("utf-8")
    return path


def test_an_old_state_is_upgraded_step_by_step_and_the_next_write_records_it(
    old_save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every step from the save's version up runs once, oldest first, before the state
    is structured; loading writes nothing, the next write records the new version."""
    changed = ChangedRuleset()
    _install(monkeypatch, changed)
    before = old_save.read_bytes()
    campaign, events = load_save(old_save)
    assert changed.steps == [1, 2]
    assert campaign.state == StateV3(["one", "two"], 2) and campaign.state_version == 3
    assert [e.text for e in events] == ["one", "two"]
    assert old_save.read_bytes() == before
    session = Session.open(old_save)
    session.perform("s1", Note(text="three"))
    assert "state_version = 3" in old_save.read_text("utf-8")
    changed.steps.clear()
    again, _ = load_save(old_save)
    assert changed.steps == [] and again.state == StateV3(["one", "two", "three"], 2)


def test_a_save_without_a_state_version_is_version_1(
    old_save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saves written before state versions existed carry none: they are version 1."""
    text = old_save.read_text("utf-8").replace("state_version = 1\n", "")
    assert "state_version" not in text
    old_save.write_text(text, "utf-8")
    reseal(old_save)
    changed = ChangedRuleset()
    _install(monkeypatch, changed)
    assert load_save(old_save)[0].state == StateV3(["one", "two"], 2)
    assert changed.steps == [1, 2]


def test_a_state_newer_than_the_installed_ruleset_is_refused_in_one_line(
    old_save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = old_save.read_text("utf-8").replace("state_version = 1", "state_version = 4")
    old_save.write_text(text, "utf-8")
    reseal(old_save)
    _install(monkeypatch, ChangedRuleset())
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("state_version"))
    refusal = (
        f"{old_save}:{line}: this save's changing state is version 4, but the installed "
        "changing ruleset reads up to version 3: update it to load this save"
    )
    with pytest.raises(InputError) as exc:
        load_save(old_save)
    assert str(exc.value) == refusal and "\n" not in refusal
    assert save_problems(old_save) == [refusal]


@pytest.mark.parametrize("version", ["0", '"two"', "true"])
def test_a_state_version_is_a_whole_number_from_1(
    old_save: Path, monkeypatch: pytest.MonkeyPatch, version: str
) -> None:
    text = old_save.read_text("utf-8").replace("state_version = 1", f"state_version = {version}")
    old_save.write_text(text, "utf-8")
    reseal(old_save)
    _install(monkeypatch, ChangedRuleset())
    (problem,) = save_problems(old_save)
    assert "state_version must be a whole number from 1" in problem


def test_a_failing_step_is_one_line_naming_the_step(
    old_save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Broken(ChangedRuleset):
        def upgrade_state(self, state: dict[str, Any], from_version: int) -> dict[str, Any]:
            if from_version == 2:
                raise KeyError("lines")
            return super().upgrade_state(state, from_version)

    _install(monkeypatch, Broken())
    (problem,) = save_problems(old_save)
    assert problem.endswith(
        "the changing state could not be upgraded from version 2 to 3 (KeyError: 'lines')"
    )


def test_the_default_hook_changes_nothing() -> None:
    """A ruleset that never changed its state is at version 1 and needs no step."""
    state = {"state": {"notes": ["x"]}, "name": "War"}
    assert Ruleset.state_version == 1
    assert Ruleset.upgrade_state(None, state, 1) == {"state": {"notes": ["x"]}, "name": "War"}  # type: ignore[arg-type]
