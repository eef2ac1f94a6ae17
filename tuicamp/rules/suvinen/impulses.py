"""The impulses of the movement phase (R-SU-1, R-SU-3, R-SU-4, R-SU-10, R-SU-11).

"The movement is done in 8 phases" (impulses here, so as not to clash with the engine's
phases). In each, "The first player moves one unit for 1 MP ... Now the second player in
order move one of his units for 1 MP. Then the third and so on. When all have moved 1 unit
the first player moves a second unit for 1 MP, and so on." "Phases 5-8 are for LC units
ONLY." A move the MP cannot pay for is "commited": "If the unit was commited to move it may
now be able to finish the move, if not it is still commited." "A 'commited move' may last
from turn to turn, if the unit is not attacked meanwhile. You may break a commited move by
using 1 MP."

Each impulse is a phase of the engine, in rounds (its steps): each round's order of play is
the players in the rolled order who still have a corps to move in the impulse, so a player
with more corps has the last rounds to itself. In each round a player takes one corps'
impulse (``move_corps``, ``hold_corps`` or ``break_commitment``), then ends its part of the
round with ``end_phase`` (R-SU-25).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.suvinen import control
from tuicamp.rules.suvinen.corps import (
    allies_of,
    describe,
    hostile_at,
    is_garrison,
    leader,
    takes_impulse,
)
from tuicamp.rules.suvinen.state import Corps, corps_record, sstate

IMPULSE_COUNT = 8  # "The movement is done in 8 phases": one engine phase each


def phase_id(impulse: int) -> str:
    return f"impulse{impulse}"


IMPULSE_PHASES = tuple(phase_id(n) for n in range(1, IMPULSE_COUNT + 1))
EPS = 1e-9


def mp_text(mp: float) -> str:
    """MP as the text writes them: 1/2, 1, 1 1/2."""
    whole, half = int(mp + EPS), abs(mp - int(mp + EPS)) > EPS
    if not half:
        return str(whole)
    return f"{whole} 1/2" if whole else "1/2"


def impulse_mp(rules: api.Rules) -> float:
    return float(rules.table("impulses").get("mp", 1))


def impulse_now(rules: api.Rules) -> int:
    """The impulse being played (1-8), or 0 outside the movement."""
    phase = rules.campaign.phase
    return IMPULSE_PHASES.index(phase) + 1 if phase in IMPULSE_PHASES else 0


def in_impulses(rules: api.Rules) -> bool:
    return impulse_now(rules) > 0 and rules.campaign.step > 0


def eligible(rules: api.Rules, player: str, impulse: int) -> list[api.Army]:
    """The player's corps that take this impulse (R-SU-1, R-SU-11)."""
    camp = rules.campaign
    return [a for a in camp.armies if a.owner == player and takes_impulse(rules, a, impulse)]


def rounds(rules: api.Rules, impulse: int) -> int:
    """The rounds of an impulse's rotation: as many as the most corps one player moves in
    it (at least one, which ends by itself when nobody moves)."""
    counts = [len(eligible(rules, p, impulse)) for p in sstate(rules).order]
    return max([1, *counts])


def round_order(rules: api.Rules, impulse: int, round_no: int) -> list[str]:
    """Who moves a corps in one round: the players in the rolled order who have that many
    corps in the impulse; players with none left are skipped (R-SU-11)."""
    order = sstate(rules).order
    return [p for p in order if len(eligible(rules, p, impulse)) >= round_no]


def rotation(ctx: api.Context) -> list[str]:
    """The engine's order of play for the round just begun."""
    return round_order(ctx, impulse_now(ctx), ctx.campaign.step)


def begin_impulse(ctx: api.Context) -> None:
    """An impulse begins: every corps that takes it has 1 MP to spend (R-SU-3)."""
    impulse = impulse_now(ctx)
    for army in ctx.campaign.armies:
        record = corps_record(ctx, army.id)
        record.mp_left = impulse_mp(ctx) if takes_impulse(ctx, army, impulse) else 0.0


def rotation_done(rules: api.Rules) -> bool:
    """A round with nobody to move ends by itself (impulses 5-8 without LC)."""
    return in_impulses(rules) and not rules.campaign.flow.order


def taken(rules: api.Rules, player: str) -> int:
    """How many of ``player``'s corps have taken this impulse."""
    camp, now = rules.campaign, (rules.campaign.turn, impulse_now(rules))
    return sum(
        1 for a in camp.armies if a.owner == player and corps_record(rules, a.id).took == now
    )


def blockers(rules: api.Rules, player: str) -> list[str]:
    """R-SU-11: "Every eligible unit takes its impulse (a hold counts)": a player's part
    of a round ends only once one of its corps has taken its impulse in it."""
    if not in_impulses(rules) or taken(rules, player) >= rules.campaign.step:
        return []
    return [
        f"First: take impulse {impulse_now(rules)} with one of your corps "
        "(move_corps, hold_corps or break_commitment)"
    ]


