"""Suvinen invariants over random legal impulses (hypothesis): MP is never negative, a
commitment holds less than the step it is for costs and names a hex next to the corps
(R-SU-3, R-SU-10); a corps never leaves a contested hex by a side no friend holds (R-SU-9);
control exists only in contested hexes (R-SU-8)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_suvinen_control import placed
from test_suvinen_play import drill, end_council

from tuicamp.engine.costs import cost_model
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase, acting_players
from tuicamp.engine.rules import Rules
from tuicamp.model.hexes import SideOf, parse_label
from tuicamp.rules.suvinen.control import contested, friendly_side
from tuicamp.rules.suvinen.corps import takes_impulse
from tuicamp.rules.suvinen.impulses import BreakCommitment, HoldCorps, MoveCorps, impulse_now


def check_invariants(engine) -> None:
    camp = engine.campaign
    rules = Rules(camp, engine.ruleset)
    for side in camp.state.control:
        assert contested(rules, side.hex), f"control of {side.label()} in a hex not contested"
    model = cost_model(camp.map, rules.tables)
    for army in camp.armies:
        record = camp.state.corps[army.id]
        assert record.mp_left >= 0 and record.committed_mp >= 0
        if record.committed_to is not None:
            assert army.hex is not None and army.hex.is_adjacent(record.committed_to)
            cost = model.step_cost(army.hex, record.committed_to)
            assert cost is not None and record.committed_mp < cost


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_legal_impulses_keep_the_books_sound(data):
    crowded = placed(**{"wolf-riders": "0603", "waaagh": "0504", "outriders": "0404"})
    engine = drill(seed=data.draw(st.integers(1, 50), label="seed"), edit=crowded)
    end_council(engine)
    camp = engine.campaign
    rules = Rules(camp, engine.ruleset)
    if camp.state.order[0] == "orcs":  # a contested hex from the start: 0503 (R-SU-8)
        engine.perform("orcs", MoveCorps(army="wolf-riders", path=["0503"]))
        engine.perform("orcs", EndPhase())
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
        in_contest = [a for a in mine if contested(rules, a.hex)]
        army = data.draw(st.sampled_from(in_contest or mine), label="corps")
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
        before, was_contested = army.hex, contested(rules, army.hex)
        side = SideOf.between(army.hex, parse_label(action.path[0])) if kind == "move" else None
        friendly = side is not None and (
            side not in camp.state.control or friendly_side(rules, side, army.owner)
        )
        try:
            engine.perform(player, action)
            if was_contested and army.hex != before:
                assert friendly, f"{army.id} left {before.label()} by {side.label()}, not its own"
        except RuleError:
            engine.perform(player, HoldCorps(army=army.id))  # a refusal leaves no trace
        check_invariants(engine)
        engine.perform(player, EndPhase())
        check_invariants(engine)
