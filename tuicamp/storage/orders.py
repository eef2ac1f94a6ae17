"""Orders files: actions written as ``[[action]]`` blocks, for play by file and scripts.

```toml
seat = "p1"          # optional: whose orders these are (the --as flag wins)

[[action]]
kind = "move"
army = "a1"
to = "0604"
```
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w

from tuicamp.engine.actions import Action, action_fields
from tuicamp.engine.errors import InputError
from tuicamp.storage.converter import converter, describe_structure_error
from tuicamp.storage.tomlfile import TomlFile, read_toml


def action_from_dict(
    data: dict[str, Any],
    types: dict[str, type[Action]],
    where: TomlFile | None = None,
    keypath: tuple[str | int, ...] = (),
) -> Action:
    def fail(path: tuple[str | int, ...], message: str) -> InputError:
        if where is None:
            return InputError(message)
        return where.error((*keypath, *path), message)

    if not isinstance(data, dict):
        raise fail((), "an action is a table with a kind")
    kind = data.get("kind")
    if not isinstance(kind, str):
        raise fail((), 'an action needs kind = "..." (see `tuicamp actions`)')
    cls = types.get(kind)
    if cls is None:
        raise fail(("kind",), f"unknown action kind {kind!r} (see `tuicamp actions`)")
    fields_ = {k: v for k, v in data.items() if k != "kind"}
    try:
        return converter.structure(fields_, cls)
    except Exception as exc:  # cattrs groups every problem in one exception
        problems = describe_structure_error(exc)
        if not problems:
            raise fail((), f"action {kind}: {exc}") from None
        path, message = problems[0]
        raise fail(path, f"action {kind}: {message}") from None


def read_orders(
    path: str | Path, types: dict[str, type[Action]]
) -> tuple[str | None, list[Action]]:
    """(seat named in the file, actions); an InputError names the file and line."""
    doc = read_toml(path)
    unknown = set(doc.data) - {"seat", "action"}
    if unknown:
        key = sorted(unknown)[0]
        raise doc.error((key,), f"unknown key {key!r} (orders hold seat and [[action]])")
    seat = doc.data.get("seat")
    if seat is not None and not isinstance(seat, str):
        raise doc.error(("seat",), "seat is a seat id in quotes")
    blocks = doc.data.get("action", [])
    if not isinstance(blocks, list):
        raise doc.error(("action",), "write actions as [[action]] blocks")
    actions = [action_from_dict(block, types, doc, ("action", i)) for i, block in enumerate(blocks)]
    return seat, actions


def action_to_dict(action: Action) -> dict[str, Any]:
    from tuicamp.storage.converter import strip_none

    data = strip_none(converter.unstructure(action))
    if not data.get("dice"):
        data.pop("dice", None)
    return {"kind": action.kind, **data}


def write_orders(path: str | Path, actions: list[Action], seat: str | None = None) -> None:
    doc: dict[str, Any] = {}
    if seat:
        doc["seat"] = seat
    doc["action"] = [action_to_dict(a) for a in actions]
    Path(path).write_text(tomli_w.dumps(doc), encoding="utf-8")


def action_example(cls: type[Action]) -> str:
    """A commented TOML block showing every field of an action."""
    lines = [f"# {cls.summary}" if cls.summary else f"# {cls.kind}", "[[action]]"]
    lines.append(f'kind = "{cls.kind}"')
    for name, type_, default in action_fields(cls):
        tname = getattr(type_, "__name__", str(type_)).replace("typing.", "")
        required = default is None or _is_nothing(default)
        sample = _PLACEHOLDERS.get(type_, "") if required else default
        value = _inline(sample)
        note = f"{tname}, required" if required else tname
        lines.append(f"{name} = {value}  # {note}")
    return "\n".join(lines)


_PLACEHOLDERS: dict[Any, Any] = {"str": "", str: "", "int": 0, int: 0, "bool": False, bool: False}


def _inline(value: Any) -> str:
    """A value as inline TOML (tables inline too, so the example stays one block)."""
    if isinstance(value, dict):
        inner = ", ".join(f"{k} = {_inline(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, list | tuple | set):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return tomli_w.dumps({"v": value}).strip()[4:]


def _is_nothing(value: Any) -> bool:
    from attrs import NOTHING

    return value is NOTHING
