"""Leaving an editor screen: at once when nothing is unsaved, else only once the designer
says so; back to the screen below, or out of the app when ``tuicamp edit`` opened it."""

from __future__ import annotations

from textual.screen import Screen

from tuicamp.ui.screens.confirm import ConfirmScreen


def close(screen: Screen[None], saved: bool, question: str) -> None:
    """Leave ``screen``; with changes not saved (``saved`` False), ask ``question`` first."""
    if saved:
        leave(screen)
        return

    def answered(yes: bool | None) -> None:
        if yes:
            leave(screen)

    screen.app.push_screen(ConfirmScreen(question, "Close", "Keep editing"), answered)


def leave(screen: Screen[None]) -> None:
    if len(screen.app.screen_stack) <= 2:  # opened by `tuicamp edit`: nothing below
        screen.app.exit(0)
    else:
        screen.dismiss(None)
