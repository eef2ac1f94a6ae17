"""Advances (6.5, 8.3, table 8.3, R-AA-20, R-AA-40): every Glory a General gains goes
through here, so that each multiple of 5 it passes gives a roll.

"For every fifth point of Glory a character has he gets one roll on the Warrior's
Advancement table. Rolls should be made at the end of the battle where the character
reached the necessary amount of Glory." The roll is made in the open as the Glory is
gained and written on the General's sheet as the table words it.
"""

from __future__ import annotations

from typing import Any

from tuicamp.rules import api
from tuicamp.rules.aasen import marching
from tuicamp.rules.aasen.state import General, Officer

Character = General | Officer

ELVES = "Elves"


def gain(ctx: api.Context, player: str, general: Character, points: int) -> None:
    """Adds ``points`` Glory to the General and rolls an advance for each multiple of 5
    passed (R-AA-20)."""
    per = int(ctx.table("glory_per_advance"))
    before = general.glory
    general.glory += points
    for _ in range(general.glory // per - before // per):
        advance(ctx, player, general)


def row_of(rules: api.Rules, total: int) -> dict[str, Any]:
    """Table 8.3's row for a 2D6 total."""
    rows = rules.table("warrior_advances")
    return dict(next(r for r in rows if r["low"] <= total <= r["high"]))


def rerolled(rules: api.Rules, player: str, general: Character, row: dict[str, Any]) -> str:
    """Why the row must be rolled again, or "": "Elves ... must re-roll this result";
    "No characteristic may be increased by more than +1. Should this happen, roll again"
    (R-AA-40: an Elf is a General of a race of Elves)."""
    if row["elves_reroll"] and marching.race(rules.campaign, player).endswith(ELVES):
        return "an Elf re-rolls it"
    again = [c for c in row["raises"] if c in general.raised]
    return f"{'/'.join(again)} is raised already" if again else ""


def advance(ctx: api.Context, player: str, general: Character) -> None:
    """One roll on table 8.3, again while the row may not be taken."""
    rank = "General" if isinstance(general, General) else "Senior Officer"
    who = f"{api.teams.name_of(ctx.campaign, player)}'s {rank} {general.name}"
    skipped = []
    while True:
        total = ctx.dice.roll("2d6", f"{who}'s advance").total
        row = row_of(ctx, total)
        why = rerolled(ctx, player, general, row)
        if not why:
            break
        skipped.append(f"{total} rolled again: {why}")
    general.advances.append(str(row["name"]))
    general.raised += list(row["raises"])
    again = f" ({'; '.join(skipped)})" if skipped else ""
    ctx.emit(
        "advance",
        f"Advance (8.3): {who} reaches Glory {general.glory} and rolls {total}: "
        f"{row['name']}{again}",
        player=player,
    )
