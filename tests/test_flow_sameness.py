"""Proof of sameness: whole scripted games write the chronicle they wrote before the engine
took over the flow (phases, turn order, acting seats, ending a phase, the clock).

The recorded chronicles (``tests/data/chronicles``) were written by the code as it was
before that change, for fixed seeds; the same scripts are played again here and the new
chronicle must say the same thing event by event: kind, text, seat, player and every die.
Set-up is now the campaign's first engine action, so its events (and the set-up check a
Rauscher campaign used to tell with its first economy event) are left out of the comparison;
so are the clock stamps, compared on their own.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from apps.scripted_play import DATA, games, record

from tuicamp.engine.actions import Event

SETUP_KINDS = {"setup", "setup_check"}
# An id the recorded games counted (purchase p1, army a12, unit u3, prisoner pr1): the code
# that counts nothing stands in its place now (R-ALL-7: "Ids and numbers a seat is shown do
# not count what is hidden from it"), the same code for the same id all game long.
COUNTED_ID = re.compile(r"\b(?:pr|ag|[apur])\d+\b")
CODE = r"((?:pr|ag|[apur])[2-9a-km-np-z]{4})"
SAID = ("kind", "text", "seat", "player", "dice")
CLOCK = ("turn", "phase")


def _recorded(name: str) -> list[dict[str, Any]]:
    events = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return [e for e in events if e["kind"] not in SETUP_KINDS]


def _replayed(name: str, folder: Path) -> list[dict[str, Any]]:
    """The game played now, without the events of its set-up action."""
    events: list[Event] = games()[name](folder)
    setup = {e.action for e in events if e.kind == "setup"}
    return [e for e in record([e for e in events if e.action not in setup])]


def _renamed(old: str, new: str, names: dict[str, str]) -> str:
    """``new`` with each code read back as the counted id it stands for in ``old``; a code
    must stand for one id, and an id for one code, all game long."""
    pattern = "".join(
        CODE if i % 2 else re.escape(part)
        for i, part in enumerate(re.split(f"({COUNTED_ID.pattern})", old))
    )
    match = re.fullmatch(pattern, new)
    if match is None:
        return new
    for code, counted in zip(match.groups(), COUNTED_ID.findall(old), strict=True):
        if names.setdefault(code, counted) != counted:
            return new
    if len(set(names.values())) != len(names):
        return new
    return old


def _same(before: list[dict[str, Any]], now: list[dict[str, Any]], keys: tuple[str, ...]) -> None:
    names: dict[str, str] = {}
    for i, (old, new) in enumerate(zip(before, now, strict=False)):
        said = {k: new[k] for k in keys}
        if "text" in said:
            said["text"] = _renamed(old["text"], said["text"], names)
        assert said == {k: old[k] for k in keys}, f"event {i + 1}"
    assert len(now) == len(before)


@pytest.mark.parametrize("name", sorted(games()))
def test_a_scripted_game_writes_the_chronicle_it_wrote_before(name: str, tmp_path: Path) -> None:
    """The recorded game, played again: the same events, in the same order, saying the
    same things with the same dice."""
    _same(_recorded(name), _replayed(name, tmp_path), SAID)


@pytest.mark.parametrize("name", sorted(games()))
def test_its_events_are_stamped_with_the_same_turns_and_phases(name: str, tmp_path: Path) -> None:
    """The clock moves on where it did: every event has the turn and phase it had."""
    _same(_recorded(name), _replayed(name, tmp_path), CLOCK)
