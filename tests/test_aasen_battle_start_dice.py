"""The Invasion of Hex Island (``aasen``): the rolls a character makes at the start of a
battle (8.2's Old Battle Wound and Madness) with table dice, rolled by his own player
(R-AA-87); an Old Battle Wound's 1 keeps him out of the battle and off its form
(R-AA-88), and its 2 gives +1 Glory only to one who fought and was not slain (R-AA-89)."""

from __future__ import annotations

import pytest
from apps.ui_kit import write_engine_save
from test_aasen_battles import to_declared, to_the_battles

from tuicamp import cli
from tuicamp.engine.awaited import RollAwaited, awaiting_for
from tuicamp.engine.battles import EnterBattleResult, SideEntry
from tuicamp.engine.errors import DiceNeeded, RuleError
from tuicamp.engine.rules import Rules
from tuicamp.model.campaign import DiceMode
from tuicamp.rules.aasen import AasenRuleset, battles
from tuicamp.rules.aasen.state import Officer

RULESET = AasenRuleset()
WOUND = "Old Battle Wound (an old injury)"
AERION = "Eltharion of Arnheim's General Lord Aerion Sunblade"
KORHIL = "Eltharion of Arnheim's Senior Officer Korhil"


def opened(wounds=1, officer=False):
    """Malus invades the North Cape and Eltharion stands; Eltharion's General (or, with
    ``officer``, his Senior Officer Korhil) carries ``wounds`` Old Battle Wounds, and the
    battle opens with table dice as Tehen, the last to declare, ends the declarations."""
    engine = to_declared()
    state = engine.campaign.state
    if officer:
        state.officers["eltharion"] = [Officer("Korhil", 3, injuries=[WOUND] * wounds)]
    else:
        state.generals["eltharion"].injuries = [WOUND] * wounds
    engine.campaign.dice.mode = DiceMode.TABLE
    to_the_battles(engine)
    return engine


def rolled(engine, dice, officer=False):
    """Eltharion's seat rolls the wound's dice; the battle is returned."""
    engine.perform("eltharion", RollAwaited(dice=dice))
    return engine.campaign.battles[0]


def enter(engine, defender=None):
    """Malus wins a Minor Victory; the defender's side answers ``defender``."""
    sides = [SideEntry(side="attacker"), SideEntry(side="defender", facts=defender or {})]
    facts = {"winner": 1, "level": 1, "conceded": 0}
    engine.perform("gm", EnterBattleResult(battle="b1", sides=sides, facts=facts))


def form_keys(engine):
    battle = engine.campaign.battles[0]
    return {f.key for f in battles.result_fields(Rules(engine.campaign, RULESET), battle)}


def test_the_old_battle_wound_is_rolled_by_the_characters_own_player():
    """8.2: "Old Battle Wound: Roll a D6 at the start of each battle the General is involved
    in ... It is possible for a character to have more than one Old Battle Wound. If this
    is the case a D6 is rolled for each and the lowest result is taken" (R-AA-87): with
    table dice the seat that ends the declarations is asked nothing; the dice wait for
    Eltharion's own seat, two of them, and the lower is taken."""
    engine = opened(wounds=2)
    (awaited,) = engine.campaign.flow.awaiting
    assert awaited.by == ["eltharion"]
    what = "Old Battle Wound at the start of battle b1 (2 D6, the lowest)"
    assert awaited.text == f"{AERION}'s {what}"
    assert not [e for e in engine.chronicle if e.kind == "battle_start"]
    seats = {s.id: s for s in engine.campaign.seats}
    assert [a.text for a in awaiting_for(engine.campaign, seats["eltharion"])] == [awaited.text]
    assert awaiting_for(engine.campaign, seats["malus"]) == []
    assert awaiting_for(engine.campaign, seats["tehen"]) == []
    with pytest.raises(RuleError, match="No dice are waiting to be rolled for you"):
        engine.perform("malus", RollAwaited(dice=[5, 2]))
    with pytest.raises(RuleError, match="First the dice at the start of battle b1 are rolled"):
        enter(engine)
    with pytest.raises(DiceNeeded, match="2 values in all"):
        engine.perform("eltharion", RollAwaited())
    battle = rolled(engine, [5, 2])
    (told,) = [e for e in engine.chronicle if e.kind == "battle_start"]
    assert told.text.startswith(f"{AERION}'s Old Battle Wound (8.2), 2: ")
    assert [c.key for c in battle.circumstances if c.key.startswith("old_wound")] == [
        "old_wound_fights"
    ]
    assert engine.campaign.flow.awaiting == []


def test_a_senior_officers_madness_and_old_wound_wait_for_his_player():
    """8.2, Madness: "Roll a D6 at the start of each battle the character takes part in";
    R-AA-83: a Senior Officer rolls too, and R-AA-87 has his player's seat roll them, each
    his own work: the Games Master may enter them for him. The Old Battle Wound is rolled
    first, and the Madness die asked once it is in (R-AA-97)."""
    engine = to_declared()
    engine.campaign.state.officers["eltharion"] = [
        Officer("Korhil", injuries=[WOUND, "Madness (an old injury)"])
    ]
    engine.campaign.dice.mode = DiceMode.TABLE
    to_the_battles(engine)
    assert [(a.by, a.data["rule"]) for a in engine.campaign.flow.awaiting] == [
        (["eltharion"], "old_wound"),
    ]
    engine.perform("gm", RollAwaited(dice=[4]))
    assert [(a.by, a.data["rule"]) for a in engine.campaign.flow.awaiting] == [
        (["eltharion"], "madness"),
    ]
    engine.perform("eltharion", RollAwaited(dice=[5]))
    told = [e.text for e in engine.chronicle if e.kind == "battle_start"]
    assert told == [
        f'{KORHIL}\'s Old Battle Wound (8.2), 4: "I can fight." No adverse effects',
        f"{KORHIL}'s Madness (8.2), 5: Frenzy this battle, even if Immune to Psychology",
    ]


