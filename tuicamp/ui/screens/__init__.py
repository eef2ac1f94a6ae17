"""tuicamp's screens, one module each, each imported the first time it is shown.

A screen module imports its widgets, and some of them much more (the help screen its
Markdown, the wizard the scenario browser and its map preview), so importing every screen
at start-up cost a campaign's first frame several times a Textual hello world's. The app
names a screen by its place here (``"title:TitleScreen"``: the module in this package and
the name in it) and :func:`imported` imports it when it is about to be shown;
:func:`loaded` asks whether a screen on the stack is one without importing anything.
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Any

TITLE = "title:TitleScreen"
LOAD = "load:LoadScreen"
SCENARIOS = "scenarios:ScenariosScreen"
WIZARD = "wizard:WizardScreen"
CAMPAIGN = "campaign:CampaignScreen"
OPEN_CAMPAIGN = "campaign:open_campaign"
# what the campaign screen opens on a key: imported on the first press, not at start-up
ARMY = "army:ArmyScreen"
BATTLES = "battles:BattleQueueScreen"
CHRONICLE = "chronicle:ChronicleScreen"
CONFIRM = "confirm:ConfirmScreen"
DICE_ENTRY = "dice_entry:DiceEntryScreen"
HELP = "help:HelpScreen"
HELP_CHAPTERS = "help:help_chapters"
KEYS_CHAPTER = "help:keys_chapter"
LEGEND = "legend:LegendScreen"
SEAT_PICKER = "seat_picker:SeatPickerScreen"


def _parts(place: str) -> tuple[str, str]:
    module, _, name = place.partition(":")
    return f"{__name__}.{module}", name


def imported(place: str) -> Any:
    """The screen class (or function) at ``place``, its module imported if need be."""
    module, name = _parts(place)
    return getattr(import_module(module), name)


def loaded(place: str) -> Any | None:
    """The screen class at ``place`` if its module has been imported, else None: a screen
    whose module was never imported cannot be on the stack."""
    module, name = _parts(place)
    found = sys.modules.get(module)
    return getattr(found, name, None) if found is not None else None


def showing(screen: object, place: str) -> bool:
    """Whether ``screen`` is a screen of the class at ``place`` (nothing imported)."""
    cls = loaded(place)
    return cls is not None and isinstance(screen, cls)
