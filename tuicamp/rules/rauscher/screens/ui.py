"""The Rauscher ruleset's Textual side, found through ``RauscherRuleset.ui``.

``panels()`` gives the campaign screen its commands (``commands``), a panel for each
phase (``panels``), the map move (Enter on an army, Enter on the goal: a ``move`` action
by the cheapest legal path), "end turn" (``end_phase``: in Movement, pass to the next
race), the MP an army may still spend for the reach overlay, and its map overlays
(``overlays``). The ledger is ``ledger``,
the purchase sheet and siege orders ``forms``; the battle queue, card and result form are
the shared ones (``B``).

Only the modules of this ``screens`` package import Textual (and not its ``data``).
"""

from __future__ import annotations

from tuicamp.engine.pathing import CostModel
from tuicamp.rules.rauscher import movement
from tuicamp.rules.rauscher.movement.actions import Move
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.screens.commands import COMMANDS
from tuicamp.rules.rauscher.screens.data import rauscher_state
from tuicamp.rules.rauscher.screens.overlays import OVERLAYS
from tuicamp.rules.rauscher.screens.panels import panel_for, rules_for
from tuicamp.rules.rauscher.screens.style import STYLESHEET
from tuicamp.ui.kit import ArmyView, CampaignControls, RulesetUI


def move_budget(controls: CampaignControls, army: ArmyView) -> float | None:
    """What the army may still spend this turn (its march's allowance less what it spent),
    as the seat's view has it; None for an army not the seat's own."""
    state = rauscher_state(controls.view)
    ledger = state.army(army.id) if state is not None else None
    return ledger.mp_left if ledger is not None else None


def move_model(controls: CampaignControls, army: ArmyView) -> CostModel | None:
    """The rules' own costs for one of the seat's armies (zones of influence, terrain
    option), asked of the rules in force."""
    state = rauscher_state(controls.view)
    if state is None or state.army(army.id) is None:
        return None
    return movement.move_costs(rules_for(controls), army.id)


def panels() -> RulesetUI:
    return RulesetUI(
        commands=COMMANDS,
        panel=panel_for,
        move_action=lambda army, to: Move(army=army, to=to),
        end_turn_action=lambda: EndPhase(),
        move_budget=move_budget,
        move_model=move_model,
        overlays=OVERLAYS,
        stylesheets=(STYLESHEET,),
    )
