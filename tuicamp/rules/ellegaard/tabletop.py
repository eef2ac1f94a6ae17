"""The Generals Discussing rows fought at the table, as battles of the engine (R-EL-41):
the duel (row 1), the "Let's see" chase (row 2) and the fair battle (row 4).

Each is opened as a battle record with its card (every fact the text gives: who, with
what, the table, who goes first, what follows), taken back through the result form or
settled by the auto-resolver of R-EL-42, and listed by ``tuicamp battles``. The duel and
the chase are contests, not battles: they count against no battle limit and spend nobody;
the fair battle is a battle (R-EL-5, R-EL-24). What follows each is drawn by ``contests``.

Its sides are the general who would fight ("attacker") and the refuser ("refuser").
"""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.ellegaard.meetings import next_battle_id
from tuicamp.rules.ellegaard.setup import general
from tuicamp.rules.ellegaard.state import CHASE, CONTESTS, DUEL, FAIR_BATTLE, Meeting

ATTACKER, REFUSER = "attacker", "refuser"

DUEL_NOTES = (
    "Then I'll take ya! (Generals Discussing row 1): \"Both generals will be drawn into a "
    'bitter fight between eachother."',
    "Use the characteristics shown on the army lists, and start the fight in hand-to-hand combat.",
    "No spells or monsters are used although magic items are perfectly allowed.",
    "No break tests, terror tests etc. are taken, and only close combat is fought.",
    "If the refusing general wins the combat he may leave without fighting a battle. If the "
    "attacker wins, the refusing general's army will flee; the attacker may pursue as normal.",
    "Generals who are killed are removed from the roster, and another character must take "
    "his job (R-EL-35). It is allowed to surrender.",
    "Enter for each side whether its general won the duel and whether he was killed.",
)
CHASE_NOTES = (
    "Let's see... (Generals Discussing row 2): the refuser's unit(s) of at least 500 pts "
    "against as many of the attacker's units of no more cost.",
    'Place the attacking unit(s) adjacent to the table edge of a 36" long table, and the '
    'refusing unit(s) 1" in front of the attacker.',
    "The refuser goes first: roll how many inches the unit(s) flee, then the attacker tries "
    "to pursue them.",
    "If the refuser disappears off the opposing side of the table without being caught the "
    "army can leave. Otherwise the unit is slaughtered and crossed off the army list.",
    "Enter every refusing unit caught as a loss: a unit with any loss is crossed off for good.",
)
FAIR_NOTES = (
    "Fair battle (Generals Discussing row 4): the two armies fight an equal battle of equal "
    "points, picked out of their existing army lists.",
    "Remember to follow the army selection limits: a Giant will not accompany a 500 point "
    "skirmishing group (R-ALL-3).",
    "The entire losing army will flee, and the winner may choose to pursue them; the winner "
    "gains 5 War Points (R-EL-24).",
    "Battles are always fought in four turns.",
)
NOTES = {DUEL: DUEL_NOTES, CHASE: CHASE_NOTES, FAIR_BATTLE: FAIR_NOTES}


def contest_of(battle: api.Battle) -> str:
    """Which row's contest a battle is ("" for a battle of a meeting where both fought)."""
    return next((c.key for c in battle.circumstances if c.key in CONTESTS), "")


def chase_units(rules: api.Rules, army: api.Army) -> list[api.Unit]:
    """The refuser's units for the chase: "one unit of at least 500 points. If this is not
    possible, take more until at least 500 points have been spent" (R-EL-41: the card's
    proposal, the cheapest such unit, else the dearest units until the points are met;
    never the general)."""
    least = int(rules.table("contests").get("chase_points", 500))
    units = [u for u in army.units if "general" not in u.flags]
    single = [u for u in units if u.points >= least]
    if single:
        return [min(single, key=lambda u: u.points)]
    picked: list[api.Unit] = []
    for unit in sorted(units, key=lambda u: -u.points):
        if sum(u.points for u in picked) >= least:
            break
        picked.append(unit)
    return picked


def fair_points(rules: api.Rules, a: api.Army, b: api.Army) -> int:
    """The fair battle's points: "Set a limit (for example 500 or 1000 points)" (R-EL-41:
    the table's limit, or the smaller division's points when it has fewer)."""
    limit = int(rules.table("contests").get("fair_battle_points", 1000))
    return min(limit, a.points, b.points)


def _general_text(army: api.Army) -> str:
    leader = general(army)
    if leader is None:
        return f"'{army.name}' has no general"
    return (
        f"General {leader.name}: Ld {leader.leadership}, M {leader.movement}, {leader.points} pts"
    )


def circumstances(
    rules: api.Rules, contest: str, row: int, attacker: api.Army, refuser: api.Army
) -> list[api.Circumstance]:
    """The facts of each side the card prints."""
    title = str(rules.table("discussing")[str(row)]["title"])
    out = [api.Circumstance(contest, f"Generals Discussing row {row}, {title}", value=row)]
    if contest == DUEL:
        for side, army in ((ATTACKER, attacker), (REFUSER, refuser)):
            out.append(api.Circumstance("duellist", _general_text(army), side=side))
    elif contest == CHASE:
        picked = chase_units(rules, refuser)
        spent = sum(u.points for u in picked)
        names = ", ".join(f"{u.name} ({u.points:,} pts)" for u in picked) or "no unit"
        out.append(api.Circumstance("chased", f"Flees with {names}: {spent:,} pts", side=REFUSER))
        text = (
            f"Pursues with {len(picked)} unit(s) of no more than {spent:,} pts in all, from its "
            "table edge"
        )
        out.append(api.Circumstance("chasers", text, side=ATTACKER, value=spent))
    else:
        points = fair_points(rules, attacker, refuser)
        for side in (ATTACKER, REFUSER):
            text = f"Picks {points:,} pts out of its army list"
            out.append(api.Circumstance("fair_points", text, side=side, value=points))
    return out


