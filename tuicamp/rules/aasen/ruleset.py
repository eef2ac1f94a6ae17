"""*The Invasion of Hex Island* by Tarjei Aasen: realms of Generals on a map of one-hex
territories.

The frame: the year's phases as the text orders them (4: "Start of turn phase ...
Battles ... End of the turn phase", the start in its four segments, 5), set-up and its
checks (``setup``), what each seat may know (``view``), and the dispatch of each action
to the module that owns it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tuicamp.rules import api
from tuicamp.rules.aasen import (
    battle_start,
    battles,
    betrayal,
    bonuses,
    captives,
    characters,
    declarations,
    draft,
    endturn,
    glory,
    gm,
    hatred,
    initiative,
    opening,
    passage,
    purchases,
    realms,
    setup,
    support,
    trade,
    upgrades,
    view,
    year,
)
from tuicamp.rules.aasen.state import AasenAction, AasenState, astate

MODULES = (
    year,
    trade,
    purchases,
    declarations,
    bonuses,
    passage,
    support,
    battles,
    betrayal,
    captives,
    glory,
    characters,
    hatred,
    draft,
    endturn,
    gm,
)
ACTIONS: tuple[type[api.Action], ...] = tuple(a for module in MODULES for a in module.ACTIONS)


def begin_year(ctx: api.Context) -> None:
    """The year opens (``opening``), unless the first year's set-up draft is still to be
    made (``draft``, 2.1, R-AA-7): the year opens as it ends."""
    if astate(ctx).over:
        return
    if draft.begin(ctx):
        return
    opening.open_year(ctx)


def begin_declarations(ctx: api.Context) -> None:
    """A realm with no General is out (3.1); then Initiative is rolled (5.4)."""
    endturn.generalless(ctx)
    declarations.begin(ctx)


# The work that waits for a player's own dice with table dice (R-AA-71), by its kind.
AWAITED = {
    initiative.INITIATIVE: declarations.initiative_rolled,
    initiative.ROLL_OFF: initiative.die_rolled,
    draft.SETUP_ROLL: draft.rolled,
    battle_start.START_ROLL: battle_start.start_rolled,  # R-AA-87
}

# Who acts in every segment: the players of the realms still in the campaign (3.1).
STANDING = api.Simultaneous(realms.standing_players)

# The Games Master's corrections, made in any segment.
GM_ACTIONS = tuple(a.kind for a in gm.ACTIONS)
# What a player keeps on his characters' sheets, in any segment (8.3, 8.4).
ANYTIME = (*GM_ACTIONS, "set_character", "pick_skill", "declare_grudge")

SEGMENT_HELP = {
    "earn": "Support and Resources are earned (5.1).",
    "trade": "Trade: Resources, territories and captives change hands openly (5.2).",
    "purchases": "Promotions & Purchases, in secret on each realm's sheet (5.3).",
    "declare": "Invasions are declared in the order of Initiative (5.4).",
    "battles": "The battles declared are fought (6).",
    "end": "Rebuilding and destruction; unspent Resources become Wealth (7).",
}


class AasenRuleset(api.Ruleset):
    id = "aasen"
    title = "The Invasion of Hex Island (Aasen)"
    summary = (
        "Realms of two Generals (or one pirate) on a map of one-hex territories: Support "
        "and Resources, sealed purchases, invasions in Initiative order, battles by "
        "degree of victory, Wealth."
    )
    action_notes = {
        "battle_result": (
            "An aasen result asks no losses and no points_lost (R-AA-58): leave them out; "
            "a side's vp only with the option result_from_vp (R-AA-99)."
        )
    }
    phases = (
        api.Phase(
            "earn",
            "Start of turn: Support and Resources",
            order=STANDING,
            help=SEGMENT_HELP["earn"],
            allows=("convert_wealth", *(a.kind for a in draft.ACTIONS), *ANYTIME),
            on_enter=begin_year,
        ),
        api.Phase(
            "trade",
            "Start of turn: Trade",
            order=STANDING,
            help=SEGMENT_HELP["trade"],
            allows=("trade", "grant_passage", "release", "retire", "convert_wealth", *ANYTIME),
            on_enter=trade.open_trade,
            on_leave=trade.close_trade,
        ),
        api.Phase(
            "purchases",
            "Start of turn: Promotions & Purchases",
            order=STANDING,
            help=SEGMENT_HELP["purchases"],
            allows=("write_sheet", "execute", "retire", "convert_wealth", *ANYTIME),
            on_enter=purchases.open_sheets,
        ),
        api.Phase(
            "declare",
            "Start of turn: Invasions are declared",
            order=STANDING,
            help=SEGMENT_HELP["declare"],
            allows=(
                "declare",
                "pass_declaration",
                "answer_invasion",
                "modify_initiative",
                "forgo_bonus",
                "grant_passage",
                "support",
                "refuse_support",
                "cancel_support",
                *ANYTIME,
            ),
            play=api.Play.OPEN,
            on_enter=begin_declarations,
        ),
        api.Phase(
            "battles",
            "Battles",
            order=STANDING,
            help=SEGMENT_HELP["battles"],
            allows=("gm_unplayed", "refuse_support", "betray", "give_glory", *ANYTIME),
            on_enter=battles.open_battles,
            on_leave=glory.close_giving,
        ),
        api.Phase(
            "end",
            "End of the turn",
            order=STANDING,
            help=SEGMENT_HELP["end"],
            allows=("rebuild", "raze_own", "destroy_holding", *ANYTIME),
            on_enter=year.rebuild_unfought,
            on_leave=year.year_end,
        ),
    )
    actions = ACTIONS
    options = (
        api.Option(
            "result_from_vp",
            False,
            "The level of victory is computed from the Victory Points (R-AA-4's option): the "
            "difference as a share of the smaller army, under 10 % a draw, under 25 % minor, "
            "under 50 % solid, else a massacre; off, the players enter it.",
        ),
    )
    state_class = AasenState
    ui = "tuicamp.rules.aasen.screens:aasen_ui"  # only the UI imports it (Textual)
    setup_example = """
