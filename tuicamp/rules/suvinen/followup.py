"""The temporary allies' follow-up battle (§4.1, step 2, R-SU-15, R-SU-39).

"-if temporal allies win the battle, then they must IMMEDIATLY fight a battle between them
(again, if there are more than two sides you first make temporal alliances). Deploy for a
suprise attack. The attacker is the side who collected more Victory Points in the previous
attack."

A battle's result names its winners; when a winning side holds players who are only
temporary allies, the field is theirs: the beaten sides must withdraw, the winners write
no withdrawal, and on the next day they fight each other (R-SU-15: "with no withdrawal
step before it"). Each temporary ally's own victory points are a field of the result form,
since the allied side's are one sum; the player with more is the attacker, and equal
points roll a d6 each.
"""

from __future__ import annotations

from tuicamp.rules import api
from tuicamp.rules.suvinen.battles import names_joined, temporarily_allied
from tuicamp.rules.suvinen.corps import allied
from tuicamp.rules.suvinen.state import FollowUp, sstate

VP_FIELD = "vp_of_"  # + player id: one temporary ally's own victory points


def temporary_side(rules: api.Rules, side: api.BattleSide, h: api.Hex) -> bool:
    """Whether a side of a battle holds temporary allies (not only allies of the turn)."""
    return any(
        temporarily_allied(rules, a, b, h) and not allied(rules, a, b)
        for i, a in enumerate(side.players)
        for b in side.players[i + 1 :]
    )


def result_fields(rules: api.Rules, battle: api.Battle) -> tuple[api.ResultField, ...]:
    """One field a temporary ally: its own victory points, which decide who attacks in the
    follow-up battle (§4.1: "The attacker is the side who collected more Victory Points")."""
    camp = rules.campaign
    return tuple(
        api.ResultField(
            f"{VP_FIELD}{player}",
            f"Victory points of {api.teams.name_of(camp, player)} alone",
            kind="int",
            maximum=99_999,
            help=(
                "If the temporary allies win, the one with more VP attacks in their "
                "follow-up battle (section 4.1, R-SU-39)"
            ),
            scope=api.FieldScope.ONE_SIDE,
            side=side.id,
        )
        for side in battle.sides
        if temporary_side(rules, side, battle.hex)
        for player in side.players
    )


def check_ally_vp(rules: api.Rules, battle: api.Battle) -> None:
    """Refuse a result whose temporary allies' own VP do not add up to their side's: the
    split decides who attacks in the follow-up battle (§4.1: "The attacker is the side who
    collected more Victory Points"), so a slip there would hand the attack to the wrong
    ally, or to the dice on two forgotten zeros (R-SU-39). A result without the split (the
    auto-resolver fills in no VP of one ally) is left to the dice as before."""
    result = battle.result
    if result is None:
        return
    for side in battle.sides:
        entry = result.side(side.id)
        if entry is None or not temporary_side(rules, side, battle.hex):
            continue
        own = {p: entry.facts.get(f"{VP_FIELD}{p}") for p in side.players}
        if all(v is None for v in own.values()):
            continue
        split = {p: int(v or 0) for p, v in own.items()}
        if sum(split.values()) != entry.vp:
            shown = " + ".join(f"{VP_FIELD}{p} {v}" for p, v in split.items())
            names = names_joined([api.teams.name_of(rules.campaign, p) for p in side.players])
            raise api.RuleError(
                f"{names}: the allies' own VP ({shown} = {sum(split.values())}) must add "
                f"up to the side's {entry.vp} VP: they decide who attacks if the allies "
                "fight each other next (R-SU-39)"
            )


def won_by_allies(rules: api.Rules, battle: api.Battle) -> api.BattleSide | None:
    """The side of temporary allies that won the battle alone, if one did."""
    result = battle.result
    if result is None or len(result.winners) != 1:
        return None
    side = next((s for s in battle.sides if s.id == result.winners[0]), None)
    return side if side is not None and temporary_side(rules, side, battle.hex) else None


