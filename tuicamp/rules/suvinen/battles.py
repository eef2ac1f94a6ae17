"""Battles (section 4.0, R-SU-15, R-SU-16): where they are, their card, their casualties.

"There will be one ore more battles if two or more hostile to each other stacks are in the
same hex after all movement is complete. Each battle is said to take a day." "The usual
situation is when there are two sides, each side composing of one or more players units.
Deploy for a meeting engagement and fight the battle."

A side is a group of players allied for the turn (R-SU-12): allied corps in one hex are one
side. The battle is fought at the table (or auto-resolved, R-ALL-2); its losses then roll on
the casualty table (R-SU-16): killed models one d6 each (characters -1), those slightly
injured back at once, the seriously injured back in 4 turns, the rest dead; fled models
come back ("The Spiderriders all return to camp"), unless the option ``fled_roll`` makes
them roll as killed models do.
"""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.suvinen import hill
from tuicamp.rules.suvinen.corps import allied, allies_of, corps_at, is_garrison
from tuicamp.rules.suvinen.state import corps_record, sstate

RETURN = "return"  # the scheduled effect of models back from their wounds
MAX_DICE = 100
OFF_TABLE = "off_table"  # the result field: no troops on the table when the battle ended


def temporarily_allied(rules: api.Rules, a: str, b: str, h: api.Hex) -> bool:
    """A temporary battle alliance of §4.1 between two players, for this hex and day
    (R-SU-12: "Temporary battle alliances (§4.1) last only the battles in that hex that
    day")."""
    state, label = sstate(rules), rules.campaign.map.label(h)
    return any(
        x.status == api.AgreementStatus.ACCEPTED
        and {a, b} <= set(x.circle)
        and x.terms.get("hex") == label
        and x.terms.get("day") == state.day
        for x in state.temp_alliances.items
    )


def together(rules: api.Rules, a: str, b: str, h: api.Hex) -> bool:
    return allied(rules, a, b) or temporarily_allied(rules, a, b, h)


def outside(rules: api.Rules, h: api.Hex) -> list[api.Army]:
    """The corps of a hex outside its walls: every one but a declared garrison, which
    stays in its castle or city until it is attacked (§4.6, R-SU-20)."""
    return [a for a in corps_at(rules, h) if not is_garrison(rules, a)]


def field_contested(rules: api.Rules, h: api.Hex) -> bool:
    """Hostile corps outside the walls of a hex: a field battle there (§4.6: "the others
    have to first fight it out between themselves who get the right to attack")."""
    owners = list(dict.fromkeys(a.owner for a in outside(rules, h)))
    return any(not together(rules, a, b, h) for i, a in enumerate(owners) for b in owners[i + 1 :])


def sides_at(rules: api.Rules, h: api.Hex) -> list[list[api.Army]]:
    """The corps of a hex outside its walls grouped into sides: players allied for the
    turn stand together, and so do temporary allies for the hex's battle of the day."""
    groups: list[list[api.Army]] = []
    for army in outside(rules, h):
        for group in groups:
            if all(together(rules, army.owner, other.owner, h) for other in group):
                group.append(army)
                break
        else:
            groups.append([army])
    return groups


def battle_hexes(rules: api.Rules) -> list[api.Hex]:
    """Every hex with hostile corps outside its walls, in map order (a besieged garrison
    alone makes no field battle, R-SU-36)."""
    camp = rules.campaign
    hexes = {a.hex for a in camp.armies if a.hex is not None and a.units}
    return sorted((h for h in hexes if field_contested(rules, h)), key=camp.map.label)


def fought_today(rules: api.Rules, h: api.Hex) -> bool:
    camp, day = rules.campaign, sstate(rules).day
    return any(b.hex == h and b.turn == camp.turn and b.day == day for b in camp.battles)


SURPRISE = "surprise_attack"  # the circumstance of the temporary allies' follow-up (R-SU-39)


def battle_kind(battle: api.Battle) -> str:
    """What the sides deploy for: a surprise attack (the follow-up of R-SU-39), a meeting
    engagement (two sides) or King of the Hill (three or more, §4.1)."""
    if any(c.key == SURPRISE for c in battle.circumstances):
        return "a surprise attack"
    return "a meeting engagement" if len(battle.sides) == 2 else "King of the Hill"


