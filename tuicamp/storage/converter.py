"""The one cattrs converter for every model class, saves and scenario files alike.

TOML has no null, so unstructuring drops ``None`` values (every optional field defaults to
None) and structuring lets the defaults fill them in again. Hexes are written as their
printed labels (``0304``), hexsides as ``0304-0305``, sets as sorted lists, and the map's
territories as a grid of one-letter codes beside the terrain grid when they fit in one.
"""

from __future__ import annotations

import re
import string
from typing import Any

import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from tuicamp.engine.actions import Event
from tuicamp.model.campaign import Campaign, OptionValue
from tuicamp.model.hexes import Hex, Hexside, parse_hexside, parse_label
from tuicamp.model.map import HexMap, Territory

TERRITORY_CODES = string.ascii_uppercase + string.ascii_lowercase + string.digits
NO_TERRITORY = "."


def strip_none(value: Any) -> Any:
    """Drop None from dicts, recursively, so the data can be written as TOML."""
    if isinstance(value, dict):
        return {k: strip_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [strip_none(v) for v in value]
    return value


def _unstructure_map(m: HexMap) -> dict[str, Any]:
    out: dict[str, Any] = {"width": m.width, "height": m.height, "terrain": list(m.terrain)}
    hexsides = {k: sorted(str(s) for s in v) for k, v in sorted(m.hexsides.items()) if v}
    if hexsides:
        out["hexsides"] = hexsides
    territories = [converter.unstructure(t) for t in m.territories]
    hex_sets = [t.hexes for t in m.territories]
    flat = [h for hs in hex_sets for h in hs]
    gridable = len(m.territories) <= len(TERRITORY_CODES) and len(flat) == len(set(flat))
    if gridable and m.territories:
        rows = [[NO_TERRITORY] * m.width for _ in range(m.height)]
        for code, t in zip(TERRITORY_CODES, m.territories, strict=False):
            for h in t.hexes:
                rows[h.row][h.col] = code
        out["territory_rows"] = ["".join(r) for r in rows]
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
        for col, code in enumerate(line):
            if code != NO_TERRITORY:
                by_code.setdefault(code, []).append(Hex.from_offset(col, row))
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


def _is_set(t: Any) -> bool:
    return t in (set, frozenset) or getattr(t, "__origin__", None) in (set, frozenset)


def _make_converter() -> cattrs.Converter:
    c = cattrs.Converter(forbid_extra_keys=True)
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
