"""Warhammer Wars: the Generals Discussing rows fought at the table - the duel, the chase
and the fair battle - as battles with their cards, result forms and auto-resolver, and
what follows each (R-EL-5, R-EL-21, R-EL-24, R-EL-35, R-EL-41, R-EL-42).

On the drill ground the Foot stands at Mittel (0601); the Wolves ride west under Attack,
the Foot refuses, and the Wolves' general names the row (R-EL-17).
"""

from __future__ import annotations

import copy
import re
import shutil
from pathlib import Path

import attrs
import pytest

from tuicamp import cli
from tuicamp.engine.battles import AutoResolveBattle, EnterBattleResult, SideEntry
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase
from tuicamp.engine.result_form import form_of
from tuicamp.engine.rules import Rules
from tuicamp.game.battlecard import build_card, card_text
from tuicamp.game.session import Session
from tuicamp.game.setup import start_campaign
from tuicamp.model.battle import UnitLoss
from tuicamp.model.campaign import DiceMode
from tuicamp.model.hexes import parse_label
from tuicamp.rules.ellegaard import EllegaardRuleset
from tuicamp.rules.ellegaard.contests import ChaseUnits
from tuicamp.rules.ellegaard.meetings import Meet, counts_as_battle
from tuicamp.rules.ellegaard.movement import MoveDivision
from tuicamp.rules.ellegaard.talks import Discuss
from tuicamp.storage.scenario import load_scenario

DRILL_PATH = Path(__file__).parent / "data" / "ellegaard-drill.toml"
DRILL = load_scenario(DRILL_PATH)
RULESET = EllegaardRuleset()


def contest(row: int, *, table_dice: bool = False, options=None, extra=()):
    """The Wolves (under Attack) have met the Foot at Mittel, the Foot refused and the
    Wolves' general named ``row``: its contest is battle b1. ``extra`` adds units to the
    Foot: (id, points, models) each."""
    scenario = copy.deepcopy(DRILL)
    for army in scenario.armies:
        if army.id == "foot":
            army.hex = parse_label("0601")
            model = army.unit("foot-halberdiers")
            for uid, points, models in extra:
                name = uid.removeprefix("foot-").title()
                army.units.append(
                    attrs.evolve(model, id=uid, name=name, points=points, models=models)
                )
    mode = DiceMode.TABLE if table_dice else DiceMode.APP
    opts = {"auto_resolve_consent": False, **(options or {})}
    engine = start_campaign(
        scenario, "ellegaard", seed=5, dice_mode=mode, check=False, options=opts
    )
    engine.campaign.state.divisions["wolves"].command = "attack"
    for who in ("empire", "empire", "orcs"):
        engine.perform(who, EndPhase())
    engine.perform("orcs", MoveDivision(division="wolves", to="0801"))
    engine.perform("empire", Meet(meeting="m1", choice="refuse"))
    engine.perform("orcs", Discuss(meeting="m1", row=row))
    return engine


def card(engine) -> str:
    camp = engine.campaign
    return card_text(build_card(Rules(camp, RULESET), camp.battles[0]), width=200)


def texts(engine, kind: str) -> list[str]:
    return [e.text for e in engine.chronicle if e.kind == kind]


def result(engine, *entries: SideEntry) -> None:
    engine.perform("orcs", EnterBattleResult(battle="b1", sides=list(entries)))


def refused_loss(engine, loss: UnitLoss, refusal: str) -> None:
    """Enter ``loss`` on the refuser's line and expect the result refused in ``refusal``."""
    with pytest.raises(RuleError, match=re.escape(refusal)):
        result(engine, SideEntry(side="attacker"), SideEntry(side="refuser", losses=[loss]))


