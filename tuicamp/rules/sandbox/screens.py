"""The sandbox's Textual side: its free-play commands, their forms, its phase panel and a
dice roller. The only module of the sandbox that imports Textual; the UI finds it through
``SandboxRuleset.ui``.

Every command reads the seat's view through the campaign screen's controls (the sandbox's
own state as ``view.ruleset_state``, a :class:`SandboxView`) and sends one sandbox action;
the engine referees (a refusal comes back as a readable notification). Of the UI it
imports :mod:`tuicamp.ui.kit` only.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Select, Static

from tuicamp.engine.actions import Event
from tuicamp.model.forces import Category, Unit
from tuicamp.rules.sandbox import actions as A
from tuicamp.rules.sandbox.view import SandboxView
from tuicamp.ui.kit import (
    ArmyView,
    CampaignControls,
    CampaignView,
    ConfirmScreen,
    DiceRoller,
    Field,
    PanelText,
    PhasePanel,
    PickScreen,
    RulesetUI,
    TextPromptScreen,
    UiCommand,
)

# --- helpers ------------------------------------------------------------------------------


def _army(controls: CampaignControls) -> ArmyView | None:
    """The army a command works on: the one being moved, or the seat's own under the
    cursor; says so when there is none."""
    army = controls.selected_army
    if army is None:
        controls.say("Put the cursor on one of your armies first", "warning")
    return army


def _unit_choices(army: ArmyView) -> list[tuple[str, str]]:
    return [
        (u.id, f"{u.name} ({u.points} pts, M{u.movement} Ld{u.leadership})") for u in army.units
    ]


def _whole(text: str, what: str, minimum: int = 0) -> str | None:
    try:
        value = int(text)
    except ValueError:
        return f"{what} is a whole number"
    return None if value >= minimum else f"{what} cannot be below {minimum}"


CATEGORIES = [(c.value.replace("_", " "), c.value) for c in Category]


class UnitForm(ModalScreen[dict | None]):
    """A unit's name, points, category, M, Ld and models (for add and edit)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="sandbox.unit_form.cancel"),
        Binding("ctrl+s", "submit", "Done", id="sandbox.unit_form.done"),
    ]
    FIELDS = (
        ("name", "Name"),
        ("points", "Points"),
        ("movement", "M"),
        ("leadership", "Ld"),
        ("models", "Models"),
    )

    def __init__(self, title: str, unit: Unit | None = None) -> None:
        super().__init__()
        self.form_title = title
        self.unit = unit

    def compose(self) -> ComposeResult:
        u = self.unit
        values = {
            "name": u.name if u else "",
            "points": str(u.points) if u else "",
            "movement": str(u.movement) if u else "4",
            "leadership": str(u.leadership) if u else "7",
            "models": str(u.models) if u else "1",
        }
        with Vertical(classes="dialog"):
            yield Static(Content(self.form_title), classes="dialog-title")
            with Grid(classes="form-grid"):
                for key, label in self.FIELDS:
                    yield Static(label)
                    yield Field(value=values[key], id=f"unit-{key}")
                yield Static("Category")
                yield Select(
                    CATEGORIES,
                    value=(u.category.value if u else Category.RANK_AND_FILE.value),
                    allow_blank=False,
                    id="unit-category",
                    compact=True,
                )
            yield Static("", id="unit-error", classes="error")
            yield Button("Done (Enter)", variant="primary", id="unit-done")

    def on_mount(self) -> None:
        self.query_one("#unit-name", Field).focus()

    def _read(self) -> dict | None:
        values: dict = {"name": self.query_one("#unit-name", Field).value.strip()}
        error = self.query_one("#unit-error", Static)
        if not values["name"]:
            error.update("A unit needs a name")
            return None
        for key, label in self.FIELDS[1:]:
            text = self.query_one(f"#unit-{key}", Field).value.strip()
            problem = _whole(text, label)
            if problem:
                error.update(problem)
                return None
            values[key] = int(text)
        values["category"] = Category(self.query_one("#unit-category", Select).value)
        return values

    def on_input_submitted(self, event: Field.Submitted) -> None:
        event.stop()
        self.action_submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_submit()

    def action_submit(self) -> None:
        values = self._read()
        if values is not None:
            self.dismiss(values)

    def action_cancel(self) -> None:
        self.dismiss(None)


