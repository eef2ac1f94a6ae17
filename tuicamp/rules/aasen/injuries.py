"""Injuries after a battle (6.6, 8.2, table 8.2, R-AA-13, R-AA-37, R-AA-44).

"Each General and Senior Officer that was 'slain' during a battle (i.e. either reduced to
0 Wounds or run down) must roll on the Injuries table ... Characters that run from the
battlefield roll twice on the table and apply the highest result." The result form asks
of each fighting General, and of each Senior Officer of a player on a side, whether he
was slain, whether he fled and whether he was mounted; the rolls are made in the open as
the result is entered, told in the chronicle and kept on the character. The rows that
depend on the profile read what his player declared of it (R-AA-43); a dead General
leads no more, a captured one is held by the enemy realm (8.2's Captured), both shown in
the status lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from attrs import frozen

from tuicamp.rules import api
from tuicamp.rules.aasen import advances, hatred, realms
from tuicamp.rules.aasen.state import (
    CAPTURED,
    DEAD,
    RETIRED,
    AasenState,
    Character,
    General,
    Officer,
    astate,
)

SLAIN, FLED, MOUNTED = "slain_", "fled_", "mounted_"  # the form's fields: slain_<who>, ...
QUESTIONS = {
    SLAIN: "was slain (reduced to 0 Wounds or run down)",
    FLED: "fled the battlefield or ended the battle fleeing",
    MOUNTED: "was mounted in this battle",
}
WOUNDS = "W"


def commands(state: AasenState, player: str) -> bool:
    """Whether ``player`` has a General to lead him: alive and free (8.5: "If unable to do
    this, he cannot declare any invasions that turn", R-AA-38)."""
    general = state.generals.get(player)
    return general is not None and not general.fate


@frozen
class Fighter:
    """A character the form asks about: of which side and player, and his fields' key."""

    side: str
    player: str
    character: Character

    @property
    def key(self) -> str:
        """The General's fields end with his player's id, a Senior Officer's with his
        name's letters after it."""
        if isinstance(self.character, General):
            return self.player
        slug = re.sub(r"[^a-z0-9]+", "-", self.character.name.lower()).strip("-")
        return f"{self.player}~{slug}"


def on_the_table(campaign: api.Campaign, player: str) -> bool:
    """Whether the player's General fights his battles: not dead, captured or retired (8.5:
    "If a General is unavailable due to being dead or captured ... If the player has no
    Senior Officer to take over, his army will have no General", R-AA-82), so the form
    asks his deeds and injuries."""
    state = campaign.state
    return isinstance(state, AasenState) and commands(state, player)


def fighters(state: AasenState, battle: api.Battle, everyone: bool = False) -> Iterator[Fighter]:
    """Each side's fighting General, unless he is lost (R-AA-82), then each free Senior
    Officer of each player on it (8.1: "Senior Officers do not have to be used in each
    battle"). One whose Old Battle Wound rolled 1 is left out ("The character may not
    fight this battle", R-AA-88) unless ``everyone``: the form asks nothing of him."""
    for side in battle.sides:
        if not side.players:
            continue
        general = state.generals.get(side.players[0])
        found = [Fighter(side.id, side.players[0], general)] if general else []
        for player in side.players:
            found += [Fighter(side.id, player, o) for o in state.officers.get(player, [])]
        found = [f for f in found if not f.character.fate]
        yield from (f for f in found if everyone or not kept_out(battle, f))


OUT, FIGHTS = "old_wound_out", "old_wound_fights"  # table battle_start's keys of a 1 and a 2


def rolled(battle: api.Battle, fighter: Fighter, key: str) -> bool:
    """Whether the fighter's roll at the battle's start gave the table's ``key``."""
    mine = wound_key(key, fighter)
    return any(c.key == mine and c.side == fighter.side for c in battle.circumstances)


def kept_out(battle: api.Battle, fighter: Fighter) -> bool:
    """8.2, Old Battle Wound 1: "The character may not fight this battle ... If he is the
    army General, the army has no General in this battle" (R-AA-88)."""
    return rolled(battle, fighter, OUT)


def general_kept_out(campaign: api.Campaign, battle: api.Battle, side: str) -> bool:
    """Whether the General of ``side`` may not fight this battle (R-AA-88)."""
    state = campaign.state
    entry = battle.side(side)
    if not isinstance(state, AasenState) or entry is None or not entry.players:
        return False
    general = state.generals.get(entry.players[0])
    return general is not None and kept_out(battle, Fighter(side, entry.players[0], general))


def title(campaign: api.Campaign, fighter: Fighter) -> str:
    """ "Malus's General Malus Darkblade", "Malus's Senior Officer Rakarth"."""
    rank = advances.rank_of(fighter.character)
    return f"{api.teams.name_of(campaign, fighter.player)}'s {rank} {fighter.character.name}"


def fields(campaign: api.Campaign, battle: api.Battle) -> tuple[api.ResultField, ...]:
    """Of each fighter, asked of his side: slain? fled? mounted? (R-AA-13, R-AA-37); and of
    a Senior Officer whose Old Battle Wound rolled 2, whether he stayed out of the battle
    after all (R-AA-89)."""
    state = campaign.state
    if not isinstance(state, AasenState):
        return ()
    asked = []
    for fighter in fighters(state, battle):
        if isinstance(fighter.character, Officer) and rolled(battle, fighter, FIGHTS):
            asked.append(
                api.ResultField(
                    f"{ABSENT}{fighter.key}",
                    f"Old Battle Wound (8.2): {title(campaign, fighter)} rolled 2 but did "
                    "not fight this battle (not fielded or kept out: no +1 Glory)",
                    "bool",
                    scope=api.FieldScope.ONE_SIDE,
                    side=fighter.side,
                )
            )
        asked += [
            api.ResultField(
                f"{prefix}{fighter.key}",
                f"Injuries (6.6): {title(campaign, fighter)} {question}",
                "bool",
                scope=api.FieldScope.ONE_SIDE,
                side=fighter.side,
            )
            for prefix, question in QUESTIONS.items()
        ]
    return tuple(asked)


ABSENT = "absent_"  # the form's absent_<who>: a Senior Officer with a 2 who did not fight


def check(ctx: api.Context, battle: api.Battle) -> None:
    """Before a result is drawn: a Senior Officer who did not fight was neither slain nor
    fled in it (R-AA-89); the dice at its start are in (battle_start.check)."""
    result = battle.result
    if result is None:
        return
    for fighter in fighters(astate(ctx), battle):
        entry = result.side(fighter.side)
        facts = entry.facts if entry is not None else {}
        if not facts.get(f"{ABSENT}{fighter.key}", 0):
            continue
        both = [word for prefix, word in CONTRADICT if facts.get(f"{prefix}{fighter.key}", 0)]
        if both:
            raise api.RuleError(
                f"{title(ctx.campaign, fighter)} is declared absent from battle {battle.id} "
                f"(did not fight) and also entered as {' and '.join(both)}: the two "
                "contradict, one who did not fight was neither slain nor fled in it; clear "
                "one of them (8.2, R-AA-89)"
            )


CONTRADICT = ((SLAIN, "slain"), (FLED, "fled"))  # what one declared absent cannot have been


def absent(battle: api.Battle, fighter: Fighter) -> bool:
    """Whether the result declares the Senior Officer absent: rolled 2 but not fielded, or
    kept out after all (R-AA-89)."""
    entry = battle.result.side(fighter.side) if battle.result else None
    return bool(entry is not None and entry.facts.get(f"{ABSENT}{fighter.key}", 0))


def did_not_fight(battle: api.Battle, fighter: Fighter) -> str:
    """Why the character did not fight the battle, or "": kept out by his Old Battle
    Wound's 1 (R-AA-88) or declared absent (R-AA-89). Table 6.3 is of heroic deeds done
    in the battle, so one who did not fight earns none of its Glory (R-AA-95)."""
    if kept_out(battle, fighter):
        return 'his Old Battle Wound kept him out (8.2\'s 1, "Ow, my leg", R-AA-88)'
    return "he is declared absent from it (R-AA-89)" if absent(battle, fighter) else ""


def row_of(rules: api.Rules, d66: int) -> dict[str, Any]:
    """Table 8.2's row for a D66 result."""
    row = next((r for r in rules.table("injuries") if r["low"] <= d66 <= r["high"]), None)
    if row is None:
        raise api.RuleError(f"{d66} is not a D66 result (11 to 66)")
    return dict(row)


@frozen
class Injury:
    """One injury as rolled: the D66 and its row, the further D6 of a Bitter enemy, and the
    results rolled again before it (R-AA-44)."""

    d66: int
    row: dict[str, Any]
    hated: str = ""
    rerolled: tuple[str, ...] = ()
    whom: str = ""  # a Bitter enemy's: general | army | realm

    @property
    def kind(self) -> str:
        return str(self.row["kind"])

    def text(self) -> str:
        effect = f"Hates {self.hated}" if self.hated else self.row["effect"]
        return f"{self.row['name']} ({effect})"

    def told(self) -> str:
        again = f" ({'; '.join(self.rerolled)})" if self.rerolled else ""
        return f"{self.d66}: {self.text()}{again}"


def barred(character: Character | None, row: dict[str, Any], mounted: bool) -> str:
    """Why the row is rolled again for this character, or "" (8.2, R-AA-44): "Amnesia ...
    re-roll if not a Wizard"; Paranoia and Deathwish "Re-roll if the character was not
    allowed to do this to begin with"; "Trampled by own steed ... Re-roll if the character
    was not mounted in this battle"; "If the character was already at 1 in that stat,
    re-roll the result" (Wounds apart: he dies)."""
    if character is None:
        return ""
    needs = str(row.get("needs", ""))
    tests = {
        "wizard": (character.wizard, "he is no Wizard"),
        "joins": (character.joins, "he may not join units"),
        "armour": (character.armour, "he may wear no armour"),
        "mounted": (mounted, "he was not mounted"),
    }
    if needs and not tests[needs][0]:
        return tests[needs][1]
    at_one = [s for s in row.get("lowers", {}) if s != WOUNDS and character.profile.get(s) == 1]
    return f"his {'/'.join(at_one)} is 1 already" if at_one else ""


def roll(
    rules: api.Rules,
    dice: api.Dice,
    who: str,
    times: int,
    character: Character | None = None,
    mounted: bool = True,
) -> list[Injury]:
    """R-AA-13: one D66, or two for one who fled and the higher applies; "Multiple
    injuries. Roll a further D3+1 times on this table, re-rolling any further 'Dead',
    'Captured', 'Multiple injuries' and 'Full recovery' results" (R-AA-37: each further
    roll is made again until it gives another row). A row barred for the character is
    rolled again, one D66 (R-AA-44)."""
    d66 = max(dice.d66(f"{who}'s injury") for _ in range(times))
    first = _injury(rules, dice, who, d66, character, mounted)
    if first.kind != "multiple":
        return [first]
    out = [first]
    banned = set(rules.table("multiple_rerolls"))
    for _ in range(dice.roll("d3+1", f"{who}'s further injuries").total):
        while True:
            more = _injury(rules, dice, who, dice.d66(f"{who}'s injury"), character, mounted)
            if more.kind not in banned:
                break
        out.append(more)
    return out


def _injury(
    rules: api.Rules,
    dice: api.Dice,
    who: str,
    d66: int,
    character: Character | None,
    mounted: bool,
) -> Injury:
    again: list[str] = []
    row = row_of(rules, d66)
    while why := barred(character, row, mounted):
        again.append(f"{d66} rolled again: {why}")
        d66 = dice.d66(f"{who}'s injury")
        row = row_of(rules, d66)
    if row["kind"] != "hated":
        return Injury(d66, row, rerolled=tuple(again))
    d6 = dice.d6(f"{who}'s bitter enemy")
    hated = next(r for r in rules.table("hated") if r["low"] <= d6 <= r["high"])
    return Injury(d66, row, hated["whom"], tuple(again), hated["kind"])


def apply(ctx: api.Context, battle: api.Battle) -> None:
    """Each fighter the form names slain or fled rolls (6.6); the effects apply from his
    next battle on, and the chronicle tells them."""
    result = battle.result
    if result is None:
        return
    camp, state = ctx.campaign, astate(ctx)
    for fighter in list(fighters(state, battle)):
        entry = result.side(fighter.side)
        character = fighter.character
        if entry is None or character.fate:
            continue
        slain, fled, mounted = (
            bool(entry.facts.get(f"{p}{fighter.key}", 0)) for p in (SLAIN, FLED, MOUNTED)
        )
        if not (slain or fled):
            continue
        who = title(camp, fighter)
        rolled = roll(ctx, ctx.dice, who, 2 if fled else 1, character, mounted)
        side = battle.side(fighter.side)
        enemy = next((s.players[0] for s in battle.sides if s is not side and s.players), "")
        for injury in rolled:
            suffer(ctx, fighter.player, character, injury, enemy)
        told = "; ".join(i.told() for i in rolled)
        why = "fled, the higher of two D66" if fled else "slain, a D66"
        ctx.emit("injury", f"Injuries (8.2): {who}, {why}: {told}", battle=battle.id)
        if character.fate:
            lost(ctx, fighter.player, character)


def suffer(ctx: api.Context, player: str, character: Character, injury: Injury, enemy: str) -> None:
    """What an injury does to the character beyond being written on his sheet: "Dead: The
    character is dead ... any points of Glory, advances and injuries are lost";
    "Captured: The enemy army captures the character"; "Survives against the odds. +1
    point of Glory"; a characteristic lowered on his declared profile, "No characteristic
    may be reduced below 1, apart from Wounds (in which case the character is dead)";
    "Blinded on one eye ... Should the character lose both eyes he must be retired"."""
    if character.fate:
        return  # a further injury of a Multiple injuries after one that killed him
    if injury.kind == "dead":
        character.fate = DEAD
    elif injury.kind == "captured":
        character.fate = CAPTURED
        character.captor = realms.realm_id_of(ctx.campaign, enemy) or ""
    elif injury.kind == "glory":
        advances.gain(ctx, player, character, 1)
    elif injury.kind == "hated" and enemy:
        hate = hatred.hate_of(ctx.campaign, astate(ctx), injury.whom, enemy)
        character.hates.append(hate)
        character.injuries.append(
            f"{injury.row['name']} (Hates {hatred.hate_text(ctx.campaign, hate)})"
        )
    elif injury.kind not in ("recovery", "multiple"):
        eye = injury.row["name"]
        if injury.kind == "blinded" and any(i.startswith(eye) for i in character.injuries):
            character.fate = RETIRED
        character.injuries.append(injury.text())
        lower(character, dict(injury.row.get("lowers", {})))
        if injury.row.get("needs") in BARS:  # Paranoia, Deathwish: no longer allowed
            setattr(character, str(injury.row["needs"]), False)


def lower(character: Character, lowers: dict[str, int]) -> None:
    """The characteristics an injury lowers, on the profile declared (R-AA-43): never
    below 1, and Wounds gone kill him."""
    for stat, by in lowers.items():
        if stat not in character.profile:
            continue
        left = character.profile[stat] - int(by)
        if stat == WOUNDS and left < 1:
            character.fate = DEAD
        character.profile[stat] = max(1, left)


def lost(ctx: api.Context, player: str, character: Character) -> None:
    """A character dead, captured or retired: a Senior Officer dead or retired leaves the
    record (8.2: "any points of Glory, advances and injuries are lost"); the chronicle
    tells his fate."""
    if isinstance(character, Officer) and character.fate in (DEAD, RETIRED):
        state = astate(ctx)
        state.officers[player] = [o for o in state.officers.get(player, []) if o is not character]
    ctx.emit(
        "fate",
        f"{api.teams.name_of(ctx.campaign, player)}'s {advances.rank_of(character)} "
        f"{character.name} is {fate_text(ctx.campaign, character)}",
        player=player,
    )


FATES = {DEAD: "dead", RETIRED: "retired"}
BARS = ("joins", "armour")  # what Paranoia and Deathwish take from him for good


def fate_text(campaign: api.Campaign, general: Character) -> str:
    """How the status lines tell a character's fate: "" while he leads."""
    if general.fate == CAPTURED:
        return f"captured, held by {api.teams.name_of(campaign, general.captor)}"
    return FATES.get(general.fate, "")


def officers_on_card(campaign: api.Campaign, battle: api.Battle) -> list[str]:
    """The card's lines of each free Senior Officer's injuries, as the General's are told
    (R-AA-83: they roll at the start of his battles too)."""
    state = campaign.state
    if not isinstance(state, AasenState):
        return []
    return [
        f"{title(campaign, f)}'s injuries (8.2): {'; '.join(f.character.injuries)}"
        for f in fighters(state, battle)
        if isinstance(f.character, Officer) and f.character.injuries
    ]


def wound_key(key: str, fighter: Fighter) -> str:
    """The circumstance's key of a roll at the battle's start: the table's for the General,
    with the Senior Officer's fields' key after it for one of them (R-AA-83)."""
    return key if isinstance(fighter.character, General) else f"{key}_{fighter.key}"


def survived(ctx: api.Context, battle: api.Battle) -> None:
    """Old Battle Wound, 2: "The General starts this battle with 1 less Wound than normal,
    but should he survive (i.e. he's not slain again) he gains +1 point of Glory" - a
    General or a Senior Officer (R-AA-83), only if he fought: a Senior Officer his player
    did not field, or kept out, gains nothing (R-AA-89)."""
    result = battle.result
    if result is None:
        return
    for fighter in list(fighters(astate(ctx), battle)):
        if not rolled(battle, fighter, FIGHTS):
            continue
        entry = result.side(fighter.side)
        facts = entry.facts if entry is not None else {}
        if facts.get(f"{SLAIN}{fighter.key}", 0) or facts.get(f"{ABSENT}{fighter.key}", 0):
            continue
        character = fighter.character
        ctx.emit(
            "glory",
            f"Glory: {title(ctx.campaign, fighter)} gains 1 (he fought with his Old Battle "
            f"Wound and was not slain, 8.2): Glory {character.glory + 1}",
            battle=battle.id,
            player=fighter.player,
        )
        advances.gain(ctx, fighter.player, character, 1)


def wasting(ctx: api.Context, battle: api.Battle) -> None:
    """8.2: "Wasting Injury. -1 Wound. Roll a D6 at the end of each battle the character
    fights from now on (after Victory points have been calculated). On a '1' the character
    suffers a further -1 Wound permanently" - one D6 for each Wasting Injury he carries,
    for each fighter not lost in the battle (R-AA-44). Rolled before the battle's own
    injuries, so one gained in it rolls from the next battle on (6.6: "The effects of
    injuries will apply from the next battle and onwards", R-AA-81)."""
    if battle.result is None:
        return
    row = next(r for r in ctx.table("injuries") if r["kind"] == "wasting")
    mark = f"{row['name']} ("
    for fighter in list(fighters(astate(ctx), battle)):
        character = fighter.character
        for _ in range(sum(1 for i in character.injuries if i.startswith(mark))):
            if character.fate:
                break
            d6 = ctx.dice.d6(f"{character.name}'s Wasting Injury")
            if d6 != 1:
                continue
            character.injuries.append(f"Wasting (a further -1 Wound, {battle.id})")
            lower(character, {WOUNDS: 1})
            ctx.emit(
                "injury",
                f"Injuries (8.2): {title(ctx.campaign, fighter)}'s Wasting "
                "Injury rolls 1: a further -1 Wound",
                battle=battle.id,
                player=fighter.player,
            )
            if character.fate:
                lost(ctx, fighter.player, character)
