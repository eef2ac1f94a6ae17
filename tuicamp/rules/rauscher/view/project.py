"""The Rauscher state projected for one seat: the one place its secrets are filtered.

The ruleset's ledgers (treasuries, purchases, fate points, hands, supply, sealed notes and
orders, hidden ambushes) are not in the core's view; this module copies out of them what
the seat's own players may know, and the public facts of the war, into the records of
:mod:`view.records`. Figures come from the rules' own functions (supply from the economy's
pools, movement points from the movement's costs, standings from victory), so a screen
prints what the rules will do, not a second reckoning.

Sealed siege orders are read in :func:`siege_notes` only, ransom notes in
:func:`ransom_notes` only: each has one place where its secrecy is decided.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from attrs import evolve

from tuicamp.engine.context import Context
from tuicamp.engine.dice import Dice
from tuicamp.engine.rules import Rules
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army, Seat, Unit
from tuicamp.model.hexes import Hex
from tuicamp.rules.kit import rerolls as kit_rerolls
from tuicamp.rules.rauscher import combat, economy, movement, siege, victory
from tuicamp.rules.rauscher.economy import cards as economy_cards
from tuicamp.rules.rauscher.economy import ransom as economy_ransom
from tuicamp.rules.rauscher.economy import supply
from tuicamp.rules.rauscher.economy.common import (
    available,
    econ,
    players,
    prisoners,
    rank_and_file_points,
)
from tuicamp.rules.rauscher.economy.fate import open_rerolls
from tuicamp.rules.rauscher.movement.ambush import territories_next_to
from tuicamp.rules.rauscher.movement.common import current_mover
from tuicamp.rules.rauscher.movement.costs import fights, role_spec
from tuicamp.rules.rauscher.movement.scouting import can_scout, known_level, rank, sharing
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.economy_state import ransom_id
from tuicamp.rules.rauscher.shared.siege_state import SiegeOrder, orders_id
from tuicamp.rules.rauscher.shared.state import ArmyState, PlayerState
from tuicamp.rules.rauscher.view.records import (
    AllocationNote,
    AmbushNote,
    ArmyLedger,
    BattleNote,
    CardNote,
    Cargo,
    ChartPoint,
    ChartSeries,
    DeckNote,
    HomecomingNote,
    IntelNote,
    MercenaryNote,
    PlayerLedger,
    PrisonerNote,
    RauscherView,
    RerollNote,
    ResolutionSummary,
    SealedOrder,
    SiegeNote,
    Standing,
    SupplyRow,
    VictoryNote,
)

# The phase packages in the frame's order: what each says must happen before a player may
# end the phase is what the frame's end_phase checks (a test holds this to the frame's).
PHASE_PACKAGES = (economy, movement, combat, siege, victory)


def reading_context(rules: Rules) -> Context:
    """A Context that only reads: the economy's food functions take one, and the view
    prices the same food the Resolution phase will share out. Its dice are a copy and its
    events go nowhere, so nothing of the campaign can change through it."""
    campaign = rules.campaign
    return Context(
        campaign=campaign,
        seat=Seat("view", "view", gm=True),
        dice=Dice(copy.deepcopy(campaign.dice)),
        ruleset=rules.ruleset,
        next_seq=0,
        action_no=0,
    )


def _name(campaign: Campaign, pid: str | None) -> str:
    player = campaign.player(pid) if pid else None
    return player.name if player is not None else (pid or "nobody")


def _unit_copy(unit: Unit) -> Unit:
    return evolve(unit, flags=set(unit.flags))


# --- who the seat plays, and for whom it acts -----------------------------------------------
def acting_for(campaign: Campaign, mine: Sequence[str]) -> str | None:
    """The player the seat's commands act for now: in Movement the one moving (when the
    seat plays them), otherwise the first of the seat's players still in the phase."""
    if not mine:
        return None
    if campaign.phase == "movement":
        mover = current_mover(campaign)
        return mover if mover in mine else mine[0]
    return next((p for p in mine if p not in campaign.flow.ended), mine[0])


# --- the seat's players ---------------------------------------------------------------------
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


