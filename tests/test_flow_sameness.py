"""Proof of sameness: whole scripted games write the chronicle they wrote before the engine
took over the flow (phases, turn order, acting seats, ending a phase, the clock).

The recorded chronicles (``tests/data/chronicles``) were written by the code as it was
before that change, for fixed seeds; the same scripts are played again here and the new
chronicle must say the same thing event by event: kind, text, seat, player and every die.
Set-up is now the campaign's first engine action, so its events (and the set-up check a
Rauscher campaign used to tell with its first economy event) are left out of the comparison.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from apps.scripted_play import DATA, games, record

SETUP_KINDS = {"setup", "setup_check"}
SAID = ("kind", "text", "seat", "player", "dice")


def _played(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] not in SETUP_KINDS]


@pytest.mark.parametrize("name", sorted(games()))
def test_a_scripted_game_writes_the_chronicle_it_wrote_before(name: str, tmp_path: Path) -> None:
    """The recorded game, played again: the same events, in the same order, saying the
    same things with the same dice."""
    before = _played(json.loads((DATA / f"{name}.json").read_text(encoding="utf-8")))
    now = _played(record(games()[name](tmp_path)))
    for i, (old, new) in enumerate(zip(before, now, strict=False)):
        assert {k: new[k] for k in SAID} == {k: old[k] for k in SAID}, f"event {i + 1}"
    assert len(now) == len(before)
