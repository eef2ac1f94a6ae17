"""The read side through one read context: every hook is given ``Rules``, so a loaded
campaign never sends a ruleset back to the registry, and each seat's view carries the
ruleset's own state and status lines, filtered for that seat.

The sandbox's option texts these tests pin: "enforce_movement: An army may spend its
slowest unit's M each turn." and "fog_of_war: Other players' armies are shown as counters
only."
"""

from __future__ import annotations

import contextlib
import sys

import pytest
from attrs import asdict
from conftest import small_campaign
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp import cli
from tuicamp.engine import registry
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import StatusLine
from tuicamp.engine.views import CampaignView, view_for
from tuicamp.game.battlecard import build_card
from tuicamp.game.session import Session
from tuicamp.game.textreport import show_text
from tuicamp.rules.sandbox import actions as A
from tuicamp.rules.sandbox.ruleset import mp_left
from tuicamp.rules.sandbox.view import ArmyLedger, SandboxView

PLAYERS = ("p1", "p2")


def _view(engine: Engine, seat: str) -> CampaignView:
    return view_for(Rules(engine.campaign, engine.ruleset), engine.chronicle, seat)


def _forbid_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every way into the registry fail, wherever a module holds it."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a ruleset was looked up in the registry after loading")

    originals = (registry.get_ruleset, registry.load_rulesets)
    for module in list(sys.modules.values()):
        for name, value in list(vars(module).items()):
            if any(value is o for o in originals):
                monkeypatch.setattr(module, name, refuse)


# --- the hooks through Rules -----------------------------------------------------------------


def test_a_sandbox_turn_and_show_never_ask_the_registry(tmp_path, monkeypatch):
    """Once a campaign is loaded, the ruleset reads its options and tables from ``Rules``:
    moving under enforce_movement (the MP ledger), ending the turn, every seat's view and
    `show`, and a battle card all run with the registry made to fail."""
    path = tmp_path / "c.toml"
    Session.create(path, small_campaign(enforce_movement=True, fog_of_war=True))
    session = Session.open(path)  # loading may ask the registry; nothing after it may
    _forbid_the_registry(monkeypatch)
    with pytest.raises(AssertionError, match="registry"):
        registry.get_ruleset("sandbox")  # the guard itself bites
    session.perform("p1", A.Move(army="a1", to="0303"))
    session.perform("p1", A.EndTurn())
    session.perform("p2", A.Move(army="a2", to="0603"))
    session.perform("p2", A.EndTurn())
    assert session.campaign.turn == 2
    session.perform("p1", A.Move(army="a1", to="0403"))
    for seat in ("p1", "p2", "gm"):
        text = show_text(session.view(seat), session.ruleset)
        assert "Turn 2" in text and "Status:" in text
    session.perform("p1", A.Move(army="a1", to="0503"))  # across the bridge, onto Bruno
    session.perform("p1", A.Move(army="a1", to="0603"))
    (battle,) = session.campaign.pending_battles()
    card = build_card(session.rules, battle)
    assert "Sandbox: deploy and fight by your club's rules." in card.general


def test_the_session_reads_through_one_rules_per_loaded_campaign(tmp_path):
    """The session builds its Rules once and reuses it (cached tables); a reload loads a
    new campaign and so gets a new Rules."""
    path = tmp_path / "c.toml"
    session = Session.create(path, small_campaign(fog_of_war=True))
    rules = session.rules
    assert rules.campaign is session.campaign and rules.ruleset is session.ruleset
    assert session.rules is rules
    assert rules.tables is session.rules.tables  # merged once
    session.perform("p1", A.Move(army="a1", to="0303"))
    assert session.rules is rules
    session.reload()
    assert session.rules is not rules and session.rules.campaign is session.campaign


def test_hooks_are_given_the_read_context():
    """A ruleset reads options through the ``Rules`` it is given, not the registry: two
    Rules of one campaign with different options give different answers."""
    engine = Engine(small_campaign(fog_of_war=True))
    ruleset, camp = engine.ruleset, engine.campaign
    foggy = Rules(camp, ruleset)
    bruno, a1 = camp.seat("p2"), camp.army("a1")
    assert ruleset.army_visibility(foggy, bruno, a1) == "counter"
    camp.options["fog_of_war"] = False
    assert ruleset.army_visibility(Rules(camp, ruleset), bruno, a1) == "full"
    camp.options["fled_return"] = False
    assert len(ruleset.battle_card_notes(Rules(camp, ruleset), None)) == 1
    assert ruleset.victory(Rules(camp, ruleset)) is None
    assert ruleset.pending(Rules(camp, ruleset)) == ["Anna to end the turn"]
    assert ruleset.campaign_problems(Rules(camp, ruleset)) == []


# --- the sandbox's view of its own state -------------------------------------------------------


