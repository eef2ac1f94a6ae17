"""The repository explains itself: its docs live inside it, every ruling it cites is
written down, and every link in its docs leads somewhere.

What is pinned (CONTRIBUTING.md, "Rulings in tests"; docs/rulings.md):

- no tracked file points outside the repository: no other checkout's design notes, no
  machine's folders;
- "A ruling is written in full, once: the rulings for every ruleset in docs/rulings.md, a
  ruleset's own in its docs under tuicamp/rules/<id>/ ..., as a list item or heading that
  starts with the id and a title";
- every relative link in docs/*.md, README.md and CONTRIBUTING.md resolves, inside the
  repository, to a file or folder that exists (and to a heading that exists when it names
  one).
"""

from __future__ import annotations

import re
import subprocess
from collections import defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
THIS_FILE = Path(__file__).resolve().relative_to(ROOT).as_posix()

# --- what points outside ------------------------------------------------------------------

# Design notes kept beside a checkout, and folders of one machine rather than of the
# project. A product default such as ``~/.local/share/tuicamp`` is not one of them.
# The folder of notes beside a checkout, written in pieces so that this file, which looks
# for it, does not itself name it.
UP = "../"
NOTES_BESIDE = UP + "shared"
OUTSIDE_REFERENCE = re.compile(
    re.escape(NOTES_BESIDE) + r"|\bDESIGN\.md\b"
    r"|\bRULINGS\.md\b"
    r"|(?<![\w.~-])/(?:work|home|Users|root|tmp|mnt)/"
)

# --- rulings --------------------------------------------------------------------------------

RULING_ID = re.compile(r"(?<![A-Za-z0-9-])R-[A-Z]+-[0-9]+(?![0-9])")

# A ruling is *written* where a line starts with its id (as a list item, a numbered item, a
# heading or a paragraph, bold or not) followed by its title; a mention in passing
# ("... (R-RA-4)") only cites it.
RULING_DEFINITION = re.compile(
    r"^[ \t]*(?:[-*+][ \t]+|\d+\.[ \t]+|#{1,6}[ \t]+)?(?:\*\*|__)?"
    r"(R-[A-Z]+-[0-9]+)(?![0-9-])[^\w\n]+\w",
    re.M,
)

CITING_FOLDERS = ("tuicamp", "tests")
CITING_SUFFIXES = (".py", ".md", ".toml", ".tcss", ".txt")

# --- links ----------------------------------------------------------------------------------

LINKING_DOCS = ("README.md", "CONTRIBUTING.md", "docs/*.md")

