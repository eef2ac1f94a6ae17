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
