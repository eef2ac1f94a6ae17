"""The Invasion of Hex Island (``aasen``): the set-up draft with table dice (2.1, R-AA-7,
R-AA-48, R-AA-72): each realm rolls its own 4D6 in the first year's Support and Resources
segment, and ties roll again."""

from __future__ import annotations

import pytest
from test_aasen_draft import COLONY, REACH, duel_drafted

from tuicamp import cli
from tuicamp.engine.awaited import RollAwaited
from tuicamp.engine.errors import DiceNeeded, RuleError
from tuicamp.game.setup import start_campaign
from tuicamp.model.campaign import DiceMode
from tuicamp.rules.aasen import draft
from tuicamp.rules.aasen.draft import ChooseCapital


def test_each_realm_rolls_its_own_4d6_at_the_table_and_ties_roll_again():
    """2.1: "Initially each realm rolls 4D6, the one rolling the highest (Realm 1) selects
    one of the starting territories"; R-AA-7: "ties rolled again"; R-AA-72: with table dice
    each realm's roll waits for its players' seats, four values asked."""
    engine = start_campaign(duel_drafted(), "aasen", dice_mode=DiceMode.TABLE)
    camp = engine.campaign
    assert [(a.kind, a.by) for a in camp.flow.awaiting] == [
        (draft.SETUP_ROLL, ["khazrak", "malus"]),
        (draft.SETUP_ROLL, ["eltharion", "tehen"]),
    ]
    with pytest.raises(RuleError, match="That is not done now in the set-up"):
        engine.perform("eltharion", ChooseCapital(territory="sunward-keep"))
    with pytest.raises(DiceNeeded) as asked:
        engine.perform("eltharion", RollAwaited())
    assert str(asked.value) == (
        "Roll 4d6 for The Arnheim Colony's set-up at the table and enter 4 values"
    )
    engine.perform("eltharion", RollAwaited(dice=[4, 4, 4, 3]))  # 15
    engine.perform("khazrak", RollAwaited(dice=[4, 4, 3, 3]))  # 14, +1 for Malus's Dark Elves
    assert sorted(a.data["realm"] for a in camp.flow.awaiting) == [COLONY, REACH]  # a tie
    engine.perform("malus", RollAwaited(dice=[1, 1, 1, 1]))
    engine.perform("tehen", RollAwaited(dice=[2, 2, 2, 2]))
    assert camp.flow.awaiting == []
    assert camp.state.realm_order == [COLONY, REACH]
    order = [e.text for e in engine.chronicle if e.text.startswith("The set-up order")]
    assert order == [
        "The set-up order (2.1, 4D6): Realm 1: The Arnheim Colony (15/8), Realm 2: The Hag "
        "Graef Reach (15/5)"
    ]
    engine.perform("eltharion", ChooseCapital(territory="sunward-keep"))


def test_the_table_dice_draft_starts_from_the_command_line(tmp_path, monkeypatch, capsys):
    """R-AA-48: "The draft is made in the first year's Support and Resources segment":
    `tuicamp new --dice table` makes the campaign, `show` tells the 4D6 awaited, and each
    realm's seat rolls them (R-AA-72)."""
    monkeypatch.chdir(tmp_path)
    save = str(tmp_path / "dr.toml")
    new = ["new", "hex-island-draft", "--ruleset", "aasen", "--no-play", "--dice", "table"]
    assert cli.main([*new, "-o", save]) == 0
    capsys.readouterr()
    assert cli.main(["show", save, "--as", "tehen"]) == 0
    shown = capsys.readouterr().out
    assert "The Arnheim Colony's set-up roll (4D6, 2.1)" in shown
    assert "Capital not yet chosen" in shown and "Capital lost" not in shown
    roll = tmp_path / "roll.toml"
    for seat, dice in (("tehen", "[6, 6, 6, 6]"), ("malus", "[1, 1, 1, 1]")):
        roll.write_text(f'[[action]]\nkind = "roll_awaited"\ndice = {dice}\n')
        assert cli.main(["apply", save, str(roll), "--as", seat]) == 0
    capsys.readouterr()
    assert cli.main(["show", save, "--as", "tehen"]) == 0
    assert "The Arnheim Colony chooses its Capital" in capsys.readouterr().out
