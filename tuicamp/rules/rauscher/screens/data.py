"""What the Rauscher screens show, as plain data: no Textual here, so every figure the
panels and the ledger print is computed (and tested) without a terminal.

Seat safety: the campaign view (``CampaignView``) filters armies and the chronicle; the
ruleset's own ledgers (treasuries, purchases, fate points, supply) are not in it, so these
functions read the campaign but only ever return what belongs to the players the view's
seat controls. Public facts (who holds which territory, the turn, the phase) are shown for
everyone.
"""

from __future__ import annotations

import copy

from attrs import define, field

from tuicamp.engine.actions import Event
from tuicamp.engine.context import Context
from tuicamp.engine.dice import Dice
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import CampaignView
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army, Seat
from tuicamp.rules.rauscher.economy import supply
from tuicamp.rules.rauscher.economy.common import (
    TROOP_ROLES,
    available,
    econ,
    players,
    rank_and_file_points,
)
from tuicamp.rules.rauscher.economy.purchases import waiting
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.economy_state import Purchase
from tuicamp.rules.rauscher.shared.money import format_money
from tuicamp.rules.rauscher.shared.rules import Reading, rules_of

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


# --- whose figures --------------------------------------------------------------------------
def seat_players(campaign: Campaign, view: CampaignView) -> list[str]:
    """The Warmasters this seat plays, in the turn order (neutral forces have no economy)."""
    return [p for p in players(campaign) if p in view.players_controlled]


def acting_for(campaign: Campaign, view: CampaignView) -> str | None:
    """The player the seat's commands act for now: in Movement the one moving (when the
    seat plays them), otherwise the first of the seat's players still in the phase."""
    mine = seat_players(campaign, view)
    if not mine:
        return None
    state = rstate(campaign)
    if campaign.phase == "movement":
        if state.mover < len(state.move_order) and state.move_order[state.mover] in mine:
            return state.move_order[state.mover]
        return mine[0]
    return next((p for p in mine if p not in state.phase_done), mine[0])


def player_name(campaign: Campaign, pid: str) -> str:
    p = campaign.player(pid)
    return p.name if p else pid


def money(amount: int) -> str:
    return format_money(amount)


# --- treasury and ledger ------------------------------------------------------------------
@define
class TreasuryRow:
    """One Warmaster's purse and stores, as the ledger's first table shows it."""

    player: str
    name: str
    treasury: int
    available: int  # less what sealed ransom offers promise
    income: int  # collected this turn (taxes, ...) until the turn's ledger line is written
    food: int  # in the player's settlements and carriers
    territories: int
    fate: int
    last_income: int = 0  # the latest turn's income in the ledger (the last taxes)
    last_income_turn: int = 0


def stored_food(campaign: Campaign, player: str) -> int:
    """Food in the player's settlements and aboard their baggage trains and ships (the
    same sum the Resolution phase writes into the ledger)."""
    state = rstate(campaign)
    food = sum(s.stores.get("food", 0) for s in campaign.map.settlements if s.owner == player)
    for army in campaign.armies_of(player):
        record = state.armies.get(army.id)
        if record is not None:
            food += record.cargo.get("food", 0)
    return food


def territories_held(campaign: Campaign, player: str) -> int:
    return sum(1 for t in campaign.map.territories if t.owner == player)


def treasury_row(campaign: Campaign, player: str) -> TreasuryRow:
    p = campaign.player(player)
    earned = [e for e in rstate(campaign).player(player).ledger if e.income]
    return TreasuryRow(
        player=player,
        name=player_name(campaign, player),
        treasury=p.treasury if p else 0,
        available=available(campaign, player),
        income=econ(campaign).income.get(player, 0),
        food=stored_food(campaign, player),
        territories=territories_held(campaign, player),
        fate=rstate(campaign).player(player).fate_points,
        last_income=earned[-1].income if earned else 0,
        last_income_turn=earned[-1].turn if earned else 0,
    )


@define
class ChartPoint:
    """One turn of the ledger chart; ``treasury`` is None where the seat may not know it."""

    turn: int
    territories: int
    treasury: int | None


@define
class ChartSeries:
    player: str
    name: str
    colour: str
    letter: str
    points: list[ChartPoint] = field(factory=list)


def chart(campaign: Campaign, view: CampaignView) -> list[ChartSeries]:
    """Territories (public) and treasury (the seat's own players only) per turn: the turns
    the Resolution phase has written into the ledger, then the turn in progress."""
    out = []
    for pid in players(campaign):
        p = campaign.player(pid)
        if p is None:
            continue
        secret = pid not in view.players_controlled
        series = ChartSeries(pid, p.name, p.colour, p.letter)
        for entry in rstate(campaign).player(pid).ledger:
            series.points.append(
                ChartPoint(entry.turn, entry.territories, None if secret else entry.treasury)
            )
        if not series.points or series.points[-1].turn < campaign.turn:
            series.points.append(
                ChartPoint(
                    campaign.turn,
                    territories_held(campaign, pid),
                    None if secret else p.treasury,
                )
            )
        out.append(series)
    return out


def bar(value: float, top: float, width: int, glyph: str = "#") -> str:
    """An ASCII bar of ``width`` cells at most, proportional to ``value`` of ``top``;
    any value above nothing shows at least one cell, so a small purse is not a zero."""
    if width <= 0 or top <= 0 or value <= 0:
        return ""
    cells = round(width * min(value, top) / top)
    return glyph * max(1, cells)


