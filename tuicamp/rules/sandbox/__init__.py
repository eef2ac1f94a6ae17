"""The sandbox ruleset: free play with the books kept."""

from tuicamp.rules.sandbox.ruleset import SandboxRuleset

__all__ = ["SandboxRuleset"]
