"""The new-campaign wizard: scenario, ruleset and house rules, players, dice and save.

Four steps on one screen (Ctrl+N or the Next button goes on, Escape goes back). The
choices are checked by the same code the command line uses (``start_campaign`` coerces and
refuses options and races with one readable line), so the wizard cannot make a campaign
the command line would refuse. The seats' colours, GM-run flags and passphrases are set
on the fresh campaign before its first save: that is building the starting state, not
playing, so no action is involved.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import (
    Button,
    Checkbox,
    ContentSwitcher,
    RadioButton,
    RadioSet,
    Select,
    Static,
)

from tuicamp.engine.errors import InputError
from tuicamp.engine.registry import describe_rulesets, load_rulesets
from tuicamp.engine.ruleset import Option as RuleOption
from tuicamp.game.session import Session
from tuicamp.game.setup import start_campaign
from tuicamp.model.campaign import DiceMode
from tuicamp.storage.locations import SAVE_SUFFIX, chronicle_path, saves_dir, slug
from tuicamp.storage.scenario import Scenario
from tuicamp.ui.passphrase import hash_passphrase
from tuicamp.ui.widgets.fields import Field
from tuicamp.ui.widgets.key_footer import KeyFooter
from tuicamp.ui.widgets.scenario_browser import ScenarioBrowser, scenario_entries

STEPS: tuple[tuple[str, str], ...] = (
    ("step-scenario", "Scenario"),
    ("step-ruleset", "Ruleset and house rules"),
    ("step-players", "Players"),
    ("step-save", "Dice and save"),
)
COLOURS = (
    "yellow",
    "red",
    "blue",
    "green",
    "cyan",
    "magenta",
    "white",
    "orange",
    "purple",
    "brown",
    "grey",
)
PLAYED_BY = (("played here", "human"), ("run by the GM", "gm"))


def option_widget(option: RuleOption, value: Any, wid: str) -> Widget:
    """The right input for an option's type: a checkbox, a choice, or a text field."""
    if isinstance(option.default, bool):
        return Checkbox(option.name, bool(value), id=wid, compact=True)
    if option.choices:
        return Select(
            [(str(c), c) for c in option.choices],
            value=value,
            allow_blank=False,
            id=wid,
            compact=True,
        )
    return Field(value=str(value), id=wid, placeholder=str(option.default))