def test_the_view_carries_the_rulesets_state_and_status_lines():
    """view_for delivers view_state and status_lines beside the armies and chronicle."""
    engine = Engine(small_campaign(enforce_movement=True))
    engine.perform("p1", A.Move(army="a1", to="0303"))
    rules = Rules(engine.campaign, engine.ruleset)
    for seat_id in ("p1", "p2", "gm"):
        seat = engine.campaign.seat(seat_id)
        view = _view(engine, seat_id)
        assert view.ruleset_state == engine.ruleset.view_state(rules, seat)
        assert view.status_lines == engine.ruleset.status_lines(rules, seat)
    assert isinstance(view.ruleset_state, SandboxView)


def test_enforced_movement_ledger_per_seat_without_fog():
    """Without fog of war every army is seen in full, so every seat's ledger holds every
    army; the status lines tell each seat what its own armies spent."""
    engine = Engine(small_campaign(enforce_movement=True))
    engine.perform("p1", A.Move(army="a1", to="0303"))  # one hex of clear: 1 MP
    spent = engine.campaign.state.mp_used["a1"]
    left = mp_left(Rules(engine.campaign, engine.ruleset), "a1")
    assert left == 4 - spent
    for seat in ("p1", "p2", "gm"):
        state = _view(engine, seat).ruleset_state
        assert {a.army for a in state.armies} == {"a1", "a2"}
        assert state.ledger("a1") == ArmyLedger("a1", "Reikland Host", "p1", 4, spent, left)
        assert state.mp_left("a1") == left and state.enforce_movement
    mp = StatusLine("MP", f"{spent:g} spent, {left:g} of M4 left", army="a1", player="p1")
    assert mp in _view(engine, "p1").status_lines
    assert mp in _view(engine, "gm").status_lines
    assert not any(s.army == "a1" for s in _view(engine, "p2").status_lines)
    assert [s.army for s in _view(engine, "p2").status_lines if s.army] == ["a2"]


def test_with_fog_of_war_a_seat_knows_only_its_own_armies_ledger():
    """With fog of war another player's army is a counter, and what it spent (how far it
    went) is not the seat's to know: neither in the view's state nor in a status line."""
    engine = Engine(small_campaign(enforce_movement=True, fog_of_war=True))
    engine.perform("p1", A.Move(army="a1", to="0303"))
    anna, bruno, gm = (_view(engine, s) for s in ("p1", "p2", "gm"))
    assert [a.army for a in anna.ruleset_state.armies] == ["a1"]
    assert [a.army for a in bruno.ruleset_state.armies] == ["a2"]
    assert bruno.ruleset_state.mp_left("a1") is None
    assert {a.army for a in gm.ruleset_state.armies} == {"a1", "a2"}
    assert [s.army for s in bruno.status_lines if s.army] == ["a2"]
    assert {s.army for s in gm.status_lines if s.army} == {"a1", "a2"}


def test_status_lines_tell_the_turn_order_and_whose_turn_it_is():
    engine = Engine(small_campaign())
    lines = _view(engine, "p2").status_lines
    assert lines == [
        StatusLine("Turn order", "Anna, Bruno"),
        StatusLine("To play", "Anna", player="p1"),
    ]  # no MP lines: without enforce_movement nothing is counted
    assert _view(engine, "p2").ruleset_state.mp_left("a2") is None
    engine.perform("p1", A.EndTurn())
    assert StatusLine("To play", "Bruno", player="p2") in _view(engine, "p1").status_lines


def test_simultaneous_play_lists_who_has_still_to_end_the_turn():
    """The option "simultaneous: Everyone acts at once; the turn ends when all have
    ended": the status lines say who has still to end it."""
    engine = Engine(small_campaign(simultaneous=True))
    assert StatusLine("Still to end the turn", "Anna, Bruno") in _view(engine, "p1").status_lines
    engine.perform("p2", A.EndTurn())
    state = _view(engine, "p1").ruleset_state
    assert state.ended == ("p2",) and state.to_play == ("p1",)
    assert StatusLine("Still to end the turn", "Anna") in _view(engine, "p1").status_lines


def test_a_view_state_is_a_copy_of_the_moment():
    """A seat's view never holds the live state: later play does not change it."""
    engine = Engine(small_campaign(enforce_movement=True))
    before = _view(engine, "p1").ruleset_state
    assert before is not engine.campaign.state
    engine.perform("p1", A.Move(army="a1", to="0303"))
    assert before.ledger("a1").spent == 0 and _view(engine, "p1").ruleset_state.ledger("a1").spent


# --- secrecy -----------------------------------------------------------------------------------

