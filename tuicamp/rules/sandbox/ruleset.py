"""The sandbox: a complete free-play ruleset.

It enforces only what the map itself says (terrain you cannot cross, hexes off the map,
who owns what) and keeps turn order, so clubs with their own rules and GMs preparing a
campaign get the map, the ledgers and the chronicle without a referee's opinions (R-SB-2).
Every choice it still has to make is one of its rulings, ``R-SB-1`` … in its ``docs/overview.md``.

Its one phase is the turn: players take it in their slot order, or (the ``simultaneous``
option) all at once; the engine runs that flow, ``end_turn`` included (R-SB-1).

This module is the ruleset's read side, what opening a campaign needs: its phases,
options, views and checks. Its actions (:mod:`~tuicamp.rules.sandbox.actions`) and what
each does (:mod:`~tuicamp.rules.sandbox.play`) are imported the first time the ruleset is
asked for them, so a report on a sandbox campaign builds none of their classes.
"""

from __future__ import annotations

import difflib
from collections import Counter
from typing import TYPE_CHECKING, Any

from tuicamp.engine.flow import ByOption, Fixed, Simultaneous, acting_players
from tuicamp.engine.problems import Problem
from tuicamp.engine.rules import Rules
from tuicamp.engine.ruleset import ActionsFrom, Option, Phase, Ruleset, StatusLine, Victory
from tuicamp.model.campaign import Campaign
from tuicamp.model.forces import Army, Seat
from tuicamp.rules.sandbox.state import SandboxState, mp_left, mp_left_of
from tuicamp.rules.sandbox.view import ArmyLedger, SandboxView, sandbox_status

if TYPE_CHECKING:
    from tuicamp.engine.actions import Action
    from tuicamp.engine.context import Context

__all__ = ["SandboxRuleset", "mp_left", "sandbox_victory", "victory_problems"]


class SandboxRuleset(Ruleset):
    id = "sandbox"
    title = "Sandbox (free play)"
    summary = "Free play: move, raise and edit armies, roll dice; tuicamp keeps the books."
    phases = (
        Phase(
            "play",
            "Play",
            help="Do anything; end your turn when you are done.",
            order=ByOption("simultaneous", on=Simultaneous(), off=Fixed()),
            ended_text="{players} ended turn {turn}",
        ),
    )
    actions = ActionsFrom("tuicamp.rules.sandbox.actions:SANDBOX_ACTIONS")
    options = (
        Option("simultaneous", False, "Everyone acts at once; the turn ends when all have ended."),
        Option("enforce_movement", False, "An army may spend its slowest unit's M each turn."),
        Option("fog_of_war", False, "Other players' armies are shown as counters only."),
        Option("battles", True, "An army that moves onto another player's army starts a battle."),
        Option("fled_return", True, "Models that fled the table rejoin their unit afterwards."),
    )
    state_class = SandboxState
    ui = "tuicamp.rules.sandbox.screens:sandbox_ui"  # only the UI imports it (Textual)

    # --- life cycle -----------------------------------------------------------------
    def setup(self, campaign: Campaign, setup: dict[str, Any]) -> None:
        super().setup(campaign, setup)
        campaign.state = SandboxState()

    def end_blockers(self, ctx: Context, player: str) -> list[str]:
        """A turn ends only once its battles are fought or auto-resolved (R-SB-9)."""
        camp = ctx.campaign
        return [
            f"Battle {b.id} at {camp.map.label(b.hex)} must be fought or auto-resolved first"
            for b in camp.pending_battles()
        ]

    def turn_start(self, ctx: Context) -> None:
        """Every army's movement is fresh in a new turn (R-SB-1, R-SB-4)."""
        ctx.campaign.state.mp_used = {}

    def pending(self, rules: Rules, seat: Seat | None = None) -> list[str]:
        campaign = rules.campaign
        names = [
            (campaign.player(p).name if campaign.player(p) else p) for p in acting_players(campaign)
        ]
        battles = [
            f"battle {b.id} at {campaign.map.label(b.hex)} to be fought or auto-resolved"
            for b in campaign.pending_battles()
        ]
        return battles + [f"{n} to end the turn" for n in names]

    # --- battles --------------------------------------------------------------------
    def battle_card_notes(self, rules: Rules, battle) -> list[str]:
        notes = ["Sandbox: deploy and fight by your club's rules."]
        if rules.option("fled_return"):
            notes.append("Models that flee the table rejoin their units after the battle.")
        return notes

    def apply_battle_result(self, ctx: Context, battle) -> None:
        """Losses come off the units and nothing else happens (R-SB-8):
        :func:`~tuicamp.rules.sandbox.play.battle_result`."""
        from tuicamp.rules.sandbox import play  # the acting side, with the first action

        play.battle_result(ctx, battle)

    def victory(self, rules: Rules) -> Victory | None:
        return sandbox_victory(rules.campaign)

    def army_visibility(self, rules: Rules, seat: Seat, army: Army) -> str:
        """Everything in full, unless fog of war makes others' armies counters (R-SB-11)."""
        if seat.controls(army.owner) or not rules.option("fog_of_war"):
            return "full"
        return "counter"

    # --- what one seat may know of the sandbox's own state ------------------------------
    def view_state(self, rules: Rules, seat: Seat) -> SandboxView:
        """Whose turn it is, and the movement ledger of the armies the seat sees in full
        (with fog of war: its own only, since what an army spent tells how far it went)."""
        campaign = rules.campaign
        state: SandboxState = campaign.state
        return SandboxView(
            order=tuple(campaign.flow.order),
            to_play=tuple(acting_players(campaign)),
            ended=tuple(campaign.flow.ended),
            simultaneous=bool(rules.option("simultaneous")),
            enforce_movement=bool(rules.option("enforce_movement")),
            armies=tuple(
                ArmyLedger.of(army, state.mp_used.get(army.id, 0.0), mp_left_of(rules, army))
                for army in campaign.armies
                if self.army_visibility(rules, seat, army) == "full"
            ),
        )

    def status_lines(self, rules: Rules, seat: Seat) -> list[StatusLine]:
        campaign = rules.campaign

        def name_of(pid: str) -> str:
            player = campaign.player(pid)
            return player.name if player else pid

        return sandbox_status(self.view_state(rules, seat), seat, name_of)

    # --- actions --------------------------------------------------------------------
    def apply(self, ctx: Context, action: Action) -> None:
        """What each action does is :mod:`~tuicamp.rules.sandbox.play`'s, imported here,
        with the first action, rather than with the ruleset: it brings the engine's
        battles, corrections and pathing, which reading a campaign never needs."""
        from tuicamp.rules.sandbox import play

        play.perform(ctx, action)

    # --- checks of what a Games Master writes by hand ------------------------------------
    def setup_problems(self, setup: dict[str, Any]) -> list[Problem]:
        """The sandbox has no set-up of its own, so any key beside options and tables is a
        typo (``option = {...}``) that would otherwise be dropped without a word."""
        known = ("options", "tables")  # the engine's keys, taken out before this call
        out = []
        for key in setup:
            close = difflib.get_close_matches(key, known, n=1)
            hint = f"did you mean {close[0]!r}?" if close else "it takes options and tables"
            out.append(Problem((key,), f"unknown key ({hint})"))
        return out

    def campaign_problems(self, rules: Rules) -> list[Problem]:
        """A scenario's [victory] table, as the sandbox reads it (R-SB-12)."""
        return victory_problems(rules.campaign)

    def state_problems(self, campaign: Campaign) -> list[Problem]:
        """What a hand edit of a save can break in the sandbox's state (the MP ledger) and
        in the [victory] table it reads after every action (R-SB-12)."""
        out = victory_problems(campaign)
        state = campaign.state
        if not isinstance(state, SandboxState):
            return out
        out += [
            Problem(("state", "mp_used", army), f"army {army!r} cannot have used {used} MP")
            for army, used in state.mp_used.items()
            if not used >= 0
        ]
        return out


