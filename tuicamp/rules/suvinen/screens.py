"""The Suvinen rules on the campaign screen: keys to hold a corps or break its commitment,
the march to the cursor (one impulse's MP, the rest committed), and the end of a player's
part of a round. The core's map, side panel (the status lines) and chronicle show the rest."""

from __future__ import annotations

from collections.abc import Callable

from tuicamp.rules.api import Action, EndPhase
from tuicamp.rules.suvinen.impulses import BreakCommitment, HoldCorps, MoveCorps
from tuicamp.ui.kit import CampaignControls, RulesetUI, UiCommand


def _on_selected(make: Callable[[str], Action]) -> Callable[[CampaignControls], None]:
    """A command on the selected corps; without one it says so."""

    def run(controls: CampaignControls) -> None:
        army = controls.selected_army
        if army is None:
            controls.say("Select one of your corps first", "warning")
            return
        controls.perform(make(army.id))

    return run


COMMANDS = (
    UiCommand("suvinen.hold", "h", "Impulse: hold", _on_selected(lambda a: HoldCorps(army=a))),
    UiCommand(
        "suvinen.break",
        "k",
        "Impulse: break commitment (1 MP)",
        _on_selected(lambda a: BreakCommitment(army=a)),
    ),
)


def suvinen_ui() -> RulesetUI:
    return RulesetUI(
        commands=COMMANDS,
        move_action=lambda army, to: MoveCorps(army=army, to=to),
        end_turn_action=lambda: EndPhase(),
    )
