"""What the Command, Flight and Meeting screens share: a bold title, a scrolling body of plain
text, a muted keys line and the footer; the CSS of the three parts; the seat's view and the
rows read from its Ellegaard state once, as the screen opens; a cursor over those rows
(up and down); and ``escape`` to close without an action. Each screen says only what is its
own: its name in the widget ids, its heading, its rows, the text of its body and its keys."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tuicamp.rules.api import Action
from tuicamp.rules.ellegaard.screens.data import ellegaard_state
from tuicamp.rules.ellegaard.view import EllegaardView
from tuicamp.ui.kit import CampaignView, KeyFooter


def frame_bindings(slug: str, close: str = "escape,q", *, cursor: bool = True) -> list[Binding]:
    """Back (``close`` keys), and up/down over the rows when the screen has a cursor; their
    ids are ``ellegaard.<slug>.close``, ``.up`` and ``.down``."""
    out = [Binding(close, "close", "Back", id=f"ellegaard.{slug}.close")]
    if cursor:
        out += [
            Binding("up", "move(-1)", "Previous", show=False, id=f"ellegaard.{slug}.up"),
            Binding("down", "move(1)", "Next", show=False, id=f"ellegaard.{slug}.down"),
        ]
    return out


class EllegaardScreen(Screen[Action | None]):
    """A screen of the ruleset that answers one action, or None when closed.

    A subclass sets ``SLUG`` (the ids ``ellegaard-<SLUG>-title``, ``-<BODY>`` and
    ``-keys``), ``BODY`` (the body's id suffix) and ``KEYS`` (the keys line), and writes
    ``rows`` (what the cursor walks, read once from the state), ``heading`` and
    ``body_lines``; ``redraw`` shows the body again after the cursor or a draft changed."""

    SLUG: ClassVar[str] = ""
    BODY: ClassVar[str] = "list"
    KEYS: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Each screen's CSS, scoped to its own class and ids, as Textual reads it."""
        super().__init_subclass__(**kwargs)
        if not cls.SLUG:
            return
        name, slug = cls.__name__, cls.SLUG
        cls.DEFAULT_CSS = f"""
    {name} #ellegaard-{slug}-title {{ text-style: bold; padding: 0 1; }}
    {name} #ellegaard-{slug}-{cls.BODY} {{ padding: 0 1; }}
    {name} #ellegaard-{slug}-keys {{ padding: 0 1; color: $foreground-muted; }}
    """

    def __init__(self, view: CampaignView) -> None:
        super().__init__()
        self.view = view
        self.state: EllegaardView | None = ellegaard_state(view)
        self.lines: list[Any] = list(self.rows(self.state)) if self.state is not None else []
        self.index = 0

    # --- what each screen says -------------------------------------------------------------
    def rows(self, state: EllegaardView) -> Sequence[Any]:
        """The rows the cursor walks."""
        return ()

    def heading(self) -> str:
        """The title line (``title`` is Textual's own)."""
        return ""

    def body_lines(self) -> list[str]:
        return []

    # --- the frame ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        slug = self.SLUG
        yield Static(Content(self.heading()), id=f"ellegaard-{slug}-title")
        with VerticalScroll():
            yield Static(Content("\n".join(self.body_lines())), id=f"ellegaard-{slug}-{self.BODY}")
        yield Static(Content(self.KEYS), id=f"ellegaard-{slug}-keys")
        yield KeyFooter()

    def redraw(self) -> None:
        body = self.query_one(f"#ellegaard-{self.SLUG}-{self.BODY}", Static)
        body.update(Content("\n".join(self.body_lines())))

    def chosen(self) -> Any | None:
        """The row under the cursor (None when there are none)."""
        return self.lines[self.index] if self.lines else None

    def action_move(self, step: int) -> None:
        if self.lines:
            self.index = (self.index + step) % len(self.lines)
            self.redraw()

    def action_close(self) -> None:
        self.dismiss(None)
