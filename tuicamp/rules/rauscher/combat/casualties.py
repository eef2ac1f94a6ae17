"""The Casualties Result Table, prisoners and the models that come back later.

"After the battle, but before you put your troops away, roll a d6 for each model" entered
as killed or fled. Dice are rolled a unit at a time ("you can roll for an entire unit"),
one die per model, in one roll per unit and column, so the chronicle shows every die.
Every model is accounted for afterwards: back in its unit, returning on a later turn, fled
for good, dead, or a prisoner.
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.engine.context import Context
from tuicamp.model.battle import Battle, UnitLoss
from tuicamp.model.forces import Army, Unit
from tuicamp.rules.rauscher.combat import after as combat_after
from tuicamp.rules.rauscher.combat import common as cc
from tuicamp.rules.rauscher.shared.combat_state import Prisoner, Returning
from tuicamp.rules.rauscher.shared.common import rstate
from tuicamp.rules.rauscher.shared.state import Role

MAX_DICE = 100  # the dice roller's limit for one expression


@define
class UnitFate:
    """What became of one unit's killed and fled models (for the chronicle and the tests)."""

    army: str
    unit: str
    name: str
    killed: int
    fled: int
    back_now: int = 0
    returning: list[tuple[int, int, str]] = field(factory=list)  # (models, due turn, why)
    dead: int = 0
    gone: int = 0  # fled for good
    prisoners: int = 0
    dice: list[int] = field(factory=list)

    def data(self) -> dict:
        """Plain data for the chronicle event (every model accounted for)."""
        return {
            "army": self.army,
            "unit": self.unit,
            "killed": self.killed,
            "fled": self.fled,
            "back_now": self.back_now,
            "returning": sum(m for m, _, _ in self.returning),
            "dead": self.dead,
            "gone": self.gone,
            "prisoners": self.prisoners,
        }

    def line(self) -> str:
        parts = []
        if self.back_now:
            parts.append(f"{self.back_now} back at once")
        for models, due, why in self.returning:
            parts.append(f"{models} {why}, back on turn {due}")
        if self.dead:
            parts.append(f"{self.dead} dead")
        if self.gone:
            parts.append(f"{self.gone} fled for good")
        if self.prisoners:
            parts.append(f"{self.prisoners} taken prisoner")
        return f"{self.name}: " + (", ".join(parts) or "no losses")


def roll_d6s(ctx: Context, n: int, reason: str) -> list[int]:
    """``n`` separate d6, in as few rolls as the dice roller allows."""
    out: list[int] = []
    while len(out) < n:
        k = min(MAX_DICE, n - len(out))
        out.extend(ctx.dice.roll(f"{k}d6" if k > 1 else "d6", reason).dice)
    return out


def is_mercenary(ctx: Context, army: Army, unit: Unit) -> bool:
    return "mercenary" in unit.flags or rstate(ctx).army(army.id).role is Role.MERCENARIES


def casualties(
    ctx: Context,
    battle: Battle,
    side_id: str,
    *,
    modifier: int,
    captor: str | None,
    dead_characters: list[tuple[str, Unit]],
    owner: str | None = None,
) -> list[UnitFate]:
    """Roll for every model of one side entered as killed or fled and apply the results
    (``owner``: only that player's armies, so that his rolls are told as his).

    ``modifier`` is +1 for the loser of an Overwhelming Victory; ``captor`` the player who
    holds the field when this side was chased from it (characters rolled "killed" may then
    be captured); dead characters are appended to ``dead_characters`` for the booty rolls.
    """
    camp = ctx.campaign
    table = ctx.table("casualties")
    result = battle.result.side(side_id)
    fates = []
    for loss in result.losses:
        army = camp.army(loss.army)
        unit = army.unit(loss.unit) if army else None
        if unit is None or not (loss.killed or loss.fled):
            continue
        if army is None or (owner is not None and army.owner != owner):
            continue
        fates.append(_unit_casualties(ctx, battle, army, unit, loss, table, modifier, captor))
        fate = fates[-1]
        if fate.dead and cc.is_character(unit):
            dead_characters.append((army.owner, cc.copy_unit(unit, fate.dead)))
    for fate in fates:
        army = camp.army(fate.army)
        army.units = [u for u in army.units if u.models > 0]
    return fates


def _unit_casualties(
    ctx: Context,
    battle: Battle,
    army: Army,
    unit: Unit,
    loss: UnitLoss,
    table: dict,
    modifier: int,
    captor: str | None,
) -> UnitFate:
    camp = ctx.campaign
    combat = cc.cstate(camp)
    character = cc.is_character(unit)
    fate = UnitFate(army.id, unit.id, unit.name, loss.killed, loss.fled)
    due: dict[tuple[int, str], int] = {}
    killed_mod = modifier + (table["character_killed_modifier"] if character else 0)
    dead_rolls = 0
    if loss.killed:
        dice = roll_d6s(ctx, loss.killed, f"casualties: {unit.name} of {army.name}, killed")
        fate.dice += dice
        for d in dice:
            row = cc.band_row(table["killed"], d + killed_mod)
            if row["returns_in"] < 0:
                dead_rolls += 1
            else:
                key = (camp.turn + row["returns_in"], row["result"])
                due[key] = due.get(key, 0) + 1
    if loss.fled:
        if character:
            fate.back_now += loss.fled  # "They never have to roll on the Fleeing Model table."
        elif is_mercenary(ctx, army, unit):
            fate.gone += loss.fled  # "If a mercenary unit is ever driven from the table ... lost"
        else:
            dice = roll_d6s(ctx, loss.fled, f"casualties: {unit.name} of {army.name}, fled")
            fate.dice += dice
            for d in dice:
                row = cc.band_row(table["fled"], d + modifier)
                if row["returns_in"] < 0:
                    fate.gone += 1
                elif row["returns_in"] == 0:
                    fate.back_now += 1
                else:
                    key = (camp.turn + row["returns_in"], row["result"])
                    due[key] = due.get(key, 0) + 1
    # Prisoners: "Any character model in the losing army, other than champions, rolled as
    # "killed" ... may be captured by the army holding the field. On a d6 roll of 1 ..."
    if character and captor is not None and "champion" not in unit.flags:
        band = ctx.table("prisoners")["band"]
        for _ in range(dead_rolls):
            if cc.in_band(band, ctx.dice.d6(f"is {unit.name} taken prisoner?")):
                fate.prisoners += 1
    fate.dead = dead_rolls - fate.prisoners
    # Apply: everything that is not back at once leaves the unit now.
    each = cc.per_model(unit)
    template = cc.copy_unit(unit, 1)
    for (turn, why), models in sorted(due.items()):
        fate.returning.append((models, turn, why))
        combat_after.schedule_return(
            ctx,
            Returning(
                army.id,
                cc.copy_unit(template, models, round(each * models)),
                army.owner,
                turn,
                why,
                army.hex,
                battle.id,
            ),
        )
    for _ in range(fate.prisoners):
        combat.prisoners.append(
            Prisoner(
                camp.new_id("pr"),
                cc.copy_unit(template, 1, round(each)),
                army.owner,
                captor or "",
                camp.turn,
                army.id,
                battle.id,
            )
        )
    if fate.dead and "special" in unit.flags and unit.name not in combat.dead_specials:
        combat.dead_specials.append(unit.name)
    cc.take_models(unit, loss.killed + loss.fled - fate.back_now)
    return fate
