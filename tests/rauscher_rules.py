"""The read context of a Rauscher campaign a test builds in code (not named test_*: it
holds no tests).

Every read-side function of the ruleset takes a ``Rules`` (the frame's hooks are given
one and hand it down), so a test that asks one of them directly (a move's price, what a
scout learns, whether the war is won) hands it the campaign read through the ruleset.
"""

from __future__ import annotations

from tuicamp.engine.registry import get_ruleset
from tuicamp.engine.rules import Rules
from tuicamp.model.campaign import Campaign


def rauscher_rules(campaign: Campaign) -> Rules:
    """``campaign`` read through the installed Rauscher ruleset: its tables under the
    campaign's house rules, and its options, as they stand now (build one after changing
    them: a Rules keeps the tables it merged)."""
    return Rules(campaign, get_ruleset("rauscher"))
