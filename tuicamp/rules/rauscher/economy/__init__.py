"""Rauscher: the economy — the Upkeep and Resolution phases (and the Effects phase's decks).

Upkeep: "1. Reorganize armies 2. Spend gold 3. Draw an Event Card", and the sealed ransom
notes. Effects: scenario decks of encounters and magic, when there are any (R-RA-10).
Resolution: reduce fatigue, supply troops (and Desertion and Starvation), place new units,
collect taxes (every 4 turns) and, at its end, fate points and the ledger line.

The rules live in the package's modules (reorganise, purchases, mercenaries, ransom, cards,
supply, resolution, fate, setup); this one is the frame's interface (ACTIONS, HANDLERS,
PHASE_START, PHASE_END, pending, setup, setup_problems) plus the functions the packages
above it call:

- ``siege_equipment(campaign, army_id) -> int`` and ``take_siege_equipment(...)``;
- ``starvation_test(ctx, army, reason) -> list[str]`` (for besieged armies);
- ``offer_reroll(ctx, player, kind, roll, **target)`` with ``REROLLS[kind] = handler``, to
  let a fate point re-roll a roll of another module;
- ``supply_need``, ``production``, ``tax_of``, ``army_points``, ``setup_notes``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any

from tuicamp.engine.actions import Action
from tuicamp.engine.context import Context
from tuicamp.model.campaign import Campaign
from tuicamp.rules.rauscher.economy import actions as A
from tuicamp.rules.rauscher.economy import cards as economy_cards
from tuicamp.rules.rauscher.economy import mercenaries as economy_mercenaries
from tuicamp.rules.rauscher.economy import purchases as economy_purchases
from tuicamp.rules.rauscher.economy import ransom as economy_ransom
from tuicamp.rules.rauscher.economy import reorganise as economy_reorganise
from tuicamp.rules.rauscher.economy import resolution as economy_resolution
from tuicamp.rules.rauscher.economy import supply as economy_supply
from tuicamp.rules.rauscher.economy.common import army_points, econ, name_of, players
from tuicamp.rules.rauscher.economy.fate import REROLLS, close_phase, offer_reroll, use_fate
from tuicamp.rules.rauscher.economy.resolution import tax_of
from tuicamp.rules.rauscher.economy.setup import setup as _setup
from tuicamp.rules.rauscher.economy.setup import setup_notes, tell_setup_notes
from tuicamp.rules.rauscher.economy.setup import setup_problems as _setup_problems
from tuicamp.rules.rauscher.economy.supply import production, starvation_test, supply_need
from tuicamp.rules.rauscher.shared.common import PHASES

if TYPE_CHECKING:
    from tuicamp.engine.problems import Problem
    from tuicamp.engine.rules import Rules

__all__ = [
    "ACTIONS",
    "HANDLERS",
    "PHASE_END",
    "PHASE_START",
    "REROLLS",
    "army_points",
    "offer_reroll",
    "pending",
    "production",
    "setup",
    "setup_notes",
    "setup_problems",
    "siege_equipment",
    "starvation_test",
    "supply_need",
    "take_siege_equipment",
    "tax_of",
]

_RULES: dict[type[Action], Callable[[Context, Any], None]] = {
    A.SplitArmy: economy_reorganise.split_army,
    A.MergeArmies: economy_reorganise.merge_armies,
    A.Designate: economy_reorganise.designate,
    A.CreateScoutingParty: economy_reorganise.create_scouting_party,
    A.BuyRecruits: economy_purchases.buy_recruits,
    A.BuyBaggage: economy_purchases.buy_baggage,
    A.BuyShip: economy_purchases.buy_ship,
    A.BuySiegeEquipment: economy_purchases.buy_siege_equipment,
    A.BuySupplies: economy_purchases.buy_supplies,
    A.BuyMessenger: economy_purchases.buy_messenger,
    A.CancelPurchase: economy_purchases.cancel_purchase,
    A.LoadFood: economy_purchases.load_food,
    A.PlacePurchase: economy_purchases.place_purchase,
    A.DismissPurchase: economy_purchases.dismiss_purchase,
    A.SeekMercenaries: economy_mercenaries.seek_mercenaries,
    A.AnswerMercenaries: economy_mercenaries.answer_mercenaries,
    A.WriteRansom: economy_ransom.write_ransom,
    A.PlaceRansomed: economy_ransom.place_ransomed,
    A.DrawCard: economy_cards.draw_card,
    A.PlayCard: economy_cards.play_card,
    A.UseFate: use_fate,
}


def _telling(fn: Callable[[Context, Any], None]) -> Callable[[Context, Any], None]:
    """Every economy step first tells the set-up check, once (a refusal takes it back)."""

    @wraps(fn)
    def run(ctx: Context, arg: Any = None) -> None:
        tell_setup_notes(ctx)
        if arg is None:
            fn(ctx)
        else:
            fn(ctx, arg)

    return run


ACTIONS: tuple[type[Action], ...] = tuple(_RULES)
HANDLERS: dict[type[Action], Callable[[Context, Any], None]] = {
    cls: _telling(fn) for cls, fn in _RULES.items()
}


# --- phase hooks ----------------------------------------------------------------------------
def _end_upkeep(ctx: Context) -> None:
    economy_ransom.end_upkeep(ctx)
    close_phase(ctx)


def _end_resolution(ctx: Context) -> None:
    economy_supply.remove_starved_armies(ctx)
    economy_resolution.gain_fate(ctx)
    economy_resolution.write_ledger(ctx)
    economy_purchases.end_of_turn(ctx.campaign)
    economy_mercenaries.end_of_turn(ctx.campaign)
    close_phase(ctx)


PHASE_START: dict[str, Callable[[Context], None]] = {
    "upkeep": _telling(lambda ctx: None),
    "effects": _telling(economy_cards.start_effects),
    "resolution": _telling(economy_resolution.start_resolution),
}
PHASE_END: dict[str, Callable[[Context], None]] = {phase: _telling(close_phase) for phase in PHASES}
PHASE_END["upkeep"] = _telling(_end_upkeep)
PHASE_END["resolution"] = _telling(_end_resolution)


def pending(rules: Rules, player: str | None) -> list[str]:
    """What must still happen before ``player`` may end the phase (None: anyone)."""
    campaign = rules.campaign
    if player is None:
        done = campaign.flow.ended
        return [
            f"{name_of(campaign, p)}: {line}"
            for p in players(campaign)
            if p not in done
            for line in pending(rules, p)
        ]
    return [
        *economy_ransom.pending(campaign, player),
        *economy_mercenaries.pending(campaign, player),
        *economy_cards.pending(rules, player),
        *economy_purchases.pending(campaign, player),
    ]


def setup(campaign: Campaign, setup_table: dict[str, Any]) -> None:
    _setup(campaign, setup_table)


def setup_problems(setup_table: dict[str, Any]) -> list[Problem]:
    return _setup_problems(setup_table)


# --- siege equipment (read by the siege module) -------------------------------------------
def siege_equipment(campaign: Campaign, army_id: str) -> int:
    """Points of siege equipment built with an army ("placed with any army anywhere on the
    board during the resolution phase")."""
    return econ(campaign).siege_equipment.get(army_id, 0)


def take_siege_equipment(campaign: Campaign, army_id: str, points: int) -> int:
    """Use up (or lose) up to ``points`` of an army's siege equipment; returns what was taken."""
    store = econ(campaign).siege_equipment
    taken = max(0, min(points, store.get(army_id, 0)))
    if taken:
        store[army_id] -= taken
        if not store[army_id]:
            del store[army_id]
    return taken
