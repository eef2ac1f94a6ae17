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
from pathlib import Path
from typing import Any

import pytest
from apps.scripted_play import DATA, games, record

from tuicamp.engine.actions import Event

SETUP_KINDS = {"setup", "setup_check"}
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


def _same(before: list[dict[str, Any]], now: list[dict[str, Any]], keys: tuple[str, ...]) -> None:
    for i, (old, new) in enumerate(zip(before, now, strict=False)):
        assert {k: new[k] for k in keys} == {k: old[k] for k in keys}, f"event {i + 1}"
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
