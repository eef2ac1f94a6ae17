"""Rauscher: the Movement phase, and what a player knows of enemy armies.

"The key to victory is getting there first, and with the most elves." Players move one
at a time in race order (the engine's flow keeps whose move it is); each moves its counters one at
a time. The rules live in small modules:

- :mod:`movement.costs` — what a counter is (the roles table: ``role_spec``,
  ``fights``), movement points, marches, zones of influence, militia bounds, the cost
  model and the previews the UI draws (``move_costs``, ``mp_left``, ``reach``, ``plan``);
- :mod:`movement.march` — march, move, halt, field fortifications, hasty defence, rest,
  and ``flee`` (refugees' immediate move from a razed settlement);
- :mod:`movement.scouting` — the Scouting Results Table and ``visibility``;
- :mod:`movement.ambush` — ambushes laid in secret and sprung;
- :mod:`movement.special` — messengers, baggage trains, ships, refugees, deserters,
  ``scatter``, ``home_path`` (the way a fleeing counter takes);
- :mod:`movement.battle` — what the battle card needs (``defences_for``,
  ``battle_circumstances``, ``hasty_attack``).

This module is the phase's face to the frame: ``ACTIONS``, ``HANDLERS``, the phase
hooks, ``pending``, ``setup``, ``setup_problems`` and ``visibility``, and it re-exports
the public functions the packages above it (combat, siege, the screens) read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tuicamp.engine.actions import Action
from tuicamp.engine.context import Context
from tuicamp.engine.problems import Problem
from tuicamp.model.campaign import Campaign
from tuicamp.rules.rauscher.movement import actions as A
from tuicamp.rules.rauscher.movement import ambush as movement_ambush
from tuicamp.rules.rauscher.movement import march as movement_march
from tuicamp.rules.rauscher.movement import scouting as movement_scouting
from tuicamp.rules.rauscher.movement import special as movement_special
from tuicamp.rules.rauscher.movement.ambush import ambushes_of
from tuicamp.rules.rauscher.movement.battle import battle_circumstances, defences_for, hasty_attack
from tuicamp.rules.rauscher.movement.costs import (
    base_mp,
    destroyed_if_attacked,
    fights,
    march_of,
    move_costs,
    mp_left,
    mp_total,
    patrols_active,
    plan,
    reach,
    zone_of,
)
from tuicamp.rules.rauscher.movement.march import flee
from tuicamp.rules.rauscher.movement.scouting import known_level, visibility
from tuicamp.rules.rauscher.movement.special import baggage_near, destroy_if_helpless, scatter
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.movement_state import CapitalGuard
from tuicamp.rules.rauscher.shared.state import March, Stance

if TYPE_CHECKING:
    from tuicamp.engine.rules import Rules

__all__ = [
    "ACTIONS",
    "HANDLERS",
    "PHASE_END",
    "PHASE_START",
    "ambushes_of",
    "baggage_near",
    "base_mp",
    "battle_circumstances",
    "defences_for",
    "destroy_if_helpless",
    "destroyed_if_attacked",
    "fights",
    "flee",
    "hasty_attack",
    "known_level",
    "march_of",
    "move_costs",
    "mp_left",
    "mp_total",
    "patrols_active",
    "pending",
    "plan",
    "reach",
    "scatter",
    "setup",
    "setup_problems",
    "visibility",
    "zone_of",
]

ACTIONS: tuple[type[Action], ...] = (
    A.DeclareMarch,
    A.Move,
    A.Halt,
    A.PrepareDefences,
    A.HastyDefence,
    A.Rest,
    A.SetAmbush,
    A.RevealAmbush,
    A.WithdrawAmbush,
    A.Scout,
    A.SendMessenger,
    A.Escort,
    A.Load,
    A.Unload,
    A.Embark,
    A.Disembark,
)

HANDLERS: dict[type[Action], Callable[[Context, Any], None]] = {
    A.DeclareMarch: movement_march.handle_march,
    A.Move: movement_march.handle_move,
    A.Halt: movement_march.handle_halt,
    A.PrepareDefences: movement_march.handle_prepare,
    A.HastyDefence: movement_march.handle_hasty,
    A.Rest: movement_march.handle_rest,
    A.SetAmbush: movement_ambush.handle_set,
    A.RevealAmbush: movement_ambush.handle_reveal,
    A.WithdrawAmbush: movement_ambush.handle_withdraw,
    A.Scout: movement_scouting.handle_scout,
    A.SendMessenger: movement_special.handle_send,
    A.Escort: movement_special.handle_escort,
    A.Load: movement_special.handle_load,
    A.Unload: movement_special.handle_unload,
    A.Embark: movement_special.handle_embark,
    A.Disembark: movement_special.handle_disembark,
}


# --- phase hooks --------------------------------------------------------------------------


def _movement_begins(ctx: Context) -> None:
    """A new Movement phase: marches are declared afresh, a rest is over, last turn's
    ambush results and scouting tries are history; then deserters march and undecided
    settlements give their answer."""
    camp = ctx.campaign
    state = rstate(camp)
    roles = ctx.table("move_roles")
    for record in state.armies.values():
        record.march = March(roles.get(record.role.value, roles["army"])["marches"][0])
        if record.stance is Stance.REST:
            record.stance = Stance.NONE
    moves = state.movement
    moves.current_army = None
    moves.sprung = [s for s in moves.sprung if s.turn >= camp.turn]
    moves.scouted = [s for s in moves.scouted if s.turn >= camp.turn]
    movement_special.march_deserters(ctx)
    movement_special.ask_again(ctx)


def _movement_ends(ctx: Context) -> None:
    """ "An army making a Forced March increase their fatigue on every turn they force
    march until they rest": +1 for every counter that moved on a forced march."""
    camp = ctx.campaign
    state = rstate(camp)
    marches = ctx.table("move_march")
    for army in camp.armies:
        record = state.army(army.id)
        gain = int(marches[march_of(ctx, army.id).value].get("fatigue", 0))
        if not record.moved or gain <= 0:
            continue
        record.fatigue += gain
        ctx.emit(
            "fatigue",
            f"'{army.name}' is wearied by its {march_of(ctx, army.id).value} march "
            f"(fatigue {record.fatigue})",
            player=army.owner,
            visible_to=[army.owner],
            army=army.id,
        )
    state.movement.current_army = None


