"""The words every ruleset says the same way (counted nouns, possessives, articles, lists),
as the kit offers them: they live in :mod:`tuicamp.model.words`, where the engine and the
screens use them too."""

from tuicamp.model.words import (
    and_list,
    counted,
    hex_count,
    model_count,
    possessive,
    supply_count,
    with_article,
)

__all__ = [
    "and_list",
    "counted",
    "hex_count",
    "model_count",
    "possessive",
    "supply_count",
    "with_article",
]
