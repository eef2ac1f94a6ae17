"""What the Movement phase leaves for the battle card: field defences, hasty attacks,
sprung ambushes and what each side's scouts found out.

The combat module builds its battles and asks here; nothing in this module opens one.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from tuicamp.model.battle import BattleSide, Circumstance
from tuicamp.model.hexes import Hex
from tuicamp.rules.rauscher.movement.costs import fights, march_of
from tuicamp.rules.rauscher.movement.scouting import describe, known_level, rank, sharing
from tuicamp.rules.rauscher.shared.common import enemies, rstate
from tuicamp.rules.rauscher.shared.state import March, Stance

if TYPE_CHECKING:
    from tuicamp.engine.rules import Rules

_ROUNDING = {
    "up": math.ceil,
    "down": math.floor,
    "nearest": lambda x: math.floor(x + 0.5),
}


def defences_for(rules: Rules, army_id: str) -> list[str]:
    """What an army in prepared defences or a hasty defence may build, for the battle card:
    "For every 1,000 points of troops" (every part of 1,000 counts by default; the
    [move_defences] table says how to round). Empty when it has not dug in."""
    campaign = rules.campaign
    army = campaign.army(army_id)
    record = rstate(campaign).army(army_id)
    if army is None or record.stance not in (Stance.PREPARED, Stance.HASTY):
        return []
    spec = rules.table("move_defences")
    points = army.points + sum(a.points for a in record.allocations)
    sets = int(_ROUNDING[spec["rounding"]](points / float(spec["per_points"])))
    if sets <= 0:
        return []
    out = []
    for item in spec[record.stance.value]:
        n = int(item["per"]) * sets
        text = item.get("plural", item["text"]) if n != 1 else item["text"]
        out.append(text.format(n=n))
    return out


def hasty_attack(rules: Rules, army_id: str) -> bool:
    """ "An army which moved at a fast march or a forced march this turn and has ended
    their movement in the same hex as an enemy army is said to be making a hasty attack"
    ("automatically Outscouted" under the advanced rules)."""
    campaign = rules.campaign
    army = campaign.army(army_id)
    record = rstate(campaign).army(army_id)
    if army is None or army.hex is None or not record.moved or not fights(rules, army_id):
        return False
    if march_of(rules, army_id) not in (March.FAST, March.FORCED):
        return False
    return any(
        enemies(campaign, army.owner, a.owner) and fights(rules, a.id)
        for a in campaign.armies_at(army.hex)
    )


def battle_circumstances(
    rules: Rules,
    hex: Hex,
    armies: list[str],
    sides: list[BattleSide] | None = None,
) -> list[Circumstance]:
    """Ambush, hasty-attack and scouting circumstances of a battle at ``hex`` among
    ``armies``. ``side`` is the id of the side in ``sides`` that holds the army the
    circumstance is for (without ``sides``: the army's id; None: both sides).

    Keys: "ambush" (the Ambush Result Table row, both sides, value = the roll),
    "surprise" (value 2 complete surprise, 1 advanced warning, for the side it helps: the
    auto-resolver reads it), "hasty_attack", "scouted" (value: 1 points, 2 categories,
    3 everything known of an enemy army).
    """
    campaign = rules.campaign

    def side_of(army_id: str) -> str:
        if sides is None:
            return army_id
        found = next((s.id for s in sides if army_id in s.armies), None)
        return found if found is not None else army_id

    out: list[Circumstance] = []
    rows = {r["key"]: r for r in rules.table("ambush_results")}
    present = set(armies)
    for sprung in rstate(campaign).movement.sprung:
        if sprung.turn != campaign.turn or sprung.hex != hex:
            continue
        if sprung.army not in present or sprung.target not in present:
            continue
        party, target = campaign.army(sprung.army), campaign.army(sprung.target)
        names = f"'{party.name}' on '{target.name}'" if party and target else "an ambush"
        out.append(
            Circumstance(
                "ambush",
                f"Ambush by {names} (roll {sprung.total}): {sprung.text}",
                None,
                sprung.total,
            )
        )
        row = rows.get(sprung.row, {})
        helped = {"ambusher": sprung.army, "ambushed": sprung.target}.get(
            row.get("surprise_for", "")
        )
        if helped and int(row.get("surprise", 0)):
            title = sprung.text.split(" - ")[0]
            out.append(Circumstance("surprise", f"{title}", side_of(helped), int(row["surprise"])))
    for army_id in armies:
        army = campaign.army(army_id)
        if army is not None and hasty_attack(rules, army_id):
            march = march_of(rules, army_id).value
            out.append(
                Circumstance(
                    "hasty_attack",
                    f"'{army.name}' makes a hasty attack after a {march} march "
                    "(advanced rules: automatically Outscouted)",
                    side_of(army_id),
                )
            )
    for army_id in armies:
        army = campaign.army(army_id)
        if army is None or not fights(rules, army_id):
            continue
        for other_id in armies:
            other = campaign.army(other_id)
            if other is None or not enemies(campaign, army.owner, other.owner):
                continue
            if not fights(rules, other_id):
                continue
            level = known_level(campaign, sharing(campaign, [army.owner]), other)
            if rank(level) == 0:
                continue
            text = f"Scouted: {describe(campaign, other, level)}"
            if not any(c.key == "scouted" and c.text == text for c in out):
                out.append(Circumstance("scouted", text, side_of(army_id), rank(level)))
    return out
