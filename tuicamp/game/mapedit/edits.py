"""The editor's edits, as plain functions on a scenario's map: paint terrain with a brush,
put a hexside feature on or off, give hexes to a territory (one by one, or by flood fill),
make, rename and recolour territories, place and remove settlements;
and set the scenario's title, id, turn limit and player slots.

Each answers what it changed (the hexes, for the map to repaint only those), and refuses
what a map cannot hold with a ValueError that says what to do instead. Undo is
:mod:`.history`'s: these functions only edit.
"""

from __future__ import annotations

from collections import deque

from tuicamp.model.hexes import Hex, Hexside
from tuicamp.model.map import HexMap, Settlement, Territory
from tuicamp.model.terrain import Vocabulary, colour_problem
from tuicamp.storage.scenario import PlayerSlot, RulesetSetup, Scenario

BRUSH_SIZES = (1, 2, 3)  # the brush's width in hexes across: a hex, its ring, two rings


def brush(hexmap: HexMap, centre: Hex, size: int) -> list[Hex]:
    """The hexes a brush of ``size`` covers around ``centre``, on the map, in map order."""
    if size not in BRUSH_SIZES:
        raise ValueError(f"brush size {size}: the brush is 1, 2 or 3 hexes")
    return sorted(
        (h for h in centre.within(size - 1) if hexmap.contains(h)), key=lambda h: (h.row, h.col)
    )


def paint_terrain(hexmap: HexMap, hexes: list[Hex], letter: str) -> list[Hex]:
    """Give ``hexes`` the terrain ``letter``; the hexes whose terrain changed."""
    if hexmap.vocabulary.terrain(letter) is None:
        known = " ".join(hexmap.vocabulary.letters)
        raise ValueError(f"terrain letter {letter!r} is not in the map's words ({known})")
    changed = [h for h in hexes if hexmap.contains(h) and hexmap.letter_at(h) != letter]
    if changed:
        rows = [list(row) for row in hexmap.terrain]
        for h in changed:
            rows[h.row][h.col] = letter
        hexmap.terrain = ["".join(row) for row in rows]  # replaced whole, as set_terrain does
    return changed


def set_feature(hexmap: HexMap, side: Hexside, feature: str, on: bool) -> bool:
    """Put ``feature`` on ``side`` (or take it off); True when the map changed."""
    if hexmap.vocabulary.feature(feature) is None:
        known = ", ".join(hexmap.vocabulary.feature_ids)
        raise ValueError(f"hexside feature {feature!r} is not in the map's words ({known})")
    if not (hexmap.contains(side.a) and hexmap.contains(side.b)):
        raise ValueError(f"hexside {hexmap.label(side.a)}-{hexmap.label(side.b)} is off the map")
    sides = hexmap.hexsides.get(feature, [])
    if (side in sides) == on:
        return False
    kept = [*sides, side] if on else [s for s in sides if s != side]
    hexmap.hexsides = {**hexmap.hexsides, feature: kept}
    hexmap.invalidate()
    return True


def _unique_id(base: str, taken: set[str]) -> str:
    ident, n = base or "territory", 1
    while ident in taken:
        n += 1
        ident = f"{base}-{n}"
    return ident


def slug(name: str) -> str:
    out = "".join(c if c.isascii() and c.isalnum() else "-" for c in name.lower())
    return "-".join(part for part in out.split("-") if part)


def new_territory(hexmap: HexMap, name: str) -> Territory:
    """A new, empty territory named ``name``, with an id made from it."""
    name = name.strip()
    if not name:
        raise ValueError("a territory needs a name")
    taken = {t.id for t in hexmap.territories}
    territory = Territory(_unique_id(slug(name), taken), name)
    hexmap.territories = [*hexmap.territories, territory]
    return territory


def rename_territory(hexmap: HexMap, tid: str, name: str) -> Territory:
    territory = hexmap.territory(tid)
    if territory is None:
        raise ValueError(f"there is no territory {tid!r}")
    if not name.strip():
        raise ValueError("a territory needs a name")
    territory.name = name.strip()
    return territory


def set_territory_colour(hexmap: HexMap, tid: str, colour: str) -> bool:
    """The colour the editor tints a territory in (one of the 16 ANSI colours; empty:
    none of its own), saved with it; True when it changed."""
    territory = hexmap.territory(tid)
    if territory is None:
        raise ValueError(f"there is no territory {tid!r}")
    colour = colour.strip().lower().replace(" ", "_")
    if colour and (why := colour_problem(colour)):
        raise ValueError(why)
    if territory.colour == colour:
        return False
    territory.colour = colour
    return True


