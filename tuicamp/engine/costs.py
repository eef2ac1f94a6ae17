"""Movement costs from a ruleset's tables, shared by every ruleset that moves counters.

A ruleset's ``tables/`` price terrain in ``[terrain_cost]`` (terrain id -> MP; a
missing terrain is impassable, and so is one priced ``false``) and hexside features in
``[hexside.<feature>]`` tables with the fields of :class:`~tuicamp.engine.pathing.HexsideRule`.

A campaign may override any of these by hand, so :func:`movement_problems` says what is
wrong with them in words a Games Master can act on (scenario and save checks call it), and
:func:`cost_model` refuses bad tables with a :class:`TableError` naming the table instead
of failing deep inside a move.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

from tuicamp.engine.errors import RuleError
from tuicamp.engine.pathing import CostModel, HexsideRule
from tuicamp.engine.problems import KeyPath, Problem
from tuicamp.model.map import HexMap
from tuicamp.model.terrain import HEXSIDE_FEATURES, TERRAINS

# The tables of this format: a table that holds "terrain_cost" is priced by cost_model.
TERRAIN_TABLE = "terrain_cost"
HEXSIDE_TABLE = "hexside"
MOVEMENT_TABLES = (TERRAIN_TABLE, HEXSIDE_TABLE)

_TERRAIN_KEYS = tuple(t.id for t in TERRAINS) + tuple(t.letter for t in TERRAINS)


class TableError(RuleError, ValueError):
    """A movement table that cannot be priced. A RuleError, so a move is refused with a
    readable sentence; a ValueError too, so callers that guard a preview keep working."""


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"text {value!r}"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return f"the number {value}" if _number(value) else repr(value)


def _name(path: KeyPath) -> str:
    return ".".join(str(p) for p in path)


def _unknown(name: str, known: tuple[str, ...], what: str) -> str:
    close = difflib.get_close_matches(name, known, n=1)
    hint = f"did you mean {close[0]!r}?" if close else f"known: {', '.join(known)}"
    return f"unknown {what} {name!r} ({hint})"


def _cost(value: Any) -> str | None:
    """Why ``value`` is no MP price, or None when it is one."""
    if not _number(value):
        return f"should be a number, not {_shown(value)}"
    if not value >= 0:  # also catches nan
        return f"cannot be negative ({value:g})"
    return None


def _terrain_problems(costs: Any, path: KeyPath) -> list[Problem]:
    if not isinstance(costs, dict):
        return [
            Problem(
                path, f"table {_name(path)} should be a table of terrain costs, not {_shown(costs)}"
            )
        ]
    out: list[Problem] = []
    for terrain, value in costs.items():
        where = (*path, terrain)
        if terrain not in _TERRAIN_KEYS:
            out.append(
                Problem(
                    where,
                    f"table {_name(path)}: "
                    + _unknown(terrain, tuple(t.id for t in TERRAINS), "terrain"),
                )
            )
        elif value is not False:
            why = _cost(value)
            if why:
                out.append(Problem(where, f"table {_name(where)} {why} (MP, or false: impassable)"))
    return out


def _flag(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"should be true or false, not {_shown(value)}"


def _features(value: Any) -> str | None:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return f"should be a list of hexside features, not {_shown(value)}"
    unknown = [v for v in value if v not in HEXSIDE_FEATURES]
    if unknown:
        return _unknown(unknown[0], HEXSIDE_FEATURES, "hexside feature")
    return None


# The fields of one [hexside.<feature>] table, and what each must be.
_HEXSIDE_FIELDS: dict[str, Callable[[Any], str | None]] = {
    "add": _cost,
    "factor": _cost,
    "blocks": _flag,
    "unless": _features,
}


def _hexside_problems(rules: Any, path: KeyPath) -> list[Problem]:
    if not isinstance(rules, dict):
        return [
            Problem(
                path,
                f"table {_name(path)} should be a table of [hexside.<feature>] "
                f"tables, not {_shown(rules)}",
            )
        ]
    out: list[Problem] = []
    for feature, spec in rules.items():
        where = (*path, feature)
        if feature not in HEXSIDE_FEATURES:
            out.append(
                Problem(
                    where,
                    f"table {_name(path)}: "
                    + _unknown(feature, HEXSIDE_FEATURES, "hexside feature"),
                )
            )
            continue
        if not isinstance(spec, dict):
            out.append(
                Problem(
                    where,
                    f"table {_name(where)} should be a table "
                    f"({', '.join(_HEXSIDE_FIELDS)}), not {_shown(spec)}",
                )
            )
            continue
        for key, value in spec.items():
            check = _HEXSIDE_FIELDS.get(key)
            if check is None:
                out.append(
                    Problem(
                        (*where, key),
                        f"table {_name(where)}: " + _unknown(key, tuple(_HEXSIDE_FIELDS), "field"),
                    )
                )
                continue
            why = check(value)
            if why:
                out.append(Problem((*where, key), f"table {_name((*where, key))} {why}"))
    return out


def movement_problems(tables: dict[str, Any], path: KeyPath = ()) -> list[Problem]:
    """What is wrong with the ``terrain_cost`` and ``hexside`` tables in ``tables`` (the
    tables in force, or one override), each with its key path; [] when they can be priced."""
    out: list[Problem] = []
    if TERRAIN_TABLE in tables:
        out += _terrain_problems(tables[TERRAIN_TABLE], (*path, TERRAIN_TABLE))
    if HEXSIDE_TABLE in tables:
        out += _hexside_problems(tables[HEXSIDE_TABLE], (*path, HEXSIDE_TABLE))
    return out


def hexside_rules(tables: dict[str, Any]) -> dict[str, HexsideRule]:
    problems = _hexside_problems(tables.get(HEXSIDE_TABLE, {}), (HEXSIDE_TABLE,))
    if problems:
        raise TableError(problems[0].text)
    rules = {}
    for feature, spec in tables.get(HEXSIDE_TABLE, {}).items():
        rules[feature] = HexsideRule(
            add=float(spec.get("add", 0.0)),
            factor=float(spec.get("factor", 1.0)),
            blocks=bool(spec.get("blocks", False)),
            unless=tuple(spec.get("unless", ())),
        )
    return rules


def cost_model(hexmap: HexMap, tables: dict[str, Any]) -> CostModel:
    """The map priced by the tables in force; a bad table raises TableError naming it."""
    if TERRAIN_TABLE not in tables:
        raise TableError(f"the ruleset's tables have no {TERRAIN_TABLE} table to price moves")
    problems = _terrain_problems(tables[TERRAIN_TABLE], (TERRAIN_TABLE,))
    if problems:
        raise TableError(problems[0].text)
    terrain = {k: (None if v is False else float(v)) for k, v in tables[TERRAIN_TABLE].items()}
    return CostModel.from_map(hexmap, terrain, hexside_rules(tables))
