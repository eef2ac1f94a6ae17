"""Counted nouns for the chronicle: "1 hex" and "3 hexes", "1 model", "1 supply".

A chronicle line is read aloud at the club and printed in the diary; "1 hexes" reads as
a slip. Every ruleset counts the same few things, so the words are here once.
"""

from __future__ import annotations

# The plurals English does not make by adding an "s".
IRREGULAR: dict[str, str] = {"hex": "hexes", "supply": "supplies", "army": "armies"}


def counted(n: int, noun: str) -> str:
    """``n`` and the noun, singular for exactly one: ``counted(1, "hex") == "1 hex"``."""
    if n == 1:
        return f"{n} {noun}"
    return f"{n} {IRREGULAR.get(noun, noun + 's')}"


def hex_count(n: int) -> str:
    return counted(n, "hex")


def model_count(n: int) -> str:
    return counted(n, "model")


def supply_count(n: int) -> str:
    return counted(n, "supply")
