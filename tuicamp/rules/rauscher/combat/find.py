"""Finding the Combat phase's battles and opening them with what the campaign implies.

"Whenever two or more armies occupy the same hex at the end of the movement phase, there is
a combat." For each hex where enemies stand: counters that cannot fight (messengers,
refugees) are destroyed; undefended baggage trains are booty; an undefended settlement is
taken; otherwise a battle opens between the side that moved in (the attacker) and the side
that was there (or owns the settlement), with its circumstances: fatigue, ambush and
scouting results, defences, a hasty attack, walls, militia and capital Ld, and the
mercenaries' roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tuicamp.engine.battles import open_battle
from tuicamp.engine.context import Context
from tuicamp.model.battle import BattleSide, Circumstance
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army
from tuicamp.model.hexes import Hex
from tuicamp.model.map import Settlement
from tuicamp.rules.rauscher import movement
from tuicamp.rules.rauscher.combat import after as combat_after
from tuicamp.rules.rauscher.combat import common as cc
from tuicamp.rules.rauscher.combat import settlements as combat_settlements
from tuicamp.rules.rauscher.combat.common import order_index
from tuicamp.rules.rauscher.shared.combat_state import BattleInfo, Engagement, Returning
from tuicamp.rules.rauscher.shared.common import enemies, friendly, rstate, side_key
from tuicamp.rules.rauscher.shared.state import Role, Stance

if TYPE_CHECKING:
    from tuicamp.engine.rules import Rules


def pair_key(campaign: Campaign, h: Hex, a: str, b: str) -> str:
    """The record that two sides (a player's and its allies', by side key) fought here."""
    keys = sorted((side_key(campaign, a), side_key(campaign, b)))
    return f"{campaign.turn}:{campaign.map.label(h)}:{':'.join(keys)}"


def settlement_at(campaign: Campaign, h: Hex) -> Settlement | None:
    return next(iter(campaign.map.settlements_at(h)), None)


def fighters_by_side(rules: Rules, h: Hex, here: list[Army] | None = None) -> dict[str, list[Army]]:
    """The counters in a hex that fight, by side: a player's together with its allies'
    (keyed by :func:`common.side_key`), for "allies fight side by side". ``here``: the
    counters in the hex, found already."""
    campaign = rules.campaign
    out: dict[str, list[Army]] = {}
    for army in campaign.armies_at(h) if here is None else here:
        if cc.fights(rules, army.id):
            out.setdefault(side_key(campaign, army.owner), []).append(army)
    return out


def side_order(campaign: Campaign, armies: list[Army]) -> int:
    """Where a side stands in the move order: its earliest player in the hex."""
    return min((order_index(campaign, a.owner) for a in armies), default=len(campaign.players))


def lead(campaign: Campaign, armies: list[Army], prefer: str | None = None) -> str:
    """The player who leads a side: ``prefer`` (a settlement's owner) if it has armies
    there, else the one with the most points in the hex (ties: the move order). The lead
    is named on the card, takes the settlement the side captures, and holds what the
    side's booty and prisoners bring (R-RA ruling on alliances, docs/combat.md)."""
    owners = list(dict.fromkeys(a.owner for a in armies))
    if prefer in owners:
        return prefer
    points = {
        p: sum(cc.army_points(campaign, a.id) for a in armies if a.owner == p) for p in owners
    }
    return min(owners, key=lambda p: (-points[p], order_index(campaign, p)))


# --- the scan -----------------------------------------------------------------------------


def find_battles(ctx: Context) -> None:
    """The Combat phase begins: every hex with enemies in it is dealt with, in map order."""
    camp = ctx.campaign
    hexes = sorted({a.hex for a in camp.armies if a.hex is not None}, key=lambda h: h.offset[::-1])
    for h in hexes:
        settle_hex(ctx, h, start=True)


def settle_hex(ctx: Context, h: Hex, *, start: bool = False) -> None:
    """Deal with one hex: at the phase's start everything, after a battle the next pair.
    Allies never fight each other; allies in one hex fight a common enemy as one side."""
    camp = ctx.campaign
    siege = rstate(camp).siege.at(h)
    # Who stands here is found once for the fighters and the defenceless alike (finding
    # the fighters changes nothing): the scan asks it of every hex with a counter.
    here = camp.armies_at(h)
    fighters = fighters_by_side(ctx, h, here)
    if start:
        _destroy_defenceless(ctx, h, fighters, here)
    if any(b.hex == h for b in camp.pending_battles()) or any(
        e.hex == h for e in cc.cstate(camp).waiting
    ):
        return
    if siege is not None:
        _relief(ctx, siege, fighters)
        return
    keys = sorted(fighters, key=lambda k: side_order(camp, fighters[k]))
    settlement = settlement_at(camp, h)
    owner = settlement.owner if settlement is not None else None
    if len(keys) == 1:
        if settlement is not None and (owner is None or enemies(camp, keys[0], owner)):
            occupier = lead(camp, fighters[keys[0]])
            armies = [a for a in fighters[keys[0]] if a.owner == occupier]
            combat_settlements.take_undefended(ctx, settlement, occupier, armies)
        return
    pair = choose_pair(camp, h, keys, fighters, settlement)
    if pair is None:
        return
    attacker, defender = pair
    held = owner is not None and side_key(camp, owner) == defender
    kind = "settlement" if held else "field"
    armies = [a.id for a in fighters[attacker] + fighters[defender]]
    engagement = Engagement(
        h,
        lead(camp, fighters[attacker]),
        lead(camp, fighters[defender], prefer=owner if held else None),
        armies,
        kind=kind,
    )
    begin(ctx, engagement)


def choose_pair(
    campaign: Campaign,
    h: Hex,
    owners: list[str],
    fighters: dict[str, list[Army]],
    settlement: Settlement | None,
) -> tuple[str, str] | None:
    """Attacker and defender among the sides in a hex (side keys: a player with its
    allies) that have not fought each other yet.

    The settlement's owner's side defends it. Otherwise the side that did not move
    defends; when both moved, the later in the move order came last into the hex and
    attacks (players move one after another in that order); when neither moved (they
    stayed to fight again), the last battle's attacker attacks again.
    """
    state = rstate(campaign)
    combat = cc.cstate(campaign)

    def moved(p: str) -> bool:
        return any(state.army(a.id).moved for a in fighters[p])

    pairs = []
    for i, a in enumerate(owners):
        for b in owners[i + 1 :]:
            if pair_key(campaign, h, a, b) not in combat.fought:
                pairs.append((a, b))
    if not pairs:
        return None
    # Battles of the settlement's owner first, then by move order.
    owner = settlement.owner if settlement is not None else None
    owner = side_key(campaign, owner) if owner else None
    pairs.sort(key=lambda ab: (owner not in ab, side_order(campaign, fighters[ab[1]])))
    a, b = pairs[0]
    if owner in (a, b):
        defender = owner
    elif moved(a) != moved(b):
        defender = b if moved(a) else a
    elif not moved(a):
        last = combat.last_attacker.get(campaign.map.label(h))
        last = side_key(campaign, last) if last else None
        defender = a if last == b else b if last == a else a
    else:
        defender = a  # earlier in the move order: it was there first
    attacker = b if defender == a else a
    return attacker, defender


def _destroy_defenceless(
    ctx: Context, h: Hex, fighters: dict[str, list[Army]], here: list[Army]
) -> None:
    """Messengers and refugees in an enemy's hex are destroyed; undefended trains are
    booty. A counter whose own side (or an ally) has fighting armies there is defended.
    ``here``: the counters in the hex as the scan found them."""
    camp = ctx.campaign
    state = rstate(camp)
    for army in list(here):
        foes = sorted(
            (k for k in fighters if enemies(camp, army.owner, k)),
            key=lambda k: side_order(camp, fighters[k]),
        )
        if not foes or side_key(camp, army.owner) in fighters:
            continue
        taker = lead(camp, fighters[foes[0]])
        record = state.army(army.id)
        if movement.destroyed_if_attacked(ctx, army.id):
            camp.armies.remove(army)
            text = f"{army.name} is caught by the enemy at {cc.label(camp, h)} and destroyed"
            if record.role is Role.REFUGEES:
                gain = ctx.table("refugees")["destroyed_coppers"]
                camp.player(taker).treasury += gain
                text += f"; {cc.player_name(camp, taker)} gains {gain}c"
            ctx.emit("counter_destroyed", text, army=army.id, undoable=False)
        elif record.role in (Role.BAGGAGE, Role.SHIP):
            combat_after.booty_for_train(ctx, army, holder=taker, defeated=army.owner)


# --- opening ------------------------------------------------------------------------------


def begin(ctx: Context, engagement: Engagement) -> None:
    """Open the battle, or wait until its armies' allocations are filled (R-RA-3)."""
    camp = ctx.campaign
    unfilled = [a for a in engagement.armies if rstate(camp).army(a).allocations]
    if unfilled:
        cc.cstate(camp).waiting.append(engagement)
        names = ", ".join(camp.army(a).name for a in unfilled)
        ctx.emit(
            "battle_waits",
            f"A battle at {cc.label(camp, engagement.hex)} waits until {names} "
            "fill their allocations with units (fill_allocation)",
            undoable=False,
        )
        return
    open_engagement(ctx, engagement)


def open_engagement(ctx: Context, e: Engagement) -> str:
    """Open the battle of an engagement; returns its id."""
    camp = ctx.campaign
    combat = cc.cstate(camp)
    combat.fought.append(pair_key(camp, e.hex, e.attacker, e.defender))
    combat.last_attacker[camp.map.label(e.hex)] = e.attacker
    settlement = settlement_at(camp, e.hex)
    at_settlement = settlement is not None and friendly(camp, settlement.owner, e.defender)
    sides = []
    for sid, title, player in (
        ("attacker", "Attacker", e.attacker),
        ("defender", "Defender", e.defender),
    ):
        armies = [
            a
            for a in e.armies
            if (x := camp.army(a)) is not None and friendly(camp, x.owner, player)
        ]
        others = {camp.army(a).owner for a in armies} - {player}
        players = [player, *sorted(others, key=lambda p: order_index(camp, p))]
        names = " & ".join(cc.player_name(camp, p) for p in players)
        sides.append(BattleSide(sid, f"{title} ({names})", players, armies))
    for army_id in e.armies:
        rstate(camp).army(army_id).fought = True
    battle_id = f"b{len(camp.battles) + 1}"  # what open_battle will call it
    info = BattleInfo(
        battle_id,
        e.attacker,
        e.defender,
        kind=e.kind,
        settlement=settlement.id if at_settlement else None,
        settlement_kind=settlement.kind if at_settlement else "",
        baggage=[
            a.id
            for a in camp.armies_at(e.hex)
            if (friendly(camp, a.owner, e.attacker) or friendly(camp, a.owner, e.defender))
            and rstate(camp).army(a.id).role in (Role.BAGGAGE, Role.SHIP)
        ],
        notes=list(e.notes),
        siege=e.siege,
    )
    circumstances = build_circumstances(ctx, e, sides, settlement if at_settlement else None, info)
    info.defence = max(
        (c.value for c in circumstances if c.key == "defence" and c.side == "defender"), default=0
    )
    combat.battles[battle_id] = info
    _mercenaries(ctx, sides, info)
    battle = open_battle(
        ctx, e.hex, sides, circumstances, settlement=settlement.id if settlement else None
    )
    assert battle.id == battle_id, "battle ids are handed out in order"
    return battle.id


def build_circumstances(
    ctx: Context,
    e: Engagement,
    sides: list[BattleSide],
    settlement: Settlement | None,
    info: BattleInfo,
) -> list[Circumstance]:
    camp = ctx.campaign
    state = rstate(camp)
    penalty = int(ctx.option("fatigue_ld_penalty"))
    out: list[Circumstance] = []
    side_of = {}
    for side in sides:
        for aid in side.armies:
            side_of[aid] = side.id
        side_of.update({p: side.id for p in side.players})
        fatigue = max((state.army(a).fatigue for a in side.armies), default=0)
        if fatigue > 0:
            effect = f": -{fatigue * penalty} Ld (house rule R-RA-5)" if penalty else ""
            out.append(Circumstance("fatigue", f"Fatigue {fatigue}{effect}", side.id, fatigue))
    for c in movement.battle_circumstances(ctx, e.hex, list(e.armies), sides):
        side = c.side if c.side in ("attacker", "defender", None) else side_of.get(c.side)
        if c.key == "hasty_attack" and e.kind not in ("field", "settlement"):
            continue
        out.append(Circumstance(c.key, c.text, side, c.value))
    if e.kind in ("field", "settlement", "assault"):
        _defences(ctx, e, sides[1], settlement, out)
    if e.kind in ("field", "settlement"):
        for side in sides:
            if any(c.key == "hasty_attack" and c.side == side.id for c in out):
                other = next(s.id for s in sides if s.id != side.id)
                out.append(Circumstance("surprise", f"The {side.title} is Outscouted", other, 1))
    _ld_bonuses(ctx, e, sides, settlement, out)
    return out


def _defences(
    ctx: Context,
    e: Engagement,
    defender: BattleSide,
    settlement: Settlement | None,
    out: list[Circumstance],
) -> None:
    """One "defence" circumstance for the defender: the best of its stance and the walls."""
    camp = ctx.campaign
    state = rstate(camp)
    level, texts = 0, []
    for aid in defender.armies:
        stance = state.army(aid).stance
        if stance in (Stance.PREPARED, Stance.HASTY):
            level = max(level, 1)
            what = "prepared defences" if stance is Stance.PREPARED else "a hasty defence"
            allows = movement.defences_for(ctx, aid)
            texts.append(
                f"{camp.army(aid).name} fights from {what}"
                + (f" ({'; '.join(allows)})" if allows else "")
            )
    if settlement is not None:
        spec = ctx.table("settlement_kinds").get(settlement.kind, {})
        walls = int(spec.get("walled_defence" if settlement.walls else "defence", 0))
        if walls:
            barrier = "wooden palisade" if spec.get("wood") else "walls"
            texts.append(f"Defends behind the {barrier} of {settlement.name}")
            level = max(level, walls)
    if level:
        out.append(Circumstance("defence", "; ".join(texts), "defender", level))


def _ld_bonuses(
    ctx: Context,
    e: Engagement,
    sides: list[BattleSide],
    settlement: Settlement | None,
    out: list[Circumstance],
) -> None:
    """Militia at home +1 Ld; the capital's realm +1 Ld in the capital's territory."""
    camp = ctx.campaign
    state = rstate(camp)
    territory = camp.map.territory_of(e.hex)
    bonus = ctx.table("militia")["ld_bonus"]
    for side in sides:
        if settlement is None:
            break
        militia = [
            u.name
            for aid in side.armies
            for u in camp.army(aid).units
            if "militia" in u.flags
            and territory is not None
            and state.unit(u.id).home_territory in (territory.id, None)
        ]
        if militia:
            out.append(
                Circumstance(
                    "ld_bonus",
                    f"Militia fighting in their own settlement ({', '.join(militia)}): "
                    f"+{bonus} Ld throughout the battle",
                    side.id,
                    bonus,
                )
            )
    realm = capital_realm(camp, territory.id if territory else None)
    if realm is not None:
        cap = ctx.table("capital")["ld_bonus"]
        for side in sides:
            if realm in side.players:
                out.append(
                    Circumstance(
                        "ld_bonus",
                        f"Fighting in the territory of their capital: +{cap} Ld "
                        "(even if the capital is taken)",
                        side.id,
                        cap,
                    )
                )


def capital_realm(campaign: Campaign, territory_id: str | None) -> str | None:
    """The player whose capital lies (or lay) in a territory."""
    if territory_id is None:
        return None
    for s in campaign.map.settlements:
        if s.kind == "capital":
            t = campaign.map.territory_of(s.hex)
            if t is not None and t.id == territory_id:
                return s.original_owner or s.owner
    return cc.cstate(campaign).fallen_capitals.get(territory_id)


# --- mercenaries --------------------------------------------------------------------------


def _mercenaries(ctx: Context, sides: list[BattleSide], info: BattleInfo) -> None:
    """ "Before a battle, roll a d6 to see if the mercenaries can fight: On a 1 or 2, they
    wander off the battlefield and into the nearest tavern to get drunk." They are taken out
    of their army for this battle and come back after it."""
    camp = ctx.campaign
    state = rstate(camp)
    spec = ctx.table("mercenaries")
    ratio = float(spec["outnumber_ratio"])
    points = {s.id: sum(cc.army_points(camp, a) for a in s.armies) for s in sides}
    for side in sides:
        enemy = points[next(s.id for s in sides if s.id != side.id)]
        for aid in side.armies:
            army = camp.army(aid)
            whole = state.army(aid).role is Role.MERCENARIES
            mercs = [u for u in army.units if whole or "mercenary" in u.flags]
            if not mercs:
                continue
            own = sum(u.points for u in mercs)
            mod = 0
            if enemy and (own >= ratio * enemy or points[side.id] >= ratio * enemy):
                mod = spec["outnumber_modifier"]
            elif own and enemy >= ratio * points[side.id]:
                mod = spec["outnumbered_modifier"]
            roll = ctx.dice.d6(f"mercenaries of {army.name}: will they fight?")
            total = roll + mod
            names = ", ".join(u.name for u in mercs)
            if cc.in_band(spec["wander_off"], max(1, min(6, total))):
                for u in mercs:
                    army.units.remove(u)
                    combat_after.schedule_return(
                        ctx,
                        Returning(
                            aid, u, army.owner, camp.turn, "in the tavern", army.hex, info.battle
                        ),
                    )
                line = (
                    f"Mercenaries of {army.name} ({names}) rolled {roll}{mod:+d}: they wander "
                    "off into the nearest tavern and miss the battle"
                )
            else:
                line = (
                    f"Mercenaries of {army.name} ({names}) rolled {roll}{mod:+d}: they fight; "
                    "they test Ld only on their own leader, and a mercenary unit driven from the "
                    "table is lost"
                )
            info.notes.append(line)
            ctx.emit("mercenaries", line, player=army.owner, army=aid, undoable=False)


# --- relief of a siege --------------------------------------------------------------------


def _relief(ctx: Context, siege, fighters: dict[str, list[Army]]) -> None:
    """A besieged hex: a field battle only when the defender's side (it or its allies)
    marched in to relieve it (the garrison inside the walls fights through its siege
    orders)."""
    camp = ctx.campaign
    state = rstate(camp)
    inside = fighters.get(side_key(camp, siege.defender), [])
    relief = [a for a in inside if state.army(a.id).moved]
    besiegers = fighters.get(side_key(camp, siege.besieger), [])
    if not relief or not besiegers:
        return
    if pair_key(camp, siege.hex, siege.besieger, siege.defender) in cc.cstate(camp).fought:
        return
    armies = [a.id for a in relief + besiegers]
    attacker = siege.defender if any(a.owner == siege.defender for a in relief) else None
    attacker = attacker or lead(camp, relief)
    begin(ctx, Engagement(siege.hex, attacker, siege.besieger, armies, kind="field"))
