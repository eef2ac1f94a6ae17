"""Warhammer Wars: attention zones and meetings (R-EL-2, R-EL-6, R-EL-8, R-EL-16 to
R-EL-18, R-EL-24, R-EL-29 to R-EL-31).

"If an army's attention zone enters an opposing army's attention zone the two generals
must meet. You must decide if you want to fight a battle against the opponent, and he must
do the same." On the drill ground the Foot marches to Mittel (0601) and the Wolves ride
west along the road from 1201 until their zones meet.
"""

from __future__ import annotations

import copy
from pathlib import Path

import attrs
import pytest

from tuicamp.engine.battles import AutoResolveBattle, EnterBattleResult, SideEntry
from tuicamp.engine.errors import DiceNeeded, RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.engine.views import view_for
from tuicamp.game.setup import start_campaign
from tuicamp.model.battle import UnitLoss
from tuicamp.model.campaign import DiceMode
from tuicamp.model.hexes import parse_label
from tuicamp.rules.ellegaard import EllegaardRuleset
from tuicamp.rules.ellegaard.meetings import HandPrisoner, Meet
from tuicamp.rules.ellegaard.movement import MoveDivision
from tuicamp.rules.ellegaard.prices import hostile_hexes
from tuicamp.rules.ellegaard.talks import AcceptTerms, Discuss, Offer
from tuicamp.storage.scenario import load_scenario

DRILL = load_scenario(Path(__file__).parent / "data" / "ellegaard-drill.toml")
RULESET = EllegaardRuleset()


def seat(engine, seat_id: str):
    return next(s for s in engine.campaign.seats if s.id == seat_id)


def status(engine, seat_id: str) -> list[str]:
    camp = engine.campaign
    return [
        f"{line.label}: {line.text}"
        for line in RULESET.status_lines(Rules(camp, RULESET), seat(engine, seat_id))
    ]


def meeting_war(*, table_dice: bool = False, commands=None, radius: int = 0, foot_at="0601"):
    """The Foot stands at Mittel; it is the Orcs' Move phase of hour 1 and the Wolves ride
    from 1201 towards it."""
    scenario = copy.deepcopy(DRILL)
    for army in scenario.armies:
        if army.id == "foot":
            army.hex = parse_label(foot_at)
    options = {"zone_radius": radius} if radius else {}
    mode = DiceMode.TABLE if table_dice else DiceMode.APP
    engine = start_campaign(
        scenario, "ellegaard", seed=5, dice_mode=mode, check=False, options=options
    )
    for army_id, command in (commands or {}).items():
        engine.campaign.state.divisions[army_id].command = command
    for who in ("empire", "empire", "orcs"):
        engine.perform(who, EndPhase())
    return engine


def ride(engine, to: str = "0801", dice: tuple[int, ...] = ()) -> str:
    engine.perform("orcs", MoveDivision(division="wolves", to=to, dice=list(dice)))
    return engine.campaign.map.label(engine.campaign.army("wolves").hex)


def test_a_march_halts_where_its_zone_meets_an_enemys():
    """R-EL-2: "Attention zones meet when two opposing armies are at most 4 hexes apart";
    R-EL-8: "a division whose zone enters an enemy zone stops there"."""
    engine = meeting_war()
    assert ride(engine) == "1001"  # 4 hexes from the Foot at 0601
    move = next(e for e in engine.chronicle if e.kind == "move")
    assert move.text == (
        "'The Wolves' marches from 1201 to 1001, where its attention zone meets an enemy's: "
        "it halts (R-EL-8)"
    )
    meeting = engine.chronicle[-1]
    assert meeting.kind == "meeting" and meeting.visible_to is None
    assert meeting.text.startswith("Meeting m1: the zones of 'The Wolves' (1001) and 'The Foot'")


def test_the_zone_radius_is_an_option():
    """R-EL-2: "Radius is an option": with zones of 1 hex they meet at 2 hexes apart."""
    engine = meeting_war(radius=1)
    assert ride(engine) == "0801"


