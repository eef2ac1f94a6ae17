"""The Invasion of Hex Island (``aasen``): a Capital attacked twice (5.8, R-AA-16)."""

from __future__ import annotations

import copy

from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.rules.aasen import AasenRuleset, declarations
from tuicamp.rules.aasen.declarations import Answer, Declare, Pass
from tuicamp.rules.aasen.purchases import WriteSheet
from tuicamp.storage.scenario import find_scenario, load_scenario

RULESET = AasenRuleset()
REACH = "hag-graef-reach"
DUEL = load_scenario(find_scenario("hex-island-duel"))
PLAYERS = ("malus", "khazrak", "eltharion", "tehen")


def end_all(engine):
    for p in PLAYERS:
        if p in engine.acting_seats():
            engine.perform(p, EndPhase())


def test_a_capital_taken_by_the_first_battle_calls_off_the_second():
    """5.8: "When attacking an enemy Capital, up to two armies may attack, though each must
    invade from their own adjacent territory"; R-AA-16: "If the first conquers it, the
    second goes on only against a hostile holder; otherwise it is cancelled"; 6.2: "Armies
    defending a capital ... may elect to fight the battle as a siege ... they receive a
    castle for free"."""
    engine = start_campaign(copy.deepcopy(DUEL), "aasen", seed=5)
    camp = engine.campaign
    for tid in ("the-sinking-mire", "the-stair-of-tors"):
        camp.map.territory(tid).owner = REACH
    end_all(engine)
    end_all(engine)
    engine.perform("malus", WriteSheet())
    engine.perform("tehen", WriteSheet())
    end_all(engine)
    state, rules = camp.state, Rules(camp, RULESET)
    for player, source in (("malus", "the-sinking-mire"), ("khazrak", "the-stair-of-tors")):
        state.initiative[player] = 99
        engine.perform(player, Declare(source=source, target="sunward-keep"))
        engine.perform("tehen", Answer(choice="stand"))
    while declarations.order(rules):
        engine.perform(declarations.order(rules)[0], Pass())
    end_all(engine)
    first, second = camp.battles
    notes = " ".join(RULESET.battle_card_notes(rules, first))
    assert "fight the battle as a siege, with a castle for free" in notes  # 6.2
    sides = [SideEntry(side="attacker"), SideEntry(side="defender")]
    facts = {"winner": 1, "level": 3}
    engine.perform("gm", EnterBattleResult(battle=first.id, sides=sides, facts=facts))
    assert camp.map.territory("sunward-keep").owner == REACH
    assert second.status == "cancelled"
    end_all(engine)
    assert camp.phase == "end"


CORSAIRS = load_scenario(find_scenario("hex-island-corsairs"))
BRETHREN = "the-brethren"


def two_on_the_keep(trusted=False):
    """On the corsairs' island Malus (the Reach) and Harkon (the Brethren) each attack the
    Colony's Capital, Sunward Keep, Malus first; Harkon sends nothing, Malus wins a
    Massacre and takes the Keep."""
    engine = start_campaign(copy.deepcopy(CORSAIRS), "aasen", seed=5)
    camp = engine.campaign
    camp.map.territory("the-sinking-mire").owner = REACH
    camp.map.territory("the-stair-of-tors").owner = BRETHREN
    camp.map.invalidate()
    if trusted:
        camp.state.trust["harkon|malus"] = "trusted"
    players = (*PLAYERS, "harkon")
    for _ in range(2):
        for p in players:
            if p in engine.acting_seats():
                engine.perform(p, EndPhase())
    for p in ("malus", "tehen", "harkon"):
        engine.perform(p, WriteSheet())
    for p in players:
        if p in engine.acting_seats():
            engine.perform(p, EndPhase())
    state, rules = camp.state, Rules(camp, RULESET)
    for player, source, rank in (
        ("malus", "the-sinking-mire", 99),
        ("harkon", "the-stair-of-tors", 98),
    ):
        state.initiative[player] = rank
        engine.perform(player, Declare(source=source, target="sunward-keep"))
        engine.perform("tehen", Answer(choice="stand", defender="eltharion"))
    while declarations.order(rules):
        engine.perform(declarations.order(rules)[0], Pass())
    for p in players:
        if p in engine.acting_seats():
            engine.perform(p, EndPhase())
    first, second = camp.battles
    sides = [SideEntry(side="attacker"), SideEntry(side="defender")]
    engine.perform(
        "gm", EnterBattleResult(battle=first.id, sides=sides, facts={"winner": 1, "level": 3})
    )
    assert camp.map.territory("sunward-keep").owner == REACH
    return engine, second


def test_the_second_attack_goes_on_against_a_hostile_conqueror():
    """R-AA-16: "If the first conquers it, the second goes on only against a hostile
    holder"; R-AA-28: Harkon does not Trust Malus (Distrusted), so the battle goes on and
    Malus, who holds the Keep now, defends it at his own army's size (6.1: 1,200 and 50 a
    point of the Reach's Support)."""
    engine, second = two_on_the_keep()
    camp = engine.campaign
    assert second.status == "pending"
    defender = second.side("defender")
    assert defender.players == ["malus"]
    assert defender.points == 1200 + 50 * camp.state.books[REACH].support
    assert not any(c.key == "homeland" for c in second.circumstances)
    told = [e.text for e in engine.chronicle if e.kind == "battle_defender"]
    assert told == [
        f"Battle {second.id} goes on: Malus of Hag Graef now holds Sunward Keep and defends "
        "it (R-AA-16, R-AA-28)"
    ]
    invasion = camp.state.invasions[1]
    assert (invasion.defender_realm, invasion.defender) == (REACH, "malus")


def test_the_second_attack_is_called_off_when_a_trusted_army_holds_it():
    """R-AA-28: against a holder the second attacker Trusts, the second battle is called
    off (R-AA-16: "otherwise it is cancelled")."""
    engine, second = two_on_the_keep(trusted=True)
    assert second.status == "cancelled"
    told = [e.text for e in engine.chronicle if e.kind == "battle_cancelled"]
    assert told and "a Trusted army holds it (R-AA-16)" in told[0]
