"""Secrecy of a Rauscher campaign, seat by seat.

Knowing "the contents of a general's army, is much more problematic" (compositions are
hidden until scouted), "purchases and armies are secrets" (the economy), siege orders are
"secret until both are written", both ransom notes "are sealed until both are written"
(R-RA-11), and an ambush "lies hidden". The Stir Border (Stirland against Sylvania) is
played for two turns with all of it: purchases on both sides, scouts designated and a
scouting report, an ambush each, two captives with sealed ransom notes, a siege with
sealed orders, a sally's battle, Resolution and the next Upkeep's notes. After every
action, for every seat, nothing it is given names a fact hidden from it: its view (the
ruleset's state in it), its status lines, ``tuicamp show`` and ``tuicamp log`` (the
report and the chronicle as the CLI prints them), every battle card it may read, and the
refusals it gets when it reaches for the other side's secrets.

What is hidden is worked out from the raw campaign, independently of the view code:
another player's unit names (less those of armies its side knows in full, or met in a
battle or siege, where the table shows them), their purchases' names, their hidden
ambush parties' names, their sealed siege order of this turn until revealed, and their
ransom notes of this Upkeep until revealed; none may be named in what the seat is given.
And the seat's Rauscher state may hold no record that is not its own to hold (another's
ledger, a sealed order or note before the reveal, scouting beyond what its side knows),
which a search for names would miss when it is a bare figure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from apps import rauscher_kit as K
from attrs import asdict, define, field
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp import cli
from tuicamp.engine.actions import Action
from tuicamp.engine.battles import AutoResolveBattle
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import InputError, RuleError
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import CampaignView, view_for
from tuicamp.game.battlecard import build_card, card_hidden_reason, card_text
from tuicamp.game.textreport import chronicle_text, show_text
from tuicamp.model.campaign import DiceMode
from tuicamp.model.forces import Category, Unit
from tuicamp.model.hexes import parse_label
from tuicamp.rules.rauscher import siege as S
from tuicamp.rules.rauscher.economy import actions as E
from tuicamp.rules.rauscher.economy.purchases import waiting
from tuicamp.rules.rauscher.movement import actions as M
from tuicamp.rules.rauscher.movement.scouting import known_level, modifiers, sharing
from tuicamp.rules.rauscher.shared.combat_state import Prisoner
from tuicamp.rules.rauscher.shared.economy_state import ransom_id
from tuicamp.rules.rauscher.shared.money import format_money
from tuicamp.rules.rauscher.shared.siege_state import orders_id
from tuicamp.rules.rauscher.view import RauscherView

PLAYERS = ("stirland", "sylvania")
OTHER = {"stirland": "sylvania", "sylvania": "stirland"}
GARRISON = "vargrav-garrison"
# The ransom notes: amounts no purse or price comes to while they are sealed, so such a
# money figure in a report is there only if a note leaked.
NOTES = {  # (prisoner, writer) -> coppers
    ("pr1", "stirland"): 9,  # Stirland's offer for its Baron: 1s 4c
    ("pr1", "sylvania"): 21,  # Sylvania's demand for him: 2g 1c
    ("pr2", "stirland"): 7,  # Stirland's demand for the Countess: 1s 2c
    ("pr2", "sylvania"): 13,  # Sylvania's offer for her: 1g 3c
}
NEXT_OFFER = 11  # Stirland's offer in the second Upkeep: 1g 1c
MONEY = re.compile(r"\d+g(?: \d+s)?(?: \d+c)?|\d+s(?: \d+c)?|\d+c")


@define(frozen=True)
class Plan:
    """What varies between plays: the purchases' names, the siege orders, and who writes
    each ransom note first."""

    recruits: dict[str, str]
    ambush: dict[str, str]
    besieger_order: str = "bombard"
    defender_order: str = "sally"
    first_writer: tuple[str, str] = ("stirland", "stirland")  # for pr1, pr2


PLAN = Plan(
    recruits={"stirland": "Azure Halberdiers", "sylvania": "Crimson Ghouls"},
    ambush={"stirland": "Azure Shadows", "sylvania": "Crimson Shadows"},
)


# --- what is hidden from a seat, read from the raw campaign ---------------------------------
def _met(engine: Engine, seat: str) -> set[str]:
    """Armies the seat's players have faced at the table: in a battle or a siege."""
    camp = engine.campaign
    armies = {
        aid
        for b in camp.battles
        if any(seat in side.players for side in b.sides)
        for side in b.sides
        for aid in side.armies
    }
    for siege in camp.state.siege.sieges.values():
        if seat in (siege.besieger, siege.defender):
            armies |= set(siege.armies)
            armies |= {a.id for a in camp.armies if a.hex == siege.hex}
    return armies


