"""Rauscher ambushes: drawn up in secret, sprung on the Ambush Result Table (R-RA-11)."""

from __future__ import annotations

import pytest
from conftest import H
from rauscher_rules import rauscher_rules
from test_rauscher_movement_kit import (
    L,
    add_army,
    new_campaign,
    started,
    table_dice,
    to_movement,
    unit,
)

from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.model.battle import BattleSide
from tuicamp.model.map import Territory
from tuicamp.rules.rauscher import movement
from tuicamp.rules.rauscher.movement import actions as A
from tuicamp.rules.rauscher.ruleset import EndPhase
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.state import Role


def _ambush(territory: str = "east"):
    """Anna hides her Halberdiers (250 pts) in Eastmark, where Bruno's army stands."""
    camp, engine = started()
    table_dice(camp)
    events = engine.perform(
        "p1", A.SetAmbush(army="a1", units=["u1"], territory=territory, name="Hidden Blades")
    )
    party = events[0].data["army"]
    return camp, engine, party


def test_an_ambush_leaves_its_army_and_hides():
    """Text: "Draw up an ambush list, composing the ambush of units from one of your
    armies ... Write down the name of the territory where the ambush is hidden"."""
    camp, engine, party = _ambush()
    assert [u.id for u in camp.army("a1").units] == ["u2"]
    assert camp.army(party).hex is None and [u.id for u in camp.army(party).units] == ["u1"]
    assert rstate(camp).movement.ambush(party).territory == "east"
    bruno = view_for(Rules(camp, engine.ruleset), engine.chronicle, "p2")
    assert bruno.army(party) is None
    assert not any(e.kind == "ambush_set" for e in bruno.chronicle)
    anna = view_for(Rules(camp, engine.ruleset), engine.chronicle, "p1")
    assert anna.army(party).known == "full"
    assert any(e.kind == "ambush_set" for e in anna.chronicle)


def test_an_ambush_is_at_most_1000_points():
    """Text: "The ambush may consist of no more than 1,000 points"."""
    camp, engine = started()
    camp.army("a1").units.append(unit("big", 800))
    engine.changed()
    with pytest.raises(RuleError, match="at most 1000 pts; these units are 1050"):
        engine.perform("p1", A.SetAmbush(army="a1", units=["u1", "big"], territory="west"))
    engine.perform("p1", A.SetAmbush(army="a1", units=["big", "u2"], territory="west"))


def test_an_ambush_waits_in_its_territory_or_one_next_to_it():
    """Text: "The ambush may be assigned either in the territory in which they were
    created, or in any territory adjacent to it"."""
    camp = new_campaign()
    m = camp.map
    m.territories = [
        Territory("west", "Westmark", [h for h in m.hexes() if h.col < 3], owner="p1"),
        Territory("mid", "Midmark", [h for h in m.hexes() if 3 <= h.col < 6]),
        Territory("far", "Farmark", [h for h in m.hexes() if h.col >= 6], owner="p2"),
    ]
    m.invalidate()
    engine = Engine(camp)
    to_movement(engine)
    with pytest.raises(RuleError, match="hidden in Westmark or a territory next to it"):
        engine.perform("p1", A.SetAmbush(army="a1", units=["u1"], territory="far"))
    engine.perform("p1", A.SetAmbush(army="a1", units=["u1"], territory="mid"))


def test_ambushes_may_be_drawn_up_in_upkeep():
    camp = new_campaign()
    engine = Engine(camp)
    engine.perform("p1", A.SetAmbush(army="a1", units=["u1"], territory="east"))
    assert rstate(camp).movement.ambushes


def test_an_army_emptied_into_an_ambush_is_gone():
    camp, engine = started()
    engine.perform("p1", A.SetAmbush(army="a1", units=["u1", "u2"], territory="west"))
    assert camp.army("a1") is None


ROWS = [
    # (dice, patrols, row key, surprise for, surprise)
    ([2, 3], False, "complete_surprise", "ambusher", 2),
    ([1, 1], False, "complete_surprise", "ambusher", 2),
    ([3, 3], False, "advanced_warning", "ambusher", 1),
    ([4, 5], False, "advanced_warning", "ambusher", 1),
    ([5, 5], False, "discovered", None, 0),
    ([6, 6], False, "discovered", None, 0),
    ([1, 1, 3], True, "complete_surprise", "ambusher", 2),
    ([2, 2, 2], True, "advanced_warning", "ambusher", 1),
    ([4, 5, 5], True, "discovered", None, 0),
    ([5, 5, 5], True, "reverse_ambush", "ambushed", 2),
    ([6, 6, 6], True, "reverse_ambush", "ambushed", 2),
]


@pytest.mark.parametrize(("dice", "patrols", "key", "helped", "surprise"), ROWS)
def test_ambush_result_table(dice, patrols, key, helped, surprise):
    """Ambush Result Table: "5 or less Complete Surprise! ... 6-9 Advanced Warning ...
    10-14 Ambush Discovered ... 15+ Reverse ambush". "If there is a patrol with the army
    being ambushed, add an additional d6 to the roll ... (i.e., roll 3d6)"."""
    camp, engine, party = _ambush()
    if patrols:
        rstate(camp).army("a2").patrols = ["u4"]
        engine.changed()
    events = engine.perform("p1", A.RevealAmbush(ambush=party, target="a2", dice=dice))
    sprung = next(e for e in events if e.kind == "ambush")
    assert sprung.data["result"] == key and sprung.data["total"] == sum(dice)
    assert sprung.visible_to is None  # revealed: everyone reads it
    assert camp.army(party).hex == camp.army("a2").hex
    assert rstate(camp).army("a2").finished  # the ambushed army is pinned
    found = movement.battle_circumstances(rauscher_rules(camp), H(6, 3), [party, "a2"])
    assert [c.key for c in found if c.key == "ambush"] == ["ambush"]
    surprises = [(c.side, c.value) for c in found if c.key == "surprise"]
    expected = {"ambusher": party, "ambushed": "a2"}.get(helped)
    assert surprises == ([(expected, surprise)] if expected else [])