def blocking(rules: Rules, player: str) -> list[str]:
    """What the rules want done before ``player`` may end the phase (the frame's check)."""
    return [line for package in PHASE_PACKAGES for line in package.pending(rules, player)]


def fate_rolls(rules: Rules, seat: Seat, player: str) -> list[RerollNote]:
    """Every roll a fate point of ``player`` may re-roll now, for ``seat`` (R-RA-12: "to
    re-roll any one roll"): the open offers of this phase, oldest first, then the rolls
    of the last action that rolled dice which the rules let the seat re-roll for the
    player (the kit asks the ruleset), but those an offer already names."""
    offers = [
        RerollNote(r.id, r.reason, r.expr, r.total, r.roll_id)
        for r in open_rerolls(rules.campaign, player)
    ]
    offered = {note.roll for note in offers}
    last = [
        RerollNote(f"#{r.id}", r.reason, r.expr, r.total, r.id)
        for r in kit_rerolls.allowed(rules, seat, player)
        if r.id not in offered
    ]
    return offers + last


def player_ledger(rules: Rules, seat: Seat, player: str, acting: Sequence[str]) -> PlayerLedger:
    campaign = rules.campaign
    state = rstate(campaign)
    record = state.players.get(player) or PlayerState()
    money = econ(campaign)
    earned = [e for e in record.ledger if e.income]
    offer = next(
        (o for o in money.mercenaries if o.player == player and o.turn == campaign.turn), None
    )
    moves = state.movement
    ambushes = [a for a in moves.ambushes if a.owner == player]
    p = campaign.player(player)
    return PlayerLedger(
        player=player,
        name=_name(campaign, player),
        treasury=p.treasury if p else 0,
        available=available(campaign, player),
        income=money.income.get(player, 0),
        food=stored_food(campaign, player),
        territories=victory.territories_held(campaign, player),
        fate=record.fate_points,
        last_income=earned[-1].income if earned else 0,
        last_income_turn=earned[-1].turn if earned else 0,
        done=player in campaign.flow.ended,
        original_settlements=tuple(record.original_settlements),
        purchases=tuple(
            evolve(purchase, flags=list(purchase.flags))
            for purchase in money.purchases
            if purchase.player == player and (purchase.turn == campaign.turn or not purchase.done)
        ),
        rerolls=tuple(fate_rolls(rules, seat, player)),
        mercenaries=(
            MercenaryNote(offer.settlement, offer.status, offer.points, offer.cost)
            if offer is not None
            else None
        ),
        hand=tuple(
            CardNote(key, money.cards[key].title, money.cards[key].text)
            for key in money.hands.get(player, [])
            if key in money.cards
        ),
        to_draw=tuple(economy_cards.pending(rules, player)),
        ransom_to_do=tuple(economy_ransom.pending(campaign, player)),
        ambushes=tuple(
            AmbushNote(a.army, party.name, a.territory, a.source)
            for a in ambushes
            if (party := campaign.army(a.army)) is not None
        ),
        blocking=tuple(blocking(rules, player)) if player in acting else (),
    )


# --- the seat's armies ----------------------------------------------------------------------
def supply_rows(reader: Context, owners: Sequence[str]) -> dict[str, SupplyRow]:
    """Every eating army of ``owners`` with its need ("1 point of supplies is needed to
    feed every 1,000 points worth of rank & file", R-RA-8) and the food it may draw on,
    by army id: the Resolution phase's own pools and sources, on the campaign as it
    stands."""
    campaign = reader.campaign
    by_settlement, trains = supply._pools(reader)
    rows = {}
    for army in supply.eaters(reader):
        if army.owner not in owners:
            continue
        sources = supply._sources(reader, army, by_settlement, trains)
        rows[army.id] = SupplyRow(
            army=army.id,
            name=army.name,
            hex=campaign.map.label(army.hex) if army.hex else "-",
            need=supply.supply_need(rank_and_file_points(campaign, army), reader.tables),
            scavenge=supply.scavenging(reader, army),
            local=sum(p.amount for p in sources if not p.train),
            baggage=sum(p.amount for p in sources if p.train),
            starving_turns=(rstate(campaign).armies.get(army.id) or ArmyState()).starving_turns,
        )
    return rows


