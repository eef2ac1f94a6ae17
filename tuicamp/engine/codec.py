"""The one cattrs converter for every model class, saves and scenario files alike.

TOML has no null, so unstructuring drops ``None`` values (every optional field defaults to
None) and structuring lets the defaults fill them in again. Hexes are written as their
printed labels (``0304``), hexsides as ``0304-0305``, sets as sorted lists, and the map's
territories as a grid of one-letter codes beside the terrain grid when they fit in one.
"""

from __future__ import annotations

import difflib
import functools
import json
import operator
import re
import string
from collections.abc import Callable, Iterable, Mapping
from itertools import groupby
from typing import Any, get_origin

import attrs
import cattrs
from attrs import evolve
from cattrs.cols import homogenous_tuple_structure_factory, list_structure_factory
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import (
    make_dict_structure_fn,
    make_dict_unstructure_fn,
    mapping_structure_factory,
    override,
)
from cattrs.v import format_exception

from tuicamp.engine.actions import Action, Event
from tuicamp.engine.settled_data import Keeper, SettledData, SettledList, active
from tuicamp.model.campaign import BOOL_WORDS, Campaign, OptionValue
from tuicamp.model.hexes import Hex, Hexside, SideOf, parse_hexside, parse_label, parse_side_of
from tuicamp.model.map import HexMap, Settlement, Territory

TERRITORY_CODES = string.ascii_uppercase + string.ascii_lowercase + string.digits
NO_TERRITORY = "."


def strip_none(value: Any) -> Any:
    """Drop None from dicts, recursively, so the data can be written as TOML."""
    # Scalars are not passed down: saving a long chronicle calls this for every field.
    if value.__class__ is SettledData:
        return value  # stripped when it was made
    if isinstance(value, dict):
        return {
            k: strip_none(v) if isinstance(v, dict | list) else v
            for k, v in value.items()
            if v is not None
        }
    if isinstance(value, list):
        return [strip_none(v) if isinstance(v, dict | list) else v for v in value]
    return value


# The last few grids made, each with the tables it was made from: the map's size and each
# territory's table of hexes, held (so that no other object takes its id) and compared by
# identity. Play never edits those tables in place (the model replaces them whole, as the
# snapshots rely on too), so a grid made from the very same tables is the same grid: a
# save of a 200 x 200 map after every action no longer lays out its 40,000 hexes again.
_GRIDS: list[tuple[tuple[int, int], tuple[list[Hex], ...], tuple[int, ...], list[str] | None]] = []
_GRIDS_KEPT = 4


def _territory_grid(m: HexMap) -> list[str] | None:
    """Territories as rows of one-letter codes, when each hex is in at most one of them,
    they are all on the map and there are few enough territories for the codes."""
    if not m.territories or len(m.territories) > len(TERRITORY_CODES):
        return None
    size = (m.width, m.height)
    tables = tuple(t.hexes for t in m.territories)
    counts = tuple(map(len, tables))
    for kept_size, kept_tables, kept_counts, grid in _GRIDS:
        if (
            kept_size == size
            and kept_counts == counts
            and all(map(operator.is_, kept_tables, tables))
        ):
            return None if grid is None else list(grid)
    grid = _laid_out(m)
    if len(_GRIDS) >= _GRIDS_KEPT:
        _GRIDS.pop(0)
    _GRIDS.append((size, tables, counts, grid))
    return None if grid is None else list(grid)


def _laid_out(m: HexMap) -> list[str] | None:
    """:func:`_territory_grid` made afresh."""
    width, height = m.width, m.height
    rows = [[NO_TERRITORY] * width for _ in range(height)]
    for code, t in zip(TERRITORY_CODES, m.territories, strict=False):
        for h in t.hexes:
            r = h.r
            c = h.q + (r - (r & 1)) // 2  # Hex.col, inlined: this loop sees every hex
            if not (0 <= r < height and 0 <= c < width) or rows[r][c] != NO_TERRITORY:
                return None
            rows[r][c] = code
    return ["".join(r) for r in rows]


def _unstructure_map(m: HexMap) -> dict[str, Any]:
    out: dict[str, Any] = {"width": m.width, "height": m.height, "terrain": list(m.terrain)}
    hexsides = _hexsides(m.hexsides)
    if hexsides:
        out["hexsides"] = hexsides
    grid = _territory_grid(m)
    if grid is None:
        territories = [converter.unstructure(t) for t in m.territories]
    else:
        out["territory_rows"] = grid
        territories = [
            _coded_territory(t, code)
            for code, t in zip(TERRITORY_CODES, m.territories, strict=False)
        ]
    out["territories"] = territories
    out["settlements"] = [converter.unstructure(s) for s in m.settlements]
    return strip_none(out)


