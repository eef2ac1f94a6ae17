"""The kit: mechanisms every ruleset may use (movement costs, sealed choices,
agreements, teams, turn helpers, problems). Nothing here names a ruleset."""
