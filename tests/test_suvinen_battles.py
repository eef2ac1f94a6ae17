"""Suvinen battles (point 5, first part): §4.0, §4.1, §4.2.1's examples, R-SU-15, R-SU-16.

§4.0: "There will be one ore more battles if two or more hostile to each other stacks are
in the same hex after all movement is complete. Each battle is said to take a day." §4.1:
"The usual situation is when there are two sides, each side composing of one or more
players units. Deploy for a meeting engagement and fight the battle."
"""

from __future__ import annotations

import copy
import re

import pytest
from test_suvinen_control import lines, placed, with_dwarfs
from test_suvinen_play import drill, end_council, play_impulse

from tuicamp.engine.battles import AutoResolveBattle, EnterBattleResult, SideEntry
from tuicamp.engine.corrections import CorrectTurn
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.rules import Rules
from tuicamp.model.battle import UnitLoss
from tuicamp.model.forces import Category, Unit
from tuicamp.model.hexes import parse_label
from tuicamp.rules.suvinen import SuvinenRuleset
from tuicamp.rules.suvinen.assault import ChooseAssault
from tuicamp.rules.suvinen.council import Ally
from tuicamp.rules.suvinen.crews import CrewMachine
from tuicamp.rules.suvinen.impulses import MoveCorps
from tuicamp.rules.suvinen.withdrawal import ChooseWithdrawal, TemporaryAlliance

RULESET = SuvinenRuleset()


def goblins(scenario) -> None:
    """Example 1's goblins join the Wolf Riders: "24 Goblins and their Boss", "10
    Spiderriders"."""
    placed(**{"wolf-riders": "0603"})(scenario)
    corps = next(a for a in scenario.armies if a.id == "wolf-riders")
    corps.units += [
        Unit("gobbos", "Goblins", 72, models=24),
        Unit("gobbo-boss", "Goblin Boss", 30, Category.CHARACTER),
        Unit("spiders", "Spider Riders", 140, Category.LIGHT_CAVALRY, models=10),
    ]


def to_battle(seed: int = 3, edit=goblins, options: dict[str, str] | None = None):
    """The Wolf Riders ride into the First Corps' hex in impulse 1; every other corps holds
    to the end of the movement, where the battle is found."""
    engine = drill(seed=seed, edit=edit, options=options)
    end_council(engine)
    script = {(1, 1, "wolf-riders"): MoveCorps(army="wolf-riders", path=["0503"])}
    while engine.campaign.phase.startswith("impulse"):
        play_impulse(engine, script)
    return engine


def test_hostile_stacks_in_one_hex_after_the_movement_fight_a_meeting_engagement():
    """§4.0, §4.1 (R-SU-15: day 1), and a battle in its hex ends the commitments there
    (R-SU-10)."""
    engine = to_battle()
    camp = engine.campaign
    assert camp.phase == "battles"
    (battle,) = camp.pending_battles()
    assert camp.map.label(battle.hex) == "0503" and battle.day == 1
    assert {tuple(s.armies) for s in battle.sides} == {("first-corps",), ("wolf-riders",)}
    notes = RULESET.battle_card_notes(Rules(camp, RULESET), battle)
    assert "Day 1: deploy for a meeting engagement." in notes
    assert "Give the table the feeling of the hex: it is clear (section 4.0)." in notes
    assert any("(R-ALL-3)" in n for n in notes) and any("(R-SU-21)" in n for n in notes)
    with pytest.raises(RuleError, match="First: fight or auto-resolve battle b1 at 0503"):
        engine.perform("empire", EndPhase())


