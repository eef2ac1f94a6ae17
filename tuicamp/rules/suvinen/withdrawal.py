"""Withdrawal after a day's battles, and the next day (§4.3, §4.4, R-SU-13, R-SU-14, R-SU-15).

"After checking for losses each player should write down secretly wether they want to fight
an other battle or if they want to withdraw. NOTE: A player who had no troops on the table
when the battle ended MUST withdraw. If he has nowhere to withdraw his troops are eliminated
instead. If the enemy has 5-times more worth of troops in points left after checking for
losses you must also withdraw." "The same rules are in effect for withdrawal as for leaving
an enemy-occupied hex ... you may only withdraw via friendly hexsides. You may not withdraw
to a hex with enemy forces." "If there are more than one side present after withdrawal has
been done start again with determing what kind of battle you'll have to fight."

Once every battle of the day is settled, each player with corps in a hex still contested
writes, under seal, ``fight`` or ``withdraw`` with the hex it withdraws to; when every round
of the day is revealed, all withdrawals happen at once (R-SU-15), and the hexes still
contested fight again the next day.
"""

from __future__ import annotations

from attrs import define

from tuicamp.rules import api
from tuicamp.rules.suvinen import battles, control
from tuicamp.rules.suvinen.corps import allied, corps_at, describe, hostile_at
from tuicamp.rules.suvinen.roster import remove_corps
from tuicamp.rules.suvinen.state import sstate

FIGHT, WITHDRAW = "fight", "withdraw"
OFF_TABLE = "off_table"  # the result field: no troops on the table when the battle ended
FORCE_FACTOR = 5


def result_fields() -> tuple[api.ResultField, ...]:
    return (
        api.ResultField(
            OFF_TABLE,
            "No troops on the table at the end",
            help="A side with no troops on the table when the battle ended must withdraw (R-SU-13)",
        ),
    )


def side_points(rules: api.Rules, h: api.Hex, player: str) -> int:
    """The points left in a hex of ``player``'s side (its allies with it)."""
    camp = rules.campaign
    return sum(a.points for a in camp.armies if a.hex == h and allied(rules, a.owner, player))


def forced(rules: api.Rules, h: api.Hex, player: str) -> str:
    """Why ``player`` must withdraw from ``h`` after today's battle ('' when it need not):
    no troops on the table, or a hostile side with 5 times its points (R-SU-13)."""
    camp, state = rules.campaign, sstate(rules)
    today = [b for b in camp.battles if b.hex == h and b.turn == camp.turn and b.day == state.day]
    for battle in today:
        side = next((s for s in battle.sides if player in s.players), None)
        result = battle.result
        mine = result and side and next((r for r in result.sides if r.side == side.id), None)
        if mine and mine.facts.get(OFF_TABLE):
            return "it had no troops on the table when the battle ended (R-SU-13)"
    own = side_points(rules, h, player)
    for enemy in hostile_at(rules, h, player):
        theirs = side_points(rules, h, enemy.owner)
        if theirs >= FORCE_FACTOR * own:
            return (
                f"{api.teams.name_of(camp, enemy.owner)} has {theirs:,} pts left against its "
                f"{own:,}, 5 times as many or more (R-SU-13)"
            )
    return ""


def round_id(rules: api.Rules, h: api.Hex) -> str:
    return f"withdraw-{rules.campaign.turn}-{sstate(rules).day}-{rules.campaign.map.label(h)}"


def open_rounds(ctx: api.Context) -> None:
    """Every battle of the day is settled: each contested hex's players write (§4.3)."""
    state, camp = sstate(ctx), ctx.campaign
    for h in battles.battle_hexes(ctx):
        players = list(dict.fromkeys(a.owner for a in corps_at(ctx, h)))
        what = f"withdrawal choices at {camp.map.label(h)} (day {state.day})"
        state.withdrawals[camp.map.label(h)] = api.SealedChoice(
            round_id(ctx, h), what, players, kind="withdrawal"
        )
    if not state.withdrawals:
        state.day = 0


def after_battle(ctx: api.Context) -> None:
    """A battle is settled: when it was the day's last, the withdrawal choices open."""
    if not ctx.campaign.pending_battles() and not sstate(ctx).withdrawals:
        open_rounds(ctx)


