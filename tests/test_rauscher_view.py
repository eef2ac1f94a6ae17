"""What a Rauscher seat's view carries of the ruleset's state (``Ruleset.view_state``,
delivered as ``CampaignView.ruleset_state``), and the status lines drawn from it alone.

The view holds the seat's own Warmasters' ledgers (purse, fate, purchases, what blocks the
end of the phase), its own counters' (march, movement points, fatigue, cargo, supply, its
captured characters), its side of each siege and ransom, what its scouts learnt, and the
standings as far as public; the status lines are made from that view and nothing else.
"""

from __future__ import annotations

import contextlib

import pytest
import test_rauscher_properties as P
from apps import rauscher_kit as K
from attrs import evolve
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp.engine.codec import campaign_to_dict
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import CampaignView, view_for
from tuicamp.game.setup import new_campaign
from tuicamp.model.campaign import DiceMode
from tuicamp.model.forces import Category, Unit
from tuicamp.model.hexes import parse_label
from tuicamp.rules.rauscher import ruleset as frame
from tuicamp.rules.rauscher import siege as S
from tuicamp.rules.rauscher.economy import actions as E
from tuicamp.rules.rauscher.economy.purchases import waiting
from tuicamp.rules.rauscher.movement import actions as M
from tuicamp.rules.rauscher.movement.scouting import modifiers
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.combat_state import Prisoner
from tuicamp.rules.rauscher.view import RauscherView, rauscher_status
from tuicamp.rules.rauscher.view.project import PHASE_PACKAGES
from tuicamp.rules.rauscher.view.records import IntelNote, Standing


def _view(engine, seat: str) -> CampaignView:
    return view_for(Rules(engine.campaign, engine.ruleset), engine.chronicle, seat)


def _state(engine, seat: str) -> RauscherView:
    state = _view(engine, seat).ruleset_state
    assert isinstance(state, RauscherView)
    return state


def _lines(engine, seat: str, army: str | None = None) -> dict[str, str]:
    """The seat's status lines about one army (None: about none), by label."""
    return {s.label: s.text for s in _view(engine, seat).status_lines if s.army == army}


# --- the hooks ------------------------------------------------------------------------------
def test_the_view_carries_the_state_and_status_lines_drawn_from_it():
    """view_for delivers view_state beside the armies, and the status lines are exactly
    what the view's state gives: they cannot say more than it."""
    engine = K.fresh()
    engine.perform("stirland", E.BuyBaggage(food=1))
    rules = Rules(engine.campaign, engine.ruleset)
    for seat in ("stirland", "sylvania", "gm"):
        view = _view(engine, seat)
        assert view.ruleset_state == engine.ruleset.view_state(rules, engine.campaign.seat(seat))
        assert view.status_lines == rauscher_status(view.ruleset_state)


def test_the_view_asks_what_blocks_a_phase_of_the_frames_packages():
    """What the view says must happen before the phase may end is what the frame checks,
    package by package, in the frame's order."""
    assert PHASE_PACKAGES == frame.MODULES


def test_a_seat_holds_its_own_ledgers_and_the_games_master_all():
    engine = K.fresh()
    camp = engine.campaign
    stirland, gm = _state(engine, "stirland"), _state(engine, "gm")
    assert [p.player for p in stirland.players] == ["stirland"] == list(stirland.seat_players)
    assert {a.owner for a in stirland.armies} == {"stirland"}
    assert {a.army for a in stirland.armies} == {a.id for a in camp.armies_of("stirland")}
    assert stirland.acting_for == "stirland"
    assert [p.player for p in gm.players] == ["stirland", "sylvania"]
    assert {a.army for a in gm.armies} == {a.id for a in camp.armies}


def test_a_view_state_is_a_copy_of_the_moment():
    """The seat's view never holds the live state: later play changes none of it."""
    engine = K.fresh()
    before = _state(engine, "stirland")
    engine.perform("stirland", E.BuyRecruits(name="Halberdiers", points=250, models=25))
    assert before.ledger("stirland").purchases == () and before.ledger("stirland").treasury == 30
    after = _state(engine, "stirland").ledger("stirland")
    assert [p.name for p in after.purchases] == ["Halberdiers"] and after.treasury == 25
    purchase = engine.campaign.state.economy.purchases[0]
    assert after.purchases[0] == purchase and after.purchases[0] is not purchase


