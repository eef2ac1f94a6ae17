"""The key footer: it shows a key disabled or enabled as the screen's bindings say, and
draws its keys again only when they change (a focus move, a covered screen's bindings
change or a dialog opening over it leave the same keys and cost nothing)."""

from __future__ import annotations

from apps.ui_kit import settle, sync, wait_until
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button, Static
from textual.widgets._footer import FooterKey

from tuicamp.ui.kit import KeyFooter
from tuicamp.ui.screens.confirm import ConfirmScreen


class Counted(KeyFooter):
    """The key footer, counting the times it drew its keys."""

    composed = 0

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            type(self).composed += 1
        yield from super().compose()


class Keys(Screen[None]):
    """A screen whose `s` (send) key is enabled or disabled by `ready`."""

    BINDINGS = [Binding("s", "send", "send"), Binding("h", "hint", "hint")]

    def __init__(self) -> None:
        super().__init__()
        self.ready = True

    def compose(self) -> ComposeResult:
        yield Button("one", id="one")
        yield Button("two", id="two")
        yield Counted()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "send" and not self.ready else True

    def action_send(self) -> None:
        """Nothing to send in the test."""

    def action_hint(self) -> None:
        """Nothing to hint in the test."""


class Redrawn(Keys):
    """Nothing to focus, and `r` composes the whole screen again, footer and all (as the
    Ellegaard meeting does when terms are drafted): no focus move follows."""

    BINDINGS = [Binding("r", "redraw", "redraw")]

    def compose(self) -> ComposeResult:
        yield Static("terms")
        yield Counted()

    def action_redraw(self) -> None:
        self.refresh(recompose=True)


class Other(Screen[None]):
    """A full screen laid over :class:`Keys`."""

    BINDINGS = [Binding("escape", "app.pop_screen", "back")]

    def compose(self) -> ComposeResult:
        yield KeyFooter()


class KeysApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Keys())


def _send_key(screen: Screen) -> FooterKey | None:
    """The footer's `s` key, or None while the footer is between two drawings."""
    return next((k for k in screen.query(FooterKey) if k.action == "send"), None)


def _disabled(screen: Screen) -> bool:
    key = _send_key(screen)
    return key is not None and key.has_class("-disabled")


def _enabled(screen: Screen) -> bool:
    key = _send_key(screen)
    return key is not None and not key.has_class("-disabled")


async def _keys_screen(pilot) -> Keys:
    """The :class:`Keys` screen once its footer has drawn its keys."""
    await wait_until(pilot, lambda: _send_key(pilot.app.screen), "the footer's keys")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, Keys)
    return screen


@sync
async def test_the_footer_shows_a_key_disabled_and_enabled_again():
    async with KeysApp().run_test() as pilot:
        screen = await _keys_screen(pilot)
        assert _enabled(screen)
        screen.ready = False
        screen.refresh_bindings()
        await wait_until(pilot, lambda: _disabled(screen), "send disabled")
        screen.ready = True
        screen.refresh_bindings()
        await wait_until(pilot, lambda: _enabled(screen), "send enabled again")


@sync
async def test_the_footer_is_not_drawn_again_while_its_keys_stay_the_same():
    async with KeysApp().run_test() as pilot:
        screen = await _keys_screen(pilot)
        drawn, key = Counted.composed, _send_key(screen)
        for _ in range(5):
            screen.refresh_bindings()
        await pilot.press("tab")  # a focus move publishes a bindings change
        await pilot.press("tab")
        await settle(pilot)
        assert Counted.composed == drawn
        assert _send_key(screen) is key  # the very widget drawn before
        screen.ready = False
        for _ in range(5):
            screen.refresh_bindings()
        await wait_until(pilot, lambda: _disabled(screen), "send disabled")
        await settle(pilot)
        assert Counted.composed == drawn + 1  # five changes, one redraw


@sync
async def test_a_covered_screen_redraws_its_footer_once_it_shows_again():
    app = KeysApp()
    async with app.run_test() as pilot:
        screen = await _keys_screen(pilot)
        drawn = Counted.composed
        app.push_screen(Other())
        await wait_until(pilot, lambda: isinstance(app.screen, Other), "the other screen")
        screen.ready = False
        screen.refresh_bindings()  # behind a full screen: nobody sees its footer
        await settle(pilot)
        assert Counted.composed == drawn
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen, "the keys screen again")
        await wait_until(pilot, lambda: _disabled(screen), "send disabled")
        await settle(pilot)
        assert Counted.composed == drawn + 1


@sync
async def test_a_footer_behind_a_dialog_still_follows_its_keys():
    """A modal dialog leaves the screen below on show, footer and all."""
    app = KeysApp()
    async with app.run_test() as pilot:
        screen = await _keys_screen(pilot)
        app.push_screen(ConfirmScreen("Send?"))
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the dialog")
        screen.ready = False
        screen.refresh_bindings()
        await wait_until(pilot, lambda: _disabled(screen), "send disabled behind the dialog")


@sync
async def test_a_screen_composed_again_shows_its_keys_at_once():
    """A new footer draws the keys it finds, without waiting for a bindings change that
    may never come (Textual's own footer stayed blank after the meeting screen redrew)."""
    app = KeysApp()
    async with app.run_test() as pilot:
        await _keys_screen(pilot)
        screen = Redrawn()
        app.push_screen(screen)
        await wait_until(pilot, lambda: _send_key(screen), "the redrawn screen's keys")
        first = screen.query_one(Counted)
        screen.ready = False
        await pilot.press("r")
        await wait_until(
            pilot, lambda: any(f is not first for f in screen.query(Counted)), "a new footer"
        )
        await wait_until(pilot, lambda: _disabled(screen), "its keys, send disabled")
