'''Scenario files: the map, the player slots, the starting forces and the rulesets a
campaign may be started with.

A scenario is written by a Games Master, by hand, so the format reads like a briefing and
every mistake is reported as one line ``file:line: what is wrong``, all of them at once
(:func:`scenario_problems`), before anything is built. The format, with every key::

    format_version = 1                  # required; this tuicamp reads version 1

    [scenario]
    id = "border-war"                   # required; letters, digits, - and _
    title = "Border War"                # required
    description = """What it is, who fights, how it is won.
    Lines are joined; a blank line starts a new paragraph."""
    turn_limit = 12                     # 0 (the default): no limit

    [map]
    width = 8                           # hexes across (columns), 1..500
    height = 3                          # hexes down (rows), 1..500
    terrain = [                         # one string per row, one letter per hex:
      "..ff.hhm",                       # . clear  f forest  h hills  m mountains
      "..f..hmm",                       # s swamp  d desert  j jungle  w wasteland
      ".l..hhmm",                       # l lake   ~ sea   (and a ruleset's own letters,
    ]                                   #   when every ruleset below declares them)
    territory_rows = [                  # optional: one [[territory]] code per hex,
      "AAAA....",                       # '.' for no territory
      "AAA.....",
      "AAA.....",
    ]

    [map.hexsides]                      # features on the side between two neighbours
    river = ["0401-0501", "0402-0502"]  # hexes are CCRR labels, 1-based: 0401 is
    stream = []                         # column 4, row 1
    road = ["0101-0201", "0201-0301", "0301-0401", "0401-0501"]
    bridge = ["0401-0501"]              # bridges and fords sit on a river or stream
    ford = ["0402-0502"]
    wall = []                           # (and a ruleset's own features, likewise)

    [[territory]]
    id = "west"                         # required
    name = "Westmark"                   # required
    code = "A"                          # its letter in territory_rows ...
    hexes = []                          # ... and/or its hexes listed here
    owner = "empire"                    # optional: a [[player]] or [[team]] id
    revenue = 10                        # in the ruleset's smallest coin
    kind = "province"                   # optional: the ruleset's word for the land
    flags = ["coastal"]                 # optional: its marks, in the ruleset's words
    colour = "green"                    # optional: the editor's tint for it (an ANSI
                                        #   colour name; a campaign draws its owner's)

    [[settlement]]
    id = "altdorf"                      # required
    kind = "capital"                    # required: village, town, city, capital,
    name = "Altdorf"                    #   fortress, tower, ... (the ruleset's words)
    hex = "0201"                        # required
    owner = "empire"                    # optional: a [[player]] or [[team]] id;
    walls = true                        #   none = neutral
    stores = { food = 2 }               # whole numbers, never negative

    [[player]]                          # one slot per player, in turn order
    id = "empire"                       # required; "gm" is the Games Master's seat
    name = "The Empire"                 # required
    race = "Empire"                     # required
    races = ["Empire", "Bretonnia"]     # races a player may pick here; [] = any
    colour = "yellow"
    letter = "E"                        # map marker; default: the name's first letter
    treasury = 100

    [[team]]                            # players who stand together
    id = "reikland"                     # required; not a [[player]] id
    name = "The Reikland"               # required
    kind = "realm"                      # realm: one power ruled by several players;
                                        #   alliance (the default): powers sworn together
    members = ["empire"]                # required: [[player]] ids (an alliance may name
                                        #   realms too); a player rules in one realm only
    shared_vision = true                # members see what every member sees

    [[army]]
    id = "host"                         # required
    name = "Reikland Host"              # required
    owner = "empire"                    # required: a [[player]] id
    hex = "0201"                        # optional: none = off the map
    flags = []

      [[army.unit]]
      id = "halberdiers"                # optional: default <army id>-<n>
      name = "Halberdiers"              # required
      points = 140                      # required, never negative
      category = "rank_and_file"        # rank_and_file, light_cavalry, character,
      movement = 4                      #   war_machine, monster
      leadership = 7                    # 0..10
      models = 20                       # at least 1
      flags = []                        # general, militia, elite, scout, ...
      race = "Dwarfs"                   # optional: none = the owner's race

    [victory]                           # free-form: what the ruleset reads
    type = "capitals"

    [ruleset.sandbox]                   # one table per ruleset the scenario supports
    options = { fog_of_war = true }     # the ruleset's options (house-rule switches)
    tables = { terrain_cost = { forest = 3 } }   # overrides of the ruleset's tables
    # any other key is the ruleset's own set-up (see its help), checked by the ruleset

Bundled scenarios live in the package ``tuicamp.scenarios`` so they are found the same way
from a checkout and after ``pip install .``.
'''

from __future__ import annotations

import copy
import difflib
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from attrs import define, field, frozen

from tuicamp.engine import registry
from tuicamp.engine.codec import NO_TERRITORY, TOML_INT_MAX, converter, describe_structure_error
from tuicamp.engine.errors import InputError
from tuicamp.engine.problems import KeyPath, Problem
from tuicamp.engine.ruleset import Option, Ruleset
from tuicamp.model.campaign import OptionValue
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.forces import Army, Category
from tuicamp.model.hexes import Hex, Hexside, label_width_for, parse_hexside, parse_label
from tuicamp.model.map import HexMap
from tuicamp.model.reprs import fields_repr
from tuicamp.model.teams import Team, TeamKind
from tuicamp.model.terrain import BASE_VOCABULARY, FeatureKind, Vocabulary, colour_problem
from tuicamp.storage.limits import out_of_range
from tuicamp.storage.shared_checks import (
    MAX_MAP_SIDE,
    describe,
    listing,
    table_problems,
    team_problems,
)
from tuicamp.storage.summary import summarise
from tuicamp.storage.tomlfile import TomlFile, read_toml