def note_victory(ctx: api.Context, battle: api.Battle) -> None:
    """The temporary allies won: their follow-up battle is owed for the next day, its
    attacker the ally with more VP (a d6 each on equal points) (§4.1, R-SU-39)."""
    side = won_by_allies(ctx, battle)
    if side is None or battle.result is None:
        return
    camp, state = ctx.campaign, sstate(ctx)
    entry = battle.result.side(side.id)
    facts = entry.facts if entry is not None else {}
    vp = {p: int(facts.get(f"{VP_FIELD}{p}", 0)) for p in side.players}
    best = max(vp.values())
    leaders = [p for p in side.players if vp[p] == best]
    why = "more VP"
    while len(leaders) > 1:  # equal points: a d6 each, the highest attacks, ties again
        rolls = {
            p: ctx.dice.roll("1d6", f"the attacker of the follow-up ({p})").total for p in leaders
        }
        top = max(rolls.values())
        leaders = [p for p in leaders if rolls[p] == top]
        shown = ", ".join(f"{api.teams.name_of(camp, p)} {r}" for p, r in rolls.items())
        why = f"equal VP; a d6 each: {shown}"
    attacker = leaders[0]
    label = camp.map.label(battle.hex)
    state.follow_ups[label] = FollowUp(state.day + 1, list(side.players), attacker, battle.id, vp)
    names = names_joined([api.teams.name_of(camp, p) for p in side.players])
    ctx.emit(
        "follow_up",
        f"{names} won together at {label}: they fight each other there on day "
        f"{state.day + 1}, a surprise attack, {api.teams.name_of(camp, attacker)} attacking "
        f"({why}) (section 4.1, R-SU-39)",
    )


def owed(rules: api.Rules, h: api.Hex) -> FollowUp | None:
    """The follow-up battle owed in ``h`` today, if one is."""
    state = sstate(rules)
    follow = state.follow_ups.get(rules.campaign.map.label(h))
    return follow if follow is not None and follow.day == state.day else None


def winners_at(rules: api.Rules, h: api.Hex) -> list[str]:
    """The temporary allies who won today's battle in ``h``: they write no withdrawal, as
    their follow-up is owed for tomorrow (R-SU-15, R-SU-39)."""
    state = sstate(rules)
    follow = state.follow_ups.get(rules.campaign.map.label(h))
    return list(follow.players) if follow is not None and follow.day == state.day + 1 else []


def beaten_refusal(rules: api.Rules, h: api.Hex, player: str) -> str:
    """Why a side beaten by temporary allies must withdraw ('' when it was not)."""
    winners = winners_at(rules, h)
    if not winners or player in winners:
        return ""
    names = names_joined([api.teams.name_of(rules.campaign, p) for p in winners])
    return f"{names} beat you as temporary allies and fight each other here next (R-SU-39)"


def owed_tomorrow(rules: api.Rules) -> bool:
    """Whether a follow-up battle is owed for the next day."""
    state = sstate(rules)
    return any(f.day == state.day + 1 for f in state.follow_ups.values())


def sides(rules: api.Rules, h: api.Hex, groups: list[list[api.Army]]) -> list[api.BattleSide]:
    """The sides of the follow-up battle of two: the attacker's and the defender's."""
    follow = owed(rules, h)
    if follow is None or len(groups) != 2:
        return []
    camp = rules.campaign
    out = []
    for group in sorted(groups, key=lambda g: all(a.owner != follow.attacker for a in g)):
        players = list(dict.fromkeys(a.owner for a in group))
        names = " and ".join(api.teams.name_of(camp, p) for p in players)
        role = "attacker" if follow.attacker in players else "defender"
        out.append(api.BattleSide(role, names, players, [a.id for a in group]))
    return out


def card_notes(rules: api.Rules, battle: api.Battle) -> list[str]:
    """The card of a follow-up battle: a surprise attack, and who attacks and why."""
    state, camp = sstate(rules), rules.campaign
    follow = state.follow_ups.get(camp.map.label(battle.hex))
    if follow is None or follow.day != battle.day:
        return []
    day = battle.day - 1
    if len(battle.sides) != 2:
        return [
            f"The temporary allies who won on day {day} fight each other, more than two "
            "sides: King of the Hill (section 4.1, R-SU-39)."
        ]
    attacker = api.teams.name_of(camp, follow.attacker)
    vp = ", ".join(f"{api.teams.name_of(camp, p)} {v}" for p, v in follow.vp.items())
    return [
        f"The temporary allies who won on day {day} fight each other: deploy for a surprise "
        f"attack; the attacker is {attacker}, with more VP then ({vp}) (section 4.1, "
        "R-SU-39)."
    ]
