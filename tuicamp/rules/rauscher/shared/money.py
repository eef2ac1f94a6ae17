"""Rauscher's money: gold, silver and copper, kept in coppers (R-RA-1).

"2 silver coins are equal in value to 1 gold coin, and 5 copper coins are equal to 1
silver": 1 gold = 2 silver = 10 copper.
"""

from __future__ import annotations

import re

COPPER_PER_SILVER = 5
COPPER_PER_GOLD = 10

_MONEY_RE = re.compile(r"^\s*(?:(\d+)\s*g)?\s*(?:(\d+)\s*s)?\s*(?:(\d+)\s*c)?\s*$")


def format_money(coppers: int) -> str:
    """``23`` -> ``2g 1s 3c``; zero is ``0c``; negative amounts keep their sign."""
    sign = "-" if coppers < 0 else ""
    n = abs(coppers)
    gold, rest = divmod(n, COPPER_PER_GOLD)
    silver, copper = divmod(rest, COPPER_PER_SILVER)
    parts = [f"{v}{u}" for v, u in ((gold, "g"), (silver, "s"), (copper, "c")) if v]
    return sign + (" ".join(parts) or "0c")


def parse_money(text: str) -> int:
    """``"1g 1s 3c"``, ``"2s"``, ``"7c"`` or a bare number of coppers -> coppers."""
    text = text.strip().lower()
    if text.isdigit():
        return int(text)
    m = _MONEY_RE.match(text)
    if not m or not any(m.groups()):
        raise ValueError(f"{text!r} is not an amount of money (write it like 1g 1s 3c)")
    gold, silver, copper = (int(g or 0) for g in m.groups())
    return gold * COPPER_PER_GOLD + silver * COPPER_PER_SILVER + copper
