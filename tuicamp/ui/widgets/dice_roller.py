"""A dice roller: type an expression and a reason, see the results as they are logged.

It never rolls itself: it asks its owner to send a roll action (so the roll is seeded,
logged in the chronicle and saved like any other), and shows what the events say.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Static

from tuicamp.engine.dice import DiceExpr, Roll
from tuicamp.engine.errors import RuleError
from tuicamp.ui.widgets.fields import Field

QUICK = ("d6", "2d6", "d3", "d66", "3d6")


def roll_text(roll: Roll) -> str:
    dice = "+".join(map(str, roll.dice))
    return f"{roll.expr} for {roll.reason}: {roll.total}  ({dice}){'  table' if roll.table else ''}"


class DiceRoller(Vertical):
    class RollRequested(Message):
        def __init__(self, roller: DiceRoller, expr: str, reason: str) -> None:
            super().__init__()
            self.roller, self.expr, self.reason = roller, expr, reason

        @property
        def control(self) -> DiceRoller:
            return self.roller

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.results: list[str] = []

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Field(value="2d6", placeholder="2d6", id="dice-expr")
            yield Field(placeholder="what for (optional)", id="dice-reason")
        with Horizontal(id="dice-quick"):
            for expr in QUICK:
                yield Button(expr, id=f"quick-{expr}", compact=True)
        yield Static("", id="dice-error", classes="error")
        yield Static("", id="dice-results")

    def request(self, expr: str | None = None) -> None:
        expr_field = self.query_one("#dice-expr", Field)
        text = (expr or expr_field.value).strip()
        try:
            DiceExpr.parse(text)
        except RuleError as exc:
            self.query_one("#dice-error", Static).update(Content(str(exc)))
            return
        self.query_one("#dice-error", Static).update("")
        expr_field.value = text
        reason = self.query_one("#dice-reason", Field).value.strip()
        self.post_message(self.RollRequested(self, text, reason))

    def show_rolls(self, rolls: list[Roll]) -> None:
        self.results = [roll_text(r) for r in rolls] + self.results
        self.query_one("#dice-results", Static).update(Content("\n".join(self.results[:8])))

    def on_input_submitted(self, event: Field.Submitted) -> None:
        event.stop()
        self.request()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id and event.button.id.startswith("quick-"):
            self.request(event.button.id.removeprefix("quick-"))