def test_casualty_example_1_the_goblins_roll_and_the_spider_riders_return():
    """§4.2.1, example 1: "24 Goblins and their Boss were hacked down to last Gobbo.
    Seeing their destruction 10 Spiderriders took the better part of valour and ran off the
    table. After the battle the player rolls for casualties ... The Spiderriders all return
    to camp." R-SU-16: "Killed models ... roll on a casualty table"; "Fled models return"."""
    engine = to_battle()
    camp = engine.campaign
    (battle,) = camp.pending_battles()
    orcs = next(s.id for s in battle.sides if s.players == ["orcs"])
    empire = next(s.id for s in battle.sides if s.players == ["empire"])
    losses = [
        UnitLoss("wolf-riders", "gobbos", killed=24),
        UnitLoss("wolf-riders", "gobbo-boss", killed=1),
        UnitLoss("wolf-riders", "spiders", fled=10),
    ]
    entry = [SideEntry(side=empire, vp=900), SideEntry(side=orcs, vp=100, losses=losses)]
    engine.perform("gm", EnterBattleResult(battle="b1", sides=entry))
    corps = camp.army("wolf-riders")
    gobbos, spiders = corps.unit("gobbos"), corps.unit("spiders")
    (line,) = [e for e in engine.chronicle if e.kind == "casualties" and "Goblins of" in e.text]
    dice = [int(x) for x in line.text.split("(")[1].split(")")[0].split()]
    assert len(dice) == 24
    back = sum(1 for d in dice if d <= 2)
    # R-SU-27: "where there used to be 24+1 gobbos there now are only 13": those slightly
    # injured are on the roster at once
    assert gobbos.models == back
    later = [e for e in camp.flow.scheduled if e.kind == "return" and e.data["unit"] == "gobbos"]
    assert len(later) == sum(1 for d in dice if 3 <= d <= 4)  # back in 4 turns
    assert all(e.turn == battle.turn + 4 for e in later)
    assert spiders.models == 10  # "The Spiderriders all return to camp"
    (boss,) = [e.text for e in engine.chronicle if e.text.startswith("Goblin Boss of")]
    die = int(boss.split("(")[1].split(")")[0])
    unit = corps.unit("gobbo-boss")
    assert (unit.models if unit else 0) == (1 if die - 1 <= 2 else 0)  # characters -1 (R-SU-16)
    left = unit.models if unit else 0
    assert boss.endswith(f"; {left} {'model' if left == 1 else 'models'} now (R-SU-16)")


def test_the_fled_roll_option_makes_fled_models_roll_too():
    """R-SU-16: "option ``fled_roll`` makes them roll too"."""
    engine = to_battle()
    engine.campaign.options["fled_roll"] = True
    (battle,) = engine.campaign.pending_battles()
    orcs = next(s.id for s in battle.sides if s.players == ["orcs"])
    empire = next(s.id for s in battle.sides if s.players == ["empire"])
    loss = UnitLoss("wolf-riders", "spiders", fled=10)
    entry = [SideEntry(side=empire), SideEntry(side=orcs, losses=[loss])]
    engine.perform("gm", EnterBattleResult(battle="b1", sides=entry))
    (line,) = [e.text for e in engine.chronicle if e.kind == "casualties"]
    assert line.startswith("Spider Riders of 'The Wolf Riders': 10 rolled (")


def settle(engine, orcs_losses=(), orcs_facts=None):
    """Battle b1 entered with no losses to the Empire."""
    camp = engine.campaign
    (battle,) = camp.pending_battles()
    orcs = next(s.id for s in battle.sides if s.players == ["orcs"])
    empire = next(s.id for s in battle.sides if s.players == ["empire"])
    entry = [
        SideEntry(side=empire, vp=500),
        SideEntry(side=orcs, losses=list(orcs_losses), facts=orcs_facts or {}),
    ]
    engine.perform("gm", EnterBattleResult(battle="b1", sides=entry))


def test_after_the_battle_each_player_writes_fight_or_withdraw_under_seal():
    """§4.3: "After checking for losses each player should write down secretly wether they
    want to fight an other battle or if they want to withdraw"; R-SU-14: one hex through a
    friendly side; R-SU-15: then the next day."""
    engine = to_battle()
    settle(engine)
    camp = engine.campaign
    assert camp.phase == "battles" and set(camp.state.withdrawals) == {"0503"}
    line = "Withdrawal 0503: day 1: waiting for The Empire, Orcs & Goblins"
    assert line in lines(engine, "empire")
    with pytest.raises(RuleError, match="entered 0503 by its E side: it leaves by that side"):
        engine.perform("orcs", ChooseWithdrawal(hex="0503", choice="withdraw", to="0403"))
    engine.perform("orcs", ChooseWithdrawal(hex="0503", choice="withdraw", to="0603"))
    secret = [e for e in engine.chronicle if e.kind == "withdrawal_choice"]
    assert secret and all(e.visible_to == ["orcs"] for e in secret)
    engine.perform("empire", ChooseWithdrawal(hex="0503", choice="fight"))
    assert camp.army("wolf-riders").hex == parse_label("0603")
    assert camp.turn == 2 and camp.phase == "council"  # no battle on day 2: supply, new turn
    assert all(camp.state.corps[a.id].supply_checked == 1 for a in camp.armies)