INLINE_LINK = re.compile(r"\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(
    r"^[ \t]*\[[^\]\n]+\]:[ \t]*<?(\S+?)>?(?:[ \t]+\"[^\"]*\")?[ \t]*$", re.M
)
FENCED_BLOCK = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1[ \t]*$", re.M | re.S)
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+(.+?)[ \t#]*$", re.M)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


# --- reading the repository -----------------------------------------------------------------


def tracked_files() -> list[str]:
    """The repository's tracked files, as paths from its root."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the tracked files cannot be listed")
    return [p for p in out.decode("utf-8").split("\0") if p]


def text_of(path: Path) -> str:
    return path.read_bytes().decode("utf-8", errors="replace")


def outside_references(files: Iterable[str]) -> dict[str, list[str]]:
    """File -> its lines that point outside the repository (``line: text``)."""
    found: dict[str, list[str]] = {}
    for name in files:
        path = ROOT / name
        if name == THIS_FILE or not path.is_file():
            continue
        for number, line in enumerate(text_of(path).splitlines(), 1):
            if OUTSIDE_REFERENCE.search(line):
                found.setdefault(name, []).append(f"{number}: {line.strip()}")
    return found


def citing_files() -> list[Path]:
    """Every text file of the code and the tests (this file aside: it only checks)."""
    out = []
    for folder in CITING_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if (
                path.is_file()
                and path.suffix in CITING_SUFFIXES
                and rel != THIS_FILE
                and "__pycache__" not in path.parts
            ):
                out.append(path)
    return out


def cited_rulings() -> dict[str, set[str]]:
    """Ruling id -> the files that cite it."""
    cited: dict[str, set[str]] = defaultdict(set)
    for path in citing_files():
        for ruling in RULING_ID.findall(text_of(path)):
            cited[ruling].add(path.relative_to(ROOT).as_posix())
    return dict(cited)


def ruling_docs() -> list[Path]:
    return sorted((ROOT / "docs").glob("*.md")) + sorted((ROOT / "tuicamp" / "rules").rglob("*.md"))


def written_rulings() -> dict[str, list[str]]:
    """Ruling id -> where it is written (``file:line``)."""
    written: dict[str, list[str]] = defaultdict(list)
    for path in ruling_docs():
        text = text_of(path)
        for match in RULING_DEFINITION.finditer(text):
            line = text.count("\n", 0, match.start(1)) + 1
            written[match.group(1)].append(f"{path.relative_to(ROOT).as_posix()}:{line}")
    return dict(written)


def family(ruling: str) -> str:
    return ruling.split("-")[1]


def unwritten(wanted: Callable[[str], bool]) -> dict[str, list[str]]:
    """Cited ids of the families ``wanted`` accepts that are written nowhere, with the files
    citing them."""
    written = written_rulings()
    return {
        ruling: sorted(files)
        for ruling, files in sorted(cited_rulings().items())
        if wanted(family(ruling)) and ruling not in written
    }


def prose(markdown: str) -> str:
    """Markdown without its code: links and headings inside code are examples."""
    return CODE_SPAN.sub("", FENCED_BLOCK.sub("", markdown))


def slug(heading: str) -> str:
    """A heading's anchor as the common Markdown renderers make it."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its words
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = defaultdict(int)
    for heading in HEADING.findall(FENCED_BLOCK.sub("", markdown)):
        base = slug(heading)
        found.add(base if not seen[base] else f"{base}-{seen[base]}")
        seen[base] += 1
    return found


def linking_docs() -> list[Path]:
    out: list[Path] = []
    for pattern in LINKING_DOCS:
        out += sorted(ROOT.glob(pattern))
    return out


def links_of(path: Path) -> list[str]:
    text = prose(text_of(path))
    return INLINE_LINK.findall(text) + REFERENCE_LINK.findall(text)


def link_problem(source: Path, target: str) -> str | None:
    """Why a link of ``source`` leads nowhere, or None when it resolves."""
    if SCHEME.match(target) or target.startswith("//"):
        return None  # a web address or mail link, not a path in the repository
    path_part, _, anchor = target.partition("#")
    resolved = (source.parent / path_part).resolve() if path_part else source.resolve()
    try:
        rel = resolved.relative_to(ROOT).as_posix()
    except ValueError:
        return f"{target} points outside the repository"
    if not resolved.exists():
        return f"{target}: there is no {rel}"
    if anchor and resolved.suffix == ".md" and anchor not in anchors(text_of(resolved)):
        return f"{target}: {rel} has no heading #{anchor}"
    return None


def broken_links() -> list[str]:
    """``file: problem`` for every link that leads nowhere."""
    out = []
    for source in linking_docs():
        for target in links_of(source):
            problem = link_problem(source, target)
            if problem:
                out.append(f"{source.relative_to(ROOT).as_posix()}: {problem}")
    return out


# --- the checkers themselves can see what they look for -------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        f"See {NOTES_BESIDE}/notes.txt",
        "as DESIGN.md draws it",
        "in RULINGS.md",
        "    /work/venv/bin/python benchmarks/x.py",
        "open('/home/anna/tuicamp/x')",
        "ready = '/tmp/x.ready'",
    ],
)
def test_a_pointer_outside_the_repository_is_seen(line: str) -> None:
    assert OUTSIDE_REFERENCE.search(line)


