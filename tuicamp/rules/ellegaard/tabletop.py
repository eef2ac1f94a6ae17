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
from tuicamp.rules.ellegaard.state import (
    CHASE,
    CONTESTS,
    DUEL,
    FAIR_BATTLE,
    Meeting,
    estate,
)

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
    "The refuser chooses its unit(s) (chase_units); until it does, the card's proposal "
    "stands (R-EL-46).",
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


def chase_problem(rules: api.Rules, army: api.Army, picked: list[api.Unit]) -> str:
    """Why the refuser's choice of chase units will not do ("" when it will): "Refuser
    must choose one unit of at least 500 points. If this is not possible, take more until
    at least 500 points have been spent" (R-EL-46: one unit when any single unit has the
    points; else units until the points are met, none that could be left out, or every
    unit when all of them fall short; never the general)."""
    least = int(rules.table("contests").get("chase_points", 500))
    if not picked:
        return "Name at least one unit for the chase"
    if len({u.id for u in picked}) != len(picked):
        return "A unit is named twice for the chase"
    leader = next((u for u in picked if "general" in u.flags), None)
    if leader is not None:
        return f"{leader.name} is the general: he leads the division, not the chase (R-EL-46)"
    units = [u for u in army.units if "general" not in u.flags]
    single = [u for u in units if u.points >= least]
    spent = sum(u.points for u in picked)
    if single:
        if len(picked) == 1 and picked[0].points >= least:
            return ""
        names = ", ".join(f"{u.name} ({u.points:,} pts)" for u in single)
        return (
            f"The text asks one unit of at least {least:,} pts when there is one: choose one "
            f"of {names} (R-EL-46)"
        )
    if spent < least and len(picked) < len(units):
        return (
            f"The chase units make {spent:,} pts: take more until at least {least:,} pts "
            "have been spent (R-EL-46)"
        )
    spare = [u for u in picked if spent - u.points >= least]
    if spare:
        return (
            f"{spare[0].name} ({spare[0].points:,} pts) is one too many: the others already "
            f"make at least {least:,} pts (R-EL-46)"
        )
    return ""


def chase_pick(rules: api.Rules, battle: api.Battle, army: api.Army) -> list[api.Unit]:
    """The refuser's chase units: its own choice once made (R-EL-46), else the card's
    proposal."""
    meeting = next((m for m in estate(rules).meetings if m.battle == battle.id), None)
    chosen = [army.unit(uid) for uid in meeting.chase_pick] if meeting is not None else []
    units = [u for u in chosen if u is not None]
    return units if units else chase_units(rules, army)


def chase_facts(picked: list[api.Unit]) -> list[api.Circumstance]:
    """What the chase card says of each side's units."""
    spent = sum(u.points for u in picked)
    names = ", ".join(f"{u.name} ({u.points:,} pts)" for u in picked) or "no unit"
    text = (
        f"Pursues with {len(picked)} unit(s) of no more than {spent:,} pts in all, from its "
        "table edge"
    )
    return [
        api.Circumstance("chased", f"Flees with {names}: {spent:,} pts", side=REFUSER),
        api.Circumstance("chasers", text, side=ATTACKER, value=spent),
    ]


def fair_points(rules: api.Rules, a: api.Army, b: api.Army) -> int:
    """The fair battle's points: "Set a limit (for example 500 or 1000 points)" (R-EL-41:
    the table's limit, or the smaller division's points when it has fewer)."""
    limit = int(rules.table("contests").get("fair_battle_points", 1000))
    return min(limit, a.points, b.points)


def fair_troops(army: api.Army, points: int) -> list[tuple[api.Unit, int]]:
    """The troops an auto-resolved fair battle fields, each with its models: "pick out
    troops from the existing army list" (R-EL-47: the general first, then the list in its
    order; a unit too dear for the points still left fields the models they pay for)."""
    order = sorted(army.units, key=lambda u: "general" not in u.flags)
    picked: list[tuple[api.Unit, int]] = []
    left = points
    for unit in order:
        if left <= 0 or unit.points <= 0 or unit.models <= 0:
            continue
        models = unit.models if unit.points <= left else unit.models * left // unit.points
        if models:
            picked.append((unit, models))
            left -= unit.points * models // unit.models
    return picked


def fair_losses(
    army: api.Army, troops: list[tuple[api.Unit, int]], share: float, killed_share: float
) -> list[api.UnitLoss]:
    """``share`` of the models fielded lost, spread over the units by their models
    (rounded so the total adds up), ``killed_share`` of each unit's loss killed and the
    rest fled (R-EL-47). The general is spared: only the duel kills him (R-EL-35)."""
    troops = [(u, models) for u, models in troops if "general" not in u.flags]
    total = sum(models for _, models in troops)
    target = min(total, round(total * share))
    exact = [models * target / total if total else 0.0 for _, models in troops]
    counts = [int(x) for x in exact]
    order = sorted(range(len(troops)), key=lambda i: (counts[i] - exact[i], i))
    for i in order[: target - sum(counts)]:
        counts[i] += 1
    losses = []
    for (unit, _), lost in zip(troops, counts, strict=True):
        if lost:
            killed = round(lost * killed_share)
            losses.append(api.UnitLoss(army.id, unit.id, killed=killed, fled=lost - killed))
    return losses


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
        out.extend(chase_facts(chase_units(rules, refuser)))
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


def outcome(
    rules: api.Rules, battle: api.Battle, result: api.BattleResult
) -> api.BattleOutcome | None:
    """Who won a contest (None for no contest: the core's rule). The duel: the general who
    won it; the chase: the attacker when it caught any unit; else the refuser leaves. A
    chase result with a loss for a unit that did not run never gets here: the engine
    refuses a loss for a unit the contest does not field (R-EL-48, R-ALL-14)."""
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


def fair_results(
    rules: api.Rules,
    armies: dict[str, api.Army | None],
    results: dict[str, api.SideResult],
    won: str,
) -> None:
    """The losses of an auto-resolved fair battle (R-EL-47): each side fights with the
    fair battle's points out of its list (``fair_troops``); the loser loses the table's
    ``fair_loser_losses`` per cent of those models (60% of them killed), the winner
    ``fair_winner_losses`` per cent (80% killed); the Victory Points are the points of
    what the other side lost, the winner's at least one more than the loser's."""
    spec = rules.table("contests")
    present = [a for a in armies.values() if a is not None]
    if len(present) != 2:
        return
    points = fair_points(rules, present[0], present[1])
    shares = {
        True: (int(spec.get("fair_winner_losses", 20)) / 100, 0.8),
        False: (int(spec.get("fair_loser_losses", 50)) / 100, 0.6),
    }
    lost_points: dict[str, int] = {}
    for side, army in armies.items():
        if army is None:
            continue
        troops = fair_troops(army, points)
        share, killed = shares[side == won]
        losses = fair_losses(army, troops, share, killed)
        results[side].losses = losses
        worth = {u.id: u for u, _ in troops}
        lost_points[side] = sum(
            round(worth[x.unit].points * (x.killed + x.fled) / worth[x.unit].models)
            for x in losses
            if worth[x.unit].models
        )
    other = {ATTACKER: REFUSER, REFUSER: ATTACKER}
    for side in results:
        results[side].vp = lost_points.get(other[side], 0)
    lost = other[won]
    results[won].vp = max(results[won].vp, results[lost].vp + 1)


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
        for unit in chase_pick(rules, battle, refuser) if refuser is not None else []:
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
    elif contest == FAIR_BATTLE:
        fair_results(rules, armies, results, won)
    return api.BattleResult([results[ATTACKER], results[REFUSER]], auto=True)
