"""The Invasion of Hex Island (``aasen``): Glory earned in a battle (6.4, table 6.3,
R-AA-14, R-AA-35, R-AA-36), kept on each player's General, told in the chronicle and the
status lines, and read by table 9.1 on the next battle card."""

from __future__ import annotations

import pytest
from test_aasen_battles import to_battle, to_the_battles
from test_aasen_bonuses import lead, to_next_declarations

from tuicamp.engine.battles import AutoResolveBattle, EnterBattleResult, SideEntry
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.rules.aasen import AasenRuleset, battles, glory
from tuicamp.rules.aasen.battles import Unplayed
from tuicamp.rules.aasen.declarations import Answer, Declare

RULESET = AasenRuleset()


def fight(engine, winner, level, conceded=0, malus=None, eltharion=None, battle="b1"):
    """The result of ``battle``: Malus attacks, Eltharion defends; ``malus`` and
    ``eltharion`` name their Generals' deeds of table 6.3 (deed -> count)."""
    facts = {"winner": winner, "level": level, "conceded": conceded}

    def deeds(player, given):
        return {glory.field_key(deed, player): n for deed, n in (given or {}).items()}

    sides = [
        SideEntry(side="attacker", facts=deeds("malus", malus)),
        SideEntry(side="defender", facts=deeds("eltharion", eltharion)),
    ]
    engine.perform("gm", EnterBattleResult(battle=battle, sides=sides, facts=facts))


def glory_of(engine, player):
    return engine.campaign.state.generals[player].glory


def told(engine):
    return [e.text for e in engine.chronicle if e.kind == "glory"]


@pytest.mark.parametrize(
    ("winner", "level", "earned"),
    [
        (1, 1, (1, 0)),  # "Fighting a battle resulting in a Draw or Minor Victory | +1"
        (1, 2, (2, 0)),  # "Fighting a battle resulting in a Solid Victory or Massacre | +2"
        (1, 3, (2, 0)),
        (2, 1, (0, 1)),
        (2, 2, (0, 2)),
        (2, 3, (0, 2)),
        (0, 0, (1, 1)),  # R-AA-14: "in a Draw both Generals gain 1"
    ],
)
def test_table_6_3_the_results_glory(winner, level, earned):
    """Table 6.3: "Fighting a battle resulting in a Draw or Minor Victory | +1" and "...
    a Solid Victory or Massacre | +2", the General's column; R-AA-14: the winning General
    gains it, both in a Draw."""
    engine = to_battle()
    fight(engine, winner, level)
    assert (glory_of(engine, "malus"), glory_of(engine, "eltharion")) == earned


def test_every_full_500_points_larger_costs_a_point():
    """Table 6.3: "For every 500 pts the opposing side has less than your side | -1"
    (R-AA-14: one point per full 500 points of difference between the armies fielded):
    Malus's side fields 2,350 with Khazrak's Contingent against 1,750, 600 larger."""
    engine = to_battle(contingent=600)
    assert [s.points for s in engine.campaign.battles[0].sides] == [2350, 1750]
    fight(engine, 1, 3)
    assert glory_of(engine, "malus") == 1  # a Massacre +2, a larger army -1
    assert "army larger by 600 points -1" in told(engine)[0]


def test_a_difference_under_500_points_costs_nothing():
    """Table 6.3's "every 500 pts": the Homeland's 10 % (1,925 against 1,750) is less."""
    engine = to_battle(target="the-sinking-mire")
    fight(engine, 2, 2)
    assert glory_of(engine, "eltharion") == 2


def test_glory_is_never_below_0_for_a_battle():
    """6.4: "Treat any result below 0 Glory in a battle as 0" (R-AA-14): Malus loses with
    the larger army, -1, and keeps the 0 he had."""
    engine = to_battle(contingent=600)
    fight(engine, 2, 1)
    assert glory_of(engine, "malus") == 0
    assert "earns 0 (army larger by 600 points -1): Glory 0" in told(engine)[0]


def test_the_generals_deeds_of_table_6_3():
    """Table 6.3, the General's column: "Each enemy Junior or Senior Officer slain | +1",
    "Slaying the enemy General | +2", "Slaying an enemy wizard with magic (not Bound
    items) | +1", "Each enemy standard captured | +1", "Each own mission fulfilled | 0";
    "A character can gain Glory even if he is slain during a battle" (R-AA-35)."""
    engine = to_battle()
    fight(
        engine,
        1,
        2,
        malus={"officers": 2, "general": 1, "wizards": 1, "standards": 3},
        eltharion={"officers": 1},
    )
    assert glory_of(engine, "malus") == 2 + 2 + 2 + 1 + 3
    assert glory_of(engine, "eltharion") == 1
    assert told(engine)[0] == (
        "Glory (6.4): Malus of Hag Graef's General Drusala Shadowbane earns 10 (a Solid "
        "Victory +2, 2 x officer slain +2, the enemy General slain +2, wizard slain +1, 3 x "
        "standard captured +3): Glory 10"
    )