def test_when_both_fight_on_the_next_day_brings_a_new_battle():
    """§4.4: "If there are more than one side present after withdrawal has been done start
    again" (R-SU-15: day 2)."""
    engine = to_battle()
    settle(engine)
    engine.perform("orcs", ChooseWithdrawal(hex="0503", choice="fight"))
    engine.perform("empire", ChooseWithdrawal(hex="0503", choice="fight"))
    (battle,) = engine.campaign.pending_battles()
    assert battle.id == "b2" and battle.day == 2
    assert "Day 2: deploy for a meeting engagement." in RULESET.battle_card_notes(
        Rules(engine.campaign, RULESET), battle
    )


def test_five_times_the_points_forces_a_withdrawal():
    """§4.3: "If the enemy has 5-times more worth of troops in points left after checking
    for losses you must also withdraw" (R-SU-13): 825 pts against 145."""

    def greatswords(scenario) -> None:
        placed(**{"wolf-riders": "0603"})(scenario)
        corps = next(a for a in scenario.armies if a.id == "first-corps")
        corps.units.append(Unit("greatswords", "Greatswords", 300, models=20))

    engine = to_battle(edit=greatswords)
    settle(engine)
    told = (
        "Withdrawal 0503: day 1: waiting for The Empire, Orcs & Goblins; Orcs & Goblins must "
        "withdraw: The Empire has 5 times your 145 pts left or more (R-SU-13)"
    )
    assert told in lines(engine, "orcs")
    assert not any("must withdraw" in line for line in lines(engine, "empire"))  # theirs alone
    assert not any("825" in line for line in lines(engine, "orcs"))  # the enemy's points: hidden
    with pytest.raises(RuleError, match="You must withdraw: The Empire has 5 times your 145 pts"):
        engine.perform("orcs", ChooseWithdrawal(hex="0503", choice="fight"))
    engine.perform("empire", ChooseWithdrawal(hex="0503", choice="fight"))  # not forced


def test_a_side_off_the_table_must_withdraw_to_a_hex_it_names():
    """§4.3: "A player who had no troops on the table when the battle ended MUST withdraw"
    (R-SU-13); R-SU-33: "while a hex is open to it, one must be named": the Wolf Riders'
    own E side leads to 0603, so a withdrawal to nowhere is refused."""
    engine = to_battle()
    settle(engine, orcs_facts={"off_table": 1})
    with pytest.raises(RuleError, match="no troops on the table when the battle ended"):
        engine.perform("orcs", ChooseWithdrawal(hex="0503", choice="fight"))
    with pytest.raises(RuleError, match="Name the hex to withdraw to from 0503: to = 0603"):
        engine.perform("orcs", ChooseWithdrawal(hex="0503", choice="withdraw"))
    engine.perform("orcs", ChooseWithdrawal(hex="0503", choice="withdraw", to="0603"))
    engine.perform("empire", ChooseWithdrawal(hex="0503", choice="fight"))
    assert engine.campaign.army("wolf-riders").hex == parse_label("0603")


def test_an_auto_resolved_battle_is_followed_by_the_withdrawal_choices():
    """R-ALL-2: every battle may be auto-resolved; the withdrawal choices follow."""
    engine = to_battle()
    engine.perform("empire", AutoResolveBattle(battle="b1"))
    camp = engine.campaign
    assert camp.phase == "battles" and set(camp.state.withdrawals) == {"0503"}
    assert [e.kind for e in engine.chronicle].count("casualties") >= 1


def cannon_blows_up(seed: int, edit=goblins):
    """Example 2's battle: the Great Cannon destroyed (it rolls as a killed model)."""
    engine = to_battle(seed=seed, edit=edit)
    camp = engine.campaign
    (battle,) = camp.pending_battles()
    empire = next(s.id for s in battle.sides if s.players == ["empire"])
    orcs = next(s.id for s in battle.sides if s.players == ["orcs"])
    loss = UnitLoss("first-corps", "first-cannon", killed=1)
    entry = [SideEntry(side=empire, losses=[loss]), SideEntry(side=orcs, vp=300)]
    engine.perform("gm", EnterBattleResult(battle="b1", sides=entry))
    (line,) = [e.text for e in engine.chronicle if e.text.startswith("Great Cannon of")]
    return engine, int(line.split("(")[1].split(")")[0])