PHASE_START: dict[str, Callable[[Context], None]] = {"movement": _movement_begins}
PHASE_END: dict[str, Callable[[Context], None]] = {"movement": _movement_ends}


def pending(rules: Rules, player: str | None) -> list[str]:
    """Nothing blocks the end of a move: an ambush may wait unsprung for ever, a counter
    may stand still, and asking for pending ambushes would betray them."""
    return []


# --- set-up -------------------------------------------------------------------------------


def setup(campaign: Campaign, setup: dict[str, Any]) -> None:
    """Remember the capital's standing army, and the scenario's overt aid."""
    state = rstate(campaign)
    state.movement.overt_aid = [str(s) for s in setup.get("overt_aid", [])]
    for settlement in campaign.map.settlements:
        if settlement.kind != "capital" or settlement.owner is None:
            continue
        territory = campaign.map.territory_of(settlement.hex)
        if territory is None:
            continue
        units = [
            u
            for a in campaign.armies
            if a.owner == settlement.owner and a.hex == settlement.hex
            for u in a.units
        ]
        state.movement.capitals.append(
            CapitalGuard(
                settlement.owner,
                settlement.id,
                territory.id,
                [u.id for u in units],
                sum(u.points for u in units),
            )
        )


def setup_problems(setup: dict[str, Any]) -> list[Problem]:
    aid = setup.get("overt_aid", [])
    if not isinstance(aid, list) or not all(isinstance(s, str) for s in aid):
        return [Problem(("overt_aid",), 'overt_aid is a list of settlement ids, e.g. ["s3"]')]
    return []