def open_battle_at(
    ctx: api.Context, h: api.Hex, follow_up: list[api.BattleSide] | None = None
) -> None:
    """The day's battle in a hex where hostile stacks are together (§4.0, §4.4): two sides
    fight a meeting engagement, three or more King of the Hill (§4.1), and the sides of a
    temporary allies' follow-up (``follow_up``, attacker first) a surprise attack
    (R-SU-39); the commitments there end, since a battle is fought in their hex
    (R-SU-10)."""
    camp, state = ctx.campaign, sstate(ctx)
    groups = sides_at(ctx, h)
    sides = list(follow_up or [])
    for i, group in enumerate(groups if not sides else []):
        players = list(dict.fromkeys(a.owner for a in group))
        names = " and ".join(api.teams.name_of(camp, p) for p in players)
        sides.append(api.BattleSide(f"side{i + 1}", names, players, [a.id for a in group]))
    # the card's notes say what the sides deploy for (``card_notes``); the surprise attack's
    # attacker is marked on its side, which is what makes the battle a follow-up
    circumstances = (
        [
            api.Circumstance(
                SURPRISE, "Attacks in the surprise attack (section 4.1, R-SU-39)", side="attacker"
            )
        ]
        if follow_up
        else []
    )
    deploy = hill.deployment(ctx, sides) if len(sides) > 2 else []
    here = camp.map.settlements_at(h)
    at = here[0].id if here else None
    api.open_battle(ctx, h, sides, [*circumstances, *deploy], at, day=state.day)
    for group in groups:
        for army in group:
            record = corps_record(ctx, army.id)
            if record.committed_to is not None:
                record.committed_to, record.committed_mp = None, 0.0
                ctx.emit(
                    "commitment_cancelled",
                    f"'{army.name}' fights at {camp.map.label(h)}: its commitment is "
                    "cancelled (R-SU-10)",
                    visible_to=allies_of(ctx, army.owner),  # its side's to know (R-SU-42)
                    army=army.id,
                )


def blockers(rules: api.Rules) -> list[str]:
    """The battles of the day come before anything else (R-SU-15)."""
    camp = rules.campaign
    return [
        f"First: fight or auto-resolve battle {b.id} at {camp.map.label(b.hex)}"
        for b in camp.pending_battles()
    ]


def card_notes(rules: api.Rules, battle: api.Battle) -> list[str]:
    """What the card adds for a Suvinen battle: its kind, its day, and the hex's feeling."""
    terrain = rules.campaign.map.terrain_at(battle.hex).name.lower()
    kind = battle_kind(battle)
    kind += " (section 4.1)" if kind == "King of the Hill" else ""
    notes = [
        f"Day {battle.day or 1}: deploy for {kind}.",
        f"Give the table the feeling of the hex: it is {terrain} (section 4.0).",
    ]
    if len(battle.sides) > 2:
        notes += (hill.card_notes(battle) or KING_OF_THE_HILL[:1]) + KING_OF_THE_HILL[1:]
    temporary = any(
        not allied(rules, a, b) for s in battle.sides for a in s.players for b in s.players
    )
    if temporary:
        notes += TEMPORARY_ALLIES
    return notes + castle_notes(rules, battle) + disrupted_notes(rules, battle)


CASTLE_KINDS = ("castle", "capital", "city")


def castle_notes(rules: api.Rules, battle: api.Battle) -> list[str]:
    """§4.6 on the card of a battle in a castle or city its owner (or an ally) defends:
    "The defender of a city or Home Castle sets up the territory. It could be appropriate
    to limit the scenery to maybe 4-6 pieces. The first piece is buildings (no need to roll
    on the table). In addition to any other scenery the defender may use up to 24" of
    walls." "A Home Castle (only original Home Castle) garrison have an unmodified LD 10"
    (R-SU-20). While a garrison stands inside, the battle of the troops outside is none of
    this: they "must fight a normal battle" (section 4.6, R-SU-36)."""
    camp, state = rules.campaign, sstate(rules)
    place = camp.map.settlement(battle.settlement) if battle.settlement else None
    if place is None or place.kind not in CASTLE_KINDS or place.owner is None:
        return []
    in_battle = {a for s in battle.sides for a in s.armies}
    garrison = camp.army(state.garrisons.get(place.id, ""))
    if garrison is not None and garrison.id not in in_battle:
        return []  # the field battle outside the walls (R-SU-36)
    fighting = {p for s in battle.sides for p in s.players}
    defenders = sorted(p for p in fighting if allied(rules, p, place.owner))
    if not defenders:
        return []
    name = api.teams.name_of
    who = names_joined([name(camp, p) for p in defenders])
    notes = [
        f"{place.name} is defended: {who} {'sets' if len(defenders) == 1 else 'set'} up the "
        "table, 4 to 6 pieces of scenery, the first of them buildings (no roll), and up to "
        '24" of walls (section 4.6, R-SU-20).'
    ]
    home = state.home_castles.get(place.original_owner or "") == place.id
    if garrison and garrison.id in in_battle and home and garrison.owner == place.original_owner:
        ld = int(rules.table("campaign").get("home_castle_ld", 10))
        notes.append(
            f"'{garrison.name}' garrisons {place.name}, its original Home Castle: its Ld is "
            f"{ld}, unmodified (section 4.6, R-SU-20)."
        )
    return notes


