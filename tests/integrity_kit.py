"""Shared pieces of the integrity tests: the real command line run in this process, on
real files, with what it printed, its exit code and the bytes it left on disk.

Every reproduction of a data-loss or integrity report is written the way a tester would
do it by hand: write the file, run the command, read the exit code, the one line on
stderr and the files.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import attrs
import pytest

from tuicamp import cli

SCENARIO = "border-war-empire-vs-orcs"
NOW = "2026-01-01T12:00:00Z"

MOVE = """\
seat = "empire"

[[action]]
kind = "move"
army = "averland-host"
to = "0710"
"""

ROLL = """\
seat = "empire"

[[action]]
kind = "roll"
expr = "d6"
"""


@attrs.frozen
class Run:
    code: int
    out: str
    err: str

    @property
    def line(self) -> str:
        """The one line a refusal prints: checked to be exactly one, and no traceback."""
        lines = self.err.strip("\n").split("\n")
        assert len(lines) == 1, self.err
        assert "Traceback" not in self.err
        return lines[0]


def tuicamp(*args: str | Path) -> Run:
    """``tuicamp ARGS`` in this process (``tuicamp.cli.main``), its output captured."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main([str(a) for a in args])
        except SystemExit as exc:  # argparse's own exits
            code = int(exc.code or 0)
    return Run(code, out.getvalue(), err.getvalue())


def refused(*args: str | Path) -> str:
    """Run a command that must be refused: exit 2 and one line, which is returned."""
    run = tuicamp(*args)
    assert run.code == 2, (run.code, run.out, run.err)
    return run.line


def ok(*args: str | Path) -> Run:
    run = tuicamp(*args)
    assert run.code == 0, (run.code, run.out, run.err)
    return run


def family(save: Path) -> dict[str, bytes]:
    """Every file in the save's folder, by name, with its bytes."""
    folder = save.parent
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fixed clock and a saves folder of the test's own; the folder is returned."""
    monkeypatch.setenv("TUICAMP_NOW", NOW)
    monkeypatch.setenv("TUICAMP_SAVES", str(tmp_path / "saves"))
    monkeypatch.delenv("TUICAMP_DEBUG", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def new_save(folder: Path, name: str = "war.toml", *extra: str) -> Path:
    """A sandbox campaign of the bundled border war, created by ``tuicamp new``."""
    path = folder / name
    ok("new", SCENARIO, "--ruleset", "sandbox", "-o", path, "--no-play", "--seed", "5", *extra)
    return path


def orders(folder: Path, text: str, name: str = "orders.toml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path