# --- an army's ledger -----------------------------------------------------------------------
def test_a_fast_march_spends_from_half_as_much_again():
    """ "While on a fast march, an army may increase their movement allowance by half":
    the Host's M4 becomes 6; two of them spent on the way to 0604, then it halts ("When a
    unit has completed its movement, it may not be moved again")."""
    engine = K.fresh()
    K.until(engine, "movement")
    engine.perform("stirland", M.DeclareMarch(army=K.HOST, march="fast"))
    engine.perform("stirland", M.Move(army=K.HOST, to="0604"))
    host = _state(engine, "stirland").army(K.HOST)
    assert (host.march.value, host.mp_total, host.mp_spent, host.mp_left) == ("fast", 6, 2, 4)
    assert _lines(engine, "stirland", K.HOST)["MP"] == "2 spent, 4 of 6 left"
    engine.perform("stirland", M.Halt(army=K.HOST))
    assert _state(engine, "stirland").army(K.HOST).halted
    assert _lines(engine, "stirland", K.HOST)["MP"].endswith(", halted")
    assert _state(engine, "sylvania").army(K.HOST) is None
    assert K.HOST not in {s.army for s in _view(engine, "sylvania").status_lines}


def test_a_forced_march_wearies_the_army():
    """ "An army making a Forced March increase their fatigue on every turn they force
    march until they rest"."""
    engine = K.fresh()
    K.until(engine, "movement")
    engine.perform("stirland", M.DeclareMarch(army=K.HOST, march="forced"))
    engine.perform("stirland", M.Move(army=K.HOST, to="0604"))
    assert _lines(engine, "stirland", K.HOST)["Fatigue"] == "0"
    K.until(engine, "combat")
    assert _state(engine, "stirland").army(K.HOST).fatigue == 1
    assert _lines(engine, "stirland", K.HOST)["Fatigue"] == "1"


def test_a_baggage_train_carries_its_food_and_an_army_its_stores():
    """ "A baggage train may be purchased for 2 coppers" with food aboard (1c each); an
    eating army's stores are the food within its reach against its need ("1 point of
    supplies is needed to feed every 1,000 points worth of rank & file")."""
    engine = K.fresh()
    engine.perform("stirland", E.BuyBaggage(food=1))
    K.until(engine, "resolution")
    (purchase,) = waiting(engine.campaign, "stirland")
    engine.perform("stirland", E.PlacePurchase(purchase=purchase.id, settlement="wurtbad"))
    train = engine.campaign.army(engine.campaign.state.economy.purchases[0].placed_at)
    ledger = _state(engine, "stirland").army(train.id)
    assert ledger.carrier and (ledger.cargo.food, ledger.cargo.gold) == (1, 0)
    assert _lines(engine, "stirland", train.id)["Cargo"] == "food 1"
    host = _state(engine, "stirland").army(K.HOST)
    assert host.supply.need == 2
    stores = f"{host.supply.to_hand} food in reach for 2"
    assert _lines(engine, "stirland", K.HOST)["Stores"] == stores


def test_what_blocks_the_end_of_the_phase_is_the_frames_refusal():
    """ "Before ending the turn, the player must place all units purchased at the
    beginning of the turn": the view says so, the status line too, and ending the phase is
    refused with the same sentence; the other Warmaster reads none of it."""
    engine = K.fresh()
    engine.perform("stirland", E.BuyBaggage(food=1))
    K.until(engine, "resolution")
    (blocking,) = _state(engine, "stirland").ledger("stirland").blocking
    assert blocking.startswith("place a baggage train loaded with 1 supply")
    assert _lines(engine, "stirland")["To do"] == blocking
    with pytest.raises(RuleError, match="First: place a baggage train"):
        engine.perform("stirland", EndPhase())
    assert _state(engine, "sylvania").ledger("sylvania").blocking == ()
    assert "To do" not in _lines(engine, "sylvania")


