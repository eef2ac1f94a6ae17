"""The read context: every read-side function of the ruleset reads its tables and options
from the ``Rules`` it is given, so the campaign's house rules and options come with it.

The frame's read-side hooks are given a ``Rules`` and hand it down; the acting hooks hand
down their ``Context``, which is one. Either way a function reads the same tables in
force (the ruleset's defaults under the campaign's overrides) and the same options, with
no look-up in the engine's registry of installed rulesets.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_rauscher_combat_kit import RULESET, add_army, campaign, table_ctx

from tuicamp.engine.rules import Rules
from tuicamp.rules.rauscher import movement
from tuicamp.rules.rauscher.economy.common import max_army_points, tables_of
from tuicamp.rules.rauscher.shared.state import March, Role


@settings(max_examples=40, deadline=None)
@given(
    fast=st.sampled_from([1.0, 1.5, 2.0, 2.5]),
    baggage_mp=st.integers(min_value=1, max_value=12),
    advanced=st.booleans(),
    max_points=st.integers(min_value=500, max_value=9000),
)
def test_house_rules_and_options_reach_the_functions_through_their_read_context(
    fast, baggage_mp, advanced, max_points
):
    """House rules (a table row) and options (advanced terrain, the army limit) are read
    from the Rules a function is given, and a Context of the campaign reads the same."""
    camp = campaign(advanced_terrain=advanced, max_army_points=max_points)
    camp.tables = {
        "move_march": {"fast": {"factor": fast}},
        "move_roles": {"baggage": {"mp": baggage_mp}},
    }
    add_army(camp, "bag", "p1", camp.army("a1").hex, [])
    camp.state.army("bag").role = Role.BAGGAGE
    camp.state.army("a1").march = March.FAST
    rules = Rules(camp, RULESET)
    ctx = table_ctx(camp, [])
    assert tables_of(rules)["move_march"]["fast"]["factor"] == fast
    assert (
        tables_of(rules)["move_march"]["normal"] == RULESET.default_tables["move_march"]["normal"]
    )
    assert rules.option("advanced_terrain") is advanced
    assert max_army_points(rules) == max_army_points(ctx) == max_points
    assert movement.mp_total(rules, "bag") == baggage_mp
    for army_id in ("a1", "a2", "bag"):
        assert movement.mp_total(rules, army_id) == movement.mp_total(ctx, army_id)
        assert movement.reach(rules, army_id) == movement.reach(ctx, army_id)
