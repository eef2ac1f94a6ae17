"""Attention zones and meetings (the text's "Attack!"; R-EL-2, R-EL-8, R-EL-17, R-EL-18,
R-EL-29).

"Every army has its own attention zone ... everything within two squares of the advancing
army." "If an army's attention zone enters an opposing army's attention zone the two
generals must meet. You must decide if you want to fight a battle against the opponent,
and he must do the same." The two choices are sealed and revealed together (the kit's
``sealed``). Then: both fight, a battle; both refuse, "each general must give his opponent
a prisoner ... of at least 50 points"; one refuses, the generals talk (``talks``).

Zones are checked as a division marches: it halts where its zone first touches a zone it
was not already in touch with (R-EL-8), and a pair in touch meets once, until they are
more than two zones apart again; one meeting per pair per hour (R-EL-18). A division under
Attack challenges an enemy within 5 hexes, and must fight; a Scout never fights (R-EL-16,
R-EL-17).
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.ellegaard import flight, roster
from tuicamp.rules.ellegaard.state import (
    ATTACK,
    BLOCK,
    CHASE,
    DEFEND,
    DUEL,
    FIGHT,
    REFUSE,
    SCOUT,
    Debt,
    Meeting,
    Prisoner,
    division,
    estate,
)
from tuicamp.rules.ellegaard.zones import enemies, in_touch, pair_key

CHOICES = (FIGHT, REFUSE)


@define(kw_only=True)
class Meet(api.Action):
    kind = "meet"
    summary = "Write your general's sealed choice for a meeting: fight or refuse"
    meeting: str
    choice: str
    player: str = ""


@define(kw_only=True)
class HandPrisoner(api.Action):
    kind = "hand_prisoner"
    summary = "Hand the other general the prisoner a meeting asks of your division (unit = id)"
    meeting: str
    unit: str


# --- zones ----------------------------------------------------------------------------------
def after_march(ctx: api.Context, army: api.Army, besides: str = "") -> None:
    """The marching division's zone is checked: a Scout near an enemy rolls its d6, pairs
    that have come apart may meet again later, and every enemy newly in touch meets it.
    ``besides`` is an enemy it does not meet: a pursuer's quarry (R-EL-50)."""
    state = estate(ctx)
    scouting(ctx, army)
    if ctx.campaign.army(army.id) is None or army.hex is None:
        return
    for b in enemies(ctx, army):
        key = pair_key(army.id, b.id)
        touching = in_touch(ctx, army, b)
        if not touching and key in state.contacts:
            state.contacts.remove(key)
        elif touching and key not in state.contacts:
            state.contacts.append(key)
            if b.id == besides:  # the pursuit is their meeting
                continue
            guard = defender_of(ctx, b, army)
            if guard is not None:
                meet_the_defender(ctx, army, guard, b)
            elif not met_this_hour(ctx, army.id, b.id):
                open_meeting(ctx, army, b)


def flee(ctx: api.Context, army: api.Army, foe: api.Army, why: str) -> None:
    """The division flees from ``foe`` (R-EL-21), halting where its zone meets another
    enemy's, and that enemy meets it; the foe halts nothing and is never met (R-EL-53)."""
    if flight.flee(ctx, army, foe, why) and ctx.campaign.army(army.id) is not None:
        after_march(ctx, army, besides=foe.id)


def defender_of(rules: api.Rules, army: api.Army, enemy: api.Army) -> api.Army | None:
    """The friendly division under Defend that stands in front of ``army`` against
    ``enemy`` (R-EL-38): one following it, or one defending the settlement it stands in;
    never one spent, fleeing or underground, which cannot fight."""
    camp = rules.campaign
    for guard in camp.armies:
        record = division(rules, guard.id)
        if guard.id == army.id or record.command != DEFEND or guard.hex is None:
            continue
        if not api.teams.friendly(camp, guard.owner, army.owner):
            continue
        if record.spent or record.fleeing_from or record.underground:
            continue
        if not api.teams.hostile(camp, guard.owner, enemy.owner):
            continue
        beside = army.hex is not None and guard.hex.distance(army.hex) <= 1  # R-EL-19
        follows = record.follows and record.defends == army.id and beside
        here = camp.map.settlement(record.defends) if not record.follows else None
        holds = here is not None and here.hex == army.hex == guard.hex
        if follows or holds:
            return guard
    return None


