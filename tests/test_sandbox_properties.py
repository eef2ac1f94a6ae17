"""Invariants over random sandbox play (hypothesis)."""

from __future__ import annotations

from conftest import small_campaign
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tuicamp.engine.codec import campaign_from_dict, campaign_to_dict
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.rules.sandbox import actions as A

labels = st.builds(lambda c, r: f"{c:02d}{r:02d}", st.integers(1, 9), st.integers(1, 7))
armies = st.sampled_from(["a1", "a2", "a10", "a11", "a12"])
units = st.sampled_from(["u1", "u2", "u3", "u4", "u10", "u11", "u12"])
unit_specs = st.builds(
    A.UnitSpec, name=st.sampled_from(["Spears", "Knights"]), points=st.integers(-5, 400)
)
actions = st.one_of(
    st.builds(A.Move, army=armies, to=labels),
    st.builds(
        A.CreateArmy, name=st.just("Levy"), hex=labels, units=st.lists(unit_specs, max_size=2)
    ),
    st.builds(A.SplitArmy, army=armies, units=st.lists(units, min_size=1, max_size=2)),
    st.builds(A.MergeArmies, armies=st.lists(armies, min_size=2, max_size=2)),
    st.builds(A.DisbandArmy, army=armies),
    st.builds(A.AddUnit, army=armies, unit=unit_specs),
    st.builds(A.RemoveUnit, army=armies, unit=units),
    st.builds(A.EditUnit, army=armies, unit=units, points=st.integers(-3, 300)),
    st.builds(A.SetTreasury, player=st.sampled_from(["p1", "p2"]), amount=st.integers(-10, 99)),
    st.builds(A.Roll, expr=st.sampled_from(["d6", "2d6", "d66", "x"])),
    st.builds(A.EndTurn),
)
seats = st.sampled_from(["p1", "p2", "gm"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(seats, actions), max_size=25))
def test_random_play_keeps_the_books_straight(moves):
    engine = Engine(small_campaign())
    for seat, action in moves:
        before = campaign_to_dict(engine.campaign)
        try:
            engine.perform(seat, action)
        except RuleError:
            assert campaign_to_dict(engine.campaign) == before  # refusals change nothing
        camp = engine.campaign
        unit_ids = [u.id for a in camp.armies for u in a.units]
        assert len(unit_ids) == len(set(unit_ids)), "a unit is in two places"
        assert len({a.id for a in camp.armies}) == len(camp.armies)
        assert all(p.treasury >= 0 for p in camp.players)
        assert all(u.points >= 0 for a in camp.armies for u in a.units)
        for army in camp.armies:
            assert army.hex is not None and camp.map.contains(army.hex)
            assert not camp.map.terrain_at(army.hex).water
        assert [e.seq for e in engine.chronicle] == list(range(1, len(engine.chronicle) + 1))
        assert camp.chronicle_length == len(engine.chronicle)
    # the whole state survives a round trip through plain data
    data = campaign_to_dict(engine.campaign)
    assert campaign_to_dict(campaign_from_dict(data, engine.ruleset.state_class)) == data


def test_the_random_actions_do_get_performed():
    """Guard the property test against only ever exercising refusals."""
    from hypothesis import find

    def performs_many(moves) -> bool:
        engine = Engine(small_campaign())
        done = 0
        for seat, action in moves:
            try:
                engine.perform(seat, action)
                done += 1
            except RuleError:
                pass
        return done >= 5

    find(
        st.lists(st.tuples(seats, actions), min_size=10, max_size=25),
        performs_many,
        # the first list that performs enough will do: shrinking it to the smallest would
        # cost more than the whole property test, and proves nothing more
        settings=settings(max_examples=200, deadline=None, database=None, phases=[Phase.generate]),
    )
