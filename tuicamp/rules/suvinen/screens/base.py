"""What the Suvinen dialogs share: a bold title, lines that say what the choice is about,
the options as a list walked with up and down (or picked by their number), ``enter`` to
send the option under the cursor, ``escape`` to close without an action, and the key
footer. A dialog builds its lines and options from the seat's view; each option carries
the very action the command line sends, so no rule lives in a screen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from attrs import frozen
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tuicamp.rules.api import Action
from tuicamp.rules.suvinen.choices import OpenChoices
from tuicamp.rules.suvinen.view import SuvinenView
from tuicamp.ui.kit import CampaignView, KeyFooter

KEYS = "up/down choose, 1-9 pick by number, enter send, escape back"
MAX_NUMBERED = 9


@frozen
class Option:
    """One thing the dialog can send: its text and the action; or, with no action, a mark
    the dialog sets and clears in place (``toggle`` names what it marks)."""

    text: str
    action: Action | None
    toggle: tuple[str, ...] = ()


def open_choices(view: CampaignView) -> OpenChoices:
    """The seat's open choices in its view (none when the view is not a Suvinen one)."""
    state = view.ruleset_state
    return state.choices if isinstance(state, SuvinenView) else OpenChoices()


def names(view: CampaignView) -> dict[str, str]:
    return {p.id: p.name for p in view.players}


class SuvinenDialog(Screen[Action | None]):
    """A dialog that answers one action, or None when closed."""

    DEFAULT_CSS = """
    SuvinenDialog #suvinen-dialog-title { text-style: bold; padding: 0 1; }
    SuvinenDialog #suvinen-dialog-body { padding: 0 1; }
    SuvinenDialog #suvinen-dialog-keys { padding: 0 1; color: $foreground-muted; }
    """
    BINDINGS: ClassVar = [
        Binding("escape,q", "close", "Back", id="suvinen.dialog.close"),
        Binding("up", "move(-1)", "Previous", show=False, id="suvinen.dialog.up"),
        Binding("down", "move(1)", "Next", show=False, id="suvinen.dialog.down"),
        Binding("enter", "send", "Send", id="suvinen.dialog.send"),
        *(
            Binding(str(n), f"pick({n})", f"Option {n}", show=False, id=f"suvinen.dialog.{n}")
            for n in range(1, MAX_NUMBERED + 1)
        ),
    ]
    HEADING: ClassVar[str] = ""

    def __init__(self, view: CampaignView) -> None:
        super().__init__()
        self.view = view
        self.player_names = names(view)
        self.choices = open_choices(view)
        self.options: list[Option] = list(self.build_options())
        self.index = 0

    # --- what each dialog says -------------------------------------------------------------
    def intro(self) -> list[str]:
        """The lines above the options."""
        return []

    def build_options(self) -> Sequence[Option]:
        return ()

    def empty(self) -> str:
        """What the body says when there is nothing to send."""
        return "Nothing to choose now."

    def player_name(self, player: str) -> str:
        return self.player_names.get(player, player)

    def who(self, player: str, players: set[str]) -> str:
        """The player's name ahead of its lines, when the seat writes for several."""
        return f"{self.player_name(player)}: " if len(players) > 1 else ""

    def sealed_lines(self, written: str, waiting: Sequence[str]) -> list[str]:
        """The seat's own written choice, if any, and whom the round still waits for: all
        a seat may know of a sealed round (R-SU-15)."""
        out = [f"  You have written: {written} (you may change it until all write)"]
        names = ", ".join(self.player_name(p) for p in waiting) or "nobody"
        return [*(out if written else []), f"  Waiting for: {names}"]

    # --- the frame ---------------------------------------------------------------------------
    def body_lines(self) -> list[str]:
        lines = self.intro()
        if not self.options:
            return [*lines, self.empty()]
        lines.append("")
        for n, option in enumerate(self.options, start=1):
            mark = ">" if n - 1 == self.index else " "
            number = f"{n}." if n <= MAX_NUMBERED else "  "
            lines.append(f"{mark} {number} {option.text}")
        return lines

    def compose(self) -> ComposeResult:
        yield Static(Content(self.HEADING), id="suvinen-dialog-title")
        with VerticalScroll():
            yield Static(Content("\n".join(self.body_lines())), id="suvinen-dialog-body")
        yield Static(Content(KEYS), id="suvinen-dialog-keys")
        yield KeyFooter()

    def redraw(self) -> None:
        body = self.query_one("#suvinen-dialog-body", Static)
        body.update(Content("\n".join(self.body_lines())))

    def action_move(self, step: int) -> None:
        if self.options:
            self.index = (self.index + step) % len(self.options)
            self.redraw()

    def action_pick(self, number: int) -> None:
        if number <= len(self.options):
            self.index = number - 1
            self.action_send()

    def toggled(self, option: Option) -> None:
        """An option without an action was picked: the dialog changes its marks."""

    def action_send(self) -> None:
        if not self.options:
            return
        option = self.options[self.index]
        if option.action is not None:
            self.dismiss(option.action)
            return
        self.toggled(option)
        self.options = list(self.build_options())
        self.redraw()

    def action_close(self) -> None:
        self.dismiss(None)
