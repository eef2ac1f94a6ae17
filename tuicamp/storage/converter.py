"""The one cattrs converter for every model class, saves and scenario files alike.

TOML has no null, so unstructuring drops ``None`` values (every optional field defaults to
None) and structuring lets the defaults fill them in again. Hexes are written as their
printed labels (``0304``), hexsides as ``0304-0305``, sets as sorted lists, and the map's
territories as a grid of one-letter codes beside the terrain grid when they fit in one.
"""

from __future__ import annotations

import re
import string
from itertools import groupby
from typing import Any

import cattrs
from attrs import evolve
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from tuicamp.engine.actions import Event
from tuicamp.model.campaign import Campaign, OptionValue
from tuicamp.model.hexes import Hex, Hexside, parse_hexside, parse_label
from tuicamp.model.map import HexMap, Territory

TERRITORY_CODES = string.ascii_uppercase + string.ascii_lowercase + string.digits
NO_TERRITORY = "."


def strip_none(value: Any) -> Any:
    """Drop None from dicts, recursively, so the data can be written as TOML."""
    # Scalars are not passed down: saving a long chronicle calls this for every field.
    if isinstance(value, dict):
        return {
            k: strip_none(v) if isinstance(v, dict | list) else v
            for k, v in value.items()
            if v is not None
        }
    if isinstance(value, list):
        return [strip_none(v) if isinstance(v, dict | list) else v for v in value]
    return value


def _territory_grid(m: HexMap) -> list[str] | None:
    """Territories as rows of one-letter codes, when each hex is in at most one of them,
    they are all on the map and there are few enough territories for the codes."""
    if not m.territories or len(m.territories) > len(TERRITORY_CODES):
        return None
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
    hexsides = {k: sorted(str(s) for s in v) for k, v in sorted(m.hexsides.items()) if v}
    if hexsides:
        out["hexsides"] = hexsides
    grid = _territory_grid(m)
    if grid is None:
        territories = [converter.unstructure(t) for t in m.territories]
    else:
        out["territory_rows"] = grid
        # the hexes are in the grid: leave them out rather than unstructure and drop them
        territories = [converter.unstructure(evolve(t, hexes=[])) for t in m.territories]
        for code, t in zip(TERRITORY_CODES, territories, strict=False):
            del t["hexes"]
            t["code"] = code
    out["territories"] = territories
    out["settlements"] = [converter.unstructure(s) for s in m.settlements]
    return strip_none(out)


def _structure_map(data: dict[str, Any], _: type) -> HexMap:
    width, height = int(data["width"]), int(data["height"])
    terrain = list(data["terrain"])
    hexsides = {
        feature: [parse_hexside(s) for s in sides]
        for feature, sides in data.get("hexsides", {}).items()
    }
    by_code: dict[str, list[Hex]] = {}
    for row, line in enumerate(data.get("territory_rows", [])):
        shift = (row - (row & 1)) // 2  # Hex.from_offset, inlined: this sees every hex
        col = 0
        for code, run in groupby(line):
            n = len(list(run))
            if code != NO_TERRITORY:
                hexes = by_code.setdefault(code, [])
                hexes.extend(Hex(c - shift, row) for c in range(col, col + n))
            col += n
    territories = []
    for t in data.get("territories", []):
        t = dict(t)
        code = t.pop("code", None)
        terr = converter.structure(t, Territory)
        if code is not None:
            terr.hexes = by_code.get(code, []) + terr.hexes
        territories.append(terr)
    settlements = [
        converter.structure(s, HexMap.__attrs_attrs__.settlements.type.__args__[0])
        for s in data.get("settlements", [])
    ]
    return HexMap(width, height, terrain, hexsides, territories, settlements)


def _structure_option_value(value: Any, _: type) -> OptionValue:
    if not isinstance(value, bool | int | float | str):
        raise ValueError(f"an option is true/false, a number or text, not {value!r}")
    return value


_TRUE_WORDS = {"true": True, "yes": True, "on": True, "1": True,
               "false": False, "no": False, "off": False, "0": False}


