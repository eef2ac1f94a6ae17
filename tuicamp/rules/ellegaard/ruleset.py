"""*Warhammer Wars* by Christian Ellegaard: the hourly-commands map campaign.

The frame: the hour as the engine runs it (``hour``), the dispatch of each action to the
module that owns it (``MODULES``), set-up and its checks (``setup``), what each seat may
know (``view``), what follows a battle, and the end of the war at the turn limit.

"Each turn in a map campaign represents one hour in the Warhammer world": each player in
turn plays a Command phase, then a Move phase (R-EL-8). "Set a turn limit, for example 36
turns, and after the war count your War Points together and see who is the overall winner."
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tuicamp.rules import api
from tuicamp.rules.ellegaard import (
    allies,
    blockade,
    commands,
    contests,
    fielded,
    flight,
    home,
    hour,
    meetings,
    movement,
    muster,
    pursuit,
    quicksand,
    roster,
    setup,
    tabletop,
    talks,
    tunnels,
    upgrades,
    view,
)
from tuicamp.rules.ellegaard.commands import hungry_greenskins
from tuicamp.rules.ellegaard.state import EllegaardState, division, estate
from tuicamp.rules.kit.words import possessive

MODULES = (
    commands,
    movement,
    meetings,
    talks,
    contests,
    flight,
    pursuit,
    tunnels,
    allies,
    home,
    muster,
)
HANDLERS: dict[type[api.Action], Callable[[api.Context, Any], None]] = {
    kind: handler for module in MODULES for kind, handler in module.HANDLERS.items()
}


def begin_war(ctx: api.Context) -> None:
    """As the first hour begins, the chronicle tells each side its home base and every
    division outside the text's example sizes (R-EL-32: advice, not a refusal)."""
    camp, state = ctx.campaign, estate(ctx)
    if camp.turn != 1:
        return
    for pid, base in state.homes.items():
        player = camp.player(pid)
        who = player.name if player is not None else pid
        where = f"{state.home_names.get(pid, '')} ({camp.map.label(base)})"
        ctx.emit("home_base", f"{possessive(who)} home base: {where}", undoable=False)
    for army, text in setup.size_warnings(ctx):
        ctx.emit("advice", text, visible_to=[army.owner], undoable=False, division=army.id)


def begin_part(ctx: api.Context) -> None:
    """A player's Command or Move phase begins: the chronicle says whose, greenskins under
    Move ya! roll for their hunger (R-EL-25), each division's march starts here and a
    Necromancer rolls to force his dead into march (R-EL-26)."""
    camp = ctx.campaign
    if estate(ctx).over:
        return
    player = hour.current_player(camp)
    ctx.emit("part", f"Hour {camp.turn}: {hour.stage_title(camp)}", undoable=False)
    if hour.stage(camp) == hour.COMMAND:
        commands.followers_keep_up(ctx)
        hungry_greenskins(ctx, player)
        return
    pursuit.flee_on(ctx, player)
    for army in camp.armies:
        if army.owner == player:
            record = division(ctx, army.id)
            commands.fresh(ctx, record)
            record.start = army.hex
            movement.necromancers_march(ctx, army)


def war_over(ctx: api.Context) -> None:
    """A new hour past the turn limit: the war is over before it begins. (It ends here,
    not as the last hour's phase closes, because a war decided as a phase closes leaves
    the engine's order of play pointing past its end, which the save check refuses.)"""
    state = estate(ctx)
    if ctx.campaign.turn > state.hours:
        state.over = True


