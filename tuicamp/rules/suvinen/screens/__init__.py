"""The Suvinen rules on the campaign screen: keys to hold a corps or break its commitment,
the march to the cursor (one impulse's MP, the rest committed), the end of a player's part
of a round, and hexside control drawn on the map for every seat (R-SU-8): each held side
of a contested hex carries its holder's letter in its holder's colour, so it reads in 16
colours and in monochrome. With the cursor on one of the seat's own or allied corps, the
map draws that corps' supply line of the last check, and the panel says where it runs
(R-SU-17). The hexes of the seat's own and allied corps that are Disrupted carry a ``d``
on their E side, next to the corps' marker (R-SU-18). The dialogs of the sealed
fight-or-withdraw choice (``W``), of alliances (``A``) and of the siege's assault or wait
(``S``) open from here; the panel shows their key while the choice is open for the seat,
and the key says why not otherwise. The core's side panel shows the status lines."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.widgets import Static

from tuicamp.rules.api import Action, EndPhase, Hex, SideOf
from tuicamp.rules.suvinen.impulses import BreakCommitment, HoldCorps, MoveCorps
from tuicamp.rules.suvinen.screens.alliance import AllianceDialog
from tuicamp.rules.suvinen.screens.base import SuvinenDialog, open_choices
from tuicamp.rules.suvinen.screens.siege import SiegeDialog
from tuicamp.rules.suvinen.screens.withdraw import WithdrawalDialog
from tuicamp.rules.suvinen.view import SuvinenView
from tuicamp.ui.kit import (
    ROUTE,
    SIDES,
    CampaignControls,
    CampaignView,
    MapWidget,
    Mark,
    OverlayLook,
    PhasePanel,
    RulesetUI,
    UiCommand,
)

CONTROL = "control"
SUPPLY = "supply"
DISRUPTED = "disrupted"
OVERLAYS = {
    CONTROL: OverlayLook(SIDES, "#", "bright_white", "hexside held (holder's letter)"),
    SUPPLY: OverlayLook(ROUTE, "+", "bright_green", "supply line of the corps at the cursor"),
    # on the E side, next to the corps' marker (the hex's own cells show the marker)
    DISRUPTED: OverlayLook(
        SIDES,
        "d",
        "bright_red",
        "Disrupted corps (Ld -2) of yours or an ally's, in the hex to its left",
    ),
}
EAST = 0  # the side of the hex the Disrupted mark is drawn on


def _on_selected(make: Callable[[str], Action]) -> Callable[[CampaignControls], None]:
    """A command on the selected corps; without one it says so."""

    def run(controls: CampaignControls) -> None:
        army = controls.selected_army
        if army is None:
            controls.say("Select one of your corps first", "warning")
            return
        controls.perform(make(army.id))

    return run


def _perform(controls: CampaignControls) -> Callable[[Action | None], None]:
    def done(action: Action | None) -> None:
        if action is not None:
            controls.perform(action)

    return done


def _dialog(
    make: Callable[[CampaignView], SuvinenDialog], why_not: str
) -> Callable[[CampaignControls], None]:
    """Opens the dialog when it has something for the seat to send or read, else says
    why not."""

    def run(controls: CampaignControls) -> None:
        dialog = make(controls.view)
        if not (dialog.options or dialog.intro()):
            controls.say(why_not, "warning")
            return
        controls.open(dialog, _perform(controls))

    return run


NO_WITHDRAWAL = (
    "No fight-or-withdraw choice is open for you: it is written before a battle of three "
    "sides or more and after each day's battle, by the players in the hex (sections 4.1, 4.3)"
)

NO_ALLIANCE = (
    "No alliance to offer or answer now: alliances for the turn are made in the council "
    "(R-SU-12), temporary ones before a battle of three sides or more (section 4.1)"
)

NO_SIEGE = (
    "No siege waits for your choice: assault or wait is written, once a turn, when only "
    "corps hostile to a garrison stand outside its walls (section 4.6, R-SU-36)"
)


def dialog_keys(view: CampaignView) -> list[str]:
    """The dialog keys the panel shows: only while the choice is open for the seat."""
    choices, out = open_choices(view), []
    for w in choices.withdrawals:
        verb = "write" if w.player in w.waiting else "change"
        out.append(f"W: {verb} fight or withdraw at {w.hex}")
    for siege in choices.sieges:
        verb = "write" if siege.player in siege.waiting else "change"
        out.append(f"S: {verb} assault or wait at {siege.hex}")
    if any(o.answer_as for o in choices.offers):
        out.append("A: answer an offer of alliance")
    elif choices.partners:
        out.append("A: offer an alliance")
    elif choices.castles:
        out.append("A: propose who controls a shared castle")
    return out


COMMANDS = (
    UiCommand("suvinen.hold", "h", "Impulse: hold", _on_selected(lambda a: HoldCorps(army=a))),
    UiCommand(
        "suvinen.break",
        "k",
        "Impulse: break commitment (1 MP)",
        _on_selected(lambda a: BreakCommitment(army=a)),
    ),
    UiCommand(
        "suvinen.withdrawal",
        "W",
        "Fight or withdraw",
        _dialog(WithdrawalDialog, NO_WITHDRAWAL),
        show=False,  # the panel shows it while the choice is open
    ),
    UiCommand(
        "suvinen.alliance",
        "A",
        "Alliances",
        _dialog(AllianceDialog, NO_ALLIANCE),
        show=False,
    ),
    UiCommand("suvinen.siege", "S", "Assault or wait", _dialog(SiegeDialog, NO_SIEGE), show=False),
)


class SuvinenPanel(PhasePanel):
    """Whose turn of the rotation it is, and the hexside control drawn on the map."""

    def __init__(self, controls: CampaignControls, **kwargs: Any) -> None:
        super().__init__(controls, **kwargs)
        self.text = Static(id="suvinen-panel-text")

    def compose(self) -> ComposeResult:
        yield self.text

    def refresh_view(self) -> None:
        try:
            view = self.controls.view
        except RuntimeError:
            return
        rotation = [line.text for line in view.status_lines if line.label == "Rotation"]
        state = view.ruleset_state
        if not isinstance(state, SuvinenView):
            self.text.update("\n".join(["Suvinen", *rotation]))
            return
        here = [s for s in state.supply_lines if s.hex == self.controls.cursor]
        names = {a.id: a.name for a in view.armies}
        said = [f"Supply line of '{names.get(s.army, s.army)}': {s.text}" for s in here]
        keys = dialog_keys(view)
        moving = state.impulse.lines() if state.impulse is not None else rotation
        self.text.update("\n".join(["Suvinen", *moving, *keys, *said]))
        widget = self.map_widget()
        if widget is None:
            return
        looks = {p.id: Mark(p.letter, p.colour) for p in view.players}
        widget.set_side_overlay(
            CONTROL, {side: looks[p] for side, p in state.control.items() if p in looks}
        )
        widget.set_side_overlay(DISRUPTED, {SideOf(h, EAST): "d" for h in state.disrupted})
        draw_supply(widget, [s.hexes for s in here])


def draw_supply(widget: MapWidget, lines: list[tuple[Hex, ...]]) -> None:
    """The supply lines of the corps at the cursor on the map (R-SU-17), each cut where a
    waterway leg leaves two hexes apart, since a route is drawn through neighbours."""
    pieces: list[list[Hex]] = []
    for hexes in lines:
        pieces.append([])
        for h in hexes:
            if pieces[-1] and not pieces[-1][-1].is_adjacent(h):
                pieces.append([])
            pieces[-1].append(h)
    drawn = [p for p in pieces if len(p) > 1]
    if drawn:
        widget.set_route(SUPPLY, *drawn)
    else:
        widget.clear_overlay(SUPPLY)


def _panel(controls: CampaignControls, phase: str) -> PhasePanel | None:
    # one id a phase: the campaign screen mounts the next phase's panel while the last
    # one's removal is still under way, and two widgets of one id would clash
    return SuvinenPanel(controls, id=f"suvinen-panel-{phase}")


def suvinen_ui() -> RulesetUI:
    return RulesetUI(
        commands=COMMANDS,
        panel=_panel,
        move_action=lambda army, to: MoveCorps(army=army, to=to),
        end_turn_action=lambda: EndPhase(),
        overlays=OVERLAYS,
    )