def meet_the_defender(
    ctx: api.Context, army: api.Army, guard: api.Army, shielded: api.Army
) -> None:
    """ "If any opponent tries to attack a defended city or army, the opponent will be
    attacked by your army, and the city or army can only be attacked if the enemy defeats
    the defending army" (R-EL-38): the meeting is the defender's."""
    state = estate(ctx)
    key = pair_key(army.id, guard.id)
    if key not in state.contacts:
        state.contacts.append(key)
    if met_this_hour(ctx, army.id, guard.id):
        return
    ctx.emit(
        "defended",
        f"'{guard.name}' defends '{shielded.name}': '{army.name}' meets it first (R-EL-38)",
        undoable=False,
        division=guard.id,
    )
    open_meeting(ctx, army, guard, shields=shielded.id)


def defender_beaten(ctx: api.Context, meeting: Meeting, victor: str) -> None:
    """The defender was beaten: the division it defended may now be met by its victor
    (R-EL-38), as soon as the victor's zone next touches it."""
    if not meeting.shields or victor not in meeting.divisions:
        return
    key = pair_key(victor, meeting.shields)
    contacts = estate(ctx).contacts
    if key in contacts:
        contacts.remove(key)


def scouting(ctx: api.Context, army: api.Army) -> None:
    """ "When your attention zone is adjacent to an opponent's attention zone, roll a dice.
    On a 1-4 you have been discovered, and you must flee from the enemy ... But on 5-6
    you have managed to infiltrate the opponent, and he must give you all the
    informations about his army including the army list" (R-EL-16: once while within 5
    hexes, rolled again only after they have been farther apart)."""
    state = estate(ctx)
    near = int(ctx.table("scout").get("range", 5))
    for b in enemies(ctx, army):
        for scout, enemy in ((army, b), (b, army)):
            key = f"{scout.id}|{enemy.id}"
            assert scout.hex is not None and enemy.hex is not None
            close = scout.hex.distance(enemy.hex) <= near
            if not close and key in state.scouted:
                state.scouted.remove(key)
            if not close or key in state.scouted or division(ctx, scout.id).command != SCOUT:
                continue
            state.scouted.append(key)
            roll = ctx.dice.roll("d6", f"the Scout '{scout.name}' near '{enemy.name}'")
            if roll.total >= int(ctx.table("scout").get("infiltrates_on", 5)):
                state.known.setdefault(scout.owner, []).append(enemy.id)
                units = "; ".join(f"{u.name} {u.points} pts" for u in enemy.units)
                ctx.emit(
                    "scouted",
                    f"The Scout '{scout.name}' rolls {roll.total} and infiltrates "
                    f"'{enemy.name}' ({enemy.points:,} pts): {units}",
                    visible_to=[scout.owner],
                    undoable=False,
                    division=scout.id,
                )
            else:
                ctx.emit(
                    "discovered",
                    f"The Scout '{scout.name}' rolls {roll.total}: discovered by "
                    f"'{enemy.name}', it flees",
                    undoable=False,
                    division=scout.id,
                )
                flee(ctx, scout, enemy, "a Scout discovered (R-EL-16)")


def met_this_hour(rules: api.Rules, a: str, b: str) -> bool:
    now = rules.campaign.turn
    return any(m.hour == now and set(m.divisions) == {a, b} for m in estate(rules).meetings)


# --- the meeting ----------------------------------------------------------------------------
def _name(campaign: api.Campaign, army_id: str) -> str:
    army = campaign.army(army_id)
    return f"'{army.name}'" if army is not None else army_id


def forced_choice(rules: api.Rules, army: api.Army) -> tuple[str, str]:
    """A choice the division's command makes for its general, and why: a Scout "must
    always refuse to take part in a battle" (R-EL-16), an Attack division "must always try
    to get into combat" (R-EL-17); ("", "") when the general is free to choose."""
    record = division(rules, army.id)
    command = record.command
    if record.spent or record.fleeing_from:
        return REFUSE, "it fought and must refuse battle until it is home again (R-EL-5)"
    if command == SCOUT:
        return REFUSE, "a Scout never fights (R-EL-16)"
    if command == ATTACK:
        return FIGHT, "under Attack it must fight (R-EL-17)"
    if command == DEFEND:
        return FIGHT, "under Defend it attacks whoever comes at what it defends (R-EL-38)"
    return "", ""


