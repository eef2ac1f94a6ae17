"""The contract a ruleset signs, and the one module a ruleset author imports.

Pinned: "what a ruleset must write versus optional hooks with defaults" — ``apply`` is the
one abstract method of ``Ruleset``, everything else has a default; and
``tuicamp.rules.api`` is "the one module a ruleset author imports from": its ``__all__``
names only what exists, and the bundled rulesets could take from it everything they take
from the engine and the model today.
"""

from __future__ import annotations

import ast
import inspect
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import small_campaign

from tuicamp.engine import flow
from tuicamp.engine.corrections import CorrectRulesetState
from tuicamp.engine.engine import Engine
from tuicamp.engine.errors import RuleError
from tuicamp.engine.problems import Problem
from tuicamp.engine.ruleset import Phase, Ruleset
from tuicamp.rules import api
from tuicamp.rules.rauscher import RauscherRuleset
from tuicamp.rules.sandbox import SandboxRuleset

RULES = Path(api.__file__).resolve().parent
# What the API stands for: the layers below a ruleset, and the kit beside it.
BELOW = ("tuicamp.engine", "tuicamp.model", "tuicamp.rules.kit")
PACKAGES_BELOW = ("tuicamp.engine", "tuicamp.model", "tuicamp.rules.kit")  # modules taken whole


# --- the contract ---------------------------------------------------------------------------
def test_apply_is_the_one_method_a_ruleset_must_write():
    """A ruleset without ``apply`` is refused as it is made, naming what it lacks."""
    assert Ruleset.__abstractmethods__ == frozenset({"apply"})

    class Idle(Ruleset):
        id = "idle"
        phases = (Phase("war", "War"),)

    with pytest.raises(TypeError, match="apply"):
        Idle()  # type: ignore[abstract]
    with pytest.raises(TypeError, match="apply"):
        Ruleset()  # type: ignore[abstract]


def test_every_other_hook_has_a_default_that_a_minimal_ruleset_inherits():
    """The smallest ruleset writes ``apply`` and declares its id; every hook answers."""

    class Minimal(Ruleset):
        id = "minimal"
        phases = (Phase("war", "War"),)

        def apply(self, ctx, action) -> None:
            raise RuleError("nothing to do")

    ruleset = Minimal()
    camp = small_campaign()
    rules = api.Rules(camp, ruleset)
    seat = camp.seat("p1")
    assert ruleset.state_problems(camp) == []
    assert ruleset.setup_problems({}) == [] and ruleset.campaign_problems(rules) == []
    assert ruleset.pending(rules, seat) == [] and ruleset.victory(rules) is None
    assert ruleset.view_state(rules, seat) is None and ruleset.status_lines(rules, seat) == []
    assert ruleset.army_visibility(rules, seat, camp.army("a1")) == "full"
    assert ruleset.army_visibility(rules, seat, camp.army("a2")) == "counter"
    assert ruleset.help_text() == "" and ruleset.default_tables == {}
    assert ruleset.format_money(12) == "12 gc"


def test_every_hook_of_the_contract_says_what_it_is_for():
    """Each method of the contract has a docstring (its default and when it is asked)."""
    undocumented = [
        name
        for name, member in vars(Ruleset).items()
        if not name.startswith("_")
        and (
            inspect.isfunction(member)
            or isinstance(member, property | type(Ruleset.default_tables))
        )
        and not inspect.getdoc(member)
    ]
    assert undocumented == []


def test_a_gm_state_correction_asks_the_rulesets_state_problems():
    """``state_problems`` is part of the contract: the GM's ``gm_set_state`` is refused
    when the ruleset finds the edited state wrong (the sandbox's MP ledger)."""
    engine = Engine(small_campaign())
    with pytest.raises(RuleError, match="cannot take that value: army 'a1' cannot have used"):
        engine.perform("gm", CorrectRulesetState(path="mp_used.a1", value=-2.0, reason="typo"))


def test_the_check_hooks_answer_in_problems():
    """Every check hook returns Problems: a key path and a sentence (the bundled rulesets'
    set-up keys, a campaign that breaks a rule of the whole map, a hand-edited state)."""
    rauscher, sandbox = RauscherRuleset(), SandboxRuleset()
    bad_setup = {"alliances": [["p1"]], "roles": {"guard": "x"}, "overt_aid": "s3"}
    found = [*rauscher.setup_problems(bad_setup), *sandbox.setup_problems({"option": {}})]
    assert [p.path for p in found] == [
        ("alliances", 0),
        ("overt_aid",),
        ("roles", "guard"),
        ("option",),
    ]
    assert all(isinstance(p, Problem) for p in found)
    camp = small_campaign("rauscher")
    camp.victory = {"type": "wholesale_slaughter"}
    (problem,) = rauscher.campaign_problems(api.Rules(camp, rauscher))
    assert isinstance(problem, Problem) and problem.path == ("victory",)
    camp = small_campaign()
    camp.state.mp_used["a1"] = -1.0
    (problem,) = sandbox.state_problems(camp)
    assert isinstance(problem, Problem) and problem.path == ("state", "mp_used", "a1")


def test_the_bundled_rulesets_sign_the_contract():
    for ruleset in (SandboxRuleset(), RauscherRuleset()):
        assert isinstance(ruleset, api.Ruleset) and ruleset.id and ruleset.title