def disrupted_notes(rules: api.Rules, battle: api.Battle) -> list[str]:
    """§5.0: "Models in a Disrupted unit have LD-2": each Disrupted corps of the battle,
    named on its card (R-SU-18)."""
    camp, records = rules.campaign, sstate(rules).corps
    armies = [camp.army(a) for s in battle.sides for a in s.armies]
    return [
        f"'{army.name}' is Disrupted: its models have Ld -2 (R-SU-18)"
        for army in armies
        if army is not None and army.id in records and records[army.id].disrupted
    ]


KING_OF_THE_HILL = [
    "King of the Hill: the two weakest sides (in points) deploy on the short edges; a third "
    'side in the centre (12" x 12" to 24" x 24"); a third and a fourth on the long sides '
    '(12" x 24").',
    "Initiative with a d6 each turn; each player in turn moves one regiment or one independent "
    "character; no advancing into contact.",
    "Charges are written secretly after all movement; every unit may always stand and shoot. "
    "Winds of magic: one die per side; cards dealt evenly, odd cards back to the deck.",
]
TEMPORARY_ALLIES = [
    "Temporary allies fight together but take no bonus from each other's army (general's Ld, "
    'battle standard); troops within 12" of a temporary ally have Ld -1.',
    "Temporary allies may not charge into a combat their allies are in (if they charge the same "
    "target, all hold back). If they win, they fight each other the next day: a surprise "
    "attack, the attacker the side with more VP.",
]


def fighters(battle: api.Battle) -> list[str]:
    """The players who fought a battle: they alone read its losses."""
    return sorted({p for s in battle.sides for p in s.players})