class EllegaardRuleset(api.Ruleset):
    id = "ellegaard"
    title = "Warhammer Wars (Ellegaard)"
    summary = (
        "Hourly turns: each player gives commands (Patrol, Scout, Attack, Defend, Block, "
        "Move ya!) then marches; race rates, roads and terrain; War Points at the turn limit."
    )
    phases = (
        api.Phase(
            "hour",
            "Hour",
            help=(
                "Each player in turn: a Command phase (give commands; a change away from home "
                "or Patrol is a 2d6 test on the general's Ld), then a Move phase."
            ),
            order=api.Custom(hour.order),
            steps=hour.parts,
            step_name="part",
            on_enter=begin_war,
            on_step=begin_part,
            ended_text="{players} has finished a phase of hour {turn}",
        ),
    )
    actions = tuple(a for module in MODULES for a in module.ACTIONS)
    options = (
        api.Option(
            "max_battles_per_turn",
            0,
            "Battles fought in one hour at most (0: no limit; the text suggests 2 for four "
            "players, R-EL-7); past it, both-fight meetings wait for the next hour (R-EL-28).",
        ),
        api.Option(
            "hidden_tunnels",
            False,
            "Skaven tunnels are known to their side only (R-EL-27: public by default, as the "
            "text marks them on the map).",
        ),
        api.Option(
            "zone_radius",
            2,
            "Hexes an attention zone reaches around its division (R-EL-2: two zones meet "
            "when their divisions are at most twice this apart).",
        ),
    )
    state_class = EllegaardState
    state_version = upgrades.STATE_VERSION

    def upgrade_state(self, state: dict[str, Any], from_version: int) -> dict[str, Any]:
        """Old saves brought up to today's state, one version at a time (``upgrades``)."""
        return upgrades.upgrade(self, state, from_version)

    ui = "tuicamp.rules.ellegaard.screens:ellegaard_ui"  # only the UI imports it (Textual)
    setup_example = """
points = 4000                        # the campaign total each side fields
hours = 36                           # the turn limit (default: the scenario's turn_limit)
home_bases = { empire = "helmgart" }   # per player: a settlement id or a hex label
tunnels = { skaven = ["3013", "3113"] }  # per player: the tunnel hexes dug before play
quicksand = ["2124", "2223"]           # swamp hexes with quicksand
"""
    turn_text = "Hour {turn} begins"
    help_files = ("overview.md", "rulings.md")

    # --- set-up and checks ---------------------------------------------------------------
    def setup(self, campaign: api.Campaign, table: dict[str, Any]) -> None:
        super().setup(campaign, table)
        setup.set_up(campaign, table)

    def setup_problems(self, table: dict[str, Any]) -> Sequence[api.Problem]:
        return setup.setup_problems(table)

    def campaign_problems(self, rules: api.Rules) -> Sequence[api.Problem]:
        return [*setup.campaign_problems(rules), *quicksand.quicksand_problems(rules)]

    def state_problems(self, campaign: api.Campaign) -> Sequence[api.Problem]:
        """What a hand edit can break: a division record of no army, a command unknown."""
        state = campaign.state
        if not isinstance(state, EllegaardState):
            return []
        out = []
        for army_id, record in state.divisions.items():
            if campaign.army(army_id) is None:
                out.append(api.Problem(("state", "divisions", army_id), "names no division"))
            if record.command not in commands.COMMANDS:
                text = f"{record.command!r} is no command ({', '.join(commands.COMMANDS)})"
                out.append(api.Problem(("state", "divisions", army_id, "command"), text))
        return out

    # --- actions -------------------------------------------------------------------------
    def apply(self, ctx: api.Context, action: api.Action) -> None:
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise api.RuleError(f"Warhammer Wars has no action {action.kind!r}")
        handler(ctx, action)

    def turn_start(self, ctx: api.Context) -> None:
        """A new hour: past the turn limit the war is over; else the battles postponed past
        the last hour's limit come first."""
        war_over(ctx)
        if not estate(ctx).over:
            meetings.fight_postponed(ctx)

    def end_blockers(self, ctx: api.Context, player: str) -> list[str]:
        """The hour goes on only once its meetings and battles are settled (R-EL-30)."""
        return meetings.blockers(ctx)

    # --- battles -------------------------------------------------------------------------
    def battle_card_notes(self, rules: api.Rules, battle: api.Battle) -> list[str]:
        """The text's set-up of a battle, or the Block scenario when a blocker fights."""
        notes = [
            "Set up both armies exactly as their army lists show them; no change after seeing "
            "the enemy.",
        ]
        contest = tabletop.contest_of(battle)
        if contest:
            return list(tabletop.NOTES[contest])
        if any(c.key == "block" for c in battle.circumstances):
            return [*notes, *BLOCK_SCENARIO]
        return [*notes, "Battles are always fought in four turns."]

    def battle_units(
        self, rules: api.Rules, battle: api.Battle, army: api.Army
    ) -> Sequence[api.Unit]:
        """A duel, a chase or a fair battle lists only the units it fields (R-EL-54)."""
        return fielded.battle_units(rules, battle, army)

    def result_fields(self, rules: api.Rules, battle: api.Battle) -> tuple[api.ResultField, ...]:
        """The duel asks who won it and whether a general was killed (R-EL-41); the Block
        battle the two counts its scenario scores (R-EL-43)."""
        return tabletop.result_fields(battle) + blockade.result_fields(rules, battle)

    def battle_outcome(
        self, rules: api.Rules, battle: api.Battle, result: api.BattleResult
    ) -> api.BattleOutcome:
        """A contest's winner is its own (the duel's victor, the chase's catch), a Block
        battle's by its scenario's Victory Points (R-EL-43); any other battle is won by
        the most Victory Points."""
        decided = tabletop.outcome(rules, battle, result) or blockade.outcome(rules, battle, result)
        return decided if decided is not None else super().battle_outcome(rules, battle, result)

    def resolve_battle(
        self, rules: api.Rules, battle: api.Battle, dice: api.Dice
    ) -> api.BattleResult:
        """The contests by their own dice (R-EL-42); other battles by the core resolver."""
        rolled = tabletop.resolve(rules, battle, dice)
        return rolled if rolled is not None else super().resolve_battle(rules, battle, dice)

    def apply_battle_result(self, ctx: api.Context, battle: api.Battle) -> None:
        """Losses off the units; "5 War Points: each enemy army division defeated" to the
        winner (R-EL-24); the meeting that led to it is settled. A duel or a chase draws
        its own consequences (R-EL-41)."""
        if contests.apply_contest(ctx, battle):
            return
        camp = ctx.campaign
        before = {
            (a.id, u.id): u.models
            for s in battle.sides
            for a_id in s.armies
            if (a := camp.army(a_id))
            for u in a.units
        }
        generals = {
            a.id: leader
            for s in battle.sides
            for a_id in s.armies
            if (a := camp.army(a_id)) and (leader := setup.general(a)) is not None
        }
        lines = api.remove_losses(camp, battle, fled_return=True)
        for (army_id, unit_id), models in before.items():
            army = camp.army(army_id)
            unit = army.unit(unit_id) if army is not None else None
            if army is not None and unit is not None and unit.models < models:
                wounded = division(ctx, army_id).wounded
                wounded[unit_id] = wounded.get(unit_id, 0) + models - unit.models
        if lines:
            ctx.emit("battle_losses", f"After battle {battle.id}: " + "; ".join(lines))
        for army_id, leader in generals.items():
            army = camp.army(army_id)
            if army is not None and army.units:
                roster.keep_a_general(ctx, army, leader, f"is killed in battle {battle.id}")
        result = battle.result
        winners = result.winners if result is not None else []
        blocked = any(c.key == "block" for c in battle.circumstances)
        for side_id in winners if not blocked else []:  # the Block battle scores none
            side = battle.side(side_id)
            if side is None:
                continue
            losers = [s for s in battle.sides if s.id not in winners]
            beaten = ", ".join(
                f"'{a.name}'" for s in losers for a_id in s.armies if (a := camp.army(a_id))
            )
            # the division's owner scores, even when an ally fought it at the table
            owners = [a.owner for a_id in side.armies if (a := camp.army(a_id))]
            for player in (owners or side.players)[:1]:
                talks.award(ctx, player, 5, f"battle {battle.id} won against {beaten} (R-EL-24)")
        for meeting in estate(ctx).meetings:
            if meeting.battle == battle.id:
                meeting.outcome, meeting.done, meeting.contest = "settled", True, ""
                for victor in (a for s in battle.sides if s.id in winners for a in s.armies):
                    meetings.defender_beaten(ctx, meeting, victor)
        for side in battle.sides:
            for army_id in side.armies:
                army = camp.army(army_id)
                if army is not None:
                    roster.gone_if_empty(ctx, army)
        if blocked:
            after_the_block(ctx, battle, winners)
        else:
            after_the_battle(ctx, battle, winners)

    # --- what a seat may know -----------------------------------------------------------
    def pending(self, rules: api.Rules, seat: api.Seat | None = None) -> list[str]:
        camp = rules.campaign
        if camp.finished:
            return []
        return [f"{hour.stage_title(camp)}: end it when done (end_phase)"]

    def army_visibility(self, rules: api.Rules, seat: api.Seat, army: api.Army) -> str:
        """Enemy divisions are counters ("a banner or pin" on the map), until a battle or
        a Scout's 5 or 6 reveals their list (R-EL-16)."""
        camp = rules.campaign
        if any(api.teams.friendly(camp, army.owner, p) for p in seat.players):
            return "full"
        if division(rules, army.id).underground:
            return "hidden"  # R-EL-27: "seen only by its owner"
        known = estate(rules).known
        return "full" if any(army.id in known.get(p, []) for p in seat.players) else "counter"

    def view_state(self, rules: api.Rules, seat: api.Seat) -> view.EllegaardView:
        return view.ellegaard_view(rules, seat)

    def status_lines(self, rules: api.Rules, seat: api.Seat) -> list[api.StatusLine]:
        return view.status_lines(rules, seat)

    def victory(self, rules: api.Rules) -> api.Victory | None:
        """At the turn limit: "count your War Points together and see who is the overall
        winner" (R-EL-24): the ledger and the end-of-war points, summed by side (the
        players of an alliance together)."""
        state = estate(rules)
        if not state.over:
            return None
        camp = rules.campaign
        totals = {p.id: final_war_points(rules, p.id) for p in camp.players}
        sides: dict[str, list[str]] = {}
        for p in camp.players:
            team = api.teams.team_of(camp, p.id)
            sides.setdefault(team.id if team is not None else p.id, []).append(p.id)
        score = {side: sum(totals[p] for p in members) for side, members in sides.items()}
        best = max(score.values(), default=0)
        won = [side for side, wp in score.items() if wp == best]
        winners = [p for side in won for p in sides[side]]
        names = " and ".join(api.teams.name_of(camp, side) for side in won)
        verb = "wins" if len(won) == 1 else "share the win"
        ranked = sorted(totals.items(), key=lambda kv: -kv[1])
        points = ", ".join(f"{api.teams.name_of(camp, p)} {wp}" for p, wp in ranked)
        text = f"The war is over after {state.hours} hours: {names} {verb} (War Points: {points})"
        standings = [(p, f"{wp} War Points") for p, wp in ranked]
        return api.Victory(winners, text, standings)