def _scouting(rules: Rules, army: Army, seen: Sequence[Army]) -> tuple[tuple[str, ...], str]:
    """The armies of other players ``army`` may scout now, and why none when it may scout
    none of those the seat sees."""
    if army.hex is None:
        return (), ""
    others = [t for t in seen if t.owner != army.owner]
    reasons = [(target.id, can_scout(rules, army, target)) for target in others]
    targets = tuple(tid for tid, reason in reasons if reason is None)
    problem = "" if targets else next((r for _, r in reasons if r), "")
    return targets, problem


def _ambush_places(campaign: Campaign, army: Army) -> tuple[str, ...]:
    here = campaign.map.territory_of(army.hex) if army.hex is not None else None
    if here is None:
        return ()
    near = territories_next_to(campaign, here.id)
    return tuple(t.id for t in campaign.map.territories if t.id in near)


def army_ledger(
    rules: Rules,
    army: Army,
    rows: dict[str, SupplyRow],
    seen: Sequence[Army],
) -> ArmyLedger:
    campaign = rules.campaign
    record = rstate(campaign).armies.get(army.id) or ArmyState()
    targets, problem = _scouting(rules, army, seen)
    return ArmyLedger(
        army=army.id,
        name=army.name,
        owner=army.owner,
        hex=army.hex,
        role=record.role,
        fights=fights(rules, army.id),
        ignores_zones=bool(role_spec(rules, army.id)["ignores_zones"]),
        fatigue=record.fatigue,
        march=movement.march_of(rules, army.id),
        stance=record.stance,
        mp_spent=record.mp_spent,
        mp_total=movement.mp_total(rules, army.id),
        mp_left=movement.mp_left(rules, army.id),
        moved=record.moved,
        fought=record.fought,
        halted=record.finished,
        patrols=tuple(record.patrols),
        scouts=tuple(record.scouts),
        patrols_active=movement.patrols_active(rules, army.id),
        allocations=tuple(
            AllocationNote(a.category, a.points, a.label) for a in record.allocations
        ),
        cargo=Cargo(record.cargo.get("food", 0), record.cargo.get("gold", 0)),
        carried=tuple(record.carried),
        siege_equipment=economy.siege_equipment(campaign, army.id),
        supply=rows.get(army.id),
        captives=tuple(p.id for p in prisoners(campaign) if p.army == army.id),
        ambush_territories=_ambush_places(campaign, army),
        scout_targets=targets,
        scout_problem=problem,
    )


# --- what the seat knows of the others ------------------------------------------------------
def intel_notes(campaign: Campaign, mine: Sequence[str], others: Sequence[Army]) -> list[IntelNote]:
    """What the seat's side (its players and their allies) still knows of each other army
    it sees, at the level the scouts reported, while the army is unchanged."""
    side = sharing(campaign, list(mine))
    records = rstate(campaign).movement.intel
    out = []
    for army in others:
        level = known_level(campaign, side, army)
        if rank(level) == 0:
            continue
        turns = [i.turn for i in records if i.army == army.id and i.player in side]
        out.append(IntelNote(army.id, level, max(turns, default=campaign.turn)))
    return out


def zones(rules: Rules, seen: Sequence[Army]) -> dict[str, tuple[Hex, ...]]:
    """The zone of influence of every counter on the map the seat sees."""
    m = rules.campaign.map
    return {a.id: tuple(h for h in movement.zone_of(rules, a) if m.contains(h)) for a in seen}


# --- sieges: the one place sealed orders are read -------------------------------------------
def _order_copy(order: SiegeOrder) -> SiegeOrder:
    return evolve(order, targets=dict(order.targets), units=list(order.units))


