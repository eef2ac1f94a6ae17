"""Refusal and undo points cost what an action changed (engine/snapshots.py).

Issue: "the refusal/undo snapshot in proportion to what the action touches ... the map
never changes in play, so it must never be copied per action". These tests pin the
mechanism without timing anything: the map's tables are the live ones in every copy,
consecutive undo points share what their actions left alone, a refusal puts back exactly
what was changed, and undo after any number of random actions gives back, byte for byte,
the save of the campaign before them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
import tomli_w
from conftest import H, small_campaign
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_sandbox_properties import actions, seats

from tuicamp.engine.codec import campaign_to_dict
from tuicamp.engine.corrections import CorrectTreasury
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.snapshots import copy, restore, updated
from tuicamp.model.map import HexMap, Territory
from tuicamp.rules.sandbox import actions as A
from tuicamp.rules.sandbox.ruleset import SandboxRuleset


def saved_bytes(engine: Engine) -> bytes:
    """The campaign as its save writes it, less what an undo itself changes (the
    chronicle's length, and the re-roll point: "an undo is an action too: the rolls before
    stay settled")."""
    data = campaign_to_dict(engine.campaign)
    data.pop("chronicle_length", None)
    data.pop("reroll", None)
    return tomli_w.dumps(data).encode()


def big_campaign():
    """The small campaign on a 200 x 200 map, in two territories."""
    camp = small_campaign()
    big = HexMap.blank(200, 200)
    big.territories = [
        Territory("west", "Westmark", [h for h in big.hexes() if h.col < 100], owner="p1"),
        Territory("east", "Eastmark", [h for h in big.hexes() if h.col >= 100], owner="p2"),
    ]
    big.settlements = camp.map.settlements
    big.hexsides = camp.map.hexsides
    camp.map = big
    return camp


def test_an_action_on_a_large_map_copies_none_of_the_map():
    """The copy between actions and every undo point hold the live map's terrain rows,
    hexside features and territory hexes themselves, and an action that leaves the map
    alone leaves its copy too: both undo points share one copy of the map."""
    camp = big_campaign()
    engine = Engine(camp)
    engine.perform("p1", A.Move(army="a1", to="0303"))
    engine.perform("p1", A.SetTreasury(player="p1", amount=7))
    first, second = engine.undo_points
    settled = engine.settled()
    for copied in (first.snapshot.map, second.snapshot.map, settled.map):
        assert copied.terrain is camp.map.terrain
        assert copied.hexsides is camp.map.hexsides
        for mine, live in zip(copied.territories, camp.map.territories, strict=True):
            assert mine.hexes is live.hexes
    assert first.snapshot.map is second.snapshot.map is settled.map


def test_undo_points_share_what_their_actions_left_alone():
    """Consecutive undo points share every army, player and record an action did not
    touch: a point holds new objects for what its action changed alone."""
    engine = Engine(small_campaign())
    engine.perform("p1", A.Move(army="a1", to="0303"))
    engine.perform("p1", A.SetTreasury(player="p1", amount=7))
    first, second = engine.undo_points
    now = engine.settled()
    moved, still = first.snapshot.armies
    assert second.snapshot.armies[1] is still  # nobody moved Bruno's army
    assert second.snapshot.armies[0] is not moved  # Anna's moved between the two
    assert first.snapshot.players is second.snapshot.players  # nobody paid before that
    assert now.players[1] is second.snapshot.players[1]
    assert now.players[0] is not second.snapshot.players[0]  # her treasury changed
    assert now.armies is second.snapshot.armies  # and nothing else


def test_the_map_changes_by_replacing_its_tables():
    """HexMap.set_terrain and add_feature replace the rows and the features instead of
    editing them, so a copy that shares the old tables still holds the old map."""
    camp = small_campaign()
    kept = copy(camp)
    camp.map.set_terrain(H(0, 0), "f")
    camp.map.add_feature("road", camp.map.hexsides["river"][0])
    assert kept.map.terrain[0][0] == "." and camp.map.terrain[0][0] == "f"
    assert camp.map.hexsides["river"][0] not in kept.map.hexsides["road"]
    assert campaign_to_dict(updated(kept, camp)) == campaign_to_dict(camp)
    restore(camp, kept)
    assert campaign_to_dict(camp) == campaign_to_dict(kept)


class MeddlingSandbox(SandboxRuleset):
    """The sandbox, but a move changes the army and a treasury and then is refused."""

    def apply(self, ctx, action):
        if isinstance(action, A.Move):
            ctx.campaign.army(action.army).hex = H(5, 5)
            ctx.campaign.players[0].treasury += 100
            ctx.campaign.armies.append(copy(ctx.campaign.armies[0]))
            raise RuleError("refused after all")
        super().apply(ctx, action)


def test_a_refusal_puts_back_what_the_ruleset_changed_and_keeps_the_rest_live():
    """ "Refusal is atomic. Any exception ... restores the campaign": what the ruleset
    changed before it raised is put back; what it did not touch stays the live object a
    caller may hold."""
    camp = small_campaign()
    engine = Engine(camp, ruleset=MeddlingSandbox())
    before = saved_bytes(engine)
    bruno, his_army, the_map = camp.players[1], camp.armies[1], camp.map
    with pytest.raises(RuleError):
        engine.perform("p1", A.Move(army="a1", to="0303"))
    assert saved_bytes(engine) == before
    assert camp.players[1] is bruno and camp.armies[1] is his_army and camp.map is the_map
    assert len(camp.armies) == 2


@dataclass
class Tally:
    """A state part that is not attrs: copied whole, never shared."""

    counts: list[int] = field(default_factory=list)


class TallyingSandbox(SandboxRuleset):
    """The sandbox, but a move adds to a tally in its state and then is refused."""

    def apply(self, ctx, action):
        ctx.campaign.state.mp_used["tally"] = 1.0
        ctx.campaign.tables["tally"].counts.append(1)
        raise RuleError("refused after all")


def test_a_refusal_puts_back_a_part_that_is_not_attrs():
    camp = small_campaign()
    camp.tables["tally"] = Tally([5])
    engine = Engine(camp, ruleset=TallyingSandbox())
    with pytest.raises(RuleError):
        engine.perform("p1", A.Move(army="a1", to="0303"))
    assert camp.tables["tally"] == Tally([5]) and "tally" not in camp.state.mp_used
    assert engine.settled().tables["tally"] is not camp.tables["tally"]


def test_a_refusal_with_nothing_changed_keeps_every_object():
    camp = small_campaign()
    engine = Engine(camp)
    held = (camp.map, camp.state, *camp.armies, *camp.players)
    with pytest.raises(RuleError):
        engine.perform("p1", A.Move(army="a1", to="9999"))
    assert (camp.map, camp.state, *camp.armies, *camp.players) == held
    assert all(a is b for a, b in zip((camp.map, camp.state, *camp.armies), held, strict=False))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(seats, actions), max_size=20))