def _hexsides(features: dict[str, list[Hexside]]) -> dict[str, list[str]]:
    """The hexside features as labels, each feature's sorted. The table is never changed
    in place (``HexMap`` replaces it whole), so a snapshot with a keeper takes again what
    the last one made of the very same table."""
    keeper = active.keeper
    if keeper is not None:
        found = keeper.get(features, "hexsides")
        if found is not None:
            return found
    out = {k: sorted(str(s) for s in v) for k, v in sorted(features.items()) if v}
    return out if keeper is None else keeper.put(features, SettledData(out), "hexsides")


def _coded_territory(t: Territory, code: str) -> dict[str, Any]:
    """A territory's table beside the grid of codes: its hexes are in the grid (left out
    rather than unstructured and dropped), its code says which are its."""
    keeper = active.keeper
    if keeper is not None:
        found = keeper.get(t, code)
        if found is not None:
            return found
    active.keeper = None  # the stand-in without hexes is no object of the copy's
    try:
        data = strip_none(converter.unstructure(evolve(t, hexes=[])))
    finally:
        active.keeper = keeper
    del data["hexes"]
    data["code"] = code
    return data if keeper is None else keeper.put(t, SettledData(data), code)


_MAP_KEYS = frozenset(
    {"width", "height", "terrain", "hexsides", "territory_rows", "territories", "settlements"}
)


def _map_field(errors: list[Exception], name: str, type_: Any, make: Any) -> Any:
    """``make()``, or None with its error noted under the field's name, so that a bad map
    names the field at fault (``width``) rather than saying "invalid value for HexMap"."""
    try:
        return make()
    except Exception as exc:  # every failure of one field, named by it
        exc.__notes__ = [
            *getattr(exc, "__notes__", []),
            AttributeValidationNote(f"Structuring class HexMap @ attribute {name}", name, type_),
        ]
        errors.append(exc)
        return None


def _structure_territories(
    c: cattrs.Converter, data: list[Any], by_code: dict[str, list[Hex]]
) -> list[Territory]:
    territories, errors = [], []
    for i, t in enumerate(data):
        try:
            if not isinstance(t, dict):
                raise ValueError(f"expected a table, not {_shown(t)}")
            t = dict(t)
            code = t.pop("code", None)
            terr = c.structure(t, Territory)
            if code is not None:
                terr.hexes = by_code.get(str(code), []) + terr.hexes
            territories.append(terr)
        except Exception as exc:
            exc.__notes__ = [
                *getattr(exc, "__notes__", []),
                IterableValidationNote(f"Structuring list @ index {i}", i, Territory),
            ]
            errors.append(exc)
    if errors:
        raise IterableValidationError("While structuring territories", errors, list[Territory])
    return territories


def _territory_hexes(rows: list[str]) -> dict[str, list[Hex]]:
    by_code: dict[str, list[Hex]] = {}
    for row, line in enumerate(rows):
        shift = (row - (row & 1)) // 2  # Hex.from_offset, inlined: this sees every hex
        col = 0
        for code, run in groupby(line):
            n = len(list(run))
            if code != NO_TERRITORY:
                hexes = by_code.setdefault(code, [])
                hexes.extend(Hex(c - shift, row) for c in range(col, col + n))
            col += n
    return by_code


def _structure_map(c: cattrs.Converter, data: Any) -> HexMap:
    if not isinstance(data, Mapping):
        raise ValueError(f"the map is a table (width, height, terrain, ...), not {_shown(data)}")
    extra = set(data) - _MAP_KEYS
    errors: list[Exception] = []
    if extra:
        errors.append(ForbiddenExtraKeysError(None, HexMap, extra))
    missing = [k for k in ("width", "height", "terrain") if k not in data]
    for name in missing:
        _map_field(errors, name, Any, lambda name=name: data[name])
    width = _map_field(errors, "width", int, lambda: c.structure(data.get("width", 1), int))
    height = _map_field(errors, "height", int, lambda: c.structure(data.get("height", 1), int))
    terrain = _map_field(
        errors, "terrain", list[str], lambda: c.structure(data.get("terrain", []), list[str])
    )
    hexsides = _map_field(
        errors,
        "hexsides",
        dict[str, list[Hexside]],
        lambda: c.structure(data.get("hexsides", {}), dict[str, list[Hexside]]),
    )
    rows = _map_field(
        errors,
        "territory_rows",
        list[str],
        lambda: c.structure(data.get("territory_rows", []), list[str]),
    )
    territories = _map_field(
        errors,
        "territories",
        list[Territory],
        lambda: _structure_territories(
            c, c.structure(data.get("territories", []), list[Any]), _territory_hexes(rows or [])
        ),
    )
    settlements = _map_field(
        errors,
        "settlements",
        list[Settlement],
        lambda: c.structure(data.get("settlements", []), list[Settlement]),
    )
    if errors:
        raise ClassValidationError("While structuring HexMap", errors, HexMap)
    return HexMap(width, height, terrain, hexsides, territories, settlements)


