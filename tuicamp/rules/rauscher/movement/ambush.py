"""Ambushes: drawn up in secret (R-RA-11), sprung at the owner's discretion.

"To lay an ambush, a player must designate which troops would be sent on the mission.
Draw up an ambush list, composing the ambush of units from one of your armies. The ambush
may consist of no more than 1,000 points. The ambush may be assigned either in the
territory in which they were created, or in any territory adjacent to it."

The ambush party is an Army of its own, off the map (hex None) and seen by its owner only,
until it is revealed ("At any time during the movement phase, the player may declare
that they have set an ambush, and they are revealing it") — in anyone's move — or
withdrawn onto the map in its own move. It is a secret of one player, opened when that
player chooses, not a round that several write and that opens when all have written: so it
is no sealed choice of the kit (:mod:`tuicamp.rules.kit.sealed`, which the siege orders and
the ransom notes are), only an event its owner alone reads.
"""

from __future__ import annotations

from tuicamp.engine.context import Context
from tuicamp.engine.errors import RuleError
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army
from tuicamp.rules.kit.turns import parse_hex
from tuicamp.rules.rauscher.movement.actions import RevealAmbush, SetAmbush, WithdrawAmbush
from tuicamp.rules.rauscher.movement.common import (
    label,
    remove_army,
    require_capital_kept,
    require_move_turn,
    row_for,
)
from tuicamp.rules.rauscher.movement.costs import fights, patrols_active
from tuicamp.rules.rauscher.movement.special import destroy_if_helpless
from tuicamp.rules.rauscher.shared.common import enemies, require_not_done, require_phase, rstate
from tuicamp.rules.rauscher.shared.movement_state import Ambush, SprungAmbush
from tuicamp.rules.rauscher.shared.state import Role


def territories_next_to(campaign: Campaign, territory_id: str) -> set[str]:
    """The territory itself and every territory that shares a hexside with it."""
    m = campaign.map
    territory = m.territory(territory_id)
    out = {territory_id}
    if territory is None:
        return out
    for h in territory.hexes:
        # a neighbour off the map lies in no territory: the index answers None for it
        out.update(tid for n in h.neighbours() if (tid := m.territory_id_of(n)) is not None)
    return out


def handle_set(ctx: Context, action: SetAmbush) -> None:
    """Drawn up in Upkeep or in the owner's own move; the party leaves its army at once."""
    require_phase(ctx, "upkeep", "movement")
    camp = ctx.campaign
    army = ctx.own_army(action.army)
    if camp.phase == "movement":
        require_move_turn(ctx, army)
    else:
        require_not_done(ctx, army.owner)
    state = rstate(camp)
    ctx.require(
        army.hex is not None, f"'{army.name}' is not on the map: an ambush is drawn from one"
    )
    ctx.require(
        fights(ctx, army.id),
        f"'{army.name}' cannot lay an ambush: it is composed \"of units from one of your armies\"",
    )
    ctx.require(action.units, "Name the units of the ambush")
    ctx.require(len(set(action.units)) == len(action.units), "A unit is named twice")
    units = []
    for uid in action.units:
        unit = army.unit(uid)
        ctx.require(unit is not None, f"'{army.name}' has no unit {uid!r}")
        units.append(unit)
    points = sum(u.points for u in units)
    limit = int(ctx.table("ambush")["max_points"])
    ctx.require(
        points <= limit,
        f'An ambush is at most {limit} pts; these units are {points} ("The ambush may '
        'consist of no more than 1,000 points", the ambush table)',
    )
    here = camp.map.territory_of(army.hex)
    ctx.require(
        here is not None,
        f"{label(camp, army.hex)} is in no territory: an ambush is assigned to a territory",
    )
    ctx.require(
        camp.map.territory(action.territory) is not None,
        f"There is no territory {action.territory!r}",
    )
    ctx.require(
        action.territory in territories_next_to(camp, here.id),
        f'An ambush is hidden in {here.name} or a territory next to it: it "may be '
        "assigned either in the territory in which they were created, or in any territory "
        'adjacent to it"',
    )
    party = Army(
        camp.new_id("a"),
        action.name or f"Ambush from {army.name}",
        army.owner,
        None,
        units,
    )
    camp.armies.append(party)
    record, source = state.army(party.id), state.army(army.id)
    record.role, record.created_turn, record.fatigue = source.role, camp.turn, source.fatigue
    ids = {u.id for u in units}
    army.units = [u for u in army.units if u.id not in ids]
    source.patrols = [u for u in source.patrols if u not in ids]
    source.scouts = [u for u in source.scouts if u not in ids]
    state.movement.ambushes.append(
        Ambush(party.id, army.owner, action.territory, army.id, camp.turn)
    )
    emptied = not army.units and not source.allocations
    if emptied:
        remove_army(camp, army.id)
    require_capital_kept(ctx, party.owner)
    where = camp.map.territory(action.territory).name
    ctx.emit(
        "ambush_set",
        f"Ambush '{party.name}' ({points} pts: {', '.join(u.name for u in units)}) lies "
        f"hidden in {where}" + (f"; '{army.name}' is left empty" if emptied else ""),
        player=party.owner,
        visible_to=[party.owner],
        army=party.id,
        territory=action.territory,
    )


