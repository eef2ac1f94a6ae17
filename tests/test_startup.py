"""Start-up imports only what it needs: the mechanisms, pinned without timing anything.

Each check runs in a fresh interpreter (a subprocess), since the test process itself has
imported everything long ago.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest

from tuicamp.cli import _command_in, build_parser
from tuicamp.engine.errors import InputError
from tuicamp.engine.registry import (
    GROUP,
    InstalledRulesets,
    RulesetAbout,
    bundled_point,
    load_rulesets,
)
from tuicamp.game.session import Session
from tuicamp.storage.seal import sealed

RAUSCHER = "tuicamp.rules.rauscher"
METADATA = "importlib.metadata"


def _modules_after(code: str) -> set[str]:
    """The modules loaded once ``code`` has run in a fresh interpreter."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))\n"
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    return set(json.loads(out.strip().splitlines()[-1]))


def _loaded(modules: set[str], package: str) -> list[str]:
    return sorted(m for m in modules if m == package or m.startswith(package + "."))


def test_looking_up_one_ruleset_imports_that_one_alone():
    modules = _modules_after(
        "from tuicamp.engine.registry import get_ruleset\nget_ruleset('sandbox')"
    )
    assert "tuicamp.rules.sandbox" in modules
    assert _loaded(modules, RAUSCHER) == []


def test_the_names_of_the_installed_rulesets_need_no_ruleset_imported():
    modules = _modules_after(
        "from tuicamp.engine.registry import ruleset_names\n"
        "assert {'sandbox', 'rauscher'} <= set(ruleset_names()), ruleset_names()"
    )
    assert _loaded(modules, "tuicamp.rules.sandbox") == []
    assert _loaded(modules, RAUSCHER) == []


def test_listing_every_ruleset_still_loads_each():
    """The check above can fail: listing the rulesets whole does import Rauscher."""
    modules = _modules_after(
        "from tuicamp.engine.registry import load_rulesets\n"
        "assert {'sandbox', 'rauscher'} <= set(load_rulesets())"
    )
    assert _loaded(modules, RAUSCHER) != []


def test_looking_up_a_bundled_ruleset_reads_no_package_metadata():
    """A save names its ruleset; a bundled one is found from its own about.toml, so
    opening it never imports importlib.metadata (a good part of a short command)."""
    modules = _modules_after(
        "from tuicamp.engine.registry import get_ruleset\nget_ruleset('sandbox')"
    )
    assert "tuicamp.rules.sandbox" in modules
    assert _loaded(modules, METADATA) == []


def test_listing_the_installed_names_does_read_the_entry_points():
    """The check above can fail: the names of every installed ruleset are the entry
    points', read through importlib.metadata."""
    modules = _modules_after("from tuicamp.engine.registry import ruleset_names\nruleset_names()")
    assert METADATA in modules


def test_every_bundled_about_file_names_the_entry_point_pyproject_registers():
    """A bundled ruleset is loaded from the entry point its about.toml names: it must be
    the one the installed entry points give, for every bundled ruleset."""
    from importlib.metadata import entry_points

    installed = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    bundled = {n: v for n, v in installed.items() if v.startswith("tuicamp.rules.")}
    assert {"sandbox", "rauscher"} <= set(bundled)
    for name, value in bundled.items():
        point = bundled_point(name)
        assert point is not None and point.value == value, name
        assert point.load().id == name


def test_a_name_no_bundled_ruleset_has_is_no_bundled_point():
    """Only a package of the bundled folder with an about.toml naming its entry point is
    one: the kit, the API module, a dotted or path-like name from a save are not."""
    for name in ("kit", "api", "nothing", "sandbox.ruleset", "../sandbox", "", "skirmish-hours"):
        assert bundled_point(name) is None, name


def _counted(points: dict[str, str]) -> tuple[list[int], Any]:
    reads: list[int] = []

    def read() -> dict[str, EntryPoint]:
        reads.append(1)
        return {n: EntryPoint(n, v, GROUP) for n, v in points.items()}

    return reads, read


def test_a_bundled_ruleset_is_found_without_reading_the_entry_points():
    reads, read = _counted({"skirmish-hours": "tests.rulesets.skirmish_hours:SkirmishHours"})
    installed = InstalledRulesets(read, bundled=bundled_point)
    assert installed["sandbox"].id == "sandbox"
    assert reads == []


def test_a_clubs_ruleset_is_still_found_through_its_entry_point():
    """Entry points are still honoured for every ruleset tuicamp does not bundle."""
    reads, read = _counted({"skirmish-hours": "tests.rulesets.skirmish_hours:SkirmishHours"})
    installed = InstalledRulesets(read, bundled=bundled_point)
    assert installed["skirmish-hours"].title == "Skirmish Hours"
    assert reads == [1]
    assert installed.names() == ["skirmish-hours"] and reads == [1]  # read once
    with pytest.raises(KeyError):
        installed["no-such-ruleset"]


def test_a_bundled_name_another_package_registers_is_still_the_bundled_ruleset():
    """Lookups and lists agree on it: the bundled ruleset, whatever else claims the name."""
    _, read = _counted({"sandbox": "json:dumps"})
    installed = InstalledRulesets(read, bundled=bundled_point)
    assert type(installed["sandbox"]).__module__ == "tuicamp.rules.sandbox.ruleset"
    assert installed._points["sandbox"].value == "tuicamp.rules.sandbox:SandboxRuleset"
    assert list(installed) == ["sandbox"]


def test_every_bundled_rulesets_about_file_says_what_its_class_says():
    """The list of rulesets reads each one's about.toml instead of importing it: the two
    must never tell a player different things."""
    installed = _registry(**{n: p.value for n, p in load_rulesets()._points.items()})
    from_files = installed.about()
    assert not installed._loaded  # the check below compares files with classes
    assert from_files == [RulesetAbout.of(r) for _, r in sorted(load_rulesets().items())]
    assert {a.id for a in from_files} >= {"sandbox", "rauscher"}


def test_listing_the_rulesets_imports_none_of_them(tmp_path):
    listed = _observed(tmp_path, "rulesets")
    assert listed["code"] == 0
    for about in _registry(sandbox="tuicamp.rules.sandbox:SandboxRuleset").about():
        assert f"{about.id:<12} {about.title}" in listed["stdout"]
    assert "Warhammer Campaign (Rauscher)" in listed["stdout"]
    assert _loaded(set(listed["modules"]), "tuicamp.rules.sandbox") == []
    assert _loaded(set(listed["modules"]), RAUSCHER) == []


