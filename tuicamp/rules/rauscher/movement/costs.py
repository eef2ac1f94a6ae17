"""What moving costs: movement points, marches, zones of influence, militia bounds.

Everything here only reads, from the read context it is given (a ``Rules``; a
``Context`` is one), so the UI's previews and the rules price a move the same way:
:func:`move_costs` is the very model the ``move`` action walks. Tables are the read
context's: the ruleset's defaults with the campaign's house rules laid over them. The
roles table answers, for every phase, whether a counter fights (:func:`fights`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from attrs import frozen

from tuicamp.engine.costs import cost_model
from tuicamp.engine.pathing import CostModel, Path, cheapest_path, reachable
from tuicamp.engine.rules import Rules
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army
from tuicamp.model.hexes import Hex
from tuicamp.rules.rauscher.shared.common import enemies, rstate
from tuicamp.rules.rauscher.shared.state import March, Role

EPSILON = 1e-9


# --- what a counter is ----------------------------------------------------------------------


def role_spec(rules: Rules, army_id: str) -> dict[str, Any]:
    """The counter's row of the roles table (``move_roles``; unknown roles as an army)."""
    return role_specs(rules, (army_id,))[0]


def role_specs(rules: Rules, army_ids: Iterable[str]) -> list[dict[str, Any]]:
    """:func:`role_spec` of many counters, the table and the state looked up once.
    Asked for every enemy on every move: the role (a StrEnum) keys the table as its
    text does, without reading its ``.value``, and the default row is read only when
    the role has none."""
    state = rstate(rules)
    records, record_of = state.armies, state.army
    roles = rules.table("move_roles")
    default = roles["army"]
    out = []
    for army_id in army_ids:
        record = records.get(army_id)  # made by ``state.army`` only when missing
        if record is None:
            record = record_of(army_id)
        spec = roles.get(record.role)
        out.append(spec if spec is not None else default)
    return out


# --- who is who ---------------------------------------------------------------------------


def on_map(campaign: Campaign) -> list[Army]:
    """Counters on the map (hidden ambushes and troops aboard ships have no hex)."""
    return [a for a in campaign.armies if a.hex is not None]


def enemies_of(campaign: Campaign, owner: str) -> list[Army]:
    """Every enemy's counters on the map: every other player but an ally (R-RA-4;
    :func:`shared.common.enemies`). Allies' zones do not slow a counter and allies' armies do
    not bar its way. Allegiance is asked once per owner, not once per counter."""
    hostile: dict[str, bool] = {}
    out = []
    for a in campaign.armies:
        if a.hex is None:
            continue
        verdict = hostile.get(a.owner)
        if verdict is None:
            verdict = hostile[a.owner] = enemies(campaign, owner, a.owner)
        if verdict:
            out.append(a)
    return out


def fights(rules: Rules, army_id: str) -> bool:
    """Does this counter take a side in a battle? Scouting parties, messengers, baggage
    trains, ships and refugees do not ("A scouting patrol cannot be attacked"). The one
    answer of the ruleset: movement and combat both read it from the roles table, so a
    house rule changing a role's ``fights`` changes both."""
    return bool(role_spec(rules, army_id)["fights"])


def destroyed_if_attacked(rules: Rules, army_id: str) -> bool:
    """Refugees always; a messenger unless an army of its owner escorts it in its hex."""
    if not role_spec(rules, army_id)["destroyed_if_attacked"]:
        return False
    campaign = rules.campaign
    record = rstate(campaign).army(army_id)
    if record.role is Role.MESSENGER and record.attached_to:
        escort, me = campaign.army(record.attached_to), campaign.army(army_id)
        if escort is not None and me is not None and escort.hex == me.hex:
            return False
    return True


@frozen
class Foes:
    """The enemy counters one counter meets on a move: every enemy on the map (whose
    zones it pays for) and those of them it may not march through. Found once per move
    and shared by every check of it (the price, the path, the stop on an enemy): a move
    changes no enemy's place or role, and each look-up walks every army on the map."""

    on_map: tuple[Army, ...]
    blocking: tuple[Army, ...]
    # The roles-table row of each of ``on_map``, read once for the blocking and the zones.
    specs: tuple[dict[str, Any], ...] | None = None