# --- sealed things --------------------------------------------------------------------------
def _sieged():
    engine = K.fresh()
    engine.campaign.army(K.HOST).hex = parse_label("1203")
    K.until(engine, "movement")
    engine.perform("stirland", M.Move(army=K.HOST, to="1303"))
    K.until(engine, "combat")
    engine.perform("stirland", S.DeclareSiege(army=K.HOST, settlement="vargrav"))
    return engine


def test_a_sealed_siege_order_is_its_writers_until_both_are_revealed():
    """ "the besieging and defending players should write down what their forces are going
    to do this turn" (R-RA-11: secret until both are written): the other side knows it is
    written, not what it says; each side is offered its own units to name."""
    engine = _sieged()
    engine.perform("stirland", S.WriteSiegeOrders(siege="siege1", order="attack"))
    mine = _state(engine, "stirland").siege("siege1")
    theirs = _state(engine, "sylvania").siege("siege1")
    assert mine.order("besieger").written and mine.order("besieger").order.order == "attack"
    assert theirs.order("besieger").written and theirs.order("besieger").order is None
    assert not theirs.order("defender").written
    assert set(mine.units) == {"besieger"} and set(theirs.units) == {"defender"}
    host = {u.id for u in engine.campaign.army(K.HOST).units}
    assert {u.id for u in mine.units["besieger"]} == host
    engine.perform("sylvania", S.WriteSiegeOrders(siege="siege1", order="nothing"))
    revealed = _state(engine, "sylvania").siege("siege1")
    assert revealed.revealed and revealed.order("besieger").order.order == "attack"
    assert set(revealed.units) == {"defender"}, "each side still names only its own units"


def _captive(engine) -> None:
    baron = Unit("baron", "Baron Azurmund", 80, Category.CHARACTER)
    engine.campaign.state.combat.prisoners.append(
        Prisoner("pr1", baron, "stirland", "sylvania", 0, army=K.HOST)
    )


def test_a_sealed_ransom_offer_is_its_writers_until_both_notes_are_written():
    """ "each player should write down the amount they offer in ransom, while the other
    writes down the amount demanded for his return" (R-RA-11: sealed until both are
    written); the offer's coppers are no longer free to spend."""
    engine = K.fresh()
    _captive(engine)
    engine.perform("stirland", E.WriteRansom(prisoner="pr1", amount="1s 4c"))
    mine, theirs = (_state(engine, s).prisoner("pr1") for s in ("stirland", "sylvania"))
    assert (mine.offer, mine.demand) == (9, None) and (theirs.offer, theirs.demand) == (None, None)
    assert _lines(engine, "stirland")["Treasury"] == "3g (2g 1c free of ransom offers)"
    assert _lines(engine, "stirland", K.HOST)["Prisoners"] == "Baron Azurmund held by Sylvania"
    assert _lines(engine, "sylvania")["Prisoners held"] == "Baron Azurmund (Stirland's)"
    assert _lines(engine, "sylvania")["Treasury"] == "3g"
    engine.perform("sylvania", E.WriteRansom(prisoner="pr1", amount="2g 1c"))
    seen = _state(engine, "sylvania").prisoner("pr1")
    assert (seen.offer, seen.demand) == (9, 21), "revealed: both notes are out"


def test_scouts_report_what_they_learnt_and_no_more():
    """ "4 ... uncovering information on the approximate size (points value) of the
    army": the seat's side knows the garrison at that level; the garrison's owner learns
    nothing of its own being scouted through the view."""
    engine = K.fresh()
    camp = engine.campaign
    camp.army(K.HOST).hex = parse_label("1203")
    engine.perform("stirland", E.Designate(army=K.HOST, scouts=["host-huntsmen"]))
    K.until(engine, "movement")
    garrison = camp.army("vargrav-garrison")
    assert "vargrav-garrison" in _state(engine, "stirland").army(K.HOST).scout_targets
    roll = 4 - sum(v for _, v in modifiers(Rules(camp, engine.ruleset), garrison))
    camp.dice.mode = DiceMode.TABLE
    engine.perform("stirland", M.Scout(scout=K.HOST, target=garrison.id, dice=[roll]))
    camp.dice.mode = DiceMode.APP
    assert _state(engine, "stirland").intel == (IntelNote(garrison.id, "points", 1),)
    assert _state(engine, "sylvania").intel == ()
    assert _view(engine, "stirland").army(garrison.id).points == garrison.points


