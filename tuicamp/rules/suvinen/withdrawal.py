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

from attrs import define, field

from tuicamp.rules import api
from tuicamp.rules.suvinen import battles, castles, control, followup
from tuicamp.rules.suvinen.corps import corps_at, describe, hostile_at, leader
from tuicamp.rules.suvinen.offers import Offer
from tuicamp.rules.suvinen.roster import remove_corps
from tuicamp.rules.suvinen.state import sstate

FIGHT, WITHDRAW = "fight", "withdraw"
OFF_TABLE = battles.OFF_TABLE
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
    """The points left in a hex of ``player``'s side: its own, its allies' for the turn and
    its temporary allies' for the hex's battle of the day (R-SU-12, R-SU-13)."""
    return sum(
        a.points for a in battles.outside(rules, h) if battles.together(rules, a.owner, player, h)
    )


def side_names(rules: api.Rules, h: api.Hex, player: str) -> str:
    """``player``'s side in a hex as the chronicle names it: its players there."""
    camp = rules.campaign
    players = dict.fromkeys(
        a.owner for a in battles.outside(rules, h) if battles.together(rules, a.owner, player, h)
    )
    return battles.names_joined([api.teams.name_of(camp, p) for p in players])


def forced(rules: api.Rules, h: api.Hex, player: str) -> str:
    """Why ``player`` must withdraw from ``h`` after today's battle ('' when it need not):
    no troops on the table, or a hostile side with 5 times its points (R-SU-13)."""
    camp, state = rules.campaign, sstate(rules)
    beaten = followup.beaten_refusal(rules, h, player)
    if beaten:
        return beaten
    today = [b for b in camp.battles if b.hex == h and b.turn == camp.turn and b.day == state.day]
    for battle in today:
        side = next((s for s in battle.sides if player in s.players), None)
        if side is not None and battles.off_table(battle, side):
            return "it had no troops on the table when the battle ended (R-SU-13)"
    own = side_points(rules, h, player)
    enemies = dict.fromkeys(
        a.owner
        for a in battles.outside(rules, h)
        if not battles.together(rules, a.owner, player, h)
    )
    for enemy in enemies:
        theirs = side_points(rules, h, enemy)
        if theirs >= FORCE_FACTOR * own:
            names = side_names(rules, h, enemy)
            verb = "has" if names == api.teams.name_of(camp, enemy) else "have"
            return (  # a bound, not their points: the enemy's strength stays hidden
                f"{names} {verb} 5 times your {own:,} pts left or more (R-SU-13)"
            )
    return ""


def round_id(rules: api.Rules, h: api.Hex, when: str) -> str:
    label = rules.campaign.map.label(h)
    return f"{when}-{rules.campaign.turn}-{sstate(rules).day}-{label}"


def open_round(ctx: api.Context, h: api.Hex, before: bool) -> None:
    """A sealed round for the players with corps in ``h``: after the day's battle (§4.3),
    or before it when three or more sides are there (§4.1, step 1)."""
    state, camp = sstate(ctx), ctx.campaign
    label = camp.map.label(h)
    winners = [] if before else followup.winners_at(ctx, h)
    players = [
        p for p in dict.fromkeys(a.owner for a in battles.outside(ctx, h)) if p not in winners
    ]
    if not players:
        return
    if before:
        what = f"choices to withdraw or prepare for battle at {label} on day {state.day}"
    else:
        what = f"choices to fight on or withdraw at {label} after the battle of day {state.day}"
    kind = "prebattle" if before else "withdraw"
    state.withdrawals[label] = api.SealedChoice(
        round_id(ctx, h, kind), what, players, kind="withdrawal"
    )
    if before:
        state.before_battle.append(label)
        state.prebattle_done.append(label)


def begin_day(ctx: api.Context) -> None:
    """The day's battles (R-SU-15): in each contested hex not fought over yet today, a
    battle; where three or more sides stand, first the sealed round of §4.1. Two
    temporary allies who won there yesterday fight their follow-up, a surprise attack
    (R-SU-39). A day with nothing to fight ends the battles."""
    state, camp = sstate(ctx), ctx.campaign
    for h in battles.battle_hexes(ctx):
        label = camp.map.label(h)
        if battles.fought_today(ctx, h) or label in state.withdrawals:
            continue
        groups = battles.sides_at(ctx, h)
        if len(groups) > 2 and label not in state.prebattle_done:
            open_round(ctx, h, before=True)
        else:
            battles.open_battle_at(ctx, h, followup.sides(ctx, h, groups))
    castles.open_sieges(ctx)
    settle_day(ctx)