def test_casualty_example_2_the_cannon_is_repaired_and_spearmen_become_its_crew():
    """§4.2.1, example 2: "Imperial Great Cannon blew up taking it's crew as casualties.
    Rolling for losses the Cannon can be repaired, but two crew-members are killed. The
    Imperial players remove two spearmen in the same corps from their roster, and from now
    on they act as crew-members for the Great Cannon." R-SU-16: "A destroyed war machine
    can be repaired; its crew come from same-profile troops." Seed 2 rolls a 2: repaired."""
    engine, die = cannon_blows_up(seed=2)
    corps = engine.campaign.army("first-corps")
    assert die <= 2 and corps.unit("first-cannon").models == 1  # repaired at once
    crew = CrewMachine(
        army="first-corps", machine="first-cannon", from_unit="first-spearmen", models=2
    )
    engine.perform("empire", crew)
    assert corps.unit("first-spearmen").models == 23
    (said,) = [e.text for e in engine.chronicle if e.kind == "crew"]
    assert said == (
        "2 models of Spearmen ('The First Corps') leave the roster and from now on crew the "
        "Great Cannon (R-SU-16, R-SU-34)"
    )
    with pytest.raises(RuleError, match="General of the Empire is no war machine"):
        engine.perform(
            "empire",
            CrewMachine(army="first-corps", machine="first-general", from_unit="first-spearmen"),
        )


def three_sides():
    """The Wolf Riders and the Karak Host march into the First Corps' 0503 in impulse 1:
    three sides there as the battles begin."""
    engine = drill(seed=16, edit=with_dwarfs)  # the Orcs, the Dwarfs, the Empire
    end_council(engine)
    script = {
        (1, 1, "wolf-riders"): MoveCorps(army="wolf-riders", path=["0503"]),
        (1, 1, "karak"): MoveCorps(army="karak", path=["0503"]),
    }
    while engine.campaign.phase.startswith("impulse"):
        play_impulse(engine, script)
    return engine


def allied_for_the_battle(engine) -> None:
    """The Empire offers the Dwarfs a temporary alliance at 0503; they accept."""
    engine.perform("empire", TemporaryAlliance(hex="0503", to="dwarfs"))
    (offer,) = engine.campaign.state.temp_alliances.items
    engine.perform("dwarfs", TemporaryAlliance(accept=offer.id))


def test_an_alliance_and_a_temporary_alliance_never_share_an_id():
    """R-ALL-7: an id made in play is "keyed by the campaign's secret seed and never given
    twice". The turn's alliances (R-SU-12) and the temporary ones of a battle (§4.1,
    R-SU-29) are kept apart, and each offer is answered by its id: the Empire's offer to
    the Orcs in the council and its offer to the Dwarfs at 0503 are two ids."""
    engine = drill(seed=16, edit=with_dwarfs)
    engine.perform("empire", Ally(to="orcs"))
    end_council(engine)  # unanswered, it lapses as impulse 1 begins
    script = {
        (1, 1, "wolf-riders"): MoveCorps(army="wolf-riders", path=["0503"]),
        (1, 1, "karak"): MoveCorps(army="karak", path=["0503"]),
    }
    while engine.campaign.phase.startswith("impulse"):
        play_impulse(engine, script)
    engine.perform("empire", TemporaryAlliance(hex="0503", to="dwarfs"))
    state = engine.campaign.state
    (pact,), (temporary,) = state.alliances.items, state.temp_alliances.items
    assert pact.id != temporary.id
    engine.perform("dwarfs", TemporaryAlliance(accept=temporary.id))
    assert state.temp_alliances.items[0].status.value == "accepted"


