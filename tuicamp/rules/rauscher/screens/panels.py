"""The Rauscher phase panels in the campaign screen's side panel, one per phase, and the
standings once the war is over.

A panel is redrawn from scratch on every change and cursor move (``refresh_view``): it
reads the seat's view only, the ruleset's own ledgers as the view carries them for the
seat (``view.ruleset_state``, see :mod:`tuicamp.rules.rauscher.view`). Lines are short: at
80 columns the side panel is 25 cells wide. The keys each phase offers are listed at the
bottom (the footer has no room for them).

The Movement panel also draws on the map: the rules' own reach and path (zones of
influence doubled, militia bounds and enemy armies barring the way, exactly as the
``move`` action prices them, asked of the rules in force) over the campaign screen's plain
preview, and the zones of influence of the other players' armies the seat sees (the
``zoi`` area, declared in :mod:`~tuicamp.rules.rauscher.screens.overlays`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.content import Content

from tuicamp.engine.rules import Rules
from tuicamp.model.hexes import Hex
from tuicamp.rules.rauscher import movement
from tuicamp.rules.rauscher.screens.data import brief, money, player_name, rauscher_state
from tuicamp.rules.rauscher.screens.overlays import ZONES
from tuicamp.rules.rauscher.view import RauscherView
from tuicamp.rules.rauscher.view.records import ArmyLedger, PlayerLedger
from tuicamp.ui.kit import (
    CampaignControls,
    CampaignView,
    PanelText,
    PhasePanel,
    cost_label,
)

WIDTH = 25  # the side panel's text width at 80 columns, with its scroll bar shown

# The keys of each phase, as the commands in screens.commands bind them (key, what).
PHASE_KEYS: dict[str, tuple[tuple[str, str], ...]] = {
    "upkeep": (
        ("p", "buy"),
        ("X", "cancel"),
        ("M", "mercs"),
        ("s", "split"),
        ("m", "merge"),
        ("D", "duties"),
        ("S", "party"),
        ("r", "ransom"),
        ("A", "ambush"),
        ("b", "food"),
        ("k", "card"),
        ("f", "fate"),
        ("L", "ledger"),
        ("t", "end phase"),
    ),
    "effects": (("k", "draw"), ("K", "play"), ("f", "fate"), ("L", "ledger"), ("t", "end phase")),
    "movement": (
        ("enter", "move"),
        ("1 2 3", "march"),
        ("h", "halt"),
        ("F", "fort"),
        ("H", "hasty"),
        ("R", "rest"),
        ("A", "ambush"),
        ("Y", "spring"),
        ("W", "recall"),
        ("i", "scout"),
        ("j", "courier"),
        ("b", "load"),
        ("E", "ship"),
        ("f", "fate"),
        ("L", "ledger"),
        ("t", "end phase"),
    ),
    "combat": (
        ("B", "battles"),
        ("G", "besiege"),
        ("O", "orders"),
        ("U", "allot"),
        ("W", "withdraw"),
        ("T", "destroy"),
        ("f", "fate"),
        ("L", "ledger"),
        ("t", "end phase"),
    ),
    "resolution": (
        ("p", "place"),
        ("X", "give up"),
        ("b", "food"),
        ("f", "fate"),
        ("L", "ledger"),
        ("t", "end phase"),
    ),
}


def rules_for(controls: CampaignControls) -> Rules:
    """The rules in force, as the read context the ruleset's own functions take (the
    reach, a path's price, a move's costs): the screens hand it to them and read nothing
    of it themselves but its tables and options."""
    rules = controls.rules
    if not isinstance(rules, Rules):
        raise TypeError("the campaign screen's controls hold no Rules")
    return rules


def key_lines(keys: Sequence[tuple[str, str]], width: int = WIDTH) -> list[Content]:
    """'p buy  X cancel ...' wrapped to the panel's width, keys in bold."""
    lines: list[Content] = []
    parts: list[Content] = []
    used = 0
    for key, what in keys:
        size = len(key) + 1 + len(what)
        if parts and used + 2 + size > width:
            lines.append(Content("  ").join(parts))
            parts, used = [], 0
        parts.append(Content.assemble((key, "bold $accent"), " ", what))
        used += size + (2 if len(parts) > 1 else 0)
    if parts:
        lines.append(Content("  ").join(parts))
    return lines


