"""Movement costs from a ruleset's tables, shared by every ruleset that moves counters.

A ruleset's ``tables/`` price terrain in ``[terrain_cost]`` (terrain id -> MP; a
missing terrain is impassable, and so is one priced ``false``) and hexside features in
``[hexside.<feature>]`` tables with the fields of :class:`~tuicamp.engine.pathing.HexsideRule`.

Which terrains and features exist is the map's vocabulary (the core's base set and the
ruleset's own declarations, :mod:`tuicamp.engine.vocabulary`): a price for a terrain the
vocabulary does not know is a typo, refused, since it would otherwise wall off a whole
terrain type without a word.

A campaign may override any of these by hand, so :func:`movement_problems` says what is
wrong with them in words a Games Master can act on (scenario and save checks call it), and
:func:`cost_model` refuses bad tables with a :class:`TableError` naming the table instead
of failing deep inside a move.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tuicamp.engine.errors import RuleError
from tuicamp.engine.problems import KeyPath, Problem
from tuicamp.model.map import HexMap
from tuicamp.model.terrain import BASE_VOCABULARY, Vocabulary

if TYPE_CHECKING:
    from tuicamp.engine.pathing import CostModel, HexsideRule

# The tables of this format: a table that holds "terrain_cost" is priced by cost_model.
TERRAIN_TABLE = "terrain_cost"
HEXSIDE_TABLE = "hexside"
MOVEMENT_TABLES = (TERRAIN_TABLE, HEXSIDE_TABLE)


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


def price_problem(value: Any) -> str | None:
    """Why ``value`` is no price of entering a terrain (MP, or false: impassable)."""
    return None if value is False else _cost(value)


def _terrain_problems(costs: Any, path: KeyPath, vocabulary: Vocabulary) -> list[Problem]:
    if not isinstance(costs, dict):
        return [
            Problem(
                path, f"table {_name(path)} should be a table of terrain costs, not {_shown(costs)}"
            )
        ]
    known = vocabulary.letters + vocabulary.terrain_ids
    out: list[Problem] = []
    for terrain, value in costs.items():
        where = (*path, terrain)
        if terrain not in known:
            out.append(
                Problem(
                    where,
                    f"table {_name(path)}: " + _unknown(terrain, vocabulary.terrain_ids, "terrain"),
                )
            )
        else:
            why = price_problem(value)
            if why:
                out.append(Problem(where, f"table {_name(where)} {why} (MP, or false: impassable)"))
    return out


def _flag(value: Any, vocabulary: Vocabulary) -> str | None:
    return None if isinstance(value, bool) else f"should be true or false, not {_shown(value)}"


def _features(value: Any, vocabulary: Vocabulary) -> str | None:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return f"should be a list of hexside features, not {_shown(value)}"
    unknown = [v for v in value if vocabulary.feature(v) is None]
    if unknown:
        return _unknown(unknown[0], vocabulary.feature_ids, "hexside feature")
    return None


def _price(value: Any, vocabulary: Vocabulary) -> str | None:
    return _cost(value)


# The fields of one [hexside.<feature>] table, and what each must be.
_HEXSIDE_FIELDS: dict[str, Callable[[Any, Vocabulary], str | None]] = {
    "add": _price,
    "factor": _price,
    "blocks": _flag,
    "unless": _features,
}


def crossing_problems(
    spec: Any, path: KeyPath, vocabulary: Vocabulary = BASE_VOCABULARY
) -> list[Problem]:
    """What is wrong with one feature's crossing rule (the fields of a
    ``[hexside.<feature>]`` table: add, factor, blocks, unless) found at ``path``."""
    if not isinstance(spec, dict):
        return [
            Problem(
                path,
                f"table {_name(path)} should be a table "
                f"({', '.join(_HEXSIDE_FIELDS)}), not {_shown(spec)}",
            )
        ]
    out: list[Problem] = []
    for key, value in spec.items():
        check = _HEXSIDE_FIELDS.get(key)
        if check is None:
            out.append(
                Problem(
                    (*path, key),
                    f"table {_name(path)}: " + _unknown(key, tuple(_HEXSIDE_FIELDS), "field"),
                )
            )
            continue
        why = check(value, vocabulary)
        if why:
            out.append(Problem((*path, key), f"table {_name((*path, key))} {why}"))
    return out


def _hexside_problems(rules: Any, path: KeyPath, vocabulary: Vocabulary) -> list[Problem]:
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
        if vocabulary.feature(feature) is None:
            out.append(
                Problem(
                    where,
                    f"table {_name(path)}: "
                    + _unknown(feature, vocabulary.feature_ids, "hexside feature"),
                )
            )
            continue
        out += crossing_problems(spec, where, vocabulary)
    return out


def movement_problems(
    tables: dict[str, Any], path: KeyPath = (), vocabulary: Vocabulary = BASE_VOCABULARY
) -> list[Problem]:
    """What is wrong with the ``terrain_cost`` and ``hexside`` tables in ``tables`` (the
    tables in force, or one override), each with its key path; [] when they can be priced.
    Terrains and features are known by ``vocabulary`` (the ruleset's)."""
    out: list[Problem] = []
    if TERRAIN_TABLE in tables:
        out += _terrain_problems(tables[TERRAIN_TABLE], (*path, TERRAIN_TABLE), vocabulary)
    if HEXSIDE_TABLE in tables:
        out += _hexside_problems(tables[HEXSIDE_TABLE], (*path, HEXSIDE_TABLE), vocabulary)
    return out


def hexside_rules(
    tables: dict[str, Any], vocabulary: Vocabulary = BASE_VOCABULARY
) -> dict[str, HexsideRule]:
    """The ``[hexside.<feature>]`` tables as crossing rules; a bad one raises TableError.

    The pathfinder is imported here and in :func:`cost_model`, by what prices a move,
    not with this module: loading a ruleset reads its movement tables' checks, and a
    process that only reports on a campaign (``tuicamp show``) never finds a path."""
    from tuicamp.engine.pathing import HexsideRule

    problems = _hexside_problems(tables.get(HEXSIDE_TABLE, {}), (HEXSIDE_TABLE,), vocabulary)
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
    """The map priced by the tables in force, in the map's vocabulary; a bad table raises
    TableError naming it."""
    from tuicamp.engine.pathing import CostModel  # with the first move: see hexside_rules

    if TERRAIN_TABLE not in tables:
        raise TableError(f"the ruleset's tables have no {TERRAIN_TABLE} table to price moves")
    vocabulary = hexmap.vocabulary
    problems = _terrain_problems(tables[TERRAIN_TABLE], (TERRAIN_TABLE,), vocabulary)
    if problems:
        raise TableError(problems[0].text)
    terrain = {k: (None if v is False else float(v)) for k, v in tables[TERRAIN_TABLE].items()}
    return CostModel.from_map(hexmap, terrain, hexside_rules(tables, vocabulary))