# --- supply per army ------------------------------------------------------------------------
def _reader(rules: Rules) -> Context:
    """A Context that only reads, on the ruleset it is given: the economy's food functions
    take one, and the screens price the same food the Resolution phase will share out. Its
    dice are a copy and its events go nowhere, so nothing of the campaign can change
    through it."""
    campaign = rules.campaign
    return Context(
        campaign=campaign,
        seat=Seat("screens", "screens", gm=True),
        dice=Dice(copy.deepcopy(campaign.dice)),
        ruleset=rules.ruleset,
        next_seq=0,
        action_no=0,
    )


@define
class SupplyRow:
    """An army's food: what it needs and what is within its reach (shared with the other
    armies drawing on the same settlements, so "to hand" is what it could get at most)."""

    army: str
    name: str
    hex: str
    need: int
    scavenge: int
    local: int  # its owner's settlements in its territory: this turn's food and the stores
    baggage: int  # its owner's baggage trains within reach
    starving_turns: int

    @property
    def to_hand(self) -> int:
        return self.scavenge + self.local + self.baggage

    @property
    def short(self) -> bool:
        return self.to_hand < self.need


def supply_rows(source: Reading, player: str) -> list[SupplyRow]:
    """Every eating army of ``player`` with its need ("1 point of supplies is needed to feed
    every 1,000 points worth of rank & file", R-RA-8) and the food it may draw on."""
    reader = _reader(rules_of(source))
    campaign = reader.campaign
    # the Resolution phase's own pools and sources, read on the campaign as it stands
    by_settlement, trains = supply._pools(reader)
    rows = []
    for army in supply.eaters(reader):
        if army.owner != player:
            continue
        sources = supply._sources(reader, army, by_settlement, trains)
        local = sum(p.amount for p in sources if not p.train)
        baggage = sum(p.amount for p in sources if p.train)
        rows.append(
            SupplyRow(
                army=army.id,
                name=army.name,
                hex=campaign.map.label(army.hex) if army.hex else "-",
                need=supply.supply_need(rank_and_file_points(campaign, army), reader.tables),
                scavenge=supply.scavenging(reader, army),
                local=local,
                baggage=baggage,
                starving_turns=rstate(campaign).army(army.id).starving_turns,
            )
        )
    return rows


# --- armies and purchases ------------------------------------------------------------------
def troops(campaign: Campaign, player: str) -> list[Army]:
    """The player's counters made of troops (the ones that reorganise, eat and fight)."""
    state = rstate(campaign)
    return [
        a
        for a in campaign.armies_of(player)
        if a.hex is not None and state.army(a.id).role in TROOP_ROLES
    ]


def bought_this_turn(campaign: Campaign, player: str) -> list[Purchase]:
    return [
        p
        for p in econ(campaign).purchases
        if p.player == player and p.turn == campaign.turn and not p.done
    ]


def to_place(campaign: Campaign, player: str) -> list[Purchase]:
    return waiting(campaign, player)


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


@define
class ResolutionSummary:
    """What this turn's Resolution did to the seat's armies and purse, counted."""

    fed: int = 0
    short: int = 0
    grumbled: int = 0
    deserted: int = 0
    starved: int = 0
    taxes: int = 0
    placed: int = 0
    waiting: int = 0


def resolution_summary(source: Reading, view: CampaignView) -> ResolutionSummary:
    """Counts from the rules' own records (the Resolution phase's tests, the armies' hunger,
    this turn's income), for the seat's players only."""
    reader = _reader(rules_of(source))
    campaign = reader.campaign
    mine = set(seat_players(campaign, view))
    out = ResolutionSummary()
    state = rstate(campaign)
    # the deserters' columns the tests formed were not fed (or not) on their own
    formed = {t.deserters for t in econ(campaign).tests if t.deserters}
    for army in supply.eaters(reader):
        if army.owner not in mine or army.id in formed:
            continue
        need = supply.supply_need(rank_and_file_points(campaign, army), reader.tables)
        if not need:
            continue
        if state.army(army.id).starving_turns:
            out.short += 1
        else:
            out.fed += 1
    # a test's owner: the player its fate-point offer went to, else its army's owner
    offered = {r.id: r.player for r in econ(campaign).rerollable if r.kind == "starvation"}
    owners = {a.id: a.owner for a in campaign.armies}
    for test in econ(campaign).tests:
        owner = offered.get(test.id) or owners.get(test.army) or owners.get(test.deserters)
        if owner not in mine:
            continue
        if test.result == "desert":
            out.deserted += 1
        elif test.result == "starve":
            out.starved += 1
        else:
            out.grumbled += 1
    out.taxes = sum(econ(campaign).income.get(p, 0) for p in mine)
    for p in econ(campaign).purchases:
        if p.player in mine and p.turn == campaign.turn:
            if p.done:
                out.placed += 1
            else:
                out.waiting += 1
    return out


def grouped_resolution(view: CampaignView) -> list[tuple[str, list[str]]]:
    """The Resolution's events under the summary's headings, in the headings' order."""
    groups: dict[str, list[str]] = {}
    for e in resolution_events(view):
        groups.setdefault(RESOLUTION_KINDS[e.kind], []).append(e.text)
    order = list(dict.fromkeys(RESOLUTION_KINDS.values()))
    return [(h, groups[h]) for h in order if h in groups]