def heading(title: str, note: str = "") -> Content:
    return Content.from_markup("[b]$title[/b]$note", title=title, note=f": {note}" if note else "")


def short(text: str, width: int = WIDTH) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def mp(value: float) -> str:
    return f"{value:g}"


class RauscherPanel(PhasePanel):
    """Lines from the view (and the seat's own ledgers in it), then the phase's keys."""

    DEFAULT_CSS = """
    RauscherPanel { height: auto; padding: 0 1; margin-bottom: 1; }
    RauscherPanel .rauscher-keys { color: $foreground-muted; margin-top: 1; }
    """
    phase = ""

    def __init__(self, controls: CampaignControls, **kwargs: Any) -> None:
        super().__init__(controls, **kwargs)
        self.text = PanelText(id=f"rauscher-{self.phase}-text")
        self.keys = PanelText(classes="rauscher-keys")

    def compose(self) -> ComposeResult:
        yield self.text
        yield self.keys

    def refresh_view(self) -> None:
        try:
            view = self.controls.view
        except RuntimeError:  # handing over: nothing of any seat is drawn
            return
        state = rauscher_state(view)
        if state is None:
            return
        if view.finished:
            lines = victory_lines(view, state)
            keys: Sequence[tuple[str, str]] = (("L", "ledger"), ("l", "log"))
        else:
            lines = self.lines(view, state)
            keys = PHASE_KEYS.get(self.phase, ())
        self.text.update(Content("\n").join(lines))
        self.keys.update(Content("\n").join(key_lines(keys)))

    def lines(self, view: CampaignView, state: RauscherView) -> list[Content]:
        return []

    def purse(self, ledger: PlayerLedger) -> list[Content]:
        out = [Content(f"Treasury {money(ledger.treasury)}")]
        if ledger.available != ledger.treasury:
            out.append(Content(f" free {money(ledger.available)} (ransom)"))
        return out


# --- Upkeep ---------------------------------------------------------------------------------
class UpkeepPanel(RauscherPanel):
    phase = "upkeep"

    def lines(self, view: CampaignView, state: RauscherView) -> list[Content]:
        ledger = state.ledger(state.acting_for)
        if ledger is None:
            return [heading("Upkeep"), Content("Reorganise, spend gold.")]
        out = [heading("Upkeep", ledger.name), *self.purse(ledger)]
        out.append(Content(f"Fate points {ledger.fate}"))
        bought = ledger.bought(state.turn)
        if bought:
            out.append(Content("Bought (placed in Resolution):"))
            out += [
                Content(" " + short(f"{p.id} {brief(p)} {money(p.cost)}", WIDTH - 1))
                for p in bought
            ]
        offer = ledger.mercenaries
        if offer is not None:
            if offer.status == "offered":
                out.append(Content(f"Mercs: {offer.points:,} pts for {money(offer.cost)}"))
            else:
                out.append(Content(f"Mercenaries: {offer.status}"))
        if ledger.ransom_to_do:
            out.append(Content(f"Ransom: {len(ledger.ransom_to_do)} to do (r)"))
        army = self.controls.selected_army
        record = state.army(army.id) if army is not None else None
        if army is not None and record is not None:
            out.append(Content.from_markup("[b]$name[/b]", name=short(army.name)))
            out.append(Content(f" patrols {len(record.patrols)}, scouts {len(record.scouts)}"))
        return out


