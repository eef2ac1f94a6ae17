"""How a ruleset plugs its phase panels and commands into the campaign screen.

A ruleset names its UI in ``Ruleset.ui`` as ``"module:callable"``; only the UI imports that
module (the rules stay free of Textual). The callable returns a :class:`RulesetUI`: the
commands the campaign screen binds to keys (and lists in the footer and the command
palette), a factory for the panel of each phase, and the two action constructors the core
flows need (keyboard moves and "end turn"), so the core never names a ruleset's actions;
and for the map, the overlays it draws with their looks (which the legend lists, so the
core names no ruleset's overlay) and which borders the map draws for a campaign.

Everything a ruleset's UI does goes through :class:`CampaignControls`: it reads the seat's
view (the ruleset's own state included, as ``view.ruleset_state``) and the rules in force,
and hands actions to ``perform``, which deals with refusals and table dice. A ruleset's
screens import all of this from :mod:`tuicamp.ui.kit`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from attrs import define, field
from textual.content import Content
from textual.screen import Screen
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

from tuicamp.engine.actions import Action, Event
from tuicamp.engine.pathing import CostModel
from tuicamp.engine.ruleset import Ruleset
from tuicamp.engine.views import ArmyView, CampaignView
from tuicamp.model.campaign import OptionValue
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.hexes import Hex
from tuicamp.model.reprs import fields_repr
from tuicamp.ui.map_layers import Borders, OverlayLook
from tuicamp.ui.map_widget import MapWidget

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel


class ReadOnlyRules(Protocol):
    """What a ruleset's screens may read of the rules in force: the ruleset, its tables
    under the campaign's house rules, and the options. Not the campaign: what a seat may
    know of it is in the view, filtered once for every screen."""

    @property
    def ruleset(self) -> Ruleset: ...

    @property
    def tables(self) -> dict[str, Any]:
        """The ruleset's tables with the campaign's overrides laid over them (read only)."""

    def table(self, name: str) -> Any: ...

    def option(self, name: str) -> OptionValue: ...


class CampaignControls(Protocol):
    """What a ruleset's panel or command may use of the campaign screen: the seat's view,
    the rules in force, and perform / open / say."""

    @property
    def view(self) -> CampaignView:
        """What the shown seat may know (RuntimeError while no seat is shown)."""

    @property
    def rules(self) -> ReadOnlyRules: ...

    @property
    def seat(self) -> str | None: ...

    @property
    def cursor(self) -> Hex: ...

    @property
    def selected_army(self) -> ArmyView | None: ...

    def perform(self, action: Action, on_done: Callable[[list[Event]], None] | None = None) -> None:
        """Send an action for the acting seat; refusals are shown, table dice are asked for."""

    def open(self, screen: Screen, callback: Callable[[Any], None] | None = None) -> None:
        """Show a modal form; ``callback`` gets what it dismissed with."""

    def say(self, message: str, severity: SeverityLevel = "information") -> None: ...


@define(frozen=True)
class UiCommand:
    """One thing a player can do in a phase, with a key and a binding id for the keymap."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    id: str  # binding id, e.g. "sandbox.create_army"
    key: str  # default keys (comma-separated)
    description: str  # footer and command palette text
    run: Callable[[CampaignControls], None]
    show: bool = True  # in the footer (the command palette lists every command)
    gm_only: bool = False


class PhasePanel(Widget):
    """Base of a ruleset's phase panel; the campaign screen calls ``refresh_view`` after
    every change and cursor move, so a panel never keeps stale state of its own."""

    # The ruleset's map overlays this panel draws, cleared when it leaves, so no mark of
    # its phase stays on the map under the next phase's panel.
    OVERLAYS_DRAWN: ClassVar[tuple[str, ...]] = ()

    def __init__(self, controls: CampaignControls, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controls = controls

    def refresh_view(self) -> None:
        """Redraw from ``self.controls.view``."""

    def map_widget(self) -> MapWidget | None:
        """The campaign screen's map the panel draws on; None while it is on no screen."""
        found = self.screen.query(MapWidget) if self.is_attached else None
        return found.first() if found else None

    def on_unmount(self) -> None:
        widget = self.map_widget()
        if widget is not None:
            for name in self.OVERLAYS_DRAWN:
                widget.clear_overlay(name)


class PanelText(Static):
    """A phase panel's text: a Static that repaints only when what it shows changes.

    A panel is redrawn on every cursor step (``refresh_view``), and a Static repaints its
    whole region on every ``update``, each line of it sent to the terminal again, even
    when the text is the one already shown: over a slow SSH link an unchanged treasury
    line cost as many bytes as the hex that did change. Content compares equal on its
    plain text alone, so the styled spans are compared too (a line turning bold is a
    change).
    """

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if _same(self.content, content):
            return
        super().update(content, layout=layout)


def _same(old: VisualType, new: VisualType) -> bool:
    """Whether two contents of a Static draw the same: equal strings (markup), or Content
    with the same text and the same styled spans."""
    if isinstance(old, str) and isinstance(new, str):
        return old == new
    if isinstance(old, Content) and isinstance(new, Content):
        return old.plain == new.plain and old.spans == new.spans
    return False


@define
class RulesetUI:
    __repr__ = fields_repr
    __eq__ = fields_eq

    commands: tuple[UiCommand, ...] = ()
    # phase id -> the panel shown in the side panel for that phase (None: no panel)
    panel: Callable[[CampaignControls, str], PhasePanel | None] | None = None
    # (army id, hex label) -> the action that moves an army there
    move_action: Callable[[str, str], Action] | None = None
    # () -> the action that ends the seat's turn or phase
    end_turn_action: Callable[[], Action] | None = None
    # MP an army may still spend, for the reachable-hexes overlay (None: no limit known)
    move_budget: Callable[[CampaignControls, ArmyView], float | None] | None = None
    # The costs one army moves at (zones of influence, marches, its own terrain rules), so
    # the map's preview prices the path as the rules will; None: the ruleset's tables
    move_model: Callable[[CampaignControls, ArmyView], CostModel | None] | None = None
    # The ruleset's map overlays (name -> look), drawn after the core's in this order and
    # listed in the legend; its screens set them on the MapWidget by name.
    overlays: Mapping[str, OverlayLook] = field(factory=dict)
    # Which borders the map draws for this campaign (by territory, by owner or realm,
    # both, none), read each time a seat is shown; None: territory borders.
    map_borders: Callable[[CampaignControls], Borders] | None = None
    # The ruleset's own stylesheets (.tcss) for its screens, read once right after its
    # campaign screen's first frame (ui/styles.py), never on a screen's first opening.
    stylesheets: tuple[Path, ...] = ()
    extra: dict[str, Any] = field(factory=dict)


_EMPTY = RulesetUI()
_CACHE: dict[str, RulesetUI] = {}


def ruleset_ui(ruleset: Ruleset) -> RulesetUI:
    """The ruleset's UI, or an empty one: a ruleset without panels still plays (the map,
    the chronicle, help), only without its own commands."""
    spec = ruleset.ui
    if not spec:
        return _EMPTY
    if spec not in _CACHE:
        module_name, _, attr = spec.partition(":")
        if not attr:
            raise ValueError(f"ruleset {ruleset.id}: ui must be 'module:callable', not {spec!r}")
        factory = getattr(importlib.import_module(module_name), attr)
        made = factory() if callable(factory) else factory
        if not isinstance(made, RulesetUI):
            raise TypeError(f"ruleset {ruleset.id}: {spec} did not give a RulesetUI")
        _CACHE[spec] = made
    return _CACHE[spec]
