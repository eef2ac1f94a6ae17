"""Injuries after a battle (6.6, 8.2, table 8.2, R-AA-13, R-AA-37).

"Each General and Senior Officer that was 'slain' during a battle (i.e. either reduced to
0 Wounds or run down) must roll on the Injuries table ... Characters that run from the
battlefield roll twice on the table and apply the highest result." The result form asks
of each fighting General whether he was slain and whether he fled; the rolls are made in
the open as the result is entered, told in the chronicle and kept on the General. A dead
General leads no more; a captured one is held by the enemy realm (8.2's Captured), both
shown in the status lines. Senior Officers are not kept yet, so only Generals roll.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from tuicamp.rules import api
from tuicamp.rules.aasen import advances, realms
from tuicamp.rules.aasen.state import CAPTURED, DEAD, AasenState, General, astate

SLAIN, FLED = "slain_", "fled_"  # the form's fields: slain_<player>, fled_<player>
QUESTIONS = {
    SLAIN: "was slain (reduced to 0 Wounds or run down)",
    FLED: "fled the battlefield or ended the battle fleeing",
}


def commands(state: AasenState, player: str) -> bool:
    """Whether ``player`` has a General to lead him: alive and free (8.5: "If unable to do
    this, he cannot declare any invasions that turn", R-AA-38)."""
    general = state.generals.get(player)
    return general is not None and not general.fate


def fields(campaign: api.Campaign, battle: api.Battle) -> tuple[api.ResultField, ...]:
    """Of each fighting General, asked of his side: slain? fled? (R-AA-13, R-AA-37)."""
    name = api.teams.name_of
    return tuple(
        api.ResultField(
            f"{prefix}{side.players[0]}",
            f"Injuries (6.6): {name(campaign, side.players[0])}'s General {question}",
            "bool",
            scope=api.FieldScope.ONE_SIDE,
            side=side.id,
        )
        for side in battle.sides
        if side.players
        for prefix, question in QUESTIONS.items()
    )


def row_of(rules: api.Rules, d66: int) -> dict[str, Any]:
    """Table 8.2's row for a D66 result."""
    row = next((r for r in rules.table("injuries") if r["low"] <= d66 <= r["high"]), None)
    if row is None:
        raise api.RuleError(f"{d66} is not a D66 result (11 to 66)")
    return dict(row)


@frozen
class Injury:
    """One injury as rolled: the D66 and its row, and the further D6 of a Bitter enemy."""

    d66: int
    row: dict[str, Any]
    hated: str = ""

    @property
    def kind(self) -> str:
        return str(self.row["kind"])

    def text(self) -> str:
        effect = f"Hates {self.hated}" if self.hated else self.row["effect"]
        return f"{self.row['name']} ({effect})"


def roll(rules: api.Rules, dice: api.Dice, who: str, times: int) -> list[Injury]:
    """R-AA-13: one D66, or two for one who fled and the higher applies; "Multiple
    injuries. Roll a further D3+1 times on this table, re-rolling any further 'Dead',
    'Captured', 'Multiple injuries' and 'Full recovery' results" (R-AA-37: each further
    roll is made again until it gives another row)."""
    d66 = max(dice.d66(f"{who}'s injury") for _ in range(times))
    first = _injury(rules, dice, who, d66)
    if first.kind != "multiple":
        return [first]
    out = [first]
    barred = set(rules.table("multiple_rerolls"))
    for _ in range(dice.roll("d3+1", f"{who}'s further injuries").total):
        while (more := _injury(rules, dice, who, dice.d66(f"{who}'s injury"))).kind in barred:
            pass
        out.append(more)
    return out


def _injury(rules: api.Rules, dice: api.Dice, who: str, d66: int) -> Injury:
    row = row_of(rules, d66)
    if row["kind"] != "hated":
        return Injury(d66, row)
    d6 = dice.d6(f"{who}'s bitter enemy")
    whom = next(r["whom"] for r in rules.table("hated") if r["low"] <= d6 <= r["high"])
    return Injury(d66, row, whom)


def apply(ctx: api.Context, battle: api.Battle) -> None:
    """Each fighting General the form names slain or fled rolls (6.6); the effects apply
    from his next battle on, and the chronicle tells them."""
    result = battle.result
    if result is None:
        return
    camp, state = ctx.campaign, astate(ctx)
    for side in battle.sides:
        entry = next((r for r in result.sides if r.side == side.id), None)
        if entry is None or not side.players:
            continue
        player = side.players[0]
        general = state.generals.get(player)
        slain, fled = (bool(entry.facts.get(f"{p}{player}", 0)) for p in (SLAIN, FLED))
        if general is None or general.fate or not (slain or fled):
            continue
        who = f"{api.teams.name_of(camp, player)}'s General {general.name}"
        rolled = roll(ctx, ctx.dice, who, 2 if fled else 1)
        enemy = next((s.players[0] for s in battle.sides if s is not side and s.players), "")
        for injury in rolled:
            suffer(ctx, player, general, injury, enemy)
        told = "; ".join(f"{i.d66}: {i.text()}" for i in rolled)
        why = "fled, the higher of two D66" if fled else "slain, a D66"
        ctx.emit("injury", f"Injuries (8.2): {who}, {why}: {told}", battle=battle.id)


def suffer(ctx: api.Context, player: str, general: General, injury: Injury, enemy: str) -> None:
    """What an injury does to the General beyond being written on his sheet: "Dead: The
    character is dead ... any points of Glory, advances and injuries are lost";
    "Captured: The enemy army captures the character"; "Survives against the odds. +1
    point of Glory"."""
    if injury.kind == "dead":
        general.fate = DEAD
    elif injury.kind == "captured":
        general.fate = CAPTURED
        general.captor = realms.realm_id_of(ctx.campaign, enemy) or ""
    elif injury.kind == "glory":
        advances.gain(ctx, player, general, 1)
    elif injury.kind != "recovery" and injury.kind != "multiple":
        general.injuries.append(injury.text())


def fate_text(campaign: api.Campaign, general: General) -> str:
    """How the status lines tell a General's fate: "" while he leads."""
    if general.fate == DEAD:
        return "dead"
    if general.fate == CAPTURED:
        return f"captured, held by {api.teams.name_of(campaign, general.captor)}"
    return ""


def battle_start(ctx: api.Context, battle: api.Battle) -> None:
    """8.2: Old Battle Wound, "Roll a D6 at the start of each battle the General is
    involved in ... It is possible for a character to have more than one Old Battle Wound.
    If this is the case a D6 is rolled for each and the lowest result is taken"; Madness,
    "Roll a D6 at the start of each battle the character takes part in from now on". Rolled
    in the open as the battle opens, and written on its card."""
    state = astate(ctx)
    for side in battle.sides:
        general = state.generals.get(side.players[0]) if side.players else None
        if general is None or general.fate:
            continue
        for rule in ctx.table("battle_start").values():
            count = sum(1 for i in general.injuries if i.startswith(f"{rule['injury']} ("))
            if not count:
                continue
            reason = f"{general.name}'s {rule['injury']}"
            dice = [ctx.dice.d6(reason) for _ in range(count if rule["lowest"] else 1)]
            d6 = min(dice)
            row = next(r for r in rule["results"] if r["low"] <= d6 <= r["high"])
            text = f"{general.name}'s {rule['injury']} (8.2), {d6}: {row['text']}"
            battle.circumstances.append(api.Circumstance(row["key"], text, side.id, d6))
            ctx.emit("battle_start", text, battle=battle.id, player=side.players[0])


def survived(ctx: api.Context, battle: api.Battle) -> None:
    """Old Battle Wound, 2: "should he survive (i.e. he's not slain again) he gains +1 point
    of Glory"."""
    result, state = battle.result, astate(ctx)
    if result is None:
        return
    for circumstance in battle.circumstances:
        if circumstance.key != "old_wound_fights" or circumstance.side is None:
            continue
        side = battle.side(circumstance.side)
        entry = next((r for r in result.sides if r.side == circumstance.side), None)
        player = side.players[0] if side is not None and side.players else ""
        general = state.generals.get(player)
        if general is None or general.fate:
            continue
        if entry is not None and entry.facts.get(f"{SLAIN}{player}", 0):
            continue
        ctx.emit(
            "glory",
            f"Glory: {api.teams.name_of(ctx.campaign, player)}'s General {general.name} gains 1 "
            f"(he fought with his Old Battle Wound and was not slain, 8.2): Glory "
            f"{general.glory + 1}",
            battle=battle.id,
            player=player,
        )
        advances.gain(ctx, player, general, 1)
