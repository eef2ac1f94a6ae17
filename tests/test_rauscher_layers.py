"""The Rauscher ruleset's layers, read from its source: the template every ruleset copies.

"shared < economy < movement < combat < siege < victory < view < ruleset (the frame) <
screens": imports only point down (``tuicamp/rules/rauscher/__init__.py``). These tests
walk the package's files with ``ast`` and fail on an import inside a function, an import
of a higher package, ``shared/`` importing a phase package, ``getattr`` on a module (an
optional hook looked up instead of declared), or a circle of imports; and they hold every
phase package to the frame's contract: it defines everything the frame reads, empty where
it has none.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

import tuicamp.rules.rauscher as rauscher
from tuicamp.rules.rauscher.shared import hooks

PACKAGE = "tuicamp.rules.rauscher"
ROOT = Path(rauscher.__file__).parent
# Lowest first: a module may import its own layer and the layers before it.
LAYERS = (
    "shared",
    "economy",
    "movement",
    "combat",
    "siege",
    "victory",
    "view",
    "ruleset",
    "screens",
)
PHASES = ("economy", "movement", "combat", "siege", "victory")
# What the frame (ruleset.py) reads of every phase package.
CONTRACT = ("ACTIONS", "HANDLERS", "PHASE_START", "PHASE_END", "pending", "setup", "setup_problems")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


FILES = sorted(ROOT.rglob("*.py"))
MODULES = {_module_name(p): p for p in FILES}


def _layer(module: str) -> int:
    """The layer of a module of the ruleset; the package itself sits above them all."""
    rest = module.removeprefix(PACKAGE).lstrip(".")
    return LAYERS.index(rest.split(".")[0]) if rest else len(LAYERS)


def _targets(node: ast.Import | ast.ImportFrom, importer: str) -> list[str]:
    """The ruleset's modules an import statement loads (``from pkg import mod`` loads
    ``pkg.mod``; ``from mod import name`` loads ``mod``)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = node.module or ""
        if node.level:
            here = importer.split(".")
            is_package = MODULES[importer].name == "__init__.py"
            anchor = here[: len(here) - node.level + (1 if is_package else 0)]
            base = ".".join([*anchor, *([base] if base else [])])
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
    return sorted({n for n in names if n == PACKAGE or n.startswith(PACKAGE + ".")})


def _imports(path: Path) -> list[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement of a file, and whether it sits inside a function."""
    found: list[tuple[ast.Import | ast.ImportFrom, bool]] = []

    def walk(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
            )
            if isinstance(child, ast.Import | ast.ImportFrom):
                found.append((child, in_function))
            walk(child, inside)

    walk(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(ROOT.parent.parent.parent)}:{node.lineno}"


def test_the_walk_sees_every_layer():
    """The test can fail: it finds the files and the layers it is meant to hold."""
    assert len(FILES) > 40
    assert {_layer(m) for m in MODULES} == set(range(len(LAYERS) + 1))


def test_no_import_inside_a_function():
    """ "No import inside a function anywhere in the ruleset": an import put in a function
    to dodge a circle hides the circle instead of removing it."""
    bad = [_where(p, node) for p in FILES for node, inside in _imports(p) if inside]
    assert bad == []


def test_imports_only_point_down():
    """ "arrows only point down": no module imports a package of a higher layer."""
    bad = []
    for module, path in MODULES.items():
        for node, _ in _imports(path):
            for target in _targets(node, module):
                if _layer(target) > _layer(module):
                    bad.append(f"{_where(path, node)} {module} -> {target}")
    assert bad == []


def test_shared_imports_no_phase_package():
    """ "a bottom shared/ ... that imports no phase package"."""
    bad = []
    for module, path in MODULES.items():
        if _layer(module) != 0:
            continue
        for node, _ in _imports(path):
            bad += [f"{_where(path, node)} -> {t}" for t in _targets(node, module) if _layer(t)]
    assert bad == []


def test_no_registry_look_up():
    """ "No registry look-ups": the ruleset reads its tables and options from the Rules it
    is given, never by finding itself among the installed rulesets."""
    bad = []
    for path in FILES:
        for node, _ in _imports(path):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else names
            if any(m == "tuicamp.engine.registry" for m in modules):
                bad.append(_where(path, node))
            if isinstance(node, ast.ImportFrom) and node.module == "tuicamp.engine":
                bad += [_where(path, node) for a in node.names if a.name == "registry"]
    assert bad == []


def test_no_circle_of_imports():
    """No module reaches itself through the ruleset's imports (the old combat <-> siege
    <-> economy circle of twelve files, and economy common <-> fate <-> ransom)."""
    graph = {
        module: {t for node, _ in _imports(path) for t in _targets(node, module) if t != module}
        for module, path in MODULES.items()
    }
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    circles: list[list[str]] = []

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                circles.append([*path[path.index(target) :], target])
            elif target not in state:
                visit(target, [*path, target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert circles == []


def _module_names(module: object, tree: ast.AST) -> set[str]:
    """Names that stand for modules in a file: module globals that are modules, and loop
    variables walking a tuple of them (``for module in MODULES``)."""
    names = {n for n, v in vars(module).items() if inspect.ismodule(v)}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.For)
            and isinstance(node.target, ast.Name)
            and isinstance(node.iter, ast.Name)
        ):
            seq = vars(module).get(node.iter.id)
            if isinstance(seq, list | tuple) and seq and all(inspect.ismodule(v) for v in seq):
                names.add(node.target.id)
    return names


def test_no_getattr_on_a_module():
    """ "getattr fallbacks for optional module hooks" are gone: every package defines what
    it exports, so nothing looks a module's function up by name."""
    bad = []
    for module_name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = _module_names(importlib.import_module(module_name), tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr")
                and node.args
                and isinstance(node.args[0], ast.Name)
                and node.args[0].id in modules
            ):
                bad.append(f"{_where(path, node)} {ast.unparse(node)}")
    assert bad == []


@pytest.mark.parametrize("phase", PHASES)
def test_every_phase_package_defines_the_whole_contract(phase):
    """ "every package defines every one of them (empty when it has none), so the frame
    has no getattr": in the package's own namespace, of the type the frame expects."""
    package = importlib.import_module(f"{PACKAGE}.{phase}")
    missing = [name for name in CONTRACT if name not in vars(package)]
    assert missing == []
    assert isinstance(package.ACTIONS, tuple)
    assert set(package.HANDLERS) == set(package.ACTIONS)
    assert isinstance(package.PHASE_START, dict) and isinstance(package.PHASE_END, dict)
    assert all(callable(getattr(package, name)) for name in ("pending", "setup", "setup_problems"))
    assert package.setup_problems({}) == []


def test_the_higher_packages_hang_each_hook_once():
    """The moments combat and the economy hand over (shared.hooks) are taken by siege and
    victory, once each, when the ruleset is imported."""
    owners = {
        name: [f"{h.__module__}.{h.__name__}" for h in getattr(hooks.HOOKS, name)]
        for name in ("before_battles", "battle_settled", "side_beaten", "card_notes", "shut_in")
    }
    assert owners == {
        "before_battles": [f"{PACKAGE}.siege.new_turn"],
        "battle_settled": [f"{PACKAGE}.siege.after_battle"],
        "side_beaten": [f"{PACKAGE}.victory.on_battle_lost"],
        "card_notes": [f"{PACKAGE}.siege.card_notes"],
        "shut_in": [f"{PACKAGE}.siege.is_besieged"],
    }
