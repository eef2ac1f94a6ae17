"""Warhammer Wars on the campaign screen: keys for the commands and the meetings, the
march and the end of a phase, and the ruleset's own screens - the Command screen (``C``),
the meeting dialog (``M``), flight and pursuit (``F``) and the War Points standings (``W``),
and the hour's side panel
with the attention zones, tunnels and quicksand on the map. The core's map, side panel (the
status lines), chronicle and battle screens show the rest."""

from __future__ import annotations

from collections.abc import Callable

from tuicamp.rules.api import Action, EndPhase
from tuicamp.rules.ellegaard.commands import GiveCommand
from tuicamp.rules.ellegaard.flight import Gather, Pursue, Rally
from tuicamp.rules.ellegaard.meetings import Meet
from tuicamp.rules.ellegaard.movement import MoveDivision
from tuicamp.rules.ellegaard.screens.command import COMMAND_KEYS, CommandScreen
from tuicamp.rules.ellegaard.screens.data import ellegaard_state
from tuicamp.rules.ellegaard.screens.flight import FlightScreen
from tuicamp.rules.ellegaard.screens.meeting import MeetingScreen
from tuicamp.rules.ellegaard.screens.panel import OVERLAYS, panel_for
from tuicamp.rules.ellegaard.screens.standings import StandingsScreen
from tuicamp.rules.ellegaard.state import COMMAND_NAMES
from tuicamp.rules.ellegaard.view import DivisionLine
from tuicamp.ui.kit import CampaignControls, RulesetUI, UiCommand


def _give(word: str) -> Callable[[CampaignControls], None]:
    def run(controls: CampaignControls) -> None:
        army = controls.selected_army
        if army is not None:
            controls.perform(GiveCommand(division=army.id, command=word))

    return run


def _meet(choice: str) -> Callable[[CampaignControls], None]:
    """The seat's sealed choice in the first meeting still waiting for it."""

    def run(controls: CampaignControls) -> None:
        state = ellegaard_state(controls.view)
        mine = set(controls.view.players_controlled)
        for line in state.meetings if state is not None else ():
            if not line.done and mine & set(line.choices.waiting):
                controls.perform(Meet(meeting=line.id, choice=choice))
                return

    return run


def _own_line(controls: CampaignControls) -> DivisionLine | None:
    """The selected division's line, when it is the seat's own."""
    army, state = controls.selected_army, ellegaard_state(controls.view)
    if army is None or state is None:
        return None
    return next((d for d in state.divisions if d.army == army.id), None)


def _rally(controls: CampaignControls) -> None:
    line = _own_line(controls)
    if line is not None:
        controls.perform(Rally(division=line.army))


def _pursue(controls: CampaignControls) -> None:
    """The selected division pursues the first division fleeing from it (R-EL-21)."""
    line = _own_line(controls)
    if line is not None and line.quarry:
        controls.perform(Pursue(division=line.army, target=line.quarry[0]))
    elif line is not None:
        controls.say(f"Nobody flees from {line.name}", "warning")


def _gather(controls: CampaignControls) -> None:
    line = _own_line(controls)
    if line is not None:
        controls.perform(Gather(division=line.army))


def _perform(controls: CampaignControls) -> Callable[[Action | None], None]:
    def done(action: Action | None) -> None:
        if action is not None:
            controls.perform(action)

    return done


def _open_commands(controls: CampaignControls) -> None:
    controls.open(CommandScreen(controls.view), _perform(controls))


def _open_meeting(controls: CampaignControls) -> None:
    controls.open(MeetingScreen(controls.view), _perform(controls))


def _open_flight(controls: CampaignControls) -> None:
    controls.open(FlightScreen(controls.view), _perform(controls))


def _open_standings(controls: CampaignControls) -> None:
    controls.open(StandingsScreen(controls.view))


COMMANDS = (
    *(
        UiCommand(f"ellegaard.{word}", key, f"Command: {COMMAND_NAMES[word]}", _give(word))
        for word, key in COMMAND_KEYS.items()
    ),
    UiCommand("ellegaard.fight", "m", "Meeting: fight", _meet("fight")),
    UiCommand("ellegaard.refuse", "r", "Meeting: refuse", _meet("refuse")),
    UiCommand("ellegaard.commands", "C", "Commands", _open_commands),
    UiCommand("ellegaard.meeting", "M", "Meetings", _open_meeting),
    UiCommand("ellegaard.flight", "F", "Flight and pursuit", _open_flight),
    UiCommand("ellegaard.standings", "W", "War Points", _open_standings),
    UiCommand("ellegaard.rally", "R", "Rally", _rally),
    UiCommand("ellegaard.pursue", "P", "Pursue", _pursue),
    UiCommand("ellegaard.gather", "G", "Gather", _gather),
)


def ellegaard_ui() -> RulesetUI:
    return RulesetUI(
        commands=COMMANDS,
        panel=panel_for,
        overlays=OVERLAYS,
        move_action=lambda army, to: MoveDivision(division=army, to=to),
        end_turn_action=lambda: EndPhase(),
    )