def foes_of(rules: Rules, army: Army) -> Foes:
    """:class:`Foes` of ``army`` as the campaign stands."""
    campaign = rules.campaign
    hostile = enemies_of(campaign, army.owner)
    specs = role_specs(rules, [e.id for e in hostile])
    return Foes(tuple(hostile), tuple(_blocking(rules, army, hostile, specs)), tuple(specs))


def _blocking(
    rules: Rules, army: Army, hostile: list[Army], specs: list[dict[str, Any]]
) -> list[Army]:
    if role_spec(rules, army.id)["passes_enemies"]:
        if rstate(rules).army(army.id).role is Role.SCOUTING_PARTY:
            # "engaged by another scouting party which moves into the same hex"
            state = rstate(rules)
            return [e for e in hostile if state.army(e.id).role is Role.SCOUTING_PARTY]
        return []
    return [e for e, spec in zip(hostile, specs, strict=True) if spec["fights"]]


def blocking_enemies(rules: Rules, army: Army, foes: Foes | None = None) -> list[Army]:
    """Enemy counters this one may not march through (it may end its move on them).
    ``foes``: found already for this move."""
    return list((foes or foes_of(rules, army)).blocking)


# --- movement points ----------------------------------------------------------------------


def patrols_active(rules: Rules, army_id: str) -> bool:
    """Patrols designated in upkeep and still with the army; "While on a fast march, an
    army cannot have any Patrols"."""
    army = rules.campaign.army(army_id)
    return army is not None and _patrols_with(rules, army)


def _patrols_with(rules: Rules, army: Army) -> bool:
    """:func:`patrols_active` of an army in hand (no look-up among every army)."""
    record = rstate(rules).army(army.id)
    if not record.patrols:
        return False
    march = rules.table("move_march").get(record.march.value, {})
    if not march.get("patrols", True):
        return False
    present = {u.id for u in army.units}
    return any(uid in present for uid in record.patrols)


def base_mp(rules: Rules, army_id: str) -> float:
    """The counter's allowance before any march: "the Movement value (M) of the slowest
    unit in the army" (allocations at their category's typical M, R-RA-4), or the fixed
    move of a baggage train, ship or refugee column."""
    army = rules.campaign.army(army_id)
    if army is None:
        return 0.0
    spec = role_spec(rules, army_id)
    if spec["mp"] != "units":
        return float(spec["mp"])
    typical = rules.table("typical_movement")
    speeds = [u.movement for u in army.units]
    for allocation in rstate(rules).army(army_id).allocations:
        speeds.append(typical.get(allocation.category.value, typical["default"]))
    if not speeds:
        return float(spec.get("default_mp", typical["default"]))
    return float(min(speeds))


def march_of(rules: Rules, army_id: str) -> March:
    """The march in force: the declared one, or the only one the counter knows."""
    record = rstate(rules).army(army_id)
    marches = role_spec(rules, army_id)["marches"]
    if record.march.value in marches:
        return record.march
    return March(marches[0])


def mp_total(rules: Rules, army_id: str) -> float:
    """This turn's allowance: fast march x1.5 rounded down, forced march x2 (R-RA-4)."""
    base = base_mp(rules, army_id)
    spec = role_spec(rules, army_id)
    if spec["mp"] != "units":
        return base
    factor = rules.table("move_march")[march_of(rules, army_id).value]["factor"]
    return float(math.floor(base * float(factor) + EPSILON))


def hasty_cap(rules: Rules, army_id: str) -> float:
    """A hasty defence "may expend up to half of their movement allowance"."""
    share = float(rules.table("move_defences")["hasty_mp_share"])
    return mp_total(rules, army_id) * share


def mp_left(rules: Rules, army_id: str) -> float:
    """What the counter may still spend this turn (0 once it has finished)."""
    record = rstate(rules).army(army_id)
    if record.finished:
        return 0.0
    return max(0.0, mp_total(rules, army_id) - record.mp_spent)


# --- zones of influence -------------------------------------------------------------------


def zone_radius(rules: Rules, army_id: str) -> int:
    zones = rules.table("move_zones")
    return int(zones["patrol_radius"] if patrols_active(rules, army_id) else zones["radius"])


# What one counter's zone is made of: its hex, its radius and whether the hex itself is in
# it (None: the counter projects no zone). The zone follows from these alone.
ZoneSpec = tuple[Hex, int, bool] | None


