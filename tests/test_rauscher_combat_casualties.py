"""Rauscher: the Casualties Result Table, prisoners, booty, and every model accounted for."""

from __future__ import annotations

from conftest import H
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rauscher_combat_kit import (
    add_army,
    battle_engine,
    campaign,
    returning,
    table_ctx,
    two_sided,
    unit,
)

from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.flow import fire_due
from tuicamp.model.battle import UnitLoss
from tuicamp.model.forces import Category
from tuicamp.rules.rauscher.combat import after as combat_after
from tuicamp.rules.rauscher.combat.casualties import casualties
from tuicamp.rules.rauscher.shared.state import Role


def roll(camp, army, uid, dice, *, killed=0, fled=0, modifier=0, captor=None, side="defender"):
    """Roll the Casualties Result Table for one unit with the given dice."""
    battle, _ = two_sided(100, 300)
    battle.result.side(side).losses = [UnitLoss(army, uid, killed=killed, fled=fled)]
    ctx = table_ctx(camp, dice)
    dead = []
    fates = casualties(ctx, battle, side, modifier=modifier, captor=captor, dead_characters=dead)
    assert ctx.dice.supplied == [], "every die given was needed"
    return fates[0], dead


def test_killed_models_by_row():
    """Text: "1-2 Slightly injured: The model may fight again on their next turn. 3-4
    Seriously injured: The model will be ready to fight in 4 weeks (4 turns). 5-6
    Permanently maimed or killed: The model is removed from play." """
    camp = campaign()
    fate, _ = roll(camp, "a2", "u3", [1, 2, 3, 4, 5, 6], killed=6)
    assert fate.returning == [(2, 2, "slightly injured"), (2, 5, "seriously injured")]
    assert fate.dead == 2 and fate.back_now == 0
    assert camp.army("a2").unit("u3").models == 25 - 6
    due = sorted((r.due_turn, r.unit.models) for r in returning(camp))
    assert due == [(2, 2), (5, 2)]


def test_fled_models_by_row():
    """Text: "1-2 Regains composure: Model meets up with the rest of the army after the
    battle. 3-4 Disgruntled: After 2 turns, the model rejoins the army ... 5-6 Post-traumatic
    stress: The model flees for good, never to return." """
    camp = campaign()
    fate, _ = roll(camp, "a2", "u3", [2, 1, 3, 4, 6, 5], fled=6)
    assert fate.back_now == 2 and fate.returning == [(2, 3, "disgruntled")] and fate.gone == 2
    assert camp.army("a2").unit("u3").models == 25 - 4  # two came back at once


def test_characters_subtract_one_on_the_killed_table():
    """Text: "Character models may subtract 1 from the "Killed" Model table." """
    camp = campaign()
    fate, _ = roll(camp, "a1", "u2", [5], killed=1, side="attacker")
    assert fate.returning == [(1, 5, "seriously injured")]  # 5 - 1 = 4
    camp = campaign()
    fate, _ = roll(camp, "a1", "u2", [3], killed=1, side="attacker")
    assert fate.returning == [(1, 2, "slightly injured")]  # 3 - 1 = 2
    camp = campaign()
    fate, dead = roll(camp, "a1", "u2", [6], killed=1, side="attacker")
    assert fate.dead == 1 and dead[0][1].name == "Captain"  # 6 - 1 = 5: still dead
    assert camp.army("a1").unit("u2") is None


def test_characters_never_roll_for_fleeing():
    """Text: "They never have to roll on the Fleeing Model table." — no die, back at once."""
    camp = campaign()
    fate, _ = roll(camp, "a1", "u2", [], fled=1, side="attacker")
    assert fate.back_now == 1 and camp.army("a1").unit("u2").models == 1


def test_the_loser_of_an_overwhelming_victory_adds_one():
    """Text: "The defeated army must add 1 to all rolls on the Casualties Result table." """
    camp = campaign()
    fate, _ = roll(camp, "a2", "u3", [2, 4, 2], killed=2, fled=1, modifier=1)
    assert fate.returning == [(1, 3, "disgruntled"), (1, 5, "seriously injured")]
    assert fate.dead == 1  # 4 + 1 = 5


def test_a_character_rolled_killed_is_a_prisoner_on_a_1():
    """Text: "Any character model in the losing army, other than champions, rolled as
    "killed" ... may be captured by the army holding the field. On a d6 roll of 1 ... is now
    a prisoner. On a 2 or more, the character is dead." """
    camp = campaign()
    fate, dead = roll(camp, "a1", "u2", [6, 1], killed=1, captor="p2", side="attacker")
    assert fate.prisoners == 1 and fate.dead == 0 and dead == []
    (prisoner,) = camp.state.combat.prisoners
    assert (prisoner.owner, prisoner.captor, prisoner.unit.name) == ("p1", "p2", "Captain")
    camp = campaign()
    fate, _ = roll(camp, "a1", "u2", [6, 2], killed=1, captor="p2", side="attacker")
    assert fate.prisoners == 0 and fate.dead == 1 and camp.state.combat.prisoners == []


def test_champions_are_never_taken_prisoner():
    camp = campaign()
    camp.army("a1").unit("u2").flags.add("champion")
    fate, _ = roll(camp, "a1", "u2", [6], killed=1, captor="p2", side="attacker")
    assert fate.dead == 1 and camp.state.combat.prisoners == []


def test_a_dead_special_character_is_remembered():
    """Text: "if a special character dies, they cannot be repurchased"."""
    from tuicamp.rules.rauscher.combat import dead_special_characters

    camp = campaign()
    camp.army("a1").unit("u2").flags.add("special")
    roll(camp, "a1", "u2", [6], killed=1, side="attacker")
    assert dead_special_characters(camp) == ["Captain"]