def _structure_int(value: Any, _: type) -> int:
    # int(True) and int(2.7) would pass silently; a hand-edited save deserves a complaint.
    # Digit strings stay accepted: the command line hands over text.
    if type(value) is int:  # nearly always: the quick way first
        return value
    if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
        raise ValueError(f"expected a whole number, not {value!r}")
    if isinstance(value, int | float):
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[-+]?\d+\s*", value):
        return int(value)
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
    if isinstance(value, str) and value.strip().lower() in _TRUE_WORDS:
        return _TRUE_WORDS[value.strip().lower()]
    raise ValueError(f"expected true or false, not {value!r}")


def _is_set(t: Any) -> bool:
    return t in (set, frozenset) or getattr(t, "__origin__", None) in (set, frozenset)


def _make_converter() -> cattrs.Converter:
    c = cattrs.Converter(forbid_extra_keys=True)
    c.register_structure_hook(int, _structure_int)
    c.register_structure_hook(float, _structure_float)
    c.register_structure_hook(bool, _structure_bool)
    c.register_unstructure_hook(Hex, str)
    c.register_structure_hook(Hex, lambda v, _: v if isinstance(v, Hex) else parse_label(v))
    c.register_unstructure_hook(Hexside, str)
    c.register_structure_hook(
        Hexside, lambda v, _: v if isinstance(v, Hexside) else parse_hexside(v)
    )
    c.register_unstructure_hook_func(_is_set, lambda s: sorted(s))
    c.register_unstructure_hook(HexMap, _unstructure_map)
    c.register_structure_hook(HexMap, _structure_map)
    c.register_structure_hook(Any, lambda v, _: v)
    c.register_structure_hook(OptionValue, _structure_option_value)
    return c


converter = _make_converter()


def _campaign_hooks(c: cattrs.Converter) -> None:
    # ``state`` is the ruleset's own class; (un)structured by campaign_to/from_dict.
    c.register_unstructure_hook(
        Campaign,
        make_dict_unstructure_fn(Campaign, c, state=override(omit=True)),
    )
    c.register_structure_hook(
        Campaign,
        make_dict_structure_fn(Campaign, c, state=override(omit=True)),
    )


_campaign_hooks(converter)


def unstructure(obj: Any) -> Any:
    """Model object -> plain TOML-ready data."""
    return strip_none(converter.unstructure(obj))


def structure(data: Any, cls: type) -> Any:
    return converter.structure(data, cls)


def campaign_to_dict(campaign: Campaign) -> dict[str, Any]:
    data = converter.unstructure(campaign)
    if campaign.state is not None:
        data["state"] = converter.unstructure(campaign.state, unstructure_as=type(campaign.state))
    return strip_none(data)


def campaign_from_dict(data: dict[str, Any], state_class: type | None) -> Campaign:
    data = dict(data)
    state = data.pop("state", None)
    campaign = converter.structure(data, Campaign)
    if state_class is not None:
        campaign.state = converter.structure(state or {}, state_class)
    return campaign


def event_to_dict(event: Event) -> dict[str, Any]:
    return strip_none(converter.unstructure(event))


def event_from_dict(data: dict[str, Any]) -> Event:
    return converter.structure(data, Event)


_PATH_PART_RE = re.compile(r"\.([A-Za-z0-9_-]+)|\[(\d+)\]|\['([^']*)'\]|\[\"([^\"]*)\"\]")


def _format_exception(exc: BaseException, type_: Any) -> str:
    from cattrs.v import format_exception

    if type(exc) is ValueError and str(exc) and "invalid literal" not in str(exc):
        return str(exc)
    text = format_exception(exc, type_)
    return re.sub(r"tuicamp\.model\.[a-z_]+\.", "", text)


def describe_structure_error(exc: BaseException) -> list[tuple[tuple[str | int, ...], str]]:
    """Turn a cattrs error into (key path, problem) pairs a person can act on."""
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
        text = text.replace("extra fields found", "unknown key(s)")
        text = text.replace("required field missing", "missing key")
        out.append((tuple(path), text))
    return out