def open_meeting(
    ctx: api.Context, mover: api.Army, other: api.Army, *, shields: str = ""
) -> Meeting:
    camp, state = ctx.campaign, estate(ctx)
    meeting_id = f"m{len(state.meetings) + 1}"
    what = f"fight or refuse of meeting {meeting_id}"
    writers = [mover.owner, other.owner]
    sealed: api.SealedChoice[str] = api.SealedChoice(meeting_id, what, writers, kind="meeting")
    meeting = Meeting(meeting_id, camp.turn, [mover.id, other.id], sealed, shields=shields)
    state.meetings.append(meeting)
    assert mover.hex is not None and other.hex is not None
    ctx.emit(
        "meeting",
        f"Meeting {meeting_id}: the zones of {_name(camp, mover.id)} ({camp.map.label(mover.hex)})"
        f" and {_name(camp, other.id)} ({camp.map.label(other.hex)}) meet: each general "
        "chooses, sealed, to fight or to refuse",
        undoable=False,
        meeting=meeting_id,
    )
    for army in (mover, other):
        choice, why = forced_choice(ctx, army)
        if choice:
            sealed.choices[army.owner] = choice
            ctx.emit(
                "meeting_forced",
                f"{_name(camp, army.id)} has no choice in meeting {meeting_id}: {why}",
                visible_to=[army.owner],
                undoable=False,
                meeting=meeting_id,
            )
    if sealed.complete:
        api.sealed.reveal(ctx, sealed)
        settle_choices(ctx, meeting)
    return meeting


def find_meeting(ctx: api.Context, meeting_id: str) -> Meeting:
    found = next((m for m in estate(ctx).meetings if m.id == meeting_id), None)
    return ctx.found(found, f"There is no meeting {meeting_id!r}")


def meet(ctx: api.Context, action: Meet) -> None:
    """A general's sealed choice; the second one reveals both (R-EL-18)."""
    meeting = find_meeting(ctx, action.meeting)
    word = action.choice.strip().lower()
    ctx.require(word in CHOICES, f"Fight or refuse, not {action.choice!r}")
    writers = meeting.choice.writers
    player = api.turns.acting_player(ctx, action.player, among=writers)
    ctx.require(player in writers, f"{api.teams.name_of(ctx.campaign, player)} is not in it")
    army = ctx.campaign.army(meeting.divisions[writers.index(player)])
    forced, why = forced_choice(ctx, army) if army is not None else ("", "")
    ctx.require(not forced or forced == word, f"It must {forced}: {why}")
    if api.sealed.write(ctx, meeting.choice, player, word) is not None:
        settle_choices(ctx, meeting)


def settle_choices(ctx: api.Context, meeting: Meeting) -> None:
    """What the two revealed choices lead to."""
    camp = ctx.campaign
    a, b = (camp.army(d) for d in meeting.divisions)
    assert a is not None and b is not None
    choice = meeting.choice.choices
    fights = [choice.get(x.owner) == FIGHT for x in (a, b)]
    for refused, other in ((a, b), (b, a)):
        if choice.get(refused.owner) == REFUSE and refused.id in estate(ctx).cautioned:
            estate(ctx).cautioned.remove(refused.id)
            meeting.outcome, meeting.done = "settled", True
            flee(ctx, refused, other, "it refused again after a caution (R-EL-31)")
            return
    if all(fights):
        limit = int(ctx.option("max_battles_per_turn"))
        fought = [x for x in camp.battles if x.turn == camp.turn and counts_as_battle(x)]
        if limit and len(fought) >= limit:
            meeting.outcome = "postponed"
            ctx.emit(
                "meeting_postponed",
                f"Meeting {meeting.id}: both generals fight, but {limit} battle(s) are fought "
                "this hour already: the divisions halt and fight first thing next hour "
                "(R-EL-7, R-EL-28)",
                undoable=False,
                meeting=meeting.id,
            )
            return
        open_the_battle(ctx, meeting, a, b)
    elif not any(fights):
        least = int(ctx.table("prisoners").get("both_refuse", 50))
        owe(ctx, meeting, [Debt(a.id, b.id, least), Debt(b.id, a.id, least)])
        ctx.emit(
            "meeting_peace",
            f'Meeting {meeting.id}: both generals refuse. "Each general must give his '
            f'opponent a prisoner ... of at least {least} points"',
            undoable=False,
            meeting=meeting.id,
        )
    else:
        refuser = a if not fights[0] else b
        meeting.outcome, meeting.refuser = "talk", refuser.id
        then = talk_text(ctx, meeting)
        ctx.emit(
            "meeting_talk",
            f"Meeting {meeting.id}: {_name(camp, refuser.id)} refuses to fight. "
            f"{then[0].upper()}{then[1:]}",
            undoable=False,
            meeting=meeting.id,
        )


