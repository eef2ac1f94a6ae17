"""Rulesets written the way a ruleset author writes one (from ``tuicamp.rules.api`` alone),
for the tests and for the guide, docs/writing-a-ruleset.md. Not installed: a test
registers the one it plays."""