def assign_hexes(hexmap: HexMap, hexes: list[Hex], tid: str | None) -> list[Hex]:
    """Give ``hexes`` to territory ``tid`` (None: to no territory), taking them from the
    territories that held them; the hexes that changed hands."""
    target = hexmap.territory(tid) if tid is not None else None
    if tid is not None and target is None:
        raise ValueError(f"there is no territory {tid!r}")
    moving = [
        h
        for h in hexes
        if hexmap.contains(h) and (hexmap.territory_of(h) or _NOBODY).id != (tid or "")
    ]
    if not moving:
        return []
    gone = set(moving)
    for t in hexmap.territories:
        if gone & set(t.hexes):
            t.hexes = [h for h in t.hexes if h not in gone]
    if target is not None:
        target.hexes = [*target.hexes, *moving]
    hexmap.invalidate()
    return moving


_NOBODY = Territory("", "")


def flood_fill(hexmap: HexMap, start: Hex, tid: str | None) -> list[Hex]:
    """Give ``tid`` the hexes joined to ``start`` that share its territory (or its lack
    of one) and whether it is water: a lake stops a fill, as a shore does."""
    if not hexmap.contains(start):
        return []
    held = (hexmap.territory_of(start) or _NOBODY).id
    wet = hexmap.terrain_at(start).water
    region, todo = {start}, deque([start])
    while todo:
        for n in hexmap.neighbours(todo.popleft()):
            same = (hexmap.territory_of(n) or _NOBODY).id == held
            if n not in region and same and hexmap.terrain_at(n).water == wet:
                region.add(n)
                todo.append(n)
    return assign_hexes(hexmap, sorted(region, key=lambda h: (h.row, h.col)), tid)


def place_settlement(
    hexmap: HexMap,
    h: Hex,
    kind: str,
    name: str,
    owner: str | None = None,
    *,
    walls: bool | None = None,
    stores: dict[str, int] | None = None,
) -> Settlement:
    """Put a settlement on ``h``, or change the one there (its walls and stores too, when
    given); its id is made from its name."""
    if not hexmap.contains(h):
        raise ValueError(f"hex {hexmap.label(h)} is off the map")
    if not name.strip() or not kind.strip():
        raise ValueError("a settlement needs a kind and a name")
    here = hexmap.settlements_at(h)
    if here:
        s = here[0]
        s.kind, s.name, s.owner = kind.strip(), name.strip(), owner or None
    else:
        taken = {s.id for s in hexmap.settlements}
        s = Settlement(_unique_id(slug(name), taken), kind.strip(), name.strip(), h, owner or None)
        hexmap.settlements = [*hexmap.settlements, s]
    if walls is not None:
        s.walls = walls
    if stores is not None:
        s.stores = dict(stores)
    return s


def parse_yes(text: str) -> bool:
    """yes / no as typed in a form (y, n, true, false)."""
    word = text.strip().lower()
    if word in ("y", "yes", "true", "1"):
        return True
    if word in ("", "n", "no", "false", "0"):
        return False
    raise ValueError(f"{text!r}: answer yes or no")


def parse_stores(text: str) -> dict[str, int]:
    """Stores as typed: ``food=2, gold=1`` (whole numbers, never negative; empty: none)."""
    out: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, eq, number = (x.strip() for x in part.partition("="))
        if not eq or not name or not number.isdigit():
            raise ValueError(f"{part!r}: write stores as name=number, like food=2, gold=1")
        out[name] = int(number)
    return out


def set_rulesets(scenario: Scenario, ids: list[str], installed: dict[str, Vocabulary]) -> bool:
    """Which rulesets the scenario supports (their set-up kept for those it supported
    already); the map reads its letters in the first one's words, as a loaded one does."""
    wanted = list(dict.fromkeys(i.strip() for i in ids if i.strip()))
    if not wanted:
        raise ValueError("a scenario supports at least one ruleset")
    unknown = [i for i in wanted if i not in installed]
    if unknown:
        known = ", ".join(sorted(installed))
        raise ValueError(f"ruleset {unknown[0]!r} is not installed (installed: {known})")
    scenario.rulesets = {i: scenario.rulesets.get(i) or RulesetSetup() for i in wanted}
    scenario.map.vocabulary = installed[wanted[0]]
    return True


def remove_settlement(hexmap: HexMap, h: Hex) -> bool:
    kept = [s for s in hexmap.settlements if s.hex != h]
    changed = len(kept) != len(hexmap.settlements)
    hexmap.settlements = kept
    return changed


# --- the scenario's head and its player slots ---------------------------------------------
COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan", "white", "black")


