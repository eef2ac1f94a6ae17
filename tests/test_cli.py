"""The command line end to end: real processes (``python -m tuicamp``, started warm: see
warm.py), real files on disk."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import warm

from tuicamp.cli import _only_ruleset
from tuicamp.engine.errors import InputError
from tuicamp.storage.scenario import find_scenario
from tuicamp.storage.seal import sealed

SCENARIO = "border-war-empire-vs-orcs"


def run(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    full_env = {**os.environ, "TUICAMP_NOW": "2026-01-01T12:00:00Z", **(env or {})}
    full_env["TUICAMP_SAVES"] = str(cwd / "saves")
    return warm.tuicamp(args, cwd=cwd, env=full_env)


def one_line_error(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


MOVE = """
seat = "empire"
[[action]]
kind = "move"
army = "averland-host"
to = "0710"
"""

REFUSED = """
[[action]]
kind = "move"
army = "averland-host"
to = "0710"
[[action]]
kind = "move"
army = "ironjaw-waaagh"
to = "2309"
"""


@pytest.fixture
def save(tmp_path) -> Path:
    result = run(
        "new",
        SCENARIO,
        "--ruleset",
        "sandbox",
        "-o",
        "a.toml",
        "--no-play",
        "--seed",
        "5",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "Created a.toml" in result.stdout
    return tmp_path / "a.toml"


def test_new_then_check(save):
    result = run("check", "a.toml", cwd=save.parent)
    assert result.returncode == 0 and "a.toml: ok (save)" in result.stdout


def test_a_move_order_moves_the_army_and_is_logged(save):
    (save.parent / "o.toml").write_text(MOVE)
    result = run("apply", "a.toml", "o.toml", cwd=save.parent)
    assert result.returncode == 0, result.stderr
    assert "The Averland Host moved 0509 -> 0710" in result.stdout
    shown = run("show", "a.toml", "--as", "empire", cwd=save.parent).stdout
    assert "averland-host The Averland Host (The Empire) at 0710" in shown
    log = run("log", "a.toml", cwd=save.parent).stdout
    assert "#1 T1 play: Set-up: Border War" in log  # set-up is the campaign's first action
    assert "#2 T1 play: The Averland Host moved 0509 -> 0710" in log
    diary = run("log", "a.toml", "--markdown", cwd=save.parent).stdout
    assert diary.startswith("# Border War") and "## Turn 1" in diary


def test_a_refused_order_changes_no_byte(save):
    folder = save.parent
    (folder / "bad.toml").write_text(REFUSED)
    before = files(folder)
    line = one_line_error(run("apply", "a.toml", "bad.toml", "--as", "empire", cwd=folder))
    assert "refused order 2 (move), nothing changed" in line
    assert "belongs to Orcs & Goblins" in line
    assert files(folder) == before


def test_orders_must_say_whose_they_are(save):
    (save.parent / "anon.toml").write_text(REFUSED)
    line = one_line_error(run("apply", "a.toml", "anon.toml", cwd=save.parent))
    assert 'say whose orders these are: seat = "..." at the top, or --as SEAT' in line


def test_orders_for_one_seat_are_never_played_as_another(save):
    """A file that says whose orders it holds and an --as naming another seat is a slip
    (the wrong file, the wrong seat): refused in one line, nothing changed."""
    folder = save.parent
    (folder / "theirs.toml").write_text('seat = "orcs"\n' + REFUSED)
    before = files(folder)
    line = one_line_error(run("apply", "a.toml", "theirs.toml", "--as", "empire", cwd=folder))
    assert "these orders are for seat 'orcs', but --as names 'empire'" in line
    assert files(folder) == before


def test_the_same_save_and_orders_give_the_same_bytes(tmp_path):
    outputs = []
    for name in ("one", "two"):
        folder = tmp_path / name
        folder.mkdir()
        assert (
            run(
                "new",
                SCENARIO,
                "-r",
                "sandbox",
                "-o",
                "a.toml",
                "--no-play",
                "--seed",
                "9",
                cwd=folder,
            ).returncode
            == 0
        )
        (folder / "o.toml").write_text(MOVE + '\n[[action]]\nkind = "roll"\nexpr = "2d6"\n')
        assert run("apply", "a.toml", "o.toml", cwd=folder).returncode == 0
        outputs.append({k: v for k, v in files(folder).items() if k != "a.toml.lock"})
    assert outputs[0] == outputs[1]
    assert set(outputs[0]) >= {"a.toml", "a.chronicle.toml", "o.toml"}


def test_other_seats_see_counters_only_with_fog_of_war(save):
    shown = run("show", "a.toml", "--as", "orcs", cwd=save.parent).stdout
    assert "The Averland Host (The Empire) at 0509 (strength unknown)" in shown
    assert "Greatswords" not in shown


def test_show_as_a_seat_prints_its_status_lines(tmp_path):
    """`tuicamp show --as SEAT` prints the ruleset's status lines for that seat: whose turn
    it is, and with enforce_movement ("An army may spend its slowest unit's M each turn")
    what each of the seat's own armies has spent; the scenario's fog of war keeps the other
    side's ledger out of it."""
    made = run(
        "new", SCENARIO, "-r", "sandbox", "-o", "m.toml", "--no-play", "--seed", "5",
        "--option", "enforce_movement=true", cwd=tmp_path,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    (tmp_path / "o.toml").write_text(MOVE)
    assert run("apply", "m.toml", "o.toml", cwd=tmp_path).returncode == 0
    empire = run("show", "m.toml", "--as", "empire", cwd=tmp_path).stdout
    assert (
        "Status:\n"
        "  Turn order: The Empire, Orcs & Goblins\n"
        "  To play: The Empire\n"
        "  MP (The Averland Host): 2 spent, 2 of M4 left\n"
    ) in empire
    orcs = run("show", "m.toml", "--as", "orcs", cwd=tmp_path).stdout
    assert "  To play: The Empire\n" in orcs
    assert "  MP (Urzag Ironjaw's Waaagh!): 0 spent, 4 of M4 left\n" in orcs
    assert "MP (The Averland Host)" not in orcs and "MP (The Grenzmark" not in orcs


SHOPPING = """
seat = "stirland"
[[action]]
kind = "buy_baggage"
food = 1
[[action]]
kind = "buy_recruits"
name = "Azure Halberdiers"
points = 250
models = 25
"""


def test_show_as_a_seat_prints_the_rauscher_status_lines(tmp_path):
    """`tuicamp show --as SEAT` prints Rauscher's status lines for that seat: its treasury
    and fate points, each own army's movement points, fatigue and stores, and what blocks
    the end of the phase; never another Warmaster's ("A baggage train may be purchased for
    2 coppers", "1 copper for every 50 points": 3c and 5c of Stirland's 30c)."""
    made = run(
        "new", "rauscher-stir-border", "-r", "rauscher", "-o", "r.toml", "--no-play",
        "--seed", "3", cwd=tmp_path,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    (tmp_path / "o.toml").write_text(SHOPPING)
    assert run("apply", "r.toml", "o.toml", cwd=tmp_path).returncode == 0
    stirland = run("show", "r.toml", "--as", "stirland", cwd=tmp_path).stdout
    assert (
        "Status:\n"
        "  Treasury: 2g 2c\n"
        "  Fate points: 0\n"
        "  MP (The Stirland Host): 0 spent, 4 of 4 left\n"
        "  Fatigue (The Stirland Host): 0\n"
        "  Stores (The Stirland Host): 11 food in reach for 2\n"
    ) in stirland
    sylvania = run("show", "r.toml", "--as", "sylvania", cwd=tmp_path).stdout
    assert "  Treasury: 3g\n" in sylvania and "  Treasury: 2g 2c\n" not in sylvania
    assert "(The Grey Host of Drakenhof): 0 spent" in sylvania
    assert "The Stirland Host)" not in sylvania and "Azure" not in sylvania


def test_rulesets_scenarios_actions_and_roll(tmp_path):
    listed = run("rulesets", cwd=tmp_path).stdout
    assert "sandbox" in listed and "rauscher" in listed
    assert SCENARIO in run("scenarios", cwd=tmp_path).stdout
    actions = run("actions", "--ruleset", "sandbox", cwd=tmp_path).stdout
    assert 'kind = "move"' in actions and 'kind = "gm_set_treasury"' in actions
    import tomllib

    tomllib.loads(actions)  # the examples are valid TOML a player can copy
    rolled = run("roll", "3d6+1", "--seed", "1", cwd=tmp_path)
    assert rolled.returncode == 0 and rolled.stdout.startswith("3d6+1: ")
    assert one_line_error(run("roll", "3x", cwd=tmp_path)).endswith("(try d6, 2d6, d66, 3d6+1)")


def test_usage_errors_are_one_line(tmp_path):
    line = one_line_error(run("frobnicate", cwd=tmp_path))
    assert "invalid choice" in line
    line = one_line_error(
        run("new", SCENARIO, "--ruleset", "nope", "-o", "x.toml", "--no-play", cwd=tmp_path)
    )
    assert "ruleset 'nope'" in line


def bad_scenario(tmp_path: Path, old: str, new: str) -> Path:
    text = find_scenario(SCENARIO).read_text()
    assert old in text, old
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1))
    return path


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        ('id = "averland-host"', 'id = "averland-host"\nbogus = 1', "bogus = 1", "bogus"),
        ("points = 165", 'points = "lots"', 'points = "lots"', "whole number"),
        ("points = 165", "points = -165", "points = -165", "negative"),
        ('hex = "0509"', 'hex = "9999"', 'hex = "9999"', "off the map"),
        ('id = "grenzmark-garrison"', 'id = "averland-host"', None, "duplicate"),
    ],
)
def test_bad_scenarios_give_one_line_naming_file_and_line(tmp_path, old, new, needle, message):
    path = bad_scenario(tmp_path, old, new)
    result = run("check", str(path), cwd=tmp_path)
    assert result.returncode == 2
    first = result.stderr.strip().splitlines()[0]
    assert first.startswith(f"{path}:") and message in first.lower(), first
    if needle is not None:
        assert first.startswith(f"{path}:{line_of(path, needle)}:"), first
    assert "Traceback" not in result.stderr
    line = one_line_error(
        run("new", str(path), "-r", "sandbox", "-o", "x.toml", "--no-play", cwd=tmp_path)
    )
    assert line.startswith(f"tuicamp: {path}:")
    assert not (tmp_path / "x.toml").exists()


