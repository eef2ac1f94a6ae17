"""Suvinen invariants over random legal impulses (hypothesis): MP is never negative, a
commitment holds less than the step it is for costs and names a hex next to the corps
(R-SU-3, R-SU-10), and every eligible corps takes each impulse exactly once (R-SU-11)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from suvinen_play import drill, end_council

from tuicamp.engine.costs import cost_model
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase, acting_players
from tuicamp.engine.rules import Rules
from tuicamp.rules.suvinen.corps import takes_impulse
from tuicamp.rules.suvinen.impulses import BreakCommitment, HoldCorps, MoveCorps, impulse_now


def check_invariants(engine) -> None:
    camp = engine.campaign
    rules = Rules(camp, engine.ruleset)
    model = cost_model(camp.map, rules.tables)
    for army in camp.armies:
        record = camp.state.corps[army.id]
        assert record.mp_left >= 0 and record.committed_mp >= 0
        if record.committed_to is not None:
            assert army.hex is not None and army.hex.is_adjacent(record.committed_to)
            cost = model.step_cost(army.hex, record.committed_to)
            assert cost is not None and record.committed_mp < cost


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_legal_impulses_keep_the_books_sound(data):
    engine = drill(seed=data.draw(st.integers(1, 50), label="seed"))
    end_council(engine)
    camp = engine.campaign
    rules = Rules(camp, engine.ruleset)
    for _ in range(data.draw(st.integers(4, 14), label="entries")):
        if camp.turn > 1:
            break
        (player,) = acting_players(camp)
        now = (camp.turn, impulse_now(rules))
        mine = [
            a
            for a in camp.armies
            if a.owner == player
            and takes_impulse(rules, a, now[1])
            and camp.state.corps[a.id].took != now
        ]
        army = data.draw(st.sampled_from(mine), label="corps")
        kind = data.draw(st.sampled_from(["move", "move", "hold", "break"]), label="kind")
        if kind == "move":
            steps, here = [], army.hex
            for _ in range(data.draw(st.integers(1, 3), label="length")):
                here = data.draw(
                    st.sampled_from([h for h in here.neighbours() if camp.map.contains(h)])
                )
                steps.append(camp.map.label(here))
            action = MoveCorps(army=army.id, path=steps)
        else:
            action = (HoldCorps if kind == "hold" else BreakCommitment)(army=army.id)
        try:
            engine.perform(player, action)
        except RuleError:
            engine.perform(player, HoldCorps(army=army.id))  # a refusal leaves no trace
        check_invariants(engine)
        engine.perform(player, EndPhase())
        check_invariants(engine)