capitals = { reach = "hag-hold" }          # per realm: its Capital's territory
holdings = { serpentwood = "stronghold" }  # per territory: an outpost or a stronghold
generals = { malus = "Malus Darkblade" }   # per player: his General's name
marks = { vraxx = "slaanesh" }             # per player: his General's Mark of Chaos
"""
    starting_army = "points"  # a points allocation, led by its general
    # No player keeps a treasury: a realm's money is its Resources, spent in the year, and
    # its Wealth, saved (5.1, 7.2), both shown in its status lines.
    keeps_treasury = False
    turn_text = "Year {turn} begins"
    help_files = ("overview.md", "rulings.md")

    # --- set-up and checks ---------------------------------------------------------------
    def setup(self, campaign: api.Campaign, table: dict[str, Any]) -> None:
        super().setup(campaign, table)
        campaign.state = setup.set_up(api.Rules(campaign, self), table)

    def setup_problems(self, table: dict[str, Any]) -> Sequence[api.Problem]:
        return setup.setup_problems(table, list(self.default_tables["marks"]["names"]))

    def campaign_problems(self, rules: api.Rules) -> Sequence[api.Problem]:
        return setup.campaign_problems(rules)

    def state_problems(self, campaign: api.Campaign) -> Sequence[api.Problem]:
        """What a hand edit can break: books below zero, a General of no player, a razed
        territory or trust pair that names nothing, a trust word unknown."""
        state = campaign.state
        if not isinstance(state, AasenState):
            return []
        out = []
        for realm_id, books in state.books.items():
            for name in ("support", "resources", "wealth"):
                if getattr(books, name) < 0:
                    text = f"{name} is never below 0"
                    out.append(api.Problem(("state", "books", realm_id, name), text))
        for player in state.generals:
            if campaign.player(player) is None:
                out.append(api.Problem(("state", "generals", player), "names no player"))
        for tid in state.razed:
            if campaign.map.territory(tid) is None:
                out.append(api.Problem(("state", "razed"), f"{tid!r} is no territory"))
        for key, word in state.trust.items():
            if word not in ("trusted", "distrusted", "sworn"):
                text = f"{word!r} is not trusted, distrusted or sworn"
                out.append(api.Problem(("state", "trust", key), text))
        return out

    # The shape of the saved state, and the steps of older saves up to it (``upgrades``).
    state_version = upgrades.STATE_VERSION

    def upgrade_state(self, state: dict[str, Any], from_version: int) -> dict[str, Any]:
        """Old saves brought up to today's state, one version at a time (``upgrades``)."""
        return upgrades.upgrade(self, state, from_version)

    # --- actions -------------------------------------------------------------------------
    def apply(self, ctx: api.Context, action: api.Action) -> None:
        """Each action carries out its own rule (its ``apply``); a seat out of the campaign
        gives none (R-AA-67)."""
        if not isinstance(action, AasenAction) or type(action) not in ACTIONS:
            raise api.RuleError(f"The Invasion of Hex Island has no action {action.kind!r}")
        out = endturn.out_of_the_campaign(ctx, ctx.seat)
        ctx.require(out is None, f"{out}: its seat gives no more orders")
        action.apply(ctx)

    def turn_start(self, ctx: api.Context) -> None:
        """A new year: last year's invasions and Initiative are over."""
        state = astate(ctx)
        state.invasions, state.declared, state.initiative, state.tiebreak = [], [], {}, {}
        state.claimed, state.passages = [], []
        state.contingents, state.fought_in = [], []
        last = year.last_year(ctx)
        if last and ctx.campaign.turn > last:
            state.over = True  # 4.1: "At the end of the campaign"

    def roll_awaited(self, ctx: api.Context, awaited: api.AwaitedRoll) -> None:
        """The dice each player rolls for himself at the table (R-AA-71): carried out by
        the module whose rule waited for them."""
        handler = AWAITED.get(awaited.kind)
        if handler is None:
            super().roll_awaited(ctx, awaited)
            return
        handler(ctx, awaited)

    def victory(self, rules: api.Rules) -> api.Victory | None:
        """4.1: most territories, then Wealth, then Glory; a pirate realm's count double;
        or the last realm standing."""
        if not isinstance(rules.campaign.state, AasenState):
            return None
        return endturn.victory(rules)

    def idle(self, rules: api.Rules, player: str) -> str | None:
        return endturn.gone_idle(rules, player)

    def letter_refusal(self, rules: api.Rules, seat: api.Seat) -> str | None:
        out = endturn.out_of_the_campaign(rules, seat)
        return f"{out}: its seat writes no letters" if out else None

    def end_blockers(self, ctx: api.Context, player: str) -> list[str]:
        """A realm hands in its sheet before the segment ends; in the declarations, each
        player declares or passes in his turn, and an invaded realm answers first."""
        if ctx.campaign.phase == "earn" and draft.to_do(ctx):
            return [f"First: {draft.to_do(ctx)}"]
        if ctx.campaign.phase == "purchases":
            return purchases.blockers(ctx, player)
        if ctx.campaign.phase == "declare":
            return declarations.blockers(ctx, player)
        if ctx.campaign.phase == "battles":
            return battles.blockers(ctx)
        return []

    # --- battles -------------------------------------------------------------------------
    def result_fields(self, rules: api.Rules, battle: api.Battle) -> tuple[api.ResultField, ...]:
        return battles.result_fields(rules, battle)

    def battle_outcome(
        self, rules: api.Rules, battle: api.Battle, result: api.BattleResult
    ) -> api.BattleOutcome:
        """R-AA-4: the level and who won, as entered (a concession a Massacre), or read
        from the points; a raid's result shifted three steps (table 5.4)."""
        return battles.outcome(rules, battle, result)

    def apply_battle_result(self, ctx: api.Context, battle: api.Battle) -> None:
        battles.apply_result(ctx, battle)

    def side_forces(
        self, rules: api.Rules, battle: api.Battle, side: api.BattleSide
    ) -> list[tuple[str, int]]:
        return battles.side_forces(rules, battle, side)

    def asks_victory_points(self, rules: api.Rules, battle: api.Battle) -> bool:
        """R-AA-99: the players enter the level and who won (R-AA-4); the Victory points
        are given only when the option ``result_from_vp`` reads the level from them."""
        return bool(rules.option("result_from_vp"))

    def asks_points_lost(self, rules: api.Rules, battle: api.Battle) -> bool:
        """R-AA-58: a battle's result is its level and who won (R-AA-4, tables 6.1 and
        6.2), the Scoring units left (R-AA-24) and the Glory (table 6.3, by the sides'
        sizes); nothing reads the points a side lost, so they are not asked."""
        return False

    def battle_status(self, rules: api.Rules, battle: api.Battle) -> str:
        return gm.status_of(battle)

    def battle_card_notes(self, rules: api.Rules, battle: api.Battle) -> list[str]:
        return battles.card_notes(rules, battle)

    def pending(self, rules: api.Rules, seat: api.Seat | None = None) -> list[str]:
        camp = rules.campaign
        if camp.finished:
            return []
        if camp.phase == "purchases":
            waiting = astate(rules).sheets.waiting
            names = ", ".join(api.teams.name_of(camp, r) for r in waiting)
            return [f"Sheets to hand in: {names}"] if waiting else []
        if camp.phase == "declare":
            return declarations.pending(rules)
        if camp.phase == "trade":
            return trade.pending(rules)
        return []

    # --- what a seat may know -----------------------------------------------------------
    def view_state(self, rules: api.Rules, seat: api.Seat) -> view.AasenView:
        return view.aasen_view(rules, seat)

    def status_lines(self, rules: api.Rules, seat: api.Seat) -> list[api.StatusLine]:
        """The view's lines, and while the set-up is drafted whose turn it is (2.1)."""
        waiting = draft.to_do(rules)
        lines = [api.StatusLine("Set-up", waiting)] if waiting else []
        return lines + view.status_lines(rules, seat)
