"""TOML values written the way a Games Master writes them by hand: short inline values,
strings in double quotes, keys bare where they can be.

JSON's string escapes are all TOML's too, so a string goes through ``json.dumps``.
"""

from __future__ import annotations

import json
import re
from typing import Any

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def key(name: str) -> str:
    return name if _BARE.match(name) else json.dumps(name, ensure_ascii=False)


def value(v: Any) -> str:
    """One value, inline."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list | tuple | set | frozenset):
        items = sorted(v) if isinstance(v, set | frozenset) else v
        return "[" + ", ".join(value(x) for x in items) + "]"
    if isinstance(v, dict):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{key(str(k))} = {value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"{type(v).__name__} cannot be written to a scenario")


def wrapped(name: str, items: list[str], width: int = 88, per_line: int = 0) -> list[str]:
    """``name = [ ... ]`` with the quoted items wrapped at ``width`` (or ``per_line``
    items a line), one array per line group, as the bundled scenarios lay out rows and
    hexsides."""
    if not items:
        return [f"{key(name)} = []"]
    out = [f"{key(name)} = ["]
    line = " "
    for n, item in enumerate(items):
        text = value(item) + ","
        full = (per_line and n % per_line == 0 and n) or len(line) + 1 + len(text) > width
        if full and line.strip():
            out.append(line)
            line = " "
        line += " " + text
    out.append(line)
    out.append("]")
    return out