def handle_reveal(ctx: Context, action: RevealAmbush) -> None:
    """ "Once the ambush has been announced, roll 2d6, and consult the following chart. If
    there is a patrol with the army being ambushed, add an additional d6". The ambush
    party appears in the ambushed army's hex; the ambushed army is pinned there (it may
    not move on this turn), and the battle card shows the result."""
    require_phase(ctx, "movement")
    camp = ctx.campaign
    state = rstate(camp)
    party = ctx.own_army(action.ambush)
    ambush = state.movement.ambush(party.id)
    ctx.require(ambush is not None, f"'{party.name}' is no hidden ambush")
    target = ctx.army(action.target)
    ctx.require(
        target.owner != party.owner, f"'{target.name}' is your own: an ambush springs on an enemy"
    )
    ctx.require(
        enemies(camp, party.owner, target.owner),
        f"'{target.name}' is your ally's: an ambush springs on an enemy",
    )
    ctx.require(
        target.hex is not None,
        f"'{target.name}' is not on the map: an ambush springs on an army on the map",
    )
    territory = camp.map.territory_of(target.hex)
    ctx.require(
        territory is not None and territory.id == ambush.territory,
        f"'{target.name}' is not in the territory where the ambush waits: \"Whenever an "
        'enemy army enters the selected territory, they are susceptible to ambush"',
    )
    role = state.army(target.id).role
    ctx.require(
        role is not Role.SCOUTING_PARTY,
        'A scouting party cannot be attacked by armies: "A scouting patrol cannot be attacked '
        'by an enemy army"',
    )
    ctx.require(role is not Role.SHIP, "There are no rules for attacking ships")
    state.movement.ambushes.remove(ambush)
    party.hex = target.hex
    record = state.army(party.id)
    record.moved = record.finished = True
    where = label(camp, target.hex)
    if destroy_if_helpless(ctx, target.id, by_player=party.owner):
        ctx.emit(
            "ambush",
            f"Ambush! '{party.name}' springs from hiding at {where}",
            player=party.owner,
            army=party.id,
        )
        return
    spec = ctx.table("ambush")
    patrols = patrols_active(ctx, target.id)
    roll = ctx.dice.roll(
        spec["patrol_roll"] if patrols else spec["roll"],
        f"ambush of '{target.name}'" + (" (it has patrols)" if patrols else ""),
    )
    row = row_for(ctx.table("ambush_results"), roll.total)
    state.army(target.id).finished = True
    state.movement.sprung.append(
        SprungAmbush(
            party.id, target.id, target.hex, camp.turn, roll.total, row["key"], row["text"]
        )
    )
    ctx.emit(
        "ambush",
        f"Ambush! '{party.name}' ({party.points} pts) springs on '{target.name}' at {where}: "
        f"{roll.total}: {row['text']}",
        player=party.owner,
        army=party.id,
        target=target.id,
        result=row["key"],
        total=roll.total,
    )


def handle_withdraw(ctx: Context, action: WithdrawAmbush) -> None:
    """An ambush that is never sprung may come out of hiding in its owner's move, onto a
    hex of its territory without enemies; it has done its moving for the turn."""
    require_phase(ctx, "movement")
    camp = ctx.campaign
    state = rstate(camp)
    party = ctx.own_army(action.ambush)
    require_move_turn(ctx, party)
    ambush = state.movement.ambush(party.id)
    ctx.require(ambush is not None, f"'{party.name}' is no hidden ambush")
    to = parse_hex(camp.map, action.hex)
    territory = camp.map.territory_of(to)
    ctx.require(
        territory is not None and territory.id == ambush.territory,
        f"{action.hex} is not in the ambush's territory: an ambush comes out of hiding in the "
        "territory where it waits",
    )
    if any(enemies(camp, party.owner, a.owner) and fights(ctx, a.id) for a in camp.armies_at(to)):
        raise RuleError(
            f"An enemy army stands at {action.hex}: spring the ambush instead (rule: an ambush "
            "withdraws onto a hex without enemies)"
        )
    state.movement.ambushes.remove(ambush)
    party.hex = to
    record = state.army(party.id)
    record.moved = record.finished = True
    require_capital_kept(ctx, party.owner)
    ctx.emit(
        "ambush_withdrawn",
        f"'{party.name}' comes out of hiding at {label(camp, to)}",
        player=party.owner,
        army=party.id,
    )


def ambushes_of(campaign: Campaign, player: str) -> list[Army]:
    """The player's hidden ambush parties (for the UI)."""
    ids = {a.army for a in rstate(campaign).movement.ambushes if a.owner == player}
    return [a for a in campaign.armies if a.id in ids]