def _shown(value: Any) -> str:
    """A value as a complaint names it: text 'abc', the number 5, a table, a list."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"text {value[:30]!r}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list | tuple):
        return "a list"
    return f"a {type(value).__name__}"


def _structure_option_value(value: Any, _: type) -> OptionValue:
    if not isinstance(value, bool | int | float | str):
        raise ValueError(f"an option is true/false, a number or text, not {value!r}")
    return value


TOML_INT_MIN, TOML_INT_MAX = -(2**63), 2**63 - 1  # TOML's integers are 64-bit


def _structure_int(value: Any, _: type) -> int:
    # int(True) and int(2.7) would pass silently; a hand-edited save deserves a complaint.
    # Digit strings stay accepted: the command line hands over text.
    if type(value) is int and TOML_INT_MIN <= value <= TOML_INT_MAX:  # nearly always
        return value
    if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
        raise ValueError(f"expected a whole number, not {value!r}")
    if isinstance(value, int | float) or (
        isinstance(value, str) and re.fullmatch(r"\s*[-+]?[0-9]+\s*", value)
    ):
        number = int(value)
        if not TOML_INT_MIN <= number <= TOML_INT_MAX:
            raise ValueError(f"{number} is too large a number (a save holds 64-bit numbers)")
        return number
    raise ValueError(f"expected a whole number, not {value!r}")


def _structure_float(value: Any, _: type) -> float:
    if isinstance(value, bool):
        raise ValueError(f"expected a number, not {value!r}")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ValueError(f"expected a number, not {value!r}") from None


def _structure_bool(value: Any, _: type) -> bool:
    # bool("no") is True: only real booleans and the usual words are accepted.
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in BOOL_WORDS:
        return BOOL_WORDS[value.strip().lower()]
    raise ValueError(f"expected true or false, not {value!r}")


def _structure_str(value: Any, cls: type) -> str:
    # str(5) would pass silently; text is written in quotes. The hook also serves str's
    # subclasses (the StrEnums), whose own constructor judges the value.
    if cls is not str:
        return cls(value)
    if isinstance(value, str):
        return value
    raise ValueError(f"expected text in quotes, not {_shown(value)}")


def _is_set(t: Any) -> bool:
    return t in (set, frozenset) or getattr(t, "__origin__", None) in (set, frozenset)


# --- containers: the right kind of value, or a readable refusal -------------------------
# cattrs iterates whatever it is given, so "0304" would become the list ['0', '3', '0', '4']
# and a text where a table belongs fails with "'str' object has no attribute 'keys'".
# These factories wrap cattrs' own hooks with a check of the container itself.
Hook = Callable[[Any, Any], Any]


def _origin(t: Any) -> Any:
    return get_origin(t) or t


def _is_list_like(t: Any) -> bool:
    origin = _origin(t)
    if origin is tuple:
        args: tuple[Any, ...] = getattr(t, "__args__", ())
        return len(args) == 2 and args[1] is Ellipsis  # tuple[X, ...], not a fixed tuple
    return origin in (list, set, frozenset)


def _is_dict(t: Any) -> bool:
    return _origin(t) is dict


def _is_attrs_class(t: Any) -> bool:
    return isinstance(t, type) and attrs.has(t)


def _list_hook(t: Any, c: cattrs.Converter) -> Hook:
    origin = _origin(t)
    if origin is list:
        inner: Hook = list_structure_factory(t, c)
    elif origin is tuple:
        inner = homogenous_tuple_structure_factory(t, c)
    elif origin is set:
        inner = c._structure_set
    else:
        inner = c._structure_frozenset

    def structure_list(value: Any, type_: Any) -> Any:
        if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
            hint = f" (write [{json.dumps(value)}])" if isinstance(value, str) else ""
            raise ValueError(f"expected a list in [ ], not {_shown(value)}{hint}")
        return inner(value, type_)

    return structure_list


def _dict_hook(t: Any, c: cattrs.Converter) -> Hook:
    inner = mapping_structure_factory(t, c, dict)

    def structure_dict(value: Any, type_: Any) -> Any:
        if not isinstance(value, Mapping):
            raise ValueError(f"expected a table, not {_shown(value)}")
        return inner(value, type_)

    return structure_dict


def _attrs_hook(t: Any, c: cattrs.Converter) -> Hook:
    """A class's hook, whose structuring code cattrs generates (and compiles) the first
    time a value of the class is read, not when a class holding it gets its hook: a save
    with no battle in it makes none of the battle classes' hooks (most of the cost of
    reading a small save)."""
    made: list[Hook] = []
    names = ", ".join(a.name for a in attrs.fields(t) if a.init)

    def structure_attrs(value: Any, type_: Any) -> Any:
        if not isinstance(value, Mapping):
            raise ValueError(f"expected a table {{ {names} }}, not {_shown(value)}")
        if not made:
            made.append(c.gen_structure_attrs_fromdict(t))
        return made[0](value, type_)

    return structure_attrs


def _kept(make: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``make``, an object's unstructure hook, taking again what the last snapshot made of
    the very same object while a snapshot with a keeper is under way
    (:mod:`tuicamp.engine.settled_data`); plain dicts, as ``make`` makes them, otherwise."""

    def unstructure_kept(obj: Any) -> Any:
        keeper = active.keeper
        if keeper is None:
            return make(obj)
        found = keeper.get(obj)
        if found is not None:
            return found
        return keeper.put(obj, SettledData(strip_none(make(obj))))

    return unstructure_kept


