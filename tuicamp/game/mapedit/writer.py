"""A scenario written back as TOML a human can still read: the sections in the order of
the format's own description (tuicamp.storage.scenario), one terrain row a line, the
territories as a second picture of the map when they have a letter each, hexsides
wrapped, every key the scenario holds and none it does not.

The text goes with where each line points on the map (``ScenarioText.places``), so a
problem that ``tuicamp check`` reports at a line can be shown at its hex.
"""

from __future__ import annotations

import string
from typing import Any

from attrs import define, field

from tuicamp.engine import registry
from tuicamp.engine.codec import NO_TERRITORY
from tuicamp.game.mapedit.toml_text import key, value, wrapped
from tuicamp.model.equality import fields_eq
from tuicamp.model.forces import Army, Category
from tuicamp.model.hexes import Hex
from tuicamp.model.reprs import fields_repr
from tuicamp.model.terrain import Terrain
from tuicamp.storage.scenario import FORMAT_VERSION, Scenario

# Letters territories are drawn with in territory_rows; a map with more territories lists
# each territory's hexes instead. No quote, backslash or the no-territory mark.
CODES = string.ascii_uppercase + string.ascii_lowercase + string.digits + "!#$%&*+/:;<=>?@^_|~"


@define
class ScenarioText:
    __repr__ = fields_repr
    __eq__ = fields_eq

    text: str
    places: dict[int, Hex] = field(factory=dict)  # line (1-based) -> the hex it is about


class _Lines:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.places: dict[int, Hex] = {}

    def add(self, *lines: str, at: Hex | None = None) -> None:
        for line in lines:
            self.lines.append(line)
            if at is not None:
                self.places[len(self.lines)] = at

    def blank(self) -> None:
        if self.lines and self.lines[-1]:
            self.lines.append("")

    def keys(self, table: dict[str, Any], at: Hex | None = None) -> None:
        for k, v in table.items():
            self.add(f"{key(k)} = {value(v)}", at=at)


def scenario_text(scenario: Scenario, header: str = "") -> ScenarioText:
    """The scenario as a TOML file's text."""
    out = _Lines()
    for line in header.splitlines():
        out.add(f"# {line}".rstrip())
    out.blank()
    out.add(f"format_version = {FORMAT_VERSION}", "", "[scenario]")
    out.keys({"id": scenario.id, "title": scenario.title})
    if scenario.description:
        out.add(f'description = """\n{_long(scenario.description)}"""')
    if scenario.turn_limit:
        out.add(f"turn_limit = {scenario.turn_limit}")
    _map(out, scenario)
    _territories(out, scenario)
    _settlements(out, scenario)
    _players(out, scenario)
    for army in scenario.armies:
        _army(out, army, scenario)
    victory = {k: v for k, v in scenario.victory.items() if k != "turn_limit"}
    if victory:
        out.blank()
        out.add("[victory]")
        out.keys(victory)
    for rid, setup in scenario.rulesets.items():
        out.blank()
        out.add(f"[ruleset.{key(rid)}]")
        table: dict[str, Any] = {}
        if setup.options:
            table["options"] = setup.options
        if setup.tables:
            table["tables"] = setup.tables
        out.keys({**table, **setup.setup})
    return ScenarioText("\n".join(out.lines).rstrip() + "\n", out.places)


def _long(text: str, width: int = 88) -> str:
    """A description wrapped for the file; the reader joins the lines again."""
    paras = []
    for para in text.split("\n\n"):
        lines, line = [], ""
        for word in para.split():
            if line and len(line) + 1 + len(word) > width:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line)
        paras.append("\n".join(lines))
    return "\n\n".join(paras).replace("\\", "\\\\").replace('"""', '\\"""')


def _codes(scenario: Scenario) -> dict[str, str]:
    """A letter per territory when there are letters enough, else none (hexes listed)."""
    territories = scenario.map.territories
    if len(territories) > len(CODES):
        return {}
    return {t.id: CODES[i] for i, t in enumerate(territories)}


def _legend(scenario: Scenario) -> list[Terrain]:
    """The terrains the comment above the rows names: those every installed ruleset the
    scenario supports knows, and any other letter the rows use. The editor draws its map
    in the words of more rulesets than the scenario's (its palette), and the comment
    should not offer a letter the file's own rulesets refuse."""
    m = scenario.map
    installed = registry.load_rulesets()
    words = [installed[rid].vocabulary for rid in scenario.rulesets if rid in installed]
    used = set("".join(m.terrain))
    return [
        t
        for t in m.vocabulary.terrains
        if t.letter in used or (words and all(w.terrain(t.letter) for w in words))
    ]