FORMAT_VERSION = 1
GM_SEAT = "gm"
BUNDLED_PACKAGE = "tuicamp.scenarios"


# --- what a scenario is -----------------------------------------------------------------
@define
class PlayerSlot:
    """A seat at the table the scenario offers; a campaign fills it with a real player."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    name: str
    race: str
    colour: str = "white"
    treasury: int = 0
    letter: str = ""
    races: list[str] = field(factory=list)  # races a player may pick for it; empty = any

    def allows(self, race: str) -> str | None:
        """The slot's own spelling of ``race`` if it may be picked here, else None."""
        if not self.races:
            return race
        return next((r for r in self.races if r.casefold() == race.casefold()), None)


@define
class RulesetSetup:
    """A scenario's ``[ruleset.<id>]`` table, split into what the engine and the ruleset use."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    options: dict[str, OptionValue] = field(factory=dict)
    tables: dict[str, Any] = field(factory=dict)  # house-rule overrides of the ruleset's tables
    setup: dict[str, Any] = field(factory=dict)  # everything else: passed to Ruleset.setup


@define
class Scenario:
    __repr__ = fields_repr
    __eq__ = fields_eq

    id: str
    title: str
    description: str
    path: Path
    map: HexMap
    players: list[PlayerSlot]
    armies: list[Army]
    victory: dict[str, Any]
    rulesets: dict[str, RulesetSetup]
    turn_limit: int = 0
    teams: list[Team] = field(factory=list)  # realms and alliances, as declared

    def slot(self, player_id: str) -> PlayerSlot | None:
        return next((p for p in self.players if p.id == player_id), None)


# --- the schema: what each table may hold -------------------------------------------------
_ID_RE = re.compile(r"^[A-Za-z0-9_-]+$")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@frozen
class Kind:
    """A kind of value a key holds: a readable name, a test, and the kind of its items."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    noun: str
    test: Callable[[Any], bool]
    item: str | None = None  # for lists and tables of one kind of thing


KINDS: dict[str, Kind] = {
    "text": Kind("text", lambda v: isinstance(v, str)),
    "id": Kind(
        "an id (letters, digits, - and _)", lambda v: isinstance(v, str) and bool(_ID_RE.match(v))
    ),
    "int": Kind("a whole number", _is_int),
    "bool": Kind("true or false", lambda v: isinstance(v, bool)),
    "table": Kind("a table", lambda v: isinstance(v, dict)),
    "texts": Kind("a list of text", lambda v: isinstance(v, list), item="text"),
    "counts": Kind("a table of whole numbers", lambda v: isinstance(v, dict), item="int"),
    "tables": Kind("an array of tables", lambda v: isinstance(v, list), item="table"),
}


@frozen
class Key:
    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    kind: str
    required: bool = False
    minimum: int | None = None  # for whole numbers, and the items of counts
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    written: str = ""  # how a missing key is shown, when not simply by its name


Schema = dict[str, Key]

TOP: Schema = {
    "format_version": Key("int", required=True, written=f"format_version = {FORMAT_VERSION}"),
    "scenario": Key("table", required=True, written="a [scenario] table"),
    "map": Key("table", required=True, written="a [map] table"),
    "territory": Key("tables"),
    "settlement": Key("tables"),
    "player": Key("tables", required=True, written="[[player]] slots"),
    "team": Key("tables"),
    "army": Key("tables"),
    "victory": Key("table"),
    "ruleset": Key(
        "table", required=True, written="a [ruleset.<id>] table for each ruleset it supports"
    ),
}
SCENARIO: Schema = {
    "id": Key("id", required=True),
    "title": Key("text", required=True),
    "description": Key("text"),
    "turn_limit": Key("int", minimum=0),
}
MAP: Schema = {
    "width": Key("int", required=True, minimum=1, maximum=MAX_MAP_SIDE),
    "height": Key("int", required=True, minimum=1, maximum=MAX_MAP_SIDE),
    "terrain": Key("texts", required=True),
    "territory_rows": Key("texts"),
    "hexsides": Key("table"),
}
TERRITORY: Schema = {
    "id": Key("id", required=True),
    "name": Key("text", required=True),
    "code": Key("text"),
    "hexes": Key("texts"),
    "owner": Key("id"),
    "revenue": Key("int", minimum=0),
    "kind": Key("text"),
    "flags": Key("texts"),
    "colour": Key("text"),
}
SETTLEMENT: Schema = {
    "id": Key("id", required=True),
    "kind": Key("text", required=True),
    "name": Key("text", required=True),
    "hex": Key("text", required=True),
    "owner": Key("id"),
    "original_owner": Key("id"),
    "walls": Key("bool"),
    "stores": Key("counts", minimum=0),
}
PLAYER: Schema = {
    "id": Key("id", required=True),
    "name": Key("text", required=True),
    "race": Key("text", required=True),
    "races": Key("texts"),
    "colour": Key("text"),
    "letter": Key("text"),
    "treasury": Key("int", minimum=0),
}
TEAM: Schema = {
    "id": Key("id", required=True),
    "name": Key("text", required=True),
    "kind": Key("text", choices=tuple(k.value for k in TeamKind)),
    "members": Key("texts", required=True),
    "shared_vision": Key("bool"),
}
ARMY: Schema = {
    "id": Key("id", required=True),
    "name": Key("text", required=True),
    "owner": Key("id", required=True),
    "hex": Key("text"),
    "flags": Key("texts"),
    "unit": Key("tables"),
}
UNIT: Schema = {
    "id": Key("id"),
    "name": Key("text", required=True),
    "points": Key("int", required=True, minimum=0),
    "category": Key("text", choices=tuple(c.value for c in Category)),
    "movement": Key("int", minimum=0, maximum=50),
    "leadership": Key("int", minimum=0, maximum=10),
    "models": Key("int", minimum=1),
    "flags": Key("texts"),
    "race": Key("text"),
}
RULESET_KEYS = ("options", "tables")  # the rest of a [ruleset.<id>] table is set-up

