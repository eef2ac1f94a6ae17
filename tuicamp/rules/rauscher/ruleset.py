"""*Warhammer Campaign* by David Rauscher: weekly turns of five phases.

This module is the ruleset's frame: the phases and their order, who acts when, ending a
phase, and the dispatch of every action to the phase module that owns it. The rules
themselves live in the phase modules (economy, movement, combat, siege, victory), each of
which exports ``ACTIONS``, ``HANDLERS``, ``PHASE_START``, ``PHASE_END`` and ``pending``.

"Each player must complete each phase before play proceeds to the next. In this way, the
game actions occur 'simultaneously.'" — except the Movement phase, which goes "through
each race one-by-one" in the text's order.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from functools import cached_property
from importlib import resources
from typing import Any

from attrs import define

from tuicamp.engine.actions import Action
from tuicamp.engine.battles import ResultField
from tuicamp.engine.context import Context
from tuicamp.engine.errors import RuleError
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import Option, Phase, Ruleset, StatusLine, Victory
from tuicamp.model.battle import Battle
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army, Seat
from tuicamp.rules.rauscher import combat, economy, movement, siege, victory
from tuicamp.rules.rauscher.economy.setup import setup_findings
from tuicamp.rules.rauscher.shared import alliances
from tuicamp.rules.rauscher.shared.common import PHASES, rstate
from tuicamp.rules.rauscher.shared.money import format_money
from tuicamp.rules.rauscher.shared.state import Allocation, ArmyState, RauscherState, Role
from tuicamp.rules.rauscher.view import RauscherView, rauscher_status, rauscher_view

MODULES = (economy, movement, combat, siege, victory)
# The package's data folders, read through importlib.resources so an installed wheel (or a
# zip) serves them as well as a checkout: the frame's chapter first, then each phase's.
DATA = resources.files("tuicamp.rules.rauscher")
HELP_FILES = ("overview.md", "economy.md", "movement.md", "combat.md", "victory.md")
TABLE_FILES = ("frame.toml", "economy.toml", "movement.toml", "combat.toml")


@define(kw_only=True)
class EndPhase(Action):
    kind = "end_phase"
    summary = "Say you have finished this phase (in Movement: pass to the next race)"
    player: str = ""


def _handlers() -> dict[type[Action], Callable[[Context, Any], None]]:
    table: dict[type[Action], Callable[[Context, Any], None]] = {}
    for module in MODULES:
        table.update(module.HANDLERS)
    return table


class RauscherRuleset(Ruleset):
    id = "rauscher"
    title = "Warhammer Campaign (Rauscher)"
    summary = (
        "Weekly strategic turns: upkeep, effects, movement, combat, resolution; gold, food "
        "and supply, marches and fatigue, scouts and ambushes, sieges, six victory conditions."
    )
    phases = (
        Phase("upkeep", "Upkeep", True, "Reorganise armies, spend gold, ransom prisoners."),
        Phase("effects", "Effects", True, "Encounters and campaign magic (scenario decks)."),
        Phase("movement", "Movement", False, "Each race in turn moves its armies."),
        Phase("combat", "Combat", True, "Armies of enemies in one hex fight; sieges."),
        Phase("resolution", "Resolution", True, "Fatigue, supply, new troops, taxes, fate."),
    )
    actions = (EndPhase, *(a for m in MODULES for a in m.ACTIONS))
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
    ui = "tuicamp.rules.rauscher.screens.ui:panels"
    coin = "c"

    @cached_property
    def default_tables(self) -> dict[str, Any]:
        tables: dict[str, Any] = {}
        for name in TABLE_FILES:
            tables.update(tomllib.loads((DATA / "tables" / name).read_text(encoding="utf-8")))
        return tables

    def help_text(self) -> str:
        """The frame's summary, then each phase module's own chapter."""
        return "\n\n".join(
            (DATA / "docs" / name).read_text(encoding="utf-8").strip() for name in HELP_FILES
        )

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

    def setup_problems(self, setup: dict[str, Any]) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = alliances.setup_problems(setup)
        for module in MODULES:
            problems.extend(module.setup_problems(setup))
        return problems

    def campaign_problems(self, rules: Rules) -> list[tuple[str, str]]:
        campaign = rules.campaign
        found = [("victory", p) for p in victory.victory_problems(campaign)]
        found += [("", p) for p in alliances.campaign_problems(campaign)]
        for level, path, text in setup_findings(campaign):
            kind, _, ident = path.partition(".")
            if level == "problem":
                where = f"{kind}:{ident}" if kind in ("settlement", "army", "territory") else ""
                found.append((where, text))
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

    # --- who acts ---------------------------------------------------------------------
    def active_players(self, campaign: Campaign) -> list[str]:
        state = rstate(campaign)
        if campaign.finished:
            return []
        if campaign.phase == "movement":
            if state.mover < len(state.move_order):
                return [state.move_order[state.mover]]
            return []
        return [p for p in state.move_order if p not in state.phase_done]

    def acting_seats(self, campaign: Campaign) -> list[str]:
        players = self.active_players(campaign)
        return [s.id for s in campaign.seats if not s.gm and any(p in s.players for p in players)]

    def pending(self, rules: Rules, seat: Seat | None = None) -> list[str]:
        campaign = rules.campaign
        lines: list[str] = []
        for module in MODULES:
            if module is economy:  # purchases, offers and ransom: each player's own
                continue
            lines.extend(module.pending(campaign, None))
        done = rstate(campaign).phase_done
        for player in campaign.players:
            if seat is not None and seat.controls(player.id) and player.id not in done:
                lines.extend(
                    f"{player.name}: {line}" for line in economy.pending(campaign, player.id)
                )
        for pid in self.active_players(campaign):
            name = campaign.player(pid).name
            verb = "to move" if campaign.phase == "movement" else "to finish the phase"
            lines.append(f"{name} {verb}")
        return lines

    def army_visibility(self, rules: Rules, seat: Seat, army: Army) -> str:
        if seat.controls(army.owner):
            return "full"
        return movement.visibility(rules.campaign, seat, army)

    def victory(self, rules: Rules) -> Victory | None:
        return victory.check(rules.campaign)

    # --- what one seat may know of the ruleset's own state (the view package) ------------
    def view_state(self, rules: Rules, seat: Seat) -> RauscherView:
        """Its players' purses, purchases, cards, fate and ambushes, its armies' ledgers,
        what its scouts learnt, its side of each siege and ransom: copies, for this seat."""
        return rauscher_view(rules, seat, self.active_players(rules.campaign))

    def status_lines(self, rules: Rules, seat: Seat) -> list[StatusLine]:
        return rauscher_status(self.view_state(rules, seat))

    # --- battles (the combat module draws the consequences) -----------------------------
    def result_fields(self, rules: Rules, battle: Battle) -> tuple[ResultField, ...]:
        return combat.result_fields(rules.campaign, battle)

    def battle_card_notes(self, rules: Rules, battle: Battle) -> list[str]:
        return combat.card_notes(rules.campaign, battle)

    def apply_battle_result(self, ctx: Context, battle) -> None:
        combat.apply_battle_result(ctx, battle)

    # --- actions ----------------------------------------------------------------------
    def apply(self, ctx: Context, action: Action) -> None:
        if isinstance(action, EndPhase):
            self._end_phase(ctx, action)
            return
        handler = _handlers().get(type(action))
        if handler is None:
            raise RuleError(f"Warhammer Campaign has no action {action.kind!r}")
        handler(ctx, action)

    def _end_phase(self, ctx: Context, action: EndPhase) -> None:
        camp, state = ctx.campaign, rstate(ctx)
        active = self.active_players(camp)
        if action.player:
            player = action.player
        elif ctx.seat.gm:
            ctx.require(active, "Nobody is to act")
            player = active[0]
        else:
            mine = [p for p in active if ctx.seat.controls(p)]
            ctx.require(mine, "It is not your turn to act")
            player = mine[0]
        ctx.require(ctx.seat.controls(player), f"Seat {ctx.seat.name} does not play {player}")
        ctx.require(player in active, f"{camp.player(player).name} is not to act now")
        blocking = [line for m in MODULES for line in m.pending(camp, player)]
        ctx.require(not blocking, f"First: {blocking[0]}" if blocking else "")
        name = camp.player(player).name
        phase = self.phase(camp.phase)
        if camp.phase == "movement":
            state.mover += 1
            ctx.emit("end_phase", f"{name} has finished moving", player=player)
            if state.mover >= len(state.move_order):
                self._advance(ctx)
            return
        state.phase_done.append(player)
        ctx.emit("end_phase", f"{name} has finished the {phase.title} phase", player=player)
        if all(p in state.phase_done for p in state.move_order):
            self._advance(ctx)

    def _advance(self, ctx: Context) -> None:
        """Every player is done: close this phase, open the next (or the next turn)."""
        camp, state = ctx.campaign, rstate(ctx)
        for module in MODULES:
            hook = module.PHASE_END.get(camp.phase)
            if hook is not None:
                hook(ctx)
        if victory.check(camp) is not None:
            return  # the war is decided (e.g. the last turn ended): the engine ends it here
        index = PHASES.index(camp.phase)
        if index + 1 == len(PHASES):
            camp.turn += 1
            camp.phase = PHASES[0]
            for record in state.armies.values():
                record.moved = record.fought = record.finished = False
                record.mp_spent = 0.0
            ctx.emit("new_turn", f"Turn {camp.turn} (week {camp.turn}) begins", undoable=False)
        else:
            camp.phase = PHASES[index + 1]
        state.phase_done = []
        state.mover = 0
        ctx.emit("phase", f"The {self.phase(camp.phase).title} phase begins", undoable=False)
        for module in MODULES:
            hook = module.PHASE_START.get(camp.phase)
            if hook is not None:
                hook(ctx)


def army_record(ctx_or_campaign, army_id: str) -> ArmyState:
    return rstate(ctx_or_campaign).army(army_id)
