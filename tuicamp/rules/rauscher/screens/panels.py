"""The Rauscher phase panels in the campaign screen's side panel, one per phase, and the
standings once the war is over.

A panel is redrawn from scratch on every change and cursor move (``refresh_view``): it
reads the seat's view, and the ruleset's own ledgers only for the seat's own players (see
:mod:`screens.data`). Lines are short: at 80 columns the side panel is 25 cells wide. The
keys each phase offers are listed at the bottom (the footer has no room for them).

The Movement panel also draws on the map: the rules' own reach and path (zones of
influence doubled, militia bounds and enemy armies barring the way, exactly as the
``move`` action prices them) over the campaign screen's plain preview, and the enemy
zones of influence ("z").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from tuicamp.engine.rules import Rules
from tuicamp.engine.views import CampaignView
from tuicamp.model.campaign import Campaign
from tuicamp.model.hexes import Hex
from tuicamp.rules.rauscher import movement, victory
from tuicamp.rules.rauscher.economy import cards as economy_cards
from tuicamp.rules.rauscher.economy import ransom as economy_ransom
from tuicamp.rules.rauscher.economy.common import econ
from tuicamp.rules.rauscher.economy.fate import open_rerolls
from tuicamp.rules.rauscher.movement.costs import role_spec
from tuicamp.rules.rauscher.screens.data import (
    acting_for,
    bought_this_turn,
    brief,
    money,
    player_name,
    resolution_summary,
    seat_players,
    to_place,
    treasury_row,
)
from tuicamp.rules.rauscher.siege import sstate
from tuicamp.ui.map_widget import MapWidget
from tuicamp.ui.moves import cost_label
from tuicamp.ui.panels import CampaignControls, PhasePanel

WIDTH = 25  # the side panel's text width at 80 columns, with its scroll bar shown
ZONE = "z"

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
        ("t", "end"),
    ),
    "effects": (("k", "draw"), ("K", "play"), ("f", "fate"), ("L", "ledger"), ("t", "end")),
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
        ("t", "done"),
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
        ("t", "end"),
    ),
    "resolution": (
        ("p", "place"),
        ("X", "give up"),
        ("b", "food"),
        ("f", "fate"),
        ("L", "ledger"),
        ("t", "end"),
    ),
}


def campaign_of(controls: Any) -> Campaign:
    """The campaign behind the seat's view (the campaign screen's session): the ruleset's
    ledgers are not in the view, so panels read them here, for the seat's players only."""
    return controls.session.campaign


def rules_for(controls: Any) -> Rules:
    """That campaign read through the ruleset the campaign screen was given (its tables in
    force and options), for the rules' functions that need them."""
    return Rules(campaign_of(controls), controls.ruleset)


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
    """Lines from the view (and the seat's own ledgers), then the phase's keys."""

    DEFAULT_CSS = """
    RauscherPanel { height: auto; padding: 0 1; margin-bottom: 1; }
    RauscherPanel .rauscher-keys { color: $foreground-muted; margin-top: 1; }
    """
    phase = ""

    def __init__(self, controls: CampaignControls, **kwargs: Any) -> None:
        super().__init__(controls, **kwargs)
        self.text = Static(id=f"rauscher-{self.phase}-text")
        self.keys = Static(classes="rauscher-keys")

    def compose(self) -> ComposeResult:
        yield self.text
        yield self.keys

    def refresh_view(self) -> None:
        try:
            view = self.controls.view
        except RuntimeError:  # handing over: nothing of any seat is drawn
            return
        camp = campaign_of(self.controls)
        if view.finished:
            lines = victory_lines(camp, view)
            keys: Sequence[tuple[str, str]] = (("L", "ledger"), ("l", "log"))
        else:
            lines = self.lines(camp, view)
            keys = PHASE_KEYS.get(self.phase, ())
        self.text.update(Content("\n").join(lines))
        self.keys.update(Content("\n").join(key_lines(keys)))

    def lines(self, camp: Campaign, view: CampaignView) -> list[Content]:
        return []

    def purse(self, camp: Campaign, player: str) -> list[Content]:
        row = treasury_row(camp, player)
        out = [Content(f"Treasury {money(row.treasury)}")]
        if row.available != row.treasury:
            out.append(Content(f" free {money(row.available)} (ransom)"))
        return out


