"""The Rauscher ruleset's Textual side, found through ``RauscherRuleset.ui``.

``panels()`` gives the campaign screen its commands (``commands``), a panel for each
phase (``panels``), the map move (Enter on an army, Enter on the goal: a ``move`` action
by the cheapest legal path), "end turn" (``end_phase``: in Movement, pass to the next
race) and the MP an army may still spend for the reach overlay. The ledger is ``ledger``,
the purchase sheet and siege orders ``forms``; the battle queue, card and result form are
the shared ones (``B``).

Only the modules of this ``screens`` package import Textual (and not its ``data``).
"""

from __future__ import annotations

from tuicamp.engine.views import ArmyView
from tuicamp.rules.rauscher import movement
from tuicamp.rules.rauscher.movement.actions import Move
from tuicamp.rules.rauscher.movement.costs import mp_left
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.screens.commands import COMMANDS
from tuicamp.rules.rauscher.screens.panels import campaign_of, panel_for, rules_for
from tuicamp.ui.panels import CampaignControls, RulesetUI


def move_budget(controls: CampaignControls, army: ArmyView) -> float | None:
    """What the army may still spend this turn (its march's allowance less what it spent)."""
    camp = campaign_of(controls)
    rules = rules_for(controls)
    if camp.army(army.id) is None:
        return None
    return mp_left(rules, army.id)


def panels() -> RulesetUI:
    return RulesetUI(
        commands=COMMANDS,
        panel=panel_for,
        move_action=lambda army, to: Move(army=army, to=to),
        end_turn_action=lambda: EndPhase(),
        move_budget=move_budget,
        move_model=move_model,
    )


def move_model(controls: CampaignControls, army: ArmyView):
    """The rules' own costs for this army (zones of influence, terrain option)."""
    camp = campaign_of(controls)
    rules = rules_for(controls)
    if camp.army(army.id) is None:
        return None
    return movement.move_costs(rules, army.id)