def victory_problems(campaign: Campaign) -> list[Problem]:
    """What in the [victory] table the sandbox could not read (R-SB-12): ``targets`` and
    ``capitals`` are tables of player = settlement, ``type`` and ``summary`` are text.
    A scenario's check and a save's both ask, so a table play would stumble on is
    refused before play."""
    v = campaign.victory
    out: list[Problem] = []
    for key in ("type", "summary"):
        if key in v and not isinstance(v[key], str):
            out.append(Problem(("victory", key), f"victory {key} is text, not {v[key]!r}"))
    players = {p.id for p in campaign.players}
    settlements = {s.id for s in campaign.map.settlements}
    for key in ("targets", "capitals"):
        if key not in v:
            continue
        table = v[key]
        if not isinstance(table, dict):
            out.append(
                Problem(
                    ("victory", key),
                    f"victory {key} is a table of player = settlement, not {table!r}",
                )
            )
            continue
        for pid, sid in table.items():
            where: tuple[str | int, ...] = ("victory", key, pid)
            if pid not in players:
                out.append(Problem(where, f"victory {key} names no player {pid!r}"))
            elif not isinstance(sid, str) or sid not in settlements:
                out.append(Problem(where, f"victory {key}.{pid} names no settlement ({sid!r})"))
    return out


# What a sandbox scenario's [victory] may ask, checked after every action (R-SB-12). "capture":
# `targets = { player = settlement }` — a player wins on holding their target. "capitals":
# `capitals = { player = settlement }` — a player wins on holding another's capital. Any
# type with `turn_limit`: when that turn ends, most settlements held wins (ties share).
def sandbox_victory(campaign: Campaign) -> Victory | None:
    v = campaign.victory
    m = campaign.map
    # one pass over the settlements, not one per player: this runs after every action
    owners = Counter(s.owner for s in m.settlements)
    held = {p.id: owners[p.id] for p in campaign.players}

    def standings() -> list[tuple[str, str]]:
        order = sorted(campaign.players, key=lambda p: -held[p.id])
        return [(p.id, f"{held[p.id]} settlements") for p in order]

    def owner(sid: str) -> str | None:
        s = m.settlement(sid)
        return s.owner if s else None

    def table(key: str) -> dict[str, Any]:  # a bad one is refused by victory_problems
        found = v.get(key, {})
        return found if isinstance(found, dict) else {}

    winners: list[str] = []
    if v.get("type") == "capture":
        winners = [p for p, sid in table("targets").items() if owner(sid) == p]
    elif v.get("type") == "capitals":
        capitals = table("capitals")
        winners = [p for p in held if any(owner(sid) == p for q, sid in capitals.items() if q != p)]
    if winners:
        names = ", ".join(campaign.player(p).name for p in winners)
        return Victory(
            winners, f"{names} wins: {v.get('summary', 'the objective is taken')}", standings()
        )
    limit = int(v.get("turn_limit", 0) or 0)
    if limit and campaign.turn > limit:
        best = max(held.values(), default=0)
        winners = [p for p, n in held.items() if n == best]
        names = ", ".join(campaign.player(p).name for p in winners)
        return Victory(
            winners, f"Turn {limit} is over: {names} holds the most settlements", standings()
        )
    return None