@pytest.mark.parametrize("ally", [True, False])
def test_three_sides_write_first_then_temporary_allies_fight_together(ally):
    """§4.1: "If there are three or more to each other hostile sides present ... 1) The
    players now must secretly write down wether they withdraw their units, or prepare for
    battle ... 2) If there still are more than two sides present the players now have the
    chance to make temporal alliances. Their troops fight together in the coming battle.
    However no troops benefit from any bonuses from the other army" (R-SU-29, R-SU-12)."""
    engine = three_sides()
    camp = engine.campaign
    assert camp.phase == "battles" and not camp.pending_battles()
    assert camp.state.before_battle == ["0503"]
    if ally:
        allied_for_the_battle(engine)
    for player in ("orcs", "dwarfs", "empire"):
        engine.perform(player, ChooseWithdrawal(hex="0503", choice="fight"))
    (battle,) = camp.pending_battles()
    notes = RULESET.battle_card_notes(Rules(camp, RULESET), battle)
    if ally:
        assert sorted(sorted(s.players) for s in battle.sides) == [["dwarfs", "empire"], ["orcs"]]
        assert any(n.startswith("Temporary allies fight together but take no") for n in notes)
        assert "Day 1: deploy for a meeting engagement." in notes
    else:  # "you have to fight a "King of the Hill" -battle"
        assert len(battle.sides) == 3
        assert "Day 1: deploy for King of the Hill (section 4.1)." in notes
        assert any(n.startswith("King of the Hill: the sides deploy weakest first") for n in notes)


def empire_loses(engine, loss: UnitLoss, routed: bool = True):
    """Battle b1 entered: the Empire loses ``loss`` and, when ``routed``, has no troops on
    the table at the end."""
    (battle,) = engine.campaign.pending_battles()
    empire = next(s.id for s in battle.sides if s.players == ["empire"])
    orcs = next(s.id for s in battle.sides if s.players == ["orcs"])
    entry = [
        SideEntry(side=empire, losses=[loss], facts={"off_table": int(routed)}),
        SideEntry(side=orcs, vp=300),
    ]
    engine.perform("gm", EnterBattleResult(battle="b1", sides=entry))
    return engine


@pytest.mark.parametrize("routed", [True, False])
def test_war_machines_left_on_the_board_of_a_side_off_the_table_are_eliminated(routed):
    """§4.2.1: "If there are no friendly troops on the table at the end of the battle, any
    Warmachines left on the board are eliminated for good." R-SU-30: the destroyed ones
    too, with no casualty roll. The Empire's Great Cannon stands, undamaged; the Empire
    flees the table (or holds it)."""
    engine = empire_loses(to_battle(), UnitLoss("first-corps", "first-spearmen", fled=25), routed)
    corps = engine.campaign.army("first-corps")
    said = [e for e in engine.chronicle if e.kind == "machines_lost"]
    if routed:
        assert corps.unit("first-cannon") is None
        (line,) = said
        assert line.text == (
            "'The First Corps' had no troops on the table at the end: its Great Cannon is "
            "eliminated for good (section 4.2.1, R-SU-30)"
        )
        assert line.visible_to == ["empire", "orcs"]
        assert "Great Cannon" not in " ".join(lines(engine, "gm"))
    else:
        assert corps.unit("first-cannon").models == 1 and not said
    assert corps.unit("first-spearmen").models == 25  # fled models return either way


def test_a_destroyed_war_machine_of_a_side_off_the_table_rolls_no_repair():
    """§4.2.1 and R-SU-30: "a destroyed one too: it does not roll on the casualty table".
    Seed 2 would roll a 2 (repaired) for the Cannon were the Empire on the table."""
    engine = empire_loses(to_battle(seed=2), UnitLoss("first-corps", "first-cannon", killed=1))
    assert engine.campaign.army("first-corps").unit("first-cannon") is None
    assert not [e for e in engine.chronicle if e.text.startswith("Great Cannon of")]


def test_temporary_allies_count_together_for_the_five_times_rule():
    """§4.3: "If the enemy has 5-times more worth of troops in points left after checking
    for losses you must also withdraw"; R-SU-13: "A side must withdraw when one hostile
    side, or a temporary alliance, has at least 5 times its points left". The Empire's 525
    pts alone are not 5 times the Wolf Riders' 145; with the Dwarfs' 240 they are (765)."""
    engine = three_sides()
    allied_for_the_battle(engine)
    for player in ("orcs", "dwarfs", "empire"):
        engine.perform(player, ChooseWithdrawal(hex="0503", choice="fight"))
    (battle,) = engine.campaign.pending_battles()
    entry = [SideEntry(side=s.id) for s in battle.sides]
    engine.perform("gm", EnterBattleResult(battle=battle.id, sides=entry))
    with pytest.raises(
        RuleError,
        match="You must withdraw: The Empire and The Dwarfs have 5 times your 145 pts left",
    ):
        engine.perform("orcs", ChooseWithdrawal(hex="0503", choice="fight"))
    engine.perform("empire", ChooseWithdrawal(hex="0503", choice="fight"))  # not forced
    engine.perform("dwarfs", ChooseWithdrawal(hex="0503", choice="fight"))