# --- Effects --------------------------------------------------------------------------------
class EffectsPanel(RauscherPanel):
    phase = "effects"

    def lines(self, view: CampaignView, state: RauscherView) -> list[Content]:
        out = [heading("Effects")]
        decks = [d for d in state.decks if d.phase == "effects"]
        if not decks:
            out.append(Content("No encounter or magic"))
            out.append(Content("deck here (R-RA-10)."))
        for deck in decks:
            out.append(Content(f"{deck.name}: {deck.left} cards left"))
        ledger = state.ledger(state.acting_for)
        if ledger is None:
            return out
        hand = ledger.hand
        out.append(Content(f"Hand: {len(hand)} card{'s' if len(hand) != 1 else ''}"))
        for card in hand:
            out.append(Content(" " + short(card.title, WIDTH - 1)))
        for line in ledger.to_draw:
            out.append(Content(short(f"To do: {line.split(' (')[0]}")))
        return out


# --- Movement -------------------------------------------------------------------------------
class MovementPanel(RauscherPanel):
    phase = "movement"
    OVERLAYS_DRAWN = (ZONES,)

    def lines(self, view: CampaignView, state: RauscherView) -> list[Content]:
        mover = state.mover
        mine = mover is not None and mover in view.players_controlled
        note = "your move" if mine else f"{player_name(view, mover)} moves" if mover else ""
        out = [heading("Movement", note)]
        army_view = self.controls.selected_army
        army = state.army(army_view.id) if army_view is not None else None
        if army is None:
            self._draw(view, state, None)
            out.append(Content("Cursor on an army, Enter."))
            hidden = sum(len(p.ambushes) for p in state.players)
            if hidden:
                out.append(Content(f"Ambushes hidden: {hidden}"))
            return out
        out.append(Content.from_markup("[b]$name[/b]", name=short(army.name)))
        out.append(
            Content(f" {army.march.value} march: {mp(army.mp_left)} of {mp(army.mp_total)} MP")
        )
        duty = []
        if army.fatigue:
            duty.append(f"fatigue {army.fatigue}")
        if army.patrols_active:
            duty.append("patrols")
        if army.stance.value:
            duty.append(army.stance.value)
        if army.halted:
            duty.append("done")
        if duty:
            out.append(Content(" " + short(", ".join(duty), WIDTH - 1)))
        out += self._draw(view, state, army)
        return out

    # --- the map overlays -----------------------------------------------------------------
    def _draw(
        self, view: CampaignView, state: RauscherView, army: ArmyLedger | None
    ) -> list[Content]:
        """Zones of influence, then the army's reach and the path to the cursor, priced by
        the rules; returns the preview line for the panel."""
        widget = self.map_widget()
        if widget is None:
            return []
        owner = army.owner if army is not None else state.acting_for
        zones: set[Hex] = set()
        if army is None or not army.ignores_zones:
            for seen in view.armies:
                if seen.owner != owner:
                    zones.update(state.zones.get(seen.id, ()))
        widget.set_area(ZONES, zones)
        if army is None or army.hex is None:
            return []
        rules = rules_for(self.controls)
        found = movement.reach(rules, army.army)
        found.pop(army.hex, None)
        goal = self.controls.cursor
        path = None
        if goal != army.hex and view.map.contains(goal):
            path = movement.plan(rules, army.army, goal)
        on_path = set(path.hexes) if path is not None else set()
        # a hex of the path shows the path's mark alone, not the path's and the reach's
        widget.set_overlay(
            "reach", {h: cost_label(c) for h, c in found.items() if h not in on_path}
        )
        if path is None:
            widget.clear_overlay("path")
            if goal == army.hex or not view.map.contains(goal):
                return []
            return [Content(f" {view.map.label(goal)}: no way there")]
        widget.set_route("path", path.hexes, labels={path.hexes[-1]: cost_label(path.cost)})
        doubled = sum(1 for h in path.hexes[1:] if h in zones)
        extra = f", {doubled} in zones" if doubled else ""
        verdict = "" if path.cost <= army.mp_left + 1e-9 else " (too far)"
        return [Content(f" to {view.map.label(goal)}: {mp(path.cost)} MP{extra}{verdict}")]