def _map(out: _Lines, scenario: Scenario) -> None:
    m = scenario.map
    out.blank()
    out.add("[map]", f"width = {m.width}", f"height = {m.height}")
    legend = "  ".join(f"{t.letter} {t.name.lower()}" for t in _legend(scenario))
    out.add(f"# {legend}", "terrain = [")
    for r, row in enumerate(m.terrain):
        out.add(f"  {value(row)},", at=Hex.from_offset(0, r))
    out.add("]")
    codes = _codes(scenario)
    if codes and m.territories:
        cells = [[NO_TERRITORY] * m.width for _ in range(m.height)]
        for t in m.territories:
            for h in t.hexes:
                cells[h.row][h.col] = codes[t.id]
        out.add("# one letter per hex: the code of its [[territory]]", "territory_rows = [")
        for r, letters in enumerate(cells):
            out.add(f"  {value(''.join(letters))},", at=Hex.from_offset(0, r))
        out.add("]")
    sides = {f: s for f, s in m.hexsides.items() if s}
    if sides:
        out.blank()
        out.add("[map.hexsides]")
        width = m.label_width
        for feature, items in sides.items():
            labels = [s.label(width) for s in items]
            out.add(*wrapped(feature, labels))


def _territories(out: _Lines, scenario: Scenario) -> None:
    codes = _codes(scenario)
    width = scenario.map.label_width
    for t in scenario.map.territories:
        at = t.hexes[0] if t.hexes else None
        out.blank()
        out.add("[[territory]]", at=at)
        out.keys({"id": t.id, "name": t.name}, at=at)
        if codes:
            out.add(f"code = {value(codes[t.id])}", at=at)
        else:
            out.add(*wrapped("hexes", [h.label(width) for h in t.hexes], per_line=10), at=at)
        extra: dict[str, Any] = {}
        if t.owner:
            extra["owner"] = t.owner
        if t.revenue:
            extra["revenue"] = t.revenue
        if t.kind:
            extra["kind"] = t.kind
        if t.flags:
            extra["flags"] = sorted(t.flags)
        if t.colour:
            extra["colour"] = t.colour
        out.keys(extra, at=at)


def _settlements(out: _Lines, scenario: Scenario) -> None:
    m = scenario.map
    for s in m.settlements:
        out.blank()
        out.add("[[settlement]]", at=s.hex)
        table: dict[str, Any] = {"id": s.id, "kind": s.kind, "name": s.name, "hex": m.label(s.hex)}
        if s.owner:
            table["owner"] = s.owner
        if s.original_owner and s.original_owner != s.owner:
            table["original_owner"] = s.original_owner
        if s.walls:
            table["walls"] = True
        if s.stores:
            table["stores"] = s.stores
        out.keys(table, at=s.hex)


def _players(out: _Lines, scenario: Scenario) -> None:
    for p in scenario.players:
        out.blank()
        out.add("[[player]]")
        table: dict[str, Any] = {"id": p.id, "name": p.name, "race": p.race}
        if p.races:
            table["races"] = p.races
        table["colour"] = p.colour
        if p.letter:
            table["letter"] = p.letter
        if p.treasury:
            table["treasury"] = p.treasury
        out.keys(table)
    for team in scenario.teams:
        out.blank()
        out.add("[[team]]")
        out.keys({"id": team.id, "name": team.name, "kind": str(team.kind)})
        out.keys({"members": team.members, "shared_vision": team.shared_vision})


def _army(out: _Lines, army: Army, scenario: Scenario) -> None:
    at = army.hex
    out.blank()
    out.add(f"# {army.points} points", "[[army]]", at=at)
    table: dict[str, Any] = {"id": army.id, "name": army.name, "owner": army.owner}
    if army.hex is not None:
        table["hex"] = scenario.map.label(army.hex)
    if army.flags:
        table["flags"] = sorted(army.flags)
    out.keys(table, at=at)
    for u in army.units:
        out.add("", "  [[army.unit]]", at=at)
        unit: dict[str, Any] = {"id": u.id, "name": u.name, "points": u.points}
        if u.category is not Category.RANK_AND_FILE:
            unit["category"] = u.category.value
        unit.update(movement=u.movement, leadership=u.leadership)
        if u.models != 1:
            unit["models"] = u.models
        if u.flags:
            unit["flags"] = sorted(u.flags)
        if u.race:
            unit["race"] = u.race
        for k, v in unit.items():
            out.add(f"  {key(k)} = {value(v)}", at=at)