def test_the_card_names_every_disrupted_corps_of_the_battle():
    """§5.0: "Models in a Disrupted unit have LD-2." R-SU-18: "A Disrupted corps fights at
    Ld -2": the battle card says so for each Disrupted corps in the battle, and for no
    other."""
    engine = to_battle()
    camp = engine.campaign
    camp.state.corps["wolf-riders"].disrupted = True
    camp.state.corps["outriders"].disrupted = True  # Disrupted, but not in the battle
    (battle,) = camp.pending_battles()
    notes = RULESET.battle_card_notes(Rules(camp, RULESET), battle)
    disrupted = [n for n in notes if "Disrupted" in n]
    assert disrupted == ["'The Wolf Riders' is Disrupted: its models have Ld -2 (R-SU-18)"]


WOLF_RIDERS = drill().campaign.army("wolf-riders").units  # the boss and 5 wolf riders
SEED_ALL_DOWN = 14  # none of them slightly injured, two of them seriously


def wounded_back(seed: int, losses: list[UnitLoss], edit=goblins):
    """Battle b1 with the Orcs' ``losses`` (the Empire wins), the Orcs withdraw to 0603,
    and the Games Master sets the clock on to turn 5's council, when the models seriously
    injured in turn 1 are back (R-SU-16: "back in 4 turns")."""
    engine = to_battle(seed=seed, edit=edit)
    settle(engine, orcs_losses=losses)
    if engine.campaign.state.withdrawals:
        engine.perform("orcs", ChooseWithdrawal(hex="0503", choice="withdraw", to="0603"))
        engine.perform("empire", ChooseWithdrawal(hex="0503", choice="fight"))
    later = [e for e in engine.campaign.flow.scheduled if e.kind == "return"]
    engine.perform("gm", CorrectTurn(turn=5, phase="council", reason="the wounded come back"))
    return engine, later


def test_models_back_from_their_wounds_rejoin_at_their_points():
    """R-SU-16: "Models 'back in N turns' rejoin their corps"; R-SU-31: "at the points each
    was worth before the battle". All 5 Goblin Wolf Riders (95 pts) are killed; with seed
    10 none is slightly injured and one seriously: it is back in turn 5, worth its 19 pts,
    though its unit had no model left to tell its worth."""
    loss = UnitLoss("wolf-riders", "wolf-riders-pack", killed=5)
    engine, later = wounded_back(10, [loss], edit=placed(**{"wolf-riders": "0603"}))
    assert len(later) == 1 and later[0].data["points_each"] == 19
    pack = engine.campaign.army("wolf-riders").unit("wolf-riders-pack")
    assert (pack.models, pack.points) == (1, 19)
    (back,) = [e for e in engine.chronicle if e.kind == "return"]
    assert back.visible_to == ["orcs"]
    assert back.text == (
        "1 model of Goblin Wolf Riders ('The Wolf Riders') is back from its wounds: "
        "1 model, 19 pts now (R-SU-16)"
    )


def test_models_back_to_a_corps_that_is_gone_are_lost_and_the_log_says_so():
    """R-SU-16: the models "rejoin their corps"; R-SU-31: "When the corps itself is gone
    they have nothing to rejoin and are lost, and the chronicle says so". Every model of
    the Wolf Riders is killed: the corps is gone after the battle."""
    losses = [UnitLoss("wolf-riders", u.id, killed=u.models) for u in WOLF_RIDERS]
    engine, later = wounded_back(SEED_ALL_DOWN, losses, edit=placed(**{"wolf-riders": "0603"}))
    assert later and engine.campaign.army("wolf-riders") is None
    lost = [e for e in engine.chronicle if e.kind == "return"]
    assert len(lost) == len(later)
    assert all(
        e.text.endswith("wounds, but 'The Wolf Riders' is gone: it is lost (R-SU-31)") for e in lost
    )