# --- Upkeep ---------------------------------------------------------------------------------
class UpkeepPanel(RauscherPanel):
    phase = "upkeep"

    def lines(self, camp: Campaign, view: CampaignView) -> list[Content]:
        player = acting_for(camp, view)
        if player is None:
            return [heading("Upkeep"), Content("Reorganise, spend gold.")]
        out = [heading("Upkeep", player_name(camp, player)), *self.purse(camp, player)]
        out.append(Content(f"Fate points {treasury_row(camp, player).fate}"))
        bought = bought_this_turn(camp, player)
        if bought:
            out.append(Content("Bought (placed in Resolution):"))
            out += [
                Content(" " + short(f"{p.id} {brief(p)} {money(p.cost)}", WIDTH - 1))
                for p in bought
            ]
        offer = next(
            (o for o in econ(camp).mercenaries if o.player == player and o.turn == camp.turn),
            None,
        )
        if offer is not None:
            if offer.status == "offered":
                out.append(Content(f"Mercs: {offer.points:,} pts for {money(offer.cost)}"))
            else:
                out.append(Content(f"Mercenaries: {offer.status}"))
        notes = economy_ransom.pending(camp, player)
        if notes:
            out.append(Content(f"Ransom: {len(notes)} to do (r)"))
        army = self.controls.selected_army
        record = camp.state.armies.get(army.id) if army is not None else None
        if army is not None and record is not None:
            out.append(Content.from_markup("[b]$name[/b]", name=short(army.name)))
            out.append(Content(f" patrols {len(record.patrols)}, scouts {len(record.scouts)}"))
        return out


# --- Effects --------------------------------------------------------------------------------
class EffectsPanel(RauscherPanel):
    phase = "effects"

    def lines(self, camp: Campaign, view: CampaignView) -> list[Content]:
        out = [heading("Effects")]
        rules = rules_for(self.controls)
        state = econ(camp)
        decks = [d for d in state.decks if economy_cards.deck_phase(rules, d) == "effects"]
        if not decks:
            out.append(Content("No encounter or magic deck"))
            out.append(Content("in this scenario (R-RA-10)."))
        for deck in decks:
            out.append(Content(f"{deck}: {len(state.decks[deck])} cards left"))
        player = acting_for(camp, view)
        if player is None:
            return out
        hand = state.hands.get(player, [])
        out.append(Content(f"Hand: {len(hand)} card{'s' if len(hand) != 1 else ''}"))
        for key in hand:
            out.append(Content(" " + short(state.cards[key].title, WIDTH - 1)))
        for line in economy_cards.pending(rules, player):
            out.append(Content(short(f"To do: {line.split(' (')[0]}")))
        return out


# --- Movement -------------------------------------------------------------------------------
class MovementPanel(RauscherPanel):
    phase = "movement"

    def lines(self, camp: Campaign, view: CampaignView) -> list[Content]:
        state = camp.state
        mover = state.move_order[state.mover] if state.mover < len(state.move_order) else None
        mine = mover is not None and mover in view.players_controlled
        note = "your move" if mine else f"{player_name(camp, mover)} moves" if mover else ""
        out = [heading("Movement", note)]
        army_view = self.controls.selected_army
        army = camp.army(army_view.id) if army_view is not None else None
        if army is None:
            self._draw(camp, view, None)
            out.append(Content("Cursor on an army, Enter."))
            hidden = [a for p in seat_players(camp, view) for a in movement.ambushes_of(camp, p)]
            if hidden:
                out.append(Content(f"Ambushes hidden: {len(hidden)}"))
            return out
        rules = rules_for(self.controls)
        record = state.army(army.id)
        out.append(Content.from_markup("[b]$name[/b]", name=short(army.name)))
        total, left = movement.mp_total(rules, army.id), movement.mp_left(rules, army.id)
        march = movement.march_of(rules, army.id).value
        out.append(Content(f" {march} march: {mp(left)} of {mp(total)} MP"))
        duty = []
        if record.fatigue:
            duty.append(f"fatigue {record.fatigue}")
        if movement.patrols_active(rules, army.id):
            duty.append("patrols")
        if record.stance.value:
            duty.append(record.stance.value)
        if record.finished:
            duty.append("done")
        if duty:
            out.append(Content(" " + short(", ".join(duty), WIDTH - 1)))
        out += self._draw(camp, view, army)
        return out

    # --- the map overlays -----------------------------------------------------------------
    def _map(self) -> MapWidget | None:
        found = self.screen.query(MapWidget) if self.is_attached else None
        return found.first() if found else None

    def _draw(self, camp: Campaign, view: CampaignView, army) -> list[Content]:
        """Zones of influence, then the army's reach and the path to the cursor, priced by
        the rules; returns the preview line for the panel."""
        widget = self._map()
        if widget is None:
            return []
        rules = rules_for(self.controls)
        seen = {a.id for a in view.armies}
        owner = army.owner if army is not None else acting_for(camp, view)
        zones: set[Hex] = set()
        if army is None or not role_spec(rules, army.id)["ignores_zones"]:
            for enemy in camp.armies:
                if enemy.owner != owner and enemy.id in seen:
                    zones.update(h for h in movement.zone_of(rules, enemy) if camp.map.contains(h))
        widget.set_overlay("zoi", {h: ZONE for h in zones})
        if army is None or army.hex is None:
            return []
        found = movement.reach(rules, army.id)
        found.pop(army.hex, None)
        goal = self.controls.cursor
        path = None
        if goal != army.hex and camp.map.contains(goal):
            path = movement.plan(rules, army.id, goal)
        on_path = set(path.hexes) if path is not None else set()
        # a hex of the path shows the path's mark alone, not the path's and the reach's
        widget.set_overlay(
            "reach", {h: cost_label(c) for h, c in found.items() if h not in on_path}
        )
        if path is None:
            widget.clear_overlay("path")
            if goal == army.hex or not camp.map.contains(goal):
                return []
            return [Content(f" {camp.map.label(goal)}: no way there")]
        left = movement.mp_left(rules, army.id)
        labels = {h: "*" for h in path.hexes[1:-1]}
        labels[path.hexes[-1]] = cost_label(path.cost)
        widget.set_overlay("path", labels)
        doubled = sum(1 for h in path.hexes[1:] if h in zones)
        extra = f", {doubled} in zones" if doubled else ""
        verdict = "" if path.cost <= left + 1e-9 else " (too far)"
        return [Content(f" to {camp.map.label(goal)}: {mp(path.cost)} MP{extra}{verdict}")]

    def on_unmount(self) -> None:
        widget = self._map()
        if widget is not None:
            widget.clear_overlay("zoi")


