"""*Warhammer Campaign* by David Rauscher: weekly turns of five phases.

This module is the ruleset's frame: the phases as the engine runs them (their turn orders,
their hooks and what blocks their end), and the dispatch of every action to the phase
module that owns it. The rules themselves live in the phase modules (economy, movement,
combat, siege, victory), each of which exports ``ACTIONS``, ``HANDLERS``, ``PHASE_START``,
``PHASE_END`` and ``pending``: the starts and ends become the phases' hooks, ``pending`` of
a player what blocks the end of the phase.

"Each player must complete each phase before play proceeds to the next. In this way, the
game actions occur 'simultaneously.'" — except the Movement phase, which goes "through
each race one-by-one" in the text's order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tuicamp.engine import flow
from tuicamp.engine.actions import Action
from tuicamp.engine.battles import ResultField
from tuicamp.engine.context import Context
from tuicamp.engine.errors import RuleError
from tuicamp.engine.flow import EndPhase, Fixed, Simultaneous
from tuicamp.engine.problems import Problem
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import Option, Phase, Ruleset, StatusLine, Victory
from tuicamp.model.battle import Battle
from tuicamp.model.campaign import Campaign
from tuicamp.model.flow import AwaitedRoll, ScheduledEffect
from tuicamp.model.forces import Army, Seat
from tuicamp.model.rerolls import RecordedRoll
from tuicamp.rules.rauscher import combat, economy, movement, siege, victory
from tuicamp.rules.rauscher.combat import after as combat_after
from tuicamp.rules.rauscher.economy import fate, ransom
from tuicamp.rules.rauscher.economy.setup import setup_findings
from tuicamp.rules.rauscher.shared import alliances, upgrades
from tuicamp.rules.rauscher.shared.common import PHASES, rstate
from tuicamp.rules.rauscher.shared.money import format_money
from tuicamp.rules.rauscher.shared.state import Allocation, RauscherState, Role
from tuicamp.rules.rauscher.view import RauscherView, decisions, rauscher_status, rauscher_view

__all__ = ["EndPhase", "RauscherRuleset"]  # EndPhase is the engine's now

MODULES = (economy, movement, combat, siege, victory)
# Who makes a scheduled effect happen, by its kind: the module that scheduled it.
FIRE: dict[str, Callable[[Context, ScheduledEffect], None]] = {
    combat_after.RETURN: combat_after.fire_return,
    victory.ALLEGIANCE: victory.fire_allegiance,
}
# Who carries out work that waited for the table's dice (R-ALL-8), by its kind: the
# module whose sealed round set it off.
AWAITED: dict[str, Callable[[Context, AwaitedRoll], None]] = {
    "siege_orders": siege.roll_awaited,
    "ransom": ransom.roll_awaited,
}
# The help's chapters (``docs/``): the frame's first, then each phase's in play order. The
# tables are every file of ``tables/``, read by the base class.
HELP_FILES = ("overview.md", "economy.md", "movement.md", "combat.md", "victory.md")
# The parts of a scenario a set-up finding names by id (``settlement.s1``), which a
# campaign problem points at; a finding of any other key is the ruleset's own table's.
SCENARIO_PARTS = ("settlement", "army", "territory")


def _handlers() -> dict[type[Action], Callable[[Context, Any], None]]:
    table: dict[type[Action], Callable[[Context, Any], None]] = {}
    for module in MODULES:
        table.update(module.HANDLERS)
    return table


def _warmasters(rules: Rules) -> list[str]:
    """Every phase's players: the Warmasters in the text's race order (set-up chose it)."""
    return list(rstate(rules.campaign).move_order)


PhaseHooks = dict[str, Callable[[Context], None]]


def _module_hooks(table: Callable[[Any], PhaseHooks], phase: str) -> Callable[[Context], None]:
    """Every phase module's hook of one phase from its ``PHASE_START`` or ``PHASE_END``
    table (``table`` picks which), in the modules' order."""

    def run(ctx: Context) -> None:
        for module in MODULES:
            hook = table(module).get(phase)
            if hook is not None:
                hook(ctx)

    return run


def _phase(phase_id: str, title: str, help_text: str, *, race_by_race: bool = False) -> Phase:
    """ "Each player must complete each phase before play proceeds to the next" (everyone
    at once), except Movement: "through each race one-by-one"."""
    return Phase(
        phase_id,
        title,
        help=help_text,
        order=Fixed(_warmasters) if race_by_race else Simultaneous(_warmasters),
        on_enter=_module_hooks(lambda m: m.PHASE_START, phase_id),
        on_leave=_module_hooks(lambda m: m.PHASE_END, phase_id),
        ended_text=(
            "{players} has finished moving"
            if race_by_race
            else "{players} has finished the {phase} phase"
        ),
    )


