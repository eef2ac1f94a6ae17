"""Reading a bare campaign: the read context the package's own frame gives it.

Functions the frame's read-side hooks, the screens and these tests hand only a campaign
read it through ``shared.rules.rules_of``: the ruleset's tables under the campaign's house
rules, and its options — exactly what a ``Rules`` (or a ``Context``) of the campaign reads,
with no look-up in the engine's registry of installed rulesets.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_rauscher_combat_kit import RULESET, add_army, campaign, table_ctx

from tuicamp.engine.rules import Rules
from tuicamp.rules.rauscher import movement
from tuicamp.rules.rauscher.economy.common import max_army_points, tables_of
from tuicamp.rules.rauscher.shared.rules import rules_of
from tuicamp.rules.rauscher.shared.state import March, Role


def test_a_read_context_is_read_as_it_is():
    """A Rules or a Context handed in is the one read (its ruleset, its cached tables)."""
    camp = campaign()
    rules = Rules(camp, RULESET)
    ctx = table_ctx(camp, [])
    assert rules_of(rules) is rules
    assert rules_of(ctx) is ctx


@settings(max_examples=40, deadline=None)
@given(
    fast=st.sampled_from([1.0, 1.5, 2.0, 2.5]),
    baggage_mp=st.integers(min_value=1, max_value=12),
    advanced=st.booleans(),
    max_points=st.integers(min_value=500, max_value=9000),
)
def test_a_bare_campaign_reads_what_its_read_context_reads(fast, baggage_mp, advanced, max_points):
    """House rules (a table row) and options (advanced terrain, the army limit) read the
    same through a bare campaign as through a Rules of it."""
    camp = campaign(advanced_terrain=advanced, max_army_points=max_points)
    camp.tables = {
        "move_march": {"fast": {"factor": fast}},
        "move_roles": {"baggage": {"mp": baggage_mp}},
    }
    add_army(camp, "bag", "p1", camp.army("a1").hex, [])
    camp.state.army("bag").role = Role.BAGGAGE
    camp.state.army("a1").march = March.FAST
    rules = Rules(camp, RULESET)
    assert rules_of(camp).tables == rules.tables
    assert tables_of(camp)["move_march"]["fast"]["factor"] == fast
    assert rules_of(camp).option("advanced_terrain") is advanced
    assert max_army_points(camp) == max_army_points(rules) == max_points
    for army_id in ("a1", "a2", "bag"):
        assert movement.mp_total(camp, army_id) == movement.mp_total(rules, army_id)
        assert movement.reach(camp, army_id) == movement.reach(rules, army_id)
    assert movement.mp_total(camp, "bag") == baggage_mp