def _settled_again(value: SettledData | SettledList) -> Any:
    """Kept data met again inside a campaign (a re-roll point holds the snapshot before
    its action): shared as it is by a snapshot with a keeper, whose tables no one changes;
    plain dicts and lists for anyone else, who may change them."""
    if active.keeper is not None:
        return value
    if isinstance(value, SettledList):
        return [converter.unstructure(item) for item in value]
    return {k: converter.unstructure(v) for k, v in value.items()}


def _make_converter(detailed: bool = True) -> cattrs.Converter:
    """The converter; ``detailed``: every problem of a value gathered, each at its path,
    for a refusal that names them all (what every read of a file needs when it fails)."""
    c = cattrs.Converter(forbid_extra_keys=True, detailed_validation=detailed)
    c.register_unstructure_hook_factory(
        _is_attrs_class, lambda t: _kept(c.gen_unstructure_attrs_fromdict(t))
    )
    c.register_structure_hook_factory(_is_attrs_class, lambda t: _attrs_hook(t, c))
    c.register_structure_hook_factory(_is_list_like, lambda t: _list_hook(t, c))
    c.register_structure_hook_factory(_is_dict, lambda t: _dict_hook(t, c))
    c.register_structure_hook(int, _structure_int)
    c.register_structure_hook(float, _structure_float)
    c.register_structure_hook(bool, _structure_bool)
    c.register_structure_hook(str, _structure_str)
    c.register_unstructure_hook(Hex, str)
    c.register_structure_hook(Hex, lambda v, _: v if isinstance(v, Hex) else parse_label(v))
    c.register_unstructure_hook(Hexside, str)
    c.register_structure_hook(
        Hexside, lambda v, _: v if isinstance(v, Hexside) else parse_hexside(v)
    )
    c.register_unstructure_hook(SideOf, str)
    c.register_structure_hook(SideOf, lambda v, _: v if isinstance(v, SideOf) else parse_side_of(v))
    c.register_unstructure_hook_func(_is_set, lambda s: sorted(s))
    c.register_unstructure_hook(HexMap, _kept(_unstructure_map))
    c.register_unstructure_hook(SettledData, _settled_again)
    c.register_unstructure_hook(SettledList, _settled_again)
    c.register_structure_hook(HexMap, lambda v, _: _structure_map(c, v))
    c.register_structure_hook(Any, lambda v, _: v)
    c.register_structure_hook(OptionValue, _structure_option_value)
    return c


converter = _make_converter()


def _is_campaign(t: Any) -> bool:
    return t is Campaign


def _is_event(t: Any) -> bool:
    return t is Event