def set_head(scenario: Scenario, title: str, ident: str, turn_limit: str) -> bool:
    """The scenario's title, id and turn limit (0: none), as typed in the editor."""
    if not title.strip():
        raise ValueError("a scenario needs a title")
    if not slug(ident) == ident.strip() or not ident.strip():
        raise ValueError(
            f"id {ident!r}: lower-case letters, digits and - only, like {slug(title)!r}"
        )
    if not turn_limit.strip().isdigit():
        raise ValueError(f"turn limit {turn_limit!r}: a whole number of turns, 0 for none")
    scenario.title, scenario.id, scenario.turn_limit = title.strip(), ident.strip(), int(turn_limit)
    return True


def parse_slot(text: str) -> PlayerSlot | None:
    """A player slot typed as ``id, name, race, colour`` and, when a player may pick among
    several races for it, ``, Empire / Dwarfs / Bretonnia`` (None for an empty line)."""
    parts = [p.strip() for p in text.split(",")]
    if not any(parts):
        return None
    if len(parts) not in (4, 5) or not all(parts[:4]):
        raise ValueError(f"{text!r}: write a slot as id, name, race, colour[, race / race ...]")
    pid, name, race, colour = parts[:4]
    if slug(pid) != pid:
        raise ValueError(f"player id {pid!r}: lower-case letters, digits and - only")
    if colour not in COLOURS:
        raise ValueError(f"colour {colour!r}: one of {', '.join(COLOURS)}")
    races = [r.strip() for r in parts[4].split("/") if r.strip()] if len(parts) == 5 else []
    if races and not any(r.casefold() == race.casefold() for r in races):
        raise ValueError(f"race {race!r} is not among the races it offers ({' / '.join(races)})")
    return PlayerSlot(id=pid, name=name, race=race, colour=colour, races=races)


def set_players(scenario: Scenario, lines: list[str]) -> bool:
    """Replace the player slots by those typed, one a line; a slot keeps its treasury and
    letter when its id stays (its races are the line's: none typed, any race)."""
    slots = [s for s in (parse_slot(line) for line in lines) if s is not None]
    if not slots:
        raise ValueError("a scenario needs at least one player slot")
    old = {p.id: p for p in scenario.players}
    for slot in slots:
        if slot.id in old:
            slot.treasury, slot.letter = old[slot.id].treasury, old[slot.id].letter
    scenario.players = slots
    return True


def slot_line(slot: PlayerSlot) -> str:
    line = f"{slot.id}, {slot.name}, {slot.race}, {slot.colour}"
    return f"{line}, {' / '.join(slot.races)}" if slot.races else line


# --- territories: the lasso, and whose land each starts as ------------------------------
def enclosed(hexmap: HexMap, loop: list[Hex]) -> list[Hex]:
    """The hexes of ``loop`` and every hex it closes in: those no path from the map's
    edge reaches without crossing the loop (a loop left open at the edge encloses none
    beyond itself, as a lasso not closed catches nothing)."""
    wall = {h for h in loop if hexmap.contains(h)}
    edge = [
        h
        for h in hexmap.hexes()
        if h not in wall and (h.row in (0, hexmap.height - 1) or h.col in (0, hexmap.width - 1))
    ]
    outside, todo = set(edge), deque(edge)
    while todo:
        for n in hexmap.neighbours(todo.popleft()):
            if n not in outside and n not in wall:
                outside.add(n)
                todo.append(n)
    inside = [h for h in hexmap.hexes() if h not in outside]
    return sorted(inside, key=lambda h: (h.row, h.col))


def lasso(hexmap: HexMap, loop: list[Hex], tid: str | None) -> list[Hex]:
    """Give ``tid`` the hexes a brush's trail went over and all it closes in; the hexes
    that changed hands."""
    return assign_hexes(hexmap, enclosed(hexmap, loop), tid)


def set_territory_owner(scenario: Scenario, tid: str, owner: str) -> bool:
    """Whose land a territory starts as (a player slot, a team, or empty for nobody's):
    the ledgers count it for them, and a campaign's owners' borders follow it."""
    territory = scenario.map.territory(tid)
    if territory is None:
        raise ValueError(f"there is no territory {tid!r}")
    holders = [p.id for p in scenario.players] + [t.id for t in scenario.teams]
    owner = owner.strip()
    if owner and owner not in holders:
        raise ValueError(
            f"owner {owner!r} is neither a player slot nor a team (holders: {', '.join(holders)};"
            " empty: nobody's)"
        )
    if (territory.owner or "") == owner:
        return False
    territory.owner = owner or None
    scenario.map.invalidate()
    return True