# Unit names each player may give, unlike anything else a report prints.
NEW_UNITS = {"p1": ("Azure Spears", "Azure Knights"), "p2": ("Crimson Trolls", "Crimson Wolves")}
START_UNITS = {"p1": ("Halberdiers", "Captain"), "p2": ("Boyz", "Wolf Riders")}
ARMY_IDS = st.sampled_from(["a1", "a2", "a10", "a11", "a12", "a13"])
LABELS = st.builds(lambda c, r: f"{c:02d}{r:02d}", st.integers(1, 8), st.integers(1, 6))


def _actions_for(player: str) -> st.SearchStrategy:
    spec = st.builds(
        A.UnitSpec, name=st.sampled_from(NEW_UNITS[player]), points=st.integers(1, 300)
    )
    units = st.sampled_from(["u1", "u2", "u3", "u4", "u10", "u11", "u12", "u13"])
    return st.one_of(
        st.builds(A.Move, army=ARMY_IDS, to=LABELS),
        st.builds(A.AddUnit, army=ARMY_IDS, unit=spec),
        st.builds(A.CreateArmy, name=st.just("Levy"), hex=LABELS, units=st.lists(spec, max_size=2)),
        st.builds(A.SplitArmy, army=ARMY_IDS, units=st.lists(units, min_size=1, max_size=1)),
        st.builds(A.EndTurn),
    )


PLAY = st.lists(
    st.sampled_from(PLAYERS).flatmap(lambda p: st.tuples(st.just(p), _actions_for(p))),
    max_size=20,
)


def _others_composition(engine: Engine, seat: str) -> set[str]:
    """Every unit name in another player's armies (what the seat must not learn)."""
    names = {n for p in PLAYERS if p != seat for n in (*NEW_UNITS[p], *START_UNITS[p])}
    for army in engine.campaign.armies:
        if army.owner != seat:
            names |= {u.name for u in army.units}
    return names


def _secrecy_holds(engine: Engine, seat: str) -> None:
    view = _view(engine, seat)
    others = [a for a in engine.campaign.armies if a.owner != seat]
    state_text = repr(asdict(view.ruleset_state))
    status_text = "\n".join(f"{s.label} {s.text} {s.army} {s.player}" for s in view.status_lines)
    for army in others:  # the ledger says nothing of an army seen as a counter
        assert army.id not in {a.army for a in view.ruleset_state.armies}
        assert all(s.army != army.id for s in view.status_lines)
    for seen in view.armies:
        if seen.owner != seat:
            assert seen.units == [] and seen.points is None and not seen.category_points
    shown = show_text(view, engine.ruleset)
    for name in _others_composition(engine, seat):
        assert name not in state_text and name not in status_text, name
        assert name not in shown, name


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(PLAY)
def test_under_fog_of_war_no_seat_learns_another_players_army_composition(moves):
    """Whatever is played, under fog of war nothing in a seat's view state, status lines or
    `show` text names a unit of another player's army."""
    engine = Engine(small_campaign(enforce_movement=True, fog_of_war=True, battles=False))
    for seat, action in moves:
        with contextlib.suppress(RuleError):  # a refused order is simply not played
            engine.perform(seat, action)
        for player in PLAYERS:
            _secrecy_holds(engine, player)


def test_the_secrecy_check_can_fail():
    """Without fog of war the same check sees the other player's units (so it looks)."""
    engine = Engine(small_campaign(enforce_movement=True))
    with pytest.raises(AssertionError):
        _secrecy_holds(engine, "p2")


def test_show_as_each_seat_names_no_other_players_units(tmp_path, capsys):
    """`tuicamp show --as SEAT` under fog of war: each player's report has its own units
    and its own MP ledger, and not one unit of the other player's armies."""
    path = tmp_path / "c.toml"
    session = Session.create(path, small_campaign(enforce_movement=True, fog_of_war=True))
    session.perform("p1", A.AddUnit(army="a1", unit=A.UnitSpec(name="Azure Spears", points=90)))
    session.perform("p1", A.Move(army="a1", to="0303"))
    session.perform("p1", A.EndTurn())
    session.perform("p2", A.Move(army="a2", to="0804"))
    printed = {}
    for seat in PLAYERS:
        assert cli.main(["show", str(path), "--as", seat]) == 0
        printed[seat] = capsys.readouterr().out
    assert "MP (Reikland Host): 1 spent, 3 of M4 left" in printed["p1"]
    assert "MP (Waaagh Bigmouth): 1 spent, 3 of M4 left" in printed["p2"]  # the Boyz' M4
    assert "MP (Reikland Host)" not in printed["p2"]
    for seat, other in (("p1", "p2"), ("p2", "p1")):
        for name in (*START_UNITS[other], *NEW_UNITS[other]):
            assert name not in printed[seat], (seat, name)
        assert "Reikland Host" in printed[seat] and "Waaagh Bigmouth" in printed[seat]
    assert "Halberdiers" in printed["p1"] and "Boyz" in printed["p2"]
