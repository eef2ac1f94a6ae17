"""The read context of a Rauscher campaign, for the functions handed a bare campaign.

Every function of the ruleset that needs tables or options reads them from a
:class:`~tuicamp.engine.rules.Rules` (a ``Context`` is one), so house rules and options
come with what the function is given. Some callers still hold only the campaign: the
frame's read-side hooks (``pending``, ``victory``, visibility, result fields, card notes
are given a campaign), the screens' plain-data helpers and the tests. Those functions take
a :data:`Reading` (a campaign or a Rules) and read a bare campaign through the ruleset the
package wired here when it was imported (:func:`wire_frame`) — never through the engine's
registry of installed rulesets, which would point the rules back up at the plugin machinery
and fail for a ruleset built outside it.
"""

from __future__ import annotations

from typing import TypeAlias

from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import Ruleset
from tuicamp.model.campaign import Campaign

# What a read-side function accepts: the read context, or a campaign of this ruleset.
Reading: TypeAlias = Campaign | Rules

_frame: list[Ruleset] = []  # the one ruleset instance this package reads campaigns through


def wire_frame(ruleset: Ruleset) -> None:
    """The package's ``__init__`` hands its frame over once, at import."""
    _frame[:] = [ruleset]


def rules_of(source: Reading) -> Rules:
    """The read context itself, or one for a bare campaign of this ruleset."""
    if isinstance(source, Rules):
        return source
    if not _frame:
        raise RuntimeError("the Rauscher frame is not wired: import tuicamp.rules.rauscher")
    return Rules(source, _frame[0])


def campaign_of(source: Reading) -> Campaign:
    """The campaign behind a Reading, without building a read context."""
    return source.campaign if isinstance(source, Rules) else source
