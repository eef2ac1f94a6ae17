"""The result form of a battle fought at the table, and the preview of its consequences.

It asks exactly what :mod:`tuicamp.engine.result_form` says the battle asks: the
ruleset's fields of the battle as a whole first (:meth:`Ruleset.result_fields`: a checkbox
for yes/no, a number otherwise), then per side the victory points, the points lost by a
force without army counters, the side's own fields, the fields of each of its characters
and, for every unit of that side's armies, the models killed and the models that fled: one
line a unit (:class:`LossRow`), starting as "no losses", ``w`` marking it wiped out, so a
battle of large armies is entered in a few keys and its form opens at once. Each field is
checked as it is typed (a whole number, within its range, no more casualties than models),
but the engine is the referee:
the preview performs the very action on a throwaway copy of the campaign, so whatever the
engine or the ruleset refuses is refused here too, and what it would emit is shown before
anything is saved. Confirming sends the same :class:`EnterBattleResult` through the
campaign screen (which shows refusals and asks for table dice), so it is an action like
any other and could as well have come from an orders file.

The preview never shows the outcome of a die: with seeded dice it would tell the players
the next rolls before they commit. Consequences decided by dice are named, not shown.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any, ClassVar, Protocol

from attrs import define, field
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Checkbox, Static

from tuicamp.engine.actions import Action, Event
from tuicamp.engine.battles import CharacterEntry, EnterBattleResult, ResultField, SideEntry
from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import DiceNeeded, RuleError
from tuicamp.engine.result_form import Character, ResultForm, form_of, result_form
from tuicamp.game.session import Session
from tuicamp.game.side_forces import force_lines
from tuicamp.model.battle import Battle, BattleSide, UnitLoss
from tuicamp.model.campaign import Campaign
from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr
from tuicamp.ui.screens.quick_open import QuickOpen
from tuicamp.ui.widgets.fields import Field
from tuicamp.ui.widgets.key_footer import KeyFooter

PREVIEW_WIDTH = 70  # inside the preview dialog on an 80-column terminal


class BattleDesk(Protocol):
    """What the battle screens use of the campaign screen: its session, the seat shown,
    and ``perform`` (refusals as notifications, table dice asked for, hand-over after)."""

    session: Session

    @property
    def seat(self) -> str | None: ...

    def perform(
        self, action: Action, on_done: Callable[[list[Event]], None] | None = None
    ) -> None: ...


# --- trying an action on a copy ---------------------------------------------------------


def dry_run(session: Session, seat: str, action: Action) -> tuple[Campaign, list[Event]]:
    """Perform ``action`` on a throwaway copy of the campaign: (the copy after, its events).

    Raises what the engine raises (RuleError, DiceNeeded); the session, its files and its
    dice are never touched, so this asks the engine "would you?" without asking it to.
    """
    ruleset = session.ruleset
    copy = campaign_from_dict(campaign_to_dict(session.campaign), ruleset.state_class)
    engine = Engine(copy, list(session.chronicle), ruleset)
    return copy, engine.perform(seat, action)


def refusal(session: Session, seat: str, action: Action) -> str | None:
    """The engine's reason to refuse ``action`` for ``seat``, or None when it would do it
    (table dice it would ask for do not count as a refusal)."""
    try:
        dry_run(session, seat, action)
    except DiceNeeded:
        return None
    except RuleError as exc:
        return str(exc)
    return None


# --- the form's layout ------------------------------------------------------------------


@define
class UnitRow:
    __repr__ = fields_repr
    __eq__ = fields_eq

    army: str
    army_name: str
    unit: str
    name: str
    models: int


@define
class SideForm:
    __repr__ = fields_repr
    __eq__ = fields_eq

    side: BattleSide
    armies: list[str]  # army names, for the side's heading
    units: list[UnitRow] = field(factory=list)
    # (index in the form's fields, field): the index names the widget, as it always has
    fields: list[tuple[int, ResultField]] = field(factory=list)
    character_fields: list[tuple[int, ResultField]] = field(factory=list)
    characters: tuple[Character, ...] = ()
    points_asked: bool = True  # the form's: a ruleset may never read points lost

    @property
    def has_forces(self) -> bool:
        """The side fields points without army counters, its heading lists their forces."""
        return self.side.points > 0

    @property
    def asks_points(self) -> bool:
        return self.points_asked and self.has_forces


def _indexed(form: ResultForm, asked: tuple[ResultField, ...]) -> list[tuple[int, ResultField]]:
    return [(i, f) for i, f in enumerate(form.fields) if f in asked]


def form_layout(
    campaign: Campaign, battle: Battle, form: ResultForm | None = None
) -> list[SideForm]:
    """Every side with every unit it fields (the form's) and what it is asked, in the
    battle's order."""
    form = form or result_form(campaign, battle, ())
    out = []
    for side in battle.sides:
        questions = form.side(side.id)
        if questions is None:  # every side of the battle is on its form
            continue
        names, rows = [], []
        for fielded in questions.armies:
            names.append(fielded.army_name)
            rows += [
                UnitRow(fielded.army, fielded.army_name, u.id, u.name, u.models)
                for u in fielded.units
            ]
        out.append(
            SideForm(
                side,
                names,
                rows,
                _indexed(form, questions.fields),
                _indexed(form, questions.character_fields),
                questions.characters,
                questions.points_asked,
            )
        )
    return out


def whole_number(text: str, low: int = 0, high: int | None = None) -> tuple[int, str]:
    """(value, problem) of one typed field, the problem short enough to stand next to the
    field ("cannot be above 3"); an empty field counts as 0."""
    text = text.strip()
    if not text:
        return 0, ""
    try:
        value = int(text)
    except ValueError:
        return 0, "is not a whole number"
    if value < low:
        return value, f"cannot be below {low}"
    if high is not None and value > high:
        return value, f"cannot be above {high}"
    return value, ""


def unit_losses(row: UnitRow, killed_text: str, fled_text: str) -> tuple[int, int, str, str]:
    """(killed, fled, problem next to the row, problem for the form's error line)."""
    killed, bad_killed = whole_number(killed_text)
    fled, bad_fled = whole_number(fled_text)
    if bad_killed or bad_fled:
        short = f"killed {bad_killed}" if bad_killed else f"fled {bad_fled}"
        return killed, fled, short, f"{row.name}: {short}"
    if killed + fled > row.models:
        short = f"more than its {row.models} model{'s' if row.models != 1 else ''}"
        return killed, fled, short, f"{row.name}: {killed} killed and {fled} fled is {short}"
    return killed, fled, "", ""


# --- one unit's losses -------------------------------------------------------------------
LABEL_WIDTH = 38  # the unit's name and models, as the form's heading row lays them out
COLUMNS = ("killed", "fled")
DIGITS = "0123456789"  # not str.isdigit: a superscript two is no count of models


class LossRow(Static, can_focus=True):
    """One unit's losses on one line: it starts as "no losses", ``w`` marks it wiped out
    (every model killed) and back, digits type the models killed (``f`` switches to those
    that fled, and back), backspace takes a digit off.

    One widget a unit, not a row of fields: a battle of forty units opens at once, and the
    common result (most units unhurt, a few destroyed) takes a key a unit.
    """

    BINDINGS: ClassVar = [
        Binding("w", "wiped_out", "Wiped out", id="battle_result.wiped_out"),
        Binding("f", "switch", "Killed/fled", id="battle_result.switch"),
        Binding("backspace", "erase", "Erase a digit", show=False, id="battle_result.erase"),
    ]

    class Changed(Message):
        """The losses of a unit were changed: the form checks them again."""

    def __init__(self, row: UnitRow, *, id: str) -> None:
        super().__init__(id=id, classes="result-row")
        self.unit_row = row
        self.counts = {"killed": 0, "fled": 0}
        self.column = "killed"
        self.fresh = True  # the next digit replaces the number instead of extending it
        self.problem = ""
        self.focused = False  # kept here: the widget's own flag may lag behind its blur

    @property
    def killed(self) -> int:
        return self.counts["killed"]

    @property
    def fled(self) -> int:
        return self.counts["fled"]

    def set_losses(self, killed: int, fled: int) -> None:
        self.counts = {"killed": killed, "fled": fled}
        self._changed()

    def on_mount(self) -> None:
        self._draw()

    def on_focus(self) -> None:
        self.fresh, self.focused = True, True
        self._draw()

    def on_blur(self) -> None:
        self.focused = False
        self._draw()

    def on_key(self, event: events.Key) -> None:
        if event.character is not None and event.character in DIGITS:
            event.stop()
            before = 0 if self.fresh else self.counts[self.column]
            self.counts[self.column] = min(before * 10 + int(event.character), 99999)
            self.fresh = False
            self._changed()

    def action_wiped_out(self) -> None:
        wiped = self.killed == self.unit_row.models and self.fled == 0
        self.counts = {"killed": 0 if wiped else self.unit_row.models, "fled": 0}
        self.fresh = True
        self._changed()

    def action_switch(self) -> None:
        self.column = COLUMNS[(COLUMNS.index(self.column) + 1) % len(COLUMNS)]
        self.fresh = True
        self._draw()

    def action_erase(self) -> None:
        self.counts[self.column] //= 10
        self.fresh = False
        self._changed()

    def _changed(self) -> None:
        self._draw()
        self.post_message(self.Changed())

    def show_problem(self, problem: str) -> None:
        """The form's check of this row ("more than its 20 models"), shown beside it."""
        if problem != self.problem:
            self.problem = problem
            self._draw()

    def status(self) -> str:
        """What the row says beside its numbers: a problem, else its state in words."""
        if self.problem:
            return self.problem
        if not self.killed and not self.fled:
            return "no losses"
        if self.killed == self.unit_row.models and not self.fled:
            return "wiped out"
        return ""

    def _draw(self) -> None:
        label = f"{self.unit_row.name} ({self.unit_row.models})"
        if len(label) > LABEL_WIDTH - 1:
            label = label[: LABEL_WIDTH - 2] + "\N{HORIZONTAL ELLIPSIS}"
        parts: list[str | tuple[str, str]] = [label.ljust(LABEL_WIDTH)]
        for column in COLUMNS:
            number = str(self.counts[column])
            # the column typed into is bracketed: legible without colour
            active = self.focused and column == self.column
            cell = f"[{number}]" if active else f" {number} "
            parts.append((cell.ljust(8), "reverse" if active else ""))
        status = self.status()
        parts.append((status, "bold $error" if self.problem else "$foreground-muted"))
        self.update(Content.assemble(*parts))


# --- the preview ------------------------------------------------------------------------


def _models(campaign: Campaign, army_id: str, unit_id: str) -> int | None:
    army = campaign.army(army_id)
    unit = army.unit(unit_id) if army else None
    return unit.models if unit else None


def preview_lines(
    session: Session, seat: str, battle: Battle, action: EnterBattleResult
) -> list[str]:
    """What confirming would do, as lines for the players; RuleError if the engine refuses."""
    camp = session.campaign
    try:
        after, events = dry_run(session, seat, action)
    except DiceNeeded as exc:
        return [
            f"Battle {battle.id}: the consequences need table dice ({exc.expr} for {exc.reason}).",
            "They are asked for when you confirm; nothing can be shown before.",
        ]
    fought = after.battle(battle.id)
    result = fought.result if fought else None
    lines = []
    if result is not None:
        vp = {r.side: r.vp for r in result.sides}
        tally = " to ".join(f"{vp[s.id]}" for s in battle.sides)
        lines.append(f"{result.text[:1].upper()}{result.text[1:]}, {tally} VP.")
    seat_obj = camp.seat(seat)
    players = [p.id for p in camp.players if seat_obj and seat_obj.controls(p.id)]
    shown = [e for e in events if e.visible_for(players, bool(seat_obj and seat_obj.gm))]
    rolled = [e for e in shown if e.rolls]
    lines += ["", "Units after the battle:"]
    if rolled:
        lines.append("  (decided partly by dice: shown once you confirm)")
    else:
        for form in form_layout(camp, battle, form_of(session.rules, battle)):
            lines.append(f"  {form.side.title}")
            unchanged = []
            for row in form.units:
                now = _models(after, row.army, row.unit)
                if now is None:
                    lines.append(f"    {row.name}: {row.models} -> destroyed")
                elif now != row.models:
                    lines.append(f"    {row.name}: {row.models} -> {now} models")
                else:
                    unchanged.append(f"{row.name} ({now})")
            if unchanged:
                lines.append(f"    unchanged: {', '.join(unchanged)}")
    lines += ["", "The chronicle will say:"]
    for e in shown:
        if e.rolls:
            lines.append(f"  - ({e.kind}: decided by {len(e.rolls)} roll(s) when you confirm)")
        else:
            lines.append(f"  - {e.text}")
    return lines


def hanging(lines: list[str], width: int = PREVIEW_WIDTH) -> list[str]:
    """Wrap each line under its own indent (plus two), so lists stay readable."""
    out = []
    for line in lines:
        body = line.lstrip(" ")
        indent = " " * (len(line) - len(body))
        more = indent + ("    " if body.startswith("- ") else "  ")
        out += textwrap.wrap(body, width, initial_indent=indent, subsequent_indent=more) or [""]
    return out


class BattlePreviewScreen(ModalScreen[bool]):
    """The consequences, and the last chance to go back to the form."""

    BINDINGS: ClassVar = [
        Binding("y", "answer(True)", "Confirm", id="battle_preview.confirm"),
        Binding("n,escape", "answer(False)", "Back to the form", id="battle_preview.back"),
    ]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.preview_title = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="preview-dialog"):
            yield Static(Content(self.preview_title), classes="dialog-title")
            with VerticalScroll(id="preview-scroll"):
                yield Static(Content("\n".join(hanging(self.lines))), id="preview-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Confirm (y)", variant="primary", compact=True, id="preview-confirm")
                yield Button("Back (n)", compact=True, id="preview-back")

    def on_mount(self) -> None:
        self.query_one("#preview-confirm", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "preview-confirm")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


