"""Bad input found in review: every case gives exit 2 and one readable line naming the file
and line (``file:line: what``), never a traceback or an internal error, and writes nothing.

Real files in tmp_path; where the user's way in is the command line, a real `tuicamp`
process (``python -m tuicamp``, started warm: see warm.py).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
import warm
from conftest import small_campaign

from tuicamp.engine.codec import converter, describe_structure_error
from tuicamp.engine.costs import cost_model, movement_problems
from tuicamp.engine.engine import Engine, action_types
from tuicamp.engine.errors import InputError, RuleError
from tuicamp.engine.registry import get_ruleset, load_rulesets
from tuicamp.model.map import HexMap
from tuicamp.rules.sandbox.actions import Move
from tuicamp.storage.locations import CannotWrite, atomic_write, write_lock
from tuicamp.storage.orders import action_from_dict
from tuicamp.storage.saves import load_save
from tuicamp.storage.scenario import find_scenario, table_problems
from tuicamp.storage.seal import sealed

SCENARIO = "skirmish-valley"
RAUSCHER_SCENARIO = "rauscher-stir-border"


# --- running tuicamp ----------------------------------------------------------------------
def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "TUICAMP_NOW": "2026-01-01T12:00:00Z", "TUICAMP_SAVES": str(cwd)}
    env.pop("TUICAMP_DEBUG", None)
    return warm.tuicamp(args, cwd=cwd, env=env)


def one_line(result: subprocess.CompletedProcess) -> str:
    """The single line a bad input gives, checked to be one readable line with exit 2."""
    assert result.returncode == 2, (result.returncode, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    return lines[0]


def problem_at(result: subprocess.CompletedProcess, path: Path, line: int) -> str:
    """The one problem of `tuicamp check` (or any command), which must be at ``path:line``."""
    text = one_line(result).removeprefix("tuicamp: ")
    assert text.startswith(f"{path}:{line}: "), (text, line)
    return text


def line_of(path: Path, needle: str, after: str = "") -> int:
    text = path.read_text(encoding="utf-8")
    start = text.index(after) if after else 0
    return text[: text.index(needle, start)].count("\n") + 1


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def edit(path: Path, old: str, new: str, after: str = "") -> None:
    """A hand edit; a save is sealed again after it (as ``tuicamp check --reseal`` does,
    without its checks), so that what tuicamp says is about the edited content."""
    text = path.read_text(encoding="utf-8")
    start = text.index(after) if after else 0
    at = text.index(old, start)
    path.write_text(text[:at] + new + text[at + len(old) :], encoding="utf-8")
    if text.startswith("[header]"):
        path.write_bytes(sealed(path.read_bytes()))


# --- scenarios and saves to spoil --------------------------------------------------------
def scenario_with(
    tmp_path: Path, lines: str, ruleset: str = "sandbox", name: str = SCENARIO
) -> Path:
    """The bundled scenario with ``lines`` written first in its [ruleset.<id>] table."""
    path = tmp_path / "scenario.toml"
    shutil.copyfile(find_scenario(name), path)
    edit(path, f"[ruleset.{ruleset}]\n", f"[ruleset.{ruleset}]\n{lines}\n")
    return path


def new_save(tmp_path: Path, scenario: str = SCENARIO) -> Path:
    result = run(
        "new",
        scenario,
        "--ruleset",
        "sandbox",
        "-o",
        "war.toml",
        "--no-play",
        "--seed",
        "3",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    return tmp_path / "war.toml"


def orders(tmp_path: Path, text: str, name: str = "orders.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


MOVE = """seat = "red"
[[action]]
kind = "move"
army = "red-vanguard"
to = "0304"
"""

BATTLE = """seat = "gm"
[[action]]
kind = "gm_move_army"
reason = "to the river"
army = "red-vanguard"
hex = "0904"
[[action]]
kind = "move"
army = "red-vanguard"
to = "0905"
"""


@pytest.fixture
def save(tmp_path: Path) -> Path:
    return new_save(tmp_path)


# --- 1. movement tables ------------------------------------------------------------------
BAD_SANDBOX_TABLES = [
    ('tables = { terrain_cost = { clear = "two" } }', "terrain_cost.clear should be a number"),
    ("tables = { hexside = { river = { add = -1 } } }", "hexside.river.add cannot be negative"),
    ("tables = { terrain_cost = { clear = -1 } }", "terrain_cost.clear cannot be negative"),
    ("tables = { terrain_cost = 3 }", "terrain_cost should be a table"),
    ('tables = { hexside = { river = { blocks = "yes" } } }', "should be true or false"),
    ("tables = { hexside = { river = 5 } }", "hexside.river should be a table"),
    ("tables = { terrain_cost = { cleer = 2 } }", "did you mean 'clear'?"),
    ('tables = { hexside = { river = { unless = ["bridg"] } } }', "did you mean 'bridge'?"),
]


@pytest.mark.parametrize(("line", "expected"), BAD_SANDBOX_TABLES)
def test_check_and_new_refuse_bad_movement_tables(tmp_path: Path, line, expected) -> None:
    scenario = scenario_with(tmp_path, line)
    where = line_of(scenario, "tables =")
    assert expected in problem_at(run("check", str(scenario), cwd=tmp_path), scenario, where)
    before = files(tmp_path)
    result = run(
        "new", str(scenario), "--ruleset", "sandbox", "-o", "x.toml", "--no-play", cwd=tmp_path
    )
    assert expected in problem_at(result, scenario, where)
    assert files(tmp_path) == before  # no save was written


def test_good_table_overrides_still_pass_and_price_moves(tmp_path: Path) -> None:
    scenario = scenario_with(
        tmp_path,
        "tables = { terrain_cost = { clear = 2, sea = 4, lake = false }, "
        "hexside = { wall = { blocks = true }, river = { add = 1, blocks = false } } }",
    )
    result = run("check", str(scenario), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    made = run(
        "new", str(scenario), "--ruleset", "sandbox", "-o", "war.toml", "--no-play", cwd=tmp_path
    )
    assert made.returncode == 0, made.stderr
    moved = run("apply", "war.toml", str(orders(tmp_path, MOVE)), cwd=tmp_path)
    assert moved.returncode == 0, moved.stderr
    assert "2 MP" in moved.stdout  # clear costs 2 now


@pytest.mark.parametrize(
    ("old", "new", "needle", "expected"),
    [
        (
            "[campaign.tables]\n",
            "[campaign.tables]\n\n[campaign.tables.terrain_cost]\nclear = -1\n",
            "clear = -1",
            "cannot be negative",
        ),
        (
            "[campaign.tables]\n",
            "[campaign.tables]\nterrain_cost = 3\n",
            "terrain_cost = 3",
            "terrain_cost should be a table",
        ),
        (
            "[campaign.tables]\n",
            '[campaign.tables]\n\n[campaign.tables.hexside.stream]\nadd = "one"\n',
            'add = "one"',
            "should be a number",
        ),
        (
            "[campaign.tables]\n",
            "[campaign.tables]\nterain_cost = {}\n",
            "terain_cost",
            "no table 'terain_cost'",
        ),
    ],
)
def test_bad_tables_in_a_save_are_refused(
    tmp_path: Path, save: Path, old, new, needle, expected
) -> None:
    edit(save, old, new)
    line = line_of(save, needle)
    assert expected in problem_at(run("check", str(save), cwd=tmp_path), save, line)
    before = files(tmp_path)
    applied = run("apply", str(save), str(orders(tmp_path, MOVE, "../move.toml")), cwd=tmp_path)
    assert expected in problem_at(applied, save, line)
    assert files(tmp_path) == before


def test_cost_model_names_a_bad_table_that_slipped_through() -> None:
    hexmap = HexMap.blank(3, 3)
    with pytest.raises(RuleError, match=r"terrain_cost\.clear should be a number"):
        cost_model(hexmap, {"terrain_cost": {"clear": "two"}})
    with pytest.raises(RuleError, match=r"hexside\.river\.add cannot be negative"):
        cost_model(hexmap, {"terrain_cost": {"clear": 1}, "hexside": {"river": {"add": -1}}})
    with pytest.raises(ValueError, match="terrain_cost"):  # what move previews guard against
        cost_model(hexmap, {"terrain_cost": 3})
    assert movement_problems({"terrain_cost": {"clear": False, "f": 2}}) == []


def test_a_move_under_a_bad_table_is_refused_in_words() -> None:
    campaign = small_campaign()
    campaign.tables = {"terrain_cost": {"clear": "two"}}  # past every check, by hand
    engine = Engine(campaign, [])
    with pytest.raises(RuleError, match=r"terrain_cost\.clear"):
        engine.perform("p1", Move(army="a1", to="0103"))


def test_rauscher_tables_are_checked_against_their_own_shape(tmp_path: Path) -> None:
    rauscher = get_ruleset("rauscher")
    bad = {
        "move_march": {"normal": {"factor": "fast"}},
        "settlement_costs": {"town": {"base": -5}},
        "race_order": {"races": "Chaos"},
        "move_zones": {"raduis": 2},
        "move_advanced": {"terrain_cost": {"clear": "x"}},
        "move_defences": {"prepared": [{"per": "many"}]},
    }
    found = dict(table_problems(rauscher, bad))
    assert "should be a number" in found["move_march", "normal", "factor"]
    assert "cannot be negative" in found["settlement_costs", "town", "base"]
    assert "should be a list" in found["race_order", "races"]
    assert "did you mean 'radius'?" in found["move_zones", "raduis"]
    assert "should be a number" in found["move_advanced", "terrain_cost", "clear"]
    assert "should be a number" in found["move_defences", "prepared", 0, "per"]
    assert len(found) == len(bad)
    good = {
        "move_defences": {"rounding": "down"},
        "race_aliases": {"Lizardmen": "Lizardmen"},  # a new row of a table of like rows
        "move_roles": {"baggage": {"mp": 5}},
        "move_advanced": {"terrain_cost": {"clear": False}},
    }
    assert table_problems(rauscher, good) == []
    # and through the command line
    scenario = scenario_with(
        tmp_path,
        'tables = { move_march = { normal = { factor = "x" } } }',
        ruleset="rauscher",
        name=RAUSCHER_SCENARIO,
    )
    result = run("check", str(scenario), cwd=tmp_path)
    assert "move_march.normal.factor should be a number" in problem_at(
        result, scenario, line_of(scenario, "tables =")
    )


# --- 2. folders that cannot be written ----------------------------------------------------
@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs a Linux /proc")
def test_new_into_a_folder_that_takes_no_files(tmp_path: Path) -> None:
    result = run(
        "new", SCENARIO, "--ruleset", "sandbox", "-o", "/proc/x5", "--no-play", cwd=tmp_path
    )
    assert (
        one_line(result) == "tuicamp: /proc/x5.toml: cannot write here (No such file or directory)"
    )


def test_a_save_under_a_file_is_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "three.toml").write_text("x", encoding="utf-8")
    save = tmp_path / "three.toml" / "x.toml"
    with (
        pytest.raises(
            InputError,
            match=r"x\.toml: cannot write here \(.*three\.toml is a "
            r"file, not a folder\)",
        ),
        write_lock(save),
    ):
        pass
    with pytest.raises(InputError, match="cannot write here") as failure:
        atomic_write(save, b"data")
    assert isinstance(failure.value, OSError)  # callers that handle failed writes still do
    assert (tmp_path / "three.toml").read_text(encoding="utf-8") == "x"


def test_new_under_a_file_through_the_command_line(tmp_path: Path) -> None:
    (tmp_path / "three.toml").write_text("x", encoding="utf-8")
    result = run(
        "new", SCENARIO, "--ruleset", "sandbox", "-o", "three.toml/x", "--no-play", cwd=tmp_path
    )
    assert "cannot write here" in one_line(result)


def _read_only(folder: Path) -> None:
    """Make ``folder`` refuse new files, even to root (which ignores permission bits)."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return
    if (
        not shutil.which("chattr")
        or subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode
    ):
        pytest.skip("running as root without chattr +i: no folder can be made read-only")