def test_undo_after_random_play_gives_back_each_save_byte_for_byte(moves):
    """Whatever was played (the sandbox's actions at random, refusals among them), each
    undo gives back the save of the campaign before the action it takes back, and a
    refusal leaves the save as it was."""
    engine = Engine(small_campaign())
    befores: list[bytes] = []
    for seat, action in moves:
        before, clock = saved_bytes(engine), engine.campaign.clock
        try:
            events = engine.perform(seat, action)
        except RuleError:
            assert saved_bytes(engine) == before, "a refusal changed the save"
            continue
        if engine.campaign.clock != clock or not all(e.undoable for e in events):
            befores.clear()  # "nothing before a die or a new step, phase or turn"
        else:
            befores.append(before)
        assert len(engine.undo_points) == len(befores)
    while befores:
        engine.undo("gm")
        assert saved_bytes(engine) == befores.pop()
    assert not engine.can_undo("gm")


def test_a_refused_order_of_several_puts_back_the_orders_before_it():
    """perform_all: "if any is refused, none has happened", the earlier ones included."""
    engine = Engine(small_campaign())
    before = saved_bytes(engine)
    orders = [
        A.Move(army="a1", to="0303"),
        CorrectTreasury(player="p1", amount=5, reason="count"),
        A.Move(army="a1", to="9999"),
    ]
    with pytest.raises(RuleError):
        engine.perform_all("gm", orders)
    assert saved_bytes(engine) == before
    assert engine.undo_points == ()