BLOCK_SCENARIO = (
    "Block scenario (R-EL-20): the blocking army always sets up first; 5 turns.",
    "The penetrating army receives one Victory Point for every unit having crossed the "
    "blocking army's table edge.",
    "The blocking army receives one Victory Point for every two opposing units left on the "
    "table after battle.",
    "If the penetrating army wins it may pass through the blocked passage; otherwise it is "
    "stopped. The blocking army never flees and is never pursued.",
)


def after_the_block(ctx: api.Context, battle: api.Battle, winners: list[str]) -> None:
    """ "If penetrating army wins it may pass through the blocked passage. In any other case
    they have been stopped ... the battle is not, in fact, a battle, but an attemp to
    penetrate" (R-EL-20): nobody flees, nobody is spent, no War Points."""
    camp = ctx.campaign
    block = next(c for c in battle.circumstances if c.key == "block")
    blockers = [a for s in battle.sides if s.id == block.side for a in s.armies]
    penetrators = [a for s in battle.sides if s.id != block.side for a in s.armies]
    through = bool(winners) and block.side not in winners
    for army_id in penetrators:
        army, record = camp.army(army_id), division(ctx, army_id)
        if army is None:
            continue
        if through:
            commands.fresh(ctx, record)
            record.passes = [*record.passes, *blockers]
            text = f"'{army.name}' breaks through the Block and may pass (R-EL-20)"
        else:
            record.stopped_hour = camp.turn
            text = f"'{army.name}' is stopped by the Block this hour (R-EL-20)"
        ctx.emit("block_result", text, undoable=False, battle=battle.id)


