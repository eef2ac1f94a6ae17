"""A scenario being edited: where it starts (a file, or a blank map), what is wrong with it
as ``tuicamp check`` would say, and saving it.

The checks are the command's own: the scenario is written to a scratch file and read back
through :func:`tuicamp.game.scenarios.scenario_problems`, so the editor can never pass a
map the command refuses, nor refuse one it passes. Each problem carries the hex its line
is about, when it is about one, for the editor to jump to.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from attrs import frozen

from tuicamp.engine import registry
from tuicamp.engine.errors import InputError
from tuicamp.game.mapedit.files import write_scenario
from tuicamp.game.mapedit.writer import ScenarioText, scenario_text
from tuicamp.game.scenarios import analyse_scenario, load_scenario, scenario_problems
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.hexes import Hex, parse_label
from tuicamp.model.map import HexMap
from tuicamp.model.reprs import fields_repr
from tuicamp.storage.scenario import PlayerSlot, RulesetSetup, Scenario

BLANK_PLAYERS = (("red", "Red", "red", "Empire"), ("blue", "Blue", "blue", "Orcs & Goblins"))
_LINE = re.compile(r"^(?P<path>.*?):(?P<line>\d+): (?P<text>.*)$")
_LABEL = re.compile(r"\b(\d{4}|\d{6})\b")


def blank_scenario(width: int, height: int, ruleset: str = "sandbox") -> Scenario:
    """A map of open ground with two player slots, for the editor to start from."""
    if not (1 <= width <= 500 and 1 <= height <= 500):
        raise ValueError(f"a map is 1 to 500 hexes across and down, not {width} x {height}")
    vocabulary = registry.get_ruleset(ruleset).vocabulary
    return Scenario(
        id="new-scenario",
        title="New scenario",
        description="",
        path=Path("new-scenario.toml"),
        map=HexMap.blank(width, height, vocabulary=vocabulary),
        players=[
            PlayerSlot(id=pid, name=name, race=race, colour=colour)
            for pid, name, colour, race in BLANK_PLAYERS
        ],
        armies=[],
        victory={},
        rulesets={ruleset: RulesetSetup()},
    )


def open_scenario(path: Path) -> Scenario:
    """A scenario file to edit; an InputError names its first problem (fix it first)."""
    return load_scenario(path)


@frozen
class Opened:
    """A scenario file opened to edit, problems and all: the scenario when the file's
    own problems leave one to build (a campaign's problems never stop that), the file's
    text, and what ``tuicamp check`` says of it, each problem at its line."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    path: Path
    text: str
    scenario: Scenario | None
    problems: list[Finding]


def open_to_fix(path: Path) -> Opened:
    """Open ``path`` whatever its problems, so that the editor can show them and let
    them be fixed; an InputError only when there is no text to fix (no such file, a
    folder, not UTF-8)."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder, not a TOML file") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read it ({exc.strerror})") from None
    return check_text(path, text)


def check_text(path: Path, text: str) -> Opened:
    """What ``tuicamp check`` says of ``text`` as the file ``path`` (it is checked in a
    scratch folder, the file itself untouched), and the scenario it builds if any."""
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp) / (path.name or "scenario.toml")
        scratch.write_text(text, encoding="utf-8")
        lines, scenario = analyse_scenario(scratch)
    if scenario is not None:
        scenario.path = path
    return Opened(path, text, scenario, [_finding(line) for line in lines])


def _finding(line: str) -> Finding:
    """A problem line (``file:line: what``) as a Finding, its file left out."""
    match = _LINE.match(line)
    if match is None:
        return Finding(0, line, None)
    return Finding(int(match["line"]), match["text"], None)


@frozen
class Finding:
    """One problem of the scenario: its line in the file, what is wrong, and the hex it
    is about (None when it is about no one hex)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    line: int
    text: str
    hex: Hex | None


def findings(scenario: Scenario) -> list[Finding]:
    """What ``tuicamp check`` would say of the scenario as it stands, problem by problem."""
    return findings_of(scenario, scenario_text(scenario))


def findings_of(scenario: Scenario, written: ScenarioText) -> list[Finding]:
    """The problems of the scenario as written in ``written``: the slow half of
    :func:`findings`, which touches only the text (an editor runs it off its screen's
    thread, while the map goes on changing)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "scenario.toml"
        path.write_text(written.text, encoding="utf-8")
        lines = scenario_problems(path)
    out = []
    for line in lines:
        match = _LINE.match(line)
        if match is None:
            out.append(Finding(0, line, None))
            continue
        number, text = int(match["line"]), match["text"]
        out.append(Finding(number, text, _hex_of(scenario, text, written.places.get(number))))
    return out


def _hex_of(scenario: Scenario, text: str, at: Hex | None) -> Hex | None:
    """The hex a problem names in its text (``hex 0304``), else the one its line is about."""
    width, height = scenario.map.width, scenario.map.height
    for label in _LABEL.findall(text):
        try:
            h = parse_label(label)
        except ValueError:
            continue
        if 0 <= h.row < height and 0 <= h.col < width:
            return h
    return at


def save(scenario: Scenario, path: Path) -> None:
    """Write the scenario to ``path`` (over the file there: the editor asks first), under
    the comment that file opens with (the designer's notes, or how the generator made it),
    kept as it was: the writer lays out the rest itself."""
    header = header_of(path.read_text("utf-8")) if path.is_file() else ""
    write_scenario(path, scenario_text(scenario, header).text, overwrite=True)
    scenario.path = path


def header_of(text: str) -> str:
    """The comment lines a scenario file opens with, up to its first blank or other
    line, without their ``#``: what :func:`scenario_text` writes back as its header."""
    lines: list[str] = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line[1:].removeprefix(" "))
    return "\n".join(lines)
