"""Every key a screen advertises does something: it opens a screen, performs an action,
changes what the screen shows, or says in a message why it cannot.

A key is advertised by the footer, by the side panel's key list (a ruleset's phase
panel) and by the help's key table. Each is pressed on the campaign screen of a sandbox
campaign and of a Rauscher campaign in every phase, in a fresh state: whatever the key
opened is closed again, an action it performed is taken back, the cursor and the map
return to where they were. The screens the campaign screen opens (the chronicle, the
help, the map legend, the army details, the battle queue, card and result form) are
pressed through their own footer keys. A key that does nothing at all fails the test,
named with the screen, the phase and what it is said to do.

Keys that quit are caught before the app exits (``App.exit`` is recorded instead); the
help key table, the same list in every phase, is pressed whole once per ruleset, the
footer and the side panel's keys in every phase.
"""

from __future__ import annotations

import contextlib

import pytest
from apps import rauscher_kit as K
from apps.ui_kit import make_app, make_save, settle, sync, wait_for_screen, wait_until
from textual.keys import _character_to_key, key_to_character
from textual.widgets import Static

from tuicamp.engine.errors import InputError, RuleError
from tuicamp.rules.rauscher.screens.panels import PHASE_KEYS
from tuicamp.ui.screens.army import ArmyScreen
from tuicamp.ui.screens.battle_card import BattleCardScreen
from tuicamp.ui.screens.battle_result import BattleResultScreen
from tuicamp.ui.screens.battles import BattleQueueScreen
from tuicamp.ui.screens.campaign import CampaignScreen
from tuicamp.ui.screens.chronicle import ChronicleScreen
from tuicamp.ui.screens.help import HelpScreen
from tuicamp.ui.screens.legend import LegendScreen

SIZE = (80, 24)


pytestmark = pytest.mark.usefixtures("quiet_home")


def as_typed(key: str) -> str:
    """The key event a terminal's keypress of ``key`` makes in Textual: a binding under a
    name no terminal sends (such as "plus_sign") is pressed as what the terminal sends for
    its character ("plus"), so such a binding is caught doing nothing."""
    char = key_to_character(key)
    if char is not None and len(char) == 1 and char.isprintable() and not char.isalnum():
        return _character_to_key(char)
    return key


def _scroll_away(screen: CampaignScreen) -> None:
    """Centre has something to do only on a map scrolled off the cursor."""
    screen.map.scroll_to(screen.map.max_scroll_x, screen.map.max_scroll_y, animate=False)


# What a key needs before it can show what it does: its fresh state.
PREPARE = {"c": _scroll_away}


class KeyProbe:
    """Presses one key at a time on a screen and reports what it did, then puts the
    screen back as it was."""

    def __init__(self, pilot, home) -> None:
        self.pilot = pilot
        self.app = pilot.app
        self.home = home
        self.said: list[str] = []
        self.exits: list[bool] = []
        notify = self.app.notify

        def recorded(message, *args, **kwargs):
            self.said.append(str(message))
            return notify(message, *args, **kwargs)

        self.app.notify = recorded
        self.app.exit = lambda *args, **kwargs: self.exits.append(True)

    def _played(self) -> tuple:
        session = getattr(self.home, "session", None)
        return (session.campaign.revision, len(session.chronicle)) if session else ()

    def _shown(self) -> tuple:
        """What a key that neither opens, acts nor speaks may change: the focus, the
        scrolling, and on the campaign screen the map's cursor, layout and the move."""
        focused = self.app.focused
        out: tuple = (focused, focused.scroll_offset if focused else None)
        home = self.home
        if isinstance(home, CampaignScreen):
            m = home.map
            out += (m.cursor, m.scroll_offset, m.map_layout, home._moving)
        return out

    async def press(self, key: str) -> str:
        """What ``key`` did, in words ("" when nothing at all)."""
        self.said.clear()
        self.exits.clear()
        prepare = PREPARE.get(key)
        if prepare is not None and isinstance(self.home, CampaignScreen):
            prepare(self.home)
            await settle(self.pilot)
        played, shown = self._played(), self._shown()
        depth = len(self.app.screen_stack)
        await self.pilot.press(as_typed(key))
        await settle(self.pilot)
        if self.home not in self.app.screen_stack:
            did = "closed the screen"
        elif self.app.screen is not self.home:
            did = f"opened {type(self.app.screen).__name__}"
        elif self.exits:
            did = "quit"
        elif self.said:
            did = f"said {self.said[-1]!r}"
        elif self._played() != played:
            did = "acted"
        elif self._shown() != shown:
            did = "changed the screen"
        else:
            did = ""
        await self._restore(played, shown, depth)
        return did

    async def _restore(self, played: tuple, shown: tuple, depth: int) -> None:
        """Put back what the key changed; the screen is settled again only when something
        was put back, since a key that changed nothing leaves nothing pending (the press
        itself was settled before it was judged)."""
        app, home = self.app, self.home
        while app.screen is not home and len(app.screen_stack) > depth:
            app.pop_screen()
            await settle(self.pilot)
        session = getattr(home, "session", None)
        acted = self._played() != played
        changed = False
        if session is not None and acted:
            # take back what the key did, so the next key starts fresh (an action that
            # cannot be undone stays)
            with contextlib.suppress(RuleError, InputError):
                session.undo(home.seat)
            changed = True
        if isinstance(home, CampaignScreen):
            m = home.map
            if (m.cursor, m.map_layout) != (shown[2], shown[4]):
                m.cursor, m.map_layout = shown[2], shown[4]
                changed = True
            if acted or home._moving is not None:
                home._moving = None
                if home.seat is not None:
                    home.show_seat(home.seat)
                changed = True
        if self.said:
            app.clear_notifications()
            changed = True
        if changed or self._shown() != shown:
            await settle(self.pilot)


