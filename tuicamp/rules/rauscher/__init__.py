"""Warhammer Campaign by David Rauscher, as the `rauscher` ruleset."""

from tuicamp.rules.rauscher.ruleset import RauscherRuleset

__all__ = ["RauscherRuleset"]