def test_the_ambush_shows_on_the_battle_card_by_side():
    camp, engine, party = _ambush()
    engine.perform("p1", A.RevealAmbush(ambush=party, target="a2", dice=[1, 2]))
    sides = [
        BattleSide("attacker", "Attacker", ["p1"], [party]),
        BattleSide("defender", "Defender", ["p2"], ["a2"]),
    ]
    found = movement.battle_circumstances(rauscher_rules(camp), H(6, 3), [party, "a2"], sides)
    assert [(c.key, c.side) for c in found] == [("ambush", None), ("surprise", "attacker")]
    assert "Complete Surprise!" in found[0].text


def test_an_ambush_may_be_sprung_in_the_enemys_move():
    """Text: "At any time during the movement phase, the player may declare that they have
    set an ambush, and they are revealing it"."""
    camp, engine, party = _ambush()
    engine.perform("p1", EndPhase())
    engine.perform("p2", A.Move(army="a2", to=L(5, 3)))
    engine.perform("p1", A.RevealAmbush(ambush=party, target="a2", dice=[4, 4]))
    assert camp.army(party).hex == H(5, 3)
    with pytest.raises(RuleError, match="completed its movement"):
        engine.perform("p2", A.Move(army="a2", to=L(6, 3)))


def test_the_target_must_be_in_the_ambushs_territory():
    """Text: "Whenever an enemy army enters the selected territory, they are susceptible
    to ambush"."""
    _camp, engine, party = _ambush(territory="west")
    with pytest.raises(RuleError, match="not in the territory where the ambush waits"):
        engine.perform("p1", A.RevealAmbush(ambush=party, target="a2", dice=[4, 4]))


def test_only_the_owner_reveals_and_only_in_movement():
    """Another player is refused as if the hidden party were no army at all: the refusal
    must not tell it that an ambush waits (R-RA-11)."""
    _camp, engine, party = _ambush()
    with pytest.raises(RuleError, match="There is no army"):
        engine.perform("p2", A.RevealAmbush(ambush=party, target="a2", dice=[4, 4]))
    for seat in ("p1", "p2"):
        engine.perform(seat, EndPhase())
    with pytest.raises(RuleError, match="Movement phase"):
        engine.perform("p1", A.RevealAmbush(ambush=party, target="a2", dice=[4, 4]))


def test_scouting_parties_cannot_be_ambushed():
    camp, engine, party = _ambush()
    add_army(camp, "bp", "p2", H(5, 3), [unit("w", 60, 9)], role=Role.SCOUTING_PARTY)
    engine.changed()
    with pytest.raises(RuleError, match="cannot be attacked by armies"):
        engine.perform("p1", A.RevealAmbush(ambush=party, target="bp", dice=[4, 4]))


def test_an_ambushed_messenger_is_destroyed_without_a_roll():
    """Messengers: "if they are Ambushed or attacked in any way, they are destroyed"."""
    camp, engine, party = _ambush()
    add_army(camp, "m", "p2", H(5, 4), [], role=Role.MESSENGER)
    engine.changed()
    engine.perform("p1", A.RevealAmbush(ambush=party, target="m"))  # no dice needed
    assert camp.army("m") is None and camp.army(party).hex == H(5, 4)


def test_ambushed_refugees_pay_the_attacker_a_copper():
    """Text: "If the Refugee group is destroyed, the attacking army gains one copper"."""
    camp, engine, party = _ambush()
    add_army(camp, "r", "p2", H(5, 4), [unit("folk", 0)], role=Role.REFUGEES)
    engine.changed()
    before = camp.player("p1").treasury
    engine.perform("p1", A.RevealAmbush(ambush=party, target="r"))
    assert camp.army("r") is None and camp.player("p1").treasury == before + 1


def test_an_unsprung_ambush_may_come_out_of_hiding():
    camp, engine, party = _ambush()
    with pytest.raises(RuleError, match="not in the ambush's territory"):
        engine.perform("p1", A.WithdrawAmbush(ambush=party, hex=L(1, 2)))
    with pytest.raises(RuleError, match="spring the ambush instead"):
        engine.perform("p1", A.WithdrawAmbush(ambush=party, hex=L(6, 3)))
    engine.perform("p1", A.WithdrawAmbush(ambush=party, hex=L(5, 5)))
    assert camp.army(party).hex == H(5, 5) and not rstate(camp).movement.ambushes
    assert rstate(camp).army(party).finished


def test_ambush_results_belong_to_their_turn():
    camp, engine, party = _ambush()
    engine.perform("p1", A.RevealAmbush(ambush=party, target="a2", dice=[4, 4]))
    camp.dice.mode = camp.dice.mode.APP
    for _ in range(5):
        for seat in ("p1", "p2"):
            if camp.phase == "combat" and camp.pending_battles():
                for b in camp.pending_battles():
                    engine.perform("gm", _auto(b.id))
            engine.perform(seat, EndPhase())
    assert camp.turn == 2 and camp.phase == "movement"
    assert not rstate(camp).movement.sprung


def _auto(battle_id):
    from tuicamp.engine.battles import AutoResolveBattle

    return AutoResolveBattle(battle=battle_id)


def test_no_ambush_after_ending_upkeep():
    camp = new_campaign()
    engine = Engine(camp)
    engine.perform("p1", EndPhase())
    with pytest.raises(RuleError, match="already ended this phase"):
        engine.perform("p1", A.SetAmbush(army="a1", units=["u1"], territory="east"))