# --- Combat ---------------------------------------------------------------------------------
class CombatPanel(RauscherPanel):
    phase = "combat"

    def lines(self, view: CampaignView, state: RauscherView) -> list[Content]:
        out = [heading("Combat")]
        battles = state.battles
        mine = set(view.players_controlled)
        out.append(Content(f"Battles pending: {len(battles)}" + (" (B)" if battles else "")))
        for b in battles:
            who = "you fight" if view.gm or b.yours else "others fight"
            out.append(Content(f" {b.id} {view.map.label(b.hex)}: {who}"))
        if state.sieges:
            out.append(Content("Sieges"))
        for siege in state.sieges:
            out.append(Content(" " + short(f"{siege.id} {siege.name}", WIDTH - 1)))
            for order in siege.orders:
                if order.player in mine:
                    what = "sealed" if order.written else "write O"
                    out.append(Content(f"  you ({order.role}): {what}"))
                else:
                    written = "written" if order.written else "not yet"
                    out.append(Content(f"  {order.role}: {written}"))
        if not battles and not state.sieges:
            fought = sum(1 for e in view.chronicle if e.kind == "battle" and e.turn == view.turn)
            # after a battle, its turn had fighting: say how much, not "no fighting"
            text = f"Fought this turn: {fought}" if fought else "No fighting this turn."
            out.append(Content(text))
        return out


# --- Resolution -----------------------------------------------------------------------------
class ResolutionPanel(RauscherPanel):
    phase = "resolution"

    def lines(self, view: CampaignView, state: RauscherView) -> list[Content]:
        ledger = state.ledger(state.acting_for)
        out = [heading("Resolution", ledger.name if ledger else "")]
        if ledger is None:
            return out
        total = state.resolution
        taxes = f" (+{money(total.taxes)} taxes)" if total.taxes else ""
        out.append(Content(short(f"Treasury {money(ledger.treasury)}{taxes}")))
        out.append(Content(f"Supply: {total.fed} fed, {total.short} short"))
        if total.grumbled or total.deserted or total.starved:
            out.append(Content(short(f"Tests: {total.deserted} deserted, {total.starved} starved")))
        out.append(Content(f"Fate {ledger.fate} (+1 at phase end)"))
        if ledger.rerolls and ledger.fate:
            out.append(Content(f" {len(ledger.rerolls)} roll(s) re-rollable (f)"))
        waiting = ledger.to_place()
        if waiting:
            out.append(Content("To place (p):"))
            out += [Content(" " + short(f"{p.id} {brief(p)}", WIDTH - 1)) for p in waiting]
        return out


# --- the war is over ------------------------------------------------------------------------
def victory_lines(view: CampaignView, state: RauscherView) -> list[Content]:
    winners = ", ".join(player_name(view, p) for p in view.winner) or "nobody"
    out = [heading("The war is over"), Content(short(f"Winner: {winners}"))]
    told = next((e.text for e in reversed(view.chronicle) if e.kind == "victory"), "")
    out.append(Content(told or state.victory.title))
    out.append(Content("Standings:"))
    for i, standing in enumerate(state.victory.standings, start=1):
        out.append(Content(short(f"{i} {player_name(view, standing.player)}: {standing.text}")))
    return out


PANELS: dict[str, type[RauscherPanel]] = {
    cls.phase: cls
    for cls in (UpkeepPanel, EffectsPanel, MovementPanel, CombatPanel, ResolutionPanel)
}


def panel_for(controls: CampaignControls, phase: str) -> PhasePanel | None:
    cls = PANELS.get(phase)
    return cls(controls, id=f"rauscher-{phase}-panel") if cls is not None else None
