"""Rauscher saves of an older state version, brought up to this one.

The engine hands every step the save's plain ``[campaign]`` table (the Rauscher state under
``"state"``) before anything is structured (``Ruleset.upgrade_state``); each step turns
version ``n`` into ``n + 1``, so a save of any older release opens.

- 1 -> 2: the alliances the state kept (``state.alliances``, lists of player ids) become
  the campaign's teams of kind alliance (:mod:`shared.alliances`), as a new campaign's are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tuicamp.engine.codec import unstructure
from tuicamp.rules.rauscher.shared.alliances import alliance_team

Data = dict[str, Any]

STATE_VERSION = 2


def _alliances_into_teams(data: Data) -> None:
    alliances = data.get("state", {}).pop("alliances", [])
    teams = data.setdefault("teams", [])
    names = {p.get("id"): p.get("name", p.get("id")) for p in data.get("players", [])}
    for sworn in alliances:
        if any(
            t.get("kind", "alliance") == "alliance" and set(t.get("members", [])) == set(sworn)
            for t in teams
        ):
            continue
        team = alliance_team(names, list(sworn), (t.get("id") for t in teams))
        teams.append(unstructure(team))


def _to_version_2(data: Data) -> Data:
    _alliances_into_teams(data)
    return data


STEPS: dict[int, Callable[[Data], Data]] = {1: _to_version_2}


def upgrade(data: Data, from_version: int) -> Data:
    """One step, from ``from_version`` to the next."""
    return STEPS[from_version](data)
