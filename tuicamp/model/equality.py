"""Equality and hashing of an attrs class, compiled the first time they are asked for
instead of when the class is made.

attrs writes a class's ``__eq__`` (and a frozen class's ``__hash__``) as source code and
compiles it as the class is built: for the hundreds of classes a command imports, that
was a good part of what start-up costs (``tuicamp show``, a first frame), for methods
many classes never use in a process (a report compares nothing). A class that says
``__eq__ = fields_eq`` (and, when frozen, ``__hash__ = fields_hash``) gets none from attrs
(``auto_detect`` keeps the class's own); the first comparison compiles, for that class, the
very code attrs would have written (the fields compared in order with ``and``, each
through its ``eq_key`` if it has one; the hash of a per-class seed and the hashed fields)
and puts it on the class, so every later one runs it directly, as fast as attrs' own
(the engine's snapshots compare campaigns with ``==``). ``tests/test_startup.py`` holds
each class to what attrs generates.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from attrs import AttrsInstance


def fields_eq(self: AttrsInstance, other: object) -> Any:
    """What attrs' generated ``__eq__`` answers, by that code, compiled on first use."""
    return _compiled(type(self), "__eq__", _eq_source)(self, other)


def fields_hash(self: AttrsInstance) -> int:
    """What attrs' generated ``__hash__`` of a frozen class answers, compiled on first use."""
    return int(_compiled(type(self), "__hash__", _hash_source)(self))


def _compiled(
    cls: type, name: str, source: Callable[[type, dict[str, Any]], str]
) -> Callable[..., Any]:
    """The method ``name`` of ``cls``, compiled from ``source`` and set on the class, so
    that the shared function is met once per class."""
    names: dict[str, Any] = {}
    code = compile(
        source(cls, names), f"<tuicamp {name} {cls.__module__}.{cls.__qualname__}>", "exec"
    )
    eval(code, names)  # defines the method in ``names``: the text is the fields' names
    method: Callable[..., Any] = names[name]
    method.__qualname__ = f"{cls.__qualname__}.{name}"
    method.__module__ = cls.__module__
    setattr(cls, name, method)
    return method


def _key(a: attrs.Attribute, names: dict[str, Any], side: str) -> str:
    """``side``'s value of the field, through the field's ``eq=`` callable if it has one."""
    key = getattr(a, "eq_key", None)  # attrs' stubs leave it out
    if key is None:
        return f"{side}.{a.name}"
    names[f"_{a.name}_key"] = key
    return f"_{a.name}_key({side}.{a.name})"


def _eq_source(cls: type, names: dict[str, Any]) -> str:
    compared = [a for a in attrs.fields(cls) if a.eq]
    terms = [f"{_key(a, names, 'self')} == {_key(a, names, 'other')}" for a in compared]
    return (
        "def __eq__(self, other):\n"
        "    if other.__class__ is not self.__class__:\n"
        "        return NotImplemented\n"
        f"    return ({' and '.join(terms) or 'True'})\n"
    )


def _hash_source(cls: type, names: dict[str, Any]) -> str:
    hashed = [a for a in attrs.fields(cls) if a.hash is True or (a.hash is None and a.eq)]
    seed = hash(f"<tuicamp hash {cls.__module__}.{cls.__qualname__} {id(cls)}>")
    parts = [str(seed), *(_key(a, names, "self") for a in hashed)]
    return f"def __hash__(self):\n    return hash(({', '.join(parts)},))\n"
