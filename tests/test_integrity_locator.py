"""Errors found fast: the line locator reads a file once, and long lists of one problem
are summed up.

One bad value near the end of a chronicle used to make every command take 7 s at 1,000
events, 73 s at 4,000 and minutes at 20,000, because the locator split the whole text
again for every multi-line array. These tests count the passes over the text (no clock
is read, so they cannot flake on a loaded machine).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from integrity_kit import refused, tuicamp
from test_storage_kit import TINY, make_campaign, tiny  # noqa: F401

from tuicamp.engine import registry
from tuicamp.engine.actions import Event
from tuicamp.game.session import Session
from tuicamp.storage import tomlfile
from tuicamp.storage.locations import chronicle_path
from tuicamp.storage.scenario import find_scenario
from tuicamp.storage.summary import summarise

EVENTS = 20_000


class CountedText(str):
    """A text that counts how often it is split into lines: one pass each."""

    passes = 0

    def splitlines(self, keepends: bool = False) -> list[str]:  # type: ignore[override]
        CountedText.passes += 1
        return super().splitlines(keepends)

    def split(self, sep: str | None = None, maxsplit: int = -1) -> list[str]:  # type: ignore[override]
        if sep == "\n":
            CountedText.passes += 1
        return super().split(sep, maxsplit)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[tomlfile.Locator]:
    """Every locator built, each from a counted text."""
    built: list[tomlfile.Locator] = []
    scan = tomlfile.Locator.scan

    def counting_scan(text: str) -> tomlfile.Locator:
        loc = scan(CountedText(text))
        built.append(loc)
        return loc

    CountedText.passes = 0
    monkeypatch.setattr(tomlfile.Locator, "scan", staticmethod(counting_scan))
    return built


def _event(seq: int) -> Event:
    # every event has multi-line arrays (rolls and a list in its data): the old locator
    # split the whole text again for each of them
    return Event(
        seq=seq,
        turn=1,
        phase="move",
        kind="note",
        text=f"note {seq}",
        visible_to=["p1", "p2"],
        data={"hexes": ["0101", "0102", "0103"]},
    )


@pytest.fixture(scope="module")
def _long_campaign_built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The long campaign's files, written once for the module (each test spoils a copy)."""
    folder = tmp_path_factory.mktemp("long")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(registry, "load_rulesets", lambda: {"tiny": TINY})
        Session.create(
            folder / "long.toml", make_campaign(), [_event(i) for i in range(1, EVENTS + 1)]
        )
    return folder


@pytest.fixture
def long_campaign(_long_campaign_built: Path, tmp_path: Path, tiny) -> Path:  # noqa: F811
    folder = tmp_path / "long"
    shutil.copytree(_long_campaign_built, folder)
    return folder / "long.toml"


def _spoil_event(save: Path, seq: int) -> int:
    """Give event ``seq`` a turn that is no number; returns the line it is on."""
    cpath = chronicle_path(save)
    text = cpath.read_text(encoding="utf-8")
    at = text.index(f"seq = {seq}\n")
    at = text.index("turn = 1\n", at)
    cpath.write_text(text[:at] + 'turn = "one"\n' + text[at + len("turn = 1\n") :], "utf-8")
    return text[:at].count("\n") + 1


@pytest.mark.parametrize("seq", [3, EVENTS - 3])
def test_a_bad_value_anywhere_in_a_long_chronicle_costs_one_pass(
    long_campaign: Path, counted: list[tomlfile.Locator], seq: int
) -> None:
    """Issue 10, point 14: "Locate lines in one pass". A bad value near the end of a
    20,000-event chronicle is found with the same single pass over the text as one near
    its start, and named at its own line."""
    line = _spoil_event(long_campaign, seq)
    message = refused("log", long_campaign)  # `show` reads no chronicle
    cpath = chronicle_path(long_campaign)
    assert message == f"tuicamp: {cpath}:{line}: expected a whole number, not 'one'"
    assert len(counted) == 1  # one locator, for the chronicle that was wrong
    assert CountedText.passes == 1  # and one split of its text


def test_the_locator_splits_a_text_of_many_arrays_once() -> None:
    """The locator alone: a file of a thousand multi-line arrays is split into lines once,
    and every array's items still get their own lines."""
    text = "".join(f"[[event]]\nseq = {i}\nhexes = [\n  1,\n  2,\n]\n" for i in range(1000))
    counted = CountedText(text)
    CountedText.passes = 0
    loc = tomlfile.Locator.scan(counted)
    assert CountedText.passes == 1
    assert loc.line_of(("event", 999, "hexes", 1)) == 999 * 6 + 5
    assert loc.line_of(("event", 999, "hexes", 0)) == 999 * 6 + 4


def _scenario_with_copies(tmp_path: Path, copies: int) -> Path:
    text = find_scenario("skirmish-valley").read_text(encoding="utf-8")
    text += '\n[[army]]\nid = "copies"\nname = "Copies"\nowner = "red"\n'
    for _ in range(copies):
        text += '\n  [[army.unit]]\n  id = "same"\n  name = "Spears"\n  points = 10\n'
    path = tmp_path / "copies.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_repeated_problems_are_summed_up_after_the_first_few(tmp_path: Path) -> None:
    """Issue 10, point 14: "repeated problems of one kind are summarised after the first
    few". 2,000 units of one id give five lines in full and one that counts the rest, at
    the line of the first one left out."""
    path = _scenario_with_copies(tmp_path, 2000)
    run = tuicamp("check", path)
    assert run.code == 2
    lines = run.err.strip().split("\n")
    assert len(lines) == 6, run.err
    assert all("duplicate unit id 'same'" in line for line in lines[:5])
    text = path.read_text(encoding="utf-8").split("\n")
    sixth = [i for i, line in enumerate(text, 1) if line.strip() == 'id = "same"'][6]
    assert lines[5] == f"{path}:{sixth}: ... and 1,994 more like it"


def test_problems_of_different_kinds_are_all_kept() -> None:
    lines = [f"f.toml:{i}: unit {i} has no name" for i in range(1, 8)]
    lines += [f"f.toml:{i}: army 'a{i}' is off the map" for i in range(8, 10)]
    assert summarise(lines) == [
        *lines[:5],
        "f.toml:6: ... and 2 more like it",
        *lines[7:],
    ]