def start_battles(ctx: api.Context) -> None:
    """After all movement: day 1."""
    state = sstate(ctx)
    state.day, state.prebattle_done, state.sieges_done = 1, [], []
    state.follow_ups = {}
    begin_day(ctx)


def settle_day(ctx: api.Context) -> None:
    """Once the day's battles are settled and no round is open: the withdrawal choices of
    §4.3 in every hex still contested; with none, the battles are over for the turn, unless
    temporary allies who won today owe each other their follow-up tomorrow (R-SU-39)."""
    state = sstate(ctx)
    if ctx.campaign.pending_battles() or state.withdrawals or state.sieges:
        return
    for h in battles.battle_hexes(ctx):
        open_round(ctx, h, before=False)
    if state.withdrawals:
        return
    if followup.owed_tomorrow(ctx):
        next_day(ctx)
        return
    state.day = 0


def next_day(ctx: api.Context) -> None:
    """The day's withdrawals are done: the next day begins where hostile corps are still
    together (§4.4, R-SU-15)."""
    state = sstate(ctx)
    state.day += 1
    state.prebattle_done = []
    begin_day(ctx)


def after_battle(ctx: api.Context) -> None:
    """A battle is settled: when it was the day's last, the withdrawal choices open."""
    settle_day(ctx)


def withdrawing(rules: api.Rules, h: api.Hex, player: str) -> list[api.Army]:
    """The player's corps outside the walls of ``h`` that can withdraw: those with a leader
    (R-SU-1, R-SU-32: a corps without one "can only stand around doing nothing"); a
    garrison stays in its castle."""
    here = battles.outside(rules, h)
    return [a for a in here if a.owner == player and leader(a) is not None]


def leaderless(rules: api.Rules, h: api.Hex, player: str) -> list[api.Army]:
    """The player's corps outside the walls of ``h`` that cannot withdraw (R-SU-32)."""
    return [a for a in battles.outside(rules, h) if a.owner == player and leader(a) is None]


def own_walls(rules: api.Rules, h: api.Hex, player: str) -> api.Settlement | None:
    """The player's own castle or city in ``h``, which its corps may withdraw into (§4.6:
    "If the defender decides to fight outside the Home Castle he may later withdraw into
    it", R-SU-37)."""
    place = castles.place_at(rules, h)
    return place if place is not None and place.owner == player else None


def destination_refusal(rules: api.Rules, h: api.Hex, player: str, to: api.Hex) -> str:
    """R-SU-14: one hex, through a friendly side, passable, no hostile corps in it; or into
    the player's own castle or city in the hex (R-SU-37)."""
    camp = rules.campaign
    label = camp.map.label
    if to == h:
        if own_walls(rules, h, player) is None:
            return f"{label(h)} is no castle or city of yours: no withdrawal into it (R-SU-37)"
        return ""
    if not h.is_adjacent(to) or not camp.map.contains(to):
        return f"{label(to)} is not next to {label(h)}: a withdrawal is one hex (R-SU-14)"
    if api.cost_model(camp.map, rules.tables).step_cost(h, to) is None:
        return f"{label(to)} cannot be entered from {label(h)} (R-SU-14)"
    if hostile_at(rules, to, player):
        return f"{label(to)} holds hostile troops: no withdrawal into it (R-SU-14)"
    for army in withdrawing(rules, h, player):
        refusal = control.leave_refusal(rules, army, h, to, 0)
        if refusal:
            return refusal.replace("cannot leave", "cannot withdraw from")
    return ""


def destinations(rules: api.Rules, h: api.Hex, player: str) -> list[api.Hex]:
    """Every hex the player's corps may withdraw to from ``h`` now, in the order of the
    sides E, NE, NW, W, SW, SE (R-SU-14, R-SU-33)."""
    inside = [h] if own_walls(rules, h, player) is not None else []
    return inside + [n for n in h.neighbours() if not destination_refusal(rules, h, player, n)]


def listed(rules: api.Rules, hexes: list[api.Hex]) -> str:
    label = rules.campaign.map.label
    return battles.names_joined([label(x) for x in hexes]).replace(" and ", " or ")


def parsed(written: str) -> tuple[str, str, list[str]]:
    """A written choice as its parts: "fight", or "withdraw" with its hex ('' for none)
    and the units named into the player's own walls ("withdraw:0106:u1,u2", R-SU-37)."""
    choice, _, rest = written.partition(":")
    to, _, units = rest.partition(":")
    return choice, to, [u for u in units.split(",") if u]