def names_the_row(rules: api.Rules, meeting: Meeting) -> api.Army | None:
    """The division refused under Attack, whose general names the Generals Discussing row
    (R-EL-17); None when the generals may talk terms or roll the table."""
    camp = rules.campaign
    other = next((d for d in meeting.divisions if d != meeting.refuser), "")
    army = camp.army(other)
    return army if army is not None and division(rules, army.id).command == ATTACK else None


def talk_text(rules: api.Rules, meeting: Meeting) -> str:
    """What a meeting where one general refused waits for: terms or the table (R-EL-6),
    or the row the general refused under Attack names (R-EL-17)."""
    attacker = names_the_row(rules, meeting)
    if attacker is not None:
        return (
            f"{_name(rules.campaign, attacker.id)} was refused under Attack: its general names "
            "the Generals Discussing row (discuss, row = 1 to 6; R-EL-17)"
        )
    return (
        "the generals may agree terms (offer, accept) or roll the Generals Discussing table "
        "(discuss)"
    )


def open_the_battle(ctx: api.Context, meeting: Meeting, a: api.Army, b: api.Army) -> None:
    """ "If both generals agree to fight, a battlefield must immidiately be assembled":
    fought where the general who stood waited, each army as its list shows it."""
    camp = ctx.campaign
    assert b.hex is not None
    here = camp.map.settlements_at(b.hex)
    sides = [
        api.BattleSide("attacker", "Attacker", [a.owner], [a.id]),
        api.BattleSide("defender", "Defender", [b.owner], [b.id]),
    ]
    meeting.outcome = "battle"
    circumstances = []
    blocker = next((x for x in (a, b) if division(ctx, x.id).command == BLOCK), None)
    if blocker is not None:
        side = "attacker" if blocker is a else "defender"
        text = f"Block: '{blocker.name}' blocks the passage (R-EL-20)"
        circumstances.append(api.Circumstance("block", text, side=side, value=5))
    # the meeting knows its battle before an auto-resolved one is settled inside open_battle
    meeting.battle = next_battle_id(camp)
    battle = api.open_battle(ctx, b.hex, sides, circumstances, here[0].id if here else None)
    meeting.battle = battle.id
    if battle.result is not None:
        meeting.done = True


def counts_as_battle(battle: api.Battle) -> bool:
    """The duel and the chase of the Generals Discussing table are no battles: the battle
    limit does not count them (R-EL-41)."""
    return not any(c.key in (DUEL, CHASE) for c in battle.circumstances)


def next_battle_id(campaign: api.Campaign) -> str:
    """The id the engine gives the next battle opened."""
    return f"b{len(campaign.battles) + 1}"


def fight_postponed(ctx: api.Context) -> None:
    """As a new hour begins, the battles postponed past the last hour's limit are fought
    first (R-EL-28)."""
    camp = ctx.campaign
    for meeting in estate(ctx).meetings:
        if meeting.outcome != "postponed":
            continue
        a, b = (camp.army(d) for d in meeting.divisions)
        if a is None or b is None or a.hex is None or b.hex is None:
            meeting.outcome, meeting.done = "settled", True
            continue
        open_the_battle(ctx, meeting, a, b)


def engaged(rules: api.Rules, army_id: str) -> str:
    """Why the division waits where its general met the enemy ("" when it does not): a
    meeting not yet settled, or a battle not yet fought (R-EL-44)."""
    camp = rules.campaign
    for battle in camp.pending_battles():
        if any(army_id in s.armies for s in battle.sides):
            return f"it fights battle {battle.id} this hour"
    for m in estate(rules).meetings:
        if not m.done and army_id in m.divisions and m.outcome not in ("battle", "postponed"):
            return f"its general is in meeting {m.id}, not yet settled"
    return ""


def halted(rules: api.Rules, army_id: str) -> bool:
    """Whether the division waits for a battle postponed to the next hour (R-EL-28)."""
    return any(m.outcome == "postponed" and army_id in m.divisions for m in estate(rules).meetings)