def zone_spec(rules: Rules, army: Army) -> ZoneSpec:
    """What one counter's Zone of Influence depends on (R-RA-4: adjacent hexes, 2 hexes
    with patrols; roles that project none), read without any search."""
    return zone_specs(rules, (army,))[0]


def zone_specs(
    rules: Rules, armies: Sequence[Army], specs: Sequence[dict[str, Any]] | None = None
) -> tuple[ZoneSpec, ...]:
    """:func:`zone_spec` of many counters (every enemy, on every move), the tables
    looked up once. ``specs``: their rows of the roles table, read already."""
    zones = rules.table("move_zones")
    with_centre = bool(zones.get("include_army_hex", True))
    if specs is None:
        specs = role_specs(rules, [a.id for a in armies])
    records = rstate(rules).armies
    out: list[ZoneSpec] = []
    for army, spec in zip(armies, specs, strict=True):
        if army.hex is None or not spec["projects_zone"]:
            out.append(None)
            continue
        record = records.get(army.id)
        # most counters have no patrols: their record says so without the full look-up
        patrols = (record is None or bool(record.patrols)) and _patrols_with(rules, army)
        radius = zones["patrol_radius"] if patrols else zones["radius"]
        out.append((army.hex, int(radius), with_centre))
    return tuple(out)


@lru_cache(maxsize=4096)
def _zone_hexes(center: Hex, radius: int, with_center: bool) -> tuple[Hex, ...]:
    """The hexes of a zone: geometry alone, so kept for every centre and radius asked."""
    return tuple(h for h in center.within(radius) if with_center or h != center)


def zone_of(rules: Rules, army: Army) -> list[Hex]:
    """The hexes of one army's Zone of Influence (adjacent; 2 hexes with patrols)."""
    spec = zone_spec(rules, army)
    return [] if spec is None else list(_zone_hexes(*spec))


# The union of the zones of a few recent sets of enemy counters, keyed on every zone's
# spec and the map's size: what the union depends on. A move changes one counter's spec,
# so the union is made again only when some enemy's zone changed, not for every move of
# every counter that pays for it.
_ZONE_UNIONS: dict[tuple[int, int, tuple[ZoneSpec, ...]], frozenset[Hex]] = {}
_ZONE_UNIONS_KEPT = 64


def zones_union(width: int, height: int, specs: tuple[ZoneSpec, ...]) -> frozenset[Hex]:
    """The hexes on a ``width`` x ``height`` map in any of the zones ``specs``, cached."""
    key = (width, height, specs)
    found = _ZONE_UNIONS.get(key)
    if found is None:
        found = frozenset(
            h
            for spec in specs
            if spec is not None
            for h in _zone_hexes(*spec)
            if 0 <= h.row < height and 0 <= h.col < width
        )
        if len(_ZONE_UNIONS) >= _ZONE_UNIONS_KEPT:
            _ZONE_UNIONS.pop(next(iter(_ZONE_UNIONS)))
        _ZONE_UNIONS[key] = found
    return found


def enemy_zones(rules: Rules, army: Army) -> set[Hex]:
    """Every hex where this counter pays double; overlapping zones double only once."""
    return set(_enemy_zones(rules, army))


def _enemy_zones(rules: Rules, army: Army, foes: Foes | None = None) -> frozenset[Hex]:
    """:func:`enemy_zones` as kept (the same object while no enemy's zone changes)."""
    if role_spec(rules, army.id)["ignores_zones"]:
        return frozenset()
    campaign = rules.campaign
    if foes is not None:
        specs = zone_specs(rules, foes.on_map, foes.specs)
    else:
        specs = zone_specs(rules, enemies_of(campaign, army.owner))
    return zones_union(campaign.map.width, campaign.map.height, specs)


# --- militia ------------------------------------------------------------------------------


def home_destroyed(campaign: Campaign, territory_id: str) -> bool:
    """A militia's home is gone when its territory holds no settlement any more."""
    territory = campaign.map.territory(territory_id)
    if territory is None:
        return True
    hexes = set(territory.hexes)
    return not any(s.hex in hexes for s in campaign.map.settlements)