def names_joined(names: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def off_table(battle: api.Battle, side: api.BattleSide) -> bool:
    """Whether the result says ``side`` had no troops on the table at the end (R-SU-13)."""
    result = battle.result
    entry = next((r for r in result.sides if r.side == side.id), None) if result else None
    return bool(entry and entry.facts.get(OFF_TABLE))


def abandon_machines(ctx: api.Context, battle: api.Battle) -> None:
    """§4.2.1: "If there are no friendly troops on the table at the end of the battle, any
    Warmachines left on the board are eliminated for good." A side with no troops on the
    table loses every war machine of its corps before the casualty roll, destroyed ones too:
    nobody is left to repair them (R-SU-30)."""
    camp = ctx.campaign
    for side in battle.sides:
        if not off_table(battle, side):
            continue
        for army_id in side.armies:
            army = camp.army(army_id)
            machines = [
                u for u in (army.units if army else []) if u.category is api.Category.WAR_MACHINE
            ]
            if army is None or not machines:
                continue
            for unit in machines:
                army.units.remove(unit)
            one = len(machines) == 1
            ctx.emit(
                "machines_lost",
                f"'{army.name}' had no troops on the table at the end: its "
                f"{names_joined([u.name for u in machines])} "
                f"{'is' if one else 'are'} eliminated for good (section 4.2.1, R-SU-30)",
                visible_to=fighters(battle),
                army=army.id,
            )


def casualty_row(rules: api.Rules, roll: int) -> dict[str, object]:
    rows = rules.table("casualties")["killed"]
    low = min(int(r["band"][0]) for r in rows)
    high = max(int(r["band"][1]) for r in rows)
    roll = max(low, min(high, roll))
    return next(r for r in rows if int(r["band"][0]) <= roll <= int(r["band"][1]))


def roll_casualties(ctx: api.Context, battle: api.Battle) -> None:
    """R-SU-16: every killed model (and, with ``fled_roll``, every fled one) rolls on the
    casualty table; fled models otherwise come back at once. The unit keeps the models back
    at once; those back later are scheduled; the dead are gone. One chronicle line a unit."""
    camp, result = ctx.campaign, battle.result
    if result is None:
        return
    table = ctx.table("casualties")
    fled_roll = bool(ctx.option("fled_roll"))
    for side in result.sides:
        for loss in side.losses:
            army = camp.army(loss.army)
            unit = army.unit(loss.unit) if army is not None else None
            if army is None or unit is None:
                continue
            rolling = loss.killed + (loss.fled if fled_roll else 0)
            if not rolling:
                continue
            modifier = (
                int(table.get("character_killed_modifier", 0))
                if unit.category is api.Category.CHARACTER
                else 0
            )
            points_each = unit.points / unit.models if unit.models else 0.0
            dice: list[int] = []
            for start in range(0, rolling, MAX_DICE):  # the dice roller's limit per roll
                count = min(MAX_DICE, rolling - start)
                dice += ctx.dice.roll(f"{count}d6", f"casualties of {unit.name}").dice
            back = later = dead = 0
            for value in dice:
                row = casualty_row(ctx, value + modifier)
                returns = int(str(row["returns_in"]))
                if returns == 0:
                    back += 1
                elif returns > 0:
                    later += 1
                    ctx.schedule(
                        RETURN,
                        turn=camp.turn + returns,
                        phase="council",
                        text=f"1 model of {unit.name} ({army.name}) is back from its wounds",
                        visible_to=[army.owner],
                        army=army.id,
                        unit=unit.id,
                        models=1,
                        points_each=points_each,
                        corps=army.name,
                        name=unit.name,
                    )
                else:
                    dead += 1
            unit.models = max(0, unit.models - rolling + back)
            unit.points = round(points_each * unit.models)
            if unit.models == 0 and later == 0:
                army.units.remove(unit)
            fled_back = 0 if fled_roll else loss.fled
            ctx.emit(
                "casualties",
                f"{unit.name} of '{army.name}': {rolling} rolled ({' '.join(map(str, dice))}): "
                f"{back} back now, {later} back later, {dead} dead"
                + (f"; {fled_back} fled and returned" if fled_back else "")
                + f"; {api.words.model_count(unit.models)} now (R-SU-16)",
                visible_to=fighters(battle),
                army=army.id,
                unit=unit.id,
            )


def models_return(ctx: api.Context, effect: api.ScheduledEffect) -> None:
    """Models back from their wounds rejoin their corps (R-SU-16) at the points each was
    worth before the battle. When the corps is gone they have nothing to rejoin and are
    lost, and the chronicle says so (R-SU-31)."""
    data, camp = effect.data, ctx.campaign
    count = int(data.get("models", 1))
    army = camp.army(str(data.get("army", "")))
    unit_id = str(data.get("unit", ""))
    name = str(data.get("name", unit_id))
    models = api.words.model_count(count)
    unit = army.unit(unit_id) if army is not None else None
    if army is None or unit is None:
        corps = str(data.get("corps", data.get("army", "")))
        ctx.emit(
            RETURN,
            f"{models} of {name} would be back from {'its' if count == 1 else 'their'} "
            f"wounds, but '{corps}' is gone: {'it is' if count == 1 else 'they are'} lost "
            "(R-SU-31)",
            visible_to=effect.visible_to,
            army=str(data.get("army", "")),
            unit=unit_id,
        )
        return
    fallback = unit.points / unit.models if unit.models else 0.0
    points_each = float(data.get("points_each", fallback))
    unit.models += count
    unit.points = round(points_each * unit.models)
    ctx.emit(
        RETURN,
        f"{models} of {unit.name} ('{army.name}') {'is' if count == 1 else 'are'} back from "
        f"{'its' if count == 1 else 'their'} wounds: {api.words.model_count(unit.models)}, "
        f"{unit.points:,} pts now (R-SU-16)",
        visible_to=effect.visible_to,
        army=army.id,
        unit=unit.id,
    )
