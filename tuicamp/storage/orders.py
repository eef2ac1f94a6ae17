"""Orders files: actions written as ``[[action]]`` blocks, for play by file and scripts.

```toml
seat = "p1"          # optional: whose orders these are (--as, if given, must agree)
id = "p1-turn-3"     # optional: names these orders, so that applying them twice is refused
revision = 12        # optional: the save's revision they were written against

[[action]]
kind = "move"
army = "a1"
to = "0604"
```

``id`` and ``revision`` make an orders file safe to send again (after a dropped
connection, a script run twice): the save keeps, for each seat, the ids of the orders it
has applied (``[[applied_orders]]``), and the same orders again are refused in one line,
naming the revision at which they were applied. An orders file with a ``revision`` but no
``id`` is known by its content instead (its seat, revision and actions): sent twice, it is
refused too. Orders with neither are applied as often as they are sent, as before.

``revision`` also says what the orders were written against. When the save has moved on
since (another player applied orders meanwhile), ``tuicamp apply`` plays them on the save
as it is now, if they are still legal there, and refuses them in one line if not;
orders written against a revision the save has not reached are refused.
"""

from __future__ import annotations

import enum
import hashlib
import json
import re
import typing
from pathlib import Path
from typing import Any

import attrs
import tomli_w
from attrs import define

from tuicamp.engine.actions import Action, action_fields
from tuicamp.engine.codec import action_to_dict, converter, describe_structure_error
from tuicamp.engine.errors import InputError
from tuicamp.model.equality import fields_eq
from tuicamp.model.reprs import fields_repr
from tuicamp.storage.tomlfile import TomlFile, parse_toml, read_toml


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


MAX_ID = 100  # characters of an orders id


@define
class Orders:
    """An orders file as read: whose, which, against what, and the actions."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    seat: str | None
    actions: list[Action]
    id: str | None = None
    revision: int | None = None  # the save's revision the orders were written against

    def key(self, seat: str) -> str | None:
        """What the save remembers these orders by, once applied for ``seat``: the id;
        for orders that name their revision but no id, a digest of what they say (the
        same orders against the same revision are the same orders); else None."""
        if self.id is not None:
            return self.id
        if self.revision is None:
            return None
        said = [seat, self.revision, [action_to_dict(a) for a in self.actions]]
        text = json.dumps(said, sort_keys=True, separators=(",", ":"), default=str)
        return "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:32]


@define
class AppliedOrders:
    """Orders a save has applied, so that the same ones sent again are refused."""

    __repr__ = fields_repr
    __eq__ = fields_eq

    seat: str
    id: str  # the file's id, or the digest of orders that named their revision alone
    revision: int  # the save's revision once they were applied


_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def read_orders_file(path: str | Path, types: dict[str, type[Action]]) -> Orders:
    """The orders file, checked; an InputError names the file and line."""
    return orders_of(read_toml(path), types)


def parse_orders(raw: bytes, name: str, types: dict[str, type[Action]]) -> Orders:
    """Orders given as bytes (sent over SSH, not in a file): errors name ``name`` and
    the line, as for a file."""
    return orders_of(parse_toml(raw, Path(name)), types)


def orders_of(doc: TomlFile, types: dict[str, type[Action]]) -> Orders:
    """The orders of a parsed orders document, checked."""
    unknown = set(doc.data) - {"seat", "id", "revision", "action"}
    if unknown:
        key = sorted(unknown)[0]
        raise doc.error(
            (key,), f"unknown key {key!r} (orders hold seat, id, revision and [[action]])"
        )
    seat = doc.data.get("seat")
    if seat is not None and not isinstance(seat, str):
        raise doc.error(("seat",), "seat is a seat id in quotes")
    ident = doc.data.get("id")
    if ident is not None and (
        not isinstance(ident, str)
        or not ident.strip()
        or len(ident) > MAX_ID
        or _CONTROL_RE.search(ident)
    ):
        raise doc.error(("id",), f"id names these orders: text in quotes, 1 to {MAX_ID} characters")
    revision = doc.data.get("revision")
    if revision is not None and (
        isinstance(revision, bool) or not isinstance(revision, int) or revision < 0
    ):
        raise doc.error(
            ("revision",),
            "revision is the save's revision the orders were written against: a whole "
            "number (tuicamp show prints it)",
        )
    blocks = doc.data.get("action", [])
    if not isinstance(blocks, list):
        raise doc.error(("action",), "write actions as [[action]] blocks")
    actions = [action_from_dict(block, types, doc, ("action", i)) for i, block in enumerate(blocks)]
    return Orders(seat, actions, ident, revision)


def read_orders(
    path: str | Path, types: dict[str, type[Action]]
) -> tuple[str | None, list[Action]]:
    """(seat named in the file, actions); an InputError names the file and line."""
    orders = read_orders_file(path, types)
    return orders.seat, orders.actions


def write_orders(path: str | Path, actions: list[Action], seat: str | None = None) -> None:
    doc: dict[str, Any] = {}
    if seat:
        doc["seat"] = seat
    doc["action"] = [action_to_dict(a) for a in actions]
    Path(path).write_text(tomli_w.dumps(doc), encoding="utf-8")


def action_example(cls: type[Action]) -> str:
    """A commented TOML block showing every field of an action, that structures into the
    action as it stands: copying it is the quickest start of an orders file."""
    lines = [f"# {cls.summary}" if cls.summary else f"# {cls.kind}", "[[action]]"]
    lines.append(f'kind = "{cls.kind}"')
    hints = _type_hints(cls)
    for name, written, default in action_fields(cls):
        type_ = hints.get(name, written)
        required = default is None or _is_nothing(default)
        value = _inline(_sample(type_) if required else converter.unstructure(default))
        note = f"{_type_name(written)}, required" if required else _type_name(written)
        item = _item_type(type_)
        if not required and item is not None and attrs.has(item) and not default:
            note += f", each {_inline(_sample(item))}"
        lines.append(f"{name} = {value}  # {note}")
    return "\n".join(lines)


def _type_hints(cls: type) -> dict[str, Any]:
    try:
        return typing.get_type_hints(cls)
    except Exception:  # an annotation that cannot be resolved: show what is written
        return {}


def _type_name(type_: Any) -> str:
    """A field's type as a person reads it: list[UnitSpec], not a module path."""
    text = type_ if isinstance(type_, str) else getattr(type_, "__name__", str(type_))
    return re.sub(r"\b(?:[a-z_][a-z0-9_]*\.)+(?=[A-Za-z_])", "", text)