# --- Combat ---------------------------------------------------------------------------------
class CombatPanel(RauscherPanel):
    phase = "combat"

    def lines(self, camp: Campaign, view: CampaignView) -> list[Content]:
        out = [heading("Combat")]
        battles = camp.pending_battles()
        mine = set(view.players_controlled)
        out.append(Content(f"Battles pending: {len(battles)}" + (" (B)" if battles else "")))
        for b in battles:
            fights = view.gm or any(p in mine for s in b.sides for p in s.players)
            who = "you fight" if fights else "others fight"
            out.append(Content(f" {b.id} {camp.map.label(b.hex)}: {who}"))
        sieges = sstate(camp).active()
        if sieges:
            out.append(Content("Sieges"))
        for siege in sieges:
            place = camp.map.settlement(siege.settlement)
            name = place.name if place else siege.settlement
            out.append(Content(" " + short(f"{siege.id} {name}", WIDTH - 1)))
            for role, who in (("besieger", siege.besieger), ("defender", siege.defender)):
                written = siege.order(role, camp.turn) is not None
                if who in mine:
                    what = "sealed" if written else "write O"
                    out.append(Content(f"  you ({role}): {what}"))
                else:
                    out.append(Content(f"  {role}: {'written' if written else 'not yet'}"))
        if not battles and not sieges:
            out.append(Content("No fighting this turn."))
        return out


# --- Resolution -----------------------------------------------------------------------------
class ResolutionPanel(RauscherPanel):
    phase = "resolution"

    def lines(self, camp: Campaign, view: CampaignView) -> list[Content]:
        player = acting_for(camp, view)
        out = [heading("Resolution", player_name(camp, player) if player else "")]
        if player is None:
            return out
        row = treasury_row(camp, player)
        total = resolution_summary(rules_for(self.controls), view)
        taxes = f" (+{money(total.taxes)} taxes)" if total.taxes else ""
        out.append(Content(short(f"Treasury {money(row.treasury)}{taxes}")))
        out.append(Content(f"Supply: {total.fed} fed, {total.short} short"))
        if total.grumbled or total.deserted or total.starved:
            out.append(Content(short(f"Tests: {total.deserted} deserted, {total.starved} starved")))
        out.append(Content(f"Fate {row.fate} (+1 at phase end)"))
        open_ = open_rerolls(camp, player)
        if open_ and row.fate:
            out.append(Content(f" {len(open_)} roll(s) re-rollable (f)"))
        waiting = to_place(camp, player)
        if waiting:
            out.append(Content("To place (p):"))
            out += [Content(" " + short(f"{p.id} {brief(p)}", WIDTH - 1)) for p in waiting]
        return out


# --- the war is over ------------------------------------------------------------------------
def victory_lines(camp: Campaign, view: CampaignView) -> list[Content]:
    winners = ", ".join(player_name(camp, p) for p in view.winner) or "nobody"
    out = [heading("The war is over"), Content(short(f"Winner: {winners}"))]
    told = next((e.text for e in reversed(view.chronicle) if e.kind == "victory"), "")
    out.append(Content(told or victory.current_type(camp).title))
    out.append(Content("Standings:"))
    for i, (pid, text) in enumerate(victory.standings(camp), start=1):
        out.append(Content(short(f"{i} {player_name(camp, pid)}: {text}")))
    return out


PANELS: dict[str, type[RauscherPanel]] = {
    cls.phase: cls
    for cls in (UpkeepPanel, EffectsPanel, MovementPanel, CombatPanel, ResolutionPanel)
}


def panel_for(controls: CampaignControls, phase: str) -> PhasePanel | None:
    cls = PANELS.get(phase)
    return cls(controls, id=f"rauscher-{phase}-panel") if cls is not None else None
