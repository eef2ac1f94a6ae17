"""The Suvinen basic campaign rules: impulses, commitments and hexside control.

The frame: the turn as the engine runs it — a council (the order of play rolled on 2d6 and
the turn's alliances, R-SU-3 and R-SU-12), then the eight impulses of movement, each a
phase in rounds of one corps per player (R-SU-1, R-SU-3, R-SU-11, R-SU-25) — the dispatch
of each action to the module that owns it (``MODULES``), set-up and its checks
(``setup``), and what each seat may know (``view``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tuicamp.rules import api
from tuicamp.rules.suvinen import (
    assault,
    battles,
    council,
    crews,
    endturn,
    followup,
    garrisons,
    impulses,
    roster,
    setup,
    sharing,
    supply,
    view,
    withdrawal,
)
from tuicamp.rules.suvinen.state import SuvinenState, sstate

MODULES = (council, impulses, withdrawal, assault, crews, garrisons, sharing)
HANDLERS: dict[type[api.Action], Callable[[api.Context, Any], None]] = {
    kind: handler for module in MODULES for kind, handler in module.HANDLERS.items()
}


def enter_impulse(ctx: api.Context) -> None:
    """An impulse begins: every corps that takes it has its 1 MP (R-SU-3). As the first
    begins, offers of alliance not answered in the council lapse (R-SU-12) and the
    chronicle names the corps without a leader (R-SU-1)."""
    if impulses.impulse_now(ctx) == 1:
        api.agreements.lapse_due(ctx, sstate(ctx).alliances)
        impulses.leaderless_note(ctx)
    impulses.begin_impulse(ctx)


def impulse_phase(impulse: int) -> api.Phase:
    """One impulse of the movement, in rounds of the rotation (R-SU-3, R-SU-11)."""
    only_lc = " (LC corps only)" if impulse > 4 else ""
    return api.Phase(
        impulses.phase_id(impulse),
        f"Impulse {impulse}",
        help=(
            f"Every corps with a leader{only_lc} has 1 MP. Round by round, in the rolled "
            "order, each player moves, holds or breaks the commitment of one corps, then "
            "ends its part of the round (end_phase)."
        ),
        order=api.Custom(impulses.rotation),
        steps=lambda rules: impulses.rounds(rules, impulse),
        step_name="round",
        play=api.Play.OPEN,
        allows=("move_corps", "hold_corps", "break_commitment"),
        on_enter=enter_impulse,
        ends_when=impulses.rotation_done,
        ended_text="{players} has moved in round {step}",
    )


class SuvinenRuleset(api.Ruleset):
    id = "suvinen"
    title = "Basic Campaign Rules (Suvinen)"
    summary = (
        "Eight impulses a turn in a rolled order, one corps per player in rotation, 1 MP "
        "each with road halves and commitments; light cavalry moves in all eight."
    )
    phases = (
        api.Phase(
            "council",
            "Council",
            help=(
                "The order of play is rolled on 2d6 (ties re-rolled). Offer or accept "
                "alliances for this turn (ally); allies who share a castle agree who "
                "controls it (castle_control). Then end the phase."
            ),
            allows=("ally", "crew_machine", "garrison", "castle_control"),
            on_enter=council.begin_turn,
        ),
        *(impulse_phase(n) for n in range(1, impulses.IMPULSE_COUNT + 1)),
        api.Phase(
            "battles",
            "Battles",
            help=(
                "Wherever hostile corps meet after the movement, a battle: two sides deploy "
                "for a meeting engagement. Fight it at the table and enter the result, or "
                "auto-resolve it; the losses then roll on the casualty table. Then each "
                "player there writes under seal: fight on, or withdraw one hex; the hexes "
                "still contested fight again the next day."
            ),
            play=api.Play.OPEN,
            on_enter=withdrawal.start_battles,
            ends_when=lambda rules: (
                not (rules.campaign.pending_battles() or withdrawal.pending(rules))
            ),
        ),
        api.Phase(
            "supply",
            "Supply",
            help=(
                "Every corps traces a supply line of at most 10 MP to a friendly castle or "
                "city, by land, river, stream or lake; without one it is Disrupted (Ld -2), "
                "and a Disrupted corps without one is eliminated. Nothing to decide: the "
                "check runs by itself."
            ),
            play=api.Play.OPEN,
            on_enter=supply.check,
            ends_when=lambda rules: True,  # nothing to decide (R-SU-17: all at once)
        ),
        api.Phase(
            "end",
            "End of turn",
            help=(
                "A player whose Home Castle holds only hostile corps loses all its troops; a "
                "player with no troops is out; the last player with troops wins, or the last "
                "allies together. Nothing to decide."
            ),
            play=api.Play.OPEN,
            on_enter=endturn.end_turn,
            ends_when=lambda rules: True,
        ),
    )
    actions = tuple(a for module in MODULES for a in module.ACTIONS)
    options = (
        api.Option(
            "fled_roll",
            False,
            "Models that fled the table roll on the casualty table as killed ones do "
            "(R-SU-16: by default they return).",
        ),
        api.Option(
            "magic_item_limits",
            False,
            "The section 7.0 magic-item limits are on the battle card (R-SU-22).",
        ),
    )
    state_class = SuvinenState
    ui = "tuicamp.rules.suvinen.screens:suvinen_ui"  # only the UI imports it (Textual)
    setup_example = """