class DiceRollerScreen(ModalScreen[None]):
    """The sandbox's dice roller: every roll is a logged ``roll`` action."""

    BINDINGS = [Binding("escape", "close", "Close", id="sandbox.dice.close")]

    def __init__(self, controls: CampaignControls) -> None:
        super().__init__()
        self.controls = controls

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog dice-dialog"):
            yield Static("Roll dice (Enter rolls, Esc closes)", classes="dialog-title")
            yield DiceRoller(id="roller")

    def on_mount(self) -> None:
        self.query_one("#dice-expr", Field).focus()

    def on_dice_roller_roll_requested(self, event: DiceRoller.RollRequested) -> None:
        event.stop()
        roller = event.roller

        def done(events: list[Event]) -> None:
            roller.show_rolls([r for e in events for r in e.rolls])

        self.controls.perform(A.Roll(expr=event.expr, reason=event.reason), done)

    def action_close(self) -> None:
        self.dismiss(None)


# --- the commands -------------------------------------------------------------------------


def create_army(c: CampaignControls) -> None:
    view = c.view
    label = view.map.label(c.cursor)

    def named(name: str | None, player: str = "") -> None:
        if name:
            c.perform(A.CreateArmy(name=name, hex=label, player=player))

    if view.gm or len(view.players_controlled) > 1:
        choices = [(p.id, p.name) for p in view.players if p.id in view.players_controlled]

        def picked(ids: list[str] | None) -> None:
            if ids:
                c.open(
                    TextPromptScreen(f"Name of the new army at {label}"),
                    lambda name: named(name, ids[0]),
                )

        c.open(PickScreen(f"Raise an army at {label} for", choices), picked)
        return
    c.open(TextPromptScreen(f"Name of the new army at {label}"), named)


def add_unit(c: CampaignControls) -> None:
    army = _army(c)
    if army is None:
        return

    def filled(values: dict | None) -> None:
        if values:
            c.perform(A.AddUnit(army=army.id, unit=A.UnitSpec(**values)))

    c.open(UnitForm(f"New unit for {army.name}"), filled)


def _pick_unit(c: CampaignControls, title: str, then: Callable[[ArmyView, Unit], None]) -> None:
    army = _army(c)
    if army is None:
        return
    if not army.units:
        c.say(f"{army.name} has no units", "warning")
        return

    def picked(ids: list[str] | None) -> None:
        unit = next((u for u in army.units if ids and u.id == ids[0]), None)
        if unit is not None:
            then(army, unit)

    c.open(PickScreen(f"{title} ({army.name})", _unit_choices(army)), picked)


def edit_unit(c: CampaignControls) -> None:
    def edit(army: ArmyView, unit: Unit) -> None:
        def filled(values: dict | None) -> None:
            if not values:
                return
            changes = {
                "name": values["name"] if values["name"] != unit.name else "",
                **{
                    k: (values[k] if values[k] != getattr(unit, k) else -1)
                    for k in ("points", "movement", "leadership", "models")
                },
            }
            if values["category"] != unit.category:
                c.say(
                    "The sandbox keeps a unit's category; remove and add it to change it", "warning"
                )
            c.perform(A.EditUnit(army=army.id, unit=unit.id, **changes))

        c.open(UnitForm(f"Edit {unit.name}", unit), filled)

    _pick_unit(c, "Edit which unit", edit)