# --- row 1: the duel --------------------------------------------------------------------------
def test_the_duel_card_gives_both_generals_and_the_texts_conditions():
    """Row 1 "Then I'll take ya!": "Use the characteristics shown on the army lists, and
    start the fight in hand-to-hand combat. No spells or monsters are used although magic
    items are perfectly allowed" (R-EL-41)."""
    engine = contest(1)
    battle = engine.campaign.battles[0]
    assert battle.pending and [s.id for s in battle.sides] == ["attacker", "refuser"]
    text = card(engine)
    for fact in (
        "Generals Discussing row 1, Then I'll take ya!",
        "General Goblin Boss on wolf: Ld 7, M 9, 100 pts",
        "General Captain: Ld 8, M 4, 100 pts",
        "start the fight in hand-to-hand combat",
        "No spells or monsters are used although magic items are perfectly allowed.",
        "No break tests, terror tests etc. are taken, and only close combat is fought.",
        "It is allowed to surrender.",
        "Its general won the duel (yes/no)",
        "Its general was killed (yes/no)",
    ):
        assert fact in text, fact
    with pytest.raises(RuleError, match="Battle b1 at 0601 must be fought or auto-resolved"):
        engine.perform("orcs", EndPhase())


def test_the_attacker_wins_the_duel_the_refusers_general_dies_and_his_army_flees():
    """ "If the attacker wins, the refusing general's army will flee ... Generals who are
    killed are removed from the roster, and another character must take his job"
    (R-EL-35, R-EL-41): no battle, so no War Points and nobody spent."""
    engine = contest(1)
    result(
        engine,
        SideEntry(side="attacker", facts={"duel_won": 1}),
        SideEntry(side="refuser", facts={"general_slain": 1}),
    )
    camp = engine.campaign
    assert camp.army("foot").unit("foot-captain") is None
    assert texts(engine, "general_killed") == [
        "Captain is killed in the duel and removed from the roster of 'The Foot'; no character "
        "is left to take his job"
    ]
    assert texts(engine, "contest") == [
        "Meeting m1: 'The Wolves' wins the duel: 'The Foot' must flee"
    ]
    flight = texts(engine, "flight")
    assert (
        len(flight) == 1
        and flight[0].startswith("'The Foot' flees ")
        and "from 'The Wolves' (its general lost the duel)" in flight[0]
    )
    assert camp.state.war_points == {"empire": 0, "orcs": 0}
    assert not camp.state.divisions["wolves"].spent and camp.state.meetings[0].done
    engine.perform("orcs", EndPhase())  # R-EL-30: settled, the hour goes on


def test_a_loss_for_a_unit_that_stayed_out_of_the_duel_is_refused():
    """ "Both generals will be drawn into a bitter fight between eachother" (R-EL-54: the
    duel fields the two generals alone; R-ALL-14: losses are of the units that fought). A
    loss entered for the Foot's Halberdiers, or for the Wolves' riders on the refuser's
    line, is refused with the result, naming the unit and the battle."""
    engine = contest(1)
    refused_loss(
        engine,
        UnitLoss(army="foot", unit="foot-halberdiers", killed=5),
        "Unit 'foot-halberdiers' of 'The Foot' did not take part in battle b1 for the "
        "refuser (its units there: Captain)",
    )
    refused_loss(
        engine,
        UnitLoss(army="wolves", unit="wolves-riders", killed=1),
        "Army 'wolves' did not fight for the refuser in battle b1",
    )
    assert engine.campaign.battles[0].pending
    assert engine.campaign.army("foot").unit("foot-halberdiers").models == 40


def test_the_refuser_who_wins_the_duel_leaves_without_a_battle():
    """ "If the refusing general wins the combat he may leave without fighting a battle.\""""
    engine = contest(1)
    result(engine, SideEntry(side="attacker"), SideEntry(side="refuser", facts={"duel_won": 1}))
    assert texts(engine, "contest") == [
        "Meeting m1: 'The Foot' wins the duel and may leave without a battle"
    ]
    assert texts(engine, "flight") == []


