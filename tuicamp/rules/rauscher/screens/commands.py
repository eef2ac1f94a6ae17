"""The Rauscher commands: one key each, bound on the campaign screen in every phase.

A command gathers what its action needs (the army under the cursor, a pick from a list, a
line of text, or one of the forms in :mod:`screens.forms`) and sends one action through
``controls.perform``; the engine referees and a refusal comes back as a notification. A
few keys mean the phase's own thing ("p" buys in Upkeep and places in Resolution), so the
footer stays short and every phase's keys fit the side panel's list (screens.panels).

Choices offered come from the seat's view only: its own armies and the armies it can see,
and the ruleset's ledgers as the view carries them for the seat's own players
(``view.ruleset_state``); tables and options from the rules in force.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tuicamp.engine.actions import Action
from tuicamp.engine.errors import DiceNeeded, InputError, RuleError
from tuicamp.rules.rauscher import combat as C
from tuicamp.rules.rauscher import siege as S
from tuicamp.rules.rauscher.economy import actions as E
from tuicamp.rules.rauscher.economy.common import kind_of
from tuicamp.rules.rauscher.economy.purchases import describe
from tuicamp.rules.rauscher.movement import actions as M
from tuicamp.rules.rauscher.screens.data import rauscher_state
from tuicamp.rules.rauscher.screens.forms import (
    PurchaseScreen,
    SiegeOrdersScreen,
    parse_units,
    problem_of,
)
from tuicamp.rules.rauscher.screens.ledger import LedgerScreen
from tuicamp.rules.rauscher.shared.money import format_money, parse_money
from tuicamp.rules.rauscher.shared.state import Role
from tuicamp.rules.rauscher.view import RauscherView
from tuicamp.rules.rauscher.view.records import ArmyLedger, PlayerLedger, RerollNote, SiegeNote
from tuicamp.ui.kit import (
    ArmyView,
    CampaignControls,
    CampaignView,
    ConfirmScreen,
    PickScreen,
    TextPromptScreen,
    UiCommand,
    what_if,
)

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


def _state(c: Controls) -> RauscherView:
    """The ruleset's state in the seat's view (a Rauscher campaign's screen has one)."""
    state = rauscher_state(c.view)
    if state is None:
        raise RuntimeError("the seat's view holds no Rauscher state")
    return state


def _me(c: Controls) -> PlayerLedger | None:
    """The ledger of the Warmaster the seat's commands act for now."""
    ledger = _state(c).ledger(_state(c).acting_for)
    if ledger is None:
        c.say("This seat plays no Warmaster", "warning")
    return ledger


def _army(c: Controls) -> tuple[ArmyView, ArmyLedger] | None:
    """The seat's army under the cursor (or being moved), with the rules' ledger of it."""
    seen = c.selected_army
    ledger = _state(c).army(seen.id) if seen is not None else None
    if seen is None or ledger is None:
        c.say("Put the cursor on one of your armies first", "warning")
        return None
    return seen, ledger


def _units(army: ArmyView) -> list[tuple[str, str]]:
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


def _own_settlements(view: CampaignView, player: str) -> list[tuple[str, str]]:
    return [(s.id, s.name) for s in view.map.settlements if s.owner == player]


def _would_take(c: Controls, action: Action) -> bool:
    """Whether the engine would carry the action out (tried on a copy by ``what_if``): a
    list offers only the choices the rules allow. An action that needs dice first is
    allowed so far as can be told without them."""
    try:
        what_if(c, action)
    except DiceNeeded:
        return True
    except (RuleError, InputError):
        return False
    return True


def _cursor_settlement(c: Controls) -> str:
    here = c.view.map.settlements_at(c.cursor)
    return here[0].id if here else ""


def _name(c: Controls, army_id: str) -> str:
    seen = c.view.army(army_id)
    return seen.name if seen is not None else army_id


# --- any phase ------------------------------------------------------------------------------
def use_fate(c: Controls) -> None:
    """ "A fate point may be used at any time during the course of play to re-roll any one
    roll" (R-RA-12): every roll the rules let the Warmaster re-roll now, as the seat's view
    lists them (the open offers of this phase, then the last action's rolls)."""
    me = _me(c)
    if me is None:
        return
    if me.fate <= 0:
        c.say(f"{me.name} has no fate point", "warning")
        return
    rolls = [(r.id, _fate_roll_label(r)) for r in me.rerolls]
    _pick(
        c,
        f"Re-roll which roll? ({me.fate} fate points)",
        rolls,
        lambda rid: c.perform(E.UseFate(roll=rid, player=me.player)),
        f"{me.name} has no roll a fate point may re-roll now: only the open offers of this "
        "phase and the rolls of the last action that rolled dice can be",
    )


def _fate_roll_label(note: RerollNote) -> str:
    """A roll as the pick list names it: its number in the chronicle, why, what it showed."""
    number = f"#{note.roll} " if note.roll else ""
    return f"{number}{note.reason} ({note.expr} = {note.total})"


def open_ledger(c: Controls) -> None:
    c.open(LedgerScreen(c.view, c.rules.ruleset))


# --- Upkeep ---------------------------------------------------------------------------------
def buy_or_place(c: Controls) -> None:
    if c.view.phase == "resolution":
        place(c)
        return
    if not _phase(c, "upkeep"):
        return
    me = _me(c)
    if me is not None:
        c.open(
            PurchaseScreen(c, me.player, _cursor_settlement(c)),
            lambda action: action is not None and c.perform(action),
        )


def cancel_or_dismiss(c: Controls) -> None:
    if not _phase(c, "upkeep", "resolution"):
        return
    me = _me(c)
    if me is None:
        return
    if c.view.phase == "upkeep":
        bought = [(p.id, f"{describe(p)} ({format_money(p.cost)})") for p in me.bought(c.view.turn)]
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
        [(p.id, describe(p)) for p in me.to_place()],
        dismiss,
        "Nothing waits to be placed",
    )


