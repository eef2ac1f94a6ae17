"""Seeded mutations of tuicamp's files, the way a careless editor, a full disk or a curious
player spoils them: lines lost, doubled or swapped, files cut short, numbers past every
limit, text where numbers go, control characters, deep nesting, a missing last newline.

Each mutation is a pure function of the text and a ``random.Random``, so a seed gives
the same spoiled file every run (the fuzz test is deterministic).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

Mutation = Callable[[str, random.Random], str]

_NUMBER_RE = re.compile(r"(?m)(=\s*|\[\s*|,\s*)(-?\d+(?:\.\d+)?)(?=\s*(?:$|,|\]|\}|#))")
_STRING_RE = re.compile(r'(?m)(=\s*)("(?:[^"\\\n]|\\.)*")')
_KEY_RE = re.compile(r"(?m)^(\s*)([A-Za-z_][A-Za-z0-9_-]*)(\s*=)")

NUMBERS = [
    "-1",
    "0",
    "1",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "99999999999999999999999",
    "1e308",
    "-1e308",
    "inf",
    "-inf",
    "nan",
    "0.5",
    "-0.0",
    '"six"',
    '""',
    "true",
    "[]",
    "{}",
    "[1, 2]",
    "{ a = 1 }",
]
TEXTS = [
    '""',
    '"x"',
    '"0000"',
    '"9999"',
    '"a1"',
    '"gm"',
    '" "',
    '"\\u001b]0;pwned\\u0007"',
    '"line\\nbreak"',
    '"' + "w" * 300 + '"',
    "5",
    "-1",
    "true",
    "[]",
    "{}",
    '["x"]',
    "nan",
]
LINES = [
    "",
    "[extra]",
    "[[extra]]",
    "x = 1",
    "id = 5",
    "[campaign]",
    "[header]",
    "[[event]]",
    "[[action]]",
    'kind = "nothing"',
    "= 3",
    "x = [",
    '"""',
    "\x00",
    "\x1b[2J",
]


def _pick_line(text: str, rng: random.Random) -> tuple[list[str], int]:
    lines = text.split("\n")
    return lines, rng.randrange(len(lines))


def delete_line(text: str, rng: random.Random) -> str:
    lines, i = _pick_line(text, rng)
    del lines[i]
    return "\n".join(lines)


def double_line(text: str, rng: random.Random) -> str:
    lines, i = _pick_line(text, rng)
    lines.insert(i, lines[i])
    return "\n".join(lines)


def swap_lines(text: str, rng: random.Random) -> str:
    lines, i = _pick_line(text, rng)
    j = rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def cut_at_line(text: str, rng: random.Random) -> str:
    lines, i = _pick_line(text, rng)
    return "\n".join(lines[: max(1, i)]) + "\n"


def cut_anywhere(text: str, rng: random.Random) -> str:
    return text[: rng.randrange(1, max(2, len(text)))]


def insert_line(text: str, rng: random.Random) -> str:
    lines, i = _pick_line(text, rng)
    lines.insert(i, rng.choice(LINES))
    return "\n".join(lines)


def _replace_match(pattern: re.Pattern[str], group: int, values: list[str]) -> Mutation:
    def mutate(text: str, rng: random.Random) -> str:
        found = list(pattern.finditer(text))
        if not found:
            return text
        m = rng.choice(found)
        return text[: m.start(group)] + rng.choice(values) + text[m.end(group) :]

    mutate.__name__ = f"replace_{'number' if values is NUMBERS else 'text'}"
    return mutate


replace_number = _replace_match(_NUMBER_RE, 2, NUMBERS)
replace_text = _replace_match(_STRING_RE, 2, TEXTS)


def rename_key(text: str, rng: random.Random) -> str:
    found = list(_KEY_RE.finditer(text))
    if not found:
        return text
    m = rng.choice(found)
    key = m.group(2)
    new = rng.choice([key + "s", key[:-1] or "k", "_" + key, key.upper(), "__init__"])
    return text[: m.start(2)] + new + text[m.end(2) :]


def deep_nesting(text: str, rng: random.Random) -> str:
    depth = rng.choice([100, 500, 3000])
    opener, closer = rng.choice([("[", "]"), ("{ a = ", " }")])
    lines, i = _pick_line(text, rng)
    lines.insert(i, "deep = " + opener * depth + "1" + closer * depth)
    return "\n".join(lines)


def drop_last_newline(text: str, rng: random.Random) -> str:
    return text.rstrip("\n")


def control_character(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(["\x07", "\x1b", "\r", "\x7f", "\u2028", "\ufeff"]) + text[at:]


MUTATIONS: list[Mutation] = [
    delete_line,
    double_line,
    swap_lines,
    cut_at_line,
    cut_anywhere,
    insert_line,
    replace_number,
    replace_number,
    replace_text,
    rename_key,
    deep_nesting,
    drop_last_newline,
    control_character,
]


def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    """One to three mutations of ``text``: (their names, the spoiled text)."""
    names = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        mutation = rng.choice(MUTATIONS)
        names.append(mutation.__name__)
        text = mutation(text, rng)
    return "+".join(names), text
