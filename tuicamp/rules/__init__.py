"""Rulesets: the kit of shared mechanisms, the public face for ruleset authors
(``tuicamp.rules.api``) and the bundled rulesets, each a package of the same shape."""
