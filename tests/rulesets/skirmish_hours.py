"""Skirmish Hours: a day's fighting, hour by hour (the example of the ruleset guide).

Each day's Council: every side (a team is one) writes its plan under seal and may agree a
truce, which forbids an attack. Then the Battle, hour by hour in a rolled order, in the open:
runners sent arrive hours later, at the next Council if night falls. Most runners wins.
"""

from __future__ import annotations

from attrs import define, field

from tuicamp.rules import api


def side_of(campaign: api.Campaign, owner: str) -> str:
    """A player fights for its team when it has one; a team id stands for itself."""
    team = api.teams.team_of(campaign, owner)
    return team.id if team is not None else owner


def acting_side(ctx: api.Context) -> str:
    """The side of the seat's player who is to act now: the engine leaves this to us."""
    acting = api.acting_players(ctx.campaign)
    player = api.turns.acting_player(ctx, among=acting)
    ctx.require(player in acting, f"It is not {api.teams.name_of(ctx.campaign, player)}'s turn")
    return side_of(ctx.campaign, player)


def begin_day(ctx: api.Context) -> None:
    """The Council opens each day: new plans to write, and yesterday's truces are over."""
    camp = ctx.campaign
    sides = list(dict.fromkeys(side_of(camp, p.id) for p in camp.players))
    camp.state.plans = api.SealedChoice(f"plans{camp.turn}", "battle plans", sides)
    camp.state.truces = api.Agreements()


@define
class SkirmishState:
    plans: api.SealedChoice[str] = field(factory=lambda: api.SealedChoice("", "", []))
    truces: api.Agreements = field(factory=api.Agreements)  # today's
    arrived: dict[str, int] = field(factory=dict)  # runners arrived, per side


# Each action says what it does (``apply``); a bigger ruleset keeps a table of handlers.
@define(kw_only=True)
class WritePlan(api.Action):
    kind = "write_plan"
    summary = "Write your side's battle plan under seal: attack, hold or withdraw"
    plan: str

    def apply(self, ctx: api.Context) -> None:
        state, side = ctx.campaign.state, acting_side(ctx)
        ctx.require(self.plan in ("attack", "hold", "withdraw"), "Attack, hold or withdraw?")
        truce = any(a.status == "accepted" and side in a.circle for a in state.truces.items)
        ctx.require(not (truce and self.plan == "attack"), "A side under truce plans no attack")
        api.sealed.write(ctx, state.plans, side, self.plan)


@define(kw_only=True)
class Truce(api.Action):
    kind = "truce"
    summary = "Offer a side a truce for the day (to = the side) or accept one (accept = its id)"
    to: str = ""
    accept: str = ""

    def apply(self, ctx: api.Context) -> None:
        book, side = ctx.campaign.state.truces, acting_side(ctx)
        if self.accept:
            api.agreements.accept(ctx, book, self.accept, side)
            return
        to, lapses = [side_of(ctx.campaign, self.to)], api.Moment(ctx.campaign.turn, "battle")
        api.agreements.propose(ctx, book, "truce", side, to, lapses=lapses)  # until the Battle


@define(kw_only=True)
class SendRunner(api.Action):
    kind = "send_runner"
    summary = "Send a runner with a message: it arrives 1 to 3 hours later"
    message: str
    hours: int = 1

    def apply(self, ctx: api.Context) -> None:
        side, camp = acting_side(ctx), ctx.campaign
        ctx.require(1 <= self.hours <= 3, "A runner takes 1 to 3 hours")
        text = f"{api.teams.name_of(camp, side)}'s runner arrives: {self.message}"
        if camp.step + self.hours <= int(ctx.option("hours")):
            ctx.schedule("runner", step=camp.step + self.hours, text=text, side=side)
        else:  # night falls first
            ctx.schedule("runner", turn=camp.turn + 1, phase="council", text=text, side=side)
        ctx.emit("runner_sent", f"{api.teams.name_of(camp, side)} sends a runner")


class SkirmishHours(api.Ruleset):
    id = "skirmish-hours"
    title = "Skirmish Hours"
    summary = "A day's skirmish hour by hour: sealed plans, truces and runners."
    phases = (
        api.Phase("council", "Council", allows=("write_plan", "truce"), on_enter=begin_day),
        api.Phase(
            "battle",
            "Battle",
            order=api.Rolled("2d6"),
            steps=lambda rules: int(rules.option("hours")),
            step_name="hour",
            play=api.Play.OPEN,
            allows=("send_runner",),
            on_enter=lambda ctx: api.agreements.lapse_due(ctx, ctx.campaign.state.truces),
        ),
    )
    actions = (WritePlan, Truce, SendRunner)
    options = (api.Option("hours", 4, "Hours a day"), api.Option("days", 2, "Days of the skirmish"))
    state_class = SkirmishState

    def apply(self, ctx: api.Context, action: api.Action) -> None:
        action.apply(ctx)

    def end_blockers(self, ctx: api.Context, player: str) -> list[str]:
        side, plans = side_of(ctx.campaign, player), ctx.campaign.state.plans
        return ["First: write your side's battle plan"] if side in plans.waiting else []

    def fire(self, ctx: api.Context, effect: api.ScheduledEffect) -> None:
        """A runner arrives: it scores for its side, and the chronicle tells its message."""
        arrived, side = ctx.campaign.state.arrived, effect.data["side"]
        arrived[side] = arrived.get(side, 0) + 1
        super().fire(ctx, effect)

    def victory(self, rules: api.Rules) -> api.Victory | None:
        """After the last day, the side whose runners arrived most often wins (ties share)."""
        camp, sides = rules.campaign, rules.campaign.state.plans.writers
        if camp.turn <= int(rules.option("days")):
            return None
        score = {s: camp.state.arrived.get(s, 0) for s in sides}
        best = [s for s in sides if score[s] == max(score.values())]
        winners = [p for s in best for p in api.teams.members(camp, s)]
        names = " and ".join(api.teams.name_of(camp, s) for s in best)
        return api.Victory(winners, f"The skirmish is over: {names} carried the day")

    def view_state(self, rules: api.Rules, seat: api.Seat) -> api.SealedView[str]:
        """The plans as the seat may read them: its own side's, and all once revealed."""
        return api.sealed.sealed_view(rules.campaign, rules.campaign.state.plans, seat)

    def status_lines(self, rules: api.Rules, seat: api.Seat) -> list[api.StatusLine]:
        camp, plans, name = rules.campaign, self.view_state(rules, seat), api.teams.name_of
        lines = [api.StatusLine("Plan", f"{name(camp, s)}: {p}") for s, p in plans.choices.items()]
        if plans.waiting:
            lines.append(api.StatusLine("Plans", plans.waiting_text(camp)))
        arrived = camp.state.arrived
        score = ", ".join(f"{name(camp, s)} {arrived.get(s, 0)}" for s in camp.state.plans.writers)
        return [*lines, api.StatusLine("Runners arrived", score)]