def test_the_duel_auto_resolved_is_2d6_plus_ld_and_a_6_kills_the_loser():
    """R-EL-42: each general rolls 2d6 + Ld (the Boss Ld 7, the Captain Ld 8), the loser is
    killed on a D6 of 6."""
    engine = contest(1, table_dice=True)
    engine.perform("orcs", AutoResolveBattle(battle="b1", dice=[6, 5, 2, 1, 6, 1, 1]))  # flees 2
    battle = engine.campaign.battles[0]
    assert battle.result.auto and battle.result.winners == ["attacker"]
    assert battle.result.side("refuser").facts == {"general_slain": 1}
    assert engine.campaign.army("foot").unit("foot-captain") is None


# --- row 2: the chase -------------------------------------------------------------------------
def test_the_chase_card_names_the_refusers_units_and_the_table():
    """Row 2 "Let's see...": "Refuser must choose one unit of at least 500 points ...
    Attacker must take an equal number of units of no more cost that the refuser has
    spent. Place the attacking unit(s) adjacent to the table edge of a 36" long table"."""
    engine = contest(2)
    text = card(engine)
    for fact in (
        "Flees with Halberdiers (1,100 pts): 1,100 pts",
        "Pursues with 1 unit(s) of no more than 1,100 pts in all, from its table edge",
        'table edge of a 36" long table',
        "The refuser goes first",
        "crossed off the army list",
    ):
        assert fact in text, fact


def test_a_unit_caught_in_the_chase_is_crossed_off_for_good():
    """ "Otherwise the unit is slaughtered and must be crossed off the army list" (R-EL-41:
    a unit with any loss entered is caught)."""
    engine = contest(2)
    loss = UnitLoss(army="foot", unit="foot-halberdiers", killed=3)
    result(engine, SideEntry(side="attacker"), SideEntry(side="refuser", losses=[loss]))
    foot = engine.campaign.army("foot")
    assert foot.unit("foot-halberdiers") is None
    assert texts(engine, "crossed_off") == [
        "Halberdiers is caught in the chase and crossed off the list of 'The Foot' (Let's see...)"
    ]
    assert engine.campaign.battles[0].result.winners == ["attacker"]
    assert engine.campaign.state.divisions["foot"].wounded == {}  # crossed off, not healed


def test_a_loss_for_a_unit_that_did_not_run_in_the_chase_is_refused():
    """ "Refuser must choose one unit of at least 500 points ... Otherwise the unit is
    slaughtered and must be crossed off the army list": only the unit(s) that ran can be
    caught (R-EL-48, R-ALL-14: a loss only for a unit that took part). A loss entered for
    the Foot's Spearmen, who stayed with the army while the Halberdiers ran, is refused,
    naming the unit, the battle and the runners, and crosses nobody off."""
    engine = contest(2, extra=CHOICE)
    engine.perform("empire", ChaseUnits(battle="b1", units=["foot-halberdiers"]))
    refused_loss(
        engine,
        UnitLoss(army="foot", unit="foot-spearmen", killed=3),
        "Unit 'foot-spearmen' of 'The Foot' did not take part in battle b1 for the refuser "
        "(its units there: Halberdiers)",
    )
    foot = engine.campaign.army("foot")
    assert foot.unit("foot-spearmen") is not None
    assert foot.unit("foot-halberdiers") is not None
    assert engine.campaign.battles[0].result is None
    assert texts(engine, "crossed_off") == []


def test_the_chase_auto_resolved_catches_a_unit_when_the_pursuit_rolls_higher():
    """R-EL-42: the fleeing unit's 2d6 (here 3) against the pursuers' 2d6 (here 9)."""
    engine = contest(2, table_dice=True)
    engine.perform("orcs", AutoResolveBattle(battle="b1", dice=[1, 2, 4, 5]))
    assert engine.campaign.army("foot").unit("foot-halberdiers") is None