@define
class Told:
    """The unit names each seat has seen so far in armies open to it (its own, those it
    met, those its side knows in full): a unit lost in a battle is gone from its army but
    not from the memory of whoever fought it."""

    names: dict[str, set[str]] = field(factory=lambda: {p: set() for p in (*PLAYERS, "gm")})


def hidden_from(engine: Engine, seat: str, told: Told) -> set[str]:
    """Every name or word that tells a fact hidden from ``seat`` now."""
    camp = engine.campaign
    state = camp.state
    side = sharing(camp, [seat])
    met = _met(engine, seat)

    def open_to_seat(army) -> bool:
        return army.owner == seat or army.id in met or known_level(camp, side, army) == "full"

    shown = told.names[seat]  # remembered from one action to the next
    shown |= {u.name for a in camp.armies if open_to_seat(a) for u in a.units}
    secret = {u.name for a in camp.armies if not open_to_seat(a) for u in a.units} - shown
    other = OTHER[seat]
    secret |= {p.name for p in state.economy.purchases if p.player == other and p.name} - shown
    for ambush in state.movement.ambushes:
        party = camp.army(ambush.army)
        if ambush.owner == other and party is not None:
            secret.add(party.name)
    for siege in state.siege.active():
        sealed = siege.orders
        revealed = (
            sealed is not None and sealed.id == orders_id(siege.id, camp.turn) and sealed.revealed
        )
        for role, who in (("besieger", siege.besieger), ("defender", siege.defender)):
            order = siege.order(role, camp.turn)
            if who != other or order is None or revealed:
                continue
            if order.order in ("bombard", "mine", "sally"):  # "attack", "nothing": too common
                secret.add(order.order)
            secret |= set(order.targets.values())
    for pid, notes in state.economy.ransom.items():
        prisoner = next((p for p in state.combat.prisoners if p.id == pid), None)
        if notes.id != ransom_id(pid, camp.turn) or notes.revealed or prisoner is None:
            continue
        note = notes.choices.get(other)
        if note is not None:
            secret.add(format_money(note.amount))
    return secret


def _named(text: str, secret: str) -> bool:
    """Does ``text`` name ``secret``: a money figure as a whole, a word as a word."""
    if MONEY.fullmatch(secret):
        return secret in MONEY.findall(text)
    return secret in text and re.search(rf"(?<!\w){re.escape(secret)}(?!\w)", text) is not None


# --- what a seat is given -------------------------------------------------------------------
def _view(engine: Engine, seat: str) -> CampaignView:
    return view_for(Rules(engine.campaign, engine.ruleset), engine.chronicle, seat)


def probes(engine: Engine, seat: str) -> Iterator[Action]:
    """Orders that reach for the other side's secrets by their ids (ids are easily
    guessed): its purchases, its sealed notes and orders, its scouting of a hidden party."""
    camp = engine.campaign
    state = camp.state
    other = OTHER[seat]
    mine = next(a for a in camp.armies_of(seat) if a.hex is not None)
    home = next(s for s in camp.map.settlements if s.owner == seat)
    for p in state.economy.purchases:
        if p.player == other:
            yield E.CancelPurchase(purchase=p.id)
            yield E.DismissPurchase(purchase=p.id)
            yield E.PlacePurchase(purchase=p.id, settlement=home.id)
    for siege in state.siege.active():
        yield S.WriteSiegeOrders(siege=siege.id, order="nothing", player=other)
    for prisoner in state.combat.prisoners:
        yield E.WriteRansom(prisoner=prisoner.id, amount="1c", player=other)
    for ambush in state.movement.ambushes:
        if ambush.owner == other:
            yield M.Scout(scout=mine.id, target=ambush.army)
    yield E.UseFate(player=other)


