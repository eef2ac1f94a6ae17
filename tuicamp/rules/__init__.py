"""Rulesets: the protocol every ruleset implements and the registry that finds them."""

from tuicamp.rules.protocol import Option, Phase, Ruleset, Victory
from tuicamp.rules.registry import get_ruleset, load_rulesets

__all__ = ["Option", "Phase", "Ruleset", "Victory", "get_ruleset", "load_rulesets"]
