"""Moments on the clock compare as the flow orders them: turn, then the ruleset's phase
order (not the names' alphabet), then the step."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from kit_world import RULESET, ctx_for, world

from tuicamp.rules.kit.clock import Moment, flow_key, moment_text, now, reached

PHASES = [p.id for p in RULESET.phases]  # orders, march, battle


def test_phases_compare_in_the_rulesets_order() -> None:
    """ "compare as the flow orders them": battle comes after march though b < m."""
    assert flow_key(Moment(1, "battle"), PHASES) > flow_key(Moment(1, "march", 7), PHASES)
    assert flow_key(Moment(2), PHASES) < flow_key(Moment(2, "orders"), PHASES)
    assert flow_key(Moment(2), PHASES) > flow_key(Moment(1, "battle", 99), PHASES)


def test_an_unknown_phase_is_refused() -> None:
    with pytest.raises(ValueError, match="'winter' is not a phase of this ruleset"):
        flow_key(Moment(1, "winter"), PHASES)


def test_a_moment_as_the_chronicle_says_it() -> None:
    assert Moment(4).text() == "turn 4"
    assert Moment(4, "march", 2).text() == "turn 4, March phase, step 2"


def test_a_moment_names_its_phase_by_the_rulesets_title() -> None:
    """A player reads the phase's title, as the phase bar shows it, never its id: an
    offer "until turn 1, Impulse 1 phase", not "Impulse1 phase"."""
    ctx = ctx_for(world(), "gm")
    assert moment_text(ctx, Moment(1, "march")) == "turn 1, March phase"
    assert Moment(1, "impulse1").text({"impulse1": "Impulse 1"}) == "turn 1, Impulse 1 phase"


def test_reached_reads_the_campaigns_own_clock_by_default() -> None:
    camp = world()
    camp.turn, camp.phase = 3, "march"
    ctx = ctx_for(camp, "gm")
    assert now(camp) == Moment(3, "march")
    assert reached(ctx, Moment(3, "march")) and reached(ctx, Moment(3))
    assert not reached(ctx, Moment(3, "battle")) and not reached(ctx, None)
    assert reached(ctx, Moment(3, "battle"), at=Moment(4))


_moment = st.builds(Moment, st.integers(1, 4), st.sampled_from(["", *PHASES]), st.integers(0, 3))


@given(st.lists(_moment, min_size=2, max_size=8))
def test_the_flow_order_is_a_total_order_by_turn_first(moments) -> None:
    ordered = sorted(moments, key=lambda m: flow_key(m, PHASES))
    turns = [m.turn for m in ordered]
    assert turns == sorted(turns)
    for a, b in itertools.pairwise(ordered):
        if a.turn == b.turn and a.phase == b.phase:
            assert a.step <= b.step