def bound_territories(campaign: Campaign, army: Army) -> set[str] | None:
    """The territories this army may not leave because of its militia (None: unbound).

    "While these units may leave their home hex, they may not move beyond their
    territorial borders unless their home is destroyed, or they receive a message for help
    from another territory". Militia of two homes in one army bind it to neither's
    outside: the army may only stand where every militia may.
    """
    state = rstate(campaign)
    homes: set[str] | None = None
    for unit in army.units:
        if "militia" not in unit.flags:
            continue
        record = state.units.get(unit.id)
        if record is None or record.home_territory is None:
            continue
        if record.freed_until_turn >= campaign.turn:
            continue
        if home_destroyed(campaign, record.home_territory):
            continue
        mine = {record.home_territory}
        homes = mine if homes is None else homes & mine
    return homes


# The text's words, quoted by every refusal of a move its militia forbid.
MILITIA_RULE = (
    '"they may not move beyond their territorial borders unless their home is destroyed, '
    'or they receive a message for help from another territory"'
)


def militia_refusal(campaign: Campaign, army: Army, h: Hex, *, on_the_way: bool = False) -> str:
    """Why ``army`` may not go to ``h`` (or, ``on_the_way``, by the only ways to it)."""
    m = campaign.map
    territory = m.territory_of(h)
    where = f"{m.label(h)} is in {territory.name}" if territory else f"{m.label(h)} is in none"
    if on_the_way:
        where = f"every way to {m.label(h)} leaves it"
    return (
        f"'{army.name}' holds militia that may not leave their home territory ({where}): "
        + MILITIA_RULE
    )


def militia_blocked(campaign: Campaign, army: Army) -> list[Hex]:
    homes = bound_territories(campaign, army)
    if homes is None:
        return []
    allowed: set[Hex] = set()
    for tid in homes:
        territory = campaign.map.territory(tid)
        if territory is not None:
            allowed.update(territory.hexes)
    return [h for h in campaign.map.hexes() if h not in allowed]


# --- the cost model -----------------------------------------------------------------------


def _water_model(campaign: Campaign, army: Army) -> CostModel:
    """Ships: "ships move 8 hexes per turn" on lake and sea, and into their own ports (a
    settlement of theirs next to water)."""
    m = campaign.map
    water = {t.letter for t in m.vocabulary.terrains if t.water}
    ports = {
        s.hex
        for s in m.settlements
        if s.owner == army.owner and any(m.letter_at(n) in water for n in m.neighbours(s.hex))
    }
    enter: list[float | None] = []
    for row, line in enumerate(m.terrain):
        for col, letter in enumerate(line):
            h = Hex.from_offset(col, row)
            enter.append(1.0 if letter in water or h in ports else None)
    return CostModel(m.width, m.height, enter, {}, {}, set())


_LAND_MODELS: dict[tuple, CostModel] = {}  # a few recent maps' terrain prices
# The land priced with a few recent sets of enemy zones doubled: (zones, factor) -> the
# land model they were laid on and the result. Every counter of one player moving in turn
# pays for the same zones, so the doubled model is made once per change of the zones.
_ZONED_MODELS: dict[tuple[frozenset[Hex], float], tuple[CostModel, CostModel]] = {}


def land_model(rules: Rules) -> CostModel:
    """The terrain alone: every hex 1 MP, or the advanced terrain table (option).

    Pricing a 200 x 200 map takes longer than a preview may, so the model is kept for as
    long as the map's terrain, its hexsides and the prices stay the same (the searches
    never change a model; zones and blocks are cheap copies)."""
    tables = rules.tables
    advanced = bool(rules.option("advanced_terrain"))
    m = rules.campaign.map
    # The basic rules price hexes only: no hexside feature costs anything there.
    prices = {
        "terrain_cost": (tables["move_advanced"] if advanced else tables)["terrain_cost"],
        "hexside": tables["move_advanced"].get("hexside", {}) if advanced else {},
    }
    sides = (
        tuple(sorted((f, tuple(sorted(map(str, v)))) for f, v in m.hexsides.items()))
        if advanced
        else ()
    )
    key = (m.width, m.height, tuple(m.terrain), sides, repr(prices))
    model = _LAND_MODELS.get(key)
    if model is None:
        if len(_LAND_MODELS) >= 8:
            _LAND_MODELS.pop(next(iter(_LAND_MODELS)))
        model = _LAND_MODELS[key] = cost_model(m, prices)
    return model


