"""The application layer: the session, campaign set-up from a scenario, dry-run
previews and the text reports both front ends print. It sits above storage and the rules,
below the user interfaces."""
