"""The checks a scenario and a save share: a campaign's house-rule tables against its
ruleset's own, and its teams.

A scenario file (:mod:`tuicamp.storage.scenario`) and a save (:mod:`tuicamp.storage.saves`)
both hold tables a Games Master edits by hand, so both ask these. They live apart from the
scenario's schema so that reading a save (``tuicamp show``) builds none of a scenario's
classes.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from tuicamp.engine import costs as _movement
from tuicamp.engine.problems import KeyPath, Problem
from tuicamp.engine.ruleset import Ruleset
from tuicamp.engine.vocabulary import DECLARATION_TABLES
from tuicamp.model.teams import Team, TeamKind
from tuicamp.model.terrain import BASE_VOCABULARY, Vocabulary

MAX_MAP_SIDE = 500  # the widest and highest map a scenario, and so a save, may hold


def describe(value: Any) -> str:
    """A value as a person would name it in a complaint."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        shown = value if len(value) <= 30 else value[:27] + "..."
        return f"text {shown!r}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__}"


def listing(names: Sequence[str] | Mapping[str, Any]) -> str:
    return ", ".join(names) or "none"


# --- house-rule tables: overrides in the shape of the ruleset's own ------------------------
_ANY = object()  # a shape that takes any value: siblings of different kinds, an empty table


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "table"
    return type(value).__name__


_KIND_NOUNS = {
    "bool": "true or false",
    "number": "a number",
    "text": "text in quotes",
    "list": "a list",
    "table": "a table",
}


def _merge_shapes(a: Any, b: Any) -> Any:
    """One shape that both values fit: the union of two rows of one table."""
    if a is _ANY or b is _ANY or _kind(a) != _kind(b):
        return _ANY
    if isinstance(a, dict):
        out = dict(a)
        for k, v in b.items():
            out[k] = _merge_shapes(out[k], v) if k in out else v
        return out
    if isinstance(a, list):
        return [*a, *b]
    return a if not (_kind(a) == "number" and b < a) else b  # keep the smaller number


def _row_shape(values: list[Any]) -> Any:
    """The shape every value of a table or list shares, or _ANY when they differ."""
    if not values:
        return _ANY
    shape = values[0]
    for v in values[1:]:
        shape = _merge_shapes(shape, v)
    return shape


def _table_name(path: KeyPath) -> str:
    return ".".join(str(p) for p in path)


def _shape_problems(
    shape: Any, value: Any, path: KeyPath, vocabulary: Vocabulary = BASE_VOCABULARY
) -> list[Problem]:
    """Is ``value`` (an override) of the shape of ``shape`` (the ruleset's default)?
    Movement tables are checked against ``vocabulary``, the ruleset's terrains."""
    if shape is _ANY:
        return []
    kind = _kind(shape)
    if _kind(value) != kind:
        noun = _KIND_NOUNS.get(kind, kind)
        return [Problem(path, f"table {_table_name(path)} should be {noun}, not {describe(value)}")]
    if kind == "number":
        costs = any("cost" in str(p) for p in path)
        if costs and shape >= 0 and not value >= 0:
            return [
                Problem(
                    path, f"table {_table_name(path)} is a cost: it cannot be negative ({value:g})"
                )
            ]
        return []
    if kind == "list":
        item = _row_shape(shape)
        return [
            p for i, v in enumerate(value) for p in _shape_problems(item, v, (*path, i), vocabulary)
        ]
    if kind != "table":
        return []
    if _movement.TERRAIN_TABLE in shape:  # priced by cost_model: its own, closer check
        moves = {k: value[k] for k in _movement.MOVEMENT_TABLES if k in value}
        out = _movement.movement_problems(moves, path, vocabulary)
        rest = {k: v for k, v in value.items() if k not in moves}
        return out + _table_shape_problems(shape, rest, path, vocabulary)
    return _table_shape_problems(shape, value, path, vocabulary)