def test_the_choices_are_sealed_and_revealed_together():
    """R-EL-18: "Fight/refuse choices are sealed and revealed together"."""
    engine = meeting_war()
    ride(engine)
    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    empire_view = view_for(Rules(engine.campaign, RULESET), engine.chronicle, "empire")
    (line,) = empire_view.ruleset_state.meetings
    assert line.choices.choices == {} and line.choices.waiting == ["empire"]
    assert not any("fight" in e.text for e in empire_view.chronicle if e.kind == "meeting_choice")
    assert "Meeting m1: 'The Wolves' and 'The Foot': Orcs & Goblins chose fight" in "\n".join(
        status(engine, "orcs")
    )
    waiting = "Meeting m1: 'The Wolves' and 'The Foot': waits for the sealed choice of The Empire"
    assert waiting in status(engine, "empire")  # said once, the meeting not named twice
    assert not any("fight" in line for line in status(engine, "empire"))
    with pytest.raises(RuleError, match="waits for the sealed choice of The Empire"):
        engine.perform("orcs", EndPhase())
    engine.perform("empire", Meet(meeting="m1", choice="fight"))
    revealed = next(e for e in engine.chronicle if e.kind == "meeting_revealed")
    assert revealed.text == (
        "The sealed fight or refuse of meeting m1 are revealed: Orcs & Goblins: fight; "
        "The Empire: fight"
    )


def test_both_fight_a_battle_that_must_be_settled_before_the_hour_goes_on():
    """ "If both generals agree to fight, a battlefield must immidiately be assembled";
    R-EL-30: "An hour ends only when its battles and contests are settled"; R-EL-24: "+5
    to the winner of each battle against an enemy division"."""
    engine = meeting_war()
    ride(engine)
    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    engine.perform("empire", Meet(meeting="m1", choice="fight"))
    (battle,) = engine.campaign.battles
    assert engine.campaign.map.label(battle.hex) == "0601"  # where the Foot stood
    assert battle.settlement == "mittel"
    assert [s.armies for s in battle.sides] == [["wolves"], ["foot"]]
    with pytest.raises(RuleError, match=r"Battle b1 at 0601 must be fought .* \(R-EL-30\)"):
        engine.perform("orcs", EndPhase())
    engine.perform("orcs", AutoResolveBattle(battle="b1"))
    winner = battle.result.winners[0]
    player = battle.side(winner).players[0]
    assert engine.campaign.state.war_points[player] == 5
    # both know each other's list and are spent (R-EL-5); "the loser must flee" (R-EL-21)
    camp = engine.campaign
    rules = Rules(camp, RULESET)
    assert RULESET.army_visibility(rules, seat(engine, "empire"), camp.army("wolves")) == "full"
    assert RULESET.army_visibility(rules, seat(engine, "orcs"), camp.army("foot")) == "full"
    assert all(camp.state.divisions[d].spent for d in ("wolves", "foot"))
    loser = next(s for s in battle.sides if s.id != winner).armies[0]
    assert camp.state.divisions[loser].fleeing_from
    assert any(e.kind == "flight" and e.data["division"] == loser for e in engine.chronicle)
    engine.perform("orcs", EndPhase())


def test_a_general_killed_in_a_battle_is_replaced_by_the_character_of_the_best_ld():
    """ "Generals who are killed are removed from the roster, and another character must
    take his job" (R-EL-51: in a battle as in the duel, the successor of R-EL-35): the Foot's
    Captain falls at Mittel and its Sergeant (Ld 7) leads it; so its later Ld tests have a
    general to roll on."""
    engine = meeting_war()
    foot = engine.campaign.army("foot")
    sergeant = attrs.evolve(foot.unit("foot-captain"), id="foot-sergeant", name="Sergeant")
    sergeant.leadership, sergeant.flags = 7, set()
    foot.units.append(sergeant)
    ride(engine)
    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    engine.perform("empire", Meet(meeting="m1", choice="fight"))
    fallen = UnitLoss(army="foot", unit="foot-captain", killed=1)
    engine.perform(
        "orcs",
        EnterBattleResult(
            battle="b1",
            sides=[SideEntry(side="attacker", vp=500), SideEntry(side="defender", losses=[fallen])],
        ),
    )
    assert foot.unit("foot-captain") is None
    assert [u.id for u in foot.units if "general" in u.flags] == ["foot-sergeant"]
    killed = next(e for e in engine.chronicle if e.kind == "general_killed")
    assert killed.text == (
        "Captain is killed in battle b1 and removed from the roster of 'The Foot'; Sergeant "
        "(Ld 7) takes his job"
    )