def siege_notes(rules: Rules, seat: Seat) -> list[SiegeNote]:
    """Every siege going on (a siege is declared in the open). Each side's order of this
    turn: whether it is written, for all to know; what it says, for its writer until
    both are revealed. The units a side may name in its order, for that side only."""
    campaign = rules.campaign
    out = []
    for s in siege.sstate(campaign).active():
        place = campaign.map.settlement(s.settlement)
        orders = []
        units: dict[str, tuple[Unit, ...]] = {}
        this_round = s.orders is not None and s.orders.id == orders_id(s.id, campaign.turn)
        revealed = this_round and s.orders is not None and s.orders.revealed
        for role, who in (("besieger", s.besieger), ("defender", s.defender)):
            order = s.order(role, campaign.turn)
            written = order is not None
            readable = written and (seat.controls(who) or revealed)
            shown = _order_copy(order) if readable and order is not None else None
            orders.append(SealedOrder(role, who, written, shown))
            if seat.controls(who):
                units[role] = tuple(
                    _unit_copy(u)
                    for a in campaign.armies_at(s.hex)
                    if a.owner == who and fights(rules, a.id)
                    for u in a.units
                )
        out.append(
            SiegeNote(
                id=s.id,
                settlement=s.settlement,
                name=place.name if place else s.settlement,
                hex=s.hex,
                besieger=s.besieger,
                defender=s.defender,
                started=s.started,
                exhausted=s.exhausted,
                revealed=revealed,
                orders=tuple(orders),
                units=units,
            )
        )
    return out


# --- ransom: the one place ransom notes are read --------------------------------------------
def ransom_notes(rules: Rules, seat: Seat) -> tuple[list[PrisonerNote], list[HomecomingNote]]:
    """The captives the seat has a say in (its own characters held, and those it holds),
    with this Upkeep's sealed notes as far as the seat wrote them (both, once revealed);
    and its characters ransomed and on the way home."""
    campaign = rules.campaign
    notes = econ(campaign).ransom
    held = []
    for p in prisoners(campaign):
        if not (seat.controls(p.owner) or seat.controls(p.captor)):
            continue
        offer = demand = None
        round_ = notes.get(p.id)  # the prisoner's round, if it is this Upkeep's
        if round_ is not None and round_.id == ransom_id(p.id, campaign.turn):
            written_offer = round_.choices.get(p.owner)
            written_demand = round_.choices.get(p.captor)
            if written_offer is not None and (round_.revealed or seat.controls(p.owner)):
                offer = written_offer.amount
            if written_demand is not None and (round_.revealed or seat.controls(p.captor)):
                demand = written_demand.amount
        held.append(
            PrisonerNote(
                id=p.id,
                name=p.unit.name,
                owner=p.owner,
                owner_name=_name(campaign, p.owner),
                captor=p.captor,
                captor_name=_name(campaign, p.captor),
                taken_turn=p.turn,
                army=p.army,
                offer=offer,
                demand=demand,
            )
        )
    home = [
        HomecomingNote(b.prisoner, b.unit.name, b.owner, b.alive, b.placed)
        for b in econ(campaign).ransomed
        if seat.controls(b.owner)
    ]
    return held, home


# --- public facts ---------------------------------------------------------------------------
def battle_notes(campaign: Campaign, seat: Seat) -> list[BattleNote]:
    return [
        BattleNote(b.id, b.hex, any(seat.controls(p) for side in b.sides for p in side.players))
        for b in campaign.pending_battles()
    ]


def deck_notes(rules: Rules) -> list[DeckNote]:
    """The scenario's decks: how many cards each still holds is on the table for all."""
    decks = econ(rules.campaign).decks
    return [DeckNote(d, economy_cards.deck_phase(rules, d), len(keys)) for d, keys in decks.items()]


def chart(campaign: Campaign, seat: Seat) -> list[ChartSeries]:
    """Territories (public) and treasury (the seat's own players only) per turn: the turns
    the Resolution phase has written into the ledger, then the turn in progress."""
    out = []
    for pid in players(campaign):
        p = campaign.player(pid)
        if p is None:
            continue
        secret = not seat.controls(pid)
        points = [
            ChartPoint(e.turn, e.territories, None if secret else e.treasury)
            for e in (rstate(campaign).players.get(pid) or PlayerState()).ledger
        ]
        if not points or points[-1].turn < campaign.turn:
            held = victory.territories_held(campaign, pid)
            points.append(ChartPoint(campaign.turn, held, None if secret else p.treasury))
        out.append(ChartSeries(pid, p.name, p.colour, p.letter, tuple(points)))
    return out