def test_a_ruleset_without_an_about_file_is_imported_to_be_described():
    """A club's ruleset may have no about.toml: it is listed all the same, from itself
    (``json`` has none, and is no ruleset: it is left out, as the mapping leaves it)."""
    installed = _registry(junk="json:dumps", sandbox="tuicamp.rules.sandbox:SandboxRuleset")
    assert [a.id for a in installed.about()] == ["sandbox"]
    assert not installed._loaded  # sandbox's from its file
    club = _registry(club="tests.rulesets.skirmish_hours:SkirmishHours")
    assert [(a.id, a.title) for a in club.about()] == [("skirmish-hours", "Skirmish Hours")]
    assert club["skirmish-hours"].title == "Skirmish Hours"


def _registry(**points: str) -> InstalledRulesets:
    return InstalledRulesets({n: EntryPoint(n, v, GROUP) for n, v in points.items()})


def test_a_ruleset_is_found_by_the_id_it_gives_when_its_entry_point_is_named_otherwise():
    installed = _registry(club="tuicamp.rules.sandbox:SandboxRuleset")
    assert installed.names() == ["club"]
    assert installed["sandbox"].id == "sandbox"
    assert "club" not in installed
    assert list(installed) == ["sandbox"]


def test_an_entry_point_that_is_no_ruleset_is_skipped():
    installed = _registry(junk="json:dumps", sandbox="tuicamp.rules.sandbox:SandboxRuleset")
    assert "junk" not in installed
    assert list(installed) == ["sandbox"] and len(installed) == 1


def test_each_ruleset_is_made_once():
    installed = _registry(sandbox="tuicamp.rules.sandbox:SandboxRuleset")
    first = installed["sandbox"]
    assert installed["sandbox"] is first and next(iter(installed.values())) is first


# --- the command line's reports -----------------------------------------------------------
OBSERVED_RUN = """
import json, sys
opened = []
def watch(event, args):
    if event == "open" and isinstance(args[0], str):
        opened.append(args[0])
sys.addaudithook(watch)
from tuicamp.cli import main
code = main(sys.argv[1:])
print()
print(json.dumps({"code": code, "opened": opened, "modules": sorted(sys.modules)}))
"""


def _shown_modules(save: Path) -> set[str]:
    """The modules ``tuicamp show`` of the demo had loaded, once it printed the report."""
    shown = _observed(save.parent, "show", "demo")
    assert shown["code"] == 0 and "Players:" in shown["stdout"]
    return set(shown["modules"])