def test_both_refuse_and_each_hands_the_other_a_prisoner_of_50_points():
    """ "If both generals agree to leave eachother without fightning, each general must give
    his opponent a prisoner which must be a character, monster, troop or whatever of at
    least 50 points" (R-EL-29: a whole unit; R-EL-34: never the general)."""
    engine = meeting_war()
    ride(engine)
    engine.perform("orcs", Meet(meeting="m1", choice="refuse"))
    engine.perform("empire", Meet(meeting="m1", choice="refuse"))
    with pytest.raises(RuleError, match="must hand over a prisoner"):
        engine.perform("orcs", EndPhase())
    with pytest.raises(RuleError, match="never the general"):
        engine.perform("orcs", HandPrisoner(meeting="m1", unit="wolves-boss"))
    engine.perform("orcs", HandPrisoner(meeting="m1", unit="wolves-riders"))
    engine.perform("empire", HandPrisoner(meeting="m1", unit="foot-halberdiers"))
    prisoners = engine.campaign.state.prisoners
    assert [p.unit.id for p in prisoners["empire"]] == ["wolves-riders"]
    assert [p.unit.id for p in prisoners["orcs"]] == ["foot-halberdiers"]
    assert engine.campaign.army("wolves").unit("wolves-riders") is None
    lines = status(engine, "orcs")
    assert "Prisoner: The Empire holds Wolf Riders (400 pts) of Orcs & Goblins" in lines
    engine.perform("orcs", EndPhase())


def test_a_scout_never_fights():
    """ "Scout: ... The army cannot fight and must always refuse to take part in a battle"
    (R-EL-16)."""
    engine = meeting_war(commands={"foot": "scout"}, table_dice=True)
    ride(engine, dice=(6,))  # the Scout's d6 as the Wolves come within 5: it infiltrates
    with pytest.raises(RuleError, match="It must refuse: a Scout never fights"):
        engine.perform("empire", Meet(meeting="m1", choice="fight"))
    engine.perform("orcs", Meet(meeting="m1", choice="refuse"))
    assert engine.campaign.state.meetings[0].outcome == "prisoners"


def _offered(engine) -> str:
    """The id of the terms just offered: proposals get ids that count nothing (R-ALL-7)."""
    (pending,) = [a for a in engine.campaign.state.talks.items if a.pending]
    return pending.id


def test_one_refuses_and_the_refuser_pays_3_war_points_and_leaves():
    """ "A solution might be that the refuser must pay the attacker 3 War Points and leave"
    (R-EL-6; R-EL-24: War Points may go below 0)."""
    engine = meeting_war()
    ride(engine)
    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    engine.perform("empire", Meet(meeting="m1", choice="refuse"))
    talk = engine.chronicle[-1]
    assert talk.kind == "meeting_talk"
    assert talk.text.startswith("Meeting m1: 'The Foot' refuses to fight.")
    engine.perform("empire", Offer(meeting="m1", war_points=3))
    assert engine.chronicle[-1].text == (
        "The Empire proposes a settlement of meeting m1 to Orcs & Goblins: 'The Foot' pays 3 "
        "War Points and leaves"
    )
    offered = _offered(engine)
    assert (
        f"Terms m1: offered to Orcs & Goblins: 'The Foot' pays 3 War Points and leaves "
        f"({offered}), waiting for an answer"
    ) in status(engine, "empire")
    assert (
        f"Terms m1: The Empire offers: 'The Foot' pays 3 War Points and leaves (accept_terms "
        f"agreement = '{offered}')"
    ) in status(engine, "orcs")
    with pytest.raises(RuleError, match="agree terms or discuss"):
        engine.perform("orcs", EndPhase())
    engine.perform("orcs", AcceptTerms(agreement=_offered(engine)))
    assert not [line for line in status(engine, "orcs") if line.startswith("Terms")]
    assert engine.campaign.state.war_points == {"empire": -3, "orcs": 3}
    engine.perform("orcs", EndPhase())