def _zoned(land: CostModel, zones: frozenset[Hex], factor: float) -> CostModel:
    """``land`` with ``zones`` costing ``factor`` times more, kept while the two are the
    same (a model is never changed by a search: copies are made for blocks)."""
    kept = _ZONED_MODELS.get((zones, factor))
    if kept is not None and kept[0] is land:
        return kept[1]
    zoned = land.with_multiplier(zones, factor)
    if len(_ZONED_MODELS) >= 8:
        _ZONED_MODELS.pop(next(iter(_ZONED_MODELS)))
    _ZONED_MODELS[(zones, factor)] = (land, zoned)
    return zoned


# A few recent models with enemy hexes barred: (barred hexes) -> the model they were laid
# on and the result. Every counter of one player moving in turn is barred by the same
# enemies, so the copy is made once per change of where they stand, not once per move.
_BARRED_MODELS: dict[frozenset[Hex], tuple[CostModel, CostModel]] = {}


def _barred(model: CostModel, hexes: frozenset[Hex]) -> CostModel:
    """``model`` with ``hexes`` barred, kept while the two are the same (a model is never
    changed by a search, and a kept one only for the very model it was laid on)."""
    kept = _BARRED_MODELS.get(hexes)
    if kept is not None and kept[0] is model:
        return kept[1]
    barred = model.with_blocked(hexes)
    if len(_BARRED_MODELS) >= 8:
        _BARRED_MODELS.pop(next(iter(_BARRED_MODELS)))
    _BARRED_MODELS[hexes] = (model, barred)
    return barred


def move_costs(
    rules: Rules, army_id: str, *, militia: bool = True, foes: Foes | None = None
) -> CostModel:
    """What each step costs this counter now: terrain (basic or advanced), enemy zones of
    influence doubled, hexes its militia may not enter and enemy armies it may not march
    through blocked. Ending a move *on* an enemy is allowed: see :func:`plan`.
    ``militia`` False: as if its militia were free (to say why a move is refused).
    ``foes``: the counter's enemies, found already for this move."""
    campaign = rules.campaign
    army = campaign.army(army_id)
    if army is None:
        raise KeyError(army_id)
    if role_spec(rules, army_id).get("water"):
        return _water_model(campaign, army)
    model = land_model(rules)
    zones = _enemy_zones(rules, army, foes)
    if zones:
        factor = float(rules.table("move_zones")["factor"])
        model = _zoned(model, zones, factor)
    blocked = militia_blocked(campaign, army) if militia else []
    if blocked:
        model = model.with_blocked(blocked)
    return model


def _through_blocked(
    rules: Rules, army: Army, goal: Hex | None, foes: Foes | None = None
) -> list[Hex]:
    return [e.hex for e in blocking_enemies(rules, army, foes) if e.hex != goal and e.hex]


def plan(
    rules: Rules,
    army_id: str,
    goal: Hex,
    budget: float | None = None,
    *,
    militia: bool = True,
    enemies_bar: bool = True,
    foes: Foes | None = None,
) -> Path | None:
    """The cheapest legal path to ``goal`` (within ``budget``; default: no limit).
    ``militia`` or ``enemies_bar`` False: as if that rule did not hold (to say which
    rule a refused move breaks). ``foes``: the counter's enemies, found already."""
    army = rules.campaign.army(army_id)
    if army is None or army.hex is None:
        return None
    foes = foes or foes_of(rules, army)
    model = move_costs(rules, army_id, militia=militia, foes=foes)
    blocked = _through_blocked(rules, army, goal, foes) if enemies_bar else []
    if blocked:
        model = _barred(model, frozenset(blocked))
    limit = math.inf if budget is None else budget
    try:
        return cheapest_path(model, army.hex, goal, limit)
    except ValueError:
        return None


def reach(rules: Rules, army_id: str) -> dict[Hex, float]:
    """Every hex the counter may still end its move in, with the cheapest cost (the start
    at 0). Enemy hexes it may attack are included; hexes behind them are not."""
    army = rules.campaign.army(army_id)
    if army is None or army.hex is None:
        return {}
    left = mp_left(rules, army_id)
    model = move_costs(rules, army_id)
    foes = set(_through_blocked(rules, army, None))
    passable = model.with_blocked(foes) if foes else model
    found = reachable(passable, army.hex, left)
    for target in foes:
        best = min(
            (
                c + step
                for n in target.neighbours()
                if (c := found.get(n)) is not None
                and (step := model.step_cost(n, target)) is not None
            ),
            default=None,
        )
        if best is not None and best <= left + EPSILON:
            found[target] = best
    return found
