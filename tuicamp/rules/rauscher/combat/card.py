"""What the battle card says for a Rauscher battle: deployment, Ld, special rules, records.

The circumstances themselves (fatigue, walls, ambush results, hasty attack, militia) are
printed with each side by the core card; these notes add what follows from them at the
table, in the text's words where it has them.
"""

from __future__ import annotations

from tuicamp.engine.rules import Rules
from tuicamp.model.battle import Battle
from tuicamp.rules.rauscher.shared import hooks
from tuicamp.rules.rauscher.shared.combat_state import BattleInfo
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.state import Stance

PREPARED = (
    "Prepared defences: the defending player lays out all the terrain, including the "
    'defensive positions, and sets up their forces first within 24" (rather than 12") of '
    "their table edge; the attacking player then places their forces. Earthen walls are a "
    "defended obstacle (6 to hit); charging into stakes from the front suffers d6 S4 hits; "
    "ditches are impassable; a hidden unit cannot be targeted until it moves, attacks or "
    "fires; after deployment the defender picks 1 enemy unit (no characters or war "
    "machines) to suffer a trap's d6 S4 hits."
)
HASTY = (
    "Hasty defence: as under prepared defences the defending player sets the terrain and "
    "deploys their army first, with the smaller choice of defences (no trap)."
)
CASUALTIES = (
    "Keep casualties and models that fled the table apart: after the battle each is rolled "
    "for on the Casualties Result Table (characters -1 on the Killed column, and they never "
    "roll for fleeing)."
)


def notes(rules: Rules, battle: Battle, info: BattleInfo | None) -> list[str]:
    campaign = rules.campaign
    out: list[str] = []
    tables = rules.tables
    state = rstate(campaign)
    circ = battle.circumstances
    keys = {c.key for c in circ}
    defender = battle.side("defender")
    stances = {state.army(a).stance for a in (defender.armies if defender else [])}
    kind = info.kind if info else "field"
    if kind in ("field", "settlement"):
        if Stance.PREPARED in stances:
            out.append(PREPARED)
        elif Stance.HASTY in stances:
            out.append(HASTY)
        if "hasty_attack" in keys:
            out.append(
                "Hasty attack: little has been done to scout the battlefield or rest the "
                "troops; the attacker is automatically Outscouted (the defender chooses the "
                "table edge, and the attacker deploys first)."
            )
    if info is not None and info.settlement:
        settlement = campaign.map.settlement(info.settlement)
        spec = tables["settlement_kinds"].get(info.settlement_kind, {})
        if settlement is not None:
            buildings = spec.get("buildings", "0")
            structure = spec.get("structure", "a settlement")
            out.append(
                f"The battle is fought at {settlement.name}, {structure}"
                + (f": roll {buildings} for the buildings" if buildings not in ("0", "") else "")
                + ". If the attacker wins, the settlement is razed, looted and captured."
            )
    if info is not None:
        out.extend(hooks.card_notes(rules, battle, info))
    out.extend(_leadership(rules, battle))
    if info is not None:
        out.extend(info.notes)
    out.append(CASUALTIES)
    out.append(
        "A defeated army's characters rolled as killed may be taken prisoner (d6 = 1) by the "
        "army holding the field; magic items of dead characters and every baggage train "
        "present are rolled for on the Booty Table."
    )
    if info is not None:
        out.extend(_already_counted(tables, info))
    return out


def _leadership(rules: Rules, battle: Battle) -> list[str]:
    """One line per side summing the Ld modifiers the campaign gives it."""
    penalty = int(rules.option("fatigue_ld_penalty") or 0)
    lines = []
    for side in battle.sides:
        parts = []
        for c in battle.circumstances_for(side.id):
            if c.key == "fatigue" and penalty:
                parts.append(f"-{c.value * penalty} (fatigue {c.value})")
            elif c.key == "ld_bonus":
                parts.append(f"+{c.value} ({c.text.split(':')[0].split(' (')[0].lower()})")
        if parts:
            lines.append(f"Leadership, {side.title}: " + ", ".join(parts))
    return lines


def _already_counted(tables: dict, info: BattleInfo) -> list[str]:
    row = tables["campaign_vp"]
    if info.defence <= 0:
        return []
    if info.defence >= 3:
        attack, why = row["attacking_walls"], "attacking the walls of a city or fortress"
    else:
        attack, why = row["attacking_defences"], "attacking prepared defences or a walled town"
    return [
        f"Campaign VP counted from the circumstances: the attacker {attack:+d} ({why}), the "
        f"defender {row['defending']:+d}."
    ]