def test_terms_may_hand_over_a_village_and_extra_prisoners():
    """ "... or you might find out to give some extra prisoners, hand over a friendly
    village etc." (R-EL-6)."""
    engine = meeting_war(foot_at="0401")
    engine.campaign.map.settlement("mittel").owner = "empire"
    ride(engine, to="0601")  # halts at 0801, 4 from the Foot
    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    engine.perform("empire", Meet(meeting="m1", choice="refuse"))
    engine.perform("orcs", Offer(meeting="m1", war_points=0, prisoners=1, village="mittel"))
    engine.perform("empire", AcceptTerms(agreement=_offered(engine)))
    assert engine.campaign.map.settlement("mittel").owner == "orcs"
    engine.perform("empire", HandPrisoner(meeting="m1", unit="foot-halberdiers"))
    assert engine.campaign.state.meetings[0].done


def test_terms_never_hand_over_the_home_base():
    """ "... hand over a friendly village etc." (R-EL-6): the home base, where "you, the
    supreme general" sit, is no village to give away (R-EL-49); the offer is refused and
    nothing is proposed."""
    engine = meeting_war(foot_at="0401")
    ride(engine, to="0601")
    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    engine.perform("empire", Meet(meeting="m1", choice="refuse"))
    with pytest.raises(RuleError, match="West Keep is a home base, not a village"):
        engine.perform("orcs", Offer(meeting="m1", war_points=0, village="west-keep"))
    assert not [a for a in engine.campaign.state.talks.items if a.pending]
    assert engine.campaign.map.settlement("west-keep").owner == "empire"


def test_the_villages_offered_for_terms_are_the_rules_own_never_the_home_base():
    """ "hand over a friendly village etc." (R-EL-6), never the home base (R-EL-49): both
    seats' views list, for the meeting open to terms, the Empire's Mittel alone, not its
    home base West Keep nor the Orcs' East Camp, from the check an offer is refused by;
    before the refusal is revealed they list none."""
    engine = meeting_war(foot_at="0401")
    engine.campaign.map.settlement("mittel").owner = "empire"
    ride(engine, to="0601")

    def villages(seat_id: str) -> tuple[str, ...]:
        view = view_for(Rules(engine.campaign, RULESET), [], seat_id)
        (line,) = view.ruleset_state.meetings
        return line.villages

    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    assert villages("orcs") == villages("empire") == ()
    engine.perform("empire", Meet(meeting="m1", choice="refuse"))
    assert villages("orcs") == villages("empire") == ("mittel",)
    with pytest.raises(RuleError, match="East Camp is not the refuser's to hand over"):
        engine.perform("orcs", Offer(meeting="m1", war_points=0, village="east-camp"))
    engine.perform("orcs", Offer(meeting="m1", war_points=0, village="mittel"))
    engine.perform("empire", AcceptTerms(agreement=_offered(engine)))
    assert villages("orcs") == ()  # the meeting is settled: nothing more to offer