def test_the_chase_escaped_leaves_the_army_whole():
    engine = contest(2, table_dice=True)
    engine.perform("orcs", AutoResolveBattle(battle="b1", dice=[6, 6, 1, 1]))
    assert engine.campaign.army("foot").unit("foot-halberdiers") is not None
    assert texts(engine, "contest") == [
        "Meeting m1: 'The Foot' wins the chase and may leave without a battle"
    ]


CHOICE = (("foot-spearmen", 600, 30), ("foot-archers", 300, 10), ("foot-gunners", 250, 10))


def test_the_refuser_chooses_its_chase_unit_and_the_card_and_dice_follow():
    """ "Refuser must choose one unit of at least 500 points" (R-EL-46): the Foot's player
    names its Spearmen (600 pts) instead of the card's proposal, and the auto-resolver
    chases them, not the Halberdiers."""
    engine = contest(2, table_dice=True, extra=CHOICE)
    assert "Flees with Spearmen (600 pts): 600 pts" in card(engine)  # the cheapest proposed
    engine.perform("empire", ChaseUnits(battle="b1", units=["foot-halberdiers"]))
    text = card(engine)
    assert "Flees with Halberdiers (1,100 pts): 1,100 pts" in text
    assert "Pursues with 1 unit(s) of no more than 1,100 pts in all" in text
    assert texts(engine, "chase_units") == [
        "'The Foot' chooses Halberdiers for the chase b1 (R-EL-46)"
    ]
    engine.perform("orcs", AutoResolveBattle(battle="b1", dice=[1, 2, 4, 5]))
    foot = engine.campaign.army("foot")
    assert foot.unit("foot-halberdiers") is None and foot.unit("foot-spearmen") is not None


@pytest.mark.parametrize(
    ("who", "units", "message"),
    [
        ("orcs", ["foot-halberdiers"], "Only the refuser's player chooses the chase units"),
        ("empire", ["foot-captain"], "Captain is the general"),
        ("empire", ["foot-archers", "foot-gunners"], "The text asks one unit of at least 500"),
        ("empire", ["foot-spearmen", "foot-archers"], "The text asks one unit of at least 500"),
        ("empire", ["foot-nobody"], "'The Foot' has no unit 'foot-nobody'"),
        ("empire", [], "Name at least one unit for the chase"),
    ],
)
def test_a_chase_choice_the_text_does_not_allow_is_refused(who, units, message):
    """R-EL-46: one unit of at least 500 pts when there is one, never the general, and only
    the refuser's player chooses."""
    engine = contest(2, extra=CHOICE)
    with pytest.raises(RuleError, match=message):
        engine.perform(who, ChaseUnits(battle="b1", units=units))
    assert engine.campaign.state.meetings[0].chase_pick == []


def test_without_a_unit_of_500_the_refuser_takes_more_but_none_too_many():
    """ "If this is not possible, take more until at least 500 points have been spent"
    (R-EL-46: none that could be left out)."""
    few = (("foot-archers", 300, 10), ("foot-gunners", 250, 10), ("foot-slingers", 200, 10))
    engine = contest(2, extra=few)
    engine.campaign.army("foot").unit("foot-halberdiers").points = 400
    with pytest.raises(RuleError, match="make 300 pts: take more until at least 500"):
        engine.perform("empire", ChaseUnits(battle="b1", units=["foot-archers"]))
    with pytest.raises(RuleError, match="Gunners \\(250 pts\\) is one too many"):
        engine.perform(
            "empire",
            ChaseUnits(battle="b1", units=["foot-archers", "foot-gunners", "foot-slingers"]),
        )
    engine.perform("empire", ChaseUnits(battle="b1", units=["foot-archers", "foot-slingers"]))
    assert "Flees with Archers (300 pts), Slingers (200 pts): 500 pts" in card(engine)
    assert engine.campaign.state.meetings[0].chase_pick == ["foot-archers", "foot-slingers"]


