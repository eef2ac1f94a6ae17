"""What the Rauscher screens show, as plain data: no Textual here, so every figure the
panels and the ledger print is computed (and tested) without a terminal.

Seat safety: everything here reads the seat's view only — the core's ``CampaignView``
(armies, chronicle, map) and the ruleset's own state projected for the seat
(``view.ruleset_state``, a :class:`~tuicamp.rules.rauscher.view.RauscherView`, holding
its own players' purses, purchases, fate points and supply and nobody else's). What a seat
may not know is not in what these functions are given.
"""

from __future__ import annotations

from tuicamp.engine.actions import Event
from tuicamp.engine.views import CampaignView
from tuicamp.rules.rauscher.shared.economy_state import Purchase
from tuicamp.rules.rauscher.shared.money import format_money
from tuicamp.rules.rauscher.view import RauscherView
from tuicamp.rules.rauscher.view.records import SupplyRow

# Chronicle events the Resolution phase writes, by the heading the summary files them under.
RESOLUTION_KINDS: dict[str, str] = {
    "fatigue": "Fatigue",
    "supply": "Supply",
    "starvation": "Desertion and starvation",
    "army_gone": "Desertion and starvation",
    "place_new_units": "New units",
    "placed": "New units",
    "dismissed": "New units",
    "taxes": "Taxes",
    "fate_points": "Fate",
    "fate": "Fate",
}


# --- the seat's view ------------------------------------------------------------------------
def rauscher_state(view: CampaignView) -> RauscherView | None:
    """The ruleset's state in the seat's view (None in another ruleset's view)."""
    state = view.ruleset_state
    return state if isinstance(state, RauscherView) else None


def player_name(view: CampaignView, pid: str | None) -> str:
    p = view.player(pid) if pid else None
    return p.name if p else (pid or "")


def money(amount: int) -> str:
    return format_money(amount)


def bar(value: float, top: float, width: int, glyph: str = "#") -> str:
    """An ASCII bar of ``width`` cells at most, proportional to ``value`` of ``top``;
    any value above nothing shows at least one cell, so a small purse is not a zero."""
    if width <= 0 or top <= 0 or value <= 0:
        return ""
    cells = round(width * min(value, top) / top)
    return glyph * max(1, cells)


# --- supply per army ------------------------------------------------------------------------
def supply_rows(state: RauscherView, player: str) -> list[SupplyRow]:
    """Every eating army of ``player`` (one of the seat's own) with its need and the food
    within its reach, as the view's ledgers carry them."""
    return [a.supply for a in state.armies if a.owner == player and a.supply is not None]


# --- purchases -------------------------------------------------------------------------------
BRIEF = {"baggage": "baggage train", "ship": "ship"}


def brief(p: Purchase) -> str:
    """A purchase in a few words, for the side panel (``describe`` is the chronicle's)."""
    if p.kind == "recruits":
        return f"{p.name} {p.points:,}"
    if p.kind == "siege_equipment":
        return f"siege gear {p.points:,}"
    return BRIEF.get(p.kind, p.kind) + (f" +{p.food} food" if p.food else "")


# --- the resolution summary ----------------------------------------------------------------
def resolution_events(view: CampaignView) -> list[Event]:
    """This turn's Resolution-phase events the seat may read (the view filtered them),
    from the phase's start on; the fate points of the turn's end belong to the next turn's
    view, so they are taken from the last Resolution when the turn has moved on."""
    events = view.chronicle
    starts = [
        i
        for i, e in enumerate(events)
        if e.kind == "phase" and e.text.startswith("The Resolution phase")
    ]
    if not starts:
        return []
    begin = starts[-1]
    out = []
    for e in events[begin + 1 :]:
        if e.kind == "phase" and e.turn != events[begin].turn:
            break
        if e.kind in RESOLUTION_KINDS:
            out.append(e)
    return out


def grouped_resolution(view: CampaignView) -> list[tuple[str, list[str]]]:
    """The Resolution's events under the summary's headings, in the headings' order."""
    groups: dict[str, list[str]] = {}
    for e in resolution_events(view):
        groups.setdefault(RESOLUTION_KINDS[e.kind], []).append(e.text)
    order = list(dict.fromkeys(RESOLUTION_KINDS.values()))
    return [(h, groups[h]) for h in order if h in groups]