def refusals(engine: Engine, seat: str) -> list[str]:
    """What the engine answers the probes: each must be refused, and changes nothing."""
    before = engine.snapshot()
    out = []
    for action in probes(engine, seat):
        with pytest.raises((RuleError, InputError)) as refused:
            engine.perform(seat, action)
        out.append(str(refused.value))
    assert engine.snapshot() == before
    return out


def given_to(engine: Engine, seat: str, *, refused: bool = True) -> dict[str, str]:
    """Everything the seat is given now, by where it is given."""
    view = _view(engine, seat)
    state = view.ruleset_state
    assert isinstance(state, RauscherView)
    rules = Rules(engine.campaign, engine.ruleset)
    cards = [
        card_text(build_card(rules, b))
        for b in engine.campaign.battles
        if card_hidden_reason(view, b) is None
    ]
    out = {
        "view state": repr(asdict(state)),
        "status lines": "\n".join(f"{s.label}: {s.text}" for s in view.status_lines),
        "show": show_text(view, engine.ruleset),
        "log": chronicle_text(view),
        "battle cards": "\n".join(cards),
    }
    if refused:
        out["refusals"] = "\n".join(refusals(engine, seat))
    return out


def misplaced(engine: Engine, seat: str) -> list[str]:
    """What the seat's Rauscher state holds that is not its own to hold (figures a text
    search would not find: amounts, levels, whole records)."""
    camp = engine.campaign
    state = _view(engine, seat).ruleset_state
    assert isinstance(state, RauscherView)
    out = [f"ledger of {p.player}" for p in state.players if p.player != seat]
    out += [f"army ledger of {a.army}" for a in state.armies if a.owner != seat]
    out += [
        f"purchase {p.id} of {p.player}"
        for ledger in state.players
        for p in ledger.purchases
        if p.player != seat
    ]
    for siege in state.sieges:
        for order in siege.orders:
            if order.player != seat and order.order is not None and not siege.revealed:
                out.append(f"{order.role}'s sealed order in {siege.id}")
        out += [
            f"{role}'s units in {siege.id}"
            for role in siege.units
            if siege.order(role) and siege.order(role).player != seat
        ]
    notes = camp.state.economy.ransom
    for p in state.prisoners:
        revealed = p.id in notes and notes[p.id].revealed
        if p.offer is not None and p.owner != seat and not revealed:
            out.append(f"the offer for {p.id}")
        if p.demand is not None and p.captor != seat and not revealed:
            out.append(f"the demand for {p.id}")
    side = sharing(camp, [seat])
    for note in state.intel:
        army = camp.army(note.army)
        if army is None or note.level != known_level(camp, side, army):
            out.append(f"intel on {note.army} at {note.level}")
    return out


def leaks(given: dict[str, str], secrets: set[str]) -> list[tuple[str, str]]:
    return [(where, s) for where, text in given.items() for s in sorted(secrets) if _named(text, s)]


def check(engine: Engine, told: Told, *, refused: bool = True) -> None:
    """No player seat is given a fact hidden from it."""
    for seat in PLAYERS:
        given = given_to(engine, seat, refused=refused)
        assert leaks(given, hidden_from(engine, seat, told)) == [], seat
        assert misplaced(engine, seat) == [], seat