def test_truncated_and_huge_files_are_refused(tmp_path, save):
    text = save.read_text()
    broken = tmp_path / "broken.toml"
    broken.write_text(text[: len(text) // 2] + "\n[[armies]\n")
    result = run("check", str(broken), cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    seal, toml = result.stderr.strip().split("\n")  # cut short, and so no TOML either
    assert seal.startswith(f"{broken}:2: the save's seal does not match its content")
    assert toml.startswith(f"{broken}:") and "not valid TOML" in toml
    huge = tmp_path / "huge.toml"
    with huge.open("wb") as f:
        f.write(b"# padding\n" * (5 * 1024 * 1024))
    line = one_line_error(run("check", str(huge), cwd=tmp_path))
    assert line.startswith(f"{huge}:1:") and "MB" in line


def test_a_damaged_save_is_reported_and_never_overwritten(save):
    folder = save.parent
    text = save.read_text()
    assert text.count('ruleset = "sandbox"') == 2  # the header and the campaign
    save.write_text(text.replace('ruleset = "sandbox"', 'ruleset = "nope"'))
    save.write_bytes(sealed(save.read_bytes()))  # sealed again: the content is what is wrong
    before = files(folder)
    (folder / "o.toml").write_text(MOVE)
    line = one_line_error(run("apply", "a.toml", "o.toml", cwd=folder))
    assert "nope" in line and line.startswith("tuicamp: a.toml:")
    assert files(folder) == {**before, "o.toml": MOVE.encode()}


def test_a_save_name_gets_its_toml_suffix(tmp_path):
    result = run("new", SCENARIO, "-r", "sandbox", "-o", "camp", "--no-play", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "camp.toml").exists() and not (tmp_path / "camp").exists()
    assert run("show", "camp", cwd=tmp_path).returncode == 0  # NAME finds ./NAME.toml


def test_a_save_name_with_another_suffix_is_refused_in_one_line(tmp_path):
    """``-o x.json`` is a slip, not a wish for ``x.json.toml``: refused before anything is
    written, naming the way to say it; ``-o x.toml`` is taken as given."""
    line = one_line_error(
        run("new", SCENARIO, "-r", "sandbox", "-o", "x.json", "--no-play", cwd=tmp_path)
    )
    assert line == (
        "tuicamp: -o x.json: a save is a TOML file, NAME.toml: write -o x.toml (or -o x.json.toml)"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    result = run("new", SCENARIO, "-r", "sandbox", "-o", "x.toml", "--no-play", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    names = {p.name for p in tmp_path.iterdir()}
    assert {"x.toml", "x.chronicle.toml"} <= names and not any("json" in n for n in names)


def test_saves_are_found_in_the_saves_folder(tmp_path):
    result = run(
        "new", SCENARIO, "-r", "sandbox", "--name", "Club Night", "--no-play", cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "saves" / "club-night.toml").exists()
    shown = run("show", "club-night", cwd=tmp_path)
    assert shown.returncode == 0 and "Club Night" in shown.stdout


def test_the_installed_entry_point_runs():
    exe = shutil.which("tuicamp", path=str(Path(sys.executable).parent))
    assert exe, "the tuicamp console script is not installed beside this Python"
    result = subprocess.run([exe, "roll", "d6", "--seed", "2"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.startswith("d6: ")


def test_battles_lists_pending_battles_and_prints_their_card(tmp_path):
    """A battle found by the rules (sandbox: moving onto an enemy army), its card as text and
    Markdown, and the battle settled by orders files: R-ALL-10, "the battle is resolved when
    every side with players has asked"."""
    assert (
        run(
            "new",
            "skirmish-valley",
            "-r",
            "sandbox",
            "-o",
            "v.toml",
            "--no-play",
            "--seed",
            "4",
            cwd=tmp_path,
        ).returncode
        == 0
    )
    gm = '[[action]]\nkind = "gm_move_army"\narmy = "green-mob"\nhex = "0305"\nreason = "test"\n'
    (tmp_path / "gm.toml").write_text(gm)
    assert run("apply", "v.toml", "gm.toml", "--as", "gm", cwd=tmp_path).returncode == 0
    (tmp_path / "attack.toml").write_text(
        'seat = "red"\n[[action]]\nkind = "move"\narmy = "red-vanguard"\nto = "0305"\n'
    )
    applied = run("apply", "v.toml", "attack.toml", cwd=tmp_path)
    assert applied.returncode == 0, applied.stderr
    assert "Battle b1 at 0305" in applied.stdout
    listed = run("battles", "v.toml", cwd=tmp_path)
    assert listed.returncode == 0
    assert "b1  turn 1, Play phase  hex 0305" in listed.stdout
    assert "[pending, to be fought" in listed.stdout
    card = run("battles", "v.toml", "--card", "b1", cwd=tmp_path).stdout
    assert card.startswith("Battle b1 — turn 1") and "Record after the battle:" in card
    assert "Attacker" in card and "Defender" in card
    md = run("battles", "v.toml", "--card", "b1", "--markdown", cwd=tmp_path).stdout
    assert md.startswith("# Battle b1")
    line = one_line_error(run("battles", "v.toml", "--card", "b9", cwd=tmp_path))
    assert "there is no battle 'b9' (battles: b1)" in line
    # R-ALL-10: Red asks for the dice; the battle waits for Green to ask too
    (tmp_path / "auto.toml").write_text(
        'seat = "red"\n[[action]]\nkind = "auto_resolve"\nbattle = "b1"\n'
    )
    asked = run("apply", "v.toml", "auto.toml", cwd=tmp_path)
    assert asked.returncode == 0 and "asks to auto-resolve battle b1" in asked.stdout
    assert "auto-resolved" not in asked.stdout
    assert "[pending, to be fought" in run("battles", "v.toml", cwd=tmp_path).stdout
    (tmp_path / "agree.toml").write_text(
        'seat = "green"\n[[action]]\nkind = "auto_resolve"\nbattle = "b1"\n'
    )
    settled = run("apply", "v.toml", "agree.toml", cwd=tmp_path)
    assert settled.returncode == 0 and "auto-resolved" in settled.stdout
    assert "No battles pending." in run("battles", "v.toml", cwd=tmp_path).stdout
    assert "[auto]" in run("battles", "v.toml", "--all", cwd=tmp_path).stdout


def test_battles_form_prints_the_result_form_as_orders_the_engine_takes(tmp_path):
    """`tuicamp battles --form ID` asks exactly the battle's questions, as an orders file:
    filled in, `tuicamp apply` checks and enters it like the screen's form."""
    assert run("new", "skirmish-valley", "-r", "sandbox", "-o", "v.toml", "--no-play",
               "--seed", "4", cwd=tmp_path).returncode == 0  # fmt: skip
    gm = '[[action]]\nkind = "gm_move_army"\narmy = "green-mob"\nhex = "0305"\nreason = "test"\n'
    (tmp_path / "gm.toml").write_text(gm)
    assert run("apply", "v.toml", "gm.toml", "--as", "gm", cwd=tmp_path).returncode == 0
    (tmp_path / "attack.toml").write_text(
        'seat = "red"\n[[action]]\nkind = "move"\narmy = "red-vanguard"\nto = "0305"\n'
    )
    assert run("apply", "v.toml", "attack.toml", cwd=tmp_path).returncode == 0
    printed = run("battles", "v.toml", "--form", "b1", "--as", "red", cwd=tmp_path)
    assert printed.returncode == 0, printed.stderr
    form = printed.stdout
    assert 'seat = "red"' in form and form.count("[[action.sides]]") == 2
    assert "facts" not in form  # the sandbox asks no fields of its own
    assert "red-halberdiers" in form and "green-boyz" in form
    filled = form.replace("vp = 0", "vp = 300", 1)
    (tmp_path / "result.toml").write_text(filled, encoding="utf-8")
    applied = run("apply", "v.toml", "result.toml", cwd=tmp_path)
    assert applied.returncode == 0, applied.stderr
    assert "fought at the table: Attacker (Red) wins" in applied.stdout
    # the form names the revision it was printed at, so sending it twice enters it once
    assert re.search(r"^revision = \d+ ", form, re.M)
    again = one_line_error(run("apply", "v.toml", "result.toml", cwd=tmp_path))
    assert "were applied already for seat 'red'" in again, again
    line = one_line_error(run("battles", "v.toml", "--form", "b1", cwd=tmp_path))
    assert "battle b1 is already fought" in line
    both = one_line_error(run("battles", "v.toml", "--form", "b1", "--card", "b1", cwd=tmp_path))
    assert "give one of them" in both


def test_new_needs_no_ruleset_for_a_scenario_written_for_one(tmp_path):
    """A scenario with one ``[ruleset.X]`` table is played under X: ``tuicamp new
    ellegaard-reikwald-border`` starts it without ``--ruleset``."""
    result = run("new", "ellegaard-reikwald-border", "--no-play", "-o", "w.toml", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "(Warhammer Wars (Ellegaard))" in result.stdout
    assert 'ruleset = "ellegaard"' in (tmp_path / "w.toml").read_text()


def test_a_scenario_for_several_rulesets_asks_which():
    """With more than one ruleset to choose from, the player is told the choices."""
    assert _only_ruleset(["sandbox"], "valley") == "sandbox"
    with pytest.raises(InputError, match="valley can be played under rauscher, sandbox: say"):
        _only_ruleset(["sandbox", "rauscher"], "valley")
