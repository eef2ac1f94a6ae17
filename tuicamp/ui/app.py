"""The tuicamp Textual app: screens, themes, the user's keymap and the too-small guard.

``run_app(save=None, seat=None, session=None)`` is what the command line calls:

* no save: the title screen (continue, new campaign, load, scenarios, quit);
* a save: that campaign at once; the title screen is built (its saves' headers read) only
  when the campaign is closed with ``q``;
* a seat as well: only that seat plays on this terminal, as over SSH; ``q`` quits;
* the save's session, when the command line has opened it already (to refuse a bad save
  in one line before the UI starts): it is played as it is, not read a second time.

Screens are imported when they are first shown (:mod:`tuicamp.ui.screens`), so a first
frame pays only for the screen it draws.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App, SystemCommand
from textual.dom import DOMNode, NoScreen
from textual.screen import Screen

from tuicamp.engine.errors import InputError
from tuicamp.game.session import Session
from tuicamp.storage.locations import saves_dir
from tuicamp.storage.saves import list_saves
from tuicamp.ui import screens, seating
from tuicamp.ui.config import THEMES, UiConfig, load_config
from tuicamp.ui.palette import CommandPaletteScreen
from tuicamp.ui.screens.handover import HandoverScreen
from tuicamp.ui.screens.too_small import TooSmallScreen, too_small
from tuicamp.ui.startup import release_collection
from tuicamp.ui.styles import read_in_place
from tuicamp.ui.typeahead import KeyGuardApp
from tuicamp.ui.unsaved import unsaved_question

if TYPE_CHECKING:
    from tuicamp.ui.screens.campaign import CampaignScreen
    from tuicamp.ui.screens.title import TitleScreen

# Every stylesheet of the core's screens, read once at start: a screen bringing its own
# (``CSS_PATH``) makes Textual parse all the CSS again and restyle every screen's every
# widget the first time it opens, a visible pause on the key that opens it.
STYLES = (
    "app.tcss",
    "dialogs.tcss",
    "widgets.tcss",
    "title.tcss",
    "wizard.tcss",
    "campaign.tcss",
    "battles.tcss",
)
# Those a campaign opened from the command line does not draw its first frame with when
# that is a hand-over (which, with the too-small guard, app.tcss styles): read just after
# that frame, in their place among the others, or before the screen that comes first when
# it is another (the campaign screen, a title screen).
LATER_STYLES = STYLES[1:]


class TuicampApp(KeyGuardApp[int]):  # keys typed while a screen opens act on nothing
    CSS_PATH = list(STYLES)
    TITLE = "tuicamp"
    ENABLE_COMMAND_PALETTE = True

    def __init__(
        self,
        save: Path | None = None,
        seat: str | None = None,
        config: UiConfig | None = None,
        saves_folder: Path | None = None,
        scenarios: list[Path] | None = None,
        home: Callable[[], Screen] | None = None,
        session: Session | None = None,
    ) -> None:
        """``saves_folder`` and ``scenarios`` (default: the saves folder, the bundled
        scenarios) let tests and clubs point the app elsewhere; ``home`` makes the screen
        at the bottom of the stack (default: the title screen; the club server's lobby).
        ``session`` is ``save`` opened already, played without reading it again."""
        super().__init__()
        self.config = config if config is not None else load_config()
        self.save = save
        self.only_seat = seat
        self.saves_folder = saves_folder
        self.scenarios = scenarios
        self.home = home
        self._opened = session
        self._later_styles: list[Path] = []
        if save is not None or session is not None:  # a campaign's frame comes first
            self._later_styles = [p for p in self.css_path if p.name in LATER_STYLES]
            self.css_path = [p for p in self.css_path if p.name not in LATER_STYLES]
        for theme in THEMES:
            self.register_theme(theme)
        self._start_with_theme(self.config.theme)
        self.cursor_blink = self.config.cursor_blink
        if self.config.keymap:
            self.set_keymap(self.config.keymap)

    def _start_with_theme(self, name: str) -> None:
        """Start in the configured theme without the re-parse setting ``theme`` brings:
        its watcher parses every stylesheet again with the theme's variables, a second
        parse of all the CSS before the first frame. Before the app runs, the theme is
        set quietly and the stylesheet given its variables, so the one parse at start
        uses them; the app's classes say the theme as the watcher's do."""
        self.set_reactive(App.theme, self._validate_theme(name))
        self.stylesheet.set_variables(self.get_css_variables())
        dark = self.current_theme.dark
        classes = {c: False for c in self.classes if c.startswith("-theme-")}
        classes.update({f"-theme-{name}": True, "-dark-mode": dark, "-light-mode": not dark})
        self.update_classes(classes, update=False)
        self._refresh_truecolor_filter(self.ansi_theme)

    def action_command_palette(self) -> None:
        """Textual's palette, kept from crashing when a search outlives it (ui/palette.py)."""
        if self.use_command_palette and not isinstance(self.screen, CommandPaletteScreen):
            self.push_screen(CommandPaletteScreen(id="--command-palette"))

    async def action_quit(self) -> None:
        """ctrl+q quits at once, as every campaign action is saved as it happens; only a
        screen holding work not yet on disk (a scenario in the editor) is asked first, by
        its ``unsaved_question`` (None: nothing to lose). A second ctrl+q at the question
        quits."""
        if getattr(self.screen, "asks_to_quit", False):
            self.exit(0)
            return
        question = unsaved_question(self.screen_stack)
        if question is None:
            self.exit(0)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit(0)

        asking = screens.imported(screens.CONFIRM)(question, "Quit", "Keep editing")
        asking.asks_to_quit = True
        self.push_screen(asking, answered)

    # --- start ------------------------------------------------------------------------
    @property
    def folder(self) -> Path:
        return self.saves_folder if self.saves_folder is not None else saves_dir()

    def on_mount(self) -> None:
        for problem in self.config.problems:
            self.notify(problem, severity="warning", title="Config", timeout=10)
        if self._opened is not None:
            self.play(self._opened)
            self._opened = None  # a reload reads the file again, as any open does
        elif self.save is None or not self.open_save(self.save):
            self.push_screen(self._home())
        self.call_after_refresh(self._check_size)
        self.call_after_refresh(release_collection)  # the first frame is drawn
        self.call_after_refresh(self._read_later_styles)

    def _read_later_styles(self) -> None:
        """The core's stylesheets left out of a hand-over's first frame, read once, in their
        place in ``STYLES`` (ui/styles.py), before any screen they style is built."""
        later, self._later_styles = self._later_styles, []
        if later:
            order = [*self.css_path, *later]
            order.sort(key=lambda p: STYLES.index(p.name) if p.name in STYLES else len(STYLES))
            read_in_place(self, later, order)
            self.css_path = order

    def _home(self) -> Screen:
        """The screen at the bottom of the stack: the title screen, or the club's lobby."""
        self._read_later_styles()
        return self.home() if self.home is not None else self._title()

    def _title(self) -> TitleScreen:
        title: type[TitleScreen] = screens.imported(screens.TITLE)
        return title(list_saves(self.folder))

    def _refresh_title(self) -> None:
        """Put a fresh title screen (with the saves list re-read) under the stack top."""
        if screens.showing(self.screen, screens.TITLE):
            self.switch_screen(self._title())

    # --- navigation -------------------------------------------------------------------
    def open_save(self, path: Path) -> bool:
        """Open the save's campaign on top of the stack; False (and why, in a notice) if
        it cannot be opened."""
        try:
            session = Session.open(path)
        except InputError as exc:
            self.notify(str(exc), severity="error", title="Cannot open", timeout=10)
            return False
        self.play(session)
        return True

    def play(self, session: Session) -> None:
        """Show the session's campaign. When it opens with a hand-over (several players
        at this terminal, a phase in private), the hand-over is shown first and alone:
        it hides the campaign screen anyway, so the campaign screen (its module, the map,
        the panels, the chronicle) is built only once the seat is taken, its module
        imported meanwhile, after the hand-over's first frame."""

        def close() -> None:
            if self.only_seat is not None:
                self.exit(0)
                return
            if len(self.screen_stack) <= 2:  # opened from the command line: nothing below
                self.switch_screen(self._home())
                return
            self.pop_screen()
            self._refresh_title()

        def campaign(seated: str | None = None) -> Screen:
            self._read_later_styles()  # if the campaign screen comes before they are read
            open_campaign = screens.imported(screens.OPEN_CAMPAIGN)
            layout = self.config.hexes
            return open_campaign(
                session, only_seat=self.only_seat, map_layout=layout, on_close=close, seated=seated
            )

        seats = session.campaign.seats
        first = seating.opening_hand_over(
            seats,
            seating.local_seats(seats, self.only_seat),
            session.acting_seats(),
            seating.phase_play(session.ruleset, session.campaign.phase),
        )
        handover = None
        if first is not None:
            handover = HandoverScreen.for_seat(session, first, lambda: campaign(first))
        if handover is None:
            self.push_screen(campaign())
            return

        def left(taken: bool | None) -> None:  # q at the hand-over: nobody sat down
            if taken is False and len(self.screen_stack) <= 1:  # opened at start
                self.push_screen(self._home())
            elif taken is False:
                close()

        self.push_screen(handover, left)
        self.call_after_refresh(screens.imported, screens.OPEN_CAMPAIGN)

    def on_title_screen_chose(self, message: TitleScreen.Chose) -> None:
        what = message.what
        if what == "quit":
            self.exit(0)
        elif what == "continue" and message.path is not None:
            self.open_save(message.path)
        elif what == "new":
            self.new_campaign(None)
        elif what == "load":
            load = screens.imported(screens.LOAD)
            self.push_screen(load(list_saves(self.folder), self.folder), self._loaded)
        elif what == "scenarios":
            scenarios = screens.imported(screens.SCENARIOS)
            self.push_screen(scenarios(self.scenarios), self._scenario_chosen)

    def _loaded(self, path: Path | None) -> None:
        if path is not None:
            self.open_save(path)

    def _scenario_chosen(self, path: Path | None) -> None:
        if path is not None:
            self.new_campaign(path)

    def new_campaign(self, scenario: Path | None) -> None:
        def created(session: Session | None) -> None:
            if session is not None:
                self.play(session)

        wizard = screens.imported(screens.WIZARD)
        self.push_screen(wizard(scenario, self.folder, self.scenarios), created)

    # --- the command palette lists every key of the screen ------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        seen: set[str] = set()
        for _key, active in screen.active_bindings.items():
            binding = active.binding
            if not binding.description or binding.system or not active.enabled:
                continue
            if binding.action in seen:
                continue
            seen.add(binding.action)
            namespace, action = active.node, binding.action
            yield SystemCommand(
                binding.description,
                f"key {self.get_key_display(binding)}",
                lambda a=action, n=namespace: self.call_later(self.run_listed_action, a, n),
            )

    async def run_listed_action(self, action: str, node: DOMNode) -> None:
        """Run a key's action chosen in the palette, unless its screen has gone meanwhile.

        The palette runs its choice after it closes; typed fast under load, an earlier
        choice ("load") can have replaced the campaign screen by then, and the campaign's
        action would run on a screen whose widgets are being taken down (a crash seen over
        SSH). A key of a screen no longer shown belongs to nothing: it does nothing."""
        screen = node if isinstance(node, Screen) else None
        if screen is None and node is not self:
            try:
                screen = node.screen
            except NoScreen:
                return
        if screen is not None and screen not in self.screen_stack:
            return
        await self.run_action(action, node)

    # --- the too-small guard ----------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        # Runs before App's own handler has stored the new size: use the event's.
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int | None = None, height: int | None = None) -> None:
        if width is None or height is None:
            width, height = self.size
        small = too_small(width, height)
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif small and showing:
            self.screen.show_size(width, height)
        elif not small and showing:
            self.pop_screen()

    @property
    def campaign_screen(self) -> CampaignScreen | None:
        campaign: type[CampaignScreen] | None = screens.loaded(screens.CAMPAIGN)
        if campaign is None:  # never imported: no campaign is open
            return None
        for screen in reversed(self.screen_stack):
            if isinstance(screen, campaign):
                return screen
        return None


def run_app(
    save: Path | None = None, seat: str | None = None, session: Session | None = None
) -> int:
    """Run the terminal UI; returns the process exit code."""
    app = TuicampApp(save=save, seat=seat, session=session)
    try:
        result = app.run()
    finally:
        release_collection()  # an app that never drew its first frame
    return int(result or 0) if app.return_code in (None, 0) else int(app.return_code)


def screen_text(app: App) -> str:
    """What the terminal shows right now, as plain text (for tests and bug reports): the
    same composition a screenshot takes, without the styles."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text(styles=False)