def remove_unit(c: CampaignControls) -> None:
    def remove(army: ArmyView, unit: Unit) -> None:
        c.open(
            ConfirmScreen(f"Remove {unit.name} from {army.name}?", "Remove", "Keep"),
            lambda yes: yes and c.perform(A.RemoveUnit(army=army.id, unit=unit.id)),
        )

    _pick_unit(c, "Remove which unit", remove)


def split_army(c: CampaignControls) -> None:
    army = _army(c)
    if army is None:
        return
    if len(army.units) < 2:
        c.say(f"{army.name} needs two units or more to split", "warning")
        return

    def picked(ids: list[str] | None) -> None:
        if not ids:
            return

        def named(name: str | None) -> None:
            if name is not None:
                c.perform(A.SplitArmy(army=army.id, units=ids, name=name))

        c.open(
            TextPromptScreen(
                "Name of the new army",
                value=f"{army.name} (detachment)",
                validate=lambda t: None if t else "An army needs a name",
            ),
            named,
        )

    c.open(PickScreen(f"Units that leave {army.name}", _unit_choices(army), multiple=True), picked)


def merge_armies(c: CampaignControls) -> None:
    army = _army(c)
    if army is None:
        return
    others = [
        a
        for a in c.view.own_armies()
        if a.hex == army.hex and a.id != army.id and a.owner == army.owner
    ]
    if not others:
        c.say(f"No other army of yours is on {army.name}'s hex", "warning")
        return

    def picked(ids: list[str] | None) -> None:
        if ids:
            c.perform(A.MergeArmies(armies=[army.id, *ids]))

    c.open(
        PickScreen(f"Merge into {army.name}", [(a.id, a.name) for a in others], multiple=True),
        picked,
    )


def disband_army(c: CampaignControls) -> None:
    army = _army(c)
    if army is None:
        return
    c.open(
        ConfirmScreen(f"Disband {army.name}? Its units are gone.", "Disband", "Keep"),
        lambda yes: yes and c.perform(A.DisbandArmy(army=army.id)),
    )


def capture(c: CampaignControls) -> None:
    army = _army(c)
    if army is not None:
        c.perform(A.Capture(army=army.id))


def rename_army(c: CampaignControls) -> None:
    army = _army(c)
    if army is None:
        return
    c.open(
        TextPromptScreen(f"New name for {army.name}", value=army.name),
        lambda name: name and c.perform(A.RenameArmy(army=army.id, name=name)),
    )


def set_treasury(c: CampaignControls) -> None:
    view = c.view
    mine = [p for p in view.players if p.id in view.players_controlled]
    if not mine:
        c.say("This seat has no treasury", "warning")
        return

    def ask(pid: str) -> None:
        p = view.player(pid)
        current = "" if p is None or p.treasury is None else str(p.treasury)
        c.open(
            TextPromptScreen(
                f"{p.name if p else pid}'s treasury ({c.rules.ruleset.coin})",
                value=current,
                validate=lambda t: _whole(t, "The treasury"),
            ),
            lambda text: text and c.perform(A.SetTreasury(player=pid, amount=int(text))),
        )

    if len(mine) == 1:
        ask(mine[0].id)
        return
    c.open(
        PickScreen("Whose treasury", [(p.id, p.name) for p in mine]),
        lambda ids: ids and ask(ids[0]),
    )


def parse_stores(text: str) -> dict[str, int]:
    """'food 3, gold 2' or 'food=3 gold=2' into {food: 3, gold: 2}; ValueError says why."""
    stores: dict[str, int] = {}
    tokens = text.replace(",", " ").replace("=", " ").split()
    if len(tokens) % 2:
        raise ValueError("write pairs of name and amount: food 3, gold 2")
    for name, amount in zip(tokens[::2], tokens[1::2], strict=True):
        if not amount.isdigit():
            raise ValueError(f"{name}: {amount!r} is not a whole number")
        stores[name] = int(amount)
    return stores


def _stores_problem(text: str) -> str | None:
    try:
        parse_stores(text)
    except ValueError as exc:
        return str(exc)
    return None


