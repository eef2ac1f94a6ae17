"""The Rauscher commands: one key each, bound on the campaign screen in every phase.

A command gathers what its action needs (the army under the cursor, a pick from a list, a
line of text, or one of the forms in :mod:`screens.forms`) and sends one action through
``controls.perform``; the engine referees and a refusal comes back as a notification. A
few keys mean the phase's own thing ("p" buys in Upkeep and places in Resolution), so the
footer stays short and every phase's keys fit the side panel's list (screens.panels).

Choices offered come from the seat's view (its own armies, the armies it can see) and from
the ruleset's ledgers for the seat's own players only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tuicamp.engine.views import ArmyView
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army
from tuicamp.rules.rauscher import combat as C
from tuicamp.rules.rauscher import siege as S
from tuicamp.rules.rauscher.combat.common import fights
from tuicamp.rules.rauscher.economy import actions as E
from tuicamp.rules.rauscher.economy.cards import deck_phase
from tuicamp.rules.rauscher.economy.common import econ, kind_of, prisoners
from tuicamp.rules.rauscher.economy.fate import open_rerolls
from tuicamp.rules.rauscher.economy.purchases import describe
from tuicamp.rules.rauscher.movement import actions as M
from tuicamp.rules.rauscher.movement import ambushes_of
from tuicamp.rules.rauscher.movement.ambush import territories_next_to
from tuicamp.rules.rauscher.movement.scouting import can_scout
from tuicamp.rules.rauscher.screens.data import acting_for, bought_this_turn, to_place
from tuicamp.rules.rauscher.screens.forms import (
    PurchaseScreen,
    SiegeOrdersScreen,
    parse_units,
    problem_of,
)
from tuicamp.rules.rauscher.screens.ledger import LedgerScreen
from tuicamp.rules.rauscher.screens.panels import campaign_of, rules_for
from tuicamp.rules.rauscher.shared.money import format_money, parse_money
from tuicamp.rules.rauscher.shared.state import Role
from tuicamp.rules.rauscher.siege import sstate
from tuicamp.ui.panels import CampaignControls, UiCommand
from tuicamp.ui.screens.confirm import ConfirmScreen
from tuicamp.ui.screens.forms import PickScreen, TextPromptScreen

Controls = CampaignControls


# --- helpers ------------------------------------------------------------------------------
def _phase(c: Controls, *phases: str) -> bool:
    """Say so (in the engine's words) when this is not the phase for the command."""
    if c.view.phase in phases:
        return True
    names = " or ".join(p.capitalize() for p in phases)
    c.say(
        f"That is done in the {names} phase; this is the {c.view.phase.capitalize()} phase",
        "warning",
    )
    return False


def _me(c: Controls) -> str | None:
    player = acting_for(campaign_of(c), c.view)
    if player is None:
        c.say("This seat plays no Warmaster", "warning")
    return player


def _army(c: Controls) -> tuple[ArmyView, Army] | None:
    """The seat's army under the cursor (or being moved), with its campaign record."""
    seen = c.selected_army
    army = campaign_of(c).army(seen.id) if seen is not None else None
    if seen is None or army is None:
        c.say("Put the cursor on one of your armies first", "warning")
        return None
    return seen, army


def _role(c: Controls, army_id: str) -> Role:
    return campaign_of(c).state.army(army_id).role


def _units(army: Army) -> list[tuple[str, str]]:
    return [(u.id, f"{u.name} ({u.points} pts)") for u in army.units]


def _pick(
    c: Controls, title: str, choices: list[tuple[str, str]], then: Callable[[str], Any], empty: str
) -> None:
    """One choice from a list (the only one at once), or say why there is none."""
    if not choices:
        c.say(empty, "warning")
        return
    if len(choices) == 1:
        then(choices[0][0])
        return
    c.open(PickScreen(title, choices), lambda ids: ids and then(ids[0]))


def _own_settlements(camp: Campaign, player: str) -> list[tuple[str, str]]:
    return [(s.id, s.name) for s in camp.map.settlements if s.owner == player]


def _cursor_settlement(c: Controls) -> str:
    here = c.view.map.settlements_at(c.cursor)
    return here[0].id if here else ""


# --- any phase ------------------------------------------------------------------------------
def use_fate(c: Controls) -> None:
    """ "A fate point may be used at any time during the course of play to re-roll any one
    roll" (the rolls tuicamp can take back: economy.fate)."""
    player = _me(c)
    if player is None:
        return
    camp = campaign_of(c)
    points = camp.state.player(player).fate_points
    if points <= 0:
        c.say(f"{camp.player(player).name} has no fate point", "warning")
        return
    rolls = [(r.id, f"{r.reason} ({r.expr} = {r.total})") for r in open_rerolls(camp, player)]
    _pick(
        c,
        f"Re-roll which roll? ({points} fate points)",
        rolls,
        lambda rid: c.perform(E.UseFate(roll=rid, player=player)),
        "No roll of this phase can be re-rolled with a fate point",
    )


def open_ledger(c: Controls) -> None:
    c.open(LedgerScreen(campaign_of(c), c.view, c.ruleset))


# --- Upkeep ---------------------------------------------------------------------------------
def buy_or_place(c: Controls) -> None:
    if c.view.phase == "resolution":
        place(c)
        return
    if not _phase(c, "upkeep"):
        return
    player = _me(c)
    if player is not None:
        c.open(
            PurchaseScreen(c, player, _cursor_settlement(c)),
            lambda action: action is not None and c.perform(action),
        )


def cancel_or_dismiss(c: Controls) -> None:
    if not _phase(c, "upkeep", "resolution"):
        return
    player = _me(c)
    if player is None:
        return
    camp = campaign_of(c)
    if c.view.phase == "upkeep":
        bought = [
            (p.id, f"{describe(p)} ({format_money(p.cost)})")
            for p in bought_this_turn(camp, player)
        ]
        _pick(
            c,
            "Cancel which purchase (refunded)?",
            bought,
            lambda pid: c.perform(E.CancelPurchase(purchase=pid)),
            "Nothing was bought this turn",
        )
        return

    def dismiss(pid: str) -> None:
        c.open(
            ConfirmScreen(f"Give up purchase {pid}? Its money is lost.", "Give up", "Keep"),
            lambda yes: yes and c.perform(E.DismissPurchase(purchase=pid)),
        )

    _pick(
        c,
        "Give up which purchase?",
        [(p.id, describe(p)) for p in to_place(camp, player)],
        dismiss,
        "Nothing waits to be placed",
    )


def split(c: Controls) -> None:
    found = _army(c)
    if found is None or not _phase(c, "upkeep"):
        return
    _, army = found
    if len(army.units) < 2:
        c.say(f"{army.name} needs two units or more to split", "warning")
        return

    def picked(ids: list[str] | None) -> None:
        if not ids:
            return
        c.open(
            TextPromptScreen("Name of the new army", value=f"{army.name} (detachment)"),
            lambda name: name and c.perform(E.SplitArmy(army=army.id, units=ids, name=name)),
        )

    c.open(PickScreen(f"Units that leave {army.name}", _units(army), multiple=True), picked)


def merge(c: Controls) -> None:
    found = _army(c)
    if found is None or not _phase(c, "upkeep"):
        return
    _, army = found
    others = [(a.id, a.name) for a in c.view.own_armies() if a.hex == army.hex and a.id != army.id]
    _pick(
        c,
        f"Merge {army.name} into",
        others,
        lambda into: c.perform(E.MergeArmies(army=army.id, into=into)),
        f"No other army of yours is on {army.name}'s hex",
    )


def designate(c: Controls) -> None:
    """Patrols, then scouts (Space marks; Enter with none marked clears the duty)."""
    found = _army(c)
    if found is None or not _phase(c, "upkeep"):
        return
    _, army = found

    def patrols(ids: list[str] | None) -> None:
        if ids is None:
            return
        free = [u for u in _units(army) if u[0] not in ids]
        c.open(
            PickScreen(
                f"Scouts of {army.name}",
                free,
                multiple=True,
                at_least=0,
                help="Space marks the scouts, Enter when done (none: no scouts)",
            ),
            lambda scouts: (
                scouts is not None
                and c.perform(E.Designate(army=army.id, patrols=ids, scouts=scouts))
            ),
        )

    c.open(
        PickScreen(
            f"Patrols of {army.name}",
            _units(army),
            multiple=True,
            at_least=0,
            help="Space marks the patrols, Enter when done (none: no patrols)",
        ),
        patrols,
    )


def scouting_party(c: Controls) -> None:
    found = _army(c)
    if found is None or not _phase(c, "upkeep"):
        return
    _, army = found
    flags = set(rules_for(c).table("scouting_party")["scout_flags"])
    # units that may skirmish first: "Scouts can be drawn from any unit which may fight as
    # skirmishers" (the army lists say which; R-ALL-3)
    ranked = sorted(
        (u for u in army.units if u.category.is_rank_and_file), key=lambda u: not (flags & u.flags)
    )
    troops = [
        (u.id, f"{u.name} ({u.points} pts){', scouts' if flags & u.flags else ''}") for u in ranked
    ]
    characters = [
        (u.id, u.name)
        for u in army.units
        if not u.category.is_rank_and_file and u.category.value == "character"
    ]

    def scouts(uid: str) -> None:
        def send(chars: list[str] | None) -> None:
            if chars is not None:
                c.perform(E.CreateScoutingParty(army=army.id, scouts=uid, characters=chars))

        if not characters:
            send([])
            return
        c.open(
            PickScreen(
                "Characters who go with them",
                characters,
                multiple=True,
                at_least=0,
                help="a champion, a lord, a spell-caster; Enter",
            ),
            send,
        )

    _pick(
        c,
        f"The unit of scouts from {army.name}",
        troops,
        scouts,
        f"{army.name} has no troops to scout",
    )


def ransom(c: Controls) -> None:
    """A sealed offer (for your own captured character) or demand (for your prisoner), or
    the placing of a character whose ransom was paid."""
    if not _phase(c, "upkeep"):
        return
    player = _me(c)
    if player is None:
        return
    camp = campaign_of(c)
    back = [b for b in econ(camp).ransomed if b.owner == player and b.alive and not b.placed]
    if back:
        person = back[0]

        def placed(sid: str) -> None:
            c.perform(E.PlaceRansomed(prisoner=person.prisoner, settlement=sid))

        _pick(
            c,
            f"Where does {person.unit.name} return to?",
            _own_settlements(camp, player),
            placed,
            "You hold no settlement to return to",
        )
        return
    held = [p for p in prisoners(camp) if player in (p.owner, p.captor)]
    choices = [
        (p.id, f"{p.unit.name} ({'yours, held' if p.owner == player else 'your prisoner'})")
        for p in held
    ]

    def write(pid: str) -> None:
        prisoner = next(p for p in held if p.id == pid)
        what = "offer" if prisoner.owner == player else "demand"
        c.open(
            TextPromptScreen(
                f"Sealed ransom {what} for {prisoner.unit.name}",
                placeholder="1g 1s 3c",
                help="Only you read it until both notes are written",
                validate=problem_of(parse_money),
            ),
            lambda text: (
                text and c.perform(E.WriteRansom(prisoner=pid, amount=text, player=player))
            ),
        )

    _pick(c, "Ransom note for", choices, write, "No prisoner is held by you or from you")


def mercenaries(c: Controls) -> None:
    if not _phase(c, "upkeep"):
        return
    player = _me(c)
    if player is None:
        return
    camp = campaign_of(c)
    rules = rules_for(c)
    offer = next(
        (o for o in econ(camp).mercenaries if o.player == player and o.turn == camp.turn), None
    )
    if offer is not None and offer.status == "offered":
        place = camp.map.settlement(offer.settlement)
        joinable = [
            (f"join:{a.id}", f"Hire, into {a.name}")
            for a in camp.armies_of(player)
            if place is not None
            and a.hex == place.hex
            and camp.state.army(a.id).role in (Role.ARMY, Role.MERCENARIES)
        ]
        choices = [
            ("own", "Hire them as an army of their own"),
            *joinable,
            ("refuse", "Refuse them (they rampage: lose d3 coppers)"),
        ]

        def answer(choice: str) -> None:
            if choice == "refuse":
                c.perform(E.AnswerMercenaries(accept=False, player=player))
            else:
                c.perform(
                    E.AnswerMercenaries(accept=True, army=choice.partition(":")[2], player=player)
                )

        title = f"{offer.points:,} pts of mercenaries for {format_money(offer.cost)}"
        c.open(PickScreen(title, choices), lambda ids: ids and answer(ids[0]))
        return
    if offer is not None:
        c.say("Mercenaries were sought this turn already (once a turn)", "warning")
        return
    where = rules.table("hire_mercenaries")["where"]
    cities = [
        (s.id, s.name)
        for s in camp.map.settlements
        if s.owner == player and kind_of(rules.tables, s) in where
    ]
    _pick(
        c,
        "Seek mercenaries in (1c)",
        cities,
        lambda sid: c.perform(E.SeekMercenaries(settlement=sid, player=player)),
        f"Mercenaries are found in a {' or '.join(where)} of yours; you hold none",
    )


def load(c: Controls) -> None:
    """Food onto or off a baggage train or ship: from the settlement it stands in (Upkeep,
    Resolution), or in the Movement phase food and gold at a port or settlement."""
    found = _army(c)
    if found is None:
        return
    _, carrier = found
    if _role(c, carrier.id) not in (Role.BAGGAGE, Role.SHIP):
        c.say(f"{carrier.name} is not a baggage train or a ship", "warning")
        return
    if c.view.phase == "movement":
        c.open(
            TextPromptScreen(
                f"Load (+) or unload (-) aboard {carrier.name}",
                placeholder="food 2, gold 5c",
                help="food in supplies, gold as money; negative unloads",
                validate=problem_of(_cargo),
            ),
            lambda text: text and _send_cargo(c, carrier.id, _cargo(text)),
        )
        return
    c.open(
        TextPromptScreen(
            f"Food to load onto {carrier.name} (negative unloads)", validate=problem_of(int)
        ),
        lambda text: text and c.perform(E.LoadFood(carrier=carrier.id, amount=int(text))),
    )


def _cargo(text: str) -> tuple[int, int]:
    """'food 2, gold 1s' into (food, coppers); a minus unloads."""
    food = gold = 0
    for part in filter(None, (p.strip() for p in text.split(","))):
        what, _, amount = part.partition(" ")
        sign = -1 if amount.strip().startswith("-") else 1
        amount = amount.strip().lstrip("-")
        if what == "food" and amount.isdigit():
            food = sign * int(amount)
        elif what == "gold":
            gold = sign * parse_money(amount)
        else:
            raise ValueError(f"{part!r}: write food N or gold 1s 2c")
    if (food > 0 or gold > 0) and (food < 0 or gold < 0):
        raise ValueError("Load or unload, not both at once")
    return food, gold


def _send_cargo(c: Controls, carrier: str, cargo: tuple[int, int]) -> None:
    food, gold = cargo
    if food < 0 or gold < 0:
        c.perform(M.Unload(carrier=carrier, food=-food, gold=-gold))
    else:
        c.perform(M.Load(carrier=carrier, food=food, gold=gold))


def ambush(c: Controls) -> None:
    """Draw up a secret ambush (at most 1,000 pts) into this or a neighbouring territory."""
    found = _army(c)
    if found is None or not _phase(c, "upkeep", "movement"):
        return
    _, army = found
    camp = campaign_of(c)
    here = camp.map.territory_of(army.hex) if army.hex else None
    if here is None:
        c.say(f"{army.name} is in no territory", "warning")
        return
    places = [
        (t.id, t.name) for t in camp.map.territories if t.id in territories_next_to(camp, here.id)
    ]

    def units(ids: list[str] | None) -> None:
        if ids:
            _pick(
                c,
                "Hide the ambush in",
                places,
                lambda tid: c.perform(M.SetAmbush(army=army.id, units=ids, territory=tid)),
                "No territory to hide it in",
            )

    c.open(
        PickScreen(
            f"Ambush party from {army.name} (1,000 pts at most)", _units(army), multiple=True
        ),
        units,
    )


def draw_card(c: Controls) -> None:
    player = _me(c)
    if player is None:
        return
    camp = campaign_of(c)
    rules = rules_for(c)
    decks = [(d, d) for d in econ(camp).decks if deck_phase(rules, d) == c.view.phase]
    _pick(
        c,
        "Draw from",
        decks,
        lambda deck: c.perform(E.DrawCard(deck=deck, player=player)),
        "No deck is drawn from in this phase (R-RA-10: the scenario brings its decks)",
    )


def play_card(c: Controls) -> None:
    player = _me(c)
    if player is None:
        return
    state = econ(campaign_of(c))
    hand = [(k, state.cards[k].title) for k in state.hands.get(player, [])]
    _pick(
        c,
        "Play which card?",
        hand,
        lambda key: c.perform(E.PlayCard(card=key, player=player)),
        "Your hand is empty",
    )


# --- Movement -------------------------------------------------------------------------------
def march(kind: str) -> Callable[[Controls], None]:
    def run(c: Controls) -> None:
        found = _army(c)
        if found is not None:
            c.perform(M.DeclareMarch(army=found[1].id, march=kind))

    return run


def _on_army(make: Callable[[str], Any]) -> Callable[[Controls], None]:
    def run(c: Controls) -> None:
        found = _army(c)
        if found is not None:
            c.perform(make(found[1].id))

    return run


def hasty(c: Controls) -> None:
    """Dig in where the army stands, or (moving it with the cursor elsewhere) march there
    first within half the allowance."""
    found = _army(c)
    if found is None:
        return
    _, army = found
    goal = c.cursor
    to = c.view.map.label(goal) if army.hex is not None and goal != army.hex else ""
    c.perform(M.HastyDefence(army=army.id, to=to))


def spring(c: Controls) -> None:
    """Reveal a hidden ambush on an enemy army in its territory."""
    player = _me(c)
    if player is None:
        return
    camp = campaign_of(c)
    hidden = ambushes_of(camp, player)
    records = {a.army: a for a in camp.state.movement.ambushes}

    def target(aid: str) -> None:
        territory = camp.map.territory(records[aid].territory)
        hexes = set(territory.hexes) if territory else set()
        enemies = [
            (a.id, f"{a.name} at {c.view.map.label(a.hex)}")
            for a in c.view.armies
            if a.owner != player and a.hex in hexes
        ]
        _pick(
            c,
            "Spring it on",
            enemies,
            lambda tid: c.perform(M.RevealAmbush(ambush=aid, target=tid)),
            "No enemy army is in the ambush's territory",
        )

    _pick(
        c,
        "Spring which ambush?",
        [(a.id, a.name) for a in hidden],
        target,
        "You have no hidden ambush",
    )


def withdraw(c: Controls) -> None:
    """Combat: the attacker of a draw steps to the hex under the cursor. Movement (and
    Upkeep): a hidden ambush comes back onto the map at the cursor."""
    if c.view.phase == "combat":
        found = _army(c)
        if found is None:
            return
        c.open(
            TextPromptScreen(f"Withdraw {found[1].name} to (an adjacent hex)", placeholder="0405"),
            lambda to: to and c.perform(C.Withdraw(army=found[1].id, to=to)),
        )
        return
    player = _me(c)
    if player is None:
        return
    where = c.view.map.label(c.cursor)
    hidden = [(a.id, a.name) for a in ambushes_of(campaign_of(c), player)]
    _pick(
        c,
        f"Call which ambush back to {where}?",
        hidden,
        lambda aid: c.perform(M.WithdrawAmbush(ambush=aid, hex=where)),
        "You have no hidden ambush",
    )


def scout(c: Controls) -> None:
    found = _army(c)
    if found is None:
        return
    _, army = found
    camp = campaign_of(c)
    rules = rules_for(c)
    seen = [camp.army(a.id) for a in c.view.armies if a.owner != army.owner and a.hex]
    targets = [(t.id, t.name) for t in seen if t is not None and can_scout(rules, army, t) is None]
    reasons = [can_scout(rules, army, t) for t in seen if t is not None]
    near = next((r for r in reasons if r), "No enemy army is near enough to scout")
    _pick(
        c,
        f"{army.name} scouts",
        targets,
        lambda tid: c.perform(M.Scout(scout=army.id, target=tid)),
        near,
    )


def messenger(c: Controls) -> None:
    """A messenger's destination (a friendly settlement), or its escort."""
    found = _army(c)
    if found is None:
        return
    _, rider = found
    if _role(c, rider.id) is not Role.MESSENGER:
        c.say(f"{rider.name} is not a messenger", "warning")
        return
    camp = campaign_of(c)
    rules = rules_for(c)
    escorts = [
        (f"escort:{a.id}", f"Escorted by {a.name}")
        for a in camp.armies_of(rider.owner)
        if a.hex == rider.hex and a.id != rider.id and fights(rules, a.id)
    ]
    places = [
        (f"to:{s.id}", f"Ride to {s.name}")
        for s in camp.map.settlements
        if s.owner is not None or s.original_owner is not None
    ]
    choices = [*places, *escorts, ("alone", "Ride on alone")]

    def chosen(choice: str) -> None:
        what, _, ident = choice.partition(":")
        if what == "to":
            c.perform(M.SendMessenger(messenger=rider.id, settlement=ident))
        else:
            c.perform(M.Escort(messenger=rider.id, army=ident))

    c.open(PickScreen(f"{rider.name}", choices), lambda ids: ids and chosen(ids[0]))


def ship(c: Controls) -> None:
    """Embark an army next to the ship under the cursor, or land one at the cursor."""
    found = _army(c)
    if found is None:
        return
    _, vessel = found
    if _role(c, vessel.id) is not Role.SHIP:
        c.say(f"{vessel.name} is not a ship", "warning")
        return
    camp = campaign_of(c)
    rules = rules_for(c)
    aboard = camp.state.army(vessel.id).carried
    near = [
        (f"on:{a.id}", f"Embark {a.name}")
        for a in camp.armies_of(vessel.owner)
        if a.hex is not None
        and vessel.hex is not None
        and a.hex.distance(vessel.hex) <= 1
        and fights(rules, a.id)
    ]
    off = [(f"off:{aid}", f"Land {camp.army(aid).name}") for aid in aboard if camp.army(aid)]

    def chosen(choice: str) -> None:
        what, _, aid = choice.partition(":")
        if what == "on":
            c.perform(M.Embark(ship=vessel.id, army=aid))
            return
        c.open(
            TextPromptScreen("Land them at (a hex next to the ship)", placeholder="0405"),
            lambda to: to and c.perform(M.Disembark(ship=vessel.id, army=aid, hex=to)),
        )

    _pick(c, vessel.name, [*near, *off], chosen, "No army to embark or land")


# --- Combat ---------------------------------------------------------------------------------
def besiege(c: Controls) -> None:
    found = _army(c)
    if found is None or not _phase(c, "combat"):
        return
    _, army = found
    camp = campaign_of(c)
    here = [
        (s.id, s.name)
        for s in camp.map.settlements
        if s.hex == army.hex and s.owner not in (None, army.owner)
    ]
    _pick(
        c,
        "Besiege",
        here,
        lambda sid: c.perform(S.DeclareSiege(army=army.id, settlement=sid)),
        f"{army.name} stands on no enemy settlement",
    )


def siege_orders(c: Controls) -> None:
    """Write the sealed orders of a siege the seat takes part in (or, for the besieged,
    exhaust the resources; for the besieger, lift the siege)."""
    if not _phase(c, "combat"):
        return
    camp = campaign_of(c)
    mine = set(c.view.players_controlled)
    sieges = [s for s in sstate(camp).active() if s.besieger in mine or s.defender in mine]
    choices = []
    for siege in sieges:
        place = camp.map.settlement(siege.settlement)
        name = place.name if place else siege.settlement
        choices.append((f"orders:{siege.id}", f"{name}: write this turn's sealed orders"))
        if siege.defender in mine and not siege.exhausted:
            choices.append((f"exhaust:{siege.id}", f"{name}: exhaust its resources (+d3)"))
        if siege.besieger in mine:
            choices.append((f"lift:{siege.id}", f"{name}: lift the siege"))

    def chosen(choice: str) -> None:
        what, _, sid = choice.partition(":")
        siege = sstate(camp).sieges[sid]
        if what == "exhaust":
            c.perform(S.ExhaustResources(siege=sid, player=siege.defender))
        elif what == "lift":
            c.open(
                ConfirmScreen(f"Lift {sid}?", "Lift it", "Keep it"),
                lambda yes: yes and c.perform(S.LiftSiege(siege=sid)),
            )
        else:
            player = siege.besieger if siege.besieger in mine else siege.defender
            c.open(
                SiegeOrdersScreen(rules_for(c), siege, player),
                lambda action: action is not None and c.perform(action),
            )

    unwritten = [
        s
        for s in sieges
        if any(
            who in mine and not _written(s, role, camp.turn)
            for role, who in (("besieger", s.besieger), ("defender", s.defender))
        )
    ]
    if len(unwritten) == 1:  # the usual case: straight to the orders still to write
        chosen(f"orders:{unwritten[0].id}")
        return
    _pick(c, "Siege", choices, chosen, "You take part in no siege")


def _written(siege: Any, role: str, turn: int) -> bool:
    return siege.order(role, turn) is not None


def fill_allocation(c: Controls) -> None:
    """Enter the units of an army's points allocation (R-RA-3) before its first battle."""
    found = _army(c)
    if found is None:
        return
    _, army = found
    camp = campaign_of(c)
    allocations = camp.state.army(army.id).allocations
    choices = [
        (str(i), f"{a.points:,} pts of {a.label or a.category.value}")
        for i, a in enumerate(allocations)
    ]

    def fill(index: str) -> None:
        c.open(
            TextPromptScreen(
                f"Units for {choices[int(index)][1]}",
                placeholder="Knights, 226, rank_and_file, 7, 8, 8; Spearmen, 125",
                help="name, points[, category, M, Ld, models]; a ; between units",
                validate=problem_of(parse_units),
            ),
            lambda text: (
                text
                and c.perform(
                    C.FillAllocation(army=army.id, allocation=int(index), units=parse_units(text))
                )
            ),
        )

    _pick(
        c,
        f"Fill which allocation of {army.name}?",
        choices,
        fill,
        f"{army.name} has no points allocation",
    )


def destroy(c: Controls) -> None:
    found = _army(c)
    if found is None:
        return
    _, army = found
    camp = campaign_of(c)
    here = [(s.id, s.name) for s in camp.map.settlements if s.hex == army.hex]

    def sure(sid: str) -> None:
        name = camp.map.settlement(sid).name
        c.open(
            ConfirmScreen(f"Destroy {name} for ever?", "Destroy", "Spare it"),
            lambda yes: yes and c.perform(C.DestroySettlement(army=army.id, settlement=sid)),
        )

    _pick(c, "Destroy", here, sure, f"{army.name} stands on no settlement")


# --- Resolution -----------------------------------------------------------------------------
def place(c: Controls) -> None:
    """Place New Units: in an original settlement with training grounds (recruits), a
    settlement (baggage trains; ships on the coast), or with an army (siege equipment)."""
    player = _me(c)
    if player is None:
        return
    camp = campaign_of(c)
    waiting = to_place(camp, player)

    def chosen(pid: str) -> None:
        purchase = next(p for p in waiting if p.id == pid)
        if purchase.kind == "siege_equipment":
            armies = [
                (a.id, a.name)
                for a in c.view.own_armies()
                if _role(c, a.id) in (Role.ARMY, Role.MERCENARIES) and a.hex
            ]
            _pick(
                c,
                "Build it with",
                armies,
                lambda aid: c.perform(E.PlacePurchase(purchase=pid, army=aid)),
                "You have no army to build it with",
            )
            return
        where = _own_settlements(camp, player)
        if purchase.kind == "recruits":
            originals = set(camp.state.player(player).original_settlements)
            where = [w for w in where if w[0] in originals] or where
        cursor = _cursor_settlement(c)
        where.sort(key=lambda w: w[0] != cursor)
        _pick(
            c,
            f"Place {describe(purchase)} at",
            where,
            lambda sid: c.perform(E.PlacePurchase(purchase=pid, settlement=sid)),
            "You hold no settlement to place it in",
        )

    _pick(
        c,
        "Place which purchase?",
        [(p.id, describe(p)) for p in waiting],
        chosen,
        "Nothing waits to be placed",
    )


# --- the command table ----------------------------------------------------------------------
def _cmd(
    key: str, name: str, what: str, run: Callable[[Controls], None], show: bool = False
) -> UiCommand:
    return UiCommand(f"rauscher.{name}", key, what, run, show=show)


COMMANDS: tuple[UiCommand, ...] = (
    _cmd("L", "ledger", "Ledger", open_ledger),  # listed by every panel: the footer is full
    _cmd("f", "fate", "Use a fate point", use_fate),
    _cmd("p", "buy", "Buy (Upkeep) / place (Resolution)", buy_or_place),
    _cmd("X", "cancel", "Cancel a purchase / give one up", cancel_or_dismiss),
    _cmd("s", "split", "Split an army", split),
    _cmd("m", "merge", "Merge armies", merge),
    _cmd("D", "designate", "Patrols and scouts", designate),
    _cmd("S", "scouting_party", "Send a scouting party", scouting_party),
    _cmd("r", "ransom", "Ransom notes", ransom),
    _cmd("M", "mercenaries", "Mercenaries", mercenaries),
    _cmd("b", "load", "Load or unload food", load),
    _cmd("k", "draw_card", "Draw a card", draw_card),
    _cmd("K", "play_card", "Play a card", play_card),
    _cmd("1", "march_normal", "Normal march", march("normal")),
    _cmd("2", "march_fast", "Fast march (x1.5, no patrols)", march("fast")),
    _cmd("3", "march_forced", "Forced march (x2, +1 fatigue)", march("forced")),
    _cmd("h", "halt", "Halt (movement completed)", _on_army(lambda a: M.Halt(army=a))),
    _cmd(
        "F",
        "fortify",
        "Prepare field fortifications",
        _on_army(lambda a: M.PrepareDefences(army=a)),
    ),
    _cmd("H", "hasty", "Hasty defence", hasty),
    _cmd("R", "rest", "Rest", _on_army(lambda a: M.Rest(army=a))),
    _cmd("A", "ambush", "Set an ambush", ambush),
    _cmd("Y", "spring", "Spring an ambush", spring),
    _cmd("W", "withdraw", "Withdraw (ambush / after a draw)", withdraw),
    _cmd("i", "scout", "Scout an enemy army", scout),
    _cmd("j", "messenger", "Messenger: destination or escort", messenger),
    _cmd("E", "ship", "Embark or land an army", ship),
    _cmd("G", "besiege", "Declare a siege", besiege),
    _cmd("O", "siege_orders", "Siege orders", siege_orders),
    _cmd("U", "fill_allocation", "Fill an allocation", fill_allocation),
    _cmd("T", "destroy", "Destroy a settlement", destroy),
)