class RauscherRuleset(Ruleset):
    id = "rauscher"
    title = "Warhammer Campaign (Rauscher)"
    summary = (
        "Weekly strategic turns: upkeep, effects, movement, combat, resolution; gold, food "
        "and supply, marches and fatigue, scouts and ambushes, sieges, six victory conditions."
    )
    phases = (
        _phase("upkeep", "Upkeep", "Reorganise armies, spend gold, ransom prisoners."),
        _phase("effects", "Effects", "Encounters and campaign magic (scenario decks)."),
        _phase("movement", "Movement", "Each race in turn moves its armies.", race_by_race=True),
        _phase("combat", "Combat", "Armies of enemies in one hex fight; sieges."),
        _phase("resolution", "Resolution", "Fatigue, supply, new troops, taxes, fate."),
    )
    actions = tuple(a for m in MODULES for a in m.ACTIONS)
    options = (
        Option("advanced_terrain", False, "Terrain costs movement points (the advanced rules)."),
        Option(
            "fatigue_ld_penalty",
            1,
            "Ld lost per point of fatigue at the table (R-RA-5); 0 turns the effect off.",
        ),
        Option(
            "starvation_literal",
            False,
            "Apply the text's literal -1 per turn in insufficient supply (R-RA-7); by "
            "default each turn after the first makes the roll 1 worse.",
        ),
        Option("campaign_points", 20000, "The agreed total campaign army size."),
        Option("max_army_points", 5000, "The most points one army counter may hold."),
        Option(
            "loot_in_trains",
            False,
            "Looted coins ride in the looting player's baggage trains and ships in the hex (as "
            "much as they hold) until unloaded at an own settlement; off: straight to the "
            "treasury.",
        ),
        Option(
            "ships_feed_armies",
            True,
            "A ship's food feeds an army within one hex, as a baggage train's does; off: a "
            "ship's food must be unloaded at a settlement first.",
        ),
        Option(
            "one_army_at_a_time",
            True,
            'Moving another counter completes the one moved before ("Units are moved one at '
            'a time"); off: a counter may move in several legs until it halts.',
        ),
    )
    state_class = RauscherState
    help_files = HELP_FILES
    state_version = upgrades.STATE_VERSION
    ui = "tuicamp.rules.rauscher.screens.ui:panels"
    coin = "c"
    setup_example = """
options = { campaign_points = 16000 }   # the campaign size (Rauscher's points ledger)
neutral_players = ["temple"]            # forces nobody plays
roles = { temple-guardians = "neutral" }  # per army: its role
campaign_points = { red = 8000, blue = 8000 }  # per player, instead of an even share
"""
    turn_text = "Turn {turn} (week {turn}) begins"

    def upgrade_state(self, state: dict[str, Any], from_version: int) -> dict[str, Any]:
        return upgrades.upgrade(state, from_version)

    def fire(self, ctx: Context, effect: ScheduledEffect) -> None:
        """A scheduled effect's time has come: the module that scheduled it makes it happen
        (``FIRE`` by kind); an effect of another kind is told as the engine tells it."""
        handler = FIRE.get(effect.kind)
        if handler is None:
            super().fire(ctx, effect)
        else:
            handler(ctx, effect)

    def roll_awaited(self, ctx: Context, awaited: AwaitedRoll) -> None:
        """A revealed sealed round's work, with the table's dice (``AWAITED`` by kind)."""
        handler = AWAITED.get(awaited.kind)
        if handler is None:
            super().roll_awaited(ctx, awaited)
        else:
            handler(ctx, awaited)

    def format_money(self, amount: int) -> str:
        return format_money(amount)

    # --- set-up ---------------------------------------------------------------------
    def setup(self, campaign: Campaign, setup: dict[str, Any]) -> None:
        campaign.phase = PHASES[0]
        state = RauscherState()
        campaign.state = state
        roles = setup.get("roles", {})
        allocations = setup.get("allocations", {})
        state.neutral_players = list(setup.get("neutral_players", []))
        alliances.setup(campaign, setup)
        for army in campaign.armies:
            record = state.army(army.id)
            record.role = Role(roles.get(army.id, "army"))
            record.allocations = [
                Allocation(a["category"], int(a["points"]), a.get("label", ""))
                for a in allocations.get(army.id, [])
            ]
            home = campaign.map.territory_of(army.hex) if army.hex else None
            for unit in army.units:
                if "militia" in unit.flags and home is not None:
                    state.unit(unit.id).home_territory = home.id
        for player in campaign.players:
            record = state.player(player.id)
            record.original_settlements = [
                s.id for s in campaign.map.settlements if s.owner == player.id
            ]
        state.move_order = setup.get("move_order") or self._race_order(campaign, state)
        for module in MODULES:
            module.setup(campaign, setup)

    def setup_problems(self, setup: dict[str, Any]) -> list[Problem]:
        problems = alliances.setup_problems(setup)
        for module in MODULES:
            problems.extend(module.setup_problems(setup))
        return problems

    def campaign_problems(self, rules: Rules) -> list[Problem]:
        """The [victory] table's, the alliances' (the ruleset's own table) and the
        economy's set-up findings that are problems, at the settlement, army or
        territory they name (the rest at the ruleset's own table); warnings are advice,
        told in the chronicle instead."""
        campaign = rules.campaign
        found = [Problem(("victory",), p) for p in victory.victory_problems(campaign)]
        found += [Problem((), p) for p in alliances.campaign_problems(campaign)]
        for level, path, text in setup_findings(rules):
            kind, *rest = path.split(".")
            if level == "problem":
                where = (kind, *rest) if kind in SCENARIO_PARTS else ()
                found.append(Problem(where, text))
        return found

    def _race_order(self, campaign: Campaign, state: RauscherState) -> list[str]:
        """The text's action order by race; unknown races after, in slot order."""
        order = [r.lower() for r in self.default_tables["race_order"]["races"]]
        aliases = {k.lower(): v.lower() for k, v in self.default_tables["race_aliases"].items()}

        def rank(pid: str) -> int:
            race = campaign.player(pid).race.lower()
            race = aliases.get(race, race)
            return order.index(race) if race in order else len(order)

        players = [p.id for p in campaign.players if p.id not in state.neutral_players]
        return sorted(players, key=lambda pid: (rank(pid), players.index(pid)))

    # --- who acts (the engine's flow) ------------------------------------------------
    def active_players(self, campaign: Campaign) -> list[str]:
        """The Warmasters to act now: in Movement the one moving, else those still in the
        phase."""
        return flow.acting_players(campaign)

    def end_blockers(self, ctx: Context, player: str) -> list[str]:
        """What the phase modules say ``player`` must still do before ending the phase."""
        return [f"First: {line}" for m in MODULES for line in m.pending(ctx, player)]

    def idle(self, rules: Rules, player: str) -> str | None:
        """Effects without a card, Combat without a battle, Resolution with nothing to
        place: the flow passes the Warmaster (R-ALL-12; the decisions module)."""
        return decisions.idle(rules, player)

    def left_undone(self, rules: Rules, player: str) -> list[str] | None:
        """In Movement the counters that have not marched (R-ALL-9)."""
        return decisions.left_undone(rules, player)

    def turn_start(self, ctx: Context) -> None:
        """A new week: every counter may move and fight again, its movement points fresh."""
        for record in rstate(ctx).armies.values():
            record.moved = record.fought = record.finished = False
            record.mp_spent = 0.0

    def pending(self, rules: Rules, seat: Seat | None = None) -> list[str]:
        campaign = rules.campaign
        lines: list[str] = []
        for module in MODULES:
            if module is economy:  # purchases, offers and ransom: each player's own
                continue
            lines.extend(module.pending(rules, None))
        done = campaign.flow.ended
        for player in campaign.players:
            if seat is not None and seat.controls(player.id) and player.id not in done:
                lines.extend(f"{player.name}: {line}" for line in economy.pending(rules, player.id))
        for pid in self.active_players(campaign):
            name = campaign.player(pid).name
            verb = "to move" if campaign.phase == "movement" else "to finish the phase"
            lines.append(f"{name} {verb}")
        return lines

    def army_visibility(self, rules: Rules, seat: Seat, army: Army) -> str:
        if seat.controls(army.owner):
            return "full"
        return movement.visibility(rules, seat, army)

    def victory(self, rules: Rules) -> Victory | None:
        return victory.check(rules)

    # --- what one seat may know of the ruleset's own state (the view package) ------------
    def view_state(self, rules: Rules, seat: Seat) -> RauscherView:
        """Its players' purses, purchases, cards, fate and ambushes, its armies' ledgers,
        what its scouts learnt, its side of each siege and ransom: copies, for this seat."""
        return rauscher_view(rules, seat, self.active_players(rules.campaign))

    def status_lines(self, rules: Rules, seat: Seat) -> list[StatusLine]:
        return rauscher_status(self.view_state(rules, seat))

    # --- battles (the combat module draws the consequences) -----------------------------
    def result_fields(self, rules: Rules, battle: Battle) -> tuple[ResultField, ...]:
        return combat.result_fields(rules, battle)

    def battle_card_notes(self, rules: Rules, battle: Battle) -> list[str]:
        return combat.card_notes(rules, battle)

    def apply_battle_result(self, ctx: Context, battle) -> None:
        combat.apply_battle_result(ctx, battle)

    # --- actions ----------------------------------------------------------------------
    def apply(self, ctx: Context, action: Action) -> None:
        handler = _handlers().get(type(action))
        if handler is None:
            raise RuleError(f"Warhammer Campaign has no action {action.kind!r}")
        handler(ctx, action)

    # --- fate points: any roll of the last action (R-RA-12) ---------------------------
    def may_reroll(self, rules: Rules, seat: Seat, roll: RecordedRoll, player: str) -> str | None:
        return fate.may_reroll(rules, seat, roll, player)

    def pay_for_reroll(self, ctx: Context, roll: RecordedRoll, player: str) -> None:
        fate.pay_for_reroll(ctx, roll, player)
