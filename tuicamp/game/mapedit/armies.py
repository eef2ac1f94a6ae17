"""Starting armies while editing: placed on a hex, changed, removed, and their units typed
the way a Games Master writes an army list on paper.

The campaign texts count a starting army in two ways. Rauscher's players bring a list of
units, each with its points; Aasen's and Suvinen's bring a points allocation, spent at the
table (the army is a sum of points until a battle asks for the list). Each ruleset
declares which (``Ruleset.starting_army`` and ``commander_flag``, read by
:func:`army_style`), and :func:`allocation` makes the one unit a points allocation is
written as, so either kind reads back through ``[[army.unit]]`` as every ruleset already
reads an army.

Armies are replaced whole (never changed in place) so that undo's copy of the list
keeps the armies as they were.
"""

from __future__ import annotations

from attrs import evolve, frozen

from tuicamp.engine import registry
from tuicamp.model.equality import fields_eq, fields_hash
from tuicamp.model.forces import Army, Category, Unit
from tuicamp.model.hexes import Hex
from tuicamp.model.reprs import fields_repr
from tuicamp.storage.scenario import Scenario

UNITS, POINTS = "units", "points"


@frozen
class ArmyStyle:
    """How a ruleset's text counts a starting army: a list of units or a points
    allocation, and the flag its commander carries (an army without one cannot move in
    Suvinen, R-SU-24; Aasen's and Rauscher's armies are led by their general)."""

    __repr__ = fields_repr
    __eq__ = fields_eq
    __hash__ = fields_hash

    counted: str
    commander_flag: str


ALLOCATION_NAME = "Points allocation"
CATEGORY_WORDS = {c.value: c for c in Category} | {
    "infantry": Category.RANK_AND_FILE,
    "cavalry": Category.LIGHT_CAVALRY,
    "hero": Category.CHARACTER,
    "general": Category.CHARACTER,
    "leader": Category.CHARACTER,
}
COMMANDER_WORDS = ("general", "leader")  # a character with this word carries it as a flag
UNITS_HINT = "units: name points [xMODELS] [category], split by ;  like: Spearmen 150 x20"


def army_style(scenario: Scenario) -> ArmyStyle:
    """How the scenario's first ruleset counts a starting army, as it declares
    (``Ruleset.starting_army`` and ``commander_flag``); a list of units when the scenario
    names no installed ruleset (a list says everything a sum does, and more)."""
    ruleset = registry.load_rulesets().get(next(iter(scenario.rulesets), ""))
    if ruleset is None:
        return ArmyStyle(UNITS, "general")
    counted = POINTS if ruleset.starting_army == POINTS else UNITS
    return ArmyStyle(counted, ruleset.commander_flag)


def armies_at(scenario: Scenario, h: Hex) -> list[Army]:
    return [a for a in scenario.armies if a.hex == h]


def _slug(text: str) -> str:
    out = "".join(c if c.isascii() and c.isalnum() else "-" for c in text.lower())
    return "-".join(part for part in out.split("-") if part) or "unit"


def parse_units(text: str) -> list[Unit]:
    """Units typed as ``Spearmen 150 x20; General 100 character general``: a name, its
    points, then in any order ``xN`` for models and a category word (rank_and_file,
    light_cavalry, character, war_machine, monster; or infantry, cavalry, hero, and
    general or leader: a character with that flag). Each unit's id is its name's
    slug until :func:`place_army` puts its army's id before it."""
    units: list[Unit] = []
    for part in filter(None, (p.strip() for p in text.split(";"))):
        words = part.split()
        at = next((i for i, w in enumerate(words) if w.isdigit()), None)
        if at is None or at == 0:
            raise ValueError(
                f"{part!r}: write a unit as its name then its points, like Spearmen 150"
            )
        name, points = " ".join(words[:at]), int(words[at])
        models, category, flags = 1, Category.RANK_AND_FILE, set()
        for word in words[at + 1 :]:
            low = word.lower()
            if low.startswith("x") and low[1:].isdigit() and int(low[1:]) >= 1:
                models = int(low[1:])
            elif low in CATEGORY_WORDS:
                category = CATEGORY_WORDS[low]
                if low in COMMANDER_WORDS:
                    flags.add(low)
            else:
                known = ", ".join(CATEGORY_WORDS)
                raise ValueError(f"{part!r}: {word!r} is neither xMODELS nor a category ({known})")
        units.append(Unit(_slug(name), name, points, category, models=models, flags=flags))
    if not units:
        raise ValueError("an army needs at least one unit")
    return units