points = 3500                                  # each player's troops at most (R-SU-7)
home_castles = { empire = "altdorf" }          # per player: a settlement id
garrisons = { altdorf = "altdorf-garrison" }   # per castle or city: the army in it
"""
    starting_army, commander_flag = "points", "leader"  # a points allocation (R-SU-24)
    keeps_treasury = False  # the text knows no money: troops are points (R-SU-7)
    help_files = ("overview.md", "rulings.md")

    # --- set-up and checks ---------------------------------------------------------------
    def setup(self, campaign: api.Campaign, table: dict[str, Any]) -> None:
        super().setup(campaign, table)
        setup.set_up(campaign, table, api.Rules(campaign, self))

    def setup_problems(self, table: dict[str, Any]) -> Sequence[api.Problem]:
        return setup.setup_problems(table)

    def campaign_problems(self, rules: api.Rules) -> Sequence[api.Problem]:
        return setup.campaign_problems(rules)

    def state_problems(self, campaign: api.Campaign) -> Sequence[api.Problem]:
        """What a hand edit can break: a corps record of no army, MP below nothing."""
        state = campaign.state
        if not isinstance(state, SuvinenState):
            return []
        out = []
        for army_id, record in state.corps.items():
            path = ("state", "corps", army_id)
            if campaign.army(army_id) is None:
                out.append(api.Problem(path, "names no corps"))
            for name in ("mp_left", "committed_mp"):
                if not getattr(record, name) >= 0:
                    out.append(api.Problem((*path, name), f"{name} cannot be below 0"))
        return out

    # --- actions -------------------------------------------------------------------------
    def apply(self, ctx: api.Context, action: api.Action) -> None:
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise api.RuleError(f"The Suvinen rules have no action {action.kind!r}")
        handler(ctx, action)

    def end_blockers(self, ctx: api.Context, player: str) -> list[str]:
        return (
            battles.blockers(ctx)
            or withdrawal.blockers(ctx, player)
            or assault.blockers(ctx, player)
            or impulses.blockers(ctx, player)
        )

    def fire(self, ctx: api.Context, effect: api.ScheduledEffect) -> None:
        """Models back from their wounds rejoin their corps (R-SU-16, R-SU-31); the
        chronicle line is theirs."""
        if effect.kind == battles.RETURN:
            battles.models_return(ctx, effect)
            return
        super().fire(ctx, effect)

    def idle(self, rules: api.Rules, player: str) -> str | None:
        """A player with no troops left is out of the war: it passes (R-ALL-12)."""
        if player not in council.players_with_troops(rules):
            return "no troops left"
        return None

    def left_undone(self, rules: api.Rules, player: str) -> list[str] | None:
        return impulses.blockers(rules, player) if impulses.in_impulses(rules) else None

    # --- battles -------------------------------------------------------------------------
    def battle_card_notes(self, rules: api.Rules, battle: api.Battle) -> list[str]:
        """The reminders every Suvinen battle carries (R-ALL-3, R-SU-21, R-SU-22)."""
        notes = [
            *battles.card_notes(rules, battle),
            *followup.card_notes(rules, battle),
            "Army-book limits are the players' business: after losses, eliminate any troops "
            "that now break them (R-ALL-3).",
            "Temporary defensive works are not available: their rules are lost (R-SU-21).",
        ]
        if rules.option("magic_item_limits"):
            notes.append(f"Magic items: {rules.table('magic_items').get('text', '')} (R-SU-22).")
        return notes

    def apply_battle_result(self, ctx: api.Context, battle: api.Battle) -> None:
        """A side with no troops on the table loses its war machines (§4.2.1, R-SU-30); the
        losses roll on the casualty table (R-SU-16); a corps with no troops left is gone,
        and a hex left to one side is no longer contested (R-SU-8); temporary allies who
        won together owe each other a follow-up battle (R-SU-39), their own VP adding up to
        the side's."""
        followup.check_ally_vp(ctx, battle)
        battles.abandon_machines(ctx, battle)
        battles.roll_casualties(ctx, battle)
        camp = ctx.campaign
        for side in battle.sides:
            for army_id in side.armies:
                army = camp.army(army_id)
                if army is not None and not any(u.models for u in army.units):
                    roster.remove_corps(ctx, army, f"'{army.name}' has no troops left: it is gone")
        followup.note_victory(ctx, battle)
        withdrawal.after_battle(ctx)

    def result_fields(self, rules: api.Rules, battle: api.Battle) -> tuple[api.ResultField, ...]:
        return withdrawal.result_fields() + followup.result_fields(rules, battle)

    # --- what a seat may know -----------------------------------------------------------
    def pending(self, rules: api.Rules, seat: api.Seat | None = None) -> list[str]:
        """Who is to act now, and for ``seat`` the offers of alliance it is to answer."""
        camp = rules.campaign
        if camp.finished:
            return []
        answers = [
            f"To answer: {line.text}"
            for line in (view.offer_lines(rules, seat) if seat is not None else [])
            if line.label == "To answer"
        ]
        return answers + self.to_act(rules)

    def to_act(self, rules: api.Rules) -> list[str]:
        """Who is to act in the phase now, as every seat may read it."""
        camp = rules.campaign
        acting = api.acting_players(camp)
        names = ", ".join(api.teams.name_of(camp, p) for p in acting)
        if camp.phase == "battles":
            return (
                battles.blockers(rules)
                + withdrawal.waiting_lines(rules)
                + assault.waiting_lines(rules)
            )
        if impulses.in_impulses(rules):
            now = f"Impulse {impulses.impulse_now(rules)}, round {camp.step}"
            moved = all(impulses.taken(rules, p) >= camp.step for p in acting)
            todo = (
                "to end its part of the round (end_phase)"
                if moved
                else ("to move one corps, then end_phase")
            )
            return [f"{now}: {names} {todo}"]
        return [f"Council of turn {camp.turn}: {names} to end the phase (alliances: ally)"]

    def army_visibility(self, rules: api.Rules, seat: api.Seat, army: api.Army) -> str:
        """Friends' and allies' corps in full; the enemy's are counters on the map."""
        return "full" if view.known_to(rules, seat, army.owner) else "counter"

    def view_state(self, rules: api.Rules, seat: api.Seat) -> view.SuvinenView:
        return view.suvinen_view(rules, seat)

    def status_lines(self, rules: api.Rules, seat: api.Seat) -> list[api.StatusLine]:
        return view.status_lines(rules, seat)

    def victory(self, rules: api.Rules) -> api.Victory | None:
        return endturn.victory(rules)
