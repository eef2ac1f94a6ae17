"""Upkeep, "1. Reorganize armies": "During the Upkeep phase, and the Upkeep Phase only, the
players may reorganize the composition of their armies: they may separate units and
characters to make new armies, and assign patrols and scouting parties."

The movement module reads what is decided here: ``ArmyState.patrols`` and ``.scouts`` (unit
ids), and scouting parties (role ``scouting_party``, ``attached_to`` their army).
"""

from __future__ import annotations

from typing import Any

from tuicamp.engine.context import Context
from tuicamp.engine.errors import RuleError
from tuicamp.model.forces import Army, Category, Unit
from tuicamp.rules.rauscher.economy.actions import (
    CreateScoutingParty,
    Designate,
    MergeArmies,
    SplitArmy,
)
from tuicamp.rules.rauscher.economy.common import (
    army_points,
    econ,
    new_army,
    own_troops,
    require_room,
    tell,
)
from tuicamp.rules.rauscher.shared.common import require_not_done, require_phase, rstate
from tuicamp.rules.rauscher.shared.state import Allocation, ArmyState, Role


def _start(ctx: Context, army_id: str):
    require_phase(ctx, "upkeep")
    army, record = own_troops(ctx, army_id)
    require_not_done(ctx, army.owner)
    return army, record


def _take_units(army: Army, ids: list[str]) -> list[Unit]:
    units = []
    for uid in ids:
        unit = army.unit(uid)
        if unit is None:
            raise RuleError(f"'{army.name}' has no unit {uid!r}")
        units.append(unit)
    return units


def _inherit(child: ArmyState, parent: ArmyState) -> None:
    """A detachment shares its army's weariness and hunger."""
    child.fatigue = parent.fatigue
    child.starving_turns = parent.starving_turns
    child.moved, child.fought = parent.moved, parent.fought


def split_army(ctx: Context, action: SplitArmy) -> None:
    army, record = _start(ctx, action.army)
    ctx.require(
        record.role is not Role.SCOUTING_PARTY,
        'A scouting party is not split: it "consists of 1 unit of scouts"',
    )
    ctx.require(len(set(action.units)) == len(action.units), "A unit is named twice")
    units = _take_units(army, action.units)
    takes = list(action.allocation_points)
    ctx.require(
        len(takes) <= len(record.allocations),
        f"'{army.name}' has {len(record.allocations)} allocation(s), not {len(takes)}",
    )
    for i, pts in enumerate(takes):
        ctx.require(
            0 <= pts <= record.allocations[i].points,
            f"Allocation {i + 1} of '{army.name}' holds {record.allocations[i].points} pts",
        )
    ctx.require(units or any(takes), "Name the units (or allocated points) that leave")
    left_allocated = sum(a.points for a in record.allocations) - sum(takes)
    ctx.require(
        len(units) < len(army.units) or left_allocated > 0,
        "Something must stay behind: that is the whole army (a split leaves units in the "
        "army it splits)",
    )
    child, child_record = new_army(
        ctx, action.name or f"{army.name} (detachment)", army.owner, army, record.role
    )
    _inherit(child_record, record)
    for unit in units:
        army.units.remove(unit)
        child.units.append(unit)
        for duty in ("patrols", "scouts"):
            if unit.id in getattr(record, duty):
                getattr(record, duty).remove(unit.id)
                getattr(child_record, duty).append(unit.id)
    for i, pts in enumerate(takes):
        if pts:
            source = record.allocations[i]
            source.points -= pts
            child_record.allocations.append(Allocation(source.category, pts, source.label))
    record.allocations = [a for a in record.allocations if a.points > 0]
    tell(
        ctx,
        army.owner,
        "split_army",
        f"'{child.name}' ({army_points(ctx.campaign, child):,} pts) leaves '{army.name}'",
        army=army.id,
        new_army=child.id,
    )


def merge_armies(ctx: Context, action: MergeArmies) -> None:
    army, record = _start(ctx, action.army)
    into, target = own_troops(ctx, action.into)
    ctx.require(army.id != into.id, "An army cannot merge into itself")
    ctx.require(
        army.owner == into.owner,
        "Only armies of one player merge (an ally's army is its own: allies fight side by side)",
    )
    ctx.require(
        army.hex == into.hex,
        f"'{army.name}' and '{into.name}' are not in one hex: armies merge where they stand",
    )
    ctx.require(
        target.role is not Role.SCOUTING_PARTY,
        'Nothing joins a scouting party: it is one unit of scouts and its leaders ("No '
        'additional characters, special troop types, or units may be included")',
    )
    ctx.require(
        not (record.role is Role.ARMY and target.role is Role.MERCENARIES),
        "Mercenaries join an army, not the other way round: merge the mercenaries instead "
        "(R-RA-3: hired mercenaries are an allocation of the army they join)",
    )
    require_room(ctx, into, army_points(ctx.campaign, army))
    into.units.extend(army.units)
    target.allocations.extend(record.allocations)
    target.patrols.extend(record.patrols)
    target.scouts.extend(record.scouts)
    target.fatigue = max(target.fatigue, record.fatigue)
    target.starving_turns = max(target.starving_turns, record.starving_turns)
    equipment = econ(ctx).siege_equipment
    if army.id in equipment:
        equipment[into.id] = equipment.get(into.id, 0) + equipment.pop(army.id)
    state = rstate(ctx)
    for other in state.armies.values():
        if other.attached_to == army.id:
            other.attached_to = into.id
    ctx.campaign.armies.remove(army)
    state.armies.pop(army.id, None)
    tell(
        ctx,
        into.owner,
        "merge_armies",
        f"'{army.name}' joins '{into.name}'",
        army=into.id,
        merged=army.id,
    )


