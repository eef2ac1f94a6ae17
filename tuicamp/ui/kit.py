"""The one door from a ruleset's screens into the UI.

A ruleset's screens module imports from ``tuicamp.ui`` only what this module offers: the
controls of the campaign screen, the base of a phase panel, the command and UI records, the
forms, the confirm dialog, the input field and the dice roller, the key footer (which
redraws only when its keys change) and the quick-open base of a screen, the map widget and
its marker colours, what a ruleset declares for the map (:class:`OverlayLook` and its
kinds, side marks, :class:`Borders` and their modes), and :func:`what_if` (the seat's view
after an action the engine performs on a throwaway copy: a price or a refusal before
anything is sent). What stays behind this door (the campaign screen, the session, the hand-
over) can change without a ruleset noticing, and a ruleset cannot reach the raw campaign by
importing its way round the view.

:data:`RESERVED_KEYS` are the keys the core binds on the campaign screen, where a
ruleset's commands are bound too: a command on one of them would shadow the core's (or be
shadowed), so no ruleset may use them (a test checks every installed ruleset).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from textual.keys import KEY_NAME_REPLACEMENTS

from tuicamp.engine.actions import Action
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.engine import Engine
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import StatusLine
from tuicamp.engine.views import ArmyView, CampaignView, PlayerView, view_for
from tuicamp.ui.map_layers import (
    AREA,
    BOTH,
    LABELS,
    NO_BORDERS,
    OWNER,
    ROUTE,
    SIDES,
    TERRITORY,
    Borders,
    Mark,
    OverlayLook,
)
from tuicamp.ui.map_render import marker_style
from tuicamp.ui.map_widget import MapWidget
from tuicamp.ui.moves import cost_label
from tuicamp.ui.panels import (
    CampaignControls,
    PanelText,
    PhasePanel,
    ReadOnlyRules,
    RulesetUI,
    UiCommand,
)
from tuicamp.ui.screens.confirm import ConfirmScreen
from tuicamp.ui.screens.forms import PickScreen, TextPromptScreen
from tuicamp.ui.screens.quick_open import QuickOpen
from tuicamp.ui.widgets.dice_roller import DiceRoller
from tuicamp.ui.widgets.fields import Field
from tuicamp.ui.widgets.key_footer import KeyFooter

__all__ = [
    "AREA",
    "BOTH",
    "LABELS",
    "NO_BORDERS",
    "OWNER",
    "RESERVED_KEYS",
    "ROUTE",
    "SIDES",
    "TERRITORY",
    "ArmyView",
    "Borders",
    "CampaignControls",
    "CampaignView",
    "ConfirmScreen",
    "DiceRoller",
    "Field",
    "KeyFooter",
    "MapWidget",
    "Mark",
    "OverlayLook",
    "PanelText",
    "PhasePanel",
    "PickScreen",
    "PlayerView",
    "QuickOpen",
    "ReadOnlyRules",
    "RulesetUI",
    "StatusLine",
    "TextPromptScreen",
    "UiCommand",
    "command_keys",
    "cost_label",
    "key_name",
    "marker_style",
    "reserved_clashes",
    "what_if",
]

# Every key the core binds where a ruleset's commands are bound, in Textual's key names.
RESERVED_KEYS: frozenset[str] = frozenset(
    {
        # the map cursor (w e a d z x and the arrows), next / previous army, centre,
        # select (Enter, also the hand-over's "continue"), overview, scrolling
        *("w", "e", "a", "d", "z", "x", "left", "right", "up", "down"),
        *("n", "N", "c", "enter", "o"),
        *("home", "end", "pageup", "pagedown", "ctrl+pageup", "ctrl+pagedown"),
        # the campaign screen: end turn, undo, log, battles, help, map legend, cancel move,
        # army details, change seat, save, quit
        *("t", "u", "l", "B", "question_mark", "f1", "f2", "escape", "v", "g", "ctrl+s", "q"),
        # Textual's own: command palette, quit, copy, focus
        *("ctrl+p", "ctrl+q", "ctrl+c", "super+c", "tab", "shift+tab"),
    }
)


def key_name(key: str) -> str:
    """A key as Textual names the key event a terminal sends: a punctuation character by
    its Unicode name ("?" is "question_mark", "$" is "dollar_sign"), shortened where
    Textual shortens it ("+" is "plus", "-" is "minus", "/" is "slash"), anything else as
    written. A binding under any other name would never fire."""
    key = key.strip()
    if len(key) == 1 and not key.isalnum():
        name = unicodedata.name(key).lower().replace(" ", "_").replace("-", "_")
        return KEY_NAME_REPLACEMENTS.get(name, name)
    return key


def command_keys(command: UiCommand) -> list[str]:
    """The keys of a command (its ``key`` may list several, comma-separated)."""
    return [key_name(k) for k in command.key.split(",") if k.strip()]


def reserved_clashes(commands: Iterable[UiCommand]) -> list[tuple[str, str]]:
    """(command id, key) for every command key the core has reserved: none may be."""
    return [(c.id, k) for c in commands for k in command_keys(c) if k in RESERVED_KEYS]


def what_if(controls: CampaignControls, action: Action) -> CampaignView:
    """The shown seat's view after ``action``, performed by the engine on a throwaway copy
    of the campaign: a form shows the rules' own price (the purse after) or refusal before
    the player sends anything, never a second reckoning of its own.

    Raises what the engine raises (RuleError, InputError, DiceNeeded); the campaign, its
    files and its dice are never touched. The view after is the seat's, filtered as every
    view is, so a dry run tells a ruleset's screen nothing the seat may not know.
    """
    rules, seat = controls.rules, controls.seat
    if not isinstance(rules, Rules) or seat is None:
        raise RuntimeError("no seat is shown, or the controls hold no campaign's rules")
    ruleset = rules.ruleset
    copy = campaign_from_dict(campaign_to_dict(rules.campaign), ruleset.state_class)
    events = Engine(copy, [], ruleset).perform(seat, action)
    return view_for(Rules(copy, ruleset), events, seat)