def units_line(army: Army) -> str:
    """An army's units as :func:`parse_units` reads them, for the form to show."""
    parts = []
    for u in army.units:
        words = [u.name, str(u.points)]
        if u.models != 1:
            words.append(f"x{u.models}")
        commander = [w for w in COMMANDER_WORDS if w in u.flags]
        if commander and u.category is Category.CHARACTER:
            words.append(commander[0])
        elif u.category is not Category.RANK_AND_FILE:
            words.append(u.category.value)
        parts.append(" ".join(words))
    return "; ".join(parts)


def parse_points(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise ValueError(f"points {text!r}: a whole number of points, at least 1")
    return int(text)


def allocation(points: int, commander: str, style: ArmyStyle) -> list[Unit]:
    """A points allocation as an army's units: its commander (no points of his own, as
    the bundled Hex Island armies write their generals) and one unit holding the whole
    allocation."""
    if not commander.strip():
        raise ValueError("an army needs a commander: give his name")
    lead = Unit(
        "commander",
        commander.strip(),
        0,
        Category.CHARACTER,
        leadership=8,
        flags={style.commander_flag},
    )
    return [lead, Unit("points", ALLOCATION_NAME, points)]


def _own_ids(army_id: str, units: list[Unit]) -> list[Unit]:
    """The units with ids of their army's: ``<army>-<unit>``, numbered when two match."""
    out: list[Unit] = []
    for u in units:
        base = f"{army_id}-{u.id.removeprefix(army_id + '-')}"
        uid, n = base, 1
        while any(o.id == uid for o in out):
            n += 1
            uid = f"{base}-{n}"
        out.append(evolve(u, id=uid))
    return out


def place_army(
    scenario: Scenario,
    h: Hex | None,
    owner: str,
    name: str,
    units: list[Unit] | None = None,
    *,
    points: int | None = None,
    commander: str = "",
    army_id: str | None = None,
) -> Army:
    """Put a new army on ``h`` (None: off the map), or replace army ``army_id`` with one
    of these; its units typed (``units``) or a points allocation (``points``, led by
    ``commander``)."""
    if h is not None and not scenario.map.contains(h):
        raise ValueError(f"hex {scenario.map.label(h)} is off the map")
    players = [p.id for p in scenario.players]
    if owner not in players:
        raise ValueError(f"owner {owner!r} is not a player slot (slots: {', '.join(players)})")
    if not name.strip():
        raise ValueError("an army needs a name")
    taken = {a.id for a in scenario.armies if a.id != army_id}
    if army_id is None:
        base = _slug(f"{owner}-{name}")
        army_id, n = base, 1
        while army_id in taken:
            n += 1
            army_id = f"{base}-{n}"
    elif army_id not in {a.id for a in scenario.armies}:
        raise ValueError(f"there is no army {army_id!r}")
    if (units is None) == (points is None):
        raise ValueError("an army is given units or a points allocation, one of the two")
    style = army_style(scenario)
    made = units if units is not None else allocation(points or 0, commander, style)
    army = Army(army_id, name.strip(), owner, h, _own_ids(army_id, made))
    old = next((a for a in scenario.armies if a.id == army_id), None)
    if old is None:
        scenario.armies = [*scenario.armies, army]
    else:
        army.flags = set(old.flags)
        scenario.armies = [army if a.id == army_id else a for a in scenario.armies]
    return army


def remove_army(scenario: Scenario, army_id: str) -> bool:
    kept = [a for a in scenario.armies if a.id != army_id]
    changed = len(kept) != len(scenario.armies)
    scenario.armies = kept
    return changed