def set_stores(c: CampaignControls) -> None:
    view = c.view
    here = view.map.settlements_at(c.cursor)
    if not here:
        c.say("There is no settlement under the cursor", "warning")
        return
    s = here[0]
    current = ", ".join(f"{k} {v}" for k, v in sorted(s.stores.items()))
    c.open(
        TextPromptScreen(
            f"What {s.name} stores",
            value=current,
            placeholder="food 3, gold 2",
            help="name and amount, comma between; empty clears",
            validate=_stores_problem,
        ),
        lambda text: (
            text is not None and c.perform(A.SetStores(settlement=s.id, stores=parse_stores(text)))
        ),
    )


def roll_dice(c: CampaignControls) -> None:
    c.open(DiceRollerScreen(c))


COMMANDS: tuple[UiCommand, ...] = (
    UiCommand("sandbox.create_army", "b", "New army", create_army, show=False),
    UiCommand("sandbox.add_unit", "+", "Add unit", add_unit, show=False),
    UiCommand("sandbox.edit_unit", "i", "Edit unit", edit_unit, show=False),
    UiCommand("sandbox.remove_unit", "-", "Remove unit", remove_unit, show=False),
    UiCommand("sandbox.split_army", "s", "Split", split_army, show=False),
    UiCommand("sandbox.merge_armies", "m", "Merge", merge_armies, show=False),
    UiCommand("sandbox.disband_army", "D", "Disband", disband_army, show=False),
    UiCommand("sandbox.rename_army", "R", "Rename", rename_army, show=False),
    UiCommand("sandbox.capture", "T", "Take settlement", capture, show=False),
    UiCommand("sandbox.set_treasury", "dollar_sign", "Treasury", set_treasury, show=False),
    UiCommand("sandbox.set_stores", "S", "Stores", set_stores, show=False),
    UiCommand("sandbox.roll", "r", "Roll dice", roll_dice),
)


# --- movement points left, for the reach overlay --------------------------------------------


def sandbox_view(view: CampaignView) -> SandboxView | None:
    """The sandbox's state in the seat's view (None in a view of another ruleset)."""
    state = view.ruleset_state
    return state if isinstance(state, SandboxView) else None


def move_budget(c: CampaignControls, army: ArmyView) -> float | None:
    """With ``enforce_movement``, M less what was spent this turn; without it the sandbox
    sets no limit, so there is no reach to show (the path preview still is; R-SB-4)."""
    state = sandbox_view(c.view)
    if army.movement is None or state is None:
        return None
    return state.mp_left(army.id)  # the rules' own ledger, as the seat may know it


# --- the phase panel ----------------------------------------------------------------------


class SandboxPanel(PhasePanel):
    """The seat's treasuries. Whose turn it is and what each army spent are the sandbox's
    status lines, which the side panel shows (and the move preview counts the MP left),
    so the panel does not repeat them."""

    def __init__(self, controls: CampaignControls, **kwargs) -> None:
        super().__init__(controls, **kwargs)
        self.text = PanelText(id="sandbox-panel-text")

    def compose(self) -> ComposeResult:
        yield self.text

    def refresh_view(self) -> None:
        c = self.controls
        try:
            view = c.view
        except RuntimeError:
            return
        money = c.rules.ruleset.format_money
        lines = [Content.from_markup("[b]Free play[/b]")]
        for p in view.players:
            if p.treasury is not None and p.id in view.players_controlled:
                lines.append(Content(f"Treasury {p.letter}: {money(p.treasury)}"))
        self.text.update(Content("\n").join(lines))


def _panel(controls: CampaignControls, phase: str) -> PhasePanel | None:
    return SandboxPanel(controls, id="sandbox-panel")


def sandbox_ui() -> RulesetUI:
    return RulesetUI(
        commands=COMMANDS,
        panel=_panel,
        move_action=lambda army, to: A.Move(army=army, to=to),
        end_turn_action=lambda: A.EndTurn(),
        move_budget=move_budget,
    )
