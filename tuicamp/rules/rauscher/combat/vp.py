"""The Campaign Victory Points table and the Battle Result Chart (R-RA-6).

"Victory points for the battle are calculated according to the typical Warhammer rules.
The side with the most victory points has won the battle ... Other factors will determine
the decisiveness of the victory". Each side's Campaign VP come from the table in
tables/combat.toml; the margin is the difference of the two totals, and its band on the
Battle Result Chart says what follows. Pure functions of the battle, its result and the
tables, so every row can be tested alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tuicamp.engine.battles import ResultField
from tuicamp.model.battle import Battle, BattleResult
from tuicamp.model.campaign import Campaign
from tuicamp.rules.rauscher.combat.common import band_row
from tuicamp.rules.rauscher.shared.combat_state import BattleInfo, Outcome

if TYPE_CHECKING:
    from tuicamp.engine.rules import Rules

# The facts the result form asks of each side. A side's own general and standard are the
# other side's "enemy general" and "enemy standard" facts, so nothing is entered twice.
GENERAL = ResultField(
    "enemy_general",
    "Enemy General slain, fleeing, or fled the table",
    help="+1 Campaign VP to you, -1 to the enemy.",
)
STANDARD = ResultField(
    "enemy_standard",
    "Enemy Army Battle Standard captured",
    help="+1 Campaign VP to you, -1 to the enemy.",
)
BREACHED = ResultField(
    "breached",
    "Breached the enemy's defensive walls (a gate or section of wall destroyed, or the "
    "settlement physically entered except by air)",
    help="+1 Campaign VP.",
)
CAPTURED = ResultField(
    "captured_settlement",
    "Captured the settlement (enemy units occupy part of it and all units within are "
    "destroyed or fleeing)",
    help="+1 Campaign VP.",
)
HATED = ResultField(
    "hated_enemy",
    "The enemy is a hated enemy (army book hatred); counts only for the winner",
    help="+1 Campaign VP when you won the battle.",
)


def result_fields(rules: Rules, battle: Battle, info: BattleInfo | None) -> tuple:
    fields_: list[ResultField] = [GENERAL, STANDARD]
    if info is not None and info.settlement:
        if info.defence >= 2:
            fields_.append(BREACHED)
        fields_.append(CAPTURED)
    fields_.append(HATED)
    return tuple(fields_)


def other_side(battle: Battle, side_id: str) -> str:
    return next(s.id for s in battle.sides if s.id != side_id)


def derived_facts(campaign: Campaign, battle: Battle, info: BattleInfo | None) -> None:
    """Fill the facts of an auto-resolved result from its losses: a general or battle
    standard bearer whose models all fell counts as slain/captured; an attacker who wins at
    a settlement captures it. Nothing else can be known without a table."""
    result = battle.result
    for sr in result.sides:
        enemy = result.side(other_side(battle, sr.side))
        lost = {(loss.army, loss.unit): loss for loss in enemy.losses}
        general = standard = 0
        for aid in battle.side(enemy.side).armies:
            army = campaign.army(aid)
            for unit in army.units if army else []:
                loss = lost.get((aid, unit.id))
                gone = loss is not None and loss.killed + loss.fled >= unit.models > 0
                if gone and "general" in unit.flags:
                    general = 1
                if gone and loss.killed and "battle_standard" in unit.flags:
                    standard = 1
        sr.facts.setdefault("enemy_general", general)
        sr.facts.setdefault("enemy_standard", standard)
        if info is not None and info.settlement and info.kind in ("settlement", "assault"):
            won = result.winner == sr.side and sr.side == "attacker"
            sr.facts.setdefault("captured_settlement", int(won))


def campaign_vp(
    tables: dict[str, Any], battle: Battle, info: BattleInfo | None, result: BattleResult
) -> tuple[dict[str, int], dict[str, list[str]]]:
    """Each side's Campaign VP and the rows that made them (for the chronicle)."""
    row = tables["campaign_vp"]
    defence = info.defence if info is not None else 0
    totals: dict[str, int] = {}
    lines: dict[str, list[str]] = {}
    for sr in result.sides:
        enemy = result.side(other_side(battle, sr.side))
        got: list[tuple[str, int]] = []
        won = result.winner == sr.side
        if won:
            got.append(("winning the battle", row["winning"]))
            if sr.vp >= 2 * enemy.vp:
                got.append(("won by at least 2x as many VPs", row["double_vp"]))
        if sr.facts.get("enemy_general"):
            got.append(("enemy General slain or fled", row["enemy_general"]))
        if enemy.facts.get("enemy_general"):
            got.append(("own General slain or fled", row["own_general"]))
        if sr.facts.get("enemy_standard"):
            got.append(("enemy Battle Standard captured", row["enemy_standard"]))
        if enemy.facts.get("enemy_standard"):
            got.append(("own Battle Standard captured", row["own_standard"]))
        if sr.facts.get("breached"):
            got.append(("breached the walls", row["breached"]))
        if sr.side == "attacker" and defence in (1, 2):
            got.append(("attacked prepared defences or a walled town", row["attacking_defences"]))
        if sr.side == "attacker" and defence >= 3:
            got.append(("attacked the walls of a city or fortress", row["attacking_walls"]))
        if sr.side == "defender" and defence >= 1:
            got.append(("defended from prepared defences or walls", row["defending"]))
        if sr.facts.get("captured_settlement"):
            got.append(("captured the settlement", row["captured_settlement"]))
        if won and sr.facts.get("hated_enemy"):
            got.append(("defeated a hated enemy", row["hated_enemy"]))
        totals[sr.side] = sum(v for _, v in got)
        lines[sr.side] = [f"{text} {v:+d}" for text, v in got]
    return totals, lines


def outcome(tables: dict[str, Any], battle: Battle, cvp: dict[str, int]) -> Outcome:
    """The Battle Result Chart: who is the victor, by how much, and who holds the field.

    "If the attacking player is the victor [by 3 or less], the defensive player retains
    control of the field ... If the defending players hold the field, the results are as
    per a Victory". A tie in Campaign VP is a draw: the defender keeps the field and nobody
    takes the extra fatigue.
    """
    a, d = cvp.get("attacker", 0), cvp.get("defender", 0)
    margin = abs(a - d)
    victor = "attacker" if a > d else "defender" if d > a else None
    row = band_row(tables["battle_result"]["bands"], margin)
    band = row["result"]
    if victor is None:
        return Outcome(dict(cvp), margin, None, "draw", "defender")
    if band == "pyrrhic":
        if victor == "attacker":
            return Outcome(dict(cvp), margin, victor, "pyrrhic", "defender")
        band = "victory"
    return Outcome(dict(cvp), margin, victor, band, victor)


def band_spec(tables: dict[str, Any], band: str) -> dict[str, Any]:
    """The chart row of a result band ("draw" reads the Pyrrhic row)."""
    name = "pyrrhic" if band == "draw" else band
    return next(r for r in tables["battle_result"]["bands"] if r["result"] == name)
