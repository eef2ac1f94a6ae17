"""The words every ruleset says the same way (counted nouns, possessives), as the kit offers
them: they live in :mod:`tuicamp.model.words`, where the engine and the screens use them too."""

from tuicamp.model.words import counted, hex_count, model_count, possessive, supply_count

__all__ = ["counted", "hex_count", "model_count", "possessive", "supply_count"]