def test_mercenaries_driven_from_the_table_are_lost():
    """Text: "If a mercenary unit is ever driven from the table during the battle, they are
    lost." — no roll on the Fleeing table."""
    camp = campaign()
    camp.army("a2").unit("u4").flags.add("mercenary")
    fate, _ = roll(camp, "a2", "u4", [], fled=3)
    assert fate.gone == 3 and camp.army("a2").unit("u4").models == 2


def test_models_come_back_at_the_upkeep_of_their_turn():
    """Models "ready to fight in 4 weeks (4 turns)" rejoin their unit at that turn's Upkeep;
    when their unit was wiped out it is rebuilt."""
    camp = campaign()
    roll(camp, "a2", "u4", [3, 3, 3, 3, 3], killed=5)
    assert camp.army("a2").unit("u4") is None
    camp.turn = 5
    fire_due(table_ctx(camp, []))
    back = camp.army("a2").unit("u4")
    assert back is not None and back.models == 5 and back.points == 120
    assert returning(camp) == []


def test_models_whose_army_is_gone_gather_at_the_nearest_settlement():
    camp = campaign()
    roll(camp, "a2", "u4", [1], killed=1)
    camp.armies.remove(camp.army("a2"))
    camp.turn = 2
    fire_due(table_ctx(camp, []))
    (new,) = [a for a in camp.armies if a.owner == "p2"]
    assert new.hex == H(6, 4) and new.unit("u4").models == 1  # at Grunberg


# --- booty ------------------------------------------------------------------------------


def train(camp, owner="p2"):
    army = add_army(camp, "t1", owner, camp.army("a2").hex, [])
    camp.state.army("t1").role = Role.BAGGAGE
    return army


def test_booty_table_rows_for_a_baggage_train():
    """Text: "1-3 Recovered by the victor (or army in charge of the field.) 4-5 Item or
    baggage train is lost or destroyed, and may not be recovered. 6 Recovered by the defeated
    army"."""
    for die, owner in ((1, "p1"), (3, "p1"), (4, None), (5, None), (6, "p2")):
        camp = campaign()
        t = train(camp)
        combat_after.booty_for_train(table_ctx(camp, [die]), t, holder="p1", defeated="p2")
        found = camp.army("t1")
        assert (found.owner if found else None) == owner, die


def test_booty_for_a_dead_characters_magic_items():
    """Text: "... and for all magic items held by dead characters from either side"."""
    camp = campaign()
    dead = [
        (
            "p1",
            unit(
                "u9",
                "Wizard",
                100,
                category=Category.CHARACTER,
                flags=["item:Staff of Power", "item:Ruby Ring"],
            ),
        )
    ]
    battle, _ = two_sided(100, 300)
    lines = combat_after.booty_for_items(
        table_ctx(camp, [2, 6]), battle, dead, holder="p2", defeated="p1"
    )
    held = {(i.name, i.holder) for i in camp.state.combat.items}
    assert held == {("Ruby Ring", "p2"), ("Staff of Power", "p1")}  # sorted: Ruby first
    assert len(lines) == 2


# --- every model is accounted for ------------------------------------------------------


losses = st.tuples(st.integers(0, 25), st.integers(0, 25), st.integers(0, 5), st.integers(0, 5))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    boyz=losses,
    halberds=losses,
    captain=st.integers(0, 2),
    vp=st.tuples(st.integers(0, 900), st.integers(0, 900)),
    facts=st.tuples(st.booleans(), st.booleans()),
    seed=st.integers(0, 2**32),
)
def test_every_model_is_accounted_for_after_a_battle(boyz, halberds, captain, vp, facts, seed):
    """Alive, returning later, fled for good, dead, or a prisoner: nothing goes missing."""
    engine = battle_engine()
    camp = engine.campaign
    camp.dice.seed = seed
    before = {u.id: u.models for a in camp.armies for u in a.units}
    b_k, b_f = min(boyz[0], 25), min(boyz[1], 25 - min(boyz[0], 25))
    w_k, w_f = min(boyz[2], 5), min(boyz[3], 5 - min(boyz[2], 5))
    h_k, h_f = min(halberds[0], 20), min(halberds[1], 20 - min(halberds[0], 20))
    c_k, c_f = (1, 0) if captain == 1 else (0, 1) if captain == 2 else (0, 0)
    events = engine.perform(
        "gm",
        EnterBattleResult(
            battle="b1",
            sides=[
                SideEntry(
                    side="attacker",
                    vp=vp[0],
                    facts={"enemy_general": int(facts[0])},
                    losses=[UnitLoss("a1", "u1", h_k, h_f), UnitLoss("a1", "u2", c_k, c_f)],
                ),
                SideEntry(
                    side="defender",
                    vp=vp[1],
                    facts={"hated_enemy": int(facts[1])},
                    losses=[UnitLoss("a2", "u3", b_k, b_f), UnitLoss("a2", "u4", w_k, w_f)],
                ),
            ],
        ),
    )
    combat = camp.state.combat
    alive = {uid: 0 for uid in before}
    for a in camp.armies:
        for u in a.units:
            alive[u.id] = alive.get(u.id, 0) + u.models
    later = {uid: 0 for uid in before}
    for r in returning(camp):
        later[r.unit.id] += r.unit.models
    taken = {uid: 0 for uid in before}
    for p in combat.prisoners:
        taken[p.unit.id] += p.unit.models
    dead = {uid: 0 for uid in before}
    for ev in events:
        for fate in ev.data.get("fates", []):
            dead[fate["unit"]] += fate["dead"] + fate["gone"]
        for uid, n in ev.data.get("lost_models", {}).items():
            dead[uid] += n
    for uid, n in before.items():
        assert alive[uid] + later[uid] + taken[uid] + dead[uid] == n, uid