def _item_type(type_: Any) -> Any:
    origin = typing.get_origin(type_)
    args = typing.get_args(type_)
    if origin in (list, set, frozenset, tuple) and args:
        return args[0]
    return None


def _sample(type_: Any) -> Any:
    """A value of the type that structures into it: a placeholder for a required field."""
    if type_ in _PLACEHOLDERS:
        return _PLACEHOLDERS[type_]
    if isinstance(type_, type) and issubclass(type_, enum.Enum):
        return next(iter(type_)).value
    if isinstance(type_, type) and attrs.has(type_):
        out = {}
        hints = _type_hints(type_)
        for a in attrs.fields(type_):
            if not a.init:
                continue
            if a.default is attrs.NOTHING:
                out[a.name] = _sample(hints.get(a.name, a.type))
            else:
                default = a.default.factory() if hasattr(a.default, "factory") else a.default
                if default is not None:
                    out[a.name] = converter.unstructure(default)
        return out
    origin = typing.get_origin(type_)
    args = typing.get_args(type_)
    if origin in (list, set, frozenset, tuple):
        return [_sample(args[0])] if args else []
    if origin is dict:
        return {}
    if args:  # a union: the first kind that is not None
        return _sample(next((a for a in args if a is not type(None)), str))
    return ""


_PLACEHOLDERS: dict[Any, Any] = {
    str: "",
    int: 0,
    float: 0.0,
    bool: False,
    Any: "",
}


def _inline(value: Any) -> str:
    """A value as inline TOML (tables inline too, so the example stays one block)."""
    if isinstance(value, dict):
        inner = ", ".join(f"{k} = {_inline(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, list | tuple | set):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return tomli_w.dumps({"v": value}).strip()[4:]


def _is_nothing(value: Any) -> bool:
    return value is attrs.NOTHING
