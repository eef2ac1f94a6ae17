"""The kit: mechanisms every ruleset may use (sealed choices, agreements, teams, the
clock, turn helpers). Nothing here names a ruleset."""