def footer_keys(screen) -> dict[str, str]:
    """Key -> description of every binding the footer shows now."""
    return {
        key: active.binding.description
        for key, active in screen.active_bindings.items()
        if active.binding.show and active.enabled
    }


def help_keys(screen: CampaignScreen) -> dict[str, str]:
    """Key -> description of every row of the help's key table."""
    return {key: binding.description for key, binding in screen.help_bindings()}


def panel_keys(screen: CampaignScreen, phase: str) -> dict[str, str]:
    """Key -> what, of the side panel's key list (checked to be what the panel shows)."""
    shown = " ".join(str(s.render()) for s in screen.query(".rauscher-keys").results(Static))
    out = {}
    for keys, what in PHASE_KEYS[phase]:
        assert f"{keys} {what}" in shown, f"{keys} {what} not in the side panel: {shown}"
        for key in keys.split():
            out[key] = what
    return out


async def press_all(probe: KeyProbe, keys: dict[str, str], where: str, seen: set[str]) -> None:
    """Press each key whose binding's action is not in ``seen`` yet (two keys of one
    binding, as ? and F1, are one press; a core key already shown to work in another
    phase is not pressed again); fail naming every key that did nothing."""
    silent = []
    bindings = probe.home.active_bindings
    for key, what in keys.items():
        action = bindings[key].binding.action if key in bindings else key
        if action in seen:
            continue
        seen.add(action)
        if not await probe.press(key):
            silent.append(f"{key} ({what})")
    assert not silent, f"{where}: these keys do nothing: {', '.join(silent)}"


async def _campaign(pilot) -> CampaignScreen:
    screen = await wait_for_screen(pilot, CampaignScreen)
    await wait_until(pilot, lambda: screen.seat is not None, "a seat shown")
    await settle(pilot)
    return screen


@sync
async def test_every_key_of_the_sandbox_campaign_screen_does_something(tmp_path):
    save = make_save(tmp_path)
    app = make_app(tmp_path, save=save, seat="empire")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _campaign(pilot)
        probe = KeyProbe(pilot, screen)
        seen: set[str] = set()
        # one phase, so "t" ends the turn, in the footer's words and the help's alike
        assert footer_keys(screen)["t"] == help_keys(screen)["t"] == "End turn"
        await press_all(probe, footer_keys(screen), "sandbox footer", seen)
        await press_all(probe, help_keys(screen), "sandbox help table", seen)
        assert {"help", "no_battles", "command('sandbox.add_unit')"} <= seen
        assert "command('sandbox.remove_unit')" in seen


class Seen(set):
    """The actions pressed: a phase's commands in this set, the screen's own keys in
    ``core``, shared by every phase."""

    def __init__(self, core: set[str]) -> None:
        super().__init__()
        self.core = core

    def add(self, action: str) -> None:
        (super() if action.startswith("command(") else self.core).add(action)

    def __contains__(self, action: object) -> bool:
        return super().__contains__(action) or action in self.core


