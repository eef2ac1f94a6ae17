"""The Invasion of Hex Island (``aasen``) with table dice: each player rolls his own
Initiative and his own die of a roll-off, asked only when a tie is there (5.4, R-AA-29,
R-AA-71)."""

from __future__ import annotations

import copy

import pytest
from test_aasen_year import DUEL, SCENARIOS, empty_sheets, end_all, to_purchases

from tuicamp import cli
from tuicamp.engine.awaited import RollAwaited
from tuicamp.engine.errors import DiceNeeded, RuleError
from tuicamp.engine.rules import Rules
from tuicamp.game.setup import start_campaign
from tuicamp.model.campaign import DiceMode
from tuicamp.rules.aasen import AasenRuleset, declarations
from tuicamp.rules.aasen.declarations import ModifyInitiative, Pass

RULESET = AasenRuleset()
PLAYERS = ("malus", "khazrak", "eltharion", "tehen")


def at_the_declarations():
    """The duel with table dice, the Purchases ended: the Initiative dice wait."""
    engine = start_campaign(copy.deepcopy(SCENARIOS[DUEL]), "aasen", dice_mode=DiceMode.TABLE)
    to_purchases(engine)
    empty_sheets(engine)
    end_all(engine)
    assert engine.campaign.phase == "declare"
    return engine


def waiting(engine):
    return [(a.kind, a.by) for a in engine.campaign.flow.awaiting]


def test_each_player_rolls_his_own_initiative_at_the_table():
    """5.4: "Each player in a realm publicly rolls 3D6" (R-AA-71): ending the Purchases
    asks nobody for dice; each player's 3D6 waits for his own seat, which is asked for
    exactly three values, and nobody declares before all are in."""
    engine = at_the_declarations()
    assert waiting(engine) == [("aasen_initiative", [p]) for p in PLAYERS]
    with pytest.raises(RuleError, match="First the Initiative dice are rolled"):
        engine.perform("malus", Pass())
    with pytest.raises(DiceNeeded) as asked:
        engine.perform("khazrak", RollAwaited())
    assert str(asked.value) == (
        "Roll 3d6 for Khazrak One-Eye's Initiative at the table and enter 3 values"
    )
    for player, dice in zip(PLAYERS, ([6, 6, 6], [5, 5, 5], [4, 4, 4], [1, 1, 1]), strict=True):
        engine.perform(player, RollAwaited(dice=dice))
    assert engine.campaign.state.initiative == {
        "malus": 18,
        "khazrak": 15,
        "eltharion": 12,
        "tehen": 3,
    }
    assert engine.campaign.flow.awaiting == []
    engine.perform("malus", Pass())


def test_a_roll_off_is_asked_only_when_a_tie_happens_and_of_the_tied_players():
    """5.4: "roll a dice to determine the order if two players have the same Initiative
    score"; R-AA-29: "again while any two are equal" (R-AA-71: each his own die, one at a
    time)."""
    engine = at_the_declarations()
    for player, dice in zip(PLAYERS, ([6, 6, 6], [3, 3, 3], [4, 4, 1], [1, 1, 1]), strict=True):
        if player == "eltharion":
            with pytest.raises(DiceNeeded) as asked:
                engine.perform(player, RollAwaited())
            assert "then" not in str(asked.value)  # no roll-off foreseen before the tie
        engine.perform(player, RollAwaited(dice=dice))
    assert waiting(engine) == [("aasen_roll_off", ["khazrak"]), ("aasen_roll_off", ["eltharion"])]
    with pytest.raises(RuleError, match="No dice are waiting"):
        engine.perform("malus", RollAwaited(dice=[1]))
    engine.perform("khazrak", RollAwaited(dice=[4]))
    engine.perform("eltharion", RollAwaited(dice=[4]))  # equal again: both roll again
    assert waiting(engine) == [("aasen_roll_off", ["khazrak"]), ("aasen_roll_off", ["eltharion"])]
    engine.perform("eltharion", RollAwaited(dice=[5]))
    engine.perform("khazrak", RollAwaited(dice=[2]))
    told = [e.text for e in engine.chronicle if e.kind == "initiative_roll_off"]
    assert told == [
        "Equal Initiative 9: the roll-off gives Khazrak One-Eye 2, Eltharion of Arnheim 5 "
        "(the higher declares first)"
    ]
    assert declarations.order(Rules(engine.campaign, RULESET)) == [
        "malus",
        "eltharion",
        "khazrak",
        "tehen",
    ]