def test_the_wound_dice_through_the_command_line(tmp_path, capsys):
    """R-AA-87 as the players see it: `show` tells every seat whose dice wait, `apply`
    refuses Malus's seat and takes Eltharion's, and `log` and `battles --card` tell the
    roll."""
    save = str(write_engine_save(opened(), tmp_path, "isle"))
    capsys.readouterr()
    waiting = f"The dice for {AERION}'s Old Battle Wound at the start of battle b1 (D6)"
    for seat in ("malus", "eltharion"):
        assert cli.main(["show", save, "--as", seat]) == 0
        assert waiting in capsys.readouterr().out
    roll = tmp_path / "roll.toml"
    roll.write_text('[[action]]\nkind = "roll_awaited"\ndice = [1]\n')
    assert cli.main(["apply", save, str(roll), "--as", "malus"]) != 0
    assert "No dice are waiting to be rolled for you" in capsys.readouterr().err
    assert cli.main(["apply", save, str(roll), "--as", "eltharion"]) == 0
    capsys.readouterr()
    out = f'{AERION}\'s Old Battle Wound (8.2), 1: "Ow, my leg."'
    assert cli.main(["log", save, "--as", "malus"]) == 0
    assert out in capsys.readouterr().out
    assert cli.main(["battles", save, "--as", "malus", "--card", "b1"]) == 0
    assert out in " ".join(capsys.readouterr().out.split())
    assert cli.main(["battles", save, "--as", "eltharion", "--form", "b1"]) == 0
    form = capsys.readouterr().out
    assert "slain_eltharion" not in form  # R-AA-88: nothing asked of him
    assert "glory_officers_eltharion" not in form


def test_ow_my_leg_keeps_the_general_out_of_the_battle_and_its_form():
    """8.2, Old Battle Wound: "1: "Ow, my leg." The character may not fight this battle
    ... If he is the army General, the army has no General in this battle" (R-AA-88): the
    form asks no deed, slain, fled or mounted of him, and he earns no Glory from a battle
    he did not fight (table 6.3: "Fighting a battle resulting in a Draw or Minor
    Victory")."""
    engine = opened()
    asked = form_keys(engine)
    assert {"slain_eltharion", "glory_officers_eltharion"} <= asked
    rolled(engine, [1])
    asked = form_keys(engine)
    players_own = {"missions_eltharion", "scoring_eltharion"}  # his player's, not his
    assert {k for k in asked if k.endswith("_eltharion")} == players_own
    assert {"slain_malus", "glory_officers_malus"} <= asked
    enter(engine)
    assert engine.campaign.state.generals["eltharion"].glory == 0
    glory = [e.text for e in engine.chronicle if e.kind == "glory"]
    assert not [t for t in glory if "Aerion" in t]


def test_ow_my_leg_keeps_a_senior_officer_off_the_form():
    """R-AA-88: a Senior Officer whose Old Battle Wound rolled 1 "may not fight this
    battle": the form asks nothing of him."""
    engine = opened(officer=True)
    assert "slain_eltharion~korhil" in form_keys(engine)
    rolled(engine, [1])
    assert not [k for k in form_keys(engine) if "korhil" in k]


@pytest.mark.parametrize(
    ("answers", "gained"),
    [
        ({}, 1),
        ({"slain_eltharion~korhil": 1}, 0),
        ({"absent_eltharion~korhil": 1}, 0),
    ],
)
def test_let_me_fight_gains_glory_only_for_one_who_fought(answers, gained):
    """8.2, Old Battle Wound: "2: "Let me fight, I can take them!" The General starts this
    battle with 1 less Wound than normal, but should he survive (i.e. he's not slain
    again) he gains +1 point of Glory" (R-AA-89): the form asks of a Senior Officer who
    rolled 2 whether he stayed out of the battle after all (8.1: "Senior Officers do not
    have to be used in each battle"); one who did gains nothing."""
    engine = opened(officer=True)
    assert "absent_eltharion~korhil" not in form_keys(engine)
    rolled(engine, [2])
    assert "absent_eltharion~korhil" in form_keys(engine)
    korhil = engine.campaign.state.officers["eltharion"][0]
    engine.campaign.dice.mode = DiceMode.APP  # the injury a slain Korhil rolls
    enter(engine, answers)
    assert korhil.glory == 3 + gained or korhil.fate


def test_one_who_did_not_fight_was_not_slain():
    """R-AA-89: a Senior Officer said not to have fought was neither slain nor fled in the
    battle: such a result is refused, the two said to contradict (R-AA-95)."""
    engine = opened(officer=True)
    rolled(engine, [2])
    with pytest.raises(RuleError, match=r"declared absent .* also entered as fled: the two con"):
        enter(engine, {"absent_eltharion~korhil": 1, "fled_eltharion~korhil": 1})


def test_a_battle_settled_as_it_opens_rolls_nothing_at_its_start():
    """R-AA-87: with the option auto_resolve_battles a battle is settled as it opens, so
    no roll at its start is left to decide anything: none is made nor waited for."""
    engine = to_declared()
    engine.campaign.state.generals["eltharion"].injuries = [WOUND]
    engine.campaign.options["auto_resolve_battles"] = True
    to_the_battles(engine)
    assert not engine.campaign.battles[0].pending
    assert not [e for e in engine.chronicle if e.kind == "battle_start"]
    assert engine.campaign.flow.awaiting == []
