"""A ruleset's own terrains and hexside features, declared as data in its tables.

A ruleset whose maps need more than the core's base set (a Skaven tunnel entrance, a
glacier, a palisade) declares it in any of its ``tables/*.toml``::

    [terrain.glacier]
    letter = "g"                  # required: its letter in a map's terrain rows
    name = "Glacier"              # required: what the legend, the help and the panels say
    glyph = "*"                   # required: one printable ASCII character, no other
                                  #   terrain's (the map must read without colour)
    background = "bright_white"   # required: one of the 16 ANSI colours
    colour = "blue"               # the glyph's colour; left out: black or bright white,
                                  #   whichever reads on the background
    water = false                 # lake-like: no land army stands on it
    sea = false                   # a sea (a sea is water)
    cost = 3                      # MP to enter (false: impassable); joins every
                                  #   terrain_cost table of the ruleset that does not
                                  #   price the terrain itself

    [hexside_feature.palisade]
    name = "palisade"             # required
    glyph = "!"                   # required: one printable ASCII character, no other
                                  #   feature's, none of the outline's / \\ |
    colour = "bright_red"         # required: one of the 16 ANSI colours
    kind = "barrier"              # crossing, waterway, barrier, road or other (the default)
    crossing = { add = 1 }        # how it changes a crossing (add, factor, blocks, unless);
                                  #   joins every [hexside] table beside a terrain_cost
                                  #   table that does not rule on the feature itself

The declarations are the ruleset's, not a campaign's: they leave the tables a campaign
may override (:attr:`Declarations.tables`), and what they declare is merged with the base
set into the ruleset's :class:`~tuicamp.model.terrain.Vocabulary`. A bad declaration is a
:class:`~tuicamp.engine.problems.Problem` with its key path (``terrain.glacier.glyph``)
and is left out of the vocabulary, so the rest of the ruleset still works and every
problem is reported at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from attrs import field, frozen

from tuicamp.engine.costs import HEXSIDE_TABLE, TERRAIN_TABLE, crossing_problems, price_problem
from tuicamp.engine.problems import KeyPath, Problem
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.reprs import fields_repr
from tuicamp.model.terrain import (
    BASE_VOCABULARY,
    OUTLINE_GLYPHS,
    FeatureKind,
    FeatureLook,
    HexsideFeature,
    Terrain,
    TerrainLook,
    Vocabulary,
    colour_problem,
    glyph_problem,
    letter_problem,
)

TERRAIN_DECLARATIONS = "terrain"
FEATURE_DECLARATIONS = "hexside_feature"
DECLARATION_TABLES = (TERRAIN_DECLARATIONS, FEATURE_DECLARATIONS)

_ID = re.compile(r"^[A-Za-z0-9_-]+$")


def _text(value: Any) -> str | None:
    return None if isinstance(value, str) and value.strip() else "should be text in quotes"


def _flag(value: Any) -> str | None:
    return None if isinstance(value, bool) else "should be true or false"


def _kind(value: Any) -> str | None:
    kinds = [k.value for k in FeatureKind]
    return None if value in kinds else f"should be one of {', '.join(kinds)}"


def _feature_glyph(value: Any) -> str | None:
    why = glyph_problem(value)
    if why is None and value in OUTLINE_GLYPHS:
        return f"cannot be {value!r}: plain sides are drawn with {' '.join(OUTLINE_GLYPHS)}"
    return why


def _cost(value: Any) -> str | None:
    why = price_problem(value)
    return f"{why} (MP, or false: impassable)" if why else None


def _any(value: Any) -> str | None:
    return None  # checked on its own (a crossing rule is a table of its own fields)


# Each declaration's keys: (required, check). Checks return why a value is wrong.
_Check = Callable[[Any], str | None]
TERRAIN_KEYS: dict[str, tuple[bool, _Check]] = {
    "letter": (True, letter_problem),
    "name": (True, _text),
    "glyph": (True, glyph_problem),
    "background": (True, colour_problem),
    "colour": (False, colour_problem),
    "water": (False, _flag),
    "sea": (False, _flag),
    "cost": (False, _cost),
}
FEATURE_KEYS: dict[str, tuple[bool, _Check]] = {
    "name": (True, _text),
    "glyph": (True, _feature_glyph),
    "colour": (True, colour_problem),
    "kind": (False, _kind),
    "crossing": (False, _any),
}


@frozen
class Declarations:
    """What a ruleset's tables declare: the vocabulary (the base set and the sound
    declarations), the tables with the declarations taken out and their default costs
    joined in, and what is wrong with the rest."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    vocabulary: Vocabulary
    tables: dict[str, Any]
    problems: tuple[Problem, ...] = field(default=())


def _name(path: KeyPath) -> str:
    return ".".join(str(p) for p in path)


def _entries(
    tables: dict[str, Any], table: str, problems: list[Problem]
) -> list[tuple[str, dict[str, Any]]]:
    """The declarations of one table that are tables under word ids."""
    found = tables.get(table, {})
    if not isinstance(found, dict):
        problems.append(
            Problem((table,), f"table {table} should hold [{table}.<id>] tables, not a value")
        )
        return []
    out = []
    for ident, spec in found.items():
        path = (table, ident)
        if not _ID.match(ident):
            problems.append(
                Problem(path, f"{table} {ident!r}: an id is letters, digits, - and _ only")
            )
        elif not isinstance(spec, dict):
            problems.append(Problem(path, f"table {_name(path)} should be a table, not a value"))
        else:
            out.append((ident, spec))
    return out


