"""The import contracts: layers without back-arrows, no circles, no imports hidden inside
functions to dodge a circle.

The layers (cli > serve > ui > game > storage | rules > engine > model) are declared in
``pyproject.toml`` for import-linter, which ``.ci/run`` also runs on its own; this test
runs the same contracts so a plain ``pytest`` catches an upward arrow too. Circles and
function-level imports are checked here from the code's own syntax tree, so the check
needs nothing but the standard library.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tuicamp"

# Imports inside a function that are there on purpose, not to dodge a circle: the command
# line imports what each sub-command needs when it runs, so `tuicamp show` never pays for
# Textual or the rulesets it does not use. Nothing else may hide an import in a function.
LAZY_BY_DESIGN = {"tuicamp/cli.py"}
# And single imports of what only acting needs, each named with its importer, made when
# the first action (or battle) needs it, so that reading a campaign (`tuicamp show`) never
# loads it (tests/test_startup.py pins what show leaves out). Never a way round a circle:
# test_no_import_circles counts these imports too.
LAZY_FOR_START_UP = {
    ("tuicamp/engine/costs.py", "tuicamp.engine.pathing"),  # a move's cost model
    ("tuicamp/engine/ruleset.py", "tuicamp.engine.resolver"),  # the default auto-resolve
    ("tuicamp/engine/ruleset.py", "tuicamp.engine.outcome"),  # the default battle outcome
    ("tuicamp/rules/sandbox/ruleset.py", "tuicamp.rules.sandbox.play"),  # what actions do
    # battles and corrections: only once an action is carried out, never to open a campaign
    ("tuicamp/engine/engine.py", "tuicamp.engine.battles"),
    ("tuicamp/engine/engine.py", "tuicamp.engine.corrections"),
}


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


class _Imports(ast.NodeVisitor):
    """Every tuicamp module a file imports at run time, and where it imports inside a
    function."""

    def __init__(self, module: str, is_package: bool, known: set[str]) -> None:
        self.module, self.is_package, self.known = module, is_package, known
        self.targets: set[str] = set()
        self.in_functions: list[tuple[int, str]] = []
        self._depth = 0

    def _add(self, name: str, line: int) -> None:
        if not name.startswith("tuicamp"):
            return
        while name and name not in self.known:  # `from pkg import name` names a module?
            name = name.rpartition(".")[0]
        if not name or name == self.module:
            return
        self.targets.add(name)
        if self._depth:
            self.in_functions.append((line, name))

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node):
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def _function(self, node: ast.AST) -> None:
        self._depth += 1
        self.generic_visit(node)
        self._depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = _function

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = _resolve(self.module, self.is_package, node)
        for alias in node.names:
            full = f"{base}.{alias.name}"
            self._add(full if full in self.known else base, node.lineno)


def import_graph() -> tuple[dict[str, set[str]], dict[str, list[tuple[int, str]]]]:
    files = sorted(PACKAGE.rglob("*.py"))
    known = {module_name(f) for f in files}
    graph: dict[str, set[str]] = {}
    hidden: dict[str, list[tuple[int, str]]] = {}
    for f in files:
        name = module_name(f)
        visitor = _Imports(name, f.name == "__init__.py", known)
        visitor.visit(ast.parse(f.read_text(encoding="utf-8"), str(f)))
        # a package's own __init__ is imported by its modules anyway: no arrow to it
        graph[name] = {t for t in visitor.targets if not name.startswith(t + ".")}
        if visitor.in_functions:
            hidden[str(f.relative_to(ROOT))] = visitor.in_functions
    return graph, hidden


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_layer_contracts_hold():
    """import-linter's contracts from pyproject.toml: no layer imports a higher one."""
    lint = Path(sys.executable).with_name("lint-imports")
    if not lint.exists():
        pytest.skip("import-linter is not installed in this environment")
    done = subprocess.run(
        [str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_no_import_circles():
    found = circles(import_graph()[0])
    assert found == [], "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_no_imports_hidden_inside_functions():
    hidden = {f: lines for f, lines in import_graph()[1].items() if f not in LAZY_BY_DESIGN}
    listing = [
        f"{f}:{line}: {target}"
        for f, lines in hidden.items()
        for line, target in lines
        if (f, target) not in LAZY_FOR_START_UP
    ]
    assert listing == [], "imports inside functions:\n" + "\n".join(listing)


def test_the_checks_can_fail():
    """Guard against checks that could never fail: a made-up circle and a hidden import are
    found."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    tree = ast.parse("def f():\n    from tuicamp.model import hexes\n")
    visitor = _Imports("tuicamp.x", False, {"tuicamp.model", "tuicamp.model.hexes"})
    visitor.visit(tree)
    assert visitor.in_functions == [(2, "tuicamp.model.hexes")]