RAUSCHER_SCENES = {
    "upkeep": lambda folder: K.stir_save(folder, phase="upkeep"),
    "effects": lambda folder: K.stir_save(folder, phase="effects"),
    "movement": lambda folder: K.stir_save(folder, phase="movement"),
    "combat": K.battle_save,
    "resolution": K.resolution_save,
}


@sync
async def test_every_key_of_the_rauscher_campaign_screen_does_something_in_each_phase(tmp_path):
    # the screen's own keys, the same in every phase; the help (the same screen in every
    # ruleset) is pressed by the sandbox test, since Rauscher's takes long to open
    core: set[str] = {"help"}
    for phase, scene in RAUSCHER_SCENES.items():
        save = scene(tmp_path / phase)
        app = make_app(save.parent, save=save, seat="stirland")
        async with app.run_test(size=SIZE) as pilot:
            screen = await _campaign(pilot)
            assert screen.view.phase == phase
            probe = KeyProbe(pilot, screen)
            seen = Seen(core)
            # several phases: "t" ends the phase, named so in the footer, the help's key
            # table and the phase panel's key list alike (the panel's in lower case)
            assert footer_keys(screen)["t"] == help_keys(screen)["t"] == "End phase"
            assert panel_keys(screen, phase)["t"] == "end phase"
            await press_all(probe, footer_keys(screen), f"{phase}: footer", seen)
            await press_all(probe, panel_keys(screen, phase), f"{phase}: side panel", seen)
            if phase == "upkeep":  # the same table in every phase: pressed whole once
                await press_all(probe, help_keys(screen), f"{phase}: help table", seen)
    assert {"battles", "no_battles", "chronicle", "legend"} <= core


async def _open(pilot, key: str, screen_type):
    await pilot.press(key)
    return await wait_for_screen(pilot, screen_type)


CLOSING = ("close", "cancel")  # pressed last: after them the screen is gone


async def _footer_of(pilot, opener, where: str) -> None:
    """Open a screen and press each of its footer keys on it, the closing key last (a key
    that closes it anyway opens it again for the next)."""
    app = pilot.app
    home = app.screen
    screen = await opener(pilot)
    await settle(pilot)
    one_per_binding = {}  # escape, q and F1 of one binding are one press
    for key, what in footer_keys(screen).items():
        one_per_binding.setdefault(screen.active_bindings[key].binding.action, (key, what))
    keys = sorted(one_per_binding.values(), key=lambda kv: _closes(screen, kv[0]))
    assert keys, f"{where} shows no keys"
    for key, what in keys:
        if screen not in app.screen_stack:
            screen = await opener(pilot)
            await settle(pilot)
        did = await KeyProbe(pilot, screen).press(key)
        assert did, f"{where}: {key} ({what}) does nothing"
        while app.screen is not home and app.screen is not screen:
            app.pop_screen()
            await settle(pilot)
    while app.screen is not home:
        app.pop_screen()
        await settle(pilot)


def _closes(screen, key: str) -> bool:
    return screen.active_bindings[key].binding.action in CLOSING


@sync
async def test_every_footer_key_of_the_screens_a_campaign_opens_does_something(tmp_path):
    save = make_save(tmp_path)
    app = make_app(tmp_path, save=save, seat="empire")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _campaign(pilot)
        for key, kind in (
            ("l", ChronicleScreen),
            ("question_mark", HelpScreen),
            ("f2", LegendScreen),
            ("v", ArmyScreen),
        ):
            await _footer_of(pilot, lambda p, k=key, t=kind: _open(p, k, t), kind.__name__)
            assert app.screen is screen


@sync
async def test_every_footer_key_of_the_battle_screens_does_something(tmp_path):
    save = K.battle_save(tmp_path)
    app = make_app(save.parent, save=save, seat="stirland")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _campaign(pilot)

        async def queue(p):
            return await _open(p, "B", BattleQueueScreen)

        async def card(p):
            await queue(p)
            return await _open(p, "enter", BattleCardScreen)

        async def result(p):
            await queue(p)
            return await _open(p, "r", BattleResultScreen)

        for opener, where in ((queue, "queue"), (card, "card"), (result, "result form")):
            await _footer_of(pilot, opener, f"the battle {where}")
            assert app.screen is screen