# --- row 4: the fair battle -------------------------------------------------------------------
def test_the_fair_battle_card_sets_equal_points():
    """Row 4 "Fair battle": "The two armies must fight an equal battle of equal points. Set
    a limit (for example 500 or 1000 points)" (R-EL-41: at most the smaller division's
    points, the Wolves' 500)."""
    text = card(contest(4))
    assert text.count("Picks 500 pts out of its army list") == 2
    assert "a Giant will not accompany a 500 point skirmishing group" in text
    assert "Battles are always fought in four turns." in text


def test_the_fair_battle_is_a_battle_the_loser_flees_and_the_winner_gains_5():
    """ "The entire losing army will flee, and the winner may choose to pursue them"
    (R-EL-24: +5 War Points; R-EL-5: both spent)."""
    engine = contest(4)
    result(engine, SideEntry(side="attacker", vp=100), SideEntry(side="refuser", vp=300))
    state = engine.campaign.state
    assert state.war_points == {"empire": 5, "orcs": 0}
    assert state.divisions["wolves"].fleeing_from == "foot"
    assert state.divisions["foot"].spent and state.divisions["wolves"].spent
    assert state.meetings[0].done


def test_the_fair_battle_takes_losses_of_the_troops_picked_and_no_more_models():
    """ "pick out troops from the existing army list" (R-EL-47, R-EL-54: the Foot fields
    its Captain and 14 of its 40 Halberdiers; R-ALL-14: no more models of a unit than it
    fielded there). Fifteen Halberdiers lost is refused; fourteen is taken."""
    engine = contest(4)

    def lose(killed: int) -> None:
        loss = UnitLoss(army="foot", unit="foot-halberdiers", killed=killed)
        result(engine, SideEntry(side="attacker", vp=300), SideEntry(side="refuser", losses=[loss]))

    with pytest.raises(RuleError, match="Halberdiers has 14 models in battle b1; 15 killed"):
        lose(15)
    lose(14)
    assert engine.campaign.battles[0].result.side("refuser").losses[0].killed == 14


def test_the_fair_battle_auto_resolved_records_the_losses_of_both_sides():
    """ "The two armies must fight an equal battle of equal points ... pick out troops from
    the existing army list" (R-EL-47): at 500 pts the Foot fields its Captain and 14 of
    its 40 Halberdiers, the Wolves all 500 pts; the Wolves win on 12 against 2, the Foot
    loses half its 14 (4 killed), the Wolves a fifth of their 20 riders (3 killed)."""
    engine = contest(4, table_dice=True)
    flight = [2, 2]  # the Foot's 2d6 of flight
    engine.perform("orcs", AutoResolveBattle(battle="b1", dice=[6, 6, 1, 1, *flight]))
    battle = engine.campaign.battles[0]
    sides = {s.side: s for s in battle.result.sides}
    assert [(x.unit, x.killed, x.fled) for x in sides["refuser"].losses] == [
        ("foot-halberdiers", 4, 3)
    ]
    assert [(x.unit, x.killed, x.fled) for x in sides["attacker"].losses] == [
        ("wolves-riders", 3, 1)
    ]
    assert (sides["attacker"].vp, sides["refuser"].vp) == (192, 80)
    assert battle.result.winners == ["attacker"]
    camp = engine.campaign
    assert camp.army("foot").unit("foot-halberdiers").models == 36  # the fled come back
    assert camp.army("foot").unit("foot-captain") is not None
    assert camp.state.divisions["foot"].wounded == {"foot-halberdiers": 4}
    assert camp.army("wolves").unit("wolves-riders").models == 17
    assert camp.state.war_points == {"empire": 0, "orcs": 5}


OLD_SAVE = Path(__file__).parent / "data" / "ellegaard-old-contest.toml"