def test_initiative_moved_away_lets_its_roll_off_go():
    """R-AA-29: "A player whose Initiative moves leaves his roll-off": the die still
    awaited of the one left alone is no longer asked."""
    engine = at_the_declarations()
    for player, dice in zip(PLAYERS, ([6, 6, 6], [3, 3, 3], [4, 4, 1], [1, 1, 1]), strict=True):
        engine.perform(player, RollAwaited(dice=dice))
    engine.perform("khazrak", ModifyInitiative(by=1))
    assert engine.campaign.flow.awaiting == []
    assert declarations.order(Rules(engine.campaign, RULESET))[:2] == ["malus", "khazrak"]


def test_the_initiative_dice_through_the_command_line(tmp_path, monkeypatch, capsys):
    """R-AA-71 as the players see it: `show` tells whose Initiative dice wait, and each
    seat's roll_awaited is asked for three values."""
    monkeypatch.chdir(tmp_path)
    save = str(tmp_path / "isle.toml")
    assert (
        cli.main(["new", DUEL, "--ruleset", "aasen", "--no-play", "--dice", "table", "-o", save])
        == 0
    )
    end = tmp_path / "end.toml"
    end.write_text('[[action]]\nkind = "end_phase"\n')
    sheet = tmp_path / "sheet.toml"
    sheet.write_text('[[action]]\nkind = "write_sheet"\n')
    for seat in PLAYERS:
        cli.main(["apply", save, str(end), "--as", seat])
    for seat in PLAYERS:
        cli.main(["apply", save, str(end), "--as", seat])
    for seat in ("malus", "tehen"):
        cli.main(["apply", save, str(sheet), "--as", seat])
    for seat in PLAYERS:
        cli.main(["apply", save, str(end), "--as", seat])
    capsys.readouterr()
    assert cli.main(["show", save, "--as", "tehen"]) == 0
    shown = capsys.readouterr().out
    assert "Tehenhauin's Chosen's Initiative (3D6)" in shown
    roll = tmp_path / "roll.toml"
    roll.write_text('[[action]]\nkind = "roll_awaited"\n')
    assert cli.main(["apply", save, str(roll), "--as", "tehen"]) != 0
    err = capsys.readouterr().err
    assert "Roll 3d6 for Tehenhauin's Chosen's Initiative at the table and enter 3 values" in err
    assert "values in all" not in err
    roll.write_text('[[action]]\nkind = "roll_awaited"\ndice = [6, 6]\n')
    assert cli.main(["apply", save, str(roll), "--as", "tehen"]) != 0
    err = capsys.readouterr().err
    assert "Initiative at the table and enter 3 values (you gave 2)" in err


@pytest.mark.parametrize(
    ("dice", "told"), [([6, 6], "3 values (you gave 2)"), ([10], "3 values (you gave 1)")]
)
def test_too_few_initiative_dice_are_told_the_whole_count(dice, told):
    """5.4: "Each player in a realm publicly rolls 3D6" (R-AA-71, R-AA-74): a roll_awaited
    with too few values is told how many the roll takes in all and how many were given,
    not how many are missing."""
    engine = at_the_declarations()
    with pytest.raises(DiceNeeded) as asked:
        engine.perform("khazrak", RollAwaited(dice=dice))
    assert str(asked.value) == (
        f"Roll 3d6 for Khazrak One-Eye's Initiative at the table and enter {told}"
    )