class WizardScreen(Screen["Session | None"]):
    BINDINGS = [
        Binding("ctrl+n", "next", "Next", id="wizard.next"),
        Binding("escape", "back", "Back", id="wizard.back"),
    ]

    def __init__(
        self,
        scenario: Path | None = None,
        folder: Path | None = None,
        scenarios: list[Path] | None = None,
    ) -> None:
        super().__init__()
        self.entries = scenario_entries(scenarios)
        self.start_path = scenario
        self.folder = folder if folder is not None else saves_dir()
        self.step = 0
        self.scenario: Scenario | None = None
        self.ruleset_id: str | None = None
        # A step is built by several awaited mounts, and more than one task may ask for a
        # build (the Next key pressed twice, a ruleset chosen while its options are still
        # being built): each lock lets one build finish before the next one starts, so no
        # build removes the widgets another one is still mounting into.
        self._next_lock = asyncio.Lock()
        self._options_lock = asyncio.Lock()

    # --- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("New campaign", classes="screen-title")
        yield Static("", id="wizard-step")
        with ContentSwitcher(initial="step-scenario", id="wizard-steps"):
            yield ScenarioBrowser(self.entries, self.start_path, id="step-scenario")
            yield VerticalScroll(id="step-ruleset")
            yield VerticalScroll(id="step-players")
            yield VerticalScroll(id="step-save")
        yield Static("", id="wizard-error", classes="error")
        with Horizontal(id="wizard-buttons"):
            yield Button("Back (Esc)", id="wizard-back", compact=True)
            yield Button("Next (Ctrl+N)", variant="primary", id="wizard-next", compact=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self._show_step()
        if self.start_path is not None:  # chosen on the Scenarios screen already
            self.call_after_refresh(self.run_worker, self.action_next())

    def _show_step(self) -> None:
        sid, title = STEPS[self.step]
        self.query_one("#wizard-step", Static).update(
            Content(f"Step {self.step + 1} of {len(STEPS)}: {title}")
        )
        self.query_one(ContentSwitcher).current = sid
        last = self.step == len(STEPS) - 1
        self.query_one("#wizard-next", Button).label = "Create" if last else "Next (Ctrl+N)"
        self._error("")
        focus = {
            "step-scenario": "#scenario-list",
            "step-ruleset": "#ruleset-choice",
            "step-players": "#p0-name",
            "step-save": "#save-name",
        }[sid]
        self.call_after_refresh(self._focus, focus)

    def _focus(self, selector: str) -> None:
        found = self.query(selector)
        if found:
            found.first().focus()

    def _error(self, text: str) -> None:
        self.query_one("#wizard-error", Static).update(Content(text))

    # --- navigation ---------------------------------------------------------------------
    async def action_next(self) -> None:
        async with self._next_lock:
            await self._next()

    async def _next(self) -> None:
        sid = STEPS[self.step][0]
        if sid == "step-scenario":
            entry = self.query_one(ScenarioBrowser).current
            if entry is None or entry.scenario is None:
                self._error(entry.problem if entry and entry.problem else "Pick a scenario")
                return
            if entry.scenario is not self.scenario:
                self.scenario = entry.scenario
                # Each step is built in turn; the player may leave the wizard meanwhile
                # (Esc, or the app closing), and then nothing is left to build into.
                for build in (
                    self._build_ruleset_step,
                    self._build_players_step,
                    self._build_save_step,
                ):
                    try:
                        await build()
                    except NoMatches:
                        if self.is_attached:
                            raise
                    if not self.is_attached:
                        return
        elif sid == "step-ruleset":
            if self._ruleset_problem():
                return
        elif sid == "step-players":
            if self._players_problem():
                return
        elif sid == "step-save":
            self._create()
            return
        self.step += 1
        self._show_step()

    def action_back(self) -> None:
        if self.step == 0:
            self.dismiss(None)
            return
        self.step -= 1
        self._show_step()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "wizard-next":
            event.stop()
            self.run_worker(self.action_next())
        elif event.button.id == "wizard-back":
            event.stop()
            self.action_back()

    def on_scenario_browser_chosen(self, event: ScenarioBrowser.Chosen) -> None:
        event.stop()
        self.run_worker(self.action_next())

    # --- step 2: ruleset and options -----------------------------------------------------
    def _supported(self) -> list[str]:
        installed = {a.id for a in describe_rulesets()}
        assert self.scenario is not None
        return [r for r in self.scenario.rulesets if r in installed]

    async def _build_ruleset_step(self) -> None:
        box = self.query_one("#step-ruleset", VerticalScroll)
        await box.remove_children()
        # titles from each ruleset's about.toml: only the one chosen is imported, for its options
        installed = {a.id: a for a in describe_rulesets()}
        supported = self._supported()
        self.ruleset_id = supported[0] if supported else None
        if not supported:
            await box.mount(Static("None of this scenario's rulesets is installed."))
            return
        radio = RadioSet(
            *(
                RadioButton(installed[r].title, value=(r == self.ruleset_id), id=f"rs-{r}")
                for r in supported
            ),
            id="ruleset-choice",
        )
        await box.mount(Static("Ruleset", classes="field-label"), radio)
        await box.mount(Vertical(id="ruleset-options"))
        await self._build_options()

    async def _build_options(self) -> None:
        """The chosen ruleset's summary and house rules; one build at a time (see
        ``_options_lock``), each reading the ruleset chosen when it starts."""
        async with self._options_lock:
            box = self.query_one("#ruleset-options", Vertical)
            await box.remove_children()
            if self.ruleset_id is None or self.scenario is None:
                return
            await box.mount_all(self._option_widgets(self.ruleset_id, self.scenario))

    def _option_widgets(self, ruleset_id: str, scenario: Scenario) -> list[Widget]:
        """Every widget of the options box, each row built whole before it is mounted."""
        ruleset = load_rulesets()[ruleset_id]
        out: list[Widget] = [Static(Content(ruleset.summary), classes="hint")]
        if not ruleset.options:
            return [*out, Static("This ruleset has no house rules to set.")]
        out.append(Static("House rules", classes="field-label"))
        preset = {**ruleset.default_options(), **scenario.rulesets[ruleset_id].options}
        for opt in ruleset.options:
            hint = opt.help if isinstance(opt.default, bool) else f"{opt.name}: {opt.help}"
            out.append(
                Vertical(
                    option_widget(opt, preset.get(opt.name, opt.default), f"opt-{opt.name}"),
                    Static(Content(hint), classes="hint"),
                    classes="option-row",
                )
            )
        return out

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        if event.radio_set.id == "ruleset-choice":
            event.stop()
            rid = (event.pressed.id or "").removeprefix("rs-")
            if rid and rid != self.ruleset_id:
                self.ruleset_id = rid
                self.run_worker(self._build_options())

    def chosen_options(self) -> dict[str, Any]:
        if self.ruleset_id is None:
            return {}
        out: dict[str, Any] = {}
        for opt in load_rulesets()[self.ruleset_id].options:
            found = self.query(f"#opt-{opt.name}")
            if not found:
                continue
            widget = found.first()
            if isinstance(widget, (Checkbox, Select)):
                out[opt.name] = widget.value
            elif isinstance(widget, Field):
                out[opt.name] = widget.value.strip()
        return out

    def _ruleset_problem(self) -> bool:
        if self.ruleset_id is None:
            self._error("This scenario supports no installed ruleset")
            return True
        ruleset = load_rulesets()[self.ruleset_id]
        for name, value in self.chosen_options().items():
            opt = ruleset.option(name)
            try:
                if opt is not None:
                    opt.coerce(value)
            except ValueError as exc:
                self._error(str(exc))
                return True
        return False

    # --- step 3: players --------------------------------------------------------------
    async def _build_players_step(self) -> None:
        box = self.query_one("#step-players", VerticalScroll)
        await box.remove_children()
        assert self.scenario is not None
        await box.mount(
            Static("Name, race, colour, who plays it; passphrase (optional)", classes="hint")
        )
        for i, slot in enumerate(self.scenario.players):
            if len(slot.races) > 1:
                race: Widget = Select(
                    [(r, r) for r in slot.races],
                    value=slot.race,
                    allow_blank=False,
                    id=f"p{i}-race",
                    compact=True,
                )
            elif slot.races:
                race = Static(Content(slot.races[0]), id=f"p{i}-race", classes="fixed-race")
            else:
                race = Field(value=slot.race, id=f"p{i}-race")
            colours = list(COLOURS) if slot.colour in COLOURS else [slot.colour, *COLOURS]
            row = Horizontal(
                Field(value=slot.name, id=f"p{i}-name", classes="player-name"),
                race,
                Select(
                    [(c, c) for c in colours],
                    value=slot.colour,
                    allow_blank=False,
                    id=f"p{i}-colour",
                    compact=True,
                    classes="player-colour",
                ),
                Select(
                    list(PLAYED_BY),
                    value="human",
                    allow_blank=False,
                    id=f"p{i}-by",
                    compact=True,
                    classes="player-by",
                ),
                classes="player-row",
            )
            await box.mount(
                row,
                Field(
                    password=True,
                    placeholder=f"passphrase for {slot.name} (optional)",
                    id=f"p{i}-pass",
                    classes="player-pass",
                ),
            )
        await box.mount(
            Checkbox(
                "A Games Master seat (sees and may correct everything)",
                True,
                id="gm-seat",
                compact=True,
            )
        )

    def chosen_players(self) -> list[dict[str, Any]]:
        assert self.scenario is not None
        out = []
        for i, slot in enumerate(self.scenario.players):
            race_widget = self.query_one(f"#p{i}-race")
            if isinstance(race_widget, Select):
                race = str(race_widget.value)
            elif isinstance(race_widget, Field):
                race = race_widget.value.strip()
            else:
                race = slot.races[0] if slot.races else slot.race
            out.append(
                {
                    "name": self.query_one(f"#p{i}-name", Field).value.strip() or slot.name,
                    "race": race,
                    "colour": str(self.query_one(f"#p{i}-colour", Select).value),
                    "by": str(self.query_one(f"#p{i}-by", Select).value),
                    "passphrase": self.query_one(f"#p{i}-pass", Field).value,
                }
            )
        return out

    def _players_problem(self) -> bool:
        players = self.chosen_players()
        gm = self.query_one("#gm-seat", Checkbox).value
        if any(p["by"] == "gm" for p in players) and not gm:
            self._error("A player run by the GM needs the Games Master seat")
            return True
        if all(p["by"] == "gm" for p in players):
            self._error("At least one player must be played here")
            return True
        names = [p["name"].casefold() for p in players]
        if len(set(names)) != len(names):
            self._error("Two players have the same name")
            return True
        assert self.scenario is not None
        for slot, p in zip(self.scenario.players, players, strict=True):
            if slot.allows(p["race"]) is None:
                self._error(f"{slot.name} may be {', '.join(slot.races)}, not {p['race']}")
                return True
        return False

    # --- step 4: dice and save ---------------------------------------------------------
    async def _build_save_step(self) -> None:
        box = self.query_one("#step-save", VerticalScroll)
        await box.remove_children()
        assert self.scenario is not None
        await box.mount(
            Static("Dice", classes="field-label"),
            RadioSet(
                RadioButton("tuicamp rolls them", value=True, id="dice-app"),
                RadioButton("we roll real dice at the table and type them in", id="dice-table"),
                id="dice-mode",
            ),
            Static("Seed (empty: a random one)", classes="field-label"),
            Field(placeholder="random", id="seed"),
            Static("Campaign name", classes="field-label"),
            Field(value=self.scenario.title, id="campaign-name"),
            Static(Content(f"Save name (in {self.folder})"), classes="field-label"),
            # the name is offered, not selected: a key typed on arrival adds to it
            Field(value=slug(self.scenario.title), id="save-name", select_on_focus=False),
        )

    def save_path(self) -> Path:
        name = slug(self.query_one("#save-name", Field).value.strip())
        return self.folder / f"{name}{SAVE_SUFFIX}"

    def _create(self) -> None:
        assert self.scenario is not None and self.ruleset_id is not None
        if not self.query_one("#save-name", Field).value.strip():
            self._error("The save needs a name (letters or digits)")
            self._focus("#save-name")
            return
        seed_text = self.query_one("#seed", Field).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            self._error("The seed is a whole number (or empty for a random one)")
            return
        path = self.save_path()
        if path.exists() or chronicle_path(path).exists():
            self._error(f"A save named {path.stem} exists already: choose another save name")
            return
        players = self.chosen_players()
        table_dice = self.query_one("#dice-table", RadioButton).value
        try:
            engine = start_campaign(
                self.scenario,
                self.ruleset_id,
                name=self.query_one("#campaign-name", Field).value.strip(),
                options=self.chosen_options(),
                players=[(p["name"], p["race"]) for p in players],
                seed=seed,
                dice_mode=DiceMode.TABLE if table_dice else DiceMode.APP,
                gm_seat=self.query_one("#gm-seat", Checkbox).value,
            )
        except InputError as exc:
            self._error(str(exc))
            return
        campaign = engine.campaign
        for player, chosen in zip(campaign.players, players, strict=True):
            player.colour = chosen["colour"]
            seat = next((s for s in campaign.seats if s.players == [player.id]), None)
            if seat is None:
                continue
            seat.human = chosen["by"] == "human"
            if chosen["passphrase"]:
                seat.passphrase_hash = hash_passphrase(chosen["passphrase"])
        try:
            session = Session.create(path, campaign, engine.chronicle)
        except (InputError, OSError) as exc:
            self._error(str(exc))
            return
        self.dismiss(session)