def check_the_cli(
    engine: Engine, told: Told, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tuicamp show --as SEAT` and `tuicamp log --as SEAT` on the campaign saved now."""
    save = K.write(engine, folder, f"secrets-{len(list(folder.iterdir()))}")
    for seat in PLAYERS:
        for command in ("show", "log"):
            assert cli.main([command, str(save), "--as", seat]) == 0
            printed = capsys.readouterr().out
            assert printed.strip(), (seat, command)
            secrets = hidden_from(engine, seat, told)
            assert leaks({command: printed}, secrets) == [], (seat, command)


# --- the play -------------------------------------------------------------------------------
def _captives(engine: Engine) -> None:
    """A scenario edit: each side holds a character of the other's."""
    baron = Unit("baron", "Baron Azurmund", 80, Category.CHARACTER)
    countess = Unit("countess", "Countess Crimsonia", 90, Category.CHARACTER)
    engine.campaign.state.combat.prisoners += [
        Prisoner("pr1", baron, "stirland", "sylvania", 0, army=K.HOST),
        Prisoner("pr2", countess, "sylvania", "stirland", 0, army=K.GREY),
    ]


def _note(engine: Engine, prisoner: str, writer: str, coppers: int) -> None:
    engine.perform(writer, E.WriteRansom(prisoner=prisoner, amount=format_money(coppers)))


def _scout(engine: Engine) -> None:
    """The Host's scouts look at the fortress's garrison; the table dice give 4, "the
    approximate size (points value) of the army" (a 6 less the fortress's 2)."""
    camp = engine.campaign
    target = camp.army(GARRISON)
    roll = 4 - sum(v for _, v in modifiers(Rules(camp, engine.ruleset), target))
    camp.dice.mode = DiceMode.TABLE
    try:
        engine.perform("stirland", M.Scout(scout=K.HOST, target=GARRISON, dice=[roll]))
    finally:
        camp.dice.mode = DiceMode.APP
    assert known_level(camp, ["stirland"], target) == "points"


def _orders(kind: str) -> dict[str, object]:
    if kind == "bombard":
        return {"targets": {"host-cannon-1": "warehouses"}}
    if kind == "mine":
        return {"miners": "host-spearmen"}
    if kind == "sally":
        return {"units": ["vargrav-dire-wolves"]}
    return {}


def play(plan: Plan, step: Callable[[Engine, str], None]) -> Engine:
    """Two turns of the Stir Border with every kind of secret; ``step`` is called after
    every action with what was just done."""
    engine = K.fresh()
    camp = engine.campaign
    camp.army(K.HOST).hex = parse_label("1203")  # next to Fort Vargrav (1303)
    _captives(engine)

    def do(seat: str, action: Action, what: str) -> None:
        engine.perform(seat, action)
        step(engine, what)

    # Upkeep: purchases, scouts, ambushes, sealed ransom notes
    do("stirland", E.BuyRecruits(name=plan.recruits["stirland"], points=250, models=25), "buy")
    do("sylvania", E.BuyRecruits(name=plan.recruits["sylvania"], points=200, models=20), "buy")
    do("stirland", E.Designate(army=K.HOST, scouts=["host-huntsmen"]), "designate")
    do(
        "stirland",
        M.SetAmbush(
            army=K.WARDENS,
            units=["wardens-crossbowmen"],
            territory="hochmoor-fields",
            name=plan.ambush["stirland"],
        ),
        "ambush",
    )
    do(
        "sylvania",
        M.SetAmbush(
            army="essen-militia",
            units=["essen-m-levy"],
            territory="essen-woods",
            name=plan.ambush["sylvania"],
        ),
        "ambush",
    )
    for prisoner, first in zip(("pr1", "pr2"), plan.first_writer, strict=True):
        for writer in (first, OTHER[first]):
            _note(engine, prisoner, writer, NOTES[(prisoner, writer)])
            step(engine, "ransom")
    K.until(engine, "movement")
    step(engine, "movement")
    # Movement: a scouting report, then the Host marches onto the fortress
    _scout(engine)
    step(engine, "scouted")
    do("stirland", M.Move(army=K.HOST, to="1303"), "move")
    K.until(engine, "combat")
    step(engine, "combat")
    # Combat: a siege instead of the assault, sealed orders, whatever they lead to
    do("stirland", S.DeclareSiege(army=K.HOST, settlement="vargrav"), "siege")
    orders = {"besieger": plan.besieger_order, "defender": plan.defender_order}
    for role, seat in (("besieger", "stirland"), ("defender", "sylvania")):
        order = orders[role]
        do(seat, S.WriteSiegeOrders(siege="siege1", order=order, **_orders(order)), role)
    for battle in camp.pending_battles():
        do("gm", AutoResolveBattle(battle=battle.id), "battle")
    # Resolution: the purchases are placed; then the next Upkeep's first sealed note
    K.until(engine, "resolution")
    step(engine, "resolution")
    for player, where in (("stirland", "wurtbad"), ("sylvania", "drakenhof")):
        for purchase in waiting(camp, player):
            do(player, E.PlacePurchase(purchase=purchase.id, settlement=where), "place")
    K.until(engine, "upkeep", turn=2)
    step(engine, "upkeep")
    if any(p.id == "pr1" for p in camp.state.combat.prisoners):
        _note(engine, "pr1", "stirland", NEXT_OFFER)
        step(engine, "ransom")
    return engine


# --- the tests ------------------------------------------------------------------------------
def test_the_play_reaches_every_kind_of_secret():
    """The play is what the checks need: both purchases, both ambushes, four sealed notes,
    a scouting report of the points only, a siege with both orders, two turns."""
    seen: list[str] = []
    engine = play(PLAN, lambda engine, what: seen.append(what))
    camp = engine.campaign
    assert seen.count("buy") == 2 and seen.count("ambush") == 2 and seen.count("ransom") >= 4
    assert {"scouted", "besieger", "defender", "place"} <= set(seen)
    assert camp.turn == 2 and camp.phase == "upkeep"
    (siege,) = camp.state.siege.sieges.values()
    assert (siege.orders is not None and siege.orders.revealed) or siege.ended


def test_no_seat_is_given_a_fact_hidden_from_it(tmp_path, capsys):
    """After every action of the play, for both Warmasters: view, status lines, show, log,
    battle cards and refusals name nothing hidden from them; and `tuicamp show` / `log`
    --as each seat print nothing hidden, at the moments the most is sealed."""

    told = Told()

    def step(engine: Engine, what: str) -> None:
        check(engine, told)
        if what in ("ransom", "besieger", "upkeep"):
            check_the_cli(engine, told, tmp_path, capsys)

    play(PLAN, step)


def test_the_check_can_fail():
    """What is hidden from one seat is in what its owner is given (its own purchase, its
    ambush, its notes, its army's units), and the Games Master is given all of it: the
    check finds a secret where one is."""
    moments: list[tuple[str, set[str], list[tuple[str, str]]]] = []
    told = Told()

    def step(engine: Engine, what: str) -> None:
        if what in ("ambush", "ransom", "besieger"):
            for seat in PLAYERS:
                secrets = hidden_from(engine, seat, told)
                owner = given_to(engine, OTHER[seat], refused=False)
                gm = given_to(engine, "gm", refused=False)
                assert leaks(gm, secrets), (what, seat)
                assert misplaced(engine, "gm"), "the GM holds every ledger: not a player's"
                moments.append((what, secrets, leaks(owner, secrets)))

    play(PLAN, step)
    found = {s for _, _, leaked in moments for _, s in leaked}
    for name in ("Azure Halberdiers", "Crimson Ghouls", "Azure Shadows", "Crimson Shadows"):
        assert name in found, name
    assert {"1s 4c", "2g 1c"} & found and "bombard" in found and "warehouses" in found
    assert "Greatswords, full command" in found and "Grave Guard, full command" in found


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    recruits=st.tuples(
        st.sampled_from(["Azure Halberdiers", "Azure Lancers", "Azure Pikes"]),
        st.sampled_from(["Crimson Ghouls", "Crimson Bats", "Crimson Wights"]),
    ),
    besieger=st.sampled_from(["bombard", "mine", "nothing"]),
    defender=st.sampled_from(["sally", "nothing"]),
    first=st.tuples(st.sampled_from(PLAYERS), st.sampled_from(PLAYERS)),
)
def test_whatever_is_sealed_first_no_seat_learns_it(recruits, besieger, defender, first):
    """Whichever names are bought, whichever orders are sealed and whoever writes a ransom
    note first, no seat is given a fact hidden from it after any action (the refusals are
    the first test's: the probes are the same whatever is sealed)."""
    plan = Plan(
        recruits=dict(zip(PLAYERS, recruits, strict=True)),
        ambush=PLAN.ambush,
        besieger_order=besieger,
        defender_order=defender,
        first_writer=first,
    )
    told = Told()
    play(plan, lambda engine, what: check(engine, told, refused=False))


def test_a_refusal_names_no_hidden_ambush_party():
    """An order for another player's hidden ambush party (its id guessed) is refused
    without naming the party: it is "hidden" (R-RA-11), so for that seat it is no army."""
    engine = K.fresh()
    engine.perform(
        "stirland",
        M.SetAmbush(
            army=K.WARDENS,
            units=["wardens-crossbowmen"],
            territory="hochmoor-fields",
            name="Azure Shadows",
        ),
    )
    (ambush,) = engine.campaign.state.movement.ambushes
    with pytest.raises(RuleError) as refused:
        engine.perform("sylvania", E.SplitArmy(army=ambush.army, units=["wardens-crossbowmen"]))
    assert "Azure Shadows" not in str(refused.value)
    assert str(refused.value) == f"There is no army {ambush.army!r}"
