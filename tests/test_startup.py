"""Start-up imports only what it needs: the mechanisms, pinned without timing anything.

Each check runs in a fresh interpreter (a subprocess), since the test process itself has
imported everything long ago.
"""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import EntryPoint

from tuicamp.engine.registry import GROUP, InstalledRulesets

RAUSCHER = "tuicamp.rules.rauscher"


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
