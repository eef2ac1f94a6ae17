"""Which race each unit marches as, read from the ``race`` table.

The text gives each race its hexes an hour and some their own terrain; an army "must
follow the slowest moving troops", and an exception holds only when every unit of the
division has it (R-EL-12). Every unit carries its race: its own when the scenario gives one
(an ally, a subject people), else its owner's (``api.unit_race``).
"""

from __future__ import annotations

from typing import Any

from tuicamp.rules import api

OTHER = "other"


def race_key(rules: api.Rules, race: str) -> str:
    """The ``race`` table's key for a race word ("Orcs & Goblins" -> greenskins); a word
    the table does not name is ``other``."""
    wanted = race.strip().casefold()
    for key, row in rules.table("race").items():
        if any(wanted == str(name).casefold() for name in row.get("names", ())):
            return str(key)
    return OTHER


def race_row(rules: api.Rules, key: str) -> dict[str, Any]:
    table = rules.table("race")
    row: dict[str, Any] = table.get(key) or table.get(OTHER) or {}
    return row


def unit_keys(rules: api.Rules, army: api.Army) -> list[str]:
    """The race key of every unit of ``army``, in unit order."""
    owner = rules.campaign.player(army.owner)
    return [race_key(rules, api.unit_race(u, owner)) for u in army.units]


def whole_army(rules: api.Rules, army: api.Army, key: str) -> bool:
    """Whether every unit of the division is of race ``key`` (R-EL-12); an empty division
    is of no race."""
    keys = unit_keys(rules, army)
    return bool(keys) and all(k == key for k in keys)


def is_goblin(rules: api.Rules, army: api.Army, unit: api.Unit) -> bool:
    """A goblin regiment, which Move ya! feeds on (R-EL-25): a unit of troops (not a
    character, war machine or monster) whose race is a goblin race."""
    owner = rules.campaign.player(army.owner)
    goblins = {str(r).casefold() for r in rules.table("move_ya").get("goblin_races", ())}
    race = api.unit_race(unit, owner).casefold()
    return unit.category.is_rank_and_file and race in goblins
