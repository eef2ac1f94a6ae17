"""The Invasion of Hex Island (``aasen``): a character who did not fight a battle - his Old
Battle Wound's 1 kept him out (R-AA-88), or he is declared absent (R-AA-89) - earns no
Glory of table 6.3 (R-AA-95); a Contingent whose Commander is kept out fights without him
(R-AA-96); and Madness is rolled only for one who takes part (R-AA-97)."""

from __future__ import annotations

import attrs
import pytest
from apps.ui_kit import write_engine_save
from test_aasen_battle_start_dice import KORHIL, WOUND, enter, opened, rolled
from test_aasen_battles import result, to_declared, to_the_battles
from test_aasen_support import at_war, first

from tuicamp import cli
from tuicamp.engine.awaited import RollAwaited
from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.errors import RuleError
from tuicamp.model.campaign import DiceMode
from tuicamp.rules.aasen.state import Officer
from tuicamp.rules.aasen.support import Support

MADNESS = "Madness (an old injury)"


def gorthor_leads(wounds=1):
    """Khazrak sends 300 points led by his Senior Officer Gorthor, who carries ``wounds``
    Old Battle Wounds, to Malus's battle, a Trusted army; the battle opens with table
    dice."""
    engine = at_war()
    state = engine.campaign.state
    state.officers["khazrak"] = [Officer("Gorthor", injuries=[WOUND] * wounds)]
    state.trust["khazrak|malus"] = "trusted"
    first(engine, "khazrak")
    engine.perform(
        "khazrak", Support(invasion="i1", side="attacker", points=300, officer="Gorthor")
    )
    engine.campaign.dice.mode = DiceMode.TABLE
    return to_the_battles(engine)


def glory_lines(engine):
    return [e.text for e in engine.chronicle if e.kind == "glory"]


def test_a_contingent_commander_kept_out_gains_nothing_for_leading_it(tmp_path, capsys):
    """8.2, Old Battle Wound 1: "The character may not fight this battle"; table 6.3:
    "Leading a Support Contingent to a Trusted army | N/A | +1" is a deed of the battle
    (R-AA-95). 5.5: "The Contingent must also include one Senior Officer ... to act as the
    Contingent Commander": the card says it fights without him (R-AA-96)."""
    engine = gorthor_leads()
    engine.perform("khazrak", RollAwaited(dice=[1]))
    save = str(write_engine_save(engine, tmp_path, "isle"))
    capsys.readouterr()
    assert cli.main(["battles", save, "--as", "malus", "--card", "b1"]) == 0
    card = " ".join(capsys.readouterr().out.split())
    assert "its Commander Gorthor may not fight (Old Battle Wound 1, 8.2)" in card
    assert "without a Contingent Commander" in card
    # the force's own line names no one leading it (R-AA-96)
    assert "Support Contingent, led by Gorthor" not in card
    assert "Support Contingent, without its Commander (Gorthor may not fight)" in card
    engine.campaign.dice.mode = DiceMode.APP
    result(engine, 1, 2)
    assert engine.campaign.state.officers["khazrak"][0].glory == 0
    assert not [t for t in glory_lines(engine) if "gains 1 for leading" in t]
    (told,) = [t for t in glory_lines(engine) if "Gorthor gains nothing for leading" in t]
    assert "his Old Battle Wound kept him out" in told and "R-AA-95" in told


def test_a_contingent_commander_declared_absent_gains_nothing_for_leading_it():
    """8.2, Old Battle Wound 2 and R-AA-89: Gorthor rolled 2 and is declared absent; he
    did not fight, so he has no +1 for leading the Contingent either (R-AA-95)."""
    engine = gorthor_leads()
    engine.perform("khazrak", RollAwaited(dice=[2]))
    card = " ".join(n for n in [c.text for c in engine.campaign.battles[0].circumstances])
    assert "Old Battle Wound (8.2), 2" in card
    engine.campaign.dice.mode = DiceMode.APP
    sides = [
        SideEntry(side="attacker", facts={"absent_khazrak~gorthor": 1}),
        SideEntry(side="defender"),
    ]
    facts = {"winner": 1, "level": 2, "conceded": 0}
    engine.perform("gm", EnterBattleResult(battle="b1", sides=sides, facts=facts))
    assert engine.campaign.state.officers["khazrak"][0].glory == 0
    assert [t for t in glory_lines(engine) if "Gorthor gains nothing for leading" in t]