def _table_shape_problems(
    shape: dict[str, Any], value: dict[str, Any], path: KeyPath, vocabulary: Vocabulary
) -> list[Problem]:
    if not shape:
        return []  # an empty default table: the ruleset fills it as it likes
    rows = _row_shape(list(shape.values()))
    if _kind(rows) == "table":
        # every entry is a row of one kind ([hexside.river], [hexside.road]): each may
        # hold what any of them holds, and a new row is welcome in that shape
        return [
            p for k, v in value.items() for p in _shape_problems(rows, v, (*path, k), vocabulary)
        ]
    out: list[Problem] = []
    for key, v in value.items():
        where = (*path, key)
        if key in shape:
            out += _shape_problems(shape[key], v, where, vocabulary)
            continue
        close = difflib.get_close_matches(key, list(shape), n=1, cutoff=0.8)
        if rows is _ANY or close:
            # entries of different kinds are named fields: a new name is a typo
            hint = f"did you mean {close[0]!r}?" if close else f"keys: {listing(shape)}"
            out.append(Problem(where, f"table {_table_name(path)} has no key {key!r} ({hint})"))
        else:  # a new row of a table of like values (a terrain, a race)
            out += _shape_problems(rows, v, where, vocabulary)
    return out


def table_problems(ruleset: Ruleset, tables: Any) -> list[Problem]:
    """What is wrong with a campaign's overrides of a ruleset's tables, each at its key
    path below ``tables``: a table the ruleset does not have, or a value not of the
    shape of the ruleset's own (a number where it has a number, never negative for a cost;
    a table where it has a table, ...). Works for every ruleset: only its defaults count."""
    try:
        defaults = ruleset.default_tables
        vocabulary = ruleset.vocabulary
    except Exception:  # a ruleset with unreadable tables: its own tests will say so
        return []
    if not defaults:
        return []  # nothing to compare with
    if not isinstance(tables, dict):
        return [Problem((), f"tables should be a table, not {describe(tables)}")]
    out: list[Problem] = [
        Problem(
            (name,),
            f"the {name} declarations are ruleset {ruleset.id}'s own: a campaign cannot change "
            "them (override the costs in terrain_cost or hexside instead)",
        )
        if name in DECLARATION_TABLES
        else Problem(
            (name,), f"ruleset {ruleset.id} has no table {name!r} (tables: {listing(defaults)})"
        )
        for name in tables
        if name not in defaults
    ]
    # The tables themselves are named, never rows of one kind: each against its own.
    if _movement.TERRAIN_TABLE in defaults:
        moves = {k: tables[k] for k in _movement.MOVEMENT_TABLES if k in tables}
        out += _movement.movement_problems(moves, vocabulary=vocabulary)
    else:
        moves = {}
    for name, value in tables.items():
        if name in defaults and name not in moves:
            out += _shape_problems(defaults[name], value, (name,), vocabulary)
    return out


def team_problems(
    teams: Sequence[Team],
    players: Collection[str],
    at: KeyPath,
    unjudged: Collection[str] = (),
) -> list[Problem]:
    """What is wrong with a campaign's teams (a scenario's ``[[team]]`` tables at ``at``,
    or a save's ``teams``), beyond their types and the uniqueness of their ids: an id
    that is also a player's, members that are no player (or, in an alliance, no realm),
    a player in two realms, a team too small to mean anything. Members named in
    ``unjudged`` (teams with faults of their own, already reported) are passed over."""
    out: list[Problem] = []
    players = set(players)
    realms = {t.id for t in teams if t.kind is TeamKind.REALM}
    realm_of: dict[str, str] = {}
    for i, team in enumerate(teams):
        path = (*at, i)
        if team.id in players:
            out.append(
                Problem(
                    (*path, "id"),
                    f"team id {team.id!r} is a player's id: an owner names a player or a "
                    "team, so the two must differ",
                )
            )
        realm = team.kind is TeamKind.REALM
        allowed = players if realm else players | realms
        known = f"players: {listing(sorted(players))}"
        if not realm and realms:
            known += f"; realms: {listing(sorted(realms))}"
        seen: set[str] = set()
        for j, member in enumerate(team.members):
            where = (*path, "members", j)
            if member in seen:
                out.append(Problem(where, f"team {team.id!r} names {member!r} twice"))
                continue
            seen.add(member)
            if member in unjudged:
                continue
            if member not in allowed:
                noun = "a player" if realm else "a player or realm"
                out.append(Problem(where, f"team {team.id!r}: {member!r} is not {noun} ({known})"))
            elif realm and member in realm_of:
                out.append(
                    Problem(
                        where,
                        f"{member!r} is already in realm {realm_of[member]!r}: a player rules "
                        "in one realm only",
                    )
                )
            elif realm:
                realm_of[member] = team.id
        least = 1 if realm else 2
        if len(seen) < least:
            need = "at least one player" if realm else "at least two members"
            out.append(Problem((*path, "members"), f"{team.kind} {team.id!r} needs {need}"))
    return out
