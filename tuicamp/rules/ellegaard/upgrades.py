"""The steps that bring saves of an older Warhammer Wars state up to this one
(``Ruleset.upgrade_state``), on the plain ``[campaign]`` data, oldest first.

1 -> 2: before the Generals Discussing rows fought at the table were battles (R-EL-41),
a meeting whose duel, chase or fair battle was still to be played waited for a
``contest_result`` action, which is gone. Such a meeting (``outcome = "contest"``, no
battle) could never be settled. The step opens its contest as the battle record it is
today, at the refuser's hex with its card's facts, so ``tuicamp battles`` lists it and
``battle_result`` or ``auto_resolve`` settle it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tuicamp.rules import api
from tuicamp.rules.ellegaard import tabletop
from tuicamp.rules.ellegaard.state import CONTESTS, EllegaardState

if TYPE_CHECKING:
    from tuicamp.rules.api import Ruleset

STATE_VERSION = 2


def _waiting(meeting: Any) -> bool:
    """A meeting of an old save whose contest waits for the removed ``contest_result``."""
    return (
        isinstance(meeting, dict)
        and meeting.get("outcome") == "contest"
        and meeting.get("contest") in CONTESTS
        and not meeting.get("battle")
        and not meeting.get("done")
    )


def reopen_contests(ruleset: Ruleset, data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: each contest waiting for ``contest_result`` becomes a pending
    battle between the attacker and the refuser, as ``tabletop.open_contest`` opens one."""
    state = data.get("state")
    meetings = state.get("meetings", []) if isinstance(state, dict) else []
    if not any(_waiting(m) for m in meetings):
        return data
    camp = api.structure({k: v for k, v in data.items() if k != "state"}, api.Campaign)
    estate: EllegaardState = api.structure(state, EllegaardState)
    camp.state = estate
    rules = api.Rules(camp, ruleset)
    for meeting in estate.meetings:
        if meeting.outcome != "contest" or meeting.battle or meeting.done:
            continue
        refuser = camp.army(meeting.refuser)
        others = [camp.army(d) for d in meeting.divisions if d != meeting.refuser]
        attacker = others[0] if others else None
        if refuser is None or attacker is None or refuser.hex is None:
            continue  # a division gone: the Games Master settles the meeting by hand
        sides = [
            api.BattleSide(tabletop.ATTACKER, "Attacker", [attacker.owner], [attacker.id]),
            api.BattleSide(tabletop.REFUSER, "Refuser", [refuser.owner], [refuser.id]),
        ]
        facts = tabletop.circumstances(rules, meeting.contest, meeting.row, attacker, refuser)
        battle = api.Battle(
            id=f"b{len(camp.battles) + 1}",
            turn=camp.turn,
            hex=refuser.hex,
            terrain=camp.map.terrain_at(refuser.hex).id,
            sides=sides,
            circumstances=facts,
            phase=camp.phase,
        )
        camp.battles.append(battle)
        meeting.battle = battle.id
    data = dict(data)
    data["battles"] = [api.unstructure(b) for b in camp.battles]
    data["state"] = api.unstructure(estate)
    return data


STEPS = {1: reopen_contests}


def upgrade(ruleset: Ruleset, data: dict[str, Any], from_version: int) -> dict[str, Any]:
    step = STEPS.get(from_version)
    return step(ruleset, data) if step is not None else data