def _campaign_hooks(c: cattrs.Converter) -> None:
    """The hooks of the campaign and of an event, made on their first use.

    Generating the campaign's unstructure hook generates those of every model class it
    holds (some 30 ms of Python); registered as factories, that work is done by the first
    save or load that needs it, not by every process that imports the codec (``tuicamp
    show`` of a save never unstructures an event, nor a first frame a campaign). Its
    structure hook makes the classes' it holds only as their values are read
    (``_attrs_hook``)."""
    # ``state`` is the ruleset's own class; (un)structured by campaign_to/from_dict.
    c.register_unstructure_hook_factory(
        _is_campaign,
        lambda _: make_dict_unstructure_fn(Campaign, c, state=override(omit=True)),
    )
    c.register_structure_hook_factory(
        _is_campaign,
        lambda _: make_dict_structure_fn(Campaign, c, state=override(omit=True)),
    )
    # An event's step is written only inside a phase that has steps: most rulesets have
    # none, and every event of a long chronicle would carry ``step = 0``.
    c.register_unstructure_hook_factory(
        _is_event,
        lambda _: make_dict_unstructure_fn(Event, c, step=override(omit_if_default=True)),
    )


_campaign_hooks(converter)


def unstructure(obj: Any) -> Any:
    """Model object -> plain TOML-ready data."""
    return strip_none(converter.unstructure(obj))


def structure(data: Any, cls: type) -> Any:
    return converter.structure(data, cls)


def campaign_to_dict(campaign: Campaign, keeper: Keeper | None = None) -> dict[str, Any]:
    """The campaign as plain data. With a ``keeper`` (the engine's, for a copy of the
    campaign, which is never changed: :mod:`tuicamp.engine.settled_data`), every object the
    last snapshot met again is not unstructured anew: its data, a SettledData, is taken
    again, and no one may change it. The top table is a plain dict either way."""
    if keeper is None:
        return _campaign_data(campaign)
    active.keeper = keeper
    keeper.begin()
    try:
        data = _campaign_data(campaign)
        for key, value in data.items():
            if type(value) is list:
                data[key] = keeper.array(key, value)
    except BaseException:
        keeper.begin()  # what was met so far is forgotten; the last snapshot's stays
        raise
    finally:
        active.keeper = None
    keeper.end()
    return data


def _campaign_data(campaign: Campaign) -> dict[str, Any]:
    data = converter.unstructure(campaign)
    if campaign.state is not None:
        data["state"] = converter.unstructure(campaign.state, unstructure_as=type(campaign.state))
    return strip_none(data)


@functools.cache
def _quick_converter() -> cattrs.Converter:
    """The same hooks without detailed validation, for a campaign read whole: its code,
    generated (and compiled) for each class the first time one is read, is a good part
    of what a small save costs to open, and half as long without the bookkeeping of every
    problem (``tuicamp show``, a first frame). A campaign it refuses is read again by
    :data:`converter`, whose refusal names every problem, as before."""
    c = _make_converter(detailed=False)
    _campaign_hooks(c)
    return c


def _campaign_with(c: cattrs.Converter, data: dict[str, Any], state_class: type | None) -> Campaign:
    data = dict(data)
    state = data.pop("state", None)
    campaign = c.structure(data, Campaign)
    if state_class is not None:
        campaign.state = c.structure(state or {}, state_class)
    return campaign


def campaign_from_dict(data: dict[str, Any], state_class: type | None) -> Campaign:
    """The campaign of plain data (a save's table), structured by the quick converter;
    what it refuses is structured again by :data:`converter`, which raises the detailed
    error (every problem at its path) a refusal has always raised."""
    try:
        return _campaign_with(_quick_converter(), data, state_class)
    except Exception:  # refused: the detailed converter says why, with every problem
        return _campaign_with(converter, data, state_class)


def action_to_dict(action: Action) -> dict[str, Any]:
    """An action as an orders file writes it (and a re-roll point keeps it): its kind and
    its fields, without empty dice."""
    data = strip_none(converter.unstructure(action))
    if not data.get("dice"):
        data.pop("dice", None)
    return {"kind": action.kind, **data}


def event_to_dict(event: Event) -> dict[str, Any]:
    return strip_none(converter.unstructure(event))


# The fields of an event the chronicle leaves out at their defaults: None (TOML has no
# null), no rolls, no data, step 0 (see _campaign_hooks).
_CHRONICLE_OMITS = ("seat", "player", "rolls", "visible_to", "data", "step")


