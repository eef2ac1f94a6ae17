"""Warhammer Wars: a scripted war played to its turn limit through orders files, battles
auto-resolved (the core option ``auto_resolve_battles``, R-ALL-2), read back through
``tuicamp show`` and ``tuicamp log``.

The drill ground's three hours: the Empire's Foot marches east to Mittel under Attack,
the Orcs' Wolves ride west until the Foot challenges them, both generals fight, the
battle is auto-resolved; then the hours run out and the War Points decide.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from tuicamp import cli

DRILL = Path(__file__).parent / "data" / "ellegaard-drill.toml"

HOUR_1_EMPIRE = """seat = "empire"
[[action]]
kind = "command"
division = "foot"
command = "attack"
[[action]]
kind = "end_phase"
[[action]]
kind = "move"
division = "foot"
to = "0601"
[[action]]
kind = "end_phase"
"""

HOUR_1_ORCS = """seat = "orcs"
[[action]]
kind = "end_phase"
[[action]]
kind = "move"
division = "wolves"
to = "0901"
"""

# the Foot is under Attack: its choice was made for it; the Orcs choose, the battle follows
HOUR_1_MEETING = """seat = "orcs"
[[action]]
kind = "meet"
meeting = "m1"
choice = "fight"
[[action]]
kind = "end_phase"
"""

REST_OF_THE_WAR = """seat = "gm"
""" + "".join(
    f'[[action]]\nkind = "end_phase"\nplayer = "{p}"\n'
    for _ in range(2)
    for p in ("empire", "empire", "orcs", "orcs")
)


def test_a_scripted_war_runs_to_its_turn_limit(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path))
    monkeypatch.setenv("TUICAMP_NOW", "2026-01-01T00:00:00")
    scenario = tmp_path / "drill.toml"
    shutil.copy(DRILL, scenario)
    new = [
        "new", str(scenario), "-r", "ellegaard", "--seed", "8", "--name", "war",
        "--option", "auto_resolve_battles=true", "--no-play",
    ]  # fmt: skip
    assert cli.main(new) == 0
    for i, text in enumerate((HOUR_1_EMPIRE, HOUR_1_ORCS, HOUR_1_MEETING, REST_OF_THE_WAR)):
        orders = tmp_path / f"orders{i}.toml"
        orders.write_text(text)
        assert cli.main(["apply", "war", str(orders)]) == 0, text
    capsys.readouterr()
    assert cli.main(["log", "war", "--as", "empire"]) == 0
    log = capsys.readouterr().out
    # the Foot under Attack challenges within 5 hexes (R-EL-17): the Wolves halt at 1101
    assert "Meeting m1: the zones of 'The Wolves' (1101) and 'The Foot' (0601) meet" in log
    assert "Battle b1 at 0601" in log and "Battle b1 auto-resolved" in log
    assert ("a draw" in log) is not ("flees" in log)  # a loser flees; a draw sends none
    assert "The war is over after 3 hours:" in log
    assert cli.main(["show", "war", "--as", "orcs"]) == 0
    shown = capsys.readouterr().out
    assert "War Points: The Empire" in shown