# TOML types of option values, by the type of the option's default
_OPTION_KINDS: dict[type, tuple[tuple[type, ...], str]] = {
    bool: ((bool,), "true or false"),
    int: ((int,), "a whole number"),
    float: ((int, float), "a number"),
    str: ((str,), "text"),
}


# --- collecting problems ------------------------------------------------------------------
@define
class _Checker:
    """Walks one scenario file, noting every problem with the key path where it is."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    doc: TomlFile
    found: list[tuple[int, int, str]] = field(factory=list)

    def line(self, path: KeyPath) -> int:
        return self.doc.locator.line_of(path)

    def add(self, path: KeyPath, message: str) -> None:
        line, text = self.line(path), " ".join(message.split())
        self.found.append((line, len(self.found), f"{self.doc.path}:{line}: {text}"))

    def report(self, problem: Problem) -> None:
        self.add(problem.path, problem.text)

    @property
    def problems(self) -> list[str]:
        seen: set[str] = set()
        out = []
        for _, _, text in sorted(self.found):
            if text not in seen:
                seen.add(text)
                out.append(text)
        return out

    # --- generic checks ---------------------------------------------------------------
    def value(self, path: KeyPath, name: str, value: Any, key: Key) -> bool:
        """Is ``value`` of the key's kind and range? Complains about each bad part."""
        kind = KINDS[key.kind]
        if not kind.test(value):
            self.add(path, f"{name} should be {kind.noun}, not {describe(value)}")
            return False
        ok = True
        if kind.item is not None:
            items = value.items() if isinstance(value, dict) else enumerate(value)
            item_kind = KINDS[kind.item]
            for k, item in items:
                if not item_kind.test(item):
                    where = f"{name}.{k}" if isinstance(k, str) else f"{name} item {k + 1}"
                    noun = item_kind.noun
                    self.add((*path, k), f"{where} should be {noun}, not {describe(item)}")
                    ok = False
                elif kind.item == "int":
                    ok = self.bounds((*path, k), f"{name}.{k}", item, key) and ok
            return ok
        if key.kind == "int":
            ok = self.bounds(path, name, value, key)
        if key.choices and value not in key.choices:
            self.add(path, f"{name} {value!r} is not one of {listing(key.choices)}")
            ok = False
        return ok

    def bounds(self, path: KeyPath, name: str, value: int, key: Key) -> bool:
        if key.minimum is not None and value < key.minimum:
            rule = "must not be negative" if key.minimum == 0 else f"must be at least {key.minimum}"
            self.add(path, f"{name} {rule} ({value})")
            return False
        if key.maximum is not None and value > key.maximum:
            self.add(path, f"{name} must be at most {key.maximum} ({value})")
            return False
        return True

    def table(
        self,
        path: KeyPath,
        data: dict[str, Any],
        schema: Schema,
        what: str,
        unknown: str = "unknown key",
    ) -> dict[str, Any]:
        """The keys of ``data`` that are known and of the right kind; complains about the rest."""
        good: dict[str, Any] = {}
        for name, value in data.items():
            key = schema.get(name)
            if key is None:
                close = difflib.get_close_matches(name, list(schema), n=1)
                hint = f"did you mean {close[0]!r}?" if close else f"known: {listing(schema)}"
                self.add((*path, name), f"{unknown} {name!r} in {what} ({hint})")
            elif self.value((*path, name), name, value, key):
                good[name] = value
        for name, key in schema.items():
            if key.required and name not in data:
                self.add(path, f"{what} is missing {key.written or name}")
        return good

    def tables(self, path: KeyPath, items: list[dict[str, Any]], schema: Schema, what: str):
        """Each well-formed table of an array of tables, with its index."""
        for i, item in enumerate(items):
            if isinstance(item, dict):  # anything else was reported by the kind check
                yield i, self.table((*path, i), item, schema, what)

    def unique(self, seen: dict[str, KeyPath], noun: str, ident: str, path: KeyPath) -> bool:
        if ident in seen:
            first = self.line(seen[ident])
            self.add(path, f"duplicate {noun} id {ident!r} (first at line {first})")
            return False
        seen[ident] = path
        return True