def _writable(folder: Path) -> None:
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(folder)], capture_output=True)
    folder.chmod(0o755)


def test_apply_in_a_read_only_folder(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    save = new_save(folder)
    (folder / "war.toml.lock").unlink()  # as after a copy of the save alone
    move = orders(tmp_path, MOVE)
    before = files(folder)
    _read_only(folder)
    try:
        result = run("apply", str(save), str(move), cwd=tmp_path)
    finally:
        _writable(folder)
    assert re.fullmatch(
        rf"tuicamp: {re.escape(str(save))}: cannot write here \(.+\)", one_line(result)
    )
    assert files(folder) == before


# --- 3. what a save's other parts may hold ------------------------------------------------
def test_an_option_written_as_text_is_read_as_its_type(save: Path) -> None:
    edit(save, "fog_of_war = false", 'fog_of_war = "no"')
    campaign, _ = load_save(save)
    assert campaign.options["fog_of_war"] is False  # "no" is a true value to Python


@pytest.mark.parametrize(
    ("old", "new", "needle", "expected"),
    [
        (
            "fog_of_war = false",
            'fog_of_war = "maybe"',
            "maybe",
            "option fog_of_war is true or false, not 'maybe'",
        ),
        (
            "fog_of_war = false",
            "fog_of_wars = true",
            "fog_of_wars",
            "has no option 'fog_of_wars' (did you mean 'fog_of_war'?)",
        ),
        ("fog_of_war = false", "fog_of_war = 1.5", "1.5", "fog_of_war"),
        ("points = 95", "points = -5", "points = -5", "points cannot be negative (-5)"),
        ("models = 20", "models = -3", "models = -3", "models cannot be negative (-3)"),
        ("position = 0", "position = 7", "position = 7", "position is 7"),
        (
            '    "green",\n]\nposition',
            '    "blue",\n]\nposition',
            '"blue"',
            "the turn order names no player 'blue'",
        ),
    ],
)
def test_save_checks_options_units_and_state(
    tmp_path: Path, save: Path, old, new, needle, expected
) -> None:
    edit(save, old, new)
    line = line_of(save, needle)
    assert expected in problem_at(run("check", str(save), cwd=tmp_path), save, line)
    before = files(tmp_path)
    shown = run("show", str(save), cwd=tmp_path)
    assert expected in problem_at(shown, save, line)
    assert files(tmp_path) == before


@pytest.mark.parametrize(
    ("old", "new", "needle", "expected"),
    [
        ('hex = "0905"\nterrain', 'hex = "2020"\nterrain', '"2020"', "battle 'b1' is off the map"),
        ('terrain = "clear"', 'terrain = "lava"', "lava", "unknown terrain 'lava'"),
        (
            'id = "defender"',
            'id = "attacker"',
            'id = "attacker"\ntitle = "Defender',
            "has two sides 'attacker'",
        ),
        ('    "green",\n]\narmies', '    "grin",\n]\narmies', '"grin"', "no player 'grin'"),
    ],
)
def test_save_checks_battles(tmp_path: Path, save: Path, old, new, needle, expected) -> None:
    fought = run("apply", str(save), str(orders(tmp_path, BATTLE, "../battle.toml")), cwd=tmp_path)
    assert fought.returncode == 0 and "Battle b1" in fought.stdout, fought.stderr
    edit(save, old, new, after="[[campaign.battles]]")
    line = line_of(save, needle, after="[[campaign.battles]]")
    assert expected in problem_at(run("check", str(save), cwd=tmp_path), save, line)


def test_a_gm_cannot_set_state_the_save_would_refuse(save: Path, tmp_path) -> None:
    """A state edit the save would refuse is refused; whose turn it is is the engine's flow
    now, not the sandbox's state, so no state edit can point it off the turn order."""
    bad = orders(
        tmp_path,
        'seat = "gm"\n[[action]]\nkind = "gm_set_state"\nreason = "x"\n'
        'path = "mp_used.red-vanguard"\nvalue = -1\n',
        "../state.toml",
    )
    result = run("apply", str(save), str(bad), cwd=tmp_path)
    assert "cannot have used -1 MP" in one_line(result)
    pointer = orders(
        tmp_path,
        'seat = "gm"\n[[action]]\nkind = "gm_set_state"\nreason = "x"\n'
        'path = "current"\nvalue = 9\n',
        "../pointer.toml",
    )
    result = run("apply", str(save), str(pointer), cwd=tmp_path)
    assert "No such state path 'current'" in one_line(result)


# --- 4. set-up keys the sandbox does not have -----------------------------------------------
def test_a_typo_in_the_sandbox_table_is_refused(tmp_path: Path) -> None:
    scenario = scenario_with(tmp_path, "option = { fog_of_war = true }")
    line = line_of(scenario, "option =")
    text = problem_at(run("check", str(scenario), cwd=tmp_path), scenario, line)
    assert text.endswith("ruleset sandbox set-up: option: unknown key (did you mean 'options'?)")
    before = files(tmp_path)
    made = run(
        "new", str(scenario), "--ruleset", "sandbox", "-o", "x.toml", "--no-play", cwd=tmp_path
    )
    problem_at(made, scenario, line)
    assert files(tmp_path) == before
    assert get_ruleset("sandbox").setup_problems({}) == []


# --- 5. structure errors that name the key -------------------------------------------------
@pytest.mark.parametrize(
    ("old", "new", "needle", "expected"),
    [
        ("width = 10", 'width = "abc"', '"abc"', "expected a whole number, not 'abc'"),
        ("width = 10", "width = 6.9", "6.9", "expected a whole number, not 6.9"),
        (
            re.compile(r"terrain = \[.*?\]", re.S),
            "terrain = 5",
            "terrain = 5",
            "expected a list in [ ], not the number 5",
        ),
        (
            "width = 10",
            "width = 10\nwidht = 3",
            "widht",
            "unknown key(s) (widht): did you mean 'width'?",
        ),
    ],
)
def test_a_bad_map_in_a_save_names_the_field(
    tmp_path: Path, save: Path, old, new, needle, expected
) -> None:
    if isinstance(old, re.Pattern):
        save.write_text(old.sub(new, save.read_text(encoding="utf-8"), count=1), "utf-8")
        save.write_bytes(sealed(save.read_bytes()))
    else:
        edit(save, old, new, after="[campaign.map]")
    line = line_of(save, needle, after="[campaign.map]")
    text = problem_at(run("check", str(save), cwd=tmp_path), save, line)
    assert text.endswith(expected)
    assert "HexMap" not in text and "invalid value" not in text


def test_a_missing_key_is_named(tmp_path: Path, save: Path) -> None:
    path = orders(
        tmp_path,
        'seat = "red"\n\n[[action]]\nkind = "add_unit"\narmy = "red-vanguard"\n',
        "../orders.toml",
    )
    text = problem_at(run("apply", str(save), str(path), cwd=tmp_path), path, 3)
    assert text.endswith("missing key 'unit'")


def test_an_unknown_key_in_orders_points_at_its_own_line(tmp_path: Path, save: Path) -> None:
    path = orders(
        tmp_path,
        'seat = "red"\n\n[[action]]\nkind = "move"\narmy = "red-vanguard"\n'
        'amry = "red-vanguard"\nto = "0304"\n',
        "../orders.toml",
    )
    text = problem_at(run("apply", str(save), str(path), cwd=tmp_path), path, 6)
    assert "unknown key(s) (amry): did you mean 'army'?" in text


def test_describe_structure_error_names_missing_keys() -> None:
    try:
        converter.structure({"army": "a"}, action_types(get_ruleset("sandbox"))["add_unit"])
    except Exception as exc:
        assert describe_structure_error(exc) == [(("unit",), "missing key 'unit'")]
    else:
        pytest.fail("a missing unit was accepted")


# --- 6. `tuicamp actions` examples and lists -------------------------------------------------
@pytest.mark.parametrize("ruleset_id", sorted(load_rulesets()))
def test_every_example_of_tuicamp_actions_structures(tmp_path: Path, ruleset_id: str) -> None:
    result = run("actions", "--ruleset", ruleset_id, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    blocks = tomllib.loads(result.stdout)["action"]
    types = action_types(get_ruleset(ruleset_id))
    assert sorted(b["kind"] for b in blocks) == sorted(types)
    for block in blocks:
        action = action_from_dict(block, types)
        assert action.kind == block["kind"]


def test_the_add_unit_example_can_be_copied(tmp_path: Path, save: Path) -> None:
    shown = run("actions", "--ruleset", "sandbox", cwd=tmp_path).stdout
    example = next(b for b in shown.split("\n\n") if 'kind = "add_unit"' in b)
    assert "unit = { name = " in example and "points = 0" in example
    filled = (
        example.replace('army = ""', 'army = "red-vanguard"')
        .replace('name = ""', 'name = "Crossbowmen"')
        .replace("points = 0", "points = 90")
    )
    path = orders(tmp_path, f'seat = "red"\n{filled}\n', "../orders.toml")
    result = run("apply", str(save), str(path), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Crossbowmen (90 pts) joined The Red Vanguard" in result.stdout


def test_text_where_a_list_belongs_is_refused(tmp_path: Path, save: Path) -> None:
    path = orders(
        tmp_path,
        'seat = "red"\n[[action]]\nkind = "move"\narmy = "red-vanguard"\npath = "0304"\n',
        "../orders.toml",
    )
    text = problem_at(run("apply", str(save), str(path), cwd=tmp_path), path, 5)
    assert text.endswith("action move: expected a list in [ ], not text '0304' (write [\"0304\"])")


@pytest.mark.parametrize(
    ("value", "type_", "expected"),
    [
        ("scout", set[str], "expected a list in [ ], not text 'scout'"),
        ({"a": 1}, list[int], "expected a list in [ ], not a table"),
        ("food", dict[str, int], "expected a table, not text 'food'"),
        (5, str, "expected text in quotes, not the number 5"),
    ],
)
def test_containers_and_text_are_not_guessed(value, type_, expected) -> None:
    with pytest.raises(ValueError, match=re.escape(expected)):
        converter.structure(value, type_)


def test_a_lost_write_never_hides_behind_cannot_write(tmp_path: Path) -> None:
    # CannotWrite is one line for the command line and an OSError for the session
    exc = CannotWrite(tmp_path / "a.toml", PermissionError(13, "Permission denied"))
    assert str(exc) == f"{tmp_path / 'a.toml'}: cannot write here (Permission denied)"
    assert exc.strerror == "Permission denied" and isinstance(exc, InputError)


def test_numbers_too_large_for_a_save_are_refused(tmp_path: Path) -> None:
    """TOML integers are 64-bit: an order with a larger number would leave a save other
    TOML readers refuse."""
    assert (
        run(
            "new", "skirmish-valley", "-r", "sandbox", "-o", "v.toml", "--no-play", cwd=tmp_path
        ).returncode
        == 0
    )
    (tmp_path / "o.toml").write_text(
        'seat = "red"\n[[action]]\nkind = "create_army"\nname = "X"\nhex = "0101"\n'
        'units = [{ name = "Big", points = 99999999999999999999999 }]\n',
        encoding="utf-8",
    )
    before = (tmp_path / "v.toml").read_bytes()
    line = one_line(run("apply", "v.toml", "o.toml", cwd=tmp_path))
    assert "too large a number" in line and line.startswith("tuicamp: o.toml:6:")
    assert (tmp_path / "v.toml").read_bytes() == before
