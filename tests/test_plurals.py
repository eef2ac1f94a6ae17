"""Plurals in the chronicle: "1 hex", "1 model", "1 supply", never "1 hexes".

The recorded chronicles (``tests/data/chronicles``) are whole games played by script;
``tests/test_flow_sameness.py`` plays them again and requires the very same lines, so
what is checked here is what play writes today.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tuicamp.rules.kit import words
from tuicamp.rules.kit.words import counted, hex_count, model_count, possessive, supply_count

CHRONICLES = sorted((Path(__file__).parent / "data" / "chronicles").glob("*.json"))
# One of something, then a plural: "1 hexes", "1 models", "1 supplies" (not "11 hexes",
# "2.1 hexes" or "1,000 models").
ONE_PLURAL = re.compile(r"(?<![\d.,])\b1 (hexes|models|supplies|units|armies|turns|points)\b")


def lines(path: Path) -> list[str]:
    return [e["text"] for e in json.loads(path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("path", CHRONICLES, ids=lambda p: p.stem)
def test_no_line_of_a_played_chronicle_counts_one_in_the_plural(path: Path) -> None:
    wrong = [line for line in lines(path) if ONE_PLURAL.search(line)]
    assert not wrong, wrong[:5]


def test_the_played_chronicles_do_count_one_of_each() -> None:
    """The check above is not empty: play moves armies one hex, loses single models and
    buys single supplies, and says so in the singular."""
    text = "\n".join(line for path in CHRONICLES for line in lines(path))
    for singular in ("(1 hex,", "lost 1 model", "1 model of", "1 supply"):
        assert singular in text, singular
    assert re.search(r"\(\d+ hexes,", text)  # and more than one in the plural


@pytest.mark.parametrize(
    ("n", "noun", "said"),
    [
        (1, "hex", "1 hex"),
        (2, "hex", "2 hexes"),
        (0, "hex", "0 hexes"),
        (1, "supply", "1 supply"),
        (5, "supply", "5 supplies"),
        (1, "army", "1 army"),
        (3, "army", "3 armies"),
        (1, "model", "1 model"),
        (12, "model", "12 models"),
    ],
)
def test_counted_says_one_in_the_singular(n: int, noun: str, said: str) -> None:
    assert counted(n, noun) == said


def test_the_counts_the_rulesets_use() -> None:
    assert (hex_count(1), model_count(1), supply_count(1)) == ("1 hex", "1 model", "1 supply")
    assert (hex_count(2), model_count(2), supply_count(2)) == ("2 hexes", "2 models", "2 supplies")


def test_a_name_ending_in_s_owns_with_the_apostrophe_alone() -> None:
    """ "Orcs & Goblins' Move phase", never "Orcs & Goblins's"."""
    assert possessive("Stirland") == "Stirland's"
    assert possessive("Orcs & Goblins") == "Orcs & Goblins'"
    assert possessive("The Empire") == "The Empire's"


@pytest.mark.parametrize(
    ("noun", "said"),
    [
        ("truce", "a truce"),
        ("alliance", "an alliance"),
        ("Alliance", "an Alliance"),
        ("temporary alliance", "a temporary alliance"),
        ("settlement of meeting m1", "a settlement of meeting m1"),
        ("union", "a union"),
        ("one-turn truce", "a one-turn truce"),
        ("hour's truce", "an hour's truce"),
        ("honest peace", "an honest peace"),
        ("hostage", "a hostage"),
        ("exchange", "an exchange"),
        ("", ""),
    ],
)
def test_a_noun_takes_the_article_its_sound_asks_for(noun: str, said: str) -> None:
    """ "an alliance", never "a alliance"."""
    assert words.with_article(noun) == said


@pytest.mark.parametrize(
    ("names", "said"),
    [
        ([], ""),
        (["Anna"], "Anna"),
        (["Anna", "Bruno"], "Anna and Bruno"),
        (["Anna", "Bruno", "Carla"], "Anna, Bruno and Carla"),
        (["Anna", "Bruno", "Carla", "Dieter"], "Anna, Bruno, Carla and Dieter"),
    ],
)
def test_names_are_listed_as_a_sentence_lists_them(names: list[str], said: str) -> None:
    assert words.and_list(names) == said


@pytest.mark.parametrize("path", CHRONICLES, ids=lambda p: p.stem)
def test_no_line_of_a_played_chronicle_owns_with_s_apostrophe_s(path: Path) -> None:
    assert [line for line in lines(path) if re.search(r"s's\b", line)] == []