@pytest.mark.parametrize(
    ("donor", "refusal"),
    [
        (
            Unit("greatswords", "Greatswords", 300, leadership=8, models=20),
            "Greatswords does not have the profile of the Great Cannon's crew (Ld 8 against "
            "the crew's 7)",
        ),
        (
            Unit(
                "dwarfs",
                "Dwarf Mercenaries",
                160,
                movement=3,
                leadership=9,
                models=20,
                race="Dwarfs",
            ),
            "(race Dwarfs against the crew's Empire; M 3 against the crew's 4; Ld 9 against "
            "the crew's 7)",
        ),
        (
            Unit("knights", "Reiksguard", 200, Category.LIGHT_CAVALRY, 8, 8, models=5),
            "Reiksguard is no regiment on foot",
        ),
    ],
)
def test_only_troops_of_the_crews_profile_may_crew_a_war_machine(donor, refusal):
    """§4.2.1: "You may crew warmachines with troops who have same profile as the original
    crew"; R-SU-34: "Models of a rank-and-file regiment of the machine's corps may crew it
    when their race, M and Ld are the machine's"."""

    def with_donor(scenario) -> None:
        goblins(scenario)
        corps = next(a for a in scenario.armies if a.id == "first-corps")
        corps.units.append(copy.deepcopy(donor))

    engine, _ = cannon_blows_up(seed=2, edit=with_donor)
    crew = CrewMachine(army="first-corps", machine="first-cannon", from_unit=donor.id, models=2)
    with pytest.raises(RuleError, match=re.escape(refusal)):
        engine.perform("empire", crew)
    assert engine.campaign.army("first-corps").unit(donor.id).models == donor.models


def test_a_battle_at_a_defended_home_castle_has_the_castle_card():
    """§4.6: "The defender of a city or Home Castle sets up the territory. It could be
    appropriate to limit the scenery to maybe 4-6 pieces. The first piece is buildings (no
    need to roll on the table). In addition to any other scenery the defender may use up to
    24" of walls." "A Home Castle (only original Home Castle) garrison have an unmodified
    LD 10" (R-SU-20). The Wolf Riders ride into Carroburg (0106) and assault its garrison
    (R-SU-36)."""
    engine = drill(edit=placed(**{"wolf-riders": "0105"}))
    end_council(engine)
    script = {(1, 1, "wolf-riders"): MoveCorps(army="wolf-riders", path=["0106"])}
    while engine.campaign.phase.startswith("impulse"):
        play_impulse(engine, script)
    camp = engine.campaign
    engine.perform("orcs", ChooseAssault(hex="0106", choice="assault"))
    (battle,) = camp.pending_battles()
    notes = RULESET.battle_card_notes(Rules(camp, RULESET), battle)
    assert (
        "Carroburg is defended: The Empire sets up the table, 4 to 6 pieces of scenery, the "
        'first of them buildings (no roll), and up to 24" of walls (section 4.6, R-SU-20).'
    ) in notes
    assert (
        "'The Carroburg Garrison' garrisons Carroburg, its original Home Castle: its Ld is 10, "
        "unmodified (section 4.6, R-SU-20)."
    ) in notes


def test_a_field_battle_has_no_castle_card():
    """§4.6 is for "The defender of a city or Home Castle": a battle in the open has none."""
    engine = to_battle()
    (battle,) = engine.campaign.pending_battles()
    notes = RULESET.battle_card_notes(Rules(engine.campaign, RULESET), battle)
    assert not any("(section 4.6, R-SU-20)" in n for n in notes)


@pytest.mark.parametrize("on", [True, False])
def test_the_magic_item_limits_of_section_7_0_are_on_the_card_when_the_option_is_on(on):
    """Section 7.0: "Restricting the use of magic-items might be a good idea. For example 1
    magic item up to 150 points, 5 items up to 50 points and 5 items up to 25 points for
    each player in a 3.500 point campaign." R-SU-22: an option of the campaign
    (``magic_item_limits``), shown on the battle card when it is on."""
    engine = to_battle(options={"magic_item_limits": "true" if on else "false"})
    (battle,) = engine.campaign.pending_battles()
    notes = RULESET.battle_card_notes(Rules(engine.campaign, RULESET), battle)
    limits = (
        "Magic items: 1 magic item up to 150 pts, 5 items up to 50 pts and 5 items up to 25 "
        "pts per player (R-SU-22)."
    )
    assert (limits in notes) is on
    assert on or not any("R-SU-22" in n for n in notes)
