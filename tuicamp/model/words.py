"""Counted nouns, possessives, articles and lists for the chronicle: "1 hex" and "3 hexes",
"1 model", "1 supply"; "Stirland's" and "Orcs & Goblins'"; "an alliance"; "Anna and Bruno";
"Anna (Empire)" but "Orcs & Goblins" alone when that is the player's race too.

A chronicle line is read aloud at the club and printed in the diary; "1 hexes", "Orcs &
Goblins's", "a alliance", "agreed between Anna, Bruno" or "Orcs & Goblins (Orcs & Goblins)"
reads as a slip. The engine, every ruleset and the screens say the same few things, so the
words are here once, at the bottom of the layers where all may use them.
"""

from __future__ import annotations

from collections.abc import Sequence

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


# Words whose first letter does not say which article they take: "a union", "an hour".
ARTICLE_EXCEPTIONS: dict[str, str] = {
    "eu": "a",
    "one": "a",
    "uni": "a",
    "use": "a",
    "usu": "a",
    "heir": "an",
    "honest": "an",
    "honour": "an",
    "hour": "an",
}


def with_article(noun: str) -> str:
    """``noun`` with its indefinite article: "a truce", "an alliance", "a union", "an hour"
    (by its sound, read from its first letters)."""
    word = noun.lower()
    prefix = max((p for p in ARTICLE_EXCEPTIONS if word.startswith(p)), key=len, default="")
    article = ARTICLE_EXCEPTIONS[prefix] if prefix else "an" if word[:1] in "aeiou" else "a"
    return f"{article} {noun}" if noun else noun


def and_list(names: Sequence[str]) -> str:
    """Names as a sentence lists them: "Anna", "Anna and Bruno", "Anna, Bruno and Carla"."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def with_race(name: str, race: str) -> str:
    """A player by name and race, "Anna (Empire)"; the name alone when it is the race too
    (a seat named for its army, "Orcs & Goblins") or there is no race."""
    if not race or name.strip().casefold() == race.strip().casefold():
        return name
    return f"{name} ({race})"
