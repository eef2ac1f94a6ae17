"""The Invasion of Hex Island (``aasen``): a battle the Games Master marks not played
(R-AA-6) is listed by `tuicamp battles --all`, and its card's status reads, as what it
counted as, not as a battle called off (6.4, R-AA-68)."""

from __future__ import annotations

import pytest
from apps.ui_kit import FIXED_NOW, write_engine_save
from test_aasen_battles import to_battle

from tuicamp import cli
from tuicamp.rules.aasen.battles import Unplayed


@pytest.fixture(autouse=True)
def _quiet(monkeypatch, tmp_path):
    monkeypatch.setenv("TUICAMP_NOW", FIXED_NOW)
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("TUICAMP_CONFIG", str(tmp_path / "no-config.toml"))


def cli_out(capsys, *args: str) -> str:
    capsys.readouterr()
    assert cli.main(list(args)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("tried", "status"),
    [
        ("defender", "not played: a Massacre for the defender"),
        ("attacker", "not played: a Massacre for the attacker"),
        ("both", "not played: discounted"),
    ],
)
def test_a_battle_not_played_is_listed_as_what_it_counted_as(tmp_path, capsys, tried, status):
    """6.4: "If a battle is not played in time, it counts as a Massacre in favour of the
    player who made an effort to get it played. If both players made a decent effort, the
    battle is simply discounted" (R-AA-6, R-AA-68): not "[cancelled]"."""
    engine = to_battle()
    engine.perform("gm", Unplayed(battle="b1", tried=tried))
    save = write_engine_save(engine, tmp_path, "isle")
    listed = cli_out(capsys, "battles", str(save), "--all", "--as", "gm")
    assert f"[{status}]" in listed and "[cancelled]" not in listed
    card = cli_out(capsys, "battles", str(save), "--card", "b1", "--as", "tehen")
    assert f"Status: {status}" in card
