"""Warhammer Wars: the Block battle (R-EL-20) and handing a battle to an ally.

Block: "If any opponents try to get through the hex, they must defeat the blocking army ...
Blocking army always sets up first. 5 turns ... If penetrating army wins it may pass
through the blocked passage. In any other case they have been stopped ... Blocking armies
may never be pursued and will never flee as the battle is not, in fact, a battle, but an
attemp to penetrate." Allies: "If one player gets into two battles one turn and one of his
allied players are not, then one of these battles are handed over to the player who
originally would not have to play any battles."
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tuicamp.engine.battles import AutoResolveBattle, EnterBattleResult, SideEntry
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.model.hexes import parse_label
from tuicamp.model.teams import Team, TeamKind
from tuicamp.rules.ellegaard import EllegaardRuleset
from tuicamp.rules.ellegaard.allies import HandBattle
from tuicamp.rules.ellegaard.meetings import Meet
from tuicamp.rules.ellegaard.movement import MoveDivision
from tuicamp.storage.scenario import PlayerSlot, load_scenario

DRILL = load_scenario(Path(__file__).parent / "data" / "ellegaard-drill.toml")
RULESET = EllegaardRuleset()


@pytest.mark.parametrize(("seed", "through"), [(3, False), (4, True)])
def test_a_block_battle_lets_the_winner_through_or_stops_the_penetrator(seed, through):
    """R-EL-20: the Block scenario on the card; the penetrator that wins passes, one that
    does not stays put that hour; nobody flees, nobody is spent, no War Points. Its meeting
    is settled with it (R-EL-30), and no status line calls it open any more."""
    scenario = copy.deepcopy(DRILL)
    for army in scenario.armies:
        if army.id == "foot":
            army.hex = parse_label("0701")
        elif army.id not in ("wolves",):
            army.hex = None
    engine = start_campaign(scenario, "ellegaard", seed=seed, check=False)
    engine.campaign.state.divisions["foot"].command = "block"
    for who in ("empire", "empire", "orcs"):
        engine.perform(who, EndPhase())
    engine.perform("orcs", MoveDivision(division="wolves", to="1101"))  # 4 from the Foot
    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    engine.perform("empire", Meet(meeting="m1", choice="fight"))
    (battle,) = engine.campaign.battles
    notes = RULESET.battle_card_notes(Rules(engine.campaign, RULESET), battle)
    assert "Block scenario (R-EL-20): the blocking army always sets up first; 5 turns." in notes
    engine.perform("orcs", AutoResolveBattle(battle="b1"))
    camp = engine.campaign
    assert not any(e.kind == "flight" for e in engine.chronicle)
    assert camp.state.war_points == {"empire": 0, "orcs": 0}
    assert not camp.state.divisions["foot"].spent
    assert [(m.id, m.done, m.outcome) for m in camp.state.meetings] == [("m1", True, "settled")]
    orcs = next(s for s in camp.seats if s.id == "orcs")
    lines = RULESET.status_lines(Rules(camp, RULESET), orcs)
    assert not [x for x in lines if x.label.startswith("Meeting")]
    assert ("attacker" in battle.result.winners) is through  # the seeds give one of each
    if through:
        engine.perform("orcs", MoveDivision(division="wolves", path=["1001", "0901", "0801"]))
        assert camp.state.divisions["wolves"].passes == ["foot"]
    else:
        with pytest.raises(RuleError, match="stopped by a Block this hour: it stays put"):
            engine.perform("orcs", MoveDivision(division="wolves", to="1201"))


def test_a_player_in_two_battles_hands_one_to_an_ally_who_fights_none():
    scenario = copy.deepcopy(DRILL)
    scenario.players.append(PlayerSlot("bretonnia", "Bretonnia", "Bretonnia", "blue"))
    scenario.teams = [Team("league", "The League", ["empire", "bretonnia"], TeamKind.ALLIANCE)]
    for army in scenario.armies:
        if army.id in ("foot", "horse"):
            army.hex = parse_label("0601")
    engine = start_campaign(scenario, "ellegaard", seed=5, check=False)
    for who in ("empire", "empire", "orcs"):
        engine.perform(who, EndPhase())
    engine.perform("orcs", MoveDivision(division="wolves", to="0801"))
    for meeting in ("m1", "m2"):
        engine.perform("orcs", Meet(meeting=meeting, choice="fight"))
        engine.perform("empire", Meet(meeting=meeting, choice="fight"))
    with pytest.raises(RuleError, match="Orcs & Goblins is not an ally of The Empire"):
        engine.perform("empire", HandBattle(battle="b2", to="orcs"))
    engine.perform("empire", HandBattle(battle="b2", to="bretonnia"))
    b2 = engine.campaign.battles[1]
    assert [s.players for s in b2.sides] == [["orcs"], ["bretonnia"]]
    assert b2.circumstances[-1].text == "Fought at the table by Bretonnia for The Empire"
    engine.perform("bretonnia", AutoResolveBattle(battle="b2"))
    with pytest.raises(RuleError, match="Only a player in two battles this hour"):
        engine.perform("empire", HandBattle(battle="b1", to="bretonnia"))


def block_battle():
    """The Foot blocks at 0701; the Wolves ride at it and both fight: battle b1."""
    scenario = copy.deepcopy(DRILL)
    for army in scenario.armies:
        if army.id == "foot":
            army.hex = parse_label("0701")
        elif army.id not in ("wolves",):
            army.hex = None
    engine = start_campaign(scenario, "ellegaard", seed=3, check=False)
    engine.campaign.state.divisions["foot"].command = "block"
    for who in ("empire", "empire", "orcs"):
        engine.perform(who, EndPhase())
    engine.perform("orcs", MoveDivision(division="wolves", to="1101"))
    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    engine.perform("empire", Meet(meeting="m1", choice="fight"))
    return engine


@pytest.mark.parametrize(
    ("through", "left", "passes"),
    [(3, 4, True), (2, 4, False), (0, 5, False)],
)
def test_the_block_battle_is_scored_by_its_scenarios_two_rules(through, left, passes):
    """ "The penetrating army receives one Victory Point for every unit having crossed the
    blocking army's table edge. The blocking army receives one Victory Point for every two
    opposing units left on the table after battle. If penetrating army wins it may pass"
    (R-EL-43: a tie stops it)."""
    engine = block_battle()
    battle = engine.campaign.battles[0]
    fields = {f.key: f.side for f in RULESET.result_fields(Rules(engine.campaign, RULESET), battle)}
    assert fields == {"units_through": "attacker", "enemy_units_left": "defender"}
    sides = [
        SideEntry(side="attacker", vp=900, facts={"units_through": through}),
        SideEntry(side="defender", vp=0, facts={"enemy_units_left": left}),
    ]
    engine.perform("orcs", EnterBattleResult(battle="b1", sides=sides))
    assert ("attacker" in battle.result.winners) is passes
    assert engine.campaign.state.divisions["wolves"].passes == (["foot"] if passes else [])