def _observed(tmp_path: Path, *args: str) -> dict:
    """Run the command line in a fresh interpreter and report its exit code, every file it
    opened (an audit hook sees each ``open``) and the modules it had loaded at the end."""
    env = {**os.environ, "TUICAMP_SAVES": str(tmp_path), "TUICAMP_NOW": "2026-01-01T12:00:00Z"}
    result = subprocess.run(
        [sys.executable, "-c", OBSERVED_RUN, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    report["stdout"] = result.stdout
    return report


@pytest.fixture
def sandbox_save(tmp_path: Path) -> Path:
    new = ("new", "skirmish-valley", "-r", "sandbox", "--seed", "3", "-o", "demo", "--no-play")
    made = _observed(tmp_path, *new)
    assert made["code"] == 0
    return tmp_path / "demo.toml"


def test_show_on_a_sandbox_save_imports_no_rauscher_module(sandbox_save):
    shown = _observed(sandbox_save.parent, "show", "demo")
    assert shown["code"] == 0 and "Turn 1" in shown["stdout"]
    assert _loaded(set(shown["modules"]), RAUSCHER) == []
    assert _loaded(set(shown["modules"]), "textual") == []


# What a report of a sandbox campaign never calls: what its actions are and do (and the
# engine's battles, corrections and pathing they bring), the entry points' metadata, and
# a scenario's schema (a save's checks shared with a scenario are storage.shared_checks).
ACTING_SIDE = (
    "tuicamp.rules.sandbox.actions",
    "tuicamp.rules.sandbox.play",
    "tuicamp.engine.battles",
    "tuicamp.engine.corrections",
    "tuicamp.engine.pathing",
    "tuicamp.engine.context",
)
NOT_FOR_A_REPORT = (*ACTING_SIDE, METADATA, "tuicamp.storage.scenario")
# What reading a ruleset's tables beside its module no longer imports (package_files).
RESOURCES = ("importlib.resources", "zipfile", "tempfile")
# What only writing a save needs (an unguessable temporary name, a copy where no hard link
# can be made), and what argparse's help would import to learn the terminal's width.
WRITING_AND_HELP = ("secrets", "random", "hmac", "shutil", "bz2", "lzma")


def test_show_on_a_sandbox_save_imports_nothing_of_acting(sandbox_save):
    modules = _shown_modules(sandbox_save)
    assert "tuicamp.rules.sandbox.ruleset" in modules  # the check sees the ruleset loaded
    assert "tuicamp.storage.shared_checks" in modules
    assert [m for m in NOT_FOR_A_REPORT if m in modules] == []


def test_show_reads_the_rulesets_tables_without_importlib_resources(sandbox_save):
    """A bundled ruleset's tables are read from its package's folder (package_files):
    importlib.resources, its readers and what they import are never loaded for it."""
    modules = _shown_modules(sandbox_save)
    assert "tuicamp.engine.package_files" in modules  # the check sees the folder looked up
    assert [m for m in RESOURCES if m in modules] == []


def test_show_imports_nothing_a_write_or_argparse_help_needs(sandbox_save):
    """Reading a save names no temporary file and copies nothing, and the command line's
    parser learns the terminal's width without ``shutil`` (cli._Formatter)."""
    modules = _shown_modules(sandbox_save)
    assert "argparse" in modules and "tuicamp.storage.locations" in modules  # the check
    assert [m for m in WRITING_AND_HELP if m in modules] == []


@pytest.mark.parametrize("columns", [None, "50", "200", "0", "wide"])
def test_the_help_is_as_wide_as_argparse_makes_it(monkeypatch, columns):
    """cli._Formatter's width is argparse's own (shutil.get_terminal_size's, less 2), from
    ``COLUMNS`` or, without a usable one, the terminal (80 when there is none)."""
    import argparse

    from tuicamp.cli import _Formatter

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert _Formatter("tuicamp")._width == argparse.HelpFormatter("tuicamp")._width
    assert _Formatter("tuicamp", width=33)._width == 33


def test_a_hidden_temporary_name_holds_48_random_bits_in_hex(tmp_path):
    """What ``secrets.token_hex(6)`` gave: twelve hex digits, new for each file."""
    from tuicamp.storage.locations import hidden_temporary

    made = [hidden_temporary(tmp_path / "demo.toml", "tmp") for _ in range(3)]
    for _, fd in made:
        os.close(fd)
    names = [path.name for path, _ in made]
    assert all(n.startswith(".demo.toml.") and n.endswith(".tmp") for n in names)
    tokens = [n.removeprefix(".demo.toml.").removesuffix(".tmp") for n in names]
    assert all(len(t) == 12 and set(t) <= set("0123456789abcdef") for t in tokens)
    assert len(set(tokens)) == 3


def test_a_packages_files_are_where_importlib_resources_finds_them():
    """package_files answers what importlib.resources.files answers, for each bundled
    ruleset's package and the core's, and asks importlib.resources for what is no
    package read from files (a module alone, a package not imported)."""
    from importlib import resources

    from tuicamp.engine.package_files import package_files
    from tuicamp.engine.registry import get_ruleset

    get_ruleset("sandbox"), get_ruleset("rauscher")  # their packages imported
    for package in ("tuicamp.rules.sandbox", "tuicamp.rules.rauscher", "tuicamp.game"):
        assert package_files(package) == resources.files(package), package
    with pytest.raises(TypeError):  # not a package: importlib.resources' own refusal
        package_files("tuicamp.engine.package_files")
    assert package_files("json") == resources.files("json")


# What performs or writes: a report of the state needs none of it (the light read side).
WRITE_SIDE = ("tuicamp.engine.engine", "tuicamp.game.session", "tuicamp.engine.snapshots")
# What the engine imports with the first action (or list of actions) that needs it: an
# engine built to open a campaign (a hand-over's first frame) performs nothing.
ENGINE_ACTING = (
    "tuicamp.engine.battles",
    "tuicamp.engine.corrections",
    "tuicamp.engine.result_form",
    "tuicamp.engine.outcome",
)


def test_show_builds_no_engine_or_session(sandbox_save):
    """`show` reads and views the state and prints it: the action pipeline and the
    session that writes saves are never imported, so a report pays for neither."""
    modules = _shown_modules(sandbox_save)
    assert "tuicamp.engine.views" in modules  # the check does see what show imports
    assert [m for m in WRITE_SIDE if m in modules] == []


def test_apply_does_build_the_engine(sandbox_save):
    """The check above can fail: `apply`, which performs an order, imports the engine."""
    orders = sandbox_save.with_name("orders.toml")
    orders.write_text('seat = "red"\n[[action]]\nkind = "end_turn"\n')
    applied = _observed(sandbox_save.parent, "apply", "demo", str(orders))
    assert applied["code"] == 0, applied
    assert set(WRITE_SIDE) <= set(applied["modules"])
    assert set(ENGINE_ACTING) <= set(applied["modules"])  # with the orders' action types


def test_apply_of_a_move_does_import_what_acting_needs(sandbox_save):
    """The check of what show leaves out can fail: a move is the sandbox's to perform
    (its handlers, the pathfinder)."""
    orders = sandbox_save.with_name("orders.toml")
    orders.write_text(
        'seat = "red"\n[[action]]\nkind = "move"\narmy = "red-vanguard"\nto = "0304"\n'
    )
    applied = _observed(sandbox_save.parent, "apply", "demo", str(orders))
    assert applied["code"] == 0 and "moved 0204 -> 0304" in applied["stdout"], applied
    assert set(ACTING_SIDE) <= set(applied["modules"])


def test_show_never_opens_the_chronicle(sandbox_save):
    chronicle = sandbox_save.with_name("demo.chronicle.toml")
    shown = _observed(sandbox_save.parent, "show", "demo", "--as", "red")
    assert shown["code"] == 0 and "You are: seat red" in shown["stdout"]
    opened = [Path(p).name for p in shown["opened"]]
    assert sandbox_save.name in opened  # the check does see the files opened
    assert chronicle.name not in opened


def test_show_reports_the_state_without_a_chronicle_at_all(sandbox_save):
    sandbox_save.with_name("demo.chronicle.toml").unlink()
    shown = _observed(sandbox_save.parent, "show", "demo")
    assert shown["code"] == 0 and "Players:" in shown["stdout"]


def test_log_does_read_the_chronicle(sandbox_save):
    """The check above can fail: `log` opens the chronicle, since it prints it."""
    logged = _observed(sandbox_save.parent, "log", "demo")
    assert logged["code"] == 0 and "#1 " in logged["stdout"]
    assert any(Path(p).name == "demo.chronicle.toml" for p in logged["opened"])


def test_a_session_opened_to_read_refuses_to_write(sandbox_save):
    session = Session.peek(sandbox_save)
    assert session.chronicle == [] and session.campaign.chronicle_length > 0
    before = sandbox_save.read_bytes()
    with pytest.raises(InputError, match="read only"):
        session.save()
    assert sandbox_save.read_bytes() == before


# --- the terminal UI's first frame ------------------------------------------------------------
FIRST_FRAME = """
import asyncio, json, sys
from pathlib import Path
opened = []
def watch(event, args):
    if event == "open" and isinstance(args[0], str):
        opened.append(args[0])
sys.addaudithook(watch)
from tuicamp.ui.app import TuicampApp
save = Path(sys.argv[1]) if sys.argv[1] != "-" else None

async def main():
    app = TuicampApp(save=save, saves_folder=Path(sys.argv[2]))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        shown = type(app.screen).__module__
        print(json.dumps({"shown": shown, "opened": opened, "modules": sorted(sys.modules)}))

asyncio.run(main())
"""


def _first_frame(save: Path | None, folder: Path, script: str = FIRST_FRAME) -> dict:
    env = {**os.environ, "TUICAMP_SAVES": str(folder), "XDG_CONFIG_HOME": str(folder / "cfg")}
    result = subprocess.run(
        [sys.executable, "-c", script, str(save) if save else "-", str(folder)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


SCREENS = "tuicamp.ui.screens"


def test_opening_a_save_builds_no_title_screen_and_reads_no_other_save(sandbox_save):
    other = _observed(
        sandbox_save.parent,
        *("new", "skirmish-valley", "-r", "sandbox", "--seed", "4", "-o", "other", "--no-play"),
    )
    assert other["code"] == 0
    frame = _first_frame(sandbox_save, sandbox_save.parent)
    modules = set(frame["modules"])
    assert frame["shown"] != f"{SCREENS}.title"
    # nor any screen the campaign screen opens on a key: those are imported on the press
    on_a_key = ("help", "chronicle", "army", "battles", "legend", "dice_entry", "seat_picker")
    for unshown in ("title", "load", "wizard", "scenarios", *on_a_key):
        assert f"{SCREENS}.{unshown}" not in modules, unshown
    assert f"{SCREENS}.campaign" in modules  # the check can fail: the module names are right
    opened = {Path(p).name for p in frame["opened"]}
    assert "demo.toml" in opened and "other.toml" not in opened


def test_the_title_screen_imports_no_campaign_screen(tmp_path):
    frame = _first_frame(None, tmp_path)
    modules = set(frame["modules"])
    assert frame["shown"] == f"{SCREENS}.title"
    for unshown in ("campaign", "wizard", "load", "scenarios", "help"):
        assert f"{SCREENS}.{unshown}" not in modules, unshown


def test_play_reads_the_save_once(sandbox_save):
    """`tuicamp play` opens the save to refuse a bad one before the UI starts; the UI
    plays that session instead of reading the files a second time."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from tuicamp.storage import saves\n"
        "reads = []\n"
        "original = saves.read_save\n"
        "saves.read_save = lambda *a, **k: reads.append(a) or original(*a, **k)\n"
        "from tuicamp.game import session\n"
        "session.read_save = saves.read_save\n"
        "from tuicamp.ui import app\n"
        "def run_app(save, seat, session):\n"
        "    print('reads', len(reads), session is not None)\n"
        "app.run_app = run_app\n"
        "from tuicamp.cli import main\n"
        "main(['play', sys.argv[1]])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(sandbox_save)], capture_output=True, text=True, timeout=60
    )
    assert result.stdout.strip() == "reads 1 True", result.stderr


HOOKS_MADE = """
import json, sys
from pathlib import Path
import tuicamp.engine.codec as codec
made = []
original = codec.make_dict_unstructure_fn
def counted(cls, *args, **kwargs):
    made.append(cls.__name__)
    return original(cls, *args, **kwargs)
codec.make_dict_unstructure_fn = counted
from tuicamp.game.session import Session
session = Session.peek(Path(sys.argv[1]))
on_reading = list(made)
codec.campaign_to_dict(session.campaign)
print(json.dumps([on_reading, made]))
"""


def _script_answer(script: str, save: Path) -> Any:
    """What ``script`` prints as JSON on its last line, run on ``save`` in a fresh
    interpreter (whose converter has made no hook yet)."""
    result = subprocess.run(
        [sys.executable, "-c", script, str(save)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_reading_a_save_generates_no_hook_for_writing_one(sandbox_save):
    """What `show` does (a save read, nothing written) makes none of the campaign's
    unstructure hooks: they are generated by the first save, which the check proves."""
    on_reading, after_writing = _script_answer(HOOKS_MADE, sandbox_save)
    assert "Campaign" not in on_reading
    assert "Campaign" in after_writing


STRUCTURE_HOOKS_MADE = """
import json, sys
from pathlib import Path
import tuicamp.engine.codec as codec
made = []
kind = type(codec.converter)
original = kind.gen_structure_attrs_fromdict
def counted(self, cls, *args, **kwargs):
    made.append(cls.__name__)
    return original(self, cls, *args, **kwargs)
kind.gen_structure_attrs_fromdict = counted
from tuicamp.game.session import Session
session = Session.peek(Path(sys.argv[1]))
print(json.dumps([made, len(session.campaign.battles), len(session.campaign.armies)]))
"""


def test_reading_a_save_makes_the_hooks_of_the_classes_it_holds_alone(sandbox_save):
    """A class's structuring code is generated when a value of it is first read: the
    demo holds armies and no battle, so the armies' hooks are made and no battle's."""
    made, battles, armies = _script_answer(STRUCTURE_HOOKS_MADE, sandbox_save)
    assert battles == 0 and armies > 0
    assert "Army" in made and "Unit" in made  # the check sees the hooks being made
    assert "Battle" not in made and "BattleSide" not in made


QUICK_OR_DETAILED = """
import json, sys
from pathlib import Path
import tuicamp.engine.codec as codec
made = []
kind = type(codec.converter)
original = kind.gen_structure_attrs_fromdict
def counted(self, cls, *args, **kwargs):
    made.append([cls.__name__, self.detailed_validation])
    return original(self, cls, *args, **kwargs)
kind.gen_structure_attrs_fromdict = counted
from tuicamp.engine.errors import InputError
from tuicamp.game.session import Session
try:
    Session.peek(Path(sys.argv[1]))
    refusal = None
except InputError as exc:
    refusal = str(exc)
print(json.dumps([made, refusal]))
"""


def test_a_campaign_is_structured_without_detailed_validation_until_it_is_refused(
    sandbox_save,
):
    """A sound campaign is read by the quick converter alone (no detailed hook is made
    for any class it holds); a broken one is read again by the detailed converter, whose
    refusal still names the problem at its own line."""
    made, refusal = _script_answer(QUICK_OR_DETAILED, sandbox_save)
    assert refusal is None
    assert ["Army", False] in made  # the check sees the quick converter's hooks made
    assert [name for name, detailed in made if detailed and name != "SaveHeader"] == []

    campaign = sandbox_save.read_bytes().index(b"[campaign]")
    head, body = sandbox_save.read_bytes()[:campaign], sandbox_save.read_bytes()[campaign:]
    body = body.replace(b'name = "The Red Vanguard"', b"name = 5", 1)
    broken = sandbox_save.with_name("broken.toml")
    broken.write_bytes(sealed(head + body))  # sealed again, as after a hand edit
    made, refusal = _script_answer(QUICK_OR_DETAILED, broken)
    assert ["Army", True] in made  # read again, in detail
    # the army's name, at its own line: the detailed error's path leads to it
    line = 1 + (head + body)[: (head + body).index(b"name = 5")].count(b"\n")
    assert f"broken.toml:{line}: expected text in quotes, not the number 5" in refusal


ACTIONS_READ = """
import json, sys
from tuicamp.rules.sandbox import SandboxRuleset
before = "tuicamp.rules.sandbox.actions" in sys.modules
from_class = SandboxRuleset.actions
from tuicamp.rules.sandbox import actions
same = from_class is SandboxRuleset().actions and from_class == actions.SANDBOX_ACTIONS
print(json.dumps([before, same, [cls.kind for cls in from_class]]))
"""


def test_a_rulesets_actions_are_imported_when_first_read():
    """``actions = ActionsFrom("module:NAME")`` leaves the action classes unbuilt until
    they are read; read from the class or a ruleset, they are the module's tuple."""
    result = subprocess.run(
        [sys.executable, "-c", ACTIONS_READ], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    before, same, kinds = json.loads(result.stdout.strip().splitlines()[-1])
    assert before is False and same is True
    assert "move" in kinds and "end_turn" in kinds


# --- the command line's parser ------------------------------------------------------------
def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def test_running_a_command_builds_that_commands_parser_alone():
    """argparse builds every argument it is given: `tuicamp show` builds show's alone."""
    assert list(_commands(build_parser(_command_in(["show", "demo"])))) == ["show"]
    assert list(_commands(build_parser(_command_in(["edit"])))) == ["generate", "edit"]
    every = _commands(build_parser(_command_in(["--help"])))  # help lists every command
    assert {"new", "show", "apply", "seats", "serve", "roll"} <= set(every)
    assert _command_in(["shwo"]) is None and _command_in([]) is None  # the error lists all


def test_each_commands_own_parser_is_the_one_every_command_is_built_with():
    """Help, usage and the parsed arguments are the same from either parser."""
    every = _commands(build_parser())
    for name, full in every.items():
        alone = _commands(build_parser(name))[name]
        assert alone.format_help() == full.format_help(), name
        assert alone.format_usage() == full.format_usage(), name
    argv = ["show", "demo", "--as", "red"]
    assert build_parser("show").parse_args(argv) == build_parser().parse_args(argv)


def _at_hand_over(record: str) -> str:
    """A script's start: ``seen["at_hand_over"]`` set to ``record`` as the hand-over
    mounts, then the app run on the save (argv 1) until the script's ``main`` goes on."""
    return f"""
import asyncio, json, sys
from pathlib import Path
from tuicamp.ui.app import TuicampApp
from tuicamp.ui.screens.handover import HandoverScreen
seen = {{}}
mounted = HandoverScreen.on_mount
def on_mount(self):
    seen.setdefault("at_hand_over", {record})
    mounted(self)
HandoverScreen.on_mount = on_mount

async def main():
    app = TuicampApp(save=Path(sys.argv[1]), saves_folder=Path(sys.argv[2]))
    async with app.run_test(size=(100, 30)) as pilot:
"""


HAND_OVER_FIRST = (
    _at_hand_over("sorted(sys.modules)")
    + """        await pilot.pause()
        seen["shown"] = type(app.screen).__name__
        seen["built"] = app.campaign_screen is not None
        await pilot.press("enter")
        for _ in range(100):
            await pilot.pause()
            if app.campaign_screen is not None and app.campaign_screen.seat:
                break
        seen["seat"] = app.campaign_screen.seat if app.campaign_screen else None
        seen["after"] = sorted(m for m in sys.modules if m.startswith("tuicamp"))
    print(json.dumps(seen))

asyncio.run(main())
"""
)

# What the campaign screen draws with: none of it before the hand-over is on the screen.
BEHIND_THE_HAND_OVER = (
    f"{SCREENS}.campaign",
    "tuicamp.ui.map_widget",
    "tuicamp.ui.widgets.campaign_map",
    "tuicamp.ui.map_render",
    "tuicamp.ui.widgets.side_panel",
    "tuicamp.ui.kit",
)


def test_a_campaign_opening_with_a_hand_over_shows_it_before_building_the_campaign(
    sandbox_save,
):
    """The hand-over hides the campaign screen whole (R-ALL-11), so a campaign opened at
    a hotseat terminal draws the hand-over first and alone: the campaign screen, its
    module, the map and the panels are built once the seat is taken."""
    seen = _first_frame(sandbox_save, sandbox_save.parent, HAND_OVER_FIRST)
    assert seen["shown"] == "HandoverScreen" and not seen["built"]
    assert [m for m in BEHIND_THE_HAND_OVER if m in seen["at_hand_over"]] == []
    assert "textual.widgets._text_area" not in seen["at_hand_over"]  # one-line fields only
    assert "tuicamp.ui.screens.handover" in seen["at_hand_over"]  # the check sees modules
    assert "tuicamp.engine.engine" in seen["at_hand_over"]  # the session's engine is built
    assert [m for m in ENGINE_ACTING if m in seen["at_hand_over"]] == []
    assert seen["seat"] == "red"  # Enter: the seat is shown on the campaign screen
    assert set(BEHIND_THE_HAND_OVER) <= set(seen["after"])  # the check sees them imported


PLAY_HOLDS_COLLECTION = """
import gc, json, sys
from tuicamp.ui import app
held = []
def run_app(save, seat, session):
    held.append(not gc.isenabled())
    return 0
app.run_app = run_app
from tuicamp.cli import main
main(['play', sys.argv[1]])
print(json.dumps({"held while starting": held, "enabled after": gc.isenabled()}))
"""


def test_play_starts_the_ui_with_garbage_collection_held(sandbox_save):
    """Start-up makes only what lives as long as the app: `tuicamp play` holds the
    collector while it reads the save and starts the UI (the app releases it after its
    first frame), and gives it back however the command ends."""
    answer = _script_answer(PLAY_HOLDS_COLLECTION, sandbox_save)
    assert answer == {"held while starting": [True], "enabled after": True}


# --- the model's classes: one repr for all, the text attrs would generate ------------------
def _model_classes() -> list[type]:
    import importlib
    import pkgutil

    import attrs

    import tuicamp.model

    found = []
    for info in pkgutil.iter_modules(tuicamp.model.__path__):
        module = importlib.import_module(f"tuicamp.model.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and attrs.has(value) and value.__module__ == module.__name__:
                found.append(value)
    return found


def _attrs_twin(obj: Any) -> Any:
    """``obj`` as an instance of a subclass of its class whose repr attrs generates (the
    same name, the same fields, their values shared)."""
    import attrs

    cls = type(obj)
    twin = attrs.define(type(cls.__name__, (cls,), {"__qualname__": cls.__qualname__}), repr=True)
    copy = object.__new__(twin)
    for a in attrs.fields(cls):
        if hasattr(obj, a.name):
            object.__setattr__(copy, a.name, getattr(obj, a.name))
    return copy


def test_every_model_class_has_the_shared_repr():
    """No model class compiles a repr of its own at import (model/reprs.py): a new class
    says ``__repr__ = fields_repr`` as every other does."""
    from tuicamp.model.reprs import fields_repr

    classes = _model_classes()
    assert len(classes) > 30  # the check sees the model's classes
    assert [c.__name__ for c in classes if c.__dict__.get("__repr__") is not fields_repr] == []


def test_the_shared_repr_prints_what_attrs_generates(sandbox_save):
    """The text is attrs' own, field by field, for every model object a campaign holds
    (a field hidden from the repr stays hidden, a field set after init is shown)."""
    import attrs

    campaign = Session.peek(sandbox_save).campaign
    seen: dict[type, Any] = {}
    todo: list[Any] = [campaign]
    while todo:
        value = todo.pop()
        if isinstance(value, list | tuple | set | frozenset):
            todo.extend(value)
        elif isinstance(value, dict):
            todo.extend([*value.keys(), *value.values()])
        elif _a_model_object(value) and type(value) not in seen:
            seen[type(value)] = value
            todo.extend(getattr(value, a.name, None) for a in attrs.fields(type(value)))
    assert {"Campaign", "Army", "Unit", "HexMap", "Hex", "Vocabulary", "Terrain"} <= {
        c.__name__ for c in seen
    }
    for cls, obj in seen.items():
        twin = _attrs_twin(obj)
        assert type(twin).__repr__ is not cls.__repr__  # attrs generated the twin's
        assert repr(obj) == repr(twin), cls.__name__


def _a_model_object(value: Any) -> bool:
    import attrs

    return attrs.has(type(value)) and type(value).__module__.startswith("tuicamp.model.")


def test_the_shared_repr_shows_an_object_met_again_inside_itself_as_dots(sandbox_save):
    campaign = Session.peek(sandbox_save).campaign
    campaign.state = [campaign]
    text = repr(campaign)
    assert text.startswith("Campaign(name='Skirmish in the Valley', ")
    assert "state=[...]" in text and text.count("Campaign(") == 1
    assert repr(campaign) == text  # the guard is left clean


# --- the other layers' classes: the same shared repr, the same text -------------------------
# Every package whose classes a command builds at start-up (show, a first frame), with the
# bundled rulesets' state and view classes; a ruleset's own actions and screens aside.
SHARED_REPR_PACKAGES = (
    "tuicamp.engine",
    "tuicamp.storage",
    "tuicamp.game",
    "tuicamp.ui",
    "tuicamp.serve",
    "tuicamp.rules.kit",
    "tuicamp.rules.sandbox",
    "tuicamp.rules.rauscher.shared",
    "tuicamp.rules.rauscher.view",
)


def _classes_in(packages: tuple[str, ...]) -> list[type]:
    import importlib
    import pkgutil

    import attrs

    found = []
    for package in packages:
        root = importlib.import_module(package)
        names = [package, *(i.name for i in pkgutil.walk_packages(root.__path__, package + "."))]
        for name in names:
            module = importlib.import_module(name)
            for value in vars(module).values():
                if isinstance(value, type) and attrs.has(value) and value.__module__ == name:
                    found.append(value)
    return found


def _generated_repr(cls: type) -> bool:
    """Whether ``cls`` holds a ``__repr__`` attrs compiled for it (its own source text)."""
    code = getattr(cls.__dict__.get("__repr__"), "__code__", None)
    return code is not None and code.co_filename.startswith("<attrs generated")


def test_no_class_of_the_start_up_layers_compiles_a_repr_of_its_own():
    """The engine's, storage's, the game layer's, the UI's and the bundled rulesets' state
    classes say ``__repr__ = fields_repr`` as the model's do: a new class must too."""
    from tuicamp.model.reprs import fields_repr

    classes = _classes_in(SHARED_REPR_PACKAGES)
    assert len(classes) > 150  # the check sees the layers' classes
    assert [f"{c.__module__}.{c.__qualname__}" for c in classes if _generated_repr(c)] == []
    shared = [c for c in classes if c.__dict__.get("__repr__") is fields_repr]
    assert len(shared) > 150  # the check can tell the shared repr from attrs' own


def _start_up_objects(save: Path) -> list[Any]:
    """The objects a session, a read save, an engine's view and its status are made of."""
    from tuicamp.engine.dice import DiceExpr
    from tuicamp.storage.saves import read_save

    session = Session.open(save)
    return [
        session.engine,
        session.rules,
        session.ruleset,
        session.view("red"),
        session.view("gm"),
        read_save(save),
        DiceExpr.parse("2d6+1"),
        *session.chronicle,
    ]


def _walk(roots: list[Any], wanted: Any) -> dict[type, Any]:
    """One object of each attrs class ``wanted`` accepts, found from ``roots`` field by field."""
    import attrs

    seen: dict[type, Any] = {}
    todo, met = list(roots), set()
    while todo:
        value = todo.pop()
        if id(value) in met:
            continue
        met.add(id(value))
        if isinstance(value, list | tuple | set | frozenset):
            todo.extend(value)
        elif isinstance(value, dict):
            todo.extend([*value.keys(), *value.values()])
        elif attrs.has(type(value)):
            if wanted(type(value)) and type(value) not in seen:
                seen[type(value)] = value
            todo.extend(getattr(value, a.name, None) for a in attrs.fields(type(value)))
        elif hasattr(value, "__dict__") and type(value).__module__.startswith("tuicamp."):
            todo.extend(vars(value).values())
    return seen


def test_the_start_up_layers_shared_repr_prints_what_attrs_generates(sandbox_save):
    """Field by field, attrs' own text, for every class of those layers an opened campaign,
    its read save, its views and its chronicle hold."""
    from tuicamp.model.reprs import fields_repr

    seen = _walk(
        _start_up_objects(sandbox_save), lambda cls: cls.__dict__.get("__repr__") is fields_repr
    )
    names = {f"{c.__module__}.{c.__qualname__}" for c in seen} - {
        f"{c.__module__}.{c.__qualname__}" for c in _model_classes()
    }
    assert {
        "tuicamp.engine.rules.Rules",
        "tuicamp.engine.views.CampaignView",
        "tuicamp.engine.actions.Event",
        "tuicamp.engine.dice.DiceExpr",
        "tuicamp.storage.saves.LoadedSave",
        "tuicamp.rules.sandbox.state.SandboxState",
        "tuicamp.rules.sandbox.view.SandboxView",
    } <= names, sorted(names)
    for cls, obj in seen.items():
        twin = _attrs_twin(obj)
        assert type(twin).__repr__ is not cls.__repr__  # attrs generated the twin's
        assert repr(obj) == repr(twin), cls.__name__


# --- equality and hashing: the code attrs would write, compiled on first use ---------------
# A hex is hashed and ordered by the thousand in every search: attrs' own methods, with its
# cached hash, are made with the class. The save writer's modules (saves.py, tomlwrite.py)
# are being rewritten apart: their classes keep attrs' own until that work lands.
ATTRS_OWN_EQ = {
    "tuicamp.model.hexes.Hex",
    "tuicamp.storage.saves.LoadedSave",
    "tuicamp.storage.saves.SaveEntry",
    "tuicamp.storage.saves.SaveHeader",
    "tuicamp.storage.saves.SaveText",
    "tuicamp.storage.tomlwrite.Written",
}


def _attrs_generated(cls: type, name: str) -> bool:
    code = getattr(cls.__dict__.get(name), "__code__", None)
    return code is not None and code.co_filename.startswith("<attrs generated")


def _shared_eq(cls: type) -> bool:
    """Whether ``cls`` compares by fields_eq: not yet (the shared function), or already
    (the method it compiled for the class)."""
    from tuicamp.model.equality import fields_eq

    method = cls.__dict__.get("__eq__")
    code = getattr(method, "__code__", None)
    return method is fields_eq or (code is not None and code.co_filename.startswith("<tuicamp"))


def test_no_class_of_the_start_up_layers_compiles_an_eq_or_a_hash_as_it_is_made():
    """Every class with the shared repr says ``__eq__ = fields_eq`` (and, frozen,
    ``__hash__ = fields_hash``) as well, a hex aside: a new class must too."""
    classes = [*_model_classes(), *_classes_in(SHARED_REPR_PACKAGES)]
    named = {f"{c.__module__}.{c.__qualname__}": c for c in classes}
    generated = {n for n, c in named.items() if _attrs_generated(c, "__eq__")}
    assert generated == ATTRS_OWN_EQ
    hashed = {n for n, c in named.items() if _attrs_generated(c, "__hash__")}
    assert "tuicamp.model.hexes.Hex" in hashed and hashed <= ATTRS_OWN_EQ  # frozen ones
    assert len([c for c in classes if _shared_eq(c)]) > 250  # the check sees them


def _copy_of(obj: Any, cls: type | None = None, **changed: Any) -> Any:
    """``obj``'s fields in a new object of ``cls`` (default its own), some ``changed``."""
    import attrs

    copy = object.__new__(cls or type(obj))
    for a in attrs.fields(type(obj)):
        if a.name in changed or hasattr(obj, a.name):
            value = changed[a.name] if a.name in changed else getattr(obj, a.name)
            object.__setattr__(copy, a.name, value)
    return copy


def _hash_or_refusal(obj: Any) -> Any:
    try:
        return hash(obj) == hash(_copy_of(obj))
    except TypeError as exc:
        return str(exc).replace(type(obj).__name__, "X")


def test_the_shared_eq_and_hash_answer_what_attrs_generates(sandbox_save):
    """For every class with the shared equality an opened campaign, its read save, its
    views and its chronicle hold, against a twin whose methods attrs generates: equal to a
    copy, unequal once any compared field differs (equal when a field ``eq=False`` does),
    hashed alike to an equal copy when frozen, refused a hash when not."""
    import attrs

    seen = _walk(_start_up_objects(sandbox_save), _shared_eq)
    assert {"Campaign", "Army", "Unit", "Vocabulary", "Terrain", "CampaignView"} <= {
        c.__name__ for c in seen
    }
    for cls, obj in seen.items():
        twin_cls = attrs.define(
            type(cls.__name__, (cls,), {"__qualname__": cls.__qualname__}), eq=True
        )
        assert _attrs_generated(twin_cls, "__eq__"), cls  # attrs wrote the twin's
        twin = _copy_of(obj, twin_cls)
        assert (obj == _copy_of(obj)) is (twin == _copy_of(obj, twin_cls)) is True, cls
        for a in attrs.fields(cls):
            other = object()
            ours = obj == _copy_of(obj, **{a.name: other})
            theirs = twin == _copy_of(obj, twin_cls, **{a.name: other})
            assert ours is theirs, (cls, a.name)
        assert (obj == 1) is (twin == 1) is False
        assert _hash_or_refusal(obj) == _hash_or_refusal(twin), cls


EQ_ON_FIRST_USE = """
import json, sys
from pathlib import Path
from tuicamp.cli import main
from tuicamp.model.campaign import Campaign
from tuicamp.model.equality import fields_eq
from tuicamp.model.terrain import Terrain
main(["show", sys.argv[1]])
after_show = [Campaign.__eq__ is fields_eq, Terrain.__hash__.__name__]
from tuicamp.storage.saves import read_save
one, two = read_save(Path(sys.argv[1])).campaign, read_save(Path(sys.argv[1])).campaign
equal = one == two
terrain = one.map.vocabulary.terrains[0]
hashed = hash(terrain) == hash(Terrain(*(getattr(terrain, n) for n in Terrain.__slots__[:6])))
compiled = Campaign.__eq__ is not fields_eq and Campaign.__eq__.__code__.co_filename
print(json.dumps([after_show, equal, hashed, compiled]))
"""


def test_show_compiles_no_eq_and_the_first_comparison_compiles_it_once(sandbox_save):
    """A report compares nothing: the campaign's ``__eq__`` is still the shared one after
    `show`; the first ``==`` puts the compiled method on the class, which later ones run."""
    after_show, equal, hashed, compiled = _script_answer(EQ_ON_FIRST_USE, sandbox_save)
    assert after_show == [True, "fields_hash"]
    assert equal and hashed
    assert compiled == "<tuicamp __eq__ tuicamp.model.campaign.Campaign>"


# --- the app's stylesheet: parsed once, in the configured theme ----------------------------
ONE_PARSE = (
    """
import textual.css.stylesheet as stylesheet
from tuicamp.ui.app import STYLES
counts = {name: 0 for name in STYLES}
real_parse = stylesheet.parse
def parse(scope, css, read_from, *args, **kwargs):  # each parse of one of the app's files
    name = Path(str(read_from[0])).name
    if name in counts:
        counts[name] += 1
    return real_parse(scope, css, read_from, *args, **kwargs)
stylesheet.parse = parse
"""
    + _at_hand_over("dict(counts)")
    + """\
        await pilot.pause()
        await pilot.pause()
        seen["drawn"] = dict(counts)
        held = [Path(key[0]).name for key in app.stylesheet.source]
        seen["order"] = [name for name in held if name in counts]
        seen["theme"] = app.theme
        seen["classes"] = sorted(c for c in app.classes if c.startswith("-"))
        seen["variables"] = app.stylesheet._variables == app.get_css_variables()
        app.theme = "tuicamp-light"  # a theme chosen in play re-parses, as Textual does
        await pilot.pause()
        await pilot.pause()
        seen["changed"] = dict(counts)
        seen["changed classes"] = sorted(c for c in app.classes if c.startswith("-"))
    print(json.dumps(seen))

asyncio.run(main())
"""
)


def test_the_app_parses_its_stylesheets_once_in_the_configured_theme(sandbox_save):
    """Setting ``App.theme`` makes Textual parse every stylesheet again with the theme's
    variables: the app starts in its theme quietly (ui/app.py), so all its CSS is parsed
    once, with the theme's colours and the classes Textual's own watcher gives (its name,
    dark or light). A campaign's first frame parses only what it draws: the title's, the
    wizard's and the battle screens' stylesheets are parsed once just after it, each alone,
    and held in their place among the others, so their rules weigh as they always did."""
    from tuicamp.ui.app import LATER_STYLES, STYLES

    seen = _first_frame(sandbox_save, sandbox_save.parent, ONE_PARSE)
    first = {name: 0 if name in LATER_STYLES else 1 for name in STYLES}
    assert seen["at_hand_over"] == first
    assert seen["drawn"] == dict.fromkeys(STYLES, 1)
    assert seen["order"] == list(STYLES)
    assert seen["theme"] == "tuicamp-dark"
    assert seen["classes"] == ["-dark-mode", "-theme-tuicamp-dark"]
    assert seen["variables"]  # the stylesheet's colours are the theme's
    assert seen["changed"] == dict.fromkeys(STYLES, 2)  # the check sees a re-parse
    assert seen["changed classes"] == ["-light-mode", "-theme-tuicamp-light"]


TITLE_FIRST = """
import asyncio, json, sys
from pathlib import Path
import textual.css.stylesheet as stylesheet
from tuicamp.ui.app import STYLES, TuicampApp
from tuicamp.ui.screens.title import TitleScreen
counts = dict.fromkeys(STYLES, 0)
real_parse = stylesheet.parse
def parse(scope, css, read_from, *args, **kwargs):
    name = Path(str(read_from[0])).name
    if name in counts:
        counts[name] += 1
    return real_parse(scope, css, read_from, *args, **kwargs)
stylesheet.parse = parse
seen = {}
mounted = TitleScreen.on_mount
def on_mount(self):
    seen.setdefault("at_title", dict(counts))
    mounted(self)
TitleScreen.on_mount = on_mount

async def main():
    save = Path(sys.argv[1]) if sys.argv[1] != "-" else None
    app = TuicampApp(save=save, saves_folder=Path(sys.argv[2]))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        seen["shown"] = type(app.screen).__name__
        held = [Path(key[0]).name for key in app.stylesheet.source]
        seen["order"] = [name for name in held if name in counts]
    print(json.dumps(seen))

asyncio.run(main())
"""


def test_a_title_screen_shown_first_is_drawn_with_every_stylesheet(tmp_path):
    """With no campaign to open, the title screen is the first frame: its stylesheet (and
    every other) is parsed before it, once, in the app's order."""
    from tuicamp.ui.app import STYLES

    seen = _first_frame(None, tmp_path, TITLE_FIRST)
    assert seen["shown"] == "TitleScreen"
    assert seen["at_title"] == dict.fromkeys(STYLES, 1)
    assert seen["order"] == list(STYLES)


CAMPAIGN_FIRST = (
    TITLE_FIRST.replace(
        "tuicamp.ui.screens.title import TitleScreen",
        "tuicamp.ui.screens.campaign import CampaignScreen",
    )
    .replace("TitleScreen.on_mount", "CampaignScreen.on_mount")
    .replace("at_title", "at_campaign")
    .replace("TuicampApp(save=save,", "TuicampApp(save=save, seat='red',")
)


def test_a_campaign_screen_shown_first_is_drawn_with_every_stylesheet(sandbox_save):
    """A campaign opened for one seat shows no hand-over: the campaign screen is the first
    frame, and every stylesheet is parsed before it is built, once, in the app's order."""
    from tuicamp.ui.app import STYLES

    seen = _first_frame(sandbox_save, sandbox_save.parent, CAMPAIGN_FIRST)
    assert seen["shown"].endswith("CampaignScreen")
    assert seen["at_campaign"] == dict.fromkeys(STYLES, 1)
    assert seen["order"] == list(STYLES)


def test_a_save_that_cannot_be_opened_reads_the_later_stylesheets_before_the_title(tmp_path):
    """A save refused at start falls back to the title screen: it is drawn styled, its
    stylesheet read (in its place) before it is built, not after the first frame."""
    from tuicamp.ui.app import STYLES

    broken = tmp_path / "broken.toml"
    broken.write_text("this is no save")
    seen = _first_frame(broken, tmp_path, TITLE_FIRST)
    assert seen["shown"] == "TitleScreen"
    assert seen["at_title"] == dict.fromkeys(STYLES, 1)
    assert seen["order"] == list(STYLES)


# --- the turn notices' watcher: started once the first frame is drawn ----------------------
NOTICES_AFTER_FRAME = """
import json, sys, threading
from tuicamp.ui import app, startup
seen = {}
def watching():
    return any(t.name == "turn-notices" for t in threading.enumerate())
def run_app(save, seat, session):
    seen["while starting"] = watching()
    seen["module while starting"] = "tuicamp.game.notices" in sys.modules
    startup.release_collection()  # what the app does once its first frame is drawn
    seen["after the first frame"] = watching()
    seen["module after the first frame"] = "tuicamp.game.notices" in sys.modules
    return 0
app.run_app = run_app
from tuicamp.cli import main
main(['play', sys.argv[1]])
seen["after play"] = watching()
print(json.dumps(seen))
"""


def test_play_starts_the_turn_notices_watcher_after_the_first_frame(sandbox_save):
    """The watcher's thread polls the save at once: `tuicamp play` starts it when the
    UI's first frame is drawn, not while the UI is being built, and stops it at the end.
    Its module (and the seats' keys it reads) is imported then too."""
    answer = _script_answer(NOTICES_AFTER_FRAME, sandbox_save)
    assert answer == {
        "while starting": False,
        "module while starting": False,
        "after the first frame": True,
        "module after the first frame": True,
        "after play": False,
    }


def test_plays_watcher_stopped_before_the_first_frame_never_starts(sandbox_save):
    """A UI that never drew a frame runs the work waiting for it as the command ends,
    after `tuicamp play` has stopped its watcher: no thread is left polling the save."""
    import threading

    from tuicamp.cli import _NoticesLater

    notices = _NoticesLater(sandbox_save)
    notices.stop()
    notices.start()
    assert notices.watcher is None
    assert not any(t.name == "turn-notices" for t in threading.enumerate())
    started = _NoticesLater(sandbox_save)
    started.start()  # the check can fail: started first, it does run, until stopped
    assert started.watcher is not None and started.watcher._thread is not None
    started.stop()


def test_work_after_the_first_frame_runs_once_even_with_collection_not_held():
    from tuicamp.ui import startup

    done: list[str] = []
    startup.after_first_frame(lambda: done.append("started"))
    assert done == []
    startup.release_collection()
    startup.release_collection()
    assert done == ["started"]


def test_a_watcher_stopped_before_it_started_never_polls(tmp_path):
    from tuicamp.game.notices import NoticeWatcher

    polled: list[int] = []
    watcher = NoticeWatcher(lambda: polled.append(1) or [])
    watcher.stop()
    watcher.start()
    watcher.stop()
    assert polled == [] and watcher._thread is None