# --- the form ---------------------------------------------------------------------------


class BattleResultScreen(QuickOpen, Screen[list[Event] | None]):
    """Dismissed with the events of the entered result, or None when left without one."""

    BINDINGS: ClassVar = [
        Binding("ctrl+s", "preview", "Preview and confirm", id="battle_result.preview"),
        Binding("escape", "cancel", "Back", id="battle_result.cancel"),
        # PgDn/PgUp and Up/Down are told on the line under the title: the footer is full.
        Binding(
            "pagedown",
            "side(1)",
            "Next side",
            show=False,
            priority=True,
            id="battle_result.next_side",
        ),
        Binding(
            "pageup",
            "side(-1)",
            "Previous side",
            show=False,
            priority=True,
            id="battle_result.previous_side",
        ),
        # Down and up go from field to field (the scroll would take them otherwise).
        Binding("down", "next_field", show=False, priority=True, id="battle_result.down"),
        Binding("up", "previous_field", show=False, priority=True, id="battle_result.up"),
    ]

    def __init__(self, desk: BattleDesk, battle_id: str) -> None:
        super().__init__()
        self.desk = desk
        self.seat = desk.seat
        self.battle_id = battle_id
        camp = desk.session.campaign
        battle = camp.battle(battle_id)
        if battle is None:
            raise KeyError(battle_id)
        self.battle = battle
        self.form = form_of(desk.session.rules, battle)
        self.side_forms = form_layout(camp, battle, self.form)
        self.battle_fields = _indexed(self.form, self.form.battle_fields)

    # --- building ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        m = self.desk.session.campaign.map
        yield Static(
            Content(f"Result of battle {self.battle.id} at {m.label(self.battle.hex)}"),
            classes="screen-title",
        )
        yield Static(
            Content("No losses yet: w wiped out, digits killed, f fled. PgDn/PgUp: next side"),
            id="result-hint",
        )
        with VerticalScroll(id="result-scroll"):
            if self.battle_fields:
                yield Static(Content("The battle as a whole"), classes="result-side")
                yield from self._fact_rows("battle-fact", self.battle_fields)
            for si, form in enumerate(self.side_forms):
                yield from self._side(si, form)
        yield Static("", id="result-error", classes="error")
        with Horizontal(id="result-buttons"):
            yield Button("Preview (ctrl+s)", variant="primary", compact=True, id="result-preview")
            yield Button("Back (Esc)", compact=True, id="result-cancel")
        yield KeyFooter()

    def _side(self, si: int, form: SideForm) -> ComposeResult:
        forces = list(form.armies)
        if form.has_forces:  # each player's own force on a side that joins several (R-AA-54)
            rules = self.desk.session.rules
            forces += force_lines(rules, self.battle, form.side, lambda points: f"{points} pts")
        armies = ", ".join(forces) or "no army left"
        yield Static(Content(f"{form.side.title}: {armies}"), classes="result-side")
        yield from self._number_row("Victory points", f"vp-{si}", "0")
        if form.asks_points:
            yield from self._number_row(f"Points lost (of {form.side.points})", f"points-{si}", "0")
        yield from self._fact_rows(f"fact-{si}", form.fields)
        for ci, character in enumerate(form.characters):
            yield Static(
                Content(f"  {character.unit.name} ({character.army_name})"),
                classes="result-army",
            )
            yield from self._fact_rows(f"char-{si}-{ci}", form.character_fields)
        if form.units:
            head = f"{'Unit (models)':<{LABEL_WIDTH}} killed  fled"
            yield Static(head, classes="result-row result-head")
        army = None
        for ui, row in enumerate(form.units):
            if len(form.armies) > 1 and row.army != army:
                army = row.army
                yield Static(Content(f"  {row.army_name}"), classes="result-army")
            yield LossRow(row, id=f"unit-{si}-{ui}")

    def _number_row(self, label: str, widget_id: str, value: str, help: str = "") -> ComposeResult:
        with Horizontal(classes="result-row"):
            yield Static(Content(label), classes="result-label")
            yield Field(
                value=value,
                type="integer",
                compact=True,
                id=widget_id,
                classes="result-number",
                tooltip=help or None,
            )
            yield Static("", id=f"{widget_id}-msg", classes="result-msg")

    def _fact_rows(self, prefix: str, fields: list[tuple[int, ResultField]]) -> ComposeResult:
        """One row per field: ``{prefix}-{index}`` is the widget's id."""
        for fi, spec in fields:
            if spec.kind == "bool":
                with Horizontal(classes="result-fact"):
                    # the label beside the box, not in it: a long ruleset label wraps there
                    yield Checkbox("", compact=True, id=f"{prefix}-{fi}", tooltip=spec.help or None)
                    label = Text(spec.label)
                    if spec.help:
                        label.append(f"  {spec.help}", style="dim")
                    yield Static(label, classes="result-fact-label")
            else:
                yield from self._number_row(
                    spec.label, f"{prefix}-{fi}", str(spec.default), spec.help
                )

    def on_mount(self) -> None:
        first = self.query(Field).first(None)
        if first is not None:
            first.focus()

    # --- reading and checking ---------------------------------------------------------
    def _text(self, widget_id: str) -> str:
        return self.query_one(f"#{widget_id}", Field).value

    def _say(self, widget_id: str, problem: str) -> None:
        self.query_one(f"#{widget_id}", Static).update(Content(problem))

    def _read_facts(
        self, prefix: str, fields: list[tuple[int, ResultField]], who: str
    ) -> tuple[dict[str, int], list[str]]:
        facts: dict[str, int] = {}
        problems: list[str] = []
        for fi, spec in fields:
            widget_id = f"{prefix}-{fi}"
            if spec.kind == "bool":
                facts[spec.key] = int(self.query_one(f"#{widget_id}", Checkbox).value)
                continue
            value, problem = whole_number(self._text(widget_id), spec.minimum, spec.maximum)
            self._say(f"{widget_id}-msg", problem)
            problems += [f"{who}: {spec.label} {problem}"] if problem else []
            facts[spec.key] = value
        return facts, problems

    def read(self) -> tuple[list[SideEntry], list[str]]:
        """The entries as typed, and every problem found (also shown next to its field)."""
        entries, problems = [], []
        for si, form in enumerate(self.side_forms):
            title = form.side.title
            vp, problem = whole_number(self._text(f"vp-{si}"))
            self._say(f"vp-{si}-msg", problem)
            problems += [f"{title}: VP {problem}"] if problem else []
            points_lost = 0
            if form.asks_points:
                points_lost, problem = whole_number(self._text(f"points-{si}"), 0, form.side.points)
                self._say(f"points-{si}-msg", problem)
                problems += [f"{title}: points lost {problem}"] if problem else []
            facts, more = self._read_facts(f"fact-{si}", form.fields, title)
            problems += more
            characters = []
            for ci, character in enumerate(form.characters):
                answers, more = self._read_facts(
                    f"char-{si}-{ci}", form.character_fields, character.unit.name
                )
                problems += more
                characters.append(
                    CharacterEntry(army=character.army, unit=character.unit.id, facts=answers)
                )
            losses = []
            for ui, row in enumerate(form.units):
                widget = self.query_one(f"#unit-{si}-{ui}", LossRow)
                killed, fled, short, long = unit_losses(row, str(widget.killed), str(widget.fled))
                widget.show_problem(short)
                problems += [long] if long else []
                if killed or fled:
                    losses.append(UnitLoss(row.army, row.unit, killed=killed, fled=fled))
            entries.append(
                SideEntry(
                    side=form.side.id,
                    vp=vp,
                    facts=facts,
                    losses=losses,
                    points_lost=points_lost,
                    characters=characters,
                )
            )
        return entries, problems

    def read_battle_facts(self) -> tuple[dict[str, int], list[str]]:
        """The answers asked once for the battle, and their problems."""
        return self._read_facts("battle-fact", self.battle_fields, f"Battle {self.battle_id}")

    def action_for(
        self, entries: list[SideEntry], facts: dict[str, int] | None = None
    ) -> EnterBattleResult:
        return EnterBattleResult(battle=self.battle_id, sides=entries, facts=dict(facts or {}))

    def _read_all(self) -> tuple[EnterBattleResult, list[str]]:
        facts, problems = self.read_battle_facts()
        entries, more = self.read()
        return self.action_for(entries, facts), problems + more

    def on_input_changed(self, event: Field.Changed) -> None:
        event.stop()
        self._check()

    def on_loss_row_changed(self, event: LossRow.Changed) -> None:
        event.stop()
        self._check()

    def _check(self) -> None:
        _, problems = self._read_all()
        self._error(problems[0] if problems else "")

    # --- moving about a long form -----------------------------------------------------
    def action_next_field(self) -> None:
        self.focus_next()

    def action_previous_field(self) -> None:
        self.focus_previous()

    def action_side(self, step: int) -> None:
        """The next (or previous) side's victory points: a long army is passed at once."""
        here = self.focused.id if self.focused is not None and self.focused.id else ""
        parts = here.split("-")
        current = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else -1
        if here.startswith("battle-fact"):
            current = -1
        target = current + step
        if not 0 <= target < len(self.side_forms):
            where = "last" if step > 0 else "first"
            self.notify(f"This is the {where} side of the battle", timeout=2)
            return
        self.query_one(f"#vp-{target}", Field).focus()

    def on_input_submitted(self, event: Field.Submitted) -> None:
        event.stop()
        self.focus_next()

    def _error(self, text: str) -> None:
        self.query_one("#result-error", Static).update(Content(text))

    # --- preview and confirm ----------------------------------------------------------
    def action_preview(self) -> None:
        action, problems = self._read_all()
        if problems:
            self._error(problems[0])
            return
        seat = self.desk.seat
        if seat is None:
            return
        try:
            lines = preview_lines(self.desk.session, seat, self.battle, action)
        except RuleError as exc:
            self._error(str(exc))
            return
        self._error("")

        def answered(yes: bool | None) -> None:
            if yes:
                self.desk.perform(action, self._done)

        self.app.push_screen(
            BattlePreviewScreen(f"Battle {self.battle_id}: if you confirm", lines), answered
        )

    def _done(self, events: list[Event]) -> None:
        if self.is_current:
            self.dismiss(events)
        else:  # table dice were asked for on top; leave once that form has gone
            self.app.call_later(self._leave, events)

    def _leave(self, events: list[Event]) -> None:
        if self.is_attached and self.is_current:
            self.dismiss(events)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "result-preview":
            self.action_preview()
        else:
            self.action_cancel()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_screen_resume(self, _: Any) -> None:
        if self.desk.seat != self.seat:  # the terminal handed over meanwhile
            self.dismiss(None)
