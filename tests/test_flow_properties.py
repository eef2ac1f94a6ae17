"""The flow's invariants over random legal play of the sandbox and Rauscher (hypothesis):
the clock only moves forward, the seats called to act may act, and effects scheduled for
later fire once each, when the clock gets there."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from unittest import mock

from conftest import small_campaign
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rauscher_properties import SCENARIO, bring_armies_close, candidates

from tuicamp.engine.context import Context
from tuicamp.engine.dice import Dice
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase, acting_players, clock_key
from tuicamp.game.setup import new_campaign
from tuicamp.model.flow import Clock, ScheduledEffect
from tuicamp.rules.rauscher.shared.common import PHASES
from tuicamp.rules.sandbox import actions as A

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@contextmanager
def counting_fires(engine: Engine) -> Iterator[Counter[int]]:
    """Count each scheduled effect's firing (and still tell it, as the ruleset would)."""
    fired: Counter[int] = Counter()
    original = type(engine.ruleset).fire

    def fire(self, ctx: Context, effect: ScheduledEffect) -> None:
        fired[effect.id] += 1
        original(self, ctx, effect)

    with mock.patch.object(type(engine.ruleset), "fire", fire):
        yield fired


def schedule(engine: Engine, clocks: list[Clock]) -> list[ScheduledEffect]:
    """Effects a ruleset set for later, as if from an earlier action."""
    camp = engine.campaign
    ctx = Context(
        campaign=camp,
        seat=camp.gm_seat(),
        dice=Dice(camp.dice),
        ruleset=engine.ruleset,
        next_seq=1,
        action_no=1,
    )
    now = clock_key(engine.ruleset, camp.clock)
    later = [c for c in clocks if clock_key(engine.ruleset, c) > now]
    made = [
        ctx.schedule("omen", turn=c.turn, phase=c.phase, text=f"An omen for {c}") for c in later
    ]
    engine.changed()
    return made


def check_flow(engine: Engine, last: tuple[int, int, int], effects, fired) -> tuple[int, int, int]:
    """Every invariant of the flow after one action; returns the clock's key now."""
    camp, ruleset = engine.campaign, engine.ruleset
    now = clock_key(ruleset, camp.clock)
    assert now >= last, f"the clock went back from {last} to {now}"
    players = acting_players(camp)
    assert set(players) <= set(camp.flow.order) <= {p.id for p in camp.players}
    if not camp.flow.simultaneous:
        assert len(players) <= 1, "two players act at once in turn order"
    for seat_id in engine.acting_seats():
        seat = camp.seat(seat_id)
        assert seat is not None and not seat.gm and any(seat.controls(p) for p in players)
    assert all(count == 1 for count in fired.values()), "an effect fired twice"
    waiting = {e.id for e in camp.flow.scheduled}
    for effect in effects:
        due = clock_key(ruleset, effect.clock) <= now
        assert fired[effect.id] == (1 if due else 0), f"effect {effect.id} at {effect.clock}"
        assert (effect.id in waiting) is not due
    stamps = [clock_key(ruleset, e.clock) for e in engine.chronicle]
    assert stamps == sorted(stamps), "an event is stamped earlier than the one before"
    return now


def refused_out_of_turn(engine: Engine) -> None:
    """A seat not called to act cannot end the phase for its player."""
    camp = engine.campaign
    acting = set(engine.acting_seats())
    for seat in camp.seats:
        if seat.gm or seat.id in acting or not seat.players or camp.finished:
            continue
        try:
            engine.perform(seat.id, EndPhase())
        except RuleError:
            continue
        raise AssertionError(f"{seat.id} ended the phase out of turn")


# --- the sandbox --------------------------------------------------------------------------
labels = st.builds(lambda c, r: f"{c:02d}{r:02d}", st.integers(1, 8), st.integers(1, 6))
sandbox_actions = st.one_of(
    st.builds(A.Move, army=st.sampled_from(["a1", "a2"]), to=labels),
    st.builds(A.Roll, expr=st.just("d6")),
    st.builds(A.EndTurn),
    st.builds(EndPhase),
    st.builds(EndPhase, player=st.sampled_from(["p1", "p2"])),
)
clocks = st.lists(st.builds(Clock, st.integers(1, 4), st.just("play")), max_size=4)


@SETTINGS
@given(
    st.booleans(),
    clocks,
    st.lists(st.tuples(st.sampled_from(["p1", "p2", "gm"]), sandbox_actions), max_size=30),
)
def test_random_sandbox_play_keeps_the_flow_straight(together, when, moves):
    engine = Engine(small_campaign(simultaneous=together))
    effects = schedule(engine, when)
    with counting_fires(engine) as fired:
        last = check_flow(engine, (0, -1, 0), effects, fired)
        for seat, action in moves:
            with suppress(RuleError):
                engine.perform(seat, action)
            last = check_flow(engine, last, effects, fired)
            refused_out_of_turn(engine)


# --- Rauscher -----------------------------------------------------------------------------
rauscher_clocks = st.lists(
    st.builds(Clock, st.integers(1, 3), st.sampled_from(PHASES)), min_size=1, max_size=4
)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), rauscher_clocks, st.data())
def test_random_rauscher_play_keeps_the_flow_straight(seed, when, data):
    camp = new_campaign(SCENARIO, "rauscher", seed=seed, options={"auto_resolve_battles": "true"})
    bring_armies_close(camp)
    engine = Engine(camp)
    effects = schedule(engine, when)
    with counting_fires(engine) as fired:
        last = check_flow(engine, (0, -1, 0), effects, fired)
        for _ in range(80):
            choices = candidates(engine)
            if not choices or camp.finished:
                break
            seat, action = data.draw(st.sampled_from(choices))
            with suppress(RuleError):
                engine.perform(seat, action)
            last = check_flow(engine, last, effects, fired)
        refused_out_of_turn(engine)