def after_the_battle(ctx: api.Context, battle: api.Battle, winners: list[str]) -> None:
    """Both armies have fought: each knows the other's list (point 8 of the rules: a battle
    reveals it), both are spent until home (R-EL-5), a cautioned one's caution ends
    (R-EL-31), and "the loser must flee" from the winner (R-EL-21)."""
    camp, state = ctx.campaign, estate(ctx)
    fought = [a for s in battle.sides for a_id in s.armies if (a := camp.army(a_id))]
    for army in fought:
        division(ctx, army.id).spent = True
        if army.id in state.cautioned:
            state.cautioned.remove(army.id)
        for other in fought:
            known = state.known.setdefault(army.owner, [])
            if other.owner != army.owner and other.id not in known:
                known.append(other.id)
    if not winners:
        return
    victor = next((camp.army(a) for s in battle.sides if s.id in winners for a in s.armies), None)
    for side in battle.sides:
        if side.id in winners or victor is None:
            continue
        for army_id in side.armies:
            loser = camp.army(army_id)
            if loser is not None:
                meetings.flee(ctx, loser, victor, f"battle {battle.id} lost")


def final_war_points(rules: api.Rules, player: str) -> int:
    """The ledger and the end-of-war points (R-EL-24, R-EL-39): ``view`` counts them, as
    the standings show them."""
    return view.final_war_points(rules, player)
