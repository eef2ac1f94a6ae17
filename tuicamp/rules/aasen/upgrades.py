"""The steps that bring saves of an older Invasion of Hex Island state up to this one
(``Ruleset.upgrade_state``), on the plain ``[campaign]`` data, oldest first.

1 -> 2: a Follow-up kept from before Follow-ups recorded ``landed`` (6.3: "If you gain a
follow-up after launching an amphibious invasion you don't need a fleet to transport you -
the army is already there", R-AA-70) was read as won over land, and refused its way by
sea. The step reads it from the bonus itself (R-AA-90): one setting out from a sea hex,
or from land that does not border its target, came by fleet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tuicamp.rules import api
from tuicamp.rules.aasen import bonuses
from tuicamp.rules.aasen.state import Bonus

if TYPE_CHECKING:
    from tuicamp.rules.api import Ruleset

STATE_VERSION = 2
KEPT = ("bonuses", "claimed")  # the state's lists of Follow-ups and Blitzes


def _unmarked(bonus: Any) -> bool:
    return (
        isinstance(bonus, dict)
        and bonus.get("kind") == bonuses.FOLLOW_UP
        and ("landed" not in bonus)
    )


def mark_landings(ruleset: Ruleset, data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: each Follow-up without ``landed`` is given it, read from where it
    sets out and what it invades (``bonuses.by_sea``)."""
    state = data.get("state")
    if not isinstance(state, dict) or not any(
        _unmarked(b) for key in KEPT for b in state.get(key) or []
    ):
        return data
    camp = api.structure({k: v for k, v in data.items() if k != "state"}, api.Campaign)
    state = dict(state)
    for key in KEPT:
        kept = [dict(b) if isinstance(b, dict) else b for b in state.get(key) or []]
        for bonus in kept:
            if _unmarked(bonus):
                bonus["landed"] = bonuses.by_sea(camp, api.structure(bonus, Bonus))
        state[key] = kept
    return {**data, "state": state}


STEPS = {1: mark_landings}


def upgrade(ruleset: Ruleset, data: dict[str, Any], from_version: int) -> dict[str, Any]:
    step = STEPS.get(from_version)
    return step(ruleset, data) if step is not None else data