# --- the sections of a scenario -----------------------------------------------------------
@define
class _Parts:
    """What the checks built, section by section, for the Scenario once all is well."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    players: list[PlayerSlot] = field(factory=list)
    teams: list[Team] = field(factory=list)
    map: dict[str, Any] | None = None
    grid: HexMap | None = None  # a blank map of the right size once width/height are good
    vocabulary: Vocabulary = BASE_VOCABULARY  # what its letters mean (its first ruleset's)
    armies: list[dict[str, Any]] = field(factory=list)
    rulesets: dict[str, RulesetSetup] = field(factory=dict)


def _check_players(chk: _Checker, items: list[dict] | None, parts: _Parts) -> None:
    seen: dict[str, KeyPath] = {}
    letters: dict[str, KeyPath] = {}
    if items == []:  # written as player = []; a missing one is reported as missing
        chk.add(("player",), "a scenario needs at least one [[player]] slot")
    for i, p in chk.tables(("player",), items or [], PLAYER, "[[player]]"):
        path = ("player", i)
        if "id" in p:
            if p["id"] == GM_SEAT:
                chk.add((*path, "id"), f"player id {GM_SEAT!r} is kept for the Games Master's seat")
            chk.unique(seen, "player", p["id"], (*path, "id"))
        races = p.get("races", [])
        if races and "race" in p and p["race"].casefold() not in {r.casefold() for r in races}:
            chk.add(
                (*path, "race"),
                f"race {p['race']!r} is not one of this slot's races ({listing(races)})",
            )
        letter = p.get("letter", "")
        if letter and not (len(letter) == 1 and letter.isascii() and letter.isalnum()):
            chk.add((*path, "letter"), f"letter is one letter or digit for the map, not {letter!r}")
        shown = (letter or p.get("name") or p.get("id") or "?")[0].upper()
        if shown in letters:
            first = chk.line(letters[shown])
            chk.add(
                (*path, "letter") if letter else path,
                f"player shows as {shown!r} on the map like the player at line {first}; "
                f'give one of them another letter = "..."',
            )
        letters.setdefault(shown, path)
        if all(k in p for k in ("id", "name", "race")):
            slot = PlayerSlot(**p)
            slot.race = slot.allows(slot.race) or slot.race  # the slot's own spelling
            parts.players.append(slot)


@frozen
class _Owners:
    """Who may own land: the players, and the teams (a realm's land is the realm's)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    players: set[str]
    teams: set[str] = field(factory=set)


def _owner_ok(chk: _Checker, path: KeyPath, owner: str | None, owners: _Owners) -> None:
    """A territory's or settlement's owner: a player or a team."""
    if owner is None or owner in owners.players or owner in owners.teams:
        return
    known = f"players: {listing(sorted(owners.players))}"
    if owners.teams:
        known += f"; teams: {listing(sorted(owners.teams))}"
    what = "a player or team" if owners.teams else "a player"
    chk.add(path, f"owner {owner!r} is not {what} ({known})")


def _army_owner_ok(chk: _Checker, path: KeyPath, owner: str | None, owners: _Owners) -> None:
    """An army's owner: a player (a team owns land, but its armies are its players')."""
    if owner is None or owner in owners.players:
        return
    if owner in owners.teams:
        chk.add(path, f"owner {owner!r} is a team: an army belongs to one of its players")
    else:
        chk.add(
            path, f"owner {owner!r} is not a player (players: {listing(sorted(owners.players))})"
        )


def _hex(chk: _Checker, path: KeyPath, text: str, grid: HexMap | None, what: str) -> Hex | None:
    """The hex a label names, if it is one and is on the map."""
    try:
        h = parse_label(text)
    except ValueError as exc:
        chk.add(path, f"{what}: {exc}")
        return None
    if grid is not None and not grid.contains(h):
        chk.add(path, f"{what} {text} is off the map ({grid.width} x {grid.height})")
        return None
    return h


def _check_grid_rows(
    chk: _Checker,
    path: KeyPath,
    rows: list[str],
    grid: HexMap,
    name: str,
    letter_ok: Callable[[str], bool],
    bad: Callable[[str], str],
) -> bool:
    """Rows of one letter per hex: the right count, the right length, known letters."""
    ok = True
    if len(rows) != grid.height:
        chk.add(path, f"{name} has {len(rows)} rows; the map is {grid.height} high")
        ok = False
    width = label_width_for(grid.width, grid.height)
    for r, row in enumerate(rows):
        if not isinstance(row, str):
            continue  # already reported by the kind check
        if len(row) != grid.width:
            chk.add(
                (*path, r), f"{name} row {r + 1} has {len(row)} hexes; the map is {grid.width} wide"
            )
            ok = False
        reported: set[str] = set()
        for c, letter in enumerate(row):
            if not letter_ok(letter) and letter not in reported:
                reported.add(letter)
                label = Hex.from_offset(c, r).label(width)
                chk.add(
                    (*path, r), f"{name} row {r + 1}, column {c + 1} (hex {label}): {bad(letter)}"
                )
                ok = False
    return ok