def start(ctx: api.Context, army_id: str) -> tuple[api.Army, Corps]:
    """The corps whose impulse a player takes now, refused in words the player can act on."""
    camp, impulse = ctx.campaign, impulse_now(ctx)
    ctx.require(in_impulses(ctx), "Corps move only in the impulses, after the council")
    army = ctx.own_army(army_id)
    record = corps_record(ctx, army.id)
    ctx.require(
        takes_impulse(ctx, army, impulse),
        f"{describe(army)} takes no part in impulse {impulse}: " + why_not(ctx, army),
    )
    acting = api.acting_players(camp)
    ctx.require(
        army.owner in acting,
        f"It is not {api.words.possessive(api.teams.name_of(camp, army.owner))} turn in the "
        "rotation: "
        f"{', '.join(api.teams.name_of(camp, p) for p in acting) or 'nobody'} is to move",
    )
    ctx.require(
        record.took != (camp.turn, impulse),
        f"{describe(army)} has taken impulse {impulse} already",
    )
    ctx.require(
        taken(ctx, army.owner) < camp.step,
        "One corps per round of the rotation: end your part of this round (end_phase) first",
    )
    record.took = (camp.turn, impulse)
    return army, record


def why_not(rules: api.Rules, army: api.Army) -> str:
    """Why a corps does not take this impulse, as the rules say it."""
    if army.hex is None or not army.units:
        return "it is not on the map"
    if is_garrison(rules, army):
        return "it is a garrison (R-SU-20)"
    if leader(army) is None:
        return 'it has no leader: "the unit can only stand around doing nothing" (R-SU-1)'
    return "impulses 5-8 are for LC corps only (R-SU-1)"


def cancel_commitments(ctx: api.Context, h: api.Hex, newcomer: api.Army) -> None:
    """R-SU-10: a commitment "is cancelled, with no MP cost and its accumulated MP lost,
    when a hostile unit enters its hex"."""
    for army in hostile_at(ctx, h, newcomer.owner):
        record = corps_record(ctx, army.id)
        if record.committed_to is None:
            continue
        where = ctx.campaign.map.label(record.committed_to)
        record.committed_to, record.committed_mp = None, 0.0
        ctx.emit(
            "commitment_cancelled",
            f"The commitment of {describe(army)} to {where} is cancelled: "
            f"{describe(newcomer)} attacks it (R-SU-10)",
            visible_to=allies_of(ctx, army.owner),  # the committed hex is theirs (R-SU-42)
            army=army.id,
        )


@define(frozen=True)
class Walked:
    """An impulse's move as the chronicle tells it: ``public`` for every seat, and the hex
    the corps commits to, if any, in ``commitment``, for its own side only (R-SU-42)."""

    public: str
    commitment: str | None = None


def walk(
    ctx: api.Context, army: api.Army, record: Corps, steps: Sequence[api.Hex], strict: bool = True
) -> Walked:
    """Spend the impulse's MP along ``steps`` hex by hex: enter each hex the MP (and the MP
    committed to it) pay for; commit what is left to the first hex they do not (R-SU-10).
    A path typed hex by hex (``strict``) must end there; a march to a far hex goes as far
    as the impulse's MP take it, and the rest of the way waits for the next impulses.
    Returns what happened, for the chronicle."""
    camp = ctx.campaign
    model = api.cost_model(camp.map, ctx.tables)
    label, left, here, said = camp.map.label, record.mp_left, army.hex, []
    commitment = None
    assert here is not None  # start() refused a corps off the map
    for i, nxt in enumerate(steps):
        cost = model.step_cost(here, nxt) if here.is_adjacent(nxt) else None
        if cost is None:
            raise api.RuleError(api.turns.unwalkable(camp.map, army, [here, nxt], model.step_cost))
        refusal = control.leave_refusal(ctx, army, here, nxt, impulse_now(ctx))
        ctx.require(not refusal, refusal)
        put = record.committed_mp if record.committed_to == nxt else 0.0
        rest = [label(h) for h in steps[i + 1 :]]
        if put + left + EPS >= cost:
            left -= max(0.0, cost - put)
            record.committed_to, record.committed_mp = None, 0.0
            came_from, army.hex, here = here, nxt, nxt
            said.append(f"enters {label(nxt)}")
            control.entered(ctx, army, came_from, nxt)
            control.tidy(ctx)
            if hostile_at(ctx, nxt, army.owner):
                ctx.require(
                    not (rest and strict),
                    f"{describe(army)} enters {label(nxt)}, where hostile troops stand: its move "
                    f"ends there ({', '.join(rest)} left over)",
                )
                cancel_commitments(ctx, nxt, army)
                break
            continue
        if left <= EPS and not strict:
            break  # the march goes on in the next impulse
        ctx.require(left > EPS, f"{describe(army)} has no MP left to go on to {label(nxt)}")
        record.committed_to, record.committed_mp = nxt, put + left
        ctx.require(
            not (rest and strict),
            f"{describe(army)} can pay only {mp_text(put + left)} of the {mp_text(cost)} MP "
            f"into {label(nxt)}: it commits to it and goes no further this impulse "
            f"(leave out {', '.join(rest)})",
        )
        said.append(f"stays in {label(here)}")
        commitment = f"is committed to {label(nxt)} ({mp_text(put + left)} of {mp_text(cost)} MP)"
        left = 0.0
        break
    if left > EPS:
        said.append(f"{mp_text(left)} MP unspent and lost (R-SU-3)")
    record.mp_left = 0.0
    return Walked(", ".join(said), commitment)


