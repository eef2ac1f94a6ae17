"""The Invasion of Hex Island on the campaign screen: the map draws the realms' borders
(one border round each realm's land, whichever of its players acts), keys answer the
segments' everyday questions (pass a declaration, stand or withdraw, hand in an empty
sheet), ``C`` opens the character sheets, ``S`` the standings (``sheets``) and ``Y`` the year's
segments with whom they wait for (``year``), and ending a
segment is the core's end of phase. The core's side panel shows the status lines; every
other action is at hand in orders files and the command palette."""

from __future__ import annotations

from collections.abc import Callable

from tuicamp.rules.aasen.declarations import Answer, Pass
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.rules.aasen.screens.realm_map import OVERLAYS, panel_for
from tuicamp.rules.aasen.screens.sheets import CharacterScreen, StandingsScreen
from tuicamp.rules.aasen.screens.year import YearScreen
from tuicamp.rules.api import Action, EndPhase
from tuicamp.ui.kit import Borders, CampaignControls, RulesetUI, UiCommand


def realm_borders(controls: CampaignControls) -> Borders:
    """Territories belong to realms (their team ids), so the owner border is the realm's."""
    return Borders("owner")


def _do(make: Callable[[], Action]) -> Callable[[CampaignControls], None]:
    def run(controls: CampaignControls) -> None:
        controls.perform(make())

    return run


COMMANDS = (
    UiCommand("aasen.pass", "p", "Declare no invasion this year", _do(Pass)),
    UiCommand(
        "aasen.stand", "s", "Stand and fight the invasion", _do(lambda: Answer(choice="stand"))
    ),
    UiCommand(
        "aasen.withdraw",
        "r",
        "Withdraw before the invasion",
        _do(lambda: Answer(choice="withdraw")),
    ),
    UiCommand("aasen.sheet", "h", "Hand in an empty Promotions & Purchases sheet", _do(WriteSheet)),
    UiCommand(
        "aasen.characters",
        "C",
        "Character sheets: your Generals and Senior Officers",
        lambda c: c.open(CharacterScreen(c.view)),
    ),
    UiCommand(
        "aasen.standings",
        "S",
        "Standings: the realms by territories",
        lambda c: c.open(StandingsScreen(c.view)),
    ),
    UiCommand(
        "aasen.year",
        "Y",
        "The year: its segments, whom it waits for, your sheets and trades",
        lambda c: c.open(YearScreen(c.view)),
    ),
)


def aasen_ui() -> RulesetUI:
    return RulesetUI(
        commands=COMMANDS,
        end_turn_action=lambda: EndPhase(),
        map_borders=realm_borders,
        panel=panel_for,
        overlays=OVERLAYS,
    )