def open_contest(
    ctx: api.Context, meeting: Meeting, contest: str, refuser: api.Army, attacker: api.Army
) -> api.Battle:
    """The row's contest as a battle at the refuser's hex, pending until the players enter
    its result or the dice settle it (R-EL-30: the hour waits for it)."""
    assert refuser.hex is not None
    sides = [
        api.BattleSide(ATTACKER, "Attacker", [attacker.owner], [attacker.id]),
        api.BattleSide(REFUSER, "Refuser", [refuser.owner], [refuser.id]),
    ]
    meeting.outcome, meeting.contest = "contest", contest
    meeting.battle = next_battle_id(ctx.campaign)
    facts = circumstances(ctx, contest, meeting.row, attacker, refuser)
    battle = api.open_battle(ctx, refuser.hex, sides, facts)
    meeting.battle = battle.id
    return battle


# --- the result form, the outcome and the auto-resolver -------------------------------------
DUEL_FIELDS = (
    api.ResultField(
        "duel_won", "Its general won the duel", help="The other one lost or surrendered"
    ),
    api.ResultField("general_slain", "Its general was killed", help="Removed from the roster"),
)


def result_fields(battle: api.Battle) -> tuple[api.ResultField, ...]:
    return DUEL_FIELDS if contest_of(battle) == DUEL else ()


def caught(battle: api.Battle, result: api.BattleResult) -> list[str]:
    """The refuser's units caught in the chase: those with any loss entered."""
    side = result.side(REFUSER)
    return [loss.unit for loss in side.losses if loss.killed or loss.fled] if side else []


def outcome(battle: api.Battle, result: api.BattleResult) -> api.BattleOutcome | None:
    """Who won a contest (None for no contest: the core's rule). The duel: the general who
    won it; the chase: the attacker when it caught any unit; else the refuser leaves."""
    contest = contest_of(battle)
    if contest == DUEL:
        won = [r.side for r in result.sides if r.facts.get("duel_won")]
        if len(won) != 1:
            top = max((r.vp for r in result.sides), default=0)
            won = [r.side for r in result.sides if r.vp == top]
        side = won[0] if len(won) == 1 else REFUSER
        text = "the attacker wins the duel" if side == ATTACKER else "the refuser wins the duel"
        return api.BattleOutcome((side,), text)
    if contest == CHASE:
        if caught(battle, result):
            return api.BattleOutcome((ATTACKER,), "the attacker catches the refuser's unit(s)")
        return api.BattleOutcome((REFUSER,), "the refuser gets off the table without being caught")
    return None


def resolve(rules: api.Rules, battle: api.Battle, dice: api.Dice) -> api.BattleResult | None:
    """R-EL-42: the duel, each general 2d6 + Ld (ties rolled again), the loser killed on a
    D6 of 6 (else he surrendered); the chase, each fleeing unit 2d6 against the pursuers'
    2d6, caught when the pursuit rolls higher; the fair battle, 2d6 each (ties rolled
    again). None for a battle that is no contest."""
    contest = contest_of(battle)
    if not contest:
        return None
    camp, spec = rules.campaign, rules.table("contests")
    armies = {s.id: camp.army(s.armies[0]) if s.armies else None for s in battle.sides}
    if contest == CHASE:
        refuser = armies[REFUSER]
        losses = []
        for unit in chase_units(rules, refuser) if refuser is not None else []:
            flees = dice.roll("2d6", f"auto-resolve: {unit.name} flees").total
            chases = dice.roll("2d6", f"auto-resolve: the pursuit of {unit.name}").total
            if chases > flees:
                assert refuser is not None
                losses.append(api.UnitLoss(refuser.id, unit.id, killed=unit.models))
        sides = [api.SideResult(ATTACKER), api.SideResult(REFUSER, losses=losses)]
        return api.BattleResult(sides, auto=True)
    scores = {ATTACKER: 0, REFUSER: 0}
    for _ in range(int(spec.get("rerolls", 20))):
        for side, army in armies.items():
            leader = general(army) if army is not None and contest == DUEL else None
            bonus = leader.leadership if leader is not None else 0
            scores[side] = dice.roll("2d6", f"auto-resolve: the {side}'s {contest}").total + bonus
        if scores[ATTACKER] != scores[REFUSER]:
            break
    won = ATTACKER if scores[ATTACKER] > scores[REFUSER] else REFUSER
    lost = REFUSER if won == ATTACKER else ATTACKER
    results = {side: api.SideResult(side, vp=int(side == won)) for side in scores}
    if contest == DUEL:
        results[won].facts["duel_won"] = 1
        slain = dice.roll("d6", f"auto-resolve: is the {lost}'s general killed?").total
        results[lost].facts["general_slain"] = int(slain >= int(spec.get("duel_slain_on", 6)))
    return api.BattleResult([results[ATTACKER], results[REFUSER]], auto=True)
