"""The club's app: the tuicamp app with the lobby of one key's campaigns at its base.

It is the ordinary app (themes, keymap, the too-small guard) with the lobby instead of
the title screen, so there is no way to a save the key does not hold: no load screen, no
"continue", and each campaign opens as the key's seat alone (``only_seat``: no seat
switching, no hand-over). Leaving a campaign goes back to the lobby; ``q`` there ends the
session. The command palette keeps its commands but one: screenshots, which would write
files on the club's machine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from textual.app import SystemCommand
from textual.screen import Screen

from tuicamp.game.club import Access, Grant
from tuicamp.game.session import Session
from tuicamp.ui import app as ui_app
from tuicamp.ui.app import TuicampApp
from tuicamp.ui.screens.campaign import open_campaign
from tuicamp.ui.screens.lobby import LobbyScreen

LEFT_OUT = {"Screenshot"}


class ClubApp(TuicampApp):
    # Textual finds a class's styles beside the module that defines it: these are the UI's.
    CSS_PATH = [Path(ui_app.__file__).with_name(name) for name in ui_app.STYLES]

    def __init__(self, access: Access, folder: Path) -> None:
        super().__init__(saves_folder=folder, home=self._lobby)
        self.access = access

    def _lobby(self) -> Screen:
        return LobbyScreen(self.access, self.folder, self.open_grant, self.scenarios)

    def open_grant(self, session: Session, grant: Grant, closed: Callable[[], None]) -> None:
        """Show a campaign as the grant's seat; back to the lobby when the player leaves."""

        def close() -> None:
            self.pop_screen()
            closed()

        self.push_screen(
            open_campaign(
                session, only_seat=grant.seat, map_layout=self.config.hexes, on_close=close
            )
        )

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if command.title not in LEFT_OUT:
                yield command