def split(c: Controls) -> None:
    found = _army(c)
    if found is None or not _phase(c, "upkeep"):
        return
    army, _ = found
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
    army, _ = found
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
    army, _ = found

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
    army, _ = found
    flags = set(c.rules.table("scouting_party")["scout_flags"])
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
    me = _me(c)
    if me is None:
        return
    player, state = me.player, _state(c)
    back = [b for b in state.homecomings if b.owner == player and b.alive and not b.placed]
    if back:
        person = back[0]

        def placed(sid: str) -> None:
            c.perform(E.PlaceRansomed(prisoner=person.prisoner, settlement=sid))

        _pick(
            c,
            f"Where does {person.name} return to?",
            _own_settlements(c.view, player),
            placed,
            "You hold no settlement to return to",
        )
        return
    held = [p for p in state.prisoners if player in (p.owner, p.captor)]
    choices = [
        (p.id, f"{p.name} ({'yours, held' if p.owner == player else 'your prisoner'})")
        for p in held
    ]

    def write(pid: str) -> None:
        prisoner = next(p for p in held if p.id == pid)
        what = "offer" if prisoner.owner == player else "demand"
        c.open(
            TextPromptScreen(
                f"Sealed ransom {what} for {prisoner.name}",
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
    me = _me(c)
    if me is None:
        return
    player, offer = me.player, me.mercenaries
    if offer is not None and offer.status == "offered":
        place = c.view.map.settlement(offer.settlement)
        joinable = [
            (f"join:{a.army}", f"Hire, into {a.name}")
            for a in _state(c).armies
            if a.owner == player
            and place is not None
            and a.hex == place.hex
            and a.role in (Role.ARMY, Role.MERCENARIES)
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
    where = c.rules.table("hire_mercenaries")["where"]
    cities = [
        (s.id, s.name)
        for s in c.view.map.settlements
        if s.owner == player and kind_of(c.rules.tables, s) in where
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
    if not carrier.carrier:
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
            lambda text: text and _send_cargo(c, carrier.army, _cargo(text)),
        )
        return
    c.open(
        TextPromptScreen(
            f"Food to load onto {carrier.name} (negative unloads)", validate=problem_of(int)
        ),
        lambda text: text and c.perform(E.LoadFood(carrier=carrier.army, amount=int(text))),
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
    army, ledger = found
    if not ledger.ambush_territories:
        c.say(f"{army.name} is in no territory", "warning")
        return
    places = [
        (tid, t.name if (t := c.view.map.territory(tid)) else tid)
        for tid in ledger.ambush_territories
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
    me = _me(c)
    if me is None:
        return
    decks = [(d.name, d.name) for d in _state(c).decks if d.phase == c.view.phase]
    _pick(
        c,
        "Draw from",
        decks,
        lambda deck: c.perform(E.DrawCard(deck=deck, player=me.player)),
        "No deck is drawn from in this phase (R-RA-10: the scenario brings its decks)",
    )


def play_card(c: Controls) -> None:
    me = _me(c)
    if me is None:
        return
    hand = [(card.key, card.title) for card in me.hand]
    _pick(
        c,
        "Play which card?",
        hand,
        lambda key: c.perform(E.PlayCard(card=key, player=me.player)),
        "Your hand is empty",
    )


# --- Movement -------------------------------------------------------------------------------
def march(kind: str) -> Callable[[Controls], None]:
    def run(c: Controls) -> None:
        found = _army(c)
        if found is not None:
            c.perform(M.DeclareMarch(army=found[0].id, march=kind))

    return run


def _on_army(make: Callable[[str], Any]) -> Callable[[Controls], None]:
    def run(c: Controls) -> None:
        found = _army(c)
        if found is not None:
            c.perform(make(found[0].id))

    return run


def hasty(c: Controls) -> None:
    """Dig in where the army stands, or (moving it with the cursor elsewhere) march there
    first within half the allowance."""
    found = _army(c)
    if found is None:
        return
    army, _ = found
    goal = c.cursor
    to = c.view.map.label(goal) if army.hex is not None and goal != army.hex else ""
    c.perform(M.HastyDefence(army=army.id, to=to))


def spring(c: Controls) -> None:
    """Reveal a hidden ambush on an enemy army in its territory."""
    me = _me(c)
    if me is None:
        return
    hidden = me.ambushes
    records = {a.army: a for a in hidden}

    def target(aid: str) -> None:
        territory = c.view.map.territory(records[aid].territory)
        hexes = set(territory.hexes) if territory else set()
        enemies = [
            (a.id, f"{a.name} at {c.view.map.label(a.hex)}")
            for a in c.view.armies
            if a.owner != me.player and a.hex is not None and a.hex in hexes
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
        [(a.army, a.name) for a in hidden],
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
        army = found[0]
        c.open(
            TextPromptScreen(f"Withdraw {army.name} to (an adjacent hex)", placeholder="0405"),
            lambda to: to and c.perform(C.Withdraw(army=army.id, to=to)),
        )
        return
    me = _me(c)
    if me is None:
        return
    where = c.view.map.label(c.cursor)
    hidden = [(a.army, a.name) for a in me.ambushes]
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
    army, ledger = found
    targets = [(tid, _name(c, tid)) for tid in ledger.scout_targets]
    near = ledger.scout_problem or "No enemy army is near enough to scout"
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
    if rider.role is not Role.MESSENGER:
        c.say(f"{rider.name} is not a messenger", "warning")
        return
    escorts = [
        (f"escort:{a.army}", f"Escorted by {a.name}")
        for a in _state(c).armies
        if a.owner == rider.owner and a.hex == rider.hex and a.army != rider.army and a.fights
    ]
    places = [
        (f"to:{s.id}", f"Ride to {s.name}")
        for s in c.view.map.settlements
        if s.owner is not None or s.original_owner is not None
    ]
    choices = [*places, *escorts, ("alone", "Ride on alone")]

    def chosen(choice: str) -> None:
        what, _, ident = choice.partition(":")
        if what == "to":
            c.perform(M.SendMessenger(messenger=rider.army, settlement=ident))
        else:
            c.perform(M.Escort(messenger=rider.army, army=ident))

    c.open(PickScreen(f"{rider.name}", choices), lambda ids: ids and chosen(ids[0]))


def ship(c: Controls) -> None:
    """Embark an army next to the ship under the cursor, or land one at the cursor."""
    found = _army(c)
    if found is None:
        return
    _, vessel = found
    if vessel.role is not Role.SHIP:
        c.say(f"{vessel.name} is not a ship", "warning")
        return
    near = [
        (f"on:{a.army}", f"Embark {a.name}")
        for a in _state(c).armies
        if a.owner == vessel.owner
        and a.hex is not None
        and vessel.hex is not None
        and a.hex.distance(vessel.hex) <= 1
        and a.fights
    ]
    off = [(f"off:{aid}", f"Land {_name(c, aid)}") for aid in vessel.carried]

    def chosen(choice: str) -> None:
        what, _, aid = choice.partition(":")
        if what == "on":
            c.perform(M.Embark(ship=vessel.army, army=aid))
            return
        c.open(
            TextPromptScreen("Land them at (a hex next to the ship)", placeholder="0405"),
            lambda to: to and c.perform(M.Disembark(ship=vessel.army, army=aid, hex=to)),
        )

    _pick(c, vessel.name, [*near, *off], chosen, "No army to embark or land")


# --- Combat ---------------------------------------------------------------------------------
def besiege(c: Controls) -> None:
    found = _army(c)
    if found is None or not _phase(c, "combat"):
        return
    army, _ = found
    here = [
        (s.id, s.name)
        for s in c.view.map.settlements
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
    mine = set(c.view.players_controlled)
    sieges = {s.id: s for s in _state(c).sieges if s.besieger in mine or s.defender in mine}
    choices = []
    for siege in sieges.values():
        choices.append((f"orders:{siege.id}", f"{siege.name}: write this turn's sealed orders"))
        if siege.defender in mine and not siege.exhausted:
            choices.append((f"exhaust:{siege.id}", f"{siege.name}: exhaust its resources (+d3)"))
        if siege.besieger in mine:
            choices.append((f"lift:{siege.id}", f"{siege.name}: lift the siege"))
    targets = [str(t) for t in c.rules.table("bombardment")["targets"]]

    def chosen(choice: str) -> None:
        what, _, sid = choice.partition(":")
        siege = sieges[sid]
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
                SiegeOrdersScreen(siege, player, targets),
                lambda action: action is not None and c.perform(action),
            )

    unwritten = [s for s in sieges.values() if _unwritten(s, mine)]
    if len(unwritten) == 1:  # the usual case: straight to the orders still to write
        chosen(f"orders:{unwritten[0].id}")
        return
    _pick(c, "Siege", choices, chosen, "You take part in no siege")


def _unwritten(siege: SiegeNote, mine: set[str]) -> bool:
    """Has one of the seat's sides of the siege still to write this turn's order?"""
    return any(o.player in mine and not o.written for o in siege.orders)


def fill_allocation(c: Controls) -> None:
    """Enter the units of an army's points allocation (R-RA-3) before its first battle."""
    found = _army(c)
    if found is None:
        return
    army, ledger = found
    allocations = ledger.allocations
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
    army, _ = found
    here = [(s.id, s.name) for s in c.view.map.settlements if s.hex == army.hex]
    names = dict(here)

    def sure(sid: str) -> None:
        name = names[sid]
        c.open(
            ConfirmScreen(f"Destroy {name} for ever?", "Destroy", "Spare it"),
            lambda yes: yes and c.perform(C.DestroySettlement(army=army.id, settlement=sid)),
        )

    _pick(c, "Destroy", here, sure, f"{army.name} stands on no settlement")


# --- Resolution -----------------------------------------------------------------------------
def place(c: Controls) -> None:
    """Place New Units: in an original settlement with training grounds (recruits), a
    settlement (baggage trains; ships on the coast), or with an army (siege equipment)."""
    me = _me(c)
    if me is None:
        return
    waiting = me.to_place()

    def chosen(pid: str) -> None:
        purchase = next(p for p in waiting if p.id == pid)
        if purchase.kind == "siege_equipment":
            armies = [
                (a.id, a.name)
                for a in c.view.own_armies()
                if (ledger := _state(c).army(a.id)) is not None
                and ledger.role in (Role.ARMY, Role.MERCENARIES)
                and a.hex
            ]
            _pick(
                c,
                "Build it with",
                armies,
                lambda aid: c.perform(E.PlacePurchase(purchase=pid, army=aid)),
                "You have no army to build it with",
            )
            return
        # Only the settlements the rules would take it in (recruits: an original
        # settlement with training grounds; ships: on the coast), as the engine answers.
        where = [
            w
            for w in _own_settlements(c.view, me.player)
            if _would_take(c, E.PlacePurchase(purchase=pid, settlement=w[0]))
        ]
        cursor = _cursor_settlement(c)
        where.sort(key=lambda w: w[0] != cursor)
        _pick(
            c,
            f"Place {describe(purchase)} at",
            where,
            lambda sid: c.perform(E.PlacePurchase(purchase=pid, settlement=sid)),
            f"No settlement of yours can take {describe(purchase)} now",
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