@frozen
class _Words:
    """The vocabularies of the installed rulesets a scenario supports, by ruleset id, and
    what they share: a map may use a letter or a feature only when every one of them
    declares it, since a campaign may be started under any of them."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    by_ruleset: dict[str, Vocabulary]

    @property
    def first(self) -> Vocabulary:
        return next(iter(self.by_ruleset.values()), BASE_VOCABULARY)

    def _all(self) -> list[Vocabulary]:
        return list(self.by_ruleset.values()) or [BASE_VOCABULARY]

    def letter_ok(self, letter: str) -> bool:
        return all(v.terrain(letter) is not None for v in self._all())

    def feature_ok(self, feature: str) -> bool:
        return all(v.feature(feature) is not None for v in self._all())

    def shared_letters(self) -> list[str]:
        return [x for x in self.first.letters if self.letter_ok(x)]

    def shared_features(self) -> list[str]:
        return [f for f in self.first.feature_ids if self.feature_ok(f)]

    def lacking(self, has: Callable[[Vocabulary], bool]) -> tuple[list[str], list[str]]:
        """(the rulesets that declare it, the rulesets that lack it)."""
        have = [rid for rid, v in self.by_ruleset.items() if has(v)]
        return have, [rid for rid in self.by_ruleset if rid not in have]

    def bad_letter(self, letter: str) -> str:
        have, lack = self.lacking(lambda v: v.terrain(letter) is not None)
        letters = " ".join(self.shared_letters())
        if not have:
            lacking = f": not declared by {_rulesets(lack)}" if lack else ""
            return f"unknown terrain letter {letter!r}{lacking} (letters: {letters})"
        terrain = self.by_ruleset[have[0]].terrain(letter)
        assert terrain is not None
        return (
            f"terrain letter {letter!r} ({terrain.name}, declared by {_rulesets(have)}) "
            f"is not declared by {_rulesets(lack)}: a scenario's map may use only the "
            "terrain every ruleset it supports knows"
        )

    def bad_feature(self, feature: str) -> str | None:
        """Why a feature declared by some supported rulesets only is refused; None when no
        ruleset declares it (an unknown key, said as such)."""
        have, lack = self.lacking(lambda v: v.feature(feature) is not None)
        if not have:
            return None
        return (
            f"hexside feature {feature!r} is declared by {_rulesets(have)} but not by "
            f"{_rulesets(lack)}: a scenario's map may use only the features every "
            "ruleset it supports knows"
        )


def _rulesets(ids: Sequence[str]) -> str:
    """``ruleset sandbox``, ``rulesets sandbox and rauscher``."""
    if len(ids) == 1:
        return f"ruleset {ids[0]}"
    return f"rulesets {', '.join(ids[:-1])} and {ids[-1]}"


def _supported_words(rulesets: Any) -> _Words:
    """The vocabularies of the installed rulesets among ``[ruleset.<id>]``; the rulesets
    that are missing or broken are reported by the ruleset checks."""
    if not isinstance(rulesets, dict):
        return _Words({})
    try:
        installed = registry.load_rulesets()
    except Exception:  # reported by _check_rulesets
        return _Words({})
    found: dict[str, Vocabulary] = {}
    for rid in rulesets:
        ruleset = installed.get(rid)
        try:
            if ruleset is not None:
                found[rid] = ruleset.vocabulary
        except Exception:  # unreadable tables: the ruleset's own tests say so
            continue
    return _Words(found)


def _check_map(chk: _Checker, data: dict[str, Any], parts: _Parts, words: _Words) -> None:
    m = chk.table(("map",), data, MAP, "[map]")
    parts.vocabulary = words.first
    if "width" in m and "height" in m:
        parts.grid = HexMap.blank(m["width"], m["height"], vocabulary=words.first)
    grid = parts.grid
    ok = grid is not None and "terrain" in m
    if grid is not None and "terrain" in m:
        ok = (
            _check_grid_rows(
                chk,
                ("map", "terrain"),
                m["terrain"],
                grid,
                "terrain",
                words.letter_ok,
                words.bad_letter,
            )
            and ok
        )
        if ok:
            grid.terrain = list(m["terrain"])
    written = m.get("hexsides", {})
    for feature in written:
        why = None if words.feature_ok(feature) else words.bad_feature(feature)
        if why:
            chk.add(("map", "hexsides", feature), why)
    sides = chk.table(
        ("map", "hexsides"),
        {f: v for f, v in written.items() if words.feature_ok(f) or not words.bad_feature(f)},
        {feature: Key("texts") for feature in words.shared_features()},
        "[map.hexsides]",
        unknown="unknown hexside feature",
    )
    parts.map = {
        "width": m.get("width"),
        "height": m.get("height"),
        "terrain": m.get("terrain"),
        "hexsides": _check_hexsides(chk, sides, grid, words.first),
        "territory_rows": m.get("territory_rows"),
        "ok": ok,
    }


def _either(names: Sequence[str]) -> str:
    """``river or stream``, ``river, stream or canal``."""
    return " or ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} or {names[-1]}"


def _check_hexsides(
    chk: _Checker, sides: dict[str, list[str]], grid: HexMap | None, vocabulary: Vocabulary
) -> dict[str, list[str]]:
    parsed: dict[str, dict[Hexside, str]] = {}  # feature -> side -> as written
    where: dict[tuple[str, Hexside], KeyPath] = {}
    damaged: set[str] = set()  # features with a bad entry: what sits on them is not judged
    for feature, items in sides.items():
        parsed[feature] = {}
        for j, text in enumerate(items):
            path = ("map", "hexsides", feature, j)
            if not isinstance(text, str):
                continue
            try:
                side = parse_hexside(text)
            except ValueError as exc:
                chk.add(path, f"{feature}: {exc}")
                damaged.add(feature)
                continue
            off = [h for h in (side.a, side.b) if grid is not None and not grid.contains(h)]
            if off:
                label = off[0].label(label_width_for(grid.width, grid.height))
                chk.add(
                    path,
                    f"{feature} {text}: hex {label} is off the map ({grid.width} x {grid.height})",
                )
                damaged.add(feature)
            else:  # two roads may share a side: no harm, one is kept
                parsed[feature].setdefault(side, text)
                where.setdefault((feature, side), path)
    # A crossing (bridge, ford) sits on a waterway (river, stream) of the same side.
    waterways = vocabulary.features_of(FeatureKind.WATERWAY)
    water = {side for w in waterways for side in parsed.get(w, {})}
    crossings = vocabulary.features_of(FeatureKind.CROSSING) if not damaged & set(waterways) else ()
    for feature in crossings:
        for side, text in parsed.get(feature, {}).items():
            if side not in water:
                chk.add(where[feature, side], f"{feature} {text} is on no {_either(waterways)}")
    return {feature: list(found.values()) for feature, found in parsed.items()}


def _check_territories(chk: _Checker, items: list[dict], owners: _Owners, parts: _Parts) -> None:
    grid = parts.grid
    seen: dict[str, KeyPath] = {}
    codes: dict[str, KeyPath] = {}
    good: list[tuple[int, dict[str, Any]]] = []
    for i, t in chk.tables(("territory",), items, TERRITORY, "[[territory]]"):
        path = ("territory", i)
        if "id" in t:
            chk.unique(seen, "territory", t["id"], (*path, "id"))
        _owner_ok(chk, (*path, "owner"), t.get("owner"), owners)
        if isinstance(t.get("colour"), str) and (why := colour_problem(t["colour"])):
            chk.add((*path, "colour"), f"territory colour: {why}")
        code = t.get("code")
        if code is not None:
            if len(code) != 1 or code == NO_TERRITORY or code.isspace():
                chk.add((*path, "code"), f"code is one letter for territory_rows, not {code!r}")
            elif code in codes:
                chk.add(
                    (*path, "code"),
                    f"code {code!r} is already used by the territory at "
                    f"line {chk.line(codes[code])}",
                )
            else:
                codes[code] = path
        good.append((i, t))
    # which hexes each territory holds, from the rows and from its own list
    holder: dict[Hex, KeyPath] = {}
    count: dict[int, int] = {}
    by_code = {code: path[1] for code, path in codes.items()}
    rows = parts.map.get("territory_rows") if parts.map else None
    if rows is not None and grid is not None:
        _check_grid_rows(
            chk,
            ("map", "territory_rows"),
            rows,
            grid,
            "territory_rows",
            lambda x: x == NO_TERRITORY or x in by_code,
            lambda x: f"{x!r} is not the code of any [[territory]]",
        )
        for r, row in enumerate(rows[: grid.height]):
            for c, code in enumerate(row[: grid.width] if isinstance(row, str) else ""):
                if code in by_code:
                    holder[Hex.from_offset(c, r)] = ("map", "territory_rows", r)
                    count[by_code[code]] = count.get(by_code[code], 0) + 1
    for i, t in good:
        path = ("territory", i)
        for j, text in enumerate(t.get("hexes", [])):
            hpath = (*path, "hexes", j)
            h = _hex(chk, hpath, text, grid, "hex") if isinstance(text, str) else None
            if h is None:
                continue
            if h in holder:
                chk.add(
                    hpath,
                    f"hex {text} is already in the territory at line "
                    f"{chk.line(holder[h])}; a hex belongs to one territory",
                )
                continue
            holder[h] = (*path, "id")
            count[i] = count.get(i, 0) + 1
        if not count.get(i) and "id" in t and (grid is not None or rows is None):
            code = t.get("code")
            why = (
                f"its code {code!r} is not in territory_rows"
                if code
                else "give it a code used in territory_rows, or hexes = [...]"
            )
            chk.add(path, f"territory {t['id']!r} has no hexes: {why}")
    if parts.map is not None:
        parts.map["territories"] = [t for _, t in good]


def _check_settlements(chk: _Checker, items: list[dict], owners: _Owners, parts: _Parts) -> None:
    grid = parts.grid
    seen: dict[str, KeyPath] = {}
    good = []
    for i, s in chk.tables(("settlement",), items, SETTLEMENT, "[[settlement]]"):
        path = ("settlement", i)
        if "id" in s:
            chk.unique(seen, "settlement", s["id"], (*path, "id"))
        for key in ("owner", "original_owner"):
            _owner_ok(chk, (*path, key), s.get(key), owners)
        if "hex" in s:
            h = _hex(chk, (*path, "hex"), s["hex"], grid, "hex")
            if h is not None and grid is not None and parts.map and parts.map["ok"]:
                terrain = grid.terrain_at(h)
                if terrain.water:
                    chk.add(
                        (*path, "hex"),
                        f"settlement {s.get('name', '')!r} is on "
                        f"{terrain.name.lower()} hex {s['hex']}",
                    )
        good.append(s)
    if parts.map is not None:
        parts.map["settlements"] = good


def _check_teams(chk: _Checker, items: list[dict], players: set[str], parts: _Parts) -> set[str]:
    """The ``[[team]]`` tables: ids unique (and no player's), members real, no player in
    two realms. Returns every team id written, so owners are judged against them even
    when a team has other faults."""
    seen: dict[str, KeyPath] = {}
    ids: set[str] = set()
    built: list[tuple[int, Team]] = []  # (index in the file, team) of the sound ones
    damaged: set[str] = set()  # ids of teams with a bad key: who names them is not judged
    for i, t in chk.tables(("team",), items, TEAM, "[[team]]"):
        if "id" in t:
            ids.add(t["id"])
            chk.unique(seen, "team", t["id"], ("team", i, "id"))
        if len(t) < len(items[i]) or not all(k in t for k in ("id", "name", "members")):
            damaged.add(t.get("id", ""))
        else:
            kind = TeamKind(t.get("kind", TeamKind.ALLIANCE))
            team = Team(t["id"], t["name"], list(t["members"]), kind, t.get("shared_vision", False))
            built.append((i, team))
    for problem in team_problems([team for _, team in built], players, (), damaged):
        position, *rest = problem.path
        chk.report(Problem(("team", built[position][0], *rest), problem.text))
    parts.teams = [team for _, team in built]
    return ids


def _check_armies(chk: _Checker, items: list[dict], owners: _Owners, parts: _Parts) -> None:
    armies: dict[str, KeyPath] = {}
    units: dict[str, KeyPath] = {}
    built = []
    for i, a in chk.tables(("army",), items, ARMY, "[[army]]"):
        path = ("army", i)
        if "id" in a:
            chk.unique(armies, "army", a["id"], (*path, "id"))
        _army_owner_ok(chk, (*path, "owner"), a.get("owner"), owners)
        if "hex" in a:
            _hex(chk, (*path, "hex"), a["hex"], parts.grid, "hex")
        good_units = []
        for j, u in chk.tables((*path, "unit"), a.get("unit", []), UNIT, "[[army.unit]]"):
            if "id" in u:
                chk.unique(units, "unit", u["id"], (*path, "unit", j, "id"))
            good_units.append(u)
        built.append((a, good_units))
    # units without an id get one from their army, avoiding every id given by hand
    for a, good_units in built:
        n = 0
        for u in good_units:
            if "id" not in u:
                n += 1
                while f"{a.get('id', 'army')}-{n}" in units:
                    n += 1
                u["id"] = f"{a.get('id', 'army')}-{n}"
        army = {k: v for k, v in a.items() if k != "unit"}
        army["units"] = good_units
        parts.armies.append(army)


def _installed(chk: _Checker, path: KeyPath) -> Mapping[str, Ruleset] | None:
    try:
        return registry.load_rulesets()
    except Exception as exc:  # a broken plugin must not hide every other problem
        chk.add(path, f"the installed rulesets could not be loaded ({type(exc).__name__}: {exc})")
        return None


def _option_value(option: Option, value: Any) -> OptionValue:
    """A TOML value for an option: of the option's type (no "3" for 3), in its choices."""
    types, noun = _OPTION_KINDS[type(option.default)]
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
        raise ValueError(f"option {option.name} is {noun}, not {describe(value)}")
    return option.coerce(value)


def _check_rulesets(chk: _Checker, data: dict[str, Any], parts: _Parts) -> None:
    if not data:
        chk.add(
            ("ruleset",), "a scenario supports at least one ruleset: add a [ruleset.<id>] table"
        )
        return
    installed = _installed(chk, ("ruleset", next(iter(data))))
    for rid, table in data.items():
        path = ("ruleset", rid)
        if not isinstance(table, dict):
            chk.add(
                path, f"ruleset.{rid} should be a table ([ruleset.{rid}]), not {describe(table)}"
            )
            continue
        if installed is None:
            continue
        ruleset = installed.get(rid)
        if ruleset is None:
            chk.add(path, f"ruleset {rid!r} is not installed (installed: {listing(installed)})")
            continue
        setup = RulesetSetup()
        for key in RULESET_KEYS:
            if key in table and not isinstance(table[key], dict):
                chk.add((*path, key), f"{key} should be a table, not {describe(table[key])}")
        options = table.get("options") if isinstance(table.get("options"), dict) else {}
        for name, value in options.items():
            option = ruleset.option(name)
            if option is None:
                known = listing([o.name for o in ruleset.options])
                chk.add(
                    (*path, "options", name),
                    f"ruleset {rid} has no option {name!r} (options: {known})",
                )
                continue
            try:
                setup.options[name] = _option_value(option, value)
            except ValueError as exc:
                chk.add((*path, "options", name), str(exc))
        try:
            declared = ruleset.vocabulary_problems()
        except Exception:  # unreadable tables: the ruleset's own tests say so
            declared = []
        for problem in declared:  # its terrains and features, which the map may use
            chk.add(path, f"ruleset {rid}'s own tables: {problem.text}")
        tables = table.get("tables") if isinstance(table.get("tables"), dict) else {}
        for problem in table_problems(ruleset, tables):
            chk.report(problem.under(*path, "tables"))
        setup.tables = copy.deepcopy(tables)
        setup.setup = {k: v for k, v in table.items() if k not in RULESET_KEYS}
        try:
            found = [Problem.of(p) for p in ruleset.setup_problems(copy.deepcopy(setup.setup))]
        except Exception as exc:  # a ruleset bug must still give a one-line answer
            found = [Problem((), f"could not be checked ({type(exc).__name__}: {exc})")]
        for problem in found:
            where = f"{problem.where}: " if problem.where else ""
            chk.add((*path, *problem.path), f"ruleset {rid} set-up: {where}{problem.text}")
        parts.rulesets[rid] = setup


def _check_victory(chk: _Checker, victory: dict[str, Any], turn_limit: int) -> dict[str, Any]:
    out = dict(victory)
    if "turn_limit" in victory:
        chk.add(("victory", "turn_limit"), "put turn_limit in [scenario], not in [victory]")
    if turn_limit:
        out["turn_limit"] = turn_limit
    return out


def _paragraphs(text: str) -> str:
    """A description as paragraphs: a GM wraps lines in the file where it suits the editor,
    the screen wraps them again to its own width; blank lines separate paragraphs."""
    paras = re.split(r"\n\s*\n", text.strip())
    return "\n\n".join(" ".join(p.split()) for p in paras if p.strip())


def _build(chk: _Checker, parts: _Parts, head: dict[str, Any], victory: dict[str, Any]):
    """The Scenario from checked parts, through the one converter."""
    assert parts.map is not None
    data = {k: v for k, v in parts.map.items() if k != "ok" and v is not None}
    built: list[Any] = []
    for where, value, cls in [(("map",), data, HexMap)] + [
        (("army", i), a, Army) for i, a in enumerate(parts.armies)
    ]:
        try:
            built.append(converter.structure(value, cls))
        except Exception as exc:  # every case should be caught above; say where if not
            for keypath, message in describe_structure_error(exc) or [((), str(exc))]:
                chk.add((*where, *keypath), message)
    if chk.found:
        return None
    hexmap, *armies = built
    # Every ruleset it supports knows every letter it uses: the first one's words read it.
    hexmap.vocabulary = parts.vocabulary
    return Scenario(
        id=head["id"],
        title=head["title"],
        description=_paragraphs(head.get("description", "")),
        path=chk.doc.path,
        map=hexmap,
        players=parts.players,
        armies=armies,
        victory=victory,
        rulesets=parts.rulesets,
        turn_limit=head.get("turn_limit", 0),
        teams=parts.teams,
    )


# What the application layer checks once a scenario is built (each ruleset's campaign):
# Problems, placed at their line like every other problem.
ScenarioChecks = Callable[["Scenario", dict[str, Any]], Iterable[Problem]]


def _analyse(
    path: str | Path, checks: ScenarioChecks | None = None
) -> tuple[list[str], Scenario | None]:
    try:
        doc = read_toml(path)
    except InputError as exc:
        return [str(exc)], None
    chk = _Checker(doc)
    written = doc.data.get("format_version")
    if isinstance(written, int) and not isinstance(written, bool) and written > FORMAT_VERSION:
        # first and alone: a newer layout's other "faults" would be noise
        chk.add(
            ("format_version",),
            f"format_version {written} is not supported (made by a newer tuicamp?); "
            f"this tuicamp reads format_version {FORMAT_VERSION}",
        )
        return chk.problems, None
    too_large = out_of_range(doc.data)
    if too_large is not None:  # a campaign started from it could not be saved
        where, number = too_large
        chk.add(
            where,
            f"{number} is past the largest number a save can hold ({TOML_INT_MAX:,}); "
            "nothing in a scenario needs one so large",
        )
    top = chk.table((), doc.data, TOP, "the scenario file")
    version = top.get("format_version")
    if version is not None and version != FORMAT_VERSION:
        chk.add(
            ("format_version",),
            f"format_version {version} is not supported; "
            f"this tuicamp reads format_version {FORMAT_VERSION}",
        )
    head = chk.table(("scenario",), top.get("scenario", {}), SCENARIO, "[scenario]")
    parts = _Parts()
    _check_players(chk, top.get("player"), parts)
    players = {  # ids as written, even of slots with other faults: owners are judged alone
        p["id"]
        for p in top.get("player", [])
        if isinstance(p, dict) and isinstance(p.get("id"), str)
    }
    teams = _check_teams(chk, top.get("team", []), players, parts)
    owners = _Owners(players, teams)
    if "map" in top:
        _check_map(chk, top["map"], parts, _supported_words(top.get("ruleset")))
    _check_territories(chk, top.get("territory", []), owners, parts)
    _check_settlements(chk, top.get("settlement", []), owners, parts)
    _check_armies(chk, top.get("army", []), owners, parts)
    victory = _check_victory(chk, top.get("victory", {}), head.get("turn_limit", 0))
    if "ruleset" in top:
        _check_rulesets(chk, top["ruleset"], parts)
    if chk.found:
        return chk.problems, None
    scenario = _build(chk, parts, head, victory)
    if scenario is not None and checks is not None:
        for problem in checks(scenario, top):
            chk.report(problem)
    return chk.problems, scenario


# --- the public face ----------------------------------------------------------------------
def scenario_problems(path: str | Path, checks: ScenarioChecks | None = None) -> list[str]:
    """Every problem of a scenario file, one line each (``file:line: what``), in file order;
    an empty list when the file is fine. ``checks`` adds what only a built campaign shows
    (``tuicamp.game.scenarios`` passes each ruleset's). After the first few problems of
    one kind the rest are summed up in one line (:mod:`tuicamp.storage.summary`)."""
    return summarise(_analyse(path, checks)[0])


def analyse_scenario(
    path: str | Path, checks: ScenarioChecks | None = None
) -> tuple[list[str], Scenario | None]:
    """Every problem of a scenario file (as :func:`scenario_problems` lists them) and the
    scenario, when the file's own problems leave one to build (the editor opens a file
    with problems so that they can be fixed there)."""
    problems, scenario = _analyse(path, checks)
    return summarise(problems), scenario


def load_scenario(path: str | Path, checks: ScenarioChecks | None = None) -> Scenario:
    """Read and check a scenario; an InputError names the first problem (file:line: what)."""
    problems, scenario = _analyse(path, checks)
    if problems or scenario is None:
        raise InputError(problems[0] if problems else f"{path}: cannot be read as a scenario")
    return scenario


def bundled_scenarios() -> list[Path]:
    """The scenario files shipped inside the package, sorted by name."""
    root = resources.files(BUNDLED_PACKAGE)
    found = []
    for entry in root.iterdir():
        if entry.name.endswith(".toml") and entry.is_file():
            try:
                found.append(Path(os.fspath(entry)))  # type: ignore[arg-type]
            except TypeError:  # a zipped install has no file paths; not supported
                continue
    return sorted(found, key=lambda p: p.name)


def _bundled_id(path: Path) -> str | None:
    try:
        head = read_toml(path).data.get("scenario", {})
    except InputError:
        return None
    return head.get("id") if isinstance(head, dict) else None


def find_scenario(name: str | Path) -> Path:
    """A scenario file by path, or a bundled one by file name, stem or id."""
    as_path = Path(name)
    if as_path.is_file():
        return as_path
    bundled = bundled_scenarios()
    text = str(name)
    for p in bundled:
        if text in (p.stem, p.name):
            return p
    for p in bundled:
        if _bundled_id(p) == text:
            return p
    if as_path.is_dir():  # after the bundled names: a folder of that name does not hide one
        raise InputError(f"{name} is a folder, not a scenario file")
    if as_path.suffix == ".toml" or os.sep in text or "/" in text:
        raise InputError(
            f"{name}: no such scenario file (bundled: {listing([p.stem for p in bundled])})"
        )
    raise InputError(
        f"no scenario {text!r}: give a file, or one of the bundled scenarios: "
        f"{listing([p.stem for p in bundled])}"
    )