def test_an_ambush_is_its_owners_to_know():
    """An ambush "lies hidden": its party is in its owner's ledgers, in nobody else's."""
    engine = K.fresh()
    engine.perform(
        "stirland",
        M.SetAmbush(army=K.WARDENS, units=["wardens-crossbowmen"], territory="hochmoor-fields"),
    )
    (note,) = _state(engine, "stirland").ledger("stirland").ambushes
    assert note.territory == "hochmoor-fields" and note.source == K.WARDENS
    assert _state(engine, "stirland").army(note.army).hex is None
    theirs = _state(engine, "sylvania")
    assert theirs.army(note.army) is None and note.army not in theirs.zones
    assert theirs.ledger("sylvania").ambushes == ()


# --- the war --------------------------------------------------------------------------------
def test_standings_are_a_seats_own_while_the_war_lasts_and_everyones_at_its_end():
    """War of Conquest: "Players receive 1 point for each territory under their control at
    the end of the game"."""
    engine = K.fresh()
    assert _state(engine, "stirland").victory.standings == (Standing("stirland", "4 territories"),)
    assert not _state(engine, "stirland").victory.final
    engine = K.fresh()
    engine.campaign.victory["turn_limit"] = 1
    K.until(engine, "movement")
    engine.perform("stirland", M.Move(army=K.WARDENS, to=K.BARROW_MOORS))
    K.until(engine, "upkeep", turn=2)
    over = _state(engine, "sylvania").victory
    assert over.final and over.title == "War of Conquest"
    assert over.standings == (
        Standing("stirland", "5 territories"),
        Standing("sylvania", "4 territories"),
    )


def test_the_chart_shows_territories_to_all_and_treasuries_to_their_owners():
    engine = K.fresh()
    stirland, sylvania = _state(engine, "stirland").chart
    assert stirland.points[-1].treasury == 30 and sylvania.points[-1].treasury is None
    assert sylvania.points[-1].territories == 4
    assert all(p.treasury is not None for s in _state(engine, "gm").chart for p in s.points)
    assert evolve(sylvania.points[-1], treasury=30) in _state(engine, "gm").chart[1].points


# --- whatever is played ---------------------------------------------------------------------------
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.data())
def test_whatever_is_played_a_seats_lines_are_its_own_and_its_views(seed, data):
    """Random legal turns (the property tests' menu of orders): after each, a Warmaster's
    status lines are its view's (``rauscher_status`` of it, nothing else) and speak of its
    own players and counters only; its view holds no other Warmaster's ledger."""
    camp = new_campaign(P.SCENARIO, "rauscher", seed=seed, options={"auto_resolve_battles": "true"})
    P.bring_armies_close(camp)
    engine = Engine(camp)
    for _ in range(50):
        choices = P.candidates(engine)
        if not choices or camp.finished:
            break
        seat, action = data.draw(st.sampled_from(choices))
        with contextlib.suppress(RuleError):
            engine.perform(seat, action)
        for player in (p.id for p in camp.players):
            view = _view(engine, player)
            state = view.ruleset_state
            assert view.status_lines == rauscher_status(state)
            assert {s.player for s in view.status_lines} <= {player}
            owners = {a.id: a.owner for a in camp.armies}
            assert all(owners.get(s.army) == player for s in view.status_lines if s.army)
            assert {p.player for p in state.players} <= {player}
            assert all(p.player == player for ledger in state.players for p in ledger.purchases)


def test_reading_a_view_changes_nothing():
    """Projecting the state for a seat only reads: the campaign's plain data (what a save
    writes) is the same before and after every seat's view, in every phase."""
    engine = K.fresh()
    engine.perform("stirland", E.BuyBaggage(food=1))
    for phase in ("upkeep", "effects", "movement", "combat", "resolution"):
        K.until(engine, phase)
        before = campaign_to_dict(engine.campaign)
        for seat in ("stirland", "sylvania", "gm"):
            _view(engine, seat)
        assert campaign_to_dict(engine.campaign) == before, phase
