"""Rauscher saves of an older state version, brought up to this one.

The engine hands every step the save's plain ``[campaign]`` table (the Rauscher state under
``"state"``) before anything is structured (``Ruleset.upgrade_state``); each step turns
version ``n`` into ``n + 1``, so a save of any older release opens.

- 1 -> 2: the ruleset moved onto the kit. The alliances the state kept
  (``state.alliances``, lists of player ids) become the campaign's teams of kind alliance
  (:mod:`shared.alliances`), as a new campaign's are; a siege's orders (by role, with a
  ``revealed`` flag) and a prisoner's ransom note (offer and demand) become the kit's
  sealed choices (:mod:`tuicamp.rules.kit.sealed`), with what was written and whether
  it is out kept as it was.
- 2 -> 3: models off the table for a while (``state.combat.returning``) become the engine's
  scheduled effects (``flow.scheduled``, kind ``models_return``), fired at an Upkeep.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tuicamp.engine.codec import unstructure
from tuicamp.rules.rauscher.shared.alliances import alliance_team
from tuicamp.rules.rauscher.shared.combat_state import RETURN
from tuicamp.rules.rauscher.shared.economy_state import ransom_id
from tuicamp.rules.rauscher.shared.siege_state import orders_id

Data = dict[str, Any]

STATE_VERSION = 3


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


def _sealed(
    round_id: str, what: str, writers: list[str], choices: Data, revealed: bool, kind: str
) -> Data:
    """A sealed round as the campaign converter writes a SealedChoice."""
    return {
        "id": round_id,
        "what": what,
        "writers": writers,
        "choices": choices,
        "revealed": revealed,
        "amend": kind != "ransom",
        "kind": kind,
    }


def _siege_orders_sealed(data: Data) -> None:
    names = {
        s.get("id"): s.get("name", s.get("id")) for s in data.get("map", {}).get("settlements", [])
    }
    sieges = data.get("state", {}).get("siege", {}).get("sieges", {})
    for siege in sieges.values():
        by_role = siege.pop("orders", None) or {}
        revealed = bool(siege.pop("revealed", False))
        if not by_role:
            continue
        sid, turn = siege["id"], next(iter(by_role.values()))["turn"]
        writers = [siege["besieger"], siege["defender"]]
        choices = {order["player"]: order for order in by_role.values()}
        name = names.get(siege.get("settlement"), siege.get("settlement"))
        siege["orders"] = _sealed(
            orders_id(sid, turn),
            f"siege orders for {name} ({sid})",
            writers,
            choices,
            revealed,
            "siege_orders",
        )


def _ransom_notes_sealed(data: Data) -> None:
    state = data.get("state", {})
    economy = state.get("economy", {})
    held = {p["id"]: p for p in state.get("combat", {}).get("prisoners", [])}
    rounds = {}
    for pid, note in (economy.get("ransom") or {}).items():
        prisoner = held.get(pid)
        if prisoner is None:  # ransomed or gone: nothing is left to write
            continue
        owner, captor = prisoner["owner"], prisoner["captor"]
        choices = {}
        if note.get("offer") is not None:
            choices[owner] = {"what": "offer", "amount": note["offer"]}
        if note.get("demand") is not None:
            choices[captor] = {"what": "demand", "amount": note["demand"]}
        rounds[pid] = _sealed(
            ransom_id(pid, note["turn"]),
            f"ransom notes for {prisoner['unit']['name']}",
            [owner, captor],
            choices,
            bool(note.get("revealed", False)),
            "ransom",
        )
    if "ransom" in economy:
        economy["ransom"] = rounds


def _to_version_2(data: Data) -> Data:
    _alliances_into_teams(data)
    _siege_orders_sealed(data)
    _ransom_notes_sealed(data)
    return data


def _returns_into_flow(data: Data) -> Data:
    """Models off the table (``state.combat.returning``) become the flow's scheduled
    effects, as combat.after.schedule_return sets them: each at the Upkeep of its due turn,
    or of the next turn if that Upkeep has passed (the old Upkeep took every record due by
    then)."""
    returning = data.get("state", {}).get("combat", {}).pop("returning", None) or []
    flow = data.setdefault("flow", {})
    scheduled = flow.setdefault("scheduled", [])
    next_effect = int(flow.get("next_effect", 1))
    turn = int(data.get("turn", 1))
    for record in returning:
        due = int(record.get("due_turn", turn))
        scheduled.append(
            {
                "id": next_effect,
                "turn": due if due > turn else turn + 1,
                "phase": "upkeep",
                "kind": RETURN,
                "step": 0,
                "text": "",
                "data": {"record": record},
            }
        )
        next_effect += 1
    flow["next_effect"] = next_effect
    return data


STEPS: dict[int, Callable[[Data], Data]] = {1: _to_version_2, 2: _returns_into_flow}


def upgrade(data: Data, from_version: int) -> Data:
    """One step, from ``from_version`` to the next."""
    return STEPS[from_version](data)