def test_an_old_save_waiting_for_contest_result_settles_through_the_battle_form(tmp_path):
    """A save of state version 1 whose chase (row 2, "Let's see...") waited for the removed
    ``contest_result`` loads with its chase opened as battle b1 (R-EL-41), and a unit
    caught is crossed off: "Otherwise the unit is slaughtered and must be crossed off the
    army list"."""
    assert "state_version = 1" in OLD_SAVE.read_text()
    for suffix in (".toml", ".chronicle.toml"):
        shutil.copy(OLD_SAVE.with_name(f"ellegaard-old-contest{suffix}"), tmp_path / f"old{suffix}")
    session = Session.open(tmp_path / "old.toml")
    camp = session.campaign
    (battle,) = camp.battles
    assert battle.pending and battle.id == camp.state.meetings[0].battle == "b1"
    assert [s.armies for s in battle.sides] == [["wolves"], ["foot"]]
    assert "Flees with Halberdiers (1,100 pts): 1,100 pts" in card(session.engine)
    loss = UnitLoss(army="foot", unit="foot-halberdiers", killed=3)
    entries = [SideEntry(side="attacker"), SideEntry(side="refuser", losses=[loss])]
    session.perform("orcs", EnterBattleResult(battle="b1", sides=entries))
    again = Session.open(tmp_path / "old.toml").campaign
    assert again.state_version == 2 and again.state.meetings[0].done
    assert again.army("foot").unit("foot-halberdiers") is None


def test_the_duel_counts_against_no_battle_limit():
    """R-EL-7 and R-EL-41: "Set a limit of how many battles to be played every turn"; a
    duel is no battle."""
    engine = contest(1, options={"max_battles_per_turn": 1})
    assert not counts_as_battle(engine.campaign.battles[0])


# --- through the command line -----------------------------------------------------------------
ORDERS = (
    """seat = "empire"
[[action]]
kind = "end_phase"
[[action]]
kind = "move"
division = "foot"
to = "0601"
[[action]]
kind = "end_phase"
""",
    """seat = "orcs"
[[action]]
kind = "command"
division = "wolves"
command = "attack"
[[action]]
kind = "end_phase"
[[action]]
kind = "move"
division = "wolves"
to = "0801"
""",
    """seat = "empire"
[[action]]
kind = "meet"
meeting = "m1"
choice = "refuse"
""",
    """seat = "orcs"
[[action]]
kind = "discuss"
meeting = "m1"
row = 1
""",
)
RESULT = """seat = "orcs"
[[action]]
kind = "battle_result"
battle = "b1"
[[action.sides]]
side = "attacker"
facts = { duel_won = 1, general_slain = 0 }
[[action.sides]]
side = "refuser"
facts = { duel_won = 0, general_slain = 1 }
"""


def duel_save(tmp_path, monkeypatch) -> None:
    """The save "duel": the drill played through orders files up to the duel, battle b1."""
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    monkeypatch.setenv("TUICAMP_NOW", "2026-01-01T00:00:00")
    scenario = tmp_path / "drill.toml"
    shutil.copy(DRILL_PATH, scenario)
    new = ["new", str(scenario), "-r", "ellegaard", "--seed", "3", "--name", "duel", "--no-play"]
    assert cli.main(new) == 0
    for i, text in enumerate(ORDERS):
        orders = tmp_path / f"orders{i}.toml"
        orders.write_text(text)
        assert cli.main(["apply", "duel", str(orders)]) == 0, text


def test_the_duel_is_fought_through_tuicamp_battles_and_apply(tmp_path, monkeypatch, capsys):
    """Every fact of the duel through the command line: its card (``battles --card``), its
    result form (``battles --form``), the result applied (``apply``), the log."""
    duel_save(tmp_path, monkeypatch)
    capsys.readouterr()
    assert cli.main(["battles", "duel", "--as", "orcs", "--card", "b1"]) == 0
    printed = capsys.readouterr().out
    assert "Generals Discussing row 1, Then I'll take ya!" in printed
    assert "General Captain: Ld 8, M 4, 100 pts" in printed
    assert cli.main(["battles", "duel", "--as", "orcs", "--form", "b1"]) == 0
    form = capsys.readouterr().out
    assert "duel_won" in form and "general_slain" in form
    orders = tmp_path / "result.toml"
    orders.write_text(RESULT)
    assert cli.main(["apply", "duel", str(orders)]) == 0
    capsys.readouterr()
    assert cli.main(["log", "duel", "--as", "empire"]) == 0
    log = capsys.readouterr().out
    assert "Meeting m1: 'The Wolves' wins the duel: 'The Foot' must flee" in log
    assert "Captain is killed in the duel and removed from the roster of 'The Foot'" in log