def _keys(
    spec: dict[str, Any], path: KeyPath, keys: dict[str, tuple[bool, _Check]]
) -> list[Problem]:
    out = []
    for key, value in spec.items():
        if key not in keys:
            known = ", ".join(keys)
            out.append(Problem((*path, key), f"table {_name(path)} has no key {key!r} ({known})"))
            continue
        why = keys[key][1](value)
        if why:
            out.append(Problem((*path, key), f"table {_name((*path, key))} {why}"))
    for key, (required, _) in keys.items():
        if required and key not in spec:
            out.append(Problem(path, f"table {_name(path)} is missing {key!r}"))
    return out


def read_declarations(tables: dict[str, Any], base: Vocabulary = BASE_VOCABULARY) -> Declarations:
    """The declarations in ``tables`` (a ruleset's, as written), checked and merged."""
    problems: list[Problem] = []
    vocabulary = base
    costs: dict[str, Any] = {}
    crossings: dict[str, Any] = {}
    for ident, spec in _entries(tables, TERRAIN_DECLARATIONS, problems):
        path: KeyPath = (TERRAIN_DECLARATIONS, ident)
        found = _keys(spec, path, TERRAIN_KEYS)
        if spec.get("sea") is True and spec.get("water") is False:
            found.append(Problem((*path, "water"), f"table {_name(path)}: a sea is water"))
        if found:
            problems += found
            continue
        look = TerrainLook(spec["glyph"], spec["background"], spec.get("colour", ""))
        sea = spec.get("sea", False)
        terrain = Terrain(
            spec["letter"], ident, spec["name"], look, water=spec.get("water", sea), sea=sea
        )
        clash = vocabulary.terrain_clash(terrain)
        if clash:
            problems.append(Problem(path, f"table {_name(path)}: {clash}"))
            continue
        vocabulary = vocabulary.merged(terrains=[terrain])
        if "cost" in spec:
            costs[ident] = spec["cost"]
    for ident, spec in _entries(tables, FEATURE_DECLARATIONS, problems):
        path = (FEATURE_DECLARATIONS, ident)
        found = _keys(spec, path, FEATURE_KEYS)
        if found:
            problems += found
            continue
        kind = FeatureKind(spec.get("kind", FeatureKind.OTHER))
        feature = HexsideFeature(
            ident, spec["name"], FeatureLook(spec["glyph"], spec["colour"]), kind
        )
        clash = vocabulary.feature_clash(feature)
        if clash:
            problems.append(Problem(path, f"table {_name(path)}: {clash}"))
            continue
        vocabulary = vocabulary.merged(features=[feature])
        if "crossing" in spec:
            crossings[ident] = spec["crossing"]
    for ident, rule in list(crossings.items()):  # after every feature: unless may name any
        found = crossing_problems(rule, (FEATURE_DECLARATIONS, ident, "crossing"), vocabulary)
        if found:
            problems += found
            del crossings[ident]  # a rule that cannot be priced joins no table
    rest = {k: v for k, v in tables.items() if k not in DECLARATION_TABLES}
    joined, problems_joining = _join(rest, costs, crossings)
    return Declarations(vocabulary, joined, tuple(problems + problems_joining))


def _join(
    tables: dict[str, Any], costs: dict[str, Any], crossings: dict[str, Any]
) -> tuple[dict[str, Any], list[Problem]]:
    """``tables`` with each declared cost in every terrain_cost table (and each crossing
    rule in the hexside table beside it) that does not already rule on it: the ruleset's
    own word wins. A cost with no such table to join is a problem."""
    joined_costs: set[str] = set()
    joined_crossings: set[str] = set()

    def walk(table: dict[str, Any]) -> dict[str, Any]:
        out = {k: walk(v) if isinstance(v, dict) else v for k, v in table.items()}
        if isinstance(out.get(TERRAIN_TABLE), dict):
            prices = dict(out[TERRAIN_TABLE])
            for ident, cost in costs.items():
                prices.setdefault(ident, cost)
                joined_costs.add(ident)
            out[TERRAIN_TABLE] = prices
            if crossings:
                sides = dict(out.get(HEXSIDE_TABLE, {}))
                for ident, rule in crossings.items():
                    sides.setdefault(ident, dict(rule))
                    joined_crossings.add(ident)
                out[HEXSIDE_TABLE] = sides
        return out

    joined = walk(tables)
    problems = [
        Problem(
            (TERRAIN_DECLARATIONS, ident, "cost"),
            f"table {TERRAIN_DECLARATIONS}.{ident}.cost: the ruleset has no "
            f"{TERRAIN_TABLE} table for this cost to join",
        )
        for ident in costs
        if ident not in joined_costs
    ]
    problems += [
        Problem(
            (FEATURE_DECLARATIONS, ident, "crossing"),
            f"table {FEATURE_DECLARATIONS}.{ident}.crossing: the ruleset has no "
            f"{TERRAIN_TABLE} table for this rule to join",
        )
        for ident in crossings
        if ident not in joined_crossings
    ]
    return joined, problems