def choice_text(written: str) -> str:
    """A written choice as the chronicle reads it: "fight", "withdraw to 0603", "withdraw
    (no hex open)"."""
    choice, to, _ = parsed(written)  # the units named into the walls stay the player's
    if choice != WITHDRAW:
        return choice
    return f"withdraw to {to}" if to else "withdraw (no hex open)"


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
    # into the player's own walls (to = the hex itself): the units that go inside; the rest
    # are eliminated (R-SU-37). None named: all of them, when they fit.
    units: list[str] = field(factory=list)

    def apply(self, ctx: api.Context) -> None:
        state, camp = sstate(ctx), ctx.campaign
        player = api.turns.acting_player(ctx, self.player)
        h = ctx.hex(self.hex)
        label = camp.map.label(h)
        sealed = ctx.found(
            state.withdrawals.get(label), f"There is no withdrawal to choose at {self.hex} now"
        )
        ctx.require(self.choice in (FIGHT, WITHDRAW), "Write fight or withdraw")
        before = label in state.before_battle
        must = "" if before else forced(ctx, h, player)
        ctx.require(not (must and self.choice == FIGHT), f"You must withdraw: {must}")
        ctx.require(
            not (before and followup.owed(ctx, h) and self.choice == WITHDRAW),
            'Temporary allies who won together "must IMMEDIATLY fight a battle between '
            'them" (section 4.1, R-SU-39): write fight',
        )
        written = FIGHT
        if self.choice == WITHDRAW:
            to = self.destination(ctx, h, player, must)
            inside = self.inside(ctx, h, player, to)
            written = f"{WITHDRAW}:{to}" + (f":{','.join(inside)}" if inside else "")
            written = written.rstrip(":")
        revealed = api.sealed.write(ctx, sealed, player, written, choice_text)
        if revealed is not None and all(r.revealed for r in state.withdrawals.values()):
            carry_out(ctx)

    def inside(self, ctx: api.Context, h: api.Hex, player: str, to: str) -> list[str]:
        """The units named to withdraw into the player's own walls, checked as they are
        written (R-SU-37)."""
        place = own_walls(ctx, h, player) if to == ctx.campaign.map.label(h) else None
        if place is None:
            ctx.require(not self.units, "Units are named only to withdraw into your own walls")
            return []
        refusal = castles.walls_refusal(ctx, place, withdrawing(ctx, h, player), self.units)
        ctx.require(not refusal, refusal)
        return list(self.units)

    def destination(self, ctx: api.Context, h: api.Hex, player: str, must: str) -> str:
        """The hex a withdrawal goes to, checked as it is written: none but a corps with a
        leader withdraws (R-SU-32); a hex must be named when one is open, and only a side
        that must withdraw may write none, to be eliminated (R-SU-14, R-SU-33)."""
        label = ctx.campaign.map.label(h)
        if not withdrawing(ctx, h, player):
            stuck = ", ".join(describe(a) for a in leaderless(ctx, h, player))
            ctx.require(
                bool(must),
                f"{stuck} at {label} cannot withdraw: a corps without a leader "
                '"can only stand around doing nothing" (R-SU-1, R-SU-32); write fight',
            )
            return ""
        if self.to:
            to = ctx.hex(self.to)
            refusal = destination_refusal(ctx, h, player, to)
            ctx.require(not refusal, refusal)
            return ctx.campaign.map.label(to)
        open_now = destinations(ctx, h, player)
        if open_now:
            raise api.RuleError(
                f"Name the hex to withdraw to from {label}: to = {listed(ctx, open_now)} "
                "(R-SU-14, R-SU-33)"
            )
        ctx.require(
            bool(must),
            f"There is nowhere to withdraw to from {label} (R-SU-14): write fight",
        )
        return ""


def carry_out(ctx: api.Context) -> None:
    """Every open round is revealed: all its withdrawals at once (R-SU-15). After the
    rounds before a battle, that day's battles follow; after the day's battles, the next
    day begins where hostile corps are still together (§4.4)."""
    state = sstate(ctx)
    before = bool(state.before_battle)
    going = [
        (api.parse_label(label), player, *parsed(written)[1:])
        for label, sealed in state.withdrawals.items()
        for player, written in sealed.choices.items()
        if written.startswith(WITHDRAW)
    ]
    musts = {(h, p): bool(not before and forced(ctx, h, p)) for h, p, _, _ in going}
    for h, player, to, units in sorted(going, key=lambda g: not g[2]):  # named hexes first
        withdraw(ctx, h, player, to, musts[(h, player)], set(units) if units else None)
    state.withdrawals, state.before_battle = {}, []
    control.tidy(ctx)
    if before:
        begin_day(ctx)
    else:
        next_day(ctx)