# --- the public module ----------------------------------------------------------------------
def test_all_names_only_what_exists_once():
    assert len(api.__all__) == len(set(api.__all__))
    missing = [name for name in api.__all__ if not hasattr(api, name)]
    assert missing == []
    assert set(api.__all__) >= api.PROVISIONAL


def test_the_api_names_the_engines_own_objects():
    """A re-export, not a copy: a ruleset's ``api.Phase`` is the engine's ``Phase``."""
    assert api.Phase is Phase and api.Ruleset is Ruleset and api.Problem is Problem
    assert api.Rolled is flow.Rolled and api.EndPhase is flow.EndPhase
    assert api.sealed.write.__module__ == "tuicamp.rules.kit.sealed"


def test_the_api_names_what_the_task_of_writing_a_ruleset_needs():
    """The contract, the flow's orders, the clock, battles and the kit's entry points."""
    wanted = {
        *("Ruleset", "Phase", "Option", "Victory", "StatusLine", "Action", "Event"),
        *("Rules", "Context", "RuleError", "Hex", "Hexside", "Problem"),
        *("Fixed", "Simultaneous", "Rolled", "Custom", "ByOption", "Play"),
        *("EndPhase", "EndAction", "ScheduledEffect", "Clock"),
        *("ResultField", "FieldScope", "BattleOutcome", "open_battle"),
        *("sealed", "agreements", "teams", "turns", "SealedChoice", "Agreements", "Moment"),
    }
    assert wanted <= set(api.__all__)


def names_taken_from_below(path: Path) -> set[tuple[str, str]]:
    """(module, name) for each name a module imports from the engine, the model or the kit,
    and for a module imported whole (``from tuicamp.engine import flow``) each attribute
    of it that the module uses."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    taken: set[tuple[str, str]] = set()
    whole: dict[str, str] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.module is None:
            continue
        if node.module in PACKAGES_BELOW:
            whole |= {a.asname or a.name: f"{node.module}.{a.name}" for a in node.names}
        elif node.module.startswith(BELOW):
            taken |= {(node.module, a.name) for a in node.names}
    for node in ast.walk(tree):
        used = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
        if used and node.value.id in whole:
            taken.add((whole[node.value.id], node.attr))
    return taken


def bundled_rule_modules() -> list[Path]:
    """The bundled rulesets' rules (every ruleset package beside the kit); their screens
    take what they need from the UI kit."""
    folders = sorted(
        d.name for d in RULES.iterdir() if (d / "__init__.py").is_file() and d.name != "kit"
    )
    assert {"sandbox", "rauscher", "ellegaard"} <= set(folders), folders
    return [
        p
        for folder in folders
        for p in sorted((RULES / folder).rglob("*.py"))
        if "screens" not in p.relative_to(RULES).parts[1:] and p.stem != "screens"
    ]


def test_the_bundled_rulesets_could_import_everything_they_use_from_the_api():
    modules = bundled_rule_modules()
    assert len(modules) > 20, "the bundled rulesets' modules were not found"
    taken = {pair for path in modules for pair in names_taken_from_below(path)}
    assert ("tuicamp.engine.flow", "acting_players") in taken, "the scan is broken"

    def offered(module: str, name: str) -> bool:
        """In ``__all__``, or (the kit's functions) in a kit module the API exposes whole."""
        kit = module.removeprefix("tuicamp.rules.kit.")
        whole = kit != module and kit in api.__all__
        return name in api.__all__ or (whole and hasattr(getattr(api, kit), name))

    lacking = sorted(f"{module}.{name}" for module, name in taken if not offered(module, name))
    assert lacking == []
    for module, name in taken:
        source = __import__(module, fromlist=[name])
        kit = module.removeprefix("tuicamp.rules.kit.")
        door = getattr(api, kit) if kit != module and name not in api.__all__ else api
        assert getattr(door, name) is getattr(source, name), f"api.{name} is not {module}.{name}"


def test_the_scan_sees_a_name_the_api_lacks(tmp_path):
    rule = tmp_path / "rule.py"
    rule.write_text(
        "from tuicamp.engine.pathing import _search\nfrom tuicamp.engine import flow\n"
        "flow.roll_order\n"
    )
    assert names_taken_from_below(rule) == {
        ("tuicamp.engine.pathing", "_search"),
        ("tuicamp.engine.flow", "roll_order"),
    }


def test_the_api_loads_without_the_ui():
    """A ruleset's rules import the API headless (only its screens may bring Textual)."""
    code = (
        "import sys, tuicamp.rules.api\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'tuicamp.ui')"
        " or m.startswith('tuicamp.ui')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_ruleset_written_in_a_script_has_no_data_folders_and_still_works():
    """A ruleset class in a script (its module ``__main__``, which has no package) reads
    no tables or help beside it, rather than failing inside importlib.resources."""
    script = (
        "from tuicamp.engine.ruleset import Ruleset\n"
        "class Tryout(Ruleset):\n"
        "    id = 'tryout'\n"
        "    title = 'Tryout'\n"
        "    summary = 'a ruleset tried out in a script'\n"
        "    def apply(self, ctx, action):\n"
        "        pass\n"
        "r = Tryout()\n"
        "print(r.default_tables, r.help_text())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "{} a ruleset tried out in a script\n"