@pytest.mark.parametrize(
    "line",
    [
        "`~/.local/share/tuicamp/saves`",
        "docs/architecture.md",
        "https://example.org/home/page",
        "SSHD = '/usr/sbin/sshd'",
        "tmp_path / 'x.toml'",
    ],
)
def test_a_pointer_inside_the_repository_or_the_system_is_not(line: str) -> None:
    assert not OUTSIDE_REFERENCE.search(line)


@pytest.mark.parametrize(
    ("text", "ruling"),
    [
        ("- **R-XY-1 Hexes only.** The texts ...", "R-XY-1"),
        ("- R-XY-12 Money in coppers: 1g = 2s", "R-XY-12"),
        ("### R-XY-3 Points", "R-XY-3"),
        ("1. R-XY-4: dice", "R-XY-4"),
    ],
)
def test_a_written_ruling_is_recognised(text: str, ruling: str) -> None:
    assert [m.group(1) for m in RULING_DEFINITION.finditer(text)] == [ruling]


@pytest.mark.parametrize(
    "text",
    [
        "  (R-XY-5; default 1, 0 turns it off).",
        "### Allocations (R-XY-3)",
        "- `designate` reminds you (R-XY-3).",
        "- R-XY-2",  # an id without a title writes nothing
    ],
)
def test_a_ruling_cited_in_passing_is_not_written(text: str) -> None:
    assert not RULING_DEFINITION.search(text)


def test_links_in_code_are_examples_and_headings_have_anchors() -> None:
    markdown = "# Title — one\n\n[a](x.md) `[b](y.md)`\n\n```\n[c](z.md)\n# not a heading\n```\n"
    assert INLINE_LINK.findall(prose(markdown)) == ["x.md"]
    assert anchors(markdown) == {"title--one"}
    assert slug("Layers: which way imports point") == "layers-which-way-imports-point"


def test_a_broken_link_is_seen(tmp_path: Path) -> None:
    page = ROOT / "docs" / "architecture.md"
    assert link_problem(page, "rulings.md") is None
    assert link_problem(page, "rulings.md#all-rulesets") is None
    assert link_problem(page, "https://example.org/") is None
    assert "there is no" in (link_problem(page, "no-such-page.md") or "")
    assert "no heading" in (link_problem(page, "rulings.md#no-such-heading") or "")
    assert "outside" in (link_problem(page, "../../elsewhere.md") or "")


# --- the repository -------------------------------------------------------------------------


def test_no_tracked_file_points_outside_the_repository() -> None:
    """The project speaks of itself alone: its architecture and rulings are in docs/."""
    found = outside_references(tracked_files())
    assert found == {}


def test_every_cited_ruling_is_written_in_a_doc() -> None:
    """'tests/test_docs.py fails when a cited id is written nowhere' (CONTRIBUTING.md)."""
    assert cited_rulings(), "no ruling id found in the code or the tests: the scan is broken"
    assert written_rulings(), "no ruling found written in a doc: the scan is broken"
    assert unwritten(lambda f: True) == {}


def test_the_rulings_for_every_ruleset_are_in_docs_rulings() -> None:
    """'the rulings for every ruleset in docs/rulings.md' (CONTRIBUTING.md)."""
    written = written_rulings()
    core = sorted(r for r in set(cited_rulings()) | set(written) if family(r) == "ALL")
    assert core, "no R-ALL ruling found: the scan is broken"
    in_rulings_page = {
        r for r, places in written.items() if any(w.startswith("docs/rulings.md:") for w in places)
    }
    misplaced = {r: written.get(r, []) for r in core if r not in in_rulings_page}
    assert misplaced == {}


def test_every_ruling_is_written_once() -> None:
    """'A ruling is written in full, once' (CONTRIBUTING.md): two texts of one ruling drift."""
    twice = {r: places for r, places in written_rulings().items() if len(places) > 1}
    assert twice == {}


def test_every_link_in_the_docs_resolves() -> None:
    assert any(links_of(p) for p in linking_docs()), "no link found: the scan is broken"
    assert broken_links() == []