def withdraw(
    ctx: api.Context, h: api.Hex, player: str, to: str, must: bool, inside: set[str] | None
) -> None:
    """One player's withdrawal from ``h``: its corps with a leader go to ``to``; with no
    hex written they go to the first hex the day's withdrawals have opened, else they are
    eliminated (R-SU-14, R-SU-33). A corps without a leader stays, or is eliminated when
    the withdrawal is forced (R-SU-32). Into the player's own walls go the units it named
    (``inside``; None: all), and the rest are eliminated (R-SU-37)."""
    camp = ctx.campaign
    label = camp.map.label(h)
    if not to:
        open_now = destinations(ctx, h, player)
        to = camp.map.label(open_now[0]) if open_now else ""
    place = own_walls(ctx, h, player) if to == label else None
    for army in withdrawing(ctx, h, player):
        if place is not None:
            castles.join_garrison(ctx, army, place, inside)
            continue
        if not to:
            text = (
                f"{describe(army)} has nowhere to withdraw from {label}: it is eliminated (R-SU-14)"
            )
            remove_corps(ctx, army, text)
            continue
        army.hex = api.parse_label(to)
        ctx.emit("withdrawal", f"{describe(army)} withdraws from {label} to {to}")
    for army in leaderless(ctx, h, player):
        if must:
            text = (
                f"{describe(army)} must withdraw from {label} but has no leader: it is "
                "eliminated (R-SU-1, R-SU-32)"
            )
            remove_corps(ctx, army, text)
        else:
            ctx.emit(
                "withdrawal",
                f"{describe(army)} has no leader and stays at {label} (R-SU-1, R-SU-32)",
                visible_to=[army.owner],
                army=army.id,
            )


@define(kw_only=True)
class TemporaryAlliance(Offer):
    """§4.1, step 2: "If there still are more than two sides present the players now have
    the chance to make temporal alliances. Their troops fight together in the coming
    battle." Offered and accepted while the hex's round before the battle is open (R-SU-29);
    it lasts the battles of that hex on that day (R-SU-12)."""

    kind = "temporary_alliance"
    summary = (
        "Before a battle of three sides or more, offer a player in the hex a temporary "
        "alliance for it (hex, to = the player), or answer one (accept = its id, or "
        "decline = its id)"
    )
    books = "temp_alliances"
    hex: str = ""

    def agreed(self, ctx: api.Context, done: api.Agreement) -> None:
        names = " and ".join(api.teams.name_of(ctx.campaign, p) for p in done.circle)
        where = done.terms.get("hex", "")
        ctx.emit("temporary_alliance", f"{names} fight together at {where} (section 4.1)")

    def offer(self, ctx: api.Context, me: str) -> None:
        state, camp = sstate(ctx), ctx.campaign
        h = ctx.hex(self.hex)
        label = camp.map.label(h)
        ctx.require(
            label in state.before_battle,
            f"No battle of three sides or more is about to be fought at {label}",
        )
        ctx.require(self.to, 'Name the player to fight beside: to = "..."')
        here = {a.owner for a in corps_at(ctx, h)}
        ctx.require(me in here and self.to in here, f"Both players need corps at {label}")
        ctx.require(self.to != me, "A player cannot ally with itself")
        terms = {"hex": label, "day": state.day}
        api.agreements.propose(ctx, self.book(ctx), "temporary alliance", me, [self.to], terms)


def blockers(rules: api.Rules, player: str) -> list[str]:
    """A player with a withdrawal choice still to write cannot end the phase."""
    return [
        f"First: write whether your corps at {label} fight on or withdraw (withdrawal)"
        for label, sealed in sstate(rules).withdrawals.items()
        if player in sealed.waiting
    ]


def waiting_lines(rules: api.Rules) -> list[str]:
    """Whom each open round waits for, as every seat may read it: one line a round."""
    state, camp = sstate(rules), rules.campaign
    out = []
    for label, sealed in state.withdrawals.items():
        if not sealed.waiting:
            continue
        names = battles.names_joined([api.teams.name_of(camp, p) for p in sealed.waiting])
        what = "withdraw or prepare for battle" if label in state.before_battle else "fight on"
        what += "" if label in state.before_battle else " or withdraw"
        out.append(f"At {label}: {names} to write whether to {what} (withdrawal)")
    return out


def pending(rules: api.Rules) -> bool:
    state = sstate(rules)
    return bool(state.withdrawals or state.sieges)


def perform(ctx: api.Context, action: ChooseWithdrawal | TemporaryAlliance) -> None:
    """The withdrawal choice and the temporary alliance carry their own rules."""
    action.apply(ctx)


ACTIONS = (ChooseWithdrawal, TemporaryAlliance)
HANDLERS = {kind: perform for kind in ACTIONS}