def test_the_form_asks_each_fighting_generals_deeds_of_his_side_only():
    """R-AA-35: the form asks the two Generals' deeds of table 6.3; a Contingent's
    sender is asked none ("only Generals get Glory from the result of a battle - Senior
    Officers do not, even when they lead Supporting Contingents")."""
    engine = to_battle(contingent=300)
    battle = engine.campaign.battles[0]
    fields = battles.result_fields(Rules(engine.campaign, RULESET), battle)
    asked = {f.key: f.side for f in fields if f.key.startswith(glory.PREFIX)}
    assert asked["glory_standards_malus"] == "attacker"
    assert asked["glory_general_eltharion"] == "defender"
    assert not [k for k in asked if k.endswith("khazrak")]
    bad = [SideEntry(side="attacker", facts={"glory_general_malus": 2}), SideEntry(side="defender")]
    with pytest.raises(RuleError):
        engine.perform("gm", EnterBattleResult(battle="b1", sides=bad, facts={"conceded": 0}))
    assert glory_of(engine, "malus") == 0


def test_a_concession_is_a_massacre_and_ignores_the_larger_army():
    """6.4: "If one side concedes the match the opposing side gets Glory as per a Massacre
    result ... but any negative factors for having a larger army are ignored"."""
    engine = to_battle(contingent=600)
    fight(engine, 0, 0, conceded=2)
    assert glory_of(engine, "malus") == 2
    assert glory_of(engine, "eltharion") == 0


def test_the_result_of_a_raid_counts_for_the_glory():
    """R-AA-35: the result that counts, after table 5.4's shift ("Massacre | Draw"), gives
    the Glory: both Generals gain the Draw's 1."""
    engine = to_battle(raid=True)
    fight(engine, 1, 3)
    assert (glory_of(engine, "malus"), glory_of(engine, "eltharion")) == (1, 1)


def test_an_unplayed_battle_is_a_massacres_glory_for_the_side_that_tried():
    """6.4: "If a battle is not played in time, it counts as a Massacre in favour of the
    player who made an effort to get it played" (R-AA-36: no penalty, no army fielded)."""
    engine = to_battle(contingent=600)
    engine.perform("gm", Unplayed(battle="b1", tried="attacker"))
    assert (glory_of(engine, "malus"), glory_of(engine, "eltharion")) == (2, 0)


def test_a_discounted_battle_gives_no_glory():
    """6.4: "If both players made a decent effort, the battle is simply discounted"
    (R-AA-36)."""
    engine = to_battle()
    engine.perform("gm", Unplayed(battle="b1", tried="both"))
    assert (glory_of(engine, "malus"), glory_of(engine, "eltharion")) == (0, 0)
    assert told(engine) == []


def test_an_auto_resolved_battle_gives_its_results_glory():
    """R-AA-35: a battle resolved without the form gives the result's Glory (table 6.3)."""
    engine = to_battle(seed=7)
    engine.perform("gm", AutoResolveBattle(battle="b1"))
    battle = engine.campaign.battles[0]
    winner, level = battles.final(Rules(engine.campaign, RULESET), battle, battle.result)
    worth = {"draw": 1, "minor": 1, "solid": 2, "massacre": 2}[level]
    expected = {
        "malus": worth if winner in (None, "attacker") else 0,
        "eltharion": worth if winner in (None, "defender") else 0,
    }
    assert {p: glory_of(engine, p) for p in expected} == expected


def test_the_glory_is_in_the_generals_status_line_for_his_own_seat():
    """6.4: "Players should keep a note of how much Glory each character earns": `show
    --as SEAT` gives the seat's General with his Glory."""
    engine = to_battle()
    fight(engine, 1, 2, malus={"standards": 1})
    camp = engine.campaign
    seat = next(s for s in camp.seats if s.players == ["malus"])
    lines = [(s.label, s.text) for s in RULESET.status_lines(Rules(camp, RULESET), seat)]
    assert ("General", "Drusala Shadowbane (Glory 3)") in lines


def test_the_next_battle_card_reads_table_9_1_at_the_generals_glory():
    """9: "The Glory of a General decides the maximum number of Heroes, Special units, Rare
    units and how many Open choices"; table 9.1: "5 - 9 pts | 3 | 3 | 1 | 4". Eltharion's
    Massacre (+2) and 3 standards (+3) make 5, and next year's card reads that row."""
    engine = to_battle()
    fight(engine, 2, 3, eltharion={"standards": 3})
    assert glory_of(engine, "eltharion") == 5
    to_next_declarations(engine)
    lead(engine, "eltharion")
    engine.perform("eltharion", Declare(source="the-north-cape", target="wreckers-cove"))
    engine.perform("malus", Answer(choice="stand", defender="malus"))
    to_the_battles(engine)
    rules = Rules(engine.campaign, RULESET)
    battle = next(b for b in engine.campaign.battles if b.id != "b1")
    notes = " ".join(RULESET.battle_card_notes(rules, battle))
    assert "(Glory 5): 3 Heroes, 3 Special, 1 Rare, 4 Open choices (table 9.1)" in notes
    assert "(Glory 0): 2 Heroes, 2 Special, 0 Rare, 2 Open choices" in notes