@pytest.mark.parametrize(
    ("row", "effect"),
    [
        (3, "no unit that will do as a prisoner of 150 pts"),
        (5, "is left with a caution (R-EL-31)"),
        (6, "Orcs & Goblins receives 3 War Points: a moral victory"),
    ],
)
def test_the_generals_discussing_table_is_rolled(row, effect):
    """ "If no solution seems to be possible, you must roll on the Generals Discussing
    table": 3 "Prisoner ... of at least 150 points ... not a normal troop" (the Foot has
    only its Captain and troops), 5 "All right, but...", 6 "You silly!"."""
    engine = meeting_war(table_dice=True)
    ride(engine)
    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    engine.perform("empire", Meet(meeting="m1", choice="refuse"))
    with pytest.raises(DiceNeeded, match="Generals Discussing"):
        engine.perform("empire", Discuss(meeting="m1"))
    engine.perform("empire", Discuss(meeting="m1", dice=[row]))
    assert any(effect in e.text for e in engine.chronicle)
    assert engine.campaign.state.meetings[0].done
    engine.perform("orcs", EndPhase())


def test_terms_left_unanswered_lapse_when_the_table_is_rolled():
    """ "If no solution seems to be possible, you must roll on the Generals Discussing
    table" (R-EL-6): once the table is rolled the terms offered before lapse, and accepting
    them afterwards is refused with the reason, so no War Points change hands twice."""
    engine = meeting_war(table_dice=True)
    ride(engine)
    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    engine.perform("empire", Meet(meeting="m1", choice="refuse"))
    engine.perform("orcs", Offer(meeting="m1", war_points=5))
    offered = _offered(engine)
    engine.perform("empire", Discuss(meeting="m1", dice=[6]))
    lapsed = next(e for e in engine.chronicle if e.kind == "agreement_lapsed")
    assert lapsed.text == (
        "The settlement of meeting m1 proposed by Orcs & Goblins lapses unanswered by The Empire"
    )
    with pytest.raises(RuleError, match=f"Only a pending proposal is answered: {offered}"):
        engine.perform("empire", AcceptTerms(agreement=offered))
    assert engine.campaign.state.war_points == {"empire": 0, "orcs": 3}  # row 6 alone
    with pytest.raises(RuleError, match=r"is not open to terms .*: it is settled"):
        engine.perform("empire", Offer(meeting="m1", war_points=1))


def test_refusing_an_attack_division_lets_its_general_name_the_row():
    """Attack: "If an enemy appears within 5 squares of your division you must try to
    challenge them. If he refuses to battle you, you are allowed to choose the result of
    the Generals Discussing table!" (R-EL-17: no die, no negotiation)."""
    engine = meeting_war(commands={"wolves": "attack"})
    assert ride(engine) == "1101"  # 5 hexes from the Foot: the Attack challenges
    with pytest.raises(RuleError, match="It must fight: under Attack it must fight"):
        engine.perform("orcs", Meet(meeting="m1", choice="refuse"))
    engine.perform("empire", Meet(meeting="m1", choice="refuse"))  # the Wolves' is forced
    told = "'The Wolves' was refused under Attack: its general names the Generals Discussing row"
    talk = next(e for e in engine.chronicle if e.kind == "meeting_talk")
    assert talk.text.startswith(f"Meeting m1: 'The Foot' refuses to fight. {told}")
    assert "agree terms" not in talk.text
    assert any(told in line for line in status(engine, "orcs"))
    with pytest.raises(RuleError, match="its general names the Generals Discussing row"):
        engine.perform("empire", Offer(meeting="m1"))
    with pytest.raises(RuleError, match="its general names the row"):
        engine.perform("empire", Discuss(meeting="m1"))
    engine.perform("orcs", Discuss(meeting="m1", row=6))
    assert engine.campaign.state.war_points["orcs"] == 3


