"""Small things a player notices, on the command line and in the files it prints: the
scenario list keeps its columns, the Markdown diary leaves out undone actions, a fought
battle's card shows its result, the README's demo command run again offers to
continue the campaign it made, and `tuicamp new` off a terminal does not open a screen."""

from __future__ import annotations

import builtins
import subprocess
import sys
from pathlib import Path

import pytest

from tuicamp import cli
from tuicamp.engine.registry import get_ruleset
from tuicamp.game.session import Session
from tuicamp.game.textreport import chronicle_markdown, chronicle_text
from tuicamp.rules.sandbox import actions as A

DEMO = ["new", "skirmish-valley", "--ruleset", "sandbox"]


@pytest.fixture(autouse=True)
def _saves(monkeypatch, tmp_path):
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("TUICAMP_NOW", "2026-01-01T12:00:00Z")
    monkeypatch.chdir(tmp_path)


def _orders(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_scenario_list_keeps_its_columns(capsys) -> None:
    assert cli.main(["scenarios"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) >= 2
    ids = [line.split()[0] for line in lines]
    starts = {
        line.index(" " + line[len(id_) :].lstrip()) for line, id_ in zip(lines, ids, strict=True)
    }
    assert len(starts) == 1, lines  # every title starts in one column
    assert "border-war-empire-vs-orcs" in ids  # the longest id, which once broke it


def test_new_off_a_terminal_makes_the_save_and_says_how_to_play_it(tmp_path) -> None:
    """A script or pipe running `tuicamp new` without --no-play gets its save and one line,
    not a screen nobody sees that waits for keys for ever."""
    run = subprocess.run(
        [sys.executable, "-m", "tuicamp", *DEMO, "-o", "s.toml", "--seed", "4"],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "s.toml").is_file()
    assert "Not on a terminal, so not opened: play it with `tuicamp play" in run.stdout


def test_the_markdown_diary_leaves_out_undone_actions(tmp_path) -> None:
    assert cli.main([*DEMO, "-o", "v.toml", "--no-play", "--seed", "4"]) == 0
    session = Session.open(tmp_path / "v.toml")
    session.perform("red", A.Move(army="red-vanguard", to="0304"))
    session.undo("red")
    session.perform("red", A.Roll(expr="2d6", reason="the weather"))
    view = session.view("red")
    diary = chronicle_markdown(view, get_ruleset("sandbox"))
    assert "moved 0204 -> 0304" not in diary and "Undone" not in diary
    assert "the weather" in diary
    log = chronicle_text(view)  # the log is the record: it keeps both
    assert "moved 0204 -> 0304" in log and "Undone" in log


def test_the_card_of_a_fought_battle_shows_its_result(tmp_path, capsys) -> None:
    assert cli.main([*DEMO, "-o", "v.toml", "--no-play", "--seed", "4"]) == 0
    gm = '[[action]]\nkind = "gm_move_army"\narmy = "green-mob"\nhex = "0305"\nreason = "t"\n'
    assert cli.main(["apply", "v.toml", _orders(tmp_path / "gm.toml", gm), "--as", "gm"]) == 0
    attack = 'seat = "red"\n[[action]]\nkind = "move"\narmy = "red-vanguard"\nto = "0305"\n'
    assert cli.main(["apply", "v.toml", _orders(tmp_path / "a.toml", attack)]) == 0
    capsys.readouterr()
    assert cli.main(["battles", "v.toml", "--card", "b1"]) == 0
    assert "Result:" not in capsys.readouterr().out  # not fought yet
    auto = 'seat = "red"\n[[action]]\nkind = "auto_resolve"\nbattle = "b1"\n'
    assert cli.main(["apply", "v.toml", _orders(tmp_path / "auto.toml", auto)]) == 0
    capsys.readouterr()
    assert cli.main(["battles", "v.toml", "--card", "b1"]) == 0
    card = capsys.readouterr().out
    assert "Result: Attacker (Red) wins (auto-resolved); Attacker (Red)" in card
    assert " VP" in card
    assert cli.main(["battles", "v.toml", "--card", "b1", "--markdown"]) == 0
    assert "**Result:** Attacker (Red) wins" in capsys.readouterr().out


@pytest.mark.parametrize(("answer", "continued"), [("", True), ("y", True), ("n", False)])
def test_the_demo_command_run_again_offers_to_continue(
    monkeypatch, tmp_path, answer, continued
) -> None:
    assert cli.main([*DEMO, "--no-play"]) == 0
    made = tmp_path / "saves" / "skirmish-in-the-valley.toml"
    assert made.is_file()
    opened: list[Path | None] = []
    asked: list[str] = []
    monkeypatch.setattr(cli, "_run_ui", lambda save, seat, session=None: opened.append(save) or 0)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(builtins, "input", lambda prompt: asked.append(prompt) or answer)
    assert cli.main(DEMO) == 0
    assert asked and "Continue it? [Y/n]" in asked[0] and str(made) in asked[0]
    second = tmp_path / "saves" / "skirmish-in-the-valley-2.toml"
    assert opened == [made if continued else second]
    assert second.is_file() == (not continued)


def test_a_script_running_the_demo_command_again_gets_a_new_campaign(monkeypatch, tmp_path):
    """No terminal, no question: the second campaign is made beside the first."""
    assert cli.main([*DEMO, "--no-play"]) == 0
    monkeypatch.setattr(cli, "_run_ui", lambda save, seat, session=None: 0)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False, raising=False)
    monkeypatch.setattr(builtins, "input", lambda prompt: pytest.fail("asked a script"))
    assert cli.main(DEMO) == 0
    assert (tmp_path / "saves" / "skirmish-in-the-valley-2.toml").is_file()
