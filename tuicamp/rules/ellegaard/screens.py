"""Warhammer Wars on the campaign screen: keys for the commands and the meetings, the
march and the end of a phase. The core's map, side panel (the status lines) and chronicle
show the rest; the ruleset's own screens are still to come."""

from __future__ import annotations

from collections.abc import Callable

from tuicamp.rules.api import EndPhase
from tuicamp.rules.ellegaard.commands import GiveCommand
from tuicamp.rules.ellegaard.meetings import Meet
from tuicamp.rules.ellegaard.movement import MoveDivision
from tuicamp.rules.ellegaard.state import COMMAND_NAMES
from tuicamp.ui.kit import CampaignControls, RulesetUI, UiCommand

# the command words and their keys (none of the core's RESERVED_KEYS)
COMMAND_KEYS = {"patrol": "p", "scout": "s", "attack": "k", "defend": "f", "block": "b"}
COMMAND_KEYS["move_ya"] = "y"


def _give(word: str) -> Callable[[CampaignControls], None]:
    def run(controls: CampaignControls) -> None:
        army = controls.selected_army
        if army is not None:
            controls.perform(GiveCommand(division=army.id, command=word))

    return run


def _meet(choice: str) -> Callable[[CampaignControls], None]:
    """The seat's sealed choice in the first meeting still waiting for it."""

    def run(controls: CampaignControls) -> None:
        state = controls.view.ruleset_state
        for line in getattr(state, "meetings", ()):
            if not line.done and not line.choices.revealed and not line.choices.choices:
                controls.perform(Meet(meeting=line.id, choice=choice))
                return

    return run


COMMANDS = (
    *(
        UiCommand(f"ellegaard.{word}", key, f"Command: {COMMAND_NAMES[word]}", _give(word))
        for word, key in COMMAND_KEYS.items()
    ),
    UiCommand("ellegaard.fight", "m", "Meeting: fight", _meet("fight")),
    UiCommand("ellegaard.refuse", "r", "Meeting: refuse", _meet("refuse")),
)


def ellegaard_ui() -> RulesetUI:
    return RulesetUI(
        commands=COMMANDS,
        move_action=lambda army, to: MoveDivision(division=army, to=to),
        end_turn_action=lambda: EndPhase(),
    )