def owe(ctx: api.Context, meeting: Meeting, debts: list[Debt]) -> None:
    """Prisoners to be handed over; a division with no unit that would do hands none, and
    the chronicle says so."""
    meeting.outcome = "prisoners"
    camp = ctx.campaign
    for debt in debts:
        army = camp.army(debt.division)
        if army is not None and eligible(army, debt.least, debt.kind):
            meeting.owed.append(debt)
            continue
        ctx.emit(
            "prisoner_none",
            f"{_name(camp, debt.division)} has no unit that will do as a prisoner of "
            f"{debt.least} pts or more (R-EL-29)",
            undoable=False,
            meeting=meeting.id,
        )
    settle_if_paid(meeting)


def settle_if_paid(meeting: Meeting) -> None:
    if not meeting.owed:
        meeting.outcome, meeting.done = "settled", True


def fits(unit: api.Unit, least: int, kind: str) -> bool:
    """A prisoner "of at least" ``least`` points: a whole unit or character (R-EL-29), never
    the general (R-EL-34); row 3 of the Generals Discussing table wants "a character, a
    monster, a wizard etc, but not a normal troop"."""
    if "general" in unit.flags or unit.points < least:
        return False
    return kind != "not troops" or not unit.category.is_rank_and_file


def eligible(army: api.Army, least: int, kind: str) -> bool:
    return any(fits(u, least, kind) for u in army.units)


def hand_prisoner(ctx: api.Context, action: HandPrisoner) -> None:
    """A prisoner handed over: it leaves its division for the captor's prisoner list."""
    camp = ctx.campaign
    meeting = find_meeting(ctx, action.meeting)
    mine = [d for d in meeting.owed if (a := camp.army(d.division)) and ctx.seat.controls(a.owner)]
    ctx.require(mine, f"Meeting {meeting.id} asks no prisoner of your divisions")
    debt = mine[0]
    army = ctx.army(debt.division)
    unit = ctx.unit(army, action.unit)
    not_troops = ", not a normal troop" if debt.kind == "not troops" else ""
    ctx.require(
        fits(unit, debt.least, debt.kind),
        f"{unit.name} will not do: a prisoner is a whole unit or character of at least "
        f"{debt.least} pts{not_troops}, and never the general (R-EL-29, R-EL-34)",
    )
    captor = camp.army(debt.captor)
    assert captor is not None
    army.units.remove(unit)
    estate(ctx).prisoners.setdefault(captor.owner, []).append(
        Prisoner(unit, army.owner, army.id, camp.turn, captor.id)
    )
    meeting.owed.remove(debt)
    settle_if_paid(meeting)
    ctx.emit(
        "prisoner",
        f"{_name(camp, army.id)} hands {unit.name} ({unit.points} pts) to "
        f"{_name(camp, captor.id)} as a prisoner",
        player=army.owner,
        meeting=meeting.id,
    )
    roster.gone_if_empty(ctx, army)


def blockers(rules: api.Rules) -> list[str]:
    """R-EL-30: the hour goes on only once its meetings are settled and its battles
    fought or auto-resolved."""
    camp = rules.campaign
    out = [
        f"Battle {b.id} at {camp.map.label(b.hex)} must be fought or auto-resolved first (R-EL-30)"
        for b in camp.pending_battles()
    ]
    for m in estate(rules).meetings:
        wait = waiting_for(rules, m)
        if not wait:
            continue
        names = " and ".join(_name(camp, d) for d in m.divisions)
        if not m.choice.revealed:
            out.append(f"Meeting {m.id} of {names} {wait}")
        elif m.owed:
            out.append(f"Meeting {m.id}: {wait}")
        else:
            out.append(f"Meeting {m.id} of {names}: {wait}")
    return out


def waiting_for(rules: api.Rules, m: Meeting) -> str:
    """What an open meeting waits for, said without its name ("" for none): the sealed
    choices, a prisoner owed, or the terms or the table (R-EL-30)."""
    camp = rules.campaign
    if m.done or m.outcome in ("battle", "postponed", "contest"):
        return ""
    if not m.choice.revealed:
        waiting = ", ".join(api.teams.name_of(camp, w) for w in m.choice.waiting)
        return f"waits for the sealed choice of {waiting}"
    if m.owed:
        owing = " and ".join(dict.fromkeys(_name(camp, d.division) for d in m.owed))
        return f"{owing} must hand over a prisoner (hand_prisoner)"
    if names_the_row(rules, m) is not None:
        return talk_text(rules, m)
    return "agree terms or discuss (R-EL-6)"


HANDLERS = {Meet: meet, HandPrisoner: hand_prisoner}
ACTIONS = (Meet, HandPrisoner)