def test_you_silly_lets_the_refuser_pass_through_in_its_next_move():
    """Row 6 "You silly!": "The refuser is allowed to pass through, but the attacking
    general will receive 3 War Point for having won a moral victory!" (R-EL-45: the
    Empire's Move phase of this hour is over, so in the next)."""
    engine = meeting_war(commands={"wolves": "attack"})
    ride(engine)
    engine.perform("empire", Meet(meeting="m1", choice="refuse"))
    engine.perform("orcs", Discuss(meeting="m1", row=6))
    passes = next(e for e in engine.chronicle if e.kind == "passes")
    assert passes.text == "'The Foot' may pass through the hex of 'The Wolves' next hour (R-EL-45)"
    camp = engine.campaign
    wolves = camp.army("wolves").hex
    assert wolves in hostile_hexes(Rules(camp, RULESET), camp.army("foot"))
    engine.perform("orcs", EndPhase())  # hour 2 begins
    assert wolves not in hostile_hexes(Rules(camp, RULESET), camp.army("foot"))


def test_a_pair_in_touch_meets_once_until_they_separate():
    """R-EL-18: "A pair whose zones stay in contact does not meet again until they separate
    (more than 4 apart); one meeting per pair per hour"."""
    engine = meeting_war()
    ride(engine)
    engine.perform("orcs", Meet(meeting="m1", choice="refuse"))
    engine.perform("empire", Meet(meeting="m1", choice="refuse"))
    engine.perform("orcs", HandPrisoner(meeting="m1", unit="wolves-riders"))
    engine.perform("empire", HandPrisoner(meeting="m1", unit="foot-halberdiers"))
    engine.perform("orcs", MoveDivision(division="wolves", to="0901"))  # still in touch
    assert len(engine.campaign.state.meetings) == 1


def test_past_the_battle_limit_the_fight_waits_for_the_next_hour():
    """ "Set a limit of how many battles to be played every turn" (R-EL-7, option
    max_battles_per_turn); R-EL-28: "further both fight meetings that hour are postponed:
    the divisions halt and meet first thing next hour"."""
    scenario = copy.deepcopy(DRILL)
    for army in scenario.armies:
        if army.id in ("foot", "horse"):
            army.hex = parse_label("0601")
    engine = start_campaign(
        scenario, "ellegaard", seed=5, check=False, options={"max_battles_per_turn": 1}
    )
    for who in ("empire", "empire", "orcs"):
        engine.perform(who, EndPhase())
    ride(engine)
    assert [m.id for m in engine.campaign.state.meetings] == ["m1", "m2"]
    for meeting in ("m1", "m2"):
        engine.perform("orcs", Meet(meeting=meeting, choice="fight"))
        engine.perform("empire", Meet(meeting=meeting, choice="fight"))
    assert [b.id for b in engine.campaign.battles] == ["b1"]
    postponed = next(e for e in engine.chronicle if e.kind == "meeting_postponed")
    assert "fight first thing next hour (R-EL-7, R-EL-28)" in postponed.text
    with pytest.raises(RuleError, match="halted for a battle postponed to the next hour"):
        engine.perform("orcs", MoveDivision(division="wolves", to="1101"))
    engine.perform("orcs", AutoResolveBattle(battle="b1"))
    engine.perform("orcs", EndPhase())
    second = engine.campaign.battles[1]
    assert second.turn == 2 and [s.armies for s in second.sides] == [["wolves"], ["horse"]]


def test_a_division_waits_where_its_general_met_the_enemy():
    """ "After a battle the armies will go back to the square where they stayed while the
    two opposing generals negotiated" (R-EL-44: no march while the meeting or its battle is
    open); "this turn any other army divisions may move"."""
    engine = meeting_war()
    ride(engine)
    with pytest.raises(RuleError, match="its general is in meeting m1, not yet settled"):
        engine.perform("orcs", MoveDivision(division="wolves", to="1101"))
    engine.perform("orcs", Meet(meeting="m1", choice="fight"))
    engine.perform("empire", Meet(meeting="m1", choice="fight"))
    with pytest.raises(RuleError, match="it fights battle b1 this hour \\(R-EL-44\\)"):
        engine.perform("orcs", MoveDivision(division="wolves", to="1101"))
    engine.perform("orcs", MoveDivision(division="boyz", to="1101"))  # the others march
    assert engine.campaign.map.label(engine.campaign.army("boyz").hex) == "1101"