def resolution_summary(reader: Context, mine: Sequence[str]) -> ResolutionSummary:
    """Counts from the rules' own records (the Resolution phase's tests, the armies' hunger,
    this turn's income), for the seat's players only."""
    campaign = reader.campaign
    money = econ(campaign)
    state = rstate(campaign)
    fed = short = grumbled = deserted = starved = placed = waiting = 0
    # the deserters' columns the tests formed were not fed (or not) on their own
    formed = {t.deserters for t in money.tests if t.deserters}
    for army in supply.eaters(reader):
        if army.owner not in mine or army.id in formed:
            continue
        if not supply.supply_need(rank_and_file_points(campaign, army), reader.tables):
            continue
        if (state.armies.get(army.id) or ArmyState()).starving_turns:
            short += 1
        else:
            fed += 1
    # a test's owner: the player its fate-point offer went to, else its army's owner
    offered = {r.id: r.player for r in money.rerollable if r.kind == "starvation"}
    owners = {a.id: a.owner for a in campaign.armies}
    for test in money.tests:
        owner = offered.get(test.id) or owners.get(test.army) or owners.get(test.deserters)
        if owner not in mine:
            continue
        if test.result == "desert":
            deserted += 1
        elif test.result == "starve":
            starved += 1
        else:
            grumbled += 1
    for purchase in money.purchases:
        if purchase.player in mine and purchase.turn == campaign.turn:
            if purchase.done:
                placed += 1
            else:
                waiting += 1
    taxes = sum(money.income.get(p, 0) for p in mine)
    return ResolutionSummary(fed, short, grumbled, deserted, starved, taxes, placed, waiting)


def victory_note(campaign: Campaign, seat: Seat) -> VictoryNote:
    """The condition in force; standings for the seat's own players while the war lasts
    (another's standing may rest on what only they know, a ruler's whereabouts say), and
    for everyone once it is over."""
    kind = victory.current_type(campaign)
    final = campaign.finished
    standings = tuple(
        Standing(pid, text)
        for pid, text in victory.standings(campaign)
        if final or seat.controls(pid)
    )
    return VictoryNote(kind.title, kind.text, final, standings)


# --- the whole ------------------------------------------------------------------------------
def rauscher_view(rules: Rules, seat: Seat, acting: Sequence[str]) -> RauscherView:
    """The Rauscher state as ``seat`` may know it; ``acting`` are the players who may act
    now (the frame's answer)."""
    campaign = rules.campaign
    state = rstate(campaign)
    mine = [p for p in players(campaign) if seat.controls(p)]
    reader = reading_context(rules)
    own = [a for a in campaign.armies if seat.controls(a.owner)]
    seen = [a for a in campaign.armies if a.hex is not None]  # every counter on the map
    others = [a for a in seen if not seat.controls(a.owner)]
    rows = supply_rows(reader, [a.owner for a in own])
    captives, homecomings = ransom_notes(rules, seat)
    return RauscherView(
        turn=campaign.turn,
        phase=campaign.phase,
        move_order=tuple(state.move_order),
        mover=current_mover(campaign),
        done=tuple(campaign.flow.ended),
        acting=tuple(acting),
        seat_players=tuple(mine),
        acting_for=acting_for(campaign, mine),
        players=tuple(player_ledger(rules, seat, p, acting) for p in mine),
        armies=tuple(army_ledger(rules, a, rows, seen) for a in own),
        intel=tuple(intel_notes(campaign, mine, others)),
        zones=zones(rules, seen),
        sieges=tuple(siege_notes(rules, seat)),
        battles=tuple(battle_notes(campaign, seat)),
        prisoners=tuple(captives),
        homecomings=tuple(homecomings),
        decks=tuple(deck_notes(rules)),
        chart=tuple(chart(campaign, seat)),
        resolution=resolution_summary(reader, mine),
        victory=victory_note(campaign, seat),
    )
