"""The Invasion of Hex Island (``aasen``): captives belong to exactly one realm, through
any legal sequence of what may befall them - freed by the holder or bought back (8.2,
R-AA-39), sold to a third realm (R-AA-46), executed in the Promotions (8.2, R-AA-45). A
captive is held by one realm, never his own; a free character is held by none; and no
event makes a captive of a free man (the issue: "captives belong to exactly one realm")."""

from __future__ import annotations

import contextlib
import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.game.setup import start_campaign
from tuicamp.rules.aasen import realms
from tuicamp.rules.aasen.captives import Execute, Release, captives_of
from tuicamp.rules.aasen.characters import characters_of
from tuicamp.rules.aasen.state import CAPTURED, Officer
from tuicamp.rules.aasen.trade import Trade
from tuicamp.storage.scenario import find_scenario, load_scenario

CORSAIRS = load_scenario(find_scenario("hex-island-corsairs"))
PLAYERS = ("malus", "khazrak", "eltharion", "tehen", "harkon")


def end_all(engine) -> None:
    for player in PLAYERS:
        if player in engine.acting_seats():
            engine.perform(player, EndPhase())


def check(engine, before: int) -> int:
    """Every captive held by exactly one realm, not his own; every free man by none; no
    more captives than before. Returns how many there are now."""
    camp, state = engine.campaign, engine.campaign.state
    ids = {t.id for t in realms.realms(camp)}
    for player in {*state.generals, *state.officers}:
        for character in characters_of(state, player):
            if character.fate == CAPTURED:
                assert character.captor in ids
                assert character.captor != realms.realm_id_of(camp, player)
            else:
                assert character.captor == ""
    held = [(p, c.name) for p, c in captives_of(state)]
    assert len(held) == len(set(held)) <= before
    return len(held)


def member(engine, realm: str) -> str:
    return next(t for t in realms.realms(engine.campaign) if t.id == realm).members[0]


event = st.tuples(
    st.sampled_from(["release", "sell", "buy_back"]),
    st.sampled_from(PLAYERS),
    st.integers(0, 2),
)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    captors=st.lists(st.integers(0, 2), min_size=len(PLAYERS), max_size=len(PLAYERS)),
    events=st.lists(event, max_size=6),
    executions=st.lists(st.sampled_from(PLAYERS), max_size=3),
)
def test_captives_belong_to_exactly_one_realm(captors, events, executions):
    engine = start_campaign(copy.deepcopy(CORSAIRS), "aasen", seed=5)
    end_all(engine)
    assert engine.campaign.phase == "trade"
    camp, state = engine.campaign, engine.campaign.state
    ids = [t.id for t in realms.realms(camp)]
    for player, pick in zip(PLAYERS, captors, strict=True):  # each a captured officer
        own = realms.realm_id_of(camp, player)
        others = [r for r in ids if r != own]
        state.officers[player] = [
            Officer(f"Officer of {player}", 0, fate=CAPTURED, captor=others[pick % len(others)])
        ]
    count = check(engine, len(PLAYERS))
    for kind, player, realm_pick in events:
        officer = state.officers[player][0] if state.officers.get(player) else None
        if officer is None or officer.fate != CAPTURED:
            continue
        holder = officer.captor
        ref = f"{player}:{officer.name}"
        try:
            if kind == "release":
                engine.perform(
                    member(engine, holder), Release(captive=player, character=officer.name)
                )
            else:
                to = (
                    realms.realm_id_of(camp, player)
                    if kind == "buy_back"
                    else [r for r in ids if r != holder][realm_pick % (len(ids) - 1)]
                )
                engine.perform(
                    member(engine, holder), Trade(to=to, ask=0, give=0, give_captives=[ref])
                )
                offer = state.trades.items[-1]
                engine.perform(member(engine, to), Trade(accept=offer.id))
        except RuleError:
            pass
        count = check(engine, count)
    end_all(engine)
    assert camp.phase == "purchases"
    for player in executions:
        officer = state.officers[player][0] if state.officers.get(player) else None
        if officer is None or officer.fate != CAPTURED:
            continue
        with contextlib.suppress(RuleError):  # a Trusted captive is not executed (3.2)
            engine.perform(
                member(engine, officer.captor), Execute(captive=player, character=officer.name)
            )
        count = check(engine, count)