def destination_refusal(ctx: api.Context, h: api.Hex, player: str, to: api.Hex) -> str:
    """R-SU-14: one hex, through a friendly side, passable, no hostile corps in it."""
    camp = ctx.campaign
    label = camp.map.label
    if not h.is_adjacent(to) or not camp.map.contains(to):
        return f"{label(to)} is not next to {label(h)}: a withdrawal is one hex (R-SU-14)"
    if api.cost_model(camp.map, ctx.tables).step_cost(h, to) is None:
        return f"{label(to)} cannot be entered from {label(h)} (R-SU-14)"
    if hostile_at(ctx, to, player):
        return f"{label(to)} holds hostile troops: no withdrawal into it (R-SU-14)"
    for army in [a for a in camp.armies if a.hex == h and a.owner == player]:
        refusal = control.leave_refusal(ctx, army, h, to, 0)
        if refusal:
            return refusal.replace("cannot leave", "cannot withdraw from")
    return ""


@define(kw_only=True)
class ChooseWithdrawal(api.Action):
    kind = "withdrawal"
    summary = (
        "After a day's battles, write under seal whether your corps in a hex fight on "
        "(choice = fight) or withdraw (choice = withdraw, to = the hex next to it)"
    )
    hex: str
    choice: str
    to: str = ""
    player: str = ""

    def apply(self, ctx: api.Context) -> None:
        state, camp = sstate(ctx), ctx.campaign
        player = api.turns.acting_player(ctx, self.player)
        h = ctx.hex(self.hex)
        sealed = ctx.found(
            state.withdrawals.get(camp.map.label(h)),
            f"There is no withdrawal to choose at {self.hex} now",
        )
        ctx.require(self.choice in (FIGHT, WITHDRAW), "Write fight or withdraw")
        must = forced(ctx, h, player)
        ctx.require(not (must and self.choice == FIGHT), f"You must withdraw: {must}")
        written = FIGHT
        if self.choice == WITHDRAW:
            written = WITHDRAW
            if self.to:
                to = ctx.hex(self.to)
                refusal = destination_refusal(ctx, h, player, to)
                ctx.require(not refusal, refusal)
                written = f"{WITHDRAW}:{camp.map.label(to)}"
        revealed = api.sealed.write(ctx, sealed, player, written)
        if revealed is not None and all(r.revealed for r in state.withdrawals.values()):
            carry_out(ctx)


def carry_out(ctx: api.Context) -> None:
    """Every round of the day is revealed: all withdrawals at once (R-SU-15), then the
    next day's battles where hostile corps are still together (§4.4)."""
    state, camp = sstate(ctx), ctx.campaign
    for label, sealed in list(state.withdrawals.items()):
        h = api.parse_label(label)
        for player, written in sealed.choices.items():
            if not written.startswith(WITHDRAW):
                continue
            _, _, to_label = written.partition(":")
            mine = [a for a in camp.armies if a.hex == h and a.owner == player]
            for army in mine:
                if not to_label:
                    text = (
                        f"{describe(army)} has nowhere to withdraw from {label}: it is "
                        "eliminated (R-SU-14)"
                    )
                    remove_corps(ctx, army, text)
                    continue
                army.hex = api.parse_label(to_label)
                ctx.emit("withdrawal", f"{describe(army)} withdraws from {label} to {to_label}")
    state.withdrawals = {}
    control.tidy(ctx)
    state.day += 1
    battles.open_day(ctx)
    if not camp.pending_battles():
        state.day = 0


def blockers(rules: api.Rules, player: str) -> list[str]:
    """A player with a withdrawal choice still to write cannot end the phase."""
    return [
        f"First: write whether your corps at {label} fight on or withdraw (withdrawal)"
        for label, sealed in sstate(rules).withdrawals.items()
        if player in sealed.waiting
    ]


def pending(rules: api.Rules) -> bool:
    return bool(sstate(rules).withdrawals)


def perform(ctx: api.Context, action: ChooseWithdrawal) -> None:
    """The withdrawal choice carries its own rule (its ``apply``)."""
    action.apply(ctx)


ACTIONS = (ChooseWithdrawal,)
HANDLERS = {kind: perform for kind in ACTIONS}