def way(
    ctx: api.Context, army: api.Army, record: Corps, to: str, path: Sequence[str]
) -> list[api.Hex]:
    """The hexes after the corps' own that a move names: the path as typed, or the cheapest
    way to ``to``. A committed corps goes on to the hex it is committed to first."""
    camp = ctx.campaign
    request = api.turns.move_request(camp.map, army, to, path)
    if request.hexes is not None:
        steps = list(request.hexes[1:])
    else:
        assert army.hex is not None
        found = api.cheapest_path(api.cost_model(camp.map, ctx.tables), army.hex, request.goal)
        ctx.require(
            found is not None,
            f"{describe(army)} can find no way to {camp.map.label(request.goal)}",
        )
        assert found is not None
        steps = list(found.hexes[1:])
    ctx.require(steps, f"{describe(army)} is already there")
    target = record.committed_to
    if target is not None and steps[0] != target:
        raise api.RuleError(
            f"{describe(army)} is committed to {camp.map.label(target)} "
            f"({mp_text(record.committed_mp)} MP put in): go on there, hold, or break the "
            "commitment for 1 MP (break_commitment, R-SU-4)"
        )
    return steps


@define(kw_only=True)
class MoveCorps(api.Action):
    kind = "move_corps"
    summary = (
        "Spend a corps' 1 MP of this impulse: path = the hexes in order, or to = a hex to "
        "march to by the cheapest way, as far as the MP go; a hex it cannot pay for takes "
        "the rest as a commitment"
    )
    army: str
    to: str = ""
    path: list[str] = field(factory=list)

    def apply(self, ctx: api.Context) -> None:
        army, record = start(ctx, self.army)
        start_hex = ctx.campaign.map.label(army.hex) if army.hex is not None else "?"
        steps = way(ctx, army, record, self.to, self.path)
        walked = walk(ctx, army, record, steps, strict=bool(self.path))
        ctx.emit(
            "impulse",
            f"Impulse {impulse_now(ctx)}: {describe(army)} from {start_hex} {walked.public}",
            player=army.owner,
            army=army.id,
        )
        if walked.commitment is not None:
            tell_commitment(ctx, army, walked.commitment)


@define(kw_only=True)
class HoldCorps(api.Action):
    kind = "hold_corps"
    summary = "A corps takes this impulse standing (a commitment keeps what it holds)"
    army: str

    def apply(self, ctx: api.Context) -> None:
        army, record = start(ctx, self.army)
        record.mp_left = 0.0
        ctx.emit(
            "impulse",
            f"Impulse {impulse_now(ctx)}: {describe(army)} holds",
            player=army.owner,
            army=army.id,
        )


@define(kw_only=True)
class BreakCommitment(api.Action):
    kind = "break_commitment"
    summary = "Break a corps' commitment: it costs this impulse's 1 MP (R-SU-4)"
    army: str

    def apply(self, ctx: api.Context) -> None:
        army, record = start(ctx, self.army)
        target = ctx.found(record.committed_to, f"{describe(army)} is committed to no hex")
        where = ctx.campaign.map.label(target)
        record.committed_to, record.committed_mp, record.mp_left = None, 0.0, 0.0
        assert army.hex is not None  # start() refused a corps off the map
        here = ctx.campaign.map.label(army.hex)
        ctx.emit(
            "impulse",
            f"Impulse {impulse_now(ctx)}: {describe(army)} stays in {here}",
            player=army.owner,
            army=army.id,
        )
        tell_commitment(ctx, army, f"breaks its commitment to {where} for 1 MP (R-SU-4)")


def tell_commitment(ctx: api.Context, army: api.Army, what: str) -> None:
    """The private half of an impulse that makes or breaks a commitment: the hex it names
    is the mover's intent, for his side and the Games Master only (R-SU-42, R-SU-4,
    R-SU-10); every other seat reads only that the corps stays where it is."""
    ctx.emit(
        "commitment",
        f"Impulse {impulse_now(ctx)}: {describe(army)} {what}",
        player=army.owner,
        visible_to=allies_of(ctx, army.owner),
        army=army.id,
    )


def leaderless_note(ctx: api.Context) -> None:
    """As the impulses begin, the chronicle names the corps that cannot move (R-SU-1)."""
    if impulse_now(ctx) != 1:
        return
    for army in ctx.campaign.armies:
        if army.hex is None or not army.units or leader(army) is not None:
            continue
        if not is_garrison(ctx, army):
            ctx.emit(
                "leaderless",
                f"{describe(army)} has no leader and stands (R-SU-1)",
                visible_to=[army.owner],
            )


ACTIONS = (MoveCorps, HoldCorps, BreakCommitment)


def perform(ctx: api.Context, action: MoveCorps | HoldCorps | BreakCommitment) -> None:
    """Each impulse action carries its own rule (its ``apply``)."""
    action.apply(ctx)


HANDLERS = {kind: perform for kind in ACTIONS}