# --- what the card and the form show of each side (R-EL-54) ------------------------------------
def test_the_duel_card_and_form_show_each_side_the_two_generals_and_no_other_unit(
    tmp_path, monkeypatch, capsys
):
    """Enemy divisions are counters until "a battle or a Scout's 5-6" reveals their list
    (R-EL-16); the duel is "a bitter fight between eachother" of the generals (R-EL-54:
    its card and form list the two generals alone). Through the command line: the Orcs'
    card and form of the duel name the Foot's Captain but not its Halberdiers, the
    Empire's not the Wolf Riders, and ``show --as orcs`` lists no unit of the Foot."""
    duel_save(tmp_path, monkeypatch)
    printed = {}
    for seat in ("orcs", "empire"):
        for what in ("--card", "--form"):
            capsys.readouterr()
            assert cli.main(["battles", "duel", "--as", seat, what, "b1"]) == 0
            printed[seat, what] = capsys.readouterr().out
    orcs_card = printed["orcs", "--card"]
    assert "Captain: 1 model, 100 pts, character" in orcs_card
    assert "The Foot (100 pts)" in orcs_card
    assert "Halberdiers" not in orcs_card and "1,200" not in orcs_card
    assert "foot-captain" in printed["orcs", "--form"]
    assert "foot-halberdiers" not in printed["orcs", "--form"]
    assert "Goblin Boss on wolf: 1 model" in printed["empire", "--card"]
    assert "Wolf Riders" not in printed["empire", "--card"]
    assert "wolves-riders" not in printed["empire", "--form"]
    capsys.readouterr()
    assert cli.main(["show", "duel", "--as", "orcs"]) == 0
    assert "Halberdiers" not in capsys.readouterr().out


def test_the_chase_card_and_form_list_the_refusers_runners_alone():
    """ "Refuser must choose one unit of at least 500 points ... Attacker must take an
    equal number of units of no more cost" (R-EL-54: the refuser's chase units alone, and
    none of the attacker's, his pick at the table): the Foot's Spearmen run; its Captain
    and Halberdiers and the Wolves' Wolf Riders are on neither card nor form."""
    engine = contest(2, extra=[("foot-spearmen", 600, 20)])
    text = card(engine)
    assert "Spearmen: 20 models, 600 pts" in text
    for hidden in ("Halberdiers", "Captain:", "Wolf Riders", "Goblin Boss on wolf:"):
        assert hidden not in text, hidden
    camp = engine.campaign
    form = form_of(Rules(camp, RULESET), camp.battles[0])
    fielded = {q.side.id: [u.id for a in q.armies for u in a.units] for q in form.sides}
    assert fielded == {"attacker": [], "refuser": ["foot-spearmen"]}


def test_the_fair_battle_card_lists_the_troops_picked_for_its_points():
    """ "Set a limit (for example 500 or 1000 points) and pick out troops from the existing
    army list" (R-EL-47, R-EL-54: the card lists the troops picked, the general first, a
    unit fielded in part with the models its points pay for): of the Foot's 1,200 pts its
    Captain and 14 of its 40 Halberdiers make the Wolves' 500."""
    text = card(contest(4))
    assert "Captain: 1 model, 100 pts" in text
    assert "Halberdiers: 14 models, 385 pts" in text
    assert "The Foot (485 pts)" in text
    assert "Halberdiers: 40 models" not in text