_EVENT_FIELDS = tuple(a.name for a in attrs.fields(Event))


_PLAIN_SCALARS = frozenset({str, int, float, bool})


def _plain_data(value: Any) -> Any:
    """``strip_none(converter.unstructure(value))`` of free-form data (an event's ``data``)
    in one pass: text, numbers, plain lists and tables are what such data nearly always
    holds, and they are taken as they are; anything else is the converter's."""
    kind = type(value)
    if kind in _PLAIN_SCALARS:
        return value
    if kind is dict:
        return {k: _plain_data(v) for k, v in value.items() if v is not None}
    if kind is list:
        return [_plain_data(v) for v in value]
    return strip_none(converter.unstructure(value))


@functools.cache
def _chronicle_event_fn() -> Callable[[Event], dict[str, Any]]:
    omit: dict[str, Any] = {name: override(omit_if_default=True) for name in _CHRONICLE_OMITS}
    omit["data"] = override(omit_if_default=True, unstruct_hook=_plain_data)
    return make_dict_unstructure_fn(Event, converter, **omit)


def chronicle_event_dict(event: Event) -> dict[str, Any]:
    """An event as the chronicle writes it: :func:`event_to_dict` without its empty rolls
    and data. The fields that default to None, empty or 0 are left out as the event is
    unstructured, and its data is unstructured and stripped of None in one pass
    (:func:`_plain_data`): a new campaign writes thousands of events at once."""
    unordered = _chronicle_event_fn()(event)  # cattrs puts the omissible fields last
    data = {name: unordered[name] for name in _EVENT_FIELDS if name in unordered}
    if "rolls" in data:
        data["rolls"] = strip_none(data["rolls"])
    if "data" in data and not data["data"]:  # None values only: nothing to write
        del data["data"]
    return data


def event_from_dict(data: dict[str, Any]) -> Event:
    return converter.structure(data, Event)


_PATH_PART_RE = re.compile(r"\.([A-Za-z0-9_-]+)|\[(\d+)\]|\['([^']*)'\]|\[\"([^\"]*)\"\]")


_EXTRA = "\x00extra\x00"  # marks an unknown-keys message until its keys are in the path


def _format_exception(exc: BaseException, type_: Any) -> str:
    if isinstance(exc, ForbiddenExtraKeysError):
        known = [a.name for a in attrs.fields(exc.cl)] if attrs.has(exc.cl) else []
        return _EXTRA + "\x00".join([",".join(known), *sorted(exc.extra_fields)])
    if type(exc) is ValueError and str(exc) and "invalid literal" not in str(exc):
        return str(exc)
    text = format_exception(exc, type_)
    return re.sub(r"tuicamp\.model\.[a-z_]+\.", "", text)


def _unknown_keys(text: str) -> tuple[list[str], str]:
    """The unknown keys of a marked message, and the message: "unknown key(s) (a, b)",
    with a "did you mean" when the first is close to a known key."""
    known, *extra = text[len(_EXTRA) :].split("\x00")
    message = f"unknown key(s) ({', '.join(extra)})"
    close = difflib.get_close_matches(extra[0], known.split(","), n=1) if known else []
    if close:
        message += f": did you mean {close[0]!r}?"
    return extra, message


def describe_structure_error(exc: BaseException) -> list[tuple[tuple[str | int, ...], str]]:
    """Turn a cattrs error into (key path, problem) pairs a person can act on.

    The path leads to the key at fault itself: a missing key's path ends in its name (and
    the message says it), an unknown key's path ends in the first unknown key, so that a
    line locator finds the line where it is written rather than its table's."""
    out: list[tuple[tuple[str | int, ...], str]] = []
    for message in cattrs.transform_error(exc, path="$", format_exception=_format_exception):
        text, _, where = message.rpartition(" @ ")
        if not text:
            text, where = message, "$"
        path: list[str | int] = []
        for m in _PATH_PART_RE.finditer(where[1:]):
            name, index, q1, q2 = m.groups()
            if index is not None:
                path.append(int(index))
            else:
                path.append(name or q1 or q2)
        if text.startswith(_EXTRA):
            extra, text = _unknown_keys(text)
            path.append(extra[0])
        text = text.replace("extra fields found", "unknown key(s)")
        if text == "required field missing" and path and isinstance(path[-1], str):
            text = f"missing key {path[-1]!r}"
        text = text.replace("required field missing", "missing key")
        out.append((tuple(path), text))
    return out
