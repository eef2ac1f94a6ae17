"""Counted nouns and possessives for the chronicle: "1 hex" and "3 hexes", "1 model",
"1 supply"; "Stirland's" and "Orcs & Goblins'".

A chronicle line is read aloud at the club and printed in the diary; "1 hexes" or "Orcs &
Goblins's" reads as a slip. The engine, every ruleset and the screens say the same few
things, so the words are here once, at the bottom of the layers where all may use them.
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


def possessive(name: str) -> str:
    """``name`` owning something: ``Stirland's``, but ``Orcs & Goblins'`` (a name that
    ends in a plural s takes the apostrophe alone)."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