def designate(ctx: Context, action: Designate) -> None:
    """ "Any units of your army may be designated as Patrols ... Scout units must be
    designated in the Upkeep phase." A unit does one duty at a time."""
    army, record = _start(ctx, action.army)
    ctx.require(
        record.role is not Role.SCOUTING_PARTY,
        "A scouting party's unit is its scouts: patrols and scouts are an army's duties",
    )
    _take_units(army, action.patrols + action.scouts)
    both = set(action.patrols) & set(action.scouts)
    if both:
        ctx.require(
            False, f"Unit {sorted(both)[0]!r} cannot both patrol and scout (a unit does one duty)"
        )
    record.patrols = list(dict.fromkeys(action.patrols))
    record.scouts = list(dict.fromkeys(action.scouts))
    flags = ctx.table("scouting_party")["scout_flags"]
    unsure = [u.name for u in _take_units(army, record.scouts) if not set(flags) & u.flags]
    reminder = (
        f" Check the army list: scouts come from units that may skirmish ({', '.join(unsure)}"
        " carry no such flag; R-ALL-3)."
        if unsure
        else ""
    )
    tell(
        ctx,
        army.owner,
        "designate",
        f"'{army.name}': patrols {_names(army, record.patrols)}; "
        f"scouts {_names(army, record.scouts)}.{reminder}",
        army=army.id,
    )


def _names(army, ids: list[str]) -> str:
    return ", ".join(army.unit(i).name for i in ids) or "none"


def _character_slot(tables: dict[str, Any], unit: Unit, used: set[str]) -> str | None:
    """The free place in a scouting party this character may take."""
    for slot in ("champion", "lord", "spell_caster"):
        if slot not in used and set(tables["scouting_party"][slot]) & unit.flags:
            return slot
    return None


def create_scouting_party(ctx: Context, action: CreateScoutingParty) -> None:
    """ "A scouting party consists of 1 unit of scouts ... This unit may include no more
    than 1 champion, 1 lord level character, and / or a spell-caster. No additional
    characters, special troop types, or units may be included." """
    army, record = _start(ctx, action.army)
    ctx.require(
        record.role is Role.ARMY,
        'Scouting parties are sent out by armies: "A scouting party consists of 1 unit of '
        'scouts" from one',
    )
    (scouts,) = _take_units(army, [action.scouts])
    ctx.require(
        scouts.category.is_rank_and_file,
        f'{scouts.name} is not a unit of troops that can scout: "A scouting party consists '
        'of 1 unit of scouts", rank and file',
    )
    characters = _take_units(army, action.characters)
    used: set[str] = set()
    for unit in characters:
        ctx.require(
            unit.category is Category.CHARACTER,
            f'{unit.name} is not a character: "No additional characters, special troop types, '
            'or units may be included"',
        )
        slot = _character_slot(ctx.tables, unit, used)
        ctx.require(
            slot is not None,
            f"{unit.name} cannot go: a scouting party takes at most 1 champion, 1 lord "
            'level character and 1 spell-caster ("no more than 1 champion, 1 lord level '
            'character, and / or a spell-caster")',
        )
        used.add(slot)
    ctx.require(
        len(army.units) > 1 + len(characters) or record.allocations,
        "The army itself must remain: send fewer units (a scouting party is attached to "
        "the army it leaves)",
    )
    party, party_record = new_army(
        ctx, action.name or f"Scouts of {army.name}", army.owner, army, Role.SCOUTING_PARTY
    )
    _inherit(party_record, record)
    party_record.attached_to = army.id
    for unit in (scouts, *characters):
        army.units.remove(unit)
        party.units.append(unit)
        for duty in (record.patrols, record.scouts):
            if unit.id in duty:
                duty.remove(unit.id)
    party_record.scouts = [scouts.id]
    tell(
        ctx,
        army.owner,
        "scouting_party",
        f"'{party.name}' ({', '.join(u.name for u in party.units)}) scouts for '{army.name}'",
        army=party.id,
        attached_to=army.id,
    )