@pytest.mark.parametrize("deed", ["standards", "missions", "officers", "general", "wizards"])
def test_deeds_for_a_senior_officer_declared_absent_are_refused(deed):
    """6.4: Glory for a standard goes to one who "was with the unit that captured the
    standard", a mission's to one "he or the unit he was with was vital in fulfilling": a
    Senior Officer declared absent (R-AA-89) did none of them, and a result giving him any
    is refused, saying so (R-AA-95)."""
    engine = opened(officer=True)
    rolled(engine, [2])
    answers = {"absent_eltharion~korhil": 1, f"glory_{deed}_eltharion~korhil": 1}
    answers["missions_eltharion"] = 1
    told = (
        f"{KORHIL} is declared absent from battle b1 \\(did not fight\\): he can have no "
        "standards captured, missions or kills in it"
    )
    with pytest.raises(RuleError, match=told):
        enter(engine, answers)
    assert engine.campaign.state.officers["eltharion"][0].glory == 3


def test_absent_and_slain_are_refused_as_contradicting():
    """R-AA-89, R-AA-95: a Senior Officer declared absent and also entered as slain: the
    refusal says the two contradict."""
    engine = opened(officer=True)
    rolled(engine, [2])
    with pytest.raises(
        RuleError, match=r"declared absent from battle b1 .* slain: the two contradict"
    ):
        enter(engine, {"absent_eltharion~korhil": 1, "slain_eltharion~korhil": 1})


def test_madness_is_not_asked_of_one_his_old_battle_wound_keeps_out(tmp_path, capsys):
    """8.2: Madness, "Roll a D6 at the start of each battle the character takes part in";
    Old Battle Wound 1, "The character may not fight this battle": the wound is rolled
    first and Madness, with table dice, asked only after it and only of one who takes part
    (R-AA-97)."""
    engine = to_madness_battle()
    assert [a.data["rule"] for a in engine.campaign.flow.awaiting] == ["old_wound"]
    engine.perform("eltharion", RollAwaited(dice=[1]))
    assert engine.campaign.flow.awaiting == []
    save = str(write_engine_save(engine, tmp_path, "isle"))
    capsys.readouterr()
    assert cli.main(["battles", save, "--as", "malus", "--card", "b1"]) == 0
    card = " ".join(capsys.readouterr().out.split())
    assert f'{KORHIL}\'s Old Battle Wound (8.2), 1: "Ow, my leg."' in card
    assert "Madness (8.2)" not in card


def test_madness_is_asked_after_the_wound_of_one_who_takes_part():
    """R-AA-97: the wound's 4 lets him fight; his Madness die is asked next."""
    engine = to_madness_battle()
    engine.perform("eltharion", RollAwaited(dice=[4]))
    assert [a.data["rule"] for a in engine.campaign.flow.awaiting] == ["madness"]
    engine.perform("eltharion", RollAwaited(dice=[5]))
    told = [e.text for e in engine.chronicle if e.kind == "battle_start"]
    assert (
        told[-1] == f"{KORHIL}'s Madness (8.2), 5: Frenzy this battle, even if Immune to Psychology"
    )


def to_madness_battle():
    """Eltharion's Senior Officer Korhil carries an Old Battle Wound and Madness; the
    battle opens with table dice."""
    engine = to_declared()
    engine.campaign.state.officers["eltharion"] = [Officer("Korhil", 3, injuries=[WOUND, MADNESS])]
    engine.campaign.dice.mode = DiceMode.TABLE
    return to_the_battles(engine)


def test_a_madness_die_already_waiting_is_dropped_when_the_wound_keeps_him_out():
    """R-AA-97 for a save written before it, its Madness die asked beside the wound's: the
    wound's 1 keeps him out (8.2: "The character may not fight this battle"), so the
    Madness die waits no more, and the chronicle says why it is not rolled."""
    engine = to_madness_battle()
    (wound,) = engine.campaign.flow.awaiting
    text = wound.text.replace("Old Battle Wound", "Madness")
    madness = attrs.evolve(wound, text=text, data={**wound.data, "rule": "madness"})
    engine.campaign.flow.awaiting.append(madness)
    engine.perform("eltharion", RollAwaited(dice=[1]))
    assert engine.campaign.flow.awaiting == []
    told = [e.text for e in engine.chronicle if e.kind == "battle_start"]
    assert told[-1].startswith(f"Not rolled: {KORHIL}'s Madness at the start of battle b1")
    assert "R-AA-97" in told[-1]
    assert not [c for c in engine.campaign.battles[0].circumstances if c.key.startswith("madness")]
