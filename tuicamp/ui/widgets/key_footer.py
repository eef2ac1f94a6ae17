"""The key footer every tuicamp screen shows: Textual's footer, redrawn only when its keys
change.

Textual's :class:`~textual.widgets.Footer` recomposes itself (every key a widget, every
widget styled) each time its screen publishes a bindings change, and a screen publishes one
for every focus move, every suspend and resume: opening the chronicle used to recompose its
footer six times, and the campaign screen's footer underneath once more while nobody could
see it. This footer ignores a screen that is not on show (it is asked again when that screen
resumes, since a resume is a bindings change too) and, after the refresh that follows, draws
its keys anew only if what it would show (key, action, description, enabled) is not what it
drew last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual.screen import Screen

# One footer entry as drawn: the key, its action, its description and whether it is enabled.
DrawnKey = tuple[str, str, str, bool]


def on_show(screen: Screen) -> bool:
    """Whether ``screen`` can be seen: it is the top screen, or every screen above it lets
    it through (a modal dialog's see-through background). ``Screen.is_current`` is not
    enough: Textual counts the screen just below the top as current even under an opaque
    full screen, where its footer would be redrawn for nobody."""
    if not screen.is_current:
        return False
    stack = screen.app.screen_stack
    above = stack[stack.index(screen) + 1 :] if screen in stack else []
    return all(cover.styles.background.a < 1 for cover in above)


def _settle_compact(key: FooterKey, compact: bool) -> None:
    """Give a key its compact look before it is mounted. A key starts compact and Textual
    binds it to its footer's setting once mounted: the class goes on, then off again,
    each time restyling the key (the command palette's key stays compact, unbound)."""
    value = True if key.has_class("-command-palette") else compact
    key.set_reactive(FooterKey.compact, value)
    key.set_class(value, "-compact", update=False)


class KeyFooter(Footer):
    """A :class:`Footer` that recomposes only when the keys it shows have changed."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._drawn_keys: tuple[DrawnKey, ...] | None = None  # None: nothing drawn yet

    def shown_keys(self) -> tuple[DrawnKey, ...]:
        """What the footer would draw now from its screen's active bindings: every shown
        binding, and the command palette's key where the footer shows that one."""
        active = self.screen.active_bindings
        keys = [(b.key, b.action, b.description, on) for _, b, on, _ in active.values() if b.show]
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        if palette is not None and self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            _, b, on, _ = palette
            keys.append((b.key, b.action, b.description, on))
        return tuple(keys)

    def compose(self) -> ComposeResult:
        """Textual's keys, noting which ones were drawn. Textual's own footer draws nothing
        until its screen's first bindings change, then mounts all its keys again, a second
        layout of a screen just opened; this one draws the keys it finds at once (the
        screen's own and the app's), and the first change redraws only if they differ."""
        self._bindings_ready = True
        self._drawn_keys = self.shown_keys()
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                _settle_compact(widget, self.compact)
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        """Look again after the next refresh, only for the footer's own screen while it is
        on show (a screen behind a full screen is not; one behind a modal dialog is) and the
        terminal has focus (Textual's rule: its return refreshes the bindings)."""
        if not self.is_attached or screen is not self.screen or not on_show(screen):
            return
        if not screen.app.app_focus:
            return
        self.call_after_refresh(self._rebuild_if_changed)

    def _rebuild_if_changed(self) -> None:
        """Recompose if the keys on show differ from those drawn: a key enabled or disabled,
        added or taken away; any number of bindings changes with the same keys cost nothing.
        A screen covered since it asked is left alone: its resume asks again."""
        if not self.is_attached or not on_show(self.screen):
            return
        self._bindings_ready = True
        if self.shown_keys() != self._drawn_keys:
            self.refresh(recompose=True)
