"""What a corps is (R-SU-1, R-SU-23): who leads it, whether it is light cavalry, whether it
takes an impulse, and which corps stand against which.

A corps is one army of the campaign: a stack of regiments and characters. "REMEMBER if you
don't have a leader for the unit, the unit can only stand around doing nothing."
"""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.suvinen.state import sstate

LEADER_FLAGS = frozenset({"leader", "general"})


def leader(army: api.Army) -> api.Unit | None:
    """The corps' leader (R-SU-24): its first character flagged ``leader`` or ``general``;
    "secondary leader(s)" are more characters so flagged, who take over when it falls."""
    return next(
        (
            u
            for u in army.units
            if u.category is api.Category.CHARACTER and u.flags & LEADER_FLAGS and u.models > 0
        ),
        None,
    )


def regiments(army: api.Army) -> list[api.Unit]:
    """The corps' regiments: every unit that is not a character."""
    return [u for u in army.units if u.category is not api.Category.CHARACTER]


def is_lc(army: api.Army) -> bool:
    """R-SU-23: "An LC unit is a corps in which every regiment is light cavalry" (and it
    has at least one regiment: a band of characters alone is no cavalry corps)."""
    found = regiments(army)
    return bool(found) and all(u.category is api.Category.LIGHT_CAVALRY for u in found)


def is_garrison(rules: api.Rules, army: api.Army) -> bool:
    """A declared garrison (R-SU-20) stays in its castle or city: it takes no impulse."""
    return army.id in sstate(rules).garrisons.values()


def takes_impulse(rules: api.Rules, army: api.Army, impulse: int) -> bool:
    """R-SU-1, R-SU-11: a corps on the map with a leader takes impulses 1-4, an LC corps
    5-8 as well; leaderless corps and garrisons pass."""
    if army.hex is None or not army.units or is_garrison(rules, army) or leader(army) is None:
        return False
    last_for_all = int(rules.table("impulses").get("last_for_all", 4))
    return impulse <= last_for_all or is_lc(army)


def allied(rules: api.Rules, a: str, b: str) -> bool:
    """Players of one team, or allied for this turn by mutual consent (R-SU-12)."""
    if a == b or api.teams.friendly(rules.campaign, a, b):
        return True
    for agreement in sstate(rules).alliances.items:
        if agreement.status == api.AgreementStatus.ACCEPTED and {a, b} <= set(agreement.circle):
            return True
    return False


def allies_of(rules: api.Rules, player: str) -> list[str]:
    """``player`` and the players allied to it this turn: the readers of what only its
    side may know, such as where its corps are committed to go (R-SU-42)."""
    return [p.id for p in rules.campaign.players if allied(rules, player, p.id)]


def hostile(rules: api.Rules, a: str, b: str) -> bool:
    """Everyone not allied stands against everyone else (§3.5)."""
    return not allied(rules, a, b)


def corps_at(rules: api.Rules, h: api.Hex) -> list[api.Army]:
    """The corps standing in a hex, garrisons included."""
    return [a for a in rules.campaign.armies if a.hex == h and a.units]


def hostile_at(rules: api.Rules, h: api.Hex, player: str) -> list[api.Army]:
    """The corps in a hex that stand against ``player``."""
    return [a for a in corps_at(rules, h) if hostile(rules, a.owner, player)]


def describe(army: api.Army) -> str:
    """A corps as the chronicle names it, its LC flag shown."""
    return f"'{army.name}'" + (" (LC)" if is_lc(army) else "")
