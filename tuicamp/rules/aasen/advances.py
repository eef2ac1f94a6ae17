"""Advances (6.5, 8.3, tables 8.3 and 8.4, R-AA-20, R-AA-40, R-AA-43): every Glory a
character gains goes through here, so that each multiple of 5 it passes gives a roll.

"For every fifth point of Glory a character has he gets one roll on the Warrior's
Advancement table. Rolls should be made at the end of the battle where the character
reached the necessary amount of Glory. Characters who are Wizards may choose to roll on
the Wizard's Advancement table instead, but they don't have to." The roll is made in the
open as the Glory is gained and written on the character's sheet as the table words it;
a row that offers a skill leaves it to be picked (8.4, ``characters.PickSkill``).
"""

from __future__ import annotations

from typing import Any

from tuicamp.rules import api
from tuicamp.rules.aasen import marching
from tuicamp.rules.aasen.state import Character, General, astate

ELVES = "Elves"
WARRIOR, WIZARD = "warrior_advances", "wizard_advances"
TABLE_NAMES = {WARRIOR: "Warrior's Advancement (8.3)", WIZARD: "Wizard's Advancement (8.4)"}


def gain(ctx: api.Context, player: str, character: Character, points: int) -> None:
    """Adds ``points`` Glory to the character and rolls an advance for each multiple of 5
    passed (R-AA-20), never twice for one: Glory a General gives away counts "towards the
    Senior Officer's advancement but not the General's", so regaining it rolls nothing
    (R-AA-42). Each roll is told at its own multiple (6.5: "For every fifth point of Glory
    a character has he gains one roll"), two in one battle at 5 then 10 (R-AA-73)."""
    per = int(ctx.table("glory_per_advance"))
    before = max(character.glory, character.advanced_to)
    character.glory += points
    character.advanced_to = max(before, character.glory)
    for step in range(before // per + 1, character.glory // per + 1):
        advance(ctx, player, character, step * per)


def table_of(character: Character) -> str:
    """The table he rolls on: a Wizard who chose it rolls on the Wizard's (8.3, R-AA-43)."""
    return WIZARD if character.wizard and not character.warrior_table else WARRIOR


def row_of(rules: api.Rules, total: int, table: str = WARRIOR) -> dict[str, Any]:
    """The row of table 8.3 (or 8.4) for a 2D6 total."""
    return dict(next(r for r in rules.table(table) if r["low"] <= total <= r["high"]))


def rerolled(
    rules: api.Rules, player: str, character: Character, row: dict[str, Any], table: str = WARRIOR
) -> str:
    """Why the row must be rolled again, or "" (R-AA-40, R-AA-43)."""
    reasons = WARRIOR_REROLLS if table == WARRIOR else WIZARD_REROLLS
    return next((why for test in reasons if (why := test(rules, player, character, row))), "")


def _elf(rules: api.Rules, player: str, character: Character, row: dict[str, Any]) -> str:
    """ "* Elves ... must re-roll this result" (an Elf is a General of a race of Elves)."""
    elf = marching.race(rules.campaign, player).endswith(ELVES)
    return "an Elf re-rolls it" if row["elves_reroll"] and elf else ""


def _toughness_5(rules: api.Rules, player: str, character: Character, row: dict[str, Any]) -> str:
    """ "* ... characters with Toughness 5 must re-roll this result" (the Toughness
    declared, R-AA-43)."""
    bar = rules.table("toughness_bar")
    stat = str(bar["characteristic"])
    high = character.profile.get(stat, 0) >= int(bar["at"])
    return f"{stat} {bar['at']} re-rolls it" if row["elves_reroll"] and high else ""


def _twice(rules: api.Rules, player: str, character: Character, row: dict[str, Any]) -> str:
    """ "No characteristic may be increased by more than +1. Should this happen, roll
    again"."""
    again = [c for c in row["raises"] if c in character.raised]
    return f"{'/'.join(again)} is raised already" if again else ""


def _all_spells(rules: api.Rules, player: str, character: Character, row: dict[str, Any]) -> str:
    """ "Wizards who already know all available spells in their lore ... re-roll results
    that would otherwise gain them extra spells or let them choose a spell"."""
    return "he knows all his lore's spells" if row["spells"] and character.all_spells else ""


def _miscast(rules: api.Rules, player: str, character: Character, row: dict[str, Any]) -> str:
    """ "Wizards who don't Miscasts re-roll the result that would let them re-roll the
    Miscast roll"."""
    return "he does not miscast" if row["miscast"] and character.no_miscast else ""


def _repeat(rules: api.Rules, player: str, character: Character, row: dict[str, Any]) -> str:
    """ "Should a Wizard roll the same result twice, he may re-roll the dice if he
    wishes" (his wish is kept on his sheet, ``reroll_repeats``) - while some row he may
    take is still new to him (R-AA-43)."""
    if row["name"] not in character.advances or not character.reroll_repeats:
        return ""
    fresh = [
        r
        for r in rules.table(WIZARD)
        if r["name"] not in character.advances
        and not _all_spells(rules, player, character, r)
        and not _miscast(rules, player, character, r)
    ]
    return "rolled before, and he re-rolls it" if fresh else ""


WARRIOR_REROLLS = (_elf, _toughness_5, _twice)
WIZARD_REROLLS = (_all_spells, _miscast, _repeat)


def rank_of(character: Character) -> str:
    return "General" if isinstance(character, General) else "Senior Officer"


def advance(ctx: api.Context, player: str, character: Character, reached: int) -> None:
    """One roll on the character's table, again while the row may not be taken, for the
    multiple of 5 Glory ``reached``; a characteristic it raises is raised on his declared
    profile, and a skill it offers is left to pick (8.4)."""
    who = f"{api.teams.name_of(ctx.campaign, player)}'s {rank_of(character)} {character.name}"
    table = table_of(character)
    skipped = []
    while True:
        total = ctx.dice.roll("2d6", f"{who}'s advance").total
        row = row_of(ctx, total, table)
        why = rerolled(ctx, player, character, row, table)
        if not why:
            break
        skipped.append(f"{total} rolled again: {why}")
    character.advances.append(str(row["name"]))
    raises = list(row.get("raises", []))
    character.raised += raises
    for stat in raises:
        if stat in character.profile:
            character.profile[stat] += 1
    if row["name"] in ctx.table("skill_rows"):
        character.picks.append(str(row["name"]))
    again = f" ({'; '.join(skipped)})" if skipped else ""
    pick = " - a skill to pick (pick_skill)" if character.picks else ""
    ctx.emit(
        "advance",
        f"Advance, {TABLE_NAMES[table]}: {who} reaches Glory {reached} and rolls "
        f"{total}: {row['name']}{again}{pick}",
        player=player,
    )


def general_gains_1(ctx: api.Context, player: str, why: str) -> None:
    """+1 Glory to the player's own General, if he has one who leads, told with ``why``
    (an execution, a captive sold back, a grisly example...)."""
    general = astate(ctx).generals.get(player)
    if general is None or general.fate:
        return
    ctx.emit(
        "glory",
        f"Glory: {api.teams.name_of(ctx.campaign, player)}'s General {general.name} gains 1 "
        f"({why}): Glory {general.glory + 1}",
        player=player,
    )
    gain(ctx, player, general, 1)
