"""The keys a screen's help lists, read from the screen's own bindings, so the help can
never disagree with what the keys do: one source, no hand-kept list."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.binding import Binding
    from textual.screen import Screen

# The app's own keys the help lists with the screen's (they carry no binding id).
APP_KEYS = frozenset({"quit", "command_palette"})


def help_bindings(screen: Screen) -> list[tuple[str, Binding]]:
    """(key, binding) of every tuicamp key active on ``screen``: the bindings with an id
    (the keymap's), and the app's quit and command palette; not Textual's scrolling, focus
    and copy keys, which a player never needs to learn."""
    out = []
    for key, active in screen.active_bindings.items():
        binding = active.binding
        ours = binding.id is not None or binding.action in APP_KEYS
        if binding.description and not binding.system and ours:
            out.append((key, binding))
    return out


def key_rows(screen: Screen) -> list[tuple[str, str]]:
    """(key as shown, description) of :func:`help_bindings`: the help's key table."""
    return [(screen.app.get_key_display(b), b.description) for _, b in help_bindings(screen)]
